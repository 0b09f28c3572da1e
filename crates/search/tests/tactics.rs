//! The full search solves tactics of both games: mates in 1–3 with the exact distance
//! (and the shortest mate preferred), and winning combinations. Expected moves were
//! checked with Stockfish 15.1 (chess) and Fairy-Stockfish (xiangqi); where several moves
//! mate equally fast, any of them is accepted.

mod common;

use common::TestTuning;
use game::{mate_in, mated_in, Game, MoveStyle, Score};
use search::{Control, Info, Limits, Options, SearchResult, Searcher};

fn solve<G: TestTuning>(fen: &str, depth: u32) -> (G, SearchResult<G::Move>) {
    let pos = G::from_fen(fen).expect("valid FEN");
    let mut searcher = Searcher::<G>::new(Options::default(), G::TUNING);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = searcher.search(&pos, &limits, &[], &Control::new(), &mut |_: &Info<
        G::Move,
    >| {});
    (pos, result)
}

/// Fairy-Stockfish writes xiangqi ranks 1–10; for chess both coordinate styles agree.
const STYLE: MoveStyle = MoveStyle::CoordOneBased;

/// Asserts the search at `depth` plays one of `moves` with a score of at least `min`
/// (or exactly `exact`).
fn check<G: TestTuning>(fen: &str, depth: u32, moves: &[&str], exact: Option<Score>, min: Score) {
    let (pos, result) = solve::<G>(fen, depth);
    let best = result.best.expect("a move");
    let text = pos.format_move(best, STYLE);
    let wanted: Vec<G::Move> = moves
        .iter()
        .map(|m| pos.parse_move(m, STYLE).expect("expected move is legal"))
        .collect();
    assert!(
        wanted.contains(&best),
        "{fen}: played {text}, expected one of {moves:?}"
    );
    if let Some(exact) = exact {
        assert_eq!(result.score, exact, "{fen}: score of {text}");
    }
    assert!(
        result.score >= min,
        "{fen}: score {} below {min}",
        result.score
    );
}

/// Mate in `n` moves: the score says exactly `2n - 1` plies.
fn mate<G: TestTuning>(fen: &str, n: usize, moves: &[&str]) {
    let depth = 2 * n as u32 + 2;
    check::<G>(
        fen,
        depth,
        moves,
        Some(mate_in(2 * n - 1)),
        mate_in(2 * n - 1),
    );
}

