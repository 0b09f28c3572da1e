//! The UCI option `EvalFile`, in process (each session holds its own evaluation, so tests
//! running side by side cannot disturb each other): the engine starts with its built-in
//! network, a network file changes the engine's scores, an empty value is the classic
//! evaluation, a bad file (truncated, corrupt, of another game, missing) is refused with a
//! reason and the session goes on with the evaluation it had; `chariot datagen --eval-file`
//! plays with one; `chariot eval` says which evaluation its total is.

use chess::nnue::{Network, HIDDEN, INPUTS};
use clap::Parser;
use game::Evaluation;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use uci::options::Variant;
use uci::session::Output;

/// A writer whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs a UCI session of `game` on `script`, starting as `chariot uci` does (with the
/// built-in network); returns its output.
fn uci_game(script: &str, game: Option<Variant>) -> String {
    let capture = Capture::default();
    uci::serve(
        std::io::Cursor::new(script.to_string()),
        Output::new(capture.clone()),
        game,
        Evaluation::Builtin,
    )
    .expect("the session reads its input");
    let bytes = capture.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
    String::from_utf8(bytes).expect("UTF-8 output")
}

/// Runs a chess UCI session on `script`.
fn uci(script: &str) -> String {
    uci_game(script, None)
}

/// The score of the last `info … score cp N` line.
fn last_score(out: &str) -> i32 {
    out.lines()
        .rev()
        .filter_map(|l| l.split_once(" score cp ").map(|(_, rest)| rest))
        .find_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no score in {out}"))
}

/// The lines the UCI `eval` command wrote (its table, total and static evaluation), picked
/// out from among a search's lines.
fn eval_lines(out: &str) -> Vec<&str> {
    let Some(at) = out.find("info string term") else {
        panic!("no eval table in {out}")
    };
    out[at..]
        .lines()
        .filter(|l| l.starts_with("info string") && !l.contains("error"))
        .collect()
}

/// A network that scores every position about +5 pawns for the side to move.
fn optimist() -> Vec<u8> {
    let weights = vec![vec![0.0f32; HIDDEN]; INPUTS];
    let biases = vec![0.5f32; HIDDEN];
    let mut output = vec![0.0f32; 2 * HIDDEN];
    output[0] = 1.25;
    Network::quantise(&weights, &biases, &output, &[0.625])
        .expect("the engine's shape")
        .to_bytes()
}

/// A queen up, with a pawn each so that no line of the search reaches a pawnless known
/// ending (scored by the mop-up formula whatever the network says).
const GO: &str = "position fen 4k3/7p/8/8/8/8/P7/3QK3 w - - 0 1\ngo depth 1\nisready\n";
/// Switches to the classic evaluation.
const CLASSIC: &str = "setoption name EvalFile value <empty>\n";
/// The optimist's score after `GO`: 0.5 · 1.25 + 0.625 = 1.25 of the network's units, 400
/// cp each, whatever the position, damped by the 50-move term at the leaf (a check and a
/// king move, half-move clock 2).
const OPTIMIST_SCORE: i32 = 500 * 198 / 200;

/// The committed file of the network built into the binary.
fn builtin_file() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../chess/nets")
        .join(chess::nnue::EMBEDDED_NAME)
}

/// A file in the temporary directory named for this test process and `name`, holding
/// `bytes`; removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("chariot-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("temp file");
        TempFile(path)
    }
    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn the_engine_starts_with_its_built_in_network() {
    let out = uci("uci\nquit\n");
    assert!(
        out.contains(&format!(
            "option name EvalFile type string default {}",
            chess::nnue::EMBEDDED_NAME
        )),
        "{out}"
    );
    let default = last_score(&uci(&format!("{GO}quit\n")));
    let from_file = last_score(&uci(&format!(
        "setoption name EvalFile value {}\n{GO}quit\n",
        builtin_file().display()
    )));
    let classic = last_score(&uci(&format!("{CLASSIC}{GO}quit\n")));
    assert_eq!(default, from_file, "the default is the committed network");
    assert_ne!(
        default, classic,
        "the default is not the classic evaluation"
    );
    // Naming the built-in network selects it again after another evaluation.
    let again = uci(&format!(
        "{CLASSIC}setoption name EvalFile value {}\nucinewgame\n{GO}quit\n",
        chess::nnue::EMBEDDED_NAME
    ));
    assert!(again.contains("built-in network"), "{again}");
    assert_eq!(last_score(&again), default, "{again}");
}

