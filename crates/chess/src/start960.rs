//! Chess960 and Double Fischer Random start positions by number (Scharnagl's numbering:
//! 0 to 959, 518 being the standard array).

use crate::error::FenError;
use crate::position::Position;

/// Where the two knights stand among the five squares left after the bishops and the
/// queen, for each value 0..10 of the number's last digit.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of start position `n` (0..960), a to h, as uppercase letters.
pub fn back_rank(n: u32) -> Result<[u8; 8], FenError> {
    if n >= 960 {
        return Err(FenError::StartNumber(n));
    }
    let mut rank = [0u8; 8];
    let mut n = n as usize;
    rank[2 * (n % 4) + 1] = b'B';
    n /= 4;
    rank[2 * (n % 4)] = b'B';
    n /= 4;
    place_nth_empty(&mut rank, n % 6, b'Q');
    n /= 6;
    let (first, second) = KNIGHTS[n];
    // the second knight's index counts the first knight's square as still empty
    place_nth_empty(&mut rank, second, b'N');
    place_nth_empty(&mut rank, first, b'N');
    for piece in [b'R', b'K', b'R'] {
        place_nth_empty(&mut rank, 0, piece);
    }
    Ok(rank)
}

/// Puts `piece` on the `nth` empty square (counting from a) of `rank`.
fn place_nth_empty(rank: &mut [u8; 8], nth: usize, piece: u8) {
    if let Some(slot) = rank.iter_mut().filter(|s| **s == 0).nth(nth) {
        *slot = piece;
    }
}

impl Position {
    /// Chess960 start position number `n` (0–959; 518 is the standard array), in
    /// Chess960 mode.
    pub fn start_960(n: u32) -> Result<Position, FenError> {
        Position::start_dfrc(n, n)
    }

    /// A Double Fischer Random start: White's back rank from Chess960 number `white`,
    /// Black's (mirrored) from `black`, in Chess960 mode.
    pub fn start_dfrc(white: u32, black: u32) -> Result<Position, FenError> {
        let white = back_rank(white)?;
        let black = back_rank(black)?;
        let black: String = black
            .iter()
            .map(|&c| (c as char).to_ascii_lowercase())
            .collect();
        let white = String::from_utf8_lossy(&white).into_owned();
        Position::parse_fen_960(&format!(
            "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_numbers_give_known_arrays() {
        let text = |n| String::from_utf8(back_rank(n).unwrap().to_vec()).unwrap();
        assert_eq!(text(518), "RNBQKBNR");
        assert_eq!(text(0), "BBQNNRKR");
        assert_eq!(text(959), "RKRNNQBB");
        assert_eq!(text(1), "BQNBNRKR");
        assert!(back_rank(960).is_err());
    }

    #[test]
    fn castling_is_written_king_takes_rook_only_in_960_mode() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let standard = Position::parse_fen(fen).unwrap();
        let chess960 = Position::parse_fen_960(fen).unwrap();
        for (pos, short, long) in [(&standard, "e1g1", "e1c1"), (&chess960, "e1h1", "e1a1")] {
            let o_o = pos.parse_san("O-O").unwrap();
            let o_o_o = pos.parse_san("O-O-O").unwrap();
            assert_eq!((pos.uci(o_o), pos.uci(o_o_o)), (short.into(), long.into()));
            // both forms are read in both modes
            for text in ["e1g1", "e1h1"] {
                assert_eq!(pos.parse_uci(text), Ok(o_o), "{text}");
            }
            assert_eq!(pos.san(o_o), "O-O");
        }
        let dfrc = Position::start_dfrc(0, 959).unwrap();
        assert_eq!(
            dfrc.fen(),
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
        assert!(Position::start_960(960).is_err());
    }

    #[test]
    fn every_number_is_a_distinct_legal_array() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n).unwrap();
            let at = |c| rank.iter().position(|&x| x == c).unwrap();
            let rooks: Vec<usize> = (0..8).filter(|&i| rank[i] == b'R').collect();
            assert!(rooks[0] < at(b'K') && at(b'K') < rooks[1], "{n}");
            let bishops: Vec<usize> = (0..8).filter(|&i| rank[i] == b'B').collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}");
            assert!(seen.insert(rank), "{n} repeats");
        }
    }
}
