//! One search for every game: negamax alpha-beta with the modern refinements,
//! generic over [`game::Game`]. It never asks which game it plays.
//!
//! Interfaces (UCI, web, terminal, arena) drive it through [`Searcher`]: they build
//! [`Limits`], share a [`Control`] to stop or ponder-hit it from another thread, and
//! receive progress through a callback taking [`Info`].
//!
//! Layout: `searcher` (the public entry), `threads` (Lazy SMP), `iterate` (iterative
//! deepening, aspiration, root moves, MultiPV), `negamax` and `qsearch` (the tree search),
//! `ordering`, `history`, `tt`, `time`, `strength` (levels), `params` (every tunable),
//! `tuning` (the optional features and margins a game's preset sets), `tunable` (the
//! table of those by UCI name, for tuning mode and SPSA) and `reference`
//! (textbook minimax and alpha-beta).
#![deny(missing_docs)]

mod api;
mod history;
mod iterate;
mod negamax;
mod ordering;
pub mod params;
mod qsearch;
pub mod reference;
mod searcher;
pub mod strength;
mod think;
mod threads;
mod time;
pub mod tt;
pub mod tunable;
mod tuning;
mod worker;

#[cfg(test)]
mod tests_toy;
#[cfg(test)]
mod toy;

pub use api::{Bound, Clock, Control, Info, Limits, Options, Remembered, SearchResult, Strength};
pub use searcher::Searcher;
pub use think::{Mode, Think};
pub use tuning::SearchTuning;
pub use worker::Config;
