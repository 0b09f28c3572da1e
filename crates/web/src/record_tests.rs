//! The web game's exports read back by the importer (`record`) to the same game.

use crate::pgn;
use crate::think::Level;
use engine::session::Session;
use game::{Game, Side};
use record::import;

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
    let mut session = Session::new(start, Side::White);
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

/// Exports `session` as the web game does and imports it again.
fn web_round_trip<G: Game>(session: &Session<G>) {
    let text = pgn::record(session, Level::Medium, "2026.11.22");
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
