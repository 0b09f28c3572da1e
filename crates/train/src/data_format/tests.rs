use super::*;
use std::path::{Path, PathBuf};

/// A fresh temporary path for test `name`.
/// A fresh path in the temporary folder for this test process's file `name` (shared with
/// the game-file tests).
pub(super) fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chariot-format-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn record(fen: String, score: i16, result: GameResult, first: bool) -> Record {
    Record {
        fen,
        score,
        result,
        first,
    }
}

/// Packs each FEN of `G` into a file and reads it back: the same positions (as the game
/// writes them), scores, results and first-of-game marks.
fn round_trip<G: Packable>(fens: &[&str]) {
    let originals: Vec<Record> = fens
        .iter()
        .enumerate()
        .map(|(i, fen)| {
            let pos = G::from_packed(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let result = [
                GameResult::BlackWins,
                GameResult::Draw,
                GameResult::WhiteWins,
            ][i % 3];
            record(pos.to_fen(), i as i16 * 97 - 300, result, i % 2 == 0)
        })
        .collect();
    let mut writer = Writer::new(Vec::new(), G::LAYOUT).unwrap();
    for r in &originals {
        writer.write(r).unwrap();
    }
    let bytes = writer.into_inner().unwrap();
    assert_eq!(bytes.len(), HEADER + fens.len() * G::LAYOUT.record_size());
    let mut reader = Reader::new(&bytes[..], Some(G::LAYOUT)).unwrap();
    for original in &originals {
        let (pos, read) = reader.next_position::<G>().unwrap().unwrap();
        assert_eq!(pos.to_fen(), original.fen);
        assert_eq!(read.fen, original.fen, "the FEN itself comes back verbatim");
        assert_eq!(read, *original);
    }
    assert!(reader.next_record().unwrap().is_none());
}

#[test]
fn chess_positions_round_trip_with_castling_en_passant_and_promotions() {
    assert_eq!(CHESS.record_size(), 32);
    round_trip::<chess::Position>(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // en passant after 1.e4 and after 1.e4 d5 2.e5 f5
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        // some castling rights only, clocks
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 13 40",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 41",
        // promoted pieces: three white queens, two black knights more
        "1k6/8/8/8/8/8/QQQ5/1K3nnn b - - 0 60",
        "4k3/8/8/8/8/8/8/4K3 w - - 99 200",
    ]);
}

#[test]
fn chess960_castling_rights_of_inner_rooks_round_trip() {
    round_trip::<chess::Position>(&[
        // rooks on b and g, an extra rook on h: the g-rook's right is written `G`
        "1r2k1rr/ppppppp1/8/8/8/8/PPPPPPP1/1R2K1RR w GBgb - 0 1",
        "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN b KQkq - 4 9",
    ]);
}

#[test]
fn xiangqi_positions_round_trip_with_black_to_move() {
    assert_eq!(XIANGQI.record_size(), 34);
    round_trip::<xiangqi::Position>(&[
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        "3k5/4a4/9/9/2P6/9/9/9/4A4/3AK4 b - - 7 52",
    ]);
}

/// A file of two chess records.
fn chess_file(path: &Path) -> Vec<u8> {
    let mut writer = Writer::new(Vec::new(), &CHESS).unwrap();
    for first in [true, false] {
        let fen = chess::Position::start().to_fen();
        writer
            .write(&record(fen, 20, GameResult::Draw, first))
            .unwrap();
    }
    let bytes = writer.into_inner().unwrap();
    std::fs::write(path, &bytes).unwrap();
    bytes
}

