//! A chess move packed into 16 bits: from (6), to (6), and a 4-bit kind.

use crate::types::{PieceKind, Square};
use std::fmt;

/// A move. `Move::default()` (a1a1) is never a real move, so a packed move is never 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Move(pub(crate) u16);

/// What kind of move it is (stored in the top four bits).
pub(crate) mod flag {
    pub const QUIET: u16 = 0;
    pub const DOUBLE_PUSH: u16 = 1;
    pub const KING_CASTLE: u16 = 2;
    pub const QUEEN_CASTLE: u16 = 3;
    pub const CAPTURE: u16 = 4;
    pub const EN_PASSANT: u16 = 5;
    /// Promotion to knight; +1 bishop, +2 rook, +3 queen; +4 for a capturing promotion.
    pub const PROMO: u16 = 8;
    pub const PROMO_CAPTURE: u16 = 12;
}

impl Move {
    #[inline]
    pub(crate) const fn new(from: Square, to: Square, kind: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | kind << 12)
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the piece lands on (for castling: the king's destination).
    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    #[inline]
    pub(crate) const fn kind(self) -> u16 {
        self.0 >> 12
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.kind() & flag::CAPTURE != 0
    }

    /// Whether the move is an en-passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.kind() == flag::EN_PASSANT
    }

    /// Whether the move castles.
    #[inline]
    pub const fn is_castling(self) -> bool {
        matches!(self.kind(), flag::KING_CASTLE | flag::QUEEN_CASTLE)
    }

    /// The piece a pawn promotes to, if it does.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.kind() & flag::PROMO == 0 {
            return None;
        }
        Some(match self.kind() & 3 {
            0 => PieceKind::Knight,
            1 => PieceKind::Bishop,
            2 => PieceKind::Rook,
            _ => PieceKind::Queen,
        })
    }

    /// The raw 16 bits (never 0 for a real move).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

/// Prints UCI coordinates (`e2e4`, `e7e8q`); the null move prints as `0000`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
