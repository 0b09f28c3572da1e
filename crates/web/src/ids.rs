//! Unguessable game ids: 128 random bits from the operating system, written as 32 hex digits.

use std::io::Read;

/// Length of an id in characters.
pub const ID_LEN: usize = 32;

/// A fresh id from `/dev/urandom` (the kernel's CSPRNG), so one client cannot find another's game.
pub fn new_id() -> std::io::Result<String> {
    let mut bytes = [0u8; ID_LEN / 2];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` has the shape of an id (checked before any lookup, so odd input never
/// reaches the game table).
pub fn is_id(text: &str) -> bool {
    text.len() == ID_LEN && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_well_formed_and_distinct() {
        let ids: Vec<String> = (0..64).map(|_| new_id().unwrap()).collect();
        for id in &ids {
            assert!(is_id(id), "{id}");
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            ids.len(),
            "128-bit ids never collide in practice"
        );
        assert!(!is_id("../../etc/passwd"));
        assert!(!is_id(&"A".repeat(ID_LEN)), "upper case is not an id");
        assert!(!is_id("abc"));
    }
}
