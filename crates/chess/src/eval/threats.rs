//! Threats: enemy pieces attacked by a pawn, rooks and queens attacked by a minor piece,
//! queens attacked by a rook, pieces attacked but not defended at all (hanging), minor
//! pieces no pawn defends attacked by a minor, pieces a safe pawn push would attack, pieces
//! the king attacks, pieces only pieces defend against a rook or queen, pawns no pawn
//! defends under attack, and threats on the queen (safe squares from which a knight or a
//! slider would attack it, pieces only the queen defends) and contested squares.

use super::features::{
    THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK, THREAT_EXTRA, THREAT_HANGING,
    THREAT_MINOR_ON_MINOR, THREAT_PAWN_PUSH, THREAT_QUEEN,
};
use super::masks::pawn_attacks;
use super::{Ctx, Sink};
use crate::attacks;
use crate::bitboard::Bitboard;
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
            if k == PieceKind::Knight.index() || k == PieceKind::Bishop.index() {
                add(
                    THREAT_MINOR_ON_MINOR,
                    victims & minors & !ctx.pawn_attacks[t],
                );
            }
        }
        push_threats(ctx, s, us);
        extra(ctx, s, us);
        queen(ctx, s, us);
    }
}

/// Pieces our king attacks that nothing defends, pieces our rooks and queens attack that
/// only pieces defend (not pawns: the exchange is likely to favour the attacker), and
/// pawns we attack that no pawn defends.
fn extra<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let (u, t) = (us.index(), us.flip().index());
    let theirs = ctx.b.colors[t].0;
    let mut add = |n: usize, set: u64| {
        if set != 0 {
            s.add(us, THREAT_EXTRA + n, set.count_ones() as i32);
        }
    };
    add(
        0,
        ctx.by_kind[u][PieceKind::King.index()] & theirs & !ctx.attacked[t],
    );
    let majors = ctx.by_kind[u][PieceKind::Rook.index()] | ctx.by_kind[u][PieceKind::Queen.index()];
    let pieces = theirs & !ctx.pawns[t] & !(1u64 << ctx.king[t].index());
    add(1, majors & pieces & ctx.attacked[t] & !ctx.pawn_attacks[t]);
    add(2, ctx.pawns[t] & ctx.attacked[u] & !ctx.pawn_attacks[t]);
}

/// Threats on the enemy queen and its duties: safe squares from which our knights or
/// sliders would attack their only queen next move, their pieces we attack that only the
/// queen defends, and the squares both sides attack that no enemy pawn holds (where our
/// pieces restrict theirs).
fn queen<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let (u, t) = (us.index(), us.flip().index());
    let mut add = |n: usize, set: u64| {
        if set != 0 {
            s.add(us, THREAT_QUEEN + n, set.count_ones() as i32);
        }
    };
    let queens = ctx.b.pieces(us.flip(), PieceKind::Queen);
    let safe = !ctx.pawn_attacks[t] & !ctx.b.colors[u].0;
    if queens.count() == 1 {
        if let Some(q) = queens.into_iter().next() {
            let occ = Bitboard(ctx.occ);
            add(
                0,
                attacks::knight(q).0 & ctx.by_kind[u][PieceKind::Knight.index()] & safe,
            );
            let sliders = (attacks::bishop(q, occ).0 & ctx.by_kind[u][PieceKind::Bishop.index()])
                | (attacks::rook(q, occ).0 & ctx.by_kind[u][PieceKind::Rook.index()]);
            add(1, sliders & safe);
        }
    }
    let defended_by_others = ctx.pawn_attacks[t]
        | ctx.by_kind[t][PieceKind::Knight.index()]
        | ctx.by_kind[t][PieceKind::Bishop.index()]
        | ctx.by_kind[t][PieceKind::Rook.index()]
        | ctx.by_kind[t][PieceKind::King.index()];
    add(
        2,
        ctx.b.colors[t].0
            & ctx.attacked[u]
            & ctx.by_kind[t][PieceKind::Queen.index()]
            & !defended_by_others,
    );
    add(3, ctx.attacked[u] & ctx.attacked[t] & !ctx.pawn_attacks[t]);
}

/// Pieces of the other side (pawns aside) that a pawn of `us` would attack after a push to
/// a square the enemy pawns do not guard and the enemy does not hold alone: a threat the
/// opponent must already answer. Pieces our pawns attack now are counted elsewhere.
fn push_threats<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let (u, t) = (us.index(), us.flip().index());
    let empty = !ctx.occ;
    // The rank a double push passes through: the third from our side.
    let third = Bitboard::RANKS[if us == Color::White { 2 } else { 5 }].0;
    let single = Bitboard(ctx.pawns[u]).forward(us).0 & empty;
    let double = Bitboard(single & third).forward(us).0 & empty;
    let safe = !ctx.pawn_attacks[t] & (ctx.attacked[u] | !ctx.attacked[t]);
    let pushed = (single | double) & safe;
    let pieces = ctx.b.colors[t].0 & !ctx.pawns[t] & !(1u64 << ctx.king[t].index());
    let victims = pawn_attacks(us, pushed) & pieces & !ctx.pawn_attacks[u];
    if victims != 0 {
        s.add(us, THREAT_PAWN_PUSH, victims.count_ones() as i32);
    }
}
