//! The chat service end to end on PostgreSQL: a game played through the
//! core (challenge, accept, moves to the end, ratings), a restart on the
//! same database, and the durable replies, on a real server (see
//! `common/pg.rs`; skipped, saying so, where there is none).

mod common;

use common::room::{button, text, Room};
use shashki::core::Config;
use shashki::engine::{Game, Position};
use shashki::store::{self, GameId, Location};

fn config() -> Config {
    Config {
        board_size: 160,
        ai_max_movetime: std::time::Duration::from_millis(100),
        ..Config::default()
    }
}

fn replay(room: &Room, id: GameId) -> Game {
    let s = room.store();
    let row = store::game(s.read(), id).unwrap().unwrap();
    let mut g = Game::from_position(
        row.variant.eight().unwrap(),
        Position::from_fen(&row.start_fen).unwrap(),
    );
    for m in store::game_moves(s.read(), id).unwrap() {
        g.play_text(&m).unwrap();
    }
    g
}

#[test]
fn a_game_is_played_to_the_end_through_the_service_on_postgres() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let mut room = Room::at(config(), Location::Postgres(db.url.clone()));
    assert!(room.store().is_postgres());
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white");
    assert!(text(&card).contains("Challenge #"), "{}", text(&card));
    let started = room.press("Bob", &button(&card, "Accept"));
    assert!(text(&started).contains("begins"), "{}", text(&started));
    let id = {
        let s = room.store();
        let chat = store::user_and_chat(s.read(), "console", "anna", "room")
            .unwrap()
            .unwrap()
            .1;
        store::active_games_in_chat(s.read(), chat).unwrap()[0].id
    };
    // both play their first legal move (in text order) until the game ends;
    // a restart half way keeps everything
    let mut plies = 0;
    loop {
        let row = store::game(room.store().read(), id).unwrap().unwrap();
        if !row.is_active() {
            break;
        }
        let g = replay(&room, id);
        let who = if g.side_to_move() == shashki::engine::Color::White {
            "Anna"
        } else {
            "Bob"
        };
        let mut moves = g.legal_moves();
        moves.sort_by_key(|m| m.to_string());
        let mv = moves[0].to_string();
        let out = room.say(who, &format!("/move {mv}"));
        assert!(text(&out).contains(&mv), "{}", text(&out));
        plies += 1;
        if plies == 10 {
            room.restart();
        }
        assert!(plies < 300, "the game ends");
    }
    let row = store::game(room.store().read(), id).unwrap().unwrap();
    assert!(row.result.is_some(), "{row:?}");
    let g = replay(&room, id);
    assert_eq!(g.ply() as i64, row.ply.0, "every move is stored once");
    assert_eq!(plies, row.ply.0, "every /move was one ply");
    // a rated game between people: both ratings moved off the start
    let s = room.store();
    let top = store::top_ratings(s.read(), row.chat_id, 10).unwrap();
    assert_eq!(top.len(), 2, "{top:?}");
    if row.result != Some(store::GameResult::Draw) {
        assert!(
            top[0].1.rating > 1500.0 && top[1].1.rating < 1500.0,
            "{top:?}"
        );
    }
    assert!(
        text(&room.say("Anna", "/top")).contains("Anna"),
        "the table is read back"
    );
}

/// The whole runtime on PostgreSQL: `shashki console --db postgres://…`
/// (hub, blocking threads, AI worker, sweeper, deliverer) plays against
/// the AI, and the game is in the database afterwards. The store is never
/// called from an async task (the client would panic there), and the
/// password never shows.
#[test]
fn the_console_plays_against_the_ai_on_postgres() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let mut url = url::Url::parse(&db.url).unwrap();
    url.set_password(Some("hunter2")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = common::console(
        dir.path(),
        url.as_str(),
        "/as Anna\n/challenge ai 1 white\n/move c3-d4\n",
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(stderr, "", "nothing on stderr (no panic, no error)");
    assert!(stdout.contains("Game #1 begins"), "{stdout}");
    assert!(
        stdout.contains("AI (level 1): "),
        "the AI answered: {stdout}"
    );
    assert!(!stdout.contains("hunter2"));
    let s = store::Store::connect(&db.url).unwrap();
    let moves = store::game_moves(s.read(), GameId(1)).unwrap();
    assert_eq!(moves.len(), 2, "Anna's move and the AI's: {moves:?}");
    assert_eq!(moves[0], "c3-d4");
}

/// What one move costs the database, warm (every statement prepared):
/// the round trips of a `/move #N …` and of a bare move (PostgreSQL: each
/// a wait on the server; SQLite: each statement run). Both players are in
/// the chat; the move is the first legal one in text order.
fn move_cost(room: &Room) -> Vec<u64> {
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white");
    room.press("Bob", &button(&card, "Accept"));
    let id = {
        let s = room.store();
        let chat = store::user_and_chat(s.read(), "console", "anna", "room")
            .unwrap()
            .unwrap()
            .1;
        store::active_games_in_chat(s.read(), chat).unwrap()[0].id
    };
    let mut costs = Vec::new();
    for ply in 0..6 {
        let g = replay(room, id);
        let who = ["Anna", "Bob"][ply % 2];
        let mut moves = g.legal_moves();
        moves.sort_by_key(|m| m.to_string());
        let mv = moves[0].to_string();
        let text = if ply % 2 == 0 {
            format!("/move #{id} {mv}")
        } else {
            mv.clone()
        };
        let before = room.svc.store_round_trips();
        let out = room.say(who, &text);
        costs.push(room.svc.store_round_trips() - before);
        assert!(common::room::text(&out).contains(&mv), "{out:?}");
    }
    println!("round trips of each move: {costs:?}");
    // the first two prepared their statements
    costs.split_off(2)
}

/// Issue 22: a move went to PostgreSQL 25 times, one wait on the server
/// each (the user's row in three statements, the chat's in two, the game
/// read again after the write, the players' rows again and again, each
/// savepoint's own trip, the outbox's next id on its own). The move's
/// statements are merged now, and the transaction control goes with them.
#[test]
fn a_move_goes_to_postgres_few_times() {
    let Some(db) = common::pg::fresh_database() else {
        return;
    };
    let room = Room::at(config(), Location::Postgres(db.url.clone()));
    let costs = move_cost(&room);
    // a move named by its game (read with its moves and facts), a bare
    // one (its game found among the player's, then its moves and facts)
    assert!(costs.chunks(2).all(|c| c[0] <= 8 && c[1] <= 9), "{costs:?}");
}

/// The same on SQLite, where the statements are counted (no cache of
/// reads there): 29 before.
#[test]
fn a_move_runs_few_statements_on_sqlite() {
    let room = Room::with_config(config());
    let costs = move_cost(&room);
    assert!(
        costs.chunks(2).all(|c| c[0] <= 15 && c[1] <= 16),
        "{costs:?}"
    );
}
