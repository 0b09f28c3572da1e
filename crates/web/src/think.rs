//! How the engine thinks for the web game: playing levels, and the server-wide accounting
//! that bounds how many searches run, for how long, and how many games keep their engine.

use super::store::Store;
use search::{Limits, Options, Strength};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A playing level the page offers, from beginner to full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Weak and quick: for someone learning the moves.
    Beginner,
    /// A casual opponent.
    Easy,
    /// A club player.
    #[default]
    Medium,
    /// Strong, thinking longer.
    Hard,
    /// Full strength within the server's think-time cap.
    Full,
}

impl Level {
    /// Every level, weakest first (the page's menu).
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Full,
    ];

    /// The engine's skill level (0–20) this level plays at.
    pub fn skill(self) -> u8 {
        match self {
            Level::Beginner => 1,
            Level::Easy => 6,
            Level::Medium => 12,
            Level::Hard => 17,
            Level::Full => search::strength::FULL_LEVEL,
        }
    }

    /// The level's name as the API writes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Full => "full",
        }
    }

    /// The search options of this level (strength handicap and variety).
    pub fn options(self) -> Options {
        let strength = match self {
            Level::Full => Strength::Full,
            _ => Strength::Level(self.skill()),
        };
        Options {
            hash_mb: 16,
            strength,
            randomize: self != Level::Full,
            ..Options::default()
        }
    }

    /// The search limits of this level, never longer than `cap`.
    pub fn limits(self, cap: Duration) -> Limits {
        let (ms, depth) = match self {
            Level::Beginner => (150, Some(2)),
            Level::Easy => (300, Some(4)),
            Level::Medium => (700, None),
            Level::Hard => (1500, None),
            Level::Full => (3000, None),
        };
        Limits {
            depth,
            movetime: Some(Duration::from_millis(ms).min(cap)),
            ..Limits::default()
        }
    }
}

/// Server-wide limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// Most games kept open at once.
    pub max_games: usize,
    /// Longest the engine may think about one move (or a hint).
    pub max_think: Duration,
    /// Most searches running at once over all games.
    pub max_searches: usize,
    /// A game untouched this long may be evicted to make room.
    pub idle_evict: Duration,
    /// Most connections served at once.
    pub max_connections: usize,
    /// How long a client may take to send its whole request (and to accept each write).
    pub request_timeout: Duration,
    /// Most games that keep their engine (16 MB of transposition table each) between moves;
    /// beyond it a game's engine starts afresh for every move, as memory stays bounded.
    pub max_kept_engines: usize,
    /// What every game's positions evaluate with (`chariot web`: the built-in network;
    /// the default, classic, is for tests).
    pub evaluation: game::Evaluation,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_games: 256,
            max_think: Duration::from_secs(5),
            max_searches: 8,
            idle_evict: Duration::from_secs(30 * 60),
            max_connections: 128,
            request_timeout: Duration::from_secs(10),
            max_kept_engines: 32,
            evaluation: game::Evaluation::Classic,
        }
    }
}

/// What every game shares with the server: its limits and the count of running searches.
#[derive(Debug, Default)]
pub struct Ctx {
    /// The limits.
    pub config: Config,
    /// Where games are saved (in memory only unless the server was given a data directory).
    pub store: Store,
    searches: AtomicUsize,
    kept: AtomicUsize,
}

impl Ctx {
    /// A context with these limits.
    pub fn new(config: Config) -> Arc<Ctx> {
        Ctx::with_store(config, Store::memory())
    }

    /// A context with these limits, saving games in `store`.
    pub fn with_store(config: Config, store: Store) -> Arc<Ctx> {
        Arc::new(Ctx {
            config,
            store,
            searches: AtomicUsize::new(0),
            kept: AtomicUsize::new(0),
        })
    }

    /// Number of search threads alive right now.
    pub fn active_searches(&self) -> usize {
        self.searches.load(Ordering::SeqCst)
    }

    /// Reserves a search slot, or `None` when [`Config::max_searches`] are running.
    pub fn reserve_search(self: &Arc<Self>) -> Option<SearchSlot> {
        take_one(&self.searches, self.config.max_searches).then(|| SearchSlot(self.clone()))
    }

    /// Number of games keeping their engine between moves right now.
    pub fn kept_engines(&self) -> usize {
        self.kept.load(Ordering::SeqCst)
    }

    /// Reserves the right to keep an engine, or `None` when [`Config::max_kept_engines`]
    /// games already keep theirs.
    pub fn reserve_kept(self: &Arc<Self>) -> Option<KeptSlot> {
        take_one(&self.kept, self.config.max_kept_engines).then(|| KeptSlot(self.clone()))
    }
}

/// Adds one to `counter` unless it is at `max`; whether it did.
fn take_one(counter: &AtomicUsize, max: usize) -> bool {
    counter
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            (n < max).then_some(n + 1)
        })
        .is_ok()
}

/// The right to keep one game's engine between moves; released with the engine.
#[derive(Debug)]
pub struct KeptSlot(Arc<Ctx>);

impl Drop for KeptSlot {
    fn drop(&mut self) {
        self.0.kept.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A reserved search slot; released when the search thread ends (even by panic).
#[derive(Debug)]
pub struct SearchSlot(Arc<Ctx>);

impl Drop for SearchSlot {
    fn drop(&mut self) {
        self.0.searches.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_capped_and_ordered() {
        let cap = Duration::from_millis(500);
        assert_eq!(Level::Full.limits(cap).movetime, Some(cap));
        assert!(Level::Beginner.limits(cap).movetime.unwrap() < cap);
        assert!(Level::Beginner.limits(cap).depth.is_some());
        assert_eq!(Level::Full.options().strength, Strength::Full);
        assert!(!Level::Full.options().randomize);
    }

    #[test]
    fn search_slots_are_bounded_and_released() {
        let ctx = Ctx::new(Config {
            max_searches: 2,
            ..Config::default()
        });
        let a = ctx.reserve_search().unwrap();
        let b = ctx.reserve_search().unwrap();
        assert!(ctx.reserve_search().is_none());
        assert_eq!(ctx.active_searches(), 2);
        drop(a);
        assert!(ctx.reserve_search().is_some());
        drop(b);
        assert_eq!(ctx.active_searches(), 0);
    }
}
