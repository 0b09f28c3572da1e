//! Saved clocks: a timed game's time control and each side's time left are stored with
//! every move, a reopened game resumes them (the side to move's clock running), and a file
//! of the first schema version is brought up to date with its games kept.

use super::api_tests::{call, json};
use super::store::{schema, Store, FILE_NAME};
use super::store_tests::{coords, get, play, scratch, serve, settled};
use game::Game;
use rusqlite::{params, Connection};
use serde_json::Value;
use std::net::SocketAddr;
use testkit::TicTacToe;

fn new_timed_game(addr: SocketAddr, clock: &str) -> String {
    let body = format!(r#"{{"game":"tictactoe","clock":"{clock}"}}"#);
    let (status, text) = call(addr, "POST", "/api/games", &body);
    assert_eq!(status, 201, "{text}");
    json(&text)["id"].as_str().unwrap().to_string()
}

/// Sets the stored times left of game `id`, as if the file had been written at that moment.
fn set_stored_times(dir: &std::path::Path, id: &str, white_ms: u64, black_ms: u64) {
    let db = Connection::open(dir.join(FILE_NAME)).unwrap();
    db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    let changed = db
        .execute(
            "UPDATE games SET white_ms = ?1, black_ms = ?2 WHERE id = ?3",
            params![white_ms, black_ms, id],
        )
        .unwrap();
    assert_eq!(changed, 1);
}

#[test]
fn a_timed_game_stores_its_clock_with_every_move() {
    let dir = scratch("clock-saved");
    let addr = serve(Store::open(&dir));
    let id = new_timed_game(addr, "5+3");
    let s = play(addr, &id, "b2");
    let legal = s["legal"][0].as_str().unwrap().to_string();
    let s = play(addr, &id, &legal);
    assert_eq!(coords(&s).len(), 4, "{s}");

    // A second reader of the same file sees what the server wrote after the last move.
    let saved = Store::open(&dir).load(&id).expect("the game is stored");
    let clock = saved.clock.expect("the clock is stored");
    assert_eq!((clock.base_ms, clock.inc_ms), (300_000, 3_000));
    assert_eq!(clock.move_ms.len(), 4, "{clock:?}");
    assert!(clock.move_ms.iter().all(Option::is_some), "{clock:?}");
    // Each side's time after its last move is what the row holds for it (the side to
    // move's clock was written as it started, before it lost anything).
    assert_eq!(clock.move_ms[2], Some(clock.white_ms), "{clock:?}");
    assert_eq!(clock.move_ms[3], Some(clock.black_ms), "{clock:?}");
    // The state the server reports is never above the stored times.
    let now = &settled(addr, &id)["clock"];
    assert!(now["white_ms"].as_u64().unwrap() <= clock.white_ms, "{now}");
    assert_eq!(now["black_ms"].as_u64().unwrap(), clock.black_ms, "{now}");
}

#[test]
fn a_reopened_timed_game_resumes_the_stored_times() {
    let dir = scratch("clock-resume");
    let first = serve(Store::open(&dir));
    let id = new_timed_game(first, "5+3");
    play(first, &id, "b2");
    // Distinctive times, far from the base, stand for a game well under way.
    set_stored_times(&dir, &id, 123_456, 234_567);

    let second = serve(Store::open(&dir));
    let s = settled(second, &id);
    let clock = &s["clock"];
    assert_eq!(clock["base_ms"], 300_000, "{s}");
    assert_eq!(clock["inc_ms"], 3_000, "{s}");
    assert_eq!(
        clock["running"], "white",
        "the side to move's clock runs again: {s}"
    );
    let white = clock["white_ms"].as_u64().unwrap();
    assert!(white <= 123_456, "{s}");
    // Not reset to the base: it counts down from the stored time.
    assert!(white > 100_000, "{s}");
    assert_eq!(clock["black_ms"], 234_567, "{s}");
    assert!(s["result"].is_null(), "{s}");

    // The game goes on, timed: the person's move earns the increment.
    let legal = s["legal"][0].as_str().unwrap().to_string();
    let s = play(second, &id, &legal);
    assert_eq!(coords(&s).len(), 4, "{s}");
    let after = s["clock"]["white_ms"].as_u64().unwrap();
    assert!(after <= 123_456 + 3_000 && after > 100_000, "{s}");
}

#[test]
fn a_flag_that_fell_while_the_server_was_down_ends_the_reopened_game() {
    let dir = scratch("clock-flag");
    let first = serve(Store::open(&dir));
    let id = new_timed_game(first, "5+3");
    play(first, &id, "b2");
    set_stored_times(&dir, &id, 0, 200_000);

    let second = serve(Store::open(&dir));
    let s = settled(second, &id);
    assert_eq!(s["result"]["reason"], "time forfeit", "{s}");
    assert_eq!(s["result"]["score"], "0-1", "{s}");
    assert!(s["clock"]["running"].is_null(), "{s}");
    // The result was written: a third server reads the game as finished.
    let third = serve(Store::open(&dir));
    assert_eq!(settled(third, &id)["result"]["reason"], "time forfeit");
}

#[test]
fn an_untimed_game_stores_no_clock() {
    let dir = scratch("clock-none");
    let addr = serve(Store::open(&dir));
    let id = new_timed_game(addr, "none");
    play(addr, &id, "b2");
    assert_eq!(Store::open(&dir).load(&id).unwrap().clock, None);
    let second = serve(Store::open(&dir));
    assert!(settled(second, &id)["clock"].is_null());
}

#[test]
fn a_version_1_file_is_migrated_and_keeps_its_games() {
    let dir = scratch("clock-v1");
    {
        let db = Connection::open(dir.join(FILE_NAME)).unwrap();
        db.execute_batch(schema::step(1).unwrap()).unwrap();
        db.pragma_update(None, "user_version", 1).unwrap();
        let start = TicTacToe::start().to_fen();
        db.execute(
            "INSERT INTO games (id, kind, start_fen, human, level, moves, plies)
             VALUES (?1, 'tictactoe', ?2, 'white', 'medium', 'b2 a1', 2)",
            params!["0123456789abcdef0123456789abcdef", start],
        )
        .unwrap();
    }
    let store = Store::open(&dir);
    assert!(store.saving().saving, "{:?}", store.saving());
    let db = Connection::open(dir.join(FILE_NAME)).unwrap();
    let version: u32 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::current());
    let id = "0123456789abcdef0123456789abcdef";
    let saved = store.load(id).expect("the old game is kept");
    assert_eq!(saved.moves, ["b2", "a1"]);
    assert_eq!(saved.clock, None, "an old game had no clock");

    let addr = serve(store);
    let s: Value = settled(addr, id);
    assert_eq!(coords(&s), ["b2", "a1"], "{s}");
    assert!(s["clock"].is_null(), "{s}");
    let (status, archive) = get(addr, "/api/archive");
    assert_eq!(status, 200);
    assert_eq!(archive["total"], 1, "{archive}");
}
