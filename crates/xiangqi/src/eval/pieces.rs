//! Terms of single pieces: mobility and blocked horse legs, chariots on open files,
//! connected soldiers, hanging pieces and pieces attacked by lesser ones, and the
//! cannon/horse balance by the number of pieces left.

use super::attacks::{class, Attacks};
use super::registry as r;
use super::Acc;
use crate::position::Position;
use crate::tables::{bit, RAYS};
use crate::types::{own_half, Piece, PieceKind, FILES, SQUARES};
use game::Side;

/// Adds this side's piece terms to `acc`.
#[inline]
pub(crate) fn evaluate<A: Acc>(pos: &Position, at: &Attacks, side: Side, acc: &mut A) {
    let them = side.flip();
    let t = them.index();
    // Squares the enemy's cheap pieces (soldiers, advisors, elephants) guard: a horse or
    // cannon going there is lost for less; a chariot also avoids horses and cannons.
    let cheap = at.by_class[t][0] | at.by_class[t][1];
    let minor = cheap | at.by_class[t][2];
    for m in at.mobile(side) {
        let sq = m.sq as usize;
        if m.kind == PieceKind::Chariot as u8 {
            let n = (m.moves & !minor).count_ones() as usize;
            acc.add(side, r::CHARIOT_MOBILITY, n.min(17), 1);
            chariot_file(pos, side, sq, acc);
        } else if m.kind == PieceKind::Horse as u8 {
            let n = (m.moves & !cheap).count_ones() as usize;
            acc.add(side, r::HORSE_MOBILITY, n.min(8), 1);
            if m.blocked > 0 {
                acc.add(side, r::HORSE_BLOCKED_LEG, 0, m.blocked as i32);
            }
        } else {
            let n = (m.moves & !cheap).count_ones() as usize;
            acc.add(side, r::CANNON_MOBILITY, n.min(17), 1);
        }
    }

    // Cannons want screens and horses want room: both scale with the pieces left.
    let crowd: i32 = (0..2).map(|s| (pos.occ[s].count_ones() as i32) - 1).sum();
    let horses = at.count(side, PieceKind::Horse);
    let cannons = at.count(side, PieceKind::Cannon);
    if horses > 0 {
        acc.add(side, r::HORSE_CROWD, 0, horses * crowd);
    }
    if cannons > 0 {
        acc.add(side, r::CANNON_CROWD, 0, cannons * crowd);
    }

    soldiers(pos, side, acc);
    threats(pos, at, side, acc);
}

const fn build_ahead(dir: usize) -> [u128; SQUARES] {
    let mut out = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let ray = &RAYS[sq][dir];
        let mut i = 0;
        while i < ray.len as usize {
            out[sq] |= 1u128 << ray.sq[i];
            i += 1;
        }
        sq += 1;
    }
    out
}

/// The squares ahead of a piece on its file, toward the enemy, per side.
static AHEAD: [[u128; SQUARES]; 2] = [build_ahead(0), build_ahead(1)];

/// Open (nothing ahead) or half-open (only enemy pieces ahead) file of a chariot.
#[inline]
fn chariot_file<A: Acc>(pos: &Position, side: Side, sq: usize, acc: &mut A) {
    let ahead = AHEAD[side.index()][sq];
    if ahead & pos.occ[side.index()] != 0 {
        return;
    }
    if ahead & pos.occ[side.flip().index()] == 0 {
        acc.add(side, r::CHARIOT_OPEN_FILE, 0, 1);
    } else {
        acc.add(side, r::CHARIOT_HALF_OPEN_FILE, 0, 1);
    }
}

/// Soldiers across the river with a friendly soldier beside them.
#[inline]
fn soldiers<A: Acc>(pos: &Position, side: Side, acc: &mut A) {
    let soldier = Piece::new(side, PieceKind::Soldier);
    let mut connected = 0;
    let mut b = pos.occ[side.index()];
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        if pos.board[sq] != soldier || own_half(side, sq) {
            continue;
        }
        let file = sq % FILES;
        let left = file > 0 && pos.board[sq - 1] == soldier;
        let right = file < FILES - 1 && pos.board[sq + 1] == soldier;
        if left || right {
            connected += 1;
        }
    }
    if connected > 0 {
        acc.add(side, r::SOLDIER_CONNECTED, 0, connected);
    }
}

/// Index of a victim kind in [`super::weights::THREAT_BY_LESSER`].
const fn victim_slot(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Advisor => Some(0),
        PieceKind::Elephant => Some(1),
        PieceKind::Horse => Some(2),
        PieceKind::Chariot => Some(3),
        PieceKind::Cannon => Some(4),
        _ => None,
    }
}

/// Enemy pieces that `side` attacks: undefended ones, and ones attacked by a lesser piece.
#[inline]
fn threats<A: Acc>(pos: &Position, at: &Attacks, side: Side, acc: &mut A) {
    let us = side.index();
    let them = side.flip().index();
    let king = pos.kings[them];
    let king = if king < SQUARES { bit(king) } else { 0 };
    let mut targets = pos.occ[them] & at.all[us] & !king;
    if targets == 0 {
        return;
    }
    let lesser = [
        0,
        at.lesser(side, 1),
        at.lesser(side, 2),
        at.lesser(side, 3),
    ];
    let mut hanging = 0;
    while targets != 0 {
        let sq = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        let Some(kind) = pos.board[sq].kind() else {
            continue;
        };
        if at.all[them] & bit(sq) == 0 {
            hanging += 1;
        }
        if lesser[class(kind).min(3)] & bit(sq) != 0 {
            if let Some(i) = victim_slot(kind) {
                acc.add(side, r::THREAT_BY_LESSER, i, 1);
            }
        }
    }
    if hanging > 0 {
        acc.add(side, r::THREAT_HANGING, 0, hanging);
    }
}
