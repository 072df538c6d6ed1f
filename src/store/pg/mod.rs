//! The PostgreSQL backend: a connection that runs the store's queries as
//! written for SQLite (`?N` placeholders become `$N`; rusqlite's values
//! are sent as the type the server inferred for each parameter, and the
//! columns come back as rusqlite values, read by the same `FromSql`), its
//! schema and migrations, and the connection set-up (TLS through rustls,
//! never OpenSSL).
//!
//! The client is tokio-postgres, driven synchronously as the `postgres`
//! crate drives it (a small runtime per connection, run while a call
//! waits): the store runs on blocking threads, never in an async task (the
//! runtime may not be entered from another). Driving it here lets a
//! statement carry the transaction control before it (`BEGIN`, the
//! writers' lock, `SAVEPOINT`, a `RELEASE`) in the same round trip,
//! pipelined: see `PgConn::call`.

use super::{StoreError, StoreResult};
use postgres::types::{IsNull, Type};
use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::task::{Context, Poll};

/// The key of the writers' advisory lock: every write transaction takes it
/// first, so writers go one at a time across processes (as SQLite's
/// IMMEDIATE transactions do).
const WRITER_LOCK: i64 = 0x5348_4153_484B_4957; // "SHASHKIW"

/// The key of the migrations' advisory lock (two processes starting at once
/// do not both migrate).
const MIGRATION_LOCK: i64 = 0x5348_4153_484B_494D; // "SHASHKIM"

/// How a write transaction begins on PostgreSQL.
pub(in crate::store) static BEGIN_WRITE: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("BEGIN; SELECT pg_advisory_xact_lock({WRITER_LOCK})"));

/// The migrations, by the schema version each brings the database to (the
/// SQLite migrations' numbers: the first one makes the whole schema as of
/// v23). A new migration adds a file here and one for SQLite.
const MIGRATIONS: &[(i64, &str)] = &[
    (23, include_str!("v23.sql")),
    (24, include_str!("v24.sql")),
    (25, include_str!("v25.sql")),
    (26, include_str!("v26.sql")),
    (27, include_str!("v27.sql")),
    (28, include_str!("v28.sql")),
    (29, include_str!("v29.sql")),
];

/// The latest schema version this build knows.
pub const LATEST_VERSION: i64 = 29;

/// One connection to a PostgreSQL database.
pub(in crate::store) struct PgConn {
    /// How to connect again (its Debug hides the password).
    config: tokio_postgres::Config,
    link: RefCell<Option<Link>>,
    /// Prepared statements by the store's SQL text (of this client).
    statements: RefCell<HashMap<String, postgres::Statement>>,
    /// A transaction is open (between `BEGIN` and `COMMIT`/`ROLLBACK`): a
    /// lost connection is then an error, never silently replaced.
    in_tx: Cell<bool>,
    /// The last error said the connection is gone.
    lost: Cell<bool>,
    /// Rows of the reads repeated inside a transaction, by their SQL and
    /// parameters (see [`cacheable`]): a write forgets those that read
    /// the table it writes (see [`Written`]), any other statement all.
    reads: RefCell<HashMap<String, Reads>>,
    /// Round trips to the server so far (see `Tx::round_trips`).
    trips: Cell<u64>,
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError::Postgres(e)
    }
}

/// How a connection's messages are read: its `poll_message`.
type Pump = Box<
    dyn FnMut(
            &mut Context<'_>,
        ) -> Poll<Option<Result<tokio_postgres::AsyncMessage, postgres::Error>>>
        + Send,
>;

/// A live connection: tokio-postgres' client, and its connection, driven
/// on a small runtime of its own while a call waits (as the `postgres`
/// crate's synchronous client does; here so that transaction control can
/// go in the same round trip as the statement after it: see
/// [`PgConn::call`]).
struct Link {
    runtime: tokio::runtime::Runtime,
    client: tokio_postgres::Client,
    /// The connection's messages; `None` once it ended (closed, or
    /// failed): the connection is then dropped, so a call waiting on it
    /// fails as closed instead of waiting for an answer that cannot come.
    pump: Option<Pump>,
}

impl Link {
    fn is_closed(&self) -> bool {
        self.pump.is_none() || self.client.is_closed()
    }

