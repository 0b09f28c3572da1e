//! The database's schema as an ordered list of migrations; `PRAGMA user_version` says how
//! many have been applied, so an older file is brought up to date when the server starts.

use rusqlite::{Connection, Transaction};

/// Each step, in order; step `n` (1-based) leaves the file at `user_version = n`.
/// Steps are never edited once released: a change is a new step at the end.
const MIGRATIONS: &[&str] = &[
    // 1: one row per game, rewritten whenever the game changes.
    "CREATE TABLE games (
        id        TEXT PRIMARY KEY,
        kind      TEXT NOT NULL,
        start_fen TEXT NOT NULL,
        human     TEXT NOT NULL,
        level     TEXT NOT NULL,
        moves     TEXT NOT NULL DEFAULT '',
        plies     INTEGER NOT NULL DEFAULT 0,
        result    TEXT NOT NULL DEFAULT '*',
        ending    TEXT,
        created   TEXT NOT NULL DEFAULT (datetime('now')),
        updated   TEXT NOT NULL DEFAULT (datetime('now'))
    );
    CREATE INDEX games_by_date ON games(created);",
    // 2: the clock of a timed game (all NULL in an untimed one): the time control, each
    // side's time left when the row was written, and the mover's time left after each move
    // (space-separated milliseconds, one per ply, `-` where unknown such as an imported
    // record's moves), so that a reopened game resumes its clocks.
    "ALTER TABLE games ADD COLUMN clock_base_ms INTEGER;
    ALTER TABLE games ADD COLUMN clock_inc_ms INTEGER;
    ALTER TABLE games ADD COLUMN white_ms INTEGER;
    ALTER TABLE games ADD COLUMN black_ms INTEGER;
    ALTER TABLE games ADD COLUMN move_ms TEXT;",
];

/// The schema version this build writes.
pub fn current() -> u32 {
    MIGRATIONS.len() as u32
}

/// The SQL of migration `step` (1-based), for tests that build a file of an older version.
#[cfg(test)]
pub fn step(step: u32) -> Option<&'static str> {
    MIGRATIONS.get((step as usize).checked_sub(1)?).copied()
}

/// Applies the missing migrations in one transaction; refuses a file from a newer build
/// (its schema is unknown here). Always writes, so a file that cannot be written fails here
/// rather than at the first move.
pub fn migrate(db: &mut Connection) -> Result<u32, String> {
    let tx = db.transaction().map_err(|e| e.to_string())?;
    let found = version(&tx)?;
    if found > current() {
        return Err(format!(
            "the database has schema version {found}, newer than this build's {}",
            current()
        ));
    }
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.execute_batch(sql)
            .map_err(|e| format!("migration {} failed: {e}", step + 1))?;
    }
    tx.pragma_update(None, "user_version", current())
        .map_err(|e| e.to_string())?;
    tx.commit().map_err(|e| e.to_string())?;
    Ok(found)
}

fn version(tx: &Transaction<'_>) -> Result<u32, String> {
    tx.pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|e| e.to_string())
}
