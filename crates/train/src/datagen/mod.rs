//! `chariot datagen`: self-play at a fixed node budget (or depth) to make training data
//! for `chariot nnue-train`, in the binary format of [`crate::data_format`]
//! (`docs/data-format.md`).
//!
//! Each game starts with a few random legal plies (so games differ) from the start position,
//! or from a position of an `--openings` file (FEN or EPD, as `chariot arena` reads them:
//! game `i` takes the `i`-th of a seeded shuffle), then both sides play the search's best
//! move. Only Chariot's own searches label the data. Quiet positions are written with the
//! search score (White's or Red's view) and, once the game ends, the result.
//!
//! Skipped: the random plies and the next [`SKIP_PLIES`] plies, positions in check, positions
//! whose best move is a capture or promotion (the static evaluation cannot see it), and mate
//! scores. A game ends by the rules, by adjudication (one side ahead by more than
//! `--win-cp` for `--win-plies` plies in a row; a score within `--draw-cp` of zero for
//! `--draw-plies` plies from ply `--draw-after` on is a draw) or as a draw after
//! `--max-plies`.
//!
//! Games are numbered; game `i` of seed `S` plays the same moves in every run, and the
//! output holds games `0..n` in order whatever the thread count, so an interrupted run
//! resumes at game `n` (see [`write_games`]). [`generate`] still writes the older text
//! format, one position per line, which `chariot tune` reads:
//!
//! ```text
//! # comment lines start with '#'
//! <FEN> | <search score in centipawns, White's (Red's) view> | <result: 1.0, 0.5 or 0.0 for White>
//! ```

mod progress;

use crate::data_format::{
    FormatError, GameLog, GameResult, GameWriter, Packable, Ply, Record, Writer,
};
use anyhow::{bail, Context};
use clap::Parser;
use engine::GameKind;
use engine::Tuned;
use game::{is_mate_score, Game, Side};
use progress::Progress;
use search::{Control, Limits, Options, Searcher};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Plies after the random opening that are not written (the opening is still random-ish).
pub const SKIP_PLIES: usize = 8;
/// Default adjudication margin in centipawns.
pub const WIN_CP: i32 = 1500;
/// Default plies in a row beyond the margin that decide a game.
pub const WIN_PLIES: usize = 6;

/// Arguments of `chariot datagen`.
#[derive(Parser, Debug, Clone)]
#[command(
    name = "chariot datagen",
    about = "Self-play at fixed nodes; writes positions labelled with score and result"
)]
pub struct Args {
    /// The game.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Node budget per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Search each move to this depth instead of a node budget.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at once (one thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table of each game's searcher, MiB. It is cleared before every game
    /// (so that a game does not depend on the ones before it), and at `--depth 3` a
    /// 16 MiB clear was 6% of the time: a small table suits short searches. A different
    /// size plays different games from the same seed.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Random legal plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Plies after which a game is called a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Seed of the random openings: a run is reproducible, and runs with different seeds
    /// play different games (one shard per seed, on as many machines as wanted).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file (default `<game>-seed<S>.data`, or `.games` with `--format games`); an
    /// existing one is resumed: appended to until it holds `--games` games.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// What the file keeps: `positions` (one record a training position) or `games` (each
    /// game's moves and scores, about 4 bytes a ply: small enough to commit; `chariot data
    /// unpack` and the trainer replay them into the same positions).
    #[arg(long, value_enum, default_value_t = Format::Positions)]
    pub format: Format,
    /// Adjudicate a win once one side is ahead by more than this many centipawns...
    #[arg(long, default_value_t = WIN_CP)]
    pub win_cp: i32,
    /// ...for this many plies in a row.
    #[arg(long, default_value_t = WIN_PLIES)]
    pub win_plies: usize,
    /// Adjudicate a draw once the score stays within this many centipawns of zero...
    #[arg(long, default_value_t = 10)]
    pub draw_cp: i32,
    /// ...for this many plies in a row (0: never)...
    #[arg(long, default_value_t = 20)]
    pub draw_plies: usize,
    /// ...from this ply of the game on.
    #[arg(long, default_value_t = 80)]
    pub draw_after: usize,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Network (NNUE) of the game played that both sides evaluate with, as the UCI option
    /// `EvalFile`: a file, or the game's built-in network's name (`chariot eval` names it)
    /// for that network (default: the classic evaluation); another game's network is
    /// refused.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
    /// Start positions, one FEN or EPD per line as for `chariot arena --openings`
    /// (default: the game's start position); `--random-plies` are played from each.
    #[arg(long)]
    pub openings: Option<PathBuf>,
}

