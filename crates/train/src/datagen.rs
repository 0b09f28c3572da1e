//! `chariot datagen`: self-play at a fixed node budget to make training data for
//! `chariot tune`.
//!
//! Each game starts with a few random legal plies (so games differ) from the start position,
//! or from a position of an `--openings` file (FEN or EPD, as `chariot arena` reads them:
//! game `i` takes the `i`-th of a seeded shuffle, so the data follows the openings real games
//! start from rather than only random ones), then both sides play
//! the search's best move at `--nodes` nodes. Quiet positions are written with the search
//! score and, once the game ends, the result. The file format, one position per line:
//!
//! ```text
//! # comment lines start with '#'
//! <FEN> | <search score in centipawns, White's (Red's) view> | <result: 1.0, 0.5 or 0.0 for White>
//! ```
//!
//! Skipped: the random plies and the next [`SKIP_PLIES`] plies, positions in check, positions
//! whose best move is a capture or promotion (the static evaluation cannot see it), and mate
//! scores. A game ends by the rules, by adjudication (one side ahead by more than
//! [`WIN_CP`] for [`WIN_PLIES`] plies in a row) or as a draw after `--max-plies`.

use anyhow::{bail, Context};
use clap::Parser;
use engine::GameKind;
use engine::Tuned;
use game::{is_mate_score, Game, Side};
use search::{Control, Limits, Options, Searcher};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Plies after the random opening that are not written (the opening is still random-ish).
pub const SKIP_PLIES: usize = 8;
/// Adjudication margin in centipawns.
pub const WIN_CP: i32 = 1500;
/// Plies in a row beyond the margin that decide a game.
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
    /// Games played at once (one thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Random legal plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Plies after which a game is called a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Seed of the random openings (game `i` uses `seed + i`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output file.
    #[arg(long)]
    pub out: PathBuf,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Chess network (NNUE) both sides evaluate with, as the UCI option `EvalFile`
    /// (default: the classic evaluation).
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
    /// Start positions, one FEN or EPD per line as for `chariot arena --openings`
    /// (default: the game's start position); `--random-plies` are played from each.
    #[arg(long)]
    pub openings: Option<PathBuf>,
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

/// A tiny deterministic generator (xorshift64*) for the random opening plies.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
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
    let mut rng = Rng::new(args.seed.wrapping_add(index as u64));
    let mut pos = match starts {
        [] => G::start(),
        _ => starts[index % starts.len()].clone(),
    };
    for _ in 0..args.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            return Vec::new();
        }
        pos.make(moves.as_slice()[rng.below(moves.len())]);
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
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
        if ply >= SKIP_PLIES
            && !pos.in_check()
            && !pos.is_noisy(best)
            && !is_mate_score(found.score)
        {
            samples.push(Sample {
                fen: pos.to_fen(),
                score: white,
                result: 0.5,
            });
        }
        let leader = match white {
            s if s > WIN_CP => Some(Side::White),
            s if s < -WIN_CP => Some(Side::Black),
            _ => None,
        };
        streak = if leader.is_some() && leader == streak.0 {
            (leader, streak.1 + 1)
        } else {
            (leader, 1)
        };
        if let (Some(side), n) = streak {
            if n >= WIN_PLIES {
                result = if side == Side::White { 1.0 } else { 0.0 };
                break;
            }
        }
        pos.make(best);
    }
    for s in &mut samples {
        s.result = result;
    }
    samples
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
                let mut searcher = Searcher::<G>::new(Options::default(), G::TUNING);
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

/// A one-line progress bar.
fn bar(done: usize, total: usize, samples: usize, start: Instant) -> String {
    let width = 30;
    let filled = done * width / total.max(1);
    let rate = done as f64 / start.elapsed().as_secs_f64().max(1e-3);
    format!(
        "\r[{}{}] {done}/{total} games, {samples} positions, {rate:.1} games/s",
        "#".repeat(filled),
        " ".repeat(width - filled)
    )
}

fn run_game<G: Tuned>(args: &Args) -> anyhow::Result<()> {
    // Read first, so that a bad --openings or --eval-file leaves no file behind.
    let starts = load_starts::<G>(args)?;
    let file =
        File::create(&args.out).with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut out = BufWriter::new(file);
    writeln!(
        out,
        "# chariot datagen: game {}, {} games, {} nodes per move, {} random plies, seed {}, evaluation {}, openings {}\n\
         # FEN | search score (cp, White's view) | result for White",
        G::NAME,
        args.games,
        args.nodes,
        args.random_plies,
        args.seed,
        args.eval_file
            .as_ref()
            .map_or("classic".to_string(), |f| f.display().to_string()),
        args.openings
            .as_ref()
            .map_or("start position".to_string(), |f| f.display().to_string())
    )?;
    let start = Instant::now();
    let quiet = args.quiet;
    let progress = |done: usize, samples: usize| {
        if !quiet {
            eprint!("{}", bar(done, args.games, samples, start));
        }
    };
    let count = play_games(args, &starts, &mut out, &progress)?;
    if !quiet {
        eprintln!();
    }
    eprintln!(
        "wrote {count} positions from {} games to {} in {:.0} s",
        args.games,
        args.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Entry point of `chariot datagen`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.nodes == 0 || args.games == 0 {
        bail!("--games and --nodes must be positive");
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
            random_plies: 6,
            max_plies: 60,
            seed: 7,
            out: PathBuf::new(),
            quiet: true,
            eval_file: None,
            openings: None,
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

    #[test]
    fn the_bar_fills_up() {
        let start = Instant::now();
        assert!(bar(0, 10, 0, start).contains("[      "));
        assert!(bar(10, 10, 99, start).contains(&"#".repeat(30)));
    }
}
