//! The evaluation: the tuner's linear model is the engine's evaluation, the evaluation is
//! colour-symmetric, and the endgame knowledge scores the textbook cases.

use chess::Position;
use game::{Game, Trace, Tunable};

fn pos(fen: &str) -> Position {
    Position::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// White's minus Black's count of the weight `name` (`group.element`) in the trace of `p`.
fn feature_count(p: &Position, name: &str) -> i32 {
    let names = Position::weight_names();
    let w = names.iter().position(|n| n == name).expect(name);
    p.trace()
        .entries
        .iter()
        .find(|e| e.index as usize == w)
        .map_or(0, |e| i32::from(e.coeff))
}

/// The tuner's model of a trace: taper the weighted sums, scale the endgame, add the rest.
fn model(trace: &Trace, weights: &[(i32, i32)]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for e in &trace.entries {
        let (wm, we) = weights[e.index as usize];
        mg += f64::from(e.coeff) * f64::from(wm);
        eg += f64::from(e.coeff) * f64::from(we);
    }
    let max = f64::from(Position::MAX_PHASE);
    let phase = f64::from(trace.phase);
    let scale = f64::from(trace.scale) / f64::from(Position::SCALE_ONE);
    (mg * phase + eg * scale * (max - phase)) / max + f64::from(trace.fixed)
}

/// Positions from seeded random playouts (a small xorshift generator keeps them fixed).
fn playout_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start();
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.make(moves.as_slice()[(seed % moves.len() as u64) as usize]);
            out.push(Position::parse_fen(&p.fen()).unwrap());
        }
    }
    out
}

/// The same position with colours swapped and the board mirrored top to bottom.
fn mirror(p: &Position) -> Position {
    let fen = p.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let s = swap_case(fields[2]);
        let mut c: Vec<char> = s.chars().collect();
        c.sort_by_key(|ch| "KQkq".find(*ch));
        c.into_iter().collect()
    };
    let ep = match fields[3].as_bytes() {
        [f, r] => format!("{}{}", *f as char, (b'1' + b'8' - r) as char),
        _ => "-".to_string(),
    };
    pos(&format!(
        "{} {side} {castling} {ep} {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    ))
}

#[test]
fn the_tuners_model_is_the_evaluation() {
    let weights = Position::weights();
    let names = Position::weight_names();
    assert_eq!(names.len(), weights.len());
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "weight names are unique");
    let mut positions = playout_positions(60, 120);
    assert!(positions.len() > 3000);
    // random playouts rarely reach the endgames with special knowledge: add some
    let endgames = [
        "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1",
        "k7/8/8/P7/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/4b3/8/8/3P4/2P5/2B1K3 b - - 0 1",
        "8/8/8/4N3/8/4B3/2K5/k7 w - - 0 1",
        "8/8/8/3k4/8/8/8/R3K3 b - - 0 1",
    ];
    positions.extend(endgames.iter().map(|f| pos(f)));
    let (mut scaled, mut fixed) = (0, 0);
    for p in &positions {
        let trace = p.trace();
        let predicted = model(&trace, &weights);
        let white = p.eval_white();
        assert!(
            (predicted - f64::from(white)).abs() <= 2.0,
            "{p}: evaluation {white}, model {predicted}"
        );
        let mut seen: Vec<u16> = trace.entries.iter().map(|e| e.index).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), trace.entries.len(), "each index at most once");
        scaled += usize::from(trace.scale != Position::SCALE_ONE);
        fixed += usize::from(trace.fixed != 0);
    }
    assert!(
        scaled >= 3 && fixed >= 2,
        "{scaled} scaled, {fixed} with mop-up"
    );
}

#[test]
fn evaluation_is_colour_symmetric_and_explained() {
    for p in playout_positions(20, 100) {
        let m = mirror(&p);
        assert_eq!(p.evaluate(), m.evaluate(), "{p} vs {m}");
        let terms = p.eval_terms();
        assert_eq!(terms.white_score, p.eval_white(), "{p}");
        let explained: i32 = p.explain_eval().iter().map(|t| t.white - t.black).sum();
        // each term is tapered on its own, so rounding may differ by a centipawn per term
        assert!((explained - p.eval_white()).abs() <= 12, "{p}: {explained}");
    }
}

