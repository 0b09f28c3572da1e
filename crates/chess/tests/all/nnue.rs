//! The network: file round trip, rejection of bad files, sums kept through null moves, the
//! classic evaluation without a network, a side-to-move view (a position and its
//! colour-flipped mirror evaluate the same), and the endgame knowledge added to the
//! network's score.

use chess::nnue::network::check;
use chess::nnue::{Network, BUCKETS, HIDDEN, INPUTS};
use chess::Position;
use game::Game;
use std::sync::{Arc, OnceLock};

/// A seeded random network (its values mean nothing; its sums must still be kept exactly).
pub fn test_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    Arc::clone(NET.get_or_init(|| {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        };
        let weights: Vec<Vec<f32>> = (0..INPUTS)
            .map(|_| (0..HIDDEN).map(|_| next() * 0.4).collect())
            .collect();
        let biases: Vec<f32> = (0..HIDDEN).map(|_| next() * 0.5 + 0.25).collect();
        let output: Vec<f32> = (0..2 * HIDDEN).map(|_| next() * 0.5).collect();
        let net = Network::quantise(&weights, &biases, &output, &[0.05]);
        Arc::new(net.expect("the engine's shape"))
    }))
}

fn with_network(fen: &str) -> Position {
    let mut p = Position::parse_fen(fen).expect("valid FEN");
    p.set_network(Some(test_network()));
    p
}

#[test]
fn network_file_round_trips() {
    let bytes = test_network().to_bytes();
    let again = Network::from_bytes(&bytes).expect("own bytes parse");
    assert_eq!(again.to_bytes(), bytes);
}

#[test]
fn a_squared_network_file_round_trips_and_scores_its_activation() {
    use chess::nnue::Activation;
    let clipped = test_network();
    let squared = Network::clone(&clipped).with_activation(Activation::SquaredClipped);
    let bytes = squared.to_bytes();
    // the current format names the game (byte 8: chess) and the activation (byte 9)
    assert_eq!(&bytes[..10], b"CHARNN04\x01\x01");
    assert_eq!(&clipped.to_bytes()[..10], b"CHARNN04\x01\x00");
    let again = Network::from_bytes(&bytes).expect("own bytes parse");
    assert_eq!(again.activation(), Activation::SquaredClipped);
    assert_eq!(again.to_bytes(), bytes);
    // the same weights score differently once squared: each clamp(acc, 0, QA) becomes
    // clamp(acc, 0, QA)² / QA, checked here against a sum written out unit by unit
    let again = Arc::new(again);
    let mut differs = false;
    for fen in [chess::START_FEN, "8/5pk1/6p1/3P4/1P6/6P1/5PK1/8 b - - 0 40"] {
        let p = Position::parse_fen(fen).expect("valid");
        let (us, them) = chess::nnue::features(&p);
        let (qa, qb, scale) = (chess::nnue::QA, chess::nnue::QB, chess::nnue::SCALE);
        let (weights, biases, output, output_bias) = again.dequantise();
        let bucket = chess::nnue::network::bucket(us.len() as u32);
        let mut sum = 0i64;
        for (side, features) in [&us, &them].into_iter().enumerate() {
            for j in 0..HIDDEN {
                let acc: f32 = biases[j]
                    + features
                        .iter()
                        .map(|&f| weights[f as usize][j])
                        .sum::<f32>();
                let v = i64::from(((acc * qa as f32).round() as i32).clamp(0, qa));
                let w = (output[(bucket * 2 + side) * HIDDEN + j] * qb as f32).round() as i64;
                sum += v * v * w;
            }
        }
        let bias = (output_bias[bucket] * (qa * qb) as f32).round() as i64;
        let expected = (sum / i64::from(qa) + bias) * i64::from(scale) / i64::from(qa * qb);
        assert_eq!(i64::from(again.evaluate_position(&p)), expected, "{fen}");
        differs |= again.evaluate_position(&p) != clipped.evaluate_position(&p);
        let mut kept = with_network(fen);
        kept.set_network(Some(Arc::clone(&again)));
        assert_eq!(kept.nnue_eval(), Some(again.evaluate_position(&p)), "{fen}");
    }
    assert!(differs, "the activation changed no score");
}

