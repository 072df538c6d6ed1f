//! The PostgreSQL backend: a connection that runs the store's queries as
//! written for SQLite (`?N` placeholders become `$N`; rusqlite's values
//! are sent as the type the server inferred for each parameter, and the
//! columns come back as rusqlite values, read by the same `FromSql`), its
//! schema and migrations, and the connection set-up (TLS through rustls,
//! never OpenSSL).
//!
//! The client is the `postgres` crate's synchronous one: the store runs on
//! blocking threads, never in an async task (the client runs a small
//! runtime of its own, which may not be entered from another).

use super::{StoreError, StoreResult};
use postgres::types::{IsNull, Type};
use rusqlite::types::{ToSqlOutput, Value, ValueRef};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt::Write as _;

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
];

/// The latest schema version this build knows.
pub const LATEST_VERSION: i64 = 26;

/// One connection to a PostgreSQL database.
pub(in crate::store) struct PgConn {
    /// How to connect again (its Debug hides the password).
    config: postgres::Config,
    client: RefCell<Option<postgres::Client>>,
    /// Prepared statements by the store's SQL text (of this client).
    statements: RefCell<HashMap<String, postgres::Statement>>,
    /// A transaction is open (between `BEGIN` and `COMMIT`/`ROLLBACK`): a
    /// lost connection is then an error, never silently replaced.
    in_tx: Cell<bool>,
    /// The last error said the connection is gone.
    lost: Cell<bool>,
    /// Rows of the reads repeated inside a transaction, by their SQL and
    /// parameters (see [`cacheable`]): emptied by any other statement.
    reads: RefCell<HashMap<(String, String), Vec<postgres::Row>>>,
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError::Postgres(e)
    }
}

impl PgConn {
    /// Connect to `url` (`postgres://user:password@host:port/db?sslmode=…`)
    /// and migrate the database to the latest schema. `sslmode=disable`
    /// connects in the clear; otherwise TLS is tried (`prefer`, the
    /// default) or required (`require`), the server's certificate checked
    /// against the webpki roots.
    pub(in crate::store) fn connect(url: &str) -> StoreResult<PgConn> {
        let config: postgres::Config = url.parse()?;
        let client = open(&config)?;
        let conn = PgConn {
            config,
            client: RefCell::new(Some(client)),
            statements: RefCell::new(HashMap::new()),
            in_tx: Cell::new(false),
            lost: Cell::new(false),
            reads: RefCell::new(HashMap::new()),
        };
        conn.migrate()?;
        Ok(conn)
    }

    /// Run `f` on the client. A connection found closed (the server
    /// restarted, a proxy dropped it) is opened again first, unless a
    /// transaction was open on it: that one is lost, and says so.
    fn with<T>(
        &self,
        f: impl FnOnce(&mut postgres::Client) -> Result<T, postgres::Error>,
    ) -> StoreResult<T> {
        let mut client = self.client.borrow_mut();
        let lost = self.lost.get() || client.as_ref().is_some_and(|c| c.is_closed());
        if lost && !self.in_tx.get() {
            tracing::warn!("the PostgreSQL connection was lost: connecting again");
            *client = Some(open(&self.config)?);
            self.statements.borrow_mut().clear();
            self.lost.set(false);
        }
        let client = client.as_mut().ok_or(StoreError::Closed)?;
        f(client).map_err(|e| {
            if connection_lost(&e) || client.is_closed() {
                self.lost.set(true);
            }
            StoreError::Postgres(e)
        })
    }

    /// The prepared statement of `sql` (prepared on first use).
    fn statement(&self, sql: &str) -> StoreResult<postgres::Statement> {
        if let Some(st) = self.statements.borrow().get(sql) {
            return Ok(st.clone());
        }
        let st = self.with(|c| c.prepare(&placeholders(sql)))?;
        self.statements
            .borrow_mut()
            .insert(sql.to_string(), st.clone());
        Ok(st)
    }

