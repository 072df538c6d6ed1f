//! The shashki bot as a library: everything but the command-line front end,
//! so integration tests can drive it. The rules and the AI live in the
//! `shashki-engine` crate (re-exported as [`engine`]).
//!
//! No panic on user input, and the compiler keeps it so: `unwrap`, `expect`,
//! `panic!`, string slicing and indexing are denied in the bot's code (core,
//! runtime, adapters, store, config); each remaining exception is an
//! `#[allow]` with the invariant that makes it safe. The drawing code
//! (`render`) and the tournament arithmetic (`tournament`) work on data they
//! build themselves and are outside that perimeter.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::string_slice,
        clippy::indexing_slicing
    )
)]

pub use shashki_engine as engine;
pub mod adapters;
pub mod config;
pub mod core;
pub mod logging;
#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::string_slice,
    clippy::indexing_slicing
)]
pub mod render;
pub mod runtime;
pub mod store;
#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::string_slice,
    clippy::indexing_slicing
)]
pub mod tournament;
