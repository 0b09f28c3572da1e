//! The search as interfaces see it: [`Searcher`] owns the TT and the threads' memory
//! between searches, and turns [`Limits`] and [`Options`] into one search.

use crate::api::{Control, Info, Limits, Options, Remembered, SearchResult};
use crate::iterate::{Outcome, Plan, RootMove};
use crate::ordering::Picker;
use crate::params::{LmrTable, CHOICE_LINES, RANDOMIZE_MARGIN};
use crate::reference::verdict_score;
use crate::strength::{handicap, pick_near_equal, pick_weaker, Rng, FULL_LEVEL};
use crate::threads::{self, WorkerSettings};
use crate::time::TimeManager;
use crate::tt::Tt;
use crate::tuning::SearchTuning;
use crate::worker::{Config, Shared, ThreadMemory};
use game::{Game, MAX_PLY};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

/// The engine search for game `G`.
pub struct Searcher<G: Game> {
    options: Options,
    config: Config,
    tuning: SearchTuning,
    /// The reductions of `tuning`'s numbers, rebuilt when they change.
    lmr: LmrTable,
    tt: Tt,
    /// Each search thread's history and buffers (index = thread id).
    memories: Vec<ThreadMemory<G::Move>>,
    rng: Rng,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Searcher<G> {
    /// A searcher with these options, the optional features and margins of `tuning` (the
    /// preset of the game it plays), and a fresh table.
    pub fn new(options: Options, tuning: SearchTuning) -> Self {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let threads = options.threads.max(1);
        Searcher {
            tt: Tt::new(options.hash_mb),
            memories: (0..threads).map(|_| ThreadMemory::default()).collect(),
            options,
            config: Config::default(),
            lmr: LmrTable::new(&tuning.params),
            tuning,
            rng: Rng::new(seed),
            game: PhantomData,
        }
    }

    /// Changes the options; the table is reallocated (and so cleared) only when its size changes.
    pub fn set_options(&mut self, options: Options) {
        if options.hash_mb != self.options.hash_mb {
            self.tt.resize(options.hash_mb);
        }
        let threads = options.threads.max(1);
        self.memories.resize_with(threads, ThreadMemory::default);
        self.options = options;
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The optional features and margins this searcher was created with.
    pub fn tuning(&self) -> &SearchTuning {
        &self.tuning
    }

    /// Replaces the optional features and tunable numbers (UCI tuning mode, SPSA); the
    /// next search uses them. The table and histories are kept: they hold facts about
    /// positions, not about the numbers that found them.
    pub fn set_tuning(&mut self, tuning: SearchTuning) {
        self.lmr = LmrTable::new(&tuning.params);
        self.tuning = tuning;
    }

    /// Switches pruning, reductions, extensions and quiescence on or off (see [`Config`]).
    /// Off, a fixed-depth search returns exactly the minimax value.
    pub fn set_pruning(&mut self, pruning: bool) {
        self.config.pruning = pruning;
    }

    /// What the table holds for `pos`, read without searching (see [`Remembered`]).
    pub fn remembered(&self, pos: &G) -> Option<Remembered<G::Move>> {
        let hit = self.tt.probe(pos.hash(), 0)?;
        let best = pos
            .decode(hit.mv)
            .filter(|&mv| hit.mv != 0 && pos.legal_moves().contains(mv));
        Some(Remembered {
            best,
            score: hit.score,
            bound: hit.bound,
            depth: hit.depth,
            eval: hit.eval,
        })
    }

    /// Forgets everything learned (a new game): the table and all history.
    pub fn clear(&mut self) {
        self.tt.clear(self.options.threads.max(1));
        for m in &mut self.memories {
            m.history.clear();
        }
    }

    /// Seeds the random choices (`randomize`, weaker levels), for reproducible tests.
    pub fn seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Searches `pos` until a limit is reached or `control` stops it, calling `report`
    /// after each iteration. `searchmoves`, when not empty, restricts the root moves.
    pub fn search(
        &mut self,
        pos: &G,
        limits: &Limits,
        searchmoves: &[G::Move],
        control: &Control,
        report: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.tt.new_search();
        for m in &mut self.memories {
            m.history.start_search();
        }
        let root = self.root_moves(pos, searchmoves);
        if root.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: verdict_score(pos.no_moves_verdict(), 0),
                depth: 0,
                nodes: 0,
            };
        }

        // A fractional level (a `UCI_Elo` between two levels) plays this move as one of its
        // two whole levels.
        let cap =
            handicap(self.options.strength, &self.tuning.levels).rolled(|| self.rng.next_u64());
        let weak = cap.level < FULL_LEVEL;
        let choose = weak || self.options.randomize;
        let report_lines = self.options.multipv.max(1);
        let lines = if choose {
            report_lines.max(CHOICE_LINES)
        } else {
            report_lines
        };
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 10)
            .min(cap.depth.unwrap_or(u32::MAX))
            .clamp(1, MAX_PLY as u32 - 10);
        let node_limit = limits
            .nodes
            .unwrap_or(u64::MAX)
            .min(cap.nodes.unwrap_or(u64::MAX));
        let plan = Plan {
            max_depth,
            lines,
            report_lines,
            mate: limits.mate.filter(|&n| n > 0),
            timed: limits.clock.is_some() || limits.movetime.is_some(),
        };
        let shared = Shared {
            tt: &self.tt,
            stop: AtomicBool::new(false),
            nodes: (0..self.memories.len())
                .map(|_| AtomicU64::new(0))
                .collect(),
            control,
            time: TimeManager::new(
                limits,
                self.options.move_overhead,
                start,
                &self.tuning.params,
            ),
            node_limit,
            config: self.config,
            tuning: self.tuning,
            lmr: &self.lmr,
        };
        let settings = WorkerSettings {
            noise: cap.noise,
            noise_seed: self.rng.next_u64(),
        };
        let outcomes = threads::run(
            pos,
            &root,
            &shared,
            &mut self.memories,
            &plan,
            settings,
            report,
        );
        let nodes = shared.total_nodes();
        // An infinite or pondering search answers only when told to.
        while (limits.infinite || control.pondering()) && !control.stopped() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        self.result(&root, outcomes, nodes, weak.then_some(cap.level))
    }

    /// Root moves in a good first order: TT move, good captures, history.
    fn root_moves(&self, pos: &G, searchmoves: &[G::Move]) -> Vec<RootMove<G::Move>> {
        let tt_code = self.tt.probe(pos.hash(), 0).map_or(0, |h| h.mv);
        let history = &self.memories[0].history;
        let mut picker = Picker::main(pos, tt_code, history, 0, 0, None, None, &self.tuning);
        let mut root = Vec::new();
        while let Some((mv, _)) = picker.next(pos, history) {
            if searchmoves.is_empty() || searchmoves.contains(&mv) {
                root.push(RootMove::new(mv));
            }
        }
        root
    }

    /// The answer: the deepest completed thread (the main thread on ties), and for
    /// weaker levels or `randomize` a choice among its best lines.
    fn result(
        &mut self,
        root: &[RootMove<G::Move>],
        outcomes: Vec<Outcome<G::Move>>,
        nodes: u64,
        weak_level: Option<u8>,
    ) -> SearchResult<G::Move> {
        let mut best: Option<&Outcome<G::Move>> = None;
        for o in &outcomes {
            if o.depth > 0 && best.is_none_or(|b| o.depth > b.depth) {
                best = Some(o);
            }
        }
        let Some(outcome) = best else {
            // Stopped before depth 1 finished: the first move in ordering is still legal.
            return SearchResult {
                best: Some(root[0].mv),
                ponder: None,
                score: 0,
                depth: 0,
                nodes,
            };
        };
        let exact = self
            .options
            .multipv
            .max(if weak_level.is_some() || self.options.randomize {
                CHOICE_LINES
            } else {
                1
            })
            .min(outcome.lines.len());
        let scores: Vec<_> = outcome.lines[..exact].iter().map(|l| l.score).collect();
        let index = match weak_level {
            Some(level) => pick_weaker(&scores, level, &mut self.rng),
            None if self.options.randomize => {
                pick_near_equal(&scores, RANDOMIZE_MARGIN, &mut self.rng)
            }
            None => 0,
        };
        let line = &outcome.lines[index];
        SearchResult {
            best: Some(line.mv),
            ponder: line.pv.get(1).copied(),
            score: line.score,
            depth: outcome.depth,
            nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Searcher;
    use crate::api::Options;
    use crate::params::LmrTable;
    use crate::toy::Toy;
    use crate::tuning::SearchTuning;

    /// New numbers bring their own reductions: a table left from the old ones would make
    /// tuning the reduction formula (SPSA, UCI tuning mode) change nothing.
    #[test]
    fn set_tuning_rebuilds_the_reductions() {
        let mut s = Searcher::<Toy>::new(Options::default(), SearchTuning::BASE);
        assert!(s.lmr == LmrTable::new(&SearchTuning::BASE.params));
        let mut tuning = SearchTuning::BASE;
        tuning.params.lmr_base += 100;
        s.set_tuning(tuning);
        assert!(s.lmr == LmrTable::new(&tuning.params));
        assert!(s.lmr != LmrTable::new(&SearchTuning::BASE.params));
    }
}
