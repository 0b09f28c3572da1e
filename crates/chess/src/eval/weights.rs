//! Evaluation weights of chess: (midgame, endgame) centipawn pairs, one constant per group.
//!
//! Written by `chariot tune`: every weight is named `group.element` in
//! `game::Tunable::weight_names`; each constant below is one group. Regenerate with
//! `chariot tune --game chess --data FILE --out THIS_FILE` rather than editing by hand.

/// `material` (6): pawn, knight, bishop, rook, queen, king.
#[rustfmt::skip]
pub const MATERIAL: [(i32, i32); 6] = [
    (64, 94), (346, 319), (356, 333), (454, 570), (1045, 967), (0, 0),
];

/// `pst.pawn` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_PAWN: [(i32, i32); 64] = [
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (162, 100), (106, 114), (97, 169), (129, 121), (104, 152), (137, 143), (52, 156), (92, 147),
    (40, 46), (12, 60), (15, 43), (16, 53), (13, 72), (20, 65), (18, 56), (25, 56),
    (13, 25), (3, 29), (0, 33), (0, 17), (6, 26), (7, 25), (1, 37), (15, 25),
    (-8, 12), (-19, 19), (-10, 14), (0, 5), (1, 8), (4, 8), (-10, 18), (-14, 11),
    (-19, 8), (-29, 10), (-16, 14), (-20, 13), (-10, 11), (-6, 10), (3, 3), (-16, 4),
    (-15, 13), (-12, 23), (-4, 15), (-11, 21), (-7, 17), (20, 15), (17, 17), (-9, 9),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
];

/// `pst.knight` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KNIGHT: [(i32, i32); 64] = [
    (-104, -55), (-100, -20), (-87, -42), (-14, -51), (45, -35), (-125, -34), (-32, -48), (-120, -71),
    (-24, -46), (-9, -33), (24, -26), (63, -23), (17, -10), (57, -33), (-34, -12), (13, -38),
    (-8, -25), (8, -12), (34, -14), (43, 0), (72, -16), (47, -9), (22, -25), (10, -42),
    (11, -29), (30, -24), (28, 2), (51, -1), (36, 4), (64, -5), (39, -23), (52, -41),
    (19, -43), (25, -30), (33, -7), (32, 2), (42, -4), (55, -20), (41, -18), (24, -38),
    (-23, -26), (7, -29), (7, -17), (17, -3), (21, -3), (17, -17), (25, -38), (-12, -31),
    (-32, -51), (-34, 11), (5, -39), (10, -24), (13, -30), (5, -29), (-6, -50), (-19, -44),
    (-96, -66), (-24, -57), (-22, -29), (-15, -32), (6, -42), (-14, -59), (-22, -52), (-46, -27),
];

/// `pst.bishop` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_BISHOP: [(i32, i32); 64] = [
    (-10, -8), (27, 12), (-6, -8), (-87, 4), (-73, 16), (-159, 12), (-53, 2), (-10, -47),
    (-8, -9), (-29, -1), (-12, 14), (13, 1), (-5, 6), (18, -23), (-32, -17), (-29, 5),
    (8, 8), (8, 13), (15, 1), (35, 3), (42, 3), (11, -23), (40, -2), (35, -22),
    (-3, 12), (46, 1), (24, -2), (60, 10), (25, 15), (37, 3), (38, -4), (26, -14),
    (35, -13), (14, -3), (38, 4), (47, 0), (51, 7), (25, 6), (12, -2), (20, -20),
    (20, -11), (50, -21), (15, -17), (24, 5), (14, 3), (19, -34), (21, -11), (13, -14),
    (54, -35), (19, -33), (34, -4), (9, -3), (19, -11), (15, -15), (20, -36), (37, -52),
    (-8, -17), (26, -14), (2, -16), (8, -10), (12, -18), (-16, -9), (-20, -2), (-10, -22),
];