#[test]
fn bad_network_files_are_rejected_with_a_reason() {
    let bytes = test_network().to_bytes();
    let short = Network::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(short.contains("too short"), "{short}");
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert!(Network::from_bytes(&magic).unwrap_err().contains("magic"));
    let mut shape = bytes.clone();
    shape[14..18].copy_from_slice(&(HIDDEN as u32 + 1).to_le_bytes()); // wider than the engine
    assert!(Network::from_bytes(&shape).unwrap_err().contains("shape"));
    let mut long = bytes;
    long.push(0);
    assert!(Network::from_bytes(&long).unwrap_err().contains("after"));
}

/// Every truncation of a good file, and the file with any one byte of its header
/// changed, is refused with a reason or (a header change that still describes a
/// playable shape, such as fewer buckets) read as some network: never a panic.
#[test]
fn truncated_and_damaged_files_are_refused_without_panicking() {
    let bytes = test_network().to_bytes();
    for len in 0..bytes.len() {
        let err = Network::from_bytes(&bytes[..len]).unwrap_err();
        assert!(err.contains("too short"), "{len} bytes: {err}");
    }
    for at in 0..22 {
        for value in [0u8, 1, 0x7f, 0x80, 0xff] {
            let mut damaged = bytes.clone();
            damaged[at] = value;
            let _ = Network::from_bytes(&damaged);
        }
    }
    // another game's or format's file: another game, the wrong input count in an
    // older (chess-only) file, or no Chariot magic
    let mut xiangqi = bytes.clone();
    xiangqi[8] = nnue::game::XIANGQI;
    let err = Network::from_bytes(&xiangqi).unwrap_err();
    assert_eq!(err, "this is a xiangqi network, not chess");
    let old = file(chess::nnue::network::MAGIC_V2, 2 * 7 * 90, 1, 1, 1000);
    let err = Network::from_bytes(&old).unwrap_err();
    assert!(err.contains("not a chess network"), "{err}");
    let err = Network::from_bytes(b"\0\0\0\0NNUE format of another engine").unwrap_err();
    assert!(err.contains("magic"), "{err}");
}

/// A file of the right size and header whose numbers are all extreme (what a corrupt
/// file may hold) loads, evaluates without overflow, and scores within the network's
/// limit, so no corrupt file makes the search see a mate.
#[test]
fn extreme_weights_stay_within_the_limit() {
    let good = test_network().to_bytes();
    for activation in [0, 1] {
        for fill in [0x7fu8, 0x80, 0xff] {
            let mut bytes = good.clone();
            bytes[9] = activation;
            bytes[22..].fill(fill);
            let net = Arc::new(Network::from_bytes(&bytes).expect("a well-formed file"));
            for fen in [chess::START_FEN, "8/8/4k3/8/8/8/3N4/4K3 w - - 0 1"] {
                let mut p = Position::parse_fen(fen).expect("valid FEN");
                p.set_network(Some(Arc::clone(&net)));
                let score = p.nnue_eval().expect("a network");
                assert!(score.abs() <= chess::nnue::network::LIMIT, "{score}");
                assert!(!game::is_mate_score(p.evaluate()), "{fen}");
            }
        }
    }
}

proptest::proptest! {
    /// Any bytes at all, and any bytes behind a valid header, give a network or an error,
    /// and the build-time check agrees with loading on which.
    #[test]
    fn arbitrary_bytes_never_panic(
        tail in proptest::collection::vec(proptest::num::u8::ANY, 0..64),
        cut in 0usize..200_000,
    ) {
        let loaded = Network::from_bytes(&tail);
        proptest::prop_assert_eq!(check(&tail).is_ok(), loaded.is_ok());
        let mut bytes = test_network().to_bytes();
        bytes.truncate(cut.min(bytes.len()));
        bytes.extend(&tail);
        let loaded = Network::from_bytes(&bytes);
        proptest::prop_assert_eq!(check(&bytes).is_ok(), loaded.is_ok());
    }
}

/// A file of `magic` with the header (a chess network with the clipped ReLU in the current
/// format; `inputs`, `hidden`, `buckets`; no bucket count in the oldest format) and `len`
/// bytes in all, zeros after the header.
fn file(magic: &[u8; 8], inputs: u32, hidden: u32, buckets: u32, len: usize) -> Vec<u8> {
    let mut bytes = magic.to_vec();
    if magic == chess::nnue::network::MAGIC {
        bytes.extend([nnue::game::CHESS, 0]);
    }
    bytes.extend(inputs.to_le_bytes());
    bytes.extend(hidden.to_le_bytes());
    if magic != chess::nnue::network::MAGIC_V1 {
        bytes.extend(buckets.to_le_bytes());
    }
    bytes.resize(len.max(bytes.len()), 0);
    bytes.truncate(len);
    bytes
}

