//! A searcher that can be switched to textbook fixed-depth alpha-beta, so a match can set
//! the full search against the same binary limited to what pruning-free alpha-beta finds
//! (`setoption name Search value alphabeta` in UCI).
//!
//! The plain mode searches each root move with [`search::reference::alphabeta`] and keeps
//! the best; it has no table, no ordering and no time management, and ignores the `go`
//! limits: it always searches its own depth. `stop` cuts it short at once; the best move
//! among the root moves searched in full is played.

use game::{Game, Score, INFINITY, MATE, MATE_BOUND};
use search::reference::{alphabeta_stoppable, verdict_score};
use search::{Bound, Control, Info, Limits, Options, SearchResult};
use search::{Mode, Think};
use std::time::Instant;

/// The engine search, or plain alpha-beta when [`Mode::AlphaBeta`] is chosen.
pub struct Switchable<G: Game> {
    full: search::Searcher<G>,
    mode: Mode,
}

impl<G: Game> Think<G> for Switchable<G> {
    fn create(options: Options, tuning: search::SearchTuning) -> Self {
        Switchable {
            full: search::Searcher::new(options, tuning),
            mode: Mode::Full,
        }
    }
    fn set_options(&mut self, options: Options) {
        self.full.set_options(options);
    }
    fn clear(&mut self) {
        self.full.clear();
    }
    fn set_mode(&mut self, mode: Mode) -> bool {
        self.mode = mode;
        true
    }
    fn set_tuning(&mut self, tuning: search::SearchTuning) -> bool {
        self.full.set_tuning(tuning);
        true
    }
    fn remembered(&self, pos: &G) -> Option<search::Remembered<G::Move>> {
        self.full.remembered(pos)
    }
    fn search(
        &mut self,
        pos: &G,
        limits: &Limits,
        searchmoves: &[G::Move],
        control: &Control,
        report: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        match self.mode {
            Mode::Full => self.full.search(pos, limits, searchmoves, control, report),
            Mode::AlphaBeta(depth) => plain_root(pos, depth, searchmoves, control, report),
        }
    }
}

/// A mate score one ply further from the root: a child's value seen from its parent's
/// frame. Plain scores and the window bounds beyond mate are unchanged.
fn one_ply_further(score: Score) -> Score {
    if (MATE_BOUND..=MATE).contains(&score) {
        score - 1
    } else if (-MATE..=-MATE_BOUND).contains(&score) {
        score + 1
    } else {
        score
    }
}

/// The inverse of [`one_ply_further`]: a parent-frame bound in its child's frame.
fn one_ply_nearer(score: Score) -> Score {
    if (MATE_BOUND - 1..MATE).contains(&score) {
        score + 1
    } else if (-MATE + 1..=-MATE_BOUND + 1).contains(&score) {
        score - 1
    } else {
        score
    }
}