    /// Wait for what `f` makes of the client, driving the connection
    /// meanwhile.
    fn block_on<'a, T, F>(
        &'a mut self,
        f: impl FnOnce(&'a tokio_postgres::Client) -> F,
    ) -> Result<T, postgres::Error>
    where
        F: std::future::Future<Output = Result<T, postgres::Error>> + 'a,
    {
        let Link {
            runtime,
            client,
            pump,
        } = self;
        let mut future = std::pin::pin!(f(client));
        runtime.block_on(std::future::poll_fn(|cx| {
            while let Some(p) = pump.as_mut() {
                match p(cx) {
                    Poll::Ready(Some(Ok(tokio_postgres::AsyncMessage::Notice(n)))) => {
                        tracing::debug!(notice = %n.message(), "PostgreSQL");
                    }
                    Poll::Ready(Some(Ok(_))) => {}
                    Poll::Ready(Some(Err(e))) => {
                        // the connection closed with it: dropping it fails
                        // the calls waiting on it (and any made later)
                        tracing::debug!(error = %e, "the PostgreSQL connection failed");
                        *pump = None;
                    }
                    Poll::Ready(None) => *pump = None,
                    Poll::Pending => break,
                }
            }
            future.as_mut().poll(cx)
        }))
    }
}

/// A call to the server (see [`PgConn::call`]).
enum Call<'a> {
    Prepare(&'a str),
    Execute(
        &'a postgres::Statement,
        &'a [&'a (dyn postgres::types::ToSql + Sync)],
    ),
    Query(
        &'a postgres::Statement,
        &'a [&'a (dyn postgres::types::ToSql + Sync)],
    ),
    /// Statements without parameters (the simple protocol).
    Batch(&'a str),
}

/// What a [`Call`] answered.
enum Answer {
    Statement(postgres::Statement),
    Count(u64),
    Rows(Vec<postgres::Row>),
    Done,
}

impl Call<'_> {
    async fn run(self, client: &tokio_postgres::Client) -> Result<Answer, postgres::Error> {
        Ok(match self {
            Call::Prepare(sql) => Answer::Statement(client.prepare(sql).await?),
            Call::Execute(st, p) => Answer::Count(client.execute(st, p).await?),
            Call::Query(st, p) => Answer::Rows(client.query(st, p).await?),
            Call::Batch(sql) => {
                client.batch_execute(sql).await?;
                Answer::Done
            }
        })
    }
}

/// What transaction control does to the connection's state.
struct Control {
    /// It opens a transaction.
    begins: bool,
    /// It ends one (a `COMMIT` that succeeds, any `ROLLBACK` but to a
    /// savepoint).
    commits: bool,
    rolls_back: bool,
    /// It only opens or releases savepoints: no row changes, the cached
    /// reads stay.
    keeps_reads: bool,
}

impl Control {
    fn of(sql: &str) -> Control {
        let words: Vec<String> = sql
            .split(';')
            .map(|s| s.trim().to_ascii_uppercase())
            .filter(|s| !s.is_empty())
            .collect();
        Control {
            begins: words.iter().any(|w| w.starts_with("BEGIN")),
            commits: words.iter().any(|w| w.starts_with("COMMIT")),
            rolls_back: words
                .iter()
                .any(|w| w.starts_with("ROLLBACK") && !w.starts_with("ROLLBACK TO")),
            // (nothing at all keeps them too)
            keeps_reads: words
                .iter()
                .all(|w| w.starts_with("SAVEPOINT ") || w.starts_with("RELEASE ")),
        }
    }
}

impl PgConn {
    /// Connect to `url` (`postgres://user:password@host:port/db?sslmode=…`)
    /// and migrate the database to the latest schema. `sslmode=disable`
    /// connects in the clear; otherwise TLS is tried (`prefer`, the
    /// default) or required (`require`), the server's certificate checked
    /// against the webpki roots.
    pub(in crate::store) fn connect(url: &str) -> StoreResult<PgConn> {
        let config: tokio_postgres::Config = url.parse()?;
        let link = open(&config)?;
        let conn = PgConn {
            config,
            link: RefCell::new(Some(link)),
            statements: RefCell::new(HashMap::new()),
            in_tx: Cell::new(false),
            lost: Cell::new(false),
            reads: RefCell::new(HashMap::new()),
            trips: Cell::new(0),
        };
        conn.migrate()?;
        Ok(conn)
    }

