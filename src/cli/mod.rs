//! Subcommands of the `shashki` binary. Each module has an `Args` struct
//! (clap) and a `run` function; input errors exit with status 2.

pub mod analyse;
pub mod backup;
pub mod bestmove;
pub mod console;
pub mod db;
pub mod hub;
pub mod link;
pub mod match_;
pub mod match_external;
pub mod moves;
pub mod openings;
pub mod perft;
pub mod puzzles;
pub mod render;
pub mod run;
pub mod tune;
pub mod worker;

use shashki_engine::{FenError, Position, Variant8};
use std::fmt;

/// A command's failure: bad input (exit 2) or a failure while working (exit 1).
#[derive(Debug)]
pub enum CliError {
    /// The user gave something we cannot use; the message names it.
    Input(String),
    /// Something failed while doing the work (I/O and the like).
    Failed(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failed(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failed(m) => f.write_str(m),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Failed(e.to_string())
    }
}

pub type CliResult = Result<(), CliError>;

/// Parse `--fen` (the start position when absent).
pub fn position_arg(fen: Option<&str>) -> Result<Position, CliError> {
    position_arg_in(fen, Variant8::Russian)
}

/// The position of `--fen` in a variant's square numbers (Italian and
/// Portuguese count their own way); when absent, the variant's initial
/// position, with its own side to move (Black in English draughts).
pub fn position_arg_in(fen: Option<&str>, variant: Variant8) -> Result<Position, CliError> {
    match fen {
        None => Ok(variant.initial_position()),
        Some(f) => shashki_engine::parse_fen_full_in(variant, f)
            .map(|i| i.position)
            .map_err(|e: FenError| CliError::Input(format!("malformed FEN: {e}"))),
    }
}

/// Parse `--variant`.
pub fn variant_arg(v: &str) -> Result<Variant8, CliError> {
    v.parse().map_err(CliError::Input)
}

/// A progress bar on stderr that is hidden when stderr is not a terminal.
pub fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed})",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(what.to_string());
    bar
}
