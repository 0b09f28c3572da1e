//! `chariot ucci`: the Universal Chinese Chess Interface (UCCI) of ElephantEye and most
//! Chinese xiangqi GUIs.
//!
//! [`parse`] reads the commands, [`session`] runs them on the UCI session's machinery
//! (options, positions, the engine), [`format`] writes the answers. Moves use UCCI's
//! coordinates, which are Pikafish's: files a–i, ranks 0–9 from Red's side (`h2e2`).
//!
//! What Chariot answers, beyond the obvious:
//! - `go` times are seconds unless the GUI sets `usemillisec true`; `opptime`,
//!   `oppincrement` and `oppmovestogo` are read and not used.
//! - `go draw` / `ponderhit draw` (the opponent offers a draw): the answer is
//!   `bestmove … draw` when the search scores the position at most
//!   [`session::DRAW_ACCEPT_CP`] for us, a plain `bestmove` (declining) otherwise.
//! - `banmoves` applies to the next `go` only; a new `position` forgets it. With every
//!   legal move banned, or none legal, the answer is `nobestmove`.
//! - `probe [position]` searches nothing: `info string static eval …` and then
//!   `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]` from the last
//!   search of that position or the transposition table, or a bare `pophash`.
//! - Scores are centipawns; a mate in n plies is `10000 - n` (negative when mated).
//! - Errors are `info string error: …` lines; the engine carries on.

pub mod format;
pub mod parse;
pub mod session;

use crate::options::{Settings, Variant};
use crate::session::{Flow, Output, Session};
use crate::{read_line, Line, MAX_LINE};
use engine::plain::Switchable;
use game::{Evaluation, MoveStyle};
use session::UcciSession;
use std::io::BufRead;

/// The UCCI session of xiangqi that `chariot ucci` runs, writing to `out`.
pub fn xiangqi_session(
    out: Output,
    evaluation: Evaluation,
) -> UcciSession<xiangqi::Position, Switchable<xiangqi::Position>> {
    let mut settings = Settings::new(Variant::Xiangqi);
    if evaluation == Evaluation::Classic {
        settings.eval_file.clear();
    }
    let inner = Session::new(settings, MoveStyle::Coord, false, out.clone());
    UcciSession::new(inner, out)
}

/// Runs a UCCI session over `input` until `quit` (answered `bye`) or the end of the input.
pub fn serve(mut input: impl BufRead, out: Output, evaluation: Evaluation) -> std::io::Result<()> {
    let mut session = xiangqi_session(out.clone(), evaluation);
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer)? {
            Line::End => {
                session.finish();
                break;
            }
            Line::TooLong => out.error(format!("line longer than {MAX_LINE} bytes ignored")),
            Line::Text(text) => {
                if session.handle_line(&text) == Flow::Quit {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// Entry point of `chariot ucci`: speaks UCCI on standard input and output.
pub fn run() -> anyhow::Result<()> {
    serve(
        std::io::stdin().lock(),
        Output::new(std::io::stdout()),
        Evaluation::Builtin,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests;
