//! Search features a game opts into, with their margins.
//!
//! The search is one generic algorithm, but some pruning rules depend on the game's
//! material scale and exchange patterns: a margin taken from chess engines cost strength
//! in xiangqi (BENCHMARKS.md, session 5). Each game therefore has its own set of these;
//! `None` switches a feature off, so a game that has not been measured with it keeps the
//! search it was measured with.
//!
//! A value, not a property of the game type: the rules crates do not know the search, the
//! front ends hand each [`crate::Searcher`] the preset of its game when they create it,
//! and a tuner can change the numbers at run time.

use crate::params::Params;
use crate::strength::Calibration;
use game::Score;

/// Optional search features and their constants, given to [`crate::Searcher::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchTuning {
    /// SEE pruning of quiet moves at shallow depth: a quiet move whose static exchange
    /// loses more than this many centipawns per ply of depth is skipped.
    pub quiet_see_margin: Option<Score>,
    /// Null-move reduction grows by one ply per this many centipawns of static
    /// evaluation above beta (at most three plies).
    pub nmp_eval_divisor: Option<Score>,
    /// Late-move reduction of a quiet move shrinks by its history score divided by this
    /// (a move that often caused cutoffs is reduced less, one that never did more).
    pub lmr_history_divisor: Option<i32>,
    /// Quiescence delta pruning: a capture must win, by static exchange, what lifts the
    /// stand-pat score to within this many centipawns of alpha.
    pub qs_delta_margin: Option<Score>,
    /// Late move pruning skips the remaining quiet moves after the search's count divided
    /// by this (1: the count as first measured; 2: Stockfish's, half as many).
    pub lmp_divisor: usize,
    /// Razoring: at shallow depth, a node whose evaluation is below alpha by more than a
    /// base margin plus this many centipawns per depth² returns what quiescence finds
    /// when that does not reach alpha either.
    pub razor_margin: Option<Score>,
    /// Continuation history: quiet moves are also ordered (and reduced) by how often they
    /// answered the same piece-to pair one and two plies back.
    pub continuation_history: bool,
    /// Singular extensions: the TT move is searched a ply deeper when every other move,
    /// searched shallower, stays below the TT score less this many centipawns per ply.
    pub singular_margin: Option<Score>,
    /// History bonus of a cutoff as (slope, offset, cap): min(slope·depth − offset, cap),
    /// Stockfish's linear shape; `None`: the first one, min(32·depth², 1200).
    pub history_bonus: Option<(i32, i32, i32)>,
    /// After a reduced search fails high, the full-depth re-search goes a ply deeper when
    /// the move beat the best so far by more than this many centipawns (plus two per ply),
    /// and a ply shallower when it barely beat it.
    pub lmr_deeper_margin: Option<Score>,
    /// Futility pruning of captures at shallow depth (non-PV nodes): a capture that
    /// cannot win, by static exchange, what lifts the evaluation to within the quiet
    /// futility margin plus this many centipawns of alpha is skipped.
    pub capture_futility_margin: Option<Score>,
    /// After the root search fails high on its aspiration window, the wider re-search is a
    /// ply shallower per fail high in a row (Stockfish's `failedHighCnt`).
    pub aspiration_fail_high_reduction: bool,
    /// The static evaluation is also corrected by a continuation correction history: what
    /// searches found after the same last two moves (piece-to), as in Stockfish. Unlike
    /// the structure's correction it needs no structure key, so xiangqi can use it.
    pub continuation_correction: bool,
    /// The static evaluation is corrected per side and structure key (the game's
    /// `structure_key`: chess's pawns, xiangqi's soldiers), the first correction history
    /// (Stockfish's pawn correction history).
    pub structure_correction: bool,
    /// The static evaluation is also corrected per balance of material (the game's
    /// material key), as Stockfish corrects per minor-piece and non-pawn keys.
    pub material_correction: bool,
    /// The static evaluation is also corrected per side to move and each colour's non-pawn
    /// key (the game's `non_pawn_keys`: where one side's pieces other than pawns or
    /// soldiers stand), as Stockfish's non-pawn correction histories.
    pub non_pawn_correction: bool,
    /// The static evaluation is also corrected per side to move and minor-piece key (the
    /// game's `minor_key`: where both sides' minor pieces and kings stand), as Stockfish's
    /// minor-piece correction history.
    pub minor_correction: bool,
    /// Late-move reductions are a ply shallower where the correction histories moved the
    /// static evaluation by at least this many centipawns: there the evaluation is least
    /// trusted, as Stockfish reduces less by the size of its correction.
    pub lmr_correction_margin: Option<Score>,
    /// Reverse futility pruning's margin grows by this percentage of how far the
    /// correction histories moved the static evaluation: where the evaluation needed much
    /// correcting it is trusted less to stay above beta, as Stockfish widens its margin by
    /// the size of its correction.
    pub rfp_correction_percent: Option<Score>,
    /// A node that fails high stores (and returns) its score pulled toward beta,
    /// (score·depth + beta)/(depth + 1): a cutoff's score beyond beta is a bound found by a
    /// shallow, often pruned search, and overshooting it makes parents over-trust the line.
    pub fail_high_blend: bool,
    /// Half-width of the first aspiration window around the previous iteration's score;
    /// `None`: the search's default (`params::ASPIRATION_DELTA`).
    pub aspiration_delta: Option<Score>,
    /// Quiet moves are also ordered, and their late-move reductions adjusted, by a pawn
    /// history: their cutoffs in positions with the same pawn structure (the structure key;
    /// Stockfish's `pawnHistory`).
    pub pawn_history: bool,
    /// Quiet moves are also ordered by the threats they escape or walk into
    /// ([`game::Game::threat_bonuses`]; Stockfish's move picker does the same).
    pub threat_ordering: bool,
    /// Late-move reductions are one ply deeper at expected cut nodes: zero-window nodes
    /// whose parent expects them to fail high (Stockfish's `cutNode`). The first move of
    /// a cut node leads to an expected all node, its later moves and a null move to cut
    /// nodes again.
    pub cut_node_reduction: bool,
    /// History pruning: at non-PV nodes up to `params::HISTORY_PRUNE_MAX_DEPTH`, a quiet
    /// move (not a killer or the counter move) whose history (butterfly, continuation and
    /// pawn, as late-move reductions read it) is below −margin × depth is skipped.
    pub history_prune_margin: Option<i32>,
    /// The TT move is checked on its own (`Game::decode`) and searched before the node's
    /// other moves are generated and scored, which a cutoff by the TT move then saves; the
    /// other moves are scored after its search, with the history it left. On where `decode`
    /// is much cheaper than generating every move and the gain was measured (chess).
    pub tt_move_first: bool,
    /// A capture that wins or keeps material by SEE but whose capture history is so poor
    /// that its ordering score falls below the good captures' base (a soldier or pawn taken
    /// with a history below −16 × its MVV-LVA key) is searched as a quiet move: late move,
    /// futility and history pruning may skip it, its reduction is a quiet's, and a cutoff
    /// updates the quiet histories. It is still tried before the killers. This was the
    /// search's behaviour by accident until session 58 (3.7% of the good captures handed
    /// out in xiangqi, 0.2% in chess); made a switch once found, and kept on because turning
    /// it off measured −10.4 ± 20.9 in xiangqi (534 games, 3+0.03, s58) and +13.0 ± 20.2 in
    /// chess (615 games): neither is significant, so the search's behaviour stays.
    pub poor_captures_as_quiets: bool,
    /// Capture history in the pruning of captures (Stockfish's rule): SEE pruning of a bad
    /// capture (step 6) lowers its threshold by the capture's history divided by 4 × this,
    /// and capture futility pruning (step 6a) adds the history divided by this to its
    /// margin, so a capture that has often refuted is kept and one that never did goes sooner.
    pub capture_history_prune_divisor: Option<i32>,
    /// Late-move reductions are one ply deeper when the nodes a ply below have failed high
    /// more than twice since the grandparent started (Stockfish 17's `cutoffCnt > 2`, a
    /// cutoff without a TT move counting twice): the replies here are easily refuted.
    pub child_cutoff_reduction: bool,
    /// Quiet moves in the first plies below the root are also ordered by how they did at
    /// that ply in the current search (`History::low_ply_score`, Stockfish 17's
    /// `lowPlyHistory`), weighted 4 / (1 + ply) against the butterfly history.
    pub low_ply_history: bool,
    /// A node in check is searched a ply deeper, so forcing lines resolve (the first
    /// search's rule; `false` leaves checks to the other extensions, as Stockfish has since
    /// version 16). A switch so that each game can measure it.
    pub check_extension: bool,
    /// Late move pruning and SEE pruning of quiet moves skip a quiet move that gives check
    /// too (Stockfish's rule); `false`: no move that gives check is pruned (the first
    /// search's rule). Off in both games: in xiangqi it lost −164.3 ± 44.0 over 252 games
    /// at 25k nodes (BENCHMARKS.md, session 56); chess has not measured it.
    pub prune_checks: bool,
    /// The search's tunable numbers (depth limits and margin shapes of the pruning rules).
    pub params: Params,
    /// What `UCI_Elo` means in this game: the Elo its playing levels scored against a
    /// reference engine (`Strength::Elo` is read on this table). Not a search feature, but
    /// per game like the rest, and handed to the searcher with them.
    pub levels: Calibration,
}

impl SearchTuning {
    /// Every optional feature off: the search as first measured in both games.
    pub const BASE: SearchTuning = SearchTuning {
        quiet_see_margin: None,
        nmp_eval_divisor: None,
        lmr_history_divisor: None,
        qs_delta_margin: None,
        lmp_divisor: 1,
        razor_margin: None,
        continuation_history: false,
        singular_margin: None,
        history_bonus: None,
        lmr_deeper_margin: None,
        capture_futility_margin: None,
        aspiration_fail_high_reduction: false,
        fail_high_blend: false,
        structure_correction: true,
        continuation_correction: false,
        material_correction: false,
        non_pawn_correction: false,
        minor_correction: false,
        lmr_correction_margin: None,
        rfp_correction_percent: None,
        aspiration_delta: None,
        pawn_history: false,
        threat_ordering: false,
        cut_node_reduction: false,
        history_prune_margin: None,
        tt_move_first: false,
        child_cutoff_reduction: false,
        poor_captures_as_quiets: true,
        capture_history_prune_divisor: None,
        low_ply_history: false,
        check_extension: true,
        prune_checks: false,
        params: Params::DEFAULT,
        levels: Calibration::UNMEASURED,
    };
}
