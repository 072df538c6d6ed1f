//! Reading what people send: commands and their words ([`commands`],
//! aliases per language in [`words`]) and button data ([`payload`]).
//! Nothing here touches the database; malformed input gives `None` or an
//! `Unknown`, never a panic (both parsers are fuzzed).

pub mod commands;
pub mod payload;
pub mod words;

crate::core::error::refusals! {
    /// Commands and buttons as such: not understood, or incomplete.
    pub enum InputRefusal {
        UnknownCommand { command: String } => "unknown-command" ["command" => crate::core::error::Arg::Typed(command)],
        /// A malformed or unknown button.
        ButtonInvalid => "button-invalid",
        /// `/move` without a move.
        MoveUsage => "move-usage",
        /// A variant's name that is no variant (`/top`).
        VariantUnknown { word: String } => "variant-unknown" ["word" => crate::core::error::Arg::Typed(word)],
        /// A @handle longer than any platform's.
        HandleTooLong { handle: String } => "handle-too-long" [
            "handle" => crate::core::error::Arg::Typed(handle),
            "max" => crate::core::error::Arg::Num(commands::HANDLE_MAX as i64),
        ],
    }
}
