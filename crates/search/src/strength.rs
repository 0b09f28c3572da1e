//! Playing levels: how `Strength` weakens the search, and how a weaker level picks its move.
//!
//! A level from 0 (beginner) to 20 (full strength) caps the depth and the nodes of each
//! search, adds deterministic noise to the static evaluation, and makes the engine choose
//! among its best few root lines with a bias towards weaker moves (the scheme of
//! Stockfish's "Skill Level"). Between two levels the node cap and the noise are
//! interpolated, so a level may be fractional; its depth cap and choice of lines, which come
//! in whole steps, are the next level's on the fraction's share of moves
//! ([`Handicap::rolled`]).
//!
//! `Elo(n)` (UCI_Elo) is **calibrated per game**: each game's search preset
//! ([`crate::SearchTuning::levels`]) holds a [`Calibration`], the Elo some levels scored on a
//! reference engine's own UCI_Elo scale in arena matches (`scripts/calibrate.sh`; results and
//! the command in BENCHMARKS.md): chess on Stockfish 15.1's, xiangqi on Fairy-Stockfish
//! 11.1's. An Elo between two measured points gets the level interpolated between theirs;
//! below the lowest point the first segment's slope is extended (the reference scales start at
//! 1320–1350, so lower settings are extrapolated).
//!
//! | level | depth cap | node cap | eval noise (cp) | weaker-move bias | worst pick (cp) | Elo (chess, SF scale, 3+0.03) |
//! |------:|----------:|---------:|----------------:|-----------------:|----------------:|------------------------------:|
//! | 0     | 1         | 200      | ±190            | 120              | 200             | ~760 (extrapolated)           |
//! | 3     | 2         | 1.6 k    | ±160            | 114              | 182             | 872                           |
//! | 6     | 4         | 13 k     | ±130            | 108              | 164             | 1345                          |
//! | 9     | 5         | 102 k    | ±100            | 102              | 146             | 1565                          |
//! | 12    | 7         | 819 k    | ±70             | 96               | 128             | 1747                          |
//! | 15    | 10        | 6.6 M    | ±40             | 60               | 110             | 2187                          |
//! | 17    | 12        | 26 M     | ±20             | 36               | 98              | 2305 (interpolated)           |
//! | 19    | 16        | 105 M    | ±0              | 12               | 86              | 2422                          |
//! | 20    | none      | none     | none            | 0                | 0               | 2552                          |
//!
//! (The chess Elo column is session 50's calibration; xiangqi's levels have their own table,
//! `XIANGQI_LEVELS`, on Fairy-Stockfish's scale.)
//!
//! At fast time controls the clock, not the node cap, limits levels above ~10, so their
//! Elo depends on the time control more than that of the lower levels.

use crate::api::Strength;
use game::Score;

/// The full-strength level.
pub const FULL_LEVEL: u8 = 20;

/// A game's playing levels on a reference engine's UCI_Elo scale: what `UCI_Elo` means for
/// that game, and the Elo a front end shows next to a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calibration {
    /// Points `(level, Elo)`, ascending in both, at least two, the last at [`FULL_LEVEL`].
    pub points: &'static [(u8, u32)],
    /// Whether the points were measured in matches; `false` for a provisional table that
    /// only stands in until someone measures the game.
    pub measured: bool,
    /// The scale and conditions the points were (or will be) measured on, for people.
    pub scale: &'static str,
}

impl Calibration {
    /// The table of a game nobody has calibrated (test games): a straight line from 500 at
    /// level 0 to 2500 at full strength, marked unmeasured.
    pub const UNMEASURED: Calibration = Calibration {
        points: &[(0, 500), (FULL_LEVEL, 2500)],
        measured: false,
        scale: "uncalibrated",
    };

    /// Lowest UCI_Elo offered: level 0, extrapolated from the first segment (at least 100).
    pub const fn elo_min(&self) -> u32 {
        let (l0, e0) = self.points[0];
        let (l1, e1) = self.points[1];
        let per_level = (e1 - e0) / (l1 - l0) as u32;
        let drop = per_level * l0 as u32;
        if e0 > drop + 100 {
            e0 - drop
        } else {
            100
        }
    }

    /// Highest UCI_Elo offered: full strength.
    pub const fn elo_max(&self) -> u32 {
        self.points[self.points.len() - 1].1
    }