/// The check that stops a build with a wrong built-in network (`make EVALFILE=`)
/// accepts exactly the files loading accepts: every format and header shape, at the
/// right length and one byte off, and every short prefix of a header.
#[test]
fn the_build_time_check_accepts_exactly_what_loading_accepts() {
    use chess::nnue::network::{MAGIC, MAGIC_V1, MAGIC_V2, MAGIC_V3};
    let good = test_network().to_bytes();
    assert_eq!(check(&good), Ok(()));
    assert_eq!(
        check(chess::nnue::network::MAGIC),
        Err("the file is too short (truncated?)")
    );
    let mut accepted = 0;
    for magic in [MAGIC, MAGIC_V2, MAGIC_V3, MAGIC_V1] {
        for inputs in [INPUTS as u32, 2 * 7 * 90] {
            for hidden in [0, 1, 16, HIDDEN as u32, HIDDEN as u32 + 1] {
                for buckets in [0, 1, 3, BUCKETS as u32] {
                    let header = match magic {
                        MAGIC_V1 => 16,
                        MAGIC => 22,
                        _ => 20,
                    };
                    let layers = if magic == MAGIC_V1 {
                        1
                    } else {
                        buckets as usize
                    };
                    let (i, h) = (inputs as usize, hidden as usize);
                    let size = header + 2 * (i * h + h + layers * 2 * h) + 4 * layers;
                    for len in [0, 7, 8, header - 1, header, size - 1, size, size + 1] {
                        let bytes = file(magic, inputs, hidden, buckets, len);
                        let (checked, loaded) = (check(&bytes), Network::from_bytes(&bytes));
                        assert_eq!(
                            checked.is_ok(),
                            loaded.is_ok(),
                            "{h} {layers} {len}: {checked:?}"
                        );
                        accepted += usize::from(checked.is_ok());
                    }
                }
            }
        }
    }
    // the playable shapes at their exact length: three widths, one or all buckets in
    // the current format and the two older ones with buckets, one bucket (whatever the
    // header says) in the oldest one
    assert_eq!(accepted, 3 * 2 * 3 + 3 * 4);
    let mut magic = good;
    magic[0] = b'X';
    assert_eq!(check(&magic), Err("not a Chariot network (bad magic)"));
}

#[test]
fn positions_without_a_network_use_the_classic_evaluation() {
    let mut p = Position::parse_fen("4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1").expect("valid FEN");
    assert!(p.network().is_none());
    assert_eq!(p.nnue_eval(), None);
    assert_eq!(p.evaluate(), p.eval_white());
    p.set_network(Some(test_network()));
    assert_eq!(p.evaluate(), test_network().evaluate_position(&p));
    assert_ne!(
        p.evaluate(),
        p.eval_white(),
        "a random network is not the classic score"
    );
}

#[test]
fn setting_a_network_mid_game_rebuilds_every_ply() {
    let mut p = Position::start();
    let line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6"];
    let mut moves = Vec::new();
    for text in line {
        let mv = p.parse_uci(text).expect("legal");
        p.make(mv);
        moves.push(mv);
    }
    p.set_network(Some(test_network()));
    while let Some(mv) = moves.pop() {
        p.unmake(mv);
        assert_eq!(p.nnue_eval(), Some(test_network().evaluate_position(&p)));
    }
}

#[test]
fn sums_are_right_after_unmake_and_a_different_line() {
    // make reuses the slots unmake leaves behind: a second, different line over them
    // (a capture, castling, a promotion) must not see the first line's sums
    let mut p =
        with_network("r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/1PPBBPPP/R3K2R w KQkq - 0 1");
    let play = |p: &mut Position, line: &[&str]| {
        for text in line {
            let mv = p.parse_uci(text).expect("legal");
            p.make(mv);
            assert_eq!(
                p.nnue_eval(),
                Some(test_network().evaluate_position(p)),
                "{text}"
            );
        }
    };
    play(&mut p, &["e1g1", "e8g8", "b7a8q", "f8a8"]);
    for _ in 0..4 {
        p.undo();
    }
    assert_eq!(p.nnue_eval(), Some(test_network().evaluate_position(&p)));
    play(&mut p, &["e5f7", "e7f7", "e1c1", "h3g2", "b7b8n"]);
}

