//! The fast evaluation (incremental material and squares, the pawn cache) returns exactly
//! what a from-scratch evaluation returns, along random games played with make/unmake
//! from many positions, on several threads at once (each search thread has its own cache).
//! The network's incrementally kept sums are checked the same way against sums rebuilt
//! from the pieces.

use chess::Position;
use game::Game;

/// Start positions: the perft suite's FENs plus a few endgames with passers and races.
fn starts() -> Vec<String> {
    let mut fens: Vec<String> = include_str!("../data/chess.perft")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
        .collect();
    fens.extend(
        [
            "8/8/P7/4k3/8/8/8/4K3 w - - 0 1",
            "4k3/8/3P4/2P5/8/8/8/4K3 w - - 0 1",
            "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "8/5pk1/6p1/3P4/1P6/6P1/5PK1/8 b - - 0 40",
            "2r3k1/1p3ppp/p3p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
        ]
        .map(String::from),
    );
    fens
}

/// Checks every evaluation path at `p`; returns the value.
fn check(p: &Position) -> i32 {
    let fast = p.eval_white();
    assert_eq!(fast, p.eval_white_from_scratch(), "{p}");
    assert_eq!(fast, p.eval_terms().white_score, "{p}");
    let net = p.network().expect("the walks set a network");
    assert_eq!(
        p.nnue_eval(),
        Some(net.evaluate_position(p)),
        "network sums, {p}"
    );
    fast
}

/// Plays `games` seeded random games of `plies` from each start, checking the evaluation
/// after every make and again after every unmake on the way back; returns how many
/// positions it checked.
fn walk(seed: u64, games: usize, plies: usize) -> usize {
    let mut seed = seed;
    let mut checked = 0;
    for fen in starts() {
        for _ in 0..games {
            let mut p = Position::parse_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            p.set_network(Some(super::nnue::test_network()));
            let mut line = Vec::new();
            let mut values = vec![check(&p)];
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves.as_slice()[(seed % moves.len() as u64) as usize];
                p.make(mv);
                line.push(mv);
                values.push(check(&p));
            }
            checked += values.len();
            values.pop();
            while let Some(mv) = line.pop() {
                p.unmake(mv);
                // now a cache hit: it must return the value computed on the way out
                assert_eq!(Some(check(&p)), values.pop(), "{p}");
            }
        }
    }
    checked
}

#[test]
fn cached_evaluation_equals_evaluation_from_scratch() {
    assert!(walk(0x2545_F491_4F6C_DD1D, 6, 90) > 5000);
}

#[test]
fn threads_with_their_own_caches_agree() {
    let counts: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4u64)
            .map(|t| scope.spawn(move || walk(0x9E37_79B9_7F4A_7C15 ^ t, 2, 60)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("walker thread"))
            .collect()
    });
    assert!(counts.iter().all(|&n| n > 1000), "{counts:?}");
}

#[test]
fn a_king_walk_behind_fixed_pawns_updates_the_shelter() {
    // Same pawns throughout, only the kings move: every step must change what the cache
    // returns for the shelter exactly as a recomputation does.
    let mut p = Position::parse_fen("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1").unwrap();
    p.set_network(Some(super::nnue::test_network()));
    let mut seen = std::collections::BTreeSet::new();
    for mv in [
        "e1f1", "e8f8", "f1g1", "f8g8", "g1h1", "g8h8", "h1g1", "h8g8",
    ] {
        let m = p.parse_move(mv, game::MoveStyle::Coord).expect(mv);
        p.make(m);
        seen.insert(check(&p));
    }
    assert!(
        seen.len() >= 4,
        "the shelter should change the value: {seen:?}"
    );
}
