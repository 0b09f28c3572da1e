//! `chariot wdl-fit`: fits a game's win/draw/loss model ([`game::WdlModel`]) to Chariot's
//! own games, as Stockfish fits its own.
//!
//! Reads arena PGNs (gzipped or not), replays each game with `record`'s importer, and takes
//! every position between plies [`samples::FIRST_PLY`] and [`samples::LAST_PLY`] whose
//! mover reported a non-mate score under [`samples::MAX_SCORE`]: its material, that score
//! and the game's result for the mover. Every `holdout`-th game is kept out of the fit and
//! measured. Prints the coefficients as Rust source, the log loss on both parts next to
//! the constant model's, and a calibration table. The files must be self-play (Chariot on
//! both sides): the model describes Chariot's scores, and another engine's would blur it.

pub mod fit;
pub mod samples;

use anyhow::bail;
use clap::Parser;
use engine::GameKind;
use game::{Game, WdlModel};
use samples::{Sample, Skip};
use std::path::PathBuf;

/// Arguments of `chariot wdl-fit`.
#[derive(Parser, Debug)]
#[command(
    name = "chariot wdl-fit",
    about = "Fit the win/draw/loss model to self-play PGNs; prints Rust constants"
)]
pub struct Args {
    /// The game.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// Every N-th game (the N-th, 2N-th, …, counted over all files in order) is held out
    /// of the fit and measured.
    #[arg(long, default_value_t = 5)]
    pub holdout: usize,
    /// Arena PGN files (`.pgn` or `.pgn.gz`) of Chariot playing itself.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Runs `chariot wdl-fit`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.game {
        GameKind::Chess => run_game::<chess::Position>(&args),
        GameKind::Xiangqi => run_game::<xiangqi::Position>(&args),
    }
}

/// Training and held-out positions, and how many games gave none.
pub struct Collected {
    /// Positions the model is fitted on.
    pub train: Vec<Sample>,
    /// Positions of every held-out game.
    pub held_out: Vec<Sample>,
    /// Games read (including skipped ones).
    pub games: usize,
    /// Games skipped, with the first reason seen.
    pub skipped: usize,
    /// The first skip's reason, for the report.
    pub first_skip: Option<String>,
}

/// Collects positions from the texts of PGN files; game `i` (from 0) is held out when
/// `(i + 1) % holdout == 0` (`holdout` 0: none).
pub fn collect<G: Game>(texts: &[String], holdout: usize) -> Collected {
    let mut out = Collected {
        train: Vec::new(),
        held_out: Vec::new(),
        games: 0,
        skipped: 0,
        first_skip: None,
    };
    for text in texts {
        for game_text in samples::split_games(text) {
            out.games += 1;
            match samples::game_samples::<G>(game_text) {
                Ok(positions) if holdout > 0 && out.games.is_multiple_of(holdout) => {
                    out.held_out.extend(positions)
                }
                Ok(positions) => out.train.extend(positions),
                Err(skip) => {
                    out.skipped += 1;
                    out.first_skip.get_or_insert_with(|| match skip {
                        Skip::Import(e) => format!("game {}: {e}", out.games),
                        Skip::NoResult => format!("game {}: no result", out.games),
                        Skip::NoScores => format!("game {}: moves without scores", out.games),
                    });
                }
            }
        }
    }
    out
}

fn run_game<G: Game>(args: &Args) -> anyhow::Result<()> {
    let Some(current) = G::wdl_model() else {
        bail!("{} has no win/draw/loss model to fit", G::NAME);
    };
    let texts = args
        .files
        .iter()
        .map(|path| samples::read_text(path))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let data = collect::<G>(&texts, args.holdout);
    println!(
        "{} games from {} files; {} skipped{}",
        data.games,
        args.files.len(),
        data.skipped,
        data.first_skip
            .as_deref()
            .map(|s| format!(" (first: {s})"))
            .unwrap_or_default()
    );
    if data.train.is_empty() {
        bail!("no positions to fit: are these arena PGNs with scores in their comments?");
    }
    println!(
        "positions: {} to fit, {} held out (every {}th game)",
        data.train.len(),
        data.held_out.len(),
        args.holdout
    );
    let start = WdlModel {
        a: [0.0, 0.0, 0.0, 200.0],
        b: [0.0, 0.0, 0.0, 80.0],
        ..current
    };
    let model = fit::fit(&start, &data.train);
    println!();
    println!("{}", source(&model));
    println!();
    for (name, set) in [("fit", &data.train), ("held out", &data.held_out)] {
        if set.is_empty() {
            continue;
        }
        let q = fit::quality(&model, set);
        let old = fit::quality(&current, set);
        println!(
            "{name:>8}: log loss {:.4} (constant model {:.4}, current constants {:.4}); \
             mean predicted {:.4}, actual {:.4}",
            q.log_loss, q.constant_log_loss, old.log_loss, q.mean_predicted, q.mean_actual
        );
    }
    let measured = if data.held_out.is_empty() {
        &data.train
    } else {
        &data.held_out
    };
    println!();
    println!("calibration (held out): predicted expected result vs actual");
    println!("   bin    count  predicted  actual  draw pred  draw actual");
    for row in fit::calibration(&model, measured) {
        if row.count > 0 {
            println!(
                "  {:.1}-{:.1} {:>7}  {:>9.3}  {:>6.3}  {:>9.3}  {:>11.3}",
                row.low,
                row.low + 0.1,
                row.count,
                row.predicted,
                row.actual,
                row.predicted_draw,
                row.actual_draw
            );
        }
    }
    Ok(())
}

/// The model as Rust source, ready to paste over the game's `WDL_MODEL` constant.
pub fn source(model: &WdlModel) -> String {
    let list = |c: &[f64; 4]| {
        c.iter()
            .map(|x| format!("{x:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "pub const WDL_MODEL: WdlModel = WdlModel {{\n    a: [{}],\n    b: [{}],\n    \
         material_min: {},\n    material_max: {},\n    normaliser: {:.1},\n}};",
        list(&model.a),
        list(&model.b),
        model.material_min,
        model.material_max,
        model.normaliser
    )
}
