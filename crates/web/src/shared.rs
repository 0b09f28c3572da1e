//! A live web game: its [`Session`] behind a lock, the game's [`engine::Engine`] thinking
//! on its own thread, and the log of thinking events that server-sent event streams read.
//!
//! Locks: the engine's before the game's, and the engine is never stopped while the game's
//! is held, because a search reports to the game (under its lock) before its thread ends.

use super::board::{piece_count, BoardSpec};
use super::clock::{self, Clock, ClockView, TimeControl};
use super::openings::{opening_of, Opening};
use super::pgn;
use super::session::{board_rows, parse, result_view, side_key, ApiError, MoveView, ResultView};
use super::store::{replay, SavedGame, Saving};
use super::think::{Ctx, KeptSlot, Level, SearchSlot};
use engine::session::Session;
use engine::{Engine, GoRequest, Think, Tuned};
use game::{EndReason, Game, MoveStyle, Outcome, Score, Side};
use search::{Info, SearchResult};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Events kept per game for streams that connect late.
const EVENT_LOG: usize = 200;
/// Longest a hint search runs.
const HINT_TIME: Duration = Duration::from_millis(1000);
/// The engine accepts a draw offer when its own score is within this many centipawns of 0 ...
pub const DRAW_SCORE: Score = 25;
/// ... and at most this many pieces (both sides, kings included) are left on the board.
pub const DRAW_PIECES: usize = 20;

/// What a client sends to start a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `"chess"` or `"xiangqi"`.
    pub game: String,
    /// `"white"`, `"red"`, `"black"` or `"random"`: the person's side (default white/red).
    pub side: Option<String>,
    /// The engine's level (default medium).
    pub level: Option<Level>,
    /// A starting position (default the standard one).
    pub fen: Option<String>,
    /// A game record to continue from: PGN for chess, the move list for xiangqi.
    pub record: Option<String>,
    /// A Chess960 start (chess only): its number 0–959 or `"random"`.
    pub chess960: Option<serde_json::Value>,
    /// The time control: `"none"` (default) or minutes+seconds such as `"5+3"`.
    pub clock: Option<String>,
}

/// A game file for download.
pub struct Export {
    /// Suggested file name.
    pub filename: String,
    /// The record (PGN).
    pub text: String,
}

/// Events newer than a cursor, and whether more may come.
pub struct EventBatch {
    /// `(sequence number, JSON text)`, oldest first.
    pub events: Vec<(u64, String)>,
    /// Whether the engine is still thinking for this game.
    pub busy: bool,
}

/// When a game was last used and whether it can be evicted.
#[derive(Clone, Copy, Debug)]
pub struct Activity {
    /// Last request that touched the game.
    pub touched: Instant,
    /// Whether the game is over.
    pub finished: bool,
    /// Whether the engine is thinking for it.
    pub thinking: bool,
}

/// A live game of any kind, as the HTTP routes use it.
pub trait GameHandle: Send + Sync {
    /// The full state as JSON.
    fn state(&self, id: &str) -> String;
    /// The person plays `text` (coordinates or SAN/WXF).
    fn play(&self, text: &str) -> Result<(), ApiError>;
    /// Takes back the last move of each side.
    fn undo(&self) -> Result<(), ApiError>;
    /// Starts a hint search (its result streams as an event and lands in the state).
    fn hint(&self) -> Result<(), ApiError>;
    /// The person resigns.
    fn resign(&self) -> Result<(), ApiError>;
    /// The person offers a draw; returns whether the engine accepted.
    fn offer_draw(&self) -> Result<bool, ApiError>;
    /// The record for download.
    fn export(&self) -> Export;
    /// Events after `after`, waiting up to `wait` for one while the engine thinks.
    fn next_events(&self, after: u64, wait: Duration) -> EventBatch;
    /// For the game table's eviction policy.
    fn activity(&self) -> Activity;
    /// Stops a search that ran past its deadline (a safety net behind the search's own clock).
    fn enforce_deadline(&self, now: Instant);
    /// Stores the game under `id` now and after every later change (see [`super::store`]).
    fn attach(&self, id: &str);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Reply,
    Hint,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Reply => "reply",
            Kind::Hint => "hint",
        }
    }
}

/// The search running for the game.
struct Job {
    kind: Kind,
    deadline: Instant,
}

