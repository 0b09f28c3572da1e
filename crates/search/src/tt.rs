//! The transposition table, shared lock-free by all search threads.
//!
//! Buckets of four 16-byte entries fill one 64-byte cache line. Each entry is two
//! `AtomicU64`s: the packed data, and the key xor-ed with that data. A reader accepts an
//! entry only when `stored_key ^ data == key`, so an entry torn by two threads writing at
//! once (key of one, data of the other) reads as a miss instead of a wrong hit — the
//! "lockless hashing" trick of Hyatt and Mann (Crafty). Relaxed atomics suffice: every
//! value read is validated against the key, and the TT is a cache, never a source of truth.

use crate::api::Bound;
use game::{Score, MATE_BOUND};
use std::sync::atomic::{AtomicU64, Ordering};

const ENTRIES: usize = 4;

/// One cache line of entries.
#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    entries: [Entry; ENTRIES],
}

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// The best move's 16-bit code (`Game::encode`), 0 when none.
    pub mv: u16,
    /// The score, already adjusted to be relative to the probing node (mate distances).
    pub score: Score,
    /// The static evaluation stored with it.
    pub eval: Score,
    /// The depth of the search that produced it.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
}

impl TtHit {
    /// Whether the stored score settles a node searched with window `(alpha, beta)`
    /// (the caller checks the depth).
    #[inline]
    pub fn cuts(&self, alpha: Score, beta: Score) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// The bound a fail-soft search result `best` is, given the window it was searched with.
#[inline]
pub fn bound_of(best: Score, alpha: Score, beta: Score) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Depths are stored offset so that quiescence entries (depth 0 and -1) fit a `u8`
/// and 0 still means "empty".
const DEPTH_OFFSET: i32 = 2;
/// Generations wrap after 32 searches, as before the PV mark was removed (bit 61 is free:
/// six bits would change which old entries are replaced in long games, unmeasured).
const GEN_MASK: u8 = 0x1f;

fn bound_bits(bound: Bound) -> u64 {
    match bound {
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    }
}

fn bits_bound(bits: u64) -> Bound {
    match bits & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    }
}

