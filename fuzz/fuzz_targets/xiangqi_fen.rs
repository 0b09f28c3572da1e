//! Xiangqi FEN: any bytes into `xiangqi::Position::from_fen`; accepted positions are exercised.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    chariot_fuzz::fuzz_fen::<xiangqi::Position>(data);
});
