//! Network files of both games: any bytes given to `chess::nnue::Network::from_bytes` (or
//! to xiangqi's) give a network
//! or an error, never a panic; `network::check` (the build-time check of the built-in
//! network) accepts exactly the files `from_bytes` accepts; and a network that loads
//! evaluates a few positions to scores within `network::LIMIT`, whatever its weights (debug
//! assertions and overflow checks are on, so an overflowing sum stops the run), and writes
//! back to bytes that load again.
#![no_main]

use chess::nnue::network::{check, LIMIT};
use chess::nnue::Network;
use game::Game;

/// Positions with many, some and few pieces (different output buckets).
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2k5/8/3K4/8/8/8/7R b - - 0 1",
];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let loaded = Network::from_bytes(data);
    xiangqi_network(data, loaded.is_ok());
    assert_eq!(
        check(data).is_ok(),
        loaded.is_ok(),
        "check and from_bytes disagree: {:?} / {:?}",
        check(data),
        loaded.as_ref().err()
    );
    let Ok(network) = loaded else { return };
    for fen in FENS {
        let pos = chess::Position::from_fen(fen).expect("a valid FEN");
        let score = network.evaluate_position(&pos);
        assert!(score.abs() <= LIMIT, "score {score} beyond the limit");
    }
    let again = Network::from_bytes(&network.to_bytes()).expect("its own bytes load");
    assert_eq!(again.activation(), network.activation());
});

/// The same bytes read as a xiangqi network: refused, or a network that evaluates the start
/// within the limit and writes back to bytes that load again. A file that loads as one game
/// never loads as the other (the header names its game).
fn xiangqi_network(data: &[u8], chess_loaded: bool) {
    let Ok(network) = xiangqi::nnue::Network::from_bytes(data) else {
        return;
    };
    assert!(
        !chess_loaded,
        "one file loaded as a chess and as a xiangqi network"
    );
    let pos = xiangqi::Position::start();
    let score = network.evaluate_position(&pos);
    assert!(
        score.abs() <= LIMIT,
        "xiangqi score {score} beyond the limit"
    );
    xiangqi::nnue::Network::from_bytes(&network.to_bytes()).expect("its own bytes load");
}
