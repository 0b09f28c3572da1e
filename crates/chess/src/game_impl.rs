//! `game::Game` for chess: what the generic search and the interfaces use.

use crate::error::{FenError, MoveError};
use crate::movegen::{self, ListSink};
use crate::moves::Move;
use crate::perft::perft_board;
use crate::position::Position;
use crate::see::SEE_VALUE;
use crate::types::PieceKind;
use game::{EndReason, Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};

impl Game for Position {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;
    /// The network positions evaluate with (`None`: the classic evaluation).
    type Evaluator = Option<std::sync::Arc<crate::nnue::Network>>;
    const NAME: &'static str = "chess";

    fn description() -> game::Description {
        crate::describe::DESCRIPTION
    }

    fn evaluator_note(&self) -> Option<String> {
        crate::describe::network_note(self)
    }

    fn start() -> Self {
        Position::start()
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Position::parse_fen(fen)
    }

    fn from_fen_chess960(fen: &str) -> Result<Self, FenError> {
        Position::parse_fen_960(fen)
    }

    fn chess960_start(number: u32) -> Option<Self> {
        Position::start_960(number).ok()
    }

    fn is_chess960(&self) -> bool {
        Position::is_chess960(self)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn material(&self) -> u32 {
        crate::wdl::material(self)
    }
    fn can_win_on_time(&self, side: Side) -> bool {
        use PieceKind::{Bishop, Knight, Pawn, Queen, Rook};
        let color = match side {
            Side::White => crate::types::Color::White,
            Side::Black => crate::types::Color::Black,
        };
        let count = |kind| self.pieces(color, kind).count();
        count(Pawn) + count(Rook) + count(Queen) > 0 || count(Knight) + count(Bishop) >= 2
    }
    fn wdl_model() -> Option<game::WdlModel> {
        Some(crate::wdl::WDL_MODEL)
    }
    fn side_to_move(&self) -> Side {
        self.board.side.into()
    }

    fn generate(&self, list: &mut MoveList<Move>) {
        movegen::generate::<_, true>(&self.board, &mut ListSink(list));
    }

    fn generate_noisy(&self, list: &mut MoveList<Move>) {
        movegen::generate::<_, false>(&self.board, &mut ListSink(list));
    }

    fn make(&mut self, mv: Move) {
        self.play(mv);
    }

    fn unmake(&mut self, _mv: Move) {
        self.undo();
    }

    fn make_null(&mut self) {
        self.play_null();
    }

    fn unmake_null(&mut self) {
        self.undo();
    }

    fn in_check(&self) -> bool {
        self.board.checkers.any()
    }

    fn hash(&self) -> u64 {
        self.board.hash
    }

    fn structure_key(&self) -> Option<u64> {
        Some(self.board.pawn_key)
    }

    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        Some(self.board.non_pawn_keys)
    }

    fn minor_key(&self) -> Option<u64> {
        Some(self.board.compute_minor_key())
    }

    fn material_key(&self) -> Option<u64> {
        // Counted when asked (ten population counts): only the material correction asks.
        let b = &self.board;
        Some(game::material_key_of((0..2).flat_map(|color| {
            (0..5).map(move |kind| (color * 6 + kind, (b.kinds[kind] & b.colors[color]).count()))
        })))
    }