#[test]
fn chariot_eval_says_which_evaluation_its_total_is() {
    let eval = |extra: &[&str]| {
        let args = ["eval", "--fen", "4k3/7p/8/8/8/8/8/3QK3 w - - 0 1"]
            .iter()
            .chain(extra);
        let args = crate::commands::eval::EvalArgs::try_parse_from(args).expect("valid arguments");
        crate::commands::eval::report(&args).expect("a valid position")
    };
    let total = |text: &str| -> i32 {
        let line = text.lines().find(|l| l.starts_with("total:")).expect(text);
        line.split_whitespace()
            .nth(1)
            .expect(text)
            .parse()
            .expect(text)
    };
    let network = eval(&[]);
    assert!(network.contains(chess::nnue::EMBEDDED_NAME), "{network}");
    let classic = eval(&["--classic"]);
    assert!(!classic.contains("network"), "{classic}");
    assert!(
        network.contains(&format!("whose total is {} cp", total(&classic))),
        "{network}\n{classic}"
    );
    assert_ne!(total(&network), total(&classic));
}

#[test]
fn a_network_file_changes_the_evaluation_and_an_empty_value_restores_it() {
    let file = TempFile::new("optimist.nnue", &optimist());
    let classic = last_score(&uci(&format!("{CLASSIC}{GO}quit\n")));
    assert!(
        classic > 800,
        "the classic evaluation sees the queen: {classic}"
    );
    let out = uci(&format!(
        "setoption name EvalFile value {}\n{GO}setoption name EvalFile value <empty>\nucinewgame\n{GO}quit\n",
        file.path()
    ));
    assert!(out.contains("loaded"), "{out}");
    let scores: Vec<&str> = out.lines().filter(|l| l.contains("score cp")).collect();
    let with_net = last_score(scores.first().expect("a first search"));
    assert_eq!(with_net, OPTIMIST_SCORE, "{out}");
    assert_eq!(last_score(&out), classic, "{out}");
}

#[test]
fn a_bad_network_file_is_refused_and_the_session_goes_on() {
    let bad = TempFile::new("bad.nnue", b"not a network");
    let out = uci(&format!(
        "{CLASSIC}setoption name EvalFile value {}\nsetoption name EvalFile value /no/such/file.nnue\n{GO}quit\n",
        bad.path()
    ));
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("error: EvalFile"))
        .collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(errors[0].contains("magic"), "{out}");
    assert!(
        last_score(&out) > 800,
        "the classic evaluation stays: {out}"
    );
}

