use super::*;
use engine::Tuned;
use std::io::Cursor;

fn run<G: Tuned>(human: Side, script: &str) -> String {
    let config = Config {
        human,
        level: 20,
        movetime: Duration::from_millis(30),
        colour: false,
        evaluation: Evaluation::Classic,
    };
    let mut out = Vec::new();
    play(
        &config,
        G::start(),
        &mut Cursor::new(script.to_string()),
        &mut out,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn chess_moves_undo_and_a_refused_move() {
    let out = run::<chess::Position>(Side::White, "e4\nNf9\nundo\nd2d4\nhelp\nquit\n");
    assert_eq!(out.matches("Chariot plays").count(), 2, "{out}");
    assert!(out.contains("'Nf9' is not a legal move here"), "{out}");
    assert!(out.contains("Legal moves: "), "{out}");
    assert!(out.contains("Move taken back."), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    // After the undo the board shows the start again (e2 pawn home, d-pawn home).
    let undone = &out[out.find("Move taken back.").unwrap()..];
    assert!(undone.contains(" 2  ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙"), "{undone}");
}

#[test]
fn engine_opens_when_the_person_plays_black() {
    let out = run::<chess::Position>(Side::Black, "quit\n");
    assert!(out.contains("You are Black"), "{out}");
    assert_eq!(out.matches("Chariot plays").count(), 1, "{out}");
    // Black's view: rank 1 on top.
    assert!(
        out.contains("\n 1  ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖") || out.contains("\n 1  ♖"),
        "{out}"
    );
}

#[test]
fn xiangqi_in_coordinates_and_wxf() {
    let out = run::<xiangqi::Position>(Side::White, "h2e2\nhint\nundo\nC2=5\nh2h9\nquit\n");
    assert!(out.contains("帥"), "{out}");
    assert_eq!(out.matches("Chariot plays").count(), 2, "{out}");
    assert!(out.contains("Hint: "), "{out}");
    // After the undo, WXF C2=5 moves the cannon on h2 (Red's file 2) to the centre again.
    assert!(out.contains("Move taken back."), "{out}");
    assert!(!out.contains("'C2=5' is not a legal move"), "{out}");
    assert!(out.contains("'h2h9' is not a legal move here"), "{out}");
}

#[test]
fn the_end_of_the_game_is_announced_and_moves_then_refused() {
    // A back-rank mate in one for the person.
    let config = Config {
        human: Side::White,
        level: 20,
        movetime: Duration::from_millis(30),
        colour: false,
        evaluation: Evaluation::Classic,
    };
    let mut out = Vec::new();
    let script = "Rd8\ne4\nsave /nonexistent-dir/x.pgn\nquit\n";
    let start = chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    play(
        &config,
        start,
        &mut Cursor::new(script.to_string()),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("Game over. Checkmate: White wins (1-0). You win."),
        "{out}"
    );
    assert!(out.contains("The game is over."), "{out}");
    assert!(
        out.contains("Could not save to /nonexistent-dir/x.pgn"),
        "{out}"
    );
}

#[test]
fn save_writes_a_pgn() {
    let dir = std::env::temp_dir().join(format!("chariot-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.pgn");
    let out = run::<chess::Position>(Side::White, &format!("e4\nsave {}\nquit\n", file.display()));
    assert!(out.contains("Saved to"), "{out}");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("1. e4 "), "{pgn}");
    assert!(pgn.trim_end().ends_with('*'), "{pgn}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn inputs_are_recognised() {
    assert_eq!(read_input("  \n"), Input::Nothing);
    assert_eq!(read_input("UNDO"), Input::Undo);
    assert_eq!(
        read_input("save my.pgn"),
        Input::Save(Some("my.pgn".into()))
    );
    assert_eq!(read_input("save"), Input::Save(None));
    assert_eq!(read_input("Nf3 extra"), Input::Move("Nf3".into()));
}

#[test]
fn load_continues_a_saved_game_and_explains_a_bad_file() {
    let dir = std::env::temp_dir().join(format!("chariot-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.pgn");
    std::fs::write(&good, "[Event \"x\"]\n\n1. e4 {c} e5 2. Nf3 Nc6 *\n").unwrap();
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "1. e4 e5 2. Ke3 *\n").unwrap();
    let script = format!(
        "load {}\nload {}\nload\nBb5\nquit\n",
        bad.display(),
        good.display()
    );
    let out = run::<chess::Position>(Side::White, &script);
    assert!(out.contains("`Ke3`"), "{out}");
    assert!(out.contains(": 4 moves."), "{out}");
    assert!(out.contains("Usage: load FILE"), "{out}");
    // Bb5 is legal only after the loaded moves; the engine answers it.
    let after = &out[out.find(": 4 moves.").unwrap()..];
    assert_eq!(after.matches("Chariot plays").count(), 1, "{after}");
    assert!(!after.contains("'Bb5' is not a legal move"), "{after}");
    let xq = dir.join("xq.txt");
    std::fs::write(&xq, "FEN: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nWXF: 1. C2=5 H8+7\nMoves: h2e2 h9g7\n").unwrap();
    let out = run::<xiangqi::Position>(Side::White, &format!("load {}\nquit\n", xq.display()));
    assert!(out.contains(": 2 moves."), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn undo_before_the_persons_first_move_keeps_the_engines_opening() {
    let out = run::<chess::Position>(Side::Black, "undo\nquit\n");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert_eq!(out.matches("Chariot plays").count(), 1, "{out}");
}

/// The person (White) plays `script` from `start` against a quick engine.
fn run_from(start: chess::Position, script: &str) -> String {
    let config = Config {
        human: Side::White,
        level: 0,
        movetime: Duration::from_millis(20),
        colour: false,
        evaluation: Evaluation::Classic,
    };
    let mut out = Vec::new();
    play(
        &config,
        start,
        &mut Cursor::new(script.to_string()),
        &mut out,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn chess960_castling_is_read_both_ways_and_saved_with_its_fen() {
    // Start 0 (bbqnnrkr) with White's f1 rook gone: the king on g1 castles short with the
    // h1 rook at once; king-takes-rook g1h1 means the same move.
    let start =
        chess::Position::parse_fen_960("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Hhf - 0 1")
            .unwrap();
    let dir = std::env::temp_dir().join(format!("chariot-960-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.pgn");
    let script = format!("O-O\nundo\ng1h1\nsave {}\nquit\n", file.display());
    let out = run_from(start.clone(), &script);
    assert!(!out.contains("is not a legal move"), "{out}");
    assert_eq!(out.matches("Chariot plays").count(), 2, "{out}");
    let pgn = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(
        pgn.contains(&format!("[FEN \"{}\"]", start.to_fen())),
        "{pgn}"
    );
    assert!(pgn.contains("1. O-O "), "{pgn}");
    let back = ::record::import::<chess::Position>(&pgn).unwrap();
    assert!(back.start.is_chess960());
    assert_eq!(back.moves.len(), 2);
}
