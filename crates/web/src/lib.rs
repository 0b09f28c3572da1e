//! `chariot web`: the default job. A local HTTP server with the page embedded in the binary,
//! where a person plays chess or xiangqi against the engine.
//!
//! The HTTP layer is axum over hyper's HTTP/1.1 connections on a tokio runtime
//! ([`server`]): hyper parses and frames (keep-alive, the head size limit and timeout),
//! [`http`] holds this server's own policy on a request (`Host`, body size, no chunked
//! bodies), [`routes`] says which request does what, and [`events`] streams a game's
//! thinking. Calls into the games block (locks, waits for events), so they run on tokio's
//! blocking pool, never on its workers. The API is described in `docs/web-api.md`.
#![deny(missing_docs)]

pub mod analysis;
pub mod archive;
pub mod assets;
pub mod board;
pub mod chess960;
pub mod clock;
pub mod events;
pub mod http;
pub mod ids;
pub mod jobs;
pub mod levels;
pub mod openings;
pub mod pgn;
pub mod registry;
pub mod review;
pub mod routes;
pub mod server;
pub mod session;
pub mod shared;
pub mod stall;
pub mod store;
pub mod think;

#[cfg(test)]
mod api_tests;
#[cfg(test)]
mod clock_tests;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod jobs_tests;
#[cfg(test)]
mod load_tests;
#[cfg(test)]
mod record_tests;
#[cfg(test)]
mod store_clock_tests;
#[cfg(test)]
mod store_damage_tests;
#[cfg(test)]
mod store_tests;
#[cfg(test)]
mod wire_tests;

use registry::Offered;
use std::time::Duration;
use think::Config;

/// Options of `chariot web`.
#[derive(clap::Parser, Debug, Clone)]
pub struct WebArgs {
    /// Port to listen on.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. The default answers this computer only;
    /// `--host 0.0.0.0` opens the game to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Longest the engine thinks about one move, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    pub max_think_ms: u64,
    /// Most games kept open at once.
    #[arg(long, default_value_t = 256)]
    pub max_games: usize,
    /// Directory of the saved games' database (default: the user's data directory,
    /// `$XDG_DATA_HOME/chariot` or `~/.local/share/chariot`).
    #[arg(long, value_name = "DIR")]
    pub data: Option<std::path::PathBuf>,
}

impl Default for WebArgs {
    fn default() -> WebArgs {
        <WebArgs as clap::Parser>::parse_from(["chariot-web"])
    }
}

/// The games this binary serves, each played by the generic search.
pub fn game_kinds() -> Vec<Offered> {
    vec![
        Offered::of::<chess::Position, search::Searcher<chess::Position>>(),
        Offered::of::<xiangqi::Position, search::Searcher<xiangqi::Position>>(),
    ]
}

/// Entry point of `chariot web`: the engine plays with the built-in evaluation.
pub fn run(args: WebArgs) -> anyhow::Result<()> {
    let config = Config {
        max_think: Duration::from_millis(args.max_think_ms.clamp(50, 60_000)),
        max_games: args.max_games.max(1),
        evaluation: game::Evaluation::Builtin,
        ..Config::default()
    };
    let host = if args.host.contains(':') && !args.host.starts_with('[') {
        format!("[{}]", args.host)
    } else {
        args.host.clone()
    };
    let store = match args.data.clone().or_else(store::default_dir) {
        Some(dir) => store::Store::open(&dir),
        None => store::Store::memory(),
    };
    match (store.saving().saving_reason, store.path()) {
        (None, Some(path)) => println!("Games are saved in {}.", path.display()),
        (Some(reason), _) => eprintln!("Warning: {reason}"),
        (None, None) => {}
    }
    let address = format!("{host}:{}", args.port);
    let server = server::Server::bind_with_store(&address, config, game_kinds(), store)
        .map_err(|e| anyhow::anyhow!("cannot listen on {host}:{}: {e}", args.port))?;
    let addr = server.local_addr()?;
    let shown = if addr.ip().is_unspecified() {
        format!("http://127.0.0.1:{}", addr.port())
    } else {
        format!("http://{addr}")
    };
    println!("Chariot web game: open {shown} in a browser (Ctrl-C stops the server).");
    if addr.ip().is_loopback() {
        println!("Only this computer can connect; `--host 0.0.0.0` opens the game to the network.");
    } else {
        println!("Listening on {addr}: other computers on the network can connect.");
    }
    server.run()?;
    Ok(())
}
