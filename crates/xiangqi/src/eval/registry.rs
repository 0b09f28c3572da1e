//! The list of every weight: its place in the tuner's vector, its name and the term of
//! `chariot eval` it is shown under. The evaluation refers to weights through the
//! [`Term`] constants defined here, so the fast evaluation, the tuner's trace and the
//! explanation all read the same numbers.

use super::weights as w;
use super::W;

/// The rows of `chariot eval`: each weight belongs to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    Material,
    ChariotSquares,
    HorseSquares,
    CannonSquares,
    SoldierSquares,
    CannonHorseBalance,
    Mobility,
    BlockedHorses,
    ChariotFiles,
    SoldierStructure,
    Threats,
    Defenders,
    KingFile,
    PalacePressure,
    Tempo,
}

impl Group {
    /// Number of groups.
    pub(crate) const COUNT: usize = Group::Tempo as usize + 1;
    /// All groups in display order.
    pub(crate) const ALL: [Group; Group::COUNT] = [
        Group::Material,
        Group::ChariotSquares,
        Group::HorseSquares,
        Group::CannonSquares,
        Group::SoldierSquares,
        Group::CannonHorseBalance,
        Group::Mobility,
        Group::BlockedHorses,
        Group::ChariotFiles,
        Group::SoldierStructure,
        Group::Threats,
        Group::Defenders,
        Group::KingFile,
        Group::PalacePressure,
        Group::Tempo,
    ];
    /// The row's label in `chariot eval`.
    pub(crate) const fn label(self) -> &'static str {
        match self {
            Group::Material => "material",
            Group::ChariotSquares => "chariot squares",
            Group::HorseSquares => "horse squares",
            Group::CannonSquares => "cannon squares",
            Group::SoldierSquares => "soldier squares",
            Group::CannonHorseBalance => "cannon/horse by pieces",
            Group::Mobility => "mobility",
            Group::BlockedHorses => "blocked horse legs",
            Group::ChariotFiles => "chariot open files",
            Group::SoldierStructure => "connected soldiers",
            Group::Threats => "threats",
            Group::Defenders => "missing defenders",
            Group::KingFile => "king file pressure",
            Group::PalacePressure => "palace pressure",
            Group::Tempo => "tempo",
        }
    }
}

/// How the elements of an array of weights are named.
#[derive(Clone, Copy)]
pub(crate) enum Labels {
    /// A single weight: `<name>.value`.
    Scalar,
    /// One label per element.
    List(&'static [&'static str]),
    /// Half-board squares `r<rank>f<file>` (owner's view).
    HalfBoard,
    /// The element's index.
    Index,
}

/// A weight array and where it sits in the tuner's vector.
#[derive(Clone, Copy)]
pub(crate) struct Term {
    /// Index of the first element in the full weight vector.
    pub(crate) offset: usize,
    /// The weights themselves (the constants of `weights.rs`).
    pub(crate) weights: &'static [W],
    /// The `chariot eval` row.
    pub(crate) group: Group,
}

const KINDS: &[&str] = &[
    "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
];
const VICTIMS: &[&str] = &["advisor", "elephant", "horse", "chariot", "cannon"];
const ATTACKERS: &[&str] = &["chariot", "horse", "cannon"];
const PALACE: &[&str] = &["chariot", "horse", "cannon", "soldier"];
const SCREENS: &[&str] = &["hollow", "one_screen", "two_screens"];

macro_rules! registry {
    ($($id:ident = $weights:expr, $name:literal, $labels:expr, $group:ident;)*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Id { $($id,)* }
        const SLICES: &[&[W]] = &[$($weights,)*];
        const fn offset(id: usize) -> usize {
            let mut sum = 0;
            let mut i = 0;
            while i < id {
                sum += SLICES[i].len();
                i += 1;
            }
            sum
        }
        $(
            pub(crate) const $id: Term = Term {
                offset: offset(Id::$id as usize),
                weights: $weights,
                group: Group::$group,
            };
        )*
        /// Number of weights.
        pub(crate) const COUNT: usize = offset(SLICES.len());
        /// (name, labels, term) of every entry, in vector order.
        const ENTRIES: &[(&str, Labels, Term)] = &[$(($name, $labels, $id),)*];
    };
}

