//! What the integration tests give each game's searcher: the engine's own per-game presets
//! (`engine::Tuned`), so these tests search chess and xiangqi exactly as the engine does.
//! (An integration test may dev-depend on a crate above this one: it links the same search.)

pub use engine::Tuned as TestTuning;
