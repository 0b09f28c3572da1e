//! A chess position with its history: the public face of the rules.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::error::FenError;
use crate::fen;
use crate::legality;
use crate::movegen::{self, CountSink, ListSink};
use crate::moves::Move;
use crate::nnue::{delta, Accumulator, Network};
use crate::types::{Castling, Color, Piece, PieceKind, Square};
use game::MoveList;
use std::sync::Arc;

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position and the boards that led to it (for unmake and repetition).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: Board,
    /// Earlier boards, oldest first; `make` pushes, `unmake` pops (copy-make).
    pub(crate) history: Vec<Board>,
    /// The network this position evaluates with (`None`: the classic evaluation), shared
    /// with its clones and with whoever chose it.
    pub(crate) net: Option<Arc<Network>>,
    /// With a network: its hidden sums of each board in `history` (same index) and of the
    /// current board (index `history.len()`). Entries past that are stale ones that unmake
    /// left to be overwritten, so make writes the next sums in place instead of pushing a
    /// copy. Empty without a network.
    pub(crate) accumulators: Vec<Accumulator>,
}

/// Of the sums `accumulators` of the boards up to ply `ply` (the current board's last):
/// the current board's and the slot for the next board's (added if this is the deepest
/// ply so far), for make to fill. A function of the field, not a method, so that make
/// can borrow the position's network at the same time.
#[inline]
fn next_accumulator(
    accumulators: &mut Vec<Accumulator>,
    ply: usize,
) -> (&Accumulator, &mut Accumulator) {
    if accumulators.len() == ply + 1 {
        accumulators.push(accumulators[ply]);
    }
    let (done, rest) = accumulators.split_at_mut(ply + 1);
    (&done[ply], &mut rest[0])
}

impl PartialEq for Position {
    /// Two positions are equal when their boards are (history is not compared).
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
    }
}

impl Position {
    /// The standard starting position.
    pub fn start() -> Position {
        Position::parse_fen(START_FEN).unwrap_or_else(|_| unreachable!("the start FEN is valid"))
    }

    /// Parses and validates a FEN (4 to 6 fields; missing clocks read as `0 1`).
    pub fn parse_fen(text: &str) -> Result<Position, FenError> {
        Position::parse_fen_as(text, false)
    }

    /// Parses a FEN for Chess960: castling rights in X-FEN (`KQkq` for the outermost rook,
    /// a file letter for an inner one) or Shredder-FEN (`HAha`). The position stays in
    /// Chess960 mode: it writes X-FEN and castling as king-takes-rook.
    pub fn parse_fen_960(text: &str) -> Result<Position, FenError> {
        Position::parse_fen_as(text, true)
    }

    /// Parses a FEN for standard chess or (`chess960`) for Chess960.
    pub fn parse_fen_as(text: &str, chess960: bool) -> Result<Position, FenError> {
        Ok(Position {
            board: fen::parse(text, chess960)?,
            history: Vec::new(),
            net: None,
            accumulators: Vec::new(),
        })
    }

