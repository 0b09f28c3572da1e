//! Saved games: a game survives a restart of the server with every move, a broken or
//! unwritable data directory leaves the server playing in memory and saying so, and the
//! archive lists, filters, exports and deletes.

use super::api_tests::{call, json, quick, HANG};
use super::registry::Offered;
use super::server::Server;
use super::store::{schema, Filter, Store, FILE_NAME};
use serde_json::Value;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Instant;
use testkit::{Scripted, TicTacToe};

/// An empty directory of this test's own under the system's temporary directory.
pub(super) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chariot-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server of tic-tac-toe games saving in `store`: a new one stands for the server
/// started again (the old one's memory is not shared with it).
pub(super) fn serve(store: Store) -> SocketAddr {
    let kinds = vec![Offered::of::<TicTacToe, Scripted>()];
    Server::bind_with_store("127.0.0.1:0", quick(), kinds, store)
        .unwrap()
        .spawn()
        .unwrap()
}

pub(super) fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    let (status, text) = call(addr, "GET", path, "");
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// Waits until the engine has answered, returning the state.
pub(super) fn settled(addr: SocketAddr, id: &str) -> Value {
    let deadline = Instant::now() + HANG;
    loop {
        let (status, s) = get(addr, &format!("/api/games/{id}"));
        assert_eq!(status, 200, "{s}");
        if s["thinking"].is_null() {
            return s;
        }
        assert!(Instant::now() < deadline, "the engine never answered: {s}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn new_game(addr: SocketAddr) -> String {
    let (status, text) = call(addr, "POST", "/api/games", r#"{"game":"tictactoe"}"#);
    assert_eq!(status, 201, "{text}");
    json(&text)["id"].as_str().unwrap().to_string()
}

pub(super) fn play(addr: SocketAddr, id: &str, mv: &str) -> Value {
    let body = format!(r#"{{"move":"{mv}"}}"#);
    let (status, text) = call(addr, "POST", &format!("/api/games/{id}/moves"), &body);
    assert_eq!(status, 200, "{text}");
    settled(addr, id)
}

pub(super) fn coords(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["coord"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_game_continues_with_every_move_after_a_restart() {
    let dir = scratch("restart");
    let first = serve(Store::open(&dir));
    let (_, info) = get(first, "/api/info");
    assert_eq!(info["saving"], true, "{info}");
    assert_eq!(info["archive"], true, "{info}");
    let id = new_game(first);
    let s = play(first, &id, "b2");
    let before = coords(&s);
    assert_eq!(before.len(), 2, "the person's move and the engine's: {s}");
    assert_eq!(s["saving"], true);

    let second = serve(Store::open(&dir));
    let s = settled(second, &id);
    assert_eq!(coords(&s), before);
    assert_eq!(s["human"], "white");
    // The game goes on there: the person moves again and undo still knows whose moves.
    let legal = s["legal"][0].as_str().unwrap().to_string();
    let s = play(second, &id, &legal);
    assert_eq!(coords(&s).len(), 4, "{s}");
    let (status, text) = call(second, "POST", &format!("/api/games/{id}/undo"), "");
    assert_eq!(status, 200, "{text}");
    assert_eq!(coords(&json(&text)), before);

    let third = serve(Store::open(&dir));
    assert_eq!(
        coords(&settled(third, &id)),
        before,
        "the undo was saved too"
    );
}

#[test]
fn a_finished_game_reopens_finished() {
    let dir = scratch("finished");
    let first = serve(Store::open(&dir));
    let id = new_game(first);
    let (status, text) = call(first, "POST", &format!("/api/games/{id}/resign"), "");
    assert_eq!(status, 200, "{text}");
    let second = serve(Store::open(&dir));
    let s = settled(second, &id);
    assert_eq!(s["result"]["reason"], "resignation", "{s}");
    assert_eq!(s["result"]["score"], "0-1");
}

#[test]
fn migrations_build_the_schema_from_an_empty_file() {
    let dir = scratch("migrate");
    std::fs::File::create(dir.join(FILE_NAME)).unwrap();
    let store = Store::open(&dir);
    assert!(store.saving().saving, "{:?}", store.saving());
    let db = rusqlite::Connection::open(dir.join(FILE_NAME)).unwrap();
    let version: u32 = db
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::current());
    let mode: String = db
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    // Opening again migrates nothing and keeps the version.
    assert!(Store::open(&dir).saving().saving);
}

#[test]
fn a_database_from_a_newer_build_is_refused() {
    let dir = scratch("newer");
    let db = rusqlite::Connection::open(dir.join(FILE_NAME)).unwrap();
    db.pragma_update(None, "user_version", schema::current() + 1)
        .unwrap();
    drop(db);
    let saving = Store::open(&dir).saving();
    assert!(!saving.saving);
    assert!(saving.saving_reason.unwrap().contains("newer"));
}

/// The server starts and plays in memory, and says why it does not save.
fn plays_in_memory(store: Store, expect_in_reason: &str) {
    let saving = store.saving();
    assert!(!saving.saving);
    let reason = saving.saving_reason.unwrap();
    assert!(reason.contains(expect_in_reason), "{reason}");
    let addr = serve(store);
    let (_, info) = get(addr, "/api/info");
    assert_eq!(info["saving"], false);
    assert_eq!(info["archive"], false);
    assert!(info["saving_reason"].as_str().unwrap().contains("memory"));
    let id = new_game(addr);
    let s = play(addr, &id, "b2");
    assert_eq!(coords(&s).len(), 2);
    assert_eq!(s["saving"], false);
    assert!(s["saving_reason"].is_string());
    let (status, body) = get(addr, "/api/archive");
    assert_eq!(status, 503, "{body}");
}

#[test]
fn a_corrupt_database_falls_back_to_memory() {
    let dir = scratch("corrupt");
    std::fs::write(
        dir.join(FILE_NAME),
        b"this is not an SQLite file, it is text....".repeat(200),
    )
    .unwrap();
    plays_in_memory(Store::open(&dir), "not a usable database");
}

#[test]
fn a_truncated_database_falls_back_to_memory() {
    let dir = scratch("truncated");
    {
        let addr = serve(Store::open(&dir));
        for _ in 0..3 {
            let id = new_game(addr);
            play(addr, &id, "b2");
        }
    }
    // Checkpoint the log into the file, then cut the file short.
    let db = rusqlite::Connection::open(dir.join(FILE_NAME)).unwrap();
    db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
    drop(db);
    let path = dir.join(FILE_NAME);
    let len = std::fs::metadata(&path).unwrap().len();
    assert!(len > 4096, "{len}");
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(len / 2 + 100).unwrap();
    let _ = std::fs::remove_file(dir.join(format!("{FILE_NAME}-wal")));
    let store = Store::open(&dir);
    plays_in_memory(store, "database");
}

#[test]
fn an_unwritable_data_directory_falls_back_to_memory() {
    // Under a regular file no directory can be made, whoever runs the test (root too).
    let dir = scratch("unwritable");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    plays_in_memory(Store::open(&file.join("data")), "cannot create");
}

#[test]
fn a_read_only_data_directory_falls_back_to_memory() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permission bits: then this case cannot be made here.
    if std::fs::write(dir.join("probe"), "x").is_ok() {
        eprintln!("permissions are not enforced for this user; skipped");
        return;
    }
    plays_in_memory(Store::open(&dir), "cannot open");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn the_archive_lists_filters_exports_and_deletes() {
    let dir = scratch("archive");
    let addr = serve(Store::open(&dir));
    let ongoing = new_game(addr);
    play(addr, &ongoing, "b2");
    let resigned = new_game(addr);
    let (status, _) = call(addr, "POST", &format!("/api/games/{resigned}/resign"), "");
    assert_eq!(status, 200);

    let (status, all) = get(addr, "/api/archive");
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["total"], 2);
    let newest = &all["games"][0];
    assert_eq!(newest["game"], "tictactoe");
    assert_eq!(newest["side"], "white");
    assert_eq!(newest["level"], "medium");
    let lengths: Vec<u64> = all["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["length"].as_u64().unwrap())
        .collect();
    let mut sorted = lengths.clone();
    sorted.sort();
    assert_eq!(sorted, vec![0, 2]);

    let (_, finished) = get(addr, "/api/archive?result=finished");
    assert_eq!(finished["total"], 1);
    assert_eq!(finished["games"][0]["id"], resigned.as_str());
    let (_, open) = get(addr, "/api/archive?result=unfinished&game=tictactoe");
    assert_eq!(open["games"][0]["id"], ongoing.as_str());
    let (_, page) = get(addr, "/api/archive?limit=1&offset=1");
    assert_eq!(page["games"].as_array().unwrap().len(), 1);
    assert_eq!(page["total"], 2);
    let (status, _) = get(addr, "/api/archive?result=won");
    assert_eq!(status, 400);
    let (status, _) = get(addr, "/api/archive?game=go");
    assert_eq!(status, 400);
    let (status, _) = get(addr, "/api/archive?limit=-1");
    assert_eq!(status, 400);

    let (status, pgn) = call(addr, "GET", &format!("/api/archive/{resigned}/pgn"), "");
    assert_eq!(status, 200);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    let (status, both) = call(addr, "GET", "/api/archive/pgn", "");
    assert_eq!(status, 200);
    assert_eq!(both.matches("[Event ").count(), 2, "{both}");

    let (status, _) = call(addr, "DELETE", &format!("/api/archive/{ongoing}"), "");
    assert_eq!(status, 200);
    let (_, all) = get(addr, "/api/archive");
    assert_eq!(all["total"], 1);
    let (status, _) = get(addr, &format!("/api/games/{ongoing}"));
    assert_eq!(status, 404, "a deleted game is gone from memory too");
    let (status, _) = call(addr, "DELETE", &format!("/api/archive/{ongoing}"), "");
    assert_eq!(status, 404);
    let (status, _) = call(addr, "POST", "/api/archive", "");
    assert_eq!(status, 405);
}

#[test]
fn the_store_lists_nothing_without_a_database() {
    let store = Store::memory();
    assert!(store.list(&Filter::default()).is_none());
    assert!(store.all(None).is_empty());
    assert!(!store.delete("0123"));
}
