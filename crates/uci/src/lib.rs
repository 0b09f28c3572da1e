//! `chariot uci`: the Universal Chess Interface, for chess and for xiangqi.
//!
//! [`parse`] turns text into commands, [`session`] runs them for one game against the
//! shared [`engine::Engine`], [`options`] and [`format`] hold the option table and
//! the output lines. This module reads the input and switches games on `UCI_Variant`.
//!
//! Two xiangqi conventions are served: started as `chariot uci --game xiangqi` the engine
//! behaves like Pikafish (ranks 0–9, no UCI_Variant option); switched with
//! `setoption name UCI_Variant value xiangqi` it behaves like Fairy-Stockfish (ranks 1–10).
//! [`ucci`] speaks UCCI, the xiangqi protocol of ElephantEye; [`serve_auto`] lets the
//! first line choose between the two.
#![deny(missing_docs)]

pub mod format;
pub mod options;
pub mod parse;
pub mod session;
pub mod tune_env;
pub mod ucci;

use engine::plain::Switchable;
use game::{Evaluation, MoveStyle};
use options::{Settings, Variant};
use session::{Flow, Output, Session};
use std::io::BufRead;
pub use tune_env::{tune_from_env, TUNE_ENV};

/// Longest input line read whole; longer lines are reported and skipped (a `position`
/// line of a 500-move game is about 2.5 KB).
pub const MAX_LINE: usize = 1 << 20;

/// A session of either game, boxed: the two differ in size by hundreds of bytes, and there
/// is one per process.
enum Active {
    Chess(Box<Session<chess::Position, Switchable<chess::Position>>>),
    Xiangqi(Box<Session<xiangqi::Position, Switchable<xiangqi::Position>>>),
}

impl Active {
    fn new(settings: Settings, pikafish: bool, out: &Output) -> Self {
        let out = out.clone();
        match settings.variant {
            Variant::Chess => Active::Chess(Box::new(Session::new(
                settings,
                MoveStyle::Coord,
                !pikafish,
                out,
            ))),
            Variant::Xiangqi => {
                let style = if pikafish {
                    MoveStyle::Coord
                } else {
                    MoveStyle::CoordOneBased
                };
                Active::Xiangqi(Box::new(Session::new(settings, style, !pikafish, out)))
            }
        }
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        match self {
            Active::Chess(s) => s.handle_line(line),
            Active::Xiangqi(s) => s.handle_line(line),
        }
    }

    fn finish(&mut self) {
        match self {
            Active::Chess(s) => s.finish(),
            Active::Xiangqi(s) => s.finish(),
        }
    }

    fn settings(&self) -> &Settings {
        match self {
            Active::Chess(s) => s.settings(),
            Active::Xiangqi(s) => s.settings(),
        }
    }
}

/// Runs a UCI session over `input` until `quit` or the end of the input.
/// `game` is the game chosen on the command line (`None`: chess, switchable by UCI_Variant);
/// `evaluation` the one the session starts with (`EvalFile` changes it).
pub fn serve(
    input: impl BufRead,
    out: Output,
    game: Option<Variant>,
    evaluation: Evaluation,
) -> std::io::Result<()> {
    serve_with(input, out, game, evaluation, false)
}

/// [`serve`], in tuning mode when `tune` is true: the search's tunable parameters are
/// offered as options (`chariot uci --tune`, for SPSA and A/B matches of features).
pub fn serve_with(
    mut input: impl BufRead,
    out: Output,
    game: Option<Variant>,
    evaluation: Evaluation,
    tune: bool,
) -> std::io::Result<()> {
    let pikafish = game == Some(Variant::Xiangqi);
    let mut settings = Settings::new(game.unwrap_or(Variant::Chess));
    settings.tune = tune;
    if evaluation == Evaluation::Classic {
        settings.eval_file.clear();
    }
    let mut active = Active::new(settings, pikafish, &out);
    let mut buffer = Vec::new();
    loop {
        let line = match read_line(&mut input, &mut buffer)? {
            Line::End => {
                active.finish();
                break;
            }
            Line::TooLong => {
                out.error(format!("line longer than {MAX_LINE} bytes ignored"));
                continue;
            }
            Line::Text(text) => text,
        };
        match active.handle_line(&line) {
            Flow::Continue => {}
            Flow::Quit => break,
            Flow::Switch(_) => {
                // Settings already name the new game; the old session stops its search
                // when dropped, before the new one starts.
                let settings = active.settings().clone();
                drop(active);
                active = Active::new(settings, pikafish, &out);
            }
        }
    }
    Ok(())
}

