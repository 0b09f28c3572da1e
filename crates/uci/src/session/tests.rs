use super::*;
use std::time::{Duration, Instant};
use testkit::{Capture, Pile, Scripted, STEP};

fn session() -> (Session<Pile, Scripted>, Capture) {
    let capture = Capture::default();
    let mut settings = Settings::new(Variant::Chess);
    // The pile game's built-in evaluation is its only one, named by the empty value (a
    // chess network's name would be a file it cannot read).
    settings.eval_file = Pile::builtin_evaluator_name().to_string();
    let session = Session::new(
        settings,
        MoveStyle::Coord,
        true,
        Output::new(capture.clone()),
    );
    (session, capture)
}

/// Feeds lines, then returns what was written.
fn run(session: &mut Session<Pile, Scripted>, capture: &Capture, lines: &[&str]) -> String {
    for line in lines {
        assert_eq!(session.handle_line(line), Flow::Continue, "{line}");
    }
    capture.take()
}

/// Waits until a `bestmove` line appears; returns all output up to then. The bound only
/// catches a hang: the tests check what happens, never how fast.
fn until_bestmove(capture: &Capture) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut text = String::new();
    while Instant::now() < deadline {
        text.push_str(&capture.take());
        if text.contains("bestmove") {
            return text;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("no bestmove in {text}");
}

#[test]
fn handshake_lists_options_and_ends_with_uciok() {
    let (mut s, out) = session();
    let text = run(&mut s, &out, &["uci", "isready"]);
    assert!(text.starts_with("id name Chariot"), "{text}");
    assert!(
        text.contains("option name UCI_Variant type combo"),
        "{text}"
    );
    assert!(text.ends_with("uciok\nreadyok\n"), "{text}");
}

#[test]
fn go_depth_prints_info_then_a_bestmove() {
    let (mut s, out) = session();
    // The search may report before `run` returns (a loaded machine): keep what it saw.
    let mut text = run(&mut s, &out, &["position fen 10 w moves t1", "go depth 3"]);
    text.push_str(&until_bestmove(&out));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("info depth 1 seldepth 3 multipv 1 score cp 100"));
    // 9 stones with Black to move: taking 1 leaves a multiple of 4.
    assert_eq!(lines[3], "bestmove t1");
}

#[test]
fn an_illegal_move_is_reported_and_the_rest_of_the_line_ignored() {
    let (mut s, out) = session();
    let text = run(&mut s, &out, &["position fen 10 w moves t1 t9 t1 t1", "d"]);
    assert!(
        text.starts_with("info string error: move 2 't9' refused"),
        "{text}"
    );
    assert!(
        text.contains("Fen: 9 b"),
        "only the legal prefix was played: {text}"
    );
    let text = run(&mut s, &out, &["isready"]);
    assert_eq!(text, "readyok\n", "the engine is alive");
}

#[test]
fn a_bad_fen_leaves_the_position_alone() {
    let (mut s, out) = session();
    run(&mut s, &out, &["position fen 7 b"]);
    let text = run(&mut s, &out, &["position fen banana", "d"]);
    assert!(text.starts_with("info string error: bad FEN"), "{text}");
    assert!(text.contains("Fen: 7 b"), "{text}");
}

#[test]
fn unknown_and_malformed_commands_are_reported_and_survived() {
    let (mut s, out) = session();
    for line in [
        "xyzzy",
        "go depth x",
        "position",
        "setoption name Hash value big",
        "setoption name Nope value 1",
    ] {
        let text = run(&mut s, &out, &[line]);
        assert!(text.starts_with("info string error: "), "{line}: {text}");
        assert_eq!(text.lines().count(), 1, "{line}: {text}");
    }
    assert_eq!(run(&mut s, &out, &["isready"]), "readyok\n");
}

#[test]
fn no_legal_move_answers_bestmove_none() {
    let (mut s, out) = session();
    run(&mut s, &out, &["position fen 0 w"]);
    s.handle_line("go movetime 50");
    assert_eq!(until_bestmove(&out), "bestmove (none)\n");
}

#[test]
fn stop_during_infinite_search_answers_before_it_returns() {
    let (mut s, out) = session();
    run(&mut s, &out, &["position startpos", "go infinite"]);
    std::thread::sleep(STEP * 5);
    assert!(!out.take().contains("bestmove"), "no bestmove before stop");
    s.handle_line("stop");
    // The bestmove is written before `stop` returns (its latency is measured in
    // BENCHMARKS.md, "UCI: stop → bestmove latency", not asserted here).
    let text = out.take();
    assert!(text.ends_with("bestmove t1\n"), "{text}");
}

