//! Search tests on the toy game: agreement with the reference algorithms, limits, threads.

use crate::reference::{alphabeta, minimax};
use crate::toy::Toy;
use crate::{Control, Info, Limits, Options, Searcher};
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
    let mut plain = Searcher::<Toy>::new(Options {
        hash_mb: 1,
        ..Options::default()
    });
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
    let mut s = Searcher::<Toy>::new(Options::default());
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
    let mut s = Searcher::<Toy>::new(Options::default());
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
    let mut s = Searcher::<Toy>::new(Options {
        threads: 2,
        ..Options::default()
    });
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
    let mut s = Searcher::<Toy>::new(Options::default());
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
