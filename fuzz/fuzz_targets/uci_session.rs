//! A whole scripted UCI session: the input is many lines, each parsed by Chariot's UCI
//! parser and carried out on a chess position as a session does (positions with their
//! move lists, searches with a small fixed node budget).
#![no_main]

use chariot::uci::parse::{parse, Command, Start};
use game::{Game, MoveStyle};
use search::{Control, Limits, Options, Searcher};
use std::cell::RefCell;

/// Most lines carried out per input.
const MAX_LINES: usize = 64;
/// Node budget of each `go`: enough for a few iterations, small enough for many execs/s.
const NODES: u64 = 300;

thread_local! {
    static SEARCHER: RefCell<Searcher<chess::Position>> = RefCell::new(Searcher::new(Options {
        hash_mb: 1,
        ..Options::default()
    }));
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut pos = chess::Position::start();
    SEARCHER.with(|s| s.borrow_mut().clear());
    for line in text.lines().take(MAX_LINES) {
        let Ok(Some(command)) = parse(line) else {
            continue;
        };
        match command {
            Command::UciNewGame => SEARCHER.with(|s| s.borrow_mut().clear()),
            Command::Position { start, moves } => {
                let base = match start {
                    Start::StartPos => Ok(chess::Position::start()),
                    Start::Fen(fen) => chess::Position::from_fen(&fen),
                };
                let Ok(mut next) = base else { continue };
                for text in &moves {
                    match next.parse_move(text, MoveStyle::Coord) {
                        Ok(mv) => next.make(mv),
                        Err(_) => break,
                    }
                }
                pos = next;
            }
            Command::Go(go) => {
                let limits = Limits {
                    nodes: Some(go.nodes.unwrap_or(NODES).min(NODES)),
                    depth: go.depth.map(|d| d.min(64)),
                    mate: go.mate,
                    ..Limits::default()
                };
                let searchmoves: Vec<_> = go
                    .searchmoves
                    .iter()
                    .filter_map(|m| pos.parse_move(m, MoveStyle::Coord).ok())
                    .collect();
                let result = SEARCHER.with(|s| {
                    s.borrow_mut()
                        .search(&pos, &limits, &searchmoves, &Control::new(), &mut |_| {})
                });
                let legal = pos.legal_moves();
                match result.best {
                    Some(best) => assert!(legal.iter().any(|m| *m == best), "illegal bestmove"),
                    None => assert!(legal.is_empty(), "no bestmove with legal moves"),
                }
            }
            _ => {}
        }
    }
});
