//! Game-end rules, adjudication for the search, exchange evaluation and the evaluation.

use chess::Position;
use game::{EndReason, Game, Verdict};

fn pos(fen: &str) -> Position {
    Position::parse_fen(fen).unwrap()
}

fn play(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.parse_uci(m).unwrap_or_else(|e| panic!("{e}"));
        p.make(mv);
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut p = Position::start();
    play(&mut p, "f2f3 e7e5 g2g4 d8h4");
    let o = p.outcome().unwrap();
    assert_eq!((o.reason, o.pgn_result()), (EndReason::Checkmate, "0-1"));
    assert_eq!(p.no_moves_verdict(), Verdict::Loss);
    let s = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(s.outcome().unwrap().reason, EndReason::Stalemate);
    assert_eq!(s.no_moves_verdict(), Verdict::Draw);
}

#[test]
fn fifty_move_rule_yields_to_mate() {
    let p = pos("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.adjudicate(0), None);
    let mut drawn = p.clone();
    play(&mut drawn, "a1b1");
    assert_eq!(drawn.outcome().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(drawn.adjudicate(1), Some(Verdict::Draw));
    let mut mated = p.clone();
    play(&mut mated, "a1a8");
    assert_eq!(mated.halfmove_clock(), 100);
    assert_eq!(mated.outcome().unwrap().reason, EndReason::Checkmate);
    assert_eq!(
        mated.adjudicate(1),
        None,
        "mate on the 100th half-move stands"
    );
}

#[test]
fn repetition_threefold_and_inside_the_search() {
    let mut p = Position::start();
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(p.outcome(), None, "second occurrence");
    assert_eq!(p.adjudicate(3), None, "first occurrence before the root");
    assert_eq!(p.adjudicate(4), None, "first occurrence is the root itself");
    assert_eq!(
        p.adjudicate(5),
        Some(Verdict::Draw),
        "earlier occurrence after the root"
    );
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(p.outcome().unwrap().reason, EndReason::Repetition);
    assert_eq!(p.adjudicate(0), Some(Verdict::Draw));
}

#[test]
fn insufficient_material() {
    for fen in [
        "8/8/4k3/8/8/8/8/4K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/4KN2 w - - 0 1",
        "8/8/4k3/8/8/8/8/4KB2 w - - 0 1",
        "8/8/2b1k3/8/8/8/8/4KB2 w - - 0 1",
    ] {
        let p = pos(fen);
        assert!(p.insufficient_material(), "{fen}");
        assert_eq!(
            p.outcome().unwrap().reason,
            EndReason::InsufficientMaterial,
            "{fen}"
        );
    }
    for fen in [
        "8/8/3bk3/8/8/8/8/4KB2 w - - 0 1",
        "8/8/3nk3/8/8/8/8/4KN2 w - - 0 1",
        "8/8/4k3/8/8/8/8/3NKN2 w - - 0 1",
        "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/4KR2 w - - 0 1",
    ] {
        assert!(!pos(fen).insufficient_material(), "{fen}");
    }
}

#[test]
fn static_exchange() {
    let free = pos("4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1");
    let rxe5 = free.parse_uci("e1e5").unwrap();
    assert_eq!(free.see(rxe5), 100);
    assert!(free.see_ge(rxe5, 100) && !free.see_ge(rxe5, 101));
    let held = pos("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1");
    assert_eq!(held.see(held.parse_uci("e1e5").unwrap()), -400);
    // x-ray: the second rook behind the first makes RxP, PxR, RxP a win of a pawn...
    let xray = pos("4k3/4r3/8/4p3/8/8/4R3/4RK2 w - - 0 1");
    // ...e5 is defended by the rook on e7: RxP RxR RxR nets pawn + rook - rook
    assert_eq!(xray.see(xray.parse_uci("e2e5").unwrap()), 100);
    let quiet = Position::start();
    assert!(quiet.see_ge(quiet.parse_uci("e2e4").unwrap(), 0));
    let defended = pos("4k3/4p3/3p4/8/8/8/8/3QK3 w - - 0 1");
    let qxd6 = defended.parse_uci("d1d6").unwrap();
    assert!(!defended.see_ge(qxd6, 0), "queen for pawn");
    assert_eq!(defended.see(qxd6), 100 - 950);
}

#[test]
fn move_classes_and_codes() {
    let p = pos("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8");
    let moves = p.legal_moves();
    let mut noisy = game::MoveList::new();
    p.generate_noisy(&mut noisy);
    let expected: Vec<_> = moves.iter().copied().filter(|&m| p.is_noisy(m)).collect();
    let mut got: Vec<_> = noisy.iter().copied().collect();
    got.sort_by_key(|m| m.bits());
    let mut exp = expected.clone();
    exp.sort_by_key(|m| m.bits());
    assert_eq!(got, exp);
    for &m in moves.iter() {
        let code = Position::encode(m);
        assert_ne!(code, 0);
        assert_eq!(p.decode(code), Some(m));
    }
    assert_eq!(p.decode(0), None);
    let start = Position::start();
    assert!(
        (0..=u16::MAX)
            .filter(|&c| start.decode(c).is_some())
            .count()
            == 20
    );
    let axb8 = p.parse_uci("d7c8q").unwrap();
    let quiet = p.parse_uci("a2a3").unwrap();
    assert!(p.is_capture(axb8) && p.is_noisy(axb8));
    assert!(p.mvv_lva(axb8) > p.mvv_lva(quiet));
    assert!(p.null_move_ok());
    assert!(!pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").null_move_ok());
}

#[test]
fn evaluation_is_incremental_and_symmetric() {
    let mut p = Position::start();
    let start = p.evaluate();
    // the start position is symmetric: every term but the side to move's tempo cancels
    let terms = p.explain_eval();
    for t in &terms {
        if t.name != "tempo" {
            assert_eq!(t.white, t.black, "{}", t.name);
        }
    }
    let tempo = terms
        .iter()
        .find(|t| t.name == "tempo")
        .expect("a tempo term");
    assert!(start > 0 && start == tempo.white - tempo.black, "{start}");
    play(
        &mut p,
        "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 c7c6 g1f3 c8g4 f1e2 e7e6 e1g1",
    );
    let terms = p.eval_terms();
    assert_eq!(
        p.eval_white(),
        terms.white_score,
        "incremental equals recomputation"
    );
    assert_eq!(p.evaluate(), -terms.white_score, "black to move");
    // a mirrored position scores the same for the mirrored side
    let w = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let b = pos("3qk3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(w.evaluate(), b.evaluate());
    assert!(w.evaluate() > 800);
}