    /// Makes this position (and its history) evaluate with `net`, or with the classic
    /// evaluation for `None`; a new position has the classic evaluation.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.accumulators = match &net {
            Some(net) => self
                .history
                .iter()
                .chain(std::iter::once(&self.board))
                .map(|b| Accumulator::from_features(net, delta::pieces(b)))
                .collect(),
            None => Vec::new(),
        };
        self.net = net;
    }

    /// The network this position evaluates with, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// The position as FEN. The en-passant square is written only when a pawn could
    /// capture there (as Stockfish writes it).
    pub fn fen(&self) -> String {
        fen::write(&self.board)
    }

    /// Whether the position is in Chess960 mode (see [`Position::parse_fen_960`]).
    pub fn is_chess960(&self) -> bool {
        self.board.chess960
    }

    /// The starting square of the rook that castling move `mv` moves; `None` for any
    /// other move.
    pub fn castling_rook(&self, mv: Move) -> Option<Square> {
        let queen = match mv.kind() {
            crate::moves::flag::KING_CASTLE => false,
            crate::moves::flag::QUEEN_CASTLE => true,
            _ => return None,
        };
        Some(self.board.castle_rooks[crate::board::right_index(self.board.side, queen)])
    }

    /// The Polyglot key of the position (equal to [`game::Game::hash`]), for opening books.
    pub fn polyglot_key(&self) -> u64 {
        self.board.hash
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.board.side
    }

    /// The piece on a square.
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board.piece_on(sq)
    }

    /// The squares holding pieces of `color` and `kind`.
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.board.pieces(color, kind)
    }

    /// Castling rights still held.
    pub fn castling(&self) -> Castling {
        self.board.castling
    }

    /// The en-passant square, when a capture there is at least pseudo-legal.
    pub fn en_passant(&self) -> Option<Square> {
        self.board.ep
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.board.halfmove
    }

    /// The move number, starting at 1 and growing after Black's move.
    pub fn fullmove_number(&self) -> u16 {
        self.board.fullmove
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.board.checkers
    }

    /// All legal moves.
    pub fn legal(&self) -> MoveList<Move> {
        let mut list = MoveList::new();
        movegen::generate::<_, true>(&self.board, &mut ListSink(&mut list));
        list
    }

    /// Number of legal moves, counted without listing them.
    pub fn count_legal(&self) -> u64 {
        let mut count = CountSink::default();
        movegen::generate::<_, true>(&self.board, &mut count);
        count.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        legality::is_legal(&self.board, mv)
    }

    /// Plays a legal move (see [`Position::is_legal`]); keeps the previous board for unmake.
    pub fn play(&mut self, mv: Move) {
        if let Some(net) = &self.net {
            let delta = delta::of(&self.board, mv);
            let (current, next) = next_accumulator(&mut self.accumulators, self.history.len());
            current.update_into(net, &delta, next);
        }
        self.history.push(self.board);
        self.board.play(mv);
        self.debug_check();
    }

    /// Passes the turn (the caller guarantees the side to move is not in check).
    pub(crate) fn play_null(&mut self) {
        if self.net.is_some() {
            let (current, next) = next_accumulator(&mut self.accumulators, self.history.len());
            *next = *current;
        }
        self.history.push(self.board);
        self.board.play_null();
    }

    /// Takes back the last move played (or null move); does nothing without history.
    pub fn undo(&mut self) {
        if let Some(b) = self.history.pop() {
            self.board = b;
        }
    }

    /// The network's hidden sums for the current board (only called with a network:
    /// set_network writes one for every board, and every make one more).
    #[inline]
    fn accumulator(&self) -> &Accumulator {
        &self.accumulators[self.history.len()]
    }

    /// The network's evaluation for the side to move, from the kept sums; `None` without
    /// a network.
    #[inline]
    pub fn nnue_eval(&self) -> Option<i32> {
        let net = self.net.as_deref()?;
        Some(net.evaluate_for(
            self.accumulator(),
            self.board.side.index(),
            self.board.occupied().count(),
        ))
    }

    /// Debug builds: the incremental hash and evaluation sums equal a recomputation.
    #[inline]
    fn debug_check(&self) {
        debug_assert_eq!(
            self.board.hash,
            self.board.compute_hash(),
            "incremental hash"
        );
        debug_assert_eq!(
            self.board.pawn_key,
            self.board.compute_pawn_key(),
            "incremental pawn key"
        );
        debug_assert_eq!(
            self.board.non_pawn_keys,
            self.board.compute_non_pawn_keys(),
            "incremental non-pawn keys"
        );
        debug_assert_eq!(
            (self.board.psq, self.board.phase),
            self.board.compute_psq(),
            "incremental evaluation"
        );
        debug_assert_eq!(
            self.board.checkers,
            self.board.compute_checkers(),
            "checkers"
        );
        // Fuzz builds check a sample of positions: see `nnue::check_sums`.
        if let Some(net) = self
            .net
            .as_ref()
            .filter(|_| nnue::check_sums(self.board.hash))
        {
            debug_assert_eq!(
                *self.accumulator(),
                Accumulator::from_features(net, delta::pieces(&self.board)),
                "incremental network sums"
            );
        }
    }

    /// Counts how often the current position occurred before, looking back at most
    /// `limit` earlier occurrences' worth; returns (count, distance of the latest one in plies).
    pub(crate) fn repetitions(&self) -> (u32, Option<usize>) {
        let b = &self.board;
        let window = b.halfmove.min(b.plies_from_null) as usize;
        let n = self.history.len();
        let mut count = 0;
        let mut latest = None;
        let mut d = 4;
        while d <= window && d <= n {
            if self.history[n - d].hash == b.hash {
                count += 1;
                latest.get_or_insert(d);
            }
            d += 2;
        }
        (count, latest)
    }

    /// Whether neither side can ever mate: only kings, knights and bishops remain, and
    /// either all bishops stand on one colour with no knight, or a lone knight is all.
    pub fn insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = b.kinds[PieceKind::Pawn.index()]
            | b.kinds[PieceKind::Rook.index()]
            | b.kinds[PieceKind::Queen.index()];
        if heavy.any() {
            return false;
        }
        let knights = b.kinds[PieceKind::Knight.index()];
        let bishops = b.kinds[PieceKind::Bishop.index()];
        if knights.any() {
            return knights.count() == 1 && bishops.is_empty();
        }
        (bishops & Bitboard::LIGHT).is_empty() || (bishops & !Bitboard::LIGHT).is_empty()
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}
