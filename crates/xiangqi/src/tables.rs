//! Move and attack tables, built at compile time by `const fn`s (no runtime init).
//!
//! Squares are indices 0–89 (`rank * 9 + file`). Each leaper table lists, per square,
//! the destination and the square that must be empty (horse leg, elephant eye).

use crate::types::{in_palace, own_half, FILES, RANKS, SQUARES};
use game::Side;

/// A list of up to 8 (destination, blocking square) pairs.
#[derive(Clone, Copy)]
pub(crate) struct Jumps {
    pub(crate) to: [u8; 8],
    pub(crate) block: [u8; 8],
    pub(crate) len: u8,
}

impl Jumps {
    const EMPTY: Jumps = Jumps {
        to: [0; 8],
        block: [0; 8],
        len: 0,
    };
    const fn push(mut self, to: usize, block: usize) -> Jumps {
        self.to[self.len as usize] = to as u8;
        self.block[self.len as usize] = block as u8;
        self.len += 1;
        self
    }
}

/// Squares along one direction from a square, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub(crate) sq: [u8; 9],
    pub(crate) len: u8,
}

const fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % FILES) as i32 + df;
    let r = (sq / FILES) as i32 + dr;
    if f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32 {
        Some(r as usize * FILES + f as usize)
    } else {
        None
    }
}

