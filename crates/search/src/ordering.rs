//! Move ordering: which move to try next.
//!
//! Where the game opts in, the TT move, when it is legal, is tried before anything is
//! generated: it often cuts the node off, and then generating and scoring the other moves
//! was wasted. Then all moves are generated at once and scored; `next` picks the best
//! remaining one (a selection sort that usually stops early at a cutoff). Order: the TT
//! move, captures that do not lose material by SEE (most valuable victim, least valuable
//! attacker first), the two killers, the counter-move, quiet moves by history (plus
//! continuation and pawn history, the threats a move escapes or walks into, and near the
//! root the low-ply history of this search, where the game uses them), and last the losing
//! captures.

use crate::history::History;
use crate::tuning::SearchTuning;
use game::{Game, MoveList, MAX_MOVES};

const TT_MOVE: i32 = 3_000_000;
const GOOD_NOISY: i32 = 2_000_000;
const KILLER_1: i32 = 1_000_002;
const KILLER_2: i32 = 1_000_001;
const COUNTER: i32 = 1_000_000;
const BAD_NOISY: i32 = -1_000_000;
/// Capture history is added to MVV-LVA divided by this: at most ±1024, about the MVV-LVA
/// step of a pawn more or less captured in chess, so it reorders captures of similar value.
const CAPTURE_HISTORY_DIVISOR: i32 = 16;

/// Scores of the ordering stages, so the search can tell which kind of move it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The transposition table's move.
    Tt,
    /// A capture or promotion that does not lose material.
    GoodNoisy,
    /// A killer or counter-move.
    Refutation,
    /// Another quiet move.
    Quiet,
    /// A capture that loses material by static exchange.
    BadNoisy,
}

/// The lowest score of the good-noisy stage where `SearchTuning::poor_captures_as_quiets`
/// is off. A good noisy move scores `GOOD_NOISY` plus its MVV-LVA key plus its capture
/// history over `CAPTURE_HISTORY_DIVISOR`, which goes down to −1024: below `GOOD_NOISY` for
/// a soldier or pawn taken with a poor history. This boundary lies halfway to the killers,
/// so such a capture stays a capture.
const GOOD_NOISY_FLOOR: i32 = (GOOD_NOISY + KILLER_1) / 2;

/// The stage of a move with this ordering score; good noisy moves start at `good_floor`.
fn stage_of(score: i32, good_floor: i32) -> Stage {
    if score >= TT_MOVE {
        Stage::Tt
    } else if score >= good_floor {
        Stage::GoodNoisy
    } else if score >= COUNTER {
        Stage::Refutation
    } else if score > BAD_NOISY / 2 {
        Stage::Quiet
    } else {
        Stage::BadNoisy
    }
}

/// What the main search's scoring needs besides the position and the history, kept until
/// the moves are generated.
#[derive(Clone, Copy)]
struct MainContext {
    tt_code: u16,
    ply: usize,
    previous: u16,
    continuation: Option<[u16; 2]>,
    pawn_row: Option<usize>,
    /// `SearchTuning::threat_ordering`.
    threat_ordering: bool,
    /// `SearchTuning::low_ply_history`.
    low_ply_history: bool,
}

/// The moves of one node with their ordering scores.
pub struct Picker<M: Copy + Default> {
    moves: MoveList<M>,
    scores: [i32; MAX_MOVES],
    next: usize,
    /// The legal TT move, not yet handed out, while nothing else is generated.
    tt_move: Option<M>,
    /// Set while the main search's moves are still to be generated and scored.
    pending: Option<MainContext>,
    /// The lowest score of a good noisy move (`SearchTuning::poor_captures_as_quiets`).
    good_floor: i32,
}

