//! Evaluation weights of chess: (midgame, endgame) centipawn pairs, one constant per group.
//!
//! Written by `chariot tune`: every weight is named `group.element` in
//! `game::Tunable::weight_names`; each constant below is one group. Regenerate with
//! `chariot tune --game chess --data FILE --out THIS_FILE` rather than editing by hand.

/// `material` (6): pawn, knight, bishop, rook, queen, king.
#[rustfmt::skip]
pub const MATERIAL: [(i32, i32); 6] = [
    (73, 94), (347, 339), (353, 358), (458, 596), (1075, 1008), (0, 0),
];

/// `pst.pawn` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_PAWN: [(i32, i32); 64] = [
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (144, 108), (115, 102), (116, 155), (112, 150), (75, 153), (96, 146), (75, 172), (98, 142),
    (46, 64), (9, 68), (2, 66), (31, 46), (10, 59), (19, 53), (19, 54), (25, 71),
    (13, 25), (6, 31), (2, 29), (4, 21), (7, 15), (10, 20), (10, 32), (13, 24),
    (-11, 17), (-16, 14), (-8, 13), (-6, 9), (0, 6), (-1, 13), (-9, 23), (-15, 13),
    (-19, 10), (-24, 15), (-14, 14), (-19, 17), (-10, 15), (-11, 22), (5, 4), (-19, 2),
    (-15, 17), (-4, 19), (2, 10), (-12, 19), (-9, 16), (16, 20), (23, 11), (-9, 5),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
];

/// `pst.knight` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KNIGHT: [(i32, i32); 64] = [
    (-113, -107), (-112, -11), (-105, -26), (-6, -12), (24, -28), (-156, -43), (-12, -37), (-90, -65),
    (-50, -7), (-7, -10), (14, -8), (55, -22), (24, -14), (38, -24), (15, -38), (-25, -44),
    (-24, -6), (16, -24), (40, -7), (44, 5), (43, -4), (58, -12), (23, -15), (4, -50),
    (20, -31), (30, -13), (34, 6), (35, 9), (28, 10), (46, 9), (39, -12), (52, -13),
    (17, -19), (12, -7), (33, -8), (27, 0), (20, 4), (42, -10), (34, -23), (22, -38),
    (-16, -54), (13, -41), (4, -12), (5, -2), (20, -16), (14, -21), (16, -30), (-12, -42),
    (-25, -31), (-1, -21), (2, -56), (1, -24), (6, -29), (2, -45), (-8, -29), (-17, -52),
    (-79, -55), (-25, -54), (-10, -44), (-27, -22), (-9, -49), (0, -63), (-21, -59), (-4, -38),
];

/// `pst.bishop` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_BISHOP: [(i32, i32); 64] = [
    (-20, -14), (-32, 4), (-47, 12), (-100, 35), (-69, 32), (-222, 34), (-52, 66), (4, -27),
    (-13, -26), (-39, 0), (-18, 21), (1, 8), (-8, 3), (22, 3), (-61, -2), (-48, -7),
    (-2, 22), (10, -6), (-20, 12), (19, 20), (36, 2), (20, -4), (23, 13), (24, -7),
    (8, 1), (34, 11), (30, 1), (56, 19), (28, 19), (47, 5), (43, -7), (3, -12),
    (20, -24), (21, 2), (34, 1), (33, 11), (40, 9), (24, 10), (19, 6), (25, -26),
    (15, -7), (45, -12), (22, -33), (20, -2), (21, -8), (-1, -16), (24, -11), (14, -15),
    (23, -13), (19, -29), (16, -14), (11, -13), (14, -17), (31, -41), (15, -39), (36, -48),
    (-33, 16), (12, -42), (6, -22), (9, -14), (12, -44), (-13, -13), (-14, -21), (-17, -22),
];

