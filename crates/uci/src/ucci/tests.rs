//! A scripted UCCI client against the real xiangqi engine, and the first-line choice
//! between UCI and UCCI.

use super::*;
use game::Game;
use std::io::Cursor;
use testkit::Capture;

/// Runs a whole scripted UCCI session and returns its output.
fn session(script: &str) -> String {
    let capture = Capture::default();
    serve(
        Cursor::new(script.to_string()),
        Output::new(capture.clone()),
        Evaluation::Classic,
    )
    .unwrap();
    capture.take()
}

/// The moves of the `bestmove` lines.
fn bestmoves(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect()
}

fn errors(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with("info string error"))
        .count()
}

fn position(fen: &str) -> xiangqi::Position {
    xiangqi::Position::from_fen(fen).unwrap()
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// Red to move and lost: Black has two chariots.
const RED_LOST: &str = "3k5/9/9/9/9/9/9/rr7/9/4K4 w - - 0 1";
/// Red to move and winning: Red has two chariots.
const RED_WINS: &str = "4k4/9/9/9/9/9/9/9/RR7/3K5 w - - 0 1";
/// Red to move is mated: the e-file and the f-file are covered, d0 faces the general.
const RED_MATED: &str = "3k5/9/9/9/4rr3/9/9/9/9/4K4 w - - 0 1";

#[test]
fn handshake_lists_ucci_options_and_quit_answers_bye() {
    let out = session("ucci\nisready\nquit\nisready\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name Chariot"), "{out}");
    for option in ["usemillisec", "hashsize", "threads", "usebook", "newgame"] {
        assert!(
            out.contains(&format!("option {option} type")),
            "{option}: {out}"
        );
    }
    assert!(out.contains("ucciok\nreadyok\nbye\n"), "{out}");
    assert!(out.ends_with("bye\n"), "nothing is read after quit: {out}");
}

#[test]
fn a_search_answers_a_legal_bestmove_with_ucci_info_lines() {
    // No quit: it would stop the search; the end of the input lets it finish.
    let out = session("ucci\nposition startpos moves h2e2 h9g7\ngo depth 4\n");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let mut pos = position(START);
    for text in ["h2e2", "h9g7"] {
        let mv = pos.parse_move(text, MoveStyle::Coord).unwrap();
        pos.make(mv);
    }
    let mv = pos.parse_move(best[0], MoveStyle::Coord).unwrap();
    assert!(pos.legal_moves().contains(mv), "{out}");
    let info = out
        .lines()
        .find(|l| l.starts_with("info depth 4 score "))
        .unwrap_or_else(|| panic!("no depth-4 info line: {out}"));
    assert!(!info.contains(" cp ") && info.contains(" pv "), "{info}");
}

#[test]
fn banned_moves_are_not_played() {
    let script = format!("position fen {RED_WINS}\ngo depth 4\n");
    let first = bestmoves(&session(&script))[0].to_string();
    let out = session(&format!(
        "position fen {RED_WINS}\nbanmoves {first}\ngo depth 4\n"
    ));
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert_ne!(best[0], first, "the banned move was played: {out}");
    let pos = position(RED_WINS);
    let mv = pos.parse_move(best[0], MoveStyle::Coord).unwrap();
    assert!(pos.legal_moves().contains(mv), "{out}");
    assert_eq!(errors(&out), 0, "{out}");
}

#[test]
fn banning_every_move_and_having_none_answer_nobestmove() {
    // A mated side has no move.
    let out = session(&format!("position fen {RED_MATED}\ngo depth 3\n"));
    assert!(out.contains("nobestmove"), "{out}");
    assert!(bestmoves(&out).is_empty(), "{out}");
    // The lost position's legal moves, all banned.
    let pos = position(RED_LOST);
    let all: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&mv| pos.format_move(mv, MoveStyle::Coord))
        .collect();
    assert!(!all.is_empty());
    let out = session(&format!(
        "position fen {RED_LOST}\nbanmoves {}\ngo depth 3\n",
        all.join(" ")
    ));
    assert!(
        out.contains("every legal move is banned\nnobestmove\n"),
        "{out}"
    );
}

#[test]
fn a_draw_offer_is_taken_when_worse_and_declined_when_winning() {
    let lost = session(&format!("position fen {RED_LOST}\ngo draw depth 4\n"));
    let line = lost.lines().find(|l| l.starts_with("bestmove")).unwrap();
    assert!(line.ends_with(" draw"), "{lost}");
    let wins = session(&format!("position fen {RED_WINS}\ngo draw depth 4\n"));
    let line = wins.lines().find(|l| l.starts_with("bestmove")).unwrap();
    assert!(!line.contains("draw"), "{wins}");
    let no_offer = session(&format!("position fen {RED_LOST}\ngo depth 4\n"));
    let line = no_offer
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(
        !line.contains("draw"),
        "no offer, nothing to accept: {no_offer}"
    );
}

