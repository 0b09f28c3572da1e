//! How search progress and results are written in UCI: `info …` and `bestmove …` lines.

use game::{Game, MoveStyle};
use search::{Bound, Info, SearchResult};
use std::fmt::Write;

pub use game::uci_score as score;

/// Writes a line of moves from `root`, each in its own position. Stops at the first move
/// that is not legal where it stands (a PV from a hash collision must not reach the GUI).
pub fn moves<G: Game>(root: &G, line: &[G::Move], style: MoveStyle) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        if !pos.legal_moves().contains(mv) {
            break;
        }
        out.push(pos.format_move(mv, style));
        pos.make(mv);
    }
    out
}

/// The `info` line for one iteration (or one MultiPV line). With `show_wdl`
/// (`UCI_ShowWDL`) the score is followed by `wdl W D L`, the chances per mille by the
/// game's model ([`Game::wdl`]; a game without one writes none).
pub fn info<G: Game>(root: &G, info: &Info<G::Move>, style: MoveStyle, show_wdl: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score(info.score)
    );
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    if let Some(wdl) = root.wdl(info.score).filter(|_| show_wdl) {
        let _ = write!(line, " wdl {}", wdl.uci());
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} time {}",
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    let pv = moves(root, &info.pv, style);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The `bestmove` line: `bestmove e2e4 ponder e7e5`, or `bestmove (none)` with no legal move.
pub fn bestmove<G: Game>(root: &G, result: &SearchResult<G::Move>, style: MoveStyle) -> String {
    let Some(best) = result.best else {
        return "bestmove (none)".to_string();
    };
    let line: Vec<G::Move> = std::iter::once(best).chain(result.ponder).collect();
    match moves(root, &line, style).as_slice() {
        [best, ponder] => format!("bestmove {best} ponder {ponder}"),
        [best] => format!("bestmove {best}"),
        _ => "bestmove (none)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::MATE_BOUND;
    use game::{mate_in, mated_in};
    use std::time::Duration;
    use testkit::Pile;

    #[test]
    fn scores_in_centipawns_and_mates_in_moves() {
        assert_eq!(score(35), "cp 35");
        assert_eq!(score(-120), "cp -120");
        assert_eq!(score(0), "cp 0");
        assert_eq!(score(mate_in(1)), "mate 1");
        assert_eq!(score(mate_in(3)), "mate 2");
        assert_eq!(score(mate_in(5)), "mate 3");
        assert_eq!(score(mated_in(0)), "mate 0");
        assert_eq!(score(mated_in(2)), "mate -1");
        assert_eq!(score(mated_in(4)), "mate -2");
        assert_eq!(score(MATE_BOUND - 1), format!("cp {}", MATE_BOUND - 1));
    }

    fn sample(pv: Vec<u8>, bound: Bound) -> Info<u8> {
        Info {
            depth: 7,
            seldepth: 11,
            multipv: 2,
            score: -40,
            bound,
            nodes: 12345,
            nps: 67890,
            hashfull: 12,
            time: Duration::from_millis(182),
            pv,
        }
    }

    #[test]
    fn info_lines_carry_every_field() {
        let pos = Pile::from_fen("10 w").unwrap();
        assert_eq!(
            info(
                &pos,
                &sample(vec![2, 3, 1], Bound::Exact),
                MoveStyle::Coord,
                false
            ),
            "info depth 7 seldepth 11 multipv 2 score cp -40 nodes 12345 nps 67890 \
             hashfull 12 time 182 pv t2 t3 t1"
        );
        let upper = info(&pos, &sample(vec![], Bound::Upper), MoveStyle::Coord, false);
        assert!(upper.contains("score cp -40 upperbound nodes"), "{upper}");
        assert!(!upper.contains(" pv"), "{upper}");
    }

    #[test]
    fn show_wdl_adds_the_models_chances_after_the_score() {
        let chess_info = |score, bound| Info::<chess::Move> {
            depth: 7,
            seldepth: 11,
            multipv: 1,
            score,
            bound,
            nodes: 1,
            nps: 1,
            hashfull: 0,
            time: Duration::from_millis(1),
            pv: vec![],
        };
        let start = <chess::Position as Game>::start();
        let line = info(
            &start,
            &chess_info(-40, Bound::Exact),
            MoveStyle::Coord,
            true,
        );
        let wdl = start.wdl(-40).unwrap();
        assert!(wdl.loss > wdl.win, "{wdl:?}");
        assert!(
            line.contains(&format!("score cp -40 wdl {} nodes", wdl.uci())),
            "{line}"
        );
        let off = info(
            &start,
            &chess_info(-40, Bound::Exact),
            MoveStyle::Coord,
            false,
        );
        assert!(!off.contains("wdl"), "{off}");
        let mated = info(
            &start,
            &chess_info(mated_in(4), Bound::Upper),
            MoveStyle::Coord,
            true,
        );
        assert!(
            mated.contains("mate -2 upperbound wdl 0 0 1000 "),
            "{mated}"
        );
        let mating = info(
            &start,
            &chess_info(mate_in(3), Bound::Exact),
            MoveStyle::Coord,
            true,
        );
        assert!(mating.contains("mate 2 wdl 1000 0 0 "), "{mating}");
        // A game without a model writes none.
        let pile = Pile::from_fen("10 w").unwrap();
        let line = info(&pile, &sample(vec![], Bound::Exact), MoveStyle::Coord, true);
        assert!(!line.contains("wdl"), "{line}");
    }

    #[test]
    fn pv_stops_at_an_illegal_move() {
        let pos = Pile::from_fen("4 w").unwrap();
        // After t3 one stone is left, so t2 is illegal and nothing after it is shown.
        let line = info(
            &pos,
            &sample(vec![3, 2, 1], Bound::Lower),
            MoveStyle::Coord,
            false,
        );
        assert!(
            line.ends_with("lowerbound nodes 12345 nps 67890 hashfull 12 time 182 pv t3"),
            "{line}"
        );
    }

    #[test]
    fn bestmove_with_and_without_ponder() {
        let pos = Pile::from_fen("5 b").unwrap();
        let result = |best, ponder| SearchResult {
            best,
            ponder,
            score: 0,
            depth: 1,
            nodes: 1,
        };
        assert_eq!(
            bestmove(&pos, &result(Some(1), Some(3)), MoveStyle::Coord),
            "bestmove t1 ponder t3"
        );
        assert_eq!(
            bestmove(&pos, &result(Some(1), None), MoveStyle::Coord),
            "bestmove t1"
        );
        assert_eq!(
            bestmove(&pos, &result(None, None), MoveStyle::Coord),
            "bestmove (none)"
        );
        assert_eq!(
            bestmove(&pos, &result(Some(3), Some(3)), MoveStyle::Coord),
            "bestmove t3"
        );
    }
}
