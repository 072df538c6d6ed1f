//! End to end on Telegram: a fake Bot API server (axum on 127.0.0.1:0) that
//! the real teloxide client of the adapter talks to through the configured
//! api_url. A whole game against the AI is played through updates: the
//! challenge, a move by button (callback_query), an illegal move whose reply
//! lists the legal moves, a legal move by text, and a resignation through
//! the resign button and its confirmation. The requests the server got are
//! checked: methods, chat ids, increasing offsets, answered callbacks, PNG
//! photos, the command menus in two languages.

mod common {
    #[cfg(unix)]
    pub mod process;
    pub mod telegram;
}

use common::telegram::*;
use serde_json::{json, Value};
use shashki::adapters::telegram::{self, TelegramOptions};
use shashki::config::{BoardUpdates, Secret};
use shashki::core::{Config, Service, SystemClock};
use shashki::runtime::Hub;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_ai_through_the_bot_api() {
    tokio::time::timeout(Duration::from_secs(120), whole_game())
        .await
        .expect("the game finished in time");
}

async fn whole_game() {
    // the fake Bot API and the bot on it: a temporary database, the real
    // adapter and polling loop, its command menus registered
    let (fake, stop, bot, _dir) = living_bot(true).await;

    // 1. the challenge: the AI game starts, Anna (White) to move, with buttons
    //    (the first photo meets a 429 and is sent again after the pause)
    fake.too_many.lock().unwrap().push("sendPhoto".into());
    fake.push_update(text_update(1, 10, "/challenge ai 1 white"));
    let (i, board) = fake
        .wait_for(0, "the first board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    assert_eq!(board.fields["chat_id"], json!(ANNA));
    let (_, _, png) = &board.files[0];
    assert!(is_png(png), "the board photo is a PNG that decodes");
    let board_msg = fake.next_message.load(Ordering::SeqCst);
    let first = button(&board, "m:");

    // 2. a move by button: the query is answered, the board is edited in
    //    place after Anna's move and again after the AI's reply
    fake.push_update(callback_update(2, "cq-1", board_msg, &first));
    let (j, _) = fake
        .wait_for(i, "the callback answer", |c| {
            c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == "cq-1"
        })
        .await;
    let (k, edited) = fake
        .wait_for(j, "the board after the AI's move", |c| {
            c.method == "editMessageMedia" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    assert_eq!(edited.fields["message_id"], json!(board_msg));
    assert!(
        edited.files.iter().any(|(_, _, b)| is_png(b)),
        "editMessageMedia carries the new PNG"
    );
    assert!(
        shown_text(&edited).contains("White to play"),
        "{}",
        shown_text(&edited)
    );

    // 3. an illegal bare move (private chat): the reply lists the legal moves
    //    and answers Anna's message
    fake.push_update(text_update(3, 11, "a1-b2"));
    let (l, illegal) = fake
        .wait_for(k, "the illegal-move reply", |c| {
            c.method == "sendMessage" && shown_text(c).contains("Legal moves")
        })
        .await;
    assert_eq!(illegal.fields["reply_parameters"]["message_id"], json!(11));
    let text = shown_text(&illegal);
    let legal = text
        .split("Legal moves: ")
        .nth(1)
        .unwrap()
        .trim_end_matches('.')
        .split(", ")
        .next()
        .unwrap()
        .to_string();

    // 4. a legal move by command: the AI answers again
    fake.push_update(text_update(4, 12, &format!("/move {legal}")));
    let (m, after) = fake
        .wait_for(l, "the board after the second AI move", |c| {
            c.method == "editMessageMedia" && buttons(c).iter().any(|b| b.starts_with("r:"))
        })
        .await;
    let resign = button(&after, "r:");

    // 5. the resign button asks first — in the board's place: its keyboard
    //    becomes "yes" and back, no new message; "yes" ends the game
    fake.push_update(callback_on_board(5, "cq-2", board_msg, &resign));
    let (n, confirm) = fake
        .wait_for(m, "the resign confirmation", |c| {
            c.method == "editMessageReplyMarkup" && buttons(c).iter().any(|b| b.starts_with("R:"))
        })
        .await;
    assert_eq!(confirm.fields["message_id"], json!(board_msg));
    assert!(buttons(&confirm).iter().any(|b| b.starts_with("b:1:")));
    let yes = button(&confirm, "R:");
    fake.push_update(callback_on_board(6, "cq-3", board_msg, &yes));
    let (o, last) = fake
        .wait_for(n, "the result", |c| shown_text(c).contains("resigned"))
        .await;
    // the final board is the living one, with analyse, replay, rematch
    // and flip
    assert_eq!(last.method, "editMessageMedia");
    assert_eq!(last.fields["message_id"], json!(board_msg));
    assert_eq!(buttons(&last), ["an:1", "rp:1", "rm:1", "f:1"]);
    assert!(
        !fake.calls()[m..]
            .iter()
            .any(|c| c.method == "sendMessage" && !buttons(c).is_empty()),
        "no new message with buttons for the confirmation"
    );
    // the bot polls on past the last update
    fake.wait_for(o, "a poll with offset 7", |c| {
        c.method == "getUpdates" && c.fields["offset"] == json!(7)
    })
    .await;

    // shut down cleanly
    stop_adapter(&stop, bot).await;

    // what the server saw
    let calls = fake.calls();
    assert!(fake.bad_token.lock().unwrap().is_empty());
    assert_eq!(calls[0].method, "getMe");
    let refused = calls
        .iter()
        .position(|c| c.method == "sendPhoto:429")
        .unwrap();
    assert!(
        calls[refused + 1..].iter().any(|c| c.method == "sendPhoto"),
        "the refused photo was retried"
    );
    let commands: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == "setMyCommands")
        .collect();
    assert_eq!(
        commands.len(),
        20,
        "English, Russian, Latvian, German, French menus for every chat, private chats, \
         groups' members and groups' administrators"
    );
    assert!(commands[0].fields.get("language_code").is_none());
    assert_eq!(commands[1].fields["language_code"], "ru");
    let names = |c: &Call| -> Vec<String> {
        c.fields["commands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["command"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(commands[0]), names(commands[1]));
    for (c, code) in commands[2..].iter().zip(["lv", "de", "fr"]) {
        assert_eq!(c.fields["language_code"], code);
        assert_eq!(names(commands[0]), names(c));
    }
    // private chats: no group-only commands; groups: no secret /if
    let scope = |c: &Call| c.fields["scope"]["type"].as_str().unwrap_or("").to_string();
    assert_eq!(scope(commands[0]), "default");
    for c in &commands[5..10] {
        assert_eq!(scope(c), "all_private_chats");
        assert!(
            !names(c).contains(&"tournament".to_string()),
            "{:?}",
            names(c)
        );
        assert!(names(c).contains(&"if".to_string()));
    }
    let desc = |c: &Call, name: &str| -> String {
        c.fields["commands"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["command"] == name)
            .map(|x| x["description"].as_str().unwrap().to_string())
            .unwrap_or_default()
    };
    for c in &commands[10..15] {
        assert_eq!(scope(c), "all_group_chats");
        assert!(!names(c).contains(&"if".to_string()), "{:?}", names(c));
        assert!(names(c).contains(&"tournament".to_string()));
        // the daily post is the admins' business
        assert!(!names(c).contains(&"daily".to_string()), "{:?}", names(c));
    }
    // the groups' administrators: the members' menu, the admin commands and
    // the organiser's descriptions, in every language
    for (members, admins) in commands[10..15].iter().zip(&commands[15..20]) {
        assert_eq!(scope(admins), "all_chat_administrators");
        assert_eq!(
            admins.fields.get("language_code"),
            members.fields.get("language_code")
        );
        assert!(!names(admins).contains(&"if".to_string()));
        assert!(names(admins).contains(&"daily".to_string()));
        for n in names(members) {
            assert!(names(admins).contains(&n), "{n} in the admins' menu");
        }
        assert_ne!(desc(members, "settings"), desc(admins, "settings"));
        assert_ne!(desc(members, "tournament"), desc(admins, "tournament"));
    }
    assert!(desc(commands[15], "settings").contains("chatlang"));
    assert!(desc(commands[15], "tournament").contains("adjudicate"));
    assert!(!desc(commands[10], "tournament").contains("adjudicate"));
    assert!(names(commands[0]).contains(&"challenge".to_string()));
    let ru_desc = commands[1].fields["commands"][0]["description"]
        .as_str()
        .unwrap();
    assert!(
        ru_desc.chars().any(|c| ('а'..='я').contains(&c)),
        "{ru_desc}"
    );
    // offsets never go back and end past the last update
    let offsets: Vec<i64> = calls
        .iter()
        .filter(|c| c.method == "getUpdates")
        .map(|c| c.fields["offset"].as_i64().unwrap_or(0))
        .collect();
    assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "{offsets:?}");
    assert_eq!(*offsets.last().unwrap(), 7, "{offsets:?}");
    // every callback was answered, each once
    for q in ["cq-1", "cq-2", "cq-3"] {
        let n = calls
            .iter()
            .filter(|c| c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == q)
            .count();
        assert_eq!(n, 1, "{q} answered once");
    }
    // everything went to Anna's chat
    for c in &calls {
        if let Some(chat) = c.fields.get("chat_id") {
            assert_eq!(chat, &json!(ANNA), "{}", c.method);
        }
    }
    // each update handled once: the challenge made one game
    let starts = calls
        .iter()
        .filter(|c| !c.method.ends_with(":429") && shown_text(c).contains("begins"))
        .count();
    assert_eq!(starts, 1);
    // the token never shows up in what was sent
    for c in &calls {
        assert!(!c.fields.to_string().contains("TEST-token"));
    }
}

const GROUP: i64 = -100_123;

fn group_update(id: i64, message_id: i64, text: &str, reply_to: Option<i64>) -> Value {
    let mut u = text_update(id, message_id, text);
    u["message"]["chat"] = chat_json(GROUP);
    if let Some(r) = reply_to {
        u["message"]["reply_to_message"] = json!({
            "message_id": r,
            "date": now(),
            "chat": chat_json(GROUP),
            "from": bot_user(),
            "photo": [{"file_id": "p", "file_unique_id": "pu", "width": 640, "height": 640}],
        });
    }
    u
}

/// The whole process as `shashki run` starts it (config → the adapters it
/// has tokens for → runtime::run) in a group with privacy mode: bare text
/// is ignored unless it replies to the bot, commands for other bots are
/// ignored, the sweeper expires a challenge after the clock moves (woken by
/// the next update), boards are sent anew with the old board's buttons
/// removed, and stopping writes a heartbeat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_runtime_in_a_group_with_the_sweeper_and_a_clean_stop() {
    tokio::time::timeout(Duration::from_secs(120), runtime_in_a_group())
        .await
        .expect("finished in time");
}

async fn runtime_in_a_group() {
    let rt = Runtime::start(
        "[ai]\nmax_movetime_ms = 100\n[game]\nboard_size = 320\n",
        "board_updates = \"new\"\n",
    )
    .await;
    assert_eq!(rt.config.telegram_token().unwrap().expose(), TOKEN);
    let fake = Arc::clone(&rt.fake);

    // an open challenge in the group
    fake.push_update(group_update(1, 10, "/challenge", None));
    let (i, card) = fake.challenge_card(0).await;
    assert_eq!(card.fields["chat_id"], json!(GROUP));

    // chatter and commands for another bot: nothing
    fake.push_update(group_update(2, 11, "c3-d4", None));
    fake.push_update(group_update(3, 12, "/move@other_bot c3-d4", None));
    // two days later the next update wakes the sweeper: the challenge expired
    rt.clock.advance(2 * 86_400);
    fake.push_update(group_update(4, 13, "/help@shashki_test_bot", None));
    let (j, _) = fake
        .wait_for(i, "the expiry", |c| shown_text(c).contains("expired"))
        .await;
    let (k, help) = fake
        .wait_for(i, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    assert_eq!(help.fields["chat_id"], json!(GROUP));

    // a game against the AI; a bare move in reply to the board is played
    fake.push_update(group_update(5, 14, "/challenge ai 1 white", None));
    let (l, _) = fake
        .wait_for(j.max(k), "the board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    let board_msg = fake.next_message.load(Ordering::SeqCst);
    fake.push_update(group_update(6, 15, "c3-d4", Some(board_msg)));
    let (m, _) = fake
        .wait_for(l, "the board after c3-d4", |c| {
            c.method == "sendPhoto" && shown_text(c).contains("c3-d4")
        })
        .await;
    // the old board loses its buttons
    fake.wait_for(m, "the old board's keyboard removed", |c| {
        c.method == "editMessageReplyMarkup" && c.fields["message_id"] == json!(board_msg)
    })
    .await;
    // and the AI answers with a new board
    fake.wait_for(m, "the AI's board", |c| {
        c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:1:2:"))
    })
    .await;

    let (db, t0) = (rt.db.clone(), rt.t0);
    let _dir = rt.stop().await;

    let calls = fake.calls();
    // nothing answered the chatter or the other bot's command
    for c in &calls {
        let t = shown_text(c);
        assert!(
            !t.contains("not your turn") && !t.contains("no game in progress"),
            "{t}"
        );
    }
    let offsets: Vec<i64> = calls
        .iter()
        .filter(|c| c.method == "getUpdates")
        .map(|c| c.fields["offset"].as_i64().unwrap_or(0))
        .collect();
    assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "{offsets:?}");
    // the final heartbeat is written
    assert!(heartbeat(&db) >= t0 + 2 * 86_400);
}

/// The last heartbeat written in the database `db`.
fn heartbeat(db: &std::path::Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT value FROM settings WHERE key = 'heartbeat'",
        [],
        |r| r.get::<_, String>(0),
    )
    .unwrap()
    .parse()
    .unwrap()
}

/// `config.toml` written in `dir` for the real binary: the fake Bot API at
/// `addr`, the database `bot.sqlite` beside it, the log at `level`.
#[cfg(unix)]
fn binary_config(
    dir: &std::path::Path,
    addr: impl std::fmt::Display,
    level: &str,
) -> std::path::PathBuf {
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = \"bot.sqlite\"\n[log]\nlevel = \"{level}\"\n\
             [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"http://{addr}\"\npoll_timeout_secs = 1\n"
        ),
    )
    .unwrap();
    config
}

