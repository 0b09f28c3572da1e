//! Playing soak games: our search against itself or an outside engine, every move checked.

use super::check::{check_move, check_position, check_pv, Fault};
use super::stats::Stats;
use crate::engine::Engine;
use crate::spec::{EngineSpec, Proto};
use crate::tc::{Clocks, TimeControl};
use engine::Tuned;
use game::{Game, MoveStyle, Outcome, Side};
use search::{Clock, Control, Info, Limits, Options, Searcher};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a soak run plays its games.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games to play (per game kind).
    pub games: usize,
    /// Node budget of each of our searches; `None` (only with a clock) searches on the clock
    /// alone.
    pub nodes: Option<u64>,
    /// Games played at once (one worker thread each).
    pub threads: usize,
    /// Search threads per search (Lazy SMP).
    pub search_threads: usize,
    /// Transposition table size per searcher, MiB.
    pub hash_mb: usize,
    /// Random legal moves played first, so that games differ.
    pub random_plies: usize,
    /// Plies after which a game is stopped without a result.
    pub max_plies: usize,
    /// Seed of the random openings (game `i` uses `seed + i`: reproducible one by one).
    pub seed: u64,
    /// A clock for both sides (besides the node budget); `None` plays on nodes alone.
    pub clock: Option<TimeControl>,
    /// An outside UCI engine to play against instead of ourselves.
    pub opponent: Option<EngineSpec>,
}

/// The node budget of a soak without a clock when none is given.
pub const DEFAULT_NODES: u64 = 1000;

/// Move overhead a clocked outside engine is allowed (process and pipe latency).
const OPPONENT_OVERHEAD: Duration = Duration::from_millis(100);
/// How long an outside engine may take to start, or to answer a node-limited `go`.
const OPPONENT_WAIT: Duration = Duration::from_secs(10);

/// An outside engine seat: its spec, its process and how it writes moves.
struct Opponent {
    spec: EngineSpec,
    style: MoveStyle,
    variant: Option<&'static str>,
    engine: Option<Engine>,
}

impl Opponent {
    fn new<G: Game>(spec: &EngineSpec) -> Opponent {
        let variant = G::description().variant;
        let proto = spec.proto.unwrap_or_else(|| Proto::default_for(variant));
        Opponent {
            spec: spec.clone(),
            style: proto.move_style(),
            variant: variant.filter(|_| proto.sets_variant()),
            engine: None,
        }
    }

    fn ready(&mut self) -> Result<&mut Engine, String> {
        if self.engine.is_none() {
            let engine = Engine::start(&self.spec, self.variant, OPPONENT_WAIT)
                .map_err(|e| e.to_string())?;
            self.engine = Some(engine);
        }
        Ok(self.engine.as_mut().expect("started above"))
    }
}

/// How one game ended.
enum End {
    /// By the rules (`None`: stopped at the ply cap).
    Over(Option<Outcome>),
    /// One of our faults.
    Fault(Fault),
    /// We overran the clock.
    TimeLoss(String),
    /// The outside engine failed (not counted against us).
    Opponent(String),
}

/// One worker's searcher and, if any, outside engine.
struct Player<G: Game> {
    searcher: Searcher<G>,
    opponent: Option<Opponent>,
}

fn searcher<G: Tuned>(config: &Config) -> Searcher<G> {
    Searcher::new(
        Options {
            hash_mb: config.hash_mb,
            threads: config.search_threads,
            ..Options::default()
        },
        G::TUNING,
    )
}

/// Plays `config.games` games of `G` on `config.threads` workers and counts what went wrong.
/// Each game runs under `catch_unwind`: a panic is counted and the next game starts afresh.
pub fn soak<G: Tuned>(config: &Config, progress: &(dyn Fn(&str) + Sync)) -> Stats {
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Stats::default());
    let step = (config.games / 10).max(1);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut stats = Stats::default();
                let mut player = Player::<G> {
                    searcher: searcher(config),
                    opponent: config.opponent.as_ref().map(Opponent::new::<G>),
                };
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    play_guarded(&mut player, config, index, &mut stats);
                    if (index + 1).is_multiple_of(step) {
                        progress(&format!(
                            "{}: {} of {} games",
                            G::NAME,
                            index + 1,
                            config.games
                        ));
                    }
                }
                if let Some(engine) = player.opponent.and_then(|o| o.engine) {
                    engine.quit();
                }
                total.lock().unwrap_or_else(|e| e.into_inner()).merge(stats);
            });
        }
    });
    let mut stats = total.into_inner().unwrap_or_else(|e| e.into_inner());
    stats.elapsed = started.elapsed();
    stats
}

/// Plays game `index`, catching a panic anywhere in it (rules, search, our checks).
fn play_guarded<G: Tuned>(
    player: &mut Player<G>,
    config: &Config,
    index: usize,
    stats: &mut Stats,
) {
    let mut plies = 0;
    let result = catch_unwind(AssertUnwindSafe(|| {
        play_game(player, config, index, &mut plies)
    }));
    stats.games += 1;
    stats.plies += plies as u64;
    match result {
        Ok(End::Over(outcome)) => stats.record_outcome(outcome),
        Ok(End::Fault(fault)) => stats.record_fault(index, &fault),
        Ok(End::TimeLoss(text)) => {
            stats.time_losses += 1;
            stats.note(index, format!("time loss: {text}"));
        }
        Ok(End::Opponent(text)) => {
            stats.opponent_faults += 1;
            stats.note(index, format!("opponent: {text}"));
            if let Some(o) = player.opponent.as_mut() {
                o.engine = None;
            }
        }
        Err(payload) => {
            stats.panics += 1;
            stats.note(index, format!("panic: {}", panic_text(&*payload)));
            // Whatever panicked may have left the searcher or the engine mid-way.
            player.searcher = searcher(config);
            if let Some(o) = player.opponent.as_mut() {
                o.engine = None;
            }
        }
    }
}

