//! A forced move on the clock is still searched a little: the score it reports is a real
//! one, not a depth-1 guess, and the move still comes well inside the clock.

mod common;

use chess::Position;
use common::TestTuning;
use search::{Clock, Control, Info, Limits, Options, Searcher};
use std::time::{Duration, Instant};

/// Black's only legal move is Kh8, and White then mates (Stockfish 15.1: mate in 16),
/// though Black is a queen and more up. A depth-1 search scores it about +6.7 for Black.
const ONLY_KH8: &str = "r1b2r2/ppB2pkp/5n2/6Q1/3n4/P2B1q2/1PP2P1P/2KR4 b - - 1 17";

#[test]
fn a_single_legal_move_is_searched_past_depth_one_and_answered_soon() {
    let pos: Position = game::Game::from_fen(ONLY_KH8).expect("valid FEN");
    let mut searcher = Searcher::<Position>::new(Options::default(), Position::TUNING);
    let limits = Limits {
        clock: Some(Clock {
            time: Duration::from_secs(10),
            inc: Duration::from_millis(100),
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let started = Instant::now();
    let result = searcher.search(&pos, &limits, &[], &Control::new(), &mut |_: &Info<_>| {});
    let took = started.elapsed();
    assert!(result.best.is_some());
    assert!(result.depth > 1, "stopped at depth {}", result.depth);
    assert!(
        took < Duration::from_secs(2),
        "took {took:?} for a forced move"
    );
}
