//! `may_give_check` (decided without playing the move) agrees with playing it: exactly for
//! every move but castling and en passant, and never `false` for a move that checks.

use chess::Position;
use game::Game;

/// Walks the legal move tree to `depth`, comparing the prediction with the position after
/// each move; returns (moves compared, moves that gave check).
fn walk(pos: &mut Position, depth: u32) -> (u64, u64) {
    if depth == 0 {
        return (0, 0);
    }
    let (mut moves, mut checks) = (0, 0);
    for &mv in pos.legal_moves().iter() {
        let predicted = pos.may_give_check(mv);
        pos.make(mv);
        let checks_now = pos.in_check();
        pos.unmake(mv);
        if mv.is_castling() || mv.is_en_passant() {
            assert!(predicted, "{pos} {mv}: a special move must answer true");
        } else {
            assert_eq!(predicted, checks_now, "{pos} {mv}");
        }
        moves += 1;
        checks += checks_now as u64;
        pos.make(mv);
        let (m, c) = walk(pos, depth - 1);
        pos.unmake(mv);
        moves += m;
        checks += c;
    }
    (moves, checks)
}

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
        let (m, c) = walk(&mut pos, 3);
        moves += m;
        checks += c;
    }
    // The suite has discovered checks, promotions with check and pins: make sure the walk
    // actually met checking moves, so the assertions above were exercised both ways.
    assert!(checks > 1_000, "only {checks} checks in {moves} moves");
}
