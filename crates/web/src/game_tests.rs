//! The web API on the real games and the real search: notation in the move list, results
//! with their reasons, promotion, and the records for download.

use super::api_tests::{call, json};
use super::server::Server;
use super::think::Config;
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn start() -> SocketAddr {
    let config = Config {
        max_think: Duration::from_millis(200),
        ..Config::default()
    };
    Server::bind("127.0.0.1:0", config, super::game_kinds())
        .unwrap()
        .spawn()
        .unwrap()
}

fn create(addr: SocketAddr, body: &str) -> Value {
    let (status, text) = call(addr, "POST", "/api/games", body);
    assert_eq!(status, 201, "{text}");
    json(&text)
}

fn play(addr: SocketAddr, id: &str, mv: &str) -> Value {
    let (status, text) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        &format!("{{\"move\":\"{mv}\"}}"),
    );
    assert_eq!(status, 200, "{mv}: {text}");
    json(&text)
}

fn settled(addr: SocketAddr, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, text) = call(addr, "GET", &format!("/api/games/{id}"), "");
        let s = json(&text);
        if s["thinking"].is_null() {
            return s;
        }
        assert!(Instant::now() < deadline, "the engine never moved: {s}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

#[test]
fn chess_moves_are_listed_in_san_and_the_engine_replies() {
    let addr = start();
    let s = create(addr, r#"{"game":"chess","level":"beginner"}"#);
    assert_eq!(s["legal"].as_array().unwrap().len(), 20);
    assert_eq!(s["board"][0], "rnbqkbnr");
    let id = s["id"].as_str().unwrap();
    play(addr, id, "Nf3");
    let s = settled(addr, id);
    assert_eq!(s["moves"][0]["text"], "Nf3");
    assert_eq!(s["moves"][0]["coord"], "g1f3");
    assert_eq!(s["moves"].as_array().unwrap().len(), 2, "{s}");
    assert_eq!(s["turn"], "white");
    assert!(s["thought"]["depth"].as_u64().unwrap() >= 1);
}

#[test]
fn chess_checkmate_promotion_and_pgn() {
    let addr = start();
    let fen = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    let id = create(addr, &format!("{{\"game\":\"chess\",\"fen\":\"{fen}\"}}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let s = play(addr, &id, "f7g7");
    assert_eq!(s["moves"][0]["text"], "Qg7#");
    assert_eq!(s["result"]["reason"], "checkmate");
    assert_eq!(s["result"]["text"], "Checkmate: White wins");
    assert!(s["check"].as_bool().unwrap());
    let (status, pgn) = call(addr, "GET", &format!("/api/games/{id}/pgn"), "");
    assert_eq!(status, 200);
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("\n1. Qg7# 1-0\n"), "{pgn}");

    let s = create(
        addr,
        r#"{"game":"chess","fen":"8/P6k/8/8/8/8/8/K7 w - - 0 1"}"#,
    );
    let promotions: Vec<&str> = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m.as_str())
        .filter(|m| m.starts_with("a7a8"))
        .collect();
    assert_eq!(promotions.len(), 4, "{promotions:?}");
    let s = play(addr, s["id"].as_str().unwrap(), "a7a8n");
    assert_eq!(s["moves"][0]["text"], "a8=N");
}

#[test]
fn xiangqi_moves_are_listed_in_wxf() {
    let addr = start();
    let s = create(
        addr,
        r#"{"game":"xiangqi","side":"red","level":"beginner"}"#,
    );
    assert_eq!(
        (s["files"].as_u64(), s["ranks"].as_u64()),
        (Some(9), Some(10))
    );
    assert_eq!(s["side_names"][0], "Red");
    assert!(s["legal"].as_array().unwrap().iter().any(|m| m == "h2e2"));
    let id = s["id"].as_str().unwrap();
    play(addr, id, "h2e2");
    let s = settled(addr, id);
    assert_eq!(s["moves"][0]["text"], "C2=5");
    assert_eq!(s["moves"].as_array().unwrap().len(), 2, "{s}");
    let (_, pgn) = call(addr, "GET", &format!("/api/games/{id}/pgn"), "");
    assert!(pgn.contains("[Variant \"xiangqi\"]"), "{pgn}");
    assert!(pgn.contains("[Red \"Human\"]"), "{pgn}");
    assert!(pgn.contains("1. C2=5 "), "{pgn}");
    let (status, text) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"e2e9"}"#,
    );
    assert_eq!(status, 422, "{text}");
}

#[test]
fn a_pasted_record_starts_a_game_and_a_bad_one_is_refused() {
    let addr = start();
    let pgn = "[Event \"x\"]\n\n1. e4 {best} e5 2. Nf3 $1 (2. f4) Nc6 3. Bb5 *";
    let body =
        serde_json::json!({"game": "chess", "side": "black", "level": "beginner", "record": pgn});
    let s = settled(
        addr,
        create(addr, &body.to_string())["id"].as_str().unwrap(),
    );
    let texts: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(s["turn"], "black");
    assert!(!s["legal"].as_array().unwrap().is_empty());
    // The person played Black's moves: undo takes back Nc6 (and nothing of White's).
    let id = s["id"].as_str().unwrap();
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/undo"), "");
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text)["moves"].as_array().unwrap().len(), 3);

    // Xiangqi: the web game's own export, with the engine to move at the end.
    let list = "[Variant \"xiangqi\"]\n\n1. C2=5 H8+7 2. H2+3 *";
    let body = serde_json::json!({"game": "xiangqi", "level": "beginner", "record": list});
    let s = settled(
        addr,
        create(addr, &body.to_string())["id"].as_str().unwrap(),
    );
    assert_eq!(
        s["moves"].as_array().unwrap().len(),
        4,
        "the engine replied: {s}"
    );

    for (record, status, why) in [
        ("1. e4 e5 2. Ke3", 422, "move 2. `Ke3`"),
        ("1. e4 {", 400, "never closed"),
        ("[Variant \"xiangqi\"] 1. C2=5", 400, "xiangqi record"),
    ] {
        let body = serde_json::json!({"game": "chess", "record": record});
        let (got, text) = call(addr, "POST", "/api/games", &body.to_string());
        assert_eq!(got, status, "{record}: {text}");
        assert!(text.contains(why), "{record}: {text}");
    }
    let both = r#"{"game":"chess","fen":"8/8/8/8/8/8/8/K6k w - - 0 1","record":"1. e4"}"#;
    assert_eq!(call(addr, "POST", "/api/games", both).0, 400);
}

#[test]
fn chess_flag_against_a_bare_king_and_knight_is_a_draw() {
    let addr = start();
    // 0.001 minutes: White (the person) flags, but Black, with king and knight, cannot mate.
    let fen = "8/8/8/8/8/k7/8/K1n4R w - - 0 1";
    let s = create(
        addr,
        &format!("{{\"game\":\"chess\",\"fen\":\"{fen}\",\"clock\":\"0.001+0\"}}"),
    );
    let id = s["id"].as_str().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(30);
    let s = loop {
        let (_, text) = call(addr, "GET", &format!("/api/games/{id}"), "");
        let s = json(&text);
        if !s["result"].is_null() {
            break s;
        }
        assert!(Instant::now() < deadline, "no flag: {s}");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(s["result"]["winner"].is_null(), "{s}");
    assert_eq!(s["result"]["score"], "1/2-1/2");
    assert_eq!(s["result"]["reason"], "time forfeit");
}
