//! Inputs the fuzzer (fuzz/, target xiangqi_fen) found to break an invariant, kept as tests.

use game::{Game, MoveStyle};
use xiangqi::{FenError, Position};

/// Every legal move must read back from its own notation, in every style.
fn assert_notation_round_trips(pos: &Position) {
    for &mv in pos.legal_moves().iter() {
        for style in [MoveStyle::Coord, MoveStyle::CoordOneBased, MoveStyle::Human] {
            let text = pos.format_move(mv, style);
            assert_eq!(
                pos.parse_move(&text, style).ok(),
                Some(mv),
                "{text} ({style:?}) in {}",
                pos.to_fen()
            );
        }
    }
}

/// Four red chariots, two on each of two files: WXF wrote two different moves as `R-+1`.
/// No game can reach more chariots than it starts with, so the FEN is now refused.
#[test]
fn more_pieces_than_a_side_starts_with_are_refused() {
    let fen = "1rb2R2P/4kn3/2n1c4/pN1ppr11p/4c4/6PP1/2R2R2P/c1CC5/9/2RAKAB2 w - - 0 1";
    assert!(matches!(
        Position::from_fen(fen),
        Err(FenError::TooMany { piece: 'R', max: 2 })
    ));
    let six_soldiers = "4k4/9/9/9/9/P1P1P1P1P/P8/9/9/4K4 w - - 0 1";
    assert!(matches!(
        Position::from_fen(six_soldiers),
        Err(FenError::TooMany { piece: 'P', max: 5 })
    ));
}

/// The same shape with the standard material: two chariots on one file, and soldiers
/// doubled on two files, must still be written and read back unambiguously.
#[test]
fn tandem_pieces_round_trip_in_wxf() {
    for fen in [
        "1rb5P/4kn3/2n1c4/pN1pp3p/4c4/6PP1/2R5P/2C6/9/2RAKAB2 w - - 0 1",
        "4k4/9/9/2P1P4/2P1P4/P8/9/9/9/4K4 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_notation_round_trips(&pos);
    }
}
