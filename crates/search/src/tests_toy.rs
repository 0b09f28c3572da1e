//! Search tests on the toy game: agreement with the reference algorithms, limits, threads.

use crate::reference::{alphabeta, minimax};
use crate::toy::Toy;
use crate::{Control, Info, Limits, Options, SearchTuning, Searcher};
use game::{Game, INFINITY};

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
fn stop_flag_ends_an_infinite_search_quickly_with_a_legal_move() {
    use std::time::{Duration, Instant};
    let mut s = Searcher::<Toy>::new(
        Options {
            threads: 2,
            ..Options::default()
        },
        SearchTuning::BASE,
    );
    let pos = busy_position();
    let control = Control::new();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let started = Instant::now();
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            control.stop();
        });
        s.search(&pos, &limits, &[], &control, &mut |_: &Info<u8>| {})
    });
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(100),
        "infinite must wait for stop"
    );
    assert!(took < Duration::from_millis(600), "stopped after {took:?}");
    assert!(pos.legal_moves().contains(result.best.unwrap()));
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
fn movetime_is_kept() {
    use std::time::{Duration, Instant};
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = busy_position();
    let limits = Limits {
        movetime: Some(Duration::from_millis(80)),
        ..Limits::default()
    };
    let started = Instant::now();
    let r = search(&mut s, &pos, &limits);
    assert!(started.elapsed() < Duration::from_millis(250));
    assert!(r.best.is_some());
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

#[test]
fn a_short_clock_is_never_overstepped() {
    use std::time::{Duration, Instant};
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = busy_position();
    for ms in [30, 120, 400] {
        let started = Instant::now();
        let r = search(&mut s, &pos, &clock(ms));
        let took = started.elapsed();
        assert!(
            took < Duration::from_millis(ms),
            "{took:?} on a {ms} ms clock"
        );
        assert!(r.best.is_some());
    }
}

#[test]
fn pondering_ignores_the_clock_until_ponderhit() {
    use std::time::{Duration, Instant};
    let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
    let pos = busy_position();
    let control = Control::new();
    control.set_pondering(true);
    let started = Instant::now();
    let r = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(150));
            control.ponderhit();
        });
        s.search(&pos, &clock(60), &[], &control, &mut |_: &Info<u8>| {})
    });
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(150),
        "answered while pondering: {took:?}"
    );
    assert!(
        took < Duration::from_millis(450),
        "ponderhit not honoured: {took:?}"
    );
    assert!(r.best.is_some());
}
