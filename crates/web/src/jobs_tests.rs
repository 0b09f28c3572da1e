//! Analysis and review over the HTTP API on real chess and the real search.

use super::api_tests::{call, json, HANG};
use super::server::Server;
use super::think::Config;
use game::{Game, MoveStyle};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn start() -> SocketAddr {
    let config = Config {
        max_think: Duration::from_millis(300),
        ..Config::default()
    };
    Server::bind("127.0.0.1:0", config, super::game_kinds())
        .unwrap()
        .spawn()
        .unwrap()
}

/// Starts a job at `path` and polls it until done, passing each view to `seen`.
fn run_job(addr: SocketAddr, path: &str, body: &str, mut seen: impl FnMut(&Value)) -> Value {
    let (status, text) = call(addr, "POST", path, body);
    assert_eq!(status, 201, "{text}");
    let id = json(&text)["id"].as_str().unwrap().to_string();
    let deadline = Instant::now() + HANG;
    loop {
        let (status, text) = call(addr, "GET", &format!("{path}/{id}"), "");
        assert_eq!(status, 200, "{text}");
        let view = json(&text);
        seen(&view);
        if view["done"] == true {
            return view;
        }
        assert!(Instant::now() < deadline, "never done: {view}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn analysis_gives_legal_lines_of_growing_depth() {
    let addr = start();
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let body = format!(r#"{{"game":"chess","fen":"{fen}","multipv":3}}"#);
    let mut depths = Vec::new();
    let view = run_job(addr, "/api/analysis", &body, |v| {
        depths.push(v["depth"].as_u64().unwrap())
    });
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    assert!(view["depth"].as_u64().unwrap() >= 2, "{view}");
    let lines = view["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{view}");
    let mut firsts = Vec::new();
    for line in lines {
        let mut pos = chess::Position::from_fen(fen).unwrap();
        let pv = line["pv_coord"].as_array().unwrap();
        assert!(!pv.is_empty(), "{line}");
        for mv in pv {
            let mv = pos
                .parse_move(mv.as_str().unwrap(), MoveStyle::Coord)
                .unwrap();
            assert!(pos.legal_moves().contains(mv), "{line}");
            pos.make(mv);
        }
        let first = pv[0].as_str().unwrap();
        assert_eq!(line["from"], first[..2]);
        assert_eq!(line["to"], first[2..4]);
        firsts.push(first.to_string());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different first moves: {firsts:?}");
}

/// Each line's win/draw/loss chances, checked to be a triple summing to 1000.
fn wdl_of(line: &Value) -> [u64; 3] {
    let wdl: Vec<u64> = line["wdl"]
        .as_array()
        .unwrap_or_else(|| panic!("no wdl: {line}"))
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(wdl.len(), 3, "{line}");
    assert_eq!(wdl.iter().sum::<u64>(), 1000, "{line}");
    [wdl[0], wdl[1], wdl[2]]
}

#[test]
fn analysis_lines_carry_win_draw_loss_chances_for_the_side_to_move() {
    let addr = start();
    // White to move a queen up, and Black to move a queen down: the side to move's view.
    for (fen, winning) in [
        ("4k3/8/8/8/8/8/3PPP2/3QK3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/3PPP2/3QK3 b - - 0 1", false),
    ] {
        let body = format!(r#"{{"game":"chess","fen":"{fen}","multipv":2}}"#);
        let view = run_job(addr, "/api/analysis", &body, |v| {
            for line in v["lines"].as_array().unwrap() {
                wdl_of(line);
            }
        });
        let lines = view["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 2, "{view}");
        let [w, _, l] = wdl_of(&lines[0]);
        assert_eq!(w > l, winning, "{fen}: {view}");
    }
    // Xiangqi has its own model.
    let body = r#"{"game":"xiangqi"}"#;
    let view = run_job(addr, "/api/analysis", body, |_| {});
    wdl_of(&view["lines"][0]);
}

#[test]
fn bad_analysis_requests_are_refused() {
    let addr = start();
    for (body, status) in [
        (r#"{"game":"chess","multipv":4}"#, 400),
        (r#"{"game":"chess","fen":"nonsense"}"#, 400),
        (r#"{"game":"go"}"#, 400),
    ] {
        assert_eq!(
            call(addr, "POST", "/api/analysis", body).0,
            status,
            "{body}"
        );
    }
    let (status, _) = call(
        addr,
        "GET",
        &format!("/api/analysis/{}", "0".repeat(32)),
        "",
    );
    assert_eq!(status, 404);
    let (status, _) = call(
        addr,
        "POST",
        "/api/review",
        r#"{"game":"chess","moves":["e2e5"]}"#,
    );
    assert_eq!(status, 422);
}

#[test]
fn review_marks_the_blunder_and_shows_the_better_move() {
    let addr = start();
    // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: 3...Nf6 allows mate in one.
    let moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    let body = format!(r#"{{"game":"chess","moves":{}}}"#, serde_json::json!(moves));
    let view = run_job(addr, "/api/review", &body, |_| {});
    assert_eq!(view["evals"].as_array().unwrap().len(), 8, "{view}");
    assert_eq!(view["evals"][7]["cp"], 10_000, "checkmate ends it: {view}");
    let blunder = &view["moves"][5];
    assert_eq!(blunder["text"], "Nf6", "{view}");
    assert_eq!(blunder["class"], "blunder", "{view}");
    assert!(blunder["better"]["coord"].is_string(), "{view}");
    assert_ne!(blunder["better"]["coord"], "g8f6");
    assert!(view["moves"][0]["class"].is_null(), "1. e4 is fine: {view}");
}

#[test]
fn positions_list_every_position_of_a_game() {
    let addr = start();
    let (status, text) = call(
        addr,
        "POST",
        "/api/positions",
        r#"{"game":"chess","moves":["e2e4","e7e5"]}"#,
    );
    assert_eq!(status, 200, "{text}");
    let v = json(&text);
    assert_eq!(v["positions"].as_array().unwrap().len(), 3);
    assert_eq!(v["positions"][2]["board"][3], "....p...");
    assert_eq!(v["positions"][1]["board"][4], "....P...");
}
