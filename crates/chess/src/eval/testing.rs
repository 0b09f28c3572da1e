//! Test helper: seeded random games, so that unit tests see many varied positions.

use crate::position::Position;

/// Plays up to `plies` random legal moves from `fen` (a xorshift generator seeded by
/// `seed`, which it advances), calling `visit` on every position before its move and on
/// the last one. Returns the final position and the number of moves played.
pub(crate) fn random_game(
    fen: &str,
    plies: usize,
    seed: &mut u64,
    mut visit: impl FnMut(&Position),
) -> (Position, usize) {
    let mut p = Position::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut played = 0;
    while played < plies {
        visit(&p);
        let moves = p.legal();
        if moves.is_empty() {
            return (p, played);
        }
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        p.play(moves.as_slice()[(*seed % moves.len() as u64) as usize]);
        played += 1;
    }
    visit(&p);
    (p, played)
}
