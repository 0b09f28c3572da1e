//! `chariot arena`: engine-vs-engine matches for chess and xiangqi, refereed by our own rules.
//!
//! ```text
//! chariot arena --game chess --engine name=A,cmd=./a --engine name=B,cmd=./b,option.Hash=16 \
//!     --tc 10+0.1 --games 200 --concurrency 2 --pgn out.pgn --sprt elo0=0,elo1=5
//! ```
//!
//! The modules: [`process`] runs an engine's program, [`engine`] speaks UCI to it and
//! [`xboard`] the xboard protocol, [`player`] seats either at the board, [`tc`] the clocks, [`game`] referees one
//! game, [`schedule`] orders the games, [`runner`] plays them in parallel, [`stats`] turns
//! results into Elo and SPRT verdicts, [`pgn`] and [`report`] write them out; [`spsa`] tunes
//! the search's parameters with matches of two copies of an engine.
#![deny(missing_docs)]

pub mod adjudicate;
pub mod chess960;
#[cfg(test)]
mod chess960_tests;
pub mod engine;
pub mod game;
#[cfg(test)]
mod game_tests;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod process;
pub mod report;
pub mod runner;
#[cfg(test)]
mod runner_tests;
pub mod schedule;
pub mod soak;
pub mod spec;
pub mod spsa;
pub mod stats;
pub mod tally;
pub mod tc;
pub mod xboard;
#[cfg(test)]
mod xboard_tests;

use self::adjudicate::Adjudication;
use self::game::GameConfig;
use self::runner::MatchConfig;
use self::spec::{key_values, value, EngineSpec};
use self::stats::Sprt;
use self::tc::TimeControl;
use ::engine::GameKind;
use anyhow::{bail, Context};
use clap::Parser;
use std::path::PathBuf;
use std::time::Duration;

/// Command-line options of `chariot arena`.
#[derive(Parser, Debug)]
#[command(
    name = "chariot arena",
    about = "Engine-vs-engine matches (chess or xiangqi) refereed by Chariot's rules, with Elo and SPRT"
)]
pub struct Args {
    /// The game: chess or xiangqi.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// An engine: name=A,cmd="prog args",option.NAME=VALUE,dir=PATH,proto=uci|uci-fsf|uci-pika|xboard
    /// (repeat; more than two engines play a round robin). `tc=40+0.4` gives this engine
    /// its own clock instead of --tc (time odds). xboard engines play chess only;
    /// for them option.Hash=N becomes `memory N`, other options `option NAME=VALUE`.
    #[arg(long = "engine", required = true)]
    pub engines: Vec<String>,
    /// Clock time control: 10+0.1 (seconds + increment), 40/60 (moves/seconds), 40/60+0.5.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fixed nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Fixed depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games per pair of engines (rounded up to even: each opening twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Opening file (FEN/EPD lines); default: the set shipped for the game.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Shuffle the openings with this seed (otherwise file order); with --chess960 the
    /// start positions are drawn from it (from the clock when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Chess960: games start from Chess960 positions (random numbers from --seed, or the
    /// --openings file read as Chess960 FENs); UCI engines must announce UCI_Chess960.
    #[arg(long, alias = "variant960")]
    pub chess960: bool,
    /// Write the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Write the summary as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Sequential test, two engines only: elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Adjudication by agreed scores: draw=MOVE:COUNT:CP,resign=COUNT:CP (off by default).
    #[arg(long)]
    pub adjudicate: Option<String>,
    /// Milliseconds a move may exceed the clock before it loses on time.
    #[arg(long, default_value_t = 100)]
    pub move_overhead: u64,
    /// Milliseconds past the allowed time after which a silent engine counts as hung.
    #[arg(long, default_value_t = 5000)]
    pub hang_margin: u64,
    /// Milliseconds to wait for a move under --nodes or --depth.
    #[arg(long, default_value_t = 60_000)]
    pub untimed_wait: u64,
    /// Games still running after this many full moves are drawn by adjudication.
    #[arg(long, default_value_t = 500)]
    pub max_moves: usize,
    /// PGN Event tag.
    #[arg(long, default_value = "chariot arena")]
    pub event: String,
    /// No progress line.
    #[arg(long)]
    pub quiet: bool,
}

