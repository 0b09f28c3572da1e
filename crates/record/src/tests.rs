//! Import tests: python-chess's PGN read as python-chess reads it, and malformed records
//! refused with a reason. (The round trips of the web and terminal games' own exports are
//! tested in those crates.)

use super::*;
use game::MoveStyle;

fn coords<G: Game>(start: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.format_move(mv, MoveStyle::Coord);
            pos.make(mv);
            text
        })
        .collect()
}

#[test]
fn python_chess_pgn_imports_as_python_chess_reads_it() {
    let pgn = include_str!("fixtures/python_chess.pgn");
    let expected: Vec<&str> = include_str!("fixtures/python_chess.expected")
        .lines()
        .collect();
    let games: Vec<&str> = pgn.split("\n\n[Event ").collect();
    assert_eq!(games.len(), expected.len());
    for (i, (game, want)) in games.iter().zip(&expected).enumerate() {
        let text = if i == 0 {
            game.to_string()
        } else {
            format!("[Event {game}")
        };
        let record = import::<chess::Position>(&text).unwrap_or_else(|e| panic!("game {i}: {e}"));
        let (fen, uci) = want.split_once('|').unwrap();
        assert_eq!(
            coords(&record.start, &record.moves).join(" "),
            uci,
            "game {i}"
        );
        let ours: Vec<String> = record
            .position()
            .to_fen()
            .split(' ')
            .take(3)
            .map(String::from)
            .collect();
        let theirs: Vec<&str> = fen.split(' ').take(3).collect();
        assert_eq!(ours, theirs, "game {i}");
        assert_eq!(record.tag("White"), Some("A \"quoted\" name"));
    }
}

#[test]
fn pgn_details_people_write() {
    let text = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 30\"]\n\n\
                30.a8=N!? {knight!} Kd7 $2 31. Nb6+ (31. Kd2) 31... Kc6 ; to the corner\n\
                32.e1d1 1-0 trailing junk after the result";
    let record = import::<chess::Position>(text).unwrap();
    assert_eq!(
        coords(&record.start, &record.moves),
        ["a7a8n", "e8d7", "a8b6", "d7c6", "e1d1"]
    );
    assert_eq!(record.result.as_deref(), Some("1-0"));
    assert_eq!(record.tag("SetUp"), Some("1"));
}

#[test]
fn xiangqi_coordinates_in_both_rank_numberings_and_fen_tag() {
    let zero = import::<xiangqi::Position>("1. h2e2 h9g7 2. h0g2").unwrap();
    let one = import::<xiangqi::Position>("1. h3e3 h10g8 2. h1g3 *").unwrap();
    let wxf = import::<xiangqi::Position>("1. C2=5 H8+7 2. H2+3").unwrap();
    assert_eq!(zero.moves, wxf.moves);
    assert_eq!(one.moves, wxf.moves);
    assert_eq!(one.result.as_deref(), Some("*"));
    let fen = "[Variant \"xiangqi\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n1... h7e7 2. h2e2";
    let record = import::<xiangqi::Position>(fen).unwrap();
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.start.side_to_move(), Side::Black);
}

#[test]
fn malformed_records_are_refused_with_the_move_named() {
    let bad_move = import::<chess::Position>("1. e4 e5 2. Nf3 Ke7 3. Bc4 Qh4").unwrap_err();
    assert!(
        matches!(&bad_move, ImportError::BadMove { number: 3, dots: "...", token, .. } if token == "Qh4"),
        "{bad_move}"
    );
    assert!(
        bad_move.to_string().starts_with("move 3... `Qh4`"),
        "{bad_move}"
    );
    let first = import::<chess::Position>("1. e5").unwrap_err();
    assert!(matches!(
        first,
        ImportError::BadMove {
            number: 1,
            dots: ".",
            ..
        }
    ));
    let xq = import::<xiangqi::Position>("1. C2=5 C8=5 2. H2+3 X9").unwrap_err();
    assert!(
        matches!(&xq, ImportError::BadMove { number: 2, dots: "...", token, .. } if token == "X9"),
        "{xq}"
    );
    assert!(matches!(
        import::<chess::Position>("[FEN \"8/8/8 w\"]\n1. e4"),
        Err(ImportError::BadFen { .. })
    ));
    assert!(matches!(
        import::<chess::Position>("[Variant \"xiangqi\"]\n1. C2=5"),
        Err(ImportError::WrongGame { .. })
    ));
    assert!(matches!(
        import::<xiangqi::Position>("[Variant \"chess\"]\n1. e4"),
        Err(ImportError::WrongGame { .. })
    ));
    assert!(matches!(
        import::<chess::Position>("1. e4 { open"),
        Err(ImportError::Unterminated { .. })
    ));
    assert!(matches!(
        import::<chess::Position>("1. e4 [Event \"x\"]"),
        Ok(Record { ref moves, .. }) if moves.len() == 1
    ));
    assert!(matches!(
        import::<chess::Position>(&"e4 ".repeat(MAX_RECORD_BYTES)),
        Err(ImportError::TooLong(_))
    ));
    // A mated side has no move to make.
    let mated = import::<chess::Position>("1. f3 e5 2. g4 Qh4# 3. a3").unwrap_err();
    assert!(mated.to_string().contains("no legal move"), "{mated}");
}

#[test]
fn an_empty_record_is_the_start_position() {
    let record = import::<chess::Position>("").unwrap();
    assert!(record.moves.is_empty() && record.result.is_none());
    assert_eq!(record.start.to_fen(), chess::Position::start().to_fen());
}

#[test]
fn chess960_records_import_with_their_castling() {
    // Written by python-chess (one under cutechess's `fischerandom` tag), both with O-O
    // and O-O-O, which read as the king taking its rook.
    let pgn = include_str!("fixtures/chess960.pgn");
    let expected: Vec<&str> = include_str!("fixtures/chess960.expected").lines().collect();
    let games: Vec<&str> = pgn.split("\n\n[Event ").collect();
    assert_eq!(games.len(), expected.len());
    for (i, (game, want)) in games.iter().zip(&expected).enumerate() {
        let text = if i == 0 {
            game.to_string()
        } else {
            format!("[Event {game}")
        };
        let record = import::<chess::Position>(&text).unwrap_or_else(|e| panic!("game {i}: {e}"));
        let (fen, uci) = want.split_once('|').unwrap();
        assert!(record.start.is_chess960(), "game {i}");
        assert_eq!(record.start.fen(), fen, "game {i}");
        assert_eq!(
            coords(&record.start, &record.moves).join(" "),
            uci,
            "game {i}"
        );
    }
    // Without the tag the same FEN is standard chess, where king-takes-rook is no move.
    let plain = games[0].replace("[Variant \"Chess960\"]\n", "");
    assert!(import::<chess::Position>(&plain).is_err());
}
