//! Win/draw/loss from a score: the model Stockfish fits to its own games, fitted here to
//! Chariot's (`chariot wdl-fit`, docs/wdl.md).
//!
//! For a position with material `m` (the game's own count, [`crate::Game::material`]) and a
//! score `x` in centipawns for the side to move, with `t = m / normaliser`,
//! `a(t)` and `b(t)` cubic polynomials:
//!
//! ```text
//! P(win)  = 1 / (1 + exp((a(t) − x) / b(t)))
//! P(loss) = 1 / (1 + exp((a(t) + x) / b(t)))
//! P(draw) = 1 − P(win) − P(loss)
//! ```
//!
//! `a` is the score at which a win is as likely as not, `b` how quickly the odds change
//! with the score; both depend on how much material is left.

use crate::{is_mate_score, Score};

/// The smallest `a` and `b` the model ever uses: a positive `a` keeps the draw chance
/// positive, a positive `b` keeps the curves increasing, whatever coefficients are given.
const MIN_A: f64 = 1.0;
/// See [`MIN_A`].
const MIN_B: f64 = 1.0;

/// The coefficients of one game's model: what `chariot wdl-fit` prints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// `a(t) = a[0]·t³ + a[1]·t² + a[2]·t + a[3]`, in centipawns.
    pub a: [f64; 4],
    /// `b(t) = b[0]·t³ + b[1]·t² + b[2]·t + b[3]`, in centipawns.
    pub b: [f64; 4],
    /// Material below this is counted as this (the model knows no barer boards).
    pub material_min: u32,
    /// Material above this is counted as this (the start position's count).
    pub material_max: u32,
    /// `t = m / normaliser`: keeps `t` near 1, so the coefficients are of like size.
    pub normaliser: f64,
}

/// Chances of a win, a draw and a loss for the side to move, in per mille; they always
/// sum to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Chance of a win, per mille.
    pub win: u32,
    /// Chance of a draw, per mille.
    pub draw: u32,
    /// Chance of a loss, per mille.
    pub loss: u32,
}

impl Wdl {
    /// The triple as UCI writes it after `wdl`: `"W D L"`.
    pub fn uci(self) -> String {
        format!("{} {} {}", self.win, self.draw, self.loss)
    }

    /// The expected result for the side to move, 0 (loss) to 1 (win), a draw counting ½.
    pub fn expected(self) -> f64 {
        (f64::from(self.win) + f64::from(self.draw) / 2.0) / 1000.0
    }
}

impl WdlModel {
    /// `t`: the material clamped to the model's range, divided by its normaliser.
    pub fn material_t(&self, material: u32) -> f64 {
        let m = material.clamp(self.material_min, self.material_max.max(self.material_min));
        f64::from(m) / self.normaliser
    }

    /// `a(t)` and `b(t)` for this material, each at least 1 centipawn.
    pub fn a_b(&self, material: u32) -> (f64, f64) {
        let t = self.material_t(material);
        let cubic = |c: &[f64; 4]| ((c[0] * t + c[1]) * t + c[2]) * t + c[3];
        (cubic(&self.a).max(MIN_A), cubic(&self.b).max(MIN_B))
    }

    /// Probabilities (win, draw, loss) for a score `cp` in centipawns, side to move's view.
    pub fn probabilities(&self, cp: f64, material: u32) -> [f64; 3] {
        let (a, b) = self.a_b(material);
        let win = logistic((cp - a) / b);
        let loss = logistic((-cp - a) / b);
        // a > 0 makes win + loss < 1; the clamp only guards rounding.
        [win, (1.0 - win - loss).max(0.0), loss]
    }

    /// The per-mille triple for a search score: mate scores are certain (1000/0/0 when
    /// the side to move mates, 0/0/1000 when it is mated).
    pub fn wdl(&self, score: Score, material: u32) -> Wdl {
        if is_mate_score(score) {
            return if score > 0 {
                Wdl {
                    win: 1000,
                    draw: 0,
                    loss: 0,
                }
            } else {
                Wdl {
                    win: 0,
                    draw: 0,
                    loss: 1000,
                }
            };
        }
        let [win, _, loss] = self.probabilities(f64::from(score), material);
        // Rounding each of win and loss keeps both monotone in the score; the draw takes
        // what is left, so the three always sum to 1000.
        let mut w = (win * 1000.0).round() as u32;
        let mut l = (loss * 1000.0).round() as u32;
        if w + l > 1000 {
            // Only when both round up past an almost-zero draw chance.
            if w >= l {
                w = 1000 - l;
            } else {
                l = 1000 - w;
            }
        }
        Wdl {
            win: w,
            draw: 1000 - w - l,
            loss: l,
        }
    }
}

/// `1 / (1 + exp(−z))`, safe for any `z` (also the WDL fitter's link function).
pub fn logistic(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{mate_in, mated_in};

    /// Coefficients of a plausible shape (a ≈ 3.5 pawns, b ≈ 0.7 pawns at the start).
    const MODEL: WdlModel = WdlModel {
        a: [-10.0, 40.0, -30.0, 350.0],
        b: [80.0, -150.0, 90.0, 50.0],
        material_min: 17,
        material_max: 78,
        normaliser: 58.0,
    };

    #[test]
    fn triples_sum_to_1000_over_a_sweep() {
        for material in [0, 10, 17, 30, 58, 78, 100] {
            for cp in (-3000..=3000).step_by(7) {
                let w = MODEL.wdl(cp, material);
                assert_eq!(
                    w.win + w.draw + w.loss,
                    1000,
                    "{cp} cp, material {material}"
                );
            }
        }
    }

    #[test]
    fn wins_rise_and_losses_fall_with_the_score() {
        for material in [17, 40, 78] {
            let mut last = MODEL.wdl(-3000, material);
            for cp in -2999..=3000 {
                let w = MODEL.wdl(cp, material);
                assert!(
                    w.win >= last.win,
                    "win fell at {cp} cp, material {material}"
                );
                assert!(
                    w.loss <= last.loss,
                    "loss rose at {cp} cp, material {material}"
                );
                last = w;
            }
            assert!(MODEL.wdl(1500, material).win > 900);
            assert!(MODEL.wdl(-1500, material).loss > 900);
        }
    }

    #[test]
    fn a_level_score_is_symmetric() {
        let w = MODEL.wdl(0, 58);
        assert_eq!(w.win, w.loss);
        assert!(w.draw > 900, "{w:?}");
        let up = MODEL.wdl(150, 40);
        let down = MODEL.wdl(-150, 40);
        assert_eq!((up.win, up.draw, up.loss), (down.loss, down.draw, down.win));
    }

    #[test]
    fn mate_scores_are_certain() {
        assert_eq!(MODEL.wdl(mate_in(3), 40).uci(), "1000 0 0");
        assert_eq!(MODEL.wdl(mated_in(2), 40).uci(), "0 0 1000");
    }

    #[test]
    fn silly_coefficients_still_give_a_triple() {
        let model = WdlModel {
            a: [0.0, 0.0, 0.0, -50.0],
            b: [0.0; 4],
            ..MODEL
        };
        for cp in [-500, 0, 1, 500] {
            let w = model.wdl(cp, 30);
            assert_eq!(w.win + w.draw + w.loss, 1000);
        }
    }

    #[test]
    fn material_is_clamped_to_the_range() {
        assert_eq!(MODEL.a_b(0), MODEL.a_b(17));
        assert_eq!(MODEL.a_b(200), MODEL.a_b(78));
        assert_ne!(MODEL.a_b(17), MODEL.a_b(78));
    }
}
