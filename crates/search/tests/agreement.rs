//! Minimax, plain alpha-beta and the engine search with pruning off must agree on the
//! root value at fixed depth, over many positions of both games.

mod common;

use common::TestTuning;
use game::{Game, INFINITY};
use search::reference::{alphabeta, minimax};
use search::{Control, Info, Limits, Options, Searcher};

/// Positions reached by a deterministic pseudo-random playout of `plies` from the start.
fn playouts<G: Game>(count: usize, plies: usize) -> Vec<G> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    for _ in 0..count {
        let mut pos = G::start();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves.as_slice()[(seed % moves.len() as u64) as usize];
            pos.make(mv);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

fn agree<G: TestTuning>(positions: &[G], depth: u32) -> usize {
    let mut plain = Searcher::<G>::new(
        Options {
            hash_mb: 1,
            ..Options::default()
        },
        G::TUNING,
    );
    plain.set_pruning(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for pos in positions {
        let mut p = pos.clone();
        let mm = minimax(&mut p, depth);
        let ab = alphabeta(&mut p, depth, -INFINITY, INFINITY);
        assert_eq!(
            mm.value,
            ab.value,
            "{} depth {depth}: minimax vs alpha-beta",
            pos.to_fen()
        );
        assert!(ab.nodes <= mm.nodes);
        plain.clear();
        let r = plain.search(pos, &limits, &[], &Control::new(), &mut |_: &Info<
            G::Move,
        >| {});
        assert_eq!(
            r.score,
            mm.value,
            "{} depth {depth}: search vs minimax",
            pos.to_fen()
        );
    }
    positions.len()
}

#[test]
fn chess_agreement() {
    let shallow = playouts::<chess::Position>(24, 30);
    assert!(agree(&shallow, 1) + agree(&shallow, 2) + agree(&shallow, 3) > 60);
    // Positions near mate and stalemate exercise the no-move verdicts.
    let endings: Vec<chess::Position> = [
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
        "k7/8/1Q6/8/8/8/8/6K1 w - - 0 1",
    ]
    .iter()
    .map(|f| chess::Position::from_fen(f).unwrap())
    .collect();
    for depth in 1..=4 {
        agree(&endings, depth);
    }
}

#[test]
fn xiangqi_agreement() {
    let shallow = playouts::<xiangqi::Position>(30, 40);
    assert!(agree(&shallow, 1) + agree(&shallow, 2) + agree(&shallow, 3) > 60);
    let endings: Vec<xiangqi::Position> = [
        "3ak4/4a4/9/9/9/9/9/2C6/9/2RK5 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1",
    ]
    .iter()
    .map(|f| xiangqi::Position::from_fen(f).unwrap())
    .collect();
    for depth in 1..=4 {
        agree(&endings, depth);
    }
}

#[test]
fn two_threads_and_stop_give_legal_moves_in_both_games() {
    fn run<G: TestTuning>() {
        let pos = G::start();
        let mut s = Searcher::<G>::new(
            Options {
                threads: 2,
                ..Options::default()
            },
            G::TUNING,
        );
        let limits = Limits {
            depth: Some(7),
            ..Limits::default()
        };
        let r = s.search(&pos, &limits, &[], &Control::new(), &mut |_: &Info<
            G::Move,
        >| {});
        assert!(pos.legal_moves().contains(r.best.unwrap()));
        let control = Control::new();
        control.stop();
        let r = s.search(&pos, &Limits::default(), &[], &control, &mut |_: &Info<
            G::Move,
        >| {});
        assert!(pos.legal_moves().contains(r.best.unwrap()));
    }
    run::<chess::Position>();
    run::<xiangqi::Position>();
}
