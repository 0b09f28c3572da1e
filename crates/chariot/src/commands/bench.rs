//! `chariot bench`: search a fixed set of positions of both games to a fixed depth on one
//! thread, each with a fresh table, and print the total node count (the "bench
//! signature") and the speed. The count is the same on every run and every machine; a
//! change that should not alter the search must not alter it (`scripts/checks.d/40-bench.sh`).

use super::analyze::{engine_search, position};
use anyhow::{bail, Context};
use clap::Parser;
use engine::{GameKind, Tuned};
use game::{Evaluation, MoveStyle};
use search::{Options, Searcher};
use std::io::Write;
use std::time::Duration;

/// The positions, one per line: `chess <fen>` or `xiangqi <fen>`; `#` starts a comment.
const POSITIONS: &str = include_str!("../../data/bench.txt");
/// Default search depth of each position.
pub const DEFAULT_DEPTH: u32 = 9;
/// Table size per position in MiB (fresh for each position).
const HASH_MB: usize = 16;

#[derive(Parser, Debug)]
#[command(
    name = "chariot bench",
    about = "Search a fixed position set; prints a node signature and nps"
)]
pub struct BenchArgs {
    /// Search depth of each position.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Print one line per position.
    #[arg(long)]
    pub verbose: bool,
}

/// Entry point of `chariot bench`: searches with the built-in evaluation (the signature
/// counts the chess network's search).
pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    if args.depth == 0 || args.depth > 64 {
        bail!("--depth must be between 1 and 64");
    }
    // Written with `writeln!`, not `println!`, so that a closed pipe (`chariot bench | head`)
    // ends the command with an error instead of a panic.
    let mut out = std::io::stdout().lock();
    let mut nodes = 0u64;
    let mut time = Duration::ZERO;
    for (number, (kind, fen)) in parse(POSITIONS)?.into_iter().enumerate() {
        let (n, t, best) = match kind {
            GameKind::Chess => bench_one::<chess::Position>(fen, args.depth, Evaluation::Builtin)?,
            GameKind::Xiangqi => {
                bench_one::<xiangqi::Position>(fen, args.depth, Evaluation::Builtin)?
            }
        };
        if args.verbose {
            writeln!(
                out,
                "{:>3} {kind:?} {n:>10} nodes {:>7.0} ms  best {best}  {fen}",
                number + 1,
                t.as_secs_f64() * 1000.0
            )?;
        }
        nodes += n;
        time += t;
    }
    write!(out, "{}", summary(args.depth, nodes, time))?;
    Ok(())
}

/// The last two lines of the bench: the speed, then the node count on its own.
///
/// Their form is read by programs: `scripts/checks.d/40-bench.sh` takes the count from
/// the last line (`N nodes`), and OpenBench's client, reading upward from the last line,
/// takes the first `N nodes` it finds as the signature and the first `N nps` as the
/// speed by which it scales the time control (docs/openbench.md). So the speed stays
/// on a line without the word "nodes", before the count.
fn summary(depth: u32, nodes: u64, time: Duration) -> String {
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    let ms = time.as_secs_f64() * 1000.0;
    format!("depth {depth}: {ms:.0} ms, {nps} nps\n{nodes} nodes\n")
}

/// The bench positions: (game, FEN) per non-empty, non-comment line.
fn parse(text: &str) -> anyhow::Result<Vec<(GameKind, &str)>> {
    let mut list = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (game, fen) = line
            .split_once(' ')
            .with_context(|| format!("bench.txt line {}: expected `<game> <fen>`", i + 1))?;
        list.push((game.parse()?, fen.trim()));
    }
    Ok(list)
}

/// Searches `fen` to `depth` with `evaluation` from a fresh table: (nodes, time, best move).
fn bench_one<G: Tuned>(
    fen: &str,
    depth: u32,
    evaluation: Evaluation,
) -> anyhow::Result<(u64, Duration, String)> {
    let mut pos: G = position(Some(fen))?;
    pos.set_evaluator(evaluation.evaluator::<G>());
    let mut searcher = Searcher::<G>::new(
        Options {
            hash_mb: HASH_MB,
            threads: 1,
            ..Options::default()
        },
        G::TUNING,
    );
    let (result, time) = engine_search(&mut searcher, &pos, depth, false);
    let best = result
        .best
        .map_or("(none)".into(), |m| pos.format_move(m, MoveStyle::Coord));
    Ok((result.nodes, time, best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    #[test]
    fn the_bench_file_parses_and_holds_both_games() {
        let list = parse(POSITIONS).unwrap();
        assert!(list.iter().any(|(k, _)| *k == GameKind::Chess));
        assert!(list.iter().any(|(k, _)| *k == GameKind::Xiangqi));
        for (kind, fen) in list {
            match kind {
                GameKind::Chess => assert!(chess::Position::from_fen(fen).is_ok(), "{fen}"),
                GameKind::Xiangqi => assert!(xiangqi::Position::from_fen(fen).is_ok(), "{fen}"),
            }
        }
        assert!(parse("shogi x").is_err());
        assert!(parse("chess").is_err());
    }

    #[test]
    fn the_summary_ends_with_the_count_and_has_the_speed_before_it() {
        let text = summary(9, 398_667, Duration::from_millis(500));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.last(), Some(&"398667 nodes"));
        assert_eq!(lines.len(), 2);
        assert!(lines[0].ends_with(" 797334 nps"), "{text}");
        assert!(!lines[0].contains("nodes"), "{text}");
        // no time at all (a clock that did not move) is still a number, not a panic
        assert!(summary(1, 5, Duration::ZERO).contains(" nps\n5 nodes"));
    }

    #[test]
    fn the_node_count_is_the_same_run_to_run() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10";
        let a = bench_one::<chess::Position>(fen, 6, Evaluation::Classic)
            .unwrap()
            .0;
        let b = bench_one::<chess::Position>(fen, 6, Evaluation::Classic)
            .unwrap()
            .0;
        assert_eq!(a, b);
        assert!(a > 100);
        // the built-in network reaches the search (another tree), just as repeatably
        let c = bench_one::<chess::Position>(fen, 6, Evaluation::Builtin)
            .unwrap()
            .0;
        let d = bench_one::<chess::Position>(fen, 6, Evaluation::Builtin)
            .unwrap()
            .0;
        assert_eq!(c, d);
        assert_ne!(a, c);
    }
}
