//! `chariot eval`: explains the static evaluation of a position term by term.

use clap::Parser;
use engine::explain::explain_fen;
use engine::GameKind;

/// Arguments of `chariot eval`.
#[derive(Parser, Debug)]
pub struct EvalArgs {
    /// The game.
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// The position (default: the game's starting position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Chess: total with the classic evaluation instead of the built-in network.
    #[arg(long)]
    pub classic: bool,
}

/// Entry point of `chariot eval`.
pub fn run(args: EvalArgs) -> anyhow::Result<()> {
    if args.classic {
        chess::nnue::set_active(None);
    }
    let fen = args.fen.as_deref();
    let text = match args.game {
        GameKind::Chess => explain_fen::<chess::Position>(fen),
        GameKind::Xiangqi => explain_fen::<xiangqi::Position>(fen),
    }
    .map_err(anyhow::Error::msg)?;
    print!("{text}");
    Ok(())
}
