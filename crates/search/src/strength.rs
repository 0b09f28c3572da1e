//! Playing levels: how `Strength` weakens the search, and how a weaker level picks its move.
//!
//! A level from 0 (beginner) to 20 (full strength) caps the depth and the nodes of each
//! search, adds deterministic noise to the static evaluation, and makes the engine choose
//! among its best few root lines with a bias towards weaker moves (the scheme of
//! Stockfish's "Skill Level"). `Elo(n)` maps linearly onto the levels:
//! level = (n - 600) / 100, so 600 Elo is level 0 and 2600 Elo level 20.
//! That mapping is a first estimate, **not yet calibrated**: calibration needs matches
//! against Stockfish's own UCI_Elo levels in the arena.
//!
//! | level | depth cap | node cap | eval noise (cp) |
//! |------:|----------:|---------:|----------------:|
//! | 0     | 1         | 200      | ±190            |
//! | 5     | 3         | 6 k      | ±140            |
//! | 10    | 6         | 200 k    | ±90             |
//! | 15    | 10        | 6 M      | ±40             |
//! | 19    | 16        | 100 M    | ±0              |
//! | 20    | none      | none     | none            |

use crate::api::Strength;
use game::Score;

/// Lowest Elo that `Strength::Elo` distinguishes (level 0).
pub const ELO_MIN: u32 = 600;
/// Elo per level step.
pub const ELO_PER_LEVEL: u32 = 100;
/// The full-strength level.
pub const FULL_LEVEL: u8 = 20;

/// The limits a strength setting imposes on a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// Deepest iteration allowed.
    pub depth: Option<u32>,
    /// Most nodes allowed.
    pub nodes: Option<u64>,
    /// Amplitude of the evaluation noise in centipawns.
    pub noise: Score,
    /// The level (20 = full strength).
    pub level: u8,
}

/// The level of a strength setting.
pub fn level_of(strength: Strength) -> u8 {
    match strength {
        Strength::Full => FULL_LEVEL,
        Strength::Level(l) => l.min(FULL_LEVEL),
        Strength::Elo(elo) => {
            (elo.saturating_sub(ELO_MIN) / ELO_PER_LEVEL).min(FULL_LEVEL as u32) as u8
        }
    }
}

/// The handicap of a strength setting.
pub fn handicap(strength: Strength) -> Handicap {
    let level = level_of(strength);
    if level >= FULL_LEVEL {
        return Handicap {
            depth: None,
            nodes: None,
            noise: 0,
            level,
        };
    }
    const DEPTHS: [u32; 20] = [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 14, 16,
    ];
    let l = level as u32;
    Handicap {
        depth: Some(DEPTHS[level as usize]),
        // Doubling every level: 200 nodes at level 0, ~100 M at level 19.
        nodes: Some(200u64 << l),
        noise: (190 - 10 * level as Score).max(0),
        level,
    }
}

/// A small xorshift generator; quality is ample for choosing among moves.
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x2545_F491_4F6C_DD1D
        } else {
            seed
        })
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// Which of the root lines (scores best first) a level plays: each line gets its score
/// plus a random bonus that grows with the weakness and the gap to the best.
pub fn pick_weaker(scores: &[Score], level: u8, rng: &mut Rng) -> usize {
    if scores.len() < 2 || level >= FULL_LEVEL {
        return 0;
    }
    let weakness = 120 - 2 * level as i64;
    let top = scores[0] as i64;
    let spread = (top - scores[scores.len() - 1] as i64).min(100);
    let mut best = (0, i64::MIN);
    for (i, &s) in scores.iter().enumerate() {
        let s = s as i64;
        let push =
            (weakness * (top - s) + spread * (rng.next_u64() % weakness as u64) as i64) / 128;
        let value = s + push;
        if value > best.1 {
            best = (i, value);
        }
    }
    best.0
}

/// A random line among those within `margin` of the best (`Options::randomize`).
pub fn pick_near_equal(scores: &[Score], margin: Score, rng: &mut Rng) -> usize {
    let Some(&top) = scores.first() else {
        return 0;
    };
    let near = scores.iter().take_while(|&&s| s >= top - margin).count();
    (rng.next_u64() % near.max(1) as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_monotonically_stronger() {
        let mut prev = handicap(Strength::Level(0));
        for l in 1..20 {
            let h = handicap(Strength::Level(l));
            assert!(h.depth >= prev.depth && h.nodes > prev.nodes && h.noise <= prev.noise);
            prev = h;
        }
        assert_eq!(handicap(Strength::Level(20)).depth, None);
        assert_eq!(handicap(Strength::Full).nodes, None);
    }

    #[test]
    fn elo_maps_onto_levels() {
        assert_eq!(level_of(Strength::Elo(0)), 0);
        assert_eq!(level_of(Strength::Elo(1600)), 10);
        assert_eq!(level_of(Strength::Elo(5000)), FULL_LEVEL);
    }

    #[test]
    fn weak_levels_sometimes_pick_worse_lines_and_full_never() {
        let scores = [50, 20, -10, -40];
        let mut rng = Rng::new(7);
        let picks: Vec<usize> = (0..200)
            .map(|_| pick_weaker(&scores, 0, &mut rng))
            .collect();
        assert!(picks.iter().any(|&p| p != 0), "level 0 must err sometimes");
        assert!((0..200).all(|_| pick_weaker(&scores, FULL_LEVEL, &mut rng) == 0));
    }

    #[test]
    fn near_equal_picks_stay_within_the_margin() {
        let scores = [30, 25, 20, -100];
        let mut rng = Rng::new(1);
        let picks: Vec<usize> = (0..100)
            .map(|_| pick_near_equal(&scores, 10, &mut rng))
            .collect();
        assert!(picks.iter().all(|&p| p <= 2));
        assert!(picks.contains(&2) && picks.contains(&0));
    }
}
