//! Chess960 games: engines are switched to it or refused, castling is read
//! king-takes-rook, and the PGN says Chess960 and names the start.

use super::game::{play, Fault, GameConfig};
use super::game_tests::fake;
use super::pgn::{write_game, PgnHeader};
use super::player::Player;
use super::tc::TimeControl;
use super::{adjudicate::Adjudication, engine::EngineError, game::Seat};
use game::Side;
use std::time::Duration;

fn config() -> GameConfig {
    GameConfig {
        tc: TimeControl::Depth(1),
        overhead: Duration::from_millis(100),
        hang_margin: Duration::from_millis(300),
        untimed_wait: Duration::from_secs(5),
        handshake: Duration::from_secs(10),
        adjudication: Adjudication::default(),
        max_plies: 100,
        chess960: true,
    }
}

#[test]
fn castling_king_takes_rook_is_played_and_written_as_chess960() {
    // White's king on b1 beside its rook on a1: `b1a1` is O-O-O (king to c1, rook to d1).
    let start = chess::Position::parse_fen_960("4k3/8/8/8/8/8/8/RK6 w A - 0 1").unwrap();
    let white = fake("W", "fixed b1a1 --960");
    let black = fake("B", "fixed e8e7 --960");
    let (mut w, mut b): (Option<Player>, Option<Player>) = (None, None);
    let seat = |spec, engine| Seat { spec, engine };
    let rec = play(
        &start,
        seat(&white, &mut w),
        seat(&black, &mut b),
        &config(),
    )
    .unwrap();
    // The second `b1a1` has no king on b1 any more.
    assert_eq!(rec.moves.len(), 2, "{}", rec.detail);
    assert_eq!(rec.fault, Some((Side::White, Fault::Illegal)));
    let tc = TimeControl::Depth(1);
    let head = PgnHeader {
        event: "t",
        round: 1,
        white: "W",
        black: "B",
        tcs: [tc, tc],
        chess960: true,
    };
    let mut out = String::new();
    write_game::<chess::Position>(&mut out, &head, &rec);
    assert!(out.contains("[Variant \"Chess960\"]\n"), "{out}");
    let fen = format!("[FEN \"{}\"]\n[SetUp \"1\"]\n", rec.start_fen);
    assert!(out.contains(&fen), "{out}");
    assert!(out.contains("1. O-O-O {"), "{out}");
}

#[test]
fn engines_without_uci_chess960_are_refused() {
    let start = chess::Position::start_960(518).unwrap();
    let plain = fake("P", "fixed e2e4");
    let (mut w, mut b): (Option<Player>, Option<Player>) = (None, None);
    let seat = |spec, engine| Seat { spec, engine };
    let err = play(
        &start,
        seat(&plain, &mut w),
        seat(&plain, &mut b),
        &config(),
    )
    .unwrap_err();
    assert!(err.is_fatal());
    assert!(matches!(err, EngineError::Unsupported(ref m) if m.contains("UCI_Chess960")));
}
