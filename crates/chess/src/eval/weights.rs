//! Evaluation weights of chess: (midgame, endgame) centipawn pairs, one constant per group.
//!
//! Written by `chariot tune`: every weight is named `group.element` in
//! `game::Tunable::weight_names`; each constant below is one group. Regenerate with
//! `chariot tune --game chess --data FILE --out THIS_FILE` rather than editing by hand.

/// `material` (6): pawn, knight, bishop, rook, queen, king.
#[rustfmt::skip]
pub const MATERIAL: [(i32, i32); 6] = [
    (65, 94), (349, 320), (355, 332), (447, 569), (1046, 965), (0, 0),
];

/// `pst.pawn` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_PAWN: [(i32, i32); 64] = [
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (162, 100), (106, 113), (97, 169), (129, 121), (104, 152), (137, 143), (52, 156), (92, 148),
    (39, 47), (15, 59), (16, 43), (15, 53), (13, 73), (22, 65), (22, 55), (26, 56),
    (13, 24), (2, 29), (-2, 33), (1, 17), (6, 26), (6, 25), (1, 37), (13, 24),
    (-12, 13), (-21, 19), (-13, 14), (-3, 5), (-3, 9), (1, 9), (-13, 19), (-18, 11),
    (-18, 8), (-26, 10), (-14, 15), (-16, 13), (-5, 10), (-6, 10), (3, 4), (-16, 5),
    (-16, 15), (-8, 22), (-1, 14), (-6, 20), (-4, 16), (19, 16), (19, 17), (-11, 10),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
];

/// `pst.knight` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KNIGHT: [(i32, i32); 64] = [
    (-100, -52), (-99, -19), (-88, -41), (-13, -50), (48, -34), (-125, -32), (-30, -46), (-117, -69),
    (-17, -44), (-8, -32), (26, -26), (64, -24), (16, -11), (56, -33), (-32, -12), (16, -37),
    (-6, -25), (11, -14), (29, -14), (38, -1), (66, -17), (45, -11), (25, -26), (13, -42),
    (18, -30), (33, -26), (28, 1), (53, -4), (36, 1), (62, -7), (41, -25), (57, -41),
    (20, -42), (27, -31), (31, -10), (28, 1), (40, -6), (52, -21), (42, -19), (24, -37),
    (-21, -23), (0, -26), (5, -19), (13, -3), (16, -4), (13, -18), (19, -37), (-10, -32),
    (-32, -48), (-31, 10), (3, -39), (1, -21), (5, -26), (2, -30), (-6, -49), (-21, -42),
    (-94, -64), (-24, -57), (-25, -28), (-17, -31), (4, -40), (-18, -56), (-23, -53), (-43, -22),
];

/// `pst.bishop` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_BISHOP: [(i32, i32); 64] = [
    (-8, -7), (27, 12), (-5, -8), (-86, 5), (-71, 16), (-159, 12), (-51, 2), (-11, -43),
    (-7, -8), (-31, 0), (-14, 13), (13, 0), (-7, 5), (17, -24), (-32, -16), (-27, 8),
    (7, 8), (8, 13), (14, 1), (31, 3), (39, 3), (10, -23), (42, -4), (36, -22),
    (-1, 12), (45, -1), (22, -3), (60, 9), (24, 14), (35, 1), (37, -5), (26, -14),
    (39, -14), (13, -3), (37, 3), (42, 1), (47, 6), (22, 5), (11, -3), (22, -19),
    (20, -9), (52, -23), (11, -17), (23, 3), (14, 1), (15, -34), (23, -12), (12, -13),
    (52, -33), (17, -32), (34, -6), (5, -3), (13, -11), (15, -18), (17, -35), (34, -49),
    (-3, -13), (23, -10), (3, -18), (7, -10), (11, -18), (-15, -11), (-19, -2), (-9, -17),
];

