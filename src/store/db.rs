//! Where the store's queries run, whatever the backend: [`Tx`] (an open
//! transaction, a savepoint of one, or reads outside one), its query
//! helpers ([`Tx::exec`], [`Tx::one`], [`Tx::all`]) and the [`Row`] they
//! hand to the readers. Every query of the store is written once, with
//! SQLite's `?N` placeholders and rusqlite's `params!`; the PostgreSQL
//! layer (`super::pg`) translates the placeholders and the values.
//!
//! Transactions are begun and ended with SQL statements (`BEGIN`, `COMMIT`,
//! `ROLLBACK`, `SAVEPOINT`, …) on both backends, under a guard that rolls
//! back on an early return or a panic.

use super::pg::PgConn;
use super::{StoreError, StoreResult};
use rusqlite::types::{FromSql, ToSql, Value, ValueRef};
use std::cell::{Cell, RefCell};

/// The connection behind a [`Tx`].
pub(in crate::store) enum Db {
    Sqlite(rusqlite::Connection),
    Postgres(Box<PgConn>),
}

/// Where the store's functions run: an open transaction (or a savepoint of
/// one), or a read outside one. The core holds it and hands it back; only
/// the store looks inside.
pub struct Tx {
    pub(in crate::store) db: Db,
    /// Transaction control that goes to the database with the next call
    /// (a write transaction's `BEGIN`, a kept savepoint's `RELEASE`): on
    /// PostgreSQL in the same round trip as the next statement, whatever
    /// it is (pipelined); on SQLite before it.
    pending: RefCell<String>,
    /// Calls made to the database on SQLite (PostgreSQL counts its own
    /// round trips): see [`Tx::round_trips`].
    calls: Cell<u64>,
}

/// A column index of a [`Row`] (a `usize`; a trait so that `r.get(0)`
/// infers as with rusqlite).
pub trait RowIndex {
    fn index(&self) -> usize;
}

impl RowIndex for usize {
    fn index(&self) -> usize {
        *self
    }
}

/// One row of a query's result, read by column order.
pub struct Row<'a>(RowOf<'a>);

enum RowOf<'a> {
    Sqlite(&'a rusqlite::Row<'a>),
    Postgres(&'a postgres::Row),
}

impl Row<'_> {
    /// Column `idx` as `T` (through rusqlite's `FromSql` on both backends).
    pub fn get<I: RowIndex, T: FromSql>(&self, idx: I) -> rusqlite::Result<T> {
        let i = idx.index();
        match &self.0 {
            RowOf::Sqlite(r) => r.get(i),
            RowOf::Postgres(r) => {
                let v = super::pg::column_value(r, i)?;
                T::column_result(ValueRef::from(&v)).map_err(|e| from_sql_error(i, &v, e))
            }
        }
    }
}

/// rusqlite's mapping of a `FromSql` error to its `Error`, for a value read
/// from PostgreSQL.
fn from_sql_error(i: usize, v: &Value, e: rusqlite::types::FromSqlError) -> rusqlite::Error {
    use rusqlite::types::FromSqlError;
    match e {
        FromSqlError::InvalidType => {
            rusqlite::Error::InvalidColumnType(i, format!("column {i}"), v.data_type())
        }
        FromSqlError::OutOfRange(n) => rusqlite::Error::IntegralValueOutOfRange(i, n),
        FromSqlError::Other(err) => {
            rusqlite::Error::FromSqlConversionFailure(i, v.data_type(), err)
        }
        other => rusqlite::Error::FromSqlConversionFailure(i, v.data_type(), Box::new(other)),
    }
}

impl Tx {
    pub(in crate::store) fn new(db: Db) -> Tx {
        Tx {
            db,
            pending: RefCell::new(String::new()),
            calls: Cell::new(0),
        }
    }

    /// How many times this connection has gone to the database: on
    /// PostgreSQL its round trips to the server (a read answered from the
    /// transaction's cache is none), on SQLite the statements it ran (a
    /// batch of transaction control counts once). For tests and benches
    /// that watch what an action costs.
    pub fn round_trips(&self) -> u64 {
        match &self.db {
            Db::Sqlite(_) => self.calls.get(),
            Db::Postgres(c) => c.round_trips(),
        }
    }

