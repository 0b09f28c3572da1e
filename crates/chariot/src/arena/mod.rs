//! `chariot arena`: engine-vs-engine matches for chess and xiangqi, refereed by our own rules.

pub mod adjudicate;
pub mod engine;
pub mod game;
#[cfg(test)]
mod game_tests;
pub mod openings;
pub mod pgn;
pub mod schedule;
pub mod spec;
pub mod stats;
pub mod tc;
#[cfg(test)]
mod toy;

/// Entry point of `chariot arena`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("arena")
}
