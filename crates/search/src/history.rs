//! What a thread learns about moves while it searches: killers, history of quiet and of
//! noisy moves, counter-moves, continuation and pawn history, and how far the static
//! evaluation tends to be off (correction history).
//!
//! Tables are indexed by the move's 16-bit TT code (`Game::encode`), which for both games
//! packs from- and to-square, so the search needs no game-specific indexing; the
//! continuation history, which needs the moving piece, by the game's `Game::piece_to`.

use crate::params::{
    CORRECTION_GRAIN, CORRECTION_MAX, CORRECTION_MAX_WEIGHT, CORRECTION_SIZE, HISTORY_MAX,
};
use game::{Score, Side, MAX_PLY, PIECE_TO_COUNT};

const CODES: usize = 1 << 16;
/// Pawn-structure slots of the pawn history.
const PAWN_HISTORY_SIZE: usize = 512;
/// Plies below the root with a low-ply history (6 measured +10.4 over 4, session 21).
pub const LOW_PLIES: usize = 6;
/// Writes to the low-ply history one search notes for the next to undo one by one; a
/// search with more fills the whole table.
const LOW_PLY_WRITES: usize = 8192;

/// The piece-to index of "no move" (the root's parent, a null move): no continuation.
pub const NO_PIECE_TO: u16 = u16::MAX;
/// Slots of the continuation correction history (a power of two), hashed from the last
/// two moves' piece-to pair: 2^18 slots (1 MiB) for the 2 million pairs, of which a search
/// meets a small fraction.
const CONTINUATION_CORRECTION_BITS: u32 = 18;

/// Where a node's evaluation corrections are kept: its structure key, where the game has
/// one, its material key, its two sides' non-pawn keys, its minor-piece key and the slot
/// of the two moves that led to it, where the search keeps a material, non-pawn,
/// minor-piece or continuation correction history. None: the node's evaluation is taken
/// as it is.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct CorrectionKeys {
    /// The game's structure key (chess: the pawns; `Game::structure_key`).
    pub structure: Option<u64>,
    /// The game's material key (`Game::material_key`).
    pub material: Option<u64>,
    /// Each side's non-pawn key (`Game::non_pawn_keys`), indexed by `Side::index`.
    pub non_pawn: Option<[u64; 2]>,
    /// The minor-piece key (`Game::minor_key`).
    pub minor: Option<u64>,
    /// The continuation-correction slot of the last two moves
    /// ([`History::continuation_correction_slot`]).
    pub continuation: Option<usize>,
}

impl CorrectionKeys {
    /// Whether any correction history speaks for this node.
    #[inline]
    pub fn any(&self) -> bool {
        self.structure.is_some()
            || self.material.is_some()
            || self.non_pawn.is_some()
            || self.minor.is_some()
            || self.continuation.is_some()
    }
}

