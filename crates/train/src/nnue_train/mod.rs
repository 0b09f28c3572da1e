//! `chariot nnue-train`: trains a game's network (`--game chess`, the default, for
//! [`chess::nnue`]; `--game xiangqi` for [`xiangqi::nnue`]) in floating point on
//! `chariot datagen` data of that game and writes it quantised, in the engine's `.nnue`
//! format (whose header names the game). Everything but the inputs is the same for both
//! games: a [`Trainable`] game says which inputs a position has and how they mirror.
//!
//! The float model is exactly what the engine computes, before rounding: for the side to
//! move's inputs `F_us` and the other side's `F_them`,
//! `h = b1 + Σ W1[f]`, `a = clamp(h, 0, 1)`, `out = W2_us·a_us + W2_them·a_them + b2`, and the
//! evaluation is `out × SCALE` centipawns. It is fitted by Adam to
//! `λ·sigmoid_K(score) + (1 − λ)·result` (side to move's view) with squared error on
//! `sigmoid_K(out × SCALE)`, `sigmoid_K(cp) = 1 / (1 + 10^(−K·cp/400))` as in `chariot tune`.
//!
//! [`data`] loads the positions, [`model`] has the network, its gradient and Adam, and
//! [`train`] the loop.

pub mod data;
pub mod model;
pub mod train;

use anyhow::{bail, Context};
use clap::Parser;
use data::{DataSet, LoadSettings};
use engine::GameKind;
use model::{win_probability, Net};
use nnue::{Activation, FeatureSet};
use std::path::{Path, PathBuf};
use std::time::Instant;
use train::{EpochReport, Settings};

/// Arguments of `chariot nnue-train`.
#[derive(Parser, Debug, Clone)]
#[command(
    name = "chariot nnue-train",
    about = "Train a network (NNUE) on datagen data; writes a quantised .nnue file"
)]
pub struct Args {
    /// The game whose network is trained (its data files must be of that game).
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// Data files written by `chariot datagen` (repeat the option or separate with commas).
    #[arg(long, value_delimiter = ',', required = true)]
    pub data: Vec<PathBuf>,
    /// Where to write the network (rewritten after every epoch).
    #[arg(long)]
    pub out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Adam's learning rate.
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Weight of the search score in the target (0: game results only, 1: scores only).
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Logistic scale K: a prediction is 1 / (1 + 10^(-K·cp/400)).
    #[arg(long, default_value_t = 1.067)]
    pub k: f32,
    /// Threads sharing each batch.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Every this-many-th block of positions is held out for validation.
    #[arg(long, default_value_t = 20)]
    pub holdout_every: usize,
    /// Positions per held-out block (about a dozen games at the default).
    #[arg(long, default_value_t = 1024)]
    pub holdout_block: usize,
    /// The last this-many epochs run at a tenth of the rate (default: a quarter, rounded).
    #[arg(long)]
    pub drop_epochs: Option<usize>,
    /// Load at most this many positions (for quick tries).
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Also train on every training position mirrored left to right (twice the data).
    #[arg(long)]
    pub mirror: bool,
    /// Start from this network (a `.nnue` file) instead of random weights: continues its
    /// training on new data.
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// The hidden units' activation: `clipped` (clamp(h, 0, 1)) or `squared`
    /// (clamp(h, 0, 1)², "SCReLU"). Default: the `--init` network's, else `clipped`.
    /// A network started from a file of the other activation keeps its weights and
    /// learns the new activation from there.
    #[arg(long, value_parser = parse_activation)]
    pub activation: Option<Activation>,
}

/// A game whose network `nnue-train` can train: its data files' layout (`Packable`)
/// and its network's inputs.
pub trait Trainable: crate::data_format::Packable {
    /// The network's inputs for this game.
    type Features: FeatureSet<Position = Self>;
    /// An input of the position mirrored left to right (for `--mirror`).
    fn mirror(feature: u16) -> u16;
}

impl Trainable for chess::Position {
    type Features = chess::nnue::ChessFeatures;
    fn mirror(feature: u16) -> u16 {
        // an input is side·384 + kind·64 + square, and square ^ 7 mirrors the file
        feature ^ 7
    }
}

impl Trainable for xiangqi::Position {
    type Features = xiangqi::nnue::XiangqiFeatures;
    fn mirror(feature: u16) -> u16 {
        // an input is (side·7 + kind)·90 + rank·9 + file: file f becomes 8 − f
        let file = feature % 9;
        feature - file + (8 - file)
    }
}

/// Reads `--activation`.
fn parse_activation(text: &str) -> Result<Activation, String> {
    match text {
        "clipped" => Ok(Activation::Clipped),
        "squared" => Ok(Activation::SquaredClipped),
        _ => Err(format!("`{text}`: expected `clipped` or `squared`")),
    }
}

