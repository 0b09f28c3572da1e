//! Pseudo-random games for the crate's tests: many varied positions, reproducible, that
//! thin out quickly when captures are preferred (long exchanges, open rays).

use crate::position::Position;
use crate::types::Move;
use game::Game;

/// Plays `games` games from the start position, game `g` for up to `plies + g` plies (fewer
/// if it ends), calling `visit` with each position and its legal moves before a move is
/// chosen. With `prefer_captures`, two moves in three are captures where there are any.
pub(crate) fn walk(
    games: usize,
    plies: usize,
    prefer_captures: bool,
    mut visit: impl FnMut(&Position, &[Move]),
) {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for game in 0..games {
        let mut pos = Position::start();
        for _ in 0..(plies + game) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            visit(&pos, moves.as_slice());
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let captures: Vec<Move> = moves
                .as_slice()
                .iter()
                .copied()
                .filter(|&m| prefer_captures && pos.is_capture(m))
                .collect();
            let pool = if !captures.is_empty() && !state.is_multiple_of(3) {
                &captures[..]
            } else {
                moves.as_slice()
            };
            pos.make(pool[(state >> 33) as usize % pool.len()]);
        }
    }
}
