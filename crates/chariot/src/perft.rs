//! `chariot perft`.

/// Entry point of `chariot perft`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("perft")
}