/// `pst.rook` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_ROOK: [(i32, i32); 64] = [
    (29, 12), (29, -1), (-4, 21), (7, 17), (22, 11), (15, 7), (25, 11), (18, 9),
    (27, -6), (22, -1), (58, -15), (56, -13), (48, -21), (63, -14), (2, 9), (23, -14),
    (-7, 26), (-5, 19), (11, 10), (40, -2), (70, -2), (19, 19), (20, 10), (-3, 18),
    (-10, 22), (11, 19), (13, 15), (-6, 18), (27, 3), (16, 16), (18, 18), (-6, 13),
    (-30, 26), (-19, 17), (-12, 23), (-4, 3), (-4, 5), (18, 2), (15, 12), (-13, 6),
    (-15, -2), (-4, 3), (-10, -2), (-13, 3), (2, -11), (-11, 9), (6, -17), (3, -9),
    (-26, -7), (-29, 0), (-11, -3), (-2, -17), (6, -23), (11, -22), (11, -24), (-39, -9),
    (-3, -20), (1, -20), (0, -10), (13, -21), (16, -22), (16, -25), (-13, -15), (1, -40),
];

/// `pst.queen` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_QUEEN: [(i32, i32); 64] = [
    (-69, 54), (12, 34), (-10, 31), (33, -17), (9, 48), (76, 7), (26, 14), (-40, 24),
    (-39, 13), (-34, 43), (-33, 77), (-16, 87), (-18, 40), (27, 17), (7, -23), (5, -24),
    (-23, 10), (-25, 38), (-28, 61), (-21, 67), (-12, 85), (15, 34), (8, -9), (17, 6),
    (-46, 24), (-11, 42), (-12, 58), (-36, 85), (-12, 98), (-17, 57), (1, 20), (-5, 26),
    (-7, -12), (-18, 14), (-14, 33), (-12, 61), (0, 41), (0, 28), (13, 5), (-18, 11),
    (-25, 27), (6, -10), (-14, 40), (4, -3), (3, 26), (-2, 29), (6, -4), (-10, 22),
    (7, -63), (-1, -18), (6, -32), (7, -4), (17, -40), (21, -63), (21, -91), (9, -108),
    (-3, -44), (-6, -36), (6, -31), (-2, -25), (13, -67), (-16, -63), (-1, -94), (-12, -31),
];

/// `pst.king` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KING: [(i32, i32); 64] = [
    (-37, -135), (22, 1), (83, 18), (40, -16), (-50, 0), (-32, 60), (-18, 38), (10, -152),
    (45, 38), (12, 0), (-52, 55), (-30, 28), (40, 11), (-120, 49), (-1, 33), (-49, -8),
    (-5, -14), (-32, 49), (-64, 57), (-27, 33), (-20, 38), (-54, 43), (4, 44), (-99, -23),
    (16, 14), (3, 10), (-39, 31), (-64, 37), (-51, 40), (-48, 43), (-13, 33), (-50, 16),
    (-21, -4), (-24, 13), (-57, 23), (-72, 29), (-60, 21), (-18, 20), (-34, 18), (-39, 5),
    (-10, -12), (-4, -3), (-32, 19), (-48, 20), (-65, 25), (-39, 21), (-3, 6), (4, -13),
    (36, -17), (25, -4), (1, 3), (-16, 6), (-21, 1), (-5, 6), (33, -9), (26, -13),
    (-34, -19), (51, -20), (28, -1), (-20, -19), (15, -24), (-25, 1), (47, -23), (39, -39),
];

/// `pawn.passed` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED: [(i32, i32); 8] = [
    (0, 0), (-20, 17), (2, 0), (15, 34), (53, 49), (99, 76), (149, 82), (0, 0),
];

/// `pawn.passed_king` (2): own_distance, their_distance.
#[rustfmt::skip]
pub const PAWN_PASSED_KING: [(i32, i32); 2] = [
    (-2, -5), (-2, 7),
];

/// `pawn.passed_rook` (2): own_behind, their_behind.
#[rustfmt::skip]
pub const PAWN_PASSED_ROOK: [(i32, i32); 2] = [
    (21, 13), (36, 48),
];

/// `pawn.passed_free` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_FREE: [(i32, i32); 8] = [
    (0, 0), (-34, 16), (-20, 14), (-56, 31), (-8, 45), (50, 55), (50, 55), (0, 0),
];

