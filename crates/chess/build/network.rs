//! Chooses the network file built into the engine: `CHARIOT_EVALFILE` when it is set and
//! not empty (OpenBench's `make EVALFILE=…` sets it through the makefile), otherwise the
//! committed default. The crate reads the choice from two compile-time variables:
//! `CHARIOT_NET_PATH` (the file `include_bytes!` embeds) and `CHARIOT_NET_NAME` (its file
//! name, the default value of the UCI option `EvalFile`). The file's contents are checked
//! by the crate itself when it compiles (`nnue::network::check`), next to the format.

use std::path::{Path, PathBuf};

/// The network built in when `CHARIOT_EVALFILE` is not set, relative to the crate.
const DEFAULT: &str = "nets/sf-depth1-41m.nnue";

/// Tells cargo which network to embed and when to choose again; the error says why the
/// file in `CHARIOT_EVALFILE` cannot be used.
pub fn choose() -> Result<(), String> {
    println!("cargo:rerun-if-env-changed=CHARIOT_EVALFILE");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let path = match std::env::var_os("CHARIOT_EVALFILE") {
        Some(value) if !value.is_empty() => {
            let path = given(PathBuf::from(value))?;
            // Said in the build's output, so that a log shows which network was built in.
            println!("cargo:warning=built-in chess network: {}", path.display());
            path
        }
        _ => manifest.join(DEFAULT),
    };
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: the file name is not UTF-8", path.display()))?;
    let text = path
        .to_str()
        .ok_or_else(|| format!("{}: the path is not UTF-8", path.display()))?;
    println!("cargo:rerun-if-changed={text}");
    println!("cargo:rustc-env=CHARIOT_NET_PATH={text}");
    println!("cargo:rustc-env=CHARIOT_NET_NAME={name}");
    Ok(())
}

/// The file `CHARIOT_EVALFILE` names, if it can be embedded: an absolute path (a build
/// script runs in the crate's folder, so a relative one would silently mean another file)
/// to a readable, non-empty regular file.
fn given(path: PathBuf) -> Result<PathBuf, String> {
    let shown = path.display();
    if !path.is_absolute() {
        return Err(format!(
            "CHARIOT_EVALFILE={shown}: give an absolute path (the makefile's EVALFILE= makes it absolute)"
        ));
    }
    let meta = std::fs::metadata(&path)
        .map_err(|e| format!("CHARIOT_EVALFILE={shown}: cannot read the network file: {e}"))?;
    if !meta.is_file() {
        return Err(format!("CHARIOT_EVALFILE={shown}: not a file"));
    }
    if meta.len() == 0 {
        return Err(format!("CHARIOT_EVALFILE={shown}: the file is empty"));
    }
    Ok(canonical(&path))
}

/// `path` with links resolved when possible, so that the embedded file is the one cargo
/// watches for changes.
fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}
