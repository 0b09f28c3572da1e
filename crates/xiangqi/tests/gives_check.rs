//! `may_give_check` (decided without playing the move) agrees exactly with playing it,
//! over the perft positions' move trees.

use game::{verify_check_prediction, Game};
use xiangqi::Position;

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
        let count =
            verify_check_prediction(&mut pos, 3, &|_| true).unwrap_or_else(|e| panic!("{e}"));
        moves += count.moves;
        checks += count.checks;
    }
    // Checks by chariot, cannon (screens made and unmade), horse (legs) and soldier all
    // occur in the suite; make sure the walk met many, so both answers were exercised.
    assert!(checks > 1_000, "only {checks} checks in {moves} moves");
}
