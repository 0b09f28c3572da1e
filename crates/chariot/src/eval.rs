//! `chariot eval`.

/// Entry point of `chariot eval`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("eval")
}
