//! `chariot tune-params`: prints the search's tunable parameters of one game as OpenBench
//! SPSA input (`NAME, int, default, min, max, c_end, r_end`), the format `chariot spsa
//! --params` reads too.

use clap::Parser;
use engine::{GameKind, Tuned};
use search::tunable::TUNABLES;
use search::SearchTuning;

/// Arguments of `chariot tune-params`.
#[derive(Parser, Debug)]
pub struct TuneParamsArgs {
    /// The game whose defaults are printed.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// Also the margins of features the game has switched off (they change nothing
    /// until their switch, e.g. `QuietSeeOn`, is set).
    #[arg(long)]
    pub all: bool,
}

/// The lines `chariot tune-params` prints: every value parameter (switches are for A/B
/// matches, not SPSA), the time manager's included (OpenBench tunes with a clock), with the
/// game's defaults.
pub fn lines(args: &TuneParamsArgs) -> Vec<String> {
    let preset: SearchTuning = match args.game {
        GameKind::Chess => <chess::Position as Tuned>::TUNING,
        GameKind::Xiangqi => <xiangqi::Position as Tuned>::TUNING,
    };
    TUNABLES
        .iter()
        .filter(|t| t.kind.tunable(true) && (args.all || (t.active)(&preset)))
        .map(|t| t.openbench_line(&preset))
        .collect()
}

/// Entry point of `chariot tune-params`.
pub fn run(args: TuneParamsArgs) -> anyhow::Result<()> {
    for line in lines(&args) {
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_differ_per_game_and_inactive_margins_need_all() {
        let args = |game, all| TuneParamsArgs { game, all };
        let chess = lines(&args(GameKind::Chess, false));
        let xiangqi = lines(&args(GameKind::Xiangqi, false));
        assert!(chess.contains(&"AspDelta, int, 15, 5, 60, 3, 0.002".to_string()));
        // Since session 46 xiangqi plays chess's package, so its margins are tuned too.
        assert!(xiangqi.contains(&"AspDelta, int, 15, 5, 60, 3, 0.002".to_string()));
        assert!(xiangqi.iter().any(|l| l.starts_with("QuietSeeMargin,")));
        let all = lines(&args(GameKind::Xiangqi, true));
        assert!(all
            .iter()
            .any(|l| l.starts_with("QuietSeeMargin, int, 60,")));
        assert!(!all.iter().any(|l| l.starts_with("QuietSeeOn,")));
        assert!(chess.contains(&"TmMovesToGo, int, 20, 8, 40, 2, 0.002".to_string()));
        // What it prints, spsa reads.
        assert_eq!(
            arena::spsa::rule::parse_openbench(&all.join("\n"))
                .unwrap()
                .len(),
            all.len()
        );
    }
}
