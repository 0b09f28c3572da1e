//! Start positions of a Chess960 match (`--chess960` without `--openings`): distinct
//! Scharnagl numbers drawn from the seed, each played twice with colours swapped like any
//! other opening.

use super::schedule::opening_order;
use std::time::{SystemTime, UNIX_EPOCH};

/// How many Chess960 start positions there are.
pub const POSITIONS: usize = 960;

/// `count` start numbers (0–959) drawn from `seed`: distinct while `count` ≤ 960, then
/// the same order again.
pub fn numbers(count: usize, seed: u64) -> Vec<u32> {
    let order = opening_order(POSITIONS, Some(seed));
    order
        .iter()
        .cycle()
        .take(count)
        .map(|&n| n as u32)
        .collect()
}

/// A seed for a match given none, from the clock; printed so that the match can be
/// played again with `--seed`.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The start positions numbered by `numbers`, in Chess960 mode.
pub fn starts(numbers: &[u32]) -> anyhow::Result<Vec<chess::Position>> {
    numbers
        .iter()
        .map(|&n| {
            chess::Position::start_960(n)
                .map_err(|e| anyhow::anyhow!("Chess960 start position {n}: {e}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_distinct_reproducible_and_in_range() {
        let a = numbers(100, 7);
        assert_eq!(a, numbers(100, 7));
        assert_ne!(a, numbers(100, 8));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 100);
        assert!(a.iter().all(|&n| n < 960));
        let all = numbers(961, 1);
        assert_eq!(all[960], all[0]);
        let positions = starts(&a[..4]).unwrap();
        assert!(positions.iter().all(|p| p.is_chess960()));
    }
}
