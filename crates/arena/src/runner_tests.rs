//! Whole matches between scripted engines on the toy game.

use super::game_tests::fake;
use super::runner::{run_match, MatchConfig};
use super::schedule::schedule;
use super::stats::{Sprt, SprtVerdict};
use super::{match_config, Args};
use clap::Parser;
use game::Game;
use testkit::toy::Toy;

fn config(engines: &[(&str, &str)], pgn: Option<std::path::PathBuf>) -> MatchConfig {
    let mut argv = vec!["arena".to_string(), "--depth".into(), "1".into()];
    for (name, args) in engines {
        let spec = fake(name, args);
        argv.push("--engine".into());
        argv.push(format!("name={name},cmd=\"{}\"", spec.cmd.join(" ")));
    }
    let mut cfg = match_config(&Args::parse_from(argv)).unwrap();
    cfg.concurrency = 2;
    cfg.quiet = true;
    cfg.pgn = pgn;
    cfg
}

#[test]
fn match_counts_results_and_writes_pgn_in_schedule_order() {
    let dir = std::env::temp_dir().join(format!("chariot-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("m.pgn");
    let cfg = config(
        &[("Winner", "fixed b1b2"), ("Quiet", "fixed a1a2")],
        Some(pgn.clone()),
    );
    let openings = [Toy::from_fen("8").unwrap(), Toy::from_fen("9").unwrap()];
    let games = schedule(2, openings.len(), 6, None);
    let res = run_match(&cfg, &openings, &games).unwrap();
    let t = res.tally.pair(0, 1);
    // The winning move ends every game on the first move of the engine that plays it.
    assert_eq!((t.wins, t.draws, t.losses), (6, 0, 0));
    assert_eq!(t.penta, [0, 0, 0, 0, 3]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let rounds: Vec<&str> = text.lines().filter(|l| l.starts_with("[Round ")).collect();
    assert_eq!(
        rounds,
        (1..=6)
            .map(|i| format!("[Round \"{i}\"]"))
            .collect::<Vec<_>>()
    );
    assert_eq!(text.matches("[White \"Winner\"]").count(), 3);
    assert_eq!(text.matches("[Result \"1-0\"]").count(), 3);
    assert_eq!(text.matches("[Result \"0-1\"]").count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    let mut cfg = config(&[("Winner", "fixed b1b2"), ("Quiet", "fixed a1a2")], None);
    // With every pair won, the GSPRT's LLR grows by ln(s(elo1)/s(elo0)) per pair
    // (0.247 here), so H1 needs 12 pairs.
    cfg.sprt = Some(Sprt {
        elo0: 0.0,
        elo1: 100.0,
        alpha: 0.05,
        beta: 0.05,
    });
    let openings = [Toy::from_fen("8").unwrap()];
    let games = schedule(2, 1, 400, None);
    let res = run_match(&cfg, &openings, &games).unwrap();
    let (verdict, llr) = res.sprt.unwrap();
    assert_eq!(verdict, SprtVerdict::H1, "llr {llr}");
    assert_eq!(res.tally.games, 24, "stops at the deciding game");
}

#[test]
fn round_robin_of_three_with_a_crashing_engine() {
    let cfg = config(
        &[
            ("Winner", "fixed b1b2"),
            ("Quiet", "fixed a1a2"),
            ("Crash", "crash"),
        ],
        None,
    );
    let openings = [Toy::from_fen("8").unwrap()];
    let games = schedule(3, 1, 2, None);
    let res = run_match(&cfg, &openings, &games).unwrap();
    assert_eq!(res.tally.games, 6);
    assert_eq!(res.tally.engine_score(0), (4.0, 4));
    // Quiet beats Crash twice (Crash forfeits its first move), loses twice to Winner.
    assert_eq!(res.tally.engine_score(1), (2.0, 4));
    assert_eq!(res.tally.engine_score(2), (0.0, 4));
    // Crash only crashes when asked to move: as White twice, and as Black against Quiet
    // (Winner ends the game with its first move).
    assert_eq!(res.tally.faults(2).crash, 3);
    assert_eq!(res.tally.faults(0).crash + res.tally.faults(1).crash, 0);
    let text = super::report::text(&cfg, &res);
    assert!(text.contains("Crash") && text.contains("crash 3"), "{text}");
}
