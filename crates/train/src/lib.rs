//! Chariot learning from its own games: `datagen` plays self-play games and writes scored
//! positions, `tune` fits the classic evaluation's weights to them (Texel), and
//! `nnue_train` trains the chess network, and `wdl_fit` fits the win/draw/loss model to
//! self-play games.
#![deny(missing_docs)]

pub mod data_format;
pub mod datagen;
pub mod nnue_train;
pub mod tune;
pub mod wdl_fit;
