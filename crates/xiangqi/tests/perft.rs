//! Perft counts against Fairy-Stockfish's (tests/data/xiangqi.perft).

use game::Game;
use xiangqi::Position;

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("data/xiangqi.perft");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let counts = parts
                .map(|p| {
                    let p = p.trim().trim_start_matches('D');
                    let mut it = p.split_whitespace();
                    let depth = it.next().and_then(|d| d.parse().ok()).expect("depth");
                    let nodes = it.next().and_then(|n| n.parse().ok()).expect("nodes");
                    (depth, nodes)
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn perft_suite_matches_fairy_stockfish() {
    let suite = suite();
    assert!(suite.len() >= 20, "suite lost positions");
    for (fen, counts) in suite {
        let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let before = pos.to_fen();
        for (depth, expected) in counts {
            assert_eq!(pos.perft(depth), expected, "{fen} depth {depth}");
        }
        assert_eq!(pos.to_fen(), before, "perft must restore the position");
    }
}

#[test]
fn start_position_counts() {
    let mut pos = Position::start();
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [44, 1920, 79666, 3290240]);
}

/// The trait's generic perft (make/unmake at every node) must agree with the fast one.
#[test]
fn generic_perft_agrees_with_override() {
    fn slow(pos: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for mv in pos.legal_moves().iter().copied() {
            pos.make(mv);
            total += slow(pos, depth - 1);
            pos.unmake(mv);
        }
        total
    }
    for (fen, _) in suite().into_iter().take(8) {
        let mut pos = Position::from_fen(&fen).unwrap();
        assert_eq!(slow(&mut pos, 3), pos.perft(3), "{fen}");
    }
}

#[test]
#[ignore = "deep: about 5 s in release; run with --ignored"]
fn start_position_depth_5() {
    assert_eq!(Position::start().perft(5), 133_312_995);
}