/// Truncated, corrupt, another game's, missing: each file is refused with a reason of its
/// own, and both the static evaluation (`eval`) and a search give what they gave before,
/// whether the engine had its built-in network or a loaded one.
#[test]
fn every_kind_of_bad_file_leaves_the_evaluation_as_it_was() {
    let good = optimist();
    let truncated = TempFile::new("truncated.nnue", &good[..good.len() / 2]);
    let corrupt = TempFile::new("corrupt.nnue", b"CHARNN0\xff garbage");
    let mut shape = good.clone();
    shape[8] = 2; // the header's game byte: xiangqi
    let other_game = TempFile::new("other-game.nnue", &shape);
    let bad = [
        (truncated.path(), "too short"),
        (corrupt.path(), "magic"),
        (other_game.path(), "this is a xiangqi network, not chess"),
        ("/no/such/file.nnue".to_string(), "cannot read"),
    ];
    let before = uci(&format!("{GO}eval\nquit\n"));
    let loaded = TempFile::new("kept.nnue", &good);
    for (file, reason) in &bad {
        let out = uci(&format!(
            "setoption name EvalFile value {file}\n{GO}eval\nquit\n"
        ));
        let errors: Vec<&str> = out.lines().filter(|l| l.contains("error:")).collect();
        assert_eq!(errors.len(), 1, "{out}");
        assert!(
            errors[0].starts_with(&format!("info string error: EvalFile {file}: "))
                && errors[0].contains(reason)
                && errors[0].ends_with("the evaluation is unchanged"),
            "{out}"
        );
        assert_eq!(eval_lines(&out), eval_lines(&before), "{file}");
        assert_eq!(last_score(&out), last_score(&before), "{file}");
        // after a network file, a bad one keeps that network
        let out = uci(&format!(
            "setoption name EvalFile value {}\nsetoption name EvalFile value {file}\n{GO}quit\n",
            loaded.path()
        ));
        assert!(out.contains(reason), "{out}");
        assert_eq!(last_score(&out), OPTIMIST_SCORE, "{file}: {out}");
    }
    // a chess network in xiangqi: refused, and the session plays on
    let out = uci_game(
        &format!(
            "setoption name EvalFile value {}\nposition startpos\ngo depth 2\nisready\nquit\n",
            loaded.path()
        ),
        Some(Variant::Xiangqi),
    );
    assert!(
        out.contains("this is a chess network, not xiangqi; the evaluation is unchanged"),
        "{out}"
    );
    assert!(out.contains("bestmove"), "{out}");
    // ... and xiangqi's built-in network stays: the same score as without the file.
    let builtin = last_score(&uci_game(GO_XQ, Some(Variant::Xiangqi)));
    let after = uci_game(
        &format!("setoption name EvalFile value {}\n{GO_XQ}", loaded.path()),
        Some(Variant::Xiangqi),
    );
    assert_eq!(last_score(&after), builtin, "{after}");
}

/// A xiangqi search: an opening position two moves in, where the built-in network and the
/// classic evaluation score apart. It comes last in a script, without `quit`, so that the
/// end of the input lets it finish (`quit` would stop it at whatever depth it reached).
const GO_XQ: &str =
    "position fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\ngo depth 4\n";

/// The committed file of xiangqi's built-in network.
fn xiangqi_builtin_file() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../xiangqi/nets")
        .join(xiangqi::nnue::EMBEDDED_NAME)
}

/// Xiangqi sessions (`chariot uci -g xiangqi`, UCCI) start with xiangqi's built-in
/// network: `EvalFile` shows its name, the scores are the committed file's and not the
/// classic evaluation's; empty is the classic evaluation, and the name selects the
/// network again.
#[test]
fn the_xiangqi_engine_starts_with_its_built_in_network() {
    let xq = |script: &str| uci_game(script, Some(Variant::Xiangqi));
    let out = xq("uci\nquit\n");
    assert!(
        out.contains(&format!(
            "option name EvalFile type string default {}",
            xiangqi::nnue::EMBEDDED_NAME
        )),
        "{out}"
    );
    let default = last_score(&xq(GO_XQ));
    let from_file = last_score(&xq(&format!(
        "setoption name EvalFile value {}\n{GO_XQ}",
        xiangqi_builtin_file().display()
    )));
    let classic = last_score(&xq(&format!("{CLASSIC}{GO_XQ}")));
    assert_eq!(default, from_file, "the default is the committed network");
    assert_ne!(
        default, classic,
        "the default is not the classic evaluation"
    );
    let again = xq(&format!(
        "{CLASSIC}setoption name EvalFile value {}\nucinewgame\n{GO_XQ}",
        xiangqi::nnue::EMBEDDED_NAME
    ));
    assert!(again.contains("the built-in network"), "{again}");
    assert_eq!(last_score(&again), default, "{again}");
    // chess's built-in name is no name in xiangqi: a file that is not there
    let out = xq(&format!(
        "setoption name EvalFile value {}\n{GO_XQ}",
        chess::nnue::EMBEDDED_NAME
    ));
    assert!(out.contains("cannot read"), "{out}");
    assert_eq!(last_score(&out), default, "{out}");
    // UCCI (`chariot ucci`) plays with the same network: the same search, the same score
    let ucci = |evaluation| {
        let capture = Capture::default();
        uci::ucci::serve(
            std::io::Cursor::new(GO_XQ.to_string()),
            Output::new(capture.clone()),
            evaluation,
        )
        .expect("the session reads its input");
        let bytes = capture.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let out = String::from_utf8(bytes).expect("UTF-8 output");
        let score: i32 = out
            .lines()
            .rev()
            .find_map(|l| {
                l.split_once(" score ")?
                    .1
                    .split_whitespace()
                    .next()?
                    .parse()
                    .ok()
            })
            .unwrap_or_else(|| panic!("no score in {out}"));
        (score, out)
    };
    let (score, out) = ucci(Evaluation::Builtin);
    assert_eq!(score, default, "{out}");
    let (score, out) = ucci(Evaluation::Classic);
    assert_eq!(score, classic, "{out}");
}

