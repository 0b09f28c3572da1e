//! `chariot play`: a game against the engine in the terminal.
//!
//! [`render`] draws the board, [`record`] writes PGN / move lists, [`game`] runs the loop.

pub mod game;
pub mod record;
pub mod render;

use self::game::{play, Config};
use ::game::{Game, Side};
use std::io::IsTerminal;
use std::time::Duration;

const USAGE: &str = "usage: chariot play [--game chess|xiangqi] [--side white|black|red] \
                     [--level 0-20] [--movetime MS]";

/// Entry point of `chariot play`: the engine plays with the built-in evaluation.
pub fn run(args: &[String]) -> anyhow::Result<()> {
    let mut game = "chess".to_string();
    let mut config = Config {
        human: Side::White,
        level: 10,
        movetime: Duration::from_millis(1000),
        colour: render::colour_wanted(std::io::stdout().is_terminal()),
        evaluation: ::game::Evaluation::Builtin,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .map(|s| s.to_ascii_lowercase())
                .ok_or_else(|| anyhow::anyhow!("{arg} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--game" | "-g" => game = value()?,
            "--side" | "-s" => {
                config.human = match value()?.as_str() {
                    "white" | "red" | "w" | "r" => Side::White,
                    "black" | "b" => Side::Black,
                    other => anyhow::bail!("unknown side '{other}'\n{USAGE}"),
                }
            }
            "--level" | "-l" => {
                let level: u8 = value()?
                    .parse()
                    .map_err(|_| anyhow::anyhow!("--level needs 0-20"))?;
                anyhow::ensure!(level <= 20, "--level needs 0-20");
                config.level = level;
            }
            "--movetime" => {
                let ms: u64 = value()?
                    .parse()
                    .map_err(|_| anyhow::anyhow!("--movetime needs milliseconds"))?;
                config.movetime = Duration::from_millis(ms.clamp(1, 600_000));
            }
            "--help" | "-h" => {
                println!("{USAGE}\n\nType 'help' during the game for moves and commands.");
                return Ok(());
            }
            other => anyhow::bail!("unknown argument '{other}'\n{USAGE}"),
        }
    }
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    match game.as_str() {
        "chess" => play(&config, chess::Position::start(), &mut input, &mut out)?,
        "xiangqi" => play(&config, xiangqi::Position::start(), &mut input, &mut out)?,
        other => anyhow::bail!("unknown game '{other}' (chess or xiangqi)"),
    }
    Ok(())
}