/// The losses of a training run.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The classic evaluation's held-out loss.
    pub classic_loss: f32,
    /// The float network's held-out loss before training.
    pub initial_loss: f32,
    /// One report per epoch.
    pub epochs: Vec<EpochReport>,
    /// The quantised network's loss on the kept held-out FENs.
    pub quantised_loss: f32,
}

impl Args {
    fn check(&self) -> anyhow::Result<()> {
        if self.epochs == 0 || self.batch == 0 || self.threads == 0 {
            bail!("--epochs, --batch and --threads must be at least 1");
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            bail!("--lambda must be between 0 and 1");
        }
        if !(self.k > 0.0 && self.rate > 0.0) {
            bail!("--k and --rate must be positive");
        }
        if self.holdout_every == 1 {
            bail!("--holdout-every 1 would hold out every position");
        }
        if self.drop_epochs.is_some_and(|d| d > self.epochs) {
            bail!("--drop-epochs is more than --epochs");
        }
        Ok(())
    }

    fn settings(&self) -> Settings {
        Settings {
            epochs: self.epochs,
            rate: self.rate,
            batch: self.batch,
            k: self.k,
            threads: self.threads,
            seed: self.seed,
            drop_epochs: self
                .drop_epochs
                .unwrap_or((self.epochs as f64 * 0.25).round() as usize),
        }
    }
}

/// Mean squared error of centipawn evaluations `cp` against `targets`.
fn cp_loss(k: f32, cp: impl Iterator<Item = f32>, targets: &[f32]) -> f32 {
    let sum: f64 = cp
        .zip(targets)
        .map(|(cp, &t)| f64::from((win_probability(k, cp) - t).powi(2)))
        .sum();
    (sum / targets.len().max(1) as f64) as f32
}

/// The quantised network's loss on the kept held-out positions.
fn quantised_loss<G: Trainable>(net: &Net, data: &DataSet, k: f32) -> anyhow::Result<f32> {
    let q = net.quantise::<G::Features>().map_err(anyhow::Error::msg)?;
    let mut cps = Vec::with_capacity(data.kept.len());
    for kept in &data.kept {
        let pos = G::from_fen(&kept.fen)
            .map_err(|e| anyhow::anyhow!("held-out FEN `{}`: {e}", kept.fen))?;
        cps.push(q.evaluate_position(&pos) as f32);
    }
    let targets: Vec<f32> = data.kept.iter().map(|kept| kept.target).collect();
    Ok(cp_loss(k, cps.into_iter(), &targets))
}

