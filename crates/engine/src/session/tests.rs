use super::*;

fn chess(human: Side) -> Session<chess::Position> {
    Session::new(chess::Position::start(), human)
}

#[test]
fn moves_are_read_in_every_notation_the_game_accepts() {
    let mut s = chess(Side::White);
    let e4 = s.parse(" e4 ").unwrap();
    assert_eq!(s.parse("e2e4").unwrap(), e4, "coordinates too");
    s.push(e4, true);
    assert_eq!(s.history[0].coord, "e2e4");
    assert_eq!(s.history[0].text, "e4");
    let refused = s.parse("Nf9").unwrap_err();
    assert_eq!(refused.text, "Nf9");
    assert!(
        refused.reasons.contains("; "),
        "one reason per notation: {refused}"
    );
    let xq = Session::new(xiangqi::Position::start(), Side::White);
    assert_eq!(xq.parse("C2=5").unwrap(), xq.parse("h2e2").unwrap());
}

#[test]
fn undo_takes_back_a_move_of_each_side_and_never_the_engines_opening_alone() {
    let mut s = chess(Side::Black);
    let e4 = s.parse("e4").unwrap();
    s.push(e4, false);
    assert_eq!(s.undo(), Err(NothingToUndo), "the person has not moved");
    assert_eq!(s.history.len(), 1);
    for (text, by_human) in [("e5", true), ("Nf3", false)] {
        let mv = s.parse(text).unwrap();
        s.push(mv, by_human);
    }
    s.undo().unwrap();
    assert_eq!(s.history.len(), 1, "e5 and Nf3 are gone, e4 stays");
    assert_eq!(s.pos.side_to_move(), Side::Black);
}

#[test]
fn a_replayed_record_counts_the_persons_moves_as_theirs() {
    let start = chess::Position::start();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in ["e4", "e5", "Nf3"] {
        let mv = pos.parse_move(text, MoveStyle::Human).unwrap();
        pos.make(mv);
        moves.push(mv);
    }
    let s = Session::replay(start, Side::Black, moves.clone());
    let by_human: Vec<bool> = s.history.iter().map(|p| p.by_human).collect();
    assert_eq!(by_human, [false, true, false]);
    assert_eq!(s.moves(), moves);
    assert!(!s.engine_to_move(), "Black (the person) is to move");
}

#[test]
fn lines_stop_at_the_first_illegal_move() {
    let s = chess(Side::White);
    let e4 = s.parse("e4").unwrap();
    let e5 = s.parse("e2e3").unwrap(); // illegal after e4 (the pawn has gone)
    assert_eq!(s.line_text(&[e4, e5]), ["e4"]);
    assert_eq!(s.legal(MoveStyle::Coord).len(), 20);
}

#[test]
fn the_end_is_told_in_the_games_own_words() {
    let mate = chess::Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let s = Session::new(mate, Side::White);
    assert_eq!(s.result_text().as_deref(), Some("Checkmate: White wins"));
    assert!(!s.engine_to_move(), "nobody moves in a finished game");
    let mut xq = Session::new(xiangqi::Position::start(), Side::White);
    xq.forced = Some(Outcome {
        winner: Some(Side::Black),
        reason: EndReason::Resignation,
    });
    assert_eq!(
        xq.result_text().as_deref(),
        Some("Red resigned: Black wins")
    );
    assert_eq!(chess(Side::White).result_text(), None);
}

#[test]
fn xiangqi_verdicts_are_spelled_out() {
    let text = |winner, reason| result_text::<xiangqi::Position>(&Outcome { winner, reason });
    assert_eq!(
        text(Some(Side::White), EndReason::Stalemate),
        "Black has no legal move: Red wins (stalemate loses in xiangqi)"
    );
    assert!(text(Some(Side::Black), EndReason::PerpetualCheck)
        .contains("Red repeated with perpetual check"));
    assert!(text(None, EndReason::Repetition).starts_with("Draw by repetition"));
    assert_eq!(text(None, EndReason::MoveLimit), "Draw by the 60-move rule");
    let draw = Outcome {
        winner: None,
        reason: EndReason::MoveLimit,
    };
    assert_eq!(
        result_text::<chess::Position>(&draw),
        "Draw by the 50-move rule"
    );
}
