//! Tests of the evaluation terms: each builds positions that differ in one feature.

use super::*;
use game::{Game, Tunable};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Red's share minus Black's share of a `chariot eval` row.
fn row(p: &Position, name: &str) -> i32 {
    let t = explain(p);
    let r = t
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no row {name}"));
    r.white - r.black
}

/// Red's count minus Black's count of a weight, by name.
fn coeff(p: &Position, name: &str) -> i32 {
    let names = Position::weight_names();
    let i = names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no weight {name}"));
    p.trace()
        .entries
        .iter()
        .find(|e| e.index as usize == i)
        .map_or(0, |e| e.coeff as i32)
}

#[test]
fn weight_names_are_unique_and_match_the_values() {
    let names = Position::weight_names();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len());
    assert_eq!(names.len(), Position::weights().len());
    assert!(names.contains(&"pst.soldier.r8f4".to_string()));
    assert!(names.contains(&"material.chariot".to_string()));
}

#[test]
fn weights_file_has_the_form_the_tuner_writes() {
    // `chariot tune` groups weights by the name before the last `.` and writes one
    // `pub const GROUP: [(i32, i32); N]` per group, in name order.
    let source = include_str!("weights.rs");
    let names = Position::weight_names();
    let mut groups: Vec<(String, usize)> = Vec::new();
    for name in &names {
        let (group, _) = name.rsplit_once('.').expect("group.element");
        match groups.last_mut() {
            Some((g, n)) if g == group => *n += 1,
            _ => groups.push((group.to_string(), 1)),
        }
    }
    let mut at = 0;
    for (group, n) in groups {
        let decl = format!(
            "pub const {}: [(i32, i32); {n}]",
            group.to_uppercase().replace('.', "_")
        );
        let found = source[at..].find(&decl).unwrap_or_else(|| panic!("{decl}"));
        at += found + decl.len();
    }
}

#[test]
fn start_position_is_symmetric() {
    let red = pos(crate::START_FEN);
    let black = pos(&crate::START_FEN.replace(" w ", " b "));
    assert_eq!(red.evaluate(), black.evaluate());
    for t in explain(&red) {
        if t.name != "tempo" {
            assert_eq!(t.white, t.black, "{}", t.name);
        }
    }
}

#[test]
fn central_cannon_scores_king_file_pressure() {
    // Red's cannon on e2 facing the black general with two screens (central cannon),
    // against the same cannon moved to the h-file.
    let central = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    let side = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 1 1");
    assert_eq!(coeff(&central, "cannon_king_file.two_screens"), 1);
    assert_eq!(coeff(&side, "cannon_king_file.two_screens"), 0);
    assert!(row(&central, "king file pressure") > row(&side, "king file pressure"));
    // A hollow cannon (nothing between it and the general) counts more than a screened one.
    let hollow = pos("3k5/9/9/9/9/9/9/4C4/9/5K3 w - - 0 1");
    assert_eq!(coeff(&hollow, "cannon_king_file.hollow"), 0);
    let hollow = pos("4k4/9/9/9/9/9/9/4C4/9/5K3 w - - 0 1");
    assert_eq!(coeff(&hollow, "cannon_king_file.hollow"), 1);
}

#[test]
fn iron_bolt_needs_chariot_and_cannon_on_the_king_file() {
    let bolt = pos("4k4/9/9/9/9/9/9/4C4/4R4/5K3 w - - 0 1");
    let no_bolt = pos("4k4/9/9/9/9/9/9/4C4/3R5/5K3 w - - 0 1");
    assert_eq!(coeff(&bolt, "iron_bolt.value"), 1);
    assert_eq!(coeff(&no_bolt, "iron_bolt.value"), 0);
}

#[test]
fn blocked_horse_leg_lowers_mobility() {
    // The red horse on e3 with the leg e4 free, then blocked by a red soldier (two moves cut).
    let free = pos("3k5/9/9/9/9/9/4N4/9/9/5K3 w - - 0 1");
    let blocked = pos("3k5/9/9/9/9/4P4/4N4/9/9/5K3 w - - 0 1");
    assert_eq!(coeff(&free, "horse_blocked_leg.value"), 0);
    assert_eq!(coeff(&blocked, "horse_blocked_leg.value"), 2);
    assert_eq!(coeff(&free, "mobility.horse.8"), 1);
    assert_eq!(coeff(&blocked, "mobility.horse.6"), 1);
    assert!(row(&free, "mobility") > row(&blocked, "mobility"));
}

