//! The review of a finished game: a short fixed-node search of every position on a
//! background thread, the evaluation curve, and each move judged by how much winning chance
//! it threw away (lichess's scale and thresholds), with the better move where there was one.

use super::jobs::Job;
use super::session::{ApiError, MoveView};
use super::think::{Ctx, SearchSlot};
use engine::{Engine, GoRequest, Think, Tuned};
use game::{Game, MoveStyle, Score, Side};
use search::{Info, Limits, Options, SearchResult, Strength};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};

/// Nodes searched per position: a quick look, enough to see what a blunder drops.
pub const REVIEW_NODES: u64 = 30_000;
/// Most moves a review takes.
pub const MAX_REVIEW_PLIES: usize = 600;
/// Scores beyond this many centipawns (mates) count as this many.
const CP_CLAMP: i32 = 10_000;

/// What a client sends to review a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// `"chess"` or `"xiangqi"`.
    pub game: String,
    /// The starting position (default the standard one).
    pub fen: Option<String>,
    /// The moves in engine coordinates, as the state's `moves[].coord` lists them.
    pub moves: Vec<String>,
}

/// Lichess's winning chance on a [-1, 1] scale for a score in centipawns.
pub fn winning_chance(cp: i32) -> f64 {
    2.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp()) - 1.0
}

/// The judgement of a move that took the mover's score from `before` to `after`
/// (centipawns, both from the mover's side): `blunder`, `mistake`, `inaccuracy` or none,
/// by the drop in winning chance (0.3, 0.2, 0.1).
pub fn judge(before: i32, after: i32) -> Option<&'static str> {
    let drop = winning_chance(before) - winning_chance(after);
    if drop >= 0.3 {
        Some("blunder")
    } else if drop >= 0.2 {
        Some("mistake")
    } else if drop >= 0.1 {
        Some("inaccuracy")
    } else {
        None
    }
}

/// One position's evaluation.
#[derive(Clone, Debug, Serialize)]
pub struct Eval {
    /// Plies played before it (0 is the start).
    pub ply: usize,
    /// Centipawns from White's/Red's side, mates clamped to ±10000.
    pub cp: i32,
    /// The score as the state writes it (`+0.31`, `#3`).
    pub score: String,
    /// The engine's choice here (none when the game is over).
    pub best: Option<MoveView>,
}

/// One move's verdict.
#[derive(Clone, Debug, Serialize)]
pub struct Judged {
    /// The move's index in the game (0 is the first move).
    pub ply: usize,
    /// The move in SAN/WXF.
    pub text: String,
    /// `blunder`, `mistake`, `inaccuracy` or `null`.
    pub class: Option<&'static str>,
    /// The engine's move instead, when the move was judged and differs from it.
    pub better: Option<MoveView>,
}

#[derive(Default)]
struct Progress {
    evals: Vec<Eval>,
    done: bool,
}

#[derive(Serialize)]
struct View<'a> {
    id: &'a str,
    game: &'static str,
    total: usize,
    evals: &'a [Eval],
    moves: Vec<Judged>,
    done: bool,
}