/// UCI_Variant gives each game its own default network, and a file chosen for one game is
/// not tried in the other (a note says it was set aside); the classic evaluation carries
/// over, being every game's.
#[test]
fn each_game_gets_its_own_evaluation_when_the_variant_changes() {
    let xq_default = last_score(&uci_game(GO_XQ, Some(Variant::Xiangqi)));
    let xq_classic = last_score(&uci_game(
        &format!("{CLASSIC}{GO_XQ}"),
        Some(Variant::Xiangqi),
    ));
    let to_xq = "setoption name UCI_Variant value xiangqi\n";
    let out = uci(&format!("{to_xq}uci\n{GO_XQ}"));
    assert!(
        out.contains(&format!(
            "option name EvalFile type string default {}",
            xiangqi::nnue::EMBEDDED_NAME
        )),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
    assert_eq!(last_score(&out), xq_default, "{out}");
    let file = TempFile::new("switch-optimist.nnue", &optimist());
    let out = uci(&format!(
        "setoption name EvalFile value {}\n{to_xq}{GO_XQ}",
        file.path()
    ));
    assert!(
        out.contains(&format!(
            "EvalFile {} was chess's; xiangqi plays with {}",
            file.path(),
            xiangqi::nnue::EMBEDDED_NAME
        )),
        "{out}"
    );
    assert!(!out.contains("error"), "{out}");
    assert_eq!(last_score(&out), xq_default, "{out}");
    let out = uci(&format!("{CLASSIC}{to_xq}{GO_XQ}"));
    assert_eq!(last_score(&out), xq_classic, "{out}");
    // and back: chess's own network again
    let chess_default = last_score(&uci(&format!("{GO}quit\n")));
    let out = uci(&format!(
        "{to_xq}setoption name UCI_Variant value chess\n{GO}quit\n"
    ));
    assert!(!out.contains("error"), "{out}");
    assert_eq!(last_score(&out), chess_default, "{out}");
}

/// A xiangqi network file that scores every position about +5 pawns for the side to
/// move.
fn xiangqi_optimist() -> Vec<u8> {
    use xiangqi::nnue::{Network, HIDDEN, INPUTS};
    let weights = vec![vec![0.0f32; HIDDEN]; INPUTS];
    let mut output = vec![0.0f32; 2 * HIDDEN];
    output[0] = 1.25;
    Network::quantise(&weights, &[0.5; HIDDEN], &output, &[0.625])
        .expect("the engine's shape")
        .to_bytes()
}

/// In xiangqi mode `EvalFile` loads a xiangqi network, which then scores the search, and
/// an empty value goes back to the classic evaluation.
#[test]
fn a_xiangqi_network_file_plays_in_xiangqi_mode() {
    let net = TempFile::new("xiangqi-optimist.nnue", &xiangqi_optimist());
    let go = "position startpos\ngo depth 2\nisready\n";
    let out = uci_game(
        &format!("setoption name EvalFile value {}\n{go}quit\n", net.path()),
        Some(Variant::Xiangqi),
    );
    assert!(
        out.contains(&format!("EvalFile {} loaded", net.path())),
        "{out}"
    );
    assert!((400..=500).contains(&last_score(&out)), "{out}");
    let out = uci_game(
        &format!(
            "setoption name EvalFile value {}\n{CLASSIC}{go}quit\n",
            net.path()
        ),
        Some(Variant::Xiangqi),
    );
    assert!(
        last_score(&out).abs() < 100,
        "the classic evaluation again: {out}"
    );
}

/// Runs `chariot datagen` in process with `args`; returns (success, error text, data
/// file text).
fn datagen(args: &[&str], out: &std::path::Path) -> (bool, String, String) {
    let args: Vec<String> = std::iter::once("datagen".to_string())
        .chain(args.iter().map(|s| s.to_string()))
        .chain(["--out".to_string(), out.display().to_string()])
        .chain(["--quiet".to_string()])
        .collect();
    let run = train::datagen::Args::try_parse_from(&args)
        .map_err(anyhow::Error::from)
        .and_then(train::datagen::run);
    // The binary data as text lines (`FEN | score | result`), for the checks below.
    let mut text = String::new();
    if let Ok(mut reader) = train::data_format::Reader::open(out, None) {
        while let Ok(Some(r)) = reader.next_record() {
            text += &format!("{} | {} | {}\n", r.fen, r.score, r.result.for_white());
        }
    }
    let _ = std::fs::remove_file(out);
    let log = run
        .as_ref()
        .err()
        .map_or(String::new(), |e| format!("{e:#}"));
    (run.is_ok(), log, text)
}

/// The search scores of a data file's positions.
fn scores_of(text: &str) -> Vec<i32> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split('|')
                .nth(1)
                .expect("a score")
                .trim()
                .parse()
                .expect("cp")
        })
        .collect()
}

