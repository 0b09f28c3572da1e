//! The `chess960` field of a new-game request: a Chess960 start position by its number
//! (0–959) or `"random"`, checked before any game is made.

use super::session::ApiError;
use game::Game;
use serde_json::Value;

/// How many Chess960 start positions there are.
const POSITIONS: u64 = 960;

/// The start number a `chess960` value asks for: a whole number 0–959, or `"random"`
/// (drawn from the operating system's randomness, like game ids); anything else is a 400.
pub fn number(value: &Value) -> Result<u32, ApiError> {
    let bad = || {
        ApiError::new(
            400,
            "chess960 must be a start position number 0-959 or \"random\"",
        )
    };
    match value {
        Value::Number(n) => match n.as_u64() {
            Some(n) if n < POSITIONS => Ok(n as u32),
            _ => Err(bad()),
        },
        Value::String(s) if s == "random" => {
            let id = super::ids::new_id().map_err(|e| ApiError::new(500, e.to_string()))?;
            let bits = u64::from_str_radix(&id[..12], 16).map_err(|_| bad())?;
            Ok((bits % POSITIONS) as u32)
        }
        _ => Err(bad()),
    }
}

/// The Chess960 start a `chess960` value asks for, in a game that has that form; a 400 for
/// a bad value or a game without one (xiangqi).
pub fn start<G: Game>(value: &Value) -> Result<G, ApiError> {
    let n = number(value)?;
    G::chess960_start(n)
        .ok_or_else(|| ApiError::new(400, format!("{} has no Chess960 form", G::NAME)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_random_are_read_and_the_rest_refused() {
        assert_eq!(number(&json!(0)).unwrap(), 0);
        assert_eq!(number(&json!(959)).unwrap(), 959);
        assert!(number(&json!("random")).unwrap() < 960);
        for bad in [
            json!(960),
            json!(-1),
            json!(1.5),
            json!("518"),
            json!(null),
            json!([1]),
        ] {
            assert_eq!(number(&bad).unwrap_err().status, 400, "{bad}");
        }
    }

    #[test]
    fn new_games_over_http_take_a_number_or_random_and_refuse_the_rest() {
        let config = crate::think::Config {
            max_think: std::time::Duration::from_millis(100),
            ..crate::think::Config::default()
        };
        let addr = crate::server::Server::bind("127.0.0.1:0", config, crate::game_kinds())
            .unwrap()
            .spawn()
            .unwrap();
        let post =
            |body: Value| crate::api_tests::call(addr, "POST", "/api/games", &body.to_string());
        let (status, text) = post(json!({"game": "chess", "chess960": 0}));
        assert_eq!(status, 201, "{text}");
        let state = crate::api_tests::json(&text);
        let start_fen = state["start_fen"].as_str().unwrap();
        assert!(start_fen.starts_with("bbqnnrkr/"), "{start_fen}");
        let id = state["id"].as_str().unwrap();
        let (status, pgn) =
            crate::api_tests::call(addr, "GET", &format!("/api/games/{id}/pgn"), "");
        assert_eq!(status, 200);
        assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
        assert!(pgn.contains(&format!("[FEN \"{start_fen}\"]")), "{pgn}");
        assert_eq!(post(json!({"game": "chess", "chess960": "random"})).0, 201);
        for bad in [
            json!({"game": "chess", "chess960": 960}),
            json!({"game": "chess", "chess960": "any"}),
            json!({"game": "xiangqi", "chess960": 3}),
            json!({"game": "chess", "chess960": 3, "fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}),
        ] {
            let (status, text) = post(bad.clone());
            assert_eq!(status, 400, "{bad}: {text}");
        }
    }

    #[test]
    fn only_chess_has_chess960_starts() {
        let pos = start::<chess::Position>(&json!(518)).unwrap();
        assert!(pos.is_chess960());
        assert!(start::<xiangqi::Position>(&json!(518)).is_err());
    }
}
