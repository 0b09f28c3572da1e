//! The state one search thread works with: its own copy of the position, its own
//! move-ordering memory and PV table, and references to what all threads share.

use crate::api::Control;
use crate::history::{CorrectionKeys, History};
use crate::params::{LmrTable, CHECK_INTERVAL};
use crate::time::TimeManager;
use crate::tt::Tt;
use crate::tuning::SearchTuning;
use game::{Game, Score, MAX_PLY};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Switches of the search that are not user options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// With `false`, every pruning, reduction and extension is off, quiescence too (a leaf is
    /// the static evaluation) and the TT only orders moves: the search at a fixed depth then
    /// returns exactly the minimax value. For tests and `chariot analyze --compare`.
    pub pruning: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { pruning: true }
    }
}

/// What every thread of one search shares.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a Tt,
    /// Set when every thread must stop now.
    pub stop: AtomicBool,
    /// Nodes of each thread, published every few nodes.
    pub nodes: Vec<AtomicU64>,
    /// The interface's stop/ponder flags.
    pub control: &'a Control,
    /// Time limits (checked by the main thread only).
    pub time: TimeManager,
    /// Stop after about this many nodes (all threads).
    pub node_limit: u64,
    /// Search switches.
    pub config: Config,
    /// The game's optional features and margins.
    pub tuning: SearchTuning,
    /// The reductions of `tuning`'s numbers.
    pub lmr: &'a LmrTable,
}

impl Shared<'_> {
    /// Nodes of all threads as last published.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// Whether the search must stop.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Per-ply scratch of the search stack.
#[derive(Clone, Copy, Default)]
pub struct Frame {
    /// Static evaluation at this ply (`None`-like `-INFINITY` when in check).
    pub eval: Score,
    /// Code of the move made from this ply (0 for a null move or none yet).
    pub code: u16,
    /// Whether the move made from this ply was a null move.
    pub null: bool,
    /// Piece-to index of the move made from this ply (`NO_PIECE_TO` for a null move).
    pub piece_to: u16,
    /// Code of the move a singular-extension search at this ply leaves out (0: none).
    pub excluded: u16,
    /// Double singular extensions on the path to and including the move made from this ply.
    pub double_extensions: u8,
    /// Whether the node at this ply is an expected cut node (a zero-window node whose
    /// parent expects it to fail high).
    pub cut: bool,
    /// Beta cutoffs of the nodes at this ply since the node two plies up started (one
    /// without a TT move counts twice).
    pub cutoffs: u8,
}

const PV_WIDTH: usize = MAX_PLY + 1;

/// What one search thread keeps from one search to the next: its history (killers,
/// history tables, counter-moves), which is meant to carry over, and its per-ply buffers,
/// which are kept only to save their cost: the PV table alone is about 250 KB, and
/// allocating and zeroing it for every search was 6% of the instructions of depth-3
/// self-play (`chariot datagen --depth 3`), whose searches are a few thousand nodes each.
/// [`ThreadMemory::reset_buffers`] makes the buffers what new ones are wherever a search
/// reads before it writes.
pub struct ThreadMemory<M> {
    /// Killers, history, counter-moves: cleared only by a new game.
    pub history: History,
    stack: Vec<Frame>,
    pv: Vec<M>,
    pv_len: Vec<usize>,
}

impl<M: Copy + Default> Default for ThreadMemory<M> {
    fn default() -> Self {
        ThreadMemory {
            history: History::default(),
            stack: vec![Frame::default(); MAX_PLY + 8],
            pv: vec![M::default(); PV_WIDTH * PV_WIDTH],
            pv_len: vec![0; PV_WIDTH + 1],
        }
    }
}

impl<M> ThreadMemory<M> {
    /// Readies the buffers for a new search: every frame as new and every PV empty. The
    /// PV table's moves stay: only the first `pv_len` of a row are ever read, and each of
    /// those is written in the search that reads it.
    fn reset_buffers(&mut self) {
        self.stack.fill(Frame::default());
        self.pv_len.fill(0);
    }
}

/// One search thread.
pub struct Worker<'a, G: Game> {
    /// The thread's own copy of the position.
    pub pos: G,
    /// Shared state.
    pub shared: &'a Shared<'a>,
    /// Thread number; 0 is the main thread (time checks, reports).
    pub id: usize,
    /// Killers, history, counter-moves.
    pub history: &'a mut History,
    /// Nodes this thread searched.
    pub nodes: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// Depth of the current iteration (extensions stop at twice this many plies).
    pub root_depth: i32,
    /// Search stack.
    pub stack: &'a mut [Frame],
    /// The game's optional features and margins: a copy of `shared.tuning`, one
    /// indirection nearer for the reads at every node.
    pub tuning: SearchTuning,
    pv: &'a mut [G::Move],
    pv_len: &'a mut [usize],
    lmr: &'a LmrTable,
    /// Amplitude of the deliberate evaluation noise (weaker levels), 0 for none.
    pub noise: Score,
    /// Seed of the evaluation noise.
    pub noise_seed: u64,
}

