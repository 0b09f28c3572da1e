//! Evaluation weights of chess: (midgame, endgame) centipawn pairs, one constant per group.
//!
//! Written by `chariot tune`: every weight is named `group.element` in
//! `game::Tunable::weight_names`; each constant below is one group. Regenerate with
//! `chariot tune --game chess --data FILE --out THIS_FILE` rather than editing by hand.

/// `material` (6): pawn, knight, bishop, rook, queen, king.
#[rustfmt::skip]
pub const MATERIAL: [(i32, i32); 6] = [
    (65, 95), (345, 320), (353, 332), (449, 567), (1031, 965), (0, 0),
];

/// `pst.pawn` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_PAWN: [(i32, i32); 64] = [
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (160, 100), (106, 114), (94, 168), (130, 120), (106, 151), (137, 143), (53, 156), (92, 148),
    (40, 46), (15, 59), (18, 43), (15, 54), (14, 73), (21, 65), (24, 55), (27, 56),
    (13, 24), (2, 29), (-2, 33), (2, 16), (5, 26), (6, 25), (0, 38), (13, 24),
    (-12, 13), (-21, 19), (-12, 13), (-4, 5), (-2, 8), (0, 9), (-13, 19), (-18, 11),
    (-18, 8), (-26, 10), (-15, 15), (-16, 12), (-6, 10), (-6, 10), (3, 4), (-17, 4),
    (-17, 14), (-8, 22), (-1, 14), (-7, 21), (-3, 16), (19, 16), (18, 17), (-12, 10),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
];

/// `pst.knight` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KNIGHT: [(i32, i32); 64] = [
    (-102, -53), (-100, -20), (-90, -43), (-15, -51), (45, -35), (-126, -33), (-32, -46), (-118, -70),
    (-18, -45), (-10, -33), (26, -28), (61, -24), (15, -12), (52, -32), (-33, -13), (14, -37),
    (-7, -26), (10, -15), (28, -14), (36, 0), (57, -15), (41, -11), (22, -26), (8, -42),
    (17, -31), (25, -22), (29, -1), (41, 0), (37, 0), (50, -4), (41, -25), (48, -38),
    (21, -45), (26, -33), (28, -10), (28, 0), (32, -3), (51, -23), (34, -17), (24, -37),
    (-21, -26), (1, -29), (6, -22), (13, -4), (17, -5), (14, -19), (20, -39), (-10, -34),
    (-32, -48), (-31, 9), (5, -42), (3, -23), (8, -30), (4, -32), (-2, -51), (-20, -41),
    (-94, -65), (-23, -61), (-22, -30), (-16, -32), (5, -40), (-17, -57), (-22, -55), (-44, -22),
];

/// `pst.bishop` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_BISHOP: [(i32, i32); 64] = [
    (-11, -7), (27, 12), (-4, -9), (-87, 4), (-72, 15), (-159, 12), (-55, 2), (-13, -44),
    (-5, -9), (-33, 0), (-12, 12), (13, 0), (-6, 4), (14, -25), (-32, -17), (-26, 8),
    (8, 7), (9, 11), (8, 2), (31, 3), (31, 5), (9, -23), (36, -3), (34, -21),
    (-1, 10), (41, 0), (23, -4), (53, 12), (26, 14), (30, 2), (40, -6), (21, -14),
    (34, -12), (14, -4), (33, 4), (44, 0), (44, 7), (24, 4), (10, -3), (26, -19),
    (21, -9), (51, -22), (12, -17), (24, 2), (16, 0), (16, -35), (26, -13), (12, -13),
    (50, -32), (18, -33), (35, -6), (6, -3), (14, -11), (17, -18), (17, -35), (37, -49),
    (-3, -13), (22, -9), (4, -19), (7, -10), (12, -19), (-14, -12), (-19, -3), (-9, -17),
];