#[test]
fn a_narrower_older_network_file_loads_and_scores_as_written() {
    // a 768→16 file in the older format (one output layer): the engine fills the other
    // units with zeros, which add nothing, and copies the layer into every bucket
    let net = test_network();
    let narrow = 16;
    let mut bytes = chess::nnue::network::MAGIC_V1.to_vec();
    bytes.extend((INPUTS as u32).to_le_bytes());
    bytes.extend((narrow as u32).to_le_bytes());
    let full = net.to_bytes();
    let header = 22;
    let rows = INPUTS + 3; // first-layer rows, biases, bucket 0's two output rows
    for row in 0..rows {
        let at = header + row * 2 * HIDDEN;
        bytes.extend(&full[at..at + 2 * narrow]);
    }
    let biases = full.len() - 4 * BUCKETS;
    bytes.extend(&full[biases..biases + 4]);
    let small = Network::from_bytes(&bytes).expect("narrow");
    // the same scores as the full network with the other units' output weights zeroed
    let mut cut = full.clone();
    for row in INPUTS + 1..INPUTS + 1 + 2 * BUCKETS {
        let at = header + row * 2 * HIDDEN;
        cut[at + 2 * narrow..at + 2 * HIDDEN].fill(0);
    }
    let cut = Network::from_bytes(&cut).expect("cut");
    for fen in [chess::START_FEN, "8/5pk1/6p1/3P4/1P6/6P1/5PK1/8 b - - 0 40"] {
        let p = Position::parse_fen(fen).expect("valid");
        assert_eq!(
            small.evaluate_position(&p),
            cut.evaluate_position(&p),
            "{fen}"
        );
    }
    assert_eq!(
        small.to_bytes().len(),
        full.len(),
        "written at the engine's shape"
    );
    let mut zero = bytes.clone();
    zero[12..16].copy_from_slice(&0u32.to_le_bytes());
    assert!(Network::from_bytes(&zero).unwrap_err().contains("shape"));
    let mut buckets = full;
    buckets[18..22].copy_from_slice(&3u32.to_le_bytes());
    assert!(Network::from_bytes(&buckets)
        .unwrap_err()
        .contains("buckets"));
}

#[test]
fn the_output_layer_follows_the_number_of_pieces() {
    // a network whose buckets differ only in their output bias: each position scores
    // its own bucket's bias
    let output = vec![0.0f32; BUCKETS * 2 * HIDDEN];
    let biases: Vec<f32> = (0..BUCKETS).map(|b| b as f32 * 0.1).collect();
    let weights = vec![vec![0.0f32; HIDDEN]; INPUTS];
    let net = Network::quantise(&weights, &[0.0; HIDDEN], &output, &biases).expect("shape");
    for (fen, pieces) in [
        (chess::START_FEN, 32),
        ("8/5pk1/6p1/3P4/1P6/6P1/5PK1/8 b - - 0 40", 9),
        ("8/8/4k3/8/8/8/3N4/4K3 w - - 0 1", 3),
    ] {
        let p = Position::parse_fen(fen).expect("valid");
        let bucket = chess::nnue::network::bucket(pieces);
        assert_eq!(bucket, (pieces as usize - 2) / 4);
        assert_eq!(net.evaluate_position(&p), bucket as i32 * 40, "{fen}");
    }
}

#[test]
fn null_moves_keep_the_sums() {
    let mut p = with_network("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let before = p.evaluate();
    p.make_null();
    assert_eq!(p.nnue_eval(), Some(test_network().evaluate_position(&p)));
    let mv = p.parse_uci("f6e4").expect("legal");
    p.make(mv);
    assert_eq!(p.nnue_eval(), Some(test_network().evaluate_position(&p)));
    p.unmake(mv);
    p.unmake_null();
    assert_eq!(p.evaluate(), before);
}

#[test]
fn mirrored_positions_evaluate_the_same() {
    for (fen, mirror) in [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
        ),
        (
            "8/5pk1/6p1/3P4/1P6/6P1/5PK1/8 b - - 0 40",
            "8/5pk1/6p1/1p6/3p4/6P1/5PK1/8 w - - 0 40",
        ),
    ] {
        assert_eq!(
            with_network(fen).evaluate(),
            with_network(mirror).evaluate(),
            "{fen} vs {mirror}"
        );
    }
}

