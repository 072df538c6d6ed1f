//! Weights fitted by `shashki tune` (see BENCHMARKS.md "## Search"). Until a
//! tuning run replaces this file, the hand-chosen weights are used.

use super::eval::{hand_weights, Weights};

/// The engine's default evaluation weights.
pub fn tuned_weights() -> Weights {
    hand_weights()
}