/// The kinds of file `datagen` writes (`docs/data-format.md`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One fixed-size record a training position.
    #[default]
    Positions,
    /// Whole games: start position, moves, scores.
    Games,
}

/// One written position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// Search score, White's view, centipawns.
    pub score: i32,
    /// Game result for White: 1.0, 0.5 or 0.0.
    pub result: f64,
}

impl Sample {
    /// The line of the data file (without newline).
    pub fn line(&self) -> String {
        format!("{} | {} | {:.1}", self.fen, self.score, self.result)
    }

    /// Reads a data line; `None` for blank and comment lines.
    pub fn parse(line: &str) -> anyhow::Result<Option<Sample>> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut fields = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            bail!("expected `FEN | score | result`");
        };
        let score = score
            .parse()
            .with_context(|| format!("bad score `{score}`"))?;
        let result: f64 = result
            .parse()
            .with_context(|| format!("bad result `{result}`"))?;
        if ![0.0, 0.5, 1.0].contains(&result) {
            bail!("result must be 1.0, 0.5 or 0.0, not {result}");
        }
        Ok(Some(Sample {
            fen: fen.to_string(),
            score,
            result,
        }))
    }
}

/// SplitMix64's finaliser: spreads nearby inputs over the whole range.
fn mix(mut z: u64) -> u64 {
    game::splitmix64(&mut z)
}

/// The random stream of try `attempt` of game `index` under `seed`: hashed from all three,
/// so that seeds 1 and 2 do not share games the way `seed + index` would.
pub fn game_seed(seed: u64, index: usize, attempt: usize) -> u64 {
    mix(mix(mix(seed) ^ index as u64) ^ attempt as u64)
}

/// A tiny deterministic generator (xorshift64*) for the random opening plies.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// The start positions of `--openings` in the seeded order games take them (without the
/// option every game starts from the game's start position: none are listed, unless
/// `--eval-file` needs that position to carry its network). Each evaluates with
/// `--eval-file`'s network, or classically without the option.
fn load_starts<G: Game>(args: &Args) -> anyhow::Result<Vec<G>> {
    let evaluator = match &args.eval_file {
        Some(file) if file.as_os_str() == G::builtin_evaluator_name() => {
            Some(G::builtin_evaluator())
        }
        Some(file) => Some(
            G::load_evaluator(file)
                .map_err(|e| anyhow::anyhow!("--eval-file {}: {e}", file.display()))?,
        ),
        None => None,
    };
    let mut starts = match &args.openings {
        None => Vec::new(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let starts = arena::openings::parse::<G>(&text)
                .with_context(|| format!("--openings {}", path.display()))?;
            let order = arena::schedule::opening_order(starts.len(), Some(args.seed));
            order.into_iter().map(|i| starts[i].clone()).collect()
        }
    };
    if let Some(evaluator) = evaluator {
        if starts.is_empty() {
            starts.push(G::start());
        }
        for start in &mut starts {
            start.set_evaluator(evaluator.clone());
        }
    }
    Ok(starts)
}

/// Plays game number `index` from `starts[index % len]` (the start position when `starts`
/// is empty) and returns its samples (labelled with the result).
pub fn play_game<G: Game>(
    args: &Args,
    index: usize,
    starts: &[G],
    searcher: &mut Searcher<G>,
) -> Vec<Sample> {
    play_attempt(args, index, 0, starts, searcher)
}

/// Try `attempt` of game `index`: [`play_game`] with its own random opening plies.
pub fn play_attempt<G: Game>(
    args: &Args,
    index: usize,
    attempt: usize,
    starts: &[G],
    searcher: &mut Searcher<G>,
) -> Vec<Sample> {
    play_logged(args, index, attempt, starts, searcher).1
}

