//! The Texel fit: a logistic model of the game result from the linear evaluation, the
//! scaling constant K fitted first, then Adam on every weight over traces held in memory.

use game::{Trace, Tunable};

/// One training position, reduced to what the model needs.
#[derive(Clone, Debug)]
pub struct Entry {
    /// (weight index, White-minus-Black coefficient).
    pub coeffs: Vec<(u32, f64)>,
    /// Midgame share: phase / MAX_PHASE.
    pub mg_share: f64,
    /// Endgame share, scale factor included: scale / SCALE_ONE × (MAX_PHASE − phase) / MAX_PHASE.
    pub eg_share: f64,
    /// Terms outside the linear model, centipawns.
    pub fixed: f64,
    /// What the model should predict: a blend of the game result and the search score's
    /// win probability, in 0..=1 (White's view).
    pub target: f64,
}

impl Entry {
    /// Builds an entry from a game's trace.
    pub fn new<G: Tunable>(trace: &Trace, target: f64) -> Entry {
        let max = f64::from(G::MAX_PHASE);
        let phase = f64::from(trace.phase.clamp(0, G::MAX_PHASE));
        let scale = f64::from(trace.scale) / f64::from(G::SCALE_ONE);
        Entry {
            coeffs: trace
                .entries
                .iter()
                .map(|e| (u32::from(e.index), f64::from(e.coeff)))
                .collect(),
            mg_share: phase / max,
            eg_share: scale * (max - phase) / max,
            fixed: f64::from(trace.fixed),
            target,
        }
    }

    /// The model's evaluation (White's view, centipawns) under `weights`.
    pub fn eval(&self, weights: &[(f64, f64)]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in &self.coeffs {
            let (wm, we) = weights[i as usize];
            mg += c * wm;
            eg += c * we;
        }
        mg * self.mg_share + eg * self.eg_share + self.fixed
    }
}

/// Win probability of a centipawn score under scaling constant `k`.
pub fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// Mean squared error of the model's win probabilities against the targets.
pub fn mse(entries: &[Entry], weights: &[(f64, f64)], k: f64) -> f64 {
    if entries.is_empty() {
        return 0.0;
    }
    let sum: f64 = entries
        .iter()
        .map(|e| (sigmoid(k, e.eval(weights)) - e.target).powi(2))
        .sum();
    sum / entries.len() as f64
}

/// The K in 0.05..=4 that minimises the error with the weights as they are (a coarse
/// scan, then ever finer ones around the best value).
pub fn fit_k(entries: &[Entry], weights: &[(f64, f64)]) -> f64 {
    let evals: Vec<(f64, f64)> = entries
        .iter()
        .map(|e| (e.eval(weights), e.target))
        .collect();
    let error = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(s, t)| (sigmoid(k, s) - t).powi(2))
            .sum::<f64>()
    };
    let (mut best, mut step) = (1.0, 0.25);
    for _ in 0..6 {
        let candidates = (-8..=8)
            .map(|i| best + f64::from(i) * step)
            .filter(|k| (0.05..=4.0).contains(k));
        best = candidates
            .fold((best, error(best)), |(bk, be), k| {
                let e = error(k);
                if e < be {
                    (k, e)
                } else {
                    (bk, be)
                }
            })
            .0;
        step /= 4.0;
    }
    best
}

/// Adam settings.
#[derive(Clone, Copy, Debug)]
pub struct Adam {
    /// Step size in centipawns.
    pub rate: f64,
    /// Full passes over the data.
    pub epochs: usize,
    /// Weights whose feature occurs in fewer positions keep their value: a handful of
    /// positions would otherwise drag them anywhere.
    pub min_count: usize,
}