#[test]
fn truncated_foreign_and_corrupt_files_are_refused_with_a_reason() {
    let path = temp("refused");
    let bytes = chess_file(&path);
    let read_all = |bytes: &[u8], layout: &'static Layout| -> Result<u64, FormatError> {
        let mut reader = Reader::new(bytes, Some(layout))?;
        let mut n = 0;
        while reader.next_position::<chess::Position>()?.is_some() {
            n += 1;
        }
        Ok(n)
    };
    assert_eq!(read_all(&bytes, &CHESS).unwrap(), 2);
    let cut = read_all(&bytes[..bytes.len() - 5], &CHESS).unwrap_err();
    assert!(cut.to_string().contains("truncated"), "{cut}");
    let other = read_all(&bytes, &XIANGQI).unwrap_err();
    assert_eq!(
        other.to_string(),
        "the file holds chess positions, not xiangqi"
    );
    let text = read_all(
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5",
        &CHESS,
    );
    assert!(matches!(text, Err(FormatError::NotData)));
    assert!(matches!(
        read_all(&bytes[..7], &CHESS),
        Err(FormatError::NotData)
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(matches!(
        read_all(&version, &CHESS),
        Err(FormatError::Version(9))
    ));
    // result bits 3 in the second record
    let mut corrupt = bytes.clone();
    corrupt[HEADER + 32 + 24] |= 6;
    let err = read_all(&corrupt, &CHESS).unwrap_err();
    assert_eq!(err.to_string(), "record 1: bad result");
    // the first piece (White's a1 rook) becomes a king: two white kings is no position
    let mut illegal = bytes.clone();
    illegal[HEADER + 8] = (illegal[HEADER + 8] & 0xF0) | 5;
    let err = read_all(&illegal, &CHESS).unwrap_err();
    assert!(err.to_string().starts_with("record 0: "), "{err}");
    // an occupied square without a piece code beyond the 32nd
    let mut overfull = bytes;
    overfull[HEADER + 4] = 0xFF;
    assert!(read_all(&overfull, &CHESS).is_err());
    assert!(read_header(&path).is_ok());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn resuming_cuts_a_partial_record_and_counts_games() {
    let path = temp("resume");
    // a missing file is created with a header
    let (writer, found) = Writer::resume(&path, &CHESS).unwrap();
    assert_eq!(found, Resumed::default());
    drop(writer.into_inner().unwrap());
    assert_eq!(std::fs::metadata(&path).unwrap().len(), HEADER as u64);
    let mut bytes = chess_file(&path);
    let half = bytes[HEADER..HEADER + 11].to_vec();
    bytes.extend_from_slice(&half);
    std::fs::write(&path, &bytes).unwrap();
    let (mut writer, found) = Writer::resume(&path, &CHESS).unwrap();
    let expected = Resumed {
        records: 2,
        games: 1,
        dropped: 11,
    };
    assert_eq!(found, expected);
    let fen = chess::Position::start().to_fen();
    writer
        .write(&record(fen, -5, GameResult::WhiteWins, true))
        .unwrap();
    drop(writer.into_inner().unwrap());
    let counts = cli::validate::<chess::Position>(&path).unwrap();
    assert_eq!((counts.records, counts.games), (3, 2));
    assert_eq!(counts.results, [0, 2, 1]);
    // the other game's file is not appended to
    assert!(matches!(
        Writer::resume(&path, &XIANGQI),
        Err(FormatError::WrongGame { .. })
    ));
    std::fs::remove_file(&path).unwrap();
}

/// A position file being written by one run is refused to a second; a file holding part of
/// a header (a first write cut short) is started again from its first byte.
#[test]
fn a_position_file_in_use_is_not_resumed_twice() {
    let path = temp("busy");
    let header = Writer::new(Vec::new(), &CHESS)
        .unwrap()
        .into_inner()
        .unwrap();
    std::fs::write(&path, &header[..5]).unwrap();
    let (first, found) = Writer::resume(&path, &CHESS).unwrap();
    assert_eq!(found, Resumed::default());
    assert!(matches!(
        Writer::resume(&path, &CHESS),
        Err(FormatError::Busy)
    ));
    drop(first.into_inner().unwrap());
    assert_eq!(std::fs::read(&path).unwrap(), header);
    assert!(Writer::resume(&path, &CHESS).is_ok());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn merging_concatenates_shards_of_one_game_only() {
    let (a, b, out) = (temp("merge-a"), temp("merge-b"), temp("merge-out"));
    chess_file(&a);
    chess_file(&b);
    assert_eq!(merge(&[&a, &b], &out).unwrap(), 4);
    assert_eq!(cli::validate::<chess::Position>(&out).unwrap().records, 4);
    assert!(
        merge(&[&a], &out).is_err(),
        "an existing output is not overwritten"
    );
    std::fs::remove_file(&out).unwrap();
    let mut writer = Writer::new(Vec::new(), &XIANGQI).unwrap();
    let fen = xiangqi::Position::start().to_fen();
    writer
        .write(&record(fen, 0, GameResult::Draw, true))
        .unwrap();
    std::fs::write(&b, writer.into_inner().unwrap()).unwrap();
    let err = merge(&[&a, &b], &out).unwrap_err();
    assert!(format!("{err:#}").contains("not chess"), "{err:#}");
    assert!(!out.exists(), "no half-merged file is left");
    for p in [a, b] {
        std::fs::remove_file(p).unwrap();
    }
}

#[test]
fn text_data_converts_and_bad_lines_are_skipped() {
    let out = temp("convert");
    let text = "# old datagen\n\
        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 1.0\n\
        not a fen | 10 | 0.5\n\
        8/8/8/4k3/8/8/8/4K2R w K - 0 1 | 900 | 0.5\n";
    let counts = cli::convert::<chess::Position>(text.as_bytes(), &out).unwrap();
    assert_eq!((counts.records, counts.skipped), (2, 1));
    assert_eq!(counts.results, [0, 1, 1]);
    let mut reader = Reader::open(&out, Some(&CHESS)).unwrap();
    let first = reader.next_record().unwrap().unwrap();
    assert_eq!((first.score, first.result), (30, GameResult::WhiteWins));
    // and back to text, as `chariot tune` reads it
    let back = cli::read_as_text(&out).unwrap();
    assert_eq!(
        back.lines().next(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 1.0")
    );
    assert_eq!(back.lines().count(), 2);
    std::fs::remove_file(&out).unwrap();
    assert!(cli::convert::<chess::Position>("junk | 1 | 1.0\n".as_bytes(), &out).is_err());
    assert!(!out.exists());
}
