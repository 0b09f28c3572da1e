//! The `chariot` binary: parses the command line and hands each command to the crate that
//! does the work. With no command it serves the web game when a person started it from a
//! terminal, and speaks UCI or UCCI (as the program's first line asks) when a program (a
//! chess or xiangqi GUI, a script) started it.

mod commands;
#[cfg(test)]
mod eval_file_tests;

use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::process::ExitCode;

/// What `chariot --version` prints after the name: the crate version and the git commit
/// the binary was built from ("unknown" when built outside a git checkout; `build.rs`).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("CHARIOT_GIT_COMMIT"),
    ")"
);

/// Chariot: a chess and xiangqi engine with a web game, UCI, a terminal game, matches and
/// training tools.
#[derive(Parser, Debug)]
#[command(name = "chariot", version = VERSION, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The sub-commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the web game on 127.0.0.1 (the default when started from a terminal).
    Web(web::WebArgs),
    /// Speak UCI (chess; xiangqi with --game xiangqi or UCI_Variant); the default when
    /// standard input is not a terminal (then a first line `ucci` chooses UCCI instead).
    Uci(uci::UciArgs),
    /// Speak UCCI, the xiangqi protocol of ElephantEye and most Chinese xiangqi GUIs.
    Ucci,
    /// Play in the terminal.
    Play(terminal::PlayArgs),
    /// Count leaf nodes of the legal move tree.
    Perft(commands::perft::PerftArgs),
    /// Search a fixed position set; prints a node signature and nps.
    Bench(commands::bench::BenchArgs),
    /// Search one position; --compare shows minimax vs alpha-beta vs the full search.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Explain the static evaluation of a position.
    Eval(commands::eval::EvalArgs),
    /// Engine-vs-engine matches with Elo and SPRT.
    Arena(arena::Args),
    /// Tune the search's parameters by SPSA with short arena matches (docs/tuning.md).
    Spsa(arena::spsa::SpsaArgs),
    /// Print the search's tunable parameters as OpenBench SPSA input lines.
    TuneParams(commands::tune_params::TuneParamsArgs),
    /// Play many fast checked games; count illegal moves, panics, time losses, hash errors.
    Soak(arena::soak::SoakArgs),
    /// Self-play at fixed nodes: positions with scores and results for training.
    Datagen(train::datagen::Args),
    /// Training data files: convert old text data, validate, merge shards.
    Data(train::data_format::cli::Args),
    /// Texel-tune evaluation weights on datagen data; writes Rust source.
    Tune(train::tune::Args),
    /// Train a network (NNUE) for either game on datagen data (`--game chess|xiangqi`).
    NnueTrain(train::nnue_train::Args),
    /// Fit the win/draw/loss model (UCI_ShowWDL) to self-play PGNs.
    WdlFit(train::wdl_fit::Args),
}

impl Command {
    /// The command's name as typed (for error messages).
    fn name(&self) -> &'static str {
        match self {
            Command::Web(_) => "web",
            Command::Uci(_) => "uci",
            Command::Ucci => "ucci",
            Command::Play(_) => "play",
            Command::Perft(_) => "perft",
            Command::Bench(_) => "bench",
            Command::Analyze(_) => "analyze",
            Command::Eval(_) => "eval",
            Command::Arena(_) => "arena",
            Command::Spsa(_) => "spsa",
            Command::TuneParams(_) => "tune-params",
            Command::Soak(_) => "soak",
            Command::Datagen(_) => "datagen",
            Command::Data(_) => "data",
            Command::Tune(_) => "tune",
            Command::NnueTrain(_) => "nnue-train",
            Command::WdlFit(_) => "wdl-fit",
        }
    }

    fn run(self) -> anyhow::Result<()> {
        match self {
            Command::Web(args) => web::run(args),
            Command::Uci(args) => uci::run(args),
            Command::Ucci => uci::ucci::run(),
            Command::Play(args) => terminal::run(args),
            Command::Perft(args) => commands::perft::run(args),
            Command::Bench(args) => commands::bench::run(args),
            Command::Analyze(args) => commands::analyze::run(args),
            Command::Eval(args) => commands::eval::run(args),
            Command::Arena(args) => arena::run(args),
            Command::Spsa(args) => arena::spsa::run(args),
            Command::TuneParams(args) => commands::tune_params::run(args),
            Command::Soak(mut args) => {
                args.build = VERSION.to_string();
                arena::soak::run(args)
            }
            Command::Datagen(args) => train::datagen::run(args),
            Command::Data(args) => train::data_format::cli::run(args),
            Command::Tune(args) => train::tune::run(args),
            Command::NnueTrain(args) => train::nnue_train::run(args),
            Command::WdlFit(args) => train::wdl_fit::run(args),
        }
    }
}