registry! {
    MATERIAL = &w::MATERIAL, "material", Labels::List(KINDS), Material;
    PST_CHARIOT = &w::PST_CHARIOT, "pst.chariot", Labels::HalfBoard, ChariotSquares;
    PST_HORSE = &w::PST_HORSE, "pst.horse", Labels::HalfBoard, HorseSquares;
    PST_CANNON = &w::PST_CANNON, "pst.cannon", Labels::HalfBoard, CannonSquares;
    PST_SOLDIER = &w::PST_SOLDIER, "pst.soldier", Labels::HalfBoard, SoldierSquares;
    HORSE_CROWD = &w::HORSE_CROWD, "horse_crowd", Labels::Scalar, CannonHorseBalance;
    CANNON_CROWD = &w::CANNON_CROWD, "cannon_crowd", Labels::Scalar, CannonHorseBalance;
    CHARIOT_MOBILITY = &w::MOBILITY_CHARIOT, "mobility.chariot", Labels::Index, Mobility;
    HORSE_MOBILITY = &w::MOBILITY_HORSE, "mobility.horse", Labels::Index, Mobility;
    CANNON_MOBILITY = &w::MOBILITY_CANNON, "mobility.cannon", Labels::Index, Mobility;
    HORSE_BLOCKED_LEG = &w::HORSE_BLOCKED_LEG, "horse_blocked_leg", Labels::Scalar, BlockedHorses;
    CHARIOT_OPEN_FILE = &w::CHARIOT_OPEN_FILE, "chariot_open_file", Labels::Scalar, ChariotFiles;
    CHARIOT_HALF_OPEN_FILE = &w::CHARIOT_HALF_OPEN_FILE, "chariot_half_open_file", Labels::Scalar, ChariotFiles;
    SOLDIER_CONNECTED = &w::SOLDIER_CONNECTED, "soldier_connected", Labels::Scalar, SoldierStructure;
    THREAT_HANGING = &w::THREAT_HANGING, "threat_hanging", Labels::Scalar, Threats;
    THREAT_BY_LESSER = &w::THREAT_BY_LESSER, "threat_by_lesser", Labels::List(VICTIMS), Threats;
    MISSING_ADVISOR_VS = &w::MISSING_ADVISOR_VS, "missing_advisor_vs", Labels::List(ATTACKERS), Defenders;
    MISSING_ELEPHANT_VS = &w::MISSING_ELEPHANT_VS, "missing_elephant_vs", Labels::List(ATTACKERS), Defenders;
    CANNON_KING_FILE = &w::CANNON_KING_FILE, "cannon_king_file", Labels::List(SCREENS), KingFile;
    CHARIOT_KING_FILE = &w::CHARIOT_KING_FILE, "chariot_king_file", Labels::Scalar, KingFile;
    IRON_BOLT = &w::IRON_BOLT, "iron_bolt", Labels::Scalar, KingFile;
    PALACE_ATTACKER = &w::PALACE_ATTACKER, "palace_attacker", Labels::List(PALACE), PalacePressure;
    PALACE_ATTACKS = &w::PALACE_ATTACKS, "palace_attacks", Labels::Scalar, PalacePressure;
    TEMPO = &w::TEMPO, "tempo", Labels::Scalar, Tempo;
}

/// Every weight's name, in vector order (stable: the tuner matches weights by name).
pub(crate) fn names() -> Vec<String> {
    let mut out = Vec::with_capacity(COUNT);
    for &(name, labels, term) in ENTRIES {
        for i in 0..term.weights.len() {
            out.push(match labels {
                Labels::Scalar => format!("{name}.value"),
                Labels::List(list) => format!("{name}.{}", list[i]),
                Labels::HalfBoard => format!("{name}.r{}f{}", i / 5, i % 5),
                Labels::Index => format!("{name}.{i}"),
            });
        }
    }
    out
}

/// Every weight's current value, in vector order.
pub(crate) fn values() -> Vec<W> {
    ENTRIES
        .iter()
        .flat_map(|e| e.2.weights.iter().copied())
        .collect()
}

/// The group of each weight, in vector order.
pub(crate) fn groups() -> Vec<Group> {
    ENTRIES
        .iter()
        .flat_map(|e| std::iter::repeat_n(e.2.group, e.2.weights.len()))
        .collect()
}
