//! The transposition table's memory: a slice of cache-line-aligned buckets that starts
//! out all zero without anyone writing the zeros.
//!
//! Writing every entry of a table of many gigabytes takes seconds (the kernel faults in
//! and zeroes each page, then the program writes it again). Zeroed memory from the
//! allocator (`calloc`, which maps fresh pages for large sizes) is free at allocation:
//! the kernel hands out zero pages lazily, on first touch, during the search. So a Hash
//! of any size is ready at once, and all-zero entries mean "empty" (see `tt.rs`).
//!
//! The standard allocator only uses `calloc` for alignments up to 16 bytes; for the
//! 64-byte alignment of a bucket it would allocate and then write the zeros itself. So
//! the memory is requested with a small alignment and 64 spare bytes, and the buckets
//! start at the first cache-line boundary inside it.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;

/// A bucket type whose all-zero bit pattern is a valid, empty value.
///
/// # Safety
/// Implementors must be valid when every byte is zero, and be at most 64-byte aligned.
pub(super) unsafe trait Zeroable: Sync {}

/// A heap slice of `T`s allocated zeroed and aligned to 64 bytes.
pub(super) struct Zeroed<T: Zeroable> {
    /// The first element, at a 64-byte boundary inside the allocation.
    first: NonNull<T>,
    len: usize,
    /// The allocation as the allocator knows it (for `dealloc`).
    base: NonNull<u8>,
    layout: Layout,
}

/// Spare bytes so that a 64-byte boundary always lies inside the allocation.
const SLACK: usize = 64;
/// Small enough that `alloc_zeroed` is a plain `calloc` on every platform std supports.
const BASE_ALIGN: usize = 8;

impl<T: Zeroable> Zeroed<T> {
    /// `len` zeroed elements (at least one), or `None` when the allocator has no room.
    pub(super) fn new(len: usize) -> Option<Self> {
        let len = len.max(1);
        assert!(std::mem::align_of::<T>() <= SLACK);
        let bytes = len.checked_mul(std::mem::size_of::<T>())?;
        let layout = Layout::from_size_align(bytes.checked_add(SLACK)?, BASE_ALIGN).ok()?;
        // SAFETY: the layout has a non-zero size.
        let base = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let offset = base.as_ptr().align_offset(SLACK);
        if offset > SLACK - BASE_ALIGN {
            // SAFETY: allocated just above with this layout.
            unsafe { dealloc(base.as_ptr(), layout) };
            return None;
        }
        // SAFETY: `offset + bytes <= bytes + SLACK`, so the slice lies inside the
        // allocation, at a 64-byte (so `T`-aligned) address.
        let first = unsafe { NonNull::new_unchecked(base.as_ptr().add(offset).cast::<T>()) };
        Some(Zeroed {
            first,
            len,
            base,
            layout,
        })
    }
}

impl<T: Zeroable> std::ops::Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` elements lie inside the allocation, aligned, and are initialised
        // because all-zero bytes are a valid `T` (the `Zeroable` contract).
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> std::ops::DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.first.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for Zeroed<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with exactly this layout; the elements need no drop
        // (`Zeroable` types are plain data), so freeing the bytes is all there is.
        unsafe { dealloc(self.base.as_ptr(), self.layout) }
    }
}

// SAFETY: `Zeroed<T>` owns its elements like a `Box<[T]>` does; sharing or sending it
// shares or sends `T`s, which are `Sync` by the `Zeroable` bound (and plain data).
unsafe impl<T: Zeroable> Send for Zeroed<T> {}
// SAFETY: as above.
unsafe impl<T: Zeroable> Sync for Zeroed<T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[repr(align(64))]
    struct Line([AtomicU64; 8]);
    // SAFETY: zero atomics are valid; align 64.
    unsafe impl Zeroable for Line {}

    #[test]
    fn elements_start_zero_aligned_and_writable() {
        for len in [0, 1, 3, 1000, 100_000] {
            let mut table = Zeroed::<Line>::new(len).expect("small tables fit");
            assert_eq!(table.len(), len.max(1));
            assert_eq!(table.as_ptr() as usize % 64, 0, "len {len}");
            assert!(table
                .iter()
                .all(|l| l.0.iter().all(|w| w.load(Ordering::Relaxed) == 0)));
            table[len.max(1) - 1].0[7].store(u64::MAX, Ordering::Relaxed);
            *table[0].0[0].get_mut() = 5;
            assert_eq!(table[0].0[0].load(Ordering::Relaxed), 5);
        }
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(Zeroed::<Line>::new(usize::MAX / 8).is_none());
    }
}
