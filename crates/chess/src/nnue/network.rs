//! The chess network's file format: the `nnue` crate's ([`nnue::format`]), whose files
//! name their game; chess also reads the older chess-only formats `CHARNN01`–`CHARNN03`.

pub use nnue::format::{MAGIC, MAGIC_V1, MAGIC_V2, MAGIC_V3};
pub use nnue::{bucket, LIMIT};

/// Checks that `bytes` are a chess network file this engine plays, without reading the
/// weights ([`nnue::check`]); a `const fn`, so that the network built into the binary is
/// checked when the crate compiles.
pub const fn check(bytes: &[u8]) -> Result<(), &'static str> {
    match nnue::check::<super::ChessFeatures>(bytes) {
        Ok(_) => Ok(()),
        Err(why) => Err(why),
    }
}
