//! `chariot play`: a game against the engine in the terminal.
//!
//! [`render`] draws the board, [`record`] writes PGN / move lists, [`start`] picks a chess
//! start (standard, Chess960, Double Fischer Random), [`game`] runs the loop.
#![deny(missing_docs)]

pub mod game;
pub mod record;
pub mod render;
pub mod start;

use self::game::{play, Config};
use ::game::{Game, Side};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// The human's side in `chariot play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HumanSide {
    /// White in chess, Red in xiangqi (moves first).
    #[value(alias = "red", alias = "w", alias = "r")]
    White,
    /// Black (moves second).
    #[value(alias = "b")]
    Black,
}

/// Arguments of `chariot play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game: chess or xiangqi.
    #[arg(long, short = 'g', default_value = "chess")]
    pub game: engine::GameKind,
    /// Your side (red is white in xiangqi).
    #[arg(
        long,
        short = 's',
        value_enum,
        ignore_case = true,
        default_value = "white"
    )]
    pub side: HumanSide,
    /// The engine's level, 0-20.
    #[arg(long, short = 'l', default_value_t = 10, value_parser = clap::value_parser!(u8).range(0..=20))]
    pub level: u8,
    /// The engine's thinking time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Chess960: start position N (0-959, 518 is the standard array), or a random one
    /// without N. Castle by taking your rook with the king (e1h1) or with O-O / O-O-O.
    #[arg(long, value_name = "N", num_args = 0..=1,
          value_parser = clap::value_parser!(u32).range(..960), conflicts_with = "dfrc")]
    pub chess960: Option<Option<u32>>,
    /// Double Fischer Random: White's and Black's Chess960 back ranks by number (0-959),
    /// random where not given.
    #[arg(long, value_name = "N", num_args = 0..=2,
          value_parser = clap::value_parser!(u32).range(..960))]
    pub dfrc: Option<Vec<u32>>,
}

/// Entry point of `chariot play`: the engine plays with the built-in evaluation. Type `help` during the game for moves and commands.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let config = Config {
        human: match args.side {
            HumanSide::White => Side::White,
            HumanSide::Black => Side::Black,
        },
        level: args.level,
        movetime: Duration::from_millis(args.movetime.clamp(1, 600_000)),
        colour: render::colour_wanted(std::io::stdout().is_terminal()),
        evaluation: ::game::Evaluation::Builtin,
    };
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let variant_asked = args.chess960.is_some() || args.dfrc.is_some();
    match args.game {
        engine::GameKind::Chess => {
            let (start, note) = start::chess_start(args.chess960, args.dfrc.as_deref())?;
            if let Some(note) = note {
                writeln!(out, "{note}")?;
            }
            play(&config, start, &mut input, &mut out)?
        }
        engine::GameKind::Xiangqi if variant_asked => {
            anyhow::bail!("--chess960 and --dfrc are for chess; xiangqi has one start")
        }
        engine::GameKind::Xiangqi => {
            play(&config, xiangqi::Position::start(), &mut input, &mut out)?
        }
    }
    Ok(())
}
