//! The HTTP API tested over real sockets, on tic-tac-toe with a scripted engine so that the
//! server's behaviour is tested apart from the rules and the search.

use super::registry::{Offered, Registry};
use super::server::Server;
use super::think::Config;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};
use testkit::{Scripted, TicTacToe};

pub(super) fn start(config: Config) -> (SocketAddr, Arc<Registry>) {
    let kinds = vec![Offered::of::<TicTacToe, Scripted>()];
    let server = Server::bind("127.0.0.1:0", config, kinds).unwrap();
    let registry = server.registry();
    (server.spawn().unwrap(), registry)
}

/// Long enough that only a hang runs into it: the tests wait for things to happen, and
/// never check how fast they happen.
pub(super) const HANG: Duration = Duration::from_secs(30);

pub(super) fn quick() -> Config {
    Config {
        max_think: Duration::from_millis(150),
        ..Config::default()
    }
}

/// Reads one response: (status, head, body). The body is `Content-Length` bytes, or all
/// that comes until the server closes when there is no length (an event stream).
pub(super) fn read_response(stream: &mut TcpStream) -> (u16, String, String) {
    let mut bytes = Vec::new();
    let mut byte = [0u8; 1];
    while !bytes.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => bytes.push(byte[0]),
            _ => break,
        }
    }
    let head = String::from_utf8_lossy(&bytes).into_owned();
    let status = head
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let length = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse::<usize>().ok())?
    });
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            stream.read_exact(&mut body).unwrap();
        }
        None => {
            let _ = stream.read_to_end(&mut body);
        }
    }
    (status, head, String::from_utf8_lossy(&body).into_owned())
}

/// Sends raw bytes and returns (status, body) of the first response.
pub(super) fn raw(addr: SocketAddr, bytes: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(HANG)).unwrap();
    stream.write_all(bytes).unwrap();
    let (status, _, body) = read_response(&mut stream);
    (status, body)
}

/// One request on its own connection (`Connection: close`, so an event stream ends with
/// the connection).
pub(super) fn call(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    raw(addr, request.as_bytes())
}

pub(super) fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn new_game(addr: SocketAddr, body: &str) -> Value {
    let (status, text) = call(addr, "POST", "/api/games", body);
    assert_eq!(status, 201, "{text}");
    json(&text)
}

fn state(addr: SocketAddr, id: &str) -> Value {
    let (status, text) = call(addr, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200, "{text}");
    json(&text)
}

/// Polls until the engine is idle, returning the state.
fn settled(addr: SocketAddr, id: &str) -> Value {
    let deadline = Instant::now() + HANG;
    loop {
        let s = state(addr, id);
        if s["thinking"].is_null() {
            return s;
        }
        assert!(Instant::now() < deadline, "engine never finished: {s}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn error_of(text: &str) -> String {
    json(text)["error"].as_str().unwrap_or_default().to_string()
}

#[test]
fn a_game_is_played_restored_and_exported() {
    let (addr, _) = start(quick());
    let s = new_game(
        addr,
        r#"{"game":"tictactoe","side":"white","level":"beginner"}"#,
    );
    let id = s["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    assert_eq!(s["legal"].as_array().unwrap().len(), 9);
    assert_eq!(
        (s["files"].as_u64(), s["ranks"].as_u64()),
        (Some(3), Some(3))
    );

    let (status, text) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"b2"}"#,
    );
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text)["thinking"], "reply");
    let s = settled(addr, &id);
    let moves: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["coord"].as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        ["b2", "a1"],
        "the scripted engine takes the first free square"
    );
    assert_eq!(s["last"]["text"], "A1");
    assert_eq!(s["board"][2], "o..");
    assert_eq!(s["board"][1], ".X.");
    assert_eq!(s["turn"], "white");

    // A reload (a fresh GET) restores exactly the same game.
    assert_eq!(state(addr, &id), s);

    // Human notation is accepted too.
    let (status, _) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"C3"}"#,
    );
    assert_eq!(status, 200);
    let s = settled(addr, &id);
    assert_eq!(s["moves"].as_array().unwrap().len(), 4);

    let (status, pgn) = call(addr, "GET", &format!("/api/games/{id}/pgn"), "");
    assert_eq!(status, 200);
    assert!(pgn.contains("[Variant \"tictactoe\"]"), "{pgn}");
    assert!(pgn.contains("1. B2 A1 2. C3 B1 *"), "{pgn}");
}

