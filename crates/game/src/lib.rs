//! The contract between the rules of a game and the generic search.
//!
//! Chariot plays chess and xiangqi with one search. Each game implements [`Game`];
//! the search (crate `search`) is generic over it and never asks which game it plays.
//! Everything game-specific — move generation, draw rules, perpetual check, evaluation —
//! stays behind this trait.
#![deny(missing_docs)]

mod check_prediction;
mod describe;
mod movelist;
mod outcome;
mod score;
mod tune;
mod wdl;

pub use check_prediction::{verify_check_prediction, CheckPredictionCount};
pub use describe::{board_size, Cells, Description, HumanNotation, RecordFormat};
pub use movelist::{MoveList, MAX_MOVES};
pub use outcome::{EndReason, Outcome, Verdict};
pub use score::{
    is_mate_score, mate_in, mated_in, score_text, uci_score, Score, DRAW, INFINITY, MATE,
    MATE_BOUND, MAX_PLY,
};
pub use tune::{Trace, TraceEntry, Tunable};
pub use wdl::{logistic, Wdl, WdlModel};

use std::fmt::Debug;

/// Bound on [`Game::piece_to`]: every game's (moving piece, destination) index is below
/// this (chess 12 × 64, xiangqi 16 piece codes × 90 squares).
pub const PIECE_TO_COUNT: usize = 16 * 90;

/// Random numbers for material keys ([`Game::material_key`]), one per piece code below 32
/// (each game numbers its kinds and colours its own way).
const MATERIAL_KEYS: [u64; 32] = material_keys();

/// A material key of `counts[code]` pieces of each piece code (below 32): the wrapping
/// sum of a random number per piece, so a capture or promotion updates it by adding and
/// subtracting, and different material differs in all bits with near certainty.
#[inline]
pub fn material_key_of(counts: impl IntoIterator<Item = (usize, u32)>) -> u64 {
    counts.into_iter().fold(0u64, |key, (code, n)| {
        key.wrapping_add(MATERIAL_KEYS[code].wrapping_mul(u64::from(n)))
    })
}

/// The material key's share of one piece of `code`: added when the piece comes on the
/// board, subtracted when it leaves.
#[inline]
pub fn material_key_piece(code: usize) -> u64 {
    MATERIAL_KEYS[code]
}

/// SplitMix64 from a fixed seed, at compile time.
const fn material_keys() -> [u64; 32] {
    let mut keys = [0u64; 32];
    let mut state = 0x243F_6A88_85A3_08D3_u64;
    let mut i = 0;
    while i < 32 {
        keys[i] = splitmix64(&mut state);
        i += 1;
    }
    keys
}

/// SplitMix64: advances `state` and returns its next well-mixed 64-bit number. The one
/// generator behind Chariot's fixed random tables (xiangqi's Zobrist keys, material keys)
/// and its seeded choices (opening order, SPSA perturbations, datagen streams); usable at
/// compile time.
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One of the two players. In xiangqi, Red plays the role of [`Side::White`]
/// (Fairy-Stockfish and Pikafish also write red to move as `w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// White in chess, Red in xiangqi; moves first.
    White,
    /// Black in both games.
    Black,
}

impl Side {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White/Red, 1 for Black: an index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a move is written or read. Each game maps the styles onto its own notations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveStyle {
    /// Engine coordinates: UCI long algebraic for chess (`e2e4`, `e7e8q`);
    /// for xiangqi files a–i and ranks 0–9 as Pikafish writes them (`h2e2`).
    #[default]
    Coord,
    /// Xiangqi coordinates with ranks 1–10 as Fairy-Stockfish writes them (`h3e3`).
    /// For chess this is the same as [`MoveStyle::Coord`].
    CoordOneBased,
    /// What people write: SAN for chess (`Nf3`, `exd8=Q+`), WXF for xiangqi (`C2=5`).
    Human,
}

/// One named term of a static evaluation, for explaining it to a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// What the term measures (e.g. `"material"`).
    pub name: String,
    /// White's (Red's) share in centipawns, as it counts in the final score.
    pub white: Score,
    /// Black's share in centipawns, as it counts in the final score.
    pub black: Score,
}