/// The real binary: `shashki run --config FILE` against the fake Bot API,
/// stopped with SIGTERM: it exits 0 and leaves a final heartbeat.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_stops_cleanly_on_sigterm() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = binary_config(dir.path(), addr, "warn");
    let child = common::process::shashki_run(&config)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // it polls, and answers a command
    fake.push_update(text_update(1, 10, "/help"));
    fake.wait_for(0, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    common::process::sigterm(child.id());
    let out = tokio::time::timeout(
        Duration::from_secs(30),
        tokio::task::spawn_blocking(move || child.wait_with_output()),
    )
    .await
    .expect("exits after SIGTERM")
    .unwrap()
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("TEST-token"), "the token is never logged");
    // the database sits beside the config, with the final heartbeat
    assert!(heartbeat(&dir.path().join("bot.sqlite")) >= now() - 60);
}

/// A bot on the fake Bot API with the configured default (`board_updates`
/// "edit") and no pacing (`set_commands`: it registers its command menus at
/// start); its database file.
async fn living_bot(set_commands: bool) -> LivingBot {
    living_bot_with(set_commands, test_config()).await
}

type LivingBot = (
    Arc<Fake>,
    tokio::sync::watch::Sender<bool>,
    tokio::task::JoinHandle<anyhow::Result<()>>,
    tempfile::TempDir,
);

fn test_config() -> Config {
    Config {
        ai_max_movetime: Duration::from_millis(50),
        board_size: 200,
        ..Config::default()
    }
}

/// [`living_bot`] with the service's settings.
async fn living_bot_with(set_commands: bool, config: Config) -> LivingBot {
    living_bot_boards(set_commands, config, None).await
}

