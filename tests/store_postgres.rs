//! What only PostgreSQL has to show: writers in several processes (here,
//! connections) go one at a time, and two processes starting at once do
//! not both migrate. On a real server (see `common/pg.rs`).

mod common;

use shashki::store::{self, Store, StoreError};
use std::sync::{Arc, Barrier};

/// Two connections each add 1 to a counter 40 times, reading it and
/// writing it back in one transaction: with one writer at a time (the
/// writers' advisory lock) none of the 80 is lost. Without the lock,
/// PostgreSQL's READ COMMITTED lets both read the same value.
#[test]
fn writers_on_two_connections_go_one_at_a_time() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let mut s = Store::connect(&db.url).unwrap();
    s.transaction(|tx| store::set_setting(tx, "n", "0"))
        .unwrap();
    let start = Arc::new(Barrier::new(2));
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let url = db.url.clone();
            let start = Arc::clone(&start);
            std::thread::spawn(move || {
                let mut s = Store::connect(&url).unwrap();
                start.wait();
                for _ in 0..40 {
                    s.transaction(|tx| -> Result<(), StoreError> {
                        let n: i64 = store::get_setting(tx, "n")?
                            .and_then(|v| v.parse().ok())
                            .unwrap_or(-1000);
                        // widen the window between the read and the write
                        std::thread::sleep(std::time::Duration::from_micros(300));
                        store::set_setting(tx, "n", &(n + 1).to_string())
                    })
                    .unwrap();
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    assert_eq!(
        store::get_setting(s.read(), "n").unwrap().as_deref(),
        Some("80")
    );
}

/// Four processes start at once on an empty database: each opens it, the
/// schema is made once.
#[test]
fn migrations_run_once_when_several_start_at_once() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let start = Arc::new(Barrier::new(4));
    let openers: Vec<_> = (0..4)
        .map(|_| {
            let url = db.url.clone();
            let start = Arc::clone(&start);
            std::thread::spawn(move || {
                start.wait();
                Store::connect(&url).map(|_| ())
            })
        })
        .collect();
    for o in openers {
        o.join()
            .unwrap()
            .expect("every opener gets a migrated store");
    }
    let mut c = postgres::Client::connect(&db.url, postgres::NoTls).unwrap();
    let versions: Vec<i64> = c
        .query(
            "SELECT version FROM schema_migrations ORDER BY version",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    // each migration recorded once (the first brings a new database to
    // v23 at once; each later one has its own step)
    let expected: Vec<i64> = (23..=store::POSTGRES_SCHEMA_VERSION).collect();
    assert_eq!(versions, expected);
    // a database migrated by a newer build is refused, not used
    c.batch_execute("INSERT INTO schema_migrations (version) VALUES (99)")
        .unwrap();
    match Store::connect(&db.url) {
        Err(StoreError::Schema(why)) => assert!(why.contains("v99"), "{why}"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a newer schema was used"),
    }
}

/// The server drops the store's connection (a restart, a proxy's idle
/// timeout): the call that finds it gone fails, the next ones connect
/// again — reads and write transactions alike.
#[test]
fn a_lost_connection_is_opened_again() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let mut s = Store::connect(&db.url).unwrap();
    s.transaction(|tx| store::set_setting(tx, "k", "before"))
        .unwrap();
    let mut admin = postgres::Client::connect(&db.url, postgres::NoTls).unwrap();
    let killed: i64 = admin
        .query_one(
            "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(killed, 1, "the store's connection");
    // the first call may be the one that finds the connection gone
    let first = store::get_setting(s.read(), "k");
    let value = match first {
        Ok(v) => v,
        Err(_) => store::get_setting(s.read(), "k").expect("connected again"),
    };
    assert_eq!(value.as_deref(), Some("before"));
    s.transaction(|tx| store::set_setting(tx, "k", "after"))
        .unwrap();
    assert_eq!(
        store::get_setting(s.read(), "k").unwrap().as_deref(),
        Some("after")
    );
}

/// A read repeated in a transaction may be answered from the connection's
/// cache (src/store/pg/mod.rs), but never with rows a write has changed
/// since: not after an UPDATE in the same transaction, nor after a
/// savepoint rolled back, nor in the next transaction.
#[test]
fn a_repeated_read_sees_every_write_before_it() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let mut s = Store::connect(&db.url).unwrap();
    s.transaction(|tx| -> Result<(), StoreError> {
        store::set_setting(tx, "k", "a")?;
        assert_eq!(store::get_setting(tx, "k")?.as_deref(), Some("a"));
        assert_eq!(store::get_setting(tx, "k")?.as_deref(), Some("a"));
        store::set_setting(tx, "k", "b")?;
        assert_eq!(store::get_setting(tx, "k")?.as_deref(), Some("b"));
        Ok(())
    })
    .unwrap();
    let mut batch = s.begin().unwrap();
    let read = |batch: &mut store::Batch| {
        batch
            .savepoint(|tx| store::get_setting(tx, "k").unwrap(), |_| true)
            .unwrap()
    };
    assert_eq!(read(&mut batch).as_deref(), Some("b"));
    batch
        .savepoint(
            |tx| {
                store::set_setting(tx, "k", "c").unwrap();
                assert_eq!(store::get_setting(tx, "k").unwrap().as_deref(), Some("c"));
            },
            |_| false, // rolled back
        )
        .unwrap();
    assert_eq!(read(&mut batch).as_deref(), Some("b"));
    batch.commit().unwrap();
    // another connection writes; the next transaction here sees it
    let mut other = Store::connect(&db.url).unwrap();
    other
        .transaction(|tx| store::set_setting(tx, "k", "d"))
        .unwrap();
    s.transaction(|tx| -> Result<(), StoreError> {
        assert_eq!(store::get_setting(tx, "k")?.as_deref(), Some("d"));
        Ok(())
    })
    .unwrap();
}
