//! The chess crate's integration tests, in one binary so that the release profile's
//! link-time optimisation runs once rather than once per file.

mod differential;
mod eval;
mod eval_cache;
mod fen;
mod gives_check;
mod nnue;
mod notation;
mod perft;
mod perft960;
mod properties;
mod rules;