    /// Send the transaction control still waiting before a statement on
    /// SQLite (PostgreSQL sends it with the statement, in one round trip).
    fn flush(&self) -> StoreResult<()> {
        if self.pending.borrow().is_empty() || self.is_postgres() {
            return Ok(());
        }
        self.batch("")
    }

    /// Whether this runs on PostgreSQL (where a query needs words SQLite
    /// lacks, e.g. `FOR UPDATE SKIP LOCKED`).
    pub(in crate::store) fn is_postgres(&self) -> bool {
        matches!(self.db, Db::Postgres(_))
    }

    /// Run a statement; how many rows it changed.
    pub(in crate::store) fn exec(&self, sql: &str, p: &[&dyn ToSql]) -> StoreResult<usize> {
        self.flush()?;
        self.calls.set(self.calls.get() + 1);
        match &self.db {
            Db::Sqlite(c) => Ok(c.prepare_cached(sql)?.execute(p)?),
            Db::Postgres(c) => c.exec(&self.pending, sql, p),
        }
    }

    /// The first row of a query, read by `f` (None: no row).
    pub(in crate::store) fn one<T>(
        &self,
        sql: &str,
        p: &[&dyn ToSql],
        mut f: impl FnMut(&Row) -> rusqlite::Result<T>,
    ) -> StoreResult<Option<T>> {
        self.flush()?;
        self.calls.set(self.calls.get() + 1);
        match &self.db {
            Db::Sqlite(c) => {
                let mut st = c.prepare_cached(sql)?;
                let mut rows = st.query(p)?;
                match rows.next()? {
                    Some(r) => Ok(Some(f(&Row(RowOf::Sqlite(r)))?)),
                    None => Ok(None),
                }
            }
            Db::Postgres(c) => {
                let rows = c.query(&self.pending, sql, p)?;
                match rows.first() {
                    Some(r) => Ok(Some(f(&Row(RowOf::Postgres(r)))?)),
                    None => Ok(None),
                }
            }
        }
    }

    /// The one row of a query that always has one (an aggregate).
    pub(in crate::store) fn row<T>(
        &self,
        sql: &str,
        p: &[&dyn ToSql],
        f: impl FnMut(&Row) -> rusqlite::Result<T>,
    ) -> StoreResult<T> {
        self.one(sql, p, f)?
            .ok_or(StoreError::Sql(rusqlite::Error::QueryReturnedNoRows))
    }

    /// Every row of a query, each read by `f`.
    pub(in crate::store) fn all<T>(
        &self,
        sql: &str,
        p: &[&dyn ToSql],
        mut f: impl FnMut(&Row) -> rusqlite::Result<T>,
    ) -> StoreResult<Vec<T>> {
        self.flush()?;
        self.calls.set(self.calls.get() + 1);
        match &self.db {
            Db::Sqlite(c) => {
                let mut st = c.prepare_cached(sql)?;
                let mut rows = st.query(p)?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    out.push(f(&Row(RowOf::Sqlite(r)))?);
                }
                Ok(out)
            }
            Db::Postgres(c) => {
                let rows = c.query(&self.pending, sql, p)?;
                let mut out = Vec::with_capacity(rows.len());
                for r in &rows {
                    out.push(f(&Row(RowOf::Postgres(r)))?);
                }
                Ok(out)
            }
        }
    }

    /// Run statements with no parameters (transaction control, schema),
    /// after the transaction control still waiting, in one call.
    pub(in crate::store) fn batch(&self, sql: &str) -> StoreResult<()> {
        let mut all = std::mem::take(&mut *self.pending.borrow_mut());
        if !sql.is_empty() {
            if !all.is_empty() {
                all.push_str("; ");
            }
            all.push_str(sql);
        }
        if all.is_empty() {
            return Ok(());
        }
        self.calls.set(self.calls.get() + 1);
        match &self.db {
            Db::Sqlite(c) => Ok(c.execute_batch(&all)?),
            Db::Postgres(c) => c.batch(&all),
        }
    }

    /// Transaction control sent with the next call (see [`Tx::pending`]):
    /// nothing runs on the connection in between, so it is as if sent now.
    fn defer(&self, sql: &str) {
        let mut pending = self.pending.borrow_mut();
        if !pending.is_empty() {
            pending.push_str("; ");
        }
        pending.push_str(sql);
    }

    /// Open a write transaction: SQLite's IMMEDIATE one (the file's write
    /// lock at once); on PostgreSQL the writers' advisory lock (one writer
    /// at a time, across processes, as with SQLite).
    /// Sent with the transaction's first statement (a batch's first
    /// savepoint: one round trip).
    fn begin_write(&self) -> StoreResult<Open<'_>> {
        match &self.db {
            Db::Sqlite(_) => self.defer("BEGIN IMMEDIATE"),
            Db::Postgres(_) => self.defer(&super::pg::BEGIN_WRITE),
        }
        Ok(Open {
            tx: self,
            undo: "ROLLBACK",
        })
    }

    /// Open a savepoint in the open transaction (sent with the next call).
    fn savepoint(&self) -> StoreResult<Open<'_>> {
        self.defer("SAVEPOINT event");
        Ok(Open {
            tx: self,
            undo: "ROLLBACK TO SAVEPOINT event; RELEASE SAVEPOINT event",
        })
    }
}

