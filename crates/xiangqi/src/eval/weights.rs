//! Every weight of the xiangqi evaluation, as (midgame, endgame) centipawn pairs.
//!
//! This file holds data only, so that `chariot tune` can rewrite it. Values start from
//! the classic xiangqi engine tables (ElephantEye/XQWLight piece-square shapes, the usual
//! chariot ≈ 2 horses ≈ 2 cannons material ratio) scaled to centipawns. Weights are
//! written from the point of view of the side that owns the feature; piece-square tables
//! are half boards (`rank * 5 + file`, rank 0 = the owner's back rank, file 0 = the edge
//! file, 4 = the central file) mirrored onto the other wing.
//!
//! The form is the one `chariot tune` writes: one `pub const` array of (midgame, endgame)
//! pairs per weight group, named after the group (`mobility.chariot.5` is element 5 of
//! `MOBILITY_CHARIOT`; single weights are one-element arrays such as `TEMPO`).

/// Material by kind: advisor, elephant, horse, chariot, cannon, soldier (the general is free).
pub const MATERIAL: [(i32, i32); 6] = [
    (120, 100),
    (120, 100),
    (430, 470),
    (900, 950),
    (410, 380),
    (60, 80),
];

/// Chariot squares: posts on the river, the enemy's third rank and the palace files.
#[rustfmt::skip]
pub const PST_CHARIOT: [(i32, i32); 50] = [
    (-20, -5), (0, 0), (-5, 0), (15, 5), (-15, -5),
    (-15, -5), (5, 0), (0, 0), (15, 5), (-15, -5),
    (-20, -5), (5, 0), (-5, 0), (15, 5), (15, 5),
    (-5, 0), (8, 4), (-5, 0), (15, 5), (20, 8),
    (5, 2), (15, 5), (15, 5), (20, 8), (22, 8),
    (5, 2), (12, 5), (12, 5), (20, 8), (22, 8),
    (0, 0), (18, 8), (18, 8), (25, 10), (25, 10),
    (0, 0), (5, 5), (2, 2), (20, 10), (25, 10),
    (0, 0), (15, 8), (8, 5), (25, 10), (40, 15),
    (0, 0), (5, 2), (2, 2), (17, 8), (20, 10),
];

/// Horse squares: central and forward, toward the enemy palace; never on the edge.
#[rustfmt::skip]
pub const PST_HORSE: [(i32, i32); 50] = [
    (-6, -10), (-15, -10), (0, -5), (-6, -5), (0, -5),
    (-15, -15), (0, -5), (6, 0), (9, 0), (-30, -10),
    (9, 0), (6, 0), (12, 5), (15, 5), (6, 5),
    (6, 0), (12, 5), (24, 10), (15, 10), (24, 10),
    (0, 0), (24, 10), (30, 15), (33, 15), (36, 15),
    (0, 0), (30, 15), (27, 15), (35, 20), (36, 20),
    (9, 5), (40, 20), (30, 20), (40, 25), (30, 25),
    (6, 5), (24, 15), (27, 20), (39, 25), (27, 25),
    (0, 0), (18, 10), (30, 15), (21, 15), (12, 10),
    (0, 0), (0, 0), (0, 5), (18, 10), (0, 5),
];

/// Cannon squares: the central file and home ranks (behind screens); not the enemy palace.
#[rustfmt::skip]
pub const PST_CANNON: [(i32, i32); 50] = [
    (0, 0), (0, 0), (3, 0), (9, 0), (9, 0),
    (0, 0), (3, 0), (6, 0), (6, 0), (6, 0),
    (3, 0), (0, 0), (12, 0), (9, 0), (15, 0),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (-3, 0), (0, 0), (9, 0), (0, 0), (12, 0),
    (0, 0), (0, 0), (0, 0), (0, 0), (12, 0),
    (0, 0), (9, 0), (9, 0), (6, 0), (12, 0),
    (3, 0), (3, 0), (0, 0), (-15, -5), (-12, -5),
    (6, 0), (6, 0), (0, 0), (-12, -5), (-21, -5),
    (12, 0), (12, 0), (0, 0), (-15, -5), (-18, -5),
];

/// Soldier squares: worth about double once across the river, most near the palace,
/// little on the last rank (it can only move sideways there).
#[rustfmt::skip]
pub const PST_SOLDIER: [(i32, i32); 50] = [
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (-8, -5), (0, 0), (-8, -5), (0, 0), (24, 10),
    (-8, -5), (0, 0), (16, 10), (0, 0), (28, 15),
    (20, 40), (36, 60), (44, 70), (72, 90), (80, 100),
    (40, 60), (56, 80), (72, 95), (80, 105), (84, 110),
    (40, 60), (60, 80), (92, 105), (112, 120), (112, 120),
    (40, 55), (60, 75), (100, 100), (132, 120), (140, 120),
    (20, 10), (20, 10), (20, 15), (30, 20), (40, 30),
];

