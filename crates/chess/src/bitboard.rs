//! A set of squares as a 64-bit word, bit `i` standing for square index `i`.

use crate::types::{Color, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const ALL: Bitboard = Bitboard(!0);
    /// Rank 1 (index 0) … rank 8.
    pub const RANKS: [Bitboard; 8] = {
        let mut r = [Bitboard(0); 8];
        let mut i = 0;
        while i < 8 {
            r[i] = Bitboard(0xFF << (8 * i));
            i += 1;
        }
        r
    };
    /// File a.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// File h.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The 32 light squares (h1 is light).
    pub const LIGHT: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// Whether the set holds `sq`.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two or more squares.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square; only meaningful on a non-empty set.
    #[inline]
    pub const fn lsb(self) -> Square {
        Square::new(self.0.trailing_zeros() as u8)
    }

    /// The highest square; only meaningful on a non-empty set.
    #[inline]
    pub const fn msb(self) -> Square {
        Square::new(63 - self.0.leading_zeros() as u8)
    }

    /// The set shifted one rank towards rank 8 (White's forward).
    #[inline]
    pub const fn up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set shifted one rank towards rank 1.
    #[inline]
    pub const fn down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The set shifted one rank in `color`'s pawn direction.
    #[inline]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => self.up(),
            Color::Black => self.down(),
        }
    }

    /// The set shifted one file towards a (squares on file a drop off).
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_A.0) >> 1)
    }

    /// The set shifted one file towards h (squares on file h drop off).
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_H.0) << 1)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.lsb();
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

macro_rules! bit_ops {
    ($($tr:ident $f:ident $atr:ident $af:ident $op:tt;)*) => {$(
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}
