//! Game-end rules: repetition (perpetual check, perpetual chase, draws), the 60-move
//! rule, insufficient material, mate and stalemate. Expected verdicts were taken from
//! pyffish (`is_optional_game_end`), the reference the differential test also uses.

use game::{EndReason, Game, MoveStyle, Side, Verdict};
use xiangqi::Position;

/// Plays Fairy-Stockfish-style (ranks 1–10) moves and returns every position reached.
fn play(fen: &str, moves: &[&str]) -> Vec<Position> {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut out = vec![pos.clone()];
    for m in moves {
        let mv = pos
            .parse_move(m, MoveStyle::CoordOneBased)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
        out.push(pos.clone());
    }
    out
}

fn cycle(moves: [&'static str; 4], times: usize) -> Vec<&'static str> {
    moves.iter().copied().cycle().take(4 * times).collect()
}

#[test]
fn perpetual_check_loses() {
    let line = play(
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        &cycle(["e2d2", "d10e10", "d2e2", "e10d10"], 3),
    );
    for (n, pos) in line.iter().enumerate() {
        let strict = pos.verdict_with_reason(0);
        match n {
            0..=7 => assert_eq!(strict, None, "ply {n}"),
            // Red checks every time: Red loses whoever is to move.
            _ => {
                let expected = if pos.side_to_move() == Side::White {
                    Verdict::Loss
                } else {
                    Verdict::Win
                };
                assert_eq!(
                    strict,
                    Some((expected, EndReason::PerpetualCheck)),
                    "ply {n}"
                );
                let outcome = pos.outcome().unwrap();
                assert_eq!(outcome.winner, Some(Side::Black));
                assert_eq!(outcome.reason, EndReason::PerpetualCheck);
            }
        }
    }
}

#[test]
fn search_counts_a_single_repetition_after_the_root() {
    let line = play(
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        &cycle(["e2d2", "d10e10", "d2e2", "e10d10"], 1),
    );
    let pos = &line[4];
    // Twofold only: no verdict for the game, but a verdict inside a search that started
    // before the first occurrence (root 5 plies up: the repetition is 4 plies long).
    assert_eq!(pos.verdict_with_reason(0), None);
    assert_eq!(
        pos.adjudicate(4),
        None,
        "the first occurrence is the root itself"
    );
    assert_eq!(pos.adjudicate(5), Some(Verdict::Loss));
}

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    let line = play(
        "3k5/9/c8/9/9/9/9/R8/9/4K4 b - - 0 1",
        &cycle(["a8b8", "a3b3", "b8a8", "b3a3"], 3),
    );
    for (n, pos) in line.iter().enumerate().skip(8) {
        let expected = if pos.side_to_move() == Side::Black {
            Verdict::Win
        } else {
            Verdict::Loss
        };
        assert_eq!(
            pos.verdict_with_reason(0),
            Some((expected, EndReason::PerpetualChase)),
            "ply {n}"
        );
    }
    assert_eq!(line[8].outcome().unwrap().winner, Some(Side::Black));
}

#[test]
fn chasing_a_protected_piece_is_a_draw() {
    let line = play(
        "3k5/9/c1r6/9/9/9/9/R8/9/4K4 b - - 0 1",
        &cycle(["a8b8", "a3b3", "b8a8", "b3a3"], 3),
    );
    assert_eq!(line[7].verdict_with_reason(0), None);
    for pos in &line[8..] {
        assert_eq!(
            pos.verdict_with_reason(0),
            Some((Verdict::Draw, EndReason::Repetition))
        );
    }
}

#[test]
fn quiet_repetition_is_a_draw() {
    let line = play(
        "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1",
        &cycle(["e2f2", "d10e10", "f2e2", "e10d10"], 3),
    );
    assert_eq!(line[7].outcome(), None);
    let end = line[8].outcome().unwrap();
    assert_eq!((end.winner, end.reason), (None, EndReason::Repetition));
}

#[test]
fn sixty_move_rule() {
    let fen = |clock: u32| {
        format!("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - {clock} 80")
    };
    assert_eq!(Position::from_fen(&fen(119)).unwrap().outcome(), None);
    let end = Position::from_fen(&fen(120)).unwrap().outcome().unwrap();
    assert_eq!((end.winner, end.reason), (None, EndReason::MoveLimit));
    // One quiet move from 119 reaches the limit; a capture resets the clock.
    let line = play(&fen(119), &["a4a5"]);
    assert_eq!(line[1].halfmove_clock(), 120);
    assert_eq!(line[1].adjudicate(1), Some(Verdict::Draw));
    let line = play(&fen(119), &["h3h10"]);
    assert_eq!(line[1].halfmove_clock(), 0);
    assert_eq!(line[1].adjudicate(1), None);
}

#[test]
fn checkmate_beats_the_move_limit() {
    // Black is mated by two chariots; the clock is past the limit.
    let pos = Position::from_fen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 130 90").unwrap();
    assert!(pos.legal_moves().is_empty());
    let end = pos.outcome().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Side::White), EndReason::Checkmate)
    );
    assert_eq!(pos.no_moves_verdict(), Verdict::Loss);
}

#[test]
fn stalemate_loses() {
    let pos = Position::from_fen("9/9/5k3/6N2/9/9/9/9/4K4/9 b - - 13 92").unwrap();
    assert!(!pos.in_check());
    let end = pos.outcome().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Side::White), EndReason::Stalemate)
    );
}

#[test]
fn insufficient_material() {
    let bare = Position::from_fen("3ak4/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1").unwrap();
    assert!(bare.insufficient_material());
    assert_eq!(
        bare.outcome().map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    let with_soldier = Position::from_fen("3ak4/9/4b4/9/9/P8/9/4B4/4A4/3AK4 w - - 0 1").unwrap();
    assert!(!with_soldier.insufficient_material());
    assert_eq!(with_soldier.outcome(), None);
    // Every defender on the board, ten pieces, still cannot mate; an eleventh piece can.
    let all_defenders = Position::from_fen("2b1kab2/4a4/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1").unwrap();
    assert!(all_defenders.insufficient_material());
    let and_a_horse = Position::from_fen("2b1kab2/4a4/9/9/9/9/9/9/9/1NBAKAB2 w - - 0 1").unwrap();
    assert!(!and_a_horse.insufficient_material());
}

#[test]
fn an_advisor_outside_its_palace_protects_nothing() {
    // Black's chariot shuttles e2-e7 attacking Red's cannon on g7 and g2. On g2 the cannon
    // is next to Red's advisors, but advisors never leave the palace, so it is unprotected
    // and Black chases perpetually (pyffish: Black to move has lost).
    let line = play(
        "2Nak1bc1/9/4ba3/1C7/n1R6/9/9/5A3/4r4/3K1A3 b - - 13 12",
        &[
            "h10h8", "b7g7", "e2e7", "g7g2", "e7e2", "g2g7", "e2e7", "g7g2", "e7e2", "g2g7",
        ],
    );
    let last = line.last().unwrap();
    assert_eq!(last.side_to_move(), Side::Black);
    assert_eq!(
        last.verdict_with_reason(0),
        Some((Verdict::Loss, EndReason::PerpetualChase))
    );
}