/// The latest thinking report, kept for the state (a reload shows it too).
#[derive(Clone, Debug, Serialize)]
struct Thought {
    kind: &'static str,
    depth: u32,
    score: String,
    pv: Vec<String>,
    nodes: u64,
    nps: u64,
}

struct Inner<G: Game> {
    session: Session<G>,
    /// The engine's level for its replies.
    level: Level,
    job: Option<Job>,
    /// Bumped whenever a running search's result must be ignored.
    generation: u64,
    hint: Option<MoveView>,
    thought: Option<Thought>,
    /// The engine's last search score from its own point of view.
    engine_score: Option<Score>,
    draw: Option<&'static str>,
    events: VecDeque<(u64, String)>,
    next_seq: u64,
    touched: Instant,
    /// A search went wrong (panicked or found no legal move): the engine that ran it is
    /// not trusted with the next one.
    engine_failed: bool,
    /// The id the game is stored under, once the registry has given it one.
    saved_as: Option<String>,
    /// Why this game's last write did not reach the database; the state reports it even
    /// after another game's write succeeds (the store's own status is the last write's).
    unsaved: Option<String>,
    /// The two clocks of a timed game; the side to move's runs while the game goes on.
    clock: Option<Clock>,
    /// The mover's time left after each move of a timed game, one per ply as far as known
    /// (stored with the game; `None` for moves made before the clock, such as a record's).
    move_ms: Vec<Option<u64>>,
}

impl<G: Game> Inner<G> {
    /// Writes the game to the store: called under the game's lock after every change, so
    /// that the stored moves are never older than what a client has been told, or the
    /// state says that they are not saved.
    fn save(&mut self, ctx: &Ctx) {
        if let Some(id) = &self.saved_as {
            let plies = self.session.history.len();
            let clock = self.clock.as_ref().map(|clock| {
                // Undone moves drop out; moves without a known time read as unknown.
                let mut move_ms = self.move_ms.clone();
                move_ms.resize(plies, None);
                clock.saved(Instant::now(), move_ms)
            });
            self.unsaved = ctx
                .store
                .save(&replay::snapshot(id, &self.session, self.level, clock))
                .err();
        }
    }

    fn push_event(&mut self, value: serde_json::Value) {
        self.next_seq += 1;
        self.events.push_back((self.next_seq, value.to_string()));
        while self.events.len() > EVENT_LOG {
            self.events.pop_front();
        }
    }

    /// Marks the running search's result as unwanted; whether one was running (the caller
    /// then stops the engine, see [`Shared::cancel`]).
    fn cancel_job(&mut self) -> bool {
        let Some(job) = self.job.take() else {
            return false;
        };
        self.generation += 1;
        self.push_event(serde_json::json!({"type": "cancelled", "kind": job.kind.name()}));
        true
    }

    /// Ends the game if the running clock has fallen by `now` (cancelling any search);
    /// whether it did (the result is then saved). Also stops the clocks of a game that has
    /// ended otherwise.
    fn check_clock(&mut self, now: Instant, ctx: &Ctx) -> bool {
        let Some(clock) = self.clock.as_mut() else {
            return false;
        };
        if self.session.outcome().is_some() {
            clock.stop(now);
            return false;
        }
        let Some(flagged) = clock.flagged(now) else {
            return false;
        };
        clock.stop(now);
        self.session.forced = Some(clock::flag_outcome(&self.session.pos, flagged));
        self.cancel_job();
        self.push_event(serde_json::json!({"type": "flag", "side": side_key(flagged)}));
        self.save(ctx);
        true
    }

    /// A move by `mover` was just played: their clock gains the increment, the other's
    /// starts (or both stop when the move ended the game).
    fn clock_moved(&mut self, mover: Side, now: Instant) {
        let over = self.session.outcome().is_some();
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(mover, now);
            if over {
                clock.stop(now);
            }
            let left = clock.left(mover, now).as_millis() as u64;
            let before = self.session.history.len().saturating_sub(1);
            self.move_ms.resize(before, None);
            self.move_ms.push(Some(left));
        }
    }

    fn view(&self, mv: G::Move) -> MoveView {
        MoveView {
            coord: self.session.pos.format_move(mv, MoveStyle::Coord),
            text: self.session.pos.format_move(mv, MoveStyle::Human),
        }
    }
}

