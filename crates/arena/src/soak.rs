//! `chariot soak`: many fast self-play games (or games against an outside UCI engine) with
//! the real search, every move checked independently of the rules crates and the search:
//! legality, make/unmake restoring FEN and hash, the incremental hash against a fresh parse,
//! the legality of each reported principal variation and, with a clock, time losses.
//! Panics are caught per game. The run fails when any of our faults is counted.

pub mod check;
pub mod play;
pub mod stats;

use crate::spec::{split_command, EngineSpec};
use crate::tc::TimeControl;
use clap::Parser;
use play::{soak, Config};
use stats::Stats;

/// Options of `chariot soak`.
#[derive(Parser, Debug)]
#[command(
    name = "chariot soak",
    about = "Play many fast checked games and count illegal moves, panics, time losses and hash errors"
)]
pub struct SoakArgs {
    /// Which game: chess, xiangqi or both.
    #[arg(long, default_value = "both")]
    pub game: String,
    /// Games per game kind.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Node budget of each of our searches.
    #[arg(long, default_value_t = 1000)]
    pub nodes: u64,
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
    })
}

fn config(args: &SoakArgs) -> anyhow::Result<Config> {
    anyhow::ensure!(args.nodes > 0, "--nodes must be at least 1");
    Ok(Config {
        games: args.games,
        nodes: args.nodes,
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

/// Soaks one game kind by name.
pub fn soak_game(
    name: &str,
    config: &Config,
    progress: &(dyn Fn(&str) + Sync),
) -> anyhow::Result<Stats> {
    match name {
        "chess" => Ok(soak::<chess::Position>(config, progress)),
        "xiangqi" => Ok(soak::<xiangqi::Position>(config, progress)),
        other => anyhow::bail!("unknown game `{other}`: use chess, xiangqi or both"),
    }
}

/// Entry point of `chariot soak`.
pub fn run(args: SoakArgs) -> anyhow::Result<()> {
    let config = config(&args)?;
    let games: Vec<&str> = match args.game.as_str() {
        "both" => vec!["chess", "xiangqi"],
        one => vec![one],
    };
    let against = config
        .opponent
        .as_ref()
        .map_or("itself".to_string(), |o| o.name.clone());
    let mut faults = 0;
    for name in games {
        println!(
            "{name}: {} games against {against}, {} nodes per move, {} random plies, seed {}{}",
            config.games,
            config.nodes,
            config.random_plies,
            config.seed,
            args.tc
                .as_deref()
                .map(|t| format!(", clock {t}"))
                .unwrap_or_default()
        );
        let stats = soak_game(name, &config, &|line| eprintln!("{line}"))?;
        print!("{stats}");
        faults += stats.faults();
    }
    anyhow::ensure!(faults == 0, "soak found {faults} faults");
    println!("soak clean: no illegal move, panic, time loss or hash inconsistency");
    Ok(())
}

#[cfg(test)]
mod tests;