    /// The (fractional) level whose Elo is `elo`, by linear interpolation of the points.
    pub fn level_for_elo(&self, elo: u32) -> f64 {
        let elo = elo as f64;
        let points: Vec<(f64, f64)> = self
            .points
            .iter()
            .map(|&(l, e)| (l as f64, e as f64))
            .collect();
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

    /// The Elo of a whole level (the inverse of [`Calibration::level_for_elo`]), rounded,
    /// within [`Calibration::elo_min`]..=[`Calibration::elo_max`].
    pub fn elo_of_level(&self, level: u8) -> u32 {
        let level = level.min(FULL_LEVEL) as f64;
        let points = self.points;
        let mut segment = (points[0], points[1]);
        for pair in points.windows(2) {
            if level >= pair[0].0 as f64 {
                segment = (pair[0], pair[1]);
            }
        }
        let ((l0, e0), (l1, e1)) = segment;
        let (l0, e0, l1, e1) = (l0 as f64, e0 as f64, l1 as f64, e1 as f64);
        let elo = e0 + (level - l0) * (e1 - e0) / (l1 - l0);
        (elo.round().max(0.0) as u32).clamp(self.elo_min(), self.elo_max())
    }

    /// Whether `level`'s Elo was measured (rather than interpolated, extrapolated or
    /// provisional).
    pub fn is_measured(&self, level: u8) -> bool {
        self.measured && self.points.iter().any(|&(l, _)| l == level.min(FULL_LEVEL))
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
    /// For a fractional level, its fraction in thousandths: the share of moves played with
    /// the next whole level's depth cap and choice of lines (see [`Handicap::rolled`]).
    pub step_up_permille: u32,
}

impl Handicap {
    /// The handicap of one move: with probability `step_up_permille`/1000 (decided by
    /// `roll`, which gives a random number and is called only for a fractional level, so
    /// whole levels draw nothing and their play stays reproducible) the next whole level's
    /// depth cap and line choice, else this one's. The node cap and the noise interpolate smoothly between levels, but a depth
    /// cap and the choice bias come in whole steps; without this, every Elo between two
    /// levels played the lower level's depth, so a `UCI_Elo` inside a steep step of the
    /// ladder (xiangqi's levels 12 → 13, depth 7 → 8, about +700 Elo at 3+0.03) played
    /// hundreds of Elo below what it asked for. Mixing the two levels move by move makes
    /// the expected strength follow the table's linear interpolation.
    pub fn rolled(self, roll: impl FnOnce() -> u64) -> Handicap {
        if self.step_up_permille == 0 || roll() % 1000 >= u64::from(self.step_up_permille) {
            return self;
        }
        let next = self.level + 1;
        Handicap {
            depth: depth_cap(next),
            level: next,
            step_up_permille: 0,
            ..self
        }
    }
}

/// Depth cap of each whole level below full strength.
const DEPTHS: [u32; FULL_LEVEL as usize] = [
    1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 14, 16,
];

/// The depth cap of a whole level (none at full strength).
fn depth_cap(level: u8) -> Option<u32> {
    DEPTHS.get(level as usize).copied()
}

/// The (possibly fractional) level of a strength setting, 0.0 to 20.0; an Elo is read on
/// the game's table `levels`.
pub fn level_of(strength: Strength, levels: &Calibration) -> f64 {
    match strength {
        Strength::Full => FULL_LEVEL as f64,
        Strength::Level(l) => l.min(FULL_LEVEL) as f64,
        Strength::Elo(elo) => levels.level_for_elo(elo),
    }
}

/// The handicap of a strength setting in a game whose levels are calibrated by `levels`.
pub fn handicap(strength: Strength, levels: &Calibration) -> Handicap {
    let level = level_of(strength, levels);
    if level >= FULL_LEVEL as f64 {
        return Handicap {
            depth: None,
            nodes: None,
            noise: 0,
            level: FULL_LEVEL,
            step_up_permille: 0,
        };
    }
    let whole = level.floor() as u8;
    Handicap {
        depth: depth_cap(whole),
        // Doubling every level: 200 nodes at level 0, ~100 M at level 19.
        nodes: Some((200.0 * level.exp2()).round() as u64),
        noise: (190.0 - 10.0 * level).round().max(0.0) as Score,
        level: whole,
        step_up_permille: ((level - f64::from(whole)) * 1000.0).round().min(999.0) as u32,
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

/// How far below the best root line, in centipawns, a line a level may play can score:
/// a weak level errs by a pawn or two, not by leaving a whole piece en prise when its best
/// line does not (the bias alone can close a gap of ~15 pawns at level 0). 200 at level 0,
/// six fewer per level; nothing is picked below the best at full strength.
pub fn worst_pick(level: u8) -> Score {
    if level >= FULL_LEVEL {
        0
    } else {
        200 - 6 * level as Score
    }
}

/// Which of the root lines (scores best first) a level plays: each line gets its score
/// plus a random bonus that grows with the weakness and the gap to the best. Lines more
/// than [`worst_pick`] below the best are never chosen.
pub fn pick_weaker(scores: &[Score], level: u8, rng: &mut Rng) -> usize {
    if scores.len() < 2 || level >= FULL_LEVEL {
        return 0;
    }
    let floor = scores[0] as i64 - worst_pick(level) as i64;
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
        if s < floor {
            // Scores come best first: every later line is further below.
            break;
        }
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

    /// A table shaped like chess's first calibration (its level 0 extrapolates to 458).
    const TABLE: Calibration = Calibration {
        points: &[
            (3, 896),
            (6, 1334),
            (9, 1515),
            (12, 1715),
            (15, 1947),
            (17, 2080),
            (19, 2228),
            (FULL_LEVEL, 2232),
        ],
        measured: true,
        scale: "test",
    };

    /// The same levels 300 Elo lower on another scale, and unmeasured.
    const LOWER: Calibration = Calibration {
        points: &[(3, 596), (12, 1415), (FULL_LEVEL, 1932)],
        measured: false,
        scale: "test, lower",
    };

    #[test]
    fn levels_grow_monotonically_stronger() {
        let mut prev = handicap(Strength::Level(0), &TABLE);
        for l in 1..20 {
            let h = handicap(Strength::Level(l), &TABLE);
            assert!(h.depth >= prev.depth && h.nodes > prev.nodes && h.noise <= prev.noise);
            prev = h;
        }
        assert_eq!(handicap(Strength::Level(20), &TABLE).depth, None);
        assert_eq!(handicap(Strength::Full, &TABLE).nodes, None);
    }

    #[test]
    fn elo_maps_onto_the_calibrated_levels() {
        for (level, elo) in TABLE.points.iter().copied() {
            assert!((level_of(Strength::Elo(elo), &TABLE) - level as f64).abs() < 1e-9);
            assert_eq!(TABLE.elo_of_level(level), elo);
        }
        assert_eq!(TABLE.elo_min(), 458);
        assert_eq!(TABLE.elo_max(), 2232);
        assert_eq!(level_of(Strength::Elo(0), &TABLE), 0.0);
        assert!(level_of(Strength::Elo(TABLE.elo_min()), &TABLE) < 0.5);
        assert_eq!(level_of(Strength::Elo(5000), &TABLE), FULL_LEVEL as f64);
        assert_eq!(
            handicap(Strength::Elo(TABLE.elo_max()), &TABLE),
            handicap(Strength::Full, &TABLE)
        );
    }

    #[test]
    fn each_game_reads_elo_on_its_own_table() {
        // 1415 is level 12 on the lower scale but only ~level 7.3 on the other.
        assert_eq!(
            handicap(Strength::Elo(1415), &LOWER),
            handicap(Strength::Level(12), &LOWER)
        );
        assert_eq!(handicap(Strength::Elo(1415), &TABLE).level, 7);
        assert_eq!(LOWER.elo_max(), 1932);
        assert_eq!(
            handicap(Strength::Elo(1932), &LOWER),
            handicap(Strength::Full, &LOWER)
        );
        assert!(handicap(Strength::Elo(1932), &TABLE).level < FULL_LEVEL);
    }

    #[test]
    fn level_elo_interpolates_and_says_what_was_measured() {
        // Level 1 extrapolates the first segment (146 per level), level 10 interpolates.
        assert_eq!(TABLE.elo_of_level(1), 604);
        assert_eq!(TABLE.elo_of_level(0), TABLE.elo_min());
        assert_eq!(TABLE.elo_of_level(10), 1582);
        assert!(TABLE.is_measured(12) && TABLE.is_measured(FULL_LEVEL));
        assert!(!TABLE.is_measured(1) && !TABLE.is_measured(10));
        assert!(
            !LOWER.is_measured(12),
            "a provisional table measures nothing"
        );
        let mut prev = 0;
        for level in 0..=FULL_LEVEL {
            let elo = Calibration::UNMEASURED.elo_of_level(level);
            assert!(elo > prev);
            prev = elo;
        }
    }

    #[test]
    fn stronger_elo_settings_never_get_a_weaker_handicap() {
        for table in [TABLE, LOWER, Calibration::UNMEASURED] {
            let mut prev = handicap(Strength::Elo(table.elo_min()), &table);
            for elo in (table.elo_min()..=table.elo_max()).step_by(10) {
                let h = handicap(Strength::Elo(elo), &table);
                let more =
                    |a: Option<u64>, b: Option<u64>| a.unwrap_or(u64::MAX) >= b.unwrap_or(u64::MAX);
                assert!(more(h.nodes, prev.nodes), "{elo}: {h:?} vs {prev:?}");
                assert!(h.depth.unwrap_or(u32::MAX) >= prev.depth.unwrap_or(u32::MAX));
                assert!(h.noise <= prev.noise && h.level >= prev.level);
                prev = h;
            }
        }
    }

    #[test]
    fn a_fractional_level_plays_a_share_of_moves_as_the_next_level() {
        // Whole levels never step up, and a roll changes nothing for them.
        let twelve = handicap(Strength::Level(12), &TABLE);
        assert_eq!(twelve.step_up_permille, 0);
        assert_eq!(
            twelve.rolled(|| panic!("a whole level draws nothing")),
            twelve
        );
        // An Elo 30% of the way from level 12 to 13 (1715 → about 1792).
        let elo = 1715 + (TABLE.elo_of_level(13) - 1715) * 3 / 10;
        let h = handicap(Strength::Elo(elo), &TABLE);
        assert_eq!((h.level, h.depth), (12, Some(7)));
        assert!((290..=310).contains(&h.step_up_permille), "{h:?}");
        let mut rng = Rng::new(5);
        let rolled: Vec<Handicap> = (0..1000).map(|_| h.rolled(|| rng.next_u64())).collect();
        let up = rolled.iter().filter(|r| r.level == 13).count();
        assert!((230..=370).contains(&up), "{up} of 1000 stepped up");
        for r in &rolled {
            match r.level {
                12 => assert_eq!(*r, h),
                13 => {
                    assert_eq!(r.depth, Some(8));
                    // Nodes and noise stay the interpolated ones.
                    assert_eq!((r.nodes, r.noise), (h.nodes, h.noise));
                }
                other => panic!("level {other}"),
            }
        }
        // Just below full strength, a stepped-up move has no depth cap and full choice.
        let top = handicap(Strength::Elo(TABLE.elo_max() - 1), &TABLE);
        assert_eq!(top.level, 19);
        let up = top.rolled(|| u64::from(top.step_up_permille) - 1);
        assert_eq!((up.level, up.depth), (FULL_LEVEL, None));
    }

    #[test]
    fn calibration_points_ascend() {
        for table in [TABLE, LOWER, Calibration::UNMEASURED] {
            for pair in table.points.windows(2) {
                assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "{pair:?}");
            }
            assert_eq!(table.points[table.points.len() - 1].0, FULL_LEVEL);
        }
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
    fn no_level_leaves_a_piece_when_its_best_line_does_not() {
        // The third line drops a piece (450 cp below the best); without the cap the bias
        // lifts it above the best line in about a third of level 0's picks.
        let scores = [50, 30, -400];
        let mut rng = Rng::new(11);
        for level in 0..FULL_LEVEL {
            let picks: Vec<usize> = (0..500)
                .map(|_| pick_weaker(&scores, level, &mut rng))
                .collect();
            assert!(!picks.contains(&2), "level {level} played the blunder");
            if level < 12 {
                assert!(picks.contains(&1), "level {level} never erred by a little");
            }
        }
        // The cap is per level: bigger at the weak end, never past the best at full.
        for level in 1..=FULL_LEVEL {
            assert!(worst_pick(level) < worst_pick(level - 1));
        }
        assert!(worst_pick(0) < 300 && worst_pick(FULL_LEVEL) == 0);
        // A line just within the cap stays playable at level 0.
        let near = [50, 50 - worst_pick(0)];
        assert!((0..500).any(|_| pick_weaker(&near, 0, &mut rng) == 1));
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
