use super::*;
use crate::data_format::tests::temp;
use crate::data_format::{Writer, CHESS, XIANGQI};

/// Every legal move of every position along a few lines codes and decodes to itself, and
/// the codes of different moves differ.
fn codes_round_trip<G: Packable>(fens: &[&str]) {
    for fen in fens {
        let mut pos = G::from_packed(fen).unwrap();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            let mut seen = std::collections::HashSet::new();
            for &mv in moves.as_slice() {
                let text = pos.format_move(mv, MoveStyle::Coord);
                let code = code_of_text(G::LAYOUT, &text).unwrap_or_else(|| panic!("{text}"));
                assert_eq!(code & WRITTEN, 0, "{text}");
                assert!(seen.insert(code), "{text} shares its code");
                let back = text_of_code(G::LAYOUT, code).unwrap();
                assert_eq!(pos.parse_move(&back, MoveStyle::Coord).ok(), Some(mv));
            }
            let Some(&mv) = moves.as_slice().get(moves.len() / 2) else {
                break;
            };
            pos.make(mv);
        }
    }
}

#[test]
fn every_legal_move_has_its_own_code() {
    codes_round_trip::<chess::Position>(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // promotions of every kind, castling both ways
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
        // en passant
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ]);
    codes_round_trip::<xiangqi::Position>(&[
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "3k5/4a4/4b4/9/2c6/9/4R4/9/4A4/3AK4 b - - 0 1",
    ]);
}

#[test]
fn bad_codes_and_texts_are_refused() {
    assert_eq!(code_of_text(&CHESS, "e2e9"), None);
    assert_eq!(code_of_text(&CHESS, "e7e8k"), None);
    assert_eq!(code_of_text(&CHESS, "e2"), None);
    assert_eq!(code_of_text(&XIANGQI, "j0e0"), None);
    assert_eq!(code_of_text(&XIANGQI, "a0a1q"), None);
    assert!(code_of_text(&XIANGQI, "i9a0").is_some());
    // a square past the board, a promotion in xiangqi, a promotion number past queen
    assert_eq!(text_of_code(&CHESS, 5 << 12), None);
    assert_eq!(text_of_code(&XIANGQI, 91), None);
    assert_eq!(text_of_code(&XIANGQI, 1 << 14), None);
    assert_eq!(text_of_code(&CHESS, 4 << 12).as_deref(), Some("a1a1q"));
}

/// A game of `n` plies from `fen` (the middle legal move each time), every third position
/// written, with made-up scores.
fn sample_game<G: Packable>(fen: &str, n: usize, result: GameResult) -> GameLog<G> {
    let start = G::from_packed(fen).unwrap();
    let mut pos = start.clone();
    let mut plies = Vec::new();
    for i in 0..n {
        let moves = pos.legal_moves();
        let Some(&mv) = moves.as_slice().get(moves.len() / 2) else {
            break;
        };
        plies.push(Ply {
            mv,
            score: (i as i16 - 7) * 31,
            written: i % 3 != 1,
        });
        pos.make(mv);
    }
    GameLog {
        start,
        plies,
        result,
    }
}

/// Games written to a game file read back as the same games, and replay into the records a
/// position file of them holds, byte for byte.
fn games_round_trip<G: Packable>(fens: &[&str]) {
    let results = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ];
    let logs: Vec<GameLog<G>> = fens
        .iter()
        .enumerate()
        .map(|(i, fen)| sample_game(fen, 30 + 7 * i, results[i % 3]))
        .collect();
    let mut writer = GameWriter::new(Vec::new(), G::LAYOUT).unwrap();
    let mut positions = Writer::new(Vec::new(), G::LAYOUT).unwrap();
    for log in &logs {
        let mut block = Vec::new();
        log.encode(&mut block).unwrap();
        writer.write_block(&block).unwrap();
        for record in log.records() {
            positions.write(&record).unwrap();
        }
    }
    let bytes = writer.into_inner().unwrap();
    let plies: usize = logs.iter().map(|l| l.plies.len()).sum();
    assert_eq!(
        bytes.len(),
        HEADER + logs.len() * (G::LAYOUT.record_size() + 2) + plies * PLY_BYTES
    );
    let mut reader = GameReader::new(&bytes[..], Some(G::LAYOUT)).unwrap();
    for log in &logs {
        let back = reader.next_game::<G>().unwrap().unwrap();
        assert_eq!(back.result, log.result);
        assert_eq!(back.start.to_fen(), log.start.to_fen());
        assert_eq!(back.plies, log.plies);
    }
    assert!(reader.next_game::<G>().unwrap().is_none());
    // Replayed through the either-kind reader: the position file's records exactly.
    let mut any = AnyReader::new(&bytes[..], Some(G::LAYOUT)).unwrap();
    let mut replayed = Writer::new(Vec::new(), G::LAYOUT).unwrap();
    let mut firsts = 0;
    while let Some((_, record)) = any.next_position::<G>().unwrap() {
        firsts += usize::from(record.first);
        replayed.write(&record).unwrap();
    }
    assert_eq!(firsts, logs.len());
    assert_eq!(
        replayed.into_inner().unwrap(),
        positions.into_inner().unwrap()
    );
}

#[test]
fn games_replay_into_the_records_of_a_position_file() {
    games_round_trip::<chess::Position>(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ]);
    games_round_trip::<xiangqi::Position>(&[
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 b - - 4 3",
    ]);
}

/// A game file's block bytes for one chess game.
fn one_chess_game() -> (Vec<u8>, GameLog<chess::Position>) {
    let log = sample_game::<chess::Position>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        12,
        GameResult::Draw,
    );
    let mut block = Vec::new();
    log.encode(&mut block).unwrap();
    (block, log)
}