/// What a game shares with its search threads: the state and the signal that it changed.
struct Core<G: Game> {
    inner: Mutex<Inner<G>>,
    changed: Condvar,
    /// Where the engine's moves are saved as they are made.
    ctx: Arc<Ctx>,
}

/// A game's engine between searches, and its right to stay (see
/// [`super::think::Config::max_kept_engines`]); without that right it is dropped once idle.
struct Held<G: Game, S: Think<G>> {
    engine: Engine<G, S>,
    kept: Option<KeptSlot>,
}

/// A live game of `G` whose engine searches with `S`.
pub struct Shared<G: Game, S: Think<G>> {
    ctx: Arc<Ctx>,
    core: Arc<Core<G>>,
    /// Locked before `core.inner`, never while holding it (see the module's notes).
    engine: Mutex<Option<Held<G, S>>>,
}

/// Everything the state JSON holds.
#[derive(Serialize)]
struct StateView<'a> {
    id: &'a str,
    game: &'static str,
    fen: String,
    start_fen: String,
    turn: &'static str,
    human: &'static str,
    level: Level,
    side_names: [&'static str; 2],
    files: usize,
    ranks: usize,
    rank_base: u8,
    board: Vec<String>,
    legal: Vec<String>,
    moves: Vec<MoveView>,
    last: Option<MoveView>,
    check: bool,
    thinking: Option<&'static str>,
    hint: Option<MoveView>,
    thought: Option<Thought>,
    draw: Option<&'static str>,
    result: Option<ResultView>,
    clock: Option<ClockView>,
    /// The published opening the game reached (see [`super::openings`]).
    opening: Option<Opening>,
    seq: u64,
    /// `saving` and `saving_reason`: whether the game is being stored.
    #[serde(flatten)]
    saving: Saving,
}

fn parse_side(text: Option<&str>) -> Result<Side, ApiError> {
    match text.unwrap_or("white") {
        "white" | "red" => Ok(Side::White),
        "black" => Ok(Side::Black),
        "random" => {
            let id = super::ids::new_id().map_err(|e| ApiError::new(500, e.to_string()))?;
            Ok(if id.as_bytes()[0] % 2 == 0 {
                Side::White
            } else {
                Side::Black
            })
        }
        other => Err(ApiError::new(
            400,
            format!("side must be white, red, black or random, not `{other}`"),
        )),
    }
}

/// Hands one search's progress and result to the game, unless a newer request made them
/// stale; holds the search slot until the search thread ends.
struct Reporter<G: Game> {
    core: Arc<Core<G>>,
    generation: u64,
    kind: Kind,
    /// The engine noted a failure: it played a fallback move.
    failed: bool,
    _slot: SearchSlot,
}

impl<G: Game> engine::Reporter<G> for Reporter<G> {
    fn info(&mut self, _root: &G, info: &Info<G::Move>) {
        self.core.on_info(self.generation, self.kind, info);
    }

    fn finished(&mut self, _root: &G, result: &SearchResult<G::Move>) {
        self.core
            .on_done(self.generation, self.kind, result, self.failed);
    }

    fn note(&mut self, _text: &str) {
        // The web game has no book, so every note says the search went wrong.
        self.failed = true;
    }
}