#[test]
fn pawn_structure_terms() {
    let score = |fen: &str| pos(fen).eval_white();
    // a protected passer on the sixth beats the same pawn blocked by an enemy pawn, by
    // more than half a pawn even though the blocker is a pawn of Black's as well
    let passer = score("4k3/8/3P4/2P5/8/8/8/4K3 w - - 0 1");
    let blocked = score("4k3/3p4/3P4/2P5/8/8/8/4K3 w - - 0 1") + 50;
    assert!(passer > blocked, "{passer} vs {blocked}");
    // doubled isolated pawns are worth less than two healthy ones
    let healthy = score("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1");
    let doubled = score("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
    assert!(healthy > doubled + 20, "{healthy} vs {doubled}");
    // the rule of the square: the black king cannot catch the a-pawn
    let runs = score("8/8/P7/4k3/8/8/8/4K3 w - - 0 1");
    let caught = score("8/2k5/P7/8/8/8/8/4K3 w - - 0 1");
    assert!(runs > caught + 200, "{runs} vs {caught}");
}

#[test]
fn pieces_king_safety_and_threats() {
    let score = |fen: &str| pos(fen).eval_white();
    // the bishop pair: worth more in the pieces term than bishop and knight on the same
    // squares (the whole score also holds piece-square values, which tuning moves)
    let pieces = |fen: &str| {
        let terms = pos(fen).eval_terms();
        let t = terms.terms.iter().find(|t| t.0 == "pieces");
        t.map_or(0, |t| t.1.mg + t.1.eg)
    };
    let pair = pieces("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1");
    let mixed = pieces("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KN2 w - - 0 1");
    assert!(pair > mixed, "{pair} vs {mixed}");
    // a rook on the open file
    let open = score("4k3/ppp2ppp/8/8/8/8/PPP2PPP/3RK3 w - - 0 1");
    let closed = score("4k3/ppp2ppp/8/8/8/8/PPP2PPP/R3K3 w - - 0 1");
    assert!(open > closed, "{open} vs {closed}");
    // a pawn attacking a knight is a threat for the side that owns the pawn
    let terms = pos("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1").eval_terms();
    let threats = terms
        .terms
        .iter()
        .find(|t| t.0 == "threats")
        .expect("threats term");
    assert!(threats.1.mg > 0 && threats.2.mg == 0, "{threats:?}");
    // with the pieces on, a king behind its pawn shield is safer than one with open files
    // (king safety is a middlegame term: in a rook ending the tuned shield is worth ~0)
    let sheltered = score("rnbq1rk1/5ppp/8/8/8/8/5PPP/RNBQ1RK1 w - - 0 1");
    let exposed = score("rnbq1rk1/5ppp/8/8/8/8/PPP5/RNBQ1RK1 w - - 0 1");
    assert!(sheltered > exposed + 30, "{sheltered} vs {exposed}");
}

#[test]
fn endgame_knowledge() {
    let score = |fen: &str| pos(fen).eval_white();
    // a lone minor piece or two knights cannot win
    // (only the endgame part is scaled: the little midgame weight left stays)
    let rook = score("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert!(score("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 50);
    assert!(score("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1").abs() < 100);
    assert!(rook > 400, "{rook}");
    // rook pawn with the wrong bishop and the king in the corner: a draw; the right bishop wins
    let wrong = score("k7/8/8/P7/8/8/8/2B1K3 w - - 0 1");
    let right = score("k7/8/8/P7/8/8/8/1B2K3 w - - 0 1");
    assert!(wrong.abs() < 50 && right > 300, "{wrong} vs {right}");
    // opposite-coloured bishops shrink a pawn-up endgame
    let opposite = score("4k3/8/4b3/8/8/3P4/2P5/2B1K3 w - - 0 1");
    let same = score("4k3/8/3b4/8/8/3P4/2P5/2B1K3 w - - 0 1");
    assert!(opposite < same, "{opposite} vs {same}");
    // KBN-K: with a dark-squared bishop, the bare king belongs in a1 or h8, not a8
    let dark_corner = score("8/8/8/4N3/8/4B3/2K5/k7 w - - 0 1");
    let light_corner = score("k7/2K5/3B4/8/4N3/8/8/8 w - - 0 1");
    assert!(
        dark_corner > light_corner + 50,
        "{dark_corner} vs {light_corner}"
    );
}

#[test]
fn king_danger_is_the_square_of_the_attack() {
    let count = |p: &Position| feature_count(p, "king.danger.squared_units");
    assert_eq!(count(&Position::start()), 0);
    // queen and knight on the castled king: zone attacks and safe checks
    let two = pos("r1b2rk1/pp3ppp/2n5/6NQ/8/8/PPP2PPP/R5K1 w - - 0 1");
    // a rook lifted to f3 joins them
    let three = pos("r1b2rk1/pp3ppp/2n5/6NQ/8/5R2/PPP2PPP/6K1 w - - 0 1");
    let (c2, c3) = (count(&two), count(&three));
    assert!(c2 > 0, "{c2}");
    assert_eq!(count(&mirror(&two)), -c2);
    // the feature is the square of the attack units (24 units: 24²/64 = 9): the rook's six
    // units, worth 0 on their own (6²/64), add 5 on top of the others' 24
    assert_eq!((c2, c3), (9, 14));
}

#[test]
fn pawn_push_and_minor_threats() {
    let count = |fen: &str, name: &str| feature_count(&pos(fen), name);
    let push = "threat.pawn_push.safe";
    // e4-e5 would fork the knights on d6 and f6; the e5 square is safe
    assert_eq!(count("4k3/8/3n1n2/8/4P3/8/8/4K3 w - - 0 1", push), 2);
    // a black pawn on d6 guards e5: the push is not safe
    assert_eq!(count("4k3/8/3p1n2/8/4P3/8/8/4K3 w - - 0 1", push), 0);
    // the double step from the second rank counts, a blocked pawn does not
    assert_eq!(count("4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1", push), 1);
    assert_eq!(count("4k3/8/8/3n4/8/4b3/4P3/4K3 w - - 0 1", push), 0);
    let minor = "threat.minor_on_minor.unprotected";
    // the bishop on b5 attacks the knight on c6; a pawn on b7 protecting it takes that away
    assert_eq!(count("4k3/8/2n5/1B6/8/8/8/4K3 w - - 0 1", minor), 1);
    assert_eq!(count("4k3/1p6/2n5/1B6/8/8/8/4K3 w - - 0 1", minor), 0);
}

#[test]
fn classical_piece_terms() {
    let count = |fen: &str, name: &str| feature_count(&pos(fen), name);
    // the dark-squared bishop on c1 shares its colour with the pawns on b2 and d2
    let fen = "4k3/8/8/8/8/8/PPPP4/2B1K3 w - - 0 1";
    assert_eq!(count(fen, "piece.extra.bishop_pawns"), 2);
    // a knight behind a pawn, and the knight's distance from its king
    let fen = "4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1";
    assert_eq!(count(fen, "piece.extra.minor_behind_pawn"), 1);
    assert_eq!(count(fen, "piece.extra.knight_king_distance"), 2);
    // a rook on the enemy queen's file, and Black's mirror image of it
    assert_eq!(
        count(
            "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1",
            "piece.extra.rook_queen_file"
        ),
        1
    );
    assert_eq!(
        count(
            "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "piece.extra.rook_queen_file"
        ),
        -1
    );
    // a bishop on the long diagonal sees d4 and e5; a pawn on c3 blinds it
    let diagonal = "piece.extra.bishop_long_diagonal";
    assert_eq!(count("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", diagonal), 1);
    assert_eq!(count("4k3/8/8/8/8/2P5/1B6/4K3 w - - 0 1", diagonal), 0);
}

#[test]
fn pawn_storm_counts_the_nearest_enemy_pawn_per_file() {
    let count = |fen: &str, name: &str| feature_count(&pos(fen), name);
    // White's king on g1; Black's g-pawn on g4 (White's fourth rank, index r4) storms it
    let fen = "6k1/5p1p/8/8/6p1/8/5P1P/6K1 w - - 0 1";
    assert_eq!(count(fen, "king.storm.r4"), 1);
    // Black's f7 and h7 pawns are on White's seventh rank: storming White, and Black's
    // own king sees White's f2 and h2 on its seventh rank the same way, so they cancel
    assert_eq!(count(fen, "king.storm.r7"), 0);
    // a white pawn on g3 stops the g4 pawn head-on: blocked, not storming
    let fen = "6k1/5p1p/8/8/6p1/6P1/5P1P/6K1 w - - 0 1";
    assert_eq!(count(fen, "king.storm.r4"), 0);
    assert_eq!(count(fen, "king.storm_blocked.r4"), 1);
    // pawns behind the king, or on files away from it, do not storm
    assert_eq!(count("7k/8/8/8/8/4K3/3p4/8 w - - 0 1", "king.storm.r2"), 0);
    assert_eq!(count("4k3/8/8/8/p7/8/8/6K1 w - - 0 1", "king.storm.r4"), 0);
}
