//! The chat service, platform-free: what a chat command does to games stored
//! in SQLite. Adapters turn platform updates into [`Event`]s and send the
//! [`Reply`]s back; every state change is one IMMEDIATE transaction.

pub mod commands;
pub mod i18n;
pub mod limits;
pub mod payload;
pub mod puzzles;
pub mod types;

mod service;

pub use limits::PlatformLimits;
pub use service::{Clock, Config, ManualClock, Service, ServiceError, SystemClock};
pub use types::*;
