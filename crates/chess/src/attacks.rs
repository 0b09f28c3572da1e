//! Attack tables: leapers and rays are `const`-evaluated, sliders use fancy magic
//! bitboards whose tables `build.rs` generates, so nothing is initialised at run time.

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

/// One square's magic lookup: `offset + ((occ & mask) * magic) >> shift`.
pub(crate) struct Magic {
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) shift: u32,
    pub(crate) offset: u32,
}

include!(concat!(env!("OUT_DIR"), "/magic_tables.rs"));

const fn leaper(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    let mut bb = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        let f = (sq % 8) as i32 + deltas[i].0;
        let r = (sq / 8) as i32 + deltas[i].1;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            bb |= 1u64 << (r * 8 + f);
        }
        i += 1;
    }
    bb
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut t = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = Bitboard(leaper(sq, deltas));
        sq += 1;
    }
    t
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// BETWEEN[a][b]: squares strictly between a and b on a shared line (else empty).
/// LINE[a][b]: the whole line through a and b, edge to edge (else empty).
const fn ray_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard(0); 64]; 64];
    let mut line = [[Bitboard(0); 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let mut full = 1u64 << a;
            // the ray both ways from a
            let mut k = 0;
            while k < 2 {
                let (sf, sr) = if k == 0 { (df, dr) } else { (-df, -dr) };
                let mut f = (a % 8) as i32 + sf;
                let mut r = (a / 8) as i32 + sr;
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    full |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                k += 1;
            }
            let mut f = (a % 8) as i32 + df;
            let mut r = (a / 8) as i32 + dr;
            let mut path = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = Bitboard(path);
                line[a][b] = Bitboard(full);
                path |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static RAYS: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = ray_tables();

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

#[inline]
fn magic_lookup(m: &Magic, occ: Bitboard) -> Bitboard {
    let idx = ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDER_ATTACKS[m.offset as usize + idx])
}

/// Squares a bishop on `sq` attacks through the occupancy `occ`.
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[sq.index()], occ)
}

/// Squares a rook on `sq` attacks through the occupancy `occ`.
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[sq.index()], occ)
}

/// Squares strictly between `a` and `b` if they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    RAYS.0[a.index()][b.index()]
}

/// The full line through `a` and `b` if they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    RAYS.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn set(squares: &[&str]) -> Bitboard {
        squares
            .iter()
            .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from(sq(s)))
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let occ = set(&["d6", "f4", "b2"]);
        assert_eq!(
            rook(sq("d4"), occ),
            set(&["d5", "d6", "d3", "d2", "d1", "e4", "f4", "c4", "b4", "a4"])
        );
        assert_eq!(
            bishop(sq("d4"), occ),
            set(&["e5", "f6", "g7", "h8", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2"])
        );
    }

    #[test]
    fn leapers_and_lines() {
        assert_eq!(knight(sq("a1")), set(&["b3", "c2"]));
        assert_eq!(king(sq("h8")), set(&["g8", "g7", "h7"]));
        assert_eq!(pawn(Color::White, sq("e4")), set(&["d5", "f5"]));
        assert_eq!(pawn(Color::Black, sq("a5")), set(&["b4"]));
        assert_eq!(between(sq("a1"), sq("d4")), set(&["b2", "c3"]));
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("c3"), sq("e5")).count(), 8);
        assert!(line(sq("a1"), sq("b3")).is_empty());
    }
}
