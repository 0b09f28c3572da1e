//! Search tests on the toy game: agreement with the reference algorithms, limits, threads.

use crate::reference::{alphabeta, minimax};
use crate::toy::Toy;
use crate::{Control, Info, Limits, Options, SearchResult, SearchTuning, Searcher};
use game::{Game, INFINITY};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Long enough that only a hang runs into it: the tests wait for things to happen, and
/// never check how fast they happen.
const HANG: Duration = Duration::from_secs(60);

fn fixed_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn search(searcher: &mut Searcher<Toy>, pos: &Toy, limits: &Limits) -> crate::SearchResult<u8> {
    searcher.search(pos, limits, &[], &Control::new(), &mut |_: &Info<u8>| {})
}

#[test]
fn minimax_alphabeta_and_plain_search_agree() {
    let mut plain = Searcher::<Toy>::new(
        Options {
            hash_mb: 1,
            ..Options::default()
        },
        SearchTuning::BASE,
    );
    plain.set_pruning(false);
    let mut tested = 0;
    for seed in 0..150u64 {
        let mut pos = Toy::seeded(seed);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in 1..=5 {
            let mm = minimax(&mut pos, depth);
            let ab = alphabeta(&mut pos, depth, -INFINITY, INFINITY);
            assert_eq!(mm.value, ab.value, "seed {seed} depth {depth}");
            assert!(ab.nodes <= mm.nodes);
            plain.clear();
            let result = search(&mut plain, &pos, &fixed_depth(depth));
            assert_eq!(result.score, mm.value, "seed {seed} depth {depth}");
            assert_eq!(result.depth, depth);
            tested += 1;
        }
    }
    assert!(tested > 500);
}

#[test]
fn full_search_returns_a_legal_move_and_respects_depth() {
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    for seed in 0..40u64 {
        let pos = Toy::seeded(seed);
        let legal = pos.legal_moves();
        let r = search(&mut s, &pos, &fixed_depth(6));
        match r.best {
            Some(mv) => assert!(legal.contains(mv)),
            None => assert!(legal.is_empty()),
        }
        assert!(r.depth <= 6);
    }
}

#[test]
fn the_table_remembers_searched_positions_and_a_cleared_one_nothing() {
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = (0..)
        .map(Toy::seeded)
        .find(|p| p.legal_moves().len() > 2)
        .unwrap();
    assert_eq!(s.remembered(&pos), None, "an empty table knows nothing");
    let r = search(&mut s, &pos, &fixed_depth(5));
    // The root itself is not stored; the position after the chosen move is.
    let mut child = pos.clone();
    child.make(r.best.unwrap());
    let known = s.remembered(&child).expect("the reply position is stored");
    assert!(known.depth >= 1, "{known:?}");
    if let Some(mv) = known.best {
        assert!(child.legal_moves().contains(mv), "{known:?}");
    }
    s.clear();
    assert_eq!(s.remembered(&child), None, "a cleared table knows nothing");
}

#[test]
fn node_limit_is_respected() {
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = (0..)
        .map(Toy::seeded)
        .find(|p| p.legal_moves().len() >= 3)
        .unwrap();
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let r = search(&mut s, &pos, &limits);
    assert!(r.best.is_some());
    assert!(
        r.nodes <= 5_000 + 2 * crate::params::CHECK_INTERVAL,
        "{} nodes",
        r.nodes
    );
}

#[test]
fn two_threads_return_a_legal_move() {
    let mut s = Searcher::<Toy>::new(
        Options {
            threads: 2,
            ..Options::default()
        },
        SearchTuning::BASE,
    );
    for seed in 0..10u64 {
        let pos = Toy::seeded(seed);
        let r = search(&mut s, &pos, &fixed_depth(7));
        if let Some(mv) = r.best {
            assert!(pos.legal_moves().contains(mv));
        }
    }
}

#[test]
fn reports_come_once_per_iteration() {
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = (0..)
        .map(Toy::seeded)
        .find(|p| p.legal_moves().len() >= 2)
        .unwrap();
    let mut depths = Vec::new();
    s.search(
        &pos,
        &fixed_depth(5),
        &[],
        &Control::new(),
        &mut |i: &Info<u8>| {
            depths.push(i.depth);
            assert!(!i.pv.is_empty());
        },
    );
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
}

fn busy_position() -> Toy {
    (0..)
        .map(Toy::seeded)
        .find(|p| p.legal_moves().len() >= 4)
        .unwrap()
}

#[test]
fn stop_before_start_still_gives_a_legal_move() {
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = busy_position();
    let control = Control::new();
    control.stop();
    let r = s.search(&pos, &Limits::default(), &[], &control, &mut |_: &Info<
        u8,
    >| {});
    assert!(pos.legal_moves().contains(r.best.unwrap()));
}

