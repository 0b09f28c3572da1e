//! `chariot arena`.

/// Entry point of `chariot arena`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("arena")
}
