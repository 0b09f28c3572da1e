//! Terms around the generals: missing advisors and elephants against the enemy's
//! attacking pieces, cannons and chariots on the enemy general's file (central cannon,
//! iron bolt), and pieces near and attacks into the enemy palace.

use super::attacks::Attacks;
use super::registry as r;
use super::Acc;
use crate::position::Position;
use crate::types::{in_palace, PieceKind, FILES, SQUARES};
use game::Side;

const fn build_zone(side: Side, palace_only: bool) -> u128 {
    let mut set = 0u128;
    let mut sq = 0;
    while sq < SQUARES {
        let file = sq % FILES;
        let rank = sq / FILES;
        let inside = if palace_only {
            in_palace(side, sq)
        } else {
            let near = match side {
                Side::White => rank <= 3,
                Side::Black => rank >= 6,
            };
            file >= 2 && file <= 6 && near
        };
        if inside {
            set |= 1u128 << sq;
        }
        sq += 1;
    }
    set
}

/// Each side's palace.
const PALACE: [u128; 2] = [build_zone(Side::White, true), build_zone(Side::Black, true)];
/// Around each side's palace: files c–g, the palace ranks and the rank before them.
const PALACE_ZONE: [u128; 2] = [
    build_zone(Side::White, false),
    build_zone(Side::Black, false),
];

/// Pieces strictly between two squares of one file.
#[inline]
fn between_on_file(pos: &Position, a: usize, b: usize) -> i32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut n = 0;
    let mut s = lo + FILES;
    while s < hi {
        n += !pos.board[s].is_none() as i32;
        s += FILES;
    }
    n
}

/// Adds this side's king-related terms (as the attacker, and for its own defenders).
#[inline]
pub(crate) fn evaluate<A: Acc>(pos: &Position, at: &Attacks, side: Side, acc: &mut A) {
    let them = side.flip();

    // Our missing defenders, weighed by the enemy pieces that exploit them.
    let missing_advisors = (2 - at.count(side, PieceKind::Advisor)).max(0);
    let missing_elephants = (2 - at.count(side, PieceKind::Elephant)).max(0);
    for (i, kind) in [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
        .into_iter()
        .enumerate()
    {
        let attackers = at.count(them, kind);
        if attackers > 0 {
            if missing_advisors > 0 {
                acc.add(side, r::MISSING_ADVISOR_VS, i, missing_advisors * attackers);
            }
            if missing_elephants > 0 {
                acc.add(
                    side,
                    r::MISSING_ELEPHANT_VS,
                    i,
                    missing_elephants * attackers,
                );
            }
        }
    }

    // Our chariots and cannons on the enemy general's file; our pieces near its palace.
    let king = pos.kings[them.index()];
    if king >= SQUARES {
        return;
    }
    let (mut cannon_on_file, mut chariot_on_file) = (false, false);
    let zone = PALACE_ZONE[them.index()];
    for m in at.mobile(side) {
        let sq = m.sq as usize;
        let kind = m.kind;
        if sq % FILES == king % FILES {
            let between = between_on_file(pos, sq, king);
            if kind == PieceKind::Cannon as u8 && between <= 2 {
                acc.add(side, r::CANNON_KING_FILE, between as usize, 1);
                cannon_on_file = true;
            } else if kind == PieceKind::Chariot as u8 {
                chariot_on_file = true;
                if between <= 1 {
                    acc.add(side, r::CHARIOT_KING_FILE, 0, 1);
                }
            }
        }
        if zone & (1u128 << sq) != 0 {
            let i = match kind {
                k if k == PieceKind::Chariot as u8 => 0,
                k if k == PieceKind::Horse as u8 => 1,
                _ => 2,
            };
            acc.add(side, r::PALACE_ATTACKER, i, 1);
        }
    }
    if cannon_on_file && chariot_on_file {
        acc.add(side, r::IRON_BOLT, 0, 1);
    }
    let soldiers_near = {
        let soldier = crate::types::Piece::new(side, PieceKind::Soldier);
        let mut b = pos.occ[side.index()] & zone;
        let mut n = 0;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            n += (pos.board[sq] == soldier) as i32;
        }
        n
    };
    if soldiers_near > 0 {
        acc.add(side, r::PALACE_ATTACKER, 3, soldiers_near);
    }
    let s = side.index();
    let attackers = at.by_class[s][0] | at.by_class[s][2] | at.by_class[s][3];
    let hits = (attackers & PALACE[them.index()]).count_ones() as i32;
    if hits > 0 {
        acc.add(side, r::PALACE_ATTACKS, 0, hits);
    }
}
