//! A database that accepts a write but gives back something else: the server must not say
//! a game is saved unless reading it back gives that game (the claim of issue 60 item 3,
//! that every acknowledged move of a saved game is in the database).

use super::api_tests::call;
use super::store::{SavedGame, Store, FILE_NAME};
use super::store_tests::{coords, get, play, scratch, serve, settled};
use serde_json::Value;

/// The fuzzed file whose primary-key index disagrees with its rows (see `data/README.md`).
const DAMAGED_INDEX: &[u8] = include_bytes!("../data/damaged-index.sqlite3");

/// A game under `id` with these moves, as the server writes one.
fn game(id: &str, moves: &[&str]) -> SavedGame {
    SavedGame {
        id: id.to_string(),
        game: "chess".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        human: "white".into(),
        level: "medium".into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        result: "*".into(),
        ending: None,
        clock: None,
        created: String::new(),
        updated: String::new(),
    }
}

#[test]
fn a_write_that_reads_back_as_another_game_is_not_called_saved() {
    let dir = scratch("damaged-index");
    std::fs::write(dir.join(FILE_NAME), DAMAGED_INDEX).unwrap();
    let written = game(&"1".repeat(32), &["e2e4", "e7e5", "g1f3", "b8c6"]);
    let store = Store::open(&dir);
    let outcome = store.save(&written);
    let saving = store.saving();
    assert_eq!(outcome.is_ok(), saving.saving, "{saving:?}");
    if saving.saving {
        // Then a restarted server must replay exactly this game under its id.
        drop(store);
        let reopened = Store::open(&dir).load(&written.id);
        assert_eq!(
            reopened.map(|g| (g.id, g.moves)),
            Some((written.id.clone(), written.moves.clone())),
            "a write said to be saved reads back otherwise"
        );
    } else {
        let reason = saving.saving_reason.unwrap();
        assert!(reason.contains("damaged"), "{reason}");
    }
}

#[test]
fn the_full_integrity_check_refuses_a_damaged_index() {
    let dir = scratch("damaged-index-open");
    std::fs::write(dir.join(FILE_NAME), DAMAGED_INDEX).unwrap();
    let saving = Store::open(&dir).saving();
    assert!(!saving.saving);
    let reason = saving.saving_reason.unwrap();
    assert!(reason.contains("damaged"), "{reason}");
}

/// A sound database whose file carries a trigger that blanks the moves of any game once it
/// reaches `plies` moves: every write succeeds, the row is not what was written.
fn store_with_blanking_trigger(name: &str, plies: u32) -> std::path::PathBuf {
    let dir = scratch(name);
    drop(Store::open(&dir)); // creates the schema
    let db = rusqlite::Connection::open(dir.join(FILE_NAME)).unwrap();
    db.execute_batch(&format!(
        "CREATE TRIGGER blank AFTER UPDATE ON games WHEN NEW.plies = {plies}
         BEGIN UPDATE games SET moves = '' WHERE id = NEW.id; END;"
    ))
    .unwrap();
    dir
}

#[test]
fn a_move_the_database_does_not_keep_is_reported_in_the_state() {
    let dir = store_with_blanking_trigger("trigger-state", 2);
    let store = Store::open(&dir);
    assert!(store.saving().saving, "a trigger is not damage");
    let addr = serve(store);
    let (status, text) = call(addr, "POST", "/api/games", r#"{"game":"tictactoe"}"#);
    assert_eq!(status, 201, "{text}");
    let id = serde_json::from_str::<Value>(&text).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let state = play(addr, &id, "b2");
    assert_eq!(coords(&state).len(), 2, "{state}");
    assert_eq!(state["saving"], false, "{state}");
    let reason = state["saving_reason"].as_str().unwrap();
    assert!(reason.contains("does not give back"), "{reason}");
}

#[test]
fn another_games_good_write_does_not_make_a_lost_move_look_saved() {
    let dir = store_with_blanking_trigger("trigger-other", 2);
    let addr = serve(Store::open(&dir));
    let new_game = || {
        let (status, text) = call(addr, "POST", "/api/games", r#"{"game":"tictactoe"}"#);
        assert_eq!(status, 201, "{text}");
        serde_json::from_str::<Value>(&text).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let lost = new_game();
    assert_eq!(play(addr, &lost, "b2")["saving"], false);
    // A second game's first write succeeds: the server as a whole saves again ...
    let fine = new_game();
    assert_eq!(settled(addr, &fine)["saving"], true);
    let (_, info) = get(addr, "/api/info");
    assert_eq!(info["saving"], true, "{info}");
    // ... but the first game's last move is still not in the database.
    let state = settled(addr, &lost);
    assert_eq!(state["saving"], false, "{state}");
}
