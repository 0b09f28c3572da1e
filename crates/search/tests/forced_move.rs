//! A forced move on the clock is still searched a little: the score it reports is a real
//! one, not a depth-1 guess, and the search then stops by the forced-move rule instead of
//! spending the clock.

mod common;

use chess::Position;
use common::TestTuning;
use search::{Clock, Control, Info, Limits, Options, Searcher};
use std::sync::mpsc::channel;
use std::time::Duration;

/// Black's only legal move is Kh8, and White then mates (Stockfish 15.1: mate in 16),
/// though Black is a queen and more up. A depth-1 search scores it about +6.7 for Black.
const ONLY_KH8: &str = "r1b2r2/ppB2pkp/5n2/6Q1/3n4/P2B1q2/1PP2P1P/2KR4 b - - 1 17";

/// The depth at which a forced move's search stops (`SINGLE_REPLY_DEPTH` in iterate.rs).
const FORCED_MOVE_DEPTH: u32 = 12;

#[test]
fn a_single_legal_move_is_searched_past_depth_one_and_not_on_the_clock() {
    let pos: Position = game::Game::from_fen(ONLY_KH8).expect("valid FEN");
    // An hour on the clock: the time rules would allow minutes for this move (the
    // forced-move one about 70 s), so answering within the wait below means the depth
    // rule stopped the search. The wait fails only on a hang, never on a slow machine
    // that still searches as it should.
    let limits = Limits {
        clock: Some(Clock {
            time: Duration::from_secs(3600),
            inc: Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut searcher = Searcher::<Position>::new(Options::default(), Position::TUNING);
        let result = searcher.search(&pos, &limits, &[], &Control::new(), &mut |_: &Info<_>| {});
        let _ = tx.send(result);
    });
    let result = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("a forced move is answered without spending the clock");
    assert!(result.best.is_some());
    assert!(
        (2..=FORCED_MOVE_DEPTH).contains(&result.depth),
        "stopped at depth {}",
        result.depth
    );
}
