//! What a front end needs from a searcher: the surface of [`Searcher`], as a trait so that
//! the engine facade can be tested with a scripted searcher and a different search could
//! sit behind the same front ends.

use crate::{Control, Info, Limits, Options, Remembered, SearchResult, SearchTuning, Searcher};
use game::Game;

/// Which algorithm a searcher runs (the engine facade's `Switchable` can run either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The engine search ([`Searcher`]).
    Full,
    /// Plain fail-hard alpha-beta to this many plies, moves in generation order.
    AlphaBeta(u32),
}

/// What the engine needs from a searcher: the surface of `Searcher<G>`.
///
/// A trait rather than the concrete type so the engine can be tested with a scripted
/// searcher, and so a different search could sit behind the same front ends.
pub trait Think<G: Game>: Send + 'static {
    /// A searcher with these options, searching with `tuning` (the game's preset: the
    /// engine facade asks the game for it; a scripted searcher may ignore it).
    fn create(options: Options, tuning: SearchTuning) -> Self
    where
        Self: Sized;
    /// Applies new options (hash size, threads, strength…).
    fn set_options(&mut self, options: Options);
    /// Forgets everything learnt (transposition table, histories): a new game.
    fn clear(&mut self);
    /// Searches `pos` until a limit is reached or `control` says stop.
    fn search(
        &mut self,
        pos: &G,
        limits: &Limits,
        searchmoves: &[G::Move],
        control: &Control,
        report: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move>;
    /// Chooses the algorithm (engine search or plain alpha-beta); false when this
    /// searcher has only one.
    fn set_mode(&mut self, _mode: Mode) -> bool {
        false
    }
    /// Replaces the search's features and tunable numbers (`chariot uci --tune`); false
    /// when this searcher has none to replace.
    fn set_tuning(&mut self, _tuning: SearchTuning) -> bool {
        false
    }
    /// What the searcher's table holds for `pos`, without searching; `None` when it
    /// holds nothing (or the searcher keeps no table).
    fn remembered(&self, _pos: &G) -> Option<Remembered<G::Move>> {
        None
    }
}

impl<G: Game> Think<G> for Searcher<G> {
    fn create(options: Options, tuning: SearchTuning) -> Self {
        Searcher::new(options, tuning)
    }
    fn set_options(&mut self, options: Options) {
        Searcher::set_options(self, options)
    }
    fn set_tuning(&mut self, tuning: SearchTuning) -> bool {
        Searcher::set_tuning(self, tuning);
        true
    }
    fn clear(&mut self) {
        Searcher::clear(self)
    }
    fn remembered(&self, pos: &G) -> Option<Remembered<G::Move>> {
        Searcher::remembered(self, pos)
    }
    fn search(
        &mut self,
        pos: &G,
        limits: &Limits,
        searchmoves: &[G::Move],
        control: &Control,
        report: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        Searcher::search(self, pos, limits, searchmoves, control, report)
    }
}
