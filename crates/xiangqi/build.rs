//! Chooses the xiangqi network built into the engine: `nets/xq-gen7-4861k.nnue` unless
//! `CHARIOT_XQ_EVALFILE` (`make XQ_EVALFILE=`) names another file. The logic is chess's,
//! shared (`../nnue/embed/choose.rs`).

#[path = "../nnue/embed/choose.rs"]
mod choose;

/// Where the built-in xiangqi network comes from.
const NETWORK: choose::Source = choose::Source {
    game: "xiangqi",
    env: "CHARIOT_XQ_EVALFILE",
    make: "XQ_EVALFILE",
    default: "nets/xq-gen7-4861k.nnue",
};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../nnue/embed/choose.rs");
    if let Err(why) = choose::choose(&NETWORK) {
        // Cargo shows a failed build script's standard error: the reason, on its own line.
        eprintln!("error: the xiangqi network to build in: {why}");
        std::process::exit(1);
    }
}
