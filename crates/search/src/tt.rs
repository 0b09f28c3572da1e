//! The transposition table, shared lock-free by all search threads.
//!
//! Buckets of four 16-byte entries fill one 64-byte cache line. Each entry is two
//! `AtomicU64`s: the packed data, and the key xor-ed with that data. A reader accepts an
//! entry only when `stored_key ^ data == key`, so an entry torn by two threads writing at
//! once (key of one, data of the other) reads as a miss instead of a wrong hit — the
//! "lockless hashing" trick of Hyatt and Mann (Crafty). Relaxed atomics suffice: every
//! value read is validated against the key, and the TT is a cache, never a source of truth.
//!
//! An all-zero entry is empty (its depth byte is 0), so the table's memory comes zeroed
//! from the operating system (see [`table`]) and a table of any size is ready at once.

mod table;

use crate::api::Bound;
use game::{Score, MATE_BOUND};
use std::sync::atomic::{AtomicU64, Ordering};
use table::{Zeroable, Zeroed};

const ENTRIES: usize = 4;

/// One cache line of entries.
#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    entries: [Entry; ENTRIES],
}

// SAFETY: a bucket is atomics only, and all-zero atomics are valid (an empty entry);
// its alignment is 64.
unsafe impl Zeroable for Bucket {}

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
    buckets: Zeroed<Bucket>,
    generation: u8,
    /// Whether every page of `buckets` has been written (by a clear in place), so that
    /// zeroing it again costs no page faults.
    all_pages_written: bool,
}

/// Buckets in one 4 KiB memory page, the unit in which the OS supplies zeroed memory.
const PAGE_BUCKETS: usize = 4096 / std::mem::size_of::<Bucket>();
/// How many pages [`Tt::clear`] looks at to judge how much of the table is in use.
const PAGE_SAMPLES: usize = 1024;
/// Tables at least this large are zeroed by several threads.
const PARALLEL_BYTES: usize = 64 << 20;

impl Tt {
    /// A cleared table of about `mb` MiB (at least one bucket). When the allocator
    /// cannot supply that much, the size is halved until it can.
    pub fn new(mb: usize) -> Tt {
        Tt {
            buckets: allocate_buckets(bucket_count(mb)),
            generation: 0,
            all_pages_written: false,
        }
    }

    /// Gives the table a new size of about `mb` MiB, empty.
    pub fn resize(&mut self, mb: usize) {
        self.renew(bucket_count(mb));
    }

    /// Swaps the buckets for `count` fresh zeroed ones. The old memory is returned
    /// first, so that the two never need to fit together.
    fn renew(&mut self, count: usize) {
        self.buckets = allocate_buckets(1);
        self.buckets = allocate_buckets(count);
        self.generation = 0;
        self.all_pages_written = false;
    }