/// `pst.rook` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_ROOK: [(i32, i32); 64] = [
    (20, 2), (18, 7), (21, 1), (41, 5), (33, -3), (25, -6), (43, -2), (26, 5),
    (20, -12), (20, -9), (50, -17), (53, -31), (35, -21), (64, -21), (21, -15), (44, -22),
    (-3, 17), (19, 9), (-1, 18), (37, -8), (9, 1), (37, 4), (56, -7), (4, 7),
    (-9, 14), (-10, 19), (20, 1), (24, -4), (-6, 8), (28, -1), (10, 6), (2, 2),
    (-27, 11), (1, 9), (-7, 9), (-9, 4), (-27, 7), (-9, 4), (-4, 7), (-9, -13),
    (-20, -8), (-7, -16), (-14, -13), (-22, -14), (-1, -17), (-14, -8), (15, -31), (-4, -37),
    (-37, -23), (-20, -18), (-3, -19), (-17, -24), (4, -26), (16, -39), (11, -37), (-41, -24),
    (-8, -30), (-6, -23), (-1, -19), (11, -28), (22, -45), (17, -34), (-8, -30), (4, -47),
];

/// `pst.queen` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_QUEEN: [(i32, i32); 64] = [
    (-3, -2), (20, -43), (-7, -19), (41, -52), (17, -4), (51, -36), (20, -46), (-17, -1),
    (-33, 5), (-45, 33), (-13, 39), (-42, 71), (-13, 32), (-11, 52), (12, -20), (8, -37),
    (-11, -49), (-8, 15), (-12, 44), (-21, 63), (4, 63), (28, 1), (7, 9), (2, -20),
    (-29, 18), (-10, 17), (-20, 47), (-22, 77), (-20, 58), (-7, 30), (0, 31), (3, -13),
    (-13, -8), (-21, 27), (-27, 50), (-19, 52), (-13, 57), (-10, 30), (5, 12), (-11, -19),
    (-24, -32), (-2, -4), (-7, 16), (-2, 5), (-2, 21), (-7, 28), (7, -6), (-11, -14),
    (0, -95), (-11, -38), (7, -56), (12, -49), (10, -16), (9, -65), (20, -53), (18, -148),
    (-13, -45), (-3, -49), (5, -94), (-5, -32), (1, -35), (-10, -55), (-4, -55), (-20, -44),
];

/// `pst.king` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KING: [(i32, i32); 64] = [
    (-40, -182), (72, 70), (23, 81), (29, 26), (-109, -20), (-63, 82), (-74, 50), (30, -81),
    (18, -8), (26, 82), (-58, 89), (-36, 83), (-18, 81), (-136, 125), (-51, 109), (-90, -38),
    (-22, 35), (-79, 73), (-79, 74), (-67, 79), (-96, 83), (-77, 75), (-78, 67), (-60, 8),
    (5, 19), (-4, 44), (-31, 63), (-88, 67), (-62, 71), (-65, 70), (-13, 50), (-38, 37),
    (-14, -10), (20, 17), (-2, 39), (-44, 45), (-71, 49), (-26, 38), (-39, 35), (-13, -10),
    (31, -18), (9, 15), (-22, 30), (-36, 36), (-45, 40), (-29, 29), (-25, 23), (-21, 1),
    (43, -26), (33, 1), (18, 12), (-14, 23), (-23, 20), (-4, 23), (31, 8), (41, -19),
    (-10, -11), (65, -24), (38, 6), (-7, -2), (17, -15), (-12, 7), (59, -19), (63, -49),
];

/// `pawn.passed` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED: [(i32, i32); 8] = [
    (0, 0), (-15, 13), (-1, 7), (20, 31), (46, 49), (96, 79), (142, 70), (0, 0),
];

/// `pawn.passed_king` (2): own_distance, their_distance.
#[rustfmt::skip]
pub const PAWN_PASSED_KING: [(i32, i32); 2] = [
    (-2, -4), (-2, 6),
];

/// `pawn.passed_rook` (2): own_behind, their_behind.
#[rustfmt::skip]
pub const PAWN_PASSED_ROOK: [(i32, i32); 2] = [
    (20, 17), (19, 39),
];

/// `pawn.passed_free` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_FREE: [(i32, i32); 8] = [
    (0, 0), (-31, 30), (-25, 16), (-48, 30), (-5, 48), (44, 56), (57, 64), (0, 0),
];

