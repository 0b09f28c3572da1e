//! The web game's saved-game database. The input is a record text and a database file:
//! byte 0 picks the record's game (top bit: 0 chess, 1 xiangqi), bytes 1–2 (little-endian)
//! the record's length, then the record, then the rest is written as `games.sqlite3` into a
//! fresh data directory. Opening it (`web::store::Store::open`) must give a usable store or
//! one that says why it is not saving, never a panic. Through a server's router on that
//! store, every stored game (arbitrary rows of an arbitrary file) is reopened, exported
//! and listed: answers, not panics; then the record is imported as a new game
//! (`POST /api/games` with `record`), which, when accepted and saved, must reopen from the
//! database as the same game.
#![no_main]

use game::Game;
use search::{Control, Info, Limits, Options, SearchResult, SearchTuning, Think};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use web::http::Request;
use web::registry::{Offered, Registry};
use web::routes::{route, Reply};
use web::store::{Store, FILE_NAME};
use web::think::{Config, Ctx};

/// Plays the first legal move at once: searches are fuzzed elsewhere.
struct FirstMove;

impl<G: Game> Think<G> for FirstMove {
    fn create(_options: Options, _tuning: SearchTuning) -> Self {
        FirstMove
    }
    fn set_options(&mut self, _options: Options) {}
    fn clear(&mut self) {}
    fn search(
        &mut self,
        pos: &G,
        _limits: &Limits,
        searchmoves: &[G::Move],
        _control: &Control,
        _report: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        SearchResult {
            best: pos
                .legal_moves()
                .iter()
                .copied()
                .find(|m| searchmoves.is_empty() || searchmoves.contains(m)),
            ponder: None,
            score: 0,
            depth: 1,
            nodes: 1,
        }
    }
}

/// Most stored games reopened per input.
const MAX_GAMES: usize = 8;

/// This process's data directory (in memory when /dev/shm exists: it is rewritten per input).
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let base = PathBuf::from("/dev/shm");
        let base = if base.is_dir() {
            base
        } else {
            std::env::temp_dir()
        };
        base.join(format!("chariot-fuzz-store-{}", std::process::id()))
    })
}

fn request(method: &str, path: &str, query: &str, body: Vec<u8>) -> Request {
    Request {
        method: method.into(),
        path: path.into(),
        query: query.into(),
        headers: vec![("content-type".into(), "application/json".into())],
        body,
    }
}

/// Answers a request; the status and, for a full answer, the body.
fn call(games: &Registry, req: Request) -> (u16, Vec<u8>) {
    match route(&req, games) {
        Reply::Full(response) => {
            assert!((200..600).contains(&response.status));
            (response.status, response.body)
        }
        Reply::Events(game, after) => {
            let _ = game.next_events(after, Duration::ZERO);
            (200, Vec::new())
        }
    }
}

/// Waits until no engine thinks for game `id` (a restored game may have the engine to move).
fn settle(games: &Registry, id: &str) {
    let Ok(game) = games.get(id) else { return };
    let deadline = Instant::now() + Duration::from_secs(30);
    while game.activity().thinking {
        assert!(
            Instant::now() < deadline,
            "the engine never finished its move"
        );
        std::thread::sleep(Duration::from_micros(50));
    }
}

fn moves(state: &[u8]) -> Vec<serde_json::Value> {
    let state: serde_json::Value = serde_json::from_slice(state).expect("a JSON state");
    state["moves"].as_array().cloned().unwrap_or_default()
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let kind = if pick & 0x80 == 0 { "chess" } else { "xiangqi" };
    let (len, rest) = match rest {
        [a, b, rest @ ..] => (u16::from_le_bytes([*a, *b]) as usize, rest),
        _ => (0, rest),
    };
    let (record, file) = rest.split_at(len.min(rest.len()));
    let record = String::from_utf8_lossy(record).into_owned();

    let dir = dir();
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("a scratch directory");
    std::fs::write(dir.join(FILE_NAME), file).expect("the database file is written");

    let store = Store::open(dir);
    let saving = store.saving();
    assert_eq!(saving.saving, saving.saving_reason.is_none());
    let stored: Vec<String> = store.all(None).into_iter().map(|g| g.id).collect();
    let config = Config {
        max_games: 4,
        max_think: Duration::from_millis(50),
        ..Config::default()
    };
    let kinds = vec![
        Offered::of::<chess::Position, FirstMove>(),
        Offered::of::<xiangqi::Position, FirstMove>(),
    ];
    let games = Registry::new(Ctx::with_store(config, store), kinds);

    call(&games, request("GET", "/api/info", "", Vec::new()));
    call(
        &games,
        request("GET", "/api/archive", "limit=500", Vec::new()),
    );
    call(&games, request("GET", "/api/archive/pgn", "", Vec::new()));
    for id in stored.iter().take(MAX_GAMES) {
        // Ids of any text: the router must refuse what is not an id, not trip on it.
        let id: String = id.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        call(
            &games,
            request("GET", &format!("/api/games/{id}"), "", Vec::new()),
        );
        settle(&games, &id);
        call(
            &games,
            request("GET", &format!("/api/archive/{id}/pgn"), "", Vec::new()),
        );
    }

    let body = serde_json::json!({"game": kind, "record": record}).to_string();
    let (status, state) = call(&games, request("POST", "/api/games", "", body.into_bytes()));
    if status != 201 {
        return;
    }
    let created: serde_json::Value = serde_json::from_slice(&state).expect("a JSON state");
    let id = created["id"]
        .as_str()
        .expect("201 without an id")
        .to_string();
    settle(&games, &id);
    let (status, state) = call(
        &games,
        request("GET", &format!("/api/games/{id}"), "", Vec::new()),
    );
    assert_eq!(status, 200);
    let state: serde_json::Value = serde_json::from_slice(&state).expect("a JSON state");
    if state["saving"] != true {
        return;
    }
    // What the server holds in memory must be what a restarted server replays from the file.
    let played = moves(&serde_json::to_vec(&state).unwrap());
    drop(games);
    let store = Store::open(dir);
    let saved = store.load(&id).expect("a saved game is in the database");
    let coords: Vec<&str> = played.iter().filter_map(|m| m["coord"].as_str()).collect();
    assert_eq!(
        saved.moves, coords,
        "the stored moves differ from the game's"
    );
});
