//! Where the web game keeps its games: an SQLite file in a data directory, written on
//! every change of a game so that a game survives a restart or a crash of the server.
//!
//! Saving is best effort: a directory that cannot be written, a corrupt file or a full disk
//! leave the server playing from memory, and [`Store::saving`] says why, for the page.

pub mod replay;
pub mod schema;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The database's file name inside the data directory.
pub const FILE_NAME: &str = "games.sqlite3";

/// One game as stored: enough to replay it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SavedGame {
    /// The game's id (the one in the page's address).
    pub id: String,
    /// `"chess"`, `"xiangqi"`.
    pub game: String,
    /// The start position's FEN.
    pub start_fen: String,
    /// The person's side: `"white"` or `"black"`.
    pub human: String,
    /// The engine's level name.
    pub level: String,
    /// The moves in engine coordinates, in order.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub result: String,
    /// An ending the moves do not show: `"resignation"`, `"agreement"` or `"time"` (a fallen flag).
    pub ending: Option<String>,
    /// The clocks of a timed game; `None` when it is untimed.
    pub clock: Option<SavedClock>,
    /// When the game started (UTC, `YYYY-MM-DD HH:MM:SS`); empty before it is stored.
    pub created: String,
    /// When it last changed.
    pub updated: String,
}

impl SavedGame {
    /// Whether `other` is the same game in the same state, the database's own timestamps
    /// aside (what a read-back after a write must give).
    fn same_game(&self, other: &SavedGame) -> bool {
        let timeless = |g: &SavedGame| SavedGame {
            created: String::new(),
            updated: String::new(),
            ..g.clone()
        };
        timeless(self) == timeless(other)
    }
}

/// A timed game's clocks as stored, so that a reopened game resumes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SavedClock {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// The increment per move, in milliseconds.
    pub inc_ms: u64,
    /// White's (Red's) time left when the game was written.
    pub white_ms: u64,
    /// Black's time left when the game was written.
    pub black_ms: u64,
    /// The mover's time left after each move (increment included), one per ply; `None`
    /// where unknown (moves of an imported record).
    pub move_ms: Vec<Option<u64>>,
}

impl SavedClock {
    /// `move_ms` as stored: milliseconds separated by spaces, `-` where unknown.
    fn move_ms_text(&self) -> String {
        let text: Vec<String> = self
            .move_ms
            .iter()
            .map(|ms| ms.map_or_else(|| "-".to_string(), |ms| ms.to_string()))
            .collect();
        text.join(" ")
    }

    /// Reads the stored columns; `None` for an untimed game (no base time).
    fn from_columns(
        base_ms: Option<u64>,
        inc_ms: Option<u64>,
        white_ms: Option<u64>,
        black_ms: Option<u64>,
        move_ms: Option<String>,
    ) -> Option<SavedClock> {
        let base_ms = base_ms?;
        Some(SavedClock {
            base_ms,
            inc_ms: inc_ms.unwrap_or(0),
            white_ms: white_ms.unwrap_or(base_ms),
            black_ms: black_ms.unwrap_or(base_ms),
            move_ms: move_ms
                .unwrap_or_default()
                .split_whitespace()
                .map(|t| t.parse().ok())
                .collect(),
        })
    }
}

/// Which archived games to list.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only games of this kind.
    pub game: Option<String>,
    /// Only games with this result (`1-0`, `0-1`, `1/2-1/2`, `*`), or `finished`.
    pub result: Option<String>,
    /// At most this many.
    pub limit: u32,
    /// Skipping this many of the newest first.
    pub offset: u32,
}

/// One line of the archive.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The game's id.
    pub id: String,
    /// Its kind.
    pub game: String,
    /// When it started (UTC).
    pub created: String,
    /// When it last changed (UTC).
    pub updated: String,
    /// The engine's level.
    pub level: String,
    /// The person's side.
    pub side: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Number of moves (plies) played.
    pub length: u32,
}

/// Whether games are being saved, as `/api/info` and the state report it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Saving {
    /// Whether the last write (or the opening of the database) succeeded.
    pub saving: bool,
    /// Why games are not being saved, in words for the person; `None` while they are.
    pub saving_reason: Option<String>,
}

/// The database, or the reason there is none.
pub struct Store {
    db: Mutex<Option<Connection>>,
    problem: Mutex<Option<String>>,
    path: Option<PathBuf>,
}

impl Default for Store {
    fn default() -> Store {
        Store::memory()
    }
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .field("saving", &self.saving())
            .finish()
    }
}

impl Store {
    /// No database: games live in memory only.
    pub fn memory() -> Store {
        Store::failed(
            None,
            "no data directory: games are kept in memory only".into(),
        )
    }

