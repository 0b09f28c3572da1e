//! Analysis of a position of either game: a full-strength search with MultiPV 1–3 on its
//! own engine, whose lines the page polls while the depth grows. Bounded like a hint: it
//! takes a slot of the server's search cap and stops at the server's think cap.

use super::jobs::{squares, Job};
use super::session::ApiError;
use super::think::{Ctx, SearchSlot};
use engine::{Engine, GoRequest, Think, Tuned};
use game::{Game, MoveStyle, Side};
use search::{Info, Limits, Options, SearchResult, Strength};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, MutexGuard};

/// Transposition table of an analysis, in MiB (it lives only while the search runs).
const ANALYSIS_HASH_MB: usize = 8;

/// What a client sends to analyse a position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// `"chess"` or `"xiangqi"`.
    pub game: String,
    /// The position (default the standard start).
    pub fen: Option<String>,
    /// Lines to show, 1 to 3 (default 1).
    pub multipv: Option<usize>,
}

/// One line of the analysis.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// 1 for the best line.
    pub multipv: usize,
    /// Completed depth.
    pub depth: u32,
    /// Score from White's/Red's side, as the state's `thought.score` writes it.
    pub score: String,
    /// Chances of a win, a draw and a loss for the side to move, per mille (summing to
    /// 1000), by the game's WDL model ([`Game::wdl`]); `None` for a game without one.
    pub wdl: Option<[u32; 3]>,
    /// The line in SAN/WXF.
    pub pv: Vec<String>,
    /// The line in engine coordinates.
    pub pv_coord: Vec<String>,
    /// The first move's from-square, for an arrow.
    pub from: Option<String>,
    /// The first move's to-square.
    pub to: Option<String>,
}

#[derive(Default)]
struct Progress {
    lines: Vec<Line>,
    nodes: u64,
    done: bool,
}

#[derive(Serialize)]
struct View<'a> {
    id: &'a str,
    game: &'static str,
    fen: &'a str,
    multipv: usize,
    depth: u32,
    nodes: u64,
    lines: &'a [Line],
    done: bool,
}

/// A running or finished analysis of a `G` position searched by `S`.
pub struct Analysis<G: Game, S: Think<G>> {
    fen: String,
    multipv: usize,
    progress: Arc<Mutex<Progress>>,
    /// Dropped once the search is over, freeing its table.
    engine: Mutex<Option<Engine<G, S>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

struct Reporter {
    progress: Arc<Mutex<Progress>>,
    _slot: SearchSlot,
}

impl<G: Game> engine::Reporter<G> for Reporter {
    fn info(&mut self, root: &G, info: &Info<G::Move>) {
        let mut pos = root.clone();
        let (mut pv, mut pv_coord) = (Vec::new(), Vec::new());
        for &mv in &info.pv {
            if !pos.legal_moves().contains(mv) {
                break;
            }
            pv.push(pos.format_move(mv, MoveStyle::Human));
            pv_coord.push(pos.format_move(mv, MoveStyle::Coord));
            pos.make(mv);
        }
        let white = match root.side_to_move() {
            Side::White => info.score,
            Side::Black => -info.score,
        };
        let arrow = pv_coord.first().and_then(|c| squares(c));
        let line = Line {
            multipv: info.multipv.max(1),
            depth: info.depth,
            score: game::score_text(white),
            // The search's score is the side to move's, as the model wants it.
            wdl: root.wdl(info.score).map(|w| [w.win, w.draw, w.loss]),
            pv,
            pv_coord,
            from: arrow.as_ref().map(|a| a.0.clone()),
            to: arrow.map(|a| a.1),
        };
        let mut progress = lock(&self.progress);
        progress.nodes = info.nodes;
        let slot = line.multipv - 1;
        if progress.lines.len() <= slot {
            progress.lines.resize(slot + 1, line.clone());
        }
        progress.lines[slot] = line;
    }

    fn finished(&mut self, _root: &G, _result: &SearchResult<G::Move>) {
        lock(&self.progress).done = true;
    }
}

impl<G: Tuned, S: Think<G>> Analysis<G, S> {
    /// Starts analysing as `request` asks: 400 for a bad FEN or MultiPV, 503 when the
    /// server's searches are all taken.
    pub fn start(request: &AnalysisRequest, ctx: &Arc<Ctx>) -> Result<Arc<dyn Job>, ApiError> {
        let multipv = request.multipv.unwrap_or(1);
        if !(1..=3).contains(&multipv) {
            return Err(ApiError::new(400, "multipv must be 1, 2 or 3"));
        }
        let fen = request.fen.as_deref().map(str::trim).unwrap_or_default();
        if fen.len() > 256 {
            return Err(ApiError::new(400, "FEN too long"));
        }
        let mut pos = if fen.is_empty() {
            G::start()
        } else {
            G::from_fen(fen).map_err(|e| ApiError::new(400, format!("bad FEN: {e}")))?
        };
        let evaluator = ctx.config.evaluation.evaluator::<G>();
        pos.set_evaluator(evaluator.clone());
        let slot = ctx.reserve_search().ok_or_else(|| {
            ApiError::new(
                503,
                "the server is busy thinking for other games; try again",
            )
        })?;
        let options = Options {
            hash_mb: ANALYSIS_HASH_MB,
            multipv,
            strength: Strength::Full,
            randomize: false,
            ..Options::default()
        };
        let mut engine = Engine::<G, S>::with_evaluator(options, evaluator);
        let fen = pos.to_fen();
        engine.set_position(pos);
        let progress = Arc::new(Mutex::new(Progress::default()));
        engine.go(
            GoRequest {
                limits: Limits {
                    movetime: Some(ctx.config.max_think),
                    ..Limits::default()
                },
                ..GoRequest::default()
            },
            Reporter {
                progress: progress.clone(),
                _slot: slot,
            },
        );
        Ok(Arc::new(Analysis {
            fen,
            multipv,
            progress,
            engine: Mutex::new(Some(engine)),
        }))
    }
}

impl<G: Tuned, S: Think<G>> Job for Analysis<G, S> {
    fn view(&self, id: &str) -> String {
        if lock(&self.progress).done {
            // The search has reported: its thread is ending, so the join is short.
            let engine = lock(&self.engine).take();
            drop(engine);
        }
        let progress = lock(&self.progress);
        let view = View {
            id,
            game: G::NAME,
            fen: &self.fen,
            multipv: self.multipv,
            depth: progress.lines.first().map_or(0, |l| l.depth),
            nodes: progress.nodes,
            lines: &progress.lines,
            done: progress.done,
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    fn stop(&self) {
        // Stopping waits for the search to report, which takes the progress lock: never
        // hold it here.
        if let Some(mut engine) = lock(&self.engine).take() {
            engine.stop();
        }
    }
}