fn time_control(args: &Args) -> anyhow::Result<TimeControl> {
    let mut chosen = Vec::new();
    if let Some(tc) = &args.tc {
        chosen.push(TimeControl::parse_clock(tc)?);
    }
    if let Some(ms) = args.movetime {
        if ms == 0 {
            bail!("--movetime must be positive");
        }
        chosen.push(TimeControl::MoveTime(Duration::from_millis(ms)));
    }
    if let Some(n) = args.nodes {
        chosen.push(TimeControl::Nodes(n.max(1)));
    }
    if let Some(d) = args.depth {
        chosen.push(TimeControl::Depth(d.max(1)));
    }
    match chosen.as_slice() {
        [tc] => Ok(*tc),
        [] => bail!("give one of --tc, --movetime, --nodes, --depth"),
        _ => bail!("give only one of --tc, --movetime, --nodes, --depth"),
    }
}

fn sprt(text: &str) -> anyhow::Result<Sprt> {
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in key_values(text)? {
        let x: f64 = value(&k, &v)?;
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => bail!("unknown key `{k}` in --sprt (elo0, elo1, alpha, beta)"),
        }
    }
    let prob = |p: f64| p > 0.0 && p < 0.5;
    if !(s.elo1 > s.elo0 && prob(s.alpha) && prob(s.beta)) {
        bail!("--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5");
    }
    Ok(s)
}

/// Builds the match configuration from parsed arguments.
pub fn match_config(args: &Args) -> anyhow::Result<MatchConfig> {
    let engines = args
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e).with_context(|| format!("--engine {e}")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if engines.len() < 2 {
        bail!("a match needs at least two --engine");
    }
    let sprt = args.sprt.as_deref().map(sprt).transpose()?;
    if sprt.is_some() && engines.len() != 2 {
        bail!("--sprt needs exactly two engines");
    }
    let tc = time_control(args)?;
    for e in &engines {
        if e.tc.is_some() && !matches!(tc, TimeControl::Clock { .. }) {
            bail!(
                "{}: an engine's own tc= needs a clock for the match too (--tc), not {tc}",
                e.name
            );
        }
        if e.proto == Some(spec::Proto::Xboard) && args.chess960 {
            bail!(
                "{}: proto=xboard engines cannot play --chess960 yet",
                e.name
            );
        }
        if e.proto == Some(spec::Proto::Xboard) {
            if args.game != GameKind::Chess {
                bail!("{}: proto=xboard engines play chess only", e.name);
            }
            xboard::tc_commands(e.tc.unwrap_or(tc))
                .map_err(|why| anyhow::anyhow!("{}: {why}", e.name))?;
        }
    }
    let adjudication = match &args.adjudicate {
        Some(a) => Adjudication::parse(a)?,
        None => Adjudication::default(),
    };
    Ok(MatchConfig {
        engines,
        game: GameConfig {
            tc,
            overhead: Duration::from_millis(args.move_overhead),
            hang_margin: Duration::from_millis(args.hang_margin),
            untimed_wait: Duration::from_millis(args.untimed_wait),
            handshake: Duration::from_secs(10).max(Duration::from_millis(args.hang_margin)),
            adjudication,
            max_plies: args.max_moves.saturating_mul(2).max(2),
            chess960: args.chess960,
        },
        concurrency: args.concurrency.clamp(1, 256),
        sprt,
        pgn: args.pgn.clone(),
        event: args.event.clone(),
        quiet: args.quiet,
    })
}

