//! `chariot perft`: counts leaf nodes of the legal move tree, generic over [`Game`].

use anyhow::Context;
use clap::Parser;
use engine::GameKind;
use game::{Game, MoveStyle};
use std::io::Write;
use std::time::{Duration, Instant};

/// Arguments of `chariot perft`.
#[derive(Parser, Debug)]
#[command(
    name = "chariot perft",
    about = "Count leaf nodes of the legal move tree"
)]
pub struct PerftArgs {
    /// The game.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// The position (default: the game's starting position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies.
    #[arg(long, short)]
    pub depth: u32,
    /// Print the count below each legal move (moves in UCI notation).
    #[arg(long)]
    pub divide: bool,
}

/// What one perft run found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftReport {
    /// Per root move (in coordinate notation) with `--divide`, in generation order.
    pub divide: Vec<(String, u64)>,
    /// Leaf nodes in total.
    pub nodes: u64,
    /// Wall time of the count.
    pub elapsed: Duration,
}

impl PerftReport {
    /// Nodes per second (0 when the run took no measurable time).
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Runs perft on `pos` to `depth`, split by root move when `divide` is set.
pub fn perft_report<G: Game>(pos: &mut G, depth: u32, divide: bool) -> PerftReport {
    let start = Instant::now();
    let mut per_move = Vec::new();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for &mv in pos.legal_moves().iter() {
            let name = pos.format_move(mv, MoveStyle::Coord);
            pos.make(mv);
            let n = pos.perft(depth - 1);
            pos.unmake(mv);
            per_move.push((name, n));
            total += n;
        }
        total
    } else {
        pos.perft(depth)
    };
    PerftReport {
        divide: per_move,
        nodes,
        elapsed: start.elapsed(),
    }
}

/// Parses the FEN (or takes the start position), runs perft and prints the report.
pub fn run_game<G: Game>(args: &PerftArgs, out: &mut dyn Write) -> anyhow::Result<PerftReport> {
    let mut pos = match &args.fen {
        Some(fen) => G::from_fen(fen).with_context(|| format!("bad FEN {fen:?}"))?,
        None => G::start(),
    };
    let report = perft_report(&mut pos, args.depth, args.divide);
    for (mv, n) in &report.divide {
        writeln!(out, "{mv}: {n}")?;
    }
    if !report.divide.is_empty() {
        writeln!(out)?;
    }
    writeln!(out, "Nodes searched: {}", report.nodes)?;
    writeln!(out, "Time: {:.6} s", report.elapsed.as_secs_f64())?;
    writeln!(out, "Nodes/second: {}", report.nps())?;
    Ok(report)
}

/// Entry point of `chariot perft`.
pub fn run(args: PerftArgs) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match args.game {
        GameKind::Chess => run_game::<chess::Position>(&args, &mut out).map(|_| ()),
        GameKind::Xiangqi => run_game::<xiangqi::Position>(&args, &mut out).map(|_| ()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_sums_to_total_and_names_moves_in_uci() {
        let args = PerftArgs::try_parse_from(["perft", "--depth", "3", "--divide"]).unwrap();
        let mut out = Vec::new();
        let report = run_game::<chess::Position>(&args, &mut out).unwrap();
        assert_eq!(report.nodes, 8902);
        assert_eq!(report.divide.len(), 20);
        assert_eq!(report.divide.iter().map(|(_, n)| n).sum::<u64>(), 8902);
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("e2e4: 600"), "{text}");
        assert!(text.contains("Nodes searched: 8902"), "{text}");
    }

    #[test]
    fn xiangqi_start_position_counts() {
        let args =
            PerftArgs::try_parse_from(["perft", "--game", "xiangqi", "--depth", "2"]).unwrap();
        let report = run_game::<xiangqi::Position>(&args, &mut Vec::new()).unwrap();
        assert_eq!(report.nodes, 1920);
    }

    #[test]
    fn bad_fen_and_unknown_game_are_errors() {
        let args = PerftArgs::try_parse_from(["perft", "--fen", "8/8 w", "--depth", "1"]).unwrap();
        assert!(run_game::<chess::Position>(&args, &mut Vec::new()).is_err());
        assert!(PerftArgs::try_parse_from(["perft", "--game", "shogi", "--depth", "1"]).is_err());
        assert!(PerftArgs::try_parse_from(["perft", "--depth", "x"]).is_err());
    }
}