/// The trained networks kept in the repository (sessions 39 and 63) still load and
/// still know material: even at the start, and a queen up (either side to move) clearly
/// winning.
#[test]
fn the_committed_networks_load_and_value_material() {
    for name in [
        "sf-depth1-41m.nnue",
        "chess-gen1-18m.nnue",
        "chess-gen2-8m.nnue",
    ] {
        let path = format!("{}/nets/{name}", env!("CARGO_MANIFEST_DIR"));
        values_material(Network::from_file(&path).expect("the committed network"));
    }
}

/// The network built into the binary is the committed file of its name, parsed once and
/// shared: every caller, and every clone of a position given it, holds the same network
/// rather than a copy.
#[test]
fn the_built_in_network_is_the_committed_file_shared() {
    let (a, b) = (chess::nnue::embedded(), chess::nnue::embedded());
    assert!(Arc::ptr_eq(&a, &b));
    let path = format!(
        "{}/nets/{}",
        env!("CARGO_MANIFEST_DIR"),
        chess::nnue::EMBEDDED_NAME
    );
    let file = Network::from_file(&path).expect("the committed network");
    assert_eq!(a.to_bytes(), file.to_bytes());
    let mut p = Position::start();
    p.set_evaluator(Position::builtin_evaluator());
    let clone = p.clone();
    for held in [p.network(), clone.network()] {
        assert!(Arc::ptr_eq(held.expect("the built-in network"), &a));
    }
}

/// A network read from a file lives as long as a position holds it, and no longer.
#[test]
fn a_loaded_network_is_freed_with_its_last_position() {
    let path = std::env::temp_dir().join(format!("chess-net-{}.nnue", std::process::id()));
    std::fs::write(&path, test_network().to_bytes()).expect("temp file");
    let loaded = Position::load_evaluator(&path);
    let _ = std::fs::remove_file(&path);
    let net = loaded.expect("a network file").expect("a network");
    let weak = Arc::downgrade(&net);
    let mut p = with_network(chess::START_FEN);
    p.set_evaluator(Some(net));
    let searched = p.clone();
    assert_eq!(
        p.nnue_eval(),
        Some(test_network().evaluate_position(&p)),
        "the file's network"
    );
    p.set_evaluator(None);
    assert!(weak.upgrade().is_some(), "the clone still holds it");
    drop(searched);
    assert!(weak.upgrade().is_none(), "freed with the last holder");
    assert_eq!(p.evaluate(), p.eval_white(), "classic again");
}

fn values_material(net: Network) {
    let net = Arc::new(net);
    let eval = |fen: &str| {
        let mut p = Position::parse_fen(fen).expect("valid FEN");
        p.set_network(Some(Arc::clone(&net)));
        p.evaluate()
    };
    // Less than a pawn: the self-taught network learnt the first move's worth from the
    // classic evaluation's search, which gives White 40 cp statically (the network 61).
    let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 100, "start position {start}");
    let white_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert!(eval(&format!("{white_up} w KQkq - 0 1")) > 500);
    assert!(eval(&format!("{white_up} b KQkq - 0 1")) < -500);
}

#[test]
fn the_network_score_gets_endgame_knowledge() {
    // pawns on both sides: no scale or mop-up, only the 50-move damping
    let fresh = with_network("4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 60");
    let raw = fresh.nnue_eval().expect("a network");
    assert_eq!(fresh.evaluate(), raw);
    let late = with_network("4k3/pp6/8/8/8/8/PPP5/4K3 w - - 50 60");
    assert_eq!(late.nnue_eval(), Some(raw));
    assert_eq!(late.evaluate(), raw * 150 / 200);
    // a lone knight cannot win, whatever the network says
    let knight = with_network("8/8/4k3/8/8/8/3N4/4K3 w - - 0 1");
    assert_ne!(knight.nnue_eval(), Some(0));
    assert_eq!(knight.evaluate(), 0);
    // a rook against a bare king in the corner, a known ending: the network's score gives
    // way to the mop-up formula (the rook 500, the bare king's 1000, the corner 30 × 6,
    // kings 4 apart by Manhattan distance 10 × 10)
    let rook = with_network("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    assert!(rook.nnue_eval().is_some());
    assert_eq!(rook.evaluate(), 500 + 1000 + 180 + 100);
}
