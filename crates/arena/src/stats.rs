//! Match statistics: Elo difference with a 95% interval, and the SPRT.
//!
//! Elo is logistic Elo: a score `s` means `-400·log10(1/s − 1)`. Results are counted either
//! per game (trinomial: loss, draw, win) or, when each opening is played twice with colours
//! swapped, per game pair (pentanomial: 0, ½, 1, 1½, 2 points). Pairs cancel most of the
//! opening's bias, so their variance is smaller and the interval narrower — the reason
//! fishtest switched to them.
//!
//! The SPRT is the generalised SPRT (GSPRT) of fishtest (Michel Van den Bergh's `LLRcalc`):
//! the log-likelihood ratio of the two hypotheses "expected score = s(elo0)" and
//! "= s(elo1)", each with the maximum-likelihood result distribution under that constraint.
//! Bounds are logistic Elo (fishtest's `LLR_logistic`, not its normalised Elo and not the
//! BayesElo model of cutechess-cli).

/// Expected score of a player `elo` logistic Elo stronger than the opponent.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Logistic Elo difference that a score (0..1) means; ±infinity at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    // `+ 0.0` turns -0.0 into 0.0 for printing.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// Counts of results in categories with fixed scores (per game or per pair), from which
/// mean and variance follow.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// Score of each category, in 0..=1 (for pairs: the pair's points divided by 2).
    values: Vec<f64>,
    /// How many samples fell in each category.
    counts: Vec<u64>,
}

/// Added to every category before computing the SPRT, as fishtest does, so that a category
/// nobody has seen yet does not make the variance zero.
const REGULARISE: f64 = 1e-3;

impl Results {
    /// Per-game results: losses, draws, wins.
    pub fn trinomial(losses: u64, draws: u64, wins: u64) -> Results {
        Results {
            values: vec![0.0, 0.5, 1.0],
            counts: vec![losses, draws, wins],
        }
    }

    /// Per-pair results: how many pairs scored 0, ½, 1, 1½ and 2 points.
    pub fn pentanomial(counts: [u64; 5]) -> Results {
        Results {
            values: vec![0.0, 0.25, 0.5, 0.75, 1.0],
            counts: counts.to_vec(),
        }
    }