/// [`play_attempt`], with the whole game as a game file keeps it (`None` when the random
/// opening plies ended the game).
fn play_logged<G: Game>(
    args: &Args,
    index: usize,
    attempt: usize,
    starts: &[G],
    searcher: &mut Searcher<G>,
) -> (Option<GameLog<G>>, Vec<Sample>) {
    let mut rng = Rng::new(game_seed(args.seed, index, attempt));
    let mut pos = match starts {
        [] => G::start(),
        _ => starts[index % starts.len()].clone(),
    };
    for _ in 0..args.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            return (None, Vec::new());
        }
        pos.make(moves.as_slice()[rng.below(moves.len())]);
    }
    let start = pos.clone();
    let mut plies = Vec::new();
    searcher.clear();
    let limits = match args.depth {
        Some(depth) => Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None => Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        },
    };
    let mut level = 0;
    let mut samples = Vec::new();
    let mut streak: (Option<Side>, usize) = (None, 0);
    let mut result = 0.5;
    for ply in 0..args.max_plies {
        if let Some(outcome) = pos.outcome() {
            result = match outcome.winner {
                Some(Side::White) => 1.0,
                Some(Side::Black) => 0.0,
                None => 0.5,
            };
            break;
        }
        let found = searcher.search(&pos, &limits, &[], &Control::new(), &mut |_| {});
        let Some(best) = found.best else { break };
        let white = match pos.side_to_move() {
            Side::White => found.score,
            Side::Black => -found.score,
        };
        let written = ply >= SKIP_PLIES
            && !pos.in_check()
            && !pos.is_noisy(best)
            && !is_mate_score(found.score);
        if written {
            samples.push(Sample {
                fen: pos.to_fen(),
                score: white,
                result: 0.5,
            });
        }
        plies.push(Ply {
            mv: best,
            score: clamp_score(white),
            written,
        });
        level = if white.abs() <= args.draw_cp {
            level + 1
        } else {
            0
        };
        if args.draw_plies > 0 && ply >= args.draw_after && level >= args.draw_plies {
            break; // a dead draw: result stays 0.5
        }
        let leader = match white {
            s if s > args.win_cp => Some(Side::White),
            s if s < -args.win_cp => Some(Side::Black),
            _ => None,
        };
        streak = if leader.is_some() && leader == streak.0 {
            (leader, streak.1 + 1)
        } else {
            (leader, 1)
        };
        if let (Some(side), n) = streak {
            if n >= args.win_plies {
                result = if side == Side::White { 1.0 } else { 0.0 };
                break;
            }
        }
        pos.make(best);
    }
    for s in &mut samples {
        s.result = result;
    }
    let log = GameLog {
        start,
        plies,
        result: GameResult::from_white(result).unwrap_or(GameResult::Draw),
    };
    (Some(log), samples)
}

/// A score as the files keep it: clamped to ±32767.
fn clamp_score(score: i32) -> i16 {
    score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16
}

/// Plays `args.games` games on `args.threads` threads, writing samples to `out` as
/// they come; `progress(games_done, samples)` after each game. Returns the sample count.
pub fn generate<G: Tuned>(
    args: &Args,
    out: &mut (dyn Write + Send),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> anyhow::Result<usize> {
    play_games(args, &load_starts::<G>(args)?, out, progress)
}

/// [`generate`] from the start positions [`load_starts`] gave.
fn play_games<G: Tuned>(
    args: &Args,
    starts: &[G],
    out: &mut (dyn Write + Send),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> anyhow::Result<usize> {
    let next = AtomicUsize::new(0);
    let state = Mutex::new((out, 0usize, 0usize, None::<std::io::Error>));
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::<G>::new(args.search_options(), G::TUNING);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let samples = play_game(args, index, starts, &mut searcher);
                    let mut guard = state.lock().unwrap_or_else(|e| e.into_inner());
                    let (out, done, count, error) = &mut *guard;
                    for s in &samples {
                        if let Err(e) = writeln!(out, "{}", s.line()) {
                            error.get_or_insert(e);
                        }
                    }
                    *done += 1;
                    *count += samples.len();
                    progress(*done, *count);
                }
            });
        }
    });
    let (out, _, count, error) = state.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        return Err(e).context("writing the data file");
    }
    out.flush().context("writing the data file")?;
    Ok(count)
}

/// Tries of one game before it is given up: each try plays other random opening plies.
pub const ATTEMPTS: usize = 16;

/// A finished game, ready for either kind of file.
pub struct Finished {
    /// Its training positions (the first one marked first of its game).
    pub records: Vec<Record>,
    /// Its block in a game file.
    pub block: Vec<u8>,
}