/// Runs Adam on the weights `fitted` allows (full-batch gradient of the mean squared
/// error); `report(epoch, error)` every 50 epochs and after the last.
pub fn adam(
    entries: &[Entry],
    weights: &mut [(f64, f64)],
    k: f64,
    settings: Adam,
    fitted: &[bool],
    report: &mut dyn FnMut(usize, f64),
) {
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let n = weights.len();
    let mut m = vec![(0.0, 0.0); n];
    let mut v = vec![(0.0, 0.0); n];
    let scale = 2.0 * k * std::f64::consts::LN_10 / 400.0 / entries.len().max(1) as f64;
    let mut seen = vec![0usize; n];
    for e in entries {
        for &(i, _) in &e.coeffs {
            seen[i as usize] += 1;
        }
    }
    let frozen: Vec<bool> = seen
        .iter()
        .zip(fitted)
        .map(|(&c, &fit)| !fit || c < settings.min_count.max(1))
        .collect();
    for epoch in 1..=settings.epochs {
        let mut grad = vec![(0.0f64, 0.0f64); n];
        for e in entries {
            let p = sigmoid(k, e.eval(weights));
            let g = (p - e.target) * p * (1.0 - p) * scale;
            let (gm, ge) = (g * e.mg_share, g * e.eg_share);
            for &(i, c) in &e.coeffs {
                grad[i as usize].0 += gm * c;
                grad[i as usize].1 += ge * c;
            }
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        let step = |w: &mut f64, g: f64, m: &mut f64, v: &mut f64| {
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            if *m != 0.0 {
                *w -= settings.rate * (*m / c1) / ((*v / c2).sqrt() + eps);
            }
        };
        for i in (0..n).filter(|&i| !frozen[i]) {
            step(&mut weights[i].0, grad[i].0, &mut m[i].0, &mut v[i].0);
            step(&mut weights[i].1, grad[i].1, &mut m[i].1, &mut v[i].1);
        }
        if epoch % 50 == 0 || epoch == settings.epochs {
            report(epoch, mse(entries, weights, k));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two features; the targets come from known weights, so the fit must recover them.
    fn synthetic() -> (Vec<Entry>, Vec<(f64, f64)>) {
        let truth = [(100.0, 60.0), (-40.0, 20.0)];
        let mut entries = Vec::new();
        for a in -3..=3 {
            for b in -3..=3 {
                for phase in [0.0, 0.5, 1.0] {
                    let mut e = Entry {
                        coeffs: vec![(0, f64::from(a)), (1, f64::from(b))],
                        mg_share: phase,
                        eg_share: 1.0 - phase,
                        fixed: 0.0,
                        target: 0.0,
                    };
                    e.target = sigmoid(1.0, e.eval(&truth));
                    entries.push(e);
                }
            }
        }
        (entries, truth.to_vec())
    }

    #[test]
    fn adam_recovers_known_weights() {
        let (entries, truth) = synthetic();
        let mut w = vec![(0.0, 0.0); 2];
        let before = mse(&entries, &w, 1.0);
        let mut last = f64::MAX;
        adam(
            &entries,
            &mut w,
            1.0,
            Adam {
                rate: 2.0,
                epochs: 3000,
                min_count: 1,
            },
            &[true, true],
            &mut |_, e| last = e,
        );
        assert!(last < before / 100.0, "{before} -> {last}");
        for (got, want) in w.iter().zip(&truth) {
            assert!(
                (got.0 - want.0).abs() < 5.0 && (got.1 - want.1).abs() < 5.0,
                "{w:?}"
            );
        }
    }

    #[test]
    fn rare_features_keep_their_weights() {
        let (mut entries, _) = synthetic();
        // feature 1 occurs in one position only
        for e in entries.iter_mut().skip(1) {
            e.coeffs.truncate(1);
        }
        let mut w = vec![(0.0, 0.0), (7.0, 8.0)];
        let settings = Adam {
            rate: 2.0,
            epochs: 100,
            min_count: 2,
        };
        adam(
            &entries,
            &mut w,
            1.0,
            settings,
            &[true, true],
            &mut |_, _| {},
        );
        assert_eq!(w[1], (7.0, 8.0));
        assert!(w[0].0 > 10.0, "{w:?}");
    }

    #[test]
    fn weights_left_out_of_the_fit_keep_their_values() {
        let (entries, truth) = synthetic();
        let mut w = vec![(0.0, 0.0), (7.0, 8.0)];
        let settings = Adam {
            rate: 2.0,
            epochs: 300,
            min_count: 1,
        };
        adam(
            &entries,
            &mut w,
            1.0,
            settings,
            &[true, false],
            &mut |_, _| {},
        );
        assert_eq!(w[1], (7.0, 8.0));
        assert!(w[0].0 > truth[0].0 / 2.0, "{w:?}");
    }

    #[test]
    fn k_is_fitted_to_the_data() {
        let (mut entries, truth) = synthetic();
        for e in &mut entries {
            e.target = sigmoid(1.7, e.eval(&truth));
        }
        let k = fit_k(&entries, &truth);
        assert!((k - 1.7).abs() < 0.02, "{k}");
    }
}
