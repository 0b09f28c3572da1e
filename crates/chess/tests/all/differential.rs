//! Differential test against shakmaty (an independent chess crate, dev-dependency only):
//! 10,000 random games; at every ply the legal move set, check status, Polyglot key,
//! halfmove clock and game-end verdict must agree. Repetition is judged on shakmaty's
//! own Zobrist keys, so our repetition bookkeeping is checked too.

use chess::{Move, PieceKind, Position};
use game::{EndReason, Game};
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{fen::Fen, CastlingMode, Chess, EnPassantMode, Position as _, Role};
use std::collections::HashMap;

const GAMES: usize = 10_000;
const MAX_PLIES: usize = 600;

const STARTS: [&str; 5] = [
    chess::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn promo_code(kind: Option<PieceKind>) -> u32 {
    match kind {
        None => 0,
        Some(PieceKind::Knight) => 1,
        Some(PieceKind::Bishop) => 2,
        Some(PieceKind::Rook) => 3,
        Some(_) => 4,
    }
}

fn our_key(m: Move) -> u32 {
    m.from().index() as u32 | (m.to().index() as u32) << 6 | promo_code(m.promotion()) << 12
}

fn their_key(m: &shakmaty::Move) -> u32 {
    let promo = match m.promotion() {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(_) => 4,
    };
    let (from, to) = match *m {
        shakmaty::Move::Castle { king, rook } => {
            let k = u32::from(king);
            (k, if rook > king { k + 2 } else { k - 2 })
        }
        _ => (m.from().map_or(64, u32::from), u32::from(m.to())),
    };
    from | to << 6 | promo << 12
}

/// The verdict shakmaty's state implies, in our terms.
fn expected_end(theirs: &Chess, reps: u32) -> Option<EndReason> {
    if theirs.is_checkmate() {
        Some(EndReason::Checkmate)
    } else if theirs.is_stalemate() {
        Some(EndReason::Stalemate)
    } else if theirs.halfmoves() >= 100 {
        Some(EndReason::MoveLimit)
    } else if reps >= 3 {
        Some(EndReason::Repetition)
    } else if theirs.is_insufficient_material() {
        Some(EndReason::InsufficientMaterial)
    } else {
        None
    }
}

/// Plays one random game; returns the number of plies checked.
fn play_game(seed: u64, start: &str) -> usize {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut ours = Position::parse_fen(start).unwrap();
    let mut theirs: Chess = start
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0;
    let mut their_hash = key(&theirs);
    seen.insert(their_hash, 1);
    for ply in 0..MAX_PLIES {
        let ctx = || format!("seed {seed}, ply {ply}, {}", ours.fen());
        let mut mine: Vec<(u32, Move)> = ours.legal().iter().map(|&m| (our_key(m), m)).collect();
        let their_moves = theirs.legal_moves();
        let mut other: Vec<u32> = their_moves.iter().map(their_key).collect();
        mine.sort_unstable_by_key(|p| p.0);
        other.sort_unstable();
        let mine_keys: Vec<u32> = mine.iter().map(|p| p.0).collect();
        assert_eq!(mine_keys, other, "legal moves differ: {}", ctx());
        assert_eq!(
            ours.in_check(),
            theirs.is_check(),
            "check status: {}",
            ctx()
        );
        assert_eq!(ours.hash(), their_hash, "Polyglot key: {}", ctx());
        assert_eq!(
            ours.halfmove_clock() as u32,
            theirs.halfmoves(),
            "halfmove clock: {}",
            ctx()
        );
        let reps = seen[&their_hash];
        let end = expected_end(&theirs, reps);
        assert_eq!(ours.outcome().map(|o| o.reason), end, "game end: {}", ctx());
        if end.is_some() {
            return ply + 1;
        }
        let (_, mv) = mine[rng.below(mine.len())];
        let tm = their_moves
            .iter()
            .find(|m| their_key(m) == our_key(mv))
            .unwrap()
            .clone();
        ours.make(mv);
        theirs.play_unchecked(&tm);
        if theirs.halfmoves() == 0 {
            seen.clear();
        }
        their_hash = key(&theirs);
        *seen.entry(their_hash).or_insert(0) += 1;
    }
    MAX_PLIES
}

#[test]
fn ten_thousand_random_games_agree_with_shakmaty() {
    let threads = 2;
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            std::thread::spawn(move || {
                (t..GAMES)
                    .step_by(threads)
                    .map(|g| play_game(g as u64 + 1, STARTS[g % STARTS.len()]))
                    .sum::<usize>()
            })
        })
        .collect();
    let plies: usize = handles.into_iter().map(|h| h.join().unwrap()).sum();
    eprintln!("{GAMES} games, {plies} plies compared");
    assert!(
        plies > GAMES * 20,
        "games too short to mean much: {plies} plies"
    );
}
