//! `shashki db copy --from FILE --to postgres://…`: move the bot's data to
//! another database (either way between SQLite and PostgreSQL). Every table
//! is copied in one transaction on the target (a new, empty database; the
//! schema is made first), then checked: the row counts of each table, and
//! every game's moves replayed to its stored position.

use super::{progress_bar, CliError, CliResult};
use shashki::engine::{AnyGame, Game, Position};
use shashki::store::{self, copy, Location, Store};
use std::io::IsTerminal;

#[derive(clap::Args)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(clap::Subcommand)]
enum DbCommand {
    /// Copy every table to another database (SQLite file or postgres://
    /// URL), then verify the copy.
    Copy(CopyArgs),
}

#[derive(clap::Args)]
struct CopyArgs {
    /// The database to copy: a SQLite file or a postgres:// URL.
    #[arg(long)]
    from: String,
    /// Where to: a new SQLite file or an empty PostgreSQL database.
    #[arg(long)]
    to: String,
}

pub fn run(a: DbArgs) -> CliResult {
    match a.command {
        DbCommand::Copy(c) => copy_db(c),
    }
}

fn open(at: &Location, what: &str) -> Result<Store, CliError> {
    if let Location::Sqlite(p) = at {
        if what == "from" && !p.exists() {
            return Err(CliError::Input(format!("{}: no such file", p.display())));
        }
    }
    Store::open_at(at).map_err(|e| CliError::Failed(format!("cannot open {at}: {e}")))
}

fn copy_db(a: CopyArgs) -> CliResult {
    let (from_at, to_at) = (Location::parse(&a.from), Location::parse(&a.to));
    if from_at == to_at {
        return Err(CliError::Input(
            "--from and --to are the same database".into(),
        ));
    }
    let from = open(&from_at, "from")?;
    let mut to = open(&to_at, "to")?;
    let terminal = std::io::stderr().is_terminal();
    let mut bar: Option<(String, indicatif::ProgressBar)> = None;
    let counts = copy::copy(&from, &mut to, |table, done, total| {
        if !terminal {
            return;
        }
        if bar.as_ref().is_none_or(|(t, _)| t != table) {
            if let Some((_, b)) = bar.take() {
                b.finish();
            }
            bar = Some((table.to_string(), progress_bar(total, table)));
        }
        if let Some((_, b)) = &bar {
            b.set_position(done);
        }
    })
    .map_err(|e| CliError::Failed(format!("copy to {to_at}: {e}")))?;
    if let Some((_, b)) = bar.take() {
        b.finish();
    }
    // the check: every table's rows, every game replayed
    let mut rows = 0;
    for (table, n) in &counts {
        let there = copy::count_rows(to.read(), table)
            .map_err(|e| CliError::Failed(format!("count {table} in {to_at}: {e}")))?;
        if there != *n {
            return Err(CliError::Failed(format!(
                "{table}: {n} rows copied, {there} in {to_at}"
            )));
        }
        rows += n;
    }
    let ids = copy::game_ids(to.read()).map_err(|e| CliError::Failed(e.to_string()))?;
    for id in &ids {
        check_game(&to, *id)?;
    }
    println!(
        "copied {rows} rows in {} tables from {from_at} to {to_at}; verified: row counts, {} games replayed to their stored position",
        counts.len(),
        ids.len()
    );
    Ok(())
}

/// Game `id` in `s` replays from its start through its moves to its stored
/// position.
fn check_game(s: &Store, id: store::GameId) -> CliResult {
    let bad = |why: String| CliError::Failed(format!("game {id}: {why}"));
    let row = store::game(s.read(), id)
        .map_err(|e| bad(e.to_string()))?
        .ok_or_else(|| bad("gone".into()))?;
    // as the bot stores it: an 8×8 game's FEN algebraic, another's its own
    let read = |fen: &str| -> Result<AnyGame, String> {
        match row.variant.eight() {
            Some(v8) => Position::from_fen(fen)
                .map(|p| AnyGame::Eight(Game::from_position(v8, p)))
                .map_err(|e| e.to_string()),
            None => row.variant.game_from_fen(fen).map_err(|e| e.to_string()),
        }
    };
    let mut g = read(&row.start_fen).map_err(|e| bad(format!("start: {e}")))?;
    for m in store::game_moves(s.read(), id).map_err(|e| bad(e.to_string()))? {
        g.play_text(&m).map_err(|e| bad(format!("move {m}: {e}")))?;
    }
    let stored = read(&row.fen).map_err(|e| bad(format!("position: {e}")))?;
    if g.position() != stored.position() || g.ply() as i64 != row.ply.0 {
        return Err(bad(format!(
            "its moves lead elsewhere than its stored position (ply {} against {})",
            g.ply(),
            row.ply
        )));
    }
    Ok(())
}
