//! The store: the one seam between the chat service and its database. The
//! core calls the typed functions of this module inside a [`Tx`] (one open
//! transaction, or a read outside one) and never names the database library;
//! the SQLite implementation (rusqlite + rusqlite_migration) lives here.
//! Every action of the service is one IMMEDIATE transaction
//! ([`Store::transaction`], or a [`Batch`] of events each in its own
//! savepoint).

use rusqlite::{params, Connection};
use rusqlite_migration::{Migrations, M};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::Duration;

pub use rusqlite::Error as SqlError;

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(vec![
        M::up(include_str!("schema.sql")),
        M::up(include_str!("puzzles.sql")),
        M::up(include_str!("v3.sql")),
        M::up(include_str!("v4.sql")),
        M::up(include_str!("v5.sql")),
        M::up(include_str!("v6.sql")),
        M::up(include_str!("v7.sql")),
        M::up(include_str!("v8.sql")),
        M::up(include_str!("v9.sql")),
        M::up(include_str!("v10.sql")),
        M::up(include_str!("v11.sql")),
        M::up(include_str!("v12.sql")),
        M::up(include_str!("v13.sql")),
        M::up(include_str!("v14.sql")),
        M::up(include_str!("v15.sql")),
        M::up(include_str!("v16.sql")),
        M::up(include_str!("v17.sql")),
        M::up(include_str!("v18.sql")),
        M::up(include_str!("v19.sql")),
        M::up(include_str!("v20.sql")),
        M::up(include_str!("v21.sql")),
        M::up(include_str!("v22.sql")),
        M::up(include_str!("v23.sql")),
        M::up(include_str!("v24.sql")),
        M::up(include_str!("v25.sql")),
        M::up(include_str!("v26.sql")),
        M::up(include_str!("v27.sql")),
        M::up(include_str!("v28.sql")),
        M::up(include_str!("v29.sql")),
        M::up(include_str!("v30.sql")),
    ])
});

/// How many migrations come before v22 (tests migrate to it, then on).
#[cfg(test)]
const MIGRATIONS_BEFORE_V22: usize = 21;

/// How many prepared statements a connection keeps (the store has about
/// 150 distinct queries).
const STATEMENT_CACHE: usize = 256;

/// What can go wrong in the store.
#[derive(Debug)]
pub enum StoreError {
    Sql(rusqlite::Error),
    Migration(rusqlite_migration::Error),
    /// PostgreSQL said no (its message never holds the connection's
    /// password).
    Postgres(postgres::Error),
    /// The PostgreSQL schema could not be brought up to date (or is newer
    /// than this build).
    Schema(String),
    /// The PostgreSQL connection is closed.
    Closed,
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Sql(e) => write!(f, "database error: {e}"),
            StoreError::Migration(e) => write!(f, "database migration failed: {e}"),
            StoreError::Postgres(e) => write!(f, "PostgreSQL error: {}", pg::describe(e)),
            StoreError::Schema(e) => write!(f, "PostgreSQL schema: {e}"),
            StoreError::Closed => f.write_str("the PostgreSQL connection is closed"),
        }
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// The unknown stored word this error is about, if it is one (a row
    /// read back with a word this build does not know).
    pub fn unknown_word(&self) -> Option<&UnknownWord> {
        match self {
            StoreError::Sql(rusqlite::Error::FromSqlConversionFailure(_, _, e)) => {
                e.downcast_ref::<UnknownWord>()
            }
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sql(e)
    }
}

