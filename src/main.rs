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
    /// The chat on this terminal with a local SQLite file or a PostgreSQL
    /// database (no tokens needed).
    Console(cli::console::ConsoleArgs),
    /// Count leaf positions to a depth (move generator check and benchmark).
    Perft(cli::perft::PerftArgs),
    /// List the legal moves of a position with the FEN after each.
    Moves(cli::moves::MovesArgs),
    /// Search a position and print the best move (`bestmove <move>` last).
    Bestmove(cli::bestmove::BestmoveArgs),
    /// Speak the Hub protocol (Scan's, variant=russian) on stdin/stdout.
    Hub(cli::hub::HubArgs),
    /// Play engine configurations against each other from balloted openings.
    Match(cli::match_::MatchArgs),
    /// Play a level in International draughts against an outside engine
    /// over a line protocol (e.g. py-draughts, benches/intl-match.sh).
    MatchExternal(cli::match_external::MatchExternalArgs),
    /// Print a variant's balanced opening list made by the engine (the
    /// tournaments' openings where no federation ballot exists).
    Openings(cli::openings::OpeningsArgs),
    /// Fit the evaluation weights on self-play games (Texel's method).
    Tune(cli::tune::TuneArgs),
    /// Analyse the games of a PDN file: marks, better moves, accuracy.
    #[command(alias = "analyze")]
    Analyse(cli::analyse::AnalyseArgs),
    /// Draw a board as PNG (or a game replay as GIF).
    Render(cli::render::RenderArgs),
    /// Daily puzzles: generate (self-play + proof), verify, stats.
    Puzzles(cli::puzzles::PuzzlesArgs),
    /// Run the bot: Telegram and/or Discord (whichever has a token), the
    /// deadline sweeper and the daily jobs, until Ctrl-C or SIGTERM.
    Run(cli::run::RunArgs),
    /// Only think: claim AI moves and analyses from the database's job
    /// queue and run them (beside `shashki run` processes on one database).
    Worker(cli::worker::WorkerArgs),
    /// Database tools: copy the bot's data between SQLite and PostgreSQL.
    Db(cli::db::DbArgs),
    /// Copy the bot's SQLite file consistently while it runs (SQLite's
    /// online backup); PostgreSQL: pg_dump (docs/operations.md).
    Backup(cli::backup::BackupArgs),
    /// Links to the web board: `link game N --user NAME` prints one,
    /// `link revoke --game N --user NAME` revokes that user's.
    Link(cli::link::LinkArgs),
}

fn main() -> ExitCode {
    let args = Cli::parse();
    let result = match args.command {
        Command::Console(a) => cli::console::run(a),
        Command::Perft(a) => cli::perft::run(a),
        Command::Moves(a) => cli::moves::run(a),
        Command::Bestmove(a) => cli::bestmove::run(a),
        Command::Hub(a) => cli::hub::run(a),
        Command::Match(a) => cli::match_::run(a),
        Command::MatchExternal(a) => cli::match_external::run(a),
        Command::Openings(a) => cli::openings::run(a),
        Command::Tune(a) => cli::tune::run(a),
        Command::Analyse(a) => cli::analyse::run(a),
        Command::Render(a) => cli::render::run(a),
        Command::Puzzles(a) => cli::puzzles::run(a),
        Command::Run(a) => cli::run::run(a),
        Command::Worker(a) => cli::worker::run(a),
        Command::Db(a) => cli::db::run(a),
        Command::Backup(a) => cli::backup::run(a),
        Command::Link(a) => cli::link::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
