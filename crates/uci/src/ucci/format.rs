//! How search progress and results are written in UCCI: `info depth … score … pv …`,
//! `bestmove … [ponder …] [draw]`, `nobestmove` and `pophash …`.

use crate::format::moves;
use game::{Game, MoveStyle, Score, MATE, MATE_BOUND, MAX_PLY};
use search::{Bound, Info, Remembered, SearchResult};

/// The score of mate at the root in UCCI's scale (ElephantEye's convention): a mate in
/// `n` plies is written `10000 - n`, being mated in `n` plies `-(10000 - n)`.
pub const UCCI_MATE: Score = 10_000;

/// Largest ordinary score written; larger evaluations are clamped so that they never
/// read as mates.
pub const UCCI_MAX_PLAIN: Score = UCCI_MATE - MAX_PLY as Score - 1;

/// A score as UCCI writes it: a bare number of centipawns, mates near ±10000.
pub fn score(score: Score) -> Score {
    if score >= MATE_BOUND {
        UCCI_MATE - (MATE - score)
    } else if score <= -MATE_BOUND {
        -(UCCI_MATE - (MATE + score))
    } else {
        score.clamp(-UCCI_MAX_PLAIN, UCCI_MAX_PLAIN)
    }
}

/// The `info` line of one iteration; `None` for a bound (a fail high or low that the
/// same depth will settle; UCCI has no way to mark a score as a bound) and for lines
/// after the first of a MultiPV search (UCCI knows one line).
pub fn info<G: Game>(root: &G, info: &Info<G::Move>, style: MoveStyle) -> Option<String> {
    if info.bound != Bound::Exact || info.multipv > 1 {
        return None;
    }
    let mut line = format!(
        "info depth {} score {} time {} nodes {}",
        info.depth,
        score(info.score),
        info.time.as_millis(),
        info.nodes
    );
    let pv = moves(root, &info.pv, style);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    Some(line)
}

/// The answer to `go`: `bestmove m [ponder p]`, with ` draw` appended when `draw` (the
/// engine accepts the opponent's offer), or `nobestmove` when there is no move.
pub fn bestmove<G: Game>(
    root: &G,
    result: &SearchResult<G::Move>,
    style: MoveStyle,
    draw: bool,
) -> String {
    let Some(best) = result.best else {
        return "nobestmove".to_string();
    };
    let line: Vec<G::Move> = std::iter::once(best).chain(result.ponder).collect();
    let mut text = match moves(root, &line, style).as_slice() {
        [best, ponder] => format!("bestmove {best} ponder {ponder}"),
        [best] => format!("bestmove {best}"),
        _ => return "nobestmove".to_string(),
    };
    if draw {
        text.push_str(" draw");
    }
    text
}

/// The answer to `probe`: `pophash` alone when nothing is known, else
/// `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]` (an exact score
/// is both bounds).
pub fn pophash<G: Game>(pos: &G, known: Option<&Remembered<G::Move>>, style: MoveStyle) -> String {
    let Some(known) = known else {
        return "pophash".to_string();
    };
    let mut line = "pophash".to_string();
    if let Some(mv) = known.best {
        line.push_str(&format!(" bestmove {}", pos.format_move(mv, style)));
    }
    let value = score(known.score);
    let depth = known.depth.max(0);
    if matches!(known.bound, Bound::Exact | Bound::Lower) {
        line.push_str(&format!(" lowerbound {value} depth {depth}"));
    }
    if matches!(known.bound, Bound::Exact | Bound::Upper) {
        line.push_str(&format!(" upperbound {value} depth {depth}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{mate_in, mated_in};
    use std::time::Duration;
    use testkit::Pile;

    #[test]
    fn scores_are_centipawns_and_mates_sit_near_ten_thousand() {
        assert_eq!(score(35), 35);
        assert_eq!(score(-120), -120);
        assert_eq!(score(mate_in(3)), 9_997);
        assert_eq!(score(mated_in(2)), -9_998);
        assert_eq!(score(MATE_BOUND - 1), UCCI_MAX_PLAIN);
        assert!(score(-(MATE_BOUND - 1)) > score(mated_in(MAX_PLY)));
    }

    fn sample(bound: Bound, multipv: usize) -> Info<u8> {
        Info {
            depth: 7,
            seldepth: 11,
            multipv,
            score: -40,
            bound,
            nodes: 12345,
            nps: 67890,
            hashfull: 12,
            time: Duration::from_millis(182),
            pv: vec![2, 3, 1],
        }
    }

    #[test]
    fn info_lines_only_for_exact_first_lines() {
        let pos = Pile::from_fen("10 w").unwrap();
        assert_eq!(
            info(&pos, &sample(Bound::Exact, 1), MoveStyle::Coord).as_deref(),
            Some("info depth 7 score -40 time 182 nodes 12345 pv t2 t3 t1")
        );
        assert_eq!(info(&pos, &sample(Bound::Lower, 1), MoveStyle::Coord), None);
        assert_eq!(info(&pos, &sample(Bound::Exact, 2), MoveStyle::Coord), None);
    }

    #[test]
    fn bestmove_nobestmove_and_draw() {
        let pos = Pile::from_fen("5 b").unwrap();
        let result = |best, ponder| SearchResult {
            best,
            ponder,
            score: 0,
            depth: 1,
            nodes: 1,
        };
        let style = MoveStyle::Coord;
        assert_eq!(
            bestmove(&pos, &result(Some(1), Some(3)), style, false),
            "bestmove t1 ponder t3"
        );
        assert_eq!(
            bestmove(&pos, &result(Some(1), None), style, true),
            "bestmove t1 draw"
        );
        assert_eq!(
            bestmove(&pos, &result(None, None), style, true),
            "nobestmove"
        );
    }

    #[test]
    fn pophash_writes_the_bounds_it_has() {
        let pos = Pile::from_fen("5 b").unwrap();
        let known = |bound| Remembered {
            best: Some(2),
            score: 25,
            bound,
            depth: 6,
            eval: 10,
        };
        let style = MoveStyle::Coord;
        assert_eq!(pophash::<Pile>(&pos, None, style), "pophash");
        assert_eq!(
            pophash(&pos, Some(&known(Bound::Exact)), style),
            "pophash bestmove t2 lowerbound 25 depth 6 upperbound 25 depth 6"
        );
        assert_eq!(
            pophash(&pos, Some(&known(Bound::Upper)), style),
            "pophash bestmove t2 upperbound 25 depth 6"
        );
    }
}
