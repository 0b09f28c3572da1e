//! The training loop of `chariot nnue-train`: shuffled mini-batches, gradients summed over
//! threads, Adam steps, a learning-rate drop for the last epochs.

use super::data::Positions;
use super::model::{Adam, Net, Rng};
use std::time::Instant;

/// How to train.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's learning rate.
    pub rate: f32,
    /// Positions per Adam step.
    pub batch: usize,
    /// Logistic scale of the evaluation.
    pub k: f32,
    /// Threads that share each batch.
    pub threads: usize,
    /// Seed of the per-epoch shuffles.
    pub seed: u64,
    /// The last this-many epochs run at a tenth of the rate.
    pub drop_epochs: usize,
}

/// What one epoch achieved.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// 1-based epoch number.
    pub epoch: usize,
    /// Mean squared error over the epoch's batches (parameters changing as it goes).
    pub train_loss: f32,
    /// Mean squared error on the held-out positions after the epoch.
    pub held_out_loss: f32,
    /// Seconds since training began.
    pub seconds: f64,
}

/// Splits `0..n` into at most `threads` nearly equal ranges.
fn ranges(n: usize, threads: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    let chunk = n.div_ceil(threads.max(1)).max(1);
    (0..n).step_by(chunk).map(move |s| s..(s + chunk).min(n))
}

/// Adds the batch's mean gradient into `grads[0]` (the other buffers are scratch) and
/// returns the batch's summed squared error.
fn batch_gradient(
    net: &Net,
    data: &Positions,
    batch: &[u32],
    k: f32,
    grads: &mut [Vec<f32>],
) -> f64 {
    let scale = 1.0 / batch.len() as f32;
    let work = |part: &[u32], grad: &mut Vec<f32>| -> f64 {
        grad.fill(0.0);
        let mut loss = 0.0f64;
        for &i in part {
            let (us, them) = data.features(i as usize);
            let target = data.targets[i as usize];
            loss += f64::from(net.backward(us, them, target, k, scale, grad));
        }
        loss
    };
    let parts: Vec<&[u32]> = ranges(batch.len(), grads.len())
        .map(|r| &batch[r])
        .collect();
    let used = parts.len();
    let loss = std::thread::scope(|scope| {
        let (first, rest) = grads.split_first_mut().unwrap_or_else(|| unreachable!());
        let handles: Vec<_> = parts[1..]
            .iter()
            .zip(rest.iter_mut())
            .map(|(&part, grad)| scope.spawn(move || work(part, grad)))
            .collect();
        let mut loss = work(parts[0], first);
        for h in handles {
            loss += h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
        loss
    });
    let (first, rest) = grads.split_first_mut().unwrap_or_else(|| unreachable!());
    for other in &rest[..used - 1] {
        for (a, &b) in first.iter_mut().zip(other) {
            *a += b;
        }
    }
    loss
}

/// The mean squared error of `net` on all of `data` (0 for no positions).
pub fn mean_loss(net: &Net, data: &Positions, k: f32, threads: usize) -> f32 {
    if data.is_empty() {
        return 0.0;
    }
    let part_loss = |r: std::ops::Range<usize>| -> f64 {
        r.map(|i| {
            let (us, them) = data.features(i);
            f64::from(net.loss(us, them, data.targets[i], k))
        })
        .sum()
    };
    let sum: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = ranges(data.len(), threads)
            .map(|r| scope.spawn(move || part_loss(r)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    });
    (sum / data.len() as f64) as f32
}

/// Trains `net` on `train`, measuring on `held_out`; `after_epoch` sees every epoch's
/// report and network (to log and save them) and may stop training with an error.
pub fn train(
    net: &mut Net,
    train: &Positions,
    held_out: &Positions,
    settings: &Settings,
    after_epoch: &mut dyn FnMut(&EpochReport, &Net) -> anyhow::Result<()>,
) -> anyhow::Result<Vec<EpochReport>> {
    let start = Instant::now();
    let threads = settings.threads.max(1);
    let mut grads = vec![vec![0.0f32; net.params.len()]; threads];
    let mut adam = Adam::new(net.params.len());
    let mut rng = Rng::new(settings.seed);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut reports = Vec::with_capacity(settings.epochs);
    for epoch in 1..=settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let rate = if epoch + settings.drop_epochs > settings.epochs {
            settings.rate * 0.1
        } else {
            settings.rate
        };
        let mut loss = 0.0f64;
        for batch in order.chunks(settings.batch.max(1)) {
            loss += batch_gradient(net, train, batch, settings.k, &mut grads);
            adam.step(net, &grads[0], rate);
        }
        let report = EpochReport {
            epoch,
            train_loss: (loss / train.len().max(1) as f64) as f32,
            held_out_loss: mean_loss(net, held_out, settings.k, threads),
            seconds: start.elapsed().as_secs_f64(),
        };
        after_epoch(&report, net)?;
        reports.push(report);
    }
    Ok(reports)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_everything_once() {
        for (n, t) in [(10, 3), (2, 4), (0, 2), (16384, 2), (7, 1)] {
            let all: Vec<usize> = ranges(n, t).flatten().collect();
            assert_eq!(all, (0..n).collect::<Vec<_>>(), "n {n} threads {t}");
            assert!(ranges(n, t).count() <= t);
        }
    }

    #[test]
    fn threads_give_the_same_gradient() {
        let mut data = super::super::data::DataSet::default();
        let settings = super::super::data::LoadSettings {
            k: 1.0,
            lambda: 0.5,
            holdout_every: 0,
            holdout_block: 1,
            max_positions: None,
            mirror: false,
        };
        let lines = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R b KQ - 0 9 | 20 | 0.5",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 w - - 0 50 | -40 | 0.0",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 1.0",
        ];
        for line in lines {
            data.add_line::<chess::Position>(line, &settings).unwrap();
        }
        let net = Net::random(chess::nnue::INPUTS, 3);
        let batch = [0, 1, 2];
        let mut one = vec![vec![0.0; net.params.len()]];
        let mut two = vec![vec![0.0; net.params.len()]; 2];
        let l1 = batch_gradient(&net, &data.train, &batch, 1.0, &mut one);
        let l2 = batch_gradient(&net, &data.train, &batch, 1.0, &mut two);
        assert!((l1 - l2).abs() < 1e-6 && l1 > 0.0);
        let diff = one[0]
            .iter()
            .zip(&two[0])
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f32::max);
        assert!(diff < 1e-6, "{diff}");
        assert!(one[0].iter().any(|&g| g != 0.0));
    }
}
