//! Several real processes on one PostgreSQL database (issue 22's must-show):
//! two `shashki run` processes in Telegram webhook mode and one `shashki
//! worker`, on a real server (`common/pg.rs`) and the fake Bot API
//! (`common/telegram.rs`). Fifty group chats play at once — people against
//! people from a fixed opening, people against the AI at level 1 — with
//! every update posted to the two bots in turn. Mid-way the second bot and
//! the worker are killed with SIGKILL; the updates whose webhook call
//! failed are posted again (Telegram's redelivery) to the first, and a new
//! worker starts. At the end nothing is owed within a deadline well under
//! two minutes, and the database and the fake API's record show every move
//! applied once, every AI move made once, every reply sent once (a repeat
//! only of a reply the killed bot held at the kill), and one reminder per
//! move although two sweepers ran.
#![cfg(unix)]

mod common {
    pub mod pg;
    pub mod process;
    pub mod tally;
    pub mod telegram;
}

use common::process::Kill;
use common::telegram::{shown_text, Call, Fake, TOKEN};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

const SECRET: &str = "multiproc_Secret-9";
const PATH: &str = "/tg/hook";
/// Chats of two people each (the first `REMINDED` also get a reminder).
const PEOPLE: usize = 30;
/// Chats of a person against the AI.
const AI_CHATS: usize = 20;
/// People's chats whose move gets a reminder while both bots sweep.
const REMINDED: usize = 5;
/// The people's games: six plies, no capture anywhere.
const OPENING: [&str; 6] = ["c3-d4", "f6-g5", "b2-c3", "g7-f6", "a3-b4", "b6-a5"];
/// The person's moves in a game against the AI (the AI moves first, and
/// last: 2 × ROUNDS + 1 plies).
const ROUNDS: usize = 3;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A value dropped on a thread of its own: PostgreSQL's sync client may
/// not be dropped on a tokio worker (a panic there, while a failing test
/// unwinds, would abort it before its processes are killed).
struct OffThread<T: Send + 'static>(Option<T>);

impl<T: Send + 'static> Drop for OffThread<T> {
    fn drop(&mut self) {
        if let Some(v) = self.0.take() {
            let _ = std::thread::spawn(move || drop(v)).join();
        }
    }
}

impl<T: Send + 'static> std::ops::Deref for OffThread<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.0.as_ref().unwrap()
    }
}

impl<T: Send + 'static> std::ops::DerefMut for OffThread<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.0.as_mut().unwrap()
    }
}

/// The database, from the test (a client of its own, on blocking threads).
#[derive(Clone)]
struct Db(Arc<Mutex<OffThread<postgres::Client>>>);

impl Db {
    async fn rows(&self, sql: &str, text: Option<String>) -> Vec<postgres::Row> {
        let c = Arc::clone(&self.0);
        let sql = sql.to_string();
        tokio::task::spawn_blocking(move || {
            let mut c = c.lock().unwrap();
            match &text {
                Some(t) => c.query(sql.as_str(), &[t]),
                None => c.query(sql.as_str(), &[]),
            }
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
        })
        .await
        .unwrap()
    }

    async fn count(&self, sql: &str) -> i64 {
        self.rows(sql, None).await[0].get(0)
    }

    /// The game of a chat (by its Telegram id): (id, ply, fen), if any.
    async fn game_in(&self, chat: i64) -> Option<(i64, i64, String)> {
        self.rows(
            "SELECT g.id, g.ply, g.fen FROM games g JOIN chats c ON c.id = g.chat_id
             WHERE c.platform = 'telegram' AND c.platform_chat_id = $1",
            Some(chat.to_string()),
        )
        .await
        .first()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
    }

    async fn exec(&self, sql: &str) {
        let c = Arc::clone(&self.0);
        let sql = sql.to_string();
        tokio::task::spawn_blocking(move || c.lock().unwrap().batch_execute(&sql).unwrap())
            .await
            .unwrap();
    }
}

