//! The bot survives a hostile chat, end to end through the fake Bot API
//! (tests/common/telegram.rs) with the real adapter:
//!
//! - the opponent pressing the mover's move button is refused in the
//!   button's answer, and nothing is sent or stored;
//! - a name full of markup is escaped and linked (teloxide's HTML helpers);
//! - a hostile `/daily` and a flood of junk updates do not stop the bot;
//! - the real binary killed with SIGKILL while the AI thinks resumes the
//!   AI's move after a restart on the same database;
//! - a chat whose sends are slow (or refused with 429) does not delay
//!   another chat's answer, and its own replies stay in order;
//! - after a restart, the new board of a game takes the buttons off the
//!   board posted before it (where a board was posted is kept in SQLite);
//! - a send that fails is tried again; one that keeps failing loses no
//!   game state;
//! - a panic while handling an update is answered with "something went
//!   wrong" and the bot goes on (the panic comes from a clock the test hands
//!   the service: no hook in the bot's code).

mod common {
    #[cfg(unix)]
    pub mod process;
    pub mod telegram;
}

use common::telegram::*;
use serde_json::{json, Value};
use shashki::adapters::telegram::{self, TelegramOptions};
use shashki::config::{BoardUpdates, Secret};
use shashki::core::{Clock, Config, Service, SystemClock};
use shashki::runtime::Hub;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

const GROUP: i64 = -100_555;

/// `from` presses a button with `data` under the bot's message
/// `on_message` in `chat`.
fn press(id: i64, query: &str, chat: i64, on_message: i64, from: Value, data: &str) -> Value {
    json!({"update_id": id, "callback_query": {
        "id": query,
        "from": from,
        "chat_instance": "ci-1",
        "data": data,
        "message": {
            "message_id": on_message,
            "date": now(),
            "chat": chat_json(chat),
            "from": bot_user(),
            "photo": [{"file_id": "p", "file_unique_id": "pu", "width": 640, "height": 640}],
        },
    }})
}

/// The bot's adapter on a fake server and a temporary database.
struct Running {
    fake: Arc<Fake>,
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    db: PathBuf,
    _dir: tempfile::TempDir,
}

async fn start(clock: Arc<dyn Clock>) -> Running {
    start_in(clock, tempfile::tempdir().unwrap()).await
}

/// The adapter on a new fake server and the database in `dir` (made anew or
/// kept from a run before).
async fn start_in(clock: Arc<dyn Clock>, dir: tempfile::TempDir) -> Running {
    let (fake, addr) = Fake::start().await;
    let db = dir.path().join("bot.sqlite");
    let config = Config {
        ai_max_movetime: Duration::from_millis(100),
        board_size: 160,
        ..Config::default()
    };
    let service = Service::open(&db, config, clock).unwrap();
    let (hub, stop) = Hub::new(Arc::new(service));
    let opts = TelegramOptions {
        api_url: format!("http://{addr}"),
        board_updates: BoardUpdates::New,
        poll_timeout: Duration::from_secs(1),
        set_commands: false,
        limits: unpaced(),
        retries: Default::default(),
        webhook: None,
    };
    let task = tokio::spawn(telegram::run(hub, Secret::new(TOKEN), opts));
    Running {
        fake,
        stop,
        task,
        db,
        _dir: dir,
    }
}

impl Running {
    async fn stop(self) {
        self.halt().await;
    }

    /// Stop, and keep the database folder.
    async fn halt(self) -> tempfile::TempDir {
        stop_adapter(&self.stop, self.task).await;
        self._dir
    }

    fn count(&self, sql: &str) -> i64 {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        conn.query_row(sql, [], |r| r.get(0)).unwrap()
    }
}