/// [`living_bot_with`], boards kept as `boards` says (None: the default).
async fn living_bot_boards(
    set_commands: bool,
    config: Config,
    boards: Option<BoardUpdates>,
) -> LivingBot {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let service = Service::open(
        &dir.path().join("bot.sqlite"),
        config,
        Arc::new(SystemClock),
    )
    .unwrap();
    let (hub, stop) = Hub::new(Arc::new(service));
    let mut opts = TelegramOptions::from_config(&Default::default());
    opts.api_url = format!("http://{addr}");
    opts.poll_timeout = Duration::from_secs(1);
    opts.set_commands = set_commands;
    opts.limits = unpaced();
    assert_eq!(opts.board_updates, BoardUpdates::Edit, "edit by default");
    if let Some(b) = boards {
        opts.board_updates = b;
    }
    let bot = tokio::spawn(telegram::run(hub, Secret::new(TOKEN), opts));
    (fake, stop, bot, dir)
}

fn count(fake: &Fake, method: &str) -> usize {
    fake.calls().iter().filter(|c| c.method == method).count()
}

/// The games (id, status, ply) and moves (game, notation) as stored.
type Stored = (Vec<(i64, String, i64)>, Vec<(i64, String)>);

fn games_and_moves(dir: &tempfile::TempDir) -> Stored {
    let conn = rusqlite::Connection::open(dir.path().join("bot.sqlite")).unwrap();
    let mut q = conn
        .prepare("SELECT id, status, ply FROM games ORDER BY id")
        .unwrap();
    let games = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut q = conn
        .prepare("SELECT game_id, notation FROM moves ORDER BY game_id, ply")
        .unwrap();
    let moves = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    (games, moves)
}

/// One living board per game: a three-move game (Anna, the AI, Anna) is
/// ONE photo edited three times (editMessageMedia), each edit answered by
/// a short turn line replying to it; a picker step edits the board's
/// keyboard (no new message); flip sends the presser the board from the
/// other side and changes nothing stored; the final board's rematch starts
/// the next AI game at once, colours swapped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_living_board_edited_per_move_with_picker_flip_and_rematch() {
    tokio::time::timeout(Duration::from_secs(120), living_board())
        .await
        .expect("in time");
}

async fn living_board() {
    let (fake, stop, bot, dir) = living_bot(false).await;
    fake.push_update(text_update(1, 10, "/challenge ai 1 white"));
    let (i, first) = fake
        .wait_for(0, "the first board", |c| c.method == "sendPhoto")
        .await;
    let board_msg = fake.next_message.load(Ordering::SeqCst);
    let caption = shown_text(&first);
    assert!(
        caption.contains("Move 1: White to play"),
        "the caption has the move number and whose turn: {caption}"
    );
    let mv = button(&first, "m:1:0:");
    assert!(buttons(&first).contains(&"f:1".to_string()), "flip");

    // move 1 (Anna, by button) and move 2 (the AI): two edits, two notes
    fake.push_update(callback_on_board(2, "cq-1", board_msg, &mv));
    let (j, _) = fake
        .wait_for(i, "the board after the AI's move", |c| {
            c.method == "editMessageMedia" && buttons(c).iter().any(|b| b.starts_with("m:1:2:"))
        })
        .await;
    // the AI's note comes right after its edit
    let (j, note) = fake
        .wait_for(j, "the AI's turn note", |c| c.method == "sendMessage")
        .await;
    assert_eq!(
        note.fields["reply_parameters"]["message_id"],
        json!(board_msg)
    );
    assert!(
        shown_text(&note).contains(", @anna to move"),
        "{}",
        shown_text(&note)
    );

    // a picker step: a piece that can move → its targets and back, in the
    // board's keyboard; no new message
    let (_, ai_board) = fake
        .wait_for(i, "the AI's board", |c| {
            c.method == "editMessageMedia" && buttons(c).iter().any(|b| b.starts_with("m:1:2:"))
        })
        .await;
    let label = labels(&ai_board)
        .into_iter()
        .find(|(_, d)| d.starts_with("m:1:2:"))
        .unwrap()
        .0;
    let from = label.get(..2).unwrap().to_string();
    let (file, rank) = (from.as_bytes()[0] - b'a', from.as_bytes()[1] - b'0');
    let pdn = (8 - rank) * 4 + file / 2 + 1;
    let sent_before = count(&fake, "sendMessage") + count(&fake, "sendPhoto");
    fake.push_update(callback_on_board(
        3,
        "cq-2",
        board_msg,
        &format!("p:1:2:{pdn}"),
    ));
    let (k, picked) = fake
        .wait_for(j, "the targets of c3", |c| {
            c.method == "editMessageReplyMarkup"
        })
        .await;
    assert_eq!(picked.fields["message_id"], json!(board_msg));
    let targets = buttons(&picked);
    assert!(targets.contains(&"b:1:2".to_string()), "{targets:?}");
    let target = targets.iter().find(|b| b.starts_with("m:1:2:")).unwrap();
    fake.wait_for(j, "the press answered", |c| {
        c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == "cq-2"
    })
    .await;
    assert_eq!(
        count(&fake, "sendMessage") + count(&fake, "sendPhoto"),
        sent_before,
        "a picker step sends nothing new"
    );

    // move 3 (Anna, the target): the third edit of the same message
    fake.push_update(callback_on_board(4, "cq-3", board_msg, target));
    let (m3, _) = fake
        .wait_for(k, "the board after move 3", |c| {
            c.method == "editMessageMedia" && shown_text(c).contains(&format!("Anna: {from}"))
        })
        .await;
    fake.wait_for(m3, "its turn note", |c| c.method == "sendMessage")
        .await;
    let edits: Vec<Call> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "editMessageMedia")
        .collect();
    assert!(edits.len() >= 3, "{}", edits.len());
    assert!(edits
        .iter()
        .all(|c| c.fields["message_id"] == json!(board_msg)));
    assert_eq!(count(&fake, "sendPhoto"), 1, "one board message");
    let notes = fake
        .calls()
        .into_iter()
        .filter(|c| {
            c.method == "sendMessage"
                && c.fields["reply_parameters"]["message_id"] == json!(board_msg)
        })
        .count();
    assert!(notes >= 3, "a turn note per edit: {notes}");

    // wait for the AI's answer to move 3, then flip: a photo for Anna,
    // nothing stored changes
    let (l, _) = fake
        .wait_for(k, "the AI's answer to move 3", |c| {
            c.method == "editMessageMedia" && buttons(c).iter().any(|b| b.starts_with("m:1:4:"))
        })
        .await;
    let stored = games_and_moves(&dir);
    fake.push_update(callback_on_board(5, "cq-4", board_msg, "f:1"));
    let (l, flipped) = fake
        .wait_for(l, "the flipped board", |c| c.method == "sendPhoto")
        .await;
    assert!(buttons(&flipped).is_empty());
    assert!(is_png(&flipped.files[0].2));
    assert_eq!(games_and_moves(&dir), stored, "flip changes nothing");

    // resign, then rematch from the final board: a new AI game, Anna Black
    fake.push_update(callback_on_board(6, "cq-5", board_msg, "r:1"));
    let (l, confirm) = fake
        .wait_for(l, "the confirmation", |c| {
            c.method == "editMessageReplyMarkup" && buttons(c).iter().any(|b| b.starts_with("R:"))
        })
        .await;
    let yes = buttons(&confirm)[0].clone();
    assert_eq!(yes, "R:1:0");
    fake.push_update(callback_on_board(7, "cq-6", board_msg, &yes));
    let (l, last) = fake
        .wait_for(l, "the final board", |c| {
            c.method == "editMessageMedia" && buttons(c).contains(&"rm:1".to_string())
        })
        .await;
    assert_eq!(last.fields["message_id"], json!(board_msg));
    fake.push_update(callback_on_board(8, "cq-7", board_msg, "rm:1"));
    let (_, second) = fake
        .wait_for(l, "the rematch's board", |c| {
            c.method == "sendPhoto" && shown_text(c).contains("#2")
        })
        .await;
    assert!(
        shown_text(&second).contains("AI (level 1) (White) against Anna (Black)"),
        "{}",
        shown_text(&second)
    );

    stop_adapter(&stop, bot).await;
}

