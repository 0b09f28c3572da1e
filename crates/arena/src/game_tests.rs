//! The referee against scripted engines that crash, hang, cheat or dawdle.

use super::adjudicate::Adjudication;
use super::game::{play, Fault, GameConfig, GameRecord, Seat};
use super::player::Player;
use super::spec::EngineSpec;
use super::tc::TimeControl;
use game::{EndReason, Game, Side};
use std::time::Duration;
use testkit::toy::Toy;

pub(crate) fn fake(name: &str, args: &str) -> EngineSpec {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/fake_uci.py");
    EngineSpec::parse(&format!("name={name},cmd=\"python3 {script} {args}\"")).unwrap()
}

fn config(tc: TimeControl) -> GameConfig {
    GameConfig {
        tc,
        overhead: Duration::from_millis(100),
        hang_margin: Duration::from_millis(300),
        untimed_wait: Duration::from_secs(5),
        handshake: Duration::from_secs(10),
        adjudication: Adjudication::default(),
        max_plies: 1000,
        chess960: false,
    }
}

fn game(white: &EngineSpec, black: &EngineSpec, fen: &str, cfg: &GameConfig) -> GameRecord<u8> {
    let (mut w, mut b): (Option<Player>, Option<Player>) = (None, None);
    let start = Toy::from_fen(fen).unwrap();
    let white = Seat {
        spec: white,
        engine: &mut w,
    };
    let black = Seat {
        spec: black,
        engine: &mut b,
    };
    play(&start, white, black, cfg).unwrap()
}

#[test]
fn quiet_engines_draw_by_the_move_rule_and_a_winning_move_wins() {
    let cfg = config(TimeControl::Depth(1));
    let quiet = fake("Q", "fixed a1a2");
    let r = game(&quiet, &quiet, "6", &cfg);
    assert_eq!(r.moves.len(), 6);
    assert_eq!(
        (r.outcome.winner, r.outcome.reason),
        (None, EndReason::MoveLimit)
    );
    let winner = fake("W", "fixed b1b2");
    let r = game(&quiet, &winner, "6", &cfg);
    assert_eq!(r.moves, [1, 2]);
    assert_eq!(r.outcome.winner, Some(Side::Black));
    assert_eq!(r.fault, None);
}

#[test]
fn faults_lose_and_are_named() {
    // Margins far from the engines' timings, so that only the fault decides the verdict:
    // the quiet engine answers at once and the slow one after 1.5 s, against 50 ms plus
    // 500 ms of overhead; a hang is declared 10 s past that, or 300 ms for the silent
    // engine (which never answers, so no margin can make it look otherwise).
    let mut patient = config(TimeControl::MoveTime(Duration::from_millis(50)));
    patient.overhead = Duration::from_millis(500);
    patient.hang_margin = Duration::from_secs(10);
    let brisk = GameConfig {
        hang_margin: Duration::from_millis(300),
        ..patient.clone()
    };
    let quiet = fake("Q", "fixed a1a2");
    let cases = [
        (
            fake("C", "crash"),
            Fault::Crash,
            EndReason::Forfeit,
            &patient,
        ),
        (
            fake("S", "crash-start"),
            Fault::Crash,
            EndReason::Forfeit,
            &patient,
        ),
        (
            fake("I", "illegal"),
            Fault::Illegal,
            EndReason::IllegalMove,
            &patient,
        ),
        (fake("H", "hang"), Fault::Hang, EndReason::Forfeit, &brisk),
        (
            fake("T", "slow 1500 a1a2"),
            Fault::Time,
            EndReason::Time,
            &patient,
        ),
    ];
    for (bad, fault, reason, cfg) in cases {
        // As Black, after one good move by White.
        let r = game(&quiet, &bad, "6", cfg);
        assert_eq!(
            r.fault,
            Some((Side::Black, fault)),
            "{}: {}",
            bad.name,
            r.detail
        );
        assert_eq!(r.outcome.winner, Some(Side::White), "{}", bad.name);
        assert_eq!(r.outcome.reason, reason, "{}", bad.name);
        let expected_moves = if bad.name == "S" { 0 } else { 1 };
        assert_eq!(r.moves.len(), expected_moves, "{}", bad.name);
    }
}

#[test]
fn agreed_scores_adjudicate() {
    let mut cfg = config(TimeControl::Depth(1));
    cfg.adjudication = Adjudication::parse("draw=1:2:0").unwrap();
    let quiet = fake("Q", "fixed a1a2");
    let r = game(&quiet, &quiet, "40", &cfg);
    assert_eq!(
        (r.outcome.winner, r.outcome.reason),
        (None, EndReason::Adjudication)
    );
    assert_eq!(r.moves.len(), 4, "two scores from each side");
}

#[test]
fn clocks_count_down_from_the_time_control() {
    // 1 s for the whole game with no increment: an engine taking 300 ms a move fits one
    // move (with 700 ms to spare for a slow machine) but not four (100 ms of overhead),
    // so it loses on time, and only after moving in time at least once. Its 10 s hang
    // margin keeps a late move a loss on time, never a hang.
    let mut cfg = config(TimeControl::parse_clock("1").unwrap());
    cfg.hang_margin = Duration::from_secs(10);
    let slow = fake("T", "slow 300 a1a2");
    let quiet = fake("Q", "fixed a1a2");
    let r = game(&quiet, &slow, "40", &cfg);
    assert_eq!(r.fault, Some((Side::Black, Fault::Time)), "{}", r.detail);
    assert!((3..=7).contains(&r.moves.len()), "{} plies", r.moves.len());
}

#[test]
fn an_engine_with_time_odds_plays_on_its_own_clock() {
    // The same 1 s game as above, but the slow engine has 60 s of its own (`tc=60`):
    // five moves of 300 ms (1.5 s, a loss on the match's clock) fit easily, so the game runs to its move limit, while the
    // quiet engine on the match's 1 s clock answers at once and never runs short.
    let mut cfg = config(TimeControl::parse_clock("1").unwrap());
    cfg.hang_margin = Duration::from_secs(10);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/fake_uci.py");
    let slow = EngineSpec::parse(&format!(
        "name=T,cmd=\"python3 {script} slow 300 a1a2\",tc=60"
    ))
    .unwrap();
    let quiet = fake("Q", "fixed a1a2");
    let r = game(&quiet, &slow, "10", &cfg);
    assert_eq!(r.fault, None, "{}", r.detail);
    assert_eq!(r.outcome.reason, EndReason::MoveLimit);
    assert_eq!(r.moves.len(), 10);
}

#[test]
fn missing_program_is_an_error_not_a_forfeit() {
    let cfg = config(TimeControl::Depth(1));
    let missing = EngineSpec::parse("cmd=/nonexistent/engine").unwrap();
    let quiet = fake("Q", "fixed a1a2");
    let (mut w, mut b) = (None, None);
    let start = Toy::from_fen("4").unwrap();
    let res = play(
        &start,
        Seat {
            spec: &quiet,
            engine: &mut w,
        },
        Seat {
            spec: &missing,
            engine: &mut b,
        },
        &cfg,
    );
    assert!(res.is_err());
}
