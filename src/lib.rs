//! The shashki bot as a library: everything but the command-line front end,
//! so integration tests can drive it. The rules and the AI live in the
//! `shashki-engine` crate (re-exported as [`engine`]).

pub use shashki_engine as engine;
pub mod adapters;
pub mod config;
pub mod core;
pub mod render;
pub mod runtime;
pub mod store;
pub mod tournament;
