//! `gives_check` / `may_give_check` (decided without playing the move) agree exactly with
//! playing it, over the perft positions' move trees.

use game::Game;
use xiangqi::Position;

/// Walks the legal move tree to `depth`; returns (moves compared, moves that gave check).
fn walk(pos: &mut Position, depth: u32) -> (u64, u64) {
    if depth == 0 {
        return (0, 0);
    }
    let (mut moves, mut checks) = (0, 0);
    for &mv in pos.legal_moves().iter() {
        let predicted = pos.may_give_check(mv);
        pos.make(mv);
        let checks_now = pos.in_check();
        assert_eq!(predicted, checks_now, "{} then {mv:?}", pos.to_fen());
        moves += 1;
        checks += checks_now as u64;
        let (m, c) = walk(pos, depth - 1);
        pos.unmake(mv);
        moves += m;
        checks += c;
    }
    (moves, checks)
}

#[test]
fn check_prediction_matches_playing_the_move() {
    let text = include_str!("data/xiangqi.perft");
    let (mut moves, mut checks) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fen = line.split(';').next().unwrap_or_default().trim();
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let (m, c) = walk(&mut pos, 3);
        moves += m;
        checks += c;
    }
    // Checks by chariot, cannon (screens made and unmade), horse (legs) and soldier all
    // occur in the suite; make sure the walk met many, so both answers were exercised.
    assert!(checks > 1_000, "only {checks} checks in {moves} moves");
}