/// Where updates go: the two bots in turn, only the first once the second
/// is dead; a call that fails is posted again (to whichever is next).
struct Net {
    ports: [u16; 2],
    b_dead: AtomicBool,
    turn: AtomicUsize,
    next_update: AtomicI64,
    client: reqwest::Client,
    posted: AtomicUsize,
    /// Calls that failed and were posted again.
    redelivered: AtomicUsize,
    /// Moves of people answered 200 (the kill comes half-way).
    moves: AtomicUsize,
}

impl Net {
    async fn deliver(&self, update: &Value) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let to = if self.b_dead.load(Ordering::SeqCst) {
                0
            } else {
                self.turn.fetch_add(1, Ordering::SeqCst) % 2
            };
            let res = self
                .client
                .post(format!("http://127.0.0.1:{}{PATH}", self.ports[to]))
                .header("content-type", "application/json")
                .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
                .timeout(Duration::from_secs(20))
                .body(update.to_string())
                .send()
                .await;
            if matches!(&res, Ok(r) if r.status().as_u16() == 200) {
                self.posted.fetch_add(1, Ordering::SeqCst);
                return;
            }
            assert!(
                Instant::now() < deadline,
                "update {} never taken: {res:?}",
                update["update_id"]
            );
            self.redelivered.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A message from `user` in group `chat` (a new update id).
    async fn say(&self, chat: i64, user: i64, text: &str) {
        let id = self.next_update.fetch_add(1, Ordering::SeqCst);
        let len = text
            .split_whitespace()
            .next()
            .unwrap()
            .encode_utf16()
            .count();
        let update = json!({"update_id": id, "message": {
            "message_id": id,
            "date": common::telegram::now(),
            "chat": {"id": chat, "type": "group", "title": format!("Club {chat}")},
            "from": {"id": user, "is_bot": false, "first_name": format!("P{user}"),
                     "username": format!("p{user}"), "language_code": "en"},
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len}],
        }});
        self.deliver(&update).await;
    }
}

fn chat_of(i: usize) -> i64 {
    -(1_000 + i as i64)
}

fn user_of(i: usize, second: bool) -> i64 {
    100_000 + 2 * i as i64 + i64::from(second)
}

/// The config of a process: bots with their webhook port, the worker
/// without `[telegram]`.
fn config(
    dir: &Path,
    name: &str,
    url: &str,
    api: &str,
    webhook: Option<u16>,
) -> std::path::PathBuf {
    let mut toml = format!(
        "[database]\nurl = \"{url}\"\n\
         [ai]\nmax_movetime_ms = 20\nworkers = {}\n\
         [game]\nboard_size = 120\n\
         [runtime]\nlease_seconds = 3\npoll_ms = 100\ndrain_seconds = 2\n\
         [log]\nlevel = \"info\"\n",
        if webhook.is_some() { 0 } else { 1 }
    );
    if let Some(port) = webhook {
        toml.push_str(&format!(
            "[telegram]\ntoken = \"{TOKEN}\"\napi_url = \"{api}\"\nset_commands = false\n\
             board_updates = \"new\"\n\
             webhook_url = \"https://bot.example{PATH}\"\n\
             webhook_listen = \"127.0.0.1:{port}\"\nwebhook_secret = \"{SECRET}\"\n"
        ));
    }
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, toml).unwrap();
    path
}

/// A process with its stderr in `<name>.log`: the child and its SIGKILL
/// guard.
fn spawn(dir: &Path, name: &str, cmd: &mut Command) -> (Child, Kill) {
    let log = std::fs::File::create(dir.join(format!("{name}.log"))).unwrap();
    let child = cmd.stderr(log).spawn().unwrap();
    let kill = Kill(child.id());
    (child, kill)
}

fn worker(dir: &Path, name: &str, config: &Path) -> (Child, Kill) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shashki"));
    cmd.arg("worker")
        .arg("--config")
        .arg(config)
        .env_remove("SHASHKI_DATABASE")
        .env_remove("RUST_LOG");
    spawn(dir, name, &mut cmd)
}

/// A call that puts a new message in a chat.
fn is_post(c: &Call) -> bool {
    matches!(
        c.method.as_str(),
        "sendMessage" | "sendPhoto" | "sendDocument" | "sendAnimation"
    )
}

