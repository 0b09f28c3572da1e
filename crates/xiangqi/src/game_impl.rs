//! `game::Game` for xiangqi: the search's view of the rules.

use crate::fen::FenError;
use crate::notation::MoveError;
use crate::position::Position;
use crate::types::{Move, SQUARES};
use game::{EndReason, Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};

/// The standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Game for Position {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;
    /// The network positions evaluate with (`None`: the classic evaluation, the type's
    /// default; the engine plays with the built-in network, [`crate::nnue::embedded`]).
    type Evaluator = Option<std::sync::Arc<crate::nnue::Network>>;
    const NAME: &'static str = "xiangqi";

    fn description() -> game::Description {
        crate::describe::DESCRIPTION
    }

    fn start() -> Self {
        match Position::parse_fen(START_FEN) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Position::parse_fen(fen)
    }
    fn set_evaluator(&mut self, net: Self::Evaluator) {
        self.set_network(net);
    }
    fn builtin_evaluator() -> Self::Evaluator {
        Some(crate::nnue::embedded())
    }
    fn builtin_evaluator_name() -> &'static str {
        crate::nnue::EMBEDDED_NAME
    }
    fn load_evaluator(path: &std::path::Path) -> Result<Self::Evaluator, String> {
        crate::nnue::Network::from_file(path).map(|net| Some(std::sync::Arc::new(net)))
    }
    fn evaluator_note(&self) -> Option<String> {
        crate::describe::network_note(self)
    }
    fn to_fen(&self) -> String {
        self.fen()
    }
    fn material(&self) -> u32 {
        crate::wdl::material(self)
    }
    fn wdl_model() -> Option<game::WdlModel> {
        Some(crate::wdl::WDL_MODEL)
    }
    fn side_to_move(&self) -> Side {
        self.stm
    }
    fn generate(&self, list: &mut MoveList<Move>) {
        self.gen::<false>(list);
    }
    fn generate_noisy(&self, list: &mut MoveList<Move>) {
        self.gen::<true>(list);
    }
    fn make(&mut self, mv: Move) {
        self.do_move(mv);
    }
    fn unmake(&mut self, mv: Move) {
        self.undo_move(mv);
    }
    fn make_null(&mut self) {
        self.do_null();
    }
    fn unmake_null(&mut self) {
        self.undo_null();
    }
    fn in_check(&self) -> bool {
        self.in_check
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn evaluate(&self) -> Score {
        if let Some(score) = self.nnue_eval() {
            return score;
        }
        let red = crate::eval::evaluate_red(self);
        match self.stm {
            Side::White => red,
            Side::Black => -red,
        }
    }
    fn adjudicate(&self, plies_from_root: usize) -> Option<Verdict> {
        // Cheap exits first: most nodes have no repetition and a small clock.
        self.rules_verdict(plies_from_root).map(|(v, _)| v)
    }
    fn no_moves_verdict(&self) -> Verdict {
        Verdict::Loss
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            let reason = if self.in_check {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome::from_verdict(Verdict::Loss, self.stm, reason));
        }
        self.rules_verdict(0)
            .map(|(v, reason)| Outcome::from_verdict(v, self.stm, reason))
    }
    fn is_capture(&self, mv: Move) -> bool {
        !self.board[mv.to().index()].is_none()
    }
    fn is_noisy(&self, mv: Move) -> bool {
        self.is_capture(mv)
    }
    fn mvv_lva(&self, mv: Move) -> i32 {
        self.mvv_lva_key(mv)
    }
    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        self.see_at_least(mv, threshold)
    }
    fn may_give_check(&self, mv: Move) -> bool {
        self.gives_check(mv)
    }
    fn structure_key(&self) -> Option<u64> {
        Some(self.soldier_key())
    }

    fn material_key(&self) -> Option<u64> {
        Some(self.material)
    }
    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        Some(self.non_pawn)
    }

    fn minor_key(&self) -> Option<u64> {
        Some(self.minor)
    }
    fn piece_to(&self, mv: Move) -> u16 {
        (self.board[mv.from().index()].index() * 90 + mv.to().index()) as u16
    }
    fn null_move_ok(&self) -> bool {
        !self.in_check && self.has_major_pieces(self.stm)
    }
    fn encode(mv: Move) -> u16 {
        mv.raw()
    }
    fn decode(&self, code: u16) -> Option<Move> {
        let mv = Move(code);
        let ok = !mv.is_null()
            && mv.from().index() < SQUARES
            && mv.to().index() < SQUARES
            && self.is_legal(mv);
        ok.then_some(mv)
    }
    fn format_move(&self, mv: Move, style: MoveStyle) -> String {
        self.format_in(mv, style)
    }
    fn parse_move(&self, text: &str, style: MoveStyle) -> Result<Move, MoveError> {
        self.parse_in(text, style)
    }
    fn explain_eval(&self) -> Vec<game::EvalTerm> {
        crate::eval::explain(self)
    }
    fn perft(&mut self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }
}

impl Default for Position {
    fn default() -> Self {
        <Position as Game>::start()
    }
}

impl Position {
    /// The evaluation's named terms per side, tapered as they count in the total
    /// (what `chariot eval` prints).
    pub fn eval_terms(&self) -> Vec<game::EvalTerm> {
        crate::eval::explain(self)
    }
    /// Outcome with the reason, as the arena and interfaces show it.
    pub fn verdict_with_reason(&self, plies_from_root: usize) -> Option<(Verdict, EndReason)> {
        self.rules_verdict(plies_from_root)
    }
}

impl game::Tunable for Position {
    const MAX_PHASE: i32 = crate::eval::MAX_PHASE;
    const SCALE_ONE: i32 = crate::eval::SCALE_ONE;
    fn weight_names() -> Vec<String> {
        crate::eval::weight_names()
    }
    fn weights() -> Vec<(i32, i32)> {
        crate::eval::weight_values()
    }
    fn trace(&self) -> game::Trace {
        crate::eval::trace(self)
    }
}
