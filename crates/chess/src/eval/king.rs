//! King safety: the pawn shield in front of the king, open files beside it, and the enemy
//! pieces bearing on its zone (how many, and how many zone squares each kind attacks).
//!
//! [`shelter`] depends on the pawns and the king's square only (the pawn cache keeps it);
//! [`attack`] on the pieces.

use super::features::{at, KING_ATTACK, KING_ATTACKERS, KING_SHELTER};
use super::masks::{file, relative_rank};
use super::{Ctx, Sink};
use crate::bitboard::Bitboard;
use crate::types::Color;

/// Scores both kings' shelter, and each side's attack on the other's king.
pub(crate) fn eval<S: Sink>(ctx: &Ctx, s: &mut S) {
    for us in Color::ALL {
        shelter(ctx, s, us);
    }
    attack(ctx, s);
}

/// The pawn shield and the open files around the king of `us`.
pub(crate) fn shelter<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let (u, t) = (us.index(), us.flip().index());
    let k = ctx.king[u];
    let first = k.file().saturating_sub(1);
    let last = (k.file() + 1).min(7);
    for f in first..=last {
        let ours = file(f) & ctx.pawns[u];
        if ours == 0 {
            let open = file(f) & ctx.pawns[t] == 0;
            let feature = if open {
                at::OPEN_FILE
            } else {
                at::SEMI_OPEN_FILE
            };
            s.add(us, KING_SHELTER + feature, 1);
        }
        for sq in Bitboard(ours) {
            match relative_rank(us, sq) as i32 - relative_rank(us, k) as i32 {
                1 => s.add(us, KING_SHELTER + at::SHIELD_RANK2, 1),
                2 => s.add(us, KING_SHELTER + at::SHIELD_RANK3, 1),
                _ => {}
            }
        }
    }
}

/// Each side's pieces bearing on the other's king zone. The attack is scored for the
/// attacker; a single piece is rarely a danger.
pub(crate) fn attack<S: Sink>(ctx: &Ctx, s: &mut S) {
    for us in Color::ALL {
        let u = us.index();
        let attackers = ctx.zone_attackers[u];
        s.add(us, KING_ATTACKERS + attackers.min(7) as usize, 1);
        if attackers >= 2 {
            for (n, &count) in ctx.zone_attacks[u].iter().enumerate() {
                if count != 0 {
                    s.add(us, KING_ATTACK + n, count);
                }
            }
        }
    }
}