/// An open transaction or savepoint: rolled back when dropped unopened
/// (an early return, a panic) unless [`Open::commit`] ended it.
struct Open<'a> {
    tx: &'a Tx,
    /// The statements that roll it back ("" once ended).
    undo: &'static str,
}

impl Open<'_> {
    /// End it keeping its writes.
    fn commit(mut self, sql: &'static str) -> StoreResult<()> {
        let undo = std::mem::take(&mut self.undo);
        match self.tx.batch(sql) {
            Ok(()) => Ok(()),
            Err(e) => {
                // a failed COMMIT leaves PostgreSQL's transaction open
                let _ = self.tx.batch(undo);
                Err(e)
            }
        }
    }

    /// End it keeping its writes, with `sql` sent along with the next
    /// call (a savepoint's `RELEASE`: see [`Tx::defer`]). A failure then
    /// fails that call, and the transaction with it.
    fn commit_later(mut self, sql: &'static str) {
        self.undo = "";
        self.tx.defer(sql);
    }

    /// End it dropping its writes.
    fn rollback(mut self) -> StoreResult<()> {
        let undo = std::mem::take(&mut self.undo);
        self.tx.batch(undo)
    }
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        if !self.undo.is_empty() {
            if let Err(e) = self.tx.batch(self.undo) {
                tracing::error!(error = %e, "rolling back failed");
            }
        }
    }
}

/// Run `f` in one write transaction on `tx`: committed if it returns `Ok`,
/// rolled back otherwise (and on a panic).
pub(in crate::store) fn transaction<T, E: From<StoreError>>(
    tx: &Tx,
    f: impl FnOnce(&Tx) -> Result<T, E>,
) -> Result<T, E> {
    let open = tx.begin_write()?;
    let value = f(tx)?;
    open.commit("COMMIT")?;
    Ok(value)
}

/// One transaction holding several events, each in its own savepoint.
pub struct Batch<'s> {
    open: Open<'s>,
}

impl<'s> Batch<'s> {
    pub(in crate::store) fn begin(tx: &'s Tx) -> StoreResult<Batch<'s>> {
        Ok(Batch {
            open: tx.begin_write()?,
        })
    }

    /// Run `f` in a new savepoint: kept when `keep` says so of its result,
    /// rolled back otherwise. The outer `Err` is the store failing to open,
    /// keep or roll back the savepoint.
    pub fn savepoint<T>(
        &mut self,
        f: impl FnOnce(&Tx) -> T,
        keep: impl FnOnce(&T) -> bool,
    ) -> StoreResult<T> {
        let tx = self.open.tx;
        let sp = tx.savepoint()?;
        let value = f(tx);
        if keep(&value) {
            sp.commit_later("RELEASE SAVEPOINT event");
        } else {
            sp.rollback()?;
        }
        Ok(value)
    }

    /// Commit every kept savepoint at once (one fsync).
    pub fn commit(self) -> StoreResult<()> {
        self.open.commit("COMMIT")
    }
}
