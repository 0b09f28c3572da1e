//! placeholder until the xiangqi rules land