/// Horse value per piece on the board (generals excluded): horses gain as the board empties.
pub const HORSE_CROWD: [(i32, i32); 1] = [(-1, -1)];
/// Cannon value per piece on the board: cannons need screens, so they lose as it empties.
pub const CANNON_CROWD: [(i32, i32); 1] = [(1, 1)];

/// Chariot by number of safe moves (0–17): squares not attacked by enemy soldiers,
/// advisors, elephants, horses or cannons.
#[rustfmt::skip]
pub const MOBILITY_CHARIOT: [(i32, i32); 18] = [
    (-40, -50), (-30, -38), (-20, -26), (-12, -16), (-6, -8), (0, 0), (4, 5), (8, 10), (11, 14),
    (14, 17), (16, 20), (18, 22), (20, 24), (22, 26), (23, 28), (24, 29), (25, 30), (26, 31),
];
/// Horse by number of safe moves (0–8): squares not attacked by enemy soldiers, advisors
/// or elephants.
pub const MOBILITY_HORSE: [(i32, i32); 9] = [
    (-40, -40),
    (-20, -22),
    (-8, -10),
    (0, 0),
    (6, 6),
    (10, 10),
    (13, 14),
    (15, 16),
    (16, 18),
];
/// Cannon by number of safe moves and captures (0–17).
#[rustfmt::skip]
pub const MOBILITY_CANNON: [(i32, i32); 18] = [
    (-20, -15), (-14, -10), (-8, -6), (-4, -3), (0, 0), (3, 2), (6, 4), (8, 5), (10, 6),
    (12, 7), (13, 8), (14, 9), (15, 10), (16, 10), (17, 11), (18, 11), (18, 12), (18, 12),
];
/// Per horse move cut off by a piece on its leg (each leg serves two moves).
pub const HORSE_BLOCKED_LEG: [(i32, i32); 1] = [(-4, -3)];

/// Chariot whose file ahead is empty up to the board's edge.
pub const CHARIOT_OPEN_FILE: [(i32, i32); 1] = [(20, 10)];
/// Chariot whose file ahead holds enemy pieces but none of its own.
pub const CHARIOT_HALF_OPEN_FILE: [(i32, i32); 1] = [(8, 4)];

/// Soldier across the river with a friendly soldier beside it on the same rank.
pub const SOLDIER_CONNECTED: [(i32, i32); 1] = [(15, 30)];

/// Enemy piece attacked by us and defended by nothing (generals excluded).
pub const THREAT_HANGING: [(i32, i32); 1] = [(30, 40)];
/// Enemy piece attacked by one of our less valuable pieces, by the victim's kind:
/// advisor, elephant, horse, chariot, cannon.
pub const THREAT_BY_LESSER: [(i32, i32); 5] = [(10, 10), (10, 10), (40, 35), (60, 55), (40, 35)];

/// Per missing advisor of ours, per enemy chariot, horse, cannon.
pub const MISSING_ADVISOR_VS: [(i32, i32); 3] = [(-15, -20), (-10, -12), (-8, -6)];
/// Per missing elephant of ours, per enemy chariot, horse, cannon.
pub const MISSING_ELEPHANT_VS: [(i32, i32); 3] = [(-5, -8), (-6, -6), (-15, -12)];

/// Our cannon on the enemy general's file, by the number of pieces between them (0–2):
/// the hollow cannon pins the general, one screen gives check, two is the central cannon.
pub const CANNON_KING_FILE: [(i32, i32); 3] = [(60, 20), (20, 10), (25, 5)];
/// Our chariot on the enemy general's file with at most one piece between them.
pub const CHARIOT_KING_FILE: [(i32, i32); 1] = [(15, 10)];
/// Iron bolt: a chariot and a cannon of ours both on the enemy general's file.
pub const IRON_BOLT: [(i32, i32); 1] = [(40, 10)];
/// Our pieces near the enemy palace (files c–g, the palace ranks and the rank before),
/// by kind: chariot, horse, cannon, soldier.
pub const PALACE_ATTACKER: [(i32, i32); 4] = [(12, 8), (15, 10), (8, 4), (10, 10)];
/// Per enemy palace square our chariots, horses, cannons and soldiers attack.
pub const PALACE_ATTACKS: [(i32, i32); 1] = [(6, 2)];

/// The side to move's bonus.
pub const TEMPO: [(i32, i32); 1] = [(20, 10)];
