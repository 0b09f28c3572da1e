//! Evaluation weights of chess: (midgame, endgame) centipawn pairs, one constant per group.
//!
//! Written by `chariot tune`: every weight is named `group.element` in
//! `game::Tunable::weight_names`; each constant below is one group. Regenerate with
//! `chariot tune --game chess --data FILE --out THIS_FILE` rather than editing by hand.

/// `material` (6): pawn, knight, bishop, rook, queen, king.
#[rustfmt::skip]
pub const MATERIAL: [(i32, i32); 6] = [
    (67, 97), (350, 328), (362, 337), (478, 551), (1064, 966), (0, 0),
];

/// `pst.pawn` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_PAWN: [(i32, i32); 64] = [
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
    (160, 110), (146, 135), (79, 148), (116, 132), (120, 122), (124, 134), (30, 147), (100, 99),
    (40, 55), (8, 72), (2, 65), (10, 48), (4, 51), (22, 47), (9, 67), (35, 34),
    (15, 43), (9, 31), (1, 19), (-6, 16), (-2, 22), (10, 23), (5, 36), (12, 23),
    (-7, 18), (-17, 24), (-7, 16), (-2, 13), (-1, 14), (0, 14), (-3, 22), (-12, 10),
    (-16, 12), (-21, 12), (-11, 14), (-14, 22), (-9, 19), (-6, 19), (10, 5), (-11, -2),
    (-10, 21), (-7, 22), (3, 23), (-10, 37), (-7, 34), (20, 24), (27, 12), (-8, 6),
    (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
];

/// `pst.knight` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KNIGHT: [(i32, i32); 64] = [
    (-105, -50), (-96, -46), (-103, -1), (-26, -3), (37, -16), (-146, 3), (-8, -70), (-93, -29),
    (-15, -28), (-10, -3), (30, -1), (49, -41), (17, -9), (26, -31), (-28, -4), (8, -58),
    (-13, -14), (20, -31), (37, -3), (51, -2), (46, 4), (53, -4), (27, -14), (-12, -25),
    (19, -4), (35, -12), (39, -3), (56, -4), (36, -4), (72, -14), (41, -24), (58, -28),
    (15, -28), (31, -20), (38, -8), (37, -4), (43, -8), (59, -23), (48, -44), (31, -35),
    (-14, -31), (13, -34), (12, -19), (24, -7), (31, -14), (24, -32), (34, -48), (4, -44),
    (-10, -45), (-28, -26), (1, -39), (17, -36), (24, -43), (16, -62), (12, -43), (-4, -40),
    (-114, -55), (-18, -42), (-18, -33), (-8, -36), (14, -45), (1, -67), (-9, -44), (-1, -56),
];

/// `pst.bishop` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_BISHOP: [(i32, i32); 64] = [
    (-19, -18), (-9, 6), (-29, 29), (-72, 27), (-69, 28), (-147, 41), (-73, 29), (-1, -12),
    (-12, -19), (-35, 1), (12, 15), (8, 8), (-5, 17), (5, 34), (-67, 16), (-37, 11),
    (1, 20), (33, 0), (16, -4), (34, 5), (31, 13), (20, 9), (34, 15), (27, 0),
    (25, 2), (45, -6), (37, -3), (57, -1), (34, 21), (58, 7), (37, 0), (38, -15),
    (31, -22), (19, -4), (47, 4), (50, 6), (62, -7), (33, -1), (20, -9), (-4, -3),
    (17, -8), (40, -16), (11, -10), (32, -3), (20, 4), (23, -33), (28, -13), (23, -18),
    (46, -22), (15, -24), (33, -12), (12, -7), (27, -22), (31, -31), (26, -46), (17, -41),
    (-17, -22), (31, -37), (4, -15), (6, -18), (16, -21), (-4, -19), (-33, -6), (2, -40),
];

