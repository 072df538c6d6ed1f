//! Reading what people send: commands ([`table`]: every command declared
//! once — names in every language, typed arguments, menus, handler;
//! [`commands`]: text and slash commands into a [`table::Command`];
//! [`args`]: each command's typed arguments; [`words`]: the words inside
//! commands), `/help` from the table ([`help`]) and button data
//! ([`payload`]). Nothing here touches the database; malformed input gives
//! `None`, an `Unknown` or a `Malformed` command (refused with its syntax),
//! never a panic (both parsers are fuzzed).

pub mod args;
pub mod commands;
pub mod help;
pub mod options;
pub mod payload;
pub mod spec;
pub mod table;
pub mod words;
