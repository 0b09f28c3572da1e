//! The web API's requests: the input is HTTP/1.1-like requests one after another (a request
//! line, `name: value` header lines, a blank line, then as many body bytes as the head's
//! Content-Length says), each built into an `http::Request` head, passed through the server's
//! own head checks (Host, size limits, framing policy) and answered by its router, against a
//! game table holding real chess and xiangqi games. (hyper parses the real bytes on the wire;
//! its parser is fuzzed upstream.) `{id}` in a path stands for the id of the game the
//! latest `POST /api/games` created (ids are random, so the fuzzer could not guess one).
//! The engine here plays its first legal move at once, so that requests, not searches,
//! take the time; searches are fuzzed by the UCI target.
#![no_main]

use game::Game;
use search::{Control, Info, Limits, Options, SearchResult, SearchTuning, Think};
use std::time::{Duration, Instant};
use web::http::{check_head, MAX_HEAD};
use web::registry::{Offered, Registry};
use web::routes::{route, Reply};
use web::think::{Config, Ctx};

/// Most requests answered per input.
const MAX_REQUESTS: usize = 16;

/// Plays the first legal move at once.
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

fn registry() -> Registry {
    let config = Config {
        max_games: 4,
        max_think: Duration::from_millis(50),
        ..Config::default()
    };
    let kinds = vec![
        Offered::of::<chess::Position, FirstMove>(),
        Offered::of::<xiangqi::Position, FirstMove>(),
    ];
    Registry::new(Ctx::new(config), kinds)
}

/// Waits until no engine thinks for any open game, so each request sees a settled game.
/// The bound catches a hang only; how fast the engine answers is not what is fuzzed.
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

/// Splits the next request off `input`: its head (built with the `http` crate, which refuses
/// what hyper would) and the rest of the input; `None` at the end or on a head that is not HTTP.
fn next_head(input: &[u8]) -> Option<(http::request::Parts, &[u8])> {
    let end = input.windows(4).position(|w| w == b"\r\n\r\n")?;
    if end > MAX_HEAD {
        return None;
    }
    let head = std::str::from_utf8(&input[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let mut parts = lines.next()?.split(' ');
    let (method, target) = (parts.next()?, parts.next()?);
    let mut builder = http::Request::builder().method(method).uri(target);
    for line in lines {
        let (name, value) = line.split_once(':')?;
        builder = builder.header(name, value.trim());
    }
    let (parts, ()) = builder.body(()).ok()?.into_parts();
    Some((parts, &input[end + 4..]))
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let games = registry();
    let mut rest = data;
    let mut id = String::new();
    for _ in 0..MAX_REQUESTS {
        let Some((parts, after)) = next_head(rest) else {
            break;
        };
        let (mut request, length) = match check_head(&parts, false) {
            Ok(checked) => checked,
            Err(refusal) => {
                assert!((400..500).contains(&refusal.status));
                break;
            }
        };
        let Some(body) = after.get(..length) else {
            break;
        };
        request.body = body.to_vec();
        rest = &after[length..];
        request.path = request.path.replace("{id}", &id);
        match route(&request, &games) {
            Reply::Full(response) => {
                assert!((200..600).contains(&response.status));
                if response.status == 201 {
                    let body: serde_json::Value =
                        serde_json::from_slice(&response.body).expect("201 without JSON");
                    id = body["id"].as_str().expect("201 without an id").to_string();
                }
            }
            Reply::Events(game, after) => {
                let _ = game.next_events(after, Duration::ZERO);
            }
        }
        settle(&games, &id);
    }
});
