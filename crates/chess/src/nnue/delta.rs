//! What a chess move changes in the network's inputs.

use super::feature;
use crate::board::{right_index, Board};
use crate::moves::{flag, Move};
use crate::types::{Color, Piece, PieceKind, Square};
use nnue::Delta;

/// Both perspectives' inputs of `piece` on `sq`.
#[inline(always)]
fn both(piece: Piece, sq: Square) -> [usize; 2] {
    [
        feature(Color::White, piece, sq),
        feature(Color::Black, piece, sq),
    ]
}

/// The pieces `mv` (legal on `b`) adds and removes: at most two each (castling moves two,
/// en passant removes a pawn off the destination square).
#[inline]
pub(crate) fn of(b: &Board, mv: Move) -> Delta {
    let mut d = Delta::default();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = b.piece_on(from) else {
        return d;
    };
    let us = piece.color;
    match mv.kind() {
        flag::KING_CASTLE | flag::QUEEN_CASTLE => {
            let rook = Piece::new(us, PieceKind::Rook);
            let queen = mv.kind() == flag::QUEEN_CASTLE;
            let rook_to = if queen {
                to.index() + 1
            } else {
                to.index() - 1
            };
            d.remove(both(rook, b.castle_rooks[right_index(us, queen)]));
            d.add(both(rook, Square::new(rook_to as u8)));
        }
        flag::EN_PASSANT => d.remove(both(
            Piece::new(us.flip(), PieceKind::Pawn),
            Square::new(to.index() as u8 ^ 8),
        )),
        _ => {
            if let Some(victim) = b.piece_on(to) {
                d.remove(both(victim, to));
            }
        }
    }
    d.remove(both(piece, from));
    d.add(both(
        Piece::new(us, mv.promotion().unwrap_or(piece.kind)),
        to,
    ));
    d
}

/// Both perspectives' inputs of every piece on `b`.
pub(crate) fn pieces(b: &Board) -> impl Iterator<Item = [usize; 2]> + '_ {
    b.occupied()
        .filter_map(|sq| b.piece_on(sq).map(|piece| both(piece, sq)))
}
