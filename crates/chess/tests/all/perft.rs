//! Perft counts from `tests/data/chess.perft` must be exact, through both the fast
//! perft and the generic make/unmake walk of the `Game` trait.

use chess::Position;
use game::Game;

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    read_suite(include_str!("../data/chess.perft"))
}

/// A perft data file: `FEN ;D1 n ;D2 n …` per line, `#` comments and blank lines skipped.
pub(crate) fn read_suite(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().trim_start_matches('D').split_once(' ').unwrap();
                    (d.parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn perft_suite_counts_are_exact() {
    let suite = suite();
    assert!(suite.len() >= 6);
    for (fen, counts) in suite {
        let mut pos = Position::parse_fen(&fen).unwrap();
        for (depth, expected) in counts {
            assert_eq!(pos.perft(depth), expected, "{fen} depth {depth}");
        }
    }
}

/// The trait's default walk (list, make, recurse, unmake) must agree with the fast one,
/// which checks `Position::play`/`undo` and the counting sink against each other.
fn slow_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let before = (pos.fen(), pos.hash());
    let mut total = 0;
    for &mv in pos.legal_moves().iter() {
        pos.make(mv);
        total += slow_perft(pos, depth - 1);
        pos.unmake(mv);
    }
    assert_eq!(
        (pos.fen(), pos.hash()),
        before,
        "unmake restores the position"
    );
    total
}

#[test]
fn generic_walk_agrees_with_fast_perft() {
    for (fen, counts) in suite() {
        let mut pos = Position::parse_fen(&fen).unwrap();
        let (depth, expected) = counts[2];
        assert_eq!(slow_perft(&mut pos, depth), expected, "{fen} depth {depth}");
    }
}