/// The command to run when none is named: the web game for a person at a terminal; for a
/// program that talks through a pipe, UCI or UCCI as its first line (`uci`, `ucci`) says.
fn default_command(stdin_is_terminal: bool) -> Command {
    if stdin_is_terminal {
        Command::Web(web::WebArgs::default())
    } else {
        Command::Uci(uci::UciArgs {
            detect: true,
            ..uci::UciArgs::default()
        })
    }
}

/// The arguments with `web` put in front when they begin with an option other than help
/// or version: `chariot --port 9000` means `chariot web --port 9000`.
fn with_default_command(mut args: Vec<String>) -> Vec<String> {
    let starts_with_option = args.get(1).is_some_and(|first| {
        first.starts_with('-') && !matches!(first.as_str(), "-h" | "--help" | "-V" | "--version")
    });
    if starts_with_option {
        args.insert(1, "web".to_string());
    }
    args
}

fn main() -> ExitCode {
    let args = with_default_command(std::env::args().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            // `--help` and `--version` are not failures; clap's messages name the command.
            let _ = err.print();
            return ExitCode::from(err.exit_code().clamp(0, 255) as u8);
        }
    };
    let command = cli
        .command
        .unwrap_or_else(|| default_command(std::io::stdin().is_terminal()));
    let name = command.name();
    match command.run() {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output went away (`chariot bench | head`): nothing to report.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("chariot {name}: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether an error comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;
    use clap::CommandFactory;
    use std::io::{Error, ErrorKind};

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn the_version_names_the_crate_version_and_a_commit() {
        let err = Cli::try_parse_from(["chariot", "--version"]).unwrap_err();
        assert_eq!(err.kind(), clap::error::ErrorKind::DisplayVersion);
        let text = err.to_string();
        let expected = format!("chariot {} (", env!("CARGO_PKG_VERSION"));
        assert!(text.starts_with(&expected), "{text}");
        let commit = text.trim_end().trim_start_matches(&expected);
        let commit = commit.strip_suffix(')').unwrap_or_default();
        assert!(
            commit == "unknown" || commit.chars().all(|c| c.is_ascii_hexdigit()),
            "{text}"
        );
        assert!(!commit.is_empty(), "{text}");
    }

    #[test]
    fn no_command_serves_a_person_and_lets_a_program_choose_uci_or_ucci() {
        assert!(matches!(default_command(true), Command::Web(_)));
        assert!(matches!(
            default_command(false),
            Command::Uci(uci::UciArgs {
                detect: true,
                game: None,
                tune: false
            })
        ));
        let explicit = Cli::try_parse_from(["chariot", "uci"]).unwrap();
        assert!(
            matches!(explicit.command, Some(Command::Uci(ref a)) if !a.detect),
            "`chariot uci` speaks UCI whatever the first line"
        );
        let ucci = Cli::try_parse_from(["chariot", "ucci"]).unwrap();
        assert!(matches!(ucci.command, Some(Command::Ucci)));
    }

    #[test]
    fn leading_options_belong_to_the_web_command() {
        let parse = |args: &[&str]| {
            let args = args.iter().map(|s| s.to_string()).collect();
            Cli::try_parse_from(with_default_command(args))
        };
        let cli = parse(&["chariot", "--port", "9000"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Web(ref w)) if w.port == 9000));
        assert!(parse(&["chariot"]).unwrap().command.is_none());
        let cli = parse(&["chariot", "perft", "--depth", "2"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Perft(ref p)) if p.depth == 2));
        assert!(parse(&["chariot", "shogi"]).is_err());
        assert!(parse(&["chariot", "perft", "--game", "shogi", "--depth", "1"]).is_err());
        let cli = parse(&["chariot", "nnue-train", "--data", "x", "--out", "y"]);
        assert!(matches!(
            cli,
            Ok(Cli {
                command: Some(Command::NnueTrain(_))
            })
        ));
    }

    #[test]
    fn a_closed_pipe_is_recognised_through_context_and_nothing_else_is() {
        let pipe: anyhow::Result<()> = Err(Error::from(ErrorKind::BrokenPipe).into());
        assert!(is_broken_pipe(
            &pipe.context("writing the bench").unwrap_err()
        ));
        let other: anyhow::Error = Error::from(ErrorKind::NotFound).into();
        assert!(!is_broken_pipe(&other));
        assert!(!is_broken_pipe(&anyhow::anyhow!("bad FEN")));
    }
}
