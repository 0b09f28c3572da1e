//! A consistency check of [`Game::may_give_check`] against playing the moves, shared by the
//! games' tests (the same walk serves chess and xiangqi).

use crate::Game;

/// Moves compared by [`verify_check_prediction`], and how many of them gave check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckPredictionCount {
    /// Moves whose prediction was compared with the position after playing them.
    pub moves: u64,
    /// Of those, the moves that gave check.
    pub checks: u64,
}

/// Walks the legal move tree of `pos` to `depth`, playing every move and comparing
/// [`Game::may_give_check`] with [`Game::in_check`] afterwards. A prediction may never say
/// `false` for a move that checks; for moves where `exact(mv)` holds it must also never
/// say `true` for a move that does not. Returns the counts, or the first wrong prediction
/// (position as FEN, then the move). Leaves `pos` as it found it.
pub fn verify_check_prediction<G: Game>(
    pos: &mut G,
    depth: u32,
    exact: &impl Fn(G::Move) -> bool,
) -> Result<CheckPredictionCount, String> {
    let mut count = CheckPredictionCount::default();
    if depth == 0 {
        return Ok(count);
    }
    for &mv in pos.legal_moves().iter() {
        let predicted = pos.may_give_check(mv);
        let must_be_exact = exact(mv);
        pos.make(mv);
        let checks = pos.in_check();
        let below = verify_check_prediction(pos, depth - 1, exact);
        pos.unmake(mv);
        let wrong = if checks {
            !predicted
        } else {
            predicted && must_be_exact
        };
        if wrong {
            return Err(format!(
                "{} {mv:?}: predicted {predicted}, gives check {checks}",
                pos.to_fen()
            ));
        }
        let below = below?;
        count.moves += 1 + below.moves;
        count.checks += checks as u64 + below.checks;
    }
    Ok(count)
}