/// `/analyse` posts ONE "Analysing game #1…" message and then edits it
/// (editMessageText, by the id kept in SQLite) with its progress and
/// finally the summary; nothing of it is sent twice. The graph and the PDN
/// follow as a photo and a document.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_edits_its_one_message_with_progress_then_the_result() {
    tokio::time::timeout(Duration::from_secs(120), analysis_progress())
        .await
        .expect("in time");
}

async fn analysis_progress() {
    let config = Config {
        ai_max_movetime: Duration::from_millis(50),
        board_size: 200,
        analysis_progress_every: Duration::ZERO,
        ..Config::default()
    };
    let (fake, stop, bot, dir) = living_bot_with(false, config).await;
    fake.push_update(text_update(1, 10, "/challenge ai 1 white"));
    fake.wait_for(0, "the board", |c| c.method == "sendPhoto")
        .await;
    fake.push_update(text_update(2, 11, "c3-d4"));
    // the AI answers
    for _ in 0..400 {
        if games_and_moves(&dir).1.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(games_and_moves(&dir).1.len(), 2, "the AI answered");
    fake.push_update(text_update(3, 12, "/resign"));
    fake.wait_for(0, "the end", |c| shown_text(c).contains("resigned"))
        .await;
    let before = fake.calls().len();
    fake.push_update(text_update(4, 13, "/analyse"));
    let (i, _) = fake
        .wait_for(before, "the analysis message", |c| {
            c.method == "sendMessage" && shown_text(c).contains("Analysing game #1")
        })
        .await;
    let (j, _) = fake
        .wait_for(i, "the result in its place", |c| {
            c.method == "editMessageText" && shown_text(c).contains("Analysis of game #1")
        })
        .await;
    let (_, photo) = fake
        .wait_for(j, "the graph", |c| c.method == "sendPhoto")
        .await;
    assert!(shown_text(&photo).contains("evaluation graph"), "{photo:?}");
    fake.wait_for(j, "the PDN", |c| c.method == "sendDocument")
        .await;
    // where the message went is kept in SQLite: every edit is of it
    let conn = rusqlite::Connection::open(dir.path().join("bot.sqlite")).unwrap();
    let message: String = conn
        .query_row(
            "SELECT message FROM placed_messages WHERE platform = 'telegram' AND key = 'live:analysis-1'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let calls = fake.calls();
    let edits: Vec<_> = calls
        .iter()
        .skip(before)
        .filter(|c| c.method == "editMessageText")
        .collect();
    assert!(edits.len() >= 2, "progress, then the result: {edits:#?}");
    assert!(shown_text(edits[0]).contains("50 %"), "{:?}", edits[0]);
    for e in &edits {
        assert_eq!(e.fields["message_id"].to_string(), message, "{e:?}");
        assert_eq!(e.fields["chat_id"], json!(ANNA));
    }
    let sent = calls
        .iter()
        .skip(before)
        .filter(|c| c.method == "sendMessage" && shown_text(c).contains("Analys"))
        .count();
    assert_eq!(sent, 1, "the analysis' message is sent once");
    // the final edit sent, the adapter acknowledged it: nothing owed, so
    // no later pending-job look edits the message again
    let owed = || -> i64 {
        conn.query_row(
            "SELECT final_owed FROM analyses WHERE game_id = 1",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    for _ in 0..100 {
        if owed() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(owed(), 0, "the final text acknowledged");
    let _ = stop.send(true);
    bot.await.unwrap().unwrap();
}

/// Puzzle hints and solutions are hidden behind spoilers in the chat
/// (`<tg-spoiler>`, HTML parse mode); a hint pressed on the puzzle's button
/// is the presser's own pop-up, plain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzle_hints_and_solutions_hide_behind_spoilers() {
    tokio::time::timeout(Duration::from_secs(60), spoilers())
        .await
        .expect("in time");
}

async fn spoilers() {
    let (fake, stop, bot, _dir) = living_bot(false).await;
    let (i, puzzle, puzzle_msg) = puzzle_in_group(&fake).await;
    let hint = labelled(&puzzle, "Hint");

    // the first hint by command: the square, hidden
    fake.push_update(group_update(2, 11, "/hint", None));
    let (i, first) = fake
        .wait_for(i, "the first hint", |c| {
            c.method == "sendMessage" && shown_text(c).contains("Hint")
        })
        .await;
    assert_eq!(first.fields["parse_mode"], "HTML");
    let text = shown_text(&first);
    let square = spoiler(&text);
    assert_eq!(square.len(), 2, "{text}");
    assert!(!text.contains('\u{E000}') && !text.contains('\u{E001}'));

    // the second hint by button: the presser's pop-up, plain
    let mut press = callback_update(3, "cq-h", puzzle_msg, &hint);
    press["callback_query"]["message"]["chat"] = chat_json(GROUP);
    fake.push_update(press);
    let (i, toast) = fake
        .wait_for(i, "the hint's pop-up", |c| {
            c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == "cq-h"
        })
        .await;
    let pop = toast.fields["text"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(pop.starts_with("Hint: play "), "{pop}");
    assert!(
        !pop.contains("tg-spoiler") && !pop.contains('\u{E000}'),
        "{pop}"
    );

    // giving up: the solution, hidden
    fake.push_update(group_update(4, 12, "/puzzle solution", None));
    let (_, solution) = fake
        .wait_for(i, "the solution", |c| {
            c.method == "sendMessage" && shown_text(c).contains("the solution")
        })
        .await;
    let text = shown_text(&solution);
    assert!(
        text.contains("the solution: <tg-spoiler>") && text.ends_with("</tg-spoiler>"),
        "{text}"
    );
    assert!(text.contains(pop.trim_start_matches("Hint: play ").trim_end_matches('.')));

    // a board that shows a move of the solution is a spoiler too; the
    // question's board is not
    fake.push_update(group_update(5, 13, "/puzzle", None));
    let (i, question) = fake
        .wait_for(i + 1, "the next puzzle", |c| c.method == "sendPhoto")
        .await;
    assert_ne!(question.fields["has_spoiler"], true);
    fake.push_update(group_update(6, 14, "/hint", None));
    fake.push_update(group_update(7, 15, "/hint", None));
    let (i, hint) = fake
        .wait_for(i + 1, "the second hint", |c| {
            c.method == "sendMessage" && shown_text(c).contains("Hint: play")
        })
        .await;
    let text = shown_text(&hint);
    let mv = spoiler(&text);
    fake.push_update(group_update(8, 16, &format!("/puzzle {mv}"), None));
    let (_, after) = fake
        .wait_for(i + 1, "the board after the right move", |c| {
            c.method == "sendPhoto"
        })
        .await;
    assert!(
        shown_text(&after).contains("Right") || shown_text(&after).contains("Solved"),
        "{}",
        shown_text(&after)
    );
    assert_eq!(after.fields["has_spoiler"], true);

    stop_adapter(&stop, bot).await;
}

/// A puzzle's question in a group is every member's (the daily post,
/// anyone's question): a press on it that does something for all to see
/// (giving up shows the solution in the chat) leaves its buttons on it —
/// no editMessageReplyMarkup of the question — where another prompt's
/// press takes them off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_question_keeps_its_buttons_after_a_press() {
    tokio::time::timeout(Duration::from_secs(60), question_keeps_its_buttons())
        .await
        .expect("in time");
}

async fn question_keeps_its_buttons() {
    let (fake, stop, bot, _dir) = living_bot(false).await;
    let (i, puzzle, question) = puzzle_in_group(&fake).await;
    let solution = labelled(&puzzle, "Solution");
    // Anna gives up on it by its button: the solution, for all to see
    fake.push_update(press_in(2, "cq-s", GROUP, anna(), question, &solution));
    let (i, _) = fake
        .wait_for(i, "the solution", |c| {
            c.method == "sendMessage" && shown_text(c).contains("the solution")
        })
        .await;
    // a later message in the chat: its queue is past the press by then
    fake.push_update(message_from(3, 11, GROUP, boris(), "/help"));
    fake.wait_for(i, "the help", |c| {
        c.method == "sendMessage" && shown_text(c).contains("/challenge")
    })
    .await;
    let cleared: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| {
            c.method == "editMessageReplyMarkup" && c.fields["message_id"] == json!(question)
        })
        .collect();
    assert!(
        cleared.is_empty(),
        "the question keeps its buttons: {cleared:?}"
    );
    stop_adapter(&stop, bot).await;
}

/// `/puzzle` asked in the group: where the calls stood once the question
/// was sent, the question, and its message's id.
async fn puzzle_in_group(fake: &Fake) -> (usize, Call, i64) {
    fake.push_update(group_update(1, 10, "/puzzle", None));
    let (i, puzzle) = fake
        .wait_for(0, "the puzzle", |c| c.method == "sendPhoto")
        .await;
    (i, puzzle, fake.next_message.load(Ordering::SeqCst))
}

/// The callback data of the button of `c` whose label holds `label`.
fn labelled(c: &Call, label: &str) -> String {
    labels(c)
        .into_iter()
        .find(|(l, _)| l.contains(label))
        .map(|(_, d)| d)
        .unwrap_or_else(|| panic!("no {label} button"))
}

/// The first span of `text` hidden behind a spoiler; there must be one.
fn spoiler(text: &str) -> String {
    text.split("<tg-spoiler>")
        .nth(1)
        .and_then(|t| t.split("</tg-spoiler>").next())
        .unwrap_or_else(|| panic!("a spoiler: {text}"))
        .to_string()
}

/// An open challenge in a group carries a share button: Telegram's share
/// sheet with a deep link to the bot (`?start=challenge-1`). Opened in a
/// private chat, the link shows the challenge with an accept button;
/// accepting there starts the game in the group, and says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_shared_by_deep_link_and_accepted_in_private() {
    tokio::time::timeout(Duration::from_secs(60), share_challenge())
        .await
        .expect("in time");
}

async fn share_challenge() {
    let (fake, stop, bot, _dir) = living_bot(false).await;
    fake.push_update(group_update(1, 10, "/challenge", None));
    let (i, card) = fake
        .wait_for(0, "the open challenge card", |c| {
            c.method == "sendMessage" && buttons(c).contains(&"a:1".to_string())
        })
        .await;
    let share = url_buttons(&card);
    assert_eq!(share.len(), 1, "{share:?}");
    assert_eq!(share[0].0, "📨 Share");
    let url = url::Url::parse(&share[0].1).unwrap();
    assert_eq!(
        url.as_str().split('?').next(),
        Some("https://t.me/share/url")
    );
    let q: std::collections::HashMap<String, String> = url.query_pairs().into_owned().collect();
    let link = q["url"]
        .strip_prefix("https://t.me/shashki_test_bot?start=")
        .unwrap_or_else(|| panic!("a deep link: {}", q["url"]));
    let token = link
        .strip_prefix("challenge-1-")
        .unwrap_or_else(|| panic!("the challenge and its secret: {link}"));
    assert!(
        !token.is_empty() && token.len() <= 12 && token.bytes().all(|b| b.is_ascii_digit()),
        "{token}"
    );
    assert_eq!(
        q["text"],
        "Anna invites you to a game of draughts in «Draughts club» (challenge #1)."
    );

    // a challenge to someone, or one made in a private chat, has no share button
    fake.push_update(text_update(2, 11, "/challenge"));
    let (i, private_card) = fake
        .wait_for(i, "the private card", |c| {
            c.method == "sendMessage" && buttons(c).contains(&"a:2".to_string())
        })
        .await;
    assert!(url_buttons(&private_card).is_empty());

    // Boris opens the link: the bot's private chat gets /start challenge-1-…
    fake.push_update(message_from(
        3,
        20,
        BORIS,
        boris(),
        &format!("/start {link}"),
    ));
    let (mut i, invite) = fake
        .wait_for(i, "the challenge in Boris's chat", |c| {
            c.method == "sendMessage" && c.fields["chat_id"] == json!(BORIS)
        })
        .await;
    assert!(
        shown_text(&invite).contains("Anna invites you to a game of draughts in «Draughts club»"),
        "{}",
        shown_text(&invite)
    );
    assert_eq!(buttons(&invite), [format!("A:1:{token}")]);
    let invite_msg = fake.next_message.load(Ordering::SeqCst);
    // without the link's secret nothing opens: a wrong one, a challenge of
    // a private chat, or the number alone
    for (n, text) in [
        (21, "/start challenge-1-1".to_string()),
        (22, format!("/start challenge-2-{token}")),
        (23, "/accept 1".to_string()),
    ] {
        fake.push_update(message_from(n - 17, n, BORIS, boris(), &text));
        let (j, refused) = fake
            .wait_for(i + 1, "refused", |c| {
                c.method == "sendMessage" && c.fields["chat_id"] == json!(BORIS)
            })
            .await;
        assert!(
            shown_text(&refused).contains("There is no challenge"),
            "{text}: {}",
            shown_text(&refused)
        );
        assert!(buttons(&refused).is_empty());
        i = j;
    }

    // Boris accepts in his chat: the game's board is posted in the group
    let mut press = callback_update(7, "cq-s", 0, &format!("A:1:{token}"));
    press["callback_query"]["from"] = boris();
    press["callback_query"]["message"]["chat"] = chat_json(BORIS);
    press["callback_query"]["message"]["message_id"] = json!(invite_msg);
    fake.push_update(press);
    let (_, board) = fake
        .wait_for(i + 1, "the board in the group", |c| c.method == "sendPhoto")
        .await;
    assert_eq!(board.fields["chat_id"], json!(GROUP));
    assert!(
        shown_text(&board).contains("begins"),
        "{}",
        shown_text(&board)
    );
    let (_, told) = fake
        .wait_for(i + 1, "Boris told where", |c| {
            c.method == "sendMessage" && shown_text(c).contains("You accepted")
        })
        .await;
    assert_eq!(told.fields["chat_id"], json!(BORIS));
    assert!(shown_text(&told).contains("«Draughts club»"));

    stop_adapter(&stop, bot).await;
}

/// The results of an answerInlineQuery call.
fn inline_results(c: &Call) -> Vec<Value> {
    match &c.fields["results"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or_default(),
        Value::Array(a) => a.clone(),
        _ => Vec::new(),
    }
}

/// Inline mode: `@bot` typed in any chat is answered (answerInlineQuery)
/// with today's puzzle, today's International puzzle and an invitation to
/// play, each with a button that opens the bot (`?start=daily`,
/// `?start=daily-international`, `?start=play`); once the bot has sent a
/// puzzle's start board, its card is that photo (its file_id).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_mode_offers_todays_puzzle_and_an_invitation() {
    tokio::time::timeout(Duration::from_secs(60), inline_mode())
        .await
        .expect("in time");
}

async fn inline_mode() {
    let (fake, stop, bot, _dir) = living_bot(false).await;
    fake.push_update(inline_update(1, "iq-1", ""));
    let (i, answer) = fake
        .wait_for(0, "the inline answer", |c| c.method == "answerInlineQuery")
        .await;
    assert_eq!(answer.fields["inline_query_id"], "iq-1");
    assert_eq!(answer.fields["is_personal"], true);
    let results = inline_results(&answer);
    assert_eq!(results.len(), 3, "{results:?}");
    let daily = &results[0];
    assert_eq!(daily["type"], "article");
    let id: i64 = daily["id"]
        .as_str()
        .unwrap()
        .strip_prefix("daily-")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(daily["title"], format!("Today's puzzle #{id}"));
    assert!(daily["description"]
        .as_str()
        .unwrap()
        .contains("to play and win"));
    let text = daily["input_message_content"]["message_text"]
        .as_str()
        .unwrap();
    assert!(
        text.starts_with(&format!("Today's draughts puzzle #{id}:")),
        "{text}"
    );
    assert_eq!(daily["input_message_content"]["parse_mode"], "HTML");
    let button = &daily["reply_markup"]["inline_keyboard"][0][0];
    assert_eq!(button["text"], "🧩 Solve it");
    assert_eq!(button["url"], "https://t.me/shashki_test_bot?start=daily");
    // today's International puzzle, a card of its own naming the variant
    let intl = &results[1];
    assert_eq!(intl["type"], "article");
    let intl_id: i64 = intl["id"]
        .as_str()
        .unwrap()
        .strip_prefix("daily-")
        .unwrap()
        .parse()
        .unwrap();
    assert!(intl_id > 10_000, "{intl:?}");
    assert_eq!(
        intl["title"],
        format!("Today's International draughts puzzle #{intl_id}")
    );
    assert!(intl["description"]
        .as_str()
        .unwrap()
        .starts_with("10×10 · "));
    assert!(
        intl["input_message_content"]["message_text"]
            .as_str()
            .unwrap()
            .starts_with(&format!(
                "Today's International draughts puzzle #{intl_id} (10×10): "
            )),
        "{intl:?}"
    );
    let button = &intl["reply_markup"]["inline_keyboard"][0][0];
    assert_eq!(button["text"], "🧩 Solve it");
    assert_eq!(
        button["url"],
        "https://t.me/shashki_test_bot?start=daily-international"
    );
    let play = &results[2];
    assert_eq!(play["id"], "play");
    assert!(play["input_message_content"]["message_text"]
        .as_str()
        .unwrap()
        .starts_with("Anna invites you to a game of Russian draughts"));
    assert_eq!(
        play["reply_markup"]["inline_keyboard"][0][0]["url"],
        "https://t.me/shashki_test_bot?start=play"
    );

    // the button's deep link: today's puzzle in the private chat, its start
    // board under the puzzle's own name
    fake.push_update(text_update(2, 10, "/start daily"));
    let (i, photo) = fake
        .wait_for(i + 1, "the daily puzzle", |c| c.method == "sendPhoto")
        .await;
    assert_eq!(photo.files[0].1, format!("board-puzzle-{id}.png"));
    let file_id = format!("photo{}", fake.next_message.load(Ordering::SeqCst));

    // the International card's deep link: today's International puzzle,
    // its start board (drawn as the chat draws it: numbered 10×10) under
    // that puzzle's own name
    fake.push_update(text_update(3, 11, "/start daily-international"));
    let (i, photo) = fake
        .wait_for(i + 1, "the International daily puzzle", |c| {
            c.method == "sendPhoto"
        })
        .await;
    assert_eq!(photo.files[0].1, format!("board-puzzle-{intl_id}.png"));
    assert!(photo.files[0].2.starts_with(b"\x89PNG"));
    assert!(
        shown_text(&photo).contains(&format!("#{intl_id}")),
        "{}",
        shown_text(&photo)
    );
    let intl_file_id = format!("photo{}", fake.next_message.load(Ordering::SeqCst));

    // now the puzzle cards are those photos
    fake.push_update(inline_update(4, "iq-2", "puzzle"));
    let (_, answer) = fake
        .wait_for(i + 1, "the second inline answer", |c| {
            c.method == "answerInlineQuery" && c.fields["inline_query_id"] == "iq-2"
        })
        .await;
    let results = inline_results(&answer);
    assert_eq!(results[0]["type"], "photo", "{:?}", results[0]);
    assert_eq!(results[0]["photo_file_id"], file_id);
    assert_eq!(results[0]["parse_mode"], "HTML");
    assert!(results[0]["caption"]
        .as_str()
        .unwrap()
        .starts_with("Today's draughts puzzle"));
    assert_eq!(
        results[0]["reply_markup"]["inline_keyboard"][0][0]["url"],
        "https://t.me/shashki_test_bot?start=daily"
    );
    assert_eq!(results[1]["type"], "photo", "{:?}", results[1]);
    assert_eq!(results[1]["id"], format!("daily-{intl_id}"));
    assert_eq!(results[1]["photo_file_id"], intl_file_id);
    assert_eq!(
        results[1]["title"],
        format!("Today's International draughts puzzle #{intl_id}")
    );
    assert!(results[1]["caption"]
        .as_str()
        .unwrap()
        .starts_with("Today's International draughts puzzle"));
    assert_eq!(
        results[1]["reply_markup"]["inline_keyboard"][0][0]["url"],
        "https://t.me/shashki_test_bot?start=daily-international"
    );
    assert_eq!(results[2]["type"], "article");
    assert_eq!(results[2]["id"], "play");

    stop_adapter(&stop, bot).await;
}

/// `/notify on` (issue 14) through the Bot API: in a group the answer links
/// to the private chat with the bot (`?start=notify`); Anna opted in, Boris
/// did not. When Boris moves, Anna gets ONE private message (chat_id = her
/// user id, even though Boris's update came twice) with the deep link
/// `?start=game-1`; when Anna moves, Boris gets nothing. Once Boris opts in
/// without ever starting the bot, Telegram refuses the private message with
/// 403: it is tried once, dropped, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_sends_one_private_message_to_the_opted_in_player_only() {
    tokio::time::timeout(Duration::from_secs(120), notify_in_a_group())
        .await
        .expect("in time");
}

