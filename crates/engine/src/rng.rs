//! SplitMix64, the engine's one small pseudo-random generator: the Zobrist
//! keys, the weak levels' taste and the puzzle miner's self-play.

/// One SplitMix64 step as a `const fn`: the next state and the output.
pub(crate) const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// One SplitMix64 step: advances `state` and returns the output.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    let (next, out) = splitmix64(*state);
    *state = next;
    out
}
