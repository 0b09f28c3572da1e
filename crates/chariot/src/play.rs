//! `chariot play`.

/// Entry point of `chariot play`.
pub fn run(_args: &[String]) -> anyhow::Result<()> {
    crate::not_yet("play")
}