async fn notify_in_a_group() {
    let (fake, stop, bot, _dir) = living_bot(false).await;
    let notes_to = |user: i64| {
        fake.calls()
            .into_iter()
            .filter(|c| c.method.starts_with("sendMessage") && c.fields["chat_id"] == json!(user))
            .collect::<Vec<_>>()
    };

    // Anna opts in, in the group: told to open a private chat, with a link
    fake.push_update(message_from(1, 10, GROUP, anna(), "/notify on"));
    let (i, on) = fake
        .wait_for(0, "the /notify answer", |c| {
            c.method == "sendMessage" && shown_text(c).contains("turned on")
        })
        .await;
    assert_eq!(on.fields["chat_id"], json!(GROUP));
    assert!(
        shown_text(&on).contains("opened a private chat"),
        "{}",
        shown_text(&on)
    );
    assert_eq!(urls(&on), ["https://t.me/shashki_test_bot?start=notify"]);

    // Boris (White) accepts Anna's challenge
    fake.push_update(message_from(2, 11, GROUP, boris(), "/help"));
    fake.push_update(message_from(
        3,
        12,
        GROUP,
        anna(),
        "/challenge @boris 3 black",
    ));
    let (j, card) = fake.challenge_card(i).await;
    let accept = button(&card, "a:");
    let card_msg = fake.next_message.load(Ordering::SeqCst);
    fake.push_update(press_in(4, "cq-1", GROUP, boris(), card_msg, &accept));
    let (k, _) = fake
        .wait_for(j, "the first board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:1:0:"))
        })
        .await;
    // Boris moves (his update delivered twice): Anna hears it privately
    let boris_move = message_from(5, 13, GROUP, boris(), "/move c3-d4");
    fake.push_update(boris_move.clone());
    fake.push_update(boris_move);
    let (l, note) = fake
        .wait_for(k, "Anna's notification", |c| {
            c.method == "sendMessage" && c.fields["chat_id"] == json!(ANNA)
        })
        .await;
    assert_eq!(
        shown_text(&note),
        "Your move in game #1 (Draughts club): Boris played c3-d4."
    );
    assert_eq!(urls(&note), ["https://t.me/shashki_test_bot?start=game-1"]);
    assert!(note.fields.get("message_thread_id").is_none());
    // Anna moves: Boris did not opt in
    fake.push_update(message_from(6, 14, GROUP, anna(), "/move f6-g5"));
    let (m, _) = fake
        .wait_for(l, "the turn note after f6-g5", |c| {
            c.method == "sendMessage" && shown_text(c).contains("f6-g5")
        })
        .await;
    fake.push_update(message_from(7, 15, GROUP, anna(), "/games"));
    let (n, _) = fake
        .wait_for(m, "the games list", |c| {
            c.method == "sendMessage"
                && c.fields["chat_id"] == json!(GROUP)
                && c.fields["reply_parameters"]["message_id"] == json!(15)
        })
        .await;
    assert_eq!(notes_to(ANNA).len(), 1, "one private message to Anna");
    assert!(notes_to(BORIS).is_empty(), "none to Boris");

    // Boris opts in but never started the bot: Telegram refuses; tried once
    fake.forbidden.lock().unwrap().push(BORIS);
    fake.push_update(message_from(8, 16, GROUP, boris(), "/notify on"));
    fake.push_update(message_from(9, 17, GROUP, boris(), "/move b2-c3"));
    // (Anna answers the move she saw: a chat's members are served in turn,
    // so her update sent alongside Boris's two could come between them)
    let (n, _) = fake
        .wait_for(n, "the turn note after b2-c3", |c| {
            c.fields["chat_id"] == json!(GROUP) && shown_text(c).contains("b2-c3")
        })
        .await;
    fake.push_update(message_from(10, 18, GROUP, anna(), "/move g7-f6"));
    let (o, refused) = fake
        .wait_for(n, "the refused notification", |c| {
            c.method == "sendMessage:403"
        })
        .await;
    assert_eq!(refused.fields["chat_id"], json!(BORIS));
    assert!(
        shown_text(&refused).contains("Anna played g7-f6"),
        "{}",
        shown_text(&refused)
    );
    // the game goes on
    fake.push_update(message_from(11, 19, GROUP, boris(), "/move a3-b4"));
    fake.wait_for(o, "the board after a3-b4", |c| {
        shown_text(c).contains("a3-b4")
    })
    .await;
    let calls = fake.calls();
    let tries = calls
        .iter()
        .filter(|c| c.fields["chat_id"] == json!(BORIS))
        .count();
    assert_eq!(tries, 1, "the refused message is not tried again");
    // Anna heard each of Boris's moves once (her private chat has a
    // delivery queue of its own: the last may come before or after the
    // group's board)
    fake.wait_for(o, "Anna's note of a3-b4", |c| {
        c.method == "sendMessage" && shown_text(c).contains("Boris played a3-b4")
    })
    .await;
    let anna_notes: Vec<String> = notes_to(ANNA).iter().map(shown_text).collect();
    assert_eq!(
        anna_notes,
        [
            "Your move in game #1 (Draughts club): Boris played c3-d4.",
            "Your move in game #1 (Draughts club): Boris played b2-c3.",
            "Your move in game #1 (Draughts club): Boris played a3-b4.",
        ]
    );
    stop.send(true).unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(30), bot).await;
}

