//! The engine facade with a scripted searcher: searches on their own thread, stop, ponder,
//! the fallback move and the book.

use engine::book::Book;
use engine::*;
use game::Game;
use search::{Limits, Options, SearchResult};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Duration;
use std::time::Instant;
use testkit::{Pile, Scripted, STEP};

type TestEngine = Engine<Pile, Scripted>;

/// Long enough that only a hang runs into it: the tests wait for things to happen, and
/// never check how fast they happen.
const HANG: Duration = Duration::from_secs(30);

fn engine() -> TestEngine {
    Engine::new(Options::default())
}

fn go(engine: &mut TestEngine, limits: Limits, ponder: bool) -> Receiver<Event<u8>> {
    let (tx, rx) = channel();
    engine.go(
        GoRequest {
            limits,
            searchmoves: vec![],
            ponder,
        },
        tx,
    );
    rx
}

/// Waits for the `Finished` event, skipping progress.
fn result(rx: &Receiver<Event<u8>>, within: Duration) -> Option<SearchResult<u8>> {
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left).ok()? {
            Event::Finished(result) => return Some(result),
            Event::Info(_) | Event::Note(_) => {}
        }
    }
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn infinite() -> Limits {
    Limits {
        infinite: true,
        ..Limits::default()
    }
}

#[test]
fn a_search_reports_progress_and_a_legal_move() {
    let mut e = engine();
    let rx = go(&mut e, depth(3), false);
    let mut infos = 0;
    let best = loop {
        match rx.recv_timeout(HANG).expect("search ended") {
            Event::Info(info) => {
                infos += 1;
                assert_eq!(info.depth, infos);
            }
            Event::Finished(result) => break result.best,
            Event::Note(note) => panic!("unexpected note {note}"),
        }
    };
    assert_eq!(infos, 3);
    assert_eq!(best, Some(1), "21 stones: take 1 to leave a multiple of 4");
}

#[test]
fn stop_ends_an_infinite_search_and_returns_after_its_result() {
    let mut e = engine();
    let rx = go(&mut e, infinite(), false);
    std::thread::sleep(STEP * 4);
    assert!(e.is_searching());
    // On another thread, so that a stop that never returns fails the test after HANG.
    let (done, stopped) = channel();
    std::thread::spawn(move || {
        e.stop();
        let _ = done.send(e);
    });
    let e = stopped.recv_timeout(HANG).expect("stop returns");
    let result = result(&rx, Duration::ZERO).expect("the result came before stop returned");
    assert!(result.best.is_some());
    assert!(!e.is_searching());
}

#[test]
fn infinite_search_waits_for_stop_even_when_done() {
    let mut e = engine();
    let rx = go(
        &mut e,
        Limits {
            depth: Some(1),
            infinite: true,
            ..Limits::default()
        },
        false,
    );
    assert!(result(&rx, STEP * 20).is_none(), "no bestmove before stop");
    e.stop();
    assert!(result(&rx, HANG).is_some());
}

#[test]
fn ponder_waits_for_ponderhit_then_finishes_on_its_limits() {
    let mut e = engine();
    let rx = go(&mut e, depth(2), true);
    assert!(
        result(&rx, STEP * 20).is_none(),
        "no bestmove while pondering"
    );
    e.ponderhit();
    assert!(result(&rx, HANG).is_some());
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let mut e = engine();
    e.set_position(Pile::from_fen("0 w").unwrap());
    let rx = go(&mut e, depth(5), false);
    let result = result(&rx, HANG).unwrap();
    assert_eq!(result.best, None);
    assert_eq!(e.with_searcher(|s| s.searches), 0, "nothing to search");
}

#[test]
fn searchmoves_restrict_the_root() {
    let mut e = engine();
    let (tx, rx) = channel();
    e.go(
        GoRequest {
            limits: depth(1),
            searchmoves: vec![3],
            ponder: false,
        },
        tx,
    );
    assert_eq!(result(&rx, HANG).unwrap().best, Some(3));
}

#[test]
fn play_checks_legality_and_undo_restores() {
    let mut e = engine();
    e.set_position(Pile::from_fen("2 w").unwrap());
    assert_eq!(e.play(3), Err(EngineError::IllegalMove));
    assert_eq!(e.play(2), Ok(()));
    assert_eq!(e.position().to_fen(), "0 b");
    assert_eq!(e.moves(), &[2]);
    assert_eq!(e.undo(), Ok(2));
    assert_eq!(e.position().to_fen(), "2 w");
    assert_eq!(e.undo(), Err(EngineError::NothingToUndo));
}

