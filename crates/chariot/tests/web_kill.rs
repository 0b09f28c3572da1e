//! The web game's saved games survive `kill -9`: the real binary is killed right after the
//! engine's reply and started again on the same data directory, and the game goes on with
//! every move.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Only a hang runs into this: nothing here checks how fast things happen.
const HANG: Duration = Duration::from_secs(60);

/// Starts `chariot web` on a free port saving in `data`; returns it and its address.
fn serve(data: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(["web", "--port", "0", "--max-think-ms", "100", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| {
            let start = line.find("http://")? + "http://".len();
            let rest = &line[start..];
            Some(rest.split_whitespace().next()?.to_string())
        })
        .expect("the server prints its address");
    // Keep draining stdout so that the server never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, addr)
}

/// One request; returns (status, JSON body).
fn call(addr: &str, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(HANG)).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or_default())
}

fn moves(state: &serde_json::Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|m| m.iter().map(|m| m["coord"].to_string()).collect())
        .unwrap_or_default()
}

/// Polls the game until it has `count` moves and the engine is idle.
fn wait_for(addr: &str, id: &str, count: usize) -> serde_json::Value {
    let deadline = Instant::now() + HANG;
    loop {
        let (status, state) = call(addr, "GET", &format!("/api/games/{id}"), "");
        assert_eq!(status, 200, "{state}");
        if moves(&state).len() == count && state["thinking"].is_null() {
            return state;
        }
        assert!(Instant::now() < deadline, "no reply: {state}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_game_survives_kill_9() {
    let data = std::env::temp_dir().join(format!("chariot-kill9-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);

    let (mut server, addr) = serve(&data);
    let (status, state) = call(&addr, "POST", "/api/games", r#"{"game":"chess"}"#);
    assert_eq!(status, 201, "{state}");
    assert_eq!(state["saving"], true, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    let (status, state) = call(
        &addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"e2e4"}"#,
    );
    assert_eq!(status, 200, "{state}");
    let before = moves(&wait_for(&addr, &id, 2));
    server.kill().unwrap(); // SIGKILL: no shutdown code runs
    server.wait().unwrap();

    let (mut server, addr) = serve(&data);
    let state = wait_for(&addr, &id, 2);
    assert_eq!(moves(&state), before);
    assert_eq!(state["turn"], "white");
    let (status, state) = call(
        &addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"g1f3"}"#,
    );
    assert_eq!(status, 200, "the game goes on: {state}");
    let (status, list) = call(&addr, "GET", "/api/archive", "");
    assert_eq!(status, 200);
    assert_eq!(list["games"][0]["id"], id.as_str());
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
}
