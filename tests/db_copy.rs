//! `shashki db copy`: a SQLite file with a game in progress, copied to
//! PostgreSQL, reads back the same through the store, and the database
//! goes on from there (on a real server, see `common/pg.rs`).

mod common;

use common::room::{button, text, Room};
use shashki::core::Config;
use shashki::store::{self, copy, Store};

/// `shashki db copy` from the room's SQLite file to `to`: (exit status,
/// stdout, stderr).
fn copy_to(room: &Room, to: &str) -> (i32, String, String) {
    common::shashki(&[
        "db",
        "copy",
        "--from",
        room.path.to_str().unwrap(),
        "--to",
        to,
    ])
}

#[test]
fn a_sqlite_file_is_copied_to_postgres_and_verified() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let room = Room::with_config(Config {
        board_size: 160,
        ..Config::default()
    });
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white");
    let started = room.press("Bob", &button(&card, "Accept"));
    assert!(text(&started).contains("begins"), "{}", text(&started));
    for (who, mv) in [("Anna", "c3-d4"), ("Bob", "f6-g5"), ("Anna", "g3-h4")] {
        let out = room.say(who, &format!("/move {mv}"));
        assert!(text(&out).contains(mv), "{}", text(&out));
    }
    room.say("Anna", "/settings days 5");
    // a password in the URL is never shown (the test server trusts
    // 127.0.0.1 and does not ask for it)
    let mut url = url::Url::parse(&db.url).unwrap();
    url.set_password(Some("hunter2")).unwrap();
    let (code, out, err) = copy_to(&room, url.as_str());
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("verified: row counts, 1 games replayed"),
        "{out}"
    );
    assert!(!format!("{out}{err}").contains("hunter2"), "{out}{err}");
    assert!(out.contains(":***@"), "{out}");

    let sqlite = Store::open(&room.path).unwrap();
    let mut pg = Store::connect(&db.url).unwrap();
    for t in copy::TABLES {
        assert_eq!(
            copy::count_rows(pg.read(), t).unwrap(),
            copy::count_rows(sqlite.read(), t).unwrap(),
            "{t}"
        );
    }
    assert!(copy::count_rows(pg.read(), "moves").unwrap() == 3);
    let ids = copy::game_ids(sqlite.read()).unwrap();
    assert_eq!(copy::game_ids(pg.read()).unwrap(), ids);
    // what `read` gives for `id` is the same in both stores
    macro_rules! same_in_both {
        ($read:path, $id:expr) => {
            assert_eq!(
                $read(pg.read(), $id).unwrap(),
                $read(sqlite.read(), $id).unwrap()
            )
        };
    }
    for id in ids {
        same_in_both!(store::game, id);
        same_in_both!(store::game_moves, id);
    }
    let (a, chat) = store::user_and_chat(sqlite.read(), "console", "anna", "room")
        .unwrap()
        .unwrap();
    same_in_both!(store::user, a);
    same_in_both!(store::chat, chat);
    // new rows get ids after the copied ones
    let newcomer = pg
        .transaction(|tx| store::upsert_user(tx, "console", "zed", "Zed", None, 1))
        .unwrap();
    assert!(newcomer.id > a, "{newcomer:?}");

    // a target with rows is refused, and left as it was
    let (code, out, err) = copy_to(&room, &db.url);
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("not empty"), "{err}");
    assert_eq!(
        copy::count_rows(pg.read(), "users").unwrap(),
        copy::count_rows(sqlite.read(), "users").unwrap() + 1
    );
}