/// Per-thread move-ordering memory. Heap-allocated once; reused across searches.
pub struct History {
    /// Butterfly history per side: how often a quiet move caused a cutoff.
    butterfly: Vec<i16>,
    /// Capture history per side: the same for noisy moves (captures, promotions).
    captures: Vec<i16>,
    /// Two killer moves (codes) per ply: quiet moves that caused a cutoff at that ply.
    killers: Vec<[u16; 2]>,
    /// The quiet reply (code) that last refuted the previous move (code).
    counters: Vec<u16>,
    /// Correction history per side and structure key: a running average of the search
    /// score minus the static evaluation, in centipawns × `CORRECTION_GRAIN`.
    correction: Vec<i32>,
    /// Continuation correction history: the same running average per pair of the last two
    /// moves (piece-to, hashed), as in Stockfish, so the correction needs no structure key
    /// and works in every game.
    continuation_correction: Vec<i32>,
    /// Material correction history: the same per side and material key, as Stockfish's
    /// other keyed corrections, for a balance of material the evaluation misjudges.
    material_correction: Vec<i32>,
    /// Non-pawn correction histories: the same per side to move and the non-pawn key of
    /// each colour (two tables, White's pieces first), as in Stockfish: the placement of
    /// one side's pieces, whatever the pawns and the other side do.
    non_pawn_correction: Vec<i32>,
    /// Minor-piece correction history: the same per side to move and minor-piece key
    /// (where both sides' minor pieces and kings stand), as in Stockfish.
    minor_correction: Vec<i32>,
    /// Continuation history: how often the quiet reply (piece-to) answered an earlier move
    /// (piece-to) one or two plies back. One table serves both distances, as in Stockfish.
    continuation: Vec<i16>,
    /// Pawn history: how often a quiet move (piece-to) caused a cutoff in positions with
    /// the same pawn structure (a slot of the structure key), as in Stockfish.
    pawn: Vec<i16>,
    /// Low-ply history: how often a quiet move caused a cutoff at this ply of the current
    /// search, for the first `LOW_PLIES` plies, where a search's few nodes decide the
    /// move and the long-run butterfly history speaks for other positions (Stockfish 17).
    low_ply: Vec<i16>,
    /// Indices of `low_ply` written since the search began, so that the next search zeroes
    /// only those: a 5000-node datagen search writes a few hundred of its 393,216 entries,
    /// and filling them all was about 5% of its instructions. Past `LOW_PLY_WRITES` writes
    /// `low_ply_overflow` is set and the whole table is filled instead.
    low_ply_written: Vec<u32>,
    /// Set when more writes came than `low_ply_written` holds.
    low_ply_overflow: bool,
    /// Whether every table is all zeros (as allocated, or cleared, and not written since),
    /// so that [`History::clear`] has nothing to do. Zeroing megabytes the OS has just
    /// supplied zeroed costs a page fault per 4 KiB: a third of each short engine session
    /// in the fuzz targets, which create a searcher and clear it for a new game.
    zeroed: bool,
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: vec![0; 2 * CODES],
            captures: vec![0; 2 * CODES],
            killers: vec![[0; 2]; MAX_PLY + 8],
            counters: vec![0; CODES],
            correction: vec![0; 2 * CORRECTION_SIZE],
            continuation_correction: vec![0; 1 << CONTINUATION_CORRECTION_BITS],
            material_correction: vec![0; 2 * CORRECTION_SIZE],
            non_pawn_correction: vec![0; 4 * CORRECTION_SIZE],
            minor_correction: vec![0; 2 * CORRECTION_SIZE],
            continuation: vec![0; PIECE_TO_COUNT * PIECE_TO_COUNT],
            pawn: vec![0; PAWN_HISTORY_SIZE * PIECE_TO_COUNT],
            low_ply: vec![0; LOW_PLIES * CODES],
            low_ply_written: Vec::with_capacity(LOW_PLY_WRITES),
            low_ply_overflow: false,
            zeroed: true,
        }
    }
}