/// Where finished games go, in game order: a position file's records or a game file's blocks.
pub trait Sink: Send {
    /// Appends one game.
    fn write_game(&mut self, game: &Finished) -> Result<(), FormatError>;
    /// Flushes what was written.
    fn flush_games(&mut self) -> Result<(), FormatError>;
}

impl<W: Write + Send> Sink for Writer<W> {
    fn write_game(&mut self, game: &Finished) -> Result<(), FormatError> {
        game.records.iter().try_for_each(|r| self.write(r))
    }
    fn flush_games(&mut self) -> Result<(), FormatError> {
        self.flush()
    }
}

impl<W: Write + Send> Sink for GameWriter<W> {
    fn write_game(&mut self, game: &Finished) -> Result<(), FormatError> {
        self.write_block(&game.block)
    }
    fn flush_games(&mut self) -> Result<(), FormatError> {
        self.flush()
    }
}

/// Game `index`: the first of its [`ATTEMPTS`] tries that yields a position, so that every
/// game of a file has one and resuming can count games.
fn game_records<G: Packable>(
    args: &Args,
    index: usize,
    starts: &[G],
    searcher: &mut Searcher<G>,
) -> anyhow::Result<Finished> {
    for attempt in 0..ATTEMPTS {
        let (Some(log), samples) = play_logged(args, index, attempt, starts, searcher) else {
            continue;
        };
        if samples.is_empty() {
            continue;
        }
        let records = samples.into_iter().enumerate().map(|(i, s)| Record {
            fen: s.fen,
            score: clamp_score(s.score),
            result: GameResult::from_white(s.result).unwrap_or(GameResult::Draw),
            first: i == 0,
        });
        let mut block = Vec::new();
        log.encode(&mut block)?;
        return Ok(Finished {
            records: records.collect(),
            block,
        });
    }
    bail!(
        "game {index} gave no positions in {ATTEMPTS} tries: are --max-plies, --random-plies \
         and the openings sensible?"
    )
}

/// What the writing threads share: games finish out of order but are written in order,
/// so that a file always holds games `0..n` and a resumed run starts at game `n`.
struct Shared<'w> {
    writer: &'w mut dyn Sink,
    /// Finished games waiting for an earlier one.
    pending: BTreeMap<usize, Finished>,
    /// The next game to write.
    next: usize,
    /// Positions written by this run.
    written: u64,
    /// The first failure; the other threads stop at their next game.
    error: Option<anyhow::Error>,
}

/// Plays games `from..args.games` on `args.threads` threads (each with its own searcher
/// and hash) and appends their records to `writer` in game order; `progress(games,
/// positions)` after each game written (games counted from 0, positions from this run).
/// Returns the positions written.
pub fn write_games<G: Tuned + Packable>(
    args: &Args,
    starts: &[G],
    from: usize,
    writer: &mut dyn Sink,
    progress: &(dyn Fn(usize, u64) + Sync),
) -> anyhow::Result<u64> {
    let next = AtomicUsize::new(from);
    let shared = Mutex::new(Shared {
        writer,
        pending: BTreeMap::new(),
        next: from,
        written: 0,
        error: None,
    });
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::<G>::new(args.search_options(), G::TUNING);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games || lock().error.is_some() {
                        break;
                    }
                    let records = game_records(args, index, starts, &mut searcher);
                    let mut guard = lock();
                    let state = &mut *guard;
                    match records {
                        Ok(records) => {
                            state.pending.insert(index, records);
                        }
                        Err(e) => {
                            state.error.get_or_insert(e);
                            break;
                        }
                    }
                    while let Some(game) = state.pending.remove(&state.next) {
                        let wrote = state
                            .writer
                            .write_game(&game)
                            .and_then(|()| state.writer.flush_games());
                        if let Err(e) = wrote {
                            state
                                .error
                                .get_or_insert(anyhow::Error::from(e).context("writing"));
                            break;
                        }
                        state.next += 1;
                        state.written += game.records.len() as u64;
                        progress(state.next, state.written);
                    }
                }
            });
        }
    });
    let state = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    match state.error {
        Some(e) => Err(e),
        None => Ok(state.written),
    }
}