    pub(in crate::store) fn exec(
        &self,
        sql: &str,
        p: &[&dyn rusqlite::types::ToSql],
    ) -> StoreResult<usize> {
        self.reads.borrow_mut().clear();
        let st = self.statement(sql)?;
        let values = values(p)?;
        let refs = refs(&values);
        let n = self.with(|c| c.execute(&st, &refs))?;
        Ok(n as usize)
    }

    pub(in crate::store) fn query(
        &self,
        sql: &str,
        p: &[&dyn rusqlite::types::ToSql],
    ) -> StoreResult<Vec<postgres::Row>> {
        let values = values(p)?;
        // the same read again in a transaction, with nothing written since
        // (a move reads its players' rows five times): the rows it gave
        let key =
            (self.in_tx.get() && cacheable(sql)).then(|| (sql.to_string(), format!("{values:?}")));
        if let Some(rows) = key
            .as_ref()
            .and_then(|k| self.reads.borrow().get(k).cloned())
        {
            return Ok(rows);
        }
        if key.is_none() {
            self.reads.borrow_mut().clear();
        }
        let st = self.statement(sql)?;
        let refs = refs(&values);
        let rows = self.with(|c| c.query(&st, &refs))?;
        if let Some(k) = key {
            self.reads.borrow_mut().insert(k, rows.clone());
        }
        Ok(rows)
    }

    pub(in crate::store) fn batch(&self, sql: &str) -> StoreResult<()> {
        self.reads.borrow_mut().clear();
        let word = sql.trim_start().to_ascii_uppercase();
        let res = self.with(|c| c.batch_execute(sql));
        if word.starts_with("BEGIN") && res.is_ok() {
            self.in_tx.set(true);
        } else if (word.starts_with("COMMIT") && res.is_ok())
            || (word.starts_with("ROLLBACK") && !word.starts_with("ROLLBACK TO"))
        {
            // a failed ROLLBACK (the connection gone) ends it all the same
            self.in_tx.set(false);
        }
        res
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
        let current: i64 = self
            .with(|c| {
                c.query_one(
                    "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                    &[],
                )
            })?
            .get(0);
        if current > LATEST_VERSION {
            return Err(StoreError::Schema(format!(
                "the database's schema is v{current}, newer than this build's v{LATEST_VERSION}"
            )));
        }
        for &(version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
            self.with(|c| {
                let mut tx = c.transaction()?;
                tx.batch_execute(sql)?;
                tx.execute(
                    "INSERT INTO schema_migrations (version) VALUES ($1)",
                    &[&version],
                )?;
                tx.commit()
            })
            .map_err(|e| StoreError::Schema(format!("migration to v{version}: {e}")))?;
            tracing::info!(version, "PostgreSQL schema migrated");
        }
        Ok(())
    }
}

impl Drop for PgConn {
    fn drop(&mut self) {
        // the client closes its connection on its own runtime, which may
        // not start inside another's: from an async context, on a thread
        if let Some(client) = self.client.get_mut().take() {
            if tokio::runtime::Handle::try_current().is_ok() {
                let _ = std::thread::spawn(move || drop(client)).join();
            }
        }
    }
}

/// Whether the rows of `sql` may be given again for the same parameters
/// later in the same transaction, as long as nothing else ran on the
/// connection in between: a plain `SELECT` (no row locks, no functions of
/// PostgreSQL's own, which may have effects). Every other statement, and
/// every transaction's start and end, empties the cache; the writers'
/// advisory lock keeps other processes' writers out meanwhile.
fn cacheable(sql: &str) -> bool {
    let upper = sql.trim_start().to_ascii_uppercase();
    upper.starts_with("SELECT ")
        && ![
            " FOR ", "PG_", "NEXTVAL", "SETVAL", "RANDOM", "CLOCK_", "TXID",
        ]
        .iter()
        .any(|w| upper.contains(w))
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

/// A new client: in the clear for `sslmode=disable`, else over TLS.
fn open(config: &postgres::Config) -> StoreResult<postgres::Client> {
    use postgres::config::SslMode;
    Ok(match config.get_ssl_mode() {
        SslMode::Disable => config.connect(postgres::NoTls)?,
        _ => config.connect(tls()?)?,
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
