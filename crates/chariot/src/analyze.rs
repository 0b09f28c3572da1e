//! `chariot analyze`.

/// Entry point of `chariot analyze`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("analyze")
}