/// `pst.rook` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_ROOK: [(i32, i32); 64] = [
    (52, -6), (30, 9), (26, 7), (49, -2), (42, -5), (15, 8), (55, -6), (43, -2),
    (23, -6), (17, -12), (42, -10), (65, -23), (51, -22), (46, -7), (29, -14), (52, -23),
    (8, 5), (37, -3), (34, -3), (57, -23), (54, -24), (68, -16), (44, -12), (20, -6),
    (-3, 6), (5, 9), (16, 2), (20, 3), (23, -2), (29, 7), (13, 4), (6, -3),
    (-12, 1), (0, 2), (6, 2), (-6, 11), (-2, -1), (3, -4), (4, 6), (-10, -8),
    (-11, -27), (4, -32), (-18, -3), (-9, -9), (-3, -10), (-6, -17), (28, -28), (6, -35),
    (-25, -29), (-5, -34), (4, -24), (11, -32), (1, -17), (0, -21), (10, -49), (-40, -21),
    (-1, -24), (6, -28), (9, -17), (16, -26), (24, -34), (23, -28), (-6, -16), (4, -34),
];

/// `pst.queen` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_QUEEN: [(i32, i32); 64] = [
    (-54, -4), (6, -1), (20, -13), (49, -33), (41, -14), (37, -25), (26, -41), (4, -18),
    (-38, -7), (-32, 14), (-4, 13), (-19, 25), (-5, 20), (33, 2), (14, -43), (33, -27),
    (-23, -2), (-11, 29), (-11, 38), (-10, 43), (15, 45), (57, 24), (9, 2), (17, -18),
    (-27, 15), (-2, 14), (-10, 33), (-12, 63), (-22, 94), (-9, 49), (4, 31), (15, -25),
    (-10, -11), (-22, 26), (-5, 36), (-8, 74), (-5, 64), (-8, 41), (7, -9), (-11, 0),
    (-18, -9), (7, -19), (-6, 13), (1, 9), (-1, 18), (-1, 24), (9, -4), (-15, -6),
    (4, -100), (-7, -19), (13, -43), (11, -41), (16, -48), (19, -72), (23, -81), (-1, -133),
    (-20, -43), (-18, -39), (3, -85), (2, -60), (5, -57), (-4, -84), (-1, -61), (-19, -31),
];

/// `pst.king` (64): a8 .. h1.
#[rustfmt::skip]
pub const PST_KING: [(i32, i32); 64] = [
    (-25, -117), (58, 0), (44, 48), (9, 54), (-12, 104), (-29, 33), (-124, 16), (-23, -194),
    (-11, -43), (19, 69), (-63, 101), (-54, 85), (-53, 71), (-137, 41), (-56, 35), (-82, -21),
    (-25, 40), (-60, 73), (-83, 101), (-83, 84), (-66, 87), (-86, 83), (-43, 76), (-69, 35),
    (0, 24), (49, 30), (-54, 73), (-69, 71), (-68, 63), (-47, 61), (5, 48), (-59, 14),
    (-5, 2), (-5, 32), (-32, 42), (-77, 52), (-43, 47), (-16, 41), (5, 31), (-28, 3),
    (1, -8), (3, 22), (-29, 33), (-25, 27), (-35, 38), (-26, 32), (4, 24), (-27, 4),
    (60, -28), (12, 12), (13, 12), (-6, 15), (-11, 17), (10, 18), (41, 12), (59, -19),
    (-22, 5), (55, -11), (45, 1), (-5, -9), (22, -23), (-5, 1), (59, -11), (64, -42),
];

/// `pawn.passed` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED: [(i32, i32); 8] = [
    (0, 0), (-18, 15), (-4, 4), (17, 22), (46, 44), (96, 77), (140, 66), (0, 0),
];

/// `pawn.passed_king` (2): own_distance, their_distance.
#[rustfmt::skip]
pub const PAWN_PASSED_KING: [(i32, i32); 2] = [
    (-1, -4), (-2, 7),
];

/// `pawn.passed_rook` (2): own_behind, their_behind.
#[rustfmt::skip]
pub const PAWN_PASSED_ROOK: [(i32, i32); 2] = [
    (16, 19), (26, 41),
];

