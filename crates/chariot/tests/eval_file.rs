//! The UCI option `EvalFile`, through the real binary (loading a network changes the
//! evaluation of the whole process, so it is not tested inside the unit-test process):
//! a network file changes the engine's scores, a bad file is refused with a reason and the
//! session goes on with the evaluation it had.

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
    Network::quantise(&weights, &biases, &output, 0.625)
        .expect("the engine's shape")
        .to_bytes()
}

const GO: &str = "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\ngo depth 1\nisready\n";

#[test]
fn a_network_file_changes_the_evaluation_and_an_empty_value_restores_it() {
    let path = std::env::temp_dir().join(format!("chariot-optimist-{}.nnue", std::process::id()));
    std::fs::write(&path, optimist()).expect("temp file");
    let classic = last_score(&uci(&format!("{GO}quit\n")));
    assert!(
        classic > 800,
        "the classic evaluation sees the queen: {classic}"
    );
    let out = uci(&format!(
        "setoption name EvalFile value {}\n{GO}setoption name EvalFile value <empty>\n{GO}quit\n",
        path.display()
    ));
    let _ = std::fs::remove_file(&path);
    assert!(out.contains("loaded"), "{out}");
    let scores: Vec<&str> = out.lines().filter(|l| l.contains("score cp")).collect();
    let with_net = last_score(scores.first().expect("a first search"));
    // 0.5 · 1.25 + 0.625 = 1.25 of the network's units, 400 cp each, whatever the position
    assert_eq!(with_net, 500, "{out}");
    assert_eq!(last_score(&out), classic, "{out}");
}

#[test]
fn a_bad_network_file_is_refused_and_the_session_goes_on() {
    let path = std::env::temp_dir().join(format!("chariot-bad-{}.nnue", std::process::id()));
    std::fs::write(&path, b"not a network").expect("temp file");
    let out = uci(&format!(
        "setoption name EvalFile value {}\nsetoption name EvalFile value /no/such/file.nnue\n{GO}quit\n",
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
