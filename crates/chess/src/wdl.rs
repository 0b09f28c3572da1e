//! Chess's win/draw/loss model: the material it counts and the coefficients fitted to
//! Chariot's own games (`chariot wdl-fit --game chess`, docs/wdl.md).

use crate::position::Position;
use crate::types::{Color, PieceKind};
use game::WdlModel;

/// Material of one piece kind in the model's count (pawns; the king counts nothing).
const fn value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::Bishop => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen => 9,
        PieceKind::King => 0,
    }
}

/// Material on the board, both sides: 78 at the start.
pub fn material(pos: &Position) -> u32 {
    let mut total = 0;
    for color in [Color::White, Color::Black] {
        for kind in [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            total += pos.pieces(color, kind).count() * value(kind);
        }
    }
    total
}

/// The model fitted to Chariot's chess self-play; see docs/wdl.md for the data and fit.
/// `chariot wdl-fit --game chess benchmarks/games/session45-*chess*.pgn.gz`: log loss 0.803 held out (constant 1.093).
pub const WDL_MODEL: WdlModel = WdlModel {
    a: [-226.770, 823.445, -974.370, 445.103],
    b: [435.772, -930.842, 621.597, -42.595],
    material_min: 17,
    material_max: 78,
    normaliser: 58.0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    #[test]
    fn material_counts_pieces_by_value() {
        assert_eq!(material(&Position::start()), 78);
        let pos = Position::from_fen("4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1").unwrap();
        assert_eq!(material(&pos), 2 + 5 + 3);
        assert_eq!(pos.material(), 10, "the Game method is this count");
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
