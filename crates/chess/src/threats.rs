//! Threat-aware ordering of quiet moves: a piece attacked by a cheaper enemy piece
//! should move first, to a square where it is not attacked again, and a quiet move that
//! puts a piece where a cheaper one attacks it is likely bad (Stockfish's move picker).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::Move;
use crate::types::PieceKind;

/// Ordering bonus of a queen escaping a rook-or-cheaper attack (the malus of walking into one).
const QUEEN_BONUS: i32 = 36_000;
/// The same for a rook and minor-or-pawn attacks.
const ROOK_BONUS: i32 = 18_000;
/// The same for a knight or bishop and pawn attacks.
const MINOR_BONUS: i32 = 10_500;

/// Fills `bonuses[i]` for the quiet move `moves[i]` on `board` (see `Game::threat_bonuses`).
pub(crate) fn threat_bonuses(board: &Board, moves: &[Move], bonuses: &mut [i32]) {
    let them = board.side.flip();
    let occ = board.occupied();
    let mut by_pawn = Bitboard(0);
    for sq in board.pieces(them, PieceKind::Pawn) {
        by_pawn |= attacks::pawn(them, sq);
    }
    let mut by_minor = by_pawn;
    for sq in board.pieces(them, PieceKind::Knight) {
        by_minor |= attacks::knight(sq);
    }
    for sq in board.pieces(them, PieceKind::Bishop) {
        by_minor |= attacks::bishop(sq, occ);
    }
    let mut by_rook = by_minor;
    for sq in board.pieces(them, PieceKind::Rook) {
        by_rook |= attacks::rook(sq, occ);
    }
    for (bonus, &mv) in bonuses.iter_mut().zip(moves) {
        let kind = board.piece_on(mv.from()).map(|p| p.kind);
        let (danger, value) = match kind {
            Some(PieceKind::Queen) => (by_rook, QUEEN_BONUS),
            Some(PieceKind::Rook) => (by_minor, ROOK_BONUS),
            Some(PieceKind::Knight | PieceKind::Bishop) => (by_pawn, MINOR_BONUS),
            _ => {
                *bonus = 0;
                continue;
            }
        };
        *bonus = match (danger.has(mv.from()), danger.has(mv.to())) {
            (true, false) => value,
            (false, true) => -value,
            _ => 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// The threat bonus of the move `uci` in `fen`.
    fn bonus_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::parse_fen(fen).unwrap();
        let mv = pos.parse_uci(uci).unwrap();
        let mut bonus = [1];
        threat_bonuses(&pos.board, &[mv], &mut bonus);
        bonus[0]
    }

    #[test]
    fn escapes_gain_and_moves_into_cheaper_attacks_lose() {
        // The black pawn on e5 attacks d4 and f4; the black rook on a8 attacks the a-file.
        let fen = "r3k3/8/8/4p3/3Q4/7N/8/4K3 w - - 0 1";
        assert_eq!(
            bonus_of(fen, "d4b4"),
            QUEEN_BONUS,
            "the queen leaves the pawn's attack"
        );
        assert_eq!(bonus_of(fen, "d4f4"), 0, "still attacked by the pawn");
        assert_eq!(
            bonus_of(fen, "d4a4"),
            0,
            "from a pawn's attack into a rook's"
        );
        assert_eq!(
            bonus_of(fen, "h3f4"),
            -MINOR_BONUS,
            "a knight walks into the pawn's attack"
        );
        assert_eq!(bonus_of(fen, "h3g5"), 0, "a safe knight move");
        assert_eq!(bonus_of(fen, "e1d1"), 0, "king moves are not judged");
    }
}