    /// One round trip: `control` (transaction control, or nothing) and
    /// then `call`, sent together (pipelined), their answers read in
    /// order. A connection found closed (the server restarted, a proxy
    /// dropped it) is opened again first, unless a transaction was open
    /// on it: that one is lost, and says so. A failing `control` fails
    /// the call (the server refuses statements in a failed transaction).
    fn call(&self, control: &str, call: Call<'_>) -> StoreResult<Answer> {
        let ctl = match call {
            Call::Batch(sql) => Control::of(&format!("{control}; {sql}")),
            _ => Control::of(control),
        };
        if !ctl.keeps_reads {
            self.reads.borrow_mut().clear();
        }
        let mut link = self.link.borrow_mut();
        let lost = self.lost.get() || link.as_ref().is_some_and(Link::is_closed);
        if lost && !self.in_tx.get() {
            tracing::warn!("the PostgreSQL connection was lost: connecting again");
            *link = None;
            *link = Some(open(&self.config)?);
            self.statements.borrow_mut().clear();
            self.lost.set(false);
        }
        if ctl.begins {
            // open from now on, even if this fails: the connection is not
            // silently replaced under the transaction until its ROLLBACK
            self.in_tx.set(true);
        }
        let link = link.as_mut().ok_or(StoreError::Closed)?;
        self.trips.set(self.trips.get() + 1);
        let res = link.block_on(|client| async move {
            if control.is_empty() {
                return call.run(client).await;
            }
            let (ctl, answer) =
                futures_util::future::join(client.batch_execute(control), call.run(client)).await;
            ctl?;
            answer
        });
        if (ctl.commits && res.is_ok()) || ctl.rolls_back {
            // a failed ROLLBACK (the connection gone) ends it all the same
            self.in_tx.set(false);
        }
        res.map_err(|e| {
            if connection_lost(&e) || link.is_closed() {
                self.lost.set(true);
            }
            StoreError::Postgres(e)
        })
    }

    /// Round trips to the server so far.
    pub(in crate::store) fn round_trips(&self) -> u64 {
        self.trips.get()
    }

    /// Forget the cached reads `sql` (a statement that is not a cached
    /// read) may have changed.
    fn forget_reads(&self, sql: &str) {
        let mut reads = self.reads.borrow_mut();
        if reads.is_empty() {
            return;
        }
        match Written::by(sql) {
            Written::Table(t) => reads.retain(|_, r| !r.tables.contains(&t)),
            Written::Anything => reads.clear(),
        }
    }

    /// The prepared statement of `sql` (prepared on first use).
    fn statement(&self, sql: &str) -> StoreResult<postgres::Statement> {
        if let Some(st) = self.statements.borrow().get(sql) {
            return Ok(st.clone());
        }
        let Answer::Statement(st) = self.call("", Call::Prepare(&placeholders(sql)))? else {
            return Err(StoreError::Closed);
        };
        self.statements
            .borrow_mut()
            .insert(sql.to_string(), st.clone());
        Ok(st)
    }

    /// Run a statement after the transaction control in `pending` (sent
    /// in the same round trip, then emptied); how many rows it changed.
    pub(in crate::store) fn exec(
        &self,
        pending: &RefCell<String>,
        sql: &str,
        p: &[&dyn rusqlite::types::ToSql],
    ) -> StoreResult<usize> {
        self.forget_reads(sql);
        let st = self.statement(sql)?;
        let values = values(p)?;
        let refs = refs(&values);
        let control = pending.take();
        match self.call(&control, Call::Execute(&st, &refs))? {
            Answer::Count(n) => Ok(n as usize),
            _ => Err(StoreError::Closed),
        }
    }

    /// The rows of a query, after the transaction control in `pending`
    /// (as [`PgConn::exec`]).
    pub(in crate::store) fn query(
        &self,
        pending: &RefCell<String>,
        sql: &str,
        p: &[&dyn rusqlite::types::ToSql],
    ) -> StoreResult<Vec<postgres::Row>> {
        let values = values(p)?;
        // the same read again in a transaction, with nothing written since
        // to the tables it reads (a move reads its players' rows several
        // times): the rows it gave; savepoints still to open or release
        // change no row, and wait for the next statement
        let keeps = Control::of(&pending.borrow()).keeps_reads;
        let key = (self.in_tx.get() && keeps && cacheable(sql)).then(|| format!("{values:?}"));
        if let Some(rows) = key.as_ref().and_then(|k| {
            self.reads
                .borrow()
                .get(sql)
                .and_then(|r| r.rows.get(k).cloned())
        }) {
            return Ok(rows);
        }
        if key.is_none() {
            self.forget_reads(sql);
        }
        let st = self.statement(sql)?;
        let refs = refs(&values);
        let control = pending.take();
        let Answer::Rows(rows) = self.call(&control, Call::Query(&st, &refs))? else {
            return Err(StoreError::Closed);
        };
        if let Some(k) = key {
            self.reads
                .borrow_mut()
                .entry(sql.to_string())
                .or_insert_with(|| Reads {
                    tables: words(sql),
                    rows: HashMap::new(),
                })
                .rows
                .insert(k, rows.clone());
        }
        Ok(rows)
    }

