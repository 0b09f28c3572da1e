//! Space: the safe squares a side controls in the centre of its own half, counted double
//! behind its pawns, and weighted by its number of pieces and the locked pawns (space
//! matters when there are pieces to use it and the position is closed), as in Stockfish's
//! classical evaluation.

use super::features::SPACE;
use super::{Ctx, Sink};
use crate::bitboard::Bitboard;
use crate::types::Color;

/// Files c to f on ranks 2 to 4 (White) and 5 to 7 (Black).
const SPACE_MASK: [u64; 2] = [0x0000_0000_3C3C_3C00, 0x003C_3C3C_0000_0000];

/// Scores both sides' space (needs the complete attack maps of `ctx`).
pub(crate) fn eval<S: Sink>(ctx: &Ctx, s: &mut S) {
    let [white, black] = ctx.pawns;
    // Pawns that face an enemy pawn on the next square, both sides counted.
    let locked = 2 * (Bitboard(white).forward(Color::White).0 & black).count_ones() as i32;
    for us in Color::ALL {
        let (u, t) = (us.index(), us.flip().index());
        let safe = SPACE_MASK[u] & !ctx.pawns[u] & !ctx.pawn_attacks[t];
        let back = us.flip();
        let mut behind = Bitboard(ctx.pawns[u]);
        behind = behind | behind.forward(back);
        behind = behind | behind.forward(back).forward(back);
        let squares = safe.count_ones() + (behind.0 & safe & !ctx.attacked[t]).count_ones();
        let weight = ctx.b.colors[u].count() as i32 - 3 + locked.min(9);
        if weight > 0 && squares > 0 {
            s.add(us, SPACE, squares as i32 * weight * weight / 16);
        }
    }
}