/// `pawn.passed_free` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_FREE: [(i32, i32); 8] = [
    (0, 0), (-41, 26), (-55, 31), (-64, 42), (-43, 49), (37, 50), (54, 59), (0, 0),
];

/// `pawn.passed_safe_stop` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_SAFE_STOP: [(i32, i32); 8] = [
    (0, 0), (12, -5), (8, 2), (0, 4), (11, 9), (36, 22), (0, 0), (0, 0),
];

/// `pawn.passed_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PASSED_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (4, -4), (0, -2), (-6, -4), (-13, -20), (-29, -29), (-52, -49), (0, 0),
];

/// `pawn.race` (1): unstoppable.
#[rustfmt::skip]
pub const PAWN_RACE: [(i32, i32); 1] = [
    (-136, 262),
];

/// `pawn.structure` (3): isolated, doubled, backward.
#[rustfmt::skip]
pub const PAWN_STRUCTURE: [(i32, i32); 3] = [
    (-3, 0), (-9, -19), (-5, 1),
];

/// `pawn.weak` (3): weak_unopposed, blocked_rank5, blocked_rank6.
#[rustfmt::skip]
pub const PAWN_WEAK: [(i32, i32); 3] = [
    (-10, -14), (-22, -13), (-20, -34),
];

/// `pawn.connected` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_CONNECTED: [(i32, i32); 8] = [
    (0, 0), (5, 0), (21, 3), (19, -2), (22, 1), (49, 36), (99, 87), (0, 0),
];

/// `pawn.phalanx` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const PAWN_PHALANX: [(i32, i32); 8] = [
    (0, 0), (5, -1), (7, 4), (8, 9), (16, 32), (48, 84), (58, 89), (0, 0),
];

/// `mobility.knight` (9): n0 .. n8.
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [(i32, i32); 9] = [
    (-15, -32), (3, -9), (16, 11), (25, 16), (31, 28), (35, 36), (38, 32), (43, 27),
    (30, 17),
];

/// `mobility.bishop` (14): n0 .. n13.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [(i32, i32); 14] = [
    (-21, -59), (-6, -17), (7, -5), (13, 0), (17, 13), (18, 22), (16, 27), (15, 28),
    (15, 34), (9, 35), (12, 38), (-7, 41), (-28, 33), (-67, 51),
];

/// `mobility.rook` (15): n0 .. n14.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [(i32, i32); 15] = [
    (-27, -62), (-6, -29), (-3, -10), (5, -1), (6, 10), (10, 15), (12, 21), (14, 24),
    (15, 29), (15, 33), (16, 39), (19, 41), (22, 42), (13, 50), (48, 21),
];

/// `mobility.queen` (28): n0 .. n27.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [(i32, i32); 28] = [
    (-39, -110), (-29, -48), (-28, -63), (-27, -22), (-21, -13), (-19, 6), (-18, 30), (-15, 41),
    (-14, 53), (-10, 47), (-8, 62), (-8, 69), (-7, 73), (-5, 78), (-2, 78), (-3, 80),
    (-2, 72), (19, 52), (32, 33), (36, 26), (56, -1), (91, -50), (96, -57), (216, -211),
    (122, -85), (131, -172), (1, -3), (-6, -185),
];

/// `king.shelter` (4): shield_rank2, shield_rank3, semi_open_file, open_file.
#[rustfmt::skip]
pub const KING_SHELTER: [(i32, i32); 4] = [
    (25, -17), (13, -12), (-13, -3), (-16, -15),
];

/// `king.storm` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM: [(i32, i32); 8] = [
    (0, 0), (48, 51), (-22, 33), (1, -1), (7, -9), (18, -15), (8, -8), (0, 0),
];

/// `king.storm_blocked` (8): r1, r2, r3, r4, r5, r6, r7, r8.
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [(i32, i32); 8] = [
    (0, 0), (0, 0), (-17, -25), (11, -27), (19, -19), (20, -17), (30, 2), (0, 0),
];