    /// Statements without parameters, in one round trip: transaction
    /// control (`BEGIN; SELECT pg_advisory_xact_lock(…); SAVEPOINT event`,
    /// `RELEASE SAVEPOINT event; COMMIT`, …) or schema.
    pub(in crate::store) fn batch(&self, sql: &str) -> StoreResult<()> {
        self.call("", Call::Batch(sql)).map(|_| ())
    }

    /// Bring the schema to [`LATEST_VERSION`]: under the migrations'
    /// advisory lock, each migration not applied yet in a transaction of
    /// its own, recorded in `schema_migrations`.
    fn migrate(&self) -> StoreResult<()> {
        self.batch(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))?;
        let res = self.migrate_locked();
        let unlock = self.batch(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"));
        res.and(unlock)
    }

    fn migrate_locked(&self) -> StoreResult<()> {
        self.batch(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                 version    BIGINT PRIMARY KEY,
                 applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
             )",
        )?;
        let none = RefCell::new(String::new());
        let current: i64 = self
            .query(
                &none,
                "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                &[],
            )?
            .first()
            .map(|r| r.get(0))
            .unwrap_or(0);
        if current > LATEST_VERSION {
            return Err(StoreError::Schema(format!(
                "the database's schema is v{current}, newer than this build's v{LATEST_VERSION}"
            )));
        }
        for &(version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
            let migrated = self.batch("BEGIN").and_then(|()| {
                self.batch(sql)?;
                self.exec(
                    &none,
                    "INSERT INTO schema_migrations (version) VALUES (?1)",
                    rusqlite::params![version],
                )?;
                self.batch("COMMIT")
            });
            if let Err(e) = migrated {
                if self.in_tx.get() {
                    let _ = self.batch("ROLLBACK");
                }
                return Err(StoreError::Schema(format!("migration to v{version}: {e}")));
            }
            tracing::info!(version, "PostgreSQL schema migrated");
        }
        Ok(())
    }
}

impl Drop for PgConn {
    fn drop(&mut self) {
        // the link's runtime may not be dropped inside another's: from
        // an async context, on a thread
        if let Some(link) = self.link.get_mut().take() {
            if tokio::runtime::Handle::try_current().is_ok() {
                let _ = std::thread::spawn(move || drop(link)).join();
            }
        }
    }
}

/// Whether the rows of `sql` may be given again for the same parameters
/// later in the same transaction, as long as nothing ran on the
/// connection in between that could change them: a plain `SELECT` (no row
/// locks, no functions of PostgreSQL's own, which may have effects). A
/// write forgets the reads that name its table ([`Written`]); any other
/// statement, a rollback to a savepoint, and every transaction's start and
/// end empty the cache; the writers' advisory lock keeps other processes'
/// writers out meanwhile.
fn cacheable(sql: &str) -> bool {
    let upper = sql.trim_start().to_ascii_uppercase();
    upper.starts_with("SELECT ")
        && ![
            " FOR ", "PG_", "NEXTVAL", "SETVAL", "RANDOM", "CLOCK_", "TXID",
        ]
        .iter()
        .any(|w| upper.contains(w))
}

/// What a statement other than a cached read may change (so which cached
/// reads it makes stale).
#[derive(Debug, PartialEq, Eq)]
enum Written {
    /// The rows of one table: `INSERT INTO t …`, `UPDATE t …` (no table
    /// has a trigger, and no foreign key cascades on an insert or update).
    Table(String),
    /// Anything: a `DELETE` (a foreign key may cascade), a `WITH`, a read
    /// with effects or row locks, schema, anything not known.
    Anything,
}