impl From<rusqlite_migration::Error> for StoreError {
    fn from(e: rusqlite_migration::Error) -> Self {
        StoreError::Migration(e)
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Where the store keeps its data: a SQLite file, or a PostgreSQL database
/// named by its URL. Displayed with the URL's password hidden.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Location {
    /// A `postgres://` (or `postgresql://`) URL, else a file path.
    pub fn parse(s: &str) -> Location {
        if is_postgres_url(s) {
            Location::Postgres(s.to_string())
        } else {
            Location::Sqlite(PathBuf::from(s))
        }
    }
}

/// Whether `s` names a PostgreSQL database rather than a file.
pub fn is_postgres_url(s: &str) -> bool {
    let lower = s.trim_start().to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// A database URL with its password replaced by `***` (for logs and
/// errors).
pub fn redact_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) => {
            if u.password().is_some() {
                let _ = u.set_password(Some("***"));
            }
            // a password given as a query parameter
            let pairs: Vec<(String, String)> = u
                .query_pairs()
                .map(|(k, v)| {
                    let v = if k.eq_ignore_ascii_case("password") {
                        "***".to_string()
                    } else {
                        v.into_owned()
                    };
                    (k.into_owned(), v)
                })
                .collect();
            if !pairs.is_empty() {
                u.query_pairs_mut().clear().extend_pairs(pairs);
            }
            u.to_string()
        }
        // not a URL we can read: show nothing of it
        Err(_) => "postgres://***".to_string(),
    }
}

impl Location {
    /// The URL's password, if any, percent-decoded (for the log's
    /// redaction, which also hides its encoded form).
    pub fn password(&self) -> Option<String> {
        let Location::Postgres(url) = self else {
            return None;
        };
        let url = url::Url::parse(url.trim()).ok()?;
        let p = percent_decoded(url.password()?);
        (!p.is_empty()).then_some(p)
    }
}

/// `s` with its `%XX` escapes decoded (a URL's userinfo).
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (c, hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(p) => write!(f, "{}", p.display()),
            Location::Postgres(url) => f.write_str(&redact_url(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Location({self})")
    }
}

/// One connection to the database.
pub struct Store {
    tx: Tx,
}

impl Store {
    /// Open (creating if needed) and migrate the database at `path`: WAL
    /// journal, foreign keys on, full sync, a busy timeout so concurrent
    /// writers wait for each other instead of failing.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let conn = Connection::open(path)?;
        Store::setup(conn)
    }

    /// A private in-memory database (for tests and benchmarks).
    pub fn open_in_memory() -> StoreResult<Store> {
        Store::setup(Connection::open_in_memory()?)
    }

    /// Connect to the PostgreSQL database at `url` and migrate it.
    pub fn connect(url: &str) -> StoreResult<Store> {
        Ok(Store {
            tx: Tx::new(Db::Postgres(Box::new(pg::PgConn::connect(url)?))),
        })
    }

    /// Open the database at `at`, whichever backend it is on.
    pub fn open_at(at: &Location) -> StoreResult<Store> {
        match at {
            Location::Sqlite(path) => Store::open(path),
            Location::Postgres(url) => Store::connect(url),
        }
    }

    fn setup(mut conn: Connection) -> StoreResult<Store> {
        conn.busy_timeout(Duration::from_secs(10))?;
        // every query of the store is a cached statement: compiling the SQL
        // anew for each call cost a fifth of a batch's time
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        MIGRATIONS.to_latest(&mut conn)?;
        Ok(Store {
            tx: Tx::new(Db::Sqlite(conn)),
        })
    }

    /// How many times this connection has gone to the database (see
    /// [`Tx::round_trips`]).
    pub fn round_trips(&self) -> u64 {
        self.tx.round_trips()
    }

    /// Whether the store is on PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self.tx.db, Db::Postgres(_))
    }

    /// Run `f` in one write transaction (SQLite: IMMEDIATE; PostgreSQL:
    /// after the writers' advisory lock): committed if it returns `Ok`,
    /// rolled back otherwise.
    pub fn transaction<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&Tx) -> Result<T, E>,
    ) -> Result<T, E> {
        db::transaction(&self.tx, f)
    }

    /// Open a write transaction for a batch of events, each run in a
    /// savepoint of its own ([`Batch::savepoint`]); [`Batch::commit`] keeps
    /// them all, dropping the batch keeps none.
    pub fn begin(&mut self) -> StoreResult<Batch<'_>> {
        Batch::begin(&self.tx)
    }

    /// Reads outside a transaction.
    pub fn read(&self) -> &Tx {
        &self.tx
    }

    /// The raw SQLite connection, for tests and tools that inspect the file;
    /// the chat service reads through [`Store::read`].
    ///
    /// # Panics
    /// On a PostgreSQL store (see [`Store::is_postgres`]).
    // the tests' and tools' door to a file they opened themselves: never
    // reached from a chat (the service only uses `read` and transactions)
    #[allow(clippy::panic)]
    pub fn conn(&self) -> &Connection {
        match &self.tx.db {
            Db::Sqlite(c) => c,
            Db::Postgres(_) => panic!("Store::conn: a PostgreSQL store has no SQLite connection"),
        }
    }
}

