//! Import tests: Chariot's own exports read back to the same game, python-chess's PGN read as
//! python-chess reads it, and malformed records refused with a reason.

use super::*;
use crate::web::pgn;
use crate::web::session::Session;
use crate::web::think::Level;
use game::MoveStyle;

/// A small deterministic generator, so that the random games are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A random game of up to `plies` moves from `start` (stops when the game is over).
fn random_game<G: Game>(start: G, plies: usize, seed: u64) -> Session<G> {
    let mut rng = Lcg(seed);
    let mut session = Session::new(start, Side::White, Level::Medium);
    for _ in 0..plies {
        if session.outcome().is_some() {
            break;
        }
        let moves = session.pos.legal_moves();
        let mv = moves.as_slice()[rng.below(moves.len())];
        let human = session.pos.side_to_move() == session.human;
        session.push(mv, human);
    }
    session
}

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

/// Exports `session` as the web game does and imports it again.
fn web_round_trip<G: Game>(session: &Session<G>) {
    let text = pgn::record(session, "2026.11.22");
    let record = import::<G>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(record.start.to_fen(), session.start.to_fen(), "{text}");
    let played: Vec<G::Move> = session.history.iter().map(|p| p.mv).collect();
    assert_eq!(record.moves, played, "{text}");
    assert_eq!(record.position().to_fen(), session.pos.to_fen());
    let result = session.outcome().map_or("*", |o| o.pgn_result());
    assert_eq!(record.result.as_deref(), Some(result));
    assert_eq!(record.tag("Site"), Some("Chariot"));
}

#[test]
fn web_exports_of_random_chess_games_import_to_the_same_game() {
    let starts = [
        chess::Position::start().to_fen(),
        "r3k2r/pPpp1ppp/8/3Pp3/8/8/P1PPPPpP/R3K2R w KQkq e6 0 12".to_string(),
        "8/P6k/8/8/8/8/6Kp/8 b - - 3 40".to_string(),
    ];
    for (i, fen) in starts.iter().enumerate() {
        for seed in 0..4 {
            let start = chess::Position::from_fen(fen).unwrap();
            web_round_trip(&random_game(start, 120, seed * 10 + i as u64));
        }
    }
}

#[test]
fn web_exports_of_random_xiangqi_games_import_to_the_same_game() {
    let starts = [
        xiangqi::Position::start().to_fen(),
        // Black to move, tandem soldiers and pieces on the same files.
        "3akab2/9/4b4/p1P1p1P1p/2p3p2/2P3P2/9/4B4/9/2BAKA3 b - - 0 20".to_string(),
    ];
    for (i, fen) in starts.iter().enumerate() {
        for seed in 0..4 {
            let start = xiangqi::Position::from_fen(fen).unwrap();
            web_round_trip(&random_game(start, 150, seed * 10 + i as u64));
        }
    }
}

#[test]
fn terminal_game_records_import_to_the_same_game() {
    use crate::play::record::record;
    let chess_game = random_game(chess::Position::start(), 80, 7);
    let moves: Vec<_> = chess_game.history.iter().map(|p| p.mv).collect();
    let text = record(&chess_game.start, &moves, Side::Black, "*");
    assert_eq!(import::<chess::Position>(&text).unwrap().moves, moves);

    let start =
        xiangqi::Position::from_fen("3akab2/9/4b4/p1P1p1P1p/2p3p2/2P3P2/9/4B4/9/2BAKA3 w - - 0 1")
            .unwrap();
    let xq = random_game(start, 60, 3);
    let moves: Vec<_> = xq.history.iter().map(|p| p.mv).collect();
    let text = record(&xq.start, &moves, Side::White, "*");
    let back = import::<xiangqi::Position>(&text).unwrap();
    assert_eq!(back.start.to_fen(), xq.start.to_fen(), "{text}");
    assert_eq!(back.moves, moves, "{text}");
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
