//! A slash command as the platform hands it over (Discord): its name and
//! typed option values, platform-free. The core builds the command's
//! typed arguments straight from them ([`super::args::Args::from_options`]);
//! no command text is written and parsed again.

use super::args::Rejected;
use super::spec::ArgSpec;
use super::words::Words;

/// An option's value, as typed as the platform gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptValue {
    Text(String),
    Int(i64),
    /// A user picked from the member list: their handle, without `@`.
    User(String),
    Bool(bool),
}

/// A slash command: its (English) name and its options by name.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SlashCommand {
    pub name: String,
    pub options: Vec<(String, OptValue)>,
}

/// A slash command's options, as a command's argument parser reads them.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    values: &'a [(String, OptValue)],
    name: &'static str,
    args: &'static [ArgSpec],
    /// The platform opens a thread per game.
    pub threads: bool,
}

impl<'a> Options<'a> {
    pub fn new(
        values: &'a [(String, OptValue)],
        name: &'static str,
        args: &'static [ArgSpec],
        threads: bool,
    ) -> Self {
        Options {
            values,
            name,
            args,
            threads,
        }
    }

    fn get(&self, a: &ArgSpec) -> Option<&'a OptValue> {
        self.values
            .iter()
            .find(|(k, _)| k == a.name)
            .map(|(_, v)| v)
    }

    /// A text (or choice) option; empty text counts as none.
    pub fn text(&self, a: &ArgSpec) -> Option<&'a str> {
        match self.get(a)? {
            OptValue::Text(t) => Some(t.trim()).filter(|t| !t.is_empty()),
            _ => None,
        }
    }

    /// A whole number option (a number typed into a text option too).
    pub fn int(&self, a: &ArgSpec) -> Result<Option<i64>, Rejected> {
        match self.get(a) {
            None => Ok(None),
            Some(OptValue::Int(n)) => Ok(Some(*n)),
            Some(OptValue::Text(t)) => {
                let t = t.trim().trim_start_matches('#');
                t.parse().map(Some).map_err(|_| self.bad(t))
            }
            Some(OptValue::User(u)) => Err(self.bad(u)),
            Some(OptValue::Bool(b)) => Err(self.bad(&b.to_string())),
        }
    }

    /// A user option: their handle (a `@handle` typed into text too).
    pub fn user(&self, a: &ArgSpec) -> Result<Option<&'a str>, Rejected> {
        match self.get(a) {
            None => Ok(None),
            Some(OptValue::User(h)) => Ok(Some(h.trim_start_matches('@'))),
            Some(OptValue::Text(t)) => match t.trim().strip_prefix('@') {
                Some(h) if !h.is_empty() => Ok(Some(h)),
                _ => Err(self.bad(t)),
            },
            Some(OptValue::Int(n)) => Err(self.bad(&n.to_string())),
            Some(OptValue::Bool(b)) => Err(self.bad(&b.to_string())),
        }
    }

    /// A free-text option read as words, by the same parser as a message
    /// (`/tournament text:new Winter swiss-3`, `/if text:#12 f6-g5 c3-d4`).
    pub fn words(&self, a: &ArgSpec, name: &'static str, args: &'static [ArgSpec]) -> Words<'a> {
        Words::new(self.text(a).unwrap_or(""), name, args, self.threads)
    }

    /// `word` does not fit the command: refused with its syntax.
    pub fn bad(&self, word: &str) -> Rejected {
        Words::new("", self.name, self.args, self.threads).bad(word)
    }
}
