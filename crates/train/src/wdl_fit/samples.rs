//! Positions from arena PGNs: for each move, the material before it, the score its engine
//! reported (the comment after it, `{+1.42/9 0.027s}`, from the mover's view) and the
//! game's result from the mover's view.

use game::{Game, Side};
use std::io::Read;
use std::path::Path;

/// Plies before this (counted from the record's start) are left out: the opening is the
/// book's, not the engine's.
pub const FIRST_PLY: usize = 8;
/// Plies from this on are left out: long endgames would outweigh the rest.
pub const LAST_PLY: usize = 400;
/// Scores of this size or more (centipawns) are left out: the game is decided.
pub const MAX_SCORE: i32 = 2000;

/// A game's result from one side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    /// The side won.
    Win,
    /// Drawn.
    Draw,
    /// The side lost.
    Loss,
}

impl Result3 {
    /// 1 for a win, ½ for a draw, 0 for a loss.
    pub fn points(self) -> f64 {
        match self {
            Result3::Win => 1.0,
            Result3::Draw => 0.5,
            Result3::Loss => 0.0,
        }
    }

    /// 0, 1, 2 for win, draw, loss: the index into a (win, draw, loss) triple.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One position the model is fitted on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The game's material count ([`Game::material`]).
    pub material: u32,
    /// The mover's score in centipawns.
    pub score: f64,
    /// The game's result for the mover.
    pub result: Result3,
}

/// Reads a PGN file, gunzipping it when its name ends in `.gz`.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    if path.extension().is_some_and(|ext| ext == "gz") {
        gunzip(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    } else {
        String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{} is not UTF-8", path.display()))
    }
}

/// Gunzips a whole file held in memory into text.
pub fn gunzip(bytes: &[u8]) -> anyhow::Result<String> {
    let mut text = String::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .read_to_string(&mut text)
        .map_err(|e| anyhow::anyhow!("not a gzipped UTF-8 file: {e}"))?;
    Ok(text)
}

/// Splits a file of many games into the text of each: a game starts at a tag line that
/// follows movetext.
pub fn split_games(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let mut start = 0;
    let mut in_movetext = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            if in_movetext {
                games.push(&text[start..offset]);
                start = offset;
                in_movetext = false;
            }
        } else if !trimmed.trim().is_empty() {
            in_movetext = true;
        }
        offset += line.len();
    }
    if in_movetext {
        games.push(&text[start..]);
    }
    games
}

/// The comments of a game's movetext in order, braces removed.
fn comments(game_text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = game_text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.push(&after[..close]);
        rest = &after[close + 1..];
    }
    out
}

/// The score in a move's comment, as the arena writes it: `+1.42/9 0.027s` → 142.
/// `None` for a mate score (`+M3/9`), a comment without a score, or anything else.
pub fn comment_score(comment: &str) -> Option<i32> {
    let head = comment.split_whitespace().next()?;
    let (value, _depth) = head.split_once('/')?;
    let (sign, digits) = match value.as_bytes().first()? {
        b'+' => (1, &value[1..]),
        b'-' => (-1, &value[1..]),
        _ => return None,
    };
    let (pawns, hundredths) = digits.split_once('.')?;
    if hundredths.len() != 2 {
        return None;
    }
    let pawns: i32 = pawns.parse().ok()?;
    let hundredths: i32 = hundredths.parse().ok()?;
    Some(sign * (pawns * 100 + hundredths))
}

/// Why a game gave no positions.
#[derive(Debug)]
pub enum Skip {
    /// The record does not import.
    Import(record::ImportError),
    /// No decisive or drawn result (`*`, or none).
    NoResult,
    /// Fewer comments than moves: not an arena record.
    NoScores,
}

/// The positions of one game (a record's text) that the fit uses.
pub fn game_samples<G: Game>(game_text: &str) -> Result<Vec<Sample>, Skip> {
    let rec = record::import::<G>(game_text).map_err(Skip::Import)?;
    let result = rec.result.as_deref().or(rec.tag("Result"));
    let white_points = match result {
        Some("1-0") => Result3::Win,
        Some("0-1") => Result3::Loss,
        Some("1/2-1/2") => Result3::Draw,
        _ => return Err(Skip::NoResult),
    };
    let comments = comments(game_text);
    if comments.len() < rec.moves.len() {
        return Err(Skip::NoScores);
    }
    let mut pos = rec.start.clone();
    let mut out = Vec::new();
    for (ply, (&mv, comment)) in rec.moves.iter().zip(&comments).enumerate() {
        if (FIRST_PLY..LAST_PLY).contains(&ply) {
            if let Some(score) = comment_score(comment).filter(|s| s.abs() < MAX_SCORE) {
                let result = match (pos.side_to_move(), white_points) {
                    (_, Result3::Draw) => Result3::Draw,
                    (Side::White, r) => r,
                    (Side::Black, Result3::Win) => Result3::Loss,
                    (Side::Black, _) => Result3::Win,
                };
                out.push(Sample {
                    material: pos.material(),
                    score: f64::from(score),
                    result,
                });
            }
        }
        pos.make(mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_scores_read_as_the_arena_writes_them() {
        assert_eq!(comment_score("+1.42/9 0.027s"), Some(142));
        assert_eq!(comment_score("-0.05/10 0.026s"), Some(-5));
        assert_eq!(comment_score("+0.00/3 0.001s"), Some(0));
        assert_eq!(comment_score("-12.30/7 0.010s"), Some(-1230));
        assert_eq!(comment_score("+M3/9 0.101s"), None);
        assert_eq!(comment_score("0.027s"), None);
        assert_eq!(comment_score("checkmate"), None);
        assert_eq!(comment_score("+1.4/9 0.1s"), None);
    }

    #[test]
    fn games_are_split_at_their_tags() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let games = split_games(text);
        assert_eq!(games.len(), 2);
        assert!(games[0].contains("e4") && !games[0].contains("d4"));
        assert!(games[1].starts_with("[Event \"b\"]") && games[1].contains("d4"));
    }

    #[test]
    fn positions_carry_the_movers_score_and_result() {
        let mut text = String::from("[Result \"0-1\"]\n\n");
        // Ten plies of knight moves, each with a score for the mover; Black wins.
        let moves = [
            "Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8", "Nf3", "Nf6",
        ];
        for (i, mv) in moves.iter().enumerate() {
            let cp = if i % 2 == 0 { "-0.30" } else { "+0.40" };
            text.push_str(&format!("{mv} {{{cp}/9 0.010s}} "));
        }
        text.push_str("{adjudication} 0-1\n");
        let samples = game_samples::<chess::Position>(&text).unwrap();
        // Plies 8 and 9 only.
        assert_eq!(samples.len(), 2);
        assert_eq!(samples[0].score, -30.0);
        assert_eq!(samples[0].result, Result3::Loss, "White to move, Black won");
        assert_eq!(samples[1].score, 40.0);
        assert_eq!(samples[1].result, Result3::Win);
        assert_eq!(samples[0].material, 78);
    }

    #[test]
    fn unreadable_games_are_skipped_with_a_reason() {
        assert!(matches!(
            game_samples::<chess::Position>("1. e4 {+0.1/1 0s} *"),
            Err(Skip::NoResult)
        ));
        assert!(matches!(
            game_samples::<chess::Position>("1. e4 e5 1-0"),
            Err(Skip::NoScores)
        ));
        assert!(matches!(
            game_samples::<chess::Position>("1. e5 1-0"),
            Err(Skip::Import(_))
        ));
    }
}
