//! A fixed-capacity move list that lives on the stack: no allocation in the search.

/// Capacity of a [`MoveList`]: above the most legal moves of any chess (218)
/// or xiangqi position.
pub const MAX_MOVES: usize = 256;

/// Up to [`MAX_MOVES`] moves, stored inline.
#[derive(Clone)]
pub struct MoveList<M: Copy + Default> {
    moves: [M; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Panics in debug builds if full (legal positions never fill it).
    #[inline]
    pub fn push(&mut self, mv: M) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Number of moves held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for in-place ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }

    /// Keeps the first `len` moves (no-op when the list is not longer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    /// Keeps only the moves for which `keep` is true, preserving order.
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<M: Copy + Default + PartialEq> MoveList<M> {
    /// Whether `mv` is in the list.
    pub fn contains(&self, mv: M) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy + Default + std::fmt::Debug> std::fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_retain_contains() {
        let mut list: MoveList<u16> = MoveList::new();
        assert!(list.is_empty());
        for m in 1..=10u16 {
            list.push(m);
        }
        assert_eq!(list.len(), 10);
        list.retain(|m| m % 2 == 0);
        assert_eq!(list.as_slice(), &[2, 4, 6, 8, 10]);
        assert!(list.contains(6));
        assert!(!list.contains(7));
        list.clear();
        assert!(list.is_empty());
    }
}