/// `pst.rook` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_ROOK: [(i32, i32); 64] = [
    (26, 0), (22, 6), (27, -1), (46, 3), (37, -4), (32, -8), (47, -4), (32, 2),
    (19, -12), (22, -11), (50, -18), (53, -32), (39, -23), (68, -22), (23, -15), (49, -23),
    (-5, 18), (19, 10), (-1, 19), (34, -7), (7, 3), (40, 5), (59, -7), (6, 7),
    (-11, 15), (-10, 20), (20, 1), (22, -3), (-5, 8), (26, 0), (14, 5), (5, 1),
    (-27, 10), (-1, 9), (-8, 9), (-10, 3), (-28, 7), (-11, 4), (-1, 6), (-10, -13),
    (-20, -8), (-6, -16), (-15, -13), (-23, -13), (0, -18), (-15, -7), (17, -32), (-3, -37),
    (-38, -24), (-20, -18), (-5, -18), (-19, -24), (1, -26), (15, -40), (13, -38), (-42, -24),
    (-8, -29), (-6, -23), (-1, -19), (11, -29), (22, -46), (17, -35), (-6, -31), (4, -46),
];

/// `pst.queen` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_QUEEN: [(i32, i32); 64] = [
    (-2, -3), (24, -43), (-2, -19), (43, -49), (22, -1), (55, -35), (23, -45), (-10, -1),
    (-31, 6), (-42, 37), (-13, 40), (-41, 75), (-10, 34), (-5, 54), (13, -17), (14, -38),
    (-12, -50), (-8, 15), (-11, 46), (-24, 64), (-1, 69), (27, 4), (10, 12), (2, -18),
    (-30, 17), (-9, 15), (-20, 45), (-24, 81), (-22, 62), (-11, 35), (-2, 32), (5, -13),
    (-13, -9), (-21, 24), (-28, 52), (-19, 54), (-15, 60), (-11, 32), (6, 11), (-11, -19),
    (-24, -33), (-1, -2), (-7, 15), (-3, 7), (-1, 22), (-6, 30), (9, -2), (-9, -13),
    (1, -95), (-10, -36), (8, -54), (13, -47), (10, -14), (10, -62), (22, -51), (21, -146),
    (-13, -45), (-4, -49), (5, -95), (-5, -32), (2, -34), (-8, -52), (-4, -56), (-20, -45),
];

/// `pst.king` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KING: [(i32, i32); 64] = [
    (-40, -182), (72, 71), (26, 82), (30, 27), (-109, -20), (-62, 83), (-74, 50), (30, -81),
    (16, -8), (27, 83), (-58, 89), (-36, 83), (-16, 81), (-136, 125), (-52, 110), (-90, -38),
    (-24, 36), (-78, 73), (-79, 74), (-68, 79), (-96, 83), (-77, 75), (-76, 68), (-56, 9),
    (5, 19), (-4, 44), (-32, 63), (-91, 68), (-67, 72), (-64, 70), (-12, 51), (-37, 37),
    (-13, -10), (17, 19), (-8, 40), (-49, 46), (-79, 50), (-32, 39), (-42, 36), (-15, -9),
    (27, -16), (7, 17), (-24, 31), (-41, 38), (-55, 43), (-32, 31), (-27, 25), (-22, 2),
    (46, -25), (33, 2), (18, 14), (-16, 25), (-23, 22), (-5, 25), (31, 9), (43, -18),
    (-5, -12), (70, -23), (42, 5), (-3, -2), (20, -15), (-8, 7), (64, -19), (69, -50),
];

/// `pawn.passed` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED: [(i32, i32); 8] = [
    (0, 0), (-15, 14), (-2, 8), (19, 31), (46, 48), (96, 78), (140, 70), (0, 0),
];

/// `pawn.passed_king` (2): own_distance, their_distance.
#[rustfmt::skip]
pub const PAWN_PASSED_KING: [(i32, i32); 2] = [
    (-2, -4), (-2, 6),
];

/// `pawn.passed_rook` (2): own_behind, their_behind.
#[rustfmt::skip]
pub const PAWN_PASSED_ROOK: [(i32, i32); 2] = [
    (19, 17), (20, 39),
];