/// A message in topic `thread` of the forum supergroup.
fn topic_update(id: i64, message_id: i64, thread: i64, text: &str) -> Value {
    in_topic(message_from(id, message_id, FORUM, anna(), text), thread)
}

/// Forum topics (issue 14): a challenge to the AI posted in topic 7 gets
/// its board there, the AI's answer too (boards sent anew here), and a
/// refusal answers in the topic; all with message_thread_id 7.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_started_in_a_forum_topic_stays_in_that_topic() {
    tokio::time::timeout(Duration::from_secs(120), game_in_a_topic())
        .await
        .expect("in time");
}

/// A bot with a new board per move, and a game against the AI challenged in
/// forum topic 7: its first board (shown in the topic) and where it stands
/// in the calls.
async fn ai_game_in_topic_7() -> (LivingBot, usize) {
    let (fake, stop, bot, dir) =
        living_bot_boards(false, test_config(), Some(BoardUpdates::New)).await;
    fake.push_update(topic_update(1, 10, 7, "/challenge ai 1 white"));
    let (i, board) = fake
        .wait_for(0, "the board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:1:0:"))
        })
        .await;
    assert_eq!(board.fields["chat_id"], json!(FORUM));
    assert_eq!(board.fields["message_thread_id"], json!(7));
    ((fake, stop, bot, dir), i)
}