/// Wait until `ready` holds (polling), or fail saying `what`.
async fn until<F, Fut>(within: Duration, what: &str, mut ready: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + within;
    while !ready().await {
        assert!(Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// People's chat `i`: the second player says something (the bot learns
/// their name), the first challenges, the second accepts; once `go`, they
/// play the opening, each move stored when its 200 comes.
async fn people(i: usize, net: Arc<Net>, db: Db, mut go: watch::Receiver<bool>) {
    let (chat, w, b) = (chat_of(i), user_of(i, false), user_of(i, true));
    net.say(chat, b, "/help").await;
    net.say(chat, w, &format!("/challenge @p{b} 3 white")).await;
    net.say(chat, b, "/accept").await;
    let (_, ply, _) = db.game_in(chat).await.expect("the game, stored by the 200");
    assert_eq!(ply, 0);
    go.wait_for(|g| *g).await.unwrap();
    for (k, mv) in OPENING.iter().enumerate() {
        // people take a moment to move
        tokio::time::sleep(Duration::from_millis(100)).await;
        let who = if k % 2 == 0 { w } else { b };
        net.say(chat, who, &format!("/move {mv}")).await;
        let (_, ply, _) = db.game_in(chat).await.unwrap();
        assert_eq!(ply, k as i64 + 1, "chat {chat}: {mv} stored by the 200");
        net.moves.fetch_add(1, Ordering::SeqCst);
    }
}

/// AI's chat `i`: a person challenges the AI (level 1, the AI White) and,
/// once `go`, answers each of its moves with the first legal move; each stored when
/// its 200 comes.
async fn against_ai(i: usize, net: Arc<Net>, db: Db, mut go: watch::Receiver<bool>) {
    let (chat, p) = (chat_of(i), user_of(i, false));
    net.say(chat, p, "/challenge ai 1 black").await;
    assert!(db.game_in(chat).await.is_some(), "stored by the 200");
    go.wait_for(|g| *g).await.unwrap();
    for r in 0..ROUNDS {
        let want = 2 * r as i64 + 1;
        let deadline = Instant::now() + Duration::from_secs(40);
        let fen = loop {
            let (_, ply, fen) = db.game_in(chat).await.unwrap();
            assert!(ply <= want, "chat {chat}: ply {ply}, the AI moved twice?");
            if ply == want {
                break fen;
            }
            assert!(
                Instant::now() < deadline,
                "chat {chat}: the AI never made ply {want}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let pos = shashki_engine::Position::from_fen(&fen).unwrap();
        let mv = pos.legal_moves().first().expect("a legal move").to_string();
        net.say(chat, p, &format!("/move {mv}")).await;
        // the AI starts thinking as soon as the move is committed, before
        // the replies go out and the 200 comes: it may have answered by
        // the time this reads (each ply once: checked at the end)
        let (_, ply, _) = db.game_in(chat).await.unwrap();
        assert!(
            ply == want + 1 || ply == want + 2,
            "chat {chat}: {mv} stored by the 200 (ply {ply}, not {})",
            want + 1
        );
        net.moves.fetch_add(1, Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_bots_and_a_worker_killed_midway_lose_and_double_nothing() {
    let Some(pgdb) = tokio::task::spawn_blocking(common::pg::fresh_database)
        .await
        .unwrap()
    else {
        return;
    };
    let pgdb = OffThread(Some(pgdb));
    let url = pgdb.url.clone();
    let dir = tempfile::tempdir().unwrap();
    let (fake, addr) = Fake::start().await;
    let api = format!("http://{addr}");
    let ports = [free_port(), free_port()];
    let cfg_a = config(dir.path(), "a", &url, &api, Some(ports[0]));
    let cfg_b = config(dir.path(), "b", &url, &api, Some(ports[1]));
    let cfg_w = config(dir.path(), "worker", &url, &api, None);
    let began = Instant::now();
    // the schema first: one process migrates, then the others start
    let (_a, _ka) = spawn(dir.path(), "a", &mut common::process::shashki_run(&cfg_a));
    until(Duration::from_secs(30), "a's setWebhook", || {
        let fake = Arc::clone(&fake);
        async move { fake.calls().iter().any(|c| c.method == "setWebhook") }
    })
    .await;
    let (mut b, _kb) = spawn(dir.path(), "b", &mut common::process::shashki_run(&cfg_b));
    let (mut w1, _kw1) = worker(dir.path(), "worker1", &cfg_w);
    until(Duration::from_secs(30), "b's setWebhook", || {
        let fake = Arc::clone(&fake);
        async move {
            fake.calls()
                .iter()
                .filter(|c| c.method == "setWebhook")
                .count()
                == 2
        }
    })
    .await;
    let client = url.clone();
    let db = Db(Arc::new(Mutex::new(OffThread(Some(
        tokio::task::spawn_blocking(move || {
            postgres::Client::connect(&client, postgres::NoTls).unwrap()
        })
        .await
        .unwrap(),
    )))));
    let net = Arc::new(Net {
        ports,
        b_dead: AtomicBool::new(false),
        turn: AtomicUsize::new(0),
        next_update: AtomicI64::new(1),
        client: reqwest::Client::new(),
        posted: AtomicUsize::new(0),
        redelivered: AtomicUsize::new(0),
        moves: AtomicUsize::new(0),
    });
    let (go_tx, go) = watch::channel(false);
    let mut chats = Vec::new();
    for i in 0..PEOPLE + AI_CHATS {
        let (net, db, go) = (Arc::clone(&net), db.clone(), go.clone());
        chats.push(tokio::spawn(async move {
            if i < PEOPLE {
                people(i, net, db, go).await
            } else {
                against_ai(i, net, db, go).await
            }
        }));
    }
    // every game made (by the two bots in turn); then a reminder due in
    // `REMINDED` people's games while both bots run a sweeper: three hours
    // left of three days a move, the reminders of 50% and 24h past, one
    // notice due now
    until(Duration::from_secs(30), "every game made", || {
        let db = db.clone();
        async move { db.count("SELECT COUNT(*) FROM games").await == (PEOPLE + AI_CHATS) as i64 }
    })
    .await;
    let reminded: Vec<String> = (0..REMINDED).map(|i| chat_of(i).to_string()).collect();
    let reminded = format!("'{}'", reminded.join("', '"));
    let games_reminded = format!(
        "SELECT g.id FROM games g JOIN chats c ON c.id = g.chat_id
         WHERE c.platform_chat_id IN ({reminded})"
    );
    db.exec(&format!(
        "UPDATE games SET deadline = EXTRACT(EPOCH FROM now())::BIGINT + 10800,
         reminder_at = EXTRACT(EPOCH FROM now())::BIGINT WHERE id IN ({games_reminded})"
    ))
    .await;
    until(Duration::from_secs(15), "the reminders", || {
        let (db, q) = (db.clone(), games_reminded.clone());
        async move {
            db.count(&format!(
                "SELECT COUNT(*) FROM games WHERE id IN ({q}) AND reminder_at IS NULL"
            ))
            .await
                == REMINDED as i64
        }
    })
    .await;
    // time for the other sweeper to send them again, were it to
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let started = Instant::now();
    go_tx.send(true).unwrap();
    // half-way: SIGKILL of b and of the worker; a new worker
    let total_moves = PEOPLE * OPENING.len() + AI_CHATS * ROUNDS;
    until(Duration::from_secs(40), "half the moves", || {
        let net = Arc::clone(&net);
        async move { net.moves.load(Ordering::SeqCst) >= total_moves / 2 }
    })
    .await;
    // the worker killed while it holds a job, when it does within 3 s
    // and before two thirds of the moves (mid-way still)
    let claimed_by_w1 = format!(
        "SELECT COUNT(*) FROM jobs WHERE claimed_by LIKE '%:{}:%'",
        w1.id()
    );
    let half = Instant::now();
    while db.count(&claimed_by_w1).await == 0
        && half.elapsed() < Duration::from_secs(3)
        && net.moves.load(Ordering::SeqCst) < total_moves * 2 / 3
    {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let b_pid = b.id();
    w1.kill().unwrap();
    b.kill().unwrap();
    b.wait().unwrap();
    w1.wait().unwrap();
    let killed_at = Instant::now();
    // what b held at its death: replies claimed and not marked sent (the
    // ones it may have sent already come again)
    let held = db
        .rows(
            "SELECT chat, COUNT(*) FROM outbox WHERE sent_at IS NULL AND claimed_by LIKE $1
             GROUP BY chat",
            Some(format!("%:{b_pid}:%")),
        )
        .await;
    let held: BTreeMap<i64, i64> = held
        .iter()
        .map(|r| (r.get::<_, String>(0).parse().unwrap(), r.get(1)))
        .collect();
    let held_jobs = db
        .count("SELECT COUNT(*) FROM jobs WHERE claimed_by IS NOT NULL")
        .await;
    let moves_at_kill = net.moves.load(Ordering::SeqCst);
    assert!(moves_at_kill < total_moves * 3 / 4, "the kill came late");
    // the updates posted to b meanwhile fail and are posted again, until
    // the balancer sees it is gone
    tokio::time::sleep(Duration::from_millis(300)).await;
    net.b_dead.store(true, Ordering::SeqCst);
    let (_w2, _kw2) = worker(dir.path(), "worker2", &cfg_w);
    for c in chats {
        c.await.unwrap();
    }
    let played = started.elapsed();
    // nothing owed: every reply out, every job done
    let drain_from = Instant::now();
    until(Duration::from_secs(60), "nothing owed", || {
        let db = db.clone();
        async move {
            db.count("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
                .await
                == 0
                && db.count("SELECT COUNT(*) FROM jobs").await == 0
        }
    })
    .await;
    let drained = drain_from.elapsed();
    let since_kill = killed_at.elapsed();
    assert!(since_kill < Duration::from_secs(90), "{since_kill:?}");

    // every move applied once: each game's plies 1..=n, once each, in order
    for i in 0..PEOPLE + AI_CHATS {
        let chat = chat_of(i);
        let (game, ply, _) = db.game_in(chat).await.unwrap();
        let moves = db
            .rows(
                &format!(
                    "SELECT ply, notation, user_id IS NULL FROM moves WHERE game_id = {game}
                     ORDER BY ply"
                ),
                None,
            )
            .await;
        let plies: Vec<i64> = moves.iter().map(|r| r.get(0)).collect();
        let ai: Vec<bool> = moves.iter().map(|r| r.get(2)).collect();
        if i < PEOPLE {
            assert_eq!(ply, OPENING.len() as i64, "chat {chat}");
            let notation: Vec<String> = moves.iter().map(|r| r.get(1)).collect();
            assert_eq!(notation, OPENING, "chat {chat}");
            assert!(ai.iter().all(|a| !a), "chat {chat}");
        } else {
            assert_eq!(
                ply,
                2 * ROUNDS as i64 + 1,
                "chat {chat}: the AI's last move"
            );
            // the AI's plies are the odd ones
            let want: Vec<bool> = (1..=ply).map(|p| p % 2 == 1).collect();
            assert_eq!(ai, want, "chat {chat}");
        }
        assert_eq!(plies, (1..=ply).collect::<Vec<_>>(), "chat {chat}");
    }
    let ai_moves = db
        .count("SELECT COUNT(*) FROM moves WHERE user_id IS NULL")
        .await;
    assert_eq!(ai_moves, (AI_CHATS * (ROUNDS + 1)) as i64);
    let all_moves = db.count("SELECT COUNT(*) FROM moves").await;
    // every update recorded once (a redelivered one skipped)
    let updates = db.count("SELECT COUNT(*) FROM processed_updates").await;
    assert_eq!(
        updates,
        net.next_update.load(Ordering::SeqCst) - 1,
        "each update taken once"
    );
    // every reply done with: sent (none failed or given up)
    let not_sent = db
        .count("SELECT COUNT(*) FROM outbox WHERE outcome IS DISTINCT FROM 'sent'")
        .await;
    assert_eq!(not_sent, 0, "replies not sent");

    // the replies owed against what the fake API took: per chat, each
    // outbox row is one new message (boards are new photos); a message
    // sent again (the same text) only in a chat b held a reply of at its
    // death, at most that many times
    tokio::time::sleep(Duration::from_millis(300)).await;
    let calls = fake.calls();
    let rows = db
        .rows("SELECT chat, reply FROM outbox ORDER BY id", None)
        .await;
    let mut owed: HashMap<i64, Vec<String>> = HashMap::new();
    for r in &rows {
        let chat: String = r.get(0);
        owed.entry(chat.parse().unwrap())
            .or_default()
            .push(r.get(1));
    }
    let mut sent: HashMap<i64, BTreeMap<(String, String), usize>> = HashMap::new();
    for c in calls.iter().filter(|c| is_post(c)) {
        let chat = c.fields["chat_id"].as_i64().unwrap();
        *sent
            .entry(chat)
            .or_default()
            .entry((c.method.clone(), shown_text(c)))
            .or_default() += 1;
    }
    let mut doubled = 0;
    let mut doubled_in = BTreeSet::new();
    for i in 0..PEOPLE + AI_CHATS {
        let chat = chat_of(i);
        let rows = owed.get(&chat).map_or(0, Vec::len);
        let messages = sent.get(&chat).cloned().unwrap_or_default();
        assert_eq!(
            messages.len(),
            rows,
            "chat {chat}: one message for each reply owed: {messages:#?}"
        );
        let again: usize = messages.values().map(|n| n - 1).sum();
        if again > 0 {
            doubled += again;
            doubled_in.insert(chat);
            let bound = held.get(&chat).copied().unwrap_or(0) as usize;
            assert!(
                again <= bound,
                "chat {chat}: {again} sent again, {bound} held by the killed bot: {messages:#?}"
            );
        }
        // the AI's boards: one per AI ply, in the outbox and in the chat
        if i >= PEOPLE {
            let ai_rows = owed[&chat]
                .iter()
                .filter(|r| r.contains("AI (level 1): "))
                .count();
            assert_eq!(ai_rows, ROUNDS + 1, "chat {chat}: the AI's boards owed");
            let ai_sent: usize = messages
                .iter()
                .filter(|((_, t), _)| t.contains("AI (level 1): "))
                .map(|(_, n)| n)
                .sum();
            assert!(
                (ROUNDS + 1..=ROUNDS + 1 + again).contains(&ai_sent),
                "chat {chat}: {ai_sent} AI boards sent"
            );
        }
        // one reminder for the reminded move, although two bots swept
        let reminders_owed = owed
            .get(&chat)
            .into_iter()
            .flatten()
            .filter(|r| r.contains("your move in game #"))
            .count();
        let reminders_sent: usize = messages
            .iter()
            .filter(|((_, t), _)| t.contains("your move in game #"))
            .map(|(_, n)| n)
            .sum();
        let want = usize::from(i < REMINDED);
        assert_eq!(
            (reminders_owed, reminders_sent),
            (want, want),
            "chat {chat}: reminders"
        );
    }
    let held_rows: i64 = held.values().sum();
    assert!(doubled as i64 <= held_rows);
    let posts: usize = sent.values().flat_map(|m| m.values()).sum();
    println!(
        "multiproc: {} chats, {all_moves} moves ({} by people, {ai_moves} by the AI), \
         {} updates posted ({} re-posted after a failed call), {} replies owed, {posts} \
         messages sent, {doubled} sent twice (in {} chats; b held {held_rows} replies in {} \
         chats and the worker {held_jobs} jobs at the kill, after {moves_at_kill} moves), \
         {REMINDED} reminders; played in {played:.1?}, drained in {drained:.1?} \
         ({since_kill:.1?} after the kill), {:.1?} in all",
        PEOPLE + AI_CHATS,
        all_moves - ai_moves,
        net.posted.load(Ordering::SeqCst),
        net.redelivered.load(Ordering::SeqCst),
        rows.len(),
        doubled_in.len(),
        held.len(),
        began.elapsed(),
    );
    for name in ["a", "b", "worker1", "worker2"] {
        let log = std::fs::read_to_string(dir.path().join(format!("{name}.log"))).unwrap();
        for l in log
            .lines()
            .filter(|l| l.contains("ERROR") || l.contains("WARN"))
        {
            println!("{name}: {l}");
        }
    }
    // the database client and the database dropped on threads of their
    // own (`OffThread`)
}
