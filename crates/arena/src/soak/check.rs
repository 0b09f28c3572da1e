//! Independent checks of every move a soak game plays: the rules crates and the search are
//! not trusted to check themselves.

use game::Game;
use std::fmt;

/// What went wrong with a move or a position. Each kind is counted apart in the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The move is not among the position's legal moves.
    Illegal(String),
    /// Make/unmake did not restore the position, or the incremental hash differs from a
    /// fresh parse of the position's FEN.
    Hash(String),
    /// The position's FEN cannot be read back, or reads back differently.
    Fen(String),
    /// The principal variation the search reported holds an illegal move
    /// (a transposition-table move accepted in the wrong position).
    Pv(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Illegal(s) => write!(f, "illegal move: {s}"),
            Fault::Hash(s) => write!(f, "hash inconsistency: {s}"),
            Fault::Fen(s) => write!(f, "FEN round trip: {s}"),
            Fault::Pv(s) => write!(f, "illegal PV: {s}"),
        }
    }
}

/// Checks `mv` before it is played: it must be legal, and making then unmaking it must
/// restore the FEN and the hash. `pos` is unchanged afterwards.
pub fn check_move<G: Game>(pos: &mut G, mv: G::Move) -> Result<(), Fault> {
    let fen = pos.to_fen();
    if !pos.legal_moves().iter().any(|m| *m == mv) {
        return Err(Fault::Illegal(format!("{mv:?} in {fen}")));
    }
    let hash = pos.hash();
    pos.make(mv);
    pos.unmake(mv);
    if pos.hash() != hash {
        return Err(Fault::Hash(format!(
            "unmake of {mv:?} changed the hash in {fen}"
        )));
    }
    let after = pos.to_fen();
    if after != fen {
        return Err(Fault::Hash(format!(
            "unmake of {mv:?} left {after} instead of {fen}"
        )));
    }
    Ok(())
}

/// Checks a position reached in play: its FEN reads back to the same FEN, and its
/// incremental hash equals the hash a fresh parse computes. (A FEN has no history, so
/// only the position itself is compared, not repetition state.)
pub fn check_position<G: Game>(pos: &G) -> Result<(), Fault> {
    let fen = pos.to_fen();
    let fresh = G::from_fen(&fen).map_err(|e| Fault::Fen(format!("{fen} refused: {e}")))?;
    let again = fresh.to_fen();
    if again != fen {
        return Err(Fault::Fen(format!("{fen} reads back as {again}")));
    }
    if fresh.hash() != pos.hash() {
        return Err(Fault::Hash(format!(
            "incremental hash {:016x} but a fresh parse of {fen} gives {:016x}",
            pos.hash(),
            fresh.hash()
        )));
    }
    Ok(())
}

/// Checks that each move of a principal variation is legal after the ones before it.
pub fn check_pv<G: Game>(pos: &G, pv: &[G::Move]) -> Result<(), Fault> {
    let mut line = pos.clone();
    for (i, &mv) in pv.iter().enumerate() {
        if !line.legal_moves().iter().any(|m| *m == mv) {
            return Err(Fault::Pv(format!(
                "move {} ({mv:?}) of the PV is illegal in {}",
                i + 1,
                line.to_fen()
            )));
        }
        line.make(mv);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::MoveStyle;

    fn chess(fen: &str) -> chess::Position {
        chess::Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_move_from_another_position_is_illegal() {
        let start = chess::Position::start();
        let e4 = start.parse_move("e2e4", MoveStyle::Coord).unwrap();
        let mut blocked = chess("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1");
        assert!(matches!(
            check_move(&mut blocked, e4),
            Err(Fault::Illegal(_))
        ));
        let mut pos = start.clone();
        assert_eq!(check_move(&mut pos, e4), Ok(()));
        assert_eq!(
            pos.to_fen(),
            start.to_fen(),
            "check_move must leave the position as it was"
        );
    }

    #[test]
    fn positions_in_play_pass_and_a_bad_pv_is_caught() {
        let mut pos = chess::Position::start();
        let mut line = Vec::new();
        for text in ["e2e4", "e7e5", "g1f3"] {
            let mv = pos.parse_move(text, MoveStyle::Coord).unwrap();
            line.push(mv);
            pos.make(mv);
            assert_eq!(check_position(&pos), Ok(()));
        }
        let start = chess::Position::start();
        assert_eq!(check_pv(&start, &line), Ok(()));
        line.swap(0, 1);
        assert!(matches!(check_pv(&start, &line), Err(Fault::Pv(_))));
    }
}
