//! Gives the binary the git commit it was built from, for `chariot --version`: the short
//! hash of `HEAD` when the sources are a git checkout and git is installed, "unknown"
//! otherwise (a tarball, `cargo install` from a copy, OpenBench's source zip), so that
//! the build never needs git.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CHARIOT_GIT_COMMIT={commit}");
    // Run again when HEAD moves (a commit, a checkout): HEAD itself, and the branch file it
    // points to. Only files that exist are named: cargo re-runs a script whose watched
    // file is missing on every build, and each run would relink the binary.
    for file in watched() {
        if Path::new(&file).exists() {
            println!("cargo:rerun-if-changed={file}");
        }
    }
}

/// The files whose change means another commit: `HEAD`, and the branch it names, as
/// git's own paths (worktrees keep them in different folders).
fn watched() -> Vec<String> {
    let mut files: Vec<String> = git(&["rev-parse", "--git-path", "HEAD"])
        .into_iter()
        .collect();
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        files.extend(git(&["rev-parse", "--git-path", &branch]));
    }
    if files.is_empty() {
        return files;
    }
    // A branch that `git pack-refs` moved into packed-refs changes there.
    files.extend(git(&["rev-parse", "--git-path", "packed-refs"]));
    files
}

/// The trimmed output of `git ARGS` run in this crate's folder, if git ran and succeeded.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}