/// Plain alpha-beta at the root: each allowed move is searched to `depth - 1` more plies
/// by the reference algorithm in the window the earlier moves left, exactly as the
/// reference root node would, with the child's mate distances moved one ply further and
/// repetition/draw rules judged one ply below the root as the reference does.
/// Returns the best move; after `stop` the best among the root moves searched in full.
pub fn plain_root<G: Game>(
    pos: &G,
    depth: u32,
    searchmoves: &[G::Move],
    control: &Control,
    report: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let started = Instant::now();
    let depth = depth.max(1);
    let mut root = pos.clone();
    let moves: Vec<G::Move> = root
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| searchmoves.is_empty() || searchmoves.contains(mv))
        .collect();
    let mut best = moves.first().copied();
    let mut alpha = -INFINITY;
    let mut nodes = 1u64;
    let mut completed = 0;
    for &mv in &moves {
        if control.stopped() {
            break;
        }
        root.make(mv);
        let value = match root.adjudicate(1) {
            Some(verdict) => {
                nodes += 1;
                -verdict_score(verdict, 1)
            }
            None => {
                let child = alphabeta_stoppable(
                    &mut root,
                    depth - 1,
                    one_ply_nearer(-INFINITY),
                    one_ply_nearer(-alpha),
                    control,
                );
                let Some(child) = child else {
                    root.unmake(mv);
                    break;
                };
                nodes += child.nodes;
                -one_ply_further(child.value)
            }
        };
        root.unmake(mv);
        completed += 1;
        if value > alpha {
            alpha = value;
            best = Some(mv);
        }
    }
    // Stopped before a single root move was searched in full: nothing is known beyond
    // the static evaluation, and the depth says so.
    let (score, depth) = if moves.is_empty() {
        (verdict_score(pos.no_moves_verdict(), 0), depth)
    } else if completed == 0 {
        (pos.evaluate(), 0)
    } else {
        (alpha, depth)
    };
    let time = started.elapsed();
    report(&Info {
        depth,
        seldepth: depth,
        multipv: 1,
        score,
        bound: Bound::Exact,
        nodes,
        nps: (u128::from(nodes) * 1000 / time.as_millis().max(1)) as u64,
        hashfull: 0,
        time,
        pv: best.into_iter().collect(),
    });
    SearchResult {
        best,
        ponder: None,
        score,
        depth,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{mate_in, mated_in, MoveStyle};
    use search::reference::alphabeta;

    fn plain<G: Game>(pos: &G, depth: u32) -> SearchResult<G::Move> {
        plain_root(pos, depth, &[], &Control::new(), &mut |_| {})
    }

    #[test]
    fn root_value_and_nodes_equal_the_reference_search() {
        // The root loop is the reference root node spelled out: same value, same nodes.
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "8/8/8/8/8/5k2/6q1/7K w - - 0 1",
        ];
        for fen in fens {
            let pos = chess::Position::from_fen(fen).unwrap();
            for depth in 1..=3 {
                let reference = alphabeta(&mut pos.clone(), depth, -INFINITY, INFINITY);
                let ours = plain(&pos, depth);
                assert_eq!(ours.score, reference.value, "{fen} depth {depth}");
                assert_eq!(ours.nodes, reference.nodes, "{fen} depth {depth}");
            }
        }
        let xq = xiangqi::Position::start();
        let reference = alphabeta(&mut xq.clone(), 2, -INFINITY, INFINITY);
        assert_eq!(plain(&xq, 2).score, reference.value);
    }

    #[test]
    fn finds_mate_in_one_with_its_distance() {
        let pos = chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
        let result = plain(&pos, 3);
        assert_eq!(result.score, mate_in(1));
        let best = pos.format_move(result.best.unwrap(), MoveStyle::Coord);
        assert_eq!(best, "d1d8");
    }

    #[test]
    fn mate_scores_move_by_one_ply_and_back() {
        for s in [mate_in(1), mate_in(7), mated_in(2), mated_in(0), 35, -12, 0] {
            assert_eq!(one_ply_nearer(one_ply_further(s)), s, "{s}");
        }
        assert_eq!(one_ply_further(mate_in(2)), mate_in(3));
        assert_eq!(one_ply_further(mated_in(2)), mated_in(3));
        assert_eq!(one_ply_nearer(INFINITY), INFINITY);
        assert_eq!(one_ply_nearer(-INFINITY), -INFINITY);
    }

    #[test]
    fn stop_before_the_first_move_still_answers_a_legal_move() {
        let pos = chess::Position::start();
        let control = Control::new();
        control.stop();
        let result = plain_root(&pos, 9, &[], &control, &mut |_| {});
        assert!(pos.legal_moves().contains(result.best.unwrap()));
        assert_eq!((result.depth, result.score), (0, pos.evaluate()));
    }

    #[test]
    fn the_stoppable_reference_is_the_reference_until_stopped() {
        let mut pos = chess::Position::start();
        let control = Control::new();
        let full = alphabeta_stoppable(&mut pos, 3, -INFINITY, INFINITY, &control);
        assert_eq!(full, Some(alphabeta(&mut pos, 3, -INFINITY, INFINITY)));
        control.stop();
        assert_eq!(
            alphabeta_stoppable(&mut pos, 3, -INFINITY, INFINITY, &control),
            None
        );
        assert_eq!(pos.to_fen(), chess::Position::start().to_fen(), "unmade");
    }

    #[test]
    fn searchmoves_restrict_the_root() {
        let pos = chess::Position::start();
        let only = pos.parse_move("a2a3", MoveStyle::Coord).unwrap();
        let result = plain_root(&pos, 2, &[only], &Control::new(), &mut |_| {});
        assert_eq!(result.best, Some(only));
    }
}
