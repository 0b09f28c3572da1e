//! The table of open games, keyed by unguessable ids, with a cap and an eviction policy.

use super::ids::{is_id, new_id};
use super::jobs::{AnalyseFn, Jobs, ReviewFn};
use super::session::ApiError;
use super::shared::{GameHandle, NewGame, Shared};
use super::store::{replay, SavedGame};
use super::think::Ctx;
use engine::Think;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Starts a game of one kind: what [`Offered::create`] holds.
pub type CreateFn = fn(&NewGame, &Arc<Ctx>) -> Result<Arc<dyn GameHandle>, ApiError>;

/// Reopens a stored game of one kind: what [`Offered::restore`] holds.
pub type RestoreFn = fn(&SavedGame, &Arc<Ctx>) -> Result<Arc<dyn GameHandle>, ApiError>;

/// Writes a stored game's record: what [`Offered::record`] holds.
pub type RecordFn = fn(&SavedGame) -> Result<String, ApiError>;

/// A game kind the server offers: its name and how to start one.
#[derive(Clone, Copy)]
pub struct Offered {
    /// `"chess"`, `"xiangqi"`.
    pub name: &'static str,
    /// Starts a game of this kind.
    pub create: CreateFn,
    /// Reopens a stored game of this kind.
    pub restore: RestoreFn,
    /// A stored game's record for export.
    pub record: RecordFn,
    /// Starts an analysis of a position of this kind.
    pub analyse: AnalyseFn,
    /// Starts a review of a game of this kind.
    pub review: ReviewFn,
    /// Lists the positions of a game of this kind (no search).
    pub positions: fn(&super::review::ReviewRequest) -> Result<String, ApiError>,
    /// The Elo of this game's playing levels (its search preset's calibration).
    pub levels: search::strength::Calibration,
}

impl Offered {
    /// Game `G` as the server offers it under its own name: played, saved, analysed and
    /// reviewed, its engine searching with `S`.
    pub fn of<G: engine::Tuned, S: Think<G>>() -> Offered {
        Offered {
            name: G::NAME,
            create: Shared::<G, S>::create,
            restore: Shared::<G, S>::restore,
            record: replay::record::<G>,
            analyse: super::analysis::Analysis::<G, S>::start,
            review: super::review::Review::<G>::start::<S>,
            positions: super::review::positions::<G>,
            levels: G::TUNING.levels,
        }
    }
}

/// All open games.
pub struct Registry {
    ctx: Arc<Ctx>,
    kinds: Vec<Offered>,
    games: Mutex<HashMap<String, Arc<dyn GameHandle>>>,
    jobs: Jobs,
}

impl Registry {
    /// An empty table serving these kinds of game.
    pub fn new(ctx: Arc<Ctx>, kinds: Vec<Offered>) -> Registry {
        Registry {
            ctx,
            kinds,
            games: Mutex::new(HashMap::new()),
            jobs: Jobs::default(),
        }
    }

    /// The shared limits and counters.
    pub fn ctx(&self) -> &Arc<Ctx> {
        &self.ctx
    }

    /// The analyses and reviews running or kept.
    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    /// The game kind of this name; 400 naming the kinds offered otherwise.
    pub fn offered(&self, name: &str) -> Result<&Offered, ApiError> {
        self.kinds.iter().find(|k| k.name == name).ok_or_else(|| {
            ApiError::new(
                400,
                format!(
                    "unknown game `{name}`; this server plays {}",
                    self.kind_names().join(", ")
                ),
            )
        })
    }

    /// The games offered.
    pub fn kinds(&self) -> &[Offered] {
        &self.kinds
    }

    /// Names of the games offered.
    pub fn kind_names(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.name).collect()
    }

    fn table(&self) -> MutexGuard<'_, HashMap<String, Arc<dyn GameHandle>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Number of open games.
    pub fn len(&self) -> usize {
        self.table().len()
    }

    /// Whether no game is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Starts a game and returns its id. When the table is full, the least recently used
    /// finished game goes, else the least recently used game idle for
    /// [`super::think::Config::idle_evict`]; if neither exists the request is refused.
    pub fn create(&self, request: &NewGame) -> Result<(String, Arc<dyn GameHandle>), ApiError> {
        let kind = self.kind(&request.game)?;
        if self.len() >= self.ctx.config.max_games && !self.evict_one() {
            return Err(ApiError::new(
                503,
                "too many open games; finish one or try again later",
            ));
        }
        let game = (kind.create)(request, &self.ctx)?;
        let id = new_id().map_err(|e| ApiError::new(500, format!("no randomness: {e}")))?;
        let mut table = self.table();
        // Two creations may race past the cap check; evict again rather than exceed it.
        while table.len() >= self.ctx.config.max_games {
            drop(table);
            if !self.evict_one() {
                return Err(ApiError::new(503, "too many open games"));
            }
            table = self.table();
        }
        table.insert(id.clone(), game.clone());
        drop(table);
        game.attach(&id);
        Ok((id, game))
    }

    fn evict_one(&self) -> bool {
        let mut table = self.table();
        let now = Instant::now();
        let idle = self.ctx.config.idle_evict;
        let victim = table
            .iter()
            .map(|(id, g)| (id, g.activity()))
            .filter(|(_, a)| a.finished || (!a.thinking && now - a.touched >= idle))
            .min_by_key(|(_, a)| (!a.finished, a.touched))
            .map(|(id, _)| id.clone());
        match victim {
            Some(id) => table.remove(&id).is_some(),
            None => false,
        }
    }

    /// The game with this id; 404 for anything else, well-formed or not.
    pub fn get(&self, id: &str) -> Result<Arc<dyn GameHandle>, ApiError> {
        let missing = || ApiError::new(404, "no such game (it may have been closed)");
        if !is_id(id) {
            return Err(missing());
        }
        let mut table = self.table();
        if let Some(game) = table.get(id) {
            return Ok(game.clone());
        }
        // A stored game (from before a restart, or evicted) is reopened under its old id.
        // The table stays locked meanwhile, so that two requests reopen it only once.
        let saved = self.ctx.store.load(id).ok_or_else(missing)?;
        let game = self.reopen(&saved)?;
        table.insert(id.to_string(), game.clone());
        let over = table.len() > self.ctx.config.max_games;
        drop(table);
        game.attach(id);
        if over {
            self.evict_one();
        }
        Ok(game)
    }

    /// A live game of a stored one.
    fn reopen(&self, saved: &SavedGame) -> Result<Arc<dyn GameHandle>, ApiError> {
        let kind = self.kind(&saved.game)?;
        (kind.restore)(saved, &self.ctx)
    }

    /// The kind called `name`, or a 400 naming the kinds served.
    pub fn kind(&self, name: &str) -> Result<&Offered, ApiError> {
        self.kinds.iter().find(|k| k.name == name).ok_or_else(|| {
            ApiError::new(
                400,
                format!(
                    "unknown game `{name}`; this server plays {}",
                    self.kind_names().join(", ")
                ),
            )
        })
    }

    /// Closes a game and removes it from the store; whether it existed.
    pub fn delete(&self, id: &str) -> bool {
        if !is_id(id) {
            return false;
        }
        let open = self.table().remove(id).is_some();
        let stored = self.ctx.store.delete(id);
        open || stored
    }

    /// One pass of housekeeping: stops overdue searches.
    pub fn sweep(&self) {
        let games: Vec<Arc<dyn GameHandle>> = self.table().values().cloned().collect();
        let now = Instant::now();
        for game in games {
            game.enforce_deadline(now);
        }
    }
}
