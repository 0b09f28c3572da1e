//! Scores in centipawns; mate scores carry their distance in plies.

/// A position's value in centipawns from one side's point of view.
pub type Score = i32;

/// The deepest ply the search ever reaches; mate distances fit below it.
pub const MAX_PLY: usize = 246;
/// The score of delivering mate right now (mate in 0 plies).
pub const MATE: Score = 32_000;
/// Scores at or beyond this magnitude are mate scores.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// Larger than any score; the initial window bound.
pub const INFINITY: Score = 32_001;
/// The value of a draw.
pub const DRAW: Score = 0;

/// Score for the side to move when it mates in `ply` plies.
#[inline]
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Score for the side to move when it is mated in `ply` plies.
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether the score announces a forced mate for either side.
#[inline]
pub const fn is_mate_score(score: Score) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// A score as UCI writes it: `cp 31`, or `mate 3` / `mate -2` in moves (not plies).
pub fn uci_score(score: Score) -> String {
    if score >= MATE_BOUND {
        let plies = MATE - score;
        format!("mate {}", (plies + 1) / 2)
    } else if score <= -MATE_BOUND {
        let plies = MATE + score;
        format!("mate {}", -(plies / 2))
    } else {
        format!("cp {score}")
    }
}

/// A score for people, as engine GUIs show it: pawns with a sign (`+0.35`, `-1.20`), or
/// `#N` / `#-N` for a mate in N moves (not plies). UCI has its own form, [`uci_score`].
pub fn score_text(score: Score) -> String {
    if is_mate_score(score) {
        let moves = (MATE - score.abs() + 1) / 2;
        let sign = if score > 0 { "" } else { "-" };
        format!("#{sign}{moves}")
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_like_an_engine_gui() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(0), "+0.00");
        assert_eq!(score_text(mate_in(1)), "#1");
        assert_eq!(score_text(mate_in(5)), "#3");
        assert_eq!(score_text(mated_in(4)), "#-2");
    }

    #[test]
    fn mate_scores_are_recognised_and_ordered() {
        assert!(is_mate_score(mate_in(3)));
        assert!(is_mate_score(mated_in(10)));
        assert!(!is_mate_score(900));
        assert!(mate_in(1) > mate_in(3), "shorter mates are better");
        assert!(mated_in(1) < mated_in(3), "longer defences are better");
        assert!(mate_in(MAX_PLY) >= MATE_BOUND);
    }
}
