//! The binary speaks UCCI through a pipe: started as `chariot ucci`, and started without
//! a command when the first line is `ucci`.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `args`, feeds it `script`, and returns what it wrote.
fn run(args: &[&str], script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

const SCRIPT: &str = "ucci\nisready\nposition startpos moves h2e2\ngo depth 3\nhello\n";

fn check(out: &str) {
    assert!(out.contains("ucciok\nreadyok\n"), "{out}");
    assert!(
        out.contains("info string error: unknown command 'hello'"),
        "{out}"
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove: {out}"));
    // A xiangqi move in UCCI coordinates: files a-i, ranks 0-9.
    let mv: Vec<char> = best.split_whitespace().next().unwrap().chars().collect();
    assert_eq!(mv.len(), 4, "{out}");
    assert!(
        ('a'..='i').contains(&mv[0]) && mv[1].is_ascii_digit(),
        "{out}"
    );
}

#[test]
fn chariot_ucci_speaks_ucci() {
    let out = run(&["ucci"], &format!("{SCRIPT}quit\n"));
    check(&out);
    assert!(out.ends_with("bye\n"), "{out}");
}

#[test]
fn without_a_command_the_first_line_chooses_ucci() {
    // No quit: the end of the input lets the search finish.
    check(&run(&[], SCRIPT));
    let uci = run(&[], "uci\nisready\n");
    assert!(
        uci.contains("uciok\nreadyok\n") && !uci.contains("ucciok"),
        "{uci}"
    );
}
