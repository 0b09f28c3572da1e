//! The fast perft: copy-make on the bare board and bulk counting at the last ply
//! (the counting sink adds target-set sizes without writing moves).

use crate::board::Board;
use crate::movegen::{self, CountSink, ListSink};
use game::MoveList;

/// Leaf nodes of the legal move tree below `b` to `depth`.
pub(crate) fn perft_board(b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut count = CountSink::default();
            movegen::generate::<_, true>(b, &mut count);
            count.0
        }
        _ => {
            let mut list = MoveList::new();
            movegen::generate::<_, true>(b, &mut ListSink(&mut list));
            let mut total = 0;
            for &mv in list.iter() {
                let mut child = *b;
                child.play(mv);
                total += perft_board(&child, depth - 1);
            }
            total
        }
    }
}
