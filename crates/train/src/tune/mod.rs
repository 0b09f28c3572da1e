//! `chariot tune`: Texel tuning of a game's evaluation weights on `chariot datagen` data.
//!
//! Loads every position's trace ([`game::Tunable::trace`]) into memory, fits the logistic
//! scale K with the current weights, runs Adam on all weights, prints the mean squared
//! error before and after (on the training positions and on every tenth position held
//! out), and writes the weights as Rust source (see [`source`]) — the same form as the
//! game's hand-seeded `weights.rs`, so copying the output over it and rebuilding plays
//! with the tuned weights.

pub mod fit;
pub mod source;

use crate::datagen::Sample;
use anyhow::{bail, Context};
use clap::Parser;
use engine::GameKind;
use fit::{Adam, Entry};
use game::{Game, Tunable};
use std::path::PathBuf;

/// Arguments of `chariot tune`.
#[derive(Parser, Debug)]
#[command(
    name = "chariot tune",
    about = "Texel-tune the evaluation weights on datagen data; writes Rust source"
)]
pub struct Args {
    /// The game.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// The data file written by `chariot datagen`.
    #[arg(long)]
    pub data: PathBuf,
    /// Full passes of Adam over the data.
    #[arg(long, default_value_t = 500)]
    pub epochs: usize,
    /// Adam step size in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Weight of the search score in the target (0: game results only, 1: scores only).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Weights whose feature occurs in fewer training positions are left as they are.
    #[arg(long, default_value_t = 200)]
    pub min_count: usize,
    /// Logistic scale of the targets' scores and of the fit. Default: the scores' win
    /// probabilities use the K that best predicts the game results with the starting
    /// weights, and the fit the K that best predicts those targets. A given K makes the
    /// targets the same whatever the starting weights, and keeps the evaluation's scale.
    /// (Session 22: that fit lost to the default one, whose lower refitted K let the
    /// weights grow.)
    #[arg(long)]
    pub k: Option<f64>,
    /// Fit only the weights whose names start with this prefix (repeat for several, e.g.
    /// `--only king.danger`); the others keep their values. Default: every weight.
    #[arg(long)]
    pub only: Vec<String>,
    /// Where to write the tuned weights (Rust source).
    #[arg(long)]
    pub out: PathBuf,
}

/// Training and held-out positions.
pub struct DataSet {
    /// Positions the weights are fitted on.
    pub train: Vec<Entry>,
    /// Every tenth position, kept out of the fit to show over-fitting.
    pub held_out: Vec<Entry>,
}

/// Reads a data file's lines into traced entries. A score's share of the target is its
/// win probability under `k`, or where that is `None` under the K that best predicts the
/// game results with the current weights.
pub fn load<G: Game + Tunable>(
    text: &str,
    lambda: f64,
    k: Option<f64>,
) -> anyhow::Result<(DataSet, Vec<(f64, f64)>)> {
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let parsed = Sample::parse(line).with_context(|| format!("line {}", number + 1))?;
        let Some(sample) = parsed else { continue };
        let pos = G::from_fen(&sample.fen)
            .map_err(|e| anyhow::anyhow!("line {}: bad FEN: {e}", number + 1))?;
        samples.push((pos.trace(), sample));
    }
    if samples.is_empty() {
        bail!("no positions in the data");
    }
    let weights: Vec<(f64, f64)> = G::weights()
        .iter()
        .map(|&(mg, eg)| (f64::from(mg), f64::from(eg)))
        .collect();
    // K for the search scores' share of the target: the same K the results suggest,
    // fitted first on results alone, unless given.
    let results: Vec<Entry> = samples
        .iter()
        .map(|(t, s)| Entry::new::<G>(t, s.result))
        .collect();
    let k = k.unwrap_or_else(|| fit::fit_k(&results, &weights));
    let mut data = DataSet {
        train: Vec::new(),
        held_out: Vec::new(),
    };
    for (i, ((_, sample), mut entry)) in samples.into_iter().zip(results).enumerate() {
        entry.target =
            lambda * fit::sigmoid(k, f64::from(sample.score)) + (1.0 - lambda) * sample.result;
        if i % 10 == 9 {
            data.held_out.push(entry);
        } else {
            data.train.push(entry);
        }
    }
    Ok((data, weights))
}

