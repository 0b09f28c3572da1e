//! Chariot: a chess and xiangqi engine.
fn main() {
    println!("chariot {}", env!("CARGO_PKG_VERSION"));
}
