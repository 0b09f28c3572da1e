//! The web API's requests: the input is raw HTTP/1.1 requests one after another, each read
//! by the server's own reader (size limits, framing) and answered by its router, against a
//! game table holding real chess and xiangqi games. `{id}` in a path stands for the id of the game the
//! latest `POST /api/games` created (ids are random, so the fuzzer could not guess one).
//! The engine here plays its first legal move at once, so that requests, not searches,
//! take the time; searches are fuzzed by the UCI target.
#![no_main]

use web::http::read_request;
use web::registry::{GameKind, Registry};
use web::routes::{route, Reply};
use web::shared::Shared;
use web::think::{Config, Ctx, Engine, Level};
use game::Game;
use search::{Control, Info, Limits, SearchResult};
use std::io::Cursor;
use std::time::{Duration, Instant};

/// Most requests answered per input.
const MAX_REQUESTS: usize = 16;

/// Plays the first legal move at once.
struct FirstMove;

impl<G: Game> Engine<G> for FirstMove {
    fn new(_level: Level) -> Self {
        FirstMove
    }
    fn think(
        &mut self,
        pos: &G,
        _limits: &Limits,
        _control: &Control,
        _report: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        SearchResult {
            best: pos.legal_moves().iter().next().copied(),
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
        GameKind {
            name: "chess",
            create: Shared::<chess::Position, FirstMove>::create,
        },
        GameKind {
            name: "xiangqi",
            create: Shared::<xiangqi::Position, FirstMove>::create,
        },
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

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let games = registry();
    let mut reader = Cursor::new(data);
    let mut id = String::new();
    for _ in 0..MAX_REQUESTS {
        let Ok(mut request) = read_request(&mut reader) else {
            break;
        };
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
