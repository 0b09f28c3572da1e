//! Background jobs that are not games: analysing a position ([`super::analysis`]) and
//! reviewing a finished game ([`super::review`]). They live in their own small table, keyed
//! by unguessable ids like games, and each runs its searches within the server's search cap.

use super::http::{Request, Response};
use super::ids::{is_id, new_id};
use super::registry::Registry;
use super::routes::{json_body, Reply};
use super::session::ApiError;
use super::think::Ctx;
use std::sync::{Arc, Mutex, MutexGuard};

/// Most jobs kept at once; beyond it the oldest is stopped and forgotten.
pub const MAX_JOBS: usize = 64;

/// A running or finished job as the routes see it.
pub trait Job: Send + Sync {
    /// The job's progress as JSON.
    fn view(&self, id: &str) -> String;
    /// Stops the job's search (its results so far stay readable).
    fn stop(&self);
}

/// Starts an analysis of one game kind: what [`super::registry::Offered::analyse`] holds.
pub type AnalyseFn =
    fn(&super::analysis::AnalysisRequest, &Arc<Ctx>) -> Result<Arc<dyn Job>, ApiError>;
/// Starts a review of one game kind: what [`super::registry::Offered::review`] holds.
pub type ReviewFn = fn(&super::review::ReviewRequest, &Arc<Ctx>) -> Result<Arc<dyn Job>, ApiError>;

/// A kept job: its id, the path it was made at, the job.
type Entry = (String, &'static str, Arc<dyn Job>);

/// The open jobs, oldest first, each under the path it was made at (`analysis`, `review`).
#[derive(Default)]
pub struct Jobs {
    table: Mutex<Vec<Entry>>,
}

impl Jobs {
    fn lock(&self) -> MutexGuard<'_, Vec<Entry>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `job` under a new id, stopping and dropping the oldest when full.
    pub fn insert(&self, kind: &'static str, job: Arc<dyn Job>) -> Result<String, ApiError> {
        let id = new_id().map_err(|e| ApiError::new(500, format!("no randomness: {e}")))?;
        let mut table = self.lock();
        while table.len() >= MAX_JOBS {
            let (_, _, old) = table.remove(0);
            old.stop();
        }
        table.push((id.clone(), kind, job));
        Ok(id)
    }

    /// The job of this kind with this id; 404 otherwise.
    pub fn get(&self, kind: &str, id: &str) -> Result<Arc<dyn Job>, ApiError> {
        let missing = || ApiError::new(404, format!("no such {kind} (it may have been closed)"));
        if !is_id(id) {
            return Err(missing());
        }
        self.lock()
            .iter()
            .find(|(i, k, _)| i == id && *k == kind)
            .map(|(_, _, job)| job.clone())
            .ok_or_else(missing)
    }
}

/// Answers `/api/analysis…` and `/api/review…` (see `docs/web-api.md`).
pub fn route(req: &Request, parts: &[&str], games: &Registry) -> Result<Reply, ApiError> {
    let method = req.method.as_str();
    let json =
        |status, id: &str, job: &dyn Job| Ok(Reply::Full(Response::json(status, job.view(id))));
    let kind: &'static str = match parts.first() {
        Some(&"analysis") => "analysis",
        _ => "review",
    };
    match parts {
        ["positions"] => {
            if method != "POST" {
                return Err(ApiError::new(405, "use POST here"));
            }
            let request: super::review::ReviewRequest = json_body(req)?;
            let body = (games.offered(&request.game)?.positions)(&request)?;
            Ok(Reply::Full(Response::json(200, body)))
        }
        [_] => {
            if method != "POST" {
                return Err(ApiError::new(405, "use POST here"));
            }
            let job = if kind == "analysis" {
                let request: super::analysis::AnalysisRequest = json_body(req)?;
                (games.offered(&request.game)?.analyse)(&request, games.ctx())?
            } else {
                let request: super::review::ReviewRequest = json_body(req)?;
                (games.offered(&request.game)?.review)(&request, games.ctx())?
            };
            let id = games.jobs().insert(kind, job.clone())?;
            json(201, &id, job.as_ref())
        }
        [_, id] => {
            if method != "GET" {
                return Err(ApiError::new(405, "use GET here"));
            }
            let job = games.jobs().get(kind, id)?;
            json(200, id, job.as_ref())
        }
        [_, id, "stop"] => {
            if method != "POST" {
                return Err(ApiError::new(405, "use POST here"));
            }
            let job = games.jobs().get(kind, id)?;
            job.stop();
            json(200, id, job.as_ref())
        }
        _ => Err(ApiError::new(404, "no such API path")),
    }
}

/// The two squares of a move in engine coordinates (`e2e4` → `e2`, `e4`; `e7e8q` drops the
/// promotion; a one-square move such as tic-tac-toe's `b2` gives that square twice): what
/// the page needs to draw an arrow.
pub fn squares(coord: &str) -> Option<(String, String)> {
    let mut found = Vec::new();
    let bytes = coord.as_bytes();
    let mut i = 0;
    while i < bytes.len() && found.len() < 2 {
        if bytes[i].is_ascii_lowercase() {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 {
                found.push(coord[i..i + 1 + digits].to_string());
                i += 1 + digits;
                continue;
            }
        }
        i += 1;
    }
    match found.as_slice() {
        [from, to] => Some((from.clone(), to.clone())),
        [only] => Some((only.clone(), only.clone())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::squares;

    #[test]
    fn squares_of_moves_in_both_games() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(squares("e2e4"), pair("e2", "e4"));
        assert_eq!(squares("e7e8q"), pair("e7", "e8"));
        assert_eq!(squares("h2e2"), pair("h2", "e2"));
        assert_eq!(squares("a10a9"), pair("a10", "a9"));
        assert_eq!(squares("b2"), pair("b2", "b2"));
        assert_eq!(squares("0000"), None);
    }
}