/// `pawn.passed_safe_stop` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_SAFE_STOP: [(i32, i32); 8] = [
    (0, 0), (8, -4), (18, 2), (4, -4), (16, 10), (30, 23), (0, 0), (0, 0),
];

/// `pawn.passed_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (-2, 6), (-12, 14), (1, -12), (-15, -21), (-8, -32), (-46, -59), (0, 0),
];

/// `pawn.race` (1): unstoppable.
#[rustfmt::skip]
pub const PAWN_RACE: [(i32, i32); 1] = [
    (-141, 207),
];

/// `pawn.structure` (3): isolated, doubled, backward.
#[rustfmt::skip]
pub const PAWN_STRUCTURE: [(i32, i32); 3] = [
    (1, -2), (-10, -20), (-1, -5),
];

/// `pawn.weak` (3): weak_unopposed, blocked_rank5, blocked_rank6.
#[rustfmt::skip]
pub const PAWN_WEAK: [(i32, i32); 3] = [
    (-13, -10), (-15, -14), (-11, -37),
];

/// `pawn.connected` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_CONNECTED: [(i32, i32); 8] = [
    (0, 0), (5, 0), (25, 1), (19, 2), (22, 7), (46, 54), (71, 112), (0, 0),
];

/// `pawn.phalanx` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PHALANX: [(i32, i32); 8] = [
    (0, 0), (7, -3), (11, 1), (10, 7), (14, 33), (90, 94), (61, 87), (0, 0),
];

/// `mobility.knight` (9): n0 .. n8.
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [(i32, i32); 9] = [
    (-35, -74), (-16, -5), (0, 27), (9, 35), (15, 39), (19, 44), (25, 42), (32, 35),
    (33, 18),
];

/// `mobility.bishop` (14): n0 .. n13.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [(i32, i32); 14] = [
    (-29, -62), (-20, -10), (-2, 5), (3, 12), (9, 21), (12, 29), (11, 36), (13, 37),
    (6, 42), (5, 42), (15, 35), (-3, 38), (-18, 47), (-69, 40),
];

/// `mobility.rook` (15): n0 .. n14.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [(i32, i32); 15] = [
    (-87, -76), (-15, -23), (-2, -7), (-1, 4), (2, 17), (4, 18), (7, 29), (11, 27),
    (14, 35), (15, 40), (10, 48), (12, 52), (9, 58), (12, 64), (-2, 52),
];

/// `mobility.queen` (28): n0 .. n27.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [(i32, i32); 28] = [
    (-30, -107), (-48, -55), (-46, -61), (-33, -49), (-29, -7), (-28, 31), (-25, 22), (-20, 54),
    (-13, 54), (-12, 55), (-7, 66), (-7, 80), (0, 66), (-1, 80), (-2, 95), (4, 79),
    (3, 83), (8, 78), (22, 76), (31, 49), (53, 30), (99, -17), (80, -21), (211, -160),
    (145, -71), (150, -146), (-9, -17), (30, -122),
];

/// `king.shelter` (4): shield_rank2, shield_rank3, semi_open_file, open_file.
#[rustfmt::skip]
pub const KING_SHELTER: [(i32, i32); 4] = [
    (25, -14), (13, -6), (-12, -3), (-20, -8),
];

/// `king.storm` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM: [(i32, i32); 8] = [
    (0, 0), (72, 43), (-23, 40), (2, 0), (2, -9), (11, -10), (6, -3), (0, 0),
];

/// `king.storm_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (0, 0), (-23, -17), (13, -27), (10, -25), (20, -20), (0, 20), (0, 0),
];

/// `king.attack` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_ATTACK: [(i32, i32); 4] = [
    (-10, -1), (-11, 0), (-15, 5), (-17, 17),
];

/// `king.attackers` (8): n0, n1, n2, n3, n4, n5, n6, n7.
#[rustfmt::skip]
pub const KING_ATTACKERS: [(i32, i32); 8] = [
    (-13, -13), (-16, -16), (11, -13), (21, 15), (23, 58), (33, 14), (70, 0), (80, 0),
];

