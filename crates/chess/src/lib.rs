//! placeholder until the chess rules land