/// Which evaluation a front end gives the positions it sets up, said without naming the
/// game: for front ends that serve several games (the web game, UCI, bench).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// The classic, hand-written evaluation: what tests, perft, datagen and tune use
    /// unless told otherwise.
    #[default]
    Classic,
    /// The evaluation built into the engine ([`Game::builtin_evaluator`]): what the
    /// commands that play use.
    Builtin,
}

impl Evaluation {
    /// This choice's evaluator for game `G`.
    pub fn evaluator<G: Game>(self) -> G::Evaluator {
        match self {
            Evaluation::Classic => G::Evaluator::default(),
            Evaluation::Builtin => G::builtin_evaluator(),
        }
    }
}

/// A game that the generic search can play.
///
/// Positions carry their own history (needed for unmake, repetition and the
/// xiangqi perpetual-check/chase rules), so `make`/`unmake` must be strictly nested.
/// All move lists produced here hold **legal** moves only.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A move of this game; small and `Copy`.
    type Move: Copy + Eq + Default + Debug + Send + Sync + 'static;
    /// Why a FEN was refused.
    type FenError: std::error::Error + Send + Sync + 'static;
    /// Why a move string was refused (malformed, or illegal here).
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// What the evaluation reads besides the position itself: for chess its network,
    /// shared (not copied) by every position that uses it; `()` for a game with only a
    /// hand-written evaluation. The default value is the classic (hand-written)
    /// evaluation. Front ends hold one and hand it to every position they set up
    /// ([`Game::set_evaluator`]), so two sessions in one process may evaluate differently.
    type Evaluator: Clone + Default + Send + Sync + 'static;

    /// Short lowercase name of the game: `"chess"` or `"xiangqi"`.
    const NAME: &'static str;

    /// The standard starting position.
    fn start() -> Self;
    /// Parses a position; never panics on any input.
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    /// Writes the position as FEN (the form the game's usual tools write).
    fn to_fen(&self) -> String;
    /// Parses a position of the game's Chess960 form (chess: castling rights by rook file,
    /// castling written king-takes-rook from then on); games without one read it as
    /// [`Game::from_fen`] does.
    fn from_fen_chess960(fen: &str) -> Result<Self, Self::FenError> {
        Self::from_fen(fen)
    }
    /// Start position number `number` (0–959, Scharnagl's numbering) of the game's
    /// Chess960 form, in Chess960 mode; `None` for a number out of range or a game without
    /// that form (the default), so that front ends can offer Chess960 without knowing chess.
    fn chess960_start(_number: u32) -> Option<Self> {
        None
    }
    /// Whether the position is in Chess960 mode (its records carry the Chess960 `Variant`
    /// tag and always their FEN). The default: no.
    fn is_chess960(&self) -> bool {
        false
    }

    /// Makes this position, and every position made from it by moves or clones, evaluate
    /// with `evaluator`. The default does nothing: right for an `Evaluator` of `()`.
    fn set_evaluator(&mut self, _evaluator: Self::Evaluator) {}
    /// The evaluator the engine plays with unless told otherwise (the network built into
    /// the binary, in chess and xiangqi). The default is the classic evaluation.
    fn builtin_evaluator() -> Self::Evaluator {
        Self::Evaluator::default()
    }
    /// The name that stands for [`Game::builtin_evaluator`] where an evaluation is named
    /// (the default of the UCI option `EvalFile`): the built-in network's file name. The
    /// default, empty, is the name of the classic evaluation, the default's built-in one.
    fn builtin_evaluator_name() -> &'static str {
        ""
    }
    /// Reads an evaluator from a file (the UCI option `EvalFile`, `datagen --eval-file`);
    /// the error says why the file cannot be used. The default refuses every file.
    fn load_evaluator(path: &std::path::Path) -> Result<Self::Evaluator, String> {
        Err(format!(
            "{} reads no evaluation files ({} given)",
            Self::NAME,
            path.display()
        ))
    }

    /// What front ends need to know to show this game and write and read its records
    /// (side names, board, notations, record format). The default describes a plain game
    /// on the board of the start position, with coordinate moves, whose records name it
    /// by [`Game::NAME`] in the PGN `Variant` tag: enough for test games.
    fn description() -> Description {
        let (files, ranks) = board_size(&Self::start().to_fen());
        Description::plain(Self::NAME, files, ranks)
    }

    /// A note for a person reading the evaluation explained term by term, about what the
    /// position evaluates with (chess: that the total comes from its network); `None`
    /// when there is nothing to add, the default.
    fn evaluator_note(&self) -> Option<String> {
        None
    }

    /// Whether `side` wins when its opponent's flag falls: false only where the game's
    /// rules give a draw because `side` could never mate (chess: a lone king, or a king and
    /// one minor piece). The default, true, is xiangqi's rule: running out of time loses.
    fn can_win_on_time(&self, _side: Side) -> bool {
        true
    }
    /// The material on the board, both sides together, as the game's win/draw/loss model
    /// counts it (chess: pawn 1, knight and bishop 3, rook 5, queen 9). The default, 0,
    /// suits a game without a model ([`Game::wdl_model`]).
    fn material(&self) -> u32 {
        0
    }
    /// The game's win/draw/loss model, fitted to Chariot's own games (`chariot wdl-fit`);
    /// `None`, the default, for a game without one.
    fn wdl_model() -> Option<WdlModel> {
        None
    }
    /// Chances of a win, draw and loss for the side to move given a search score for it,
    /// by the game's model; `None` when the game has no model.
    fn wdl(&self, score: Score) -> Option<Wdl> {
        Self::wdl_model().map(|model| model.wdl(score, self.material()))
    }

    /// Whose move it is.
    fn side_to_move(&self) -> Side;
    /// Appends every legal move to `list` (which is not cleared first).
    fn generate(&self, list: &mut MoveList<Self::Move>);
    /// Appends the legal "noisy" moves — captures, and promotions in chess — to `list`.
    /// Quiescence search uses this.
    fn generate_noisy(&self, list: &mut MoveList<Self::Move>);
    /// Plays a legal move.
    fn make(&mut self, mv: Self::Move);
    /// Takes back `mv`, which must be the last move made.
    fn unmake(&mut self, mv: Self::Move);
    /// Passes the turn (null-move pruning). Never called when in check.
    fn make_null(&mut self);
    /// Takes back the last null move.
    fn unmake_null(&mut self);

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Zobrist hash of the position (side to move, and for chess castling and en passant included).
    fn hash(&self) -> u64;
    /// Static evaluation in centipawns from the side to move's point of view.
    fn evaluate(&self) -> Score;

    /// Verdict of the game's own rules at a node with legal moves left, `plies_from_root`
    /// plies below the search root: repetition (inside the search tree a single repetition
    /// may already count), perpetual check or chase, the 50/60-move rule, insufficient
    /// material. `None` when the game goes on. Checkmate/stalemate are not reported here.
    fn adjudicate(&self, plies_from_root: usize) -> Option<Verdict>;
    /// Verdict for the side to move when it has no legal move: in chess checkmate is a loss
    /// and stalemate a draw; in xiangqi both are losses.
    fn no_moves_verdict(&self) -> Verdict;
    /// Whether the game is over under its official rules (the strict form: threefold
    /// repetition, not the search's single repetition), and how. For interfaces and the arena.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether the move captures a piece.
    fn is_capture(&self, mv: Self::Move) -> bool;
    /// Whether the move is noisy (what [`Game::generate_noisy`] yields).
    fn is_noisy(&self, mv: Self::Move) -> bool;
    /// Most-valuable-victim / least-valuable-attacker key for ordering noisy moves;
    /// larger is tried first.
    fn mvv_lva(&self, mv: Self::Move) -> i32;
    /// Static exchange evaluation: whether `mv` wins at least `threshold` centipawns
    /// after the best sequence of recaptures on its destination square.
    fn see_ge(&self, mv: Self::Move, threshold: Score) -> bool;
    /// Move-ordering adjustments of quiet moves for the pieces they move out of or into
    /// attack by cheaper enemy pieces: `bonuses[i]` is set for `moves[i]` (positive for an
    /// escape, negative for a move that puts a piece en prise, 0 otherwise). Asked once per
    /// node where the search's tuning has threat ordering on (`search::SearchTuning`); the
    /// default leaves every bonus as it is.
    fn threat_bonuses(&self, _moves: &[Self::Move], _bonuses: &mut [i32]) {}
    /// Whether `mv` (legal here) may give check: `false` only when it surely does not.
    /// Lets the search drop a pruned quiet move without playing it (moves that give check
    /// are never pruned). The default, always `true`, is correct for every game.
    fn may_give_check(&self, _mv: Self::Move) -> bool {
        true
    }
    /// A key of the slow-changing structure of the position (chess: its pawns), or `None`
    /// when the game offers none. The search learns per key how far the static evaluation
    /// tends to be off (correction history), so positions sharing a structure share the
    /// correction.
    fn structure_key(&self) -> Option<u64> {
        None
    }
    /// A key of the material on the board: the same pieces (kind and colour, counted),
    /// wherever they stand, give the same key ([`material_key_of`]), or `None` when the
    /// game offers none. The search may learn per key how far the static evaluation of
    /// this balance of material tends to be off (material correction history).
    fn material_key(&self) -> Option<u64> {
        None
    }
    /// Keys of each side's pieces other than its pawns (chess) or soldiers (xiangqi),
    /// where they stand, indexed by `Side::index`, or `None` when the game offers none.
    /// The search may learn per side and key how far the static evaluation tends to be
    /// off (non-pawn correction histories, as Stockfish keeps).
    fn non_pawn_keys(&self) -> Option<[u64; 2]> {
        None
    }
    /// A key of where both sides' minor pieces and kings stand (chess: knights, bishops
    /// and kings; xiangqi: horses, cannons and generals), or `None` when the game offers
    /// none. The search may learn per side to move and key how far the static evaluation
    /// tends to be off (minor-piece correction history, as Stockfish keeps).
    fn minor_key(&self) -> Option<u64> {
        None
    }
    /// An index below [`PIECE_TO_COUNT`] of the moving piece (kind and colour) and the
    /// destination of `mv`, legal here: the continuation history remembers which reply
    /// answered which move by this pair. The default folds the move's code into range,
    /// enough for games whose search tuning leaves the continuation history off.
    fn piece_to(&self, mv: Self::Move) -> u16 {
        (Self::encode(mv) as usize % PIECE_TO_COUNT) as u16
    }
    /// Whether null-move pruning is reasonably safe here (zugzwang unlikely:
    /// e.g. the side to move has pieces besides pawns/king).
    fn null_move_ok(&self) -> bool;

    /// Packs a move into 16 bits for the transposition table. Never 0 for a real move.
    fn encode(mv: Self::Move) -> u16;
    /// Unpacks a TT move, returning it only if it is legal in this position
    /// (the TT may hold a move from another position after a key collision).
    fn decode(&self, code: u16) -> Option<Self::Move>;

    /// Writes a move in the given style (the move must be legal here for SAN/WXF).
    fn format_move(&self, mv: Self::Move, style: MoveStyle) -> String;
    /// Reads a move in the given style; it must be legal in this position.
    fn parse_move(&self, text: &str, style: MoveStyle) -> Result<Self::Move, Self::MoveError>;

    /// The static evaluation split into named terms per side, for `chariot eval` and the
    /// UCI `eval` command. Games that cannot split their evaluation return an empty list.
    fn explain_eval(&self) -> Vec<EvalTerm> {
        Vec::new()
    }

    /// All legal moves as a fresh list (a convenience over [`Game::generate`]).
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Counts leaf nodes of the legal move tree to `depth` (bulk-counted at depth 1).
    /// Games may override it with a faster specialised version.
    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for &mv in moves.iter() {
            self.make(mv);
            total += self.perft(depth - 1);
            self.unmake(mv);
        }
        total
    }
}
