//! Chooses the network file a game crate builds into the engine; shared by the build
//! scripts of `chess` and `xiangqi`, which include this file with `#[path]` (a build script
//! cannot depend on a library of the workspace without building it first for the host).
//!
//! The choice is the file an environment variable names when it is set and not empty
//! (chess: `CHARIOT_EVALFILE`, which OpenBench's `make EVALFILE=…` sets through the
//! makefile; xiangqi: `CHARIOT_XQ_EVALFILE`, `make XQ_EVALFILE=…`), otherwise the crate's
//! committed default. The crate reads the choice from two compile-time variables:
//! `CHARIOT_NET_PATH` (the file `include_bytes!` embeds) and `CHARIOT_NET_NAME` (its file
//! name, the default value of the UCI option `EvalFile`). The file's contents are checked
//! by the crate itself when it compiles (its `nnue` module's `check`), next to the format.

use std::path::{Path, PathBuf};

/// Where one game crate's built-in network comes from.
pub struct Source {
    /// The game, as the build's messages name it (`"chess"`).
    pub game: &'static str,
    /// The environment variable that names another file to build in.
    pub env: &'static str,
    /// The makefile variable that sets `env`, for the error messages.
    pub make: &'static str,
    /// The network built in when `env` is not set, relative to the crate.
    pub default: &'static str,
}

/// Tells cargo which network to embed and when to choose again; the error says why the
/// file in `source.env` cannot be used.
pub fn choose(source: &Source) -> Result<(), String> {
    println!("cargo:rerun-if-env-changed={}", source.env);
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let path = match std::env::var_os(source.env) {
        Some(value) if !value.is_empty() => {
            let path = given(source, PathBuf::from(value))?;
            // Said in the build's output, so that a log shows which network was built in.
            println!(
                "cargo:warning=built-in {} network: {}",
                source.game,
                path.display()
            );
            path
        }
        _ => manifest.join(source.default),
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

/// The file `source.env` names, if it can be embedded: an absolute path (a build script
/// runs in the crate's folder, so a relative one would silently mean another file) to a
/// readable, non-empty regular file.
fn given(source: &Source, path: PathBuf) -> Result<PathBuf, String> {
    let (env, make, shown) = (source.env, source.make, path.display());
    if !path.is_absolute() {
        return Err(format!(
            "{env}={shown}: give an absolute path (the makefile's {make}= makes it absolute)"
        ));
    }
    let meta = std::fs::metadata(&path)
        .map_err(|e| format!("{env}={shown}: cannot read the network file: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{env}={shown}: not a file"));
    }
    if meta.len() == 0 {
        return Err(format!("{env}={shown}: the file is empty"));
    }
    Ok(canonical(&path))
}

/// `path` with links resolved when possible, so that the embedded file is the one cargo
/// watches for changes.
fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}
