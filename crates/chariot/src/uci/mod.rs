//! `chariot uci`: the Universal Chess Interface, for chess and for xiangqi.

pub mod format;
pub mod options;
pub mod parse;
pub mod session;

/// Entry point of `chariot uci`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("uci")
}
