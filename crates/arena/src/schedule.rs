//! Which games a match plays, in a fixed order.
//!
//! Every pair of engines plays each opening twice, colours swapped, the two games next to
//! each other (a "game pair", the unit of the pentanomial statistics). Rounds go through
//! the openings in order — shuffled by `--seed` when given — and within a round every
//! engine pair plays its two games before the next opening is used, so a match stopped
//! early (SPRT) has used every pairing evenly. The list depends only on the number of
//! engines, the number of openings, the games per pair and the seed.

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Position in the schedule, from 0.
    pub index: usize,
    /// Index of the opening.
    pub opening: usize,
    /// Engine playing White (Red in xiangqi).
    pub white: usize,
    /// Engine playing Black.
    pub black: usize,
}

impl Pairing {
    /// The game pair this game belongs to (its partner has the other colours).
    pub fn pair(&self) -> usize {
        self.index / 2
    }
}

/// The order in which openings are used: file order, or a seeded Fisher–Yates shuffle.
pub fn opening_order(openings: usize, seed: Option<u64>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..openings).collect();
    if let Some(seed) = seed {
        let mut state = seed;
        for i in (1..order.len()).rev() {
            let j = (game::splitmix64(&mut state) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
    }
    order
}

/// The schedule: `games_per_pair` (rounded up to even) games for every pair of engines.
pub fn schedule(
    engines: usize,
    openings: usize,
    games_per_pair: usize,
    seed: Option<u64>,
) -> Vec<Pairing> {
    let order = opening_order(openings, seed);
    let rounds = games_per_pair.div_ceil(2);
    let mut out = Vec::new();
    if openings == 0 {
        return out;
    }
    for round in 0..rounds {
        let opening = order[round % openings];
        for a in 0..engines {
            for b in a + 1..engines {
                for (white, black) in [(a, b), (b, a)] {
                    out.push(Pairing {
                        index: out.len(),
                        opening,
                        white,
                        black,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_engines_swap_colours_on_each_opening() {
        let s = schedule(2, 3, 5, None);
        assert_eq!(s.len(), 6, "5 games round up to 3 pairs");
        let seen: Vec<(usize, usize, usize)> =
            s.iter().map(|p| (p.opening, p.white, p.black)).collect();
        assert_eq!(
            seen,
            [
                (0, 0, 1),
                (0, 1, 0),
                (1, 0, 1),
                (1, 1, 0),
                (2, 0, 1),
                (2, 1, 0)
            ]
        );
        assert!(s.iter().all(|p| p.pair() == p.index / 2));
    }

    #[test]
    fn round_robin_covers_every_pair_evenly() {
        let s = schedule(3, 10, 4, Some(1));
        assert_eq!(s.len(), 3 * 4);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let as_white = s.iter().filter(|p| (p.white, p.black) == (a, b)).count();
            let as_black = s.iter().filter(|p| (p.white, p.black) == (b, a)).count();
            assert_eq!((as_white, as_black), (2, 2));
        }
        // Partners share their opening.
        for pair in s.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(
                (pair[0].white, pair[0].black),
                (pair[1].black, pair[1].white)
            );
        }
    }

    #[test]
    fn seeded_order_is_a_reproducible_permutation() {
        let a = opening_order(50, Some(7));
        assert_eq!(a, opening_order(50, Some(7)));
        assert_ne!(a, opening_order(50, Some(8)));
        assert_ne!(a, opening_order(50, None));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        // Openings are reused in order once exhausted.
        let s = schedule(2, 2, 8, None);
        assert_eq!(
            s.iter().map(|p| p.opening).collect::<Vec<_>>(),
            [0, 0, 1, 1, 0, 0, 1, 1]
        );
    }
}
