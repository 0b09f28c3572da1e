//! Drawish material: the endgame part of the evaluation shrinks when the side that is
//! ahead cannot force mate with what it has left.
//!
//! The cases are the classic xiangqi endgame knowledge: without a chariot, horse, cannon
//! or soldier nobody can mate; a lone horse or cannon cannot break two defenders (a
//! cannon has no screen); a lone soldier stalls against defenders; a lone chariot cannot
//! break a full set of advisors and elephants.

use super::attacks::Attacks;
use super::SCALE_ONE;
use crate::types::PieceKind;
use game::Side;

/// The endgame scale (out of [`SCALE_ONE`]) when `strong` is the side ahead.
pub(crate) fn factor(at: &Attacks, strong: Side) -> i32 {
    let weak = strong.flip();
    let chariots = at.count(strong, PieceKind::Chariot);
    let horses = at.count(strong, PieceKind::Horse);
    let cannons = at.count(strong, PieceKind::Cannon);
    let soldiers = at.count(strong, PieceKind::Soldier);
    let defenders = at.count(weak, PieceKind::Advisor) + at.count(weak, PieceKind::Elephant);
    let helpers = at.count(strong, PieceKind::Advisor) + at.count(strong, PieceKind::Elephant);

    if chariots + horses + cannons + soldiers == 0 {
        return 0;
    }
    if chariots == 0 && soldiers == 0 && horses + cannons == 1 {
        return match (horses, defenders) {
            (1, 0) => SCALE_ONE,
            (1, 1) => SCALE_ONE / 2,
            (1, _) => SCALE_ONE / 8,
            // A cannon needs a screen: an advisor of its own against a bare general.
            (_, 0) if helpers > 0 => SCALE_ONE / 2,
            _ => SCALE_ONE / 16,
        };
    }
    if chariots + horses + cannons == 0 && soldiers == 1 && defenders > 0 {
        return if defenders == 1 {
            SCALE_ONE * 3 / 8
        } else {
            SCALE_ONE / 8
        };
    }
    if chariots == 1 && horses + cannons + soldiers == 0 && defenders == 4 {
        return SCALE_ONE / 4;
    }
    SCALE_ONE
}