/// A review of one game of `G`.
pub struct Review<G: Game> {
    texts: Vec<String>,
    coords: Vec<String>,
    movers: Vec<Side>,
    progress: Arc<Mutex<Progress>>,
    stop: Arc<AtomicBool>,
    _game: std::marker::PhantomData<fn() -> G>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Hands one search's result back to the reviewing thread.
struct Collect<M>(mpsc::Sender<(Score, Option<M>)>);

impl<G: Game> engine::Reporter<G> for Collect<G::Move> {
    fn info(&mut self, _root: &G, _info: &Info<G::Move>) {}
    fn finished(&mut self, _root: &G, result: &SearchResult<G::Move>) {
        let _ = self.0.send((result.score, result.best));
    }
}

/// Centipawns from White's side for a score from `side`'s, clamped.
fn white_cp(score: Score, side: Side) -> i32 {
    let cp = score.clamp(-CP_CLAMP, CP_CLAMP);
    match side {
        Side::White => cp,
        Side::Black => -cp,
    }
}

/// A game read from a review request: its positions (start first) and each move's
/// notation, coordinates and mover.
struct Replayed<G: Game> {
    positions: Vec<G>,
    texts: Vec<String>,
    coords: Vec<String>,
    movers: Vec<Side>,
}

/// Replays the request's moves: 400 for a bad FEN or too many moves, 422 for an illegal one.
fn replay<G: Tuned>(
    request: &ReviewRequest,
    evaluator: G::Evaluator,
) -> Result<Replayed<G>, ApiError> {
    if request.moves.len() > MAX_REVIEW_PLIES {
        return Err(ApiError::new(
            400,
            format!("a review takes at most {MAX_REVIEW_PLIES} moves"),
        ));
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
    pos.set_evaluator(evaluator);
    let mut out = Replayed {
        positions: vec![pos.clone()],
        texts: Vec::new(),
        coords: Vec::new(),
        movers: Vec::new(),
    };
    for (i, text) in request.moves.iter().enumerate() {
        let mv = pos
            .parse_move(text, MoveStyle::Coord)
            .ok()
            .filter(|&mv| pos.legal_moves().contains(mv))
            .ok_or_else(|| {
                let text: String = text.chars().take(16).collect();
                ApiError::new(422, format!("move {}: `{text}` is not legal", i + 1))
            })?;
        out.texts.push(pos.format_move(mv, MoveStyle::Human));
        out.coords.push(pos.format_move(mv, MoveStyle::Coord));
        out.movers.push(pos.side_to_move());
        pos.make(mv);
        out.positions.push(pos.clone());
    }
    Ok(out)
}

/// Every position of a game, for stepping through it on the page: `{"positions": [{"fen",
/// "board", "check"}, …]}`, the start first. No search runs.
pub fn positions<G: Tuned>(request: &ReviewRequest) -> Result<String, ApiError> {
    let game = replay::<G>(request, G::Evaluator::default())?;
    let positions: Vec<serde_json::Value> = game
        .positions
        .iter()
        .map(|pos| {
            let fen = pos.to_fen();
            serde_json::json!({
                "board": super::board::fen_rows(&fen),
                "fen": fen,
                "check": pos.in_check(),
            })
        })
        .collect();
    Ok(serde_json::json!({ "positions": positions }).to_string())
}

impl<G: Tuned> Review<G> {
    /// Starts reviewing the game `request` describes with searcher `S`: 400 for a bad FEN
    /// or too many moves, 422 for an illegal one, 503 when the server's searches are taken.
    pub fn start<S: Think<G>>(
        request: &ReviewRequest,
        ctx: &Arc<Ctx>,
    ) -> Result<Arc<dyn Job>, ApiError> {
        let evaluator = ctx.config.evaluation.evaluator::<G>();
        let Replayed {
            positions,
            texts,
            coords,
            movers,
        } = replay::<G>(request, evaluator.clone())?;
        let slot = ctx.reserve_search().ok_or_else(|| {
            ApiError::new(
                503,
                "the server is busy thinking for other games; try again",
            )
        })?;
        let progress = Arc::new(Mutex::new(Progress::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (p, s) = (progress.clone(), stop.clone());
        std::thread::Builder::new()
            .name("chariot-review".into())
            .spawn(move || evaluate_all::<G, S>(positions, evaluator, &p, &s, slot))
            .map_err(|e| ApiError::new(503, format!("cannot start the review: {e}")))?;
        Ok(Arc::new(Review::<G> {
            texts,
            coords,
            movers,
            progress,
            stop,
            _game: std::marker::PhantomData,
        }))
    }
}

/// The reviewing thread: one short search per position, each result published at once.
fn evaluate_all<G: Tuned, S: Think<G>>(
    positions: Vec<G>,
    evaluator: G::Evaluator,
    progress: &Mutex<Progress>,
    stop: &AtomicBool,
    _slot: SearchSlot,
) {
    let options = Options {
        hash_mb: 16,
        strength: Strength::Full,
        randomize: false,
        ..Options::default()
    };
    let mut engine = Engine::<G, S>::with_evaluator(options, evaluator);
    for (ply, pos) in positions.into_iter().enumerate() {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let side = pos.side_to_move();
        let eval = if let Some(outcome) = pos.outcome() {
            let cp = match outcome.winner {
                Some(Side::White) => CP_CLAMP,
                Some(Side::Black) => -CP_CLAMP,
                None => 0,
            };
            let score = match outcome.winner {
                Some(Side::White) => "1-0",
                Some(Side::Black) => "0-1",
                None => "½-½",
            };
            Eval {
                ply,
                cp,
                score: score.into(),
                best: None,
            }
        } else {
            let (tx, rx) = mpsc::channel();
            engine.set_position(pos.clone());
            engine.go(
                GoRequest {
                    limits: Limits {
                        nodes: Some(REVIEW_NODES),
                        ..Limits::default()
                    },
                    ..GoRequest::default()
                },
                Collect(tx),
            );
            engine.wait();
            let Ok((score, best)) = rx.recv() else {
                break;
            };
            Eval {
                ply,
                cp: white_cp(score, side),
                score: game::score_text(match side {
                    Side::White => score,
                    Side::Black => -score,
                }),
                best: best.map(|mv| MoveView {
                    coord: pos.format_move(mv, MoveStyle::Coord),
                    text: pos.format_move(mv, MoveStyle::Human),
                }),
            }
        };
        lock(progress).evals.push(eval);
    }
    lock(progress).done = true;
}

impl<G: Tuned> Job for Review<G> {
    fn view(&self, id: &str) -> String {
        let progress = lock(&self.progress);
        let evals = &progress.evals;
        let moves = (0..self.texts.len())
            .map(|ply| {
                let judged = evals.get(ply).zip(evals.get(ply + 1)).map(|(a, b)| {
                    let sign = if self.movers[ply] == Side::White {
                        1
                    } else {
                        -1
                    };
                    (judge(sign * a.cp, sign * b.cp), a.best.clone())
                });
                let (class, best) = judged.unwrap_or((None, None));
                Judged {
                    ply,
                    text: self.texts[ply].clone(),
                    class,
                    better: best.filter(|b| class.is_some() && b.coord != self.coords[ply]),
                }
            })
            .collect();
        let view = View {
            id,
            game: G::NAME,
            total: self.texts.len() + 1,
            evals,
            moves,
            done: progress.done,
        };
        serde_json::to_string(&view).unwrap_or_else(|_| "{}".into())
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chance_follows_lichess() {
        assert_eq!(winning_chance(0), 0.0);
        assert!((winning_chance(100) - 0.1820).abs() < 1e-3);
        assert!(winning_chance(10_000) > 0.999);
        assert_eq!(judge(0, -50), None);
        assert_eq!(judge(0, -70), Some("inaccuracy"));
        assert_eq!(judge(0, -120), Some("mistake"));
        assert_eq!(judge(0, -300), Some("blunder"));
        assert_eq!(judge(200, 100), Some("inaccuracy"));
        assert_eq!(judge(-900, -10_000), None, "already lost");
    }
}