impl<G: Game> Core<G> {
    fn lock(&self) -> MutexGuard<'_, Inner<G>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn on_info(&self, generation: u64, kind: Kind, info: &Info<G::Move>) {
        let mut inner = self.lock();
        if inner.generation != generation || inner.job.is_none() {
            return;
        }
        let white_score = match inner.session.pos.side_to_move() {
            Side::White => info.score,
            Side::Black => -info.score,
        };
        let thought = Thought {
            kind: kind.name(),
            depth: info.depth,
            score: game::score_text(white_score),
            pv: inner.session.line_text(&info.pv),
            nodes: info.nodes,
            nps: info.nps,
        };
        let mut event = serde_json::to_value(&thought).unwrap_or_default();
        event["type"] = "info".into();
        inner.push_event(event);
        inner.thought = Some(thought);
        self.changed.notify_all();
    }

    fn on_done(&self, generation: u64, kind: Kind, result: &SearchResult<G::Move>, failed: bool) {
        let mut inner = self.lock();
        if failed {
            inner.engine_failed = true;
        }
        if inner.generation != generation || inner.job.is_none() {
            return;
        }
        inner.job = None;
        // The engine already falls back to a legal move when its search fails; this only
        // guards against a result for another position.
        let best = result
            .best
            .filter(|&mv| inner.session.pos.legal_moves().contains(mv));
        let now = Instant::now();
        if inner.check_clock(now, &self.ctx) {
            // The engine's flag fell before its move arrived: the game is over.
            self.changed.notify_all();
            return;
        }
        match (kind, best) {
            (Kind::Reply, Some(mv)) if inner.session.engine_to_move() => {
                let view = inner.view(mv);
                let mover = inner.session.pos.side_to_move();
                inner.session.push(mv, false);
                inner.clock_moved(mover, now);
                inner.save(&self.ctx);
                inner.engine_score = (!failed).then_some(result.score);
                inner.push_event(serde_json::json!({"type": "move", "move": view}));
            }
            (Kind::Hint, Some(mv)) => {
                let view = inner.view(mv);
                inner.push_event(serde_json::json!({"type": "hint", "move": view}));
                inner.hint = Some(view);
            }
            _ => {}
        }
        inner.push_event(serde_json::json!({"type": "done", "kind": kind.name()}));
        self.changed.notify_all();
    }
}

/// A session replaying an imported record, evaluating with `evaluator`.
fn record_session<G: Game>(
    text: &str,
    human: Side,
    evaluator: G::Evaluator,
) -> Result<Session<G>, ApiError> {
    let record = record::import::<G>(text).map_err(|e| {
        let status = match e {
            record::ImportError::BadMove { .. } => 422,
            _ => 400,
        };
        ApiError::new(status, format!("cannot load the game: {e}"))
    })?;
    let mut start = record.start;
    start.set_evaluator(evaluator);
    Ok(Session::replay(start, human, record.moves))
}

