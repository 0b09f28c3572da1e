//! A live web game: its [`Session`] behind a lock, the engine thinking on its own thread,
//! and the log of thinking events that server-sent event streams read.

use super::board::{piece_count, BoardSpec};
use super::pgn;
use super::session::{side_key, ApiError, MoveView, ResultView, Session};
use super::think::{score_text, Ctx, Engine, KeptSlot, Level};
use game::{EndReason, Game, MoveStyle, Outcome, Score, Side};
use search::{Control, Info, SearchResult};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
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

struct Job {
    kind: Kind,
    control: Arc<Control>,
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

struct Inner<G: Game, E> {
    session: Session<G>,
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
    /// The game's engine between searches, so that its transposition table and histories
    /// carry over from move to move (see [`super::think::Config::max_kept_engines`]).
    kept: Option<(E, KeptSlot)>,
}

impl<G: Game, E> Inner<G, E> {
    fn push_event(&mut self, value: serde_json::Value) {
        self.next_seq += 1;
        self.events.push_back((self.next_seq, value.to_string()));
        while self.events.len() > EVENT_LOG {
            self.events.pop_front();
        }
    }

    fn cancel_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.control.stop();
            self.generation += 1;
            self.push_event(serde_json::json!({"type": "cancelled", "kind": job.kind.name()}));
        }
    }

    fn view(&self, mv: G::Move) -> MoveView {
        MoveView {
            coord: self.session.pos.format_move(mv, MoveStyle::Coord),
            text: self.session.pos.format_move(mv, MoveStyle::Human),
        }
    }
}

/// A live game of `G` whose engine is `E`.
pub struct Shared<G: Game, E: Engine<G>> {
    me: Weak<Self>,
    ctx: Arc<Ctx>,
    inner: Mutex<Inner<G, E>>,
    changed: Condvar,
    engine: PhantomData<fn() -> E>,
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
    seq: u64,
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

/// A session replaying an imported record, evaluating with `evaluator`; the moves of the
/// person's side count as theirs (so that undo takes them back as if they had been played
/// here).
fn record_session<G: Game>(
    text: &str,
    human: Side,
    level: Level,
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
    let mut session = Session::new(start, human, level);
    for mv in record.moves {
        let by_human = session.pos.side_to_move() == human;
        session.push(mv, by_human);
    }
    Ok(session)
}

impl<G: Game, E: Engine<G>> Shared<G, E> {
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
        let evaluator = ctx.config.evaluation.evaluator::<G>();
        let start = |mut pos: G| {
            pos.set_evaluator(evaluator.clone());
            pos
        };
        let session = match (fen, request.record.as_deref()) {
            (Some(_), Some(_)) => {
                return Err(ApiError::new(400, "send a FEN or a record, not both"))
            }
            (None, Some(text)) => record_session::<G>(text, human, level, evaluator.clone())?,
            (Some(fen), None) if fen.len() > 256 => return Err(ApiError::new(400, "FEN too long")),
            (Some(fen), None) => Session::new(
                start(G::from_fen(fen).map_err(|e| ApiError::new(400, format!("bad FEN: {e}")))?),
                human,
                level,
            ),
            (None, None) => Session::new(start(G::start()), human, level),
        };
        let game = Arc::new_cyclic(|me| Shared::<G, E> {
            me: me.clone(),
            ctx: ctx.clone(),
            inner: Mutex::new(Inner {
                session,
                job: None,
                generation: 0,
                hint: None,
                thought: None,
                engine_score: None,
                draw: None,
                events: VecDeque::new(),
                next_seq: 0,
                touched: Instant::now(),
                kept: None,
            }),
            changed: Condvar::new(),
            engine: PhantomData,
        });
        {
            let mut inner = game.lock();
            if inner.session.engine_to_move() {
                game.start_job(&mut inner, Kind::Reply)?;
            }
        }
        Ok(game)
    }

