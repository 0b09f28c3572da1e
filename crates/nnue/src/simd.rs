//! Which vector instructions the network's loops may use on this CPU.
//!
//! The binary is built for x86-64-v2 (see `.cargo/config.toml`), so that it runs on every
//! x86-64 CPU of the last fifteen years; the network's sums are twice as fast with AVX2's
//! 256-bit vectors, so the hot loops are also compiled for AVX2 and picked at run time.

/// Whether the CPU has AVX2 (the standard library caches the answer after the first call).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}
