//! `chariot bench`.

/// Entry point of `chariot bench`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("bench")
}