    fn lock(&self) -> MutexGuard<'_, Inner<G, E>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Locks the game for a client request, marking it as used.
    fn touch(&self) -> MutexGuard<'_, Inner<G, E>> {
        let mut inner = self.lock();
        inner.touched = Instant::now();
        inner
    }

    /// Starts a search on its own thread. On error nothing has changed.
    fn start_job(&self, inner: &mut Inner<G, E>, kind: Kind) -> Result<(), ApiError> {
        let slot = self.ctx.reserve_search().ok_or_else(|| {
            ApiError::new(
                503,
                "the server is busy thinking for other games; try again",
            )
        })?;
        let cap = self.ctx.config.max_think;
        let (level, limits) = match kind {
            Kind::Reply => (inner.session.level, inner.session.level.limits(cap)),
            Kind::Hint => (Level::Full, Level::Full.limits(cap.min(HINT_TIME))),
        };
        let think_time = limits.movetime.unwrap_or(cap);
        let control = Arc::new(Control::new());
        let generation = inner.generation + 1;
        let pos = inner.session.pos.clone();
        let me = self.me.clone();
        let thread_control = control.clone();
        let kept = inner.kept.take();
        std::thread::Builder::new()
            .name(format!("chariot-{}-{}", G::NAME, kind.name()))
            .spawn(move || {
                let _slot = slot;
                let (mut engine, kept_slot) = match kept {
                    Some((mut engine, kept_slot)) => {
                        engine.set_level(level);
                        (engine, Some(kept_slot))
                    }
                    None => (E::new(level), None),
                };
                let mut report = |info: &Info<G::Move>| {
                    if let Some(game) = me.upgrade() {
                        game.on_info(generation, kind, info);
                    }
                };
                let result = catch_unwind(AssertUnwindSafe(|| {
                    engine.think(&pos, &limits, &thread_control, &mut report)
                }));
                if let Some(game) = me.upgrade() {
                    // An engine whose search panicked is not trusted with the next one.
                    let engine = result.is_ok().then_some((engine, kept_slot));
                    game.on_done(generation, kind, result.ok(), engine);
                }
            })
            .map_err(|e| ApiError::new(503, format!("cannot start a search: {e}")))?;
        inner.generation = generation;
        inner.job = Some(Job {
            kind,
            control,
            deadline: Instant::now() + think_time,
        });
        inner.push_event(serde_json::json!({"type": "start", "kind": kind.name()}));
        self.changed.notify_all();
        Ok(())
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
            score: score_text(white_score),
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

    fn on_done(
        &self,
        generation: u64,
        kind: Kind,
        result: Option<SearchResult<G::Move>>,
        engine: Option<(E, Option<KeptSlot>)>,
    ) {
        let mut inner = self.lock();
        if inner.generation != generation || inner.job.is_none() {
            return;
        }
        inner.job = None;
        if let Some((engine, slot)) = engine {
            if let Some(slot) = slot.or_else(|| self.ctx.reserve_kept()) {
                inner.kept = Some((engine, slot));
            }
        }
        let legal = inner.session.pos.legal_moves();
        // A search that panicked or returned no legal move still must not stall the game:
        // the first legal move keeps it going (and is visibly weak, so the bug gets noticed).
        let best = result
            .as_ref()
            .and_then(|r| r.best)
            .filter(|&mv| legal.contains(mv))
            .or_else(|| legal.iter().next().copied());
        match (kind, best) {
            (Kind::Reply, Some(mv)) if inner.session.engine_to_move() => {
                let view = inner.view(mv);
                inner.session.push(mv, false);
                inner.engine_score = result.map(|r| r.score);
                inner.push_event(serde_json::json!({"type": "move", "move": view}));
            }
            (Kind::Hint, Some(mv)) => {
                let view = inner.view(mv);
                inner.push_event(serde_json::json!({"type": "hint", "move": view}));
                inner.hint = Some(view);
            }
            _ => {}
        }
        if inner.session.outcome().is_some() {
            inner.kept = None; // a finished game needs no engine: free its memory now
        }
        inner.push_event(serde_json::json!({"type": "done", "kind": kind.name()}));
        self.changed.notify_all();
    }

    /// Whether the engine accepts a draw now (see [`DRAW_SCORE`], [`DRAW_PIECES`]).
    fn accepts_draw(inner: &Inner<G, E>) -> bool {
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

impl<G: Game, E: Engine<G>> GameHandle for Shared<G, E> {
    fn state(&self, id: &str) -> String {
        let inner = self.touch();
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
            level: s.level,
            side_names: spec.side_names,
            files: spec.files,
            ranks: spec.ranks,
            rank_base: spec.rank_base,
            board: s.board_rows(),
            legal: if your_turn {
                s.legal_coords()
            } else {
                Vec::new()
            },
            moves: s
                .history
                .iter()
                .map(|p| MoveView {
                    coord: p.coord.clone(),
                    text: p.text.clone(),
                })
                .collect(),
            last: s.history.last().map(|p| MoveView {
                coord: p.coord.clone(),
                text: p.text.clone(),
            }),
            check: s.pos.in_check(),
            thinking: thinking.map(Kind::name),
            hint: inner.hint.clone(),
            thought: inner.thought.clone(),
            draw: inner.draw,
            result: s.result_view(),
            seq: inner.next_seq,
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    fn play(&self, text: &str) -> Result<(), ApiError> {
        let mut inner = self.touch();
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        if inner.job.as_ref().is_some_and(|j| j.kind == Kind::Reply) {
            return Err(ApiError::new(409, "wait: the engine is thinking"));
        }
        if inner.session.engine_to_move() {
            return Err(ApiError::new(409, "it is the engine's turn"));
        }
        let mv = inner.session.parse(text)?;
        inner.cancel_job();
        inner.session.push(mv, true);
        if inner.session.engine_to_move() {
            if let Err(e) = self.start_job(&mut inner, Kind::Reply) {
                let played = inner.session.history.pop().map(|p| p.mv);
                if let Some(mv) = played {
                    inner.session.pos.unmake(mv);
                }
                return Err(e);
            }
        }
        inner.hint = None;
        inner.draw = None;
        self.changed.notify_all();
        Ok(())
    }

    fn undo(&self) -> Result<(), ApiError> {
        let mut inner = self.touch();
        inner.session.undo()?;
        inner.cancel_job();
        inner.hint = None;
        inner.draw = None;
        inner.thought = None;
        self.changed.notify_all();
        Ok(())
    }

    fn hint(&self) -> Result<(), ApiError> {
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
        self.start_job(&mut inner, Kind::Hint)
    }

    fn resign(&self) -> Result<(), ApiError> {
        let mut inner = self.touch();
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        inner.cancel_job();
        let winner = inner.session.human.flip();
        inner.session.forced = Some(Outcome {
            winner: Some(winner),
            reason: EndReason::Resignation,
        });
        self.changed.notify_all();
        Ok(())
    }

    fn offer_draw(&self) -> Result<bool, ApiError> {
        let mut inner = self.touch();
        if inner.session.outcome().is_some() {
            return Err(ApiError::new(409, "the game is over"));
        }
        if inner.job.as_ref().is_some_and(|j| j.kind == Kind::Reply) {
            return Err(ApiError::new(409, "wait for the engine's move"));
        }
        let accepted = Self::accepts_draw(&inner);
        if accepted {
            inner.cancel_job();
            inner.session.forced = Some(Outcome {
                winner: None,
                reason: EndReason::Agreement,
            });
        }
        inner.draw = Some(if accepted { "accepted" } else { "declined" });
        self.changed.notify_all();
        Ok(accepted)
    }

    fn export(&self) -> Export {
        let inner = self.touch();
        Export {
            filename: format!("chariot-{}.pgn", G::NAME),
            text: pgn::record(&inner.session, &record::write::pgn_date()),
        }
    }

    fn next_events(&self, after: u64, wait: Duration) -> EventBatch {
        let deadline = Instant::now() + wait;
        let mut inner = self.lock();
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
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    fn activity(&self) -> Activity {
        let inner = self.lock();
        Activity {
            touched: inner.touched,
            finished: inner.session.outcome().is_some(),
            thinking: inner.job.is_some(),
        }
    }

    fn enforce_deadline(&self, now: Instant) {
        let inner = self.lock();
        if let Some(job) = &inner.job {
            if now > job.deadline + Duration::from_millis(500) {
                job.control.stop();
            }
        }
    }
}

impl<G: Game, E: Engine<G>> Drop for Shared<G, E> {
    fn drop(&mut self) {
        // An evicted game stops its search at once rather than thinking for nobody.
        let inner = self.inner.get_mut().unwrap_or_else(|e| e.into_inner());
        if let Some(job) = &inner.job {
            job.control.stop();
        }
    }
}