/// Writes the quantised network to `path` (through a temporary file, so an interrupted
/// write never leaves a broken network).
fn save<F: FeatureSet>(net: &Net, path: &Path) -> anyhow::Result<()> {
    let bytes = net.quantise::<F>().map_err(anyhow::Error::msg)?.to_bytes();
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// Loads the data, trains, writes the network after every epoch and reports progress
/// through `log`, for the game `args.game`.
pub fn nnue_train(args: &Args, log: &mut dyn FnMut(&str)) -> anyhow::Result<Summary> {
    args.check()?;
    match args.game {
        GameKind::Chess => train_game::<chess::Position>(args, log),
        GameKind::Xiangqi => train_game::<xiangqi::Position>(args, log),
    }
}

/// [`nnue_train`] for game `G`.
fn train_game<G: Trainable>(args: &Args, log: &mut dyn FnMut(&str)) -> anyhow::Result<Summary> {
    let start = Instant::now();
    let load = LoadSettings {
        k: args.k,
        lambda: args.lambda,
        holdout_every: args.holdout_every,
        holdout_block: args.holdout_block,
        max_positions: args.max_positions,
        mirror: args.mirror,
    };
    let data = data::load::<G>(&args.data, &load)?;
    log(&format!(
        "{} positions ({} held out), {} unreadable lines skipped, {:.1} s",
        data.positions(),
        data.held_out.len(),
        data.skipped,
        start.elapsed().as_secs_f64()
    ));
    let classic_loss = cp_loss(args.k, data.classic.iter().copied(), &data.held_out.targets);
    let net = match &args.init {
        Some(path) => {
            let file = nnue::Network::<G::Features>::from_file(path)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            let (net, woken) = Net::from_network(&file, args.seed);
            if woken > 0 {
                log(&format!(
                    "{woken} hidden units of {} are new (random inputs, zero outputs)",
                    nnue::HIDDEN
                ));
            }
            net
        }
        None => Net::random(G::Features::INPUTS, args.seed),
    };
    let net_activation = net.activation;
    let mut net = net.with_activation(args.activation.unwrap_or(net_activation));
    log(&format!("activation: {:?}", net.activation));
    let initial_loss = train::mean_loss(&net, &data.held_out, args.k, args.threads);
    log(&format!(
        "held-out loss: classic evaluation {classic_loss:.6}, untrained network {initial_loss:.6}"
    ));
    let settings = args.settings();
    let epochs = train::train(
        &mut net,
        &data.train,
        &data.held_out,
        &settings,
        &mut |r, net| {
            save::<G::Features>(net, &args.out)?;
            log(&format!(
                "epoch {}: train loss {:.6}, held-out loss {:.6}, {:.1} s",
                r.epoch, r.train_loss, r.held_out_loss, r.seconds
            ));
            Ok(())
        },
    )?;
    let quantised_loss = quantised_loss::<G>(&net, &data, args.k)?;
    log(&format!(
        "quantised network: held-out loss {quantised_loss:.6} on {} positions",
        data.kept.len()
    ));
    log(&format!("wrote {}", args.out.display()));
    Ok(Summary {
        classic_loss,
        initial_loss,
        epochs,
        quantised_loss,
    })
}

/// Entry point of `chariot nnue-train`.
pub fn run(args: Args) -> anyhow::Result<()> {
    nnue_train(&args, &mut |line| eprintln!("{line}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::Rng;

    /// A random legal-looking position: both kings and a few other pieces, and its
    /// material balance (White's view) in centipawns.
    fn random_position(rng: &mut Rng) -> (String, i32) {
        let mut board = [None::<char>; 64];
        let mut balance = 0;
        let place = |board: &mut [Option<char>; 64], piece: char, rng: &mut Rng| loop {
            let sq = rng.below(64);
            let pawn_rank = piece.eq_ignore_ascii_case(&'p') && !(8..56).contains(&sq);
            if board[sq].is_none() && !pawn_rank {
                board[sq] = Some(piece);
                return;
            }
        };
        place(&mut board, 'K', rng);
        place(&mut board, 'k', rng);
        for _ in 0..rng.below(8) {
            let (piece, value) =
                [('p', 100), ('n', 300), ('b', 300), ('r', 500), ('q', 900)][rng.below(5)];
            let white = rng.below(2) == 0;
            place(
                &mut board,
                if white {
                    piece.to_ascii_uppercase()
                } else {
                    piece
                },
                rng,
            );
            balance += if white { value } else { -value };
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(c) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = if rng.below(2) == 0 { 'w' } else { 'b' };
        (format!("{fen} {side} - - 0 1"), balance)
    }

    fn args(data: PathBuf, out: PathBuf) -> Args {
        Args {
            game: GameKind::Chess,
            data: vec![data],
            out,
            epochs: 8,
            rate: 0.01,
            batch: 64,
            lambda: 1.0,
            k: 1.0,
            threads: 2,
            seed: 7,
            holdout_every: 5,
            holdout_block: 1,
            drop_epochs: None,
            max_positions: None,
            mirror: false,
            init: None,
            activation: None,
        }
    }

    #[test]
    fn training_on_material_lowers_the_loss_and_writes_a_network() {
        let mut rng = Rng::new(42);
        let mut text = String::from("# synthetic: material balance\n");
        let mut written = 0;
        while written < 1000 {
            let (fen, balance) = random_position(&mut rng);
            if chess::Position::parse_fen(&fen).is_err() {
                continue; // e.g. the side not to move is in check
            }
            written += 1;
            let result = match balance {
                b if b > 100 => "1.0",
                b if b < -100 => "0.0",
                _ => "0.5",
            };
            text.push_str(&format!("{fen} | {balance} | {result}\n"));
        }
        text.push_str("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1"); // cut while being written
        let dir = std::env::temp_dir();
        let id = std::process::id();
        let data = dir.join(format!("nnue-train-material-{id}.txt"));
        let out = dir.join(format!("nnue-train-material-{id}.nnue"));
        std::fs::write(&data, text).unwrap();
        let mut lines = Vec::new();
        let summary = nnue_train(&args(data.clone(), out.clone()), &mut |l| {
            lines.push(l.to_string())
        })
        .unwrap();
        let bytes = std::fs::read(&out).unwrap();
        // continuing from the written network starts where it ended
        let mut again = args(
            data.clone(),
            dir.join(format!("nnue-train-again-{id}.nnue")),
        );
        again.init = Some(out.clone());
        again.epochs = 1;
        let continued = nnue_train(&again, &mut |_| {}).unwrap();
        std::fs::remove_file(&again.out).unwrap();
        again.init = Some(dir.join("no-such-network.nnue"));
        let missing = nnue_train(&again, &mut |_| {}).unwrap_err().to_string();
        std::fs::remove_file(&data).unwrap();
        std::fs::remove_file(&out).unwrap();
        assert!(missing.contains("no-such-network.nnue"), "{missing}");
        assert!(
            (continued.initial_loss - summary.quantised_loss).abs() < 1e-4,
            "{} after init, {} written",
            continued.initial_loss,
            summary.quantised_loss
        );
        assert!(
            lines[0].starts_with("1000 positions (200 held out)"),
            "{lines:?}"
        );
        assert!(lines[0].contains(" 1 unreadable"), "{lines:?}");
        assert_eq!(summary.epochs.len(), 8);
        let first = summary.epochs[0].train_loss;
        let last = summary.epochs[7];
        assert!(last.train_loss < 0.7 * first, "{lines:?}");
        assert!(last.held_out_loss < summary.initial_loss, "{lines:?}");
        assert!(
            (summary.quantised_loss - last.held_out_loss).abs() < 0.01,
            "{lines:?}"
        );
        assert!(chess::nnue::Network::from_bytes(&bytes).is_ok());
    }

    /// `--game xiangqi` reads xiangqi datagen data and writes a xiangqi network that the
    /// engine loads (and chess refuses); the loss falls, and chess refuses the data.
    #[test]
    fn a_xiangqi_network_trains_on_xiangqi_data() {
        let dir = std::env::temp_dir();
        let id = std::process::id();
        let data = dir.join(format!("nnue-train-xiangqi-{id}.data"));
        let out = dir.join(format!("nnue-train-xiangqi-{id}.nnue"));
        let datagen = crate::datagen::Args::try_parse_from([
            "chariot datagen",
            "--game",
            "xiangqi",
            "--games",
            "2",
            "--nodes",
            "500",
            "--quiet",
            "--out",
            &data.display().to_string(),
        ])
        .unwrap();
        crate::datagen::run(datagen).unwrap();
        let mut xiangqi_args = args(data.clone(), out.clone());
        xiangqi_args.game = GameKind::Xiangqi;
        xiangqi_args.epochs = 4;
        xiangqi_args.batch = 16;
        let summary = nnue_train(&xiangqi_args, &mut |_| {}).unwrap();
        let as_chess = nnue_train(&args(data.clone(), out.clone()), &mut |_| {});
        let loaded = <xiangqi::Position as game::Game>::load_evaluator(&out);
        let refused = <chess::Position as game::Game>::load_evaluator(&out);
        std::fs::remove_file(&data).unwrap();
        std::fs::remove_file(&out).unwrap();
        let first = summary.epochs[0].train_loss;
        let last = summary.epochs[3].train_loss;
        assert!(last < first, "{:?}", summary.epochs);
        assert!(loaded.unwrap().is_some(), "a xiangqi network");
        assert_eq!(refused.unwrap_err(), "this is a xiangqi network, not chess");
        let err = format!("{:#}", as_chess.unwrap_err());
        assert!(err.contains("not chess"), "{err}");
    }

    /// Xiangqi's mirror maps file f to 8 − f: the symmetric start maps onto itself, and a
    /// chariot on the a-file onto one on the i-file.
    #[test]
    fn xiangqi_inputs_mirror_left_to_right() {
        let sorted = |fen: &str, mirror: bool| {
            let pos = <xiangqi::Position as game::Game>::from_fen(fen).unwrap();
            let (mut us, _) = xiangqi::nnue::features(&pos);
            if mirror {
                us.iter_mut()
                    .for_each(|f| *f = <xiangqi::Position as Trainable>::mirror(*f));
            }
            us.sort_unstable();
            us
        };
        assert_eq!(
            sorted(xiangqi::START_FEN, true),
            sorted(xiangqi::START_FEN, false)
        );
        let left = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
        let right = "5k3/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
        assert_eq!(sorted(left, true), sorted(right, false));
        assert_ne!(sorted(left, false), sorted(right, false));
    }

    #[test]
    fn options_parse_and_bad_values_are_refused() {
        let parsed = Args::try_parse_from([
            "chariot nnue-train",
            "--data",
            "a.txt,b.txt",
            "--data",
            "c.txt",
            "--out",
            "x.nnue",
            "--epochs",
            "10",
        ])
        .unwrap();
        assert_eq!(parsed.data.len(), 3);
        assert_eq!(parsed.settings().drop_epochs, 3);
        assert_eq!(parsed.batch, 16384);
        assert!(parsed.check().is_ok());
        assert!(Args::try_parse_from(["chariot nnue-train", "--out", "x"]).is_err());
        let mut bad = parsed.clone();
        bad.lambda = 1.5;
        assert!(bad.check().is_err());
        let mut bad = parsed;
        bad.drop_epochs = Some(11);
        assert!(bad.check().is_err());
    }
}