/// `pst.rook` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_ROOK: [(i32, i32); 64] = [
    (24, 2), (23, 7), (25, 1), (44, 5), (36, -2), (31, -6), (45, -2), (31, 5),
    (19, -10), (23, -9), (50, -16), (55, -30), (40, -21), (70, -21), (23, -13), (46, -21),
    (-4, 19), (20, 11), (-1, 21), (35, -5), (8, 4), (41, 6), (59, -5), (6, 9),
    (-12, 16), (-10, 22), (21, 3), (22, -1), (-6, 11), (26, 2), (12, 7), (0, 4),
    (-27, 11), (1, 11), (-5, 12), (-7, 6), (-25, 9), (-9, 6), (-3, 9), (-14, -10),
    (-18, -8), (-6, -14), (-12, -12), (-22, -12), (1, -16), (-13, -7), (15, -29), (-2, -37),
    (-41, -24), (-20, -18), (-4, -18), (-17, -24), (0, -25), (16, -39), (13, -39), (-50, -23),
    (-7, -28), (-2, -22), (3, -18), (18, -29), (28, -46), (23, -35), (-7, -29), (0, -44),
];

/// `pst.queen` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_QUEEN: [(i32, i32); 64] = [
    (-5, -1), (23, -43), (-2, -17), (43, -50), (22, 0), (57, -35), (20, -45), (-13, 1),
    (-35, 8), (-38, 33), (-11, 40), (-41, 74), (-9, 34), (-1, 53), (16, -19), (10, -37),
    (-11, -50), (-9, 15), (-7, 44), (-20, 62), (1, 68), (27, 4), (10, 9), (0, -20),
    (-32, 18), (-10, 16), (-18, 43), (-20, 75), (-21, 60), (-9, 32), (-2, 32), (0, -10),
    (-14, -7), (-19, 25), (-23, 49), (-12, 47), (-10, 56), (-8, 30), (7, 11), (-15, -17),
    (-27, -31), (-2, 0), (-5, 14), (-1, 7), (0, 23), (-4, 30), (6, 2), (-11, -15),
    (1, -95), (-10, -36), (9, -56), (12, -44), (10, -10), (11, -61), (22, -49), (16, -145),
    (-14, -43), (-13, -46), (4, -95), (-6, -27), (-2, -28), (-9, -51), (-9, -55), (-21, -48),
];

/// `pst.king` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KING: [(i32, i32); 64] = [
    (-41, -183), (71, 71), (25, 81), (30, 27), (-109, -20), (-62, 83), (-74, 50), (29, -81),
    (17, -8), (27, 83), (-58, 89), (-36, 83), (-16, 81), (-137, 124), (-52, 109), (-90, -38),
    (-25, 35), (-77, 73), (-77, 74), (-68, 80), (-95, 83), (-77, 75), (-76, 69), (-57, 9),
    (5, 19), (-3, 44), (-32, 63), (-91, 68), (-66, 72), (-64, 70), (-12, 51), (-38, 37),
    (-12, -10), (17, 19), (-8, 41), (-48, 46), (-78, 51), (-32, 40), (-42, 37), (-15, -9),
    (28, -16), (8, 17), (-22, 31), (-40, 38), (-55, 44), (-30, 30), (-27, 25), (-22, 2),
    (46, -25), (33, 3), (19, 15), (-14, 25), (-21, 22), (0, 23), (33, 10), (42, -17),
    (-5, -12), (69, -23), (44, 4), (-3, -2), (21, -18), (-8, 6), (60, -18), (66, -49),
];

/// `pawn.passed` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED: [(i32, i32); 8] = [
    (0, 0), (-16, 14), (-2, 8), (19, 31), (46, 48), (97, 78), (140, 69), (0, 0),
];

/// `pawn.passed_king` (2): own_distance, their_distance.
#[rustfmt::skip]
pub const PAWN_PASSED_KING: [(i32, i32); 2] = [
    (-2, -4), (-2, 6),
];

/// `pawn.passed_rook` (2): own_behind, their_behind.
#[rustfmt::skip]
pub const PAWN_PASSED_ROOK: [(i32, i32); 2] = [
    (19, 19), (19, 39),
];

