//! Progress of `chariot datagen`: a bar on a terminal, a plain line now and then otherwise
//! (a log file or a pipe gets no control characters), nothing with `--quiet`.

use super::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;

/// Reports games done and positions written.
pub enum Progress {
    /// `--quiet`.
    Silent,
    /// A bar on the terminal.
    Bar(ProgressBar),
    /// A line every `every` games, of `total`.
    Lines {
        /// Games between lines.
        every: usize,
        /// Games the file is to hold.
        total: usize,
    },
}

impl Progress {
    /// The progress display for `args`, the file already holding `from` games.
    pub fn new(args: &Args, from: usize) -> Progress {
        if args.quiet {
            Progress::Silent
        } else if std::io::stdout().is_terminal() {
            let bar = ProgressBar::new(args.games as u64);
            let style = ProgressStyle::with_template(
                "[{bar:30}] {pos}/{len} games, {msg} ({elapsed}, eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style.progress_chars("#>-"));
            bar.set_position(from as u64);
            Progress::Bar(bar)
        } else {
            Progress::Lines {
                every: (args.games / 20).max(1),
                total: args.games,
            }
        }
    }

    /// `games` of the file are done; this run wrote `positions` since `start`.
    pub fn update(&self, games: usize, positions: u64, start: Instant) {
        let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-3);
        match self {
            Progress::Silent => {}
            Progress::Bar(bar) => {
                bar.set_position(games as u64);
                bar.set_message(format!("{positions} positions, {rate:.0}/s"));
            }
            Progress::Lines { every, total } => {
                if games.is_multiple_of(*every) || games == *total {
                    println!("{games}/{total} games, {positions} positions, {rate:.0} positions/s");
                }
            }
        }
    }

    /// Ends the bar.
    pub fn finish(&self) {
        if let Progress::Bar(bar) = self {
            bar.finish();
        }
    }
}
