//! Hidden-layer sums per perspective, updated by the inputs a move switches on and off.

use crate::{FeatureSet, Network, HIDDEN};

/// The first layer's output before the activation, for the first perspective (White's,
/// Red's) and the second (Black's).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator(pub [[i16; HIDDEN]; 2]);

/// What a move changes in the inputs: at most two pieces added and two removed (chess's
/// castling moves two, a capture removes one more), each as its inputs for both
/// perspectives. The game fills it from its move ([`Delta::add`], [`Delta::remove`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Delta {
    added: [[u32; 2]; 2],
    removed: [[u32; 2]; 2],
    n_added: u8,
    n_removed: u8,
}

impl Delta {
    /// A piece the move puts on a square: its inputs `[first perspective's, second's]`.
    /// At most two per move (a third is ignored, which no game's move needs).
    #[inline]
    pub fn add(&mut self, features: [usize; 2]) {
        if let Some(slot) = self.added.get_mut(usize::from(self.n_added)) {
            *slot = [features[0] as u32, features[1] as u32];
            self.n_added += 1;
        }
    }

    /// A piece the move takes off a square (at most two per move, as [`Delta::add`]).
    #[inline]
    pub fn remove(&mut self, features: [usize; 2]) {
        if let Some(slot) = self.removed.get_mut(usize::from(self.n_removed)) {
            *slot = [features[0] as u32, features[1] as u32];
            self.n_removed += 1;
        }
    }
}

impl Accumulator {
    /// The sums of a board whose pieces' inputs are `pieces` (`[first perspective's,
    /// second's]` each).
    pub fn from_features<F: FeatureSet>(
        net: &Network<F>,
        pieces: impl IntoIterator<Item = [usize; 2]>,
    ) -> Accumulator {
        let mut acc = Accumulator([net.biases; 2]);
        for features in pieces {
            for (sums, f) in acc.0.iter_mut().zip(features) {
                add_row(sums, &net.weights[f]);
            }
        }
        acc
    }

    /// The sums of a position computed from its pieces (no earlier sums needed).
    pub fn of<F: FeatureSet>(net: &Network<F>, pos: &F::Position) -> Accumulator {
        let mut pieces = Vec::with_capacity(32);
        F::for_each_feature(pos, |f| pieces.push(f));
        Accumulator::from_features(net, pieces)
    }

    /// Writes into `next` these sums after a move with the given delta. Each perspective's
    /// row is read and written once, with every added and removed weight row applied in
    /// the same pass (a copy followed by separate adds would pass over it three times).
    ///
    /// On x86-64 CPUs with AVX2 (checked at run time: the binary itself is built for
    /// x86-64-v2, which lacks it) the same code runs compiled for AVX2, whose vectors hold
    /// twice as many sums.
    #[inline]
    pub fn update_into<F: FeatureSet>(&self, net: &Network<F>, d: &Delta, next: &mut Accumulator) {
        #[cfg(target_arch = "x86_64")]
        if crate::simd::has_avx2() {
            // SAFETY: the CPU has AVX2 (just checked).
            unsafe { self.update_into_avx2(net, d, next) };
            return;
        }
        self.update_into_portable(net, d, next);
    }

    /// [`Accumulator::update_into`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn update_into_avx2<F: FeatureSet>(
        &self,
        net: &Network<F>,
        d: &Delta,
        next: &mut Accumulator,
    ) {
        self.update_into_portable(net, d, next);
    }

    /// [`Accumulator::update_into`] for any CPU (inlined into the AVX2 version).
    #[inline(always)]
    fn update_into_portable<F: FeatureSet>(
        &self,
        net: &Network<F>,
        d: &Delta,
        next: &mut Accumulator,
    ) {
        for side in 0..2 {
            let row = |f: [u32; 2]| &net.weights[f[side] as usize];
            let (from, to) = (&self.0[side], &mut next.0[side]);
            let (added, removed) = (&d.added, &d.removed);
            match (d.n_added, d.n_removed) {
                // a quiet move or a promotion
                (1, 1) => {
                    let (a, r) = (row(added[0]), row(removed[0]));
                    apply(to, from, |i| a[i].wrapping_sub(r[i]));
                }
                // a capture
                (1, 2) => {
                    let (a, r0, r1) = (row(added[0]), row(removed[0]), row(removed[1]));
                    apply(to, from, |i| a[i].wrapping_sub(r0[i]).wrapping_sub(r1[i]));
                }
                // castling
                (2, 2) => {
                    let (a0, a1) = (row(added[0]), row(added[1]));
                    let (r0, r1) = (row(removed[0]), row(removed[1]));
                    apply(to, from, |i| {
                        a0[i]
                            .wrapping_add(a1[i])
                            .wrapping_sub(r0[i])
                            .wrapping_sub(r1[i])
                    });
                }
                // nothing moved (a move that is not legal here)
                _ => *to = *from,
            }
        }
    }
}

/// `to[i] = from[i] + change(i)` for every hidden unit.
#[inline(always)]
fn apply(to: &mut [i16; HIDDEN], from: &[i16; HIDDEN], change: impl Fn(usize) -> i16) {
    for (i, (t, &f)) in to.iter_mut().zip(from).enumerate() {
        *t = f.wrapping_add(change(i));
    }
}

/// Adds a weight row to a perspective's sums.
#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], w: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(w);
    }
}
