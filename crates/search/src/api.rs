//! The types an interface uses to drive a search and read its progress.

use game::Score;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Time left on the clock of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time remaining.
    pub time: Duration,
    /// Increment added after each move.
    pub inc: Duration,
    /// Moves until the next time control, if the control is of that kind.
    pub moves_to_go: Option<u32>,
}

/// When a search must stop. Several limits may be set; the first one reached stops it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this many plies (iterations).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long.
    pub movetime: Option<Duration>,
    /// Manage time from the clock.
    pub clock: Option<Clock>,
    /// Look for a mate in this many moves and stop when found.
    pub mate: Option<u32>,
    /// Search until stopped (also used while pondering).
    pub infinite: bool,
}

/// Playing strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    /// Full strength.
    #[default]
    Full,
    /// Skill level 0 (beginner) to 20 (full strength).
    Level(u8),
    /// Approximate Elo (UCI_LimitStrength / UCI_Elo).
    Elo(u32),
}

/// Settings that persist between searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Number of search threads (Lazy SMP).
    pub threads: usize,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Time kept in reserve per move for communication delays.
    pub move_overhead: Duration,
    /// Playing strength.
    pub strength: Strength,
    /// Choose randomly among moves of (nearly) equal value so casual games vary.
    pub randomize: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            strength: Strength::Full,
            randomize: false,
        }
    }
}

/// Shared flags through which another thread controls a running search.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl Control {
    /// A control for a search that starts normally (not pondering).
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the search to stop as soon as possible; it still returns a legal best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Marks the search as pondering (no time limit until [`Control::ponderhit`]).
    pub fn set_pondering(&self, pondering: bool) {
        self.pondering.store(pondering, Ordering::Relaxed);
    }

    /// The opponent played the expected move: the clock limits now apply.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search is pondering.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Clears both flags before a new search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }
}

/// Kind of bound a reported score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least this (fail high).
    Lower,
    /// The value is at most this (fail low).
    Upper,
}

/// What the transposition table remembers of one position, read without searching (for
/// a front end's "what do you know here" command, such as UCCI's `probe`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remembered<M> {
    /// The best move stored, when it is legal in the position (a key collision may
    /// store a move of another position; it is dropped, not shown).
    pub best: Option<M>,
    /// The stored score, from the side to move's view.
    pub score: game::Score,
    /// What kind of bound the score is.
    pub bound: Bound,
    /// The depth of the search that stored it.
    pub depth: i32,
    /// The static evaluation stored with it.
    pub eval: game::Score,
}

/// Progress of a search, reported after each iteration (and each MultiPV line).
#[derive(Clone, Debug)]
pub struct Info<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation this is (1-based).
    pub multipv: usize,
    /// Score from the side to move's point of view.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table fill in permille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: std::time::Duration,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// What a finished search returns.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the position has no legal move.
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
    /// Score of the best move from the side to move's point of view.
    pub score: Score,
    /// Completed depth.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
}