#[test]
fn new_game_mid_search_stops_it_and_clears_the_searcher() {
    let mut e = engine();
    e.play(1).unwrap();
    let rx = go(&mut e, infinite(), false);
    std::thread::sleep(STEP * 2);
    e.new_game();
    assert!(
        result(&rx, Duration::ZERO).is_some(),
        "the old search reported"
    );
    assert!(!e.is_searching());
    assert_eq!(e.position(), &Pile::start());
    assert_eq!(e.with_searcher(|s| s.clears), 1);
}

#[test]
fn options_reach_the_searcher_between_games() {
    let mut e = engine();
    let rx = go(&mut e, depth(1), false);
    result(&rx, HANG).unwrap();
    e.set_options(Options {
        threads: 4,
        ..Options::default()
    });
    assert_eq!(e.with_searcher(|s| s.options.threads), 4);
    let rx = go(&mut e, depth(1), false);
    assert!(result(&rx, HANG).unwrap().best.is_some());
}

struct Always(u8);

impl Book<Pile> for Always {
    fn pick(&self, _pos: &Pile) -> Option<u8> {
        Some(self.0)
    }
}

#[test]
fn a_book_move_is_played_without_searching() {
    let mut e = engine();
    e.set_book(Some(Arc::new(Always(2))));
    let rx = go(&mut e, depth(8), false);
    let mut noted = false;
    let best = loop {
        match rx.recv_timeout(HANG).unwrap() {
            Event::Note(text) => noted = text.contains("book"),
            Event::Finished(result) => break result.best,
            Event::Info(_) => panic!("no search expected"),
        }
    };
    assert!(noted);
    assert_eq!(best, Some(2));
    assert_eq!(e.with_searcher(|s| s.searches), 0);
}

/// A network that scores every chess position +5 pawns for the side to move.
fn optimist() -> Arc<chess::nnue::Network> {
    use chess::nnue::{Network, HIDDEN, INPUTS};
    let mut output = vec![0.0f32; 2 * HIDDEN];
    output[0] = 1.25;
    let weights = vec![vec![0.0f32; HIDDEN]; INPUTS];
    let net = Network::quantise(&weights, &[0.5; HIDDEN], &output, &[0.625]);
    Arc::new(net.expect("the engine's shape"))
}

/// The engine's evaluator reaches the current position at once, every position set
/// later (a new game's too), and the searches on every thread: a two-thread search with
/// the optimist network scores about +5 pawns where the classic evaluation sees a queen.
#[test]
fn every_position_and_search_thread_evaluates_with_the_engines_evaluator() {
    const FEN: &str = "4k3/7p/8/8/8/8/P7/3QK3 w - - 0 1";
    let net = optimist();
    let mut e: Engine<chess::Position> = Engine::new(Options {
        threads: 2,
        ..Options::default()
    });
    e.set_position(chess::Position::from_fen(FEN).unwrap());
    assert!(e.position().network().is_none(), "classic by default");
    let holds = |e: &Engine<chess::Position>| {
        [e.position(), e.start_position()]
            .iter()
            .all(|p| p.network().is_some_and(|n| Arc::ptr_eq(n, &net)))
    };
    e.set_evaluator(Some(Arc::clone(&net)));
    assert!(holds(&e), "the current position");
    e.new_game();
    assert!(holds(&e), "a new game");
    e.set_position(chess::Position::from_fen(FEN).unwrap());
    assert!(holds(&e), "a position set later");
    let search = |e: &mut Engine<chess::Position>| {
        let (tx, rx) = channel();
        e.go(
            GoRequest {
                limits: Limits {
                    depth: Some(4),
                    ..Limits::default()
                },
                ..GoRequest::default()
            },
            tx,
        );
        loop {
            match rx.recv_timeout(Duration::from_secs(30)).expect("a result") {
                Event::Finished(result) => return result.score,
                Event::Info(_) | Event::Note(_) => {}
            }
        }
    };
    let score = search(&mut e);
    assert!((400..=500).contains(&score), "{score}");
    e.set_evaluator(None);
    let classic = search(&mut e);
    assert!(classic > 800, "{classic}");
}