/// `pawn.passed_free` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_FREE: [(i32, i32); 8] = [
    (0, 0), (-29, 30), (-25, 17), (-49, 30), (-4, 48), (43, 56), (57, 63), (0, 0),
];

/// `pawn.passed_safe_stop` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_SAFE_STOP: [(i32, i32); 8] = [
    (0, 0), (19, -10), (16, -5), (8, -2), (6, 13), (35, 33), (0, 0), (0, 0),
];

/// `pawn.passed_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (3, -8), (-5, -1), (-9, -6), (-4, -26), (-30, -34), (-52, -49), (0, 0),
];

/// `pawn.race` (1): unstoppable.
#[rustfmt::skip]
pub const PAWN_RACE: [(i32, i32); 1] = [
    (-135, 181),
];

/// `pawn.structure` (3): isolated, doubled, backward.
#[rustfmt::skip]
pub const PAWN_STRUCTURE: [(i32, i32); 3] = [
    (-4, -1), (-6, -17), (-2, -6),
];

/// `pawn.weak` (3): weak_unopposed, blocked_rank5, blocked_rank6.
#[rustfmt::skip]
pub const PAWN_WEAK: [(i32, i32); 3] = [
    (-6, -8), (-25, -14), (-19, -32),
];

/// `pawn.connected` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_CONNECTED: [(i32, i32); 8] = [
    (0, 0), (5, 0), (25, 0), (18, 3), (21, 11), (49, 23), (96, 83), (0, 0),
];

/// `pawn.phalanx` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PHALANX: [(i32, i32); 8] = [
    (0, 0), (8, -6), (10, 0), (8, 7), (16, 19), (83, 74), (68, 92), (0, 0),
];

/// `mobility.knight` (9): n0 .. n8.
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [(i32, i32); 9] = [
    (-21, -45), (-4, -1), (7, 20), (15, 27), (21, 29), (29, 31), (31, 26), (31, 23),
    (11, 15),
];

/// `mobility.bishop` (14): n0 .. n13.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [(i32, i32); 14] = [
    (-28, -41), (-10, -14), (0, 0), (9, 4), (13, 11), (12, 21), (14, 24), (12, 22),
    (10, 25), (2, 25), (0, 34), (-8, 19), (-11, 49), (-22, 32),
];

/// `mobility.rook` (15): n0 .. n14.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [(i32, i32); 15] = [
    (-35, -45), (-17, -15), (-13, -7), (-5, 0), (-2, 11), (1, 16), (3, 21), (9, 21),
    (8, 24), (9, 31), (10, 36), (9, 42), (22, 39), (37, 36), (9, 37),
];

/// `mobility.queen` (28): n0 .. n27.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [(i32, i32); 28] = [
    (-36, -98), (-34, -54), (-31, -51), (-25, -43), (-23, -17), (-22, -7), (-19, 5), (-19, 45),
    (-15, 45), (-16, 57), (-14, 61), (-8, 54), (-11, 74), (-7, 57), (-6, 59), (-7, 70),
    (-10, 73), (6, 62), (14, 53), (19, 37), (63, 2), (98, -51), (118, -58), (222, -198),
    (117, -109), (153, -175), (12, -16), (14, -184),
];

/// `king.shelter` (4): shield_rank2, shield_rank3, semi_open_file, open_file.
#[rustfmt::skip]
pub const KING_SHELTER: [(i32, i32); 4] = [
    (23, -12), (13, -6), (-8, -8), (-14, -14),
];

/// `king.storm` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM: [(i32, i32); 8] = [
    (0, 0), (74, 48), (-19, 37), (3, -2), (5, -9), (15, -15), (12, -9), (0, 0),
];

/// `king.storm_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (0, 0), (-20, -43), (8, -30), (21, -30), (22, -20), (1, -7), (0, 0),
];

/// `king.attack` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_ATTACK: [(i32, i32); 4] = [
    (-3, -2), (-5, -2), (-14, 4), (-23, 10),
];

