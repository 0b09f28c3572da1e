//! Clocks over the HTTP API: a running clock loses time, the mover's stops, a flag ends the
//! game with the result each game's rules give.

use super::api_tests::{call, json, quick, start, HANG};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn create(addr: SocketAddr, body: &str) -> Value {
    let (status, text) = call(addr, "POST", "/api/games", body);
    assert_eq!(status, 201, "{text}");
    json(&text)
}

fn state(addr: SocketAddr, id: &str) -> Value {
    json(&call(addr, "GET", &format!("/api/games/{id}"), "").1)
}

/// Polls until `done` holds for the state, which it returns.
fn until(addr: SocketAddr, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + HANG;
    loop {
        let s = state(addr, id);
        if done(&s) {
            return s;
        }
        assert!(Instant::now() < deadline, "never happened: {s}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_flag_falls_on_a_tiny_clock_and_the_game_is_lost() {
    let (addr, _) = start(quick());
    // 0.001 minutes: 60 ms for the person, whose clock starts at once.
    let s = create(addr, r#"{"game":"tictactoe","clock":"0.001+0"}"#);
    assert_eq!(s["clock"]["running"], "white");
    assert_eq!(s["clock"]["base_ms"], 60);
    let id = s["id"].as_str().unwrap();
    let s = until(addr, id, |s| !s["result"].is_null());
    assert_eq!(s["result"]["winner"], "black", "{s}");
    assert_eq!(s["result"]["reason"], "time forfeit");
    assert_eq!(
        s["result"]["text"], "White ran out of time: Black wins",
        "{s}"
    );
    assert_eq!(s["clock"]["white_ms"], 0);
    assert!(s["clock"]["running"].is_null());
    let (status, _) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"b2"}"#,
    );
    assert_eq!(status, 409);
}

#[test]
fn the_clocks_run_down_across_moves_and_gain_the_increment() {
    let (addr, _) = start(quick());
    let s = create(
        addr,
        r#"{"game":"tictactoe","level":"beginner","clock":"1+0"}"#,
    );
    let id = s["id"].as_str().unwrap().to_string();
    std::thread::sleep(Duration::from_millis(5));
    let (status, text) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"b2"}"#,
    );
    assert_eq!(status, 200, "{text}");
    let after_move = json(&text)["clock"].clone();
    assert_eq!(after_move["running"], "black", "{after_move}");
    let white = after_move["white_ms"].as_u64().unwrap();
    assert!(white < 60_000, "{after_move}");
    let s = until(addr, &id, |s| s["thinking"].is_null());
    assert_eq!(s["clock"]["running"], "white");
    // The engine thought on its own clock (at least one scripted step of 20 ms).
    assert!(s["clock"]["black_ms"].as_u64().unwrap() < 60_000, "{s}");
    std::thread::sleep(Duration::from_millis(5));
    let later = state(addr, &id)["clock"]["white_ms"].as_u64().unwrap();
    assert!(later < white, "{later} !< {white}");
}

#[test]
fn a_bad_clock_is_refused() {
    let (addr, registry) = start(quick());
    let (status, text) = call(
        addr,
        "POST",
        "/api/games",
        r#"{"game":"tictactoe","clock":"5 minutes"}"#,
    );
    assert_eq!(status, 400, "{text}");
    assert!(registry.is_empty());
}
