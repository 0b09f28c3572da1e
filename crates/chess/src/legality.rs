//! Whether one given move is legal, without listing every move: the search asks this of the
//! transposition table's move before it tries that move ahead of move generation, so the
//! check must cost far less than a generation. A table move can be any 16-bit code (a stale
//! entry, a key collision), so every field of the move is checked, not only the usual ones.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::{self, ListSink};
use crate::moves::{flag, Move};
use crate::types::{Color, PieceKind};
use game::MoveList;

/// Whether `mv` is a legal move on `b`. Castling, en passant and every move in check take
/// the slow path (generate the legal moves and look): they are rare and their rules are the
/// intricate ones.
pub(crate) fn is_legal(b: &Board, mv: Move) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let us = b.side;
    let piece = match b.piece_on(from) {
        Some(p) if p.color == us && mv.0 != 0 => p,
        _ => return false,
    };
    if mv.is_castling() {
        // In Chess960 the king may land on its own rook's square or not move at all.
        return generated_contains(b, mv);
    }
    let target = b.piece_on(to);
    let kind = mv.kind();
    let target_fits = if mv.is_en_passant() {
        target.is_none()
    } else if mv.is_capture() {
        matches!(target, Some(p) if p.color != us && p.kind != PieceKind::King)
    } else {
        target.is_none()
    };
    // Kinds 6 and 7 are no move at all.
    if !target_fits || kind == 6 || kind == 7 {
        return false;
    }
    if mv.is_en_passant() || b.checkers.any() {
        return generated_contains(b, mv);
    }
    let occ = b.occupied();
    let reaches = match piece.kind {
        PieceKind::Pawn => pawn_reaches(b, mv, occ),
        other => {
            let attacked = match other {
                PieceKind::Knight => attacks::knight(from),
                PieceKind::Bishop => attacks::bishop(from, occ),
                PieceKind::Rook => attacks::rook(from, occ),
                PieceKind::Queen => attacks::bishop(from, occ) | attacks::rook(from, occ),
                _ => attacks::king(from),
            };
            (kind == flag::QUIET || kind == flag::CAPTURE) && attacked.has(to)
        }
    };
    if !reaches {
        return false;
    }
    let ksq = b.king_square(us);
    if piece.kind == PieceKind::King {
        // Without the king on the board, so that it cannot step back along a checking ray.
        b.attackers_by(to, us.flip(), occ ^ Bitboard::from_square(from))
            .is_empty()
    } else {
        !movegen::pinned(b, us, ksq).has(from) || attacks::line(ksq, from).has(to)
    }
}

/// Whether a pawn move (not en passant) fits the board: a push onto an empty square, a
/// double push from the start through an empty square, a diagonal capture, and a promotion
/// exactly when it reaches the last rank. The target square was checked by the caller.
fn pawn_reaches(b: &Board, mv: Move, occ: Bitboard) -> bool {
    let us = b.side;
    let white = us == Color::White;
    let last = Bitboard::RANKS[if white { 7 } else { 0 }];
    let third = Bitboard::RANKS[if white { 2 } else { 5 }];
    let to = mv.to();
    if last.has(to) != mv.promotion().is_some() {
        return false;
    }
    let ahead = Bitboard::from_square(mv.from()).forward(us);
    if mv.is_capture() {
        return (ahead.west() | ahead.east()).has(to);
    }
    if mv.kind() == flag::DOUBLE_PUSH {
        (ahead & !occ & third).forward(us).has(to)
    } else {
        ahead.has(to)
    }
}

/// The slow path: generate the legal moves and look for `mv` among them.
fn generated_contains(b: &Board, mv: Move) -> bool {
    let mut list = MoveList::new();
    movegen::generate::<_, true>(b, &mut ListSink(&mut list));
    list.contains(mv)
}

#[cfg(test)]
mod tests {
    use crate::Position;
    use game::Game;

    /// Every 16-bit code in positions from a few random games: the fast check must agree
    /// with "is it in the generated list" on all of them.
    #[test]
    fn agrees_with_generation_on_every_code() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0usize;
        for fen in fens {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..40 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for code in 0..=u16::MAX {
                    let mv = crate::moves::Move(code);
                    assert_eq!(
                        super::is_legal(&pos.board, mv),
                        legal.contains(mv),
                        "{} in {}",
                        mv,
                        pos.fen()
                    );
                }
                checked += 1;
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mv = legal.as_slice()[(state % legal.len() as u64) as usize];
                pos.make(mv);
            }
        }
        assert!(checked > 150, "only {checked} positions checked");
    }
}