/// Runs a match of game `G` with the default opening set `default_openings`.
pub fn run_game<G: ::game::Game>(args: &Args, default_openings: &str) -> anyhow::Result<()> {
    let text = match &args.openings {
        Some(path) => {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        }
        None => default_openings.to_string(),
    };
    let openings = openings::parse_as::<G>(&text, args.chess960).context("opening set")?;
    play_match(args, &openings)
}

/// Runs a match of game `G` from the given openings.
pub fn play_match<G: ::game::Game>(args: &Args, openings: &[G]) -> anyhow::Result<()> {
    if args.chess960 && !G::description().has_chess960() {
        bail!(
            "--chess960: {} has no Chess960 form",
            G::description().title
        );
    }
    let cfg = match_config(args)?;
    let games = schedule::schedule(cfg.engines.len(), openings.len(), args.games, args.seed);
    eprintln!(
        "arena: {} {} games, {} engines, {}, {} openings, concurrency {}",
        games.len(),
        G::NAME,
        cfg.engines.len(),
        cfg.game.tc,
        openings.len(),
        cfg.concurrency
    );
    for (name, tc) in cfg.engines.iter().filter_map(|e| Some((&e.name, e.tc?))) {
        eprintln!("arena: {name} plays on its own clock, {tc}");
    }
    if let Some(warning) = repeat_warning(args, openings.len()) {
        eprintln!("arena: warning: {warning}");
    }
    let result = runner::run_match(&cfg, openings, &games)?;
    print!("{}", report::text(&cfg, &result));
    if let Some(path) = &args.json {
        std::fs::write(path, report::json(&cfg, &result))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Why a match may count the same games more than once, if it may: under `--nodes` or
/// `--depth` a deterministic engine replays an opening it already played, with the same
/// colours, move for move, so each repeat adds no information while narrowing the
/// reported error bars.
fn repeat_warning(args: &Args, openings: usize) -> Option<String> {
    let pairs = args.games.div_ceil(2);
    let fixed = args.nodes.is_some() || args.depth.is_some();
    (fixed && pairs > openings).then(|| {
        format!(
            "{pairs} game pairs on {openings} openings: under --nodes or --depth deterministic \
             engines replay a repeated opening move for move, so the games are not independent \
             and the error bars are too narrow; give --openings a larger set \
             (crates/arena/data/openings/chess-wide.epd and xiangqi-wide.epd have 2000 each)"
        )
    })
}

/// Entry point of `chariot arena`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.game {
        GameKind::Chess if args.chess960 && args.openings.is_none() => {
            let seed = args.seed.unwrap_or_else(chess960::clock_seed);
            let numbers = chess960::numbers(args.games.div_ceil(2).max(1), seed);
            eprintln!("arena: Chess960 start positions drawn with --seed {seed}");
            play_match(&args, &chess960::starts(&numbers)?)
        }
        GameKind::Chess => run_game::<chess::Position>(&args, openings::CHESS),
        GameKind::Xiangqi => run_game::<xiangqi::Position>(&args, openings::XIANGQI),
    }
}

#[cfg(test)]
mod repeat_tests {
    use super::*;

    fn args(limit: &[&str], games: &str) -> Args {
        let mut argv = vec![
            "chariot arena",
            "--engine",
            "name=a,cmd=a",
            "--games",
            games,
        ];
        argv.extend_from_slice(limit);
        Args::try_parse_from(argv).unwrap()
    }

    #[test]
    fn repeated_openings_are_flagged_only_where_games_replay() {
        let nodes = args(&["--nodes", "25000"], "600");
        assert!(repeat_warning(&nodes, 40).is_some_and(|w| w.contains("300 game pairs on 40")));
        assert!(repeat_warning(&nodes, 300).is_none());
        assert!(repeat_warning(&args(&["--depth", "6"], "82"), 40).is_some());
        assert!(repeat_warning(&args(&["--tc", "10+0.1"], "600"), 40).is_none());
    }
}