impl<G: Tuned, S: Think<G>> Shared<G, S> {
    /// Starts a game as `request` asks, its positions evaluating as the server's
    /// [`super::think::Config::evaluation`] says; the engine starts thinking if it moves
    /// first.
    pub fn create(request: &NewGame, ctx: &Arc<Ctx>) -> Result<Arc<dyn GameHandle>, ApiError> {
        let human = parse_side(request.side.as_deref())?;
        let level = request.level.unwrap_or_default();
        let fen = request
            .fen
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty());
        let control = TimeControl::parse(request.clock.as_deref().unwrap_or("none"))?;
        let evaluator = ctx.config.evaluation.evaluator::<G>();
        let start = |mut pos: G| {
            pos.set_evaluator(evaluator.clone());
            pos
        };
        // A Chess960 start replaces the standard one; a FEN or a record already names a start.
        let chess960 = match &request.chess960 {
            Some(_) if fen.is_some() || request.record.is_some() => {
                return Err(ApiError::new(
                    400,
                    "send chess960 alone, without a FEN or a record",
                ))
            }
            Some(value) => Some(super::chess960::start::<G>(value)?),
            None => None,
        };
        let session = match (fen, request.record.as_deref()) {
            (Some(_), Some(_)) => {
                return Err(ApiError::new(400, "send a FEN or a record, not both"))
            }
            (None, Some(text)) => record_session::<G>(text, human, evaluator.clone())?,
            (Some(fen), None) if fen.len() > 256 => return Err(ApiError::new(400, "FEN too long")),
            (Some(fen), None) => Session::new(
                start(G::from_fen(fen).map_err(|e| ApiError::new(400, format!("bad FEN: {e}")))?),
                human,
            ),
            (None, None) => Session::new(start(chess960.unwrap_or_else(G::start)), human),
        };
        Self::start(session, level, control.map(Clock::new), Vec::new(), ctx)
    }

    /// Reopens a stored game (see [`super::store::replay`]) with its clocks as they were
    /// last written; the engine goes on thinking if it was its turn.
    pub fn restore(saved: &SavedGame, ctx: &Arc<Ctx>) -> Result<Arc<dyn GameHandle>, ApiError> {
        let evaluator = ctx.config.evaluation.evaluator::<G>();
        let session = replay::session::<G>(saved, evaluator)?;
        let clock = replay::clock(saved)?;
        let move_ms = saved
            .clock
            .as_ref()
            .map(|c| c.move_ms.clone())
            .unwrap_or_default();
        Self::start(session, replay::level(saved)?, clock, move_ms, ctx)
    }

    /// A live game of `session` (timed by `clock` when given, which starts running for the
    /// side to move); the engine starts thinking if it is its turn.
    fn start(
        session: Session<G>,
        level: Level,
        clock: Option<Clock>,
        move_ms: Vec<Option<u64>>,
        ctx: &Arc<Ctx>,
    ) -> Result<Arc<dyn GameHandle>, ApiError> {
        let clock = clock.map(|mut clock| {
            if session.outcome().is_none() {
                clock.start(session.pos.side_to_move(), Instant::now());
            }
            clock
        });
        let game = Arc::new(Shared::<G, S> {
            ctx: ctx.clone(),
            core: Arc::new(Core {
                inner: Mutex::new(Inner {
                    session,
                    level,
                    job: None,
                    generation: 0,
                    hint: None,
                    thought: None,
                    engine_score: None,
                    draw: None,
                    events: VecDeque::new(),
                    next_seq: 0,
                    touched: Instant::now(),
                    engine_failed: false,
                    saved_as: None,
                    unsaved: None,
                    clock,
                    move_ms,
                }),
                changed: Condvar::new(),
                ctx: ctx.clone(),
            }),
            engine: Mutex::new(None),
        });
        {
            let mut held = game.engine();
            let mut inner = game.core.lock();
            if inner.session.engine_to_move() {
                game.start_job(&mut held, &mut inner, Kind::Reply)?;
            }
        }
        Ok(game)
    }

    fn engine(&self) -> MutexGuard<'_, Option<Held<G, S>>> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Locks the game for a client request, marking it as used.
    fn touch(&self) -> MutexGuard<'_, Inner<G>> {
        let mut inner = self.core.lock();
        inner.touched = Instant::now();
        inner
    }

    /// Cancels the running search, if any, and waits for its thread to end, releasing the
    /// game meanwhile (the thread may be waiting for it to report); returns the game locked
    /// again. Nothing else changes the game meanwhile: every other change holds the engine.
    fn cancel<'a>(
        &'a self,
        held: &mut Option<Held<G, S>>,
        mut inner: MutexGuard<'a, Inner<G>>,
    ) -> MutexGuard<'a, Inner<G>> {
        if inner.cancel_job() {
            drop(inner);
            if let Some(held) = held {
                held.engine.stop();
            }
            inner = self.core.lock();
        }
        inner
    }

    /// Starts a search on the engine's thread; no search may be running. On error nothing
    /// has changed.
    fn start_job(
        &self,
        held: &mut Option<Held<G, S>>,
        inner: &mut Inner<G>,
        kind: Kind,
    ) -> Result<(), ApiError> {
        let slot = self.ctx.reserve_search().ok_or_else(|| {
            ApiError::new(
                503,
                "the server is busy thinking for other games; try again",
            )
        })?;
        let cap = self.ctx.config.max_think;
        let (level, mut limits) = match kind {
            Kind::Reply => (inner.level, inner.level.limits(cap)),
            Kind::Hint => (Level::Full, Level::Full.limits(cap.min(HINT_TIME))),
        };
        if let (Kind::Reply, Some(clock)) = (kind, inner.clock.as_ref()) {
            // On a clock the engine spends its own time as under UCI, within the cap.
            let own = clock.search_clock(inner.session.pos.side_to_move(), Instant::now());
            limits.movetime = Some(cap.min(own.time));
            limits.clock = Some(own);
        }
        let think_time = limits.movetime.unwrap_or(cap);
        // A kept engine carries its table and histories over from move to move; one that
        // may not stay, or whose last search failed, is replaced by a fresh one.
        let reusable = match held.as_mut() {
            Some(h) if !inner.engine_failed => {
                if h.kept.is_none() {
                    h.kept = self.ctx.reserve_kept();
                }
                h.kept.is_some()
            }
            _ => false,
        };
        inner.engine_failed = false;
        let held = if reusable {
            let held = held.as_mut().expect("checked above");
            // The hash size is the same at every level, so the table is kept.
            held.engine.set_options(level.options());
            held
        } else {
            *held = None; // its search has reported: dropping it waits for nobody
            held.insert(Held {
                engine: Engine::with_evaluator(
                    level.options(),
                    self.ctx.config.evaluation.evaluator::<G>(),
                ),
                kept: None,
            })
        };
        held.engine.set_position(inner.session.pos.clone());
        let generation = inner.generation + 1;
        let reporter = Reporter {
            core: self.core.clone(),
            generation,
            kind,
            failed: false,
            _slot: slot,
        };
        held.engine.go(
            GoRequest {
                limits,
                ..GoRequest::default()
            },
            reporter,
        );
        inner.generation = generation;
        inner.job = Some(Job {
            kind,
            deadline: Instant::now() + think_time,
        });
        inner.push_event(serde_json::json!({"type": "start", "kind": kind.name()}));
        self.core.changed.notify_all();
        Ok(())
    }

    /// Whether the engine accepts a draw now (see [`DRAW_SCORE`], [`DRAW_PIECES`]).
    fn accepts_draw(inner: &Inner<G>) -> bool {
        let pos = &inner.session.pos;
        let score = inner.engine_score.unwrap_or_else(|| {
            let eval = pos.evaluate();
            if pos.side_to_move() == inner.session.human {
                -eval
            } else {
                eval
            }
        });
        score.abs() <= DRAW_SCORE && piece_count(&pos.to_fen()) <= DRAW_PIECES
    }
}