impl<'a, G: Game> Worker<'a, G> {
    /// A worker for thread `id`, with its thread's history and buffers.
    pub fn new(
        pos: G,
        shared: &'a Shared<'a>,
        id: usize,
        memory: &'a mut ThreadMemory<G::Move>,
    ) -> Self {
        memory.reset_buffers();
        Worker {
            pos,
            shared,
            id,
            history: &mut memory.history,
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            stack: &mut memory.stack,
            tuning: shared.tuning,
            pv: &mut memory.pv,
            pv_len: &mut memory.pv_len,
            lmr: shared.lmr,
            noise: 0,
            noise_seed: 0,
        }
    }

    /// Counts a node; every [`CHECK_INTERVAL`] nodes publishes the count and, on the main
    /// thread, checks the clock, the node limit and the interface's stop flag.
    /// Returns whether the search must stop.
    #[inline]
    pub fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.poll();
        }
        self.shared.stopped()
    }

    /// What every node does first: start its PV, count itself, and return at once when
    /// the search stops (0, discarded), the game's rules decide the node, or the ply
    /// limit is reached.
    #[inline]
    pub fn enter(&mut self, ply: usize) -> Option<Score> {
        self.pv_clear(ply);
        if self.visit(ply) {
            return Some(0);
        }
        if let Some(verdict) = self.pos.adjudicate(ply) {
            return Some(crate::reference::verdict_score(verdict, ply));
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluate());
        }
        None
    }

    /// Publishes the node count and checks every stop condition.
    pub fn poll(&self) {
        let shared = self.shared;
        shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        if self.id != 0 {
            return;
        }
        let out_of_time = !shared.control.pondering() && shared.time.hard_expired();
        if shared.control.stopped() || out_of_time || shared.total_nodes() >= shared.node_limit {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The static evaluation, with the level's deliberate noise added.
    #[inline]
    pub fn evaluate(&self) -> Score {
        let eval = self.pos.evaluate();
        if self.noise == 0 {
            return eval;
        }
        // A hash of the position, so a position keeps its noise within a search.
        let h = (self.pos.hash() ^ self.noise_seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let spread = 2 * self.noise as u64 + 1;
        eval + ((h >> 32) % spread) as Score - self.noise
    }

    /// Where the correction histories of the node at `ply` (not in check) are kept: the
    /// position's structure key, material key, non-pawn keys and minor-piece key, and the
    /// last two moves (from the second ply below the root, which has two moves behind it),
    /// each only where its correction is on.
    #[inline]
    pub fn correction_keys(&self, ply: usize) -> CorrectionKeys {
        let continuation = if self.tuning.continuation_correction && ply >= 2 {
            History::continuation_correction_slot(
                self.stack[ply - 1].piece_to,
                self.stack[ply - 2].piece_to,
            )
        } else {
            None
        };
        CorrectionKeys {
            structure: if self.tuning.structure_correction {
                self.pos.structure_key()
            } else {
                None
            },
            material: if self.tuning.material_correction {
                self.pos.material_key()
            } else {
                None
            },
            non_pawn: if self.tuning.non_pawn_correction {
                self.pos.non_pawn_keys()
            } else {
                None
            },
            minor: if self.tuning.minor_correction {
                self.pos.minor_key()
            } else {
                None
            },
            continuation,
        }
    }

    /// Late move reduction for the `moves`-th move at `depth`.
    #[inline]
    pub fn reduction(&self, depth: i32, moves: usize) -> i32 {
        self.lmr.get(depth as usize, moves) as i32
    }

    /// Starts an empty PV at `ply`.
    #[inline]
    pub fn pv_clear(&mut self, ply: usize) {
        self.pv_len[ply] = ply;
    }

    /// The PV at `ply` becomes `mv` followed by the child's PV.
    #[inline]
    pub fn pv_update(&mut self, ply: usize, mv: G::Move) {
        let row = ply * PV_WIDTH;
        let child_row = (ply + 1) * PV_WIDTH;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[row + ply] = mv;
        self.pv
            .copy_within(child_row + ply + 1..child_row + child_len, row + ply + 1);
        self.pv_len[ply] = child_len;
    }

    /// The PV found from `ply` (root: 0).
    pub fn pv(&self, ply: usize) -> &[G::Move] {
        &self.pv[ply * PV_WIDTH + ply..ply * PV_WIDTH + self.pv_len[ply].max(ply)]
    }
}