    /// Number of entries (4 per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * ENTRIES
    }

    /// Empties every entry (a new game), zeroing large tables with up to `threads`
    /// threads.
    ///
    /// What costs time is the OS, not the zeros: writing a page it has not supplied
    /// yet makes it supply one (a page fault, about 1.7 s per GiB on the machine
    /// measured), and returning supplied pages costs about 0.5 s per GiB, while zeroing
    /// supplied pages costs 0.07 s per GiB. So a table with at least three quarters of
    /// its pages in use is zeroed in place (the costs cross near four fifths; in place
    /// also keeps the pages for the next game), and a more sparsely used one is swapped
    /// for fresh zeroed memory, whose pages the next searches fault in as they reach them.
    pub fn clear(&mut self, threads: usize) {
        self.generation = 0;
        let (used, sampled) = self.pages_in_use();
        if !self.all_pages_written && used * 4 < sampled * 3 {
            self.renew(self.buckets.len());
            return;
        }
        let bytes = self.buckets.len() * std::mem::size_of::<Bucket>();
        if threads <= 1 || bytes < PARALLEL_BYTES {
            self.buckets.fill_with(Bucket::default);
        } else {
            let chunk = self.buckets.len().div_ceil(threads);
            std::thread::scope(|scope| {
                for part in self.buckets.chunks_mut(chunk) {
                    scope.spawn(move || part.fill_with(Bucket::default));
                }
            });
        }
        self.all_pages_written = true;
    }

    /// Of up to [`PAGE_SAMPLES`] pages spread over the table, how many hold an entry
    /// (and so were supplied by the OS): `(in use, sampled)`.
    fn pages_in_use(&self) -> (usize, usize) {
        let pages = self.buckets.len().div_ceil(PAGE_BUCKETS);
        let sampled = pages.min(PAGE_SAMPLES);
        let used = (0..sampled)
            .filter(|&i| {
                let first = i * pages / sampled * PAGE_BUCKETS;
                let last = (first + PAGE_BUCKETS).min(self.buckets.len());
                self.buckets[first..last].iter().any(|bucket| {
                    bucket
                        .entries
                        .iter()
                        .any(|e| e.data.load(Ordering::Relaxed) != 0)
                })
            })
            .count();
        (used, sampled)
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
        'outer: for bucket in self.buckets.iter() {
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

/// How many buckets make about `mb` MiB.
fn bucket_count(mb: usize) -> usize {
    mb.max(1).saturating_mul(1024 * 1024) / std::mem::size_of::<Bucket>()
}

/// `count` zeroed buckets (at least one), or fewer when the allocator refuses that
/// many: the size is halved until it is granted.
fn allocate_buckets(count: usize) -> Zeroed<Bucket> {
    let mut count = count.max(1);
    loop {
        if let Some(buckets) = Zeroed::new(count) {
            return buckets;
        }
        if count == 1 {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<Bucket>());
        }
        count /= 2;
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
    fn all_zero_memory_reads_as_empty_even_for_key_zero() {
        // Key 0 matches an all-zero entry's stored key, so only the zero depth byte
        // keeps fresh memory from reading as a hit.
        let tt = Tt::new(1);
        assert_eq!(tt.probe(0, 0), None);
        tt.store(0, 0, 9, 1, 1, -1, Bound::Upper);
        assert_eq!(tt.probe(0, 0).map(|h| (h.mv, h.depth)), Some((9, -1)));
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
        tt.clear(1);
        assert_eq!(tt.probe(7, 0), None);
        assert_eq!(tt.hashfull(), 0);
    }

    /// Stores one entry in every bucket of `tt`, with keys from `salt`; returns the keys.
    fn fill(tt: &Tt, salt: u64) -> Vec<u64> {
        let len = tt.buckets.len() as u128;
        (0..len)
            .map(|i| {
                // The bucket index is the key's high bits scaled to the length.
                let key = (((i << 64) + (1 << 63)) / len) as u64 ^ salt;
                tt.store(key, 0, 1, 2, 3, 4, Bound::Exact);
                key
            })
            .collect()
    }

    #[test]
    fn a_sparsely_used_table_is_cleared_with_fresh_memory() {
        let mut tt = Tt::new(2);
        let keys: Vec<u64> = (0..50u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &key in &keys {
            tt.store(key, 0, 1, 2, 3, 4, Bound::Exact);
        }
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_some()));
        tt.clear(2);
        assert!(!tt.all_pages_written, "few pages were in use");
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
        assert_eq!(tt.capacity(), 2 * 1024 * 1024 / 16);
    }

    #[test]
    fn a_full_table_is_zeroed_in_place_by_several_threads() {
        // 64 MiB: large enough for the parallel clear.
        let mut tt = Tt::new(PARALLEL_BYTES >> 20);
        let keys = fill(&tt, 0);
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_some()));
        tt.new_search();
        tt.clear(3);
        assert!(tt.all_pages_written, "every page was in use");
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
        assert_eq!(tt.hashfull(), 0);
        // Once zeroed in place, it is zeroed in place again however little is used.
        tt.store(keys[9], 0, 1, 2, 3, 4, Bound::Exact);
        tt.clear(3);
        assert!(tt.all_pages_written);
        assert_eq!(tt.probe(keys[9], 0), None);
    }

    #[test]
    fn resize_gives_an_empty_table_of_the_new_size() {
        let mut tt = Tt::new(1);
        let keys = fill(&tt, 5);
        tt.resize(3);
        assert_eq!(tt.capacity(), 3 * 1024 * 1024 / 16);
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
        let keys = fill(&tt, 6);
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_some()));
        tt.resize(1);
        assert_eq!(tt.capacity(), 1024 * 1024 / 16);
        assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
    }

    #[test]
    fn a_size_beyond_memory_still_gives_a_working_table() {
        // The allocator refuses; the size is halved until it agrees. The memory is
        // zeroed lazily, so even the table it ends with costs nothing until used.
        let tt = Tt::new(usize::MAX);
        assert!(tt.capacity() >= ENTRIES);
        tt.store(77, 0, 5, 6, 7, 8, Bound::Lower);
        assert_eq!(tt.probe(77, 0).map(|h| h.mv), Some(5));
    }
}
