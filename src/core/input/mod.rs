//! Reading what people send: commands and their words ([`commands`],
//! aliases per language in [`words`]) and button data ([`payload`]).
//! Nothing here touches the database; malformed input gives `None` or an
//! `Unknown`, never a panic (both parsers are fuzzed).

pub mod commands;
pub mod payload;
pub mod words;
