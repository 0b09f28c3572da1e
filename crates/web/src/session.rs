//! One web game's record and rules bookkeeping, without threads: the position, the moves
//! played, who plays which side, and how the game ended. [`super::shared`] adds the engine.

use super::board::{fen_rows, BoardSpec};
use super::think::Level;
use game::{EndReason, Game, MoveStyle, Outcome, Side};
use serde::Serialize;

/// An API failure: the HTTP status and a reason a person can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status code (4xx for the client's mistakes, 503 when the server is full).
    pub status: u16,
    /// Why.
    pub reason: String,
}

impl ApiError {
    /// An error with this status and reason.
    pub fn new(status: u16, reason: impl Into<String>) -> ApiError {
        ApiError {
            status,
            reason: reason.into(),
        }
    }
}

/// One move played, kept in every notation the page shows.
#[derive(Clone, Debug)]
pub struct Played<M> {
    /// The move itself.
    pub mv: M,
    /// Engine coordinates (`e2e4`, `h2e2`).
    pub coord: String,
    /// SAN (chess) or WXF (xiangqi).
    pub text: String,
    /// Whether the person (not the engine) played it.
    pub by_human: bool,
}

/// A move as the page sees it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveView {
    /// Engine coordinates.
    pub coord: String,
    /// SAN or WXF.
    pub text: String,
}

/// The end of the game as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `"white"`, `"black"` or `null` for a draw (xiangqi's Red is `"white"`).
    pub winner: Option<&'static str>,
    /// Machine-readable reason, e.g. `"checkmate"`, `"perpetual check"`.
    pub reason: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// A sentence for the result banner.
    pub text: String,
}

/// The rules state of one game.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    /// The position the game started from.
    pub start: G,
    /// The current position.
    pub pos: G,
    /// The moves played from `start`.
    pub history: Vec<Played<G::Move>>,
    /// The side the person plays.
    pub human: Side,
    /// The engine's level.
    pub level: Level,
    /// An ending the board does not show: resignation or agreed draw.
    pub forced: Option<Outcome>,
}

/// `"white"` or `"black"`: the API's names of the sides in both games.
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

impl<G: Game> Session<G> {
    /// A game from `start` where the person plays `human`.
    pub fn new(start: G, human: Side, level: Level) -> Session<G> {
        Session {
            pos: start.clone(),
            start,
            history: Vec::new(),
            human,
            level,
            forced: None,
        }
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.forced.or_else(|| self.pos.outcome())
    }

    /// Whether it is the engine's turn in a game still going on.
    pub fn engine_to_move(&self) -> bool {
        self.outcome().is_none() && self.pos.side_to_move() != self.human
    }

    /// Reads a move in engine coordinates or in the game's human notation.
    pub fn parse(&self, text: &str) -> Result<G::Move, ApiError> {
        let text = text.trim();
        if text.is_empty() || text.len() > 16 {
            return Err(ApiError::new(400, "a move is 1 to 16 characters long"));
        }
        let coord_err = match self.pos.parse_move(text, MoveStyle::Coord) {
            Ok(mv) => return Ok(mv),
            Err(e) => e,
        };
        let human_err = match self.pos.parse_move(text, MoveStyle::Human) {
            Ok(mv) => return Ok(mv),
            Err(e) => e,
        };
        // Explain in the notation the client seems to have used.
        let b = text.as_bytes();
        let coordinate_like = b.len() >= 4
            && b[0].is_ascii_lowercase()
            && b[1].is_ascii_digit()
            && b[2..].iter().any(|c| c.is_ascii_lowercase());
        let why = if coordinate_like {
            coord_err.to_string()
        } else {
            human_err.to_string()
        };
        Err(ApiError::new(422, format!("illegal move `{text}`: {why}")))
    }

    /// Plays a legal move and records it.
    pub fn push(&mut self, mv: G::Move, by_human: bool) {
        let coord = self.pos.format_move(mv, MoveStyle::Coord);
        let text = self.pos.format_move(mv, MoveStyle::Human);
        self.pos.make(mv);
        self.history.push(Played {
            mv,
            coord,
            text,
            by_human,
        });
    }

    /// Takes back moves until it is the person's turn again, taking back at least one of
    /// theirs. Changes nothing when the person has not moved yet.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        if !self.history.iter().any(|p| p.by_human) {
            return Err(ApiError::new(
                409,
                "nothing to undo: you have not moved yet",
            ));
        }
        while let Some(played) = self.history.pop() {
            self.pos.unmake(played.mv);
            if played.by_human {
                break;
            }
        }
        self.forced = None;
        Ok(())
    }

    /// Legal moves in engine coordinates.
    pub fn legal_coords(&self) -> Vec<String> {
        self.pos
            .legal_moves()
            .iter()
            .map(|&mv| self.pos.format_move(mv, MoveStyle::Coord))
            .collect()
    }

    /// Formats a line of moves from the current position in human notation, stopping at
    /// the first move that is not legal (a stale or corrupt line never panics).
    pub fn line_text(&self, line: &[G::Move]) -> Vec<String> {
        let mut pos = self.pos.clone();
        let mut out = Vec::with_capacity(line.len());
        for &mv in line {
            if !pos.legal_moves().contains(mv) {
                break;
            }
            out.push(pos.format_move(mv, MoveStyle::Human));
            pos.make(mv);
        }
        out
    }

    /// The result banner's content.
    pub fn result_view(&self) -> Option<ResultView> {
        let outcome = self.outcome()?;
        let spec = BoardSpec::of::<G>();
        Some(ResultView {
            winner: outcome.winner.map(side_key),
            reason: outcome.reason.to_string(),
            score: outcome.pgn_result(),
            text: result_text::<G>(&spec, &outcome),
        })
    }

    /// The board rows of the current position, top rank first.
    pub fn board_rows(&self) -> Vec<String> {
        fen_rows(&self.pos.to_fen())
    }
}

/// A sentence for the result banner, with the xiangqi verdicts spelled out.
pub fn result_text<G: Game>(spec: &BoardSpec, outcome: &Outcome) -> String {
    let description = G::description();
    let Some(winner) = outcome.winner else {
        return match outcome.reason {
            EndReason::Stalemate => "Draw by stalemate".into(),
            EndReason::Repetition => format!("Draw by {}", description.repetition_draw),
            EndReason::MoveLimit => format!("Draw by the {}-move rule", description.move_rule),
            EndReason::InsufficientMaterial => "Draw: neither side can mate".into(),
            EndReason::Agreement => "Draw agreed".into(),
            other => format!("Draw ({other})"),
        };
    };
    let (w, l) = (spec.side_name(winner), spec.side_name(winner.flip()));
    match outcome.reason {
        EndReason::Checkmate => format!("Checkmate: {w} wins"),
        EndReason::Stalemate => {
            format!("{l} has no legal move: {w} wins (stalemate loses in xiangqi)")
        }
        EndReason::PerpetualCheck => {
            format!("{w} wins: {l} repeated with perpetual check, which the rules forbid")
        }
        EndReason::PerpetualChase => {
            format!("{w} wins: {l} repeated with a perpetual chase, which the rules forbid")
        }
        EndReason::Resignation => format!("{l} resigned: {w} wins"),
        other => format!("{w} wins ({other})"),
    }
}
