//! Chariot's front ends: everything a person or a program uses to talk to the engine.
//!
//! Each sub-command of the `chariot` binary lives in its own module with a `run`
//! function taking the command's arguments (without the sub-command name).
//!
//! The commands that play or search (`web`, `uci`, `play`, `analyze`, `bench`, `eval`)
//! give their positions the engine's built-in evaluation (the chess network built into
//! the binary, `game::Evaluation::Builtin`); the others (`perft`, `datagen`, `tune`, …)
//! and the functions the unit tests call keep the classic evaluation unless told
//! otherwise. Nothing is process-wide: each front end holds its evaluator.
#![deny(missing_docs)]

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod board;
pub mod book;
pub mod datagen;
pub mod engine;
pub mod eval;
pub mod nnue_train;
pub mod perft;
pub mod play;
pub mod record;
pub mod soak;
#[cfg(test)]
mod testing;
pub mod tune;
pub mod uci;
pub mod web;

/// The signature every sub-command's entry point has: the arguments after the sub-command.
pub type CommandFn = fn(&[String]) -> anyhow::Result<()>;

/// The sub-commands, their entry points and one-line descriptions (for `chariot help`).
pub const COMMANDS: &[(&str, CommandFn, &str)] = &[
    (
        "web",
        web::run,
        "serve the web game on 127.0.0.1 (the default)",
    ),
    (
        "uci",
        uci::run,
        "speak UCI (chess; xiangqi with --game xiangqi or UCI_Variant)",
    ),
    ("play", play::run, "play in the terminal"),
    (
        "perft",
        perft::run,
        "count leaf nodes of the legal move tree",
    ),
    (
        "bench",
        bench::run,
        "search a fixed position set; prints a node signature and nps",
    ),
    (
        "analyze",
        analyze::run,
        "search one position; --compare shows minimax vs alpha-beta vs full search",
    ),
    (
        "eval",
        eval::run,
        "explain the static evaluation of a position",
    ),
    (
        "arena",
        arena::run,
        "engine-vs-engine matches with Elo and SPRT",
    ),
    (
        "datagen",
        datagen::run,
        "self-play at fixed nodes: positions with scores and results for tune",
    ),
    (
        "tune",
        tune::run,
        "Texel-tune evaluation weights on datagen data; writes Rust source",
    ),
    (
        "nnue-train",
        nnue_train::run,
        "train the chess network (NNUE) on datagen data",
    ),
    (
        "soak",
        soak::run,
        "play many fast checked games; count illegal moves, panics, time losses, hash errors",
    ),
];
