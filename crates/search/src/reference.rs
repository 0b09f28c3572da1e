//! Textbook minimax and alpha-beta, kept as readable reference algorithms.
//!
//! Both search a fixed number of plies with no tables and no tricks. A leaf is scored by
//! the static evaluation; a node without legal moves by the game's verdict, as a mate score
//! that carries its distance from the root (so a nearer mate is worth more); a node the
//! game's rules decide (repetition, perpetual check, move-count rule...) by that verdict.
//! The root itself is never adjudicated: the caller asked for a move there.
//!
//! The engine search (`Searcher`) with pruning switched off must return exactly the same
//! root value; the agreement tests check that.

use crate::Control;
use game::{mate_in, mated_in, Game, Score, Verdict, DRAW, INFINITY};

/// A searched value and how many nodes (positions) were visited to find it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The value from the side to move's point of view.
    pub value: Score,
    /// Positions visited, the root included.
    pub nodes: u64,
}

/// The score of a rules verdict for the side to move, `ply` plies below the root.
#[inline]
pub fn verdict_score(verdict: Verdict, ply: usize) -> Score {
    match verdict {
        Verdict::Draw => DRAW,
        Verdict::Win => mate_in(ply),
        Verdict::Loss => mated_in(ply),
    }
}

/// The value of a node before its children are searched, if it has one: the rules'
/// verdict (not at the root), no legal move, or the depth is exhausted.
fn terminal<G: Game>(
    pos: &G,
    depth: u32,
    ply: usize,
    moves: &game::MoveList<G::Move>,
) -> Option<Score> {
    if moves.is_empty() {
        return Some(verdict_score(pos.no_moves_verdict(), ply));
    }
    if depth == 0 {
        return Some(pos.evaluate());
    }
    None
}

/// Plain negamax minimax to `depth` plies: every move of every node is searched.
pub fn minimax<G: Game>(pos: &mut G, depth: u32) -> Counted {
    let mut nodes = 0;
    let value = minimax_node(pos, depth, 0, &mut nodes);
    Counted { value, nodes }
}

fn minimax_node<G: Game>(pos: &mut G, depth: u32, ply: usize, nodes: &mut u64) -> Score {
    *nodes += 1;
    if ply > 0 {
        if let Some(verdict) = pos.adjudicate(ply) {
            return verdict_score(verdict, ply);
        }
    }
    let moves = pos.legal_moves();
    if let Some(value) = terminal(pos, depth, ply, &moves) {
        return value;
    }
    let mut best = -INFINITY;
    for &mv in moves.iter() {
        pos.make(mv);
        let value = -minimax_node(pos, depth - 1, ply + 1, nodes);
        pos.unmake(mv);
        best = best.max(value);
    }
    best
}

/// Plain fail-hard alpha-beta to `depth` plies in the window `(alpha, beta)`, moves in
/// generation order. With the full window it returns exactly the minimax value.
pub fn alphabeta<G: Game>(pos: &mut G, depth: u32, alpha: Score, beta: Score) -> Counted {
    let mut nodes = 0;
    let value = alphabeta_node(pos, depth, 0, alpha, beta, &mut nodes, &|| false);
    Counted { value, nodes }
}

/// [`alphabeta`] that gives up as soon as `control` says stop (for playing games with
/// it); `None` when it was stopped, since a cut-short search has no value.
pub fn alphabeta_stoppable<G: Game>(
    pos: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    control: &Control,
) -> Option<Counted> {
    let mut nodes = 0;
    let stop = || control.stopped();
    let value = alphabeta_node(pos, depth, 0, alpha, beta, &mut nodes, &stop);
    (!control.stopped()).then_some(Counted { value, nodes })
}

/// `stop` is polled at every node; once it says yes every node returns at once and the
/// value is meaningless (the stoppable entry point discards it).
fn alphabeta_node<G: Game, F: Fn() -> bool>(
    pos: &mut G,
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
    nodes: &mut u64,
    stop: &F,
) -> Score {
    *nodes += 1;
    if stop() {
        return alpha;
    }
    if ply > 0 {
        if let Some(verdict) = pos.adjudicate(ply) {
            return verdict_score(verdict, ply).clamp(alpha, beta);
        }
    }
    let moves = pos.legal_moves();
    if let Some(value) = terminal(pos, depth, ply, &moves) {
        return value.clamp(alpha, beta);
    }
    for &mv in moves.iter() {
        pos.make(mv);
        let value = -alphabeta_node(pos, depth - 1, ply + 1, -beta, -alpha, nodes, stop);
        pos.unmake(mv);
        if value >= beta {
            return beta;
        }
        if value > alpha {
            alpha = value;
        }
    }
    alpha
}
