//! Strong types for the board: squares, pieces, moves.

use game::Side;

/// Red or Black. Red is [`Side::White`] (it moves first and is written `w` in FEN).
pub type Color = Side;

/// Files on the board.
pub const FILES: usize = 9;
/// Ranks on the board.
pub const RANKS: usize = 10;
/// Number of squares.
pub const SQUARES: usize = FILES * RANKS;

/// A square: `rank * 9 + file`, file 0 = `a`, rank 0 = Red's back rank (as Pikafish numbers them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0–8) and `rank` (0–9), or `None` off the board.
    #[inline]
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((rank * FILES + file) as u8))
        } else {
            None
        }
    }
    /// The square with this index (0–89), or `None`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }
    /// Index 0–89, usable for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// File 0–8 (`a`–`i`).
    #[inline]
    pub const fn file(self) -> usize {
        self.0 as usize % FILES
    }
    /// Rank 0–9 from Red's side.
    #[inline]
    pub const fn rank(self) -> usize {
        self.0 as usize / FILES
    }
}

/// The seven kinds of xiangqi pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum PieceKind {
    /// 帅/将: moves one step orthogonally inside the palace.
    General = 1,
    /// 仕/士: one step diagonally inside the palace.
    Advisor = 2,
    /// 相/象: two steps diagonally, blocked on the eye, never across the river.
    Elephant = 3,
    /// 马: one orthogonal then one diagonal step, blocked on the leg.
    Horse = 4,
    /// 车: slides orthogonally.
    Chariot = 5,
    /// 炮: slides to move, captures by jumping exactly one screen.
    Cannon = 6,
    /// 兵/卒: one step forward; sideways too once across the river.
    Soldier = 7,
}

impl PieceKind {
    /// All kinds in code order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];
    /// FEN letter for Red (uppercase), as Pikafish/Fairy-Stockfish write it.
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }
    /// WXF letter.
    pub const fn wxf_char(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'E',
            PieceKind::Horse => 'H',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }
    const fn from_code(code: u8) -> Option<PieceKind> {
        match code {
            1 => Some(PieceKind::General),
            2 => Some(PieceKind::Advisor),
            3 => Some(PieceKind::Elephant),
            4 => Some(PieceKind::Horse),
            5 => Some(PieceKind::Chariot),
            6 => Some(PieceKind::Cannon),
            7 => Some(PieceKind::Soldier),
            _ => None,
        }
    }
}

/// A square's content: empty or a coloured piece, packed in one byte
/// (kind 1–7, plus 8 for Black) so the board is a plain byte array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub(crate) u8);

impl Piece {
    /// An empty square.
    pub const NONE: Piece = Piece(0);

    /// The piece of `kind` and `color`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind as u8 | ((color as u8) << 3))
    }
    /// Whether the square is empty.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }
    /// The kind, or `None` for an empty square.
    #[inline]
    pub const fn kind(self) -> Option<PieceKind> {
        PieceKind::from_code(self.0 & 7)
    }
    /// The colour (meaningless for an empty square, which reads as Red).
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 8 != 0 {
            Side::Black
        } else {
            Side::White
        }
    }
    /// Whether this is a piece of `color` (false for empty squares).
    #[inline]
    pub const fn is_color(self, color: Color) -> bool {
        // Maps own pieces to 0..7 and anything else (incl. empty → 255) above.
        (self.0.wrapping_sub(1) ^ ((color as u8) << 3)) < 7
    }
    /// Index 0–15 for per-piece tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// FEN letter: uppercase for Red, lowercase for Black.
    pub fn fen_char(self) -> Option<char> {
        let kind = self.kind()?;
        let c = kind.fen_char();
        Some(if self.color() == Side::Black {
            c.to_ascii_lowercase()
        } else {
            c
        })
    }
    /// Reads a FEN letter.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' => PieceKind::Elephant,
            'N' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        };
        let color = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Some(Piece::new(color, kind))
    }
}

/// The pieces of one colour that can attack a general, for the attack and legality tests
/// that compare board bytes against them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Attackers {
    pub chariot: Piece,
    pub cannon: Piece,
    pub general: Piece,
    pub horse: Piece,
    pub soldier: Piece,
}

impl Attackers {
    /// `color`'s attacking pieces.
    #[inline(always)]
    pub const fn of(color: Color) -> Attackers {
        Attackers {
            chariot: Piece::new(color, PieceKind::Chariot),
            cannon: Piece::new(color, PieceKind::Cannon),
            general: Piece::new(color, PieceKind::General),
            horse: Piece::new(color, PieceKind::Horse),
            soldier: Piece::new(color, PieceKind::Soldier),
        }
    }
}

/// A move: from-square and to-square packed as `from | to << 7`. Never 0 for a real move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u16);

impl Move {
    /// The null move (also the `Default`).
    pub const NULL: Move = Move(0);

    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | ((to.0 as u16) << 7))
    }
    #[inline]
    pub(crate) const fn from_raw(from: usize, to: usize) -> Move {
        Move(from as u16 | ((to as u16) << 7))
    }
    /// Origin square.
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 127) as u8)
    }
    /// Destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 >> 7) as u8)
    }
    /// Whether this is the null move.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
    /// The packed 14-bit form.
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }
}

/// Whether `sq` lies on `color`'s own half (before the river).
#[inline]
pub const fn own_half(color: Color, sq: usize) -> bool {
    let rank = sq / FILES;
    match color {
        Side::White => rank <= 4,
        Side::Black => rank >= 5,
    }
}

/// Whether `sq` lies in `color`'s palace.
#[inline]
pub const fn in_palace(color: Color, sq: usize) -> bool {
    let file = sq % FILES;
    let rank = sq / FILES;
    file >= 3
        && file <= 5
        && match color {
            Side::White => rank <= 2,
            Side::Black => rank >= 7,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_colour_test_excludes_empty_and_enemy() {
        let red = Piece::new(Side::White, PieceKind::Chariot);
        let black = Piece::new(Side::Black, PieceKind::General);
        assert!(red.is_color(Side::White) && !red.is_color(Side::Black));
        assert!(black.is_color(Side::Black) && !black.is_color(Side::White));
        assert!(!Piece::NONE.is_color(Side::White) && !Piece::NONE.is_color(Side::Black));
        assert_eq!(Piece::from_fen_char('n').unwrap().fen_char(), Some('n'));
    }

    #[test]
    fn move_packing_round_trips() {
        let m = Move::new(Square::new(7, 2).unwrap(), Square::new(4, 2).unwrap());
        assert_eq!(m.from().file(), 7);
        assert_eq!(m.to().file(), 4);
        assert!(!m.is_null());
    }
}
