//! `may_give_check` (decided without playing the move) agrees with playing it: exactly for
//! every move but castling and en passant, and never `false` for a move that checks.

use chess::Position;
use game::verify_check_prediction;

#[test]
fn check_prediction_matches_playing_the_move() {
    let text = include_str!("../data/chess.perft");
    let (mut moves, mut checks) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fen = line.split(';').next().unwrap().trim();
        let mut pos = Position::parse_fen(fen).unwrap();
        let exact = |mv: chess::Move| !mv.is_castling() && !mv.is_en_passant();
        let count = verify_check_prediction(&mut pos, 3, &exact).unwrap_or_else(|e| panic!("{e}"));
        moves += count.moves;
        checks += count.checks;
    }
    // The suite has discovered checks, promotions with check and pins: make sure the walk
    // actually met checking moves, so the assertions above were exercised both ways.
    assert!(checks > 1_000, "only {checks} checks in {moves} moves");
}
