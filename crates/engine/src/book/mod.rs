//! Opening books: a move chosen before searching so that games vary from the first move.
//!
//! Two kinds: Polyglot `.bin` files for chess ([`polyglot`]), and a small built-in
//! repertoire for each game, kept as data files of move lines ([`repertoire`]).

pub mod polyglot;
pub mod repertoire;

use game::Game;
use std::sync::atomic::{AtomicU64, Ordering};

/// Anything that can suggest an opening move.
pub trait Book<G: Game>: Send + Sync {
    /// A move for this position, chosen at random by weight; `None` when out of book.
    fn pick(&self, pos: &G) -> Option<G::Move>;
}

/// A tiny thread-safe random generator for weighted choices (xorshift64*): books need
/// variety, not cryptography, and this keeps the binary free of a random-number crate.
#[derive(Debug)]
pub struct Rng(AtomicU64);

impl Rng {
    /// A generator seeded from the clock (different games choose differently).
    pub fn from_clock() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x9E37_79B9_7F4A_7C15);
        Self::seeded(nanos)
    }

    /// A generator with a fixed seed (reproducible tests).
    pub fn seeded(seed: u64) -> Self {
        Rng(AtomicU64::new(seed | 1))
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&self, bound: u64) -> u64 {
        let step = |mut x: u64| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x
        };
        // fetch_update never fails with a closure that always returns Some.
        let old = self
            .0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |x| Some(step(x)))
            .unwrap_or(1);
        let x = step(old).wrapping_mul(0x2545_F491_4F6C_DD1D);
        x % bound.max(1)
    }

    /// Picks an item with probability proportional to its weight; `None` if all weigh 0.
    pub fn weighted<'a, T>(&self, items: &'a [(T, u32)]) -> Option<&'a T> {
        let total: u64 = items.iter().map(|(_, w)| u64::from(*w)).sum();
        if total == 0 {
            return None;
        }
        let mut roll = self.below(total);
        for (item, weight) in items {
            let weight = u64::from(*weight);
            if roll < weight {
                return Some(item);
            }
            roll -= weight;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_choice_follows_weights() {
        let rng = Rng::seeded(42);
        let items = [('a', 1), ('b', 0), ('c', 3)];
        let mut counts = [0u32; 3];
        for _ in 0..4000 {
            match rng.weighted(&items) {
                Some('a') => counts[0] += 1,
                Some('b') => counts[1] += 1,
                Some('c') => counts[2] += 1,
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(counts[1], 0, "zero weight is never chosen");
        // Expect about 1000 vs 3000.
        assert!((800..1200).contains(&counts[0]), "{counts:?}");
        assert!((2800..3200).contains(&counts[2]), "{counts:?}");
        assert_eq!(rng.weighted::<char>(&[('x', 0)]), None);
        assert_eq!(rng.weighted::<char>(&[]), None);
    }
}
