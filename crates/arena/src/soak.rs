//! `chariot soak`: many fast self-play games (or games against an outside UCI engine) with
//! the real search, every move checked independently of the rules crates and the search:
//! legality, make/unmake restoring FEN and hash, the incremental hash against a fresh parse,
//! the legality of each reported principal variation and, with a clock, time losses.
//! Panics are caught per game. The run fails when any of our faults is counted.
//!
//! A long campaign is played in pieces: `--record FILE` appends each run's totals to a
//! ledger ([`ledger`]), `--summary FILE` adds them up.

pub mod check;
pub mod ledger;
pub mod play;
pub mod stats;

use crate::spec::{split_command, EngineSpec};
use crate::tc::TimeControl;
use ::engine::GameKind;
use clap::Parser;
use play::{soak, Config, DEFAULT_NODES};
use stats::Stats;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// Options of `chariot soak`.
#[derive(Parser, Debug)]
#[command(
    name = "chariot soak",
    about = "Play many fast checked games and count illegal moves, panics, time losses and hash errors"
)]
pub struct SoakArgs {
    /// Which game: chess, xiangqi or both.
    #[arg(long, default_value = "both")]
    pub game: Games,
    /// Games per game kind.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Node budget of each of our searches [default: 1000 without --tc; none with --tc, so
    /// that the clock alone limits the search].
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played at once (one worker thread each).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Search threads per search (Lazy SMP).
    #[arg(long, default_value_t = 1)]
    pub search_threads: usize,
    /// Transposition table per searcher, MiB.
    #[arg(long, default_value_t = 4)]
    pub hash: usize,
    /// Random legal moves played at the start of each game.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Plies after which a game stops without a result.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A clock for both sides as well as the node budget (`10+0.1`, `40/60`): counts time losses.
    #[arg(long)]
    pub tc: Option<String>,
    /// Play against this UCI engine (a command line, or an arena engine spec with `cmd=`).
    #[arg(long)]
    pub vs_engine: Option<String>,
    /// Append this run's totals (one row per game) to a campaign ledger, e.g. the committed
    /// `benchmarks/soak.tsv`; a clean run with faults still records them.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Print the totals of a campaign ledger and exit (plays nothing).
    #[arg(long, value_name = "FILE", conflicts_with = "record")]
    pub summary: Option<PathBuf>,
    /// The binary's version text for the ledger (set by `chariot`, not an option).
    #[arg(skip)]
    pub build: String,
}

fn engine_spec(text: &str) -> anyhow::Result<EngineSpec> {
    if text.contains("cmd=") {
        return Ok(EngineSpec::parse(text)?);
    }
    let cmd = split_command(text)?;
    let program = cmd
        .first()
        .ok_or_else(|| anyhow::anyhow!("--vs-engine needs a command"))?;
    let name = program.rsplit('/').next().unwrap_or(program).to_string();
    Ok(EngineSpec {
        name,
        cmd,
        dir: None,
        options: Vec::new(),
        proto: None,
        tc: None,
    })
}

fn config(args: &SoakArgs) -> anyhow::Result<Config> {
    anyhow::ensure!(args.nodes != Some(0), "--nodes must be at least 1");
    Ok(Config {
        games: args.games,
        nodes: match (args.nodes, &args.tc) {
            (Some(nodes), _) => Some(nodes),
            (None, Some(_)) => None,
            (None, None) => Some(DEFAULT_NODES),
        },
        threads: args.threads.clamp(1, 256),
        search_threads: args.search_threads.clamp(1, 256),
        hash_mb: args.hash.clamp(1, 4096),
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        seed: args.seed,
        clock: args
            .tc
            .as_deref()
            .map(TimeControl::parse_clock)
            .transpose()?,
        opponent: args.vs_engine.as_deref().map(engine_spec).transpose()?,
    })
}

/// Which games a soak plays: one, or every game Chariot plays (`--game both`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// Only this game.
    One(GameKind),
    /// Every game, in [`GameKind::ALL`]'s order.
    Both,
}

impl Games {
    /// The games to soak, in order.
    pub fn kinds(self) -> Vec<GameKind> {
        match self {
            Games::One(kind) => vec![kind],
            Games::Both => GameKind::ALL.to_vec(),
        }
    }
}

impl FromStr for Games {
    type Err = String;
    fn from_str(text: &str) -> Result<Games, String> {
        if text.trim().eq_ignore_ascii_case("both") {
            return Ok(Games::Both);
        }
        text.parse()
            .map(Games::One)
            .map_err(|_| format!("unknown game `{text}`: use chess, xiangqi or both"))
    }
}

/// Soaks one game.
pub fn soak_game(kind: GameKind, config: &Config, progress: &(dyn Fn(&str) + Sync)) -> Stats {
    match kind {
        GameKind::Chess => soak::<chess::Position>(config, progress),
        GameKind::Xiangqi => soak::<xiangqi::Position>(config, progress),
    }
}

/// Entry point of `chariot soak`.
pub fn run(args: SoakArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.summary {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read the soak ledger {}: {e}", path.display()))?;
        let rows =
            ledger::parse_ledger(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        print!("{}", ledger::summary(&rows));
        return Ok(());
    }
    let config = config(&args)?;
    if let Some(path) = &args.record {
        ledger::check(path).map_err(anyhow::Error::msg)?;
    }
    let against = config
        .opponent
        .as_ref()
        .map_or("itself".to_string(), |o| o.name.clone());
    let nodes = config.nodes.map_or("no node budget".to_string(), |n| {
        format!("{n} nodes per move")
    });
    let mut faults = 0;
    for name in args.game.kinds() {
        println!(
            "{name}: {} games against {against}, {nodes}, {} random plies, seed {}{}",
            config.games,
            config.random_plies,
            config.seed,
            args.tc
                .as_deref()
                .map(|t| format!(", clock {t}"))
                .unwrap_or_default()
        );
        let stats = soak_game(name, &config, &|line| eprintln!("{line}"));
        print!("{stats}");
        faults += stats.faults();
        if let Some(path) = &args.record {
            let row = ledger::Row {
                date: ledger::now_utc(),
                build: args.build.clone(),
                game: name.to_string(),
                against: against.clone(),
                tc: args.tc.clone().unwrap_or_else(|| "-".to_string()),
                nodes: config.nodes.map_or("-".to_string(), |n| n.to_string()),
                seed: config.seed,
                totals: Stats {
                    details: Vec::new(),
                    elapsed: Duration::from_secs(stats.elapsed.as_secs()),
                    ..stats
                },
            };
            ledger::append(path, &row).map_err(anyhow::Error::msg)?;
            println!("  recorded in {}", path.display());
        }
    }
    anyhow::ensure!(faults == 0, "soak found {faults} faults");
    println!("soak clean: no illegal move, panic, time loss or hash inconsistency");
    Ok(())
}

#[cfg(test)]
mod tests;