    fn failed(path: Option<PathBuf>, reason: String) -> Store {
        Store {
            db: Mutex::new(None),
            problem: Mutex::new(Some(reason)),
            path,
        }
    }

    /// Opens (creating it when missing) the database in `dir`. Never fails: on any problem
    /// the store keeps games in memory and [`Store::saving`] gives the reason.
    pub fn open(dir: &Path) -> Store {
        let path = dir.join(FILE_NAME);
        match Store::connect(dir, &path) {
            Ok(db) => Store {
                db: Mutex::new(Some(db)),
                problem: Mutex::new(None),
                path: Some(path),
            },
            Err(e) => {
                let reason = format!(
                    "games are not saved ({}): {e}; playing in memory only",
                    path.display()
                );
                Store::failed(Some(path), reason)
            }
        }
    }

    fn connect(dir: &Path, path: &Path) -> Result<Connection, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create the directory: {e}"))?;
        let mut db = Connection::open(path).map_err(|e| format!("cannot open: {e}"))?;
        db.busy_timeout(std::time::Duration::from_secs(2))
            .map_err(|e| e.to_string())?;
        // The full check, not `quick_check`: only it compares each index with its table, and a
        // primary-key index that disagrees with the rows makes a game written under one id
        // read back as another game (a fuzzed file did exactly that).
        let check: String = db
            .query_row("PRAGMA integrity_check(1)", [], |r| r.get(0))
            .map_err(|e| format!("the file is not a usable database: {e}"))?;
        if check != "ok" {
            return Err(format!("the database is damaged: {check}"));
        }
        let mode: String = db
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(|e| format!("cannot use a write-ahead log: {e}"))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(format!(
                "cannot use a write-ahead log (journal mode {mode})"
            ));
        }
        // WAL with NORMAL sync keeps every committed move through a crash of the process.
        db.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| e.to_string())?;
        schema::migrate(&mut db)?;
        Ok(db)
    }

    /// The database file, when a data directory was given.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn db(&self) -> MutexGuard<'_, Option<Connection>> {
        self.db.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn problem(&self) -> MutexGuard<'_, Option<String>> {
        self.problem.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether games are being saved, and if not why.
    pub fn saving(&self) -> Saving {
        let problem = self.problem().clone();
        Saving {
            saving: problem.is_none(),
            saving_reason: problem,
        }
    }

    /// Notes the outcome of a write: a failure (disk full, file gone read-only) is reported
    /// until a later write succeeds.
    fn note<T>(&self, result: rusqlite::Result<T>) -> Option<T> {
        match result {
            Ok(value) => {
                *self.problem() = None;
                Some(value)
            }
            Err(e) => {
                *self.problem() = Some(format!(
                    "the last change could not be saved ({e}); the game goes on in memory"
                ));
                None
            }
        }
    }

    /// Writes a game's current state (inserting it the first time) and reads it back: `Ok`
    /// only when the database now gives exactly this game for its id. A failure is also noted
    /// for [`Store::saving`]; the caller reports it with the game, which goes on either way.
    pub fn save(&self, game: &SavedGame) -> Result<(), String> {
        let db = self.db();
        let Some(db) = db.as_ref() else {
            return Err(self.saving().saving_reason.unwrap_or_default());
        };
        let clock = game.clock.as_ref();
        // One statement, so the moves and the clocks after them are written together.
        let result = db.execute(
            "INSERT INTO games (id, kind, start_fen, human, level, moves, plies, result, ending,
                                clock_base_ms, clock_inc_ms, white_ms, black_ms, move_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
             ON CONFLICT(id) DO UPDATE SET
               level = excluded.level, moves = excluded.moves, plies = excluded.plies,
               result = excluded.result, ending = excluded.ending,
               clock_base_ms = excluded.clock_base_ms, clock_inc_ms = excluded.clock_inc_ms,
               white_ms = excluded.white_ms, black_ms = excluded.black_ms,
               move_ms = excluded.move_ms, updated = datetime('now')",
            params![
                game.id,
                game.game,
                game.start_fen,
                game.human,
                game.level,
                game.moves.join(" "),
                game.moves.len() as u32,
                game.result,
                game.ending,
                clock.map(|c| c.base_ms),
                clock.map(|c| c.inc_ms),
                clock.map(|c| c.white_ms),
                clock.map(|c| c.black_ms),
                clock.map(SavedClock::move_ms_text),
            ],
        );
        // A write SQLite accepts can still read back as something else (a damaged index, a
        // trigger in a foreign file): only a read-back shows that a reopened game is this one.
        let outcome = match result.and_then(|_| read(db, &game.id)) {
            Err(e) => Err(format!(
                "the last change could not be saved ({e}); the game goes on in memory"
            )),
            Ok(Some(stored)) if stored.same_game(game) => Ok(()),
            Ok(_) => Err(
                "the database does not give back the game just written (the file is damaged); \
                 the game goes on in memory"
                    .to_string(),
            ),
        };
        *self.problem() = outcome.as_ref().err().cloned();
        outcome
    }

    /// The stored game with this id, if there is one (and the database is sound enough to
    /// give that game, not another, for the id).
    pub fn load(&self, id: &str) -> Option<SavedGame> {
        let db = self.db();
        read(db.as_ref()?, id).ok().flatten()
    }

    /// The archive, newest first, and how many games match the filter in all; `None` when
    /// there is no database.
    pub fn list(&self, filter: &Filter) -> Option<(Vec<Summary>, u64)> {
        let db = self.db();
        let db = db.as_ref()?;
        let result = filter.result.as_deref();
        let (finished_only, exact) = match result {
            Some("finished") => (true, None),
            other => (false, other),
        };
        let condition = "(?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR result = ?2)
                         AND (?3 = 0 OR result <> '*')";
        let total: u64 = db
            .query_row(
                &format!("SELECT count(*) FROM games WHERE {condition}"),
                params![filter.game, exact, finished_only],
                |r| r.get(0),
            )
            .ok()?;
        let mut stmt = db
            .prepare(&format!(
                "SELECT id, kind, created, updated, level, human, result, plies FROM games
                 WHERE {condition} ORDER BY created DESC, rowid DESC LIMIT ?4 OFFSET ?5"
            ))
            .ok()?;
        let rows = stmt
            .query_map(
                params![
                    filter.game,
                    exact,
                    finished_only,
                    filter.limit,
                    filter.offset
                ],
                |r| {
                    Ok(Summary {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        created: r.get(2)?,
                        updated: r.get(3)?,
                        level: r.get(4)?,
                        side: r.get(5)?,
                        result: r.get(6)?,
                        length: r.get(7)?,
                    })
                },
            )
            .ok()?;
        Some((rows.filter_map(Result::ok).collect(), total))
    }

    /// Every stored game of `game` (all kinds when `None`), oldest first, for export.
    pub fn all(&self, game: Option<&str>) -> Vec<SavedGame> {
        let ids: Vec<String> = {
            let db = self.db();
            let Some(db) = db.as_ref() else {
                return Vec::new();
            };
            let Ok(mut stmt) = db.prepare(
                "SELECT id FROM games WHERE ?1 IS NULL OR kind = ?1 ORDER BY created, rowid",
            ) else {
                return Vec::new();
            };
            let Ok(rows) = stmt.query_map([game], |r| r.get(0)) else {
                return Vec::new();
            };
            rows.filter_map(Result::ok).collect()
        };
        ids.iter().filter_map(|id| self.load(id)).collect()
    }

    /// Removes a game from the archive; whether it was there.
    pub fn delete(&self, id: &str) -> bool {
        let db = self.db();
        let Some(db) = db.as_ref() else { return false };
        let result = db.execute("DELETE FROM games WHERE id = ?1", [id]);
        self.note(result).is_some_and(|n| n > 0)
    }

    /// Whether a database is open (the archive can be read).
    pub fn is_open(&self) -> bool {
        self.db().is_some()
    }
}

