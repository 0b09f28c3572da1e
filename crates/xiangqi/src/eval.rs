//! A first evaluation: material plus piece-square tables, kept incrementally.
//!
//! Values are centipawns. A chariot is worth about two horses or cannons; a soldier
//! doubles in value once across the river (that bonus lives in its table).

use crate::types::{Piece, PieceKind, FILES, SQUARES};
use game::Side;

/// Material value of each kind (the general is not counted).
pub const fn material(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 0,
        PieceKind::Advisor => 120,
        PieceKind::Elephant => 120,
        PieceKind::Horse => 400,
        PieceKind::Chariot => 900,
        PieceKind::Cannon => 450,
        PieceKind::Soldier => 100,
    }
}

/// Piece-square bonus for a Red piece on (file, rank); Black uses the mirrored rank.
const fn pst_red(kind: PieceKind, file: usize, rank: usize) -> i32 {
    // Distance from the central file, 0..4.
    let side = file.abs_diff(4) as i32;
    let rank = rank as i32;
    match kind {
        PieceKind::Chariot => {
            // Open central files and the enemy's third rank are good posts.
            let file_bonus = [0, 4, 2, 8, 6, 8, 2, 4, 0][file];
            file_bonus + if rank >= 5 { 10 } else { 0 } + if rank == 7 { 8 } else { 0 }
        }
        PieceKind::Horse => {
            // Central and advanced, never on the edge.
            let edge = if file == 0 || file == 8 { -15 } else { 0 };
            edge + (4 - side) * 3 + if rank >= 4 && rank <= 7 { rank * 3 } else { 0 }
        }
        PieceKind::Cannon => {
            // The central file and home ranks (behind screens) suit a cannon.
            let central = if file == 4 { 12 } else { 0 };
            central + if rank <= 2 { 4 } else { 0 } - if rank >= 8 { 6 } else { 0 }
        }
        PieceKind::Soldier => {
            if rank <= 4 {
                0
            } else if rank == 9 {
                // On the last rank a soldier can only move sideways.
                40
            } else {
                // Across the river: worth double, more when central and near the palace.
                100 + (4 - side) * 6 + (rank - 4) * 6
            }
        }
        _ => 0,
    }
}

const fn build_psq() -> [[i32; SQUARES]; 16] {
    let mut out = [[0i32; SQUARES]; 16];
    let mut k = 1;
    while k <= 7 {
        let kind = match k {
            1 => PieceKind::General,
            2 => PieceKind::Advisor,
            3 => PieceKind::Elephant,
            4 => PieceKind::Horse,
            5 => PieceKind::Chariot,
            6 => PieceKind::Cannon,
            _ => PieceKind::Soldier,
        };
        let mut sq = 0;
        while sq < SQUARES {
            let file = sq % FILES;
            let rank = sq / FILES;
            out[k][sq] = material(kind) + pst_red(kind, file, rank);
            out[k + 8][sq] = material(kind) + pst_red(kind, file, 9 - rank);
            sq += 1;
        }
        k += 1;
    }
    out
}

/// Material + square value of each piece code on each square, from its owner's view.
pub(crate) static PSQ: [[i32; SQUARES]; 16] = build_psq();

/// The evaluation split into named terms for one side (for `chariot eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    /// Material of all pieces.
    pub material: i32,
    /// Piece-square bonus of chariots.
    pub chariot_squares: i32,
    /// Piece-square bonus of horses.
    pub horse_squares: i32,
    /// Piece-square bonus of cannons.
    pub cannon_squares: i32,
    /// Piece-square bonus of soldiers (the across-the-river bonus included).
    pub soldier_squares: i32,
}

impl SideTerms {
    /// The side's total.
    pub fn total(&self) -> i32 {
        self.material
            + self.chariot_squares
            + self.horse_squares
            + self.cannon_squares
            + self.soldier_squares
    }
}

/// Terms of both sides, indexed by [`Side::index`].
pub fn terms(board: &[Piece; SQUARES]) -> [SideTerms; 2] {
    let mut out = [SideTerms::default(); 2];
    for (sq, &p) in board.iter().enumerate() {
        let Some(kind) = p.kind() else { continue };
        let t = &mut out[p.color().index()];
        let m = material(kind);
        let square = PSQ[p.index()][sq] - m;
        t.material += m;
        match kind {
            PieceKind::Chariot => t.chariot_squares += square,
            PieceKind::Horse => t.horse_squares += square,
            PieceKind::Cannon => t.cannon_squares += square,
            PieceKind::Soldier => t.soldier_squares += square,
            _ => {}
        }
    }
    out
}

/// Full recomputation of each side's sum (the incremental value must equal it).
pub(crate) fn full_sums(board: &[Piece; SQUARES]) -> [i32; 2] {
    let t = terms(board);
    [
        t[Side::White.index()].total(),
        t[Side::Black.index()].total(),
    ]
}
