//! Between a live [`Session`] and its stored form: the snapshot written on every change,
//! and the replay that rebuilds the session (checking every move) when a game is reopened.

use super::{SavedClock, SavedGame};
use crate::clock::Clock;
use crate::session::{side_key, ApiError};
use crate::think::Level;
use engine::session::Session;
use game::{EndReason, Game, MoveStyle, Outcome, Side};

/// What to store for a game at `level`, timed by `clock` when it is.
pub fn snapshot<G: Game>(
    id: &str,
    session: &Session<G>,
    level: Level,
    clock: Option<SavedClock>,
) -> SavedGame {
    let ending = session.forced.map(|o| match o.reason {
        EndReason::Resignation => "resignation".to_string(),
        EndReason::Time => "time".to_string(),
        _ => "agreement".to_string(),
    });
    SavedGame {
        id: id.to_string(),
        game: G::NAME.to_string(),
        start_fen: session.start.to_fen(),
        human: side_key(session.human).to_string(),
        level: level.name().to_string(),
        moves: session.history.iter().map(|p| p.coord.clone()).collect(),
        result: session
            .outcome()
            .map_or("*", |o| o.pgn_result())
            .to_string(),
        ending,
        clock,
        created: String::new(),
        updated: String::new(),
    }
}

fn corrupt(saved: &SavedGame, what: String) -> ApiError {
    ApiError::new(
        500,
        format!("the saved game {} cannot be replayed: {what}", saved.id),
    )
}

/// The stored level.
pub fn level(saved: &SavedGame) -> Result<Level, ApiError> {
    serde_json::from_value(serde_json::Value::String(saved.level.clone()))
        .map_err(|_| corrupt(saved, format!("unknown level `{}`", saved.level)))
}

/// The stored clocks, stopped (the caller starts the side to move's), or `None` for an
/// untimed game; a stored clock no server would have set is a damaged row.
pub fn clock(saved: &SavedGame) -> Result<Option<Clock>, ApiError> {
    match &saved.clock {
        None => Ok(None),
        Some(stored) => Clock::resume(stored)
            .map(Some)
            .ok_or_else(|| corrupt(saved, format!("impossible clock {stored:?}"))),
    }
}

/// Rebuilds the session: the start position evaluating with `evaluator`, every move checked
/// for legality, the person's moves marked as theirs, and a resignation or agreed draw.
pub fn session<G: Game>(
    saved: &SavedGame,
    evaluator: G::Evaluator,
) -> Result<Session<G>, ApiError> {
    let human = match saved.human.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        other => return Err(corrupt(saved, format!("unknown side `{other}`"))),
    };
    let mut start = G::from_fen(&saved.start_fen)
        .map_err(|e| corrupt(saved, format!("bad start position: {e}")))?;
    start.set_evaluator(evaluator);
    let mut session = Session::new(start, human);
    for text in &saved.moves {
        let mv = session
            .pos
            .parse_move(text, MoveStyle::Coord)
            .ok()
            .filter(|&mv| session.pos.legal_moves().contains(mv))
            .ok_or_else(|| corrupt(saved, format!("illegal move `{text}`")))?;
        let by_human = session.pos.side_to_move() == human;
        session.push(mv, by_human);
    }
    session.forced = match saved.ending.as_deref() {
        Some("resignation") => Some(Outcome {
            winner: Some(human.flip()),
            reason: EndReason::Resignation,
        }),
        Some("agreement") => Some(Outcome {
            winner: None,
            reason: EndReason::Agreement,
        }),
        // A fallen flag: who won (or the draw against bare material) is the stored result.
        Some("time") => Some(Outcome {
            winner: match saved.result.as_str() {
                "1-0" => Some(Side::White),
                "0-1" => Some(Side::Black),
                _ => None,
            },
            reason: EndReason::Time,
        }),
        _ => None,
    };
    Ok(session)
}

/// The stored game's record (PGN, or the xiangqi move list), dated the day it started.
pub fn record<G: Game>(saved: &SavedGame) -> Result<String, ApiError> {
    let session = session::<G>(saved, G::Evaluator::default())?;
    let date = match saved.created.get(..10) {
        Some(day) => day.replace('-', "."),
        None => record::write::pgn_date(),
    };
    Ok(crate::pgn::record(&session, level(saved)?, &date))
}
