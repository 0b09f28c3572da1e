//! Reads the words of movetext as moves: skips move numbers and annotation suffixes, and picks
//! the notation each move is written in (SAN or UCI for chess; WXF, or coordinates with ranks
//! 0–9 or 1–10, for xiangqi).

use super::lexer::Token;
use super::{move_label, ImportError};
use game::{Game, HumanNotation, MoveStyle};

/// Which rank numbering a xiangqi record's coordinate moves use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ranks {
    /// 0–9, as Pikafish and Chariot write them.
    ZeroBased,
    /// 1–10, as Fairy-Stockfish writes them.
    OneBased,
    /// The record never shows a rank 0 or 10: try 0–9 first, then 1–10, move by move.
    Either,
}

impl Ranks {
    /// Decides from every coordinate-looking word of the record at once, so that a move legal
    /// under both numberings is read the way the rest of the record is written.
    fn of(tokens: &[Token<'_>]) -> Ranks {
        let mut zero = false;
        let mut ten = false;
        for token in tokens {
            if let Token::Word { text, .. } = token {
                if let Some((a, b)) = coordinate_ranks(text) {
                    zero |= a == 0 || b == 0;
                    ten |= a == 10 || b == 10;
                }
            }
        }
        match (zero, ten) {
            (true, false) => Ranks::ZeroBased,
            (false, true) => Ranks::OneBased,
            _ => Ranks::Either,
        }
    }

    fn styles(self) -> &'static [MoveStyle] {
        match self {
            Ranks::ZeroBased => &[MoveStyle::Coord],
            Ranks::OneBased => &[MoveStyle::CoordOneBased],
            Ranks::Either => &[MoveStyle::Coord, MoveStyle::CoordOneBased],
        }
    }
}

/// The two ranks of a coordinate move such as `h2e2`, `a10a9` or `e7e8q`.
fn coordinate_ranks(word: &str) -> Option<(u32, u32)> {
    let b = word.as_bytes();
    let file = |i: usize| b.get(i).is_some_and(|c| (b'a'..=b'i').contains(c));
    let rank = |i: usize| -> Option<(u32, usize)> {
        let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        (1..=2)
            .contains(&n)
            .then(|| word[i..i + n].parse().ok().map(|r| (r, n)))
            .flatten()
    };
    if !file(0) {
        return None;
    }
    let (r1, n1) = rank(1)?;
    if !file(1 + n1) {
        return None;
    }
    let (r2, n2) = rank(2 + n1)?;
    let rest = &b[2 + n1 + n2..];
    (rest.len() <= 1 && rest.iter().all(|c| b"qrbn".contains(c))).then_some((r1, r2))
}

/// `word` without a leading move number (`12.`, `12...`, a bare `12`): `None` if there was no
/// number, else what follows it (empty for a number alone).
fn after_move_number(word: &str) -> Option<&str> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &word[digits..];
    if rest.is_empty() {
        return Some(rest);
    }
    let dots = rest
        .bytes()
        .take_while(|&c| c == b'.')
        .count()
        .max(rest.starts_with('…') as usize * '…'.len_utf8());
    (dots > 0).then(|| &rest[dots..])
}

/// Replays the moves of a record as it reads them.
pub struct MoveReader<G: Game> {
    start: G,
    pos: G,
    moves: Vec<G::Move>,
    ranks: Ranks,
}

