//! The small commands that live in the binary itself: each is a thin layer over a library
//! crate (the rules' perft, the search, the evaluation's explanation).

pub mod analyze;
pub mod bench;
pub mod eval;
pub mod perft;
pub mod tune_params;
