//! Iterative deepening with aspiration windows, and the root move loop (with MultiPV).
//!
//! Each thread deepens on its own; the main thread (id 0) also decides when to stop
//! (time, mate found) and sends progress reports after each iteration.

use crate::api::{Bound, Info};
use crate::params::ASPIRATION_DELTA;
use crate::time::instability;
use crate::worker::Worker;
use game::{is_mate_score, mate_in, Game, Score, INFINITY};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// With a single legal move on the clock, the search stops at this depth...
const SINGLE_REPLY_DEPTH: u32 = 12;
/// ...or once this fraction of the soft time limit is spent, whichever comes first.
const SINGLE_REPLY_TIME: f64 = 0.4;

/// A move at the root with what the search found for it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Score in the current iteration (`-INFINITY` when only known to be worse than the best).
    pub score: Score,
    /// Score in the previous iteration.
    pub prev_score: Score,
    /// Principal variation starting with `mv`.
    pub pv: Vec<M>,
    /// Bound of `score`.
    pub bound: Bound,
}

impl<M: Copy> RootMove<M> {
    /// A root move not searched yet.
    pub fn new(mv: M) -> Self {
        RootMove {
            mv,
            score: -INFINITY,
            prev_score: -INFINITY,
            pv: vec![mv],
            bound: Bound::Upper,
        }
    }
}

/// What one search of a thread is asked to do.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Deepest iteration.
    pub max_depth: u32,
    /// Lines searched at the root (MultiPV, or more when a move is picked among several).
    pub lines: usize,
    /// Lines reported to the interface.
    pub report_lines: usize,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Whether the clock or a move time limits this search (single legal move: answer soon).
    pub timed: bool,
}

/// What a thread leaves behind: its last completed iteration.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// Depth of the last completed iteration (0 when none completed).
    pub depth: u32,
    /// Root moves of that iteration, best first (the first `lines` are exact).
    pub lines: Vec<RootMove<M>>,
    /// Nodes this thread searched.
    pub nodes: u64,
}