#[test]
fn isready_is_answered_during_a_search() {
    let (mut s, out) = session();
    run(&mut s, &out, &["go infinite"]);
    let text = run(&mut s, &out, &["isready"]);
    assert!(text.ends_with("readyok\n"), "{text}");
    assert!(!text.contains("bestmove"), "{text}");
    s.handle_line("stop");
    assert!(out.take().contains("bestmove"));
}

#[test]
fn ponder_then_ponderhit() {
    let (mut s, out) = session();
    run(&mut s, &out, &["position fen 6 w", "go ponder depth 2"]);
    std::thread::sleep(STEP * 6);
    assert!(
        !out.take().contains("bestmove"),
        "no bestmove while pondering"
    );
    s.handle_line("ponderhit");
    assert!(until_bestmove(&out).ends_with("bestmove t2\n"));
}

#[test]
fn ucinewgame_mid_search_answers_and_resets() {
    let (mut s, out) = session();
    run(&mut s, &out, &["position fen 7 b", "go infinite"]);
    std::thread::sleep(STEP * 2);
    let text = run(&mut s, &out, &["ucinewgame"]);
    assert!(
        text.ends_with("bestmove t3\n"),
        "the running search still answers: {text}"
    );
    assert_eq!(s.engine_mut().with_searcher(|x| x.clears), 1);
    let text = run(&mut s, &out, &["d"]);
    assert!(text.contains("Fen: 21 w"), "{text}");
}

#[test]
fn options_reach_the_searcher_and_threads_change_between_games() {
    let (mut s, out) = session();
    run(
        &mut s,
        &out,
        &[
            "setoption name Threads value 3",
            "setoption name MultiPV value 2",
            "go depth 1",
        ],
    );
    until_bestmove(&out);
    assert_eq!(
        s.engine_mut()
            .with_searcher(|x| (x.options.threads, x.options.multipv)),
        (3, 2)
    );
    run(
        &mut s,
        &out,
        &["ucinewgame", "setoption name Threads value 1", "go depth 1"],
    );
    until_bestmove(&out);
    assert_eq!(s.engine_mut().with_searcher(|x| x.options.threads), 1);
}

#[test]
fn huge_hash_is_clamped_and_said() {
    let (mut s, out) = session();
    let text = run(&mut s, &out, &["setoption name Hash value 1048576"]);
    let hash = s.engine_mut().with_searcher(|x| x.options.hash_mb);
    assert!(hash <= memory_cap_mb(), "{hash}");
    assert!(
        text.contains("info string Hash 1048576 MiB is more than half"),
        "{text}"
    );
    let text = run(
        &mut s,
        &out,
        &["setoption name Hash value 123456789012345678901234567890"],
    );
    assert!(text.contains("out of range, using 1048576"), "{text}");
}

#[test]
fn searchmoves_are_checked() {
    let (mut s, out) = session();
    run(&mut s, &out, &["position fen 6 w"]);
    let text = {
        s.handle_line("go depth 1 searchmoves t3 t7");
        until_bestmove(&out)
    };
    assert!(
        text.starts_with("info string error: searchmoves: 't7' skipped"),
        "{text}"
    );
    assert!(text.ends_with("bestmove t3\n"), "{text}");
}

#[test]
fn variant_switch_is_asked_of_the_driver() {
    let (mut s, _out) = session();
    assert_eq!(
        s.handle_line("setoption name UCI_Variant value xiangqi"),
        Flow::Switch(Variant::Xiangqi)
    );
    assert_eq!(s.settings().variant, Variant::Xiangqi);
    assert_eq!(s.handle_line("quit"), Flow::Quit);
}

#[test]
fn perft_counts_per_move() {
    let (mut s, out) = session();
    let text = run(&mut s, &out, &["position fen 4 w", "go perft 2"]);
    // After t1, t2, t3 there are 3, 2, 1 replies.
    assert!(
        text.starts_with("t1: 3\nt2: 2\nt3: 1\n\nNodes searched: 6\n"),
        "{text}"
    );
}

#[test]
fn polyglot_books_are_refused_for_other_games() {
    let (mut s, out) = session();
    let text = run(
        &mut s,
        &out,
        &[
            "setoption name OwnBook value true",
            "setoption name BookFile value /nonexistent.bin",
        ],
    );
    assert!(
        text.contains("info string error: Polyglot books are for chess only"),
        "{text}"
    );
}
