//! Move strings in every notation, as move lists. Byte 0 picks the game (top bit: 0 chess,
//! 1 xiangqi) and the style (the other bits mod 3: coordinates, one-based coordinates, SAN/WXF);
//! the rest is an optional FEN line and
//! white-space separated moves. See `chariot_fuzz::fuzz_move_list` for what is checked.
#![no_main]

use chariot_fuzz::{fuzz_moves_text, STYLES};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let style = STYLES[((selector & 0x7f) % 3) as usize];
    if selector & 0x80 == 0 {
        fuzz_moves_text::<chess::Position>(style, text);
    } else {
        fuzz_moves_text::<xiangqi::Position>(style, text);
    }
});