#[test]
fn missing_advisors_cost_more_against_chariots() {
    let full = pos("3akab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    let missing = pos("4kab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    assert_eq!(coeff(&full, "missing_advisor_vs.chariot"), 0);
    // Black misses one advisor against one red chariot: Red's coefficient goes negative.
    assert_eq!(coeff(&missing, "missing_advisor_vs.chariot"), -1);
    assert!(row(&missing, "missing defenders") > row(&full, "missing defenders"));
}

#[test]
fn soldiers_gain_across_the_river_and_when_connected() {
    let home = pos("3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1");
    let across = pos("3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1");
    assert!(across.evaluate() > home.evaluate() + 40);
    let apart = pos("3k5/9/9/9/2P1P4/9/9/9/9/5K3 w - - 0 1");
    let pair = pos("3k5/9/9/9/3PP4/9/9/9/9/5K3 w - - 0 1");
    assert_eq!(coeff(&apart, "soldier_connected.value"), 0);
    assert_eq!(coeff(&pair, "soldier_connected.value"), 2);
}

#[test]
fn open_file_and_hanging_pieces_are_seen() {
    // The red chariot on a0 sees an open file; the black horse on a7 closes it and is hanging.
    let open = pos("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    let hit = pos("3k5/9/n8/9/9/9/9/9/9/R3K4 w - - 0 1");
    assert_eq!(coeff(&open, "chariot_open_file.value"), 1);
    assert_eq!(coeff(&hit, "chariot_half_open_file.value"), 1);
    assert_eq!(coeff(&hit, "threat_hanging.value"), 1);
    // A soldier attacking a chariot: a threat by a lesser piece.
    let lesser = pos("3k5/9/9/9/4r4/4P4/9/9/9/5K3 w - - 0 1");
    assert_eq!(coeff(&lesser, "threat_by_lesser.chariot"), 1);
}

#[test]
fn cannon_loses_and_horse_gains_as_the_board_empties() {
    let names = Position::weight_names();
    let i = names
        .iter()
        .position(|n| n == "cannon_crowd.value")
        .unwrap();
    let full = pos(crate::START_FEN);
    let entry = full
        .trace()
        .entries
        .iter()
        .find(|e| e.index as usize == i)
        .copied();
    // Symmetric: no net coefficient at the start; one red cannon alone counts its pieces.
    assert!(entry.is_none());
    let lone = pos("3k5/9/9/9/9/9/9/4C4/4A4/3AK4 w - - 0 1");
    assert_eq!(coeff(&lone, "cannon_crowd.value"), 3);
    let crowded = pos("3k5/4a4/3a5/2p1p1p2/9/9/2P1P1P2/4C4/4A4/3AK4 w - - 0 1");
    assert_eq!(coeff(&crowded, "cannon_crowd.value"), 11);
}

#[test]
fn drawish_material_is_scaled_down() {
    // A lone horse against full defenders; a lone chariot against full defenders.
    let horse = pos("2bakab2/9/9/9/9/9/9/9/4N4/3K5 w - - 0 1");
    assert_eq!(horse.trace().scale, SCALE_ONE / 8);
    let chariot = pos("2bakab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    assert_eq!(chariot.trace().scale, SCALE_ONE / 4);
    let no_attackers = pos("2bakab2/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    assert_eq!(no_attackers.trace().scale, 0);
    let winning = pos("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    assert_eq!(winning.trace().scale, SCALE_ONE);
    // The lone chariot scores far less against full defenders than against a bare general.
    assert!(chariot.evaluate() < winning.evaluate() - 300);
}

/// Plays `plies` pseudo-random legal moves from the start with a small LCG.
fn playout(seed: u64, plies: usize) -> Vec<Position> {
    let mut state = seed;
    let mut p = pos(crate::START_FEN);
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves.as_slice()[(state >> 33) as usize % moves.len()];
        p.make(mv);
        out.push(p.clone());
    }
    out
}

#[test]
fn evaluation_equals_the_trace_formula() {
    let weights = Position::weights();
    let mut checked = 0;
    for seed in 0..40 {
        for p in playout(seed, 150) {
            let t = p.trace();
            let (mut mg, mut eg) = (0i64, 0i64);
            for e in &t.entries {
                let (wm, we) = weights[e.index as usize];
                mg += wm as i64 * e.coeff as i64;
                eg += we as i64 * e.coeff as i64;
            }
            let phase = t.phase as f64;
            let max = Position::MAX_PHASE as f64;
            let eg = eg as f64 * t.scale as f64 / Position::SCALE_ONE as f64;
            let expected = (mg as f64 * phase + eg * (max - phase)) / max + t.fixed as f64;
            let red = match p.side_to_move() {
                Side::White => p.evaluate(),
                Side::Black => -p.evaluate(),
            };
            assert!(
                (red as f64 - expected).abs() <= 2.0,
                "{}: eval {red}, trace {expected}",
                p.to_fen()
            );
            checked += 1;
        }
    }
    assert!(checked > 4000, "{checked}");
}

#[test]
fn explained_rows_add_up_to_the_total() {
    for p in playout(7, 120) {
        let sum: i32 = explain(&p).iter().map(|t| t.white - t.black).sum();
        let red = evaluate_red(&p);
        assert!(
            (sum - red).abs() <= 20,
            "{}: rows {sum}, total {red}",
            p.to_fen()
        );
    }
}
