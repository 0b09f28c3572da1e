//! Strong types for the board's vocabulary: colours, piece kinds, pieces and squares.

use std::fmt;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl From<Color> for game::Side {
    fn from(c: Color) -> game::Side {
        match c {
            Color::White => game::Side::White,
            Color::Black => game::Side::Black,
        }
    }
}

/// A kind of piece, without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl PieceKind {
    /// Every kind, pawn first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// 0 (pawn) to 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter FEN and UCI use (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// Reads a letter in either case.
    pub fn from_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_lowercase() {
            'p' => PieceKind::Pawn,
            'n' => PieceKind::Knight,
            'b' => PieceKind::Bishop,
            'r' => PieceKind::Rook,
            'q' => PieceKind::Queen,
            'k' => PieceKind::King,
            _ => return None,
        })
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// 0..12: white pieces 0..6, black pieces 6..12.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.kind.index()
    }

    /// The FEN letter: uppercase for White.
    pub const fn char(self) -> char {
        let c = self.kind.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Reads a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 64 squares, `a1` = 0 … `h8` = 63 (rank-major).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The square with index `i`, if `i < 64`.
    #[inline]
    pub const fn from_index(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with index `i & 63`: for indices already known to be in range.
    #[inline]
    pub(crate) const fn new(i: u8) -> Square {
        Square(i & 63)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), both below 8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// 0..64, usable as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from Black's side (rank mirrored).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Reads `e4`-style coordinates.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::from_coords(file, rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Castling rights as four bits: white king side (1), white queen side (2),
/// black king side (4), black queen side (8) — the Polyglot key order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Castling(pub(crate) u8);

impl Castling {
    /// White may castle king side.
    pub const WHITE_KING: u8 = 1;
    /// White may castle queen side.
    pub const WHITE_QUEEN: u8 = 2;
    /// Black may castle king side.
    pub const BLACK_KING: u8 = 4;
    /// Black may castle queen side.
    pub const BLACK_QUEEN: u8 = 8;

    /// The raw four bits.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether any of `bits` is held.
    pub const fn has(self, bits: u8) -> bool {
        self.0 & bits != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 28));
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(e4.flip_rank().to_string(), "e5");
        for bad in ["", "e", "e9", "i1", "e44", "é4"] {
            assert!(Square::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn piece_letters_round_trip() {
        for c in "PNBRQKpnbrqk".chars() {
            assert_eq!(Piece::from_char(c).unwrap().char(), c);
        }
        assert!(Piece::from_char('x').is_none());
    }
}