/// `king.attackers` (8): n0, n1, n2, n3, n4, n5, n6, n7.
#[rustfmt::skip]
pub const KING_ATTACKERS: [(i32, i32); 8] = [
    (-18, -15), (-23, -19), (1, -12), (23, 20), (72, 35), (94, 11), (70, 0), (80, 0),
];

/// `king.weak_ring` (1): squares.
#[rustfmt::skip]
pub const KING_WEAK_RING: [(i32, i32); 1] = [
    (10, 0),
];

/// `king.danger` (2): squared_units, squared_units_queenless.
#[rustfmt::skip]
pub const KING_DANGER: [(i32, i32); 2] = [
    (10, 0), (-6, 2),
];

/// `king.flank` (3): attacks, defenders, pawnless.
#[rustfmt::skip]
pub const KING_FLANK: [(i32, i32); 3] = [
    (4, -2), (3, -1), (-21, -41),
];

/// `king.safe_check` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECK: [(i32, i32); 4] = [
    (47, 8), (20, 18), (42, 4), (32, 30),
];

/// `king.pawn_distance` (2): own, theirs.
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [(i32, i32); 2] = [
    (2, -7), (0, -10),
];

/// `piece.bonus` (8): bishop_pair, rook_open_file, rook_semi_open_file, rook_seventh, knight_outpost, bishop_outpost, knight_pawn_protected, bishop_pawn_protected.
#[rustfmt::skip]
pub const PIECE_BONUS: [(i32, i32); 8] = [
    (49, 51), (56, -8), (26, 1), (-19, 29), (17, 13), (26, -12), (0, -1), (-9, 18),
];

/// `piece.extra` (6): bishop_pawns, minor_behind_pawn, knight_king_distance, bishop_king_distance, rook_queen_file, bishop_long_diagonal.
#[rustfmt::skip]
pub const PIECE_EXTRA: [(i32, i32); 6] = [
    (0, -7), (6, 15), (-3, -4), (-5, 0), (12, 12), (24, 19),
];

/// `threat.by_pawn` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [(i32, i32); 4] = [
    (95, 24), (81, 44), (83, 47), (72, 52),
];

/// `threat.by_minor` (2): rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [(i32, i32); 2] = [
    (76, 21), (77, 45),
];

/// `threat.by_rook` (1): queen.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [(i32, i32); 1] = [
    (81, 71),
];

/// `threat.hanging` (5): pawn, knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_HANGING: [(i32, i32); 5] = [
    (23, 19), (36, 28), (33, 22), (34, 1), (14, -46),
];

/// `threat.minor_on_minor` (1): unprotected.
#[rustfmt::skip]
pub const THREAT_MINOR_ON_MINOR: [(i32, i32); 1] = [
    (19, 30),
];

/// `threat.pawn_push` (1): safe.
#[rustfmt::skip]
pub const THREAT_PAWN_PUSH: [(i32, i32); 1] = [
    (20, 13),
];

/// `threat.extra` (3): by_king, by_major_on_defended, weak_pawn.
#[rustfmt::skip]
pub const THREAT_EXTRA: [(i32, i32); 3] = [
    (42, 6), (-2, 37), (-9, 16),
];

/// `threat.queen` (4): knight_on_queen, slider_on_queen, weak_queen_protection, restricted.
#[rustfmt::skip]
pub const THREAT_QUEEN: [(i32, i32); 4] = [
    (9, 2), (13, -6), (12, 0), (6, -2),
];

/// `space` (1): weighted_squares.
#[rustfmt::skip]
pub const SPACE: [(i32, i32); 1] = [
    (1, 0),
];

/// `winnable` (8): passed, pawns, outflanking, both_flanks, infiltration, pawns_only, almost_unwinnable, base.
#[rustfmt::skip]
pub const WINNABLE: [(i32, i32); 8] = [
    (-7, 11), (-1, 11), (-7, 9), (7, 16), (-51, -35), (0, 57), (-46, -38), (-36, -49),
];

/// `misc` (1): tempo.
#[rustfmt::skip]
pub const MISC: [(i32, i32); 1] = [
    (44, 15),
];