/// Serves a program that did not say which protocol it speaks: the first line that is not
/// blank chooses, `ucci` for UCCI ([`ucci::serve`]) and anything else (`uci`) for UCI
/// ([`serve`], chess switchable by UCI_Variant); that line is then handled by the chosen
/// session like any other.
pub fn serve_auto(input: impl BufRead, out: Output, evaluation: Evaluation) -> std::io::Result<()> {
    serve_auto_with(input, out, evaluation, false)
}

/// [`serve_auto`], with UCI in tuning mode when `tune` is true (`CHARIOT_TUNE=1` and no
/// command: how OpenBench starts an engine). UCCI has no tuning mode and ignores it.
pub fn serve_auto_with(
    mut input: impl BufRead,
    out: Output,
    evaluation: Evaluation,
    tune: bool,
) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer)? {
            Line::End => return Ok(()),
            Line::TooLong => out.error(format!("line longer than {MAX_LINE} bytes ignored")),
            Line::Text(text) if text.trim().is_empty() => {}
            Line::Text(text) => {
                let ucci = text.split_whitespace().next() == Some("ucci");
                let replay = std::io::Read::chain(std::io::Cursor::new(format!("{text}\n")), input);
                return if ucci {
                    ucci::serve(replay, out, evaluation)
                } else {
                    serve_with(replay, out, None, evaluation, tune)
                };
            }
        }
    }
}

/// One line of input as [`read_line`] returns it.
pub(crate) enum Line {
    /// A whole line, without its end.
    Text(String),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most [`MAX_LINE`] bytes without ever holding more in memory.
pub(crate) fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> std::io::Result<Line> {
    buffer.clear();
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(if too_long {
                Line::TooLong
            } else if buffer.is_empty() {
                Line::End
            } else {
                Line::Text(String::from_utf8_lossy(buffer).into_owned())
            });
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], Some(at + 1)),
            None => (available, None),
        };
        if buffer.len() + chunk.len() > MAX_LINE {
            too_long = true;
            buffer.clear();
        } else if !too_long {
            buffer.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(available.len());
        input.consume(used);
        if done.is_some() {
            return Ok(if too_long {
                Line::TooLong
            } else {
                Line::Text(String::from_utf8_lossy(buffer).into_owned())
            });
        }
    }
}

/// Arguments of `chariot uci`.
#[derive(clap::Args, Debug, Default)]
pub struct UciArgs {
    /// Start in this game: chess by default; `xiangqi` behaves like Pikafish (ranks 0-9,
    /// no UCI_Variant option). Without it, `setoption name UCI_Variant value xiangqi`
    /// switches to xiangqi as Fairy-Stockfish does (ranks 1-10).
    #[arg(long, short = 'g')]
    pub game: Option<engine::GameKind>,
    /// Let the first line choose UCI or UCCI ([`serve_auto`]): set by the binary when it
    /// was started without a command, not on the command line.
    #[arg(skip)]
    pub detect: bool,
    /// Tuning mode: also offer every tunable search parameter (docs/tuning.md) as a UCI
    /// option, with the defaults of the game UCI_Variant chooses. For the arena and SPSA,
    /// not for GUIs. The environment variable `CHARIOT_TUNE=1` does the same, also when
    /// the binary is started without a command (OpenBench).
    #[arg(long)]
    pub tune: bool,
}

/// Entry point of `chariot uci`: speaks UCI on standard input and output (or, with
/// [`UciArgs::detect`], whichever protocol the first line asks for).
pub fn run(args: UciArgs) -> anyhow::Result<()> {
    let tune = args.tune
        || tune_from_env(std::env::var_os(TUNE_ENV).as_deref()).map_err(anyhow::Error::msg)?;
    if args.detect && args.game.is_none() {
        serve_auto_with(
            std::io::stdin().lock(),
            Output::new(std::io::stdout()),
            Evaluation::Builtin,
            tune,
        )?;
        return Ok(());
    }
    let game = args.game.map(|kind| match kind {
        engine::GameKind::Chess => Variant::Chess,
        engine::GameKind::Xiangqi => Variant::Xiangqi,
    });
    serve_with(
        std::io::stdin().lock(),
        Output::new(std::io::stdout()),
        game,
        Evaluation::Builtin,
        tune,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests;
