//! The rest of the `Game` surface: notation examples, TT codes, SEE, ordering, evaluation.
//! Expected WXF strings are what pyffish writes for the same moves.

use game::{Game, MoveStyle, Side};
use xiangqi::{Move, Position, START_FEN};

fn mv(pos: &Position, text: &str) -> Move {
    pos.parse_move(text, MoveStyle::CoordOneBased)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn coordinates_in_both_conventions() {
    let pos = Position::start();
    let central_cannon = pos.parse_move("h2e2", MoveStyle::Coord).unwrap();
    assert_eq!(
        pos.parse_move("h3e3", MoveStyle::CoordOneBased).unwrap(),
        central_cannon
    );
    assert_eq!(pos.format_move(central_cannon, MoveStyle::Coord), "h2e2");
    assert_eq!(
        pos.format_move(central_cannon, MoveStyle::CoordOneBased),
        "h3e3"
    );
    // The setting is explicit: the other convention reads a different (here illegal) move.
    assert!(pos.parse_move("h3e3", MoveStyle::Coord).is_err());
    // Rank 10 in the one-based convention.
    let mut pos = pos;
    pos.make(central_cannon);
    assert_eq!(pos.format_move(mv(&pos, "a10a9"), MoveStyle::Coord), "a9a8");
    for bad in ["", "h2", "h2e", "j2e2", "h2e10", "h-1e2", "h2e2x", "ｈ2e2"] {
        assert!(pos.parse_move(bad, MoveStyle::Coord).is_err(), "{bad}");
    }
}

#[test]
fn wxf_examples() {
    let mut pos = Position::start();
    let line = [
        ("h3e3", "C2=5"),
        ("h8e8", "C8=5"),
        ("h1g3", "H2+3"),
        ("b10c8", "H2+3"),
        ("c4c5", "P7+1"),
    ];
    for (coord, wxf) in line {
        let m = mv(&pos, coord);
        assert_eq!(pos.format_move(m, MoveStyle::Human), wxf, "{coord}");
        assert_eq!(pos.parse_move(wxf, MoveStyle::Human).unwrap(), m);
        pos.make(m);
    }
    let pos = Position::start();
    assert_eq!(pos.format_move(mv(&pos, "c1e3"), MoveStyle::Human), "E7+5");
    assert_eq!(pos.format_move(mv(&pos, "h3h10"), MoveStyle::Human), "C2+7");
    // Dots and the chess-style letters are accepted on input.
    assert_eq!(
        pos.parse_move("c2.5", MoveStyle::Human).unwrap(),
        mv(&pos, "h3e3")
    );
    assert_eq!(
        pos.parse_move("N2+3", MoveStyle::Human).unwrap(),
        mv(&pos, "h1g3")
    );
    assert!(pos.parse_move("C3=5", MoveStyle::Human).is_err());
}

#[test]
fn wxf_tandem_pieces() {
    // Two chariots on a file: front/rear.
    let pos = Position::from_fen("4k4/9/9/9/9/2R6/9/2R6/9/3K5 w - - 0 1").unwrap();
    assert_eq!(pos.format_move(mv(&pos, "c5c10"), MoveStyle::Human), "R++5");
    assert_eq!(pos.format_move(mv(&pos, "c3e3"), MoveStyle::Human), "R-=5");
    // Two horses on a file.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/2N6/9/2N1K4 w - - 0 1").unwrap();
    assert_eq!(pos.format_move(mv(&pos, "c3d5"), MoveStyle::Human), "H++6");
    // Advisors on one file where the twin could not make the same move: file number.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1").unwrap();
    assert_eq!(pos.format_move(mv(&pos, "d3e2"), MoveStyle::Human), "A6-5");
    // Three soldiers on a file: position from the front, then the file.
    let pos = Position::from_fen("3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1").unwrap();
    assert_eq!(pos.format_move(mv(&pos, "c7c8"), MoveStyle::Human), "17+1");
    assert_eq!(pos.format_move(mv(&pos, "c6b6"), MoveStyle::Human), "27=8");
}

#[test]
fn tt_codes_round_trip_and_reject_foreign_moves() {
    let pos = Position::start();
    for &m in pos.legal_moves().iter() {
        let code = Position::encode(m);
        assert_ne!(code, 0);
        assert_eq!(pos.decode(code), Some(m));
    }
    // A legal move elsewhere but not here (cannon to a blocked square).
    let other = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let far = mv(&other, "a1a10");
    assert_eq!(pos.decode(Position::encode(far)), None);
    assert_eq!(pos.decode(0), None);
    assert_eq!(pos.decode(u16::MAX), None);
}

#[test]
fn see_and_ordering() {
    // Red chariot takes a cannon defended by a horse: loses the exchange.
    let pos = Position::from_fen("3k5/9/2n6/4c4/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
    let take = mv(&pos, "e1e7");
    assert!(pos.is_capture(take) && pos.is_noisy(take));
    assert!(pos.see_ge(take, 0 - 900 + 450));
    assert!(!pos.see_ge(take, 1));
    // The same cannon undefended: a clean win.
    let pos = Position::from_fen("3k5/9/9/4c4/9/9/9/9/9/4RK3 w - - 0 1").unwrap();
    let take = mv(&pos, "e1e7");
    assert!(pos.see_ge(take, 450));
    assert!(!pos.see_ge(take, 451));
    // Soldier takes chariot before chariot takes soldier.
    let pos = Position::from_fen("3k5/9/9/4r4/4P4/9/9/9/4R4/5K3 w - - 0 1").unwrap();
    let pawn_takes = mv(&pos, "e6e7");
    let quiet = mv(&pos, "e2d2");
    assert!(pos.mvv_lva(pawn_takes) > 0);
    assert!(!pos.is_capture(quiet));
    let mut noisy = game::MoveList::new();
    pos.generate_noisy(&mut noisy);
    assert!(noisy.iter().all(|&m| pos.is_capture(m)));
    assert!(noisy.contains(pawn_takes));
}

#[test]
fn evaluation_is_symmetric_and_named() {
    let start = Position::start();
    let black = Position::from_fen(&START_FEN.replace(" w ", " b ")).unwrap();
    // Mirror images: the same score for the side to move (the tempo bonus included).
    assert_eq!(start.evaluate(), black.evaluate());
    let terms = start.eval_terms();
    let material = terms.iter().find(|t| t.name == "material").unwrap();
    assert_eq!(material.white, material.black);
    assert!(material.white > 2000, "{material:?}");
    // A soldier across the river is worth clearly more than one at home.
    let home = Position::from_fen("3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1").unwrap();
    let across = Position::from_fen("3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
    assert!(
        across.evaluate() > home.evaluate() + 40,
        "{} vs {}",
        across.evaluate(),
        home.evaluate()
    );
    // From the side to move's view: Black to move sees the same position as worse.
    let black_to_move = Position::from_fen("3k5/9/9/9/4P4/9/9/9/9/5K3 b - - 0 1").unwrap();
    assert!(black_to_move.evaluate() < -across.evaluate() + 60);
    assert!(black_to_move.evaluate() < 0);
}

#[test]
fn null_move_and_checks() {
    let mut pos = Position::start();
    assert!(pos.null_move_ok());
    let hash = pos.hash();
    pos.make_null();
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_ne!(pos.hash(), hash);
    pos.unmake_null();
    assert_eq!(pos.hash(), hash);
    // Only advisors, elephants and soldiers: no null move.
    let pos = Position::from_fen("3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1").unwrap();
    assert!(!pos.null_move_ok());
    let pos = Position::from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1").unwrap();
    assert!(pos.in_check() && !pos.null_move_ok());
}

#[test]
fn explained_terms_add_up_to_the_evaluation() {
    let pos = Position::from_fen("2bak4/9/4b1n2/p3c4/9/2R6/4P4/4B4/9/3AKA3 b - - 0 1").unwrap();
    let terms = pos.explain_eval();
    for name in [
        "material",
        "mobility",
        "king file pressure",
        "palace pressure",
        "tempo",
    ] {
        assert!(
            terms.iter().any(|t| t.name == name),
            "no {name} in {terms:?}"
        );
    }
    // Each row is tapered on its own, so the rows may miss the total by rounding only.
    let red: i32 = terms.iter().map(|t| t.white - t.black).sum();
    assert!(
        (-red - pos.evaluate()).abs() <= terms.len() as i32,
        "Black to move sees the negated Red view: rows {red}, eval {}",
        pos.evaluate()
    );
}
