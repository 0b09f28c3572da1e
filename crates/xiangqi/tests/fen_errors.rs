//! One test per FEN error, plus the lenient forms Pikafish and Fairy-Stockfish accept.

use game::{Game, Side};
use xiangqi::{FenError, Position, START_FEN};

fn err(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(p) => panic!("accepted {fen:?} as {}", p.to_fen()),
        Err(e) => e,
    }
}

const BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

#[test]
fn start_position_round_trips() {
    assert_eq!(Position::start().to_fen(), START_FEN);
    assert_eq!(Position::from_fen(START_FEN).unwrap().to_fen(), START_FEN);
}

#[test]
fn side_letters_and_missing_fields_are_accepted() {
    for side in ["w", "r", "W", "R"] {
        let p = Position::from_fen(&format!("{BOARD} {side}")).unwrap();
        assert_eq!(p.side_to_move(), Side::White, "{side}");
    }
    let p = Position::from_fen(&format!("{BOARD} b")).unwrap();
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.to_fen(), format!("{BOARD} b - - 0 1"));
    // Board only, clocks without the dashes, one dash.
    assert_eq!(Position::from_fen(BOARD).unwrap().to_fen(), START_FEN);
    assert_eq!(
        Position::from_fen(&format!("{BOARD} w 5 9"))
            .unwrap()
            .to_fen(),
        format!("{BOARD} w - - 5 9")
    );
    assert_eq!(
        Position::from_fen(&format!("{BOARD} w - 3"))
            .unwrap()
            .to_fen(),
        format!("{BOARD} w - - 3 1")
    );
}

#[test]
fn empty() {
    assert_eq!(err("   "), FenError::Empty);
}

#[test]
fn wrong_rank_count() {
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::RankCount(9)
    );
}

#[test]
fn wrong_rank_width() {
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::RankWidth { rank: 5, width: 8 }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w"),
        FenError::RankWidth { rank: 2, width: 10 }
    );
}

#[test]
fn unknown_letter() {
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5Q1/9/RNBAKABNR w"),
        FenError::UnknownLetter('Q')
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN0 w"),
        FenError::UnknownLetter('0')
    );
}

#[test]
fn general_outside_palace() {
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/K8 w"),
        FenError::ImpossibleSquare { piece: 'K', .. }
    ));
}

#[test]
fn advisor_outside_palace_or_off_its_points() {
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/A3K4 w"),
        FenError::ImpossibleSquare { piece: 'A', .. }
    ));
    // e1 is in the palace but no advisor can ever get there.
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/3KA4 w"),
        FenError::ImpossibleSquare { piece: 'A', .. }
    ));
}

#[test]
fn elephant_off_its_seven_points() {
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/1B2K4 w"),
        FenError::ImpossibleSquare { piece: 'B', .. }
    ));
    // Across the river.
    assert!(matches!(
        err("3k5/9/9/9/2B6/9/9/9/9/4K4 w"),
        FenError::ImpossibleSquare { piece: 'B', .. }
    ));
    assert!(matches!(
        err("3k5/9/9/9/9/2b6/9/9/9/4K4 w"),
        FenError::ImpossibleSquare { piece: 'b', .. }
    ));
}

#[test]
fn soldier_behind_its_start_rank() {
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/P8/9/4K4 w"),
        FenError::ImpossibleSquare { piece: 'P', .. }
    ));
    assert!(matches!(
        err("3k5/9/p8/9/9/9/9/9/9/4K4 w"),
        FenError::ImpossibleSquare { piece: 'p', .. }
    ));
}

#[test]
fn missing_general() {
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::MissingGeneral("Black")
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9/9 w"),
        FenError::MissingGeneral("Red")
    );
}

#[test]
fn extra_general() {
    assert_eq!(
        err("3kk4/9/9/9/9/9/9/9/9/3K5 w"),
        FenError::ExtraGeneral("Black")
    );
}

#[test]
fn generals_facing() {
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::GeneralsFacing);
    // With a piece between they do not face each other.
    assert!(Position::from_fen("4k4/9/9/9/4p4/9/9/9/9/4K4 w").is_ok());
}

#[test]
fn side_not_to_move_in_check() {
    // Red's chariot checks Black's general, and it is Red's move.
    assert_eq!(
        err("4k4/9/9/9/4R4/9/9/9/9/3K5 w"),
        FenError::OpponentInCheck
    );
    assert!(Position::from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b").is_ok());
}

#[test]
fn bad_side() {
    assert_eq!(err(&format!("{BOARD} x")), FenError::BadSide("x".into()));
}

#[test]
fn bad_clocks() {
    assert_eq!(
        err(&format!("{BOARD} w - - x 1")),
        FenError::BadClock("x".into())
    );
    assert_eq!(
        err(&format!("{BOARD} w - - -1 1")),
        FenError::BadClock("-1".into())
    );
    assert_eq!(
        err(&format!("{BOARD} w - - 0 0")),
        FenError::BadClock("0".into())
    );
    assert_eq!(
        err(&format!("{BOARD} w - - 0 y")),
        FenError::BadClock("y".into())
    );
}

#[test]
fn trailing_text() {
    assert_eq!(
        err(&format!("{BOARD} w - - 0 1 extra")),
        FenError::Trailing("extra".into())
    );
}