async fn game_in_a_topic() {
    let ((fake, stop, bot, _dir), i) = ai_game_in_topic_7().await;
    fake.push_update(topic_update(2, 11, 7, "/move c3-d4"));
    let (j, mine) = fake
        .wait_for(i, "the board after c3-d4", |c| {
            c.method == "sendPhoto" && shown_text(c).contains("c3-d4")
        })
        .await;
    assert_eq!(mine.fields["message_thread_id"], json!(7));
    let (k, ai) = fake
        .wait_for(j, "the AI's board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:1:2:"))
        })
        .await;
    assert_eq!(ai.fields["chat_id"], json!(FORUM));
    assert_eq!(
        ai.fields["message_thread_id"],
        json!(7),
        "the AI answers in the topic"
    );
    // a refusal answers in the topic too
    fake.push_update(topic_update(3, 12, 7, "/move a1-b2"));
    let (_, refusal) = fake
        .wait_for(k, "the refusal", |c| {
            c.method == "sendMessage" && shown_text(c).contains("Legal moves")
        })
        .await;
    assert_eq!(refusal.fields["message_thread_id"], json!(7));
    // nothing of this game went outside the topic
    for c in fake.calls() {
        if c.method.starts_with("send") && c.fields["chat_id"] == json!(FORUM) {
            assert_eq!(c.fields["message_thread_id"], json!(7), "{c:?}");
        }
    }
    stop.send(true).unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(30), bot).await;
}

/// A closed forum topic (a prankster closes it mid-game): Telegram refuses
/// every send with message_thread_id (400 TOPIC_CLOSED); the adapter sends
/// the same board or text again without the topic (to General), once, so
/// the player to move still hears of their turn; the game forgets its
/// topic.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_topic_falls_back_to_general() {
    tokio::time::timeout(Duration::from_secs(120), closed_topic())
        .await
        .expect("in time");
}

async fn closed_topic() {
    let ((fake, stop, bot, dir), i) = ai_game_in_topic_7().await;
    // the topic is closed
    fake.topic_closed.lock().unwrap().push(FORUM);
    fake.push_update(topic_update(2, 11, 7, "/move c3-d4"));
    let (j, refused) = fake
        .wait_for(i, "the refused board", |c| c.method == "sendPhoto:400")
        .await;
    assert_eq!(refused.fields["message_thread_id"], json!(7));
    assert!(shown_text(&refused).contains("c3-d4"), "{refused:?}");
    let (j, general) = fake
        .wait_for(j, "the board in General", |c| c.method == "sendPhoto")
        .await;
    assert_eq!(general.fields["chat_id"], json!(FORUM));
    assert!(
        general.fields.get("message_thread_id").is_none(),
        "{general:?}"
    );
    assert_eq!(shown_text(&general), shown_text(&refused));
    assert_eq!(buttons(&general), buttons(&refused));
    // the AI's answer reaches General too, with Anna's move buttons
    let (k, ai) = fake
        .wait_for(j, "the AI's board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:1:2:"))
        })
        .await;
    assert!(ai.fields.get("message_thread_id").is_none(), "{ai:?}");
    // a text reply too
    fake.push_update(topic_update(3, 12, 7, "/move a1-b2"));
    let (l, refused) = fake
        .wait_for(k, "the refused text", |c| c.method == "sendMessage:400")
        .await;
    assert_eq!(refused.fields["message_thread_id"], json!(7));
    let (_, refusal) = fake
        .wait_for(l, "the refusal in General", |c| c.method == "sendMessage")
        .await;
    assert!(shown_text(&refusal).contains("Legal moves"), "{refusal:?}");
    assert_eq!(shown_text(&refusal), shown_text(&refused));
    assert!(refusal.fields.get("message_thread_id").is_none());
    // once: every refused send was answered by a send to General, and
    // nothing reached General twice (the AI's board may go to the topic
    // and fall back, or go to General at once once the topic is
    // forgotten: both are right, so the counts alone cannot tell)
    let calls = fake.calls();
    let general: Vec<(String, Vec<String>)> = calls
        .iter()
        .filter(|c| {
            c.method.starts_with("send")
                && !c.method.contains(':')
                && c.fields["chat_id"] == json!(FORUM)
                && c.fields.get("message_thread_id").is_none()
        })
        .map(|c| (shown_text(c), buttons(c)))
        .collect();
    for refused in calls.iter().filter(|c| c.method.ends_with(":400")) {
        let key = (shown_text(refused), buttons(refused));
        assert!(general.contains(&key), "no fallback for {refused:?}");
    }
    let mut seen = std::collections::HashSet::new();
    for g in &general {
        assert!(seen.insert(g), "sent to General twice: {g:?}");
    }
    // the game's topic is forgotten: its later replies go to General at once
    let conn = rusqlite::Connection::open(dir.path().join("bot.sqlite")).unwrap();
    let thread: Option<String> = conn
        .query_row("SELECT thread FROM games WHERE id = 1", [], |r| r.get(0))
        .unwrap();
    assert_eq!(thread, None);
    stop.send(true).unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(30), bot).await;
}

