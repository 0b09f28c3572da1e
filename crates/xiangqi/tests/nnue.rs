//! The xiangqi network: sums kept through make/unmake (captures and null moves included)
//! equal sums computed afresh, a network set mid-game serves every earlier ply, the two
//! colours see the board alike, and files of another game, truncated or not Chariot's are
//! refused with a reason.

use game::{Game, MoveList};
use std::sync::{Arc, OnceLock};
use xiangqi::nnue::{Network, HIDDEN, INPUTS};
use xiangqi::Position;

/// A seeded random network written to bytes and read back (its values mean nothing; its
/// sums must still be kept exactly).
fn test_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    Arc::clone(NET.get_or_init(|| {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
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
        let output: Vec<f32> = (0..8 * 2 * HIDDEN).map(|_| next() * 0.5).collect();
        let bias: Vec<f32> = (0..8).map(|_| next() * 0.1).collect();
        let net = Network::quantise(&weights, &biases, &output, &bias).expect("the shape");
        let again = Network::from_bytes(&net.to_bytes()).expect("its own bytes load");
        Arc::new(again)
    }))
}

/// A fresh evaluation of `pos` from its pieces, without kept sums.
fn fresh(pos: &Position) -> i32 {
    test_network().evaluate_position(pos)
}

/// The legal moves of `pos`.
fn legal(pos: &Position) -> Vec<xiangqi::Move> {
    let mut list = MoveList::new();
    pos.generate(&mut list);
    list.iter().copied().filter(|&m| pos.is_legal(m)).collect()
}

/// Random games (captures preferred, so that pieces come off) made and then unmade: the
/// kept sums give the fresh evaluation at every ply, both ways.
#[test]
fn kept_sums_equal_fresh_ones_through_make_and_unmake() {
    let mut pos = Position::start();
    pos.set_network(Some(test_network()));
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut captures = 0;
    for _game in 0..6 {
        let mut line = Vec::new();
        for _ply in 0..60 {
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let takes: Vec<_> = moves.iter().filter(|&&m| pos.is_capture(m)).collect();
            let mv = if !takes.is_empty() && rng.is_multiple_of(3) {
                *takes[(rng >> 8) as usize % takes.len()]
            } else {
                moves[(rng >> 8) as usize % moves.len()]
            };
            captures += usize::from(pos.is_capture(mv));
            pos.make(mv);
            line.push(Some(mv));
            assert_eq!(pos.nnue_eval(), Some(fresh(&pos)), "{}", pos.to_fen());
            if !pos.in_check() && rng.is_multiple_of(7) {
                pos.make_null();
                line.push(None);
                assert_eq!(pos.nnue_eval(), Some(fresh(&pos)), "null: {}", pos.to_fen());
            }
        }
        // unmake half the line, so the next game reuses the stale slots
        for _ in 0..line.len() / 2 {
            match line.pop().flatten() {
                Some(mv) => pos.unmake(mv),
                None => pos.unmake_null(),
            }
            assert_eq!(pos.nnue_eval(), Some(fresh(&pos)), "{}", pos.to_fen());
        }
    }
    assert!(captures > 20, "only {captures} captures");
    assert_eq!(pos.evaluate(), fresh(&pos), "the search's evaluation");
}

#[test]
fn a_network_set_mid_game_serves_every_earlier_ply() {
    let mut pos = Position::start();
    let mut line = Vec::new();
    for text in ["h2e2", "h9g7", "e2e6", "i9h9", "b0c2", "c6c5"] {
        let mv = pos
            .parse_move(text, game::MoveStyle::Coord)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(mv);
        line.push(mv);
    }
    pos.make_null();
    assert_eq!(pos.nnue_eval(), None, "no network yet");
    let classic = pos.evaluate();
    pos.set_network(Some(test_network()));
    assert_ne!(
        pos.evaluate(),
        classic,
        "a random network is not the classic score"
    );
    pos.unmake_null();
    while let Some(mv) = line.pop() {
        assert_eq!(pos.nnue_eval(), Some(fresh(&pos)), "{}", pos.to_fen());
        pos.unmake(mv);
    }
    assert_eq!(pos.nnue_eval(), Some(fresh(&pos)));
    pos.set_evaluator(None);
    assert_eq!(pos.nnue_eval(), None, "classic again");
}

