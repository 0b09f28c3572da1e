//! Playing levels: how `Strength` weakens the search, and how a weaker level picks its move.
//!
//! A level from 0 (beginner) to 20 (full strength) caps the depth and the nodes of each
//! search, adds deterministic noise to the static evaluation, and makes the engine choose
//! among its best few root lines with a bias towards weaker moves (the scheme of
//! Stockfish's "Skill Level"). Between two levels the node cap and the noise are
//! interpolated, so a level may be fractional.
//!
//! `Elo(n)` (UCI_Elo) is **calibrated**: [`CALIBRATION`] holds, for some levels, the Elo each
//! scored on Stockfish 15.1's own UCI_Elo scale in arena matches (`scripts/calibrate.sh`;
//! results and the command in BENCHMARKS.md). An Elo between two measured points gets the
//! level interpolated between theirs; below the lowest point the first segment's slope is
//! extended (Stockfish's scale starts at 1320, so lower settings are extrapolated).
//!
//! | level | depth cap | node cap | eval noise (cp) | weaker-move bias | Elo (SF scale, 3+0.03) |
//! |------:|----------:|---------:|----------------:|-----------------:|-----------------------:|
//! | 0     | 1         | 200      | ±190            | 120              | ~460 (extrapolated)    |
//! | 3     | 2         | 1.6 k    | ±160            | 114              | 896                    |
//! | 6     | 4         | 13 k     | ±130            | 108              | 1334                   |
//! | 9     | 5         | 102 k    | ±100            | 102              | 1515                   |
//! | 12    | 7         | 819 k    | ±70             | 96               | 1715                   |
//! | 15    | 10        | 6.6 M    | ±40             | 60               | 1947                   |
//! | 17    | 12        | 26 M     | ±20             | 36               | 2080                   |
//! | 19    | 16        | 105 M    | ±0              | 12               | 2228                   |
//! | 20    | none      | none     | none            | 0                | 2232                   |
//!
//! At fast time controls the clock, not the node cap, limits levels above ~10, so their
//! Elo depends on the time control more than that of the lower levels.

use crate::api::Strength;
use game::Score;

/// The full-strength level.
pub const FULL_LEVEL: u8 = 20;

/// Measured points `(level, Elo on Stockfish 15.1's UCI_Elo scale)`, ascending in both.
/// The last point is full strength. Chess, 3+0.03, one thread, 16 MiB, 40–60 games per
/// level (levels 3–12 pooled with a 10-game probe by maximum likelihood); see BENCHMARKS.md
/// "Calibration against Stockfish UCI_Elo" for the matches and the command.
pub const CALIBRATION: [(u8, u32); 8] = [
    (3, 896),
    (6, 1334),
    (9, 1515),
    (12, 1715),
    (15, 1947),
    (17, 2080),
    (19, 2228),
    (FULL_LEVEL, 2232),
];

/// Lowest UCI_Elo offered: level 0, extrapolated from the first measured segment.
pub const ELO_MIN: u32 = level0_elo();
/// Highest UCI_Elo offered: full strength as measured.
pub const ELO_MAX: u32 = CALIBRATION[CALIBRATION.len() - 1].1;

/// The Elo of level 0 by extending the first calibrated segment down (at least 100).
const fn level0_elo() -> u32 {
    let (l0, e0) = CALIBRATION[0];
    let (l1, e1) = CALIBRATION[1];
    let per_level = (e1 - e0) / (l1 - l0) as u32;
    let drop = per_level * l0 as u32;
    if e0 > drop + 100 {
        e0 - drop
    } else {
        100
    }
}

/// The limits a strength setting imposes on a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// Deepest iteration allowed.
    pub depth: Option<u32>,
    /// Most nodes allowed.
    pub nodes: Option<u64>,
    /// Amplitude of the evaluation noise in centipawns.
    pub noise: Score,
    /// The whole level (20 = full strength); it sets how often weaker moves are chosen.
    pub level: u8,
}

