//! One search for every game: negamax alpha-beta with the modern refinements,
//! generic over [`game::Game`]. It never asks which game it plays.
//!
//! Interfaces (UCI, web, terminal, arena) drive it through [`Searcher`]: they build
//! [`Limits`], share a [`Control`] to stop or ponder-hit it from another thread, and
//! receive progress through a callback taking [`Info`].
#![deny(missing_docs)]

mod api;
pub mod reference;

pub use api::{Bound, Clock, Control, Info, Limits, Options, SearchResult, Strength};
// The searcher itself (`Searcher<G>`) is written by the search work (issue 4):
// `Searcher::new(Options)`, `set_options`, `clear` (ucinewgame), and
// `search(&mut self, pos: &G, limits: &Limits, searchmoves: &[G::Move],
//         control: &Control, report: &mut dyn FnMut(&Info<G::Move>)) -> SearchResult<G::Move>`.