/// The data word: move (bits 0–15), score (16–31), static eval (32–47), depth (48–55),
/// generation (56–61), bound (62–63).
fn pack(mv: u16, score: Score, eval: Score, depth: u8, gen: u8, bound: Bound) -> u64 {
    (mv as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | ((depth as u64) << 48)
        | (((gen & GEN_MASK) as u64) << 56)
        | (bound_bits(bound) << 62)
}

fn data_depth(data: u64) -> u8 {
    (data >> 48) as u8
}

fn data_gen(data: u64) -> u8 {
    ((data >> 56) as u8) & GEN_MASK
}

/// Converts a score relative to the root into one relative to the node at `ply`,
/// as stored: a mate found `ply` plies below the root is `ply` plies nearer from here.
#[inline]
pub fn score_to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`] for a node at `ply`.
#[inline]
pub fn score_from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// A transposition table of a given size in MiB.
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A cleared table of about `mb` MiB (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        let count = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        Tt {
            buckets,
            generation: 0,
        }
    }

    /// Number of entries (4 per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * ENTRIES
    }

    /// Empties every entry (a new game).
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: entries of older searches become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GEN_MASK;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Hints the CPU to fetch the bucket of `key` (called right after a move is made).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint and never faults, even on an invalid address;
        // the address here is inside the table anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(self.bucket(key) as *const Bucket as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up; `ply` converts mate scores to the probing node.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for entry in &self.bucket(key).entries {
            let data = entry.data.load(Ordering::Relaxed);
            let stored = entry.key.load(Ordering::Relaxed);
            if stored ^ data == key && data_depth(data) != 0 {
                return Some(TtHit {
                    mv: data as u16,
                    score: score_from_tt((data >> 16) as u16 as i16 as Score, ply),
                    eval: (data >> 32) as u16 as i16 as Score,
                    depth: data_depth(data) as i32 - DEPTH_OFFSET,
                    bound: bits_bound(data >> 62),
                });
            }
        }
        None
    }

    /// Stores a result. Replaces the same position's entry unless that one is deeper and
    /// the new one is not exact; otherwise replaces the shallowest and oldest entry.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: u16,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = self.bucket(key);
        let depth8 = (depth + DEPTH_OFFSET).clamp(1, 255) as u8;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, entry) in bucket.entries.iter().enumerate() {
            let data = entry.data.load(Ordering::Relaxed);
            let stored = entry.key.load(Ordering::Relaxed);
            if stored ^ data == key {
                let old_depth = data_depth(data);
                let mut mv = mv;
                if mv == 0 {
                    // Keep the old best move: a fail-low node has none of its own.
                    mv = data as u16;
                }
                if bound != Bound::Exact
                    && data_gen(data) == self.generation
                    && old_depth as i32 > depth8 as i32 + 3
                {
                    return;
                }
                self.write(entry, key, mv, score, eval, depth8, bound, ply);
                return;
            }
            let age = (self.generation.wrapping_sub(data_gen(data)) & GEN_MASK) as i32;
            let worth = data_depth(data) as i32 - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        self.write(
            &bucket.entries[victim],
            key,
            mv,
            score,
            eval,
            depth8,
            bound,
            ply,
        );
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn write(
        &self,
        entry: &Entry,
        key: u64,
        mv: u16,
        score: Score,
        eval: Score,
        depth8: u8,
        bound: Bound,
        ply: usize,
    ) {
        let data = pack(
            mv,
            score_to_tt(score, ply),
            eval,
            depth8,
            self.generation,
            bound,
        );
        entry.data.store(data, Ordering::Relaxed);
        entry.key.store(key ^ data, Ordering::Relaxed);
    }

    /// Fill of the table in permille, sampled over the first thousand entries
    /// (entries of the current search only).
    pub fn hashfull(&self) -> u32 {
        let mut used = 0u32;
        let mut seen = 0;
        'outer: for bucket in &self.buckets {
            for entry in &bucket.entries {
                if seen == 1000 {
                    break 'outer;
                }
                seen += 1;
                let data = entry.data.load(Ordering::Relaxed);
                if data_depth(data) != 0 && data_gen(data) == self.generation {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{mate_in, mated_in};

    #[test]
    fn store_then_probe_returns_what_was_stored() {
        let tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(tt.probe(key, 0), None);
        tt.store(key, 0, 77, -123, 45, 7, Bound::Lower);
        let hit = tt.probe(key, 0).expect("stored entry is found");
        assert_eq!(hit.mv, 77);
        assert_eq!(hit.score, -123);
        assert_eq!(hit.eval, 45);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Lower);
        assert_eq!(tt.probe(key ^ 1, 0), None, "another key misses");
    }

    #[test]
    fn every_generation_leaves_the_other_fields_intact() {
        // The generation wraps inside its six bits; were it to spill into the bound's
        // bits, some generation would read back another bound.
        let mut tt = Tt::new(1);
        for generation in 0..2 * (GEN_MASK as u32 + 1) {
            for (key, bound) in [(5, Bound::Upper), (6, Bound::Lower), (7, Bound::Exact)] {
                tt.store(key, 0, 300, -2000, 1999, 30, bound);
                let hit = tt.probe(key, 0).expect("stored entry is found");
                assert_eq!(
                    (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
                    (300, -2000, 1999, 30, bound),
                    "generation {generation}"
                );
            }
            tt.new_search();
        }
    }

    #[test]
    fn quiescence_depths_round_trip() {
        let tt = Tt::new(1);
        tt.store(99, 0, 0, 5, 5, -1, Bound::Upper);
        assert_eq!(tt.probe(99, 0).map(|h| h.depth), Some(-1));
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = Tt::new(1);
        // Found at ply 3: mate 5 plies from root = mate in 2 plies from this node.
        tt.store(42, 3, 1, mate_in(5), 0, 4, Bound::Exact);
        // Probed at ply 1 through a transposition: mate is 2 + 1 plies from the root.
        assert_eq!(tt.probe(42, 1).unwrap().score, mate_in(3));
        tt.store(43, 4, 1, mated_in(6), 0, 4, Bound::Exact);
        assert_eq!(tt.probe(43, 0).unwrap().score, mated_in(2));
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = Tt::new(1);
        tt.store(1000, 0, 3, 10, 10, 5, Bound::Exact);
        // Simulate another thread overwriting only the data half.
        let bucket = tt.bucket(1000);
        let entry = bucket
            .entries
            .iter()
            .find(|e| e.data.load(Ordering::Relaxed) != 0)
            .unwrap();
        entry
            .data
            .store(pack(9, 99, 99, 9, 0, Bound::Lower), Ordering::Relaxed);
        assert_eq!(tt.probe(1000, 0), None);
    }

    #[test]
    fn deeper_entries_survive_and_old_ones_are_replaced() {
        let mut tt = Tt::new(1);
        // All keys below map to bucket 0 (high bits zero).
        let keys: Vec<u64> = (1..=5).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, 0, 1, 0, 0, 10 + i as i32, Bound::Exact);
        }
        // A fifth position evicts the shallowest (key 1, depth 10).
        tt.store(keys[4], 0, 1, 0, 0, 3, Bound::Exact);
        assert!(tt.probe(1, 0).is_none());
        assert!(tt.probe(5, 0).is_some());
        // A shallow non-exact result does not overwrite a much deeper one of the same position.
        tt.store(4, 0, 2, 50, 0, 1, Bound::Upper);
        assert_eq!(tt.probe(4, 0).unwrap().depth, 13);
        // After a new search, old deep entries are preferred victims.
        tt.new_search();
        tt.store(6, 0, 1, 0, 0, 1, Bound::Exact);
        assert!(tt.probe(6, 0).is_some());
        assert!(
            tt.probe(5, 0).is_none(),
            "the shallowest old entry goes first"
        );
        assert!(tt.probe(2, 0).is_some());
        assert!(tt.hashfull() <= 1000);
    }

    #[test]
    fn clear_empties_the_table() {
        let mut tt = Tt::new(1);
        tt.store(7, 0, 1, 0, 0, 1, Bound::Exact);
        tt.clear();
        assert_eq!(tt.probe(7, 0), None);
        assert_eq!(tt.hashfull(), 0);
    }
}
