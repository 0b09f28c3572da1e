//! The start position of a chess game in the terminal: the standard one, a Chess960 start
//! (`--chess960 [N]`) or a Double Fischer Random start (`--dfrc [W [B]]`), numbered or drawn
//! at random.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

/// How many Chess960 start positions there are (Scharnagl's numbers 0–959).
pub const POSITIONS: u32 = 960;

/// A Chess960 start number drawn at random. The standard library's hasher keys are seeded
/// from the operating system per process, which is randomness enough to choose a game.
pub fn random_number() -> u32 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(0x960);
    (hasher.finish() % u64::from(POSITIONS)) as u32
}

/// The chess start that the options ask for and a line naming it for the person (`None`
/// for the standard start). `chess960`: `Some(None)` draws a number; `dfrc`: up to two
/// numbers, White's and Black's, those missing drawn at random.
pub fn chess_start(
    chess960: Option<Option<u32>>,
    dfrc: Option<&[u32]>,
) -> anyhow::Result<(chess::Position, Option<String>)> {
    let number = |n: Option<u32>| n.unwrap_or_else(random_number);
    match (chess960, dfrc) {
        (Some(_), Some(_)) => anyhow::bail!("choose --chess960 or --dfrc, not both"),
        (Some(n), None) => {
            let n = number(n);
            let pos = chess::Position::start_960(n)
                .map_err(|e| anyhow::anyhow!("Chess960 start position {n}: {e}"))?;
            Ok((pos, Some(format!("Chess960 start position {n}."))))
        }
        (None, Some(numbers)) => {
            if numbers.len() > 2 {
                anyhow::bail!("--dfrc takes at most two numbers (White's and Black's)");
            }
            let white = number(numbers.first().copied());
            let black = number(numbers.get(1).copied());
            let pos = chess::Position::start_dfrc(white, black)
                .map_err(|e| anyhow::anyhow!("Double Fischer Random start {white}/{black}: {e}"))?;
            Ok((
                pos,
                Some(format!(
                    "Double Fischer Random: White's start {white}, Black's {black}."
                )),
            ))
        }
        (None, None) => Ok((chess::Position::start(), None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    #[test]
    fn numbered_starts_are_the_numbered_arrays_in_chess960_mode() {
        let (pos, note) = chess_start(Some(Some(0)), None).unwrap();
        assert!(pos.is_chess960());
        assert!(pos.to_fen().starts_with("bbqnnrkr/"), "{}", pos.to_fen());
        assert_eq!(note.as_deref(), Some("Chess960 start position 0."));
        let (pos, _) = chess_start(None, Some(&[518, 0])).unwrap();
        assert!(pos
            .to_fen()
            .starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
        let (pos, note) = chess_start(None, None).unwrap();
        assert!(!pos.is_chess960() && note.is_none());
    }

    #[test]
    fn bad_requests_are_errors() {
        assert!(chess_start(Some(Some(960)), None).is_err());
        assert!(chess_start(Some(None), Some(&[])).is_err());
        assert!(chess_start(None, Some(&[1, 2, 3])).is_err());
        assert!(chess_start(None, Some(&[5, 1000])).is_err());
    }

    #[test]
    fn random_starts_are_in_range() {
        for _ in 0..50 {
            assert!(random_number() < POSITIONS);
        }
        let (pos, note) = chess_start(Some(None), None).unwrap();
        assert!(pos.is_chess960() && note.is_some());
    }
}
