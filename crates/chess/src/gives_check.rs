//! Whether a move gives check, decided without playing it, so the search can skip a
//! pruned move without the cost of make and unmake.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::types::PieceKind;

impl Position {
    /// `false` only when `mv` (legal here) surely does not give check. Exact for every
    /// move but castling and en passant, which answer `true` (rare; the caller plays them).
    pub fn may_give_check(&self, mv: Move) -> bool {
        if mv.is_castling() || mv.is_en_passant() {
            return true;
        }
        let b = &self.board;
        let us = b.side;
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = b.piece_on(from) else {
            return true;
        };
        let king = b.king_square(us.flip());
        let from_bb: Bitboard = from.into();
        let occ = (b.occupied() & !from_bb) | to.into();
        let kind = mv.promotion().unwrap_or(mover.kind);
        let direct = match kind {
            PieceKind::Pawn => attacks::pawn(us, to),
            PieceKind::Knight => attacks::knight(to),
            PieceKind::Bishop => attacks::bishop(to, occ),
            PieceKind::Rook => attacks::rook(to, occ),
            PieceKind::Queen => attacks::bishop(to, occ) | attacks::rook(to, occ),
            PieceKind::King => Bitboard::EMPTY,
        };
        if (direct & king.into()).any() {
            return true;
        }
        // A discovered check comes from one of our sliders behind the square just left,
        // on the line from the king through it: look only along that line, and only
        // when a slider of the right kind stands on it.
        let line = attacks::line(king, from);
        let straight = king.file() == from.file() || king.rank() == from.rank();
        let sliders = if straight {
            b.straight_sliders(us)
        } else {
            b.diagonal_sliders(us)
        } & line
            & !from_bb;
        if sliders.is_empty() {
            return false;
        }
        let seen = if straight {
            attacks::rook(king, occ)
        } else {
            attacks::bishop(king, occ)
        };
        (seen & sliders).any()
    }
}
