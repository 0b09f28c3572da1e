//! Fitting the eight coefficients by maximum likelihood, and measuring a model on samples.
//!
//! The fit is Fisher scoring with Levenberg–Marquardt damping: each step solves
//! `(F + λ·diag F) δ = −g` with `g` the gradient of the mean negative log-likelihood and `F`
//! its Fisher information, both exact and computed in one pass. A step that lowers the loss
//! is kept and λ shrinks; one that does not is refused and λ grows. No randomness: the same
//! samples always give the same coefficients.

use super::samples::Sample;
use game::{logistic, WdlModel};

/// Probabilities below this count as this in the log loss (a draw chance can be ~0).
const FLOOR: f64 = 1e-9;
/// Most damped Newton steps.
const MAX_STEPS: usize = 300;

/// The mean negative log-likelihood of the samples' results, with its gradient and Fisher
/// information in the eight coefficients (`a[0..4]`, then `b[0..4]`).
struct Pass {
    loss: f64,
    grad: [f64; 8],
    fisher: [[f64; 8]; 8],
}

fn params(model: &WdlModel) -> [f64; 8] {
    let mut p = [0.0; 8];
    p[..4].copy_from_slice(&model.a);
    p[4..].copy_from_slice(&model.b);
    p
}

fn with_params(model: &WdlModel, p: &[f64; 8]) -> WdlModel {
    let mut m = *model;
    m.a.copy_from_slice(&p[..4]);
    m.b.copy_from_slice(&p[4..]);
    m
}

/// One pass over the samples.
fn pass(model: &WdlModel, samples: &[Sample]) -> Pass {
    let mut out = Pass {
        loss: 0.0,
        grad: [0.0; 8],
        fisher: [[0.0; 8]; 8],
    };
    for s in samples {
        let t = model.material_t(s.material);
        let powers = [t * t * t, t * t, t, 1.0];
        let (a, b) = model.a_b(s.material);
        let zw = (s.score - a) / b;
        let zl = (-s.score - a) / b;
        let (pw, pl) = (logistic(zw), logistic(zl));
        let p = [pw, (1.0 - pw - pl).max(FLOOR), pl];
        // d p / d a and d p / d b for win, draw, loss.
        let (dw_da, dw_db) = (-pw * (1.0 - pw) / b, -pw * (1.0 - pw) * zw / b);
        let (dl_da, dl_db) = (-pl * (1.0 - pl) / b, -pl * (1.0 - pl) * zl / b);
        let dab = [
            (dw_da, dw_db),
            (-dw_da - dl_da, -dw_db - dl_db),
            (dl_da, dl_db),
        ];
        let jac = |k: usize| {
            let mut j = [0.0; 8];
            for i in 0..4 {
                j[i] = dab[k].0 * powers[i];
                j[i + 4] = dab[k].1 * powers[i];
            }
            j
        };
        let r = s.result.index();
        out.loss -= p[r].max(FLOOR).ln();
        let jr = jac(r);
        for (g, j) in out.grad.iter_mut().zip(jr) {
            *g -= j / p[r].max(FLOOR);
        }
        for (k, &pk) in p.iter().enumerate() {
            let j = jac(k);
            for i in 0..8 {
                for l in 0..8 {
                    out.fisher[i][l] += j[i] * j[l] / pk.max(FLOOR);
                }
            }
        }
    }
    let n = samples.len().max(1) as f64;
    out.loss /= n;
    out.grad.iter_mut().for_each(|g| *g /= n);
    out.fisher.iter_mut().flatten().for_each(|f| *f /= n);
    out
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting; `None` when singular.
fn solve(mut m: [[f64; 8]; 8], mut v: [f64; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-300 {
            return None;
        }
        m.swap(col, pivot);
        v.swap(col, pivot);
        let (pivot_row, pivot_v) = (m[col], v[col]);
        for row in col + 1..8 {
            let f = m[row][col] / pivot_row[col];
            for (x, p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            v[row] -= f * pivot_v;
        }
    }
    let mut x = [0.0; 8];
    for row in (0..8).rev() {
        let tail: f64 = (row + 1..8).map(|k| m[row][k] * x[k]).sum();
        x[row] = (v[row] - tail) / m[row][row];
    }
    Some(x)
}

/// The model whose coefficients best predict the samples' results, starting from `start`
/// (only its coefficients change; its material range and normaliser are kept).
pub fn fit(start: &WdlModel, samples: &[Sample]) -> WdlModel {
    let mut model = *start;
    let mut current = pass(&model, samples);
    let mut lambda = 1e-3;
    for _ in 0..MAX_STEPS {
        let mut damped = current.fisher;
        for (i, row) in damped.iter_mut().enumerate() {
            row[i] += lambda * current.fisher[i][i].max(1e-12);
        }
        let Some(step) = solve(damped, current.grad.map(|g| -g)) else {
            lambda *= 10.0;
            continue;
        };
        let mut p = params(&model);
        for (pi, si) in p.iter_mut().zip(step) {
            *pi += si;
        }
        let trial = with_params(&model, &p);
        let next = pass(&trial, samples);
        if next.loss < current.loss {
            let gain = current.loss - next.loss;
            model = trial;
            current = next;
            lambda = (lambda / 3.0).max(1e-9);
            if gain < 1e-12 {
                break;
            }
        } else {
            lambda *= 4.0;
            if lambda > 1e12 {
                break;
            }
        }
    }
    model
}

/// How well a model predicts a set of samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quality {
    /// Positions measured.
    pub count: usize,
    /// Mean negative log-likelihood of the results under the model (nats).
    pub log_loss: f64,
    /// The same for the constant model that predicts the samples' own result frequencies.
    pub constant_log_loss: f64,
    /// Mean of the model's expected result (win + draw/2) for the mover.
    pub mean_predicted: f64,
    /// Mean of the actual result for the mover.
    pub mean_actual: f64,
}

/// Measures `model` on `samples`.
pub fn quality(model: &WdlModel, samples: &[Sample]) -> Quality {
    let n = samples.len().max(1) as f64;
    let mut counts = [0usize; 3];
    let (mut log_loss, mut predicted, mut actual) = (0.0, 0.0, 0.0);
    for s in samples {
        let p = model.probabilities(s.score, s.material);
        log_loss -= p[s.result.index()].max(FLOOR).ln();
        predicted += p[0] + p[1] / 2.0;
        actual += s.result.points();
        counts[s.result.index()] += 1;
    }
    let constant_log_loss = -counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let f = c as f64 / n;
            f * f.ln()
        })
        .sum::<f64>();
    Quality {
        count: samples.len(),
        log_loss: log_loss / n,
        constant_log_loss,
        mean_predicted: predicted / n,
        mean_actual: actual / n,
    }
}