/// Check the migrations (used by tests).
pub fn validate_migrations() -> Result<(), rusqlite_migration::Error> {
    MIGRATIONS.validate()
}

/// A row type read by column order: the struct, the list of its columns
/// (`COLUMNS`, the field names unless `= "column"` says otherwise) and
/// `from_row_at`, which reads the fields from column `at` on.
macro_rules! table_row {
    ($(#[$meta:meta])* pub struct $name:ident {
        $($(#[$fmeta:meta])* pub $field:ident : $ty:ty $(= $col:literal)? $(=> $read:path)?),+ $(,)?
    }) => {
        $(#[$meta])*
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty),+
        }

        impl $name {
            /// The columns, in the order [`Self::from_row_at`] reads them.
            pub const COLUMNS: &'static str =
                table_row!(@join $(table_row!(@col $field $($col)?)),+);

            /// Read the fields from the columns at `at`, `at + 1`, …
            pub(crate) fn from_row_at(r: &$crate::store::Row, at: usize) -> rusqlite::Result<Self> {
                let mut i = at;
                $(
                    let $field = table_row!(@get r i $($read)?);
                    i += 1;
                )+
                let _ = i;
                Ok($name { $($field),+ })
            }

            pub(crate) fn from_row(r: &$crate::store::Row) -> rusqlite::Result<Self> {
                Self::from_row_at(r, 0)
            }
        }
    };
    (@get $r:ident $i:ident) => { $r.get($i)? };
    (@get $r:ident $i:ident $read:path) => { $read($r, $i)? };
    (@col $field:ident) => { stringify!($field) };
    (@col $field:ident $col:literal) => { $col };
    (@join $first:expr $(, $rest:expr)*) => { concat!($first $(, ", ", $rest)*) };
}

mod analyses;
mod challenges;
mod chats;
mod claims;
mod conditionals;
pub mod copy;
mod db;
mod games;
mod ids;
mod kinds;
mod notify;
mod outbox;
mod pg;
pub mod puzzles;
mod ratings;
mod tournaments;
mod users;

pub use analyses::*;
pub use challenges::*;
pub use chats::*;
pub use claims::*;
pub use conditionals::*;
use db::Db;
pub use db::{Batch, Row, RowIndex, Tx};
pub use games::*;
pub use ids::*;
pub use kinds::*;
pub use notify::*;
pub use outbox::*;
pub use pg::LATEST_VERSION as POSTGRES_SCHEMA_VERSION;
pub use ratings::*;
pub use tournaments::*;
pub use users::*;

// -------------------------------------------------------------- updates ----

/// Forget processed-update ids older than `before` (a platform redelivers
/// within minutes, never after days). Returns how many were removed.
pub fn prune_updates(c: &Tx, before: i64) -> StoreResult<usize> {
    c.exec(
        "DELETE FROM processed_updates WHERE processed_at < ?1",
        params![before],
    )
}

/// Remember a platform update. Returns false if it was seen before.
pub fn mark_update(c: &Tx, platform: &str, update_id: &str, now: i64) -> StoreResult<bool> {
    let n = c.exec(
        "INSERT INTO processed_updates (platform, update_id, processed_at) VALUES (?1, ?2, ?3)
         ON CONFLICT DO NOTHING",
        params![platform, update_id, now],
    )?;
    Ok(n == 1)
}

// ------------------------------------------------------------- settings ----

pub fn get_setting(c: &Tx, key: &str) -> StoreResult<Option<String>> {
    c.one(
        "SELECT value FROM settings WHERE key = ?1",
        params![key],
        |r| r.get(0),
    )
}

pub fn set_setting(c: &Tx, key: &str, value: &str) -> StoreResult<()> {
    c.exec(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
        params![key, value],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_schema_works() {
        validate_migrations().unwrap();
        let mut s = Store::open_in_memory().unwrap();
        let (a, chat) = s
            .transaction(|c| -> StoreResult<_> {
                let a = upsert_user(c, "console", "anna", "Anna", Some("Anna"), 10)?;
                let chat = upsert_chat(c, "console", "main", Some("Main"), false, 10)?;
                Ok((a, chat))
            })
            .unwrap();
        assert_eq!(a.handle.as_deref(), Some("anna"));
        let found = user_by_handle(s.read(), "console", "@ANNA")
            .unwrap()
            .unwrap();
        assert_eq!(found.id, a.id);
        let g = NewGame {
            chat_id: chat.id,
            variant: shashki_engine::Variant::Russian,
            white: Seat::Human(a.id),
            black: Seat::Ai(3),
            start_fen: "W:W21-32:B1-12".into(),
            seconds_per_move: Some(86400),
            deadline: Some(100),
            reminder_at: Some(80),
            bank: None,
            casual: false,
        };
        let id = s.transaction(|c| insert_game(c, &g, 10)).unwrap();
        // a move at the wrong ply writes nothing
        assert!(!record_move(
            s.read(),
            id,
            Ply(5),
            "c3-d4",
            "B:x",
            Some(a.id),
            &NextClock::default(),
            11
        )
        .unwrap());
        assert!(record_move(
            s.read(),
            id,
            Ply(0),
            "c3-d4",
            "B:x",
            Some(a.id),
            &NextClock::default(),
            11
        )
        .unwrap());
        assert!(!record_move(
            s.read(),
            id,
            Ply(0),
            "c3-d4",
            "B:x",
            Some(a.id),
            &NextClock::default(),
            11
        )
        .unwrap());
        let row = game(s.read(), id).unwrap().unwrap();
        assert_eq!(row.ply, Ply(1));
        assert_eq!(row.black, Seat::Ai(3));
        assert_eq!(game_moves(s.read(), id).unwrap(), vec!["c3-d4".to_string()]);
        assert!(mark_update(s.read(), "console", "u1", 1).unwrap());
        assert!(!mark_update(s.read(), "console", "u1", 2).unwrap());
        // both seats must be exactly one of human or AI
        let bad = s.conn().execute(
            "INSERT INTO games (chat_id, status, start_fen, fen, created_at, updated_at) VALUES (?1, 'active', 'x', 'x', 0, 0)",
            [chat.id],
        );
        assert!(bad.is_err());
    }

    /// Issue 21: two accounts held @bob (the old holder's row was never
    /// updated) and `/challenge @bob` picked the old one.
    #[test]
    fn a_handle_belongs_to_the_account_that_showed_it_last() {
        let mut s = Store::open_in_memory().unwrap();
        let (old, new) = s
            .transaction(|c| -> StoreResult<_> {
                let old = upsert_user(c, "telegram", "1", "Bob", Some("bob"), 10)?;
                // the same handle on another platform is another person's
                upsert_user(c, "discord", "9", "Bob D", Some("bob"), 10)?;
                let new = upsert_user(c, "telegram", "2", "Robert", Some("Bob"), 20)?;
                Ok((old, new))
            })
            .unwrap();
        assert_eq!(user(s.read(), old.id).unwrap().unwrap().handle, None);
        let found = user_by_handle(s.read(), "telegram", "@bob")
            .unwrap()
            .unwrap();
        assert_eq!(found.id, new.id);
        let d = user_by_handle(s.read(), "discord", "bob").unwrap().unwrap();
        assert_eq!(d.platform_user_id, "9");
        // the old holder, speaking again without it, stays without it; with
        // it back, it is theirs again
        s.transaction(|c| upsert_user(c, "telegram", "1", "Bob", None, 30))
            .unwrap();
        assert_eq!(
            user_by_handle(s.read(), "telegram", "bob")
                .unwrap()
                .unwrap()
                .id,
            new.id
        );
        s.transaction(|c| upsert_user(c, "telegram", "1", "Bob", Some("bob"), 40))
            .unwrap();
        assert_eq!(
            user_by_handle(s.read(), "telegram", "bob")
                .unwrap()
                .unwrap()
                .id,
            old.id
        );
        assert_eq!(user(s.read(), new.id).unwrap().unwrap().handle, None);
        // one holder a handle, whatever writes the table
        let dup = s
            .conn()
            .execute("UPDATE users SET handle = 'bob' WHERE id = ?1", [new.id]);
        assert!(dup.is_err(), "the unique index holds");
    }

    /// v22 repairs a database where a handle was held twice: neither keeps
    /// it (which showed it last was never recorded) until one speaks again.
    #[test]
    fn v22_clears_a_handle_held_twice() {
        let mut conn = Connection::open_in_memory().unwrap();
        let before_v22 = MIGRATIONS_BEFORE_V22;
        MIGRATIONS.to_version(&mut conn, before_v22).unwrap();
        for (id, handle) in [("1", "bob"), ("2", "bob"), ("3", "anna")] {
            conn.execute(
                "INSERT INTO users (platform, platform_user_id, name, handle, created_at)
                 VALUES ('telegram', ?1, 'x', ?2, 0)",
                params![id, handle],
            )
            .unwrap();
        }
        MIGRATIONS.to_latest(&mut conn).unwrap();
        let handles: Vec<Option<String>> = conn
            .prepare("SELECT handle FROM users ORDER BY platform_user_id")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(handles, [None, None, Some("anna".to_string())]);
    }

    /// v26 keeps the outbox's rows (owed and sent, claims and all) and
    /// from then on takes only the delivery kinds there are.
    #[test]
    fn v26_keeps_the_outbox_and_checks_its_kinds() {
        let mut conn = Connection::open_in_memory().unwrap();
        let before_v26 = MIGRATIONS_BEFORE_V22 + 4;
        MIGRATIONS.to_version(&mut conn, before_v26).unwrap();
        conn.execute_batch(
            "INSERT INTO outbox (id, platform, chat, kind, reply, created_at, claimed_by, claim_until)
                 VALUES (1, 'telegram', '-100', 'note', '{}', 10, 'h', 99);
             INSERT INTO outbox (id, platform, chat, thread, kind, reply, created_at, sent_at, outcome)
                 VALUES (2, 'discord', 'c', 't', 'board', '{\"b\":1}', 11, 12, 'sent');",
        )
        .unwrap();
        MIGRATIONS.to_latest(&mut conn).unwrap();
        let mut s = Store::setup(conn).unwrap();
        let owed = owed_replies(s.read(), OutboxId(0), 10).unwrap();
        assert_eq!(owed.len(), 1);
        assert_eq!(
            (owed[0].id, owed[0].kind),
            (OutboxId(1), DeliveryKind::Note)
        );
        assert_eq!(
            s.conn()
                .query_row(
                    "SELECT thread, reply, sent_at, outcome FROM outbox WHERE id = 2",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .ok(),
            Some((
                Some("t".to_string()),
                "{\"b\":1}".to_string(),
                Some(12i64),
                Some("sent".to_string())
            ))
        );
        s.transaction(|c| {
            insert_outbox(
                c,
                "telegram",
                "-100",
                None,
                DeliveryKind::PressNote,
                "{}",
                None,
                13,
            )
        })
        .unwrap();
        let bad = s.conn().execute(
            "INSERT INTO outbox (id, platform, chat, kind, reply, created_at)
             VALUES (9, 'telegram', '-100', 'toast', '{}', 14)",
            [],
        );
        assert!(bad.is_err(), "the kinds are checked");
    }

    /// v28 keeps every puzzle and puzzle record as Russian draughts' and
    /// then keeps the records per variant.
    #[test]
    fn v28_keeps_the_puzzle_records_as_russian_and_then_per_variant() {
        use shashki_engine::Variant;
        let mut conn = Connection::open_in_memory().unwrap();
        let before_v28 = MIGRATIONS_BEFORE_V22 + 6;
        MIGRATIONS.to_version(&mut conn, before_v28).unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, platform, platform_user_id, name, created_at)
                 VALUES (1, 'telegram', '1', 'Anna', 0);
             INSERT INTO puzzles (id, puzzle_key, pdn, rating, deviation, volatility, difficulty, themes)
                 VALUES (3, 'k3', 'pdn', 1500, 350, 0.06, 2, '');
             INSERT INTO puzzle_players (user_id, chat_id, rating, deviation, volatility, solved, failed, streak, best_streak)
                 VALUES (1, 0, 1612.5, 120, 0.06, 7, 2, 3, 4);",
        )
        .unwrap();
        MIGRATIONS.to_latest(&mut conn).unwrap();
        let mut s = Store::setup(conn).unwrap();
        let r = puzzles::puzzle(s.read(), PuzzleId(3)).unwrap().unwrap();
        assert_eq!(r.variant, Variant::Russian);
        let me =
            puzzles::player(s.read(), UserId(1), ChatId::EVERYWHERE, Variant::Russian).unwrap();
        assert_eq!((me.rating, me.solved, me.best_streak), (1612.5, 7, 4));
        let intl = puzzles::player(
            s.read(),
            UserId(1),
            ChatId::EVERYWHERE,
            Variant::International,
        )
        .unwrap();
        assert_eq!(intl, puzzles::PlayerRow::default());
        let record = puzzles::PlayerRow {
            rating: 1700.0,
            ..puzzles::PlayerRow::default()
        };
        s.transaction(|c| {
            puzzles::save_player(
                c,
                UserId(1),
                ChatId::EVERYWHERE,
                Variant::International,
                &record,
            )
        })
        .unwrap();
        let again =
            puzzles::player(s.read(), UserId(1), ChatId::EVERYWHERE, Variant::Russian).unwrap();
        assert_eq!(again, me, "the Russian record is its own");
    }

    /// v29 keeps every chat's daily post, as Russian draughts'; a daily
    /// set after names its variant.
    #[test]
    fn v29_keeps_the_daily_posts_as_russian() {
        use shashki_engine::Variant;
        let mut conn = Connection::open_in_memory().unwrap();
        let before_v29 = MIGRATIONS_BEFORE_V22 + 7;
        MIGRATIONS.to_version(&mut conn, before_v29).unwrap();
        conn.execute_batch(
            "INSERT INTO chats (id, platform, platform_chat_id, is_private, created_at)
                 VALUES (5, 'telegram', '-100', 0, 0);
             INSERT INTO puzzle_daily (chat_id, enabled, minute, tz_offset, next_at, tz_name)
                 VALUES (5, 1, 540, 180, 1000, 'Europe/Riga');",
        )
        .unwrap();
        MIGRATIONS.to_latest(&mut conn).unwrap();
        let mut s = Store::setup(conn).unwrap();
        let d = puzzles::daily(s.read(), ChatId(5)).unwrap().unwrap();
        assert_eq!(
            (d.variant, d.minute, d.next_at, d.tz_name.as_deref()),
            (Variant::Russian, 540, Some(1000), Some("Europe/Riga"))
        );
        s.transaction(|c| {
            puzzles::set_daily(
                c,
                ChatId(5),
                true,
                540,
                180,
                None,
                Some(2000),
                Variant::International,
            )
        })
        .unwrap();
        let d = puzzles::daily(s.read(), ChatId(5)).unwrap().unwrap();
        assert_eq!(d.variant, Variant::International);
    }

    /// v30 keeps every attempt, with no wrong try recorded; a wrong try
    /// counted after is kept.
    #[test]
    fn v30_keeps_the_attempts_with_no_wrong_try() {
        let mut conn = Connection::open_in_memory().unwrap();
        let before_v30 = MIGRATIONS_BEFORE_V22 + 8;
        MIGRATIONS.to_version(&mut conn, before_v30).unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, platform, platform_user_id, name, created_at)
                 VALUES (1, 'telegram', '1', 'Anna', 0);
             INSERT INTO chats (id, platform, platform_chat_id, is_private, created_at)
                 VALUES (5, 'telegram', '-100', 0, 0);
             INSERT INTO puzzles (id, puzzle_key, pdn, rating, deviation, volatility, difficulty, themes)
                 VALUES (3, 'k3', 'pdn', 1500, 350, 0.06, 2, '');
             INSERT INTO puzzle_attempts (id, user_id, chat_id, puzzle_id, moves, wrong, status, started_at)
                 VALUES (9, 1, 5, 3, 'c3-d4 f6-g5', 2, 'open', 100);",
        )
        .unwrap();
        MIGRATIONS.to_latest(&mut conn).unwrap();
        let mut s = Store::setup(conn).unwrap();
        let a = puzzles::open_attempt(s.read(), UserId(1), ChatId(5))
            .unwrap()
            .unwrap();
        assert_eq!((a.moves.as_str(), a.wrong), ("c3-d4 f6-g5", 2));
        assert!(puzzles::wrong_tries(s.read(), a.id).unwrap().is_empty());
        let at = puzzles::WrongTry {
            step: 2,
            mv: "d4-e5",
        };
        s.transaction(|c| puzzles::record_wrong(c, a.id, 3, at))
            .unwrap();
        let a = puzzles::open_attempt(s.read(), UserId(1), ChatId(5))
            .unwrap()
            .unwrap();
        assert_eq!(a.wrong, 3);
        assert_eq!(
            puzzles::wrong_tries(s.read(), a.id).unwrap(),
            vec![(2, "d4-e5".to_string())]
        );
    }

    /// A takeback (against the AI or agreed between people: both come
    /// here) drops every conditional line of the game, whoever's.
    #[test]
    fn take_back_drops_the_games_conditional_lines() {
        let mut s = Store::open_in_memory().unwrap();
        let (a, b, chat) = s
            .transaction(|c| -> StoreResult<_> {
                let a = upsert_user(c, "console", "anna", "Anna", Some("anna"), 10)?;
                let b = upsert_user(c, "console", "bob", "Bob", Some("bob"), 10)?;
                let chat = upsert_chat(c, "console", "main", Some("Main"), false, 10)?;
                Ok((a.id, b.id, chat.id))
            })
            .unwrap();
        let g = |black| NewGame {
            chat_id: chat,
            variant: shashki_engine::Variant::Russian,
            white: Seat::Human(a),
            black,
            start_fen: "W:W21-32:B1-12".into(),
            seconds_per_move: None,
            deadline: None,
            reminder_at: None,
            bank: None,
            casual: true,
        };
        let line = |m: &[&str]| m.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        s.transaction(|c| -> StoreResult<()> {
            let ai = insert_game(c, &g(Seat::Ai(3)), 10)?;
            let people = insert_game(c, &g(Seat::Human(b)), 10)?;
            for id in [ai, people] {
                assert!(record_move(
                    c,
                    id,
                    Ply(0),
                    "c3-d4",
                    "B:x",
                    Some(a),
                    &NextClock::default(),
                    11
                )?);
                add_conditional(c, id, a, Ply(1), &line(&["b6-a5", "g3-h4"]), 11)?;
            }
            add_conditional(c, people, b, Ply(1), &line(&["x", "y"]), 11)?;
            assert!(take_back(c, ai, Ply(1), Ply(0), "W:W21-32:B1-12", 12)?);
            assert!(conditionals(c, ai, a)?.is_empty());
            // the other game keeps its lines until its own takeback
            assert_eq!(conditionals(c, people, a)?.len(), 1);
            assert!(take_back(c, people, Ply(1), Ply(0), "W:W21-32:B1-12", 12)?);
            assert!(conditionals(c, people, a)?.is_empty());
            assert!(conditionals(c, people, b)?.is_empty());
            Ok(())
        })
        .unwrap();
    }
}
