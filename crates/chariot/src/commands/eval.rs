//! `chariot eval`: explains the static evaluation of a position term by term.

use clap::Parser;
use engine::explain::explain_fen;
use engine::GameKind;
use game::Evaluation;

/// Arguments of `chariot eval`.
#[derive(Parser, Debug)]
pub struct EvalArgs {
    /// The game.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// The position (default: the game's starting position).
    #[arg(long)]
    pub fen: Option<String>,
    /// The total with the classic evaluation instead of the game's built-in network.
    #[arg(long)]
    pub classic: bool,
}

/// The text `chariot eval` prints: the total is the built-in evaluation's unless
/// `--classic`.
pub fn report(args: &EvalArgs) -> anyhow::Result<String> {
    let evaluation = if args.classic {
        Evaluation::Classic
    } else {
        Evaluation::Builtin
    };
    let fen = args.fen.as_deref();
    match args.game {
        GameKind::Chess => explain_fen::<chess::Position>(fen, evaluation),
        GameKind::Xiangqi => explain_fen::<xiangqi::Position>(fen, evaluation),
    }
    .map_err(anyhow::Error::msg)
}

/// Entry point of `chariot eval`.
pub fn run(args: EvalArgs) -> anyhow::Result<()> {
    print!("{}", report(&args)?);
    Ok(())
}