#[test]
fn searchmoves_restrict_the_root() {
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = busy_position();
    let legal = pos.legal_moves();
    for &only in legal.iter() {
        let r = s.search(
            &pos,
            &fixed_depth(4),
            &[only],
            &Control::new(),
            &mut |i: &Info<u8>| {
                assert_eq!(i.pv[0], only);
            },
        );
        assert_eq!(r.best, Some(only));
    }
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let mut s = Searcher::<Toy>::new(
        Options {
            multipv: 3,
            ..Options::default()
        },
        SearchTuning::BASE,
    );
    let pos = busy_position();
    let mut seen: Vec<(u32, usize, i32, u8)> = Vec::new();
    s.search(
        &pos,
        &fixed_depth(4),
        &[],
        &Control::new(),
        &mut |i: &Info<u8>| {
            seen.push((i.depth, i.multipv, i.score, i.pv[0]));
        },
    );
    let last: Vec<_> = seen.iter().filter(|l| l.0 == 4).collect();
    assert_eq!(last.iter().map(|l| l.1).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!(last[0].2 >= last[1].2 && last[1].2 >= last[2].2);
    assert!(last[0].3 != last[1].3 && last[1].3 != last[2].3 && last[0].3 != last[2].3);
}

#[test]
fn multipv_line_values_match_minimax_of_each_move() {
    // With pruning off, each reported line's score is that root move's exact value.
    let mut s = Searcher::<Toy>::new(
        Options {
            multipv: 4,
            hash_mb: 1,
            ..Options::default()
        },
        SearchTuning::BASE,
    );
    s.set_pruning(false);
    let mut pos = busy_position();
    let mut lines = Vec::new();
    s.search(
        &pos,
        &fixed_depth(4),
        &[],
        &Control::new(),
        &mut |i: &Info<u8>| {
            if i.depth == 4 {
                lines.push((i.pv[0], i.score));
            }
        },
    );
    assert_eq!(lines.len(), 4);
    for (mv, score) in lines {
        pos.make(mv);
        let child = minimax(&mut pos, 3).value;
        pos.unmake(mv);
        // Child values are one ply deeper: mate distances shift by one.
        let expected = -child;
        let shifted = if game::is_mate_score(expected) {
            expected - expected.signum()
        } else {
            expected
        };
        assert!(
            score == expected || score == shifted,
            "{mv}: {score} vs {expected}"
        );
    }
}

#[test]
fn levels_and_randomize_still_play_legal_moves() {
    for strength in [crate::Strength::Level(0), crate::Strength::Elo(1500)] {
        let mut s = Searcher::<Toy>::new(
            Options {
                strength,
                randomize: true,
                ..Options::default()
            },
            SearchTuning::BASE,
        );
        s.seed(3);
        let pos = busy_position();
        let r = search(&mut s, &pos, &Limits::default());
        assert!(pos.legal_moves().contains(r.best.unwrap()));
    }
}

fn clock(ms: u64) -> Limits {
    Limits {
        clock: Some(crate::Clock {
            time: std::time::Duration::from_millis(ms),
            inc: std::time::Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    }
}

/// What a search running on its own thread sends back.
enum Event {
    /// An iteration of this depth finished.
    Depth(u32),
    /// The search returned.
    Done(SearchResult<u8>),
}

/// Starts a search of `pos` on its own thread, steered through `control`.
fn spawn_search(
    options: Options,
    pos: &Toy,
    limits: Limits,
    control: &Arc<Control>,
) -> Receiver<Event> {
    let (tx, rx) = channel();
    let (pos, control) = (pos.clone(), Arc::clone(control));
    std::thread::spawn(move || {
        let mut s = Searcher::<Toy>::new(options, SearchTuning::BASE);
        let result = s.search(&pos, &limits, &[], &control, &mut |i: &Info<u8>| {
            let _ = tx.send(Event::Depth(i.depth));
        });
        let _ = tx.send(Event::Done(result));
    });
    rx
}

/// Waits (bounded only by [`HANG`]) for an iteration of at least `depth`.
fn reached(rx: &Receiver<Event>, depth: u32) {
    loop {
        match rx.recv_timeout(HANG).expect("the search reports") {
            Event::Depth(d) if d >= depth => return,
            Event::Depth(_) => {}
            Event::Done(_) => panic!("the search ended before depth {depth}"),
        }
    }
}

/// Waits (bounded only by [`HANG`]) for the search to return.
fn finished(rx: &Receiver<Event>) -> SearchResult<u8> {
    loop {
        match rx.recv_timeout(HANG).expect("the search returns") {
            Event::Depth(_) => {}
            Event::Done(result) => return result,
        }
    }
}

/// Whether the search returns within `wait`. Used only to check that it does *not*:
/// a slow machine can then make a broken search pass, never a correct one fail.
fn returns_within(rx: &Receiver<Event>, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Event::Done(_)) => return true,
            Ok(Event::Depth(_)) => {}
            Err(RecvTimeoutError::Timeout) => return false,
            Err(RecvTimeoutError::Disconnected) => panic!("the search thread died"),
        }
    }
}