/// The whole runtime (`runtime::run`, with its sweeper) in a forum topic:
/// a game between Anna (opted in to `/notify`) and Boris started in topic
/// 7 keeps the topic for the sweeper's reminder and its time-out, and
/// Anna's reminder also reaches her privately (no topic there), once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweeper_keeps_a_games_topic_and_reminds_privately() {
    tokio::time::timeout(Duration::from_secs(120), sweeper_in_a_topic())
        .await
        .expect("in time");
}

async fn sweeper_in_a_topic() {
    let rt = Runtime::start("[game]\nboard_size = 200\n", "").await;
    let fake = Arc::clone(&rt.fake);
    let in_the_topic = |id: i64, mid: i64, from: Value, text: &str| {
        in_topic(message_from(id, mid, FORUM, from, text), 7)
    };

    fake.push_update(in_the_topic(1, 10, anna(), "/notify on"));
    fake.push_update(in_the_topic(2, 11, boris(), "/help"));
    fake.push_update(in_the_topic(3, 12, anna(), "/challenge @boris 2 white"));
    let (i, card) = fake.challenge_card(0).await;
    assert_eq!(card.fields["message_thread_id"], json!(7));
    let accept = button(&card, "a:");
    let card_msg = fake.next_message.load(Ordering::SeqCst);
    fake.push_update(in_topic(
        press_in(4, "cq-1", FORUM, boris(), card_msg, &accept),
        7,
    ));
    let (j, board) = fake
        .wait_for(i, "the first board", |c| c.method == "sendPhoto")
        .await;
    assert_eq!(board.fields["message_thread_id"], json!(7));
    // Anna (White) is to move: the game began with her move
    let (_, begun) = fake
        .wait_for(i, "Anna's private note", |c| {
            c.method == "sendMessage" && c.fields["chat_id"] == json!(ANNA)
        })
        .await;
    assert_eq!(
        shown_text(&begun),
        "Game #1 (Draughts forum) has begun: your move."
    );
    assert!(begun.fields.get("message_thread_id").is_none());

    // a day later (half her time) the next update wakes the sweeper
    rt.clock.advance(86_400);
    fake.push_update(in_the_topic(5, 13, boris(), "/games"));
    let (k, reminder) = fake
        .wait_for(j, "the reminder in the topic", |c| {
            c.method == "sendMessage"
                && c.fields["chat_id"] == json!(FORUM)
                && shown_text(c).contains("your move in game #1")
        })
        .await;
    assert_eq!(reminder.fields["chat_id"], json!(FORUM));
    assert_eq!(reminder.fields["message_thread_id"], json!(7));
    let (_, private) = fake
        .wait_for(j, "the private reminder", |c| {
            c.method == "sendMessage"
                && c.fields["chat_id"] == json!(ANNA)
                && shown_text(c).starts_with("Reminder:")
        })
        .await;
    assert_eq!(
        shown_text(&private),
        "Reminder: 1 day left for your move in game #1 (Draughts forum)."
    );
    assert_eq!(
        urls(&private),
        ["https://t.me/shashki_test_bot?start=game-1"]
    );

    // past the deadline: the time-out edits the board (in the topic) and
    // its turn note answers it there
    rt.clock.advance(86_400 + 60);
    fake.push_update(in_the_topic(6, 14, boris(), "/games"));
    let (l, timeout) = fake
        .wait_for(k, "the time-out", |c| {
            shown_text(c).contains("did not move in time")
        })
        .await;
    assert_eq!(timeout.method, "editMessageMedia");
    assert_eq!(timeout.fields["chat_id"], json!(FORUM));
    let (_, note) = fake
        .wait_for(l, "the result's note", |c| {
            c.method == "sendMessage"
                && c.fields["reply_parameters"]["message_id"] == timeout.fields["message_id"]
        })
        .await;
    assert_eq!(note.fields["message_thread_id"], json!(7));

    rt.stop().await;
    let calls = fake.calls();
    // everything in the forum went to topic 7; nothing went twice to
    // Anna's private chat
    for c in &calls {
        if c.method.starts_with("send") && c.fields["chat_id"] == json!(FORUM) {
            assert_eq!(c.fields["message_thread_id"], json!(7), "{c:?}");
        }
    }
    let private: Vec<String> = calls
        .iter()
        .filter(|c| c.method == "sendMessage" && c.fields["chat_id"] == json!(ANNA))
        .map(shown_text)
        .collect();
    let unique: std::collections::BTreeSet<&String> = private.iter().collect();
    assert_eq!(unique.len(), private.len(), "nothing twice: {private:?}");
}

/// Issue 21: no log level prints a token. Telegram's token is in every
/// request's URL (`/bot<token>/getUpdates`). The real binary at `[log]
/// level = "trace"` against the fake Bot API polls and answers; no line of
/// its log holds the token, as written, URL-encoded, in hex or as bytes.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_level_prints_the_token() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = binary_config(dir.path(), addr, "trace");
    let (child, guard, reader) = common::process::spawn_logged(&config);
    fake.push_update(text_update(1, 10, "/help"));
    fake.wait_for(0, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    let log = common::process::stop_logged(child, guard, reader, Duration::from_secs(30)).await;
    assert!(log.contains("TRACE"), "the log is at trace");
    let hex: String = TOKEN.bytes().map(|b| format!("{b:02x}")).collect();
    let bytes = format!("{:?}", TOKEN.as_bytes());
    common::process::assert_not_in_log(
        &log,
        [
            TOKEN.to_string(),
            TOKEN.replace(':', "%3A"),
            hex.to_uppercase(),
            hex,
            bytes.trim_matches(['[', ']']).to_string(),
            "TEST-token".to_string(),
        ],
    );
}

/// "Open board" on Telegram: the living board in a group carries the
/// direct Mini App link (`t.me/<bot>/<app>?startapp=game-N`, which works
/// in groups) when `[web] mini_app` is set, and no such button without it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_living_board_links_the_mini_app_when_one_is_configured() {
    tokio::time::timeout(Duration::from_secs(60), open_board_link())
        .await
        .expect("in time");
}

async fn open_board_link() {
    for app in [Some("board"), None] {
        let mut config = test_config();
        config.web.public_url = Some("https://draughts.example.org".into());
        config.web.mini_app = app.map(str::to_string);
        let (fake, stop, bot, _dir) = living_bot_with(false, config).await;
        fake.push_update(group_update(1, 10, "/challenge ai 1 white", None));
        let (_, board) = fake
            .wait_for(0, "the first board", |c| c.method == "sendPhoto")
            .await;
        let urls = urls(&board);
        match app {
            Some(_) => assert_eq!(
                urls,
                vec!["https://t.me/shashki_test_bot/board?startapp=game-1".to_string()],
                "{:?}",
                keyboard(&board)
            ),
            None => assert!(urls.is_empty(), "{urls:?}"),
        }
        assert!(
            buttons(&board).contains(&"f:1".to_string()),
            "the rest stays"
        );
        assert!(
            !buttons(&board).iter().any(|b| b.starts_with("w:")),
            "no Discord button"
        );
        stop.send(true).unwrap();
        let _ = bot.await;
    }
}
