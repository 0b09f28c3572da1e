//! The evaluation's weight groups: their names, their offsets into one flat weight table,
//! and that table. Every feature the evaluation scores is one index into [`W`], so the
//! evaluation and its trace (for the tuner) cannot disagree about which weight is used.

use super::weights as w;

/// How the elements of a group are named.
pub(crate) enum Elements {
    /// Listed one by one.
    Names(&'static [&'static str]),
    /// One per square in the order of the published tables: a8, b8, …, h1.
    Squares,
    /// One per relative rank: r1 … r8.
    Ranks,
    /// One per count: n0, n1, …
    Counts,
}

/// One constant of `weights.rs`.
pub(crate) struct Group {
    /// The group's name; weights are called `name.element`.
    pub(crate) name: &'static str,
    /// The evaluation term it belongs to in `chariot eval`.
    pub(crate) term: &'static str,
    /// Its weights.
    pub(crate) weights: &'static [(i32, i32)],
    /// Its element names.
    pub(crate) elements: Elements,
}

const KINDS: Elements = Elements::Names(&["pawn", "knight", "bishop", "rook", "queen", "king"]);

macro_rules! groups {
    ($($id:ident: $name:literal, $term:literal, $elements:expr;)*) => {
        #[derive(Clone, Copy)]
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Id { $($id,)* }
        /// Every group, in the order of the flat table.
        pub(crate) const GROUPS: &[Group] = &[$(Group {
            name: $name,
            term: $term,
            weights: &w::$id,
            elements: $elements,
        },)*];
        $(
            #[doc = concat!("Offset of `", $name, "` in the flat table.")]
            pub(crate) const $id: usize = offset(Id::$id as usize);
        )*
    };
}

groups! {
    MATERIAL: "material", "material", KINDS;
    PST_PAWN: "pst.pawn", "piece-square", Elements::Squares;
    PST_KNIGHT: "pst.knight", "piece-square", Elements::Squares;
    PST_BISHOP: "pst.bishop", "piece-square", Elements::Squares;
    PST_ROOK: "pst.rook", "piece-square", Elements::Squares;
    PST_QUEEN: "pst.queen", "piece-square", Elements::Squares;
    PST_KING: "pst.king", "piece-square", Elements::Squares;
    PAWN_PASSED: "pawn.passed", "passed pawns", Elements::Ranks;
    PAWN_PASSED_KING: "pawn.passed_king", "passed pawns",
        Elements::Names(&["own_distance", "their_distance"]);
    PAWN_PASSED_ROOK: "pawn.passed_rook", "passed pawns",
        Elements::Names(&["own_behind", "their_behind"]);
    PAWN_PASSED_FREE: "pawn.passed_free", "passed pawns", Elements::Ranks;
    PAWN_PASSED_SAFE_STOP: "pawn.passed_safe_stop", "passed pawns", Elements::Ranks;
    PAWN_PASSED_BLOCKED: "pawn.passed_blocked", "passed pawns", Elements::Ranks;
    PAWN_RACE: "pawn.race", "passed pawns", Elements::Names(&["unstoppable"]);
    PAWN_STRUCTURE: "pawn.structure", "pawn structure",
        Elements::Names(&["isolated", "doubled", "backward"]);
    PAWN_WEAK: "pawn.weak", "pawn structure",
        Elements::Names(&["weak_unopposed", "blocked_rank5", "blocked_rank6"]);
    PAWN_CONNECTED: "pawn.connected", "pawn structure", Elements::Ranks;
    PAWN_PHALANX: "pawn.phalanx", "pawn structure", Elements::Ranks;
    MOBILITY_KNIGHT: "mobility.knight", "mobility", Elements::Counts;
    MOBILITY_BISHOP: "mobility.bishop", "mobility", Elements::Counts;
    MOBILITY_ROOK: "mobility.rook", "mobility", Elements::Counts;
    MOBILITY_QUEEN: "mobility.queen", "mobility", Elements::Counts;
    KING_SHELTER: "king.shelter", "king safety",
        Elements::Names(&["shield_rank2", "shield_rank3", "semi_open_file", "open_file"]);
    KING_STORM: "king.storm", "king safety", Elements::Ranks;
    KING_STORM_BLOCKED: "king.storm_blocked", "king safety", Elements::Ranks;
    KING_ATTACK: "king.attack", "king safety",
        Elements::Names(&["knight", "bishop", "rook", "queen"]);
    KING_ATTACKERS: "king.attackers", "king safety", Elements::Counts;
    KING_WEAK_RING: "king.weak_ring", "king safety", Elements::Names(&["squares"]);
    KING_DANGER: "king.danger", "king safety",
        Elements::Names(&["squared_units", "squared_units_queenless"]);
    KING_DANGER_SF: "king.danger_sf", "king safety",
        Elements::Names(&["squared", "linear"]);
    KING_FLANK: "king.flank", "king safety",
        Elements::Names(&["attacks", "defenders", "pawnless"]);
    KING_SAFE_CHECK: "king.safe_check", "king safety",
        Elements::Names(&["knight", "bishop", "rook", "queen"]);
    KING_PAWN_DISTANCE: "king.pawn_distance", "king activity",
        Elements::Names(&["own", "theirs"]);
    PIECE_BONUS: "piece.bonus", "pieces", Elements::Names(&[
        "bishop_pair", "rook_open_file", "rook_semi_open_file", "rook_seventh",
        "knight_outpost", "bishop_outpost", "knight_pawn_protected", "bishop_pawn_protected",
    ]);
    PIECE_EXTRA: "piece.extra", "pieces", Elements::Names(&[
        "bishop_pawns", "minor_behind_pawn", "knight_king_distance", "bishop_king_distance",
        "rook_queen_file", "bishop_long_diagonal",
    ]);
    THREAT_BY_PAWN: "threat.by_pawn", "threats",
        Elements::Names(&["knight", "bishop", "rook", "queen"]);
    THREAT_BY_MINOR: "threat.by_minor", "threats", Elements::Names(&["rook", "queen"]);
    THREAT_BY_ROOK: "threat.by_rook", "threats", Elements::Names(&["queen"]);
    THREAT_HANGING: "threat.hanging", "threats",
        Elements::Names(&["pawn", "knight", "bishop", "rook", "queen"]);
    THREAT_MINOR_ON_MINOR: "threat.minor_on_minor", "threats", Elements::Names(&["unprotected"]);
    THREAT_PAWN_PUSH: "threat.pawn_push", "threats", Elements::Names(&["safe"]);
    THREAT_EXTRA: "threat.extra", "threats",
        Elements::Names(&["by_king", "by_major_on_defended", "weak_pawn"]);
    THREAT_QUEEN: "threat.queen", "threats", Elements::Names(&[
        "knight_on_queen", "slider_on_queen", "weak_queen_protection", "restricted",
    ]);
    SPACE: "space", "space", Elements::Names(&["weighted_squares"]);
    WINNABLE: "winnable", "winnability", Elements::Names(&[
        "passed", "pawns", "outflanking", "both_flanks", "infiltration", "pawns_only",
        "almost_unwinnable", "base",
    ]);
    MISC: "misc", "tempo", Elements::Names(&["tempo"]);
}