/// The shard a run writes when `--out` is not given: named by game and seed, so machines
/// with different seeds never write the same file.
pub fn default_out(game: &str, seed: u64, format: Format) -> PathBuf {
    let extension = match format {
        Format::Positions => "data",
        Format::Games => "games",
    };
    PathBuf::from(format!("{game}-seed{seed}.{extension}"))
}

fn run_game<G: Tuned + Packable>(args: &Args) -> anyhow::Result<()> {
    // Read first, so that a bad --openings or --eval-file leaves no file behind.
    let starts = load_starts::<G>(args)?;
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| default_out(G::NAME, args.seed, args.format));
    let opening = || format!("opening {}", path.display());
    let (mut writer, found): (Box<dyn Sink>, _) = match args.format {
        Format::Positions => {
            let (writer, found) = Writer::resume(&path, G::LAYOUT).with_context(opening)?;
            (Box::new(writer), found)
        }
        Format::Games => {
            let (writer, found) = GameWriter::resume(&path, G::LAYOUT).with_context(opening)?;
            (Box::new(writer), found)
        }
    };
    if found.dropped > 0 {
        eprintln!(
            "{}: cut off a partial last record or game ({} bytes)",
            path.display(),
            found.dropped
        );
    }
    let from = found.games as usize;
    if found.records > 0 {
        eprintln!(
            "{}: resuming after {from} games ({} positions)",
            path.display(),
            found.records
        );
    }
    if from >= args.games {
        eprintln!("{}: already holds {from} games", path.display());
        return Ok(());
    }
    let show = Progress::new(args, from);
    let start = Instant::now();
    let written = write_games(args, &starts, from, writer.as_mut(), &|games, positions| {
        show.update(games, positions, start)
    })?;
    show.finish();
    writer.flush_games()?;
    let seconds = start.elapsed().as_secs_f64().max(1e-3);
    let rate = written as f64 / seconds;
    eprintln!(
        "wrote {written} positions from {} games to {} in {seconds:.1} s: {rate:.0} positions/s, \
         {:.0} per thread ({} threads)",
        args.games - from,
        path.display(),
        rate / args.threads.max(1) as f64,
        args.threads.max(1)
    );
    Ok(())
}

impl Args {
    /// The options of each game's searcher: the defaults with `--hash`.
    fn search_options(&self) -> Options {
        Options {
            hash_mb: self.hash,
            ..Options::default()
        }
    }
}

