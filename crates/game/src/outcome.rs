//! How games end: the verdict the search needs, and the full outcome interfaces show.

use crate::Side;
use std::fmt;

/// A rules verdict from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game is drawn.
    Draw,
    /// The side to move has won (e.g. the opponent chased or checked perpetually).
    Win,
    /// The side to move has lost (checkmated, or a forbidden perpetual of its own).
    Loss,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position occurred three times (chess) or a drawn repetition (xiangqi).
    Repetition,
    /// Xiangqi: a side gave perpetual check and loses.
    PerpetualCheck,
    /// Xiangqi: a side perpetually chased an unprotected piece and loses.
    PerpetualChase,
    /// Chess 50-move rule or xiangqi 60-move (120-ply) rule.
    MoveLimit,
    /// Neither side can mate.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player ran out of time.
    Time,
    /// A player made an illegal move (arena referee).
    IllegalMove,
    /// An engine crashed or stopped answering (arena referee).
    Forfeit,
    /// Adjudicated by agreed engine scores (arena).
    Adjudication,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::PerpetualChase => "perpetual chase",
            EndReason::MoveLimit => "move-count rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "draw by agreement",
            EndReason::Time => "time forfeit",
            EndReason::IllegalMove => "illegal move",
            EndReason::Forfeit => "forfeit",
            EndReason::Adjudication => "adjudication",
        };
        f.write_str(text)
    }
}

/// The end of a game: who won (or `None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The result in PGN form: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Turns a verdict for `to_move` into an outcome.
    pub fn from_verdict(verdict: Verdict, to_move: Side, reason: EndReason) -> Outcome {
        let winner = match verdict {
            Verdict::Draw => None,
            Verdict::Win => Some(to_move),
            Verdict::Loss => Some(to_move.flip()),
        };
        Outcome { winner, reason }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_map_to_winners() {
        let o = Outcome::from_verdict(Verdict::Loss, Side::White, EndReason::Checkmate);
        assert_eq!(o.winner, Some(Side::Black));
        assert_eq!(o.pgn_result(), "0-1");
        let o = Outcome::from_verdict(Verdict::Win, Side::Black, EndReason::PerpetualCheck);
        assert_eq!(o.pgn_result(), "0-1");
        let o = Outcome::from_verdict(Verdict::Draw, Side::Black, EndReason::Stalemate);
        assert_eq!(o.pgn_result(), "1/2-1/2");
    }
}