/// The row stored under `id`, read through `db`.
fn read(db: &Connection, id: &str) -> rusqlite::Result<Option<SavedGame>> {
    let game = db
        .query_row(
            "SELECT id, kind, start_fen, human, level, moves, result, ending, created, updated,
                clock_base_ms, clock_inc_ms, white_ms, black_ms, move_ms
         FROM games WHERE id = ?1",
            [id],
            |r| {
                let moves: String = r.get(5)?;
                Ok(SavedGame {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    start_fen: r.get(2)?,
                    human: r.get(3)?,
                    level: r.get(4)?,
                    moves: moves.split_whitespace().map(str::to_string).collect(),
                    result: r.get(6)?,
                    ending: r.get(7)?,
                    clock: SavedClock::from_columns(
                        r.get(10)?,
                        r.get(11)?,
                        r.get(12)?,
                        r.get(13)?,
                        r.get(14)?,
                    ),
                    created: r.get(8)?,
                    updated: r.get(9)?,
                })
            },
        )
        .optional()?;
    // A damaged index can lead a lookup to another row: that is not the game asked for.
    Ok(game.filter(|g| g.id == id))
}

/// The default data directory: `$XDG_DATA_HOME/chariot`, `~/.local/share/chariot` or the
/// platform's equivalent; `None` when the system names none.
pub fn default_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("chariot"))
}