#[test]
fn chess_mates_in_one_to_three() {
    mate::<chess::Position>("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, &["d1d8"]);
    mate::<chess::Position>(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        &["d5f6"],
    );
    mate::<chess::Position>(
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        &["f8c5"],
    );
    mate::<chess::Position>(
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
        3,
        &["b1g6"],
    );
}

#[test]
fn chess_prefers_the_shortest_mate() {
    // Mate in 3 with Na6+; slower mates exist (Be5 mates in 7).
    mate::<chess::Position>(
        "1k5r/pP3ppp/3p2b1/1BN1n3/1Q2P3/P1B5/KP3P1P/7q w - - 1 1",
        3,
        &["c5a6"],
    );
}

#[test]
fn chess_winning_combinations() {
    // Knight fork of king and rook.
    check::<chess::Position>(
        "r3k3/8/8/3N4/8/8/PP6/4K3 w - - 0 1",
        8,
        &["d5c7"],
        None,
        200,
    );
    // The rook on c1 threatens mate on the back rank and can be taken.
    check::<chess::Position>(
        "6k1/pp3ppp/8/8/8/8/PP3PPP/2r1R1K1 w - - 0 1",
        8,
        &["e1c1"],
        None,
        300,
    );
    // The queen hangs to Rxd2+.
    check::<chess::Position>("8/8/8/3k4/8/8/3q4/K2R4 w - - 0 1", 8, &["d1d2"], None, 200);
}

#[test]
fn chess_mated_side_sees_its_distance() {
    // After Nf6+ in the mate-in-2, Black is mated in 2 plies whatever it plays.
    let mut pos = chess::Position::from_fen(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    )
    .unwrap();
    let mv = pos.parse_move("d5f6", MoveStyle::Coord).unwrap();
    pos.make(mv);
    let (_, result) = solve::<chess::Position>(&pos.to_fen(), 6);
    assert_eq!(result.score, mated_in(2));
}

#[test]
fn xiangqi_mates_in_one_to_three() {
    // Cannon mate in one, although the rook mates more slowly too: the shortest is chosen.
    mate::<xiangqi::Position>("3ak4/4a4/9/9/9/9/9/2C6/9/2RK5 w - - 0 1", 1, &["c3c10"]);
    // Two rooks.
    mate::<xiangqi::Position>("4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1", 2, &["a2e2", "a2a9"]);
    // Rook and cannon: the rook steps aside to let the cannon check.
    mate::<xiangqi::Position>("5k3/9/9/9/9/9/9/4C4/4R4/3K5 w - - 0 1", 2, &["e2f2"]);
    // The mate starts with a quiet cannon move that gives no check. Since xiangqi plays
    // chess's pruning package (session 46; +60.5 ± 26.1 at 25k nodes), late-move and history
    // pruning hide that move until depth 11 (the base search found it at depth 6), so this
    // mate gets depth 12; the exact distance is still required.
    check::<xiangqi::Position>(
        "3k5/4a4/9/9/9/9/9/4C4/4R4/4K4 w - - 0 1",
        12,
        &["e3d3", "e3f3", "e3a3", "e3g3"],
        Some(mate_in(5)),
        mate_in(5),
    );
}

#[test]
fn xiangqi_winning_combinations() {
    // Horse check forking the king and the rook.
    check::<xiangqi::Position>(
        "3aka3/9/9/1r7/2N6/4P4/9/9/4A4/3AK4 w - - 0 1",
        8,
        &["c6d8"],
        None,
        300,
    );
}

/// The check extension (`SearchTuning::check_extension`) sees a mate in two at depth 2: a
/// rook ladder whose both moves check. Each check is searched a ply deeper, so the mating
/// move is reached; without the extension the mate lies beyond the horizon (the mating move
/// is quiet, so quiescence does not find it).
#[test]
fn the_check_extension_sees_a_checking_mate_beyond_the_depth() {
    let pos = chess::Position::from_fen("8/6k1/R7/8/8/8/8/1R5K w - - 0 1").expect("valid FEN");
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let score = |check_extension: bool| {
        let tuning = search::SearchTuning {
            check_extension,
            ..<chess::Position as TestTuning>::TUNING
        };
        let mut searcher = Searcher::<chess::Position>::new(Options::default(), tuning);
        searcher
            .search(&pos, &limits, &[], &Control::new(), &mut |_: &Info<_>| {})
            .score
    };
    assert_eq!(score(true), mate_in(3));
    assert!(
        score(false) < mate_in(50),
        "no mate seen without the extension"
    );
}

/// `SearchTuning::prune_checks` lets late move and SEE pruning skip quiet checks: in a
/// xiangqi middlegame full of checking moves the switch changes the tree searched, and both
/// trees still find a mate with two rooks.
#[test]
fn pruning_quiet_checks_changes_the_tree_and_keeps_mates() {
    let search = |fen: &str, depth: u32, prune_checks: bool| {
        let pos = xiangqi::Position::from_fen(fen).expect("valid FEN");
        let tuning = search::SearchTuning {
            prune_checks,
            ..<xiangqi::Position as TestTuning>::TUNING
        };
        let mut searcher = Searcher::<xiangqi::Position>::new(Options::default(), tuning);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        searcher.search(&pos, &limits, &[], &Control::new(), &mut |_: &Info<_>| {})
    };
    let open = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1";
    assert_ne!(search(open, 9, true).nodes, search(open, 9, false).nodes);
    // Without the switch the depth-6 search sees the shortest mate (three plies);
    // pruning quiet checks may hide the shortest one at this depth, but not the mate.
    let mate = "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1";
    assert_eq!(search(mate, 6, false).score, mate_in(3));
    assert!(search(mate, 6, true).score >= mate_in(5));
}