/// The message of a panic payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string())
}

/// A small xorshift generator for the random openings.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The start position every soak game begins from, evaluating as the engine ships: with the
/// game's built-in network (the classic evaluation only where a game has none), so the soak
/// exercises what users play, incremental network updates included.
pub(super) fn start_position<G: Game>() -> G {
    let mut pos = G::start();
    pos.set_evaluator(G::builtin_evaluator());
    pos
}

fn play_game<G: Game>(
    player: &mut Player<G>,
    config: &Config,
    index: usize,
    plies: &mut usize,
) -> End {
    let mut pos = start_position::<G>();
    let mut rng = config
        .seed
        .wrapping_add(index as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        | 1;
    player.searcher.clear();
    // With an outside engine we take White in even games and Black in odd ones.
    let our_side = if index.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    let mut clocks = config.clock.map(|tc| Clocks::new(tc, Duration::ZERO));
    let mut opp_clocks = config.clock.map(|tc| Clocks::new(tc, OPPONENT_OVERHEAD));
    let mut texts: Vec<String> = Vec::new();
    let start_fen = pos.to_fen();
    if let Some(opponent) = player.opponent.as_mut() {
        if let Err(e) = opponent
            .ready()
            .and_then(|e| e.new_game(OPPONENT_WAIT).map_err(|x| x.to_string()))
        {
            return End::Opponent(e);
        }
    }
    loop {
        if let Some(outcome) = pos.outcome() {
            return End::Over(Some(outcome));
        }
        if *plies >= config.max_plies {
            return End::Over(None);
        }
        let side = pos.side_to_move();
        let mv = if *plies < config.random_plies {
            let moves = pos.legal_moves();
            moves.as_slice()[(next_random(&mut rng) % moves.len() as u64) as usize]
        } else if player.opponent.is_some() && side != our_side {
            let opponent = player.opponent.as_mut().expect("checked above");
            let style = opponent.style;
            let mut position = format!("position fen {start_fen}");
            if !texts.is_empty() {
                position.push_str(" moves ");
                position.push_str(&texts.join(" "));
            }
            let go = opp_clocks.as_ref().map_or_else(
                || format!("go nodes {}", config.nodes.unwrap_or(DEFAULT_NODES)),
                |c| c.go_command(side),
            );
            let wait = opp_clocks
                .as_ref()
                .and_then(|c| c.allowed(side))
                .map_or(OPPONENT_WAIT, |a| a + OPPONENT_WAIT);
            let engine = match opponent.ready() {
                Ok(e) => e,
                Err(e) => return End::Opponent(e),
            };
            let reply = match engine.go(&position, &go, wait) {
                Ok(r) => r,
                Err(e) => return End::Opponent(e.to_string()),
            };
            if let Some(c) = opp_clocks.as_mut() {
                if let Err(loss) = c.charge(side, reply.elapsed) {
                    return End::Opponent(format!(
                        "lost on time ({:?} of {:?})",
                        loss.used, loss.allowed
                    ));
                }
            }
            match pos.parse_move(&reply.bestmove, style) {
                Ok(mv) => mv,
                Err(e) => return End::Opponent(format!("illegal move `{}`: {e}", reply.bestmove)),
            }
        } else {
            match our_move(&mut player.searcher, &pos, config, clocks.as_mut(), *plies) {
                Ok(mv) => mv,
                Err(end) => return end,
            }
        };
        if let Err(fault) = check_move(&mut pos, mv) {
            return End::Fault(fault);
        }
        if let Some(o) = player.opponent.as_ref() {
            texts.push(pos.format_move(mv, o.style));
        }
        pos.make(mv);
        *plies += 1;
        if let Err(fault) = check_position(&pos) {
            return End::Fault(fault);
        }
    }
}

/// Searches our move under the node budget (and the clock, if any), checking the reported
/// principal variation and the clock.
fn our_move<G: Game>(
    searcher: &mut Searcher<G>,
    pos: &G,
    config: &Config,
    clocks: Option<&mut Clocks>,
    plies: usize,
) -> Result<G::Move, End> {
    let side = pos.side_to_move();
    let clock = clocks.as_ref().and_then(|c| match config.clock {
        Some(TimeControl::Clock { moves, inc, .. }) => Some(Clock {
            time: c.remaining(side),
            inc,
            moves_to_go: moves.map(|m| m - (plies as u32 / 2) % m),
        }),
        _ => None,
    });
    let limits = Limits {
        nodes: config.nodes,
        clock,
        ..Limits::default()
    };
    let mut last_pv: Vec<G::Move> = Vec::new();
    let started = Instant::now();
    let result = searcher.search(pos, &limits, &[], &Control::new(), &mut |info: &Info<
        G::Move,
    >| {
        if info.multipv == 1 {
            last_pv.clone_from(&info.pv);
        }
    });
    let used = started.elapsed();
    if let Some(c) = clocks {
        if let Err(loss) = c.charge(side, used) {
            return Err(End::TimeLoss(format!(
                "used {} ms of {} ms in {}",
                loss.used.as_millis(),
                loss.allowed.as_millis(),
                pos.to_fen()
            )));
        }
    }
    check_pv(pos, &last_pv).map_err(End::Fault)?;
    match result.best {
        Some(mv) => Ok(mv),
        None => Err(End::Fault(Fault::Illegal(format!(
            "the search found no move in {}, which has {} legal moves",
            pos.to_fen(),
            pos.legal_moves().len()
        )))),
    }
}
