//! Perft for one FEN (until `chariot perft --game xiangqi` reaches main):
//! `cargo run -p xiangqi --release --example perft -- "<FEN>" <depth> [--divide]`.
//! Prints `nodes <N> time_ms <T> nps <NPS>`.

use game::{Game, MoveStyle};
use std::time::Instant;
use xiangqi::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fen = args
        .first()
        .map(String::as_str)
        .unwrap_or(xiangqi::START_FEN);
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let divide = args.iter().any(|a| a == "--divide");
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for mv in pos.legal_moves().iter().copied() {
            pos.make(mv);
            let n = pos.perft(depth - 1);
            pos.unmake(mv);
            println!("{}: {n}", pos.format_move(mv, MoveStyle::CoordOneBased));
            total += n;
        }
        total
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "nodes {nodes} time_ms {:.0} nps {:.0}",
        secs * 1000.0,
        nodes as f64 / secs.max(1e-9)
    );
}