/// `king.attack` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_ATTACK: [(i32, i32); 4] = [
    (-3, -5), (-5, -5), (-13, 5), (-21, 9),
];

/// `king.attackers` (8): n0, n1, n2, n3, n4, n5, n6, n7.
#[rustfmt::skip]
pub const KING_ATTACKERS: [(i32, i32); 8] = [
    (-20, -14), (-24, -18), (3, -14), (29, 23), (77, 58), (87, 11), (70, 0), (80, 0),
];

/// `king.weak_ring` (1): squares.
#[rustfmt::skip]
pub const KING_WEAK_RING: [(i32, i32); 1] = [
    (13, -2),
];

/// `king.danger` (2): squared_units, squared_units_queenless.
#[rustfmt::skip]
pub const KING_DANGER: [(i32, i32); 2] = [
    (9, 2), (-6, 2),
];

/// `king.flank` (3): attacks, defenders, pawnless.
#[rustfmt::skip]
pub const KING_FLANK: [(i32, i32); 3] = [
    (5, -4), (4, -3), (-7, -33),
];

/// `king.safe_check` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECK: [(i32, i32); 4] = [
    (50, 1), (21, 13), (54, -10), (38, 4),
];

/// `king.pawn_distance` (2): own, theirs.
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [(i32, i32); 2] = [
    (4, -13), (-2, -2),
];

/// `piece.bonus` (8): bishop_pair, rook_open_file, rook_semi_open_file, rook_seventh, knight_outpost, bishop_outpost, knight_pawn_protected, bishop_pawn_protected.
#[rustfmt::skip]
pub const PIECE_BONUS: [(i32, i32); 8] = [
    (51, 46), (63, -11), (28, 2), (-8, 27), (21, 18), (30, -13), (-1, -7), (-8, 18),
];

/// `piece.extra` (6): bishop_pawns, minor_behind_pawn, knight_king_distance, bishop_king_distance, rook_queen_file, bishop_long_diagonal.
#[rustfmt::skip]
pub const PIECE_EXTRA: [(i32, i32); 6] = [
    (0, -8), (9, 18), (0, -8), (-2, -4), (14, 9), (27, 14),
];

/// `threat.by_pawn` (4): knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [(i32, i32); 4] = [
    (91, 20), (78, 58), (84, 36), (66, 50),
];

/// `threat.by_minor` (2): rook, queen.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [(i32, i32); 2] = [
    (71, 18), (71, 31),
];

/// `threat.by_rook` (1): queen.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [(i32, i32); 1] = [
    (68, 68),
];

/// `threat.hanging` (5): pawn, knight, bishop, rook, queen.
#[rustfmt::skip]
pub const THREAT_HANGING: [(i32, i32); 5] = [
    (26, 22), (34, 19), (31, 22), (35, 0), (22, -49),
];

/// `threat.minor_on_minor` (1): unprotected.
#[rustfmt::skip]
pub const THREAT_MINOR_ON_MINOR: [(i32, i32); 1] = [
    (21, 26),
];

/// `threat.pawn_push` (1): safe.
#[rustfmt::skip]
pub const THREAT_PAWN_PUSH: [(i32, i32); 1] = [
    (20, 11),
];

/// `threat.extra` (3): by_king, by_major_on_defended, weak_pawn.
#[rustfmt::skip]
pub const THREAT_EXTRA: [(i32, i32); 3] = [
    (43, 6), (1, 32), (-10, 19),
];

/// `threat.queen` (4): knight_on_queen, slider_on_queen, weak_queen_protection, restricted.
#[rustfmt::skip]
pub const THREAT_QUEEN: [(i32, i32); 4] = [
    (8, 1), (8, 7), (12, -5), (7, -5),
];

/// `space` (1): weighted_squares.
#[rustfmt::skip]
pub const SPACE: [(i32, i32); 1] = [
    (1, 1),
];

/// `misc` (1): tempo.
#[rustfmt::skip]
pub const MISC: [(i32, i32); 1] = [
    (40, 13),
];