#[test]
fn datagen_plays_with_the_network_it_is_given() {
    let net = TempFile::new("datagen-net.nnue", &optimist());
    let data = std::env::temp_dir().join(format!("chariot-datagen-{}.txt", std::process::id()));
    let game = ["--games", "1", "--nodes", "300", "--max-plies", "40"];
    let net_arg = net.path();
    let (ok, log, text) = datagen(&[&game[..], &["--eval-file", &net_arg]].concat(), &data);
    assert!(ok, "{log}");
    // A network that rates every position +5 pawns for the side to move makes every
    // search score about ±500, or 0 where a draw by repetition beats −500. The correction
    // histories (the pawns', the material's and each colour's non-pawn pieces' in chess)
    // may each move it by up to `CORRECTION_MAX`.
    let reach = 4 * search::params::CORRECTION_MAX;
    let near_500 = |s: &i32| *s == 0 || (500 - reach..=500 + reach).contains(&s.abs());
    let scores = scores_of(&text);
    assert!(scores.len() >= 4, "{text}");
    assert!(scores.iter().all(near_500), "{scores:?}");
    // Without the option the classic evaluation's scores are near equality in the opening:
    // the first moves' scores are all nearer 0 than the network's.
    let (ok, log, text) = datagen(&game, &data);
    assert!(ok, "{log}");
    let classic = scores_of(&text);
    assert!(classic.len() >= 4, "{text}");
    let opening = |s: &[i32]| s[..4].iter().map(|s| s.abs()).collect::<Vec<_>>();
    let (with_net, without) = (opening(&scores), opening(&classic));
    assert!(
        with_net.iter().min() > without.iter().max(),
        "network {with_net:?}, classic {without:?}"
    );
    // A bad file, or a network for xiangqi, is an error that says why (and leaves no
    // data file).
    let bad = TempFile::new("datagen-bad.nnue", b"not a network");
    let bad_arg = bad.path();
    let (ok, log, text) = datagen(&[&game[..], &["--eval-file", &bad_arg]].concat(), &data);
    assert!(!ok && log.contains("magic"), "{log}");
    assert!(text.is_empty(), "{text}");
    let (ok, log, _) = datagen(
        &[&game[..], &["--game", "xiangqi", "--eval-file", &net_arg]].concat(),
        &data,
    );
    assert!(
        !ok && log.contains("this is a chess network, not xiangqi"),
        "{log}"
    );
}
