//! Material and piece-square tables, read from the tuned weights (`eval/weights.rs`), and
//! the signed per-piece table that make/unmake add up incrementally.
//!
//! The piece-square tables are written from White's side with rank 8 first (the layout
//! of PeSTO's published tables, which seeded them).

use crate::eval::weights as w;

/// How much each piece counts towards the game phase (24 = full midgame).
pub const PHASE_INC: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting position; more (after promotions) is clamped.
pub const MAX_PHASE: i32 = 24;

/// The piece-square tables per piece kind.
const PST: [&[(i32, i32); 64]; 6] = [
    &w::PST_PAWN,
    &w::PST_KNIGHT,
    &w::PST_BISHOP,
    &w::PST_ROOK,
    &w::PST_QUEEN,
    &w::PST_KING,
];

/// The index into a published-layout table for colour index `color` on square `sq`
/// (a1 = 0): White looks up `sq ^ 56`, Black the square itself (mirrored ranks).
#[inline]
pub const fn table_index(color: usize, sq: usize) -> usize {
    if color == 0 {
        sq ^ 56
    } else {
        sq
    }
}

/// The (midgame, endgame) table entry for a piece of `kind` and colour index `color` on
/// square index `sq`.
#[inline]
pub const fn pst(color: usize, kind: usize, sq: usize) -> (i32, i32) {
    PST[kind][table_index(color, sq)]
}

/// Material plus square bonus for piece index `p` (0..12) on `sq`, signed
/// (+ for White, − for Black), packed as `(mg, eg)`.
const fn signed_table() -> [[(i32, i32); 64]; 12] {
    let mut t = [[(0, 0); 64]; 12];
    let mut p = 0;
    while p < 12 {
        let (color, kind) = (p / 6, p % 6);
        let sign = if color == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 64 {
            let (mg, eg) = pst(color, kind, sq);
            t[p][sq] = (
                sign * (w::MATERIAL[kind].0 + mg),
                sign * (w::MATERIAL[kind].1 + eg),
            );
            sq += 1;
        }
        p += 1;
    }
    t
}

/// [`signed_table`] evaluated at compile time; make/unmake add and subtract entries.
pub(crate) static SIGNED: [[(i32, i32); 64]; 12] = signed_table();