#[test]
fn damaged_game_files_are_errors_that_say_what_is_wrong() {
    let (block, _) = one_chess_game();
    let mut file = GameWriter::new(Vec::new(), &CHESS)
        .unwrap()
        .into_inner()
        .unwrap();
    file.extend_from_slice(&block);
    // cut inside the plies
    let cut = &file[..file.len() - 3];
    let mut reader = GameReader::new(cut, None).unwrap();
    let err = reader.next_raw().unwrap_err();
    assert!(
        matches!(err, FormatError::TruncatedGame { index: 0, .. }),
        "{err}"
    );
    // an illegal move: the first ply's to-square moved to h8 (a1 = 0, so h8 = 63)
    let mut bad = file.clone();
    let at = HEADER + CHESS.record_size() + 2;
    let code = u16::from_le_bytes([bad[at], bad[at + 1]]);
    let code = (code & !(63 << 6)) | (63 << 6);
    bad[at..at + 2].copy_from_slice(&code.to_le_bytes());
    let err = GameReader::new(&bad[..], None)
        .unwrap()
        .next_game::<chess::Position>()
        .unwrap_err();
    assert!(err.to_string().contains("ply 1"), "{err}");
    // the other game, and the other kind of file
    let err = GameReader::new(&file[..], Some(&XIANGQI)).err().unwrap();
    assert!(err.to_string().contains("chess"), "{err}");
    let positions = Writer::new(Vec::new(), &CHESS)
        .unwrap()
        .into_inner()
        .unwrap();
    let err = GameReader::new(&positions[..], None).err().unwrap();
    assert!(err.to_string().contains("positions, not games"), "{err}");
    let err = crate::data_format::Reader::new(&file[..], None)
        .err()
        .unwrap();
    assert!(err.to_string().contains("games, not positions"), "{err}");
}

/// An interrupted run leaves part of a game: resuming cuts it off and counts what is whole.
#[test]
fn resuming_a_game_file_cuts_off_a_partial_game() {
    let path = temp("resume.games");
    let (block, log) = one_chess_game();
    let (mut writer, found) = GameWriter::resume(&path, &CHESS).unwrap();
    assert_eq!(found, Resumed::default());
    writer.write_block(&block).unwrap();
    writer.write_block(&block[..block.len() / 2]).unwrap();
    writer.flush().unwrap();
    drop(writer);
    let (mut writer, found) = GameWriter::resume(&path, &CHESS).unwrap();
    assert_eq!(found.games, 1);
    assert_eq!(found.records, log.records().len() as u64);
    assert_eq!(found.dropped, (block.len() / 2) as u64);
    writer.write_block(&block).unwrap();
    drop(writer);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), HEADER + 2 * block.len());
    // a xiangqi run refuses the chess file
    assert!(GameWriter::resume(&path, &XIANGQI).is_err());
    std::fs::remove_file(&path).unwrap();
}

/// Two runs on one file would cut off and overwrite each other's games: while one writer
/// holds the file, a second resume is refused; once it is gone, the file resumes whole.
#[test]
fn a_game_file_in_use_is_not_resumed_twice() {
    let path = temp("busy.games");
    let (block, _) = one_chess_game();
    let (mut first, _) = GameWriter::resume(&path, &CHESS).unwrap();
    first.write_block(&block).unwrap();
    first.flush().unwrap();
    let second = GameWriter::resume(&path, &CHESS);
    assert!(
        matches!(second, Err(FormatError::Busy)),
        "{:?}",
        second.err()
    );
    drop(first);
    let (_, found) = GameWriter::resume(&path, &CHESS).unwrap();
    assert_eq!((found.games, found.dropped), (1, 0));
    std::fs::remove_file(&path).unwrap();
}

/// Damaged bytes anywhere in a game file (a byte changed, the file cut short) are read as
/// games or refused with an error, never a panic, through every reader of the file.
#[test]
fn every_damaged_copy_is_read_or_refused_without_a_panic() {
    let (block, _) = one_chess_game();
    let xiangqi = sample_game::<xiangqi::Position>(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        20,
        GameResult::WhiteWins,
    );
    let mut xq_block = Vec::new();
    xiangqi.encode(&mut xq_block).unwrap();
    for (layout, block) in [(&CHESS, block), (&XIANGQI, xq_block)] {
        let mut file = GameWriter::new(Vec::new(), layout)
            .unwrap()
            .into_inner()
            .unwrap();
        file.extend_from_slice(&block);
        file.extend_from_slice(&block);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut errors = 0;
        for round in 0..3000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut copy = file.clone();
            let at = (state % copy.len() as u64) as usize;
            if round % 10 == 0 {
                copy.truncate(at);
            } else {
                copy[at] ^= 1 << ((state >> 40) % 8);
            }
            let mut failed = false;
            for chess in [true, false] {
                let Ok(mut reader) = AnyReader::new(&copy[..], None) else {
                    failed = true;
                    continue;
                };
                loop {
                    let next = if chess {
                        reader
                            .next_position::<chess::Position>()
                            .map(|p| p.is_some())
                    } else {
                        reader
                            .next_position::<xiangqi::Position>()
                            .map(|p| p.is_some())
                    };
                    match next {
                        Ok(true) => {}
                        Ok(false) => break,
                        Err(_) => {
                            failed = true;
                            break;
                        }
                    }
                }
            }
            errors += usize::from(failed);
        }
        // Most damage is caught (a changed score or a legal other move may read fine).
        assert!(errors > 1500, "{} of 3000 damaged copies refused", errors);
    }
}