/// `pawn.passed_free` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_FREE: [(i32, i32); 8] = [
    (0, 0), (-27, 29), (-24, 16), (-48, 30), (-3, 48), (44, 56), (57, 63), (0, 0),
];

/// `pawn.passed_safe_stop` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_SAFE_STOP: [(i32, i32); 8] = [
    (0, 0), (18, -10), (15, -5), (8, -2), (6, 13), (35, 33), (0, 0), (0, 0),
];

/// `pawn.passed_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (2, -7), (-4, -1), (-6, -6), (2, -27), (-28, -33), (-52, -49), (0, 0),
];

/// `pawn.race` (1): unstoppable.
#[rustfmt::skip]
pub const PAWN_RACE: [(i32, i32); 1] = [
    (-135, 182),
];

/// `pawn.structure` (3): isolated, doubled, backward.
#[rustfmt::skip]
pub const PAWN_STRUCTURE: [(i32, i32); 3] = [
    (-4, -1), (-6, -17), (-2, -6),
];

/// `pawn.weak` (3): weak_unopposed, blocked_rank5, blocked_rank6.
#[rustfmt::skip]
pub const PAWN_WEAK: [(i32, i32); 3] = [
    (-6, -8), (-22, -14), (-18, -32),
];

/// `pawn.connected` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_CONNECTED: [(i32, i32); 8] = [
    (0, 0), (5, 0), (24, 0), (19, 3), (21, 11), (48, 23), (98, 83), (0, 0),
];

/// `pawn.phalanx` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PHALANX: [(i32, i32); 8] = [
    (0, 0), (8, -6), (10, 0), (9, 7), (16, 20), (84, 75), (67, 92), (0, 0),
];

/// `mobility.knight` (9): n0 .. n8.
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [(i32, i32); 9] = [
    (-24, -61), (-13, -9), (0, 16), (8, 27), (16, 29), (22, 31), (29, 28), (32, 26),
    (28, 15),
];

/// `mobility.bishop` (14): n0 .. n13.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [(i32, i32); 14] = [
    (-36, -53), (-21, -22), (-2, -7), (4, 4), (11, 13), (14, 20), (17, 27), (14, 27),
    (17, 27), (9, 29), (9, 34), (5, 21), (13, 43), (-26, 37),
];

/// `mobility.rook` (15): n0 .. n14.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [(i32, i32); 15] = [
    (-81, -70), (-16, -37), (-5, -7), (-4, 2), (2, 4), (3, 17), (7, 23), (14, 22),
    (15, 27), (18, 30), (17, 38), (13, 46), (31, 42), (31, 43), (20, 38),
];

/// `mobility.queen` (28): n0 .. n27.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [(i32, i32); 28] = [
    (-30, -107), (-41, -49), (-44, -67), (-35, -40), (-33, -35), (-32, -5), (-24, -4), (-22, 41),
    (-17, 32), (-11, 39), (-10, 62), (-7, 63), (-3, 59), (-2, 65), (6, 53), (4, 56),
    (3, 65), (5, 64), (15, 55), (14, 42), (49, 7), (102, -51), (118, -53), (224, -197),
    (115, -104), (154, -174), (15, -15), (18, -184),
];

/// `king.shelter` (4): shield_rank2, shield_rank3, semi_open_file, open_file.
#[rustfmt::skip]
pub const KING_SHELTER: [(i32, i32); 4] = [
    (24, -12), (14, -6), (-9, -8), (-14, -14),
];

/// `king.storm` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM: [(i32, i32); 8] = [
    (0, 0), (72, 48), (-19, 37), (4, -3), (4, -9), (15, -15), (12, -10), (0, 0),
];

/// `king.storm_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (0, 0), (-20, -44), (8, -30), (21, -30), (22, -20), (1, -7), (0, 0),
];

/// `king.attack` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_ATTACK: [(i32, i32); 4] = [
    (-4, -2), (-5, -2), (-14, 4), (-23, 10),
];

