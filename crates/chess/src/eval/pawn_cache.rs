//! The pawn cache: the pawn-structure terms of a pawn configuration, and each king's
//! shelter for the square it was last seen on, computed once and kept in a small table.
//!
//! The table belongs to the thread (`thread_local!`): each Lazy SMP search thread has its
//! own, so nothing is shared or locked. An entry is found by the board's incremental pawn
//! key and accepted only when it holds the very same pawns (both bitboards are compared),
//! so a hit returns exactly what a recomputation would: the cache can never change a value.

use super::{king, pawns, Ctx, Sum};
use crate::types::Color;
use std::cell::RefCell;

/// Number of entries (a power of two): about 230 KiB per thread.
const ENTRIES: usize = 1 << 12;
/// A king square that never matches: the shelter is not cached yet.
const NO_KING: u8 = 64;

#[derive(Clone, Copy)]
struct Entry {
    /// White's and Black's pawns this entry describes.
    pawns: [u64; 2],
    /// Both sides' passed pawns.
    passed: u64,
    /// The pawn-only terms (midgame, endgame), White minus Black.
    score: (i32, i32),
    /// The king square each side's shelter was computed for.
    king: [u8; 2],
    /// Each side's shelter (midgame, endgame), White minus Black.
    shelter: [(i32, i32); 2],
}

/// An empty entry is the correct entry of a board without pawns: no terms, no passers.
const EMPTY: Entry = Entry {
    pawns: [0; 2],
    passed: 0,
    score: (0, 0),
    king: [NO_KING; 2],
    shelter: [(0, 0); 2],
};

thread_local! {
    static TABLE: RefCell<Vec<Entry>> = RefCell::new(vec![EMPTY; ENTRIES]);
}

/// Adds the pawn-only terms and both kings' shelter to `sum`, from the table when it
/// knows them, and returns both sides' passed pawns.
pub(super) fn probe(ctx: &Ctx, key: u64, sum: &mut Sum) -> u64 {
    let cached = TABLE.try_with(|table| {
        let mut table = table.try_borrow_mut().ok()?;
        let entry = &mut table[key as usize & (ENTRIES - 1)];
        Some(lookup(ctx, entry, sum))
    });
    match cached {
        Ok(Some(passed)) => passed,
        // Only while the thread shuts down: compute without the table.
        _ => {
            let mut entry = EMPTY;
            lookup(ctx, &mut entry, sum)
        }
    }
}

/// Fills in what `entry` lacks for this position and adds its terms to `sum`.
#[inline]
fn lookup(ctx: &Ctx, entry: &mut Entry, sum: &mut Sum) -> u64 {
    if entry.pawns != ctx.pawns {
        let mut s = Sum::default();
        entry.passed = pawns::structure(ctx, &mut s);
        entry.pawns = ctx.pawns;
        entry.score = (s.mg, s.eg);
        entry.king = [NO_KING; 2];
    }
    sum.mg += entry.score.0;
    sum.eg += entry.score.1;
    for us in Color::ALL {
        let i = us.index();
        let k = ctx.king[i].index() as u8;
        if entry.king[i] != k {
            let mut s = Sum::default();
            king::shelter(ctx, &mut s, us);
            entry.king[i] = k;
            entry.shelter[i] = (s.mg, s.eg);
        }
        sum.mg += entry.shelter[i].0;
        sum.eg += entry.shelter[i].1;
    }
    entry.passed
}

#[cfg(test)]
mod tests {
    use crate::eval::testing::random_game;

    #[test]
    fn the_pawn_key_follows_make_and_unmake() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10";
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        let (mut p, played) = random_game(fen, 200, &mut seed, |p| {
            assert_eq!(p.board.pawn_key, p.board.compute_pawn_key(), "{p}");
        });
        assert!(played > 20);
        for _ in 0..played {
            p.undo();
        }
        let start = p.board.pawn_key;
        assert_eq!(start, p.board.compute_pawn_key());
        assert_ne!(start, 0);
        // a knight move leaves the pawn key alone, a pawn move changes it
        p.play(p.parse_uci("c3b1").unwrap());
        assert_eq!(p.board.pawn_key, start);
        p.play(p.parse_uci("b4b3").unwrap());
        assert_ne!(p.board.pawn_key, start);
    }
}
