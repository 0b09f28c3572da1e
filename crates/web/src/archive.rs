//! `/api/archive`: the saved games, listed with filters, exported as records, deleted
//! (see `docs/web-api.md`). Reopening one is `GET /api/games/{id}`, as for any game.

use super::http::{Request, Response};
use super::registry::Registry;
use super::routes::Reply;
use super::session::ApiError;
use super::store::{Filter, SavedGame};

/// Most games one list answer holds.
pub const MAX_LIMIT: u32 = 500;
/// Games a list answer holds when the client does not say.
pub const DEFAULT_LIMIT: u32 = 50;

/// Answers a request under `/api/archive`; `parts` are the path segments after it.
pub fn handle(req: &Request, games: &Registry, parts: &[&str]) -> Result<Reply, ApiError> {
    let method = req.method.as_str();
    let only = |allowed: &str| {
        if method == allowed {
            Ok(())
        } else {
            Err(ApiError::new(405, format!("use {allowed} here")))
        }
    };
    let store = &games.ctx().store;
    if !store.is_open() {
        let reason = store.saving().saving_reason.unwrap_or_default();
        return Err(ApiError::new(503, format!("no archive: {reason}")));
    }
    match parts {
        [] => {
            only("GET")?;
            list(req, games)
        }
        ["pgn"] => {
            only("GET")?;
            let kind = req.query_param("game").filter(|g| !g.is_empty());
            if let Some(kind) = kind {
                games.kind(kind)?;
            }
            let mut text = String::new();
            for saved in store.all(kind) {
                // A game that cannot be replayed is left out rather than spoiling the file.
                if let Ok(record) = record(games, &saved) {
                    text.push_str(&record);
                    text.push('\n');
                }
            }
            Ok(download(
                text,
                &format!("chariot-{}.pgn", kind.unwrap_or("games")),
            ))
        }
        [id, "pgn"] => {
            only("GET")?;
            let saved = store.load(id).ok_or_else(missing)?;
            let text = record(games, &saved)?;
            Ok(download(
                text,
                &format!("chariot-{}-{}.pgn", saved.game, &id[..8.min(id.len())]),
            ))
        }
        [id] => {
            only("DELETE")?;
            if !games.delete(id) {
                return Err(missing());
            }
            Ok(Reply::Full(Response::json(
                200,
                serde_json::json!({ "deleted": id }).to_string(),
            )))
        }
        _ => Err(ApiError::new(404, "no such API path")),
    }
}

fn missing() -> ApiError {
    ApiError::new(404, "no such saved game")
}

fn record(games: &Registry, saved: &SavedGame) -> Result<String, ApiError> {
    (games.kind(&saved.game)?.record)(saved)
}

fn download(text: String, filename: &str) -> Reply {
    Reply::Full(Response {
        status: 200,
        content_type: "application/x-chess-pgn; charset=utf-8",
        headers: vec![(
            "Content-Disposition",
            format!("attachment; filename=\"{filename}\""),
        )],
        body: text.into_bytes(),
    })
}

/// A whole number in the query, or a 400 naming it.
fn number(req: &Request, key: &str, default: u32) -> Result<u32, ApiError> {
    match req.query_param(key).filter(|v| !v.is_empty()) {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| ApiError::new(400, format!("`{key}` must be a whole number"))),
    }
}

fn list(req: &Request, games: &Registry) -> Result<Reply, ApiError> {
    let game = req.query_param("game").filter(|g| !g.is_empty());
    if let Some(game) = game {
        games.kind(game)?;
    }
    let result = match req.query_param("result").filter(|r| !r.is_empty()) {
        None => None,
        Some("1-0") => Some("1-0"),
        Some("0-1") => Some("0-1"),
        Some("draw" | "1/2-1/2" | "1%2F2-1%2F2") => Some("1/2-1/2"),
        Some("unfinished" | "*") => Some("*"),
        Some("finished") => Some("finished"),
        Some(other) => {
            return Err(ApiError::new(
                400,
                format!("unknown result `{other}`; use 1-0, 0-1, draw, unfinished or finished"),
            ))
        }
    };
    let filter = Filter {
        game: game.map(str::to_string),
        result: result.map(str::to_string),
        limit: number(req, "limit", DEFAULT_LIMIT)?.min(MAX_LIMIT),
        offset: number(req, "offset", 0)?,
    };
    let (list, total) = games
        .ctx()
        .store
        .list(&filter)
        .ok_or_else(|| ApiError::new(503, "the archive cannot be read"))?;
    Ok(Reply::Full(Response::json(
        200,
        serde_json::json!({ "games": list, "total": total }).to_string(),
    )))
}