#[test]
fn info_lists_each_games_levels_with_their_elo() {
    let (addr, _) = start(quick());
    let (status, text) = call(addr, "GET", "/api/info", "");
    assert_eq!(status, 200);
    let info = json(&text);
    let names: Vec<_> = info["levels"].as_array().unwrap().iter().collect();
    assert_eq!(names, ["beginner", "easy", "medium", "hard", "full"]);
    // Tic-tac-toe has no calibration: the search's unmeasured straight line, 100 a level.
    let game = &info["game_levels"]["tictactoe"];
    assert_eq!(game["measured"], false);
    let levels = game["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 5);
    assert_eq!(levels[2]["name"], "medium");
    assert_eq!(levels[2]["skill"], 12);
    assert_eq!(levels[2]["elo"], 1700);
    assert_eq!(levels[2]["measured"], false);
    assert_eq!(levels[4]["elo"], 2500);
}

#[test]
fn undo_takes_back_the_engine_reply_and_the_players_move() {
    let (addr, _) = start(quick());
    let id = new_game(addr, r#"{"game":"tictactoe"}"#)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/undo"), "");
    assert_eq!(status, 409, "nothing to undo yet: {text}");
    call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"c1"}"#,
    );
    settled(addr, &id);
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/undo"), "");
    assert_eq!(status, 200, "{text}");
    let s = json(&text);
    assert_eq!(s["moves"].as_array().unwrap().len(), 0);
    assert_eq!(s["legal"].as_array().unwrap().len(), 9);
    // Undo while the engine thinks cancels its search and takes back the player's move.
    call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"c1"}"#,
    );
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/undo"), "");
    assert_eq!(status, 200, "{text}");
    std::thread::sleep(Duration::from_millis(300));
    let s = settled(addr, &id);
    assert_eq!(
        s["moves"].as_array().unwrap().len(),
        0,
        "a cancelled search plays nothing: {s}"
    );
}

