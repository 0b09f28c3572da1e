//! The UCI option `EvalFile`, through the real binary (loading a network changes the
//! evaluation of the whole process, so it is not tested inside the unit-test process):
//! the engine starts with its built-in network, a network file changes the engine's
//! scores, an empty value is the classic evaluation, a bad file is refused with a reason
//! and the session goes on with the evaluation it had; `chariot datagen --eval-file` plays
//! with one; `chariot eval` says which evaluation its total is.

use chess::nnue::{Network, HIDDEN, INPUTS};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `chariot uci` on `script`; returns its output.
fn uci(script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(script.as_bytes())
        .expect("the engine reads its input");
    let out = child.wait_with_output().expect("the engine ends");
    assert!(out.status.success(), "exit status {}", out.status);
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The score of the last `info … score cp N` line.
fn last_score(out: &str) -> i32 {
    out.lines()
        .rev()
        .filter_map(|l| l.split_once(" score cp ").map(|(_, rest)| rest))
        .find_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no score in {out}"))
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

/// The committed file of the network built into the binary.
fn builtin_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../chess/nets")
        .join(chess::nnue::EMBEDDED_NAME)
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
        let run = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .args(["eval", "--fen", "4k3/7p/8/8/8/8/8/3QK3 w - - 0 1"])
            .args(extra)
            .output()
            .expect("the binary runs");
        assert!(run.status.success());
        String::from_utf8(run.stdout).expect("UTF-8 output")
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
    let path = std::env::temp_dir().join(format!("chariot-optimist-{}.nnue", std::process::id()));
    std::fs::write(&path, optimist()).expect("temp file");
    let classic = last_score(&uci(&format!("{CLASSIC}{GO}quit\n")));
    assert!(
        classic > 800,
        "the classic evaluation sees the queen: {classic}"
    );
    let out = uci(&format!(
        "setoption name EvalFile value {}\n{GO}setoption name EvalFile value <empty>\nucinewgame\n{GO}quit\n",
        path.display()
    ));
    let _ = std::fs::remove_file(&path);
    assert!(out.contains("loaded"), "{out}");
    let scores: Vec<&str> = out.lines().filter(|l| l.contains("score cp")).collect();
    let with_net = last_score(scores.first().expect("a first search"));
    // 0.5 · 1.25 + 0.625 = 1.25 of the network's units, 400 cp each, whatever the position,
    // damped by the 50-move term at the leaf: a check and a king move, half-move clock 2
    assert_eq!(with_net, 500 * 198 / 200, "{out}");
    assert_eq!(last_score(&out), classic, "{out}");
}

#[test]
fn a_bad_network_file_is_refused_and_the_session_goes_on() {
    let path = std::env::temp_dir().join(format!("chariot-bad-{}.nnue", std::process::id()));
    std::fs::write(&path, b"not a network").expect("temp file");
    let out = uci(&format!(
        "{CLASSIC}setoption name EvalFile value {}\nsetoption name EvalFile value /no/such/file.nnue\n{GO}quit\n",
        path.display()
    ));
    let _ = std::fs::remove_file(&path);
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

/// Runs `chariot datagen` with `args`; returns (success, stdout + stderr, data file text).
fn datagen(args: &[&str], out: &std::path::Path) -> (bool, String, String) {
    let run = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .arg("datagen")
        .args(args)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .output()
        .expect("the binary runs");
    let text = std::fs::read_to_string(out).unwrap_or_default();
    let _ = std::fs::remove_file(out);
    let log =
        String::from_utf8_lossy(&run.stdout).to_string() + &String::from_utf8_lossy(&run.stderr);
    (run.status.success(), log, text)
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
    let id = std::process::id();
    let net = std::env::temp_dir().join(format!("chariot-datagen-net-{id}.nnue"));
    let data = std::env::temp_dir().join(format!("chariot-datagen-{id}.txt"));
    std::fs::write(&net, optimist()).expect("temp file");
    let game = ["--games", "1", "--nodes", "300", "--max-plies", "40"];
    let net_arg = net.display().to_string();
    let (ok, log, text) = datagen(&[&game[..], &["--eval-file", &net_arg]].concat(), &data);
    assert!(ok, "{log}");
    assert!(text.contains(&format!("evaluation {net_arg}")), "{text}");
    // A network that rates every position +5 pawns for the side to move makes every
    // search score about ±500 (the correction history moves it a little), or 0 where a
    // draw by repetition beats −500.
    let near_500 = |s: &i32| *s == 0 || (400..=500).contains(&s.abs());
    let scores = scores_of(&text);
    assert!(!scores.is_empty(), "{text}");
    assert!(scores.iter().all(near_500), "{scores:?}");
    // Without the option the classic evaluation's scores are near equality in the opening.
    let (ok, log, text) = datagen(&game, &data);
    assert!(ok, "{log}");
    assert!(text.contains("evaluation classic"), "{text}");
    assert!(!scores_of(&text).iter().all(near_500), "{text}");
    // A bad file, or a network for xiangqi, is an error that says why.
    std::fs::write(&net, b"not a network").expect("temp file");
    let (ok, log, _) = datagen(&[&game[..], &["--eval-file", &net_arg]].concat(), &data);
    assert!(!ok && log.contains("magic"), "{log}");
    let (ok, log, _) = datagen(
        &[&game[..], &["--game", "xiangqi", "--eval-file", &net_arg]].concat(),
        &data,
    );
    assert!(!ok && log.contains("chess only"), "{log}");
    let _ = std::fs::remove_file(&net);
}