fn infinite(depth: Option<u32>) -> Limits {
    Limits {
        infinite: true,
        depth,
        ..Limits::default()
    }
}

#[test]
fn stop_ends_a_running_infinite_search_with_a_legal_move() {
    let pos = busy_position();
    let control = Arc::new(Control::new());
    let options = Options {
        threads: 2,
        ..Options::default()
    };
    let rx = spawn_search(options, &pos, infinite(None), &control);
    reached(&rx, 2);
    control.stop();
    let result = finished(&rx);
    assert!(pos.legal_moves().contains(result.best.unwrap()));
}

#[test]
fn an_infinite_search_done_with_its_depth_waits_for_stop() {
    let pos = busy_position();
    let control = Arc::new(Control::new());
    let rx = spawn_search(Options::default(), &pos, infinite(Some(3)), &control);
    reached(&rx, 3);
    assert!(
        !returns_within(&rx, Duration::from_millis(200)),
        "infinite answered before stop"
    );
    control.stop();
    assert!(pos.legal_moves().contains(finished(&rx).best.unwrap()));
}

#[test]
fn movetime_ends_a_search_that_would_otherwise_run_for_ages() {
    // No depth or node limit: without the movetime the toy tree would keep it busy far
    // longer than HANG.
    let pos = busy_position();
    let limits = Limits {
        movetime: Some(Duration::from_millis(80)),
        ..Limits::default()
    };
    let rx = spawn_search(Options::default(), &pos, limits, &Arc::new(Control::new()));
    assert!(pos.legal_moves().contains(finished(&rx).best.unwrap()));
}

#[test]
fn a_short_clock_ends_the_search_with_a_legal_move() {
    // How much of the clock is spent is checked on the numbers in `time.rs`; here the
    // search must end on its own, by the clock alone.
    let pos = busy_position();
    for ms in [30, 120, 400] {
        let rx = spawn_search(
            Options::default(),
            &pos,
            clock(ms),
            &Arc::new(Control::new()),
        );
        let r = finished(&rx);
        assert!(pos.legal_moves().contains(r.best.unwrap()), "{ms} ms");
    }
}

#[test]
fn pondering_ignores_the_clock_until_ponderhit() {
    let pos = busy_position();
    let control = Arc::new(Control::new());
    control.set_pondering(true);
    let rx = spawn_search(Options::default(), &pos, clock(60), &control);
    reached(&rx, 1);
    // Far past the 60 ms clock: a search that kept to it would have answered.
    assert!(
        !returns_within(&rx, Duration::from_millis(300)),
        "answered while pondering"
    );
    control.ponderhit();
    assert!(pos.legal_moves().contains(finished(&rx).best.unwrap()));
}

/// The searcher keeps each thread's stack and PV table from one search to the next; a
/// search after `clear` must be exactly what a new searcher's is, reports included.
#[test]
fn a_cleared_searcher_searches_as_a_new_one() {
    let options = Options {
        hash_mb: 1,
        ..Options::default()
    };
    let lines = |s: &mut Searcher<Toy>, pos: &Toy| {
        let mut pvs = Vec::new();
        let found = s.search(pos, &fixed_depth(7), &[], &Control::new(), &mut |i| {
            pvs.push((i.depth, i.score, i.pv.clone()))
        });
        (found.best, found.score, found.nodes, pvs)
    };
    let positions: Vec<Toy> = (0..40)
        .map(Toy::seeded)
        .filter(|p| p.legal_moves().len() >= 3)
        .take(6)
        .collect();
    // The features that keep state in the stack's frames: singular extensions (the
    // excluded move, double extensions) and the cutoff counts of the cut-node reductions.
    let tuning = SearchTuning {
        singular_margin: Some(2),
        cut_node_reduction: true,
        child_cutoff_reduction: true,
        continuation_history: true,
        tt_move_first: true,
        ..SearchTuning::BASE
    };
    let mut reused = Searcher::<Toy>::new(options.clone(), tuning);
    for pos in &positions {
        let mut fresh = Searcher::<Toy>::new(options.clone(), tuning);
        let expected = lines(&mut fresh, pos);
        assert!(expected.3.iter().any(|(_, _, pv)| pv.len() > 1));
        reused.clear();
        assert_eq!(lines(&mut reused, pos), expected);
    }
}