#[test]
fn bad_requests_get_reasons_and_change_nothing() {
    let (addr, _) = start(quick());
    let id = new_game(addr, r#"{"game":"tictactoe"}"#)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let moves = format!("/api/games/{id}/moves");
    let before = state(addr, &id);

    let cases: &[(&str, u16, &str)] = &[
        ("{\"move\":", 400, "bad JSON"),
        ("[1,2]", 400, "bad JSON"),
        ("{\"mv\":\"a1\"}", 400, "unknown field"),
        ("{\"move\":\"z9\"}", 422, "illegal move"),
        ("{\"move\":\"\"}", 400, "1 to 16"),
        ("{\"move\":\"b2b2b2b2b2b2b2b2b2b2\"}", 400, "1 to 16"),
    ];
    for (body, want, reason) in cases {
        let (status, text) = call(addr, "POST", &moves, body);
        assert_eq!(status, *want, "{body}: {text}");
        assert!(error_of(&text).contains(reason), "{body}: {text}");
    }
    // Occupied square, after a real move.
    call(addr, "POST", &moves, r#"{"move":"a3"}"#);
    let mid = settled(addr, &id);
    let (status, text) = call(addr, "POST", &moves, r#"{"move":"a3"}"#);
    assert_eq!(status, 422, "{text}");
    assert_eq!(state(addr, &id), mid, "an illegal move changes nothing");

    let big = format!("{{\"move\":\"{}\"}}", "a".repeat(super::http::MAX_BODY));
    let (status, text) = call(addr, "POST", &moves, &big);
    assert_eq!(status, 413, "{text}");
    let wrong_type = format!(
        "POST {moves} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\n{{\"move\":\"c3\"}}"
    );
    assert_eq!(raw(addr, wrong_type.as_bytes()).0, 415);
    assert_eq!(state(addr, &id), mid, "rejected requests change nothing");
    assert_ne!(before, mid);

    let (status, text) = call(addr, "POST", "/api/games", r#"{"game":"go"}"#);
    assert_eq!(status, 400);
    assert!(error_of(&text).contains("unknown game"), "{text}");
    let (status, text) = call(
        addr,
        "POST",
        "/api/games",
        r#"{"game":"tictactoe","fen":"XXXX w"}"#,
    );
    assert_eq!(status, 400);
    assert!(error_of(&text).contains("bad FEN"), "{text}");
    let (status, _) = call(
        addr,
        "POST",
        "/api/games",
        r#"{"game":"tictactoe","side":"green"}"#,
    );
    assert_eq!(status, 400);
    let (status, _) = call(
        addr,
        "POST",
        "/api/games",
        r#"{"game":"tictactoe","level":"godlike"}"#,
    );
    assert_eq!(status, 400);
    assert_eq!(call(addr, "GET", &moves, "").0, 405);
    assert_eq!(call(addr, "DELETE", "/", "").0, 405);
    assert_eq!(
        call(addr, "POST", &format!("/api/games/{id}/fly"), "").0,
        404
    );
}

#[test]
fn games_are_private_to_their_ids() {
    let (addr, _) = start(quick());
    new_game(addr, r#"{"game":"tictactoe"}"#);
    for path in [
        "/api/games/00000000000000000000000000000000".to_string(),
        "/api/games/00000000000000000000000000000000/moves".to_string(),
        "/api/games/..%2f..%2fetc".to_string(),
        "/api/games/1".to_string(),
    ] {
        let method = if path.ends_with("moves") {
            "POST"
        } else {
            "GET"
        };
        let (status, text) = call(addr, method, &path, r#"{"move":"a1"}"#);
        assert_eq!(status, 404, "{path}: {text}");
        assert!(error_of(&text).contains("no such game"), "{text}");
    }
    assert_eq!(
        call(addr, "GET", "/api/games", "").0,
        405,
        "games cannot be listed"
    );
}

#[test]
fn static_files_cannot_escape_the_embedded_set() {
    let (addr, _) = start(quick());
    let (status, page) = call(addr, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<html"), "{page}");
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/..%2fsrc%2fmain.rs",
        "/app.js/../../../../etc/passwd",
        "/web/index.html",
        "/src/web.rs",
    ] {
        let (status, body) = call(addr, "GET", path, "");
        assert_eq!(status, 404, "{path}");
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{path}"
        );
    }
    let (status, _) = raw(addr, b"GET /x HTTP/1.1\r\nHost: evil.example\r\n\r\n");
    assert_eq!(
        status, 403,
        "DNS-rebinding host names are refused on loopback"
    );
}

#[test]
fn the_game_cap_evicts_finished_games_first() {
    let (addr, registry) = start(Config {
        max_games: 2,
        ..quick()
    });
    let a = new_game(addr, r#"{"game":"tictactoe"}"#)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let b = new_game(addr, r#"{"game":"tictactoe"}"#)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, text) = call(addr, "POST", "/api/games", r#"{"game":"tictactoe"}"#);
    assert_eq!(status, 503, "two live games fill the table: {text}");
    assert_eq!(registry.len(), 2);
    let (status, text) = call(addr, "POST", &format!("/api/games/{a}/resign"), "");
    assert_eq!(status, 200);
    assert_eq!(json(&text)["result"]["reason"], "resignation");
    let c = new_game(addr, r#"{"game":"tictactoe"}"#)["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(registry.len(), 2);
    assert_eq!(
        call(addr, "GET", &format!("/api/games/{a}"), "").0,
        404,
        "the finished game went"
    );
    state(addr, &b);
    state(addr, &c);
}

#[test]
fn events_stream_the_thinking_and_the_move() {
    let (addr, _) = start(quick());
    let s = new_game(addr, r#"{"game":"tictactoe","level":"full"}"#);
    let id = s["id"].as_str().unwrap();
    let (_, text) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"b2"}"#,
    );
    let seq = json(&text)["seq"].as_u64().unwrap();
    let (status, stream) = call(
        addr,
        "GET",
        &format!("/api/games/{id}/events?after={seq}"),
        "",
    );
    assert_eq!(status, 200);
    let data: Vec<Value> = stream
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(json)
        .collect();
    let kinds: Vec<&str> = data.iter().filter_map(|d| d["type"].as_str()).collect();
    let infos = data.iter().filter(|d| d["type"] == "info").count();
    assert!(infos >= 2, "several depths reported: {stream}");
    let info = data.iter().find(|d| d["type"] == "info").unwrap();
    assert_eq!(info["pv"][0], "A1");
    assert_eq!(info["score"], "-0.10", "shown from White's side: {info}");
    let mv = kinds
        .iter()
        .position(|k| *k == "move")
        .expect("the move is streamed");
    assert!(kinds[..mv].contains(&"info"));
    assert_eq!(kinds.last(), Some(&"done"));
    assert!(
        stream.contains("event: idle"),
        "the stream says when it is over"
    );
    assert_eq!(settled(addr, id)["moves"].as_array().unwrap().len(), 2);
}

#[test]
fn a_client_that_disconnects_mid_search_leaks_no_thread() {
    let (addr, registry) = start(Config {
        max_think: Duration::from_millis(400),
        ..Config::default()
    });
    let s = new_game(addr, r#"{"game":"tictactoe","level":"full"}"#);
    let id = s["id"].as_str().unwrap();
    call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"b2"}"#,
    );
    assert_eq!(registry.ctx().active_searches(), 1);
    {
        let mut stream = TcpStream::connect(addr).unwrap();
        let req = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: localhost\r\n\r\n");
        stream.write_all(req.as_bytes()).unwrap();
        let mut first = [0u8; 64];
        let n = stream.read(&mut first).unwrap();
        assert!(n > 0);
    } // the client goes away mid-search
    let deadline = Instant::now() + HANG;
    while registry.ctx().active_searches() > 0 {
        assert!(Instant::now() < deadline, "the search thread never ended");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        state(addr, id)["moves"].as_array().unwrap().len(),
        2,
        "the reply still lands"
    );
}

#[test]
fn hints_resignation_and_draw_offers() {
    let (addr, _) = start(quick());
    let id = new_game(addr, r#"{"game":"tictactoe"}"#)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/hint"), "");
    assert_eq!(status, 200, "{text}");
    assert_eq!(json(&text)["thinking"], "hint");
    let s = settled(addr, &id);
    assert_eq!(s["hint"]["coord"], "a1");
    assert_eq!(
        s["moves"].as_array().unwrap().len(),
        0,
        "a hint plays nothing"
    );

    // The scripted engine scores +0.10 and the board is nearly empty: it accepts.
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/draw"), "");
    assert_eq!(status, 200, "{text}");
    let s = json(&text);
    assert_eq!(s["draw"], "accepted");
    assert_eq!(s["result"]["score"], "1/2-1/2");
    assert_eq!(s["legal"].as_array().unwrap().len(), 0);
    for action in ["draw", "resign", "hint"] {
        let (status, text) = call(addr, "POST", &format!("/api/games/{id}/{action}"), "");
        assert_eq!(status, 409, "{action} after the end: {text}");
    }
    let (status, text) = call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"move":"a1"}"#,
    );
    assert_eq!(status, 409);
    assert!(error_of(&text).contains("over"));

    let s = new_game(addr, r#"{"game":"tictactoe","side":"black"}"#);
    assert_eq!(
        s["thinking"], "reply",
        "the engine opens when the player takes black"
    );
    let id = s["id"].as_str().unwrap();
    let s = settled(addr, id);
    assert_eq!(s["moves"][0]["coord"], "a1");
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/resign"), "");
    assert_eq!(status, 200);
    assert_eq!(json(&text)["result"]["winner"], "white");
    assert!(json(&text)["result"]["text"]
        .as_str()
        .unwrap()
        .contains("resigned"));
}

#[test]
fn a_client_that_trickles_its_request_is_cut_off() {
    // A header line every 50 ms never leaves the connection idle, so only the deadline
    // for the whole request (300 ms) can end it; the trickle goes on until HANG.
    let (addr, _) = start(Config {
        request_timeout: Duration::from_millis(300),
        ..quick()
    });
    let mut stream = TcpStream::connect(addr).unwrap();
    let deadline = Instant::now() + HANG;
    stream.write_all(b"GET / HTTP/1.1\r\n").unwrap();
    let mut closed = false;
    while !closed && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        closed = stream.write_all(b"X-Slow: 1\r\n").is_err();
    }
    assert!(closed, "the server kept a trickling request open");
    // The server still answers others.
    assert_eq!(call(addr, "GET", "/api/info", "").0, 200);
}

/// Engines made by each [`Counting`] variant (one per test, so tests running at once do not
/// share a count).
static ENGINES_MADE: [std::sync::atomic::AtomicUsize; 2] = [
    std::sync::atomic::AtomicUsize::new(0),
    std::sync::atomic::AtomicUsize::new(0),
];

/// The scripted searcher, counting how often a game had to make a new one.
struct Counting<const K: usize>(Scripted);

impl<const K: usize> search::Think<TicTacToe> for Counting<K> {
    fn create(options: search::Options, tuning: search::SearchTuning) -> Self {
        ENGINES_MADE[K].fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Counting(<Scripted as search::Think<TicTacToe>>::create(
            options, tuning,
        ))
    }
    fn set_options(&mut self, options: search::Options) {
        search::Think::<TicTacToe>::set_options(&mut self.0, options);
    }
    fn clear(&mut self) {
        search::Think::<TicTacToe>::clear(&mut self.0);
    }
    fn search(
        &mut self,
        pos: &TicTacToe,
        limits: &search::Limits,
        searchmoves: &[u8],
        control: &search::Control,
        report: &mut dyn FnMut(&search::Info<u8>),
    ) -> search::SearchResult<u8> {
        self.0.search(pos, limits, searchmoves, control, report)
    }
}

/// Plays b2 and c3 (the engine answering each), asks a hint, and returns the engines made.
fn engines_for_a_game<const K: usize>(max_kept_engines: usize) -> (usize, usize) {
    let kinds = vec![Offered::of::<TicTacToe, Counting<K>>()];
    let config = Config {
        max_kept_engines,
        ..quick()
    };
    let server = Server::bind("127.0.0.1:0", config, kinds).unwrap();
    let registry = server.registry();
    let addr = server.spawn().unwrap();
    let s = new_game(addr, r#"{"game":"tictactoe","level":"beginner"}"#);
    let id = s["id"].as_str().unwrap().to_string();
    for mv in ["b2", "c3"] {
        let body = format!("{{\"move\":\"{mv}\"}}");
        let (status, text) = call(addr, "POST", &format!("/api/games/{id}/moves"), &body);
        assert_eq!(status, 200, "{text}");
        settled(addr, &id);
    }
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/hint"), "");
    assert_eq!(status, 200, "{text}");
    assert!(!settled(addr, &id)["hint"].is_null());
    let made = ENGINES_MADE[K].load(std::sync::atomic::Ordering::SeqCst);
    (made, registry.ctx().kept_engines())
}

#[test]
fn a_game_keeps_its_engine_between_moves_within_the_cap() {
    // Two replies and a hint: one engine, kept (one kept slot in use).
    assert_eq!(engines_for_a_game::<0>(4), (1, 1));
    // With no engine kept, every search makes its own.
    assert_eq!(engines_for_a_game::<1>(0), (3, 0));
}