/// The (possibly fractional) level of a strength setting, 0.0 to 20.0.
pub fn level_of(strength: Strength) -> f64 {
    match strength {
        Strength::Full => FULL_LEVEL as f64,
        Strength::Level(l) => l.min(FULL_LEVEL) as f64,
        Strength::Elo(elo) => level_for_elo(elo),
    }
}

/// The level whose calibrated Elo is `elo`, by linear interpolation of [`CALIBRATION`].
pub fn level_for_elo(elo: u32) -> f64 {
    let elo = elo as f64;
    let points = CALIBRATION.map(|(l, e)| (l as f64, e as f64));
    let last = points[points.len() - 1];
    if elo >= last.1 {
        return last.0;
    }
    // Below the first point the first segment continues (extrapolation).
    let mut segment = (points[0], points[1]);
    for pair in points.windows(2) {
        if elo >= pair[0].1 {
            segment = (pair[0], pair[1]);
        }
    }
    let ((l0, e0), (l1, e1)) = segment;
    (l0 + (elo - e0) * (l1 - l0) / (e1 - e0)).clamp(0.0, FULL_LEVEL as f64)
}

/// The handicap of a strength setting.
pub fn handicap(strength: Strength) -> Handicap {
    let level = level_of(strength);
    if level >= FULL_LEVEL as f64 {
        return Handicap {
            depth: None,
            nodes: None,
            noise: 0,
            level: FULL_LEVEL,
        };
    }
    const DEPTHS: [u32; 20] = [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 14, 16,
    ];
    let whole = level.floor() as usize;
    Handicap {
        depth: Some(DEPTHS[whole]),
        // Doubling every level: 200 nodes at level 0, ~100 M at level 19.
        nodes: Some((200.0 * level.exp2()).round() as u64),
        noise: (190.0 - 10.0 * level).round().max(0.0) as Score,
        level: whole as u8,
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
    // Up to level 12 the bias falls slowly (120 - 2·level); above it, it falls to zero at
    // full strength, so that the top levels close the gap to level 20 smoothly instead of
    // leaving a jump of ~300 Elo between levels 19 and 20 (measured, BENCHMARKS.md).
    let level = level as i64;
    let weakness = (120 - 2 * level).min(12 * (FULL_LEVEL as i64 - level));
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
    fn elo_maps_onto_the_calibrated_levels() {
        for (level, elo) in CALIBRATION {
            assert!((level_of(Strength::Elo(elo)) - level as f64).abs() < 1e-9);
        }
        assert_eq!(level_of(Strength::Elo(0)), 0.0);
        assert!(level_of(Strength::Elo(ELO_MIN)) < 0.5);
        assert_eq!(level_of(Strength::Elo(5000)), FULL_LEVEL as f64);
        assert_eq!(handicap(Strength::Elo(ELO_MAX)), handicap(Strength::Full));
    }

    #[test]
    fn stronger_elo_settings_never_get_a_weaker_handicap() {
        let mut prev = handicap(Strength::Elo(ELO_MIN));
        for elo in (ELO_MIN..=ELO_MAX).step_by(10) {
            let h = handicap(Strength::Elo(elo));
            let more =
                |a: Option<u64>, b: Option<u64>| a.unwrap_or(u64::MAX) >= b.unwrap_or(u64::MAX);
            assert!(more(h.nodes, prev.nodes), "{elo}: {h:?} vs {prev:?}");
            assert!(h.depth.unwrap_or(u32::MAX) >= prev.depth.unwrap_or(u32::MAX));
            assert!(h.noise <= prev.noise && h.level >= prev.level);
            prev = h;
        }
    }

    #[test]
    fn calibration_points_ascend() {
        for pair in CALIBRATION.windows(2) {
            assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "{pair:?}");
        }
        assert_eq!(CALIBRATION[CALIBRATION.len() - 1].0, FULL_LEVEL);
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
