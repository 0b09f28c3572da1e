//! Chess960 perft counts from `tests/data/chess960.perft` (written by python-chess through
//! scripts/chess/make_960_perft.py) must be exact, through the fast perft and through
//! make/unmake with the network on, which checks the incremental hash, rights and sums.

use chess::Position;
use game::Game;

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    super::perft::read_suite(include_str!("../data/chess960.perft"))
}

#[test]
fn chess960_perft_counts_are_exact() {
    let suite = suite();
    assert!(suite.len() >= 40);
    for (fen, counts) in suite {
        let mut pos = Position::parse_fen_960(&fen).unwrap();
        for (depth, expected) in counts {
            assert_eq!(pos.perft(depth), expected, "{fen} depth {depth}");
        }
    }
}

/// python-chess writes X-FEN; the position writes the same text back. Shredder-FEN lines
/// read the same position as the X-FEN line before them.
#[test]
fn chess960_fen_round_trips_as_x_fen() {
    let fens: Vec<String> = suite().into_iter().map(|(fen, _)| fen).collect();
    let placement = |f: &str| f.split(' ').next().unwrap_or("").to_string();
    let mut i = 0;
    let mut pairs = 0;
    while i < fens.len() {
        let x_fen = &fens[i];
        let pos = Position::parse_fen_960(x_fen).unwrap();
        assert_eq!(&pos.fen(), x_fen);
        match fens.get(i + 1) {
            Some(shredder) if placement(shredder) == placement(x_fen) => {
                assert_eq!(
                    Position::parse_fen_960(shredder).unwrap(),
                    pos,
                    "{shredder}"
                );
                pairs += 1;
                i += 2;
            }
            _ => i += 1,
        }
    }
    assert!(pairs >= 20, "only {pairs} X-FEN/Shredder pairs");
}

/// Walks every line with make/unmake and the network, checking at every node that the
/// incremental hash, rights and network sums equal those of the position read afresh from
/// its FEN, and that every move's UCI text reads back as the move.
fn walk(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let before = (pos.fen(), pos.hash());
    let mut fresh = Position::parse_fen_960(&before.0).unwrap();
    fresh.set_network(pos.network().cloned());
    assert_eq!(fresh.hash(), before.1, "hash of {}", before.0);
    assert_eq!(
        fresh.nnue_eval(),
        pos.nnue_eval(),
        "network sums of {}",
        before.0
    );
    let mut total = 0;
    for &mv in pos.legal_moves().iter() {
        assert!(pos.is_legal(mv), "{mv} in {}", pos.fen());
        let text = pos.format_move(mv, game::MoveStyle::Coord);
        assert_eq!(pos.parse_uci(&text), Ok(mv), "{text} in {}", pos.fen());
        pos.make(mv);
        total += walk(pos, depth - 1);
        pos.unmake(mv);
    }
    assert_eq!((pos.fen(), pos.hash()), before, "unmake restores");
    total
}

#[test]
fn chess960_make_unmake_agrees_with_fast_perft() {
    for (fen, counts) in suite() {
        let mut pos = Position::parse_fen_960(&fen).unwrap();
        pos.set_network(Some(chess::nnue::embedded()));
        let (depth, expected) = counts[1];
        assert_eq!(walk(&mut pos, depth), expected, "{fen} depth {depth}");
    }
}
