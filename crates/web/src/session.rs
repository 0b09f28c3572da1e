//! What the web API says about a game kept in an [`engine::session::Session`]: its errors,
//! moves and result as the page reads them. [`super::shared`] adds the engine.

use super::board::fen_rows;
use engine::session::{Played, Session};
use game::{Game, Side};
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

/// A move as the page sees it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveView {
    /// Engine coordinates.
    pub coord: String,
    /// SAN or WXF.
    pub text: String,
}

impl<M> From<&Played<M>> for MoveView {
    fn from(played: &Played<M>) -> MoveView {
        MoveView {
            coord: played.coord.clone(),
            text: played.text.clone(),
        }
    }
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

/// `"white"` or `"black"`: the API's names of the sides in both games.
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Reads the person's move: 422 with the reason when it is not legal.
pub fn parse<G: Game>(session: &Session<G>, text: &str) -> Result<G::Move, ApiError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 16 {
        return Err(ApiError::new(400, "a move is 1 to 16 characters long"));
    }
    session
        .parse(text)
        .map_err(|e| ApiError::new(422, format!("illegal move `{text}`: {}", e.reasons)))
}

/// The result banner's content.
pub fn result_view<G: Game>(session: &Session<G>) -> Option<ResultView> {
    let outcome = session.outcome()?;
    Some(ResultView {
        winner: outcome.winner.map(side_key),
        reason: outcome.reason.to_string(),
        score: outcome.pgn_result(),
        // Only the clock of the side to move runs, so it is the one that fell.
        text: if outcome.reason == game::EndReason::Time {
            super::clock::flag_text::<G>(&outcome, session.pos.side_to_move())
        } else {
            engine::session::result_text::<G>(&outcome)
        },
    })
}

/// The board rows of the current position, top rank first.
pub fn board_rows<G: Game>(session: &Session<G>) -> Vec<String> {
    fen_rows(&session.pos.to_fen())
}
