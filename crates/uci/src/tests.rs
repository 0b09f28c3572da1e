//! The UCI driver with the real games and search: game switching, both xiangqi
//! conventions, and the whole path from text to `bestmove`.

use super::*;
use std::io::Cursor;
use testkit::Capture;

/// Runs a whole scripted session and returns its output.
fn session(script: &str, game: Option<Variant>) -> String {
    let capture = Capture::default();
    serve(
        Cursor::new(script.to_string()),
        Output::new(capture.clone()),
        game,
        game::Evaluation::Classic,
    )
    .unwrap();
    capture.take()
}

fn bestmoves(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect()
}

#[test]
fn chess_from_start_to_bestmove() {
    let out = session(
        "uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 4\nquit\n",
        None,
    );
    assert!(out.contains("uciok\nreadyok\n"), "{out}");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let mut pos = <chess::Position as game::Game>::start();
    for m in ["e2e4", "e7e5"] {
        let mv = game::Game::parse_move(&pos, m, MoveStyle::Coord).unwrap();
        game::Game::make(&mut pos, mv);
    }
    assert!(
        game::Game::parse_move(&pos, best[0], MoveStyle::Coord).is_ok(),
        "{out}"
    );
}

/// With UCI_Chess960 a Shredder-FEN position is read, castling is received and sent
/// king-takes-rook, and the FEN is written as X-FEN; without it the same FEN is refused.
#[test]
fn chess960_castles_king_takes_rook() {
    let fen = "1r4kr/5ppp/8/8/8/8/5PPP/6KR w Hh - 0 1";
    let script = format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen}\nd\ngo depth 3\nquit\n"
    );
    let out = session(&script, None);
    assert!(
        out.contains("Fen: 1r4kr/5ppp/8/8/8/8/5PPP/6KR w Kk - 0 1"),
        "{out}"
    );
    let pos = chess::Position::parse_fen_960(fen).unwrap();
    let best = bestmoves(&out);
    assert!(pos.parse_uci(best[0]).is_ok(), "{out}");
    let script =
        format!("setoption name UCI_Chess960 value true\nposition fen {fen} moves g1h1\nd\nquit\n");
    let out = session(&script, None);
    assert!(
        out.contains("Fen: 1r4kr/5ppp/8/8/8/8/5PPP/5RK1 b k - 1 1"),
        "{out}"
    );
    let out = session(&format!("position fen {fen}\nquit\n"), None);
    assert!(out.contains("bad FEN"), "{out}");
    let start = "setoption name UCI_Chess960 value true\nposition fen \
        rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1a1\nd\nquit\n";
    let out = session(start, None);
    assert!(
        out.contains("Fen: rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"),
        "{out}"
    );
}

#[test]
fn quit_stops_at_once_and_end_of_input_finishes() {
    // The search is stopped by quit, so the session ends at once with a bestmove.
    let out = session("go infinite\nquit\n", None);
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    // End of input without quit ends the session too.
    let out = session("isready", None);
    assert_eq!(out, "readyok\n");
}

#[test]
fn fairy_stockfish_xiangqi_uses_ranks_one_to_ten() {
    let out = session(
        "setoption name UCI_Variant value xiangqi\nposition startpos moves h3e3\nd\ngo depth 3\nquit\n",
        None,
    );
    assert!(
        out.contains("Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"),
        "{out}"
    );
    let best = bestmoves(&out)[0];
    let rank: u32 = best[1..best.len() - 2].parse().unwrap();
    assert!((1..=10).contains(&rank), "{best}");
    assert!(out.contains("| 10\n"), "ranks drawn 1-10: {out}");
}