/// Tunes and returns (the Rust source of the tuned weights, a report of the errors).
pub fn tune<G: Game + Tunable>(
    text: &str,
    args: &Args,
    log: &mut dyn FnMut(&str),
) -> anyhow::Result<String> {
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("--lambda must be between 0 and 1");
    }
    if args.k.is_some_and(|k| k <= 0.0) {
        bail!("--k must be positive");
    }
    let (data, mut weights) = load::<G>(text, args.lambda, args.k)?;
    let k = args.k.unwrap_or_else(|| fit::fit_k(&data.train, &weights));
    let before = (
        fit::mse(&data.train, &weights, k),
        fit::mse(&data.held_out, &weights, k),
    );
    log(&format!(
        "{} positions ({} held out), {} weights, K = {k:.3}",
        data.train.len() + data.held_out.len(),
        data.held_out.len(),
        weights.len()
    ));
    log(&format!(
        "MSE before: train {:.6}, held out {:.6}",
        before.0, before.1
    ));
    let settings = Adam {
        rate: args.rate,
        epochs: args.epochs,
        min_count: args.min_count,
    };
    let fitted: Vec<bool> = G::weight_names()
        .iter()
        .map(|name| args.only.is_empty() || args.only.iter().any(|p| name.starts_with(p)))
        .collect();
    if !fitted.contains(&true) {
        bail!("no weight name starts with {:?}", args.only);
    }
    fit::adam(
        &data.train,
        &mut weights,
        k,
        settings,
        &fitted,
        &mut |epoch, e| {
            log(&format!("epoch {epoch}: train MSE {e:.6}"));
        },
    );
    let rounded: Vec<(i32, i32)> = weights
        .iter()
        .map(|&(mg, eg)| (mg.round() as i32, eg.round() as i32))
        .collect();
    let as_f64: Vec<(f64, f64)> = rounded
        .iter()
        .map(|&(m, e)| (f64::from(m), f64::from(e)))
        .collect();
    log(&format!(
        "MSE after (rounded weights): train {:.6}, held out {:.6}",
        fit::mse(&data.train, &as_f64, k),
        fit::mse(&data.held_out, &as_f64, k)
    ));
    source::weights_source(G::NAME, &G::weight_names(), &rounded)
}

fn run_game<G: Game + Tunable>(args: &Args) -> anyhow::Result<()> {
    let text = crate::data_format::cli::read_as_text(&args.data)
        .with_context(|| format!("cannot read {}", args.data.display()))?;
    let source = tune::<G>(&text, args, &mut |line| eprintln!("{line}"))?;
    std::fs::write(&args.out, source)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!("wrote {}", args.out.display());
    Ok(())
}

/// Entry point of `chariot tune`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.game {
        GameKind::Chess => run_game::<chess::Position>(&args),
        GameKind::Xiangqi => run_game::<xiangqi::Position>(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(epochs: usize) -> Args {
        Args {
            game: GameKind::Chess,
            data: PathBuf::new(),
            epochs,
            rate: 1.0,
            lambda: 0.5,
            k: None,
            min_count: 1,
            only: Vec::new(),
            out: PathBuf::new(),
        }
    }

    #[test]
    fn tuning_lowers_the_error_and_writes_source() {
        // Positions from a few self-play games at tiny node counts.
        let gen = crate::datagen::Args {
            game: GameKind::Chess,
            games: 6,
            nodes: 200,
            threads: 2,
            hash: 16,
            random_plies: 6,
            max_plies: 80,
            seed: 3,
            out: None,
            depth: None,
            win_cp: crate::datagen::WIN_CP,
            win_plies: crate::datagen::WIN_PLIES,
            draw_cp: 10,
            draw_plies: 20,
            draw_after: 80,
            quiet: true,
            eval_file: None,
            openings: None,
            format: crate::datagen::Format::Positions,
        };
        let mut buf = Vec::new();
        crate::datagen::generate::<chess::Position>(&gen, &mut buf, &|_, _| {}).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let mut lines = Vec::new();
        let source =
            tune::<chess::Position>(&text, &args(100), &mut |l| lines.push(l.to_string())).unwrap();
        let error = |prefix: &str| -> f64 {
            let line = lines.iter().find(|l| l.starts_with(prefix)).expect(prefix);
            line.split("train ")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert!(error("MSE after") < error("MSE before"), "{lines:?}");
        assert!(source.contains("pub const MATERIAL: [(i32, i32); 6]"));
    }

    #[test]
    fn a_given_k_is_used_instead_of_a_fitted_one() {
        let data = "8/8/8/8/8/8/4P3/K6k w - - 0 1 | 150 | 1.0\n\
                    8/8/8/8/8/8/4p3/K6k w - - 0 1 | -150 | 0.0\n";
        let mut given = args(1);
        given.k = Some(0.5);
        let mut lines = Vec::new();
        tune::<chess::Position>(data, &given, &mut |l| lines.push(l.to_string())).unwrap();
        assert!(lines[0].ends_with("K = 0.500"), "{lines:?}");
        let mut fitted = Vec::new();
        tune::<chess::Position>(data, &args(1), &mut |l| fitted.push(l.to_string())).unwrap();
        assert!(!fitted[0].ends_with("K = 0.500"), "{fitted:?}");
    }

    #[test]
    fn bad_data_is_an_error() {
        assert!(tune::<chess::Position>("", &args(1), &mut |_| {}).is_err());
        let bad_fen = "nonsense | 10 | 1.0\n";
        assert!(tune::<chess::Position>(bad_fen, &args(1), &mut |_| {}).is_err());
        let mut lambda = args(1);
        lambda.lambda = 2.0;
        assert!(tune::<chess::Position>(
            "8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5",
            &lambda,
            &mut |_| {}
        )
        .is_err());
        let mut negative_k = args(1);
        negative_k.k = Some(-1.0);
        assert!(tune::<chess::Position>(
            "8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5",
            &negative_k,
            &mut |_| {}
        )
        .is_err());
        let mut unknown = args(1);
        unknown.only = vec!["no.such.group".to_string()];
        assert!(tune::<chess::Position>(
            "8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5",
            &unknown,
            &mut |_| {}
        )
        .is_err());
    }
}