#[test]
fn probe_answers_without_searching() {
    // Nothing searched yet: the static evaluation and a bare pophash.
    let out = session("probe\n");
    assert!(out.contains("info string static eval "), "{out}");
    assert!(out.contains("legal moves"), "{out}");
    assert!(out.ends_with("pophash\n"), "{out}");
    assert!(bestmoves(&out).is_empty(), "probe must not search: {out}");
    // After a search, its root is known with the move it chose.
    let capture = Capture::default();
    let mut ucci = xiangqi_session(Output::new(capture.clone()), Evaluation::Classic);
    ucci.handle_line(&format!("position fen {RED_WINS}"));
    ucci.handle_line("go depth 4");
    ucci.finish();
    ucci.handle_line("probe");
    ucci.handle_line(&format!("probe fen {RED_WINS}"));
    let out = capture.take();
    let line = out.lines().find(|l| l.starts_with("bestmove")).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let best = words[1];
    let pophash: Vec<&str> = out.lines().filter(|l| l.starts_with("pophash")).collect();
    assert_eq!(pophash.len(), 2, "{out}");
    for line in pophash {
        assert!(
            line.starts_with(&format!("pophash bestmove {best} lowerbound ")),
            "{out}"
        );
        assert!(line.contains(" upperbound "), "{out}");
    }
    ucci.handle_line(&format!("probe fen {RED_WINS} moves {best}"));
    let out = capture.take();
    assert!(
        out.contains("bound "),
        "the reply position is in the table: {out}"
    );
    // A position given to probe that cannot be built is an error, and still a pophash.
    let out = session("probe fen not-a-fen\nisready\n");
    assert_eq!(errors(&out), 1, "{out}");
    assert!(out.ends_with("pophash\nreadyok\n"), "{out}");
}

#[test]
fn bad_lines_are_reported_and_the_session_carries_on() {
    let out = session(
        "hello\ngo depth x\nbanmoves z9z9\nsetoption nosuchoption 3\nposition fen 9/9 w\n\
         position startpos moves h2e2 a0a0\nisready\ngo depth 2\nquit\n",
    );
    assert_eq!(errors(&out), 6, "{out}");
    assert!(out.contains("unknown command 'hello'"), "{out}");
    assert!(out.contains("readyok"), "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
}

#[test]
fn options_in_ucci_form_reach_the_engine() {
    let out = session(
        "setoption hashsize 4\nsetoption threads 2\nsetoption usebook true\n\
         setoption usemillisec true\nsetoption newgame\nsetoption promotion false\n\
         setoption usemillisec maybe\nisready\n",
    );
    assert_eq!(errors(&out), 1, "only the bad usemillisec value: {out}");
    assert!(out.contains("option promotion is not used"), "{out}");
    assert!(out.ends_with("readyok\n"), "{out}");
}

#[test]
fn times_are_seconds_unless_usemillisec() {
    let go = parse::Go {
        time: Some(3),
        increment: Some(2),
        movestogo: Some(10),
        opptime: Some(1),
        ..parse::Go::default()
    };
    let clock = session::limits(&go, false).clock.unwrap();
    assert_eq!(
        (clock.time, clock.inc, clock.moves_to_go),
        (
            std::time::Duration::from_secs(3),
            std::time::Duration::from_secs(2),
            Some(10)
        )
    );
    let clock = session::limits(&go, true).clock.unwrap();
    assert_eq!(clock.time, std::time::Duration::from_millis(3));
    assert!(session::limits(&parse::Go::default(), true).clock.is_none());
}

#[test]
fn ponder_waits_for_ponderhit_and_stop_answers() {
    let out = session("position startpos\ngo ponder depth 2\nisready\nponderhit\nstop\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    let out = session("position startpos\ngo infinite\nstop\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
}

/// Runs [`crate::serve_auto`] over a script.
fn auto(script: &str) -> String {
    let capture = Capture::default();
    crate::serve_auto(
        Cursor::new(script.to_string()),
        Output::new(capture.clone()),
        Evaluation::Classic,
    )
    .unwrap();
    capture.take()
}

#[test]
fn the_first_line_chooses_the_protocol() {
    let out = auto("\n  \nucci\nposition startpos\ngo depth 2\nquit\n");
    assert!(out.contains("ucciok\n") && !out.contains("uciok"), "{out}");
    assert!(out.ends_with("bye\n"), "{out}");
    let best = bestmoves(&out)[0];
    assert_eq!(best.len(), 4, "{out}");
    let out = auto("uci\nposition startpos\ngo depth 2\nquit\n");
    assert!(out.contains("uciok\n") && !out.contains("ucciok"), "{out}");
    assert!(!out.contains("bye"), "UCI answers nothing to quit: {out}");
    let best = bestmoves(&out)[0];
    let chess = <chess::Position as Game>::start();
    assert!(
        chess.parse_move(best, MoveStyle::Coord).is_ok(),
        "chess: {out}"
    );
    assert_eq!(auto(""), "");
}
