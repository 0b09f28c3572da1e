//! Xiangqi's win/draw/loss model: the material it counts and the coefficients fitted to
//! Chariot's own games (`chariot wdl-fit --game xiangqi`, docs/wdl.md).

use crate::position::Position;
use crate::types::{PieceKind, SQUARES};
use game::WdlModel;

/// Material of one piece kind in the model's count, in soldiers. The cannon, worth about
/// a horse and a half-soldier more, is rounded up to 5; the general counts nothing.
const fn value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Chariot => 9,
        PieceKind::Cannon => 5,
        PieceKind::Horse => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => 1,
        PieceKind::General => 0,
    }
}

/// Material on the board, both sides: 98 at the start.
pub fn material(pos: &Position) -> u32 {
    (0..SQUARES)
        .filter_map(|sq| pos.board[sq].kind())
        .map(value)
        .sum()
}

/// The model fitted to Chariot's xiangqi self-play; see docs/wdl.md for the data and fit.
/// `chariot wdl-fit --game xiangqi benchmarks/games/session45-*xiangqi*.pgn.gz benchmarks/games/session46-xiangqi-all-vs-base-25kn.pgn.gz`: log loss 0.628 held out (constant 1.081).
pub const WDL_MODEL: WdlModel = WdlModel {
    a: [-263.884, 1412.300, -2093.393, 1094.668],
    b: [672.081, -1397.336, 907.026, -2.739],
    material_min: 20,
    material_max: 98,
    normaliser: 72.0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    #[test]
    fn material_counts_pieces_by_value() {
        assert_eq!(material(&Position::start()), 98);
        let pos = Position::from_fen("4k4/9/9/9/9/9/4P4/9/4A4/R3K4 w - - 0 1").unwrap();
        assert_eq!(material(&pos), 9 + 2 + 1);
        assert_eq!(pos.material(), 12, "the Game method is this count");
    }

    #[test]
    fn the_model_favours_the_side_ahead() {
        let pos = Position::start();
        let ahead = pos.wdl(200).unwrap();
        let behind = pos.wdl(-200).unwrap();
        assert!(ahead.win > ahead.loss && behind.loss > behind.win);
        assert_eq!(ahead.win + ahead.draw + ahead.loss, 1000);
    }
}