impl<M: Copy + Default + Eq> Picker<M> {
    /// All legal moves of `pos`, ordered for the main search. Where the tuning says so
    /// (`SearchTuning::tt_move_first`) the TT move is checked on its own (`Game::decode`)
    /// and the others are generated only once it has been searched.
    #[allow(clippy::too_many_arguments)]
    pub fn main<G: Game<Move = M>>(
        pos: &G,
        tt_code: u16,
        history: &History,
        ply: usize,
        previous: u16,
        continuation: Option<[u16; 2]>,
        pawn_row: Option<usize>,
        tuning: &SearchTuning,
    ) -> Self {
        // Built in place: the picker is large and copying it would cost more than scoring.
        let mut picker = Picker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            tt_move: None,
            pending: None,
            good_floor: if tuning.poor_captures_as_quiets {
                GOOD_NOISY
            } else {
                GOOD_NOISY_FLOOR
            },
        };
        let context = MainContext {
            tt_code,
            ply,
            previous,
            continuation,
            pawn_row,
            threat_ordering: tuning.threat_ordering,
            low_ply_history: tuning.low_ply_history,
        };
        picker.tt_move = if tuning.tt_move_first && tt_code != 0 {
            pos.decode(tt_code)
        } else {
            None
        };
        if picker.tt_move.is_some() {
            picker.pending = Some(context);
        } else {
            picker.generate_main(pos, history, context);
        }
        picker
    }

    /// Generates and scores the main search's moves. A TT move already handed out goes to
    /// the front and is passed over, with the others in the order they would have had
    /// behind it.
    fn generate_main<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        history: &History,
        context: MainContext,
    ) {
        let picker = self;
        pos.generate(&mut picker.moves);
        // The two switches read in the loop over the moves are made constants of its
        // instantiations, so a game without them pays nothing per move.
        match (context.threat_ordering, context.low_ply_history) {
            (false, false) => picker.score_main::<G, false, false>(pos, history, &context),
            (false, true) => picker.score_main::<G, false, true>(pos, history, &context),
            (true, false) => picker.score_main::<G, true, false>(pos, history, &context),
            (true, true) => picker.score_main::<G, true, true>(pos, history, &context),
        }
        if picker.next > 0 {
            // The same swap `next` makes when it picks the TT move, so the other moves keep
            // the order they had before staging.
            match picker.scores[..picker.moves.len()]
                .iter()
                .position(|&score| score == TT_MOVE)
            {
                Some(at) => {
                    picker.moves.as_mut_slice().swap(0, at);
                    picker.scores.swap(0, at);
                }
                // Only if `decode` let through a move that is not legal: then nothing was
                // searched twice, and no generated move may be skipped.
                None => picker.next = 0,
            }
        }
    }

    /// Scores the generated moves for the main search; `THREATS` and `LOW_PLY` are
    /// `SearchTuning::threat_ordering` and `SearchTuning::low_ply_history`.
    fn score_main<G: Game<Move = M>, const THREATS: bool, const LOW_PLY: bool>(
        &mut self,
        pos: &G,
        history: &History,
        context: &MainContext,
    ) {
        let &MainContext {
            tt_code,
            ply,
            previous,
            continuation,
            pawn_row,
            ..
        } = context;
        let killers = history.killers(ply);
        let counter = if previous != 0 {
            history.counter(previous)
        } else {
            0
        };
        let side = pos.side_to_move();
        // Read only with threat ordering on, so elsewhere the array is optimised away.
        let mut threats = [0i32; MAX_MOVES];
        if THREATS {
            pos.threat_bonuses(self.moves.as_slice(), &mut threats);
        }
        for (i, (slot, &mv)) in self.scores.iter_mut().zip(self.moves.iter()).enumerate() {
            let code = G::encode(mv);
            *slot = if code == tt_code {
                TT_MOVE
            } else if pos.is_noisy(mv) {
                let base = if pos.see_ge(mv, 0) {
                    GOOD_NOISY
                } else {
                    BAD_NOISY
                };
                base + pos.mvv_lva(mv) + history.capture_score(side, code) / CAPTURE_HISTORY_DIVISOR
            } else if code == killers[0] {
                KILLER_1
            } else if code == killers[1] {
                KILLER_2
            } else if code == counter {
                COUNTER
            } else {
                let piece_to = pos.piece_to(mv);
                history.score(side, code)
                    + continuation
                        .map_or(0, |earlier| history.continuation_score(earlier, piece_to))
                    + pawn_row.map_or(0, |row| history.pawn_score(row, piece_to))
                    + if LOW_PLY {
                        4 * history.low_ply_score(ply, code) / (1 + ply as i32)
                    } else {
                        0
                    }
                    + if THREATS { threats[i] } else { 0 }
            };
        }
    }

    /// Quiescence moves: the noisy moves, or every move when in check (evasions),
    /// by MVV-LVA with the TT move first.
    pub fn quiescence<G: Game<Move = M>>(pos: &G, tt_code: u16, in_check: bool) -> Self {
        let mut picker = Picker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            tt_move: None,
            pending: None,
            // Quiescence scores no capture history: every capture is above `GOOD_NOISY`.
            good_floor: GOOD_NOISY,
        };
        if in_check {
            pos.generate(&mut picker.moves);
        } else {
            pos.generate_noisy(&mut picker.moves);
        }
        for (slot, &mv) in picker.scores.iter_mut().zip(picker.moves.iter()) {
            *slot = if G::encode(mv) == tt_code {
                TT_MOVE
            } else if pos.is_noisy(mv) {
                GOOD_NOISY + pos.mvv_lva(mv)
            } else {
                0
            };
        }
        picker
    }

    /// Drops the quiet moves (killers and counter-move included) not yet handed out
    /// unless `keep` wants them, so that a node that skips its late quiets neither gets
    /// them back one by one nor scans past them for each move it picks (about 10% fewer
    /// instructions per node in both games, session 57). The moves left keep their relative order, so they
    /// come out by score as before; only ties can break differently, because a dropped
    /// move is no longer picked and swapped forward in between.
    /// Does nothing before the moves are generated.
    pub fn drop_remaining_quiets(&mut self, mut keep: impl FnMut(M) -> bool) {
        if self.pending.is_some() {
            return;
        }
        let len = self.moves.len();
        let moves = self.moves.as_mut_slice();
        let mut kept = self.next;
        for i in self.next..len {
            let (mv, score) = (moves[i], self.scores[i]);
            if matches!(
                stage_of(score, self.good_floor),
                Stage::Quiet | Stage::Refutation
            ) && !keep(mv)
            {
                continue;
            }
            moves[kept] = mv;
            self.scores[kept] = score;
            kept += 1;
        }
        self.moves.truncate(kept);
    }

    /// Whether there is no move at all.
    pub fn is_empty(&self) -> bool {
        self.tt_move.is_none() && self.pending.is_none() && self.moves.is_empty()
    }

    /// The best remaining move and its stage; `pos` and `history` are the node's, for
    /// generating the moves after the TT move.
    #[inline]
    pub fn next<G: Game<Move = M>>(&mut self, pos: &G, history: &History) -> Option<(M, Stage)> {
        if let Some(mv) = self.tt_move.take() {
            self.next = 1;
            return Some((mv, Stage::Tt));
        }
        if let Some(context) = self.pending.take() {
            self.generate_main(pos, history, context);
        }
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        // The first highest score wins ties. Two passes, the maximum (which the compiler
        // vectorises) and then its first position, beat one branchy pass that tracks the
        // index: this scan is the hottest loop of the picker.
        let remaining = &self.scores[self.next..len];
        let best_score = remaining.iter().copied().fold(i32::MIN, i32::max);
        let best = self.next
            + remaining
                .iter()
                .position(|&score| score == best_score)
                .unwrap_or(0);
        let moves = self.moves.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let picked = (
            moves[self.next],
            stage_of(self.scores[self.next], self.good_floor),
        );
        self.next += 1;
        Some(picked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess::Position;

    /// The TT move is handed out first and once, then every other legal move once; a code
    /// that is no legal move is passed over. With the TT move staged before the others are
    /// generated and without; in both games, in check and out of it.
    #[test]
    fn the_tt_move_comes_first_and_every_move_once() {
        let staged = SearchTuning {
            tt_move_first: true,
            threat_ordering: true,
            low_ply_history: true,
            ..SearchTuning::BASE
        };
        let chess = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
            "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1",
        ];
        let xiangqi = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 3",
            "3k5/9/9/4c4/9/9/9/9/9/4RK3 w - - 0 1",
            "4k4/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1",
        ];
        // The last position of each game is in check.
        assert!(chess::Position::from_fen(chess[3]).unwrap().in_check());
        assert!(xiangqi::Position::from_fen(xiangqi[3]).unwrap().in_check());
        for tuning in [staged, SearchTuning::BASE] {
            for fen in chess {
                let pos = chess::Position::from_fen(fen).unwrap();
                tt_move_first_and_every_move_once(&pos, &tuning);
            }
            for fen in xiangqi {
                let pos = xiangqi::Position::from_fen(fen).unwrap();
                tt_move_first_and_every_move_once(&pos, &tuning);
            }
        }
    }

    fn tt_move_first_and_every_move_once<G: Game>(pos: &G, tuning: &SearchTuning)
    where
        G::Move: Eq + Default,
    {
        let history = History::default();
        let fen = pos.to_fen();
        let legal = pos.legal_moves();
        assert!(!legal.is_empty(), "{fen}");
        let mut sorted_legal: Vec<u16> = legal.iter().map(|&m| G::encode(m)).collect();
        sorted_legal.sort_unstable();
        // A code that is no legal move here.
        let illegal = (1..=u16::MAX)
            .find(|&code| pos.decode(code).is_none())
            .unwrap();
        let codes = legal.iter().map(|&m| G::encode(m)).chain([illegal]);
        for tt_code in codes {
            let mut picker = Picker::main(pos, tt_code, &history, 1, 0, None, None, tuning);
            assert!(!picker.is_empty(), "{fen}");
            let mut seen = Vec::new();
            while let Some((mv, stage)) = picker.next(pos, &history) {
                seen.push((G::encode(mv), stage));
            }
            if tt_code != illegal {
                assert_eq!(seen[0], (tt_code, Stage::Tt), "{fen}");
            }
            let tt_stages = seen.iter().filter(|s| s.1 == Stage::Tt).count();
            assert_eq!(tt_stages, usize::from(tt_code != illegal), "{fen}");
            let mut codes: Vec<u16> = seen.iter().map(|s| s.0).collect();
            codes.sort_unstable();
            assert_eq!(codes, sorted_legal, "{fen} with TT move {tt_code}");
        }
    }

    /// Dropping the remaining quiets hands out exactly the moves the full picker would
    /// have handed out after the same point, less the dropped quiets, stage by stage in the
    /// same order; the moves handed out before are not handed out again.
    #[test]
    fn dropped_quiets_are_not_handed_out_and_the_rest_keep_their_order() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        let history = History::default();
        let keep = |m: chess::Move| Position::encode(m).is_multiple_of(3);
        for fen in fens {
            let pos = chess::Position::from_fen(fen).unwrap();
            for quiets_before in 0..3 {
                let picker =
                    || Picker::main(&pos, 0, &history, 1, 0, None, None, &SearchTuning::BASE);
                // Both pickers hand out the same moves until `quiets_before` quiets are out.
                let (mut full, mut dropped) = (picker(), picker());
                let mut quiets = 0;
                while quiets < quiets_before {
                    let (a, b) = (full.next(&pos, &history), dropped.next(&pos, &history));
                    assert_eq!(a, b);
                    let (_, stage) = a.expect("enough quiet moves");
                    quiets += usize::from(matches!(stage, Stage::Quiet | Stage::Refutation));
                }
                dropped.drop_remaining_quiets(keep);
                let (mut expected, mut remaining) = (Vec::new(), 0);
                while let Some((mv, stage)) = full.next(&pos, &history) {
                    remaining += 1;
                    if !matches!(stage, Stage::Quiet | Stage::Refutation) || keep(mv) {
                        expected.push((mv, stage));
                    }
                }
                let mut got = Vec::new();
                while let Some(picked) = dropped.next(&pos, &history) {
                    got.push(picked);
                }
                let stages = |v: &[(chess::Move, Stage)]| v.iter().map(|p| p.1).collect::<Vec<_>>();
                assert_eq!(stages(&got), stages(&expected), "{fen}");
                let codes = |v: &[(chess::Move, Stage)]| {
                    let mut c: Vec<u16> = v.iter().map(|p| Position::encode(p.0)).collect();
                    c.sort_unstable();
                    c
                };
                assert_eq!(codes(&got), codes(&expected), "{fen}");
                assert!(got.len() < remaining, "{fen}: nothing dropped");
            }
        }
    }

    /// A capture that wins material stays a good capture however poor its capture history,
    /// unless `poor_captures_as_quiets` makes it a quiet move (stage `Refutation`); either
    /// way it is handed out first, and once.
    #[test]
    fn a_good_capture_with_a_poor_history_is_a_quiet_only_where_the_switch_says() {
        // Red's soldier takes a lone black soldier that nothing defends.
        let pos = xiangqi::Position::from_fen("5k3/9/9/9/4p4/4P4/9/9/9/3K5 w - - 0 1").unwrap();
        let take = pos
            .parse_move("e5e6", game::MoveStyle::CoordOneBased)
            .unwrap();
        assert!(pos.is_noisy(take) && pos.see_ge(take, 0));
        let code = xiangqi::Position::encode(take);
        let mut history = History::default();
        for _ in 0..200 {
            history.noisy_cutoff(pos.side_to_move(), 3_000, 0, &[code]);
        }
        let floor = crate::params::HISTORY_MAX / CAPTURE_HISTORY_DIVISOR;
        assert!(
            history.capture_score(pos.side_to_move(), code) / CAPTURE_HISTORY_DIVISOR < -floor / 2
        );
        for (as_quiet, expected) in [(false, Stage::GoodNoisy), (true, Stage::Refutation)] {
            let tuning = SearchTuning {
                poor_captures_as_quiets: as_quiet,
                ..SearchTuning::BASE
            };
            let mut picker = Picker::main(&pos, 0, &history, 1, 0, None, None, &tuning);
            let mut stages = Vec::new();
            while let Some((mv, stage)) = picker.next(&pos, &history) {
                stages.push((xiangqi::Position::encode(mv), stage));
            }
            assert_eq!(stages[0], (code, expected), "{stages:?}");
            assert_eq!(stages.iter().filter(|s| s.0 == code).count(), 1);
        }
    }

    #[test]
    fn stages_are_recognised_from_scores() {
        assert_eq!(stage_of(TT_MOVE, GOOD_NOISY_FLOOR), Stage::Tt);
        assert_eq!(
            stage_of(GOOD_NOISY + 500, GOOD_NOISY_FLOOR),
            Stage::GoodNoisy
        );
        assert_eq!(stage_of(KILLER_2, GOOD_NOISY_FLOOR), Stage::Refutation);
        assert_eq!(stage_of(-16_000, GOOD_NOISY_FLOOR), Stage::Quiet);
        assert_eq!(stage_of(16_000, GOOD_NOISY_FLOOR), Stage::Quiet);
        assert_eq!(stage_of(BAD_NOISY + 900, GOOD_NOISY_FLOOR), Stage::BadNoisy);
        assert_eq!(
            stage_of(GOOD_NOISY - 500, GOOD_NOISY_FLOOR),
            Stage::GoodNoisy
        );
        assert_eq!(stage_of(GOOD_NOISY - 500, GOOD_NOISY), Stage::Refutation);
    }
}