/// Directions in ray order: north (toward Black), south, east, west. 0 and 1 are vertical.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn build_rays() -> [[Ray; 4]; SQUARES] {
    let mut out = [[Ray { sq: [0; 9], len: 0 }; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut cur = sq;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                let r = &mut out[sq][d];
                r.sq[r.len as usize] = next as u8;
                r.len += 1;
                cur = next;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// Rays from every square in the four directions.
pub(crate) static RAYS: [[Ray; 4]; SQUARES] = build_rays();

const fn build_ray_masks() -> [[u128; 4]; SQUARES] {
    let mut out = [[0u128; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let ray = &RAYS[sq][d];
            let mut i = 0;
            while i < ray.len as usize {
                out[sq][d] |= 1u128 << ray.sq[i];
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// The squares of each ray of [`RAYS`] as a bit set, so that the pieces on a ray are found
/// with bit scans (`nearest`) instead of a walk over its empty squares.
pub(crate) static RAY_MASKS: [[u128; 4]; SQUARES] = build_ray_masks();

/// The square of `on_ray` (a non-empty set of squares of one ray in direction `d`, in
/// [`DIRS`] order) nearest the ray's start: north and east rays run up the square indices
/// (lowest bit first), south and west rays down (highest bit first).
#[inline(always)]
pub(crate) fn nearest(on_ray: u128, d: usize) -> usize {
    debug_assert!(on_ray != 0);
    if d & 1 == 0 {
        on_ray.trailing_zeros() as usize
    } else {
        127 - on_ray.leading_zeros() as usize
    }
}

/// How a square stands to a general's square, for the check test of a move: bit `d` (0–3)
/// where it lies on the general's ray in direction `d` of [`DIRS`], [`DIAGONAL_NEIGHBOUR`]
/// where it touches the general diagonally (the leg of a horse that would attack it).
/// Indexed `[general][square]`.
pub(crate) static RELATION: [[u8; SQUARES]; SQUARES] = build_relation();

/// The [`RELATION`] bit of a square diagonally next to the general.
pub(crate) const DIAGONAL_NEIGHBOUR: u8 = 16;

const fn build_relation() -> [[u8; SQUARES]; SQUARES] {
    let mut out = [[0u8; SQUARES]; SQUARES];
    let mut g = 0;
    while g < SQUARES {
        let mut d = 0;
        while d < 4 {
            let ray = &RAYS[g][d];
            let mut i = 0;
            while i < ray.len as usize {
                out[g][ray.sq[i] as usize] |= 1 << d;
                i += 1;
            }
            d += 1;
        }
        let mut k = 0;
        while k < 4 {
            let (df, dr) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][k];
            if let Some(s) = offset(g, df, dr) {
                out[g][s] |= DIAGONAL_NEIGHBOUR;
            }
            k += 1;
        }
        g += 1;
    }
    out
}

const HORSE_STEPS: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

const fn build_horse() -> [Jumps; SQUARES] {
    let mut out = [Jumps::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_STEPS[i];
            if let (Some(to), Some(leg)) = (offset(sq, df, dr), offset(sq, lf, lr)) {
                out[sq] = out[sq].push(to, leg);
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Horse moves: destination and leg.
pub(crate) static HORSE: [Jumps; SQUARES] = build_horse();

const fn build_horse_attackers() -> [Jumps; SQUARES] {
    // A horse on `h` attacks `s` when the leg next to `h` toward `s` is empty; that leg is a
    // diagonal neighbour of `s`.
    let mut out = [Jumps::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < 8 {
            let (df, dr, _, _) = HORSE_STEPS[i];
            if let Some(h) = offset(sq, df, dr) {
                let leg = if df.abs() == 2 {
                    offset(sq, df / 2, dr)
                } else {
                    offset(sq, df, dr / 2)
                };
                if let Some(leg) = leg {
                    out[sq] = out[sq].push(h, leg);
                }
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Where a horse attacking a square stands, and the leg it needs empty.
pub(crate) static HORSE_ATTACKERS: [Jumps; SQUARES] = build_horse_attackers();

const fn build_elephant(color: Side, restrict: bool) -> [Jumps; SQUARES] {
    let mut out = [Jumps::EMPTY; SQUARES];
    let steps = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = steps[i];
            if let (Some(to), Some(eye)) = (offset(sq, df, dr), offset(sq, df / 2, dr / 2)) {
                if !restrict || own_half(color, to) {
                    out[sq] = out[sq].push(to, eye);
                }
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Elephant moves per colour (own half only): destination and eye.
pub(crate) static ELEPHANT: [[Jumps; SQUARES]; 2] = [
    build_elephant(Side::White, true),
    build_elephant(Side::Black, true),
];
/// Elephant jumps with no river limit (Fairy-Stockfish's attack sets for the chase rule).
pub(crate) static ELEPHANT_FREE: [Jumps; SQUARES] = build_elephant(Side::White, false);

const fn build_steps(color: Side, diagonal: bool, palace: bool) -> [Jumps; SQUARES] {
    let mut out = [Jumps::EMPTY; SQUARES];
    let steps = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
    };
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < 4 {
            if let Some(to) = offset(sq, steps[i].0, steps[i].1) {
                if !palace || in_palace(color, to) {
                    out[sq] = out[sq].push(to, to);
                }
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Advisor moves per colour (inside the palace).
pub(crate) static ADVISOR: [[Jumps; SQUARES]; 2] = [
    build_steps(Side::White, true, true),
    build_steps(Side::Black, true, true),
];
/// General moves per colour (inside the palace).
pub(crate) static GENERAL: [[Jumps; SQUARES]; 2] = [
    build_steps(Side::White, false, true),
    build_steps(Side::Black, false, true),
];
/// Diagonal neighbours anywhere (advisor attacks as Fairy-Stockfish counts them).
pub(crate) static DIAG_STEPS: [Jumps; SQUARES] = build_steps(Side::White, true, false);
/// Orthogonal neighbours anywhere (general attacks as Fairy-Stockfish counts them).
pub(crate) static ORTHO_STEPS: [Jumps; SQUARES] = build_steps(Side::White, false, false);

const fn forward(color: Side) -> i32 {
    match color {
        Side::White => 1,
        Side::Black => -1,
    }
}

const fn build_soldier(color: Side) -> [Jumps; SQUARES] {
    let mut out = [Jumps::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        if let Some(to) = offset(sq, 0, forward(color)) {
            out[sq] = out[sq].push(to, to);
        }
        if !own_half(color, sq) {
            if let Some(to) = offset(sq, 1, 0) {
                out[sq] = out[sq].push(to, to);
            }
            if let Some(to) = offset(sq, -1, 0) {
                out[sq] = out[sq].push(to, to);
            }
        }
        sq += 1;
    }
    out
}

/// Soldier moves per colour.
pub(crate) static SOLDIER: [[Jumps; SQUARES]; 2] =
    [build_soldier(Side::White), build_soldier(Side::Black)];

const fn build_soldier_attackers(color: Side) -> [Jumps; SQUARES] {
    // Squares from which a soldier of `color` attacks `sq`.
    let mut out = [Jumps::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        if let Some(from) = offset(sq, 0, -forward(color)) {
            out[sq] = out[sq].push(from, from);
        }
        let mut side = 0;
        while side < 2 {
            let df = if side == 0 { 1 } else { -1 };
            if let Some(from) = offset(sq, df, 0) {
                if !own_half(color, from) {
                    out[sq] = out[sq].push(from, from);
                }
            }
            side += 1;
        }
        sq += 1;
    }
    out
}

/// Squares from which a soldier of a colour attacks each square.
pub(crate) static SOLDIER_ATTACKERS: [[Jumps; SQUARES]; 2] = [
    build_soldier_attackers(Side::White),
    build_soldier_attackers(Side::Black),
];

const fn build_zobrist() -> ([[u64; SQUARES]; 16], u64) {
    let mut keys = [[0u64; SQUARES]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < SQUARES {
            // Index 0 (empty) and 8 stay unused but are filled to keep the code simple.
            keys[p][sq] = game::splitmix64(&mut state);
            sq += 1;
        }
        p += 1;
    }
    let side = game::splitmix64(&mut state);
    (keys, side)
}

const ZOBRIST: ([[u64; SQUARES]; 16], u64) = build_zobrist();
/// Zobrist keys per piece code and square.
pub(crate) static ZOBRIST_PIECE: [[u64; SQUARES]; 16] = ZOBRIST.0;
/// Zobrist key XORed in when Black is to move.
pub(crate) const ZOBRIST_SIDE: u64 = ZOBRIST.1;

/// Bit of a square in a 90-bit set.
#[inline(always)]
pub(crate) const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_the_rules() {
        // Horse in the middle of the board: 8 moves; in the corner: 2.
        assert_eq!(HORSE[4 * 9 + 4].len, 8);
        assert_eq!(HORSE[0].len, 2);
        // Red elephant on c1 (index 2) goes to a3 and e3 only.
        assert_eq!(ELEPHANT[0][2].len, 2);
        // Red elephant on e5 (rank 4) must not cross to rank 6.
        assert_eq!(ELEPHANT[0][4 * 9 + 4].len, 2);
        // Red advisor on e2 has four moves, on d1 only one.
        assert_eq!(ADVISOR[0][9 + 4].len, 4);
        assert_eq!(ADVISOR[0][3].len, 1);
        // Red soldier on its side moves forward only, across the river three ways.
        assert_eq!(SOLDIER[0][3 * 9 + 4].len, 1);
        assert_eq!(SOLDIER[0][5 * 9 + 4].len, 3);
        assert_eq!(SOLDIER[0][9 * 9 + 4].len, 2);
        assert_eq!(RAYS[0][0].len, 9);
        assert_eq!(RAYS[0][2].len, 8);
    }

    /// The bit sets of the rays hold their squares, and `nearest` finds them in the rays'
    /// own order, for every square, direction and pair of squares on a ray.
    #[test]
    fn ray_masks_agree_with_the_rays() {
        for sq in 0..SQUARES {
            for d in 0..4 {
                let ray = &RAYS[sq][d];
                let squares = &ray.sq[..ray.len as usize];
                let mask = squares.iter().fold(0u128, |m, &s| m | bit(s as usize));
                assert_eq!(RAY_MASKS[sq][d], mask, "square {sq}, direction {d}");
                for (i, &a) in squares.iter().enumerate() {
                    let a = a as usize;
                    assert_eq!(nearest(bit(a), d), a);
                    for &b in &squares[i..] {
                        // `a` comes first on the ray, whichever of the two is lower.
                        assert_eq!(nearest(bit(a) | bit(b as usize), d), a);
                    }
                }
            }
        }
    }
}
