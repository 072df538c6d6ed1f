//! Copying a whole database to another backend (`shashki db copy`): every
//! table, row for row, in one transaction on the target, which must be
//! empty; then the row counts compared.

use super::{Db, GameId, Store, StoreError, StoreResult, Tx};
use rusqlite::types::Value;

/// The tables, parents before children (the foreign keys hold at every
/// insert).
pub const TABLES: &[&str] = &[
    "users",
    "chats",
    "games",
    "moves",
    "challenges",
    "processed_updates",
    "settings",
    "puzzles",
    "puzzle_attempts",
    "puzzle_wrong_tries",
    "puzzle_players",
    "puzzle_daily",
    "tournaments",
    "tournament_players",
    "tournament_games",
    "tournament_byes",
    "tournament_pending",
    "ratings",
    "analyses",
    "conditionals",
    "notifications_sent",
    "takeback_requests",
    "outbox",
    "placed_messages",
    "leases",
    "jobs",
];

/// The tables whose ids PostgreSQL assigns (identity columns, see
/// `pg/v23.sql`).
const IDENTITY_TABLES: &[&str] = &[
    "users",
    "chats",
    "games",
    "challenges",
    "puzzle_attempts",
    "tournaments",
    "conditionals",
    "jobs",
];

/// How many rows `table` has.
pub fn count_rows(c: &Tx, table: &str) -> StoreResult<i64> {
    c.row(&format!("SELECT COUNT(*) FROM {table}"), &[], |r| r.get(0))
}

/// Every game's id, in order.
pub fn game_ids(c: &Tx) -> StoreResult<Vec<GameId>> {
    c.all("SELECT id FROM games ORDER BY id", &[], |r| r.get(0))
}

/// A table's column names, in order.
fn columns(c: &Tx, table: &str) -> StoreResult<Vec<String>> {
    match &c.db {
        Db::Sqlite(_) => c.all(
            "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
            rusqlite::params![table],
            |r| r.get(0),
        ),
        Db::Postgres(_) => c.all(
            "SELECT column_name::text FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = ?1
             ORDER BY ordinal_position",
            rusqlite::params![table],
            |r| r.get(0),
        ),
    }
}

/// Copy every table of `from` into `to` (empty, migrated) in one
/// transaction; `progress(table, rows copied of it, its rows)` after each
/// row. Returns each table's row count.
pub fn copy(
    from: &Store,
    to: &mut Store,
    mut progress: impl FnMut(&str, u64, u64),
) -> StoreResult<Vec<(&'static str, i64)>> {
    let src = from.read();
    for t in TABLES {
        if count_rows(to.read(), t)? > 0 {
            return Err(StoreError::Schema(format!(
                "the target is not empty (table {t} has rows): copy into a new database"
            )));
        }
    }
    let mut counts = Vec::with_capacity(TABLES.len());
    to.transaction(|dst| -> StoreResult<()> {
        for &t in TABLES {
            let cols = columns(src, t)?;
            let total = count_rows(src, t)?;
            let list = cols.join(", ");
            let marks = (1..=cols.len())
                .map(|i| format!("?{i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let insert = format!("INSERT INTO {t} ({list}) VALUES ({marks})");
            let n = cols.len();
            let rows = src.all(&format!("SELECT {list} FROM {t}"), &[], |r| {
                (0..n).map(|i| r.get::<_, Value>(i)).collect::<Result<Vec<_>, _>>()
            })?;
            let mut done = 0;
            for row in &rows {
                let args: Vec<&dyn rusqlite::ToSql> =
                    row.iter().map(|v| v as &dyn rusqlite::ToSql).collect();
                dst.exec(&insert, &args)?;
                done += 1;
                progress(t, done, total.max(0) as u64);
            }
            counts.push((t, rows.len() as i64));
        }
        if let Db::Postgres(_) = &dst.db {
            // the identity columns go on after the copied ids
            for t in IDENTITY_TABLES {
                dst.batch(&format!(
                    "SELECT setval(pg_get_serial_sequence('{t}', 'id'), COALESCE(MAX(id), 0) + 1, false)
                     FROM {t}"
                ))?;
            }
        }
        Ok(())
    })?;
    Ok(counts)
}
