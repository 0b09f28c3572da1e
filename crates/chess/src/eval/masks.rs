//! Bitboard masks the evaluation terms share (plain `u64`s: the terms combine them with
//! bit operations only).

use crate::types::{Color, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The squares of file `f`.
pub(crate) const fn file(f: u8) -> u64 {
    FILE_A << f
}

/// Files a to d, the queen side.
pub(crate) const QUEEN_SIDE: u64 = 0x0F0F_0F0F_0F0F_0F0F;

/// The files beside file `f`.
pub(crate) const fn adjacent_files(f: u8) -> u64 {
    let west = if f > 0 { file(f - 1) } else { 0 };
    let east = if f < 7 { file(f + 1) } else { 0 };
    west | east
}

/// The ranks strictly in front of rank `r` from `color`'s side.
const fn ranks_ahead(color: usize, r: u8) -> u64 {
    if color == 0 {
        if r >= 7 {
            0
        } else {
            !0u64 << (8 * (r + 1))
        }
    } else if r == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - r))
    }
}

const fn build(kind: u8) -> [[u64; 64]; 2] {
    let mut t = [[0; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = ((sq % 8) as u8, (sq / 8) as u8);
            let files = match kind {
                0 => file(f),
                1 => file(f) | adjacent_files(f),
                _ => adjacent_files(f),
            };
            t[c][sq] = files & ranks_ahead(c, r);
            sq += 1;
        }
        c += 1;
    }
    t
}

/// Squares in front of a pawn on its own file, per colour and square.
pub(crate) static FORWARD: [[u64; 64]; 2] = build(0);
/// Squares a passed pawn must not see enemy pawns on: ahead on its own and adjacent files.
pub(crate) static PASSED: [[u64; 64]; 2] = build(1);
/// Squares from which enemy pawns could ever attack the square: ahead on adjacent files.
pub(crate) static ATTACK_SPAN: [[u64; 64]; 2] = build(2);

/// The rank of `sq` counted from `color`'s side, 0..=7.
#[inline]
pub(crate) fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

/// King steps between two squares.
#[inline]
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Every square attacked by the pawns in `pawns` of `color`.
#[inline]
pub(crate) fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    let west = pawns & !FILE_A;
    let east = pawns & !file(7);
    match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    }
}

/// The square one step forward from `sq` for `color` (the caller knows it exists).
#[inline]
pub(crate) fn push(color: Color, sq: Square) -> Square {
    match color {
        Color::White => Square::new(sq.index() as u8 + 8),
        Color::Black => Square::new(sq.index() as u8 - 8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_look_forward_for_each_colour() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(FORWARD[0][e4.index()], file(4) & !0u64 << 32);
        assert_eq!(FORWARD[1][e4.index()], file(4) & ((1u64 << 24) - 1));
        assert_eq!(PASSED[0][e4.index()].count_ones(), 12);
        assert_eq!(ATTACK_SPAN[1][e4.index()].count_ones(), 6);
        assert_eq!(pawn_attacks(Color::White, 1 << 8), 1 << 17);
        assert_eq!(pawn_attacks(Color::Black, 1 << 55), 1 << 46);
        assert_eq!(distance(e4, Square::parse("a8").unwrap()), 4);
    }
}
