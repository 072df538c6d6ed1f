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
        /// A variant the engine plays but the chat cannot yet (Vigman's,
        /// see `words::NOT_YET_VARIANT_WORDS`).
        VariantNotPlayable { variant: shashki_engine::Variant } => "variant-not-playable" ["variant" => variant],
        /// A @handle longer than any platform's (`commands::HANDLE_MAX`).
        HandleTooLong { handle: String } => "handle-too-long" [
            "handle" => crate::core::error::Arg::Typed(handle),
            "max" => crate::core::error::Arg::Num(commands::HANDLE_MAX as i64),
        ],
        /// A command's words do not fit it: the word, and the command's
        /// syntax from the command table (`/vacation [days 1–365]`).
        Syntax { command: String, word: String, syntax: String } => "command-syntax" [
            "command" => command,
            "word" => crate::core::error::Arg::Typed(word),
            "syntax" => syntax,
        ],
        /// `/notify` with neither on nor off.
        NotifyUsage => "notify-usage",
        /// `/daily on`: not a time (`HH:MM`).
        DailyBadTime { value: String } => "daily-bad-time" ["value" => crate::core::error::Arg::Typed(value)],
        /// `/daily on`: not a time zone.
        DailyBadOffset { value: String } => "daily-bad-offset" ["value" => crate::core::error::Arg::Typed(value)],
    }
}