/// `pawn.passed_safe_stop` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_SAFE_STOP: [(i32, i32); 8] = [
    (0, 0), (17, -10), (15, -5), (8, -3), (6, 12), (35, 32), (0, 0), (0, 0),
];

/// `pawn.passed_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (1, -7), (-6, 0), (-6, -5), (1, -26), (-28, -33), (-53, -49), (0, 0),
];

/// `pawn.race` (1): unstoppable.
#[rustfmt::skip]
pub const PAWN_RACE: [(i32, i32); 1] = [
    (-135, 182),
];

/// `pawn.structure` (3): isolated, doubled, backward.
#[rustfmt::skip]
pub const PAWN_STRUCTURE: [(i32, i32); 3] = [
    (-4, -1), (-6, -18), (-2, -6),
];

/// `pawn.weak` (3): weak_unopposed, blocked_rank5, blocked_rank6.
#[rustfmt::skip]
pub const PAWN_WEAK: [(i32, i32); 3] = [
    (-6, -8), (-22, -13), (-19, -32),
];

/// `pawn.connected` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_CONNECTED: [(i32, i32); 8] = [
    (0, 0), (5, 0), (24, 0), (19, 3), (21, 11), (48, 23), (98, 82), (0, 0),
];

/// `pawn.phalanx` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PHALANX: [(i32, i32); 8] = [
    (0, 0), (8, -6), (10, 0), (9, 7), (16, 20), (84, 75), (67, 92), (0, 0),
];

/// `mobility.knight` (9): n0 .. n8.
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [(i32, i32); 9] = [
    (-24, -63), (-13, -11), (-1, 15), (8, 26), (15, 29), (21, 31), (27, 28), (31, 26),
    (26, 13),
];

/// `mobility.bishop` (14): n0 .. n13.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [(i32, i32); 14] = [
    (-35, -54), (-20, -23), (-1, -8), (5, 3), (11, 12), (14, 20), (17, 26), (14, 26),
    (16, 27), (8, 29), (8, 34), (1, 21), (11, 42), (-32, 37),
];

/// `mobility.rook` (15): n0 .. n14.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [(i32, i32); 15] = [
    (-80, -68), (-16, -37), (-5, -7), (-3, 3), (2, 5), (4, 18), (7, 24), (14, 24),
    (15, 28), (17, 32), (16, 40), (12, 47), (29, 44), (28, 45), (18, 38),
];

/// `mobility.queen` (28): n0 .. n27.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [(i32, i32); 28] = [
    (-30, -107), (-43, -49), (-46, -68), (-36, -41), (-34, -36), (-33, -5), (-26, -5), (-23, 38),
    (-18, 31), (-12, 38), (-11, 59), (-8, 61), (-5, 57), (-4, 64), (4, 52), (2, 55),
    (1, 65), (3, 62), (12, 54), (9, 43), (43, 7), (94, -49), (110, -53), (219, -198),
    (108, -105), (145, -175), (12, -16), (14, -185),
];

/// `king.shelter` (4): shield_rank2, shield_rank3, semi_open_file, open_file.
#[rustfmt::skip]
pub const KING_SHELTER: [(i32, i32); 4] = [
    (24, -11), (14, -6), (-9, -8), (-13, -14),
];

/// `king.storm` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM: [(i32, i32); 8] = [
    (0, 0), (72, 46), (-20, 36), (3, -2), (4, -9), (15, -14), (12, -9), (0, 0),
];

/// `king.storm_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (0, 0), (-21, -45), (8, -30), (21, -31), (22, -20), (2, -7), (0, 0),
];

/// `king.attack` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_ATTACK: [(i32, i32); 4] = [
    (-11, 1), (-8, -1), (-16, 5), (-17, 9),
];

/// `king.attackers` (8): n0, n1, n2, n3, n4, n5, n6, n7.
#[rustfmt::skip]
pub const KING_ATTACKERS: [(i32, i32); 8] = [
    (-10, -15), (-15, -17), (8, -10), (14, 20), (35, 24), (60, -3), (70, 0), (80, 0),
];

