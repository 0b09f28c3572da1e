//! The built-in opening repertoire: a few common openings per game, kept as data files of
//! move lines (`data/openings/*.txt`) so that casual games vary from the first move.

use super::{Book, Rng};
use crate::{GameKind, Tuned};
use game::{Game, MoveStyle};
use std::collections::HashMap;
use thiserror::Error;

/// The chess lines shipped with the binary.
pub const CHESS_LINES: &str = include_str!("../../data/chess-repertoire.txt");
/// The xiangqi lines shipped with the binary (Pikafish coordinates).
pub const XIANGQI_LINES: &str = include_str!("../../data/xiangqi-repertoire.txt");

/// The opening lines built in for game `G`, chosen by its [`Tuned::KIND`]; none for a
/// test game.
pub fn builtin_lines<G: Tuned>() -> &'static str {
    G::KIND.map_or("", GameKind::repertoire_lines)
}

/// A line of the repertoire that does not replay.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("opening line {line}: move '{mv}' is not legal")]
pub struct RepertoireError {
    /// 1-based line number in the text.
    pub line: usize,
    /// The move that failed.
    pub mv: String,
}

/// Moves by position key, each weighted by how many lines play it.
pub struct Repertoire<G: Game> {
    moves: HashMap<u64, Vec<(G::Move, u32)>>,
    rng: Rng,
}

impl<G: Game> std::fmt::Debug for Repertoire<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Repertoire({} positions)", self.moves.len())
    }
}

impl<G: Game> Repertoire<G> {
    /// Builds a repertoire from lines of coordinate moves from the start position
    /// (`#` starts a comment).
    pub fn parse(text: &str) -> Result<Self, RepertoireError> {
        let mut moves: HashMap<u64, Vec<(G::Move, u32)>> = HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let mut pos = G::start();
            for word in line.split_whitespace() {
                let mv = pos
                    .parse_move(word, MoveStyle::Coord)
                    .map_err(|_| RepertoireError {
                        line: index + 1,
                        mv: word.to_string(),
                    })?;
                let here = moves.entry(pos.hash()).or_default();
                match here.iter_mut().find(|(m, _)| *m == mv) {
                    Some((_, weight)) => *weight += 1,
                    None => here.push((mv, 1)),
                }
                pos.make(mv);
            }
        }
        Ok(Repertoire {
            moves,
            rng: Rng::from_clock(),
        })
    }

    /// The built-in lines of the game `G` ([`builtin_lines`]); empty for test games.
    pub fn builtin() -> Result<Self, RepertoireError>
    where
        G: Tuned,
    {
        Self::parse(builtin_lines::<G>())
    }

    /// The repertoire moves of `pos` with their weights.
    pub fn moves(&self, pos: &G) -> &[(G::Move, u32)] {
        self.moves.get(&pos.hash()).map_or(&[], Vec::as_slice)
    }

    /// Number of positions covered.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no position is covered.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl<G: Game> Book<G> for Repertoire<G> {
    fn pick(&self, pos: &G) -> Option<G::Move> {
        // Guards against hash collisions with positions outside the repertoire.
        let legal = pos.legal_moves();
        self.rng
            .weighted(self.moves(pos))
            .copied()
            .filter(|mv| legal.contains(*mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covers_the_start<G: Tuned>(min_first_moves: usize) {
        let book = Repertoire::<G>::builtin().expect("every built-in line replays");
        let first = book.moves(&G::start());
        assert!(
            first.len() >= min_first_moves,
            "{} first moves: {first:?}",
            G::NAME
        );
        // A move played by several lines weighs more.
        assert!(first.iter().any(|(_, w)| *w > 1));
        let picked = book.pick(&G::start()).unwrap();
        assert!(first.iter().any(|(m, _)| *m == picked));
    }

    #[test]
    fn chess_lines_replay_and_vary_the_first_move() {
        covers_the_start::<chess::Position>(4);
    }

    #[test]
    fn xiangqi_lines_replay_and_vary_the_first_move() {
        covers_the_start::<xiangqi::Position>(5);
    }

    #[test]
    fn a_bad_line_names_its_number_and_move() {
        let err = Repertoire::<chess::Position>::parse("# c\ne2e4 e7e5\ne2e4 e5e4\n").unwrap_err();
        assert_eq!(
            err,
            RepertoireError {
                line: 3,
                mv: "e5e4".into()
            }
        );
    }

    #[test]
    fn out_of_book_gives_nothing() {
        let book = Repertoire::<chess::Position>::builtin().unwrap();
        let pos = chess::Position::from_fen("8/8/8/4k3/8/8/4K3/8 w - - 0 1").unwrap();
        assert_eq!(book.pick(&pos), None);
    }
}