/// One row of a calibration table: positions whose predicted expected result falls in
/// `[low, low + 0.1)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CalibrationRow {
    /// The bin's lower edge.
    pub low: f64,
    /// Positions in the bin.
    pub count: usize,
    /// Mean predicted expected result.
    pub predicted: f64,
    /// Mean actual result.
    pub actual: f64,
    /// Mean predicted draw chance.
    pub predicted_draw: f64,
    /// Share of draws.
    pub actual_draw: f64,
}

/// Ten bins of predicted expected result, with what happened in each.
pub fn calibration(model: &WdlModel, samples: &[Sample]) -> Vec<CalibrationRow> {
    let mut rows: Vec<CalibrationRow> = (0..10)
        .map(|i| CalibrationRow {
            low: f64::from(i) / 10.0,
            count: 0,
            predicted: 0.0,
            actual: 0.0,
            predicted_draw: 0.0,
            actual_draw: 0.0,
        })
        .collect();
    for s in samples {
        let p = model.probabilities(s.score, s.material);
        let expected = p[0] + p[1] / 2.0;
        let row = &mut rows[((expected * 10.0) as usize).min(9)];
        row.count += 1;
        row.predicted += expected;
        row.actual += s.result.points();
        row.predicted_draw += p[1];
        row.actual_draw += f64::from(u8::from(s.result.index() == 1));
    }
    for row in &mut rows {
        let n = row.count.max(1) as f64;
        row.predicted /= n;
        row.actual /= n;
        row.predicted_draw /= n;
        row.actual_draw /= n;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::super::samples::Result3;
    use super::*;

    const START: WdlModel = WdlModel {
        a: [0.0, 0.0, 0.0, 200.0],
        b: [0.0, 0.0, 0.0, 80.0],
        material_min: 10,
        material_max: 70,
        normaliser: 50.0,
    };

    /// Samples drawn from a known model without randomness: at each (material, score)
    /// the results come in the proportions the model gives, out of 1000.
    fn synthetic(truth: &WdlModel) -> Vec<Sample> {
        let mut out = Vec::new();
        for material in (10..=70).step_by(10) {
            for score in (-800..=800).step_by(50) {
                let p = truth.probabilities(f64::from(score), material);
                let counts = p.map(|x| (x * 200.0).round() as usize);
                for (result, count) in [Result3::Win, Result3::Draw, Result3::Loss]
                    .into_iter()
                    .zip(counts)
                {
                    out.extend((0..count).map(|_| Sample {
                        material,
                        score: f64::from(score),
                        result,
                    }));
                }
            }
        }
        out
    }

    #[test]
    fn the_fit_recovers_a_known_model() {
        let truth = WdlModel {
            a: [0.0, 30.0, -20.0, 250.0],
            b: [0.0, 0.0, 40.0, 50.0],
            ..START
        };
        let samples = synthetic(&truth);
        let fitted = fit(&START, &samples);
        for material in [10, 30, 50, 70] {
            let (a, b) = fitted.a_b(material);
            let (ta, tb) = truth.a_b(material);
            assert!((a - ta).abs() < 5.0, "a at {material}: {a} vs {ta}");
            assert!((b - tb).abs() < 5.0, "b at {material}: {b} vs {tb}");
        }
        let q = quality(&fitted, &samples);
        assert!(q.log_loss < quality(&START, &samples).log_loss);
        assert!(q.log_loss < q.constant_log_loss);
        assert!((q.mean_predicted - q.mean_actual).abs() < 0.01);
    }

    #[test]
    fn the_fit_is_deterministic() {
        let samples = synthetic(&START);
        assert_eq!(fit(&START, &samples), fit(&START, &samples));
    }

    #[test]
    fn calibration_bins_cover_every_sample() {
        let samples = synthetic(&START);
        let rows = calibration(&START, &samples);
        assert_eq!(rows.iter().map(|r| r.count).sum::<usize>(), samples.len());
        assert!(rows[9].actual > rows[0].actual);
    }
}