impl Written {
    fn by(sql: &str) -> Written {
        let mut words = sql
            .split(|c: char| c.is_whitespace() || c == '(')
            .filter(|w| !w.is_empty());
        let first = words.next().map(str::to_ascii_uppercase);
        let table = match first.as_deref() {
            Some("INSERT") => match words.next().map(str::to_ascii_uppercase).as_deref() {
                Some("INTO") => words.next(),
                _ => None,
            },
            Some("UPDATE") => words.next(),
            _ => None,
        };
        match table {
            Some(t) if t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                Written::Table(t.to_ascii_lowercase())
            }
            _ => Written::Anything,
        }
    }
}

/// The cached rows of one read (its SQL the key), by its parameters.
struct Reads {
    /// The words of its SQL (see [`words`]): the tables it may read among
    /// them.
    tables: Vec<String>,
    rows: HashMap<String, Vec<postgres::Row>>,
}

/// The words of a read's SQL, in lower case, once each: the tables it
/// names among them (a write to one of these makes it stale).
fn words(read: &str) -> Vec<String> {
    let mut w: Vec<String> = read
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    w.sort_unstable();
    w.dedup();
    w
}

/// Whether the SQL `read` names `table` (as a whole word, in any case):
/// a read that may have seen its rows.
#[cfg(test)]
fn mentions(read: &str, table: &str) -> bool {
    words(read).contains(&table.to_ascii_lowercase())
}

/// A PostgreSQL error with the server's message (the error's own Display
/// says only "db error").
pub(in crate::store) fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => e.to_string(),
    }
}

/// Whether `e` means the connection itself is gone (closed, reset, or
/// ended by the server with a FATAL error) rather than a statement failed.
fn connection_lost(e: &postgres::Error) -> bool {
    e.is_closed()
        || std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>())
        || e.as_db_error().is_some_and(|d| d.severity() == "FATAL")
}

/// A new connection: in the clear for `sslmode=disable`, else over TLS.
fn open(config: &tokio_postgres::Config) -> StoreResult<Link> {
    use tokio_postgres::config::SslMode;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StoreError::Schema(format!("the PostgreSQL client's runtime: {e}")))?;
    let (client, pump): (tokio_postgres::Client, Pump) = match config.get_ssl_mode() {
        SslMode::Disable => {
            let (client, mut conn) = runtime.block_on(config.connect(tokio_postgres::NoTls))?;
            (client, Box::new(move |cx| conn.poll_message(cx)))
        }
        _ => {
            let (client, mut conn) = runtime.block_on(config.connect(tls()?))?;
            (client, Box::new(move |cx| conn.poll_message(cx)))
        }
    };
    Ok(Link {
        runtime,
        client,
        pump: Some(pump),
    })
}

/// rustls with the ring provider and the webpki roots.
fn tls() -> StoreResult<tokio_postgres_rustls::MakeRustlsConnect> {
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| StoreError::Schema(format!("TLS set-up: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(tokio_postgres_rustls::MakeRustlsConnect::new(config))
}

/// SQLite's placeholders as PostgreSQL's: `?N` becomes `$N`, a bare `?`
/// the next number; string literals are left alone.
pub(in crate::store) fn placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut next = 0;
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(ch) = chars.next() {
        if quoted {
            quoted = ch != '\'';
            out.push(ch);
            continue;
        }
        match ch {
            '\'' => {
                quoted = true;
                out.push(ch);
            }
            '?' => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                    digits.push(d);
                    chars.next();
                }
                if digits.is_empty() {
                    next += 1;
                    let _ = write!(out, "${next}");
                } else {
                    out.push('$');
                    out.push_str(&digits);
                }
            }
            _ => out.push(ch),
        }
    }
    out
}

