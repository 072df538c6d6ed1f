//! The `shashki` command: the chat bot and its tools.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

#[derive(Parser)]
#[command(
    name = "shashki",
    version,
    about = "Russian draughts (shashki) for chats: rules engine, AI, boards and bot"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf positions to a depth (move generator check and benchmark).
    Perft(cli::perft::PerftArgs),
    /// List the legal moves of a position with the FEN after each.
    Moves(cli::moves::MovesArgs),
}

fn main() -> ExitCode {
    let args = Cli::parse();
    let result = match args.command {
        Command::Perft(a) => cli::perft::run(a),
        Command::Moves(a) => cli::moves::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
