//! The referee with xboard engines: a scripted xboard engine against scripted UCI ones,
//! on the toy game and on real chess (where the xboard engine keeps its own board and
//! checks every move and clock it is sent).

use super::adjudicate::Adjudication;
use super::game::Seat;
use super::game::{play, Fault, GameConfig, GameRecord};
use super::game_tests::fake;
use super::player::Player;
use super::spec::EngineSpec;
use super::tc::TimeControl;
use game::{EndReason, Game, Side};
use std::time::Duration;
use testkit::toy::Toy;

fn xboard(name: &str, args: &str) -> EngineSpec {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/fake_xboard.py");
    EngineSpec::parse(&format!(
        "name={name},cmd=\"python3 {script} {args}\",proto=xboard"
    ))
    .unwrap()
}

fn config(tc: TimeControl) -> GameConfig {
    GameConfig {
        tc,
        overhead: Duration::from_millis(200),
        hang_margin: Duration::from_millis(300),
        untimed_wait: Duration::from_secs(5),
        handshake: Duration::from_secs(10),
        adjudication: Adjudication::default(),
        max_plies: 16,
        chess960: false,
    }
}

fn game<G: Game>(
    white: &EngineSpec,
    black: &EngineSpec,
    start: &G,
    cfg: &GameConfig,
) -> Result<GameRecord<G::Move>, super::process::EngineError> {
    let (mut w, mut b): (Option<Player>, Option<Player>) = (None, None);
    play(
        start,
        Seat {
            spec: white,
            engine: &mut w,
        },
        Seat {
            spec: black,
            engine: &mut b,
        },
        cfg,
    )
}

#[test]
fn a_winning_xboard_move_wins_and_its_result_claim_is_ignored() {
    let cfg = config(TimeControl::Depth(1));
    let quiet = fake("Q", "fixed a1a2");
    let winner = xboard("W", "fixed b1b2");
    let r = game(&quiet, &winner, &Toy::from_fen("6").unwrap(), &cfg).unwrap();
    assert_eq!(r.moves, [1, 2]);
    assert_eq!(r.outcome.winner, Some(Side::Black));
    assert_eq!(r.fault, None);
    // The engine's "1-0" claim after its move does not decide anything: with only quiet
    // moves the game runs to the move-count rule.
    let quiet_x = xboard("QX", "fixed a1a2");
    let r = game(&quiet_x, &quiet, &Toy::from_fen("6").unwrap(), &cfg).unwrap();
    assert_eq!(
        (r.outcome.winner, r.outcome.reason, r.moves.len()),
        (None, EndReason::MoveLimit, 6)
    );
}

#[test]
fn full_chess_games_keep_the_engine_in_sync_in_coordinates_and_san() {
    // Under a clock (time/otim before every go) and from a position set by setboard; the
    // scripted engine answers an illegal move the moment anything it was sent is wrong.
    let cfg = config(TimeControl::parse_clock("30+0.1").unwrap());
    let start = chess::Position::from_fen(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    )
    .unwrap();
    let uci = fake("U", "legal 7");
    for (white, black) in [
        (xboard("X", "legal"), uci.clone()),
        (uci.clone(), xboard("X", "legal san")),
    ] {
        {
            let r = game(&white, &black, &start, &cfg).unwrap();
            assert_eq!(r.fault, None, "{}: {}", r.detail, white.name);
            assert!(
                r.moves.len() == 16 || r.outcome.reason != EndReason::Adjudication,
                "{}",
                white.name
            );
        }
    }
    // An engine without setboard plays from the start position by moves alone.
    let plain = xboard("P", "nosetboard");
    let r = game(
        &plain,
        &uci,
        &chess::Position::start(),
        &config(TimeControl::Depth(1)),
    )
    .unwrap();
    assert_eq!(r.fault, None, "{}", r.detail);
    assert_eq!(r.moves.len(), 16, "{}", r.detail);
}

#[test]
fn xboard_faults_lose_and_resignation_is_no_fault() {
    // Without a clock a silent engine hangs after `untimed_wait`: generous here, since
    // the scripted UCI engine starts Python and pyffish on its first move.
    let mut cfg = config(TimeControl::Depth(1));
    cfg.untimed_wait = Duration::from_secs(20);
    let uci = fake("U", "legal");
    let start = chess::Position::start();
    let cases = [
        ("illegal", Some(Fault::Illegal), EndReason::IllegalMove),
        ("crash", Some(Fault::Crash), EndReason::Forfeit),
        ("refuse", Some(Fault::Crash), EndReason::Forfeit),
        ("resign", None, EndReason::Resignation),
    ];
    for (mode, fault, reason) in cases {
        let bad = xboard(mode, mode);
        // As Black, after one good move by White: the engine is sent that move first.
        let r = game(&uci, &bad, &start, &cfg).unwrap();
        assert_eq!(
            r.fault,
            fault.map(|f| (Side::Black, f)),
            "{mode}: {}",
            r.detail
        );
        assert_eq!(
            (r.outcome.winner, r.outcome.reason),
            (Some(Side::White), reason),
            "{mode}"
        );
        assert_eq!(r.moves.len(), 1, "{mode}");
    }
    // A silent engine as White: it hangs on the first move.
    cfg.untimed_wait = Duration::from_secs(2);
    let r = game(&xboard("hang", "hang"), &uci, &start, &cfg).unwrap();
    assert_eq!(r.fault, Some((Side::White, Fault::Hang)), "{}", r.detail);
    assert_eq!(r.moves.len(), 0);
}

#[test]
fn an_opening_an_engine_cannot_be_given_stops_the_match() {
    let cfg = config(TimeControl::Depth(1));
    let start = chess::Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let res = game(
        &xboard("P", "nosetboard"),
        &fake("U", "legal"),
        &start,
        &cfg,
    );
    let err = res.expect_err("a set-up error");
    assert!(
        err.is_fatal() && err.to_string().contains("setboard"),
        "{err}"
    );
}
