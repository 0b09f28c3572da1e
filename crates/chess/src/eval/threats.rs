//! Threats: enemy pieces attacked by a pawn, rooks and queens attacked by a minor piece,
//! queens attacked by a rook, and pieces attacked but not defended at all (hanging).

use super::features::{THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK, THREAT_HANGING};
use super::{Ctx, Sink};
use crate::types::{Color, PieceKind};

/// Scores each side's threats against the other's pieces (kings excluded).
pub(crate) fn eval<S: Sink>(ctx: &Ctx, s: &mut S) {
    let b = ctx.b;
    for us in Color::ALL {
        let (u, t) = (us.index(), us.flip().index());
        let theirs = b.colors[t].0;
        let minors =
            ctx.by_kind[u][PieceKind::Knight.index()] | ctx.by_kind[u][PieceKind::Bishop.index()];
        let rooks = ctx.by_kind[u][PieceKind::Rook.index()];
        let hanging = ctx.attacked[u] & !ctx.attacked[t];
        for k in 0..5 {
            let victims = theirs & b.kinds[k].0;
            if victims == 0 {
                continue;
            }
            // most sets are empty: test before counting
            let mut add = |w: usize, set: u64| {
                if set != 0 {
                    s.add(us, w, set.count_ones() as i32);
                }
            };
            add(THREAT_HANGING + k, victims & hanging);
            if k >= PieceKind::Knight.index() {
                add(THREAT_BY_PAWN + k - 1, victims & ctx.pawn_attacks[u]);
            }
            if k >= PieceKind::Rook.index() {
                add(THREAT_BY_MINOR + k - 3, victims & minors);
            }
            if k == PieceKind::Queen.index() {
                add(THREAT_BY_ROOK, victims & rooks);
            }
        }
    }
}
