//! `chariot analyze`: search one position and show the engine thinking; with `--compare`,
//! run textbook minimax, plain alpha-beta and the engine search (pruning off, then on) at
//! the same depth, so a user sees what each refinement saves.

use anyhow::{bail, Context};
use clap::Parser;
use engine::GameKind;
use engine::Tuned;
use game::{uci_score, Game, MoveStyle, Score};
use search::reference::{alphabeta, minimax, Counted};
use search::{Bound, Control, Info, Limits, Options, Searcher};
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(
    name = "chariot analyze",
    about = "Search one position; --compare shows minimax vs alpha-beta vs the full search"
)]
pub struct AnalyzeArgs {
    /// The game.
    #[arg(long, default_value = "chess")]
    game: GameKind,
    /// The position (FEN); the start position when left out.
    #[arg(long)]
    fen: Option<String>,
    /// Search depth in plies.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Also run minimax, plain alpha-beta and the search with pruning off, and compare.
    #[arg(long)]
    compare: bool,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// Entry point of `chariot analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    if args.depth == 0 || args.depth > 64 {
        bail!("--depth must be between 1 and 64");
    }
    match args.game {
        GameKind::Chess => analyze::<chess::Position>(&args),
        GameKind::Xiangqi => analyze::<xiangqi::Position>(&args),
    }
}

/// Parses `fen` (or takes the start position) for game `G`.
pub(crate) fn position<G: Game>(fen: Option<&str>) -> anyhow::Result<G> {
    match fen {
        None => Ok(G::start()),
        Some(fen) => G::from_fen(fen).with_context(|| format!("bad {} FEN `{fen}`", G::NAME)),
    }
}

fn analyze<G: Tuned>(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let mut pos: G = position(args.fen.as_deref())?;
    pos.set_evaluator(G::builtin_evaluator());
    if pos.legal_moves().is_empty() {
        bail!("the side to move has no legal move in this position");
    }
    let options = Options {
        hash_mb: args.hash.clamp(1, 65_536),
        threads: args.threads.clamp(1, 256),
        ..Options::default()
    };
    if !args.compare {
        let mut searcher = Searcher::<G>::new(options, G::TUNING);
        let (result, _) = engine_search(&mut searcher, &pos, args.depth, true);
        let best = result
            .best
            .map_or("(none)".into(), |m| pos.format_move(m, MoveStyle::Coord));
        println!("bestmove {best}");
        return Ok(());
    }

    println!("{} {} depth {}", G::NAME, pos.to_fen(), args.depth);
    println!(
        "{:<26} {:>10} {:>14} {:>10} {:>12}",
        "algorithm", "value", "nodes", "time ms", "nodes/s"
    );
    let row = |name: &str, value: Score, nodes: u64, time: Duration| {
        let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
        println!(
            "{name:<26} {:>10} {nodes:>14} {:>10.1} {nps:>12}",
            uci_score(value),
            time.as_secs_f64() * 1000.0
        );
    };
    let timed = |f: &mut dyn FnMut() -> Counted| {
        let start = Instant::now();
        let c = f();
        (c, start.elapsed())
    };
    let mut p = pos.clone();
    let (mm, t) = timed(&mut || minimax(&mut p, args.depth));
    row("minimax", mm.value, mm.nodes, t);
    let (ab, t) = timed(&mut || alphabeta(&mut p, args.depth, -game::INFINITY, game::INFINITY));
    row("alpha-beta", ab.value, ab.nodes, t);
    for pruning in [false, true] {
        let mut searcher = Searcher::<G>::new(
            Options {
                threads: 1,
                ..options.clone()
            },
            G::TUNING,
        );
        searcher.set_pruning(pruning);
        let (result, time) = engine_search(&mut searcher, &pos, args.depth, false);
        let name = if pruning {
            "full search"
        } else {
            "full search, pruning off"
        };
        row(name, result.score, result.nodes, time);
    }
    if mm.value != ab.value {
        bail!(
            "minimax and alpha-beta disagree: {} vs {}",
            mm.value,
            ab.value
        );
    }
    Ok(())
}

/// Searches `pos` to `depth`; prints UCI-style info lines when `verbose`.
pub(crate) fn engine_search<G: Game>(
    searcher: &mut Searcher<G>,
    pos: &G,
    depth: u32,
    verbose: bool,
) -> (search::SearchResult<G::Move>, Duration) {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let result = searcher.search(pos, &limits, &[], &Control::new(), &mut |info: &Info<
        G::Move,
    >| {
        if verbose {
            println!("{}", info_line(pos, info));
        }
    });
    (result, start.elapsed())
}

/// One info line in UCI style, the PV in coordinate notation.
pub(crate) fn info_line<G: Game>(pos: &G, info: &Info<G::Move>) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
        info.multipv,
        uci_score(info.score),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    let mut p = pos.clone();
    for &mv in &info.pv {
        if !p.legal_moves().contains(mv) {
            break;
        }
        line.push(' ');
        line.push_str(&p.format_move(mv, MoveStyle::Coord));
        p.make(mv);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_runs_for_both_games_and_bad_input_is_an_error() {
        let args = |v: &[&str]| {
            AnalyzeArgs::try_parse_from(std::iter::once("analyze").chain(v.iter().copied()))
        };
        run(args(&["--depth", "2", "--compare"]).unwrap()).unwrap();
        run(args(&["--game", "xiangqi", "--depth", "2", "--compare"]).unwrap()).unwrap();
        run(args(&["--game", "xiangqi", "--depth", "3"]).unwrap()).unwrap();
        assert!(run(args(&["--fen", "not a fen"]).unwrap()).is_err());
        assert!(args(&["--game", "shogi"]).is_err());
        assert!(run(args(&["--depth", "0"]).unwrap()).is_err());
    }
}
