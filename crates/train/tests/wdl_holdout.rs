//! The fitted win/draw/loss models against games they were not fitted on: a few dozen
//! self-play games per game, held out of `chariot wdl-fit` (every 5th game of its input;
//! see docs/wdl.md) and committed under `tests/data`.

use game::{Game, WdlModel};
use train::wdl_fit::{collect, fit, samples};

/// How far the model's mean expected result may be from the games' mean result.
const MEAN_TOLERANCE: f64 = 0.04;

fn held_out<G: Game>(gz: &[u8]) -> (WdlModel, fit::Quality) {
    let text = samples::gunzip(gz).unwrap();
    let data = collect::<G>(&[text], 0);
    assert_eq!(data.skipped, 0, "{:?}", data.first_skip);
    assert!(data.games >= 30, "{} games", data.games);
    assert!(data.train.len() > 1000, "{} positions", data.train.len());
    let model = G::wdl_model().unwrap();
    let q = fit::quality(&model, &data.train);
    (model, q)
}

fn check(name: &str, q: fit::Quality) {
    println!("{name}: {q:?}");
    assert!(
        (q.mean_predicted - q.mean_actual).abs() < MEAN_TOLERANCE,
        "{name}: predicted {:.4}, actual {:.4}",
        q.mean_predicted,
        q.mean_actual
    );
    assert!(
        q.log_loss < q.constant_log_loss - 0.05,
        "{name}: log loss {:.4} does not beat the result frequencies' {:.4}",
        q.log_loss,
        q.constant_log_loss
    );
}

#[test]
fn chess_model_predicts_held_out_games() {
    let (_, q) = held_out::<chess::Position>(include_bytes!("data/wdl-holdout-chess.pgn.gz"));
    check("chess", q);
}

#[test]
fn xiangqi_model_predicts_held_out_games() {
    let (_, q) = held_out::<xiangqi::Position>(include_bytes!("data/wdl-holdout-xiangqi.pgn.gz"));
    check("xiangqi", q);
}

/// The held-out check can fail: a model that ignores the score does no better than the
/// result frequencies.
#[test]
fn a_model_blind_to_the_score_fails_the_check() {
    let text = samples::gunzip(include_bytes!("data/wdl-holdout-chess.pgn.gz")).unwrap();
    let data = collect::<chess::Position>(&[text], 0);
    let blind = WdlModel {
        b: [0.0, 0.0, 0.0, 1e9],
        ..chess::wdl::WDL_MODEL
    };
    let q = fit::quality(&blind, &data.train);
    assert!(q.log_loss >= q.constant_log_loss - 0.05, "{q:?}");
}