// `material_and_squares` reaches piece kind k's table at `PST_PAWN + 64 * k`.
const _: () = assert!(
    PST_KNIGHT == PST_PAWN + 64
        && PST_BISHOP == PST_PAWN + 128
        && PST_ROOK == PST_PAWN + 192
        && PST_QUEEN == PST_PAWN + 256
        && PST_KING == PST_PAWN + 320
        && PAWN_PASSED == PST_PAWN + 384
);

/// Where group `g` starts in the flat table.
const fn offset(g: usize) -> usize {
    let mut sum = 0;
    let mut i = 0;
    while i < g {
        sum += GROUPS[i].weights.len();
        i += 1;
    }
    sum
}

/// Number of weights.
pub(crate) const N: usize = offset(GROUPS.len());

/// Named elements inside groups (indices relative to the group's offset).
pub(crate) mod at {
    pub(crate) const ISOLATED: usize = 0;
    pub(crate) const DOUBLED: usize = 1;
    pub(crate) const BACKWARD: usize = 2;
    pub(crate) const SHIELD_RANK2: usize = 0;
    pub(crate) const SHIELD_RANK3: usize = 1;
    pub(crate) const SEMI_OPEN_FILE: usize = 2;
    pub(crate) const OPEN_FILE: usize = 3;
    pub(crate) const BISHOP_PAIR: usize = 0;
    pub(crate) const ROOK_OPEN: usize = 1;
    pub(crate) const ROOK_SEMI_OPEN: usize = 2;
    pub(crate) const ROOK_SEVENTH: usize = 3;
    pub(crate) const OUTPOST: usize = 4;
    pub(crate) const PAWN_PROTECTED: usize = 6;
}

const fn flatten() -> [(i32, i32); N] {
    let mut table = [(0, 0); N];
    let (mut g, mut k) = (0, 0);
    while g < GROUPS.len() {
        let mut i = 0;
        while i < GROUPS[g].weights.len() {
            table[k] = GROUPS[g].weights[i];
            k += 1;
            i += 1;
        }
        g += 1;
    }
    table
}

/// All weights in one table, indexed by feature.
pub(crate) static W: [(i32, i32); N] = flatten();

/// The tuner's names: `group.element` for every weight, in table order.
pub(crate) fn names() -> Vec<String> {
    let mut out = Vec::with_capacity(N);
    for g in GROUPS {
        for i in 0..g.weights.len() {
            let element = match g.elements {
                Elements::Names(list) => {
                    list.get(i).map_or_else(|| i.to_string(), |s| s.to_string())
                }
                Elements::Squares => format!("{}{}", (b'a' + (i % 8) as u8) as char, 8 - i / 8),
                Elements::Ranks => format!("r{}", i + 1),
                Elements::Counts => format!("n{i}"),
            };
            out.push(format!("{}.{element}", g.name));
        }
    }
    out
}

/// The `chariot eval` term of weight `index`.
pub(crate) fn term_of(index: usize) -> &'static str {
    let mut start = 0;
    for g in GROUPS {
        if index < start + g.weights.len() {
            return g.term;
        }
        start += g.weights.len();
    }
    "other"
}