/// `king.weak_ring` (1): squares.
#[rustfmt::skip]
pub const KING_WEAK_RING: [(i32, i32); 1] = [
    (-2, -3),
];

/// `king.danger` (2): squared_units, squared_units_queenless.
#[rustfmt::skip]
pub const KING_DANGER: [(i32, i32); 2] = [
    (5, -2), (-7, 0),
];

/// `king.danger_sf` (2): squared, linear.
#[rustfmt::skip]
pub const KING_DANGER_SF: [(i32, i32); 2] = [
    (1, 0), (6, 3),
];

/// `king.flank` (3): attacks, defenders, pawnless.
#[rustfmt::skip]
pub const KING_FLANK: [(i32, i32); 3] = [
    (2, -3), (2, 0), (-20, -39),
];

/// `king.safe_check` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECK: [(i32, i32); 4] = [
    (21, 0), (-19, 25), (-14, 0), (-29, 36),
];

/// `king.pawn_distance` (2): own, theirs.
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [(i32, i32); 2] = [
    (6, -13), (0, -9),
];

/// `piece.bonus` (8): bishop_pair, rook_open_file, rook_semi_open_file, rook_seventh, knight_outpost, bishop_outpost, knight_pawn_protected, bishop_pawn_protected.
#[rustfmt::skip]
pub const PIECE_BONUS: [(i32, i32); 8] = [
    (45, 54), (45, -2), (27, 0), (-17, 21), (12, 15), (21, -13), (3, 0), (-4, 16),
];

/// `piece.extra` (6): bishop_pawns, minor_behind_pawn, knight_king_distance, bishop_king_distance, rook_queen_file, bishop_long_diagonal.
#[rustfmt::skip]
pub const PIECE_EXTRA: [(i32, i32); 6] = [
    (-1, -6), (7, 17), (-3, -3), (-2, -3), (12, 14), (24, 21),
];

/// `threat.by_pawn` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [(i32, i32); 4] = [
    (89, 25), (67, 57), (77, 44), (73, 54),
];

/// `threat.by_minor` (2): rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [(i32, i32); 2] = [
    (74, 22), (73, 51),
];

/// `threat.by_rook` (1): queen.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [(i32, i32); 1] = [
    (60, 87),
];

/// `threat.hanging` (5): pawn, knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_HANGING: [(i32, i32); 5] = [
    (26, 15), (35, 28), (30, 26), (27, 6), (12, -22),
];

/// `threat.minor_on_minor` (1): unprotected.
#[rustfmt::skip]
pub const THREAT_MINOR_ON_MINOR: [(i32, i32); 1] = [
    (16, 27),
];

/// `threat.pawn_push` (1): safe.
#[rustfmt::skip]
pub const THREAT_PAWN_PUSH: [(i32, i32); 1] = [
    (18, 19),
];

/// `threat.extra` (3): by_king, by_major_on_defended, weak_pawn.
#[rustfmt::skip]
pub const THREAT_EXTRA: [(i32, i32); 3] = [
    (33, 11), (1, 37), (-9, 17),
];

/// `threat.queen` (4): knight_on_queen, slider_on_queen, weak_queen_protection, restricted.
#[rustfmt::skip]
pub const THREAT_QUEEN: [(i32, i32); 4] = [
    (11, 0), (10, 2), (12, -3), (4, -1),
];

/// `space` (1): weighted_squares.
#[rustfmt::skip]
pub const SPACE: [(i32, i32); 1] = [
    (1, 0),
];

/// `winnable` (8): passed, pawns, outflanking, both_flanks, infiltration, pawns_only, almost_unwinnable, base.
#[rustfmt::skip]
pub const WINNABLE: [(i32, i32); 8] = [
    (-3, 3), (0, 9), (-5, 4), (7, 19), (-53, -18), (0, 56), (-43, -33), (-31, -49),
];

/// `misc` (1): tempo.
#[rustfmt::skip]
pub const MISC: [(i32, i32); 1] = [
    (40, 16),
];