#[test]
fn pikafish_xiangqi_uses_ranks_zero_to_nine() {
    let out = session(
        "uci\nposition startpos moves h2e2\nd\ngo depth 3\nquit\n",
        Some(Variant::Xiangqi),
    );
    assert!(
        !out.contains("UCI_Variant"),
        "Pikafish offers no variant option: {out}"
    );
    assert!(
        out.contains("Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"),
        "{out}"
    );
    assert!(out.contains("| 0\n"), "ranks drawn 0-9: {out}");
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn switching_back_to_chess_keeps_the_options() {
    let out = session(
        "setoption name MultiPV value 2\nsetoption name UCI_Variant value xiangqi\n\
         setoption name UCI_Variant value chess\nposition startpos\ngo depth 3\nquit\n",
        None,
    );
    assert!(out.contains(" multipv 2 "), "{out}");
    assert!(bestmoves(&out)[0].len() == 4, "{out}");
}

#[test]
fn mated_and_stalemated_positions_answer_none() {
    let mate =
        "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo depth 5\n";
    assert_eq!(bestmoves(&session(mate, None)), vec!["(none)"]);
    let stalemate = "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo movetime 100\n";
    assert_eq!(bestmoves(&session(stalemate, None)), vec!["(none)"]);
}

#[test]
fn positions_at_the_fifty_move_and_repetition_boundary() {
    // 99 plies without capture or pawn move: one more quiet move draws, so the winning
    // side must not dawdle; the engine still answers a legal move.
    let out = session(
        "position fen 8/8/8/4k3/8/8/4K3/4R3 w - - 99 120\ngo depth 6\n",
        None,
    );
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    assert!(
        out.contains("score cp 0") || out.contains("mate"),
        "the draw is seen: {out}"
    );
    // Two knight shuffles: the next repetition would be the third occurrence.
    let out = session(
        "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8\ngo depth 5\n",
        None,
    );
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

#[test]
fn go_mate_finds_the_mate() {
    let out = session(
        "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo mate 1\n",
        None,
    );
    assert_eq!(bestmoves(&out), vec!["d1d8"], "{out}");
    assert!(out.contains("score mate 1"), "{out}");
}

#[test]
fn the_largest_hash_is_ready_searches_and_clears() {
    // Clamped to half this machine's memory: allocated zeroed, so it is ready at once
    // and costs memory only where the search writes.
    let mate = "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo mate 1\n";
    let script = format!(
        "setoption name Hash value 99999999999\nisready\n{mate}isready\n\
         ucinewgame\nisready\n{mate}isready\n\
         setoption name Clear Hash\nisready\n{mate}\
         setoption name Hash value 1\nisready\n{mate}quit\n"
    );
    let out = session(&script, None);
    assert_eq!(out.matches("readyok").count(), 6, "{out}");
    assert_eq!(bestmoves(&out), vec!["d1d8"; 4], "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn overlong_lines_are_refused_and_the_session_goes_on() {
    let script = format!("{}\nisready\n", "x".repeat(MAX_LINE + 10));
    let out = session(&script, None);
    assert_eq!(
        out,
        format!("info string error: line longer than {MAX_LINE} bytes ignored\nreadyok\n")
    );
}

#[test]
fn the_chess_book_answers_from_the_builtin_repertoire() {
    let out = session(
        "setoption name OwnBook value true\nposition startpos\ngo depth 20\n",
        None,
    );
    assert!(out.contains("info string book move"), "{out}");
    let best = bestmoves(&out)[0];
    assert!(["e2e4", "d2d4", "c2c4", "g1f3"].contains(&best), "{out}");
}

#[test]
fn eval_explains_each_term_for_both_games() {
    // White is a rook up: the material line must show it, for chess and then xiangqi.
    let out = session(
        "position fen 4k3/7p/8/8/8/8/7P/R3K3 w - - 0 1\neval\nquit\n",
        None,
    );
    let material = out
        .lines()
        .find(|l| l.starts_with("info string material"))
        .expect(&out);
    let diff: i32 = material.split_whitespace().last().unwrap().parse().unwrap();
    assert!(diff > 400, "{out}");
    let out = session(
        "setoption name UCI_Variant value xiangqi\neval\nquit\n",
        None,
    );
    assert!(
        out.contains("info string term") && out.contains("Red"),
        "{out}"
    );
    assert!(out.contains("info string chariot squares"), "{out}");
}

#[test]
fn plain_alphabeta_mode_searches_its_own_depth_whatever_the_limits() {
    let out = session(
        "setoption name Search value alphabeta\nsetoption name AlphaBeta Depth value 3\n\
         position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo wtime 100000 btime 100000\n",
        None,
    );
    assert_eq!(bestmoves(&out), vec!["d1d8"], "{out}");
    let info = out
        .lines()
        .find(|l| l.starts_with("info depth"))
        .expect(&out);
    assert!(info.starts_with("info depth 3 "), "{out}");
    assert!(
        info.contains("score mate 1") && info.ends_with(" pv d1d8"),
        "{out}"
    );
    // Its node count is the reference alpha-beta's for the same position and depth.
    let mut pos =
        <chess::Position as game::Game>::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    let reference = search::reference::alphabeta(&mut pos, 3, -game::INFINITY, game::INFINITY);
    assert!(
        info.contains(&format!(" nodes {} ", reference.nodes)),
        "{info} vs {}",
        reference.nodes
    );
}

#[test]
fn plain_alphabeta_mode_answers_stop_and_quit_and_ends_of_games() {
    // A deep plain search is cut short by stop; the answer is still a legal move.
    let out = session(
        "setoption name Search value alphabeta\nsetoption name AlphaBeta Depth value 12\n\
         position startpos\ngo infinite\nstop\nquit\n",
        None,
    );
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    assert_eq!(bestmoves(&out)[0].len(), 4, "{out}");
    let mated =
        "setoption name Search value alphabeta\nposition fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo depth 5\n";
    assert_eq!(bestmoves(&session(mated, None)), vec!["(none)"]);
    // The mode survives a switch of game and plays xiangqi.
    let out = session(
        "setoption name Search value alphabeta\nsetoption name AlphaBeta Depth value 2\n\
         setoption name UCI_Variant value xiangqi\nposition startpos\ngo movetime 10\n",
        None,
    );
    assert!(out.contains("info depth 2 seldepth 2 "), "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    // Back to the full search: it iterates (several info lines), the plain search one.
    // No `quit`: it stops a running search, so depth 4 would race it; the end of input
    // waits for a bounded search instead.
    let out = session(
        "setoption name Search value alphabeta\nsetoption name Search value full\n\
         position startpos\ngo depth 4\n",
        None,
    );
    assert!(
        out.contains("info depth 4 ") && out.contains("info depth 1 "),
        "{out}"
    );
}

/// What auto-detect mode (no command) answers to `uci`, in tuning mode or not.
fn auto_detect(tune: bool) -> String {
    let capture = Capture::default();
    serve_auto_with(
        Cursor::new("uci\nquit\n".to_string()),
        Output::new(capture.clone()),
        game::Evaluation::Classic,
        tune,
    )
    .unwrap();
    capture.take()
}

#[test]
fn auto_detect_offers_the_tunables_only_in_tuning_mode() {
    let plain = auto_detect(false);
    assert!(plain.contains("uciok"), "{plain}");
    assert!(!plain.contains("RfpDepthMargin"), "{plain}");
    let tuning = auto_detect(true);
    assert!(tuning.contains("uciok"), "{tuning}");
    assert!(
        tuning.contains("option name RfpDepthMargin type spin"),
        "{tuning}"
    );
}

/// Every info line with a score carries `wdl W D L` once UCI_ShowWDL is on, in chess and
/// in both xiangqi dialects; the triples sum to 1000. Off (the default), none does.
#[test]
fn show_wdl_adds_win_draw_loss_to_info_lines() {
    let wdl_sums = |out: &str| -> Vec<u32> {
        out.lines()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| {
                let rest = l.split(" wdl ").nth(1).unwrap_or_else(|| panic!("{l}"));
                rest.split_whitespace()
                    .take(3)
                    .map(|n| n.parse::<u32>().unwrap())
                    .sum()
            })
            .collect()
    };
    let on = "setoption name UCI_ShowWDL value true\n";
    for (script, game) in [
        (format!("{on}position startpos\ngo depth 3\nquit\n"), None),
        (
            format!("{on}setoption name UCI_Variant value xiangqi\nposition startpos\ngo depth 3\nquit\n"),
            None,
        ),
        (
            format!("{on}position startpos\ngo depth 3\nquit\n"),
            Some(Variant::Xiangqi),
        ),
    ] {
        let out = session(&script, game);
        let sums = wdl_sums(&out);
        assert!(!sums.is_empty(), "{out}");
        assert!(sums.iter().all(|&s| s == 1000), "{out}");
    }
    let off = session("position startpos\ngo depth 3\nquit\n", None);
    assert!(
        off.contains("info depth") && !off.contains(" wdl "),
        "{off}"
    );
}