impl History {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        if self.zeroed {
            return;
        }
        self.butterfly.fill(0);
        self.captures.fill(0);
        self.counters.fill(0);
        self.correction.fill(0);
        self.continuation_correction.fill(0);
        self.material_correction.fill(0);
        self.non_pawn_correction.fill(0);
        self.minor_correction.fill(0);
        self.continuation.fill(0);
        self.pawn.fill(0);
        self.start_search();
        self.zeroed = true;
    }

    /// Forgets the killers and the low-ply history (a new search: plies no longer mean
    /// the same positions).
    pub fn start_search(&mut self) {
        self.killers.fill([0; 2]);
        if self.low_ply_overflow {
            self.low_ply.fill(0);
        } else {
            for &index in &self.low_ply_written {
                self.low_ply[index as usize] = 0;
            }
        }
        self.low_ply_written.clear();
        self.low_ply_overflow = false;
    }

    /// Notes that `low_ply[index]` was written (see `low_ply_written`).
    #[inline]
    fn note_low_ply(&mut self, index: usize) {
        if self.low_ply_written.len() < LOW_PLY_WRITES {
            self.low_ply_written.push(index as u32);
        } else {
            self.low_ply_overflow = true;
        }
    }

    /// Low-ply history of a quiet move at `ply` (0 from `LOW_PLIES` on).
    #[inline]
    pub fn low_ply_score(&self, ply: usize, code: u16) -> i32 {
        if ply < LOW_PLIES {
            self.low_ply[ply * CODES + code as usize] as i32
        } else {
            0
        }
    }

    /// After a quiet cutoff at `ply` below `LOW_PLIES`: `best` gains `bonus`, the quiet
    /// moves `tried` before it lose as much.
    pub fn low_ply_cutoff(&mut self, ply: usize, bonus: i32, best: u16, tried: &[u16]) {
        self.zeroed = false;
        if ply >= LOW_PLIES {
            return;
        }
        let base = ply * CODES;
        gravity(&mut self.low_ply[base + best as usize], bonus);
        self.note_low_ply(base + best as usize);
        for &code in tried {
            if code != best {
                gravity(&mut self.low_ply[base + code as usize], -bonus);
                self.note_low_ply(base + code as usize);
            }
        }
    }

    /// History score of a quiet move for `side`.
    #[inline]
    pub fn score(&self, side: Side, code: u16) -> i32 {
        self.butterfly[side.index() * CODES + code as usize] as i32
    }

    /// History of a noisy move (capture or promotion) by side and move code.
    #[inline]
    pub fn capture_score(&self, side: Side, code: u16) -> i32 {
        self.captures[side.index() * CODES + code as usize] as i32
    }

    /// Adjusts a quiet move's history score (see [`gravity`]).
    #[inline]
    fn update(&mut self, side: Side, code: u16, bonus: i32) {
        gravity(
            &mut self.butterfly[side.index() * CODES + code as usize],
            bonus,
        );
    }

    /// After a beta cutoff: `best` (the noisy move that cut, or 0 when a quiet move cut)
    /// gains `bonus` (see `params::history_bonus`), every other noisy move `tried` before
    /// it loses as much.
    pub fn noisy_cutoff(&mut self, side: Side, bonus: i32, best: u16, tried: &[u16]) {
        self.zeroed = false;
        let base = side.index() * CODES;
        if best != 0 {
            gravity(&mut self.captures[base + best as usize], bonus);
        }
        for &code in tried {
            if code != best {
                gravity(&mut self.captures[base + code as usize], -bonus);
            }
        }
    }

    /// The static evaluation `raw` of `side` to move corrected by what searches of
    /// positions with the same `keys` found: the structure's, the material's and the last
    /// two moves' corrections, each colour's non-pawn correction and the minor pieces'
    /// correction added up, each at most `CORRECTION_MAX` (`raw` itself where no key is
    /// given).
    #[inline]
    pub fn corrected(&self, side: Side, keys: CorrectionKeys, raw: Score) -> Score {
        let structure = keys
            .structure
            .map_or(0, |k| self.correction[correction_index(side, k)]);
        let material = keys
            .material
            .map_or(0, |k| self.material_correction[correction_index(side, k)]);
        let continuation = keys
            .continuation
            .map_or(0, |slot| self.continuation_correction[slot]);
        let non_pawn = keys.non_pawn.map_or(0, |k| {
            self.non_pawn_correction[non_pawn_index(0, side, k[0])]
                + self.non_pawn_correction[non_pawn_index(1, side, k[1])]
        });
        let minor = keys
            .minor
            .map_or(0, |k| self.minor_correction[correction_index(side, k)]);
        raw + structure / CORRECTION_GRAIN
            + material / CORRECTION_GRAIN
            + continuation / CORRECTION_GRAIN
            + non_pawn / CORRECTION_GRAIN
            + minor / CORRECTION_GRAIN
    }

    /// Learns that a search to `depth` found `diff` centipawns more than the (corrected)
    /// static evaluation of a position with correction `keys`, `side` to move.
    pub fn update_correction(&mut self, side: Side, keys: CorrectionKeys, depth: i32, diff: Score) {
        self.zeroed = false;
        if let Some(k) = keys.structure {
            blend_correction(&mut self.correction[correction_index(side, k)], depth, diff);
        }
        if let Some(k) = keys.material {
            blend_correction(
                &mut self.material_correction[correction_index(side, k)],
                depth,
                diff,
            );
        }
        if let Some(slot) = keys.continuation {
            blend_correction(&mut self.continuation_correction[slot], depth, diff);
        }
        if let Some(k) = keys.minor {
            blend_correction(
                &mut self.minor_correction[correction_index(side, k)],
                depth,
                diff,
            );
        }
        if let Some(k) = keys.non_pawn {
            for (owner, key) in k.into_iter().enumerate() {
                blend_correction(
                    &mut self.non_pawn_correction[non_pawn_index(owner, side, key)],
                    depth,
                    diff,
                );
            }
        }
    }

    /// The continuation-correction slot of a node reached by the moves `one_back` and
    /// `two_back` (piece-to; the piece's colour says whose move it was, so the pair also
    /// says who is to move); none when either is a null move or before the root.
    #[inline]
    pub fn continuation_correction_slot(one_back: u16, two_back: u16) -> Option<usize> {
        if one_back == NO_PIECE_TO || two_back == NO_PIECE_TO {
            return None;
        }
        let pair = two_back as u64 * PIECE_TO_COUNT as u64 + one_back as u64;
        // Fibonacci hashing: neighbouring pairs land far apart.
        Some(
            (pair.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CONTINUATION_CORRECTION_BITS))
                as usize,
        )
    }

    /// How well the quiet move `code` (`piece_to`) of `side` has done: its butterfly
    /// history, averaged with its continuation score after the moves `continuation` where
    /// kept (the sum of three tables, halved to keep the range of one), plus its pawn
    /// history in the structure row `pawn_row` where kept. Late-move reductions and
    /// history pruning read it.
    #[inline]
    pub fn quiet_stat(
        &self,
        side: Side,
        code: u16,
        piece_to: u16,
        continuation: Option<[u16; 2]>,
        pawn_row: Option<usize>,
    ) -> i32 {
        let stat = match continuation {
            Some(earlier) => {
                (self.score(side, code) + self.continuation_score(earlier, piece_to)) / 2
            }
            None => self.score(side, code),
        };
        stat + pawn_row.map_or(0, |row| self.pawn_score(row, piece_to))
    }

    /// Continuation score of the quiet move `piece_to` after the moves `earlier` (one and
    /// two plies back; [`NO_PIECE_TO`] where there is none).
    #[inline]
    pub fn continuation_score(&self, earlier: [u16; 2], piece_to: u16) -> i32 {
        earlier
            .iter()
            .filter(|&&e| e != NO_PIECE_TO)
            .map(|&e| self.continuation[continuation_index(e, piece_to)] as i32)
            .sum()
    }

    /// After a quiet beta cutoff: the reply `best` (piece-to) gains in the continuation
    /// of the moves `earlier`, the quiet moves `tried` before it lose.
    pub fn continuation_cutoff(&mut self, earlier: [u16; 2], bonus: i32, best: u16, tried: &[u16]) {
        self.zeroed = false;
        for &e in earlier.iter().filter(|&&e| e != NO_PIECE_TO) {
            gravity(&mut self.continuation[continuation_index(e, best)], bonus);
            for &t in tried.iter().filter(|&&t| t != best) {
                gravity(&mut self.continuation[continuation_index(e, t)], -bonus);
            }
        }
    }

    /// The pawn-history row of the structure `key` (see [`History::pawn_score`]).
    #[inline]
    pub fn pawn_row(key: u64) -> usize {
        (key as usize % PAWN_HISTORY_SIZE) * PIECE_TO_COUNT
    }

    /// Pawn-history score of the quiet move `piece_to` in the structure row `row`.
    #[inline]
    pub fn pawn_score(&self, row: usize, piece_to: u16) -> i32 {
        self.pawn[row + piece_to as usize] as i32
    }

    /// After a quiet beta cutoff in structure row `row`: `best` (piece-to) gains, the
    /// quiet moves `tried` before it lose.
    pub fn pawn_cutoff(&mut self, row: usize, bonus: i32, best: u16, tried: &[u16]) {
        self.zeroed = false;
        gravity(&mut self.pawn[row + best as usize], bonus);
        for &t in tried.iter().filter(|&&t| t != best) {
            gravity(&mut self.pawn[row + t as usize], -bonus);
        }
    }

    /// The two killers at `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [u16; 2] {
        self.killers[ply]
    }

    /// The remembered refutation of the move `previous`.
    #[inline]
    pub fn counter(&self, previous: u16) -> u16 {
        self.counters[previous as usize]
    }

    /// Records that quiet move `best` caused a beta cutoff at `ply` (its history gains
    /// `bonus`), after the quiet moves in `tried` failed (they lose as much).
    pub fn cutoff(
        &mut self,
        side: Side,
        ply: usize,
        bonus: i32,
        best: u16,
        previous: u16,
        tried: &[u16],
    ) {
        self.zeroed = false;
        self.update(side, best, bonus);
        for &code in tried {
            if code != best {
                self.update(side, code, -bonus);
            }
        }
        let k = &mut self.killers[ply];
        if k[0] != best {
            k[1] = k[0];
            k[0] = best;
        }
        if previous != 0 {
            self.counters[previous as usize] = best;
        }
    }
}