    /// Number of samples (games or pairs).
    pub fn samples(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean score per sample, in 0..=1; 0.5 when there are no samples.
    pub fn mean(&self) -> f64 {
        let n = self.samples();
        if n == 0 {
            return 0.5;
        }
        let total: f64 = self
            .values
            .iter()
            .zip(&self.counts)
            .map(|(v, &c)| v * c as f64)
            .sum();
        total / n as f64
    }

    /// Variance of one sample's score.
    fn variance(&self) -> f64 {
        let n = self.samples();
        if n == 0 {
            return 0.0;
        }
        let mean = self.mean();
        self.values
            .iter()
            .zip(&self.counts)
            .map(|(v, &c)| c as f64 * (v - mean).powi(2))
            .sum::<f64>()
            / n as f64
    }

    /// Elo difference and its 95% interval (normal approximation on the score, mapped to Elo).
    pub fn elo(&self) -> EloEstimate {
        let n = self.samples().max(1) as f64;
        let mean = self.mean();
        let se = (self.variance() / n).sqrt();
        let z = 1.959_963_984_540_054;
        EloEstimate {
            score: mean,
            elo: elo_from_score(mean),
            low: elo_from_score(mean - z * se),
            high: elo_from_score(mean + z * se),
        }
    }

    /// The empirical distribution with fishtest's regularisation: (value, probability) pairs.
    fn pdf(&self) -> Vec<(f64, f64)> {
        let counts: Vec<f64> = self
            .counts
            .iter()
            .map(|&c| (c as f64).max(REGULARISE))
            .collect();
        let n: f64 = counts.iter().sum();
        self.values
            .iter()
            .zip(counts)
            .map(|(&v, c)| (v, c / n))
            .collect()
    }

    /// Total of the (regularised) counts, the `N` that multiplies the per-sample LLR.
    fn regularised_samples(&self) -> f64 {
        self.counts
            .iter()
            .map(|&c| (c as f64).max(REGULARISE))
            .sum()
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Mean score per game, 0..=1.
    pub score: f64,
    /// Elo difference.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl EloEstimate {
    /// Half the width of the interval ("± x"), the error bar tables show.
    pub fn error_bar(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.elo.is_finite() && self.error_bar().is_finite() {
            write!(f, "{:+.1} ± {:.1}", self.elo, self.error_bar())
        } else if self.elo.is_finite() {
            write!(f, "{:+.1} (interval unbounded)", self.elo)
        } else {
            write!(f, "{}inf", if self.elo > 0.0 { "+" } else { "-" })
        }
    }
}

/// Maximum-likelihood distribution with expected score `s`, given the empirical `pdf`:
/// `p_i / (1 + θ·(a_i − s))` where `θ` makes the mean equal `s` (Van den Bergh's
/// `MLE_expected`). Returned as the factors `1 + θ·(a_i − s)`.
fn mle_factors(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    // The constraint sum is strictly decreasing in θ on the interval where all factors
    // stay positive, so bisection finds the root reliably.
    let constraint = |theta: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    let max_above = pdf.iter().map(|&(a, _)| a - s).fold(0.0f64, f64::max);
    let max_below = pdf.iter().map(|&(a, _)| s - a).fold(0.0f64, f64::max);
    let eps = 1e-12;
    let mut lo = if max_above > 0.0 {
        -1.0 / max_above + eps
    } else {
        -1e9
    };
    let mut hi = if max_below > 0.0 {
        1.0 / max_below - eps
    } else {
        1e9
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if constraint(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    pdf.iter().map(|&(a, _)| 1.0 + theta * (a - s)).collect()
}

/// Parameters of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Not decided yet: keep playing.
    Continue,
    /// H0 accepted: the change is not worth elo1.
    H0,
    /// H1 accepted: the change is worth elo1 (rather than elo0).
    H1,
}

impl Sprt {
    /// Lower and upper LLR bounds: `ln(β/(1−α))` and `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Generalised log-likelihood ratio of H1 against H0 for these results.
    pub fn llr(&self, results: &Results) -> f64 {
        if results.samples() == 0 {
            return 0.0;
        }
        let pdf = results.pdf();
        let f0 = mle_factors(&pdf, score_from_elo(self.elo0));
        let f1 = mle_factors(&pdf, score_from_elo(self.elo1));
        // p1_i / p0_i = f0_i / f1_i, since both are p_i divided by their factor.
        let per_sample: f64 = pdf
            .iter()
            .zip(f0.iter().zip(&f1))
            .map(|(&(_, p), (a, b))| p * (a / b).ln())
            .sum();
        results.regularised_samples() * per_sample
    }

    /// The decision for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::H1
        } else if llr <= lower {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// The normal approximation of the GSPRT (`LLR_alt2` in `LLRcalc`):
/// `N·(s1 − s0)·(2·mean − s0 − s1) / (2·var)`. Kept as an independent cross-check of
/// [`Sprt::llr`]; the two agree closely for the small Elo differences SPRTs test.
pub fn llr_normal_approximation(sprt: &Sprt, results: &Results) -> f64 {
    let pdf = results.pdf();
    let mean: f64 = pdf.iter().map(|&(a, p)| a * p).sum();
    let var: f64 = pdf.iter().map(|&(a, p)| p * (a - mean).powi(2)).sum();
    let (s0, s1) = (score_from_elo(sprt.elo0), score_from_elo(sprt.elo1));
    results.regularised_samples() * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(elo_from_score(0.75), 400.0 * 3f64.log10(), 1e-9));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        for elo in [-300.0, -35.5, 0.0, 12.0, 250.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn trinomial_interval_matches_hand_computation() {
        // 20 losses, 20 draws, 60 wins: s = 0.7, per-game variance 0.16, se = 0.04,
        // so the score interval is 0.7 ± 1.96·0.04.
        let est = Results::trinomial(20, 20, 60).elo();
        assert!(close(est.score, 0.7, 1e-12));
        assert!(close(est.elo, 147.19, 0.01), "{est:?}");
        assert!(close(est.low, 86.23, 0.01), "{est:?}");
        assert!(close(est.high, 218.25, 0.01), "{est:?}");
    }

    #[test]
    fn pentanomial_pairs_narrow_the_interval_when_pairs_are_balanced() {
        // The same 100 games (40 W, 20 D, 40 L) as 50 pairs that each split 1-1:
        // the pair variance is zero, far below what the per-game count suggests.
        let games = Results::trinomial(40, 20, 40).elo();
        let pairs = Results::pentanomial([0, 0, 50, 0, 0]).elo();
        assert!(close(games.elo, 0.0, 1e-9) && close(pairs.elo, 0.0, 1e-9));
        assert!(games.error_bar() > 50.0);
        assert!(pairs.error_bar() < 1e-6);
    }

    #[test]
    fn sprt_bounds_are_the_wald_bounds() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944_438_979, 1e-8));
        assert!(close(hi, 2.944_438_979, 1e-8));
    }

    #[test]
    fn llr_agrees_with_reference_values() {
        // Reference values from an independent Python implementation of fishtest's
        // LLR_logistic (MLE by Newton iteration), see the commit that added this test.
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let tri = Results::trinomial(2900, 4100, 3000);
        assert!(close(sprt.llr(&tri), TRI_REF, 1e-6), "{}", sprt.llr(&tri));
        let penta = Results::pentanomial([150, 1100, 2300, 1250, 200]);
        assert!(
            close(sprt.llr(&penta), PENTA_REF, 1e-6),
            "{}",
            sprt.llr(&penta)
        );
    }

    // Filled from the Python reference (scripts/arena/llr_reference.py).
    const TRI_REF: f64 = 0.684_124_085_798_100_8;
    const PENTA_REF: f64 = 6.843_022_126_579_783_5;

    #[test]
    fn exact_llr_and_normal_approximation_agree() {
        let sprt = Sprt {
            elo0: -1.0,
            elo1: 4.0,
            alpha: 0.05,
            beta: 0.1,
        };
        for r in [
            Results::trinomial(300, 500, 330),
            Results::trinomial(1000, 900, 950),
            Results::pentanomial([10, 120, 300, 140, 8]),
        ] {
            let exact = sprt.llr(&r);
            let approx = llr_normal_approximation(&sprt, &r);
            assert!(
                close(exact, approx, 0.02 * exact.abs().max(0.1)),
                "{exact} vs {approx}"
            );
        }
    }

    #[test]
    fn sprt_decides_both_ways() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let strong = Results::trinomial(400, 600, 700);
        assert_eq!(sprt.verdict(sprt.llr(&strong)), SprtVerdict::H1);
        let weak = Results::trinomial(600, 600, 500);
        assert_eq!(sprt.verdict(sprt.llr(&weak)), SprtVerdict::H0);
        let few = Results::trinomial(3, 4, 4);
        assert_eq!(sprt.verdict(sprt.llr(&few)), SprtVerdict::Continue);
        assert_eq!(sprt.llr(&Results::trinomial(0, 0, 0)), 0.0);
    }
}