/// Entry point of `chariot datagen`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.nodes == 0
        || args.games == 0
        || args.threads == 0
        || args.hash == 0
        || args.depth == Some(0)
    {
        bail!("--games, --nodes, --depth, --hash and --threads must be positive");
    }
    match args.game {
        GameKind::Chess => run_game::<chess::Position>(&args),
        GameKind::Xiangqi => run_game::<xiangqi::Position>(&args),
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: GameKind) -> Args {
        Args {
            game,
            games: 2,
            nodes: 300,
            threads: 2,
            hash: 16,
            random_plies: 6,
            max_plies: 60,
            seed: 7,
            out: None,
            depth: None,
            win_cp: WIN_CP,
            win_plies: WIN_PLIES,
            draw_cp: 10,
            draw_plies: 20,
            draw_after: 80,
            quiet: true,
            eval_file: None,
            openings: None,
            format: Format::Positions,
        }
    }

    fn lines<G: Tuned>(args: &Args) -> Vec<Sample> {
        let mut out = Vec::new();
        let games = AtomicUsize::new(0);
        let count = generate::<G>(args, &mut out, &|done, _| {
            games.store(done, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(games.load(Ordering::Relaxed), args.games);
        let text = String::from_utf8(out).unwrap();
        let samples: Vec<Sample> = text
            .lines()
            .filter_map(|l| Sample::parse(l).unwrap())
            .collect();
        assert_eq!(samples.len(), count);
        samples
    }

    #[test]
    fn self_play_writes_quiet_labelled_positions() {
        for samples in [
            lines::<chess::Position>(&args(GameKind::Chess)),
            lines::<xiangqi::Position>(&args(GameKind::Xiangqi)),
        ] {
            assert!(samples.len() > 20, "{}", samples.len());
            for s in &samples {
                assert!([0.0, 0.5, 1.0].contains(&s.result));
                let parsed = Sample::parse(&s.line()).unwrap().unwrap();
                assert_eq!(&parsed, s);
            }
        }
        let chess = lines::<chess::Position>(&args(GameKind::Chess));
        for s in &chess {
            let pos = chess::Position::parse_fen(&s.fen).unwrap();
            assert!(!pos.in_check(), "{}", s.fen);
        }
    }

    /// With `--openings`, every game starts from a position of the file: with no random
    /// plies, each game's first written position descends from one of them, and both
    /// openings are used. A broken file is an error, not a silent fallback.
    #[test]
    fn games_start_from_the_openings_file() {
        let dir = std::env::temp_dir().join(format!("chariot-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("openings.epd");
        // The second opening lacks White's h1 rook, so its games never have two white rooks.
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1",
        ];
        std::fs::write(&file, format!("# two\n{}\n{}\n", fens[0], fens[1])).unwrap();
        let mut a = args(GameKind::Chess);
        a.random_plies = 0;
        a.openings = Some(file.clone());
        let starts = load_starts::<chess::Position>(&a).unwrap();
        let mut loaded: Vec<String> = starts.iter().map(|p| p.to_fen()).collect();
        loaded.sort();
        let mut expected: Vec<String> = fens.iter().map(|f| f.to_string()).collect();
        expected.sort();
        assert_eq!(loaded, expected);
        // Game i takes starts[i % 2]: count White's rooks in each game's first sample.
        let mut searcher =
            Searcher::<chess::Position>::new(Options::default(), chess::Position::TUNING);
        for index in 0..2 {
            let samples = play_game(&a, index, &starts, &mut searcher);
            let first = samples.first().expect("a game with samples");
            let rooks = first.fen.split(' ').next().unwrap().matches('R').count();
            let had = starts[index]
                .to_fen()
                .split(' ')
                .next()
                .unwrap()
                .matches('R')
                .count();
            assert!(
                rooks <= had,
                "game {index}: {} from {}",
                first.fen,
                starts[index].to_fen()
            );
            assert!(rooks >= 1, "{}", first.fen);
        }
        let lone_rook = starts.iter().position(|p| p.to_fen() == fens[1]).unwrap();
        let samples = play_game(&a, lone_rook, &starts, &mut searcher);
        assert!(samples
            .iter()
            .all(|s| s.fen.split(' ').next().unwrap().matches('R').count() <= 1));
        std::fs::write(&file, "not a fen\n").unwrap();
        let mut out = Vec::new();
        let err = generate::<chess::Position>(&a, &mut out, &|_, _| {}).unwrap_err();
        assert!(format!("{err:#}").contains("line 1"), "{err:#}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(Sample::parse("# comment").unwrap().is_none());
        assert!(Sample::parse("").unwrap().is_none());
        assert!(Sample::parse("fen | 12").is_err());
        assert!(Sample::parse("fen | x | 1.0").is_err());
        assert!(Sample::parse("fen | 3 | 0.7").is_err());
        assert!(Sample::parse("fen | 3 | 1.0 | extra").is_err());
    }

    /// The binary records of games `from..args.games`, as a file's bytes after its header.
    fn shard<G: Tuned + Packable>(args: &Args, from: usize) -> Vec<u8> {
        let mut writer = Writer::new(Vec::new(), G::LAYOUT).unwrap();
        let starts = load_starts::<G>(args).unwrap();
        let last = std::sync::atomic::AtomicUsize::new(0);
        write_games(args, &starts, from, &mut writer, &|games, _| {
            last.store(games, Ordering::Relaxed)
        })
        .unwrap();
        assert_eq!(last.load(Ordering::Relaxed), args.games);
        writer.into_inner().unwrap()[crate::data_format::HEADER..].to_vec()
    }

    /// Every record of a shard's bytes: legal positions, one marked first per game.
    fn records<G: Packable>(bytes: &[u8], games: usize) -> Vec<Record> {
        let mut file = Writer::new(Vec::new(), G::LAYOUT)
            .unwrap()
            .into_inner()
            .unwrap();
        file.extend_from_slice(bytes);
        let mut reader = crate::data_format::Reader::new(&file[..], Some(G::LAYOUT)).unwrap();
        let mut out = Vec::new();
        while let Some((_, record)) = reader.next_position::<G>().unwrap() {
            out.push(record);
        }
        assert_eq!(out.iter().filter(|r| r.first).count(), games);
        assert!(out[0].first);
        out
    }

    #[test]
    fn shards_are_reproducible_whatever_the_threads_and_seeds_differ() {
        let mut a = args(GameKind::Chess);
        a.games = 3;
        a.max_plies = 40;
        let two = shard::<chess::Position>(&a, 0);
        a.threads = 1;
        assert_eq!(
            shard::<chess::Position>(&a, 0),
            two,
            "same games on one thread"
        );
        let first = records::<chess::Position>(&two, 3);
        // resuming at game 1 writes exactly the rest
        let rest = shard::<chess::Position>(&a, 1);
        let games: Vec<usize> = (0..first.len()).filter(|&i| first[i].first).collect();
        assert_eq!(rest, two[games[1] * CHESS_RECORD..]);
        a.seed = 8;
        let other = records::<chess::Position>(&shard::<chess::Position>(&a, 0), 3);
        for r in &other {
            assert!(
                !first.contains(r),
                "seed 8 repeats a position of seed 7: {}",
                r.fen
            );
        }
    }

    #[test]
    fn a_table_of_no_size_is_refused() {
        let mut a = args(GameKind::Chess);
        a.hash = 0;
        let error = run(a).unwrap_err().to_string();
        assert!(error.contains("--hash"), "{error}");
    }

    const CHESS_RECORD: usize = crate::data_format::CHESS.record_size();

    /// The same games written as a game file replay into the position file's records, byte
    /// for byte, at a fraction of its size.
    fn games_match_positions<G: Tuned + Packable>(game: GameKind) {
        let mut a = args(game);
        a.games = 3;
        a.max_plies = 50;
        let starts = load_starts::<G>(&a).unwrap();
        let mut games = GameWriter::new(Vec::new(), G::LAYOUT).unwrap();
        let written = write_games(&a, &starts, 0, &mut games, &|_, _| {}).unwrap();
        let games = games.into_inner().unwrap();
        let positions = shard::<G>(&a, 0);
        let mut reader =
            crate::data_format::games::AnyReader::new(&games[..], Some(G::LAYOUT)).unwrap();
        let mut replayed = Writer::new(Vec::new(), G::LAYOUT).unwrap();
        while let Some((_, record)) = reader.next_position::<G>().unwrap() {
            replayed.write(&record).unwrap();
        }
        let replayed = replayed.into_inner().unwrap();
        assert_eq!(replayed[crate::data_format::HEADER..], positions[..]);
        assert_eq!(written as usize, positions.len() / G::LAYOUT.record_size());
        assert!(
            games.len() * 3 < positions.len(),
            "{} bytes of games for {} of positions",
            games.len(),
            positions.len()
        );
    }

    #[test]
    fn game_files_replay_into_the_position_files_of_the_same_games() {
        games_match_positions::<chess::Position>(GameKind::Chess);
        games_match_positions::<xiangqi::Position>(GameKind::Xiangqi);
    }

    #[test]
    fn xiangqi_shards_hold_legal_quiet_positions() {
        let mut a = args(GameKind::Xiangqi);
        a.max_plies = 40;
        let records = records::<xiangqi::Position>(&shard::<xiangqi::Position>(&a, 0), 2);
        assert!(records.len() > 10, "{}", records.len());
        for r in &records {
            let pos = xiangqi::Position::from_fen(&r.fen).unwrap();
            assert!(!pos.in_check(), "{}", r.fen);
        }
    }

    /// A run interrupted inside a record resumes: the partial record is cut off, the games
    /// already in the file are kept, and the file ends as an uninterrupted run's would.
    #[test]
    fn an_interrupted_run_resumes_where_it_stopped() {
        let path = std::env::temp_dir().join(format!("chariot-resume-{}.data", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut a = args(GameKind::Chess);
        a.games = 3;
        a.max_plies = 40;
        a.out = Some(path.clone());
        let whole = shard::<chess::Position>(&a, 0);
        a.games = 1;
        run(a.clone()).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(&whole[..CHESS_RECORD / 2]);
        std::fs::write(&path, &bytes).unwrap();
        a.games = 3;
        run(a.clone()).unwrap();
        let file = std::fs::read(&path).unwrap();
        assert_eq!(file[crate::data_format::HEADER..], whole[..]);
        std::fs::remove_file(&path).unwrap();
    }
}