/// Slot of the reply `piece_to` after the move `earlier` in the continuation table.
#[inline]
fn continuation_index(earlier: u16, piece_to: u16) -> usize {
    earlier as usize * PIECE_TO_COUNT + piece_to as usize
}

/// Slot of `key` in the correction table of `side`.
#[inline]
fn correction_index(side: Side, key: u64) -> usize {
    side.index() * CORRECTION_SIZE + (key as usize & (CORRECTION_SIZE - 1))
}

/// Slot of `owner`'s non-pawn `key` in the non-pawn correction tables of `side` to move.
#[inline]
fn non_pawn_index(owner: usize, side: Side, key: u64) -> usize {
    owner * 2 * CORRECTION_SIZE + correction_index(side, key)
}

/// Moves a correction entry toward `diff` centipawns (bounded by `CORRECTION_MAX`), the
/// more the deeper the search that found it.
#[inline]
fn blend_correction(slot: &mut i32, depth: i32, diff: Score) {
    let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT);
    let target = diff.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
    let limit = CORRECTION_MAX * CORRECTION_GRAIN;
    *slot = ((*slot * (256 - weight) + target * weight) / 256).clamp(-limit, limit);
}

/// Moves a history entry by `bonus`, less the more it already holds ("gravity"), so
/// entries stay within ±HISTORY_MAX and recent results weigh more than old ones.
#[inline]
fn gravity(slot: &mut i16, bonus: i32) {
    let old = *slot as i32;
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    *slot = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every reader of `h` sees an empty history.
    fn empty(h: &History) -> bool {
        let row = History::pawn_row(77);
        h.score(Side::White, 300) == 0
            && h.capture_score(Side::Black, 301) == 0
            && h.killers(2) == [0, 0]
            && h.counter(99) == 0
            && h.corrected(Side::White, structure(77), 10) == 10
            && h.corrected(Side::White, continuation(5, 6), 10) == 10
            && h.corrected(Side::White, material(77), 10) == 10
            && h.continuation_score([5, NO_PIECE_TO], 302) == 0
            && h.pawn_score(row, 303) == 0
            && h.low_ply_score(1, 304) == 0
    }

    #[test]
    fn clear_empties_what_each_kind_of_learning_wrote() {
        // `clear` skips tables it knows are zero; every writer must say they are not.
        let bonus = history_bonus(6, None);
        let row = History::pawn_row(77);
        let writes: [&dyn Fn(&mut History); 8] = [
            &|h| h.cutoff(Side::White, 2, bonus, 300, 99, &[]),
            &|h| h.noisy_cutoff(Side::Black, bonus, 301, &[]),
            &|h| h.update_correction(Side::White, structure(77), 8, 200),
            &|h| h.update_correction(Side::White, continuation(5, 6), 8, 200),
            &|h| h.update_correction(Side::White, material(77), 8, 200),
            &|h| h.continuation_cutoff([5, NO_PIECE_TO], bonus, 302, &[]),
            &|h| h.pawn_cutoff(row, bonus, 303, &[]),
            &|h| h.low_ply_cutoff(1, bonus, 304, &[]),
        ];
        for (i, write) in writes.iter().enumerate() {
            let mut h = History::default();
            assert!(empty(&h));
            h.clear();
            write(&mut h);
            assert!(!empty(&h), "write {i} is seen");
            h.clear();
            assert!(empty(&h), "write {i} is cleared");
            write(&mut h);
            h.clear();
            assert!(empty(&h), "write {i} after a clear is cleared");
        }
    }
    use crate::params::history_bonus;

    #[test]
    fn low_ply_history_is_per_ply_and_per_search() {
        let mut h = History::default();
        let bonus = history_bonus(6, None);
        h.low_ply_cutoff(1, bonus, 300, &[200, 300]);
        assert!(h.low_ply_score(1, 300) > 0);
        assert!(h.low_ply_score(1, 200) < 0);
        assert_eq!(h.low_ply_score(2, 300), 0, "plies are separate");
        h.low_ply_cutoff(LOW_PLIES, bonus, 300, &[]);
        assert_eq!(h.low_ply_score(LOW_PLIES, 300), 0, "deeper plies keep none");
        h.start_search();
        assert_eq!(h.low_ply_score(1, 300), 0, "a new search starts afresh");
    }

    /// A search that wrote more entries than the log holds still leaves the next one a
    /// clean table.
    #[test]
    fn low_ply_history_starts_afresh_past_its_write_log() {
        let mut h = History::default();
        let bonus = history_bonus(6, None);
        let tried: Vec<u16> = (1..=64).collect();
        let rounds = LOW_PLY_WRITES / tried.len() + 2;
        for round in 0..rounds {
            h.low_ply_cutoff(round % LOW_PLIES, bonus, 1000 + round as u16, &tried);
        }
        assert!(h.low_ply_overflow, "the log overflowed");
        h.start_search();
        assert!(
            h.low_ply.iter().all(|&v| v == 0),
            "every entry is zero again"
        );
        assert!(h.low_ply_written.is_empty() && !h.low_ply_overflow);
        h.low_ply_cutoff(2, bonus, 7, &[8]);
        assert_eq!(h.low_ply_written.len(), 2);
        h.start_search();
        assert!(
            h.low_ply.iter().all(|&v| v == 0),
            "the logged entries are zero again"
        );
    }

    #[test]
    fn cutoffs_raise_the_best_and_lower_the_others() {
        let mut h = History::default();
        h.cutoff(
            Side::White,
            3,
            history_bonus(5, None),
            100,
            7,
            &[50, 60, 100],
        );
        assert!(h.score(Side::White, 100) > 0);
        assert!(h.score(Side::White, 50) < 0);
        assert_eq!(h.score(Side::Black, 100), 0, "sides are separate");
        assert_eq!(h.killers(3), [100, 0]);
        assert_eq!(h.counter(7), 100);
        h.cutoff(Side::White, 3, history_bonus(5, None), 200, 0, &[]);
        assert_eq!(h.killers(3), [200, 100]);
        h.cutoff(Side::White, 3, history_bonus(5, None), 200, 0, &[]);
        assert_eq!(h.killers(3), [200, 100], "a killer is not duplicated");
    }

    #[test]
    fn noisy_cutoffs_raise_the_capture_and_lower_the_others() {
        let mut h = History::default();
        h.noisy_cutoff(Side::White, history_bonus(6, None), 300, &[100, 300]);
        assert!(h.capture_score(Side::White, 300) > 0);
        assert!(h.capture_score(Side::White, 100) < 0);
        assert_eq!(h.score(Side::White, 300), 0, "quiet history is separate");
        h.noisy_cutoff(Side::White, history_bonus(6, None), 0, &[300]);
        assert!(h.capture_score(Side::White, 300) < history_bonus(6, None));
        h.clear();
        assert_eq!(h.capture_score(Side::White, 100), 0);
    }

    /// Correction keys of a structure alone.
    fn structure(key: u64) -> CorrectionKeys {
        CorrectionKeys {
            structure: Some(key),
            ..CorrectionKeys::default()
        }
    }

    /// Correction keys of a material key alone.
    fn material(key: u64) -> CorrectionKeys {
        CorrectionKeys {
            material: Some(key),
            ..CorrectionKeys::default()
        }
    }

    /// Correction keys of the two colours' non-pawn keys alone.
    fn non_pawn(keys: [u64; 2]) -> CorrectionKeys {
        CorrectionKeys {
            non_pawn: Some(keys),
            ..CorrectionKeys::default()
        }
    }

    /// Keys with only the minor-piece key.
    fn minor(key: u64) -> CorrectionKeys {
        CorrectionKeys {
            minor: Some(key),
            ..CorrectionKeys::default()
        }
    }

    /// Correction keys of a pair of moves alone.
    fn continuation(one_back: u16, two_back: u16) -> CorrectionKeys {
        CorrectionKeys {
            continuation: History::continuation_correction_slot(one_back, two_back),
            ..CorrectionKeys::default()
        }
    }

    #[test]
    fn corrections_follow_search_results_and_stay_bounded() {
        for (keys, other) in [
            (structure(42), structure(43)),
            (material(42), material(43)),
            (continuation(42, 7), continuation(43, 7)),
        ] {
            let mut h = History::default();
            assert_eq!(h.corrected(Side::White, keys, 10), 10);
            for _ in 0..200 {
                h.update_correction(Side::White, keys, 10, 30);
            }
            let c = h.corrected(Side::White, keys, 10) - 10;
            assert!(
                (25..=30).contains(&c),
                "converges towards the difference: {c}"
            );
            assert_eq!(h.corrected(Side::White, other, 10), 10, "keys are separate");
            for _ in 0..1_000 {
                h.update_correction(Side::White, keys, 30, -10_000);
            }
            let c = h.corrected(Side::White, keys, 0);
            assert!(
                (-CORRECTION_MAX..=-CORRECTION_MAX + 1).contains(&c),
                "bounded: {c}"
            );
            h.clear();
            assert_eq!(h.corrected(Side::White, keys, 0), 0);
        }
        // The structure's and material's corrections are per side; a pair of moves says
        // whose turn it is.
        for keys in [structure(42), material(42)] {
            let mut h = History::default();
            h.update_correction(Side::White, keys, 10, 30);
            assert_eq!(h.corrected(Side::Black, keys, 10), 10, "sides are separate");
        }
    }

    #[test]
    fn non_pawn_corrections_are_per_colour_and_side_to_move() {
        let mut h = History::default();
        for _ in 0..200 {
            h.update_correction(Side::White, non_pawn([42, 7]), 10, 30);
        }
        let both = h.corrected(Side::White, non_pawn([42, 7]), 0);
        let white_only = h.corrected(Side::White, non_pawn([42, 8]), 0);
        let black_only = h.corrected(Side::White, non_pawn([43, 7]), 0);
        assert!(
            (25..=30).contains(&white_only),
            "White's pieces: {white_only}"
        );
        assert_eq!(black_only, white_only, "Black's pieces learned as much");
        // Summed in the table's finer grain, then rounded once.
        assert!((both - (white_only + black_only)).abs() <= 1, "{both}");
        assert_eq!(
            h.corrected(Side::White, non_pawn([7, 42]), 0),
            0,
            "a key counts for its own colour only"
        );
        assert_eq!(
            h.corrected(Side::Black, non_pawn([42, 7]), 0),
            0,
            "per side to move"
        );
        for _ in 0..1_000 {
            h.update_correction(Side::White, non_pawn([42, 7]), 30, 10_000);
        }
        let c = h.corrected(Side::White, non_pawn([42, 7]), 0);
        assert!(c <= 2 * CORRECTION_MAX, "bounded: {c}");
        h.clear();
        assert_eq!(h.corrected(Side::White, non_pawn([42, 7]), 0), 0);
    }

    #[test]
    fn the_corrections_add_up_and_learn_together() {
        let mut h = History::default();
        let all = CorrectionKeys {
            structure: Some(42),
            material: Some(42),
            non_pawn: Some([42, 42]),
            minor: Some(42),
            continuation: History::continuation_correction_slot(42, 7),
        };
        assert!(all.any() && !CorrectionKeys::default().any());
        for _ in 0..200 {
            h.update_correction(Side::White, all, 10, 30);
        }
        let s = h.corrected(Side::White, structure(42), 0);
        let m = h.corrected(Side::White, material(42), 0);
        let c = h.corrected(Side::White, continuation(42, 7), 0);
        let n = h.corrected(Side::White, non_pawn([42, 42]), 0);
        let k = h.corrected(Side::White, minor(42), 0);
        assert!(
            s > 20 && m > 20 && c > 20 && k > 20,
            "each learned: {s} {m} {c} {k}"
        );
        assert!(n > 40, "both colours' non-pawn corrections learned: {n}");
        assert_eq!(h.corrected(Side::White, all, 0), s + m + c + n + k);
        assert_eq!(
            h.corrected(Side::Black, minor(42), 0),
            0,
            "per side to move"
        );
    }

    #[test]
    fn continuation_correction_slots_need_two_real_moves() {
        assert_eq!(History::continuation_correction_slot(NO_PIECE_TO, 3), None);
        assert_eq!(History::continuation_correction_slot(3, NO_PIECE_TO), None);
        let last = (PIECE_TO_COUNT - 1) as u16;
        let slot = History::continuation_correction_slot(last, last).unwrap();
        assert!(slot < 1 << CONTINUATION_CORRECTION_BITS);
        assert_ne!(
            History::continuation_correction_slot(3, 4),
            History::continuation_correction_slot(4, 3),
            "the order of the moves counts"
        );
    }

    #[test]
    fn continuation_cutoffs_follow_the_earlier_moves() {
        let mut h = History::default();
        h.continuation_cutoff([10, NO_PIECE_TO], history_bonus(5, None), 300, &[200, 300]);
        assert!(h.continuation_score([10, NO_PIECE_TO], 300) > 0);
        assert!(h.continuation_score([10, NO_PIECE_TO], 200) < 0);
        assert_eq!(
            h.continuation_score([11, NO_PIECE_TO], 300),
            0,
            "other earlier move"
        );
        assert_eq!(
            h.continuation_score([NO_PIECE_TO, 10], 300),
            h.continuation_score([10, 11], 300),
            "one table for both distances"
        );
        h.continuation_cutoff([10, 12], history_bonus(5, None), 300, &[]);
        assert!(h.continuation_score([10, 12], 300) > h.continuation_score([10, 11], 300));
        h.clear();
        assert_eq!(h.continuation_score([10, 12], 300), 0);
    }

    #[test]
    fn quiet_stat_sums_the_tables_it_is_given() {
        let mut h = History::default();
        let bonus = history_bonus(5, None);
        h.cutoff(Side::White, 2, bonus, 100, 0, &[]);
        h.continuation_cutoff([10, NO_PIECE_TO], bonus, 300, &[]);
        h.pawn_cutoff(4, bonus, 300, &[]);
        let butterfly = h.score(Side::White, 100);
        let cont = h.continuation_score([10, NO_PIECE_TO], 300);
        let pawn = h.pawn_score(4, 300);
        assert!(butterfly > 0 && cont > 0 && pawn > 0);
        assert_eq!(h.quiet_stat(Side::White, 100, 300, None, None), butterfly);
        assert_eq!(
            h.quiet_stat(Side::White, 100, 300, Some([10, NO_PIECE_TO]), None),
            (butterfly + cont) / 2
        );
        assert_eq!(
            h.quiet_stat(Side::White, 100, 300, Some([10, NO_PIECE_TO]), Some(4)),
            (butterfly + cont) / 2 + pawn
        );
        assert_eq!(h.quiet_stat(Side::Black, 100, 300, None, Some(5)), 0);
    }

    #[test]
    fn history_stays_bounded() {
        let mut h = History::default();
        for _ in 0..10_000 {
            h.cutoff(Side::Black, 0, history_bonus(30, None), 9, 0, &[]);
        }
        assert!(h.score(Side::Black, 9) <= HISTORY_MAX);
        assert!(h.score(Side::Black, 9) > HISTORY_MAX / 2);
        h.clear();
        assert_eq!(h.score(Side::Black, 9), 0);
        assert_eq!(h.killers(0), [0, 0]);
    }
}
