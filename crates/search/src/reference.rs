//! Textbook minimax and alpha-beta, kept as readable reference algorithms.