/// `king.weak_ring` (1): squares.
#[rustfmt::skip]
pub const KING_WEAK_RING: [(i32, i32); 1] = [
    (-1, -1),
];

/// `king.danger` (2): squared_units, squared_units_queenless.
#[rustfmt::skip]
pub const KING_DANGER: [(i32, i32); 2] = [
    (6, 0), (-6, 0),
];

/// `king.danger_sf` (2): squared, linear.
#[rustfmt::skip]
pub const KING_DANGER_SF: [(i32, i32); 2] = [
    (1, 0), (6, 3),
];

/// `king.flank` (3): attacks, defenders, pawnless.
#[rustfmt::skip]
pub const KING_FLANK: [(i32, i32); 3] = [
    (3, -2), (2, -1), (-23, -41),
];

/// `king.safe_check` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECK: [(i32, i32); 4] = [
    (16, 1), (-13, 21), (-10, -1), (-19, 9),
];

/// `king.pawn_distance` (2): own, theirs.
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [(i32, i32); 2] = [
    (3, -7), (0, -9),
];

/// `piece.bonus` (8): bishop_pair, rook_open_file, rook_semi_open_file, rook_seventh, knight_outpost, bishop_outpost, knight_pawn_protected, bishop_pawn_protected.
#[rustfmt::skip]
pub const PIECE_BONUS: [(i32, i32); 8] = [
    (49, 52), (54, -8), (27, 1), (-23, 30), (16, 13), (27, -12), (2, -2), (-8, 18),
];

/// `piece.extra` (6): bishop_pawns, minor_behind_pawn, knight_king_distance, bishop_king_distance, rook_queen_file, bishop_long_diagonal.
#[rustfmt::skip]
pub const PIECE_EXTRA: [(i32, i32); 6] = [
    (0, -7), (6, 15), (-2, -3), (-5, 0), (11, 17), (24, 18),
];

/// `threat.by_pawn` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [(i32, i32); 4] = [
    (93, 22), (80, 43), (79, 44), (70, 54),
];

/// `threat.by_minor` (2): rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [(i32, i32); 2] = [
    (78, 19), (76, 40),
];

/// `threat.by_rook` (1): queen.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [(i32, i32); 1] = [
    (80, 67),
];

/// `threat.hanging` (5): pawn, knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_HANGING: [(i32, i32); 5] = [
    (22, 19), (34, 28), (32, 22), (33, 3), (17, -44),
];

/// `threat.minor_on_minor` (1): unprotected.
#[rustfmt::skip]
pub const THREAT_MINOR_ON_MINOR: [(i32, i32); 1] = [
    (20, 31),
];

/// `threat.pawn_push` (1): safe.
#[rustfmt::skip]
pub const THREAT_PAWN_PUSH: [(i32, i32); 1] = [
    (20, 12),
];

/// `threat.extra` (3): by_king, by_major_on_defended, weak_pawn.
#[rustfmt::skip]
pub const THREAT_EXTRA: [(i32, i32); 3] = [
    (42, 7), (0, 38), (-8, 17),
];

/// `threat.queen` (4): knight_on_queen, slider_on_queen, weak_queen_protection, restricted.
#[rustfmt::skip]
pub const THREAT_QUEEN: [(i32, i32); 4] = [
    (9, 0), (14, -8), (11, 1), (5, -2),
];

/// `space` (1): weighted_squares.
#[rustfmt::skip]
pub const SPACE: [(i32, i32); 1] = [
    (1, 0),
];

/// `winnable` (8): passed, pawns, outflanking, both_flanks, infiltration, pawns_only, almost_unwinnable, base.
#[rustfmt::skip]
pub const WINNABLE: [(i32, i32); 8] = [
    (-7, 11), (-1, 11), (-7, 9), (6, 17), (-51, -36), (0, 58), (-47, -39), (-34, -49),
];

/// `misc` (1): tempo.
#[rustfmt::skip]
pub const MISC: [(i32, i32); 1] = [
    (45, 15),
];
