//! Front ends: each translates its platform's updates into core events and
//! the core's replies into platform calls — nothing else.

pub mod commands;
pub mod console;
pub mod discord;
pub mod telegram;
