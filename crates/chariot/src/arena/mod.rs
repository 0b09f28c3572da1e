//! `chariot arena`: engine-vs-engine matches for chess and xiangqi, refereed by our own rules.

pub mod adjudicate;
pub mod engine;
pub mod spec;
pub mod stats;
pub mod tc;

/// Entry point of `chariot arena`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("arena")
}