impl<G: Tuned, S: Think<G>> GameHandle for Shared<G, S> {
    fn state(&self, id: &str) -> String {
        let mut inner = self.touch();
        let now = Instant::now();
        inner.check_clock(now, &self.ctx);
        let s = &inner.session;
        let spec = BoardSpec::of::<G>();
        let thinking = inner.job.as_ref().map(|j| j.kind);
        let your_turn = s.outcome().is_none()
            && s.pos.side_to_move() == s.human
            && thinking != Some(Kind::Reply);
        let view = StateView {
            id,
            game: G::NAME,
            fen: s.pos.to_fen(),
            start_fen: s.start.to_fen(),
            turn: side_key(s.pos.side_to_move()),
            human: side_key(s.human),
            level: inner.level,
            side_names: spec.side_names,
            files: spec.files,
            ranks: spec.ranks,
            rank_base: spec.rank_base,
            board: board_rows(s),
            legal: if your_turn {
                s.legal(MoveStyle::Coord)
            } else {
                Vec::new()
            },
            moves: s.history.iter().map(MoveView::from).collect(),
            last: s.history.last().map(MoveView::from),
            check: s.pos.in_check(),
            thinking: thinking.map(Kind::name),
            hint: inner.hint.clone(),
            thought: inner.thought.clone(),
            draw: inner.draw,
            result: result_view(s),
            clock: inner.clock.as_ref().map(|c| c.view(now)),
            opening: opening_of(&s.start, &s.moves()),
            seq: inner.next_seq,
            saving: match &inner.unsaved {
                Some(reason) => Saving {
                    saving: false,
                    saving_reason: Some(reason.clone()),
                },
                None => self.ctx.store.saving(),
            },
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    fn play(&self, text: &str) -> Result<(), ApiError> {
        let mut held = self.engine();
        let mut inner = self.touch();
        let now = Instant::now();
        if inner.check_clock(now, &self.ctx) {
            self.core.changed.notify_all();
            return Err(ApiError::new(409, "the game is over: your time ran out"));
        }
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        if inner.job.as_ref().is_some_and(|j| j.kind == Kind::Reply) {
            return Err(ApiError::new(409, "wait: the engine is thinking"));
        }
        if inner.session.engine_to_move() {
            return Err(ApiError::new(409, "it is the engine's turn"));
        }
        let mv = parse(&inner.session, text)?;
        let mut inner = self.cancel(&mut held, inner);
        let saved_clock = inner.clock.clone();
        let mover = inner.session.pos.side_to_move();
        inner.session.push(mv, true);
        inner.clock_moved(mover, now);
        if inner.session.engine_to_move() {
            if let Err(e) = self.start_job(&mut held, &mut inner, Kind::Reply) {
                inner.session.pop();
                inner.clock = saved_clock;
                return Err(e);
            }
        }
        inner.hint = None;
        inner.draw = None;
        inner.save(&self.ctx);
        self.core.changed.notify_all();
        Ok(())
    }

    fn undo(&self) -> Result<(), ApiError> {
        let mut held = self.engine();
        let mut inner = self.touch();
        inner
            .session
            .undo()
            .map_err(|e| ApiError::new(409, e.to_string()))?;
        let mut inner = self.cancel(&mut held, inner);
        // Time spent stays spent; the clock of the side now to move runs again.
        let to_move = inner.session.pos.side_to_move();
        if let Some(clock) = inner.clock.as_mut() {
            clock.start(to_move, Instant::now());
        }
        inner.hint = None;
        inner.draw = None;
        inner.thought = None;
        inner.save(&self.ctx);
        self.core.changed.notify_all();
        Ok(())
    }

    fn hint(&self) -> Result<(), ApiError> {
        let mut held = self.engine();
        let mut inner = self.touch();
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        if inner.job.is_some() {
            return Err(ApiError::new(409, "the engine is already thinking"));
        }
        if inner.session.engine_to_move() {
            return Err(ApiError::new(409, "it is the engine's turn"));
        }
        self.start_job(&mut held, &mut inner, Kind::Hint)
    }

    fn resign(&self) -> Result<(), ApiError> {
        let mut held = self.engine();
        let inner = self.touch();
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        let mut inner = self.cancel(&mut held, inner);
        let winner = inner.session.human.flip();
        inner.session.forced = Some(Outcome {
            winner: Some(winner),
            reason: EndReason::Resignation,
        });
        inner.check_clock(Instant::now(), &self.ctx);
        inner.save(&self.ctx);
        self.core.changed.notify_all();
        Ok(())
    }

    fn offer_draw(&self) -> Result<bool, ApiError> {
        let mut held = self.engine();
        let mut inner = self.touch();
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        if inner.job.as_ref().is_some_and(|j| j.kind == Kind::Reply) {
            return Err(ApiError::new(409, "wait for the engine's move"));
        }
        let accepted = Self::accepts_draw(&inner);
        if accepted {
            inner = self.cancel(&mut held, inner);
            inner.session.forced = Some(Outcome {
                winner: None,
                reason: EndReason::Agreement,
            });
            inner.check_clock(Instant::now(), &self.ctx);
            inner.save(&self.ctx);
        }
        inner.draw = Some(if accepted { "accepted" } else { "declined" });
        self.core.changed.notify_all();
        Ok(accepted)
    }

    fn export(&self) -> Export {
        let inner = self.touch();
        Export {
            filename: format!("chariot-{}.pgn", G::NAME),
            text: pgn::record(&inner.session, inner.level, &record::write::pgn_date()),
        }
    }

    fn next_events(&self, after: u64, wait: Duration) -> EventBatch {
        let deadline = Instant::now() + wait;
        let mut inner = self.core.lock();
        loop {
            let events: Vec<(u64, String)> = inner
                .events
                .iter()
                .filter(|(seq, _)| *seq > after)
                .cloned()
                .collect();
            let busy = inner.job.is_some();
            let now = Instant::now();
            if !events.is_empty() || !busy || now >= deadline {
                return EventBatch { events, busy };
            }
            inner = self
                .core
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    fn activity(&self) -> Activity {
        let inner = self.core.lock();
        Activity {
            touched: inner.touched,
            finished: inner.session.outcome().is_some(),
            thinking: inner.job.is_some(),
        }
    }

    fn enforce_deadline(&self, now: Instant) {
        let mut held = self.engine();
        let mut inner = self.core.lock();
        let flagged = inner.check_clock(now, &self.ctx);
        if flagged {
            self.core.changed.notify_all();
        }
        let overdue = flagged
            || inner
                .job
                .as_ref()
                .is_some_and(|job| now > job.deadline + Duration::from_millis(500));
        // An idle engine without the right to stay, or of a finished game, frees its memory.
        let idle_unwanted = inner.job.is_none()
            && held
                .as_ref()
                .is_some_and(|h| h.kept.is_none() || inner.session.outcome().is_some());
        drop(inner);
        if overdue {
            // The search reports its move as it ends.
            if let Some(held) = held.as_mut() {
                held.engine.stop();
            }
        }
        if idle_unwanted {
            *held = None;
        }
    }

    fn attach(&self, id: &str) {
        let mut inner = self.core.lock();
        inner.saved_as = Some(id.to_string());
        inner.save(&self.ctx);
    }
}
