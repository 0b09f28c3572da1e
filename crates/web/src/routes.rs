//! The HTTP API and the page's files: which request does what (see `docs/web-api.md`).

use super::archive;
use super::assets;
use super::http::{Request, Response};
use super::registry::Registry;
use super::session::ApiError;
use super::shared::{GameHandle, NewGame};
use serde::Deserialize;
use std::sync::Arc;

/// What to answer: a complete response, or an event stream for a game.
pub enum Reply {
    /// A complete response.
    Full(Response),
    /// Server-sent events of a game's thinking, from after this sequence number.
    Events(Arc<dyn GameHandle>, u64),
}

impl From<ApiError> for Reply {
    fn from(e: ApiError) -> Reply {
        Reply::Full(Response::error(e.status, &e.reason))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

/// Parses a JSON body, explaining what is wrong with it.
pub(crate) fn json_body<'a, T: Deserialize<'a>>(req: &'a Request) -> Result<T, ApiError> {
    if let Some(ct) = req.header("content-type") {
        if !ct.starts_with("application/json") {
            return Err(ApiError::new(415, "send the body as application/json"));
        }
    }
    serde_json::from_slice(&req.body).map_err(|e| ApiError::new(400, format!("bad JSON: {e}")))
}

fn state(game: &dyn GameHandle, id: &str, status: u16) -> Reply {
    Reply::Full(Response::json(status, game.state(id)))
}

/// Answers one request.
pub fn route(req: &Request, games: &Registry) -> Reply {
    match handle(req, games) {
        Ok(reply) => reply,
        Err(e) => e.into(),
    }
}

fn method_not_allowed(allowed: &str) -> ApiError {
    ApiError::new(405, format!("use {allowed} here"))
}

fn handle(req: &Request, games: &Registry) -> Result<Reply, ApiError> {
    let path = req.path.as_str();
    if !path.starts_with("/api/") {
        if req.method != "GET" && req.method != "HEAD" {
            return Err(method_not_allowed("GET"));
        }
        let asset = assets::lookup(path).ok_or_else(|| ApiError::new(404, "not found"))?;
        return Ok(Reply::Full(Response {
            status: 200,
            content_type: asset.content_type,
            headers: Vec::new(),
            body: asset.body.to_vec(),
        }));
    }
    let parts: Vec<&str> = path["/api/".len()..].split('/').collect();
    let method = req.method.as_str();
    match parts.as_slice() {
        ["games"] => {
            if method != "POST" {
                return Err(method_not_allowed("POST"));
            }
            let request: NewGame = json_body(req)?;
            let (id, game) = games.create(&request)?;
            Ok(state(game.as_ref(), &id, 201))
        }
        ["games", id] => {
            if method != "GET" {
                return Err(method_not_allowed("GET"));
            }
            let game = games.get(id)?;
            Ok(state(game.as_ref(), id, 200))
        }
        ["games", id, action] => {
            let game = games.get(id)?;
            let get = matches!(*action, "events" | "pgn");
            if (get && method != "GET") || (!get && method != "POST") {
                return Err(method_not_allowed(if get { "GET" } else { "POST" }));
            }
            match *action {
                "moves" => {
                    let body: MoveRequest = json_body(req)?;
                    game.play(&body.mv)?;
                }
                "undo" => game.undo()?,
                "hint" => game.hint()?,
                "resign" => game.resign()?,
                "draw" => {
                    game.offer_draw()?;
                }
                "events" => {
                    let after = req
                        .query_param("after")
                        .or_else(|| req.header("last-event-id"))
                        .map(|v| v.parse::<u64>())
                        .transpose()
                        .map_err(|_| ApiError::new(400, "`after` must be a number"))?
                        .unwrap_or(0);
                    return Ok(Reply::Events(game, after));
                }
                "pgn" => {
                    let export = game.export();
                    let mut response = Response {
                        status: 200,
                        content_type: "application/x-chess-pgn; charset=utf-8",
                        headers: Vec::new(),
                        body: export.text.into_bytes(),
                    };
                    response.headers.push((
                        "Content-Disposition",
                        format!("attachment; filename=\"{}\"", export.filename),
                    ));
                    return Ok(Reply::Full(response));
                }
                _ => return Err(ApiError::new(404, "no such action")),
            }
            Ok(state(game.as_ref(), id, 200))
        }
        ["archive", rest @ ..] => archive::handle(req, games, rest),
        ["info"] => Ok(Reply::Full(Response::json(
            200,
            serde_json::json!({
                "saving": games.ctx().store.saving().saving,
                "saving_reason": games.ctx().store.saving().saving_reason,
                "archive": games.ctx().store.is_open(),
                "games": games.kind_names(),
                "levels": super::think::Level::ALL.map(super::think::Level::name),
                "game_levels": super::levels::by_game(games.kinds()),
                "max_think_ms": games.ctx().config.max_think.as_millis() as u64,
                "version": env!("CARGO_PKG_VERSION"),
            })
            .to_string(),
        ))),
        ["analysis", ..] | ["review", ..] | ["positions"] => super::jobs::route(req, &parts, games),
        _ => Err(ApiError::new(404, "no such API path")),
    }
}