    fn explain_eval(&self) -> Vec<game::EvalTerm> {
        let terms = self.eval_terms();
        let blend = |t: crate::Tapered| crate::eval::taper(t.mg, t.eg, terms.phase, terms.scale);
        let mut list: Vec<game::EvalTerm> = terms
            .terms
            .iter()
            .map(|&(name, white, black)| game::EvalTerm {
                name: name.to_string(),
                white: blend(white),
                black: blend(black),
            })
            .collect();
        if terms.mop_up != 0 {
            list.push(game::EvalTerm {
                name: "mop-up".to_string(),
                white: terms.mop_up.max(0),
                black: (-terms.mop_up).max(0),
            });
        }
        list
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

    fn evaluate(&self) -> Score {
        // White's view to the side to move's and back: the same sign flip
        let view = |score: Score| match self.board.side {
            crate::Color::White => score,
            crate::Color::Black => -score,
        };
        let white = match self.nnue_eval() {
            Some(score) => crate::eval::network_with_knowledge(&self.board, view(score)),
            None => self.eval_white(),
        };
        view(white)
    }

    fn adjudicate(&self, plies_from_root: usize) -> Option<Verdict> {
        if self.board.halfmove >= 100 {
            // a mate delivered on the 100th half-move stands
            if self.board.checkers.any() && self.count_legal() == 0 {
                return None;
            }
            return Some(Verdict::Draw);
        }
        let (count, latest) = self.repetitions();
        if count >= 2 || latest.is_some_and(|d| d < plies_from_root) {
            return Some(Verdict::Draw);
        }
        self.insufficient_material().then_some(Verdict::Draw)
    }

    fn no_moves_verdict(&self) -> Verdict {
        if self.board.checkers.any() {
            Verdict::Loss
        } else {
            Verdict::Draw
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let side = self.side_to_move();
        if self.count_legal() == 0 {
            return Some(if self.board.checkers.any() {
                Outcome::from_verdict(Verdict::Loss, side, EndReason::Checkmate)
            } else {
                Outcome::from_verdict(Verdict::Draw, side, EndReason::Stalemate)
            });
        }
        let draw = |reason| Some(Outcome::from_verdict(Verdict::Draw, side, reason));
        if self.board.halfmove >= 100 {
            return draw(EndReason::MoveLimit);
        }
        if self.repetitions().0 >= 2 {
            return draw(EndReason::Repetition);
        }
        if self.insufficient_material() {
            return draw(EndReason::InsufficientMaterial);
        }
        None
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    fn threat_bonuses(&self, moves: &[Move], bonuses: &mut [i32]) {
        crate::threats::threat_bonuses(&self.board, moves, bonuses);
    }

    fn mvv_lva(&self, mv: Move) -> i32 {
        let victim = if mv.is_en_passant() {
            SEE_VALUE[0]
        } else {
            self.board
                .piece_on(mv.to())
                .map_or(0, |p| SEE_VALUE[p.kind.index()])
        };
        let attacker = self
            .board
            .piece_on(mv.from())
            .map_or(0, |p| p.kind.index() as i32);
        let promo = mv.promotion().map_or(0, |p| SEE_VALUE[p.index()]);
        (victim + promo) * 8 - attacker
    }

    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        self.see_ge_impl(mv, threshold)
    }

    fn may_give_check(&self, mv: Move) -> bool {
        Position::may_give_check(self, mv)
    }

    fn piece_to(&self, mv: Move) -> u16 {
        let piece = self.board.piece_on(mv.from()).map_or(0, |p| p.index());
        (piece * 64 + mv.to().index()) as u16
    }

    fn null_move_ok(&self) -> bool {
        let b = &self.board;
        let us = b.colors[b.side.index()];
        let minor_major = b.kinds[PieceKind::Knight.index()]
            | b.kinds[PieceKind::Bishop.index()]
            | b.kinds[PieceKind::Rook.index()]
            | b.kinds[PieceKind::Queen.index()];
        (us & minor_major).any()
    }

    fn encode(mv: Move) -> u16 {
        mv.0
    }

    fn decode(&self, code: u16) -> Option<Move> {
        let mv = Move(code);
        self.is_legal(mv).then_some(mv)
    }

    fn format_move(&self, mv: Move, style: MoveStyle) -> String {
        match style {
            MoveStyle::Coord | MoveStyle::CoordOneBased => self.uci(mv),
            MoveStyle::Human => self.san(mv),
        }
    }

    fn parse_move(&self, text: &str, style: MoveStyle) -> Result<Move, MoveError> {
        match style {
            MoveStyle::Coord | MoveStyle::CoordOneBased => self.parse_uci(text),
            MoveStyle::Human => self.parse_san(text),
        }
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft_board(&self.board, depth)
    }
}