/// A position and its colour mirror (ranks flipped, colours and side to move swapped)
/// look the same to the side to move, so they evaluate the same.
#[test]
fn both_colours_see_the_board_alike() {
    let mirror = |fen: &str| {
        let mut fields = fen.split(' ');
        let board = fields.next().expect("a board");
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        format!("{} {side} - - 0 1", ranks.join("/"))
    };
    for fen in [
        xiangqi::START_FEN,
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 3",
        "4k4/4a4/9/9/2c6/9/9/9/4A4/3K1R3 w - - 0 1",
    ] {
        let (a, b) = (
            Position::from_fen(fen).expect("valid"),
            Position::from_fen(&mirror(fen)).expect("valid mirror"),
        );
        assert_eq!(fresh(&a), fresh(&b), "{fen} vs {}", mirror(fen));
    }
    let start = Position::start();
    let (us, them) = xiangqi::nnue::features(&start);
    assert_eq!((us.len(), them.len()), (32, 32));
    let (mut us, mut them) = (us, them);
    us.sort_unstable();
    them.sort_unstable();
    assert_eq!(us, them, "the start is symmetric");
}

#[test]
fn other_games_truncated_and_foreign_files_are_refused_with_a_reason() {
    let good = test_network().to_bytes();
    assert_eq!(&good[..10], b"CHARNN04\x02\x00", "xiangqi, clipped ReLU");
    let mut chess = good.clone();
    chess[8] = 1;
    assert_eq!(
        Network::from_bytes(&chess).unwrap_err(),
        "this is a chess network, not xiangqi"
    );
    // the older formats are chess's alone
    let mut old = b"CHARNN02".to_vec();
    old.extend_from_slice(&good[10..]);
    assert_eq!(
        Network::from_bytes(&old).unwrap_err(),
        "this is a chess network, not xiangqi"
    );
    for len in [0, 5, 9, 21, 22, good.len() / 2, good.len() - 1] {
        let err = Network::from_bytes(&good[..len]).unwrap_err();
        assert!(err.contains("truncated"), "{len} bytes: {err}");
    }
    let mut magic = good.clone();
    magic[0] = b'X';
    assert!(Network::from_bytes(&magic)
        .unwrap_err()
        .contains("bad magic"));
    let mut long = good;
    long.push(0);
    assert!(Network::from_bytes(&long).unwrap_err().contains("after"));
    let err =
        <Position as Game>::load_evaluator(std::path::Path::new("/no/such.nnue")).unwrap_err();
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn a_network_file_loads_as_the_evaluator() {
    let path = std::env::temp_dir().join(format!("xiangqi-net-{}.nnue", std::process::id()));
    std::fs::write(&path, test_network().to_bytes()).expect("temp file");
    let loaded = <Position as Game>::load_evaluator(&path);
    let _ = std::fs::remove_file(&path);
    let net = loaded.expect("a network file").expect("a network");
    let mut pos = Position::start();
    assert!(pos.evaluator_note().is_none());
    let classic = pos.evaluate();
    pos.set_evaluator(Some(net));
    assert_eq!(pos.evaluate(), fresh(&pos));
    assert_ne!(pos.evaluate(), classic);
    let note = pos.evaluator_note().expect("a note for a network");
    assert!(
        note.contains("(EvalFile)"),
        "a loaded file is not the built-in: {note}"
    );
}

/// The network built into the binary is the committed file of its name, parsed once and
/// shared; it is the engine's evaluator and name (`EvalFile`'s default), and positions
/// given it evaluate with it: its scores, not the classic evaluation's.
#[test]
fn the_built_in_network_is_the_committed_file_and_the_default() {
    use xiangqi::nnue::{embedded, EMBEDDED_NAME};
    let (a, b) = (embedded(), embedded());
    assert!(Arc::ptr_eq(&a, &b));
    let path = format!("{}/nets/{EMBEDDED_NAME}", env!("CARGO_MANIFEST_DIR"));
    let file = Network::from_file(&path).expect("the committed network");
    assert_eq!(a.to_bytes(), file.to_bytes());
    assert_eq!(<Position as Game>::builtin_evaluator_name(), EMBEDDED_NAME);
    let builtin = <Position as Game>::builtin_evaluator().expect("a network built in");
    assert!(Arc::ptr_eq(&builtin, &a));
    let fens = [
        xiangqi::START_FEN,
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 b - - 0 1",
        "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
    ];
    let mut differ = 0;
    for fen in fens {
        let mut pos = Position::from_fen(fen).expect(fen);
        let classic = pos.evaluate();
        pos.set_evaluator(<Position as Game>::builtin_evaluator());
        let clone = pos.clone();
        assert!(Arc::ptr_eq(clone.network().expect("kept by clones"), &a));
        assert_eq!(pos.evaluate(), a.evaluate_position(&pos), "{fen}");
        differ += usize::from(pos.evaluate() != classic);
        let note = pos.evaluator_note().expect("a note for a network");
        assert!(note.contains(EMBEDDED_NAME), "{fen}: {note}");
    }
    assert!(
        differ >= 2,
        "the network scores like the classic evaluation"
    );
}