impl<G: Game> MoveReader<G> {
    /// A reader starting from `start`; `tokens` is the movetext (read ahead for notation hints).
    pub fn new(start: G, tokens: &[Token<'_>]) -> Self {
        MoveReader {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            ranks: Ranks::of(tokens),
        }
    }

    /// The moves read so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves read.
    pub fn into_moves(self) -> Vec<G::Move> {
        self.moves
    }

    /// Reads one word of movetext: a move (played), or a move number (skipped).
    pub fn word(&mut self, word: &str, line: usize) -> Result<(), ImportError> {
        let notation = G::description().human_notation;
        // A WXF move may start with digits (`15=4`, tandem soldiers), so xiangqi tries the
        // whole word as a move before reading a number off its front.
        if notation == HumanNotation::Wxf {
            if let Some(mv) = self.try_parse(word) {
                return self.play(mv);
            }
        }
        let text = match after_move_number(word) {
            Some("") => return Ok(()),
            Some(rest) => rest,
            None => word,
        };
        if notation == HumanNotation::San && text == "e.p." {
            return Ok(());
        }
        match self.parse(text) {
            Ok(mv) => self.play(mv),
            Err(reason) => {
                let side = self.pos.side_to_move();
                let (number, dots) = move_label(&self.start, self.moves.len(), side);
                Err(ImportError::BadMove {
                    number,
                    dots,
                    token: text.to_string(),
                    line,
                    reason,
                })
            }
        }
    }

    fn play(&mut self, mv: G::Move) -> Result<(), ImportError> {
        self.pos.make(mv);
        self.moves.push(mv);
        Ok(())
    }

    fn styles(&self, text: &str) -> Vec<MoveStyle> {
        let coordinate = coordinate_ranks(text).is_some();
        let mut styles = Vec::with_capacity(3);
        // Where coordinates number ranks from 1 (chess), the two coordinate styles are one;
        // where the game numbers them from 0 (xiangqi), records also come with ranks 1–10,
        // and the numbering the record shows is tried.
        if G::description().rank_base != 0 {
            styles.extend(if coordinate {
                [MoveStyle::Coord, MoveStyle::Human]
            } else {
                [MoveStyle::Human, MoveStyle::Coord]
            });
        } else if coordinate {
            styles.extend_from_slice(self.ranks.styles());
            styles.push(MoveStyle::Human);
        } else {
            styles.push(MoveStyle::Human);
            styles.extend_from_slice(self.ranks.styles());
        }
        styles
    }

    fn try_parse(&self, text: &str) -> Option<G::Move> {
        self.parse(text).ok()
    }

    /// The move `text` stands for, or why none: the reason given is the first notation's,
    /// the one the word looks like.
    fn parse(&self, text: &str) -> Result<G::Move, String> {
        let text = text.trim_end_matches(['!', '?']);
        if text.is_empty() {
            return Err("an annotation is not a move".into());
        }
        if self.pos.legal_moves().is_empty() {
            return Err("the game is over: there is no legal move".into());
        }
        let mut first_error = None;
        for style in self.styles(text) {
            match self.pos.parse_move(text, style) {
                Ok(mv) => return Ok(mv),
                Err(e) => {
                    first_error.get_or_insert_with(|| e.to_string());
                }
            }
        }
        Err(first_error.unwrap_or_else(|| "not a move".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_words_and_their_ranks() {
        assert_eq!(coordinate_ranks("h2e2"), Some((2, 2)));
        assert_eq!(coordinate_ranks("a10a9"), Some((10, 9)));
        assert_eq!(coordinate_ranks("e7e8q"), Some((7, 8)));
        assert_eq!(coordinate_ranks("C2=5"), None);
        assert_eq!(coordinate_ranks("Nf3"), None);
        assert_eq!(coordinate_ranks("e4"), None);
        assert_eq!(coordinate_ranks("a100a9"), None);
        assert_eq!(coordinate_ranks("a1a2xx"), None);
    }

    #[test]
    fn move_numbers_come_off_the_front() {
        assert_eq!(after_move_number("12."), Some(""));
        assert_eq!(after_move_number("12..."), Some(""));
        assert_eq!(after_move_number("3"), Some(""));
        assert_eq!(after_move_number("1.e4"), Some("e4"));
        assert_eq!(after_move_number("7...Nf6"), Some("Nf6"));
        assert_eq!(after_move_number("4…Nf6"), Some("Nf6"));
        assert_eq!(after_move_number("0-0"), None);
        assert_eq!(after_move_number("e4"), None);
    }
}