impl<G: Game> Worker<'_, G> {
    /// Deepens from depth 1 until a limit or the stop flag ends the search.
    pub fn iterate(
        &mut self,
        mut root: Vec<RootMove<G::Move>>,
        plan: &Plan,
        reports: Option<&Sender<Info<G::Move>>>,
    ) -> Outcome<G::Move> {
        let main = self.id == 0;
        let shared = self.shared;
        let lines = plan.lines.min(root.len()).max(1);
        let mut outcome = Outcome {
            depth: 0,
            lines: Vec::new(),
            nodes: 0,
        };
        let mut best_move_changes = 0.0f64;
        let mut last_score = -INFINITY;
        let mut depth = 0u32;
        while depth < plan.max_depth {
            // Lazy SMP: odd helper threads run one ply ahead so threads spread over depths.
            depth = if self.id % 2 == 1 && depth > 0 {
                (depth + 2).min(plan.max_depth)
            } else {
                depth + 1
            };
            for rm in root.iter_mut() {
                rm.prev_score = rm.score;
            }
            self.seldepth = 0;
            self.root_depth = depth as i32;
            let previous_best = root[0].mv;
            for pv_idx in 0..lines {
                self.aspiration(&mut root, pv_idx, depth as i32, reports);
                if shared.stopped() {
                    break;
                }
                root[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if shared.stopped() {
                break;
            }
            outcome.depth = depth;
            outcome.lines = root.clone();
            if !main {
                continue;
            }
            shared.nodes[0].store(self.nodes, Ordering::Relaxed);
            if let Some(tx) = reports {
                for (i, rm) in root.iter().take(plan.report_lines.min(lines)).enumerate() {
                    let _ = tx.send(self.info(depth, i + 1, rm));
                }
            }
            // Time management between iterations.
            best_move_changes *= 0.5;
            if root[0].mv != previous_best {
                best_move_changes += 1.0;
            }
            let score = root[0].score;
            if let Some(n) = plan.mate {
                if score >= mate_in(2 * n as usize - 1) {
                    break;
                }
            }
            // A forced move still gets a short search: the score shown is then a real one,
            // not a depth-1 guess, and the hash table is warm for the next move.
            if plan.timed
                && root.len() == 1
                && (depth >= SINGLE_REPLY_DEPTH
                    || shared.time.stop_after_iteration(SINGLE_REPLY_TIME))
            {
                break;
            }
            let drop = if last_score > -INFINITY {
                last_score - score
            } else {
                0
            };
            last_score = score;
            if !shared.control.pondering()
                && shared.time.stop_after_iteration(instability(
                    best_move_changes,
                    drop,
                    &shared.tuning.params,
                ))
            {
                break;
            }
        }
        if main {
            shared.stop.store(true, Ordering::Relaxed);
        }
        outcome.nodes = self.nodes;
        shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        outcome
    }

    /// Searches root line `pv_idx` in a narrow window around its previous score, widening
    /// on failure until the score falls inside.
    fn aspiration(
        &mut self,
        root: &mut [RootMove<G::Move>],
        pv_idx: usize,
        depth: i32,
        reports: Option<&Sender<Info<G::Move>>>,
    ) {
        let prev = root[pv_idx].prev_score;
        let mut delta = self.tuning.aspiration_delta.unwrap_or(ASPIRATION_DELTA);
        let (mut alpha, mut beta) = if depth >= self.tuning.params.aspiration_min_depth
            && !is_mate_score(prev)
            && prev > -INFINITY
        {
            ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        // After a fail high the next try is a ply shallower per fail high in a row (where
        // the game opts in): the move is probably good, and a shallower search confirms it
        // sooner. Not in the plain search, which must return the full-depth minimax value.
        let fail_high_reduction =
            self.tuning.aspiration_fail_high_reduction && self.shared.config.pruning;
        let mut failed_high = 0;
        loop {
            let score = self.search_root(root, pv_idx, (depth - failed_high).max(1), alpha, beta);
            root[pv_idx..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.shared.stopped() {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                failed_high = 0;
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                failed_high += fail_high_reduction as i32;
                Bound::Lower
            } else {
                return;
            };
            root[pv_idx].bound = bound;
            if let Some(tx) = reports {
                if self.shared.time.elapsed() > Duration::from_secs(2) {
                    let _ = tx.send(self.info(depth as u32, pv_idx + 1, &root[pv_idx]));
                }
            }
            delta += delta / 2 + 5;
        }
    }

    /// One pass over the root moves from `pv_idx` on. The first is searched with the full
    /// window, the rest with a zero window first (PVS). Moves proven worse than the best
    /// get `-INFINITY`, so a stable sort puts the best first.
    fn search_root(
        &mut self,
        root: &mut [RootMove<G::Move>],
        pv_idx: usize,
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.pv_clear(0);
        self.visit(0);
        let mut best = -INFINITY;
        #[allow(clippy::needless_range_loop)] // root[i] is written after the child search
        for i in pv_idx..root.len() {
            let mv = root[i].mv;
            self.stack[0].code = G::encode(mv);
            self.stack[0].null = false;
            self.stack[0].piece_to = self.pos.piece_to(mv);
            self.pos.make(mv);
            let mut value;
            if i == pv_idx {
                self.stack[1].cut = false;
                value = -self.negamax::<true>(depth - 1, 1, -beta, -alpha);
            } else {
                self.stack[1].cut = true;
                value = -self.negamax::<false>(depth - 1, 1, -alpha - 1, -alpha);
                if value > alpha && value < beta {
                    self.stack[1].cut = false;
                    value = -self.negamax::<true>(depth - 1, 1, -beta, -alpha);
                }
            }
            self.pos.unmake(mv);
            if self.shared.stopped() {
                return best;
            }
            let rm = &mut root[i];
            if i == pv_idx || value > alpha {
                rm.score = value;
                rm.bound = Bound::Exact;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(self.pv(1));
            } else {
                rm.score = -INFINITY;
            }
            if value > best {
                best = value;
                if value > alpha {
                    if value >= beta {
                        break;
                    }
                    alpha = value;
                }
            }
        }
        best
    }

    fn info(&self, depth: u32, multipv: usize, rm: &RootMove<G::Move>) -> Info<G::Move> {
        let time = self.shared.time.elapsed();
        let nodes = self.shared.total_nodes().max(self.nodes);
        let micros = time.as_micros().max(1) as u64;
        Info {
            depth,
            seldepth: self.seldepth as u32,
            multipv,
            score: rm.score,
            bound: rm.bound,
            nodes,
            nps: nodes.saturating_mul(1_000_000) / micros,
            hashfull: self.shared.tt.hashfull(),
            time,
            pv: rm.pv.clone(),
        }
    }
}
