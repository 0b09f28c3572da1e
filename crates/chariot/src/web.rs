//! `chariot web`.

/// Entry point of `chariot web`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("web")
}
