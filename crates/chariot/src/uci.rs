//! `chariot uci`.

/// Entry point of `chariot uci`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("uci")
}