/// `king.attackers` (8): n0, n1, n2, n3, n4, n5, n6, n7.
#[rustfmt::skip]
pub const KING_ATTACKERS: [(i32, i32); 8] = [
    (-18, -15), (-22, -18), (2, -12), (25, 19), (73, 34), (93, 10), (70, 0), (80, 0),
];

/// `king.weak_ring` (1): squares.
#[rustfmt::skip]
pub const KING_WEAK_RING: [(i32, i32); 1] = [
    (10, 0),
];

/// `king.danger` (2): squared_units, squared_units_queenless.
#[rustfmt::skip]
pub const KING_DANGER: [(i32, i32); 2] = [
    (10, 0), (-5, 2),
];

/// `king.flank` (3): attacks, defenders, pawnless.
#[rustfmt::skip]
pub const KING_FLANK: [(i32, i32); 3] = [
    (3, -2), (3, -1), (-22, -41),
];

/// `king.safe_check` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECK: [(i32, i32); 4] = [
    (46, 8), (20, 18), (42, 4), (32, 31),
];

/// `king.pawn_distance` (2): own, theirs.
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [(i32, i32); 2] = [
    (2, -7), (0, -10),
];

/// `piece.bonus` (8): bishop_pair, rook_open_file, rook_semi_open_file, rook_seventh, knight_outpost, bishop_outpost, knight_pawn_protected, bishop_pawn_protected.
#[rustfmt::skip]
pub const PIECE_BONUS: [(i32, i32); 8] = [
    (49, 52), (55, -9), (26, 1), (-20, 30), (16, 13), (27, -12), (2, -2), (-8, 18),
];

/// `piece.extra` (6): bishop_pawns, minor_behind_pawn, knight_king_distance, bishop_king_distance, rook_queen_file, bishop_long_diagonal.
#[rustfmt::skip]
pub const PIECE_EXTRA: [(i32, i32); 6] = [
    (0, -7), (5, 15), (-3, -4), (-5, 0), (11, 15), (24, 18),
];

/// `threat.by_pawn` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [(i32, i32); 4] = [
    (92, 23), (78, 43), (79, 46), (69, 53),
];

/// `threat.by_minor` (2): rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [(i32, i32); 2] = [
    (77, 21), (76, 44),
];

/// `threat.by_rook` (1): queen.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [(i32, i32); 1] = [
    (81, 69),
];

/// `threat.hanging` (5): pawn, knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_HANGING: [(i32, i32); 5] = [
    (21, 19), (33, 28), (31, 22), (32, 1), (15, -46),
];

/// `threat.minor_on_minor` (1): unprotected.
#[rustfmt::skip]
pub const THREAT_MINOR_ON_MINOR: [(i32, i32); 1] = [
    (21, 31),
];

/// `threat.pawn_push` (1): safe.
#[rustfmt::skip]
pub const THREAT_PAWN_PUSH: [(i32, i32); 1] = [
    (20, 13),
];

/// `threat.extra` (3): by_king, by_major_on_defended, weak_pawn.
#[rustfmt::skip]
pub const THREAT_EXTRA: [(i32, i32); 3] = [
    (42, 6), (0, 38), (-8, 16),
];

/// `threat.queen` (4): knight_on_queen, slider_on_queen, weak_queen_protection, restricted.
#[rustfmt::skip]
pub const THREAT_QUEEN: [(i32, i32); 4] = [
    (10, 1), (14, -8), (11, 1), (5, -2),
];

/// `space` (1): weighted_squares.
#[rustfmt::skip]
pub const SPACE: [(i32, i32); 1] = [
    (1, 0),
];

/// `winnable` (8): passed, pawns, outflanking, both_flanks, infiltration, pawns_only, almost_unwinnable, base.
#[rustfmt::skip]
pub const WINNABLE: [(i32, i32); 8] = [
    (-7, 11), (-1, 11), (-7, 9), (5, 17), (-51, -36), (0, 57), (-46, -39), (-33, -49),
];

/// `misc` (1): tempo.
#[rustfmt::skip]
pub const MISC: [(i32, i32); 1] = [
    (44, 15),
];