/// A parameter as rusqlite would bind it, sent as the type PostgreSQL
/// inferred for it.
#[derive(Debug)]
enum PgValue {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

fn values(p: &[&dyn rusqlite::types::ToSql]) -> StoreResult<Vec<PgValue>> {
    p.iter()
        .map(|v| {
            let value = match rusqlite::types::ToSql::to_sql(*v)? {
                ToSqlOutput::Borrowed(r) => owned(r)?,
                ToSqlOutput::Owned(v) => v,
                _ => {
                    return Err(StoreError::Sql(rusqlite::Error::ToSqlConversionFailure(
                        "a parameter PostgreSQL cannot take".into(),
                    )))
                }
            };
            Ok(match value {
                Value::Null => PgValue::Null,
                Value::Integer(i) => PgValue::Int(i),
                Value::Real(f) => PgValue::Real(f),
                Value::Text(s) => PgValue::Text(s),
                Value::Blob(b) => PgValue::Blob(b),
            })
        })
        .collect()
}

fn owned(r: ValueRef<'_>) -> StoreResult<Value> {
    Ok(match r {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Integer(i),
        ValueRef::Real(f) => Value::Real(f),
        ValueRef::Text(t) => Value::Text(
            String::from_utf8(t.to_vec())
                .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?,
        ),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    })
}

fn refs(values: &[PgValue]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    values
        .iter()
        .map(|v| v as &(dyn postgres::types::ToSql + Sync))
        .collect()
}

type BoxError = Box<dyn std::error::Error + Sync + Send>;

impl postgres::types::ToSql for PgValue {
    fn to_sql(&self, ty: &Type, out: &mut bytes::BytesMut) -> Result<IsNull, BoxError> {
        let text = |ty: &Type| {
            matches!(
                *ty,
                Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN
            )
        };
        match self {
            PgValue::Null => Ok(IsNull::Yes),
            PgValue::Int(i) => match *ty {
                Type::INT8 => i.to_sql(ty, out),
                Type::INT4 => i32::try_from(*i)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*i)?.to_sql(ty, out),
                Type::FLOAT8 => (*i as f64).to_sql(ty, out),
                Type::FLOAT4 => (*i as f32).to_sql(ty, out),
                Type::BOOL => (*i != 0).to_sql(ty, out),
                ref t if text(t) => i.to_string().to_sql(ty, out),
                _ => Err(format!("an integer sent as {ty}").into()),
            },
            PgValue::Real(f) => match *ty {
                Type::FLOAT8 => f.to_sql(ty, out),
                Type::FLOAT4 => (*f as f32).to_sql(ty, out),
                ref t if text(t) => f.to_string().to_sql(ty, out),
                _ => Err(format!("a real number sent as {ty}").into()),
            },
            PgValue::Text(s) => match *ty {
                ref t if text(t) => s.as_str().to_sql(ty, out),
                // SQLite's column affinity: a number written as text into
                // a number column is stored as the number (a chat's
                // `days_per_move` setting is given as text)
                Type::INT8 | Type::INT4 | Type::INT2 | Type::BOOL => {
                    PgValue::Int(s.trim().parse()?).to_sql(ty, out)
                }
                Type::FLOAT8 | Type::FLOAT4 => PgValue::Real(s.trim().parse()?).to_sql(ty, out),
                _ => Err(format!("a text sent as {ty}").into()),
            },
            PgValue::Blob(b) => match *ty {
                Type::BYTEA => b.as_slice().to_sql(ty, out),
                _ => Err(format!("a blob sent as {ty}").into()),
            },
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// Column `i` of a PostgreSQL row as the rusqlite value it stands for
/// (booleans as 0 or 1, as SQLite keeps them).
pub(in crate::store) fn column_value(r: &postgres::Row, i: usize) -> rusqlite::Result<Value> {
    fn get<'a, T: postgres::types::FromSql<'a>>(
        r: &'a postgres::Row,
        i: usize,
    ) -> rusqlite::Result<Option<T>> {
        r.try_get(i).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Null, Box::new(e))
        })
    }
    let Some(col) = r.columns().get(i) else {
        return Err(rusqlite::Error::InvalidColumnIndex(i));
    };
    let v = match *col.type_() {
        Type::INT8 => get::<i64>(r, i)?.map(Value::Integer),
        Type::INT4 => get::<i32>(r, i)?.map(|v| Value::Integer(v.into())),
        Type::INT2 => get::<i16>(r, i)?.map(|v| Value::Integer(v.into())),
        Type::OID => get::<u32>(r, i)?.map(|v| Value::Integer(v.into())),
        Type::BOOL => get::<bool>(r, i)?.map(|v| Value::Integer(v.into())),
        Type::FLOAT8 => get::<f64>(r, i)?.map(Value::Real),
        Type::FLOAT4 => get::<f32>(r, i)?.map(|v| Value::Real(v.into())),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
            get::<String>(r, i)?.map(Value::Text)
        }
        Type::BYTEA => get::<Vec<u8>>(r, i)?.map(Value::Blob),
        ref other => {
            return Err(rusqlite::Error::InvalidColumnType(
                i,
                format!("{} ({other})", col.name()),
                rusqlite::types::Type::Null,
            ))
        }
    };
    Ok(v.unwrap_or(Value::Null))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_for_postgres_outside_literals() {
        assert_eq!(
            placeholders("SELECT ?1, ?2 WHERE a = ?1 AND b = '?3' AND c LIKE ?2 || ' %'"),
            "SELECT $1, $2 WHERE a = $1 AND b = '?3' AND c LIKE $2 || ' %'"
        );
        assert_eq!(
            placeholders("VALUES (?, ?, 'it''s ?', ?)"),
            "VALUES ($1, $2, 'it''s ?', $3)"
        );
        assert_eq!(placeholders("?10 + ?2"), "$10 + $2");
    }

    #[test]
    fn only_plain_selects_are_answered_again() {
        assert!(cacheable("SELECT id FROM users WHERE id = ?1"));
        assert!(cacheable("  select notify from users where id = ?1"));
        assert!(!cacheable("INSERT INTO moves VALUES (?1) RETURNING id"));
        assert!(!cacheable("UPDATE games SET ply = ply + 1"));
        assert!(!cacheable(
            "SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED"
        ));
        assert!(!cacheable("SELECT pg_try_advisory_lock(1)"));
        assert!(!cacheable("SELECT nextval('s')"));
        assert!(!cacheable(
            "WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x"
        ));
    }

    #[test]
    fn a_write_forgets_the_reads_of_its_table_only() {
        assert_eq!(
            Written::by("INSERT INTO moves (game_id) VALUES (?1)"),
            Written::Table("moves".into())
        );
        assert_eq!(
            Written::by("  update Games SET ply = ply + 1 WHERE id = ?1 RETURNING id"),
            Written::Table("games".into())
        );
        assert_eq!(
            Written::by("INSERT INTO outbox(id) VALUES (1)"),
            Written::Table("outbox".into())
        );
        assert_eq!(
            Written::by("DELETE FROM games WHERE id = 1"),
            Written::Anything
        );
        assert_eq!(
            Written::by("WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x"),
            Written::Anything
        );
        assert_eq!(
            Written::by("SELECT pg_try_advisory_lock(1)"),
            Written::Anything
        );
        assert!(mentions(
            "SELECT u.id FROM users u JOIN games g ON g.white_user = u.id",
            "games"
        ));
        assert!(mentions("select id from GAMES where id = ?1", "games"));
        assert!(!mentions(
            "SELECT id, name FROM users WHERE id = ?1",
            "games"
        ));
        // a column named after a table's word is no mention of the table
        assert!(!mentions(
            "SELECT game_id FROM moves_seen WHERE user_id = ?1",
            "moves"
        ));
    }

    #[test]
    fn values_keep_what_rusqlite_binds() {
        let n: Option<i64> = None;
        let v = values(rusqlite::params![
            7_i64,
            true,
            1.5_f64,
            "x",
            n,
            vec![1_u8, 2]
        ])
        .unwrap();
        assert!(matches!(v[0], PgValue::Int(7)));
        assert!(matches!(v[1], PgValue::Int(1)));
        assert!(matches!(v[2], PgValue::Real(f) if f == 1.5));
        assert!(matches!(&v[3], PgValue::Text(s) if s == "x"));
        assert!(matches!(v[4], PgValue::Null));
        assert!(matches!(&v[5], PgValue::Blob(b) if b == &[1, 2]));
    }

    #[test]
    fn an_integer_goes_as_the_inferred_type_and_refuses_to_overflow() {
        use postgres::types::ToSql as _;
        let mut out = bytes::BytesMut::new();
        assert!(PgValue::Int(5).to_sql(&Type::INT4, &mut out).is_ok());
        assert_eq!(&out[..], &5_i32.to_be_bytes());
        out.clear();
        assert!(PgValue::Int(i64::MAX)
            .to_sql(&Type::INT4, &mut out)
            .is_err());
        assert!(PgValue::Int(1).to_sql(&Type::BOOL, &mut out).is_ok());
        assert!(PgValue::Text("x".into())
            .to_sql(&Type::INT8, &mut out)
            .is_err());
        // a number as text into a number column, as SQLite's affinity does
        out.clear();
        assert!(PgValue::Text("3".into())
            .to_sql(&Type::INT8, &mut out)
            .is_ok());
        assert_eq!(&out[..], &3_i64.to_be_bytes());
    }
}