/// Boris is known to the bot; Anna challenges him (she plays White) and he
/// accepts: the index of the first board's call, the call, its message id.
async fn game_in_the_group(fake: &Fake) -> (usize, Call, i64) {
    fake.push_update(message_from(1, 10, GROUP, boris(), "/help"));
    fake.push_update(message_from(
        2,
        11,
        GROUP,
        anna(),
        "/challenge @boris 3 white",
    ));
    let (i, card) = fake.challenge_card(0).await;
    let card_msg = fake.next_message.load(Ordering::SeqCst);
    let accept = button(&card, "a:");
    fake.push_update(press(3, "cq-accept", GROUP, card_msg, boris(), &accept));
    let (j, board) = fake
        .wait_for(i, "the first board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    (j, board, fake.next_message.load(Ordering::SeqCst))
}

fn is_send_to(c: &Call, chat: i64) -> bool {
    matches!(c.method.as_str(), "sendMessage" | "sendPhoto") && c.fields["chat_id"] == json!(chat)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opponent_pressing_the_movers_button_is_refused() {
    tokio::time::timeout(Duration::from_secs(90), opponent_presses())
        .await
        .expect("finished in time");
}

async fn opponent_presses() {
    let bot = start(Arc::new(SystemClock)).await;
    let fake = &bot.fake;
    let (j, board, board_msg) = game_in_the_group(fake).await;
    let mv = button(&board, "m:");
    let game = mv.split(':').nth(1).unwrap().to_string();

    // Boris (Black) presses White's move: refused in the button's answer
    fake.push_update(press(4, "cq-wrong", GROUP, board_msg, boris(), &mv));
    let (k, answer) = fake
        .wait_for(j, "the refusal", |c| {
            c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == "cq-wrong"
        })
        .await;
    let toast = answer.fields["text"].as_str().unwrap_or("");
    assert!(
        toast.contains(&format!("not your turn in game #{game}")),
        "{toast}"
    );
    // a later update is answered: the refusal had its whole turn by then
    fake.push_update(message_from(5, 12, GROUP, anna(), "/help"));
    let (l, _) = fake
        .wait_for(k, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    for c in &fake.calls()[j + 1..l] {
        assert!(
            !matches!(
                c.method.as_str(),
                "sendPhoto" | "editMessageMedia" | "sendMessage"
            ),
            "nothing is sent for the refused press: {} {}",
            c.method,
            c.fields
        );
    }
    assert_eq!(bot.count("SELECT COUNT(*) FROM moves"), 0);
    assert_eq!(bot.count("SELECT MAX(ply) FROM games"), 0);

    // Anna's own press of the same button plays it
    fake.push_update(press(6, "cq-right", GROUP, board_msg, anna(), &mv));
    fake.wait_for(l, "the board after Anna's move", |c| {
        c.method == "sendPhoto" && shown_text(c).contains("Anna: ")
    })
    .await;
    assert_eq!(bot.count("SELECT COUNT(*) FROM moves"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_name_is_escaped_and_linked() {
    tokio::time::timeout(Duration::from_secs(60), hostile_name())
        .await
        .expect("finished in time");
}

async fn hostile_name() {
    let bot = start(Arc::new(SystemClock)).await;
    let fake = &bot.fake;
    // no username: the board calls her by a link on her name
    let eve = json!({"id": 333, "is_bot": false, "first_name": "<b>Eve</b> & \"Mallory\"",
        "last_name": "<3 </a>", "language_code": "en"});
    fake.push_update(message_from(1, 10, GROUP, eve, "/challenge ai 1 white"));
    let (_, board) = fake
        .wait_for(0, "the board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    assert_eq!(board.fields["parse_mode"], "HTML");
    let caption = board.fields["caption"].as_str().unwrap();
    let link = "<a href=\"tg://user?id=333\">&lt;b&gt;Eve&lt;/b&gt; &amp; \"Mallory\" &lt;3 &lt;/a&gt;</a>";
    assert!(caption.contains(link), "{caption}");
    // the rest has no raw markup either
    let rest = caption.replacen(link, "", 1);
    assert!(!rest.contains('<') && !rest.contains('>'), "{caption}");
    bot.stop().await;
}

/// Junk of every kind an attacker (or a broken client) can send.
fn junk(id: i64, n: usize) -> Value {
    let texts = [
        "/daily on 09:00 +1é1",
        "/daily on 25:99 +99:99",
        "/daily on 09:00 Europe/Nowhere",
        "/daily on é:é é",
        "/daily",
        "/",
        "/@",
        "/move",
        "/move zz9-zz10",
        "/move #999999999999999999999 a1-b2",
        "/challenge @@@ -1 ∞",
        "/challenge ai 99999999999999999999",
        "/settings lang xx",
        "/settings theme <b>bold</b>",
        "/top <script>",
        "/board #-1",
        "/pdn #0",
        "/resign #abc",
        "/vacation -5",
        "/puzzle 😀",
        "a1-b2",
        "c3:e5:g7:e5:c3:e5:g7:e5:c3:e5:g7:e5:c3",
        "\u{202e}e3-d4",
        "\u{0}\u{1}\u{7f}",
        "&amp; <a href=\"x\">",
    ];
    let chat = ANNA;
    match n % 12 {
        0..=5 => message_from(id, 1000 + id, chat, anna(), texts[n % texts.len()]),
        6 => message_from(id, 1000 + id, chat, anna(), &"é<&>".repeat(2000)),
        7 => press(
            id,
            &format!("cq-junk-{id}"),
            chat,
            5,
            anna(),
            [
                "m:99999999999999999999:0:0",
                "",
                "x",
                "m:1:-1:-1",
                "m:1:0:999",
            ][n % 5],
        ),
        8 => json!({"update_id": id, "callback_query": {
            "id": format!("cq-inline-{id}"), "from": anna(), "chat_instance": "ci",
            "data": "R:1"}}),
        9 => json!({"update_id": id, "message": {"garbage": true}}),
        10 => json!({"update_id": id, "poll": 5}),
        _ => json!({"update_id": id, "message": {
            "message_id": 1000 + id, "date": now(), "chat": chat_json(chat),
            "from": {"id": 4242, "is_bot": true, "first_name": "Spam"},
            "text": "/help"}}),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_and_a_flood_do_not_stop_the_bot() {
    tokio::time::timeout(Duration::from_secs(120), flood())
        .await
        .expect("finished in time");
}

async fn flood() {
    let bot = start(Arc::new(SystemClock)).await;
    let fake = &bot.fake;
    // the hostile /daily is refused with a message naming it
    fake.push_update(message_from(1, 10, ANNA, anna(), "/daily on 09:00 +1é1"));
    let (i, refused) = fake
        .wait_for(0, "the /daily refusal", |c| is_send_to(c, ANNA))
        .await;
    assert!(
        shown_text(&refused).contains("+1é1"),
        "{}",
        shown_text(&refused)
    );
    // a flood of junk in Anna's chat
    const FLOOD: i64 = 300;
    for id in 2..2 + FLOOD {
        fake.push_update(junk(id, id as usize));
    }
    // Boris's chat is answered meanwhile
    let asked = Instant::now();
    fake.push_update(message_from(2 + FLOOD, 20, BORIS, boris(), "/help"));
    let (_, help) = fake
        .wait_for(i, "Boris's help during the flood", |c| is_send_to(c, BORIS))
        .await;
    assert!(shown_text(&help).contains("/challenge ai"));
    assert!(
        help.at - asked < Duration::from_secs(10),
        "{:?}",
        help.at - asked
    );
    // every update is confirmed in the end
    let deadline = Instant::now() + Duration::from_secs(60);
    while fake.last_offset() < 3 + FLOOD {
        assert!(
            Instant::now() < deadline,
            "offset {} stuck before {}",
            fake.last_offset(),
            3 + FLOOD
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!bot.task.is_finished(), "the bot still runs");
    // and the next update in the flooded chat is answered
    let n = fake.calls().len();
    fake.push_update(message_from(3 + FLOOD, 30, ANNA, anna(), "/help"));
    let (_, help) = fake
        .wait_for(n, "Anna's help after the flood", |c| {
            is_send_to(c, ANNA) && shown_text(c).contains("/challenge ai")
        })
        .await;
    assert_eq!(help.fields["chat_id"], json!(ANNA));
    // the junk made no game and every reply was valid HTML for the server
    assert_eq!(bot.count("SELECT COUNT(*) FROM games"), 0);
    // the flood was shed past Anna's quota, and she heard it once in her
    // chat (a reply to a message, or a press's answer) — not per update
    let told = fake
        .calls()
        .iter()
        .filter(|c| {
            let in_chat = c.fields["chat_id"] == json!(ANNA)
                || c.fields["callback_query_id"]
                    .as_str()
                    .is_some_and(|q| q.starts_with("cq-junk-"));
            in_chat && is_slow_down(c)
        })
        .count();
    assert_eq!(told, 1);
    bot.stop().await;
}

/// A Bot API call that tells Boris to slow down: a reply to one of his
/// messages, or the answer to one of his presses.
fn is_slow_down(c: &Call) -> bool {
    matches!(c.method.as_str(), "sendMessage" | "answerCallbackQuery")
        && shown_text(c).contains("Slow down")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_spamming_board_does_not_stop_anothers_move() {
    tokio::time::timeout(Duration::from_secs(90), board_spam())
        .await
        .expect("finished in time");
}

/// Boris floods the group with `/board` while its sends are slow; Anna's
/// move, pressed after his hundred updates, is still applied at once
/// (each member has a queue of their own in the chat's lane, served in
/// turn), and Boris hears "slow down" once — not once per dropped update.
async fn board_spam() {
    const SPAM: i64 = 100;
    let bot = start(Arc::new(SystemClock)).await;
    let fake = &bot.fake;
    let (j, board, board_msg) = game_in_the_group(fake).await;
    let mv = button(&board, "m:");
    // every send to the group takes a while: the group's lane fills up
    fake.slow
        .lock()
        .unwrap()
        .insert(GROUP, Duration::from_millis(250));
    for i in 0..SPAM {
        fake.push_update(message_from(10 + i, 100 + i, GROUP, boris(), "/board"));
    }
    let asked = Instant::now();
    fake.push_update(press(10 + SPAM, "cq-anna", GROUP, board_msg, anna(), &mv));
    let (_, after) = fake
        .wait_for(j, "the board after Anna's move", |c| {
            c.method == "sendPhoto" && shown_text(c).contains("Anna: ")
        })
        .await;
    assert!(
        after.at - asked < Duration::from_secs(5),
        "Anna's move waited {:?} behind Boris's flood",
        after.at - asked
    );
    assert_eq!(bot.count("SELECT COUNT(*) FROM moves"), 1);
    // everything is confirmed, and what was taken of Boris's is answered
    let deadline = Instant::now() + Duration::from_secs(30);
    while fake.last_offset() < 11 + SPAM {
        assert!(Instant::now() < deadline, "offset {}", fake.last_offset());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(4)).await;
    let calls = fake.calls();
    let boards_for_boris = calls[j + 1..]
        .iter()
        .filter(|c| c.method == "sendPhoto" && !shown_text(c).contains("Anna: "))
        .count();
    assert!(
        boards_for_boris < SPAM as usize / 4,
        "most of the flood was dropped: {boards_for_boris} boards sent"
    );
    let notices: Vec<&Call> = calls.iter().filter(|c| is_slow_down(c)).collect();
    assert_eq!(notices.len(), 1, "one notice: {notices:?}");
    let n = notices[0];
    assert_eq!(n.fields["chat_id"], json!(GROUP));
    let to = n.fields["reply_parameters"]["message_id"]
        .as_i64()
        .unwrap_or(0);
    assert!(
        (100..100 + SPAM).contains(&to),
        "it answers Boris: {}",
        n.fields
    );
    bot.stop().await;
}

/// A clock that panics the next `n` times it is read (the service reads it
/// first thing when it handles an update).
#[derive(Default)]
struct BrokenClock(AtomicUsize);

impl Clock for BrokenClock {
    fn now(&self) -> i64 {
        if self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            panic!("the clock broke");
        }
        SystemClock.now()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_while_handling_is_answered_and_the_bot_goes_on() {
    tokio::time::timeout(Duration::from_secs(60), panics())
        .await
        .expect("finished in time");
}

async fn panics() {
    let clock = Arc::new(BrokenClock::default());
    let bot = start(clock.clone()).await;
    let fake = &bot.fake;
    // a message whose handling panics: a reply to it says so
    clock.0.store(1, Ordering::SeqCst);
    fake.push_update(message_from(1, 10, ANNA, anna(), "/help"));
    let (i, sorry) = fake
        .wait_for(0, "the apology", |c| is_send_to(c, ANNA))
        .await;
    assert!(
        shown_text(&sorry).starts_with("Something went wrong"),
        "{}",
        shown_text(&sorry)
    );
    assert_eq!(sorry.fields["reply_parameters"]["message_id"], json!(10));
    // a button press whose handling panics: its answer says so
    clock.0.store(1, Ordering::SeqCst);
    fake.push_update(press(2, "cq-boom", ANNA, 5, anna(), "m:1:0:0"));
    let (j, answer) = fake
        .wait_for(i, "the button's answer", |c| {
            c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == "cq-boom"
        })
        .await;
    assert!(
        answer.fields["text"]
            .as_str()
            .unwrap_or("")
            .starts_with("Something went wrong"),
        "{}",
        answer.fields
    );
    // the bot goes on, and both updates are confirmed
    fake.push_update(message_from(3, 11, ANNA, anna(), "/help"));
    fake.wait_for(j, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    fake.wait_for(j, "a poll past the panics", |c| {
        c.method == "getUpdates" && c.fields["offset"] == json!(4)
    })
    .await;
    // nothing of the failed updates was stored: only the last one counts
    assert_eq!(bot.count("SELECT COUNT(*) FROM processed_updates"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_chat_does_not_delay_another() {
    tokio::time::timeout(Duration::from_secs(90), slow_chat())
        .await
        .expect("finished in time");
}

async fn slow_chat() {
    const SLOW: Duration = Duration::from_secs(4);
    let bot = start(Arc::new(SystemClock)).await;
    let fake = &bot.fake;
    // Anna's chat answers its sends 4 s late
    fake.slow.lock().unwrap().insert(ANNA, SLOW);
    fake.push_update(message_from(1, 10, ANNA, anna(), "/help"));
    fake.push_update(message_from(2, 11, ANNA, anna(), "/games"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let asked = Instant::now();
    fake.push_update(message_from(3, 20, BORIS, boris(), "/help"));
    let (i, b) = fake
        .wait_for(0, "Boris's answer", |c| is_send_to(c, BORIS))
        .await;
    assert!(
        b.at - asked < Duration::from_millis(2500),
        "Boris waited {:?}",
        b.at - asked
    );
    assert!(
        !fake.calls().iter().any(|c| is_send_to(c, ANNA)),
        "Boris was answered while Anna's first send was still held"
    );
    // Anna's replies come in order, the second after the first is done
    let (_, a1) = fake
        .wait_for(i, "Anna's first answer", |c| is_send_to(c, ANNA))
        .await;
    let (_, a2) = fake
        .wait_for(i, "Anna's second answer", |c| {
            is_send_to(c, ANNA) && c.at > a1.at
        })
        .await;
    assert!(shown_text(&a1).contains("/challenge ai"));
    assert!(
        a2.at - a1.at >= SLOW - Duration::from_millis(100),
        "{:?}",
        a2.at - a1.at
    );

    // a 429 with retry_after 3 s in Anna's chat holds her chat alone
    fake.slow.lock().unwrap().clear();
    fake.too_many_in.lock().unwrap().insert(ANNA, 3);
    let n = fake.calls().len();
    fake.push_update(message_from(4, 12, ANNA, anna(), "/help"));
    let (_, refused) = fake
        .wait_for(n, "the 429", |c| {
            c.method == "sendMessage:429" && c.fields["chat_id"] == json!(ANNA)
        })
        .await;
    let asked = Instant::now();
    fake.push_update(message_from(5, 21, BORIS, boris(), "/help"));
    let (_, b) = fake
        .wait_for(n, "Boris's second answer", |c| is_send_to(c, BORIS))
        .await;
    assert!(
        b.at - asked < Duration::from_millis(2500),
        "Boris waited {:?} behind Anna's 429",
        b.at - asked
    );
    let (_, again) = fake
        .wait_for(n, "Anna's answer after the pause", |c| is_send_to(c, ANNA))
        .await;
    assert!(
        again.at - refused.at >= Duration::from_millis(2900),
        "retry_after honoured: {:?}",
        again.at - refused.at
    );
    assert!(b.at < again.at);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_sends_are_tried_again_and_lose_no_state() {
    tokio::time::timeout(Duration::from_secs(90), failed_sends())
        .await
        .expect("finished in time");
}

async fn failed_sends() {
    let bot = start(Arc::new(SystemClock)).await;
    let fake = &bot.fake;
    let downs = |from: usize| {
        fake.calls()[from..]
            .iter()
            .filter(|c| c.method == "sendPhoto:down")
            .map(|c| c.at)
            .collect::<Vec<_>>()
    };
    // the first two tries of the board meet a broken proxy: the third
    // goes through, after a pause
    fake.down_for.lock().unwrap().insert(ANNA, 2);
    fake.push_update(text_update(1, 10, "/challenge ai 1 white"));
    let (i, board) = fake
        .wait_for(0, "the board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    let failed = downs(0);
    assert_eq!(failed.len(), 2);
    assert!(failed[1] - failed[0] >= Duration::from_millis(450));
    assert!(board.at - failed[1] >= Duration::from_millis(900));
    // now every send fails: Anna's move and the AI's answer are stored all
    // the same
    fake.down_for.lock().unwrap().insert(ANNA, 1000);
    fake.push_update(text_update(2, 11, "c3-d4"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while bot.count("SELECT COUNT(*) FROM moves") < 2 {
        assert!(Instant::now() < deadline, "the moves were stored");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // each board was tried four times (and the offset moved on)
    fake.wait_for(i, "the AI's board given up", |_| downs(i).len() >= 8)
        .await;
    // the chat comes back: /board shows the game where it is
    fake.down_for.lock().unwrap().clear();
    let n = fake.calls().len();
    fake.push_update(text_update(3, 12, "/board"));
    let (_, shown) = fake
        .wait_for(n, "the board", |c| c.method == "sendPhoto")
        .await;
    assert!(
        shown_text(&shown).contains("White to play"),
        "{}",
        shown_text(&shown)
    );
    assert_eq!(bot.count("SELECT MAX(ply) FROM games"), 2);
    bot.stop().await;
}

/// The real binary, killed with SIGKILL while the AI thinks (level 8, up to
/// 3 s a move), then started again on the same database: it finds the AI
/// move the game waits for and sends it; the human's move is not replayed.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_killed_while_the_ai_thinks_resumes_after_a_restart() {
    tokio::time::timeout(Duration::from_secs(120), killed())
        .await
        .expect("finished in time");
}

/// A child process that is killed if the test fails before it ends.
#[cfg(unix)]
struct Child(Option<std::process::Child>);

#[cfg(unix)]
impl Drop for Child {
    fn drop(&mut self) {
        if let Some(c) = self.0.as_mut() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[cfg(unix)]
async fn killed() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = \"bot.sqlite\"\n[log]\nlevel = \"info\"\n\
             [ai]\nmax_movetime_ms = 3000\n[game]\nboard_size = 160\n\
             [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"http://{addr}\"\npoll_timeout_secs = 1\n"
        ),
    )
    .unwrap();
    let spawn = |log: &str| run_binary(&config, &dir.path().join(log));
    let ply = || -> i64 {
        let conn = rusqlite::Connection::open(dir.path().join("bot.sqlite")).unwrap();
        conn.query_row("SELECT ply FROM games WHERE id = 1", [], |r| r.get(0))
            .unwrap()
    };
    let mut child = spawn("first.log");
    fake.push_update(text_update(1, 10, "/challenge ai 8 white"));
    let (i, _) = fake
        .wait_for(0, "the board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    let board_msg = fake.next_message.load(std::sync::atomic::Ordering::SeqCst);
    // Anna moves; by the time her board is sent, the AI thinks (2.5 s at
    // level 8)
    fake.push_update(text_update(2, 11, "c3-d4"));
    let (j, _) = fake
        .wait_for(i, "the board after Anna's move", |c| {
            c.method == "editMessageMedia" && shown_text(c).contains("c3-d4")
        })
        .await;
    // (the AI started before Anna's board was sent); her board is marked
    // sent in the outbox (else the restart sends it again: it was in
    // flight)
    let owed = || -> i64 {
        let conn = rusqlite::Connection::open(dir.path().join("bot.sqlite")).unwrap();
        conn.query_row(
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    while owed() > 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut first = child.0.take().unwrap();
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    let ai_board =
        |c: &Call| c.method == "editMessageMedia" && shown_text(c).contains("AI (level 8): ");
    assert!(
        !fake.calls().iter().any(ai_board),
        "killed before the AI moved"
    );
    assert_eq!(ply(), 1, "the AI's move is not stored");

    // the same database again: the AI's move comes
    let mut child = spawn("second.log");
    let pid = child.0.as_ref().unwrap().id();
    let (_, board) = fake
        .wait_for(j, "the AI's move after the restart", ai_board)
        .await;
    assert_eq!(board.fields["chat_id"], json!(ANNA));
    // the living board's id survived the restart: the same message edited
    assert_eq!(board.fields["message_id"], json!(board_msg));
    assert_eq!(
        fake.calls()
            .iter()
            .filter(|c| c.method == "sendPhoto")
            .count(),
        1,
        "one board message across the restart"
    );
    assert!(buttons(&board).iter().any(|b| b.starts_with("m:")));
    assert_eq!(ply(), 2);
    // stop it cleanly
    common::process::sigterm(pid);
    let second = child.0.take().unwrap();
    let exit = common::process::exit_within(second, Duration::from_secs(30)).await;
    let log = std::fs::read_to_string(dir.path().join("second.log")).unwrap();
    assert!(exit.success(), "{log}");
    assert!(
        log.contains("starting the AI moves games wait for"),
        "{log}"
    );
    // Anna's move was played once (a redelivered update is skipped)
    let anna_boards = fake
        .calls()
        .iter()
        .filter(|c| c.method == "editMessageMedia" && shown_text(c).contains("c3-d4"))
        .filter(|c| !shown_text(c).contains("AI (level 8): "))
        .count();
    assert_eq!(anna_boards, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_old_boards_buttons_are_taken_off() {
    tokio::time::timeout(Duration::from_secs(90), old_board_after_restart())
        .await
        .expect("finished in time");
}

async fn old_board_after_restart() {
    let bot = start(Arc::new(SystemClock)).await;
    let (_, _, board_msg) = game_in_the_group(&bot.fake).await;

    // the bot stops and starts again on the same database (a new server:
    // nothing of the first run is in memory anywhere)
    let dir = bot.halt().await;
    let bot = start_in(Arc::new(SystemClock), dir).await;
    let fake = &bot.fake;
    fake.push_update(message_from(10, 20, GROUP, anna(), "/move c3-d4"));
    let (j, _) = fake
        .wait_for(0, "the board after Anna's move", |c| {
            c.method == "sendPhoto" && shown_text(c).contains("Anna: ")
        })
        .await;
    let (_, edit) = fake
        .wait_for(j, "the old board's buttons taken off", |c| {
            c.method == "editMessageReplyMarkup"
        })
        .await;
    assert_eq!(edit.fields["chat_id"], json!(GROUP));
    assert_eq!(
        edit.fields["message_id"],
        json!(board_msg),
        "{}",
        edit.fields
    );
    assert_eq!(
        bot.count("SELECT COUNT(*) FROM placed_messages WHERE key LIKE 'board:%'"),
        1
    );
    // the replay goes out as an animation (a GIF sent as a photo stands still)
    fake.push_update(message_from(11, 21, GROUP, boris(), "/replay"));
    let (_, anim) = fake
        .wait_for(j, "the replay", |c| c.method == "sendAnimation")
        .await;
    assert!(
        shown_text(&anim).contains("Replay of game"),
        "{}",
        anim.fields
    );
    assert!(anim.files.iter().any(|(_, _, f)| f.starts_with(b"GIF89a")));
    bot.stop().await;
}

/// `shashki run --config <config>` as a child process, its log in `log`.
#[cfg(unix)]
fn run_binary(config: &std::path::Path, log: &std::path::Path) -> Child {
    let log = std::fs::File::create(log).unwrap();
    let child = common::process::shashki_run(config)
        .stderr(log)
        .spawn()
        .unwrap();
    Child(Some(child))
}

/// The real binary, killed with SIGKILL while a committed board is being
/// sent (the fake server holds its sendPhoto without answering), then
/// started again on the same database: the board is sent, and every other
/// committed reply exactly once, in order (the outbox, schema v20); the
/// update after the board was handled while the board was held (delivery
/// has a queue of its own, not the update lane).
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_in_flight_at_a_sigkill_is_sent_after_the_restart() {
    tokio::time::timeout(Duration::from_secs(120), killed_while_sending())
        .await
        .expect("finished in time");
}

#[cfg(unix)]
async fn killed_while_sending() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = \"bot.sqlite\"\n[log]\nlevel = \"info\"\n\
             [game]\nboard_size = 160\n\
             [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"http://{addr}\"\npoll_timeout_secs = 1\n"
        ),
    )
    .unwrap();
    let owed = || -> i64 {
        let conn = rusqlite::Connection::open(dir.path().join("bot.sqlite")).unwrap();
        conn.query_row(
            "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    let mut child = run_binary(&config, &dir.path().join("first.log"));
    // a reply that goes out before the kill
    fake.push_update(text_update(1, 10, "/help"));
    fake.wait_for(0, "the help", |c| c.method == "sendMessage")
        .await;
    // the board of a new game: its sendPhoto is held, never answered
    fake.hold.lock().unwrap().push("sendPhoto".into());
    fake.push_update(text_update(2, 11, "/challenge ai 1 white"));
    let (i, held) = fake
        .wait_for(0, "the board held", |c| c.method == "sendPhoto:held")
        .await;
    assert!(buttons(&held).iter().any(|b| b.starts_with("m:")));
    // committed and owed: the game, and the board as a reply not yet sent
    assert_eq!(owed(), 1, "the board is owed");
    // a later update is handled at once (its reply committed) though the
    // chat's delivery waits for the board
    fake.push_update(text_update(3, 12, "/games"));
    let deadline = Instant::now() + Duration::from_secs(20);
    while owed() < 2 {
        assert!(Instant::now() < deadline, "/games was handled");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        !fake.calls().iter().any(|c| c.method == "sendMessage"
            && shown_text(c).contains("Game #1")
            && c.fields["reply_parameters"]["message_id"] == json!(12)),
        "its answer waits behind the board"
    );
    let mut first = child.0.take().unwrap();
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    assert!(
        !fake.calls().iter().any(|c| c.method == "sendPhoto"),
        "no board was answered before the kill"
    );

    // the same database again: the board owed is sent
    fake.hold.lock().unwrap().clear();
    let mut child = run_binary(&config, &dir.path().join("second.log"));
    let pid = child.0.as_ref().unwrap().id();
    let (b, board) = fake
        .wait_for(i, "the board after the restart", |c| {
            c.method == "sendPhoto"
        })
        .await;
    assert_eq!(board.fields["chat_id"], json!(ANNA));
    assert!(buttons(&board).iter().any(|b| b.starts_with("m:")));
    assert_eq!(shown_text(&board), shown_text(&held), "the same board");
    assert!(board.files.iter().any(|(_, _, f)| is_png(f)), "drawn anew");
    // then the answer to /games, in order (a message of its own: what it
    // answered is not known after a restart)
    let (_, games) = fake
        .wait_for(b, "the games list after the restart", |c| {
            c.method == "sendMessage"
        })
        .await;
    assert_eq!(games.fields["chat_id"], json!(ANNA));
    assert!(shown_text(&games).contains("#1"), "{}", shown_text(&games));
    // and marked sent: nothing owed
    let deadline = Instant::now() + Duration::from_secs(20);
    while owed() > 0 {
        assert!(Instant::now() < deadline, "the board is marked sent");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // stop it cleanly
    common::process::sigterm(pid);
    let second = child.0.take().unwrap();
    let exit = common::process::exit_within(second, Duration::from_secs(30)).await;
    let log = std::fs::read_to_string(dir.path().join("second.log")).unwrap();
    assert!(exit.success(), "{log}");
    assert!(
        log.contains("sending the replies owed since the last run"),
        "{log}"
    );
    // every committed reply went out once: the help once, the board once
    // (besides the try held at the kill)
    let count = |m: &str| fake.calls().iter().filter(|c| c.method == m).count();
    assert_eq!(
        count("sendMessage"),
        2,
        "the help once, the games list once"
    );
    assert_eq!(count("sendPhoto"), 1, "the board once after the restart");
    assert_eq!(count("sendPhoto:held"), 1);
}
