//! A fake Telegram Bot API (axum on 127.0.0.1:0) for the end-to-end tests:
//! it serves getUpdates from a queue of updates, answers the methods the
//! adapter calls, and records every call (with when it came). Chats can be
//! made slow (their sends answered seconds late) or refused once with 429.
//! Shared by tests/telegram_e2e.rs and tests/telegram_hostile.rs.

#![allow(dead_code)] // each test file uses its own part

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::Json;
use serde_json::{json, Value};
use shashki::config::FileConfig;
use shashki::core::{ManualClock, Service};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use teloxide::adaptors::throttle::Limits;
use tokio::sync::{oneshot, watch, Notify};
use tokio::task::JoinHandle;
use tokio::time::Instant;

pub const TOKEN: &str = "123456:TEST-token";
pub const BOT_ID: i64 = 999;
pub const ANNA: i64 = 111;
pub const BORIS: i64 = 222;
/// A forum supergroup (its messages come in topics).
pub const FORUM: i64 = -100_777;

/// One request the fake server received.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: String,
    /// JSON body, or the multipart text fields (each parsed as JSON when it
    /// is JSON).
    pub fields: Value,
    /// Multipart file parts: (field name, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    /// When the request came in (it is recorded when it is answered).
    pub at: Instant,
}

#[derive(Default)]
pub struct Fake {
    pub calls: Mutex<Vec<Call>>,
    pub updates: Mutex<Vec<Value>>,
    pub next_message: AtomicI64,
    pub arrived: Notify,
    pub bad_token: Mutex<Vec<String>>,
    /// Methods to refuse once with 429 Too Many Requests (retry after 1 s).
    pub too_many: Mutex<Vec<String>>,
    /// Chats whose sendMessage / sendPhoto are answered this late.
    pub slow: Mutex<HashMap<i64, Duration>>,
    /// Chats whose next sendMessage / sendPhoto is refused with 429 and
    /// this retry_after (seconds).
    pub too_many_in: Mutex<HashMap<i64, u64>>,
    /// Chats whose next this many sendMessage / sendPhoto meet a broken
    /// proxy's page (not JSON: the client cannot read it).
    pub down_for: Mutex<HashMap<i64, u32>>,
    /// Private chats of users who never started the bot: every
    /// sendMessage / sendPhoto there is refused with 403 (recorded as
    /// `sendMessage:403`).
    pub forbidden: Mutex<Vec<i64>>,
    /// Chats whose forum topics are closed: every sendMessage / sendPhoto
    /// with a message_thread_id there is refused with 400 TOPIC_CLOSED
    /// (recorded as `sendMessage:400`).
    pub topic_closed: Mutex<Vec<i64>>,
    /// Methods whose requests are held without an answer (recorded as
    /// `sendPhoto:held` when they come in): the bot waits on them for ever.
    pub hold: Mutex<Vec<String>>,
}

pub fn chat_json(id: i64) -> Value {
    if id == FORUM {
        json!({"id": id, "type": "supergroup", "title": "Draughts forum", "is_forum": true})
    } else if id == BORIS {
        json!({"id": id, "type": "private", "first_name": "Boris", "username": "boris"})
    } else if id > 0 {
        json!({"id": id, "type": "private", "first_name": "Anna", "username": "anna"})
    } else {
        json!({"id": id, "type": "group", "title": "Draughts club"})
    }
}

pub fn bot_user() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "Shashki", "username": "shashki_test_bot"})
}

pub fn anna() -> Value {
    json!({"id": ANNA, "is_bot": false, "first_name": "Anna", "username": "anna", "language_code": "en"})
}

pub fn boris() -> Value {
    json!({"id": BORIS, "is_bot": false, "first_name": "Boris", "username": "boris", "language_code": "en"})
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

impl Fake {
    /// A fake server on 127.0.0.1 and its address.
    pub async fn start() -> (Arc<Fake>, std::net::SocketAddr) {
        let fake = Arc::new(Fake::default());
        let app = axum::Router::new()
            .fallback(api)
            .with_state(Arc::clone(&fake));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (fake, addr)
    }

    /// The offset of the last getUpdates so far.
    pub fn last_offset(&self) -> i64 {
        self.calls()
            .iter()
            .rev()
            .find(|c| c.method == "getUpdates")
            .map_or(0, |c| c.fields["offset"].as_i64().unwrap_or(0))
    }

    pub fn message(&self, chat: i64, id: Option<i64>, kind: &str, fields: &Value) -> Value {
        let id = id.unwrap_or_else(|| self.next_message.fetch_add(1, Ordering::SeqCst) + 1);
        let mut m = json!({
            "message_id": id,
            "date": now(),
            "chat": chat_json(chat),
            "from": bot_user(),
        });
        match kind {
            "photo" => {
                m["photo"] = json!([{"file_id": format!("photo{id}"), "file_unique_id": format!("u{id}"), "width": 640, "height": 640}]);
                if let Some(c) = fields.get("caption") {
                    m["caption"] = c.clone();
                }
            }
            "document" => {
                m["document"] = json!({"file_id": format!("doc{id}"), "file_unique_id": format!("d{id}"), "file_name": "game.pdn"});
            }
            _ => {
                m["text"] = fields.get("text").cloned().unwrap_or(json!("…"));
            }
        }
        m
    }

    pub fn push_update(&self, update: Value) {
        self.updates.lock().unwrap().push(update);
    }

    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    /// Wait until a call satisfies `pred` (checking calls from `from` on).
    pub async fn wait_for(
        &self,
        from: usize,
        what: &str,
        pred: impl Fn(&Call) -> bool,
    ) -> (usize, Call) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
        loop {
            let notified = self.arrived.notified();
            if let Some((i, c)) = self
                .calls()
                .into_iter()
                .enumerate()
                .skip(from)
                .find(|(_, c)| pred(c))
            {
                return (i, c);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "timed out waiting for {what}; calls: {:#?}",
                    self.calls()
                        .iter()
                        .map(|c| (c.method.clone(), c.fields.clone()))
                        .collect::<Vec<_>>()
                );
            }
        }
    }

    /// Wait for a challenge card (a message with an accept button), checking
    /// calls from `from` on.
    pub async fn challenge_card(&self, from: usize) -> (usize, Call) {
        self.wait_for(from, "the challenge card", |c| {
            c.method == "sendMessage" && buttons(c).iter().any(|b| b.starts_with("a:"))
        })
        .await
    }
}

pub async fn api(State(fake): State<Arc<Fake>>, req: Request) -> axum::response::Response {
    use axum::response::IntoResponse;
    api_json(fake, req).await.into_response()
}

/// What a broken proxy in front of the Bot API answers: a page, not JSON
/// (with status 200: teloxide waits 10 s before reading a 5xx).
fn proxy_page() -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [("content-type", "text/html")],
        "<html><body><h1>Bad Gateway</h1></body></html>",
    )
        .into_response()
}

async fn api_json(fake: Arc<Fake>, req: Request) -> Result<Json<Value>, axum::response::Response> {
    let at = Instant::now();
    let path = req.uri().path().to_string();
    let mut parts = path.trim_start_matches('/').splitn(2, '/');
    let token = parts.next().unwrap_or("").to_string();
    // Telegram's method names are case-insensitive (teloxide sends `GetMe`)
    let raw = parts.next().unwrap_or("");
    let mut method = raw.get(..1).unwrap_or("").to_lowercase();
    method.push_str(raw.get(1..).unwrap_or(""));
    if token != format!("bot{TOKEN}") {
        fake.bad_token.lock().unwrap().push(path.clone());
        return Ok(Json(
            json!({"ok": false, "error_code": 401, "description": "Unauthorized"}),
        ));
    }
    let ctype = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut fields = json!({});
    let mut files = Vec::new();
    if ctype.starts_with("multipart/form-data") {
        let mut mp = Multipart::from_request(req, &()).await.expect("multipart");
        while let Some(field) = mp.next_field().await.expect("field") {
            let name = field.name().unwrap_or("").to_string();
            match field.file_name().map(str::to_string) {
                Some(file_name) => {
                    let bytes = field.bytes().await.expect("file bytes").to_vec();
                    files.push((name, file_name, bytes));
                }
                None => {
                    let text = field.text().await.expect("text field");
                    let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
                    fields[name] = v;
                }
            }
        }
    } else {
        let body = axum::body::to_bytes(req.into_body(), 10 << 20)
            .await
            .expect("body");
        if !body.is_empty() {
            fields = serde_json::from_slice(&body).expect("JSON body");
        }
    }
    let call = Call {
        method: method.clone(),
        fields: fields.clone(),
        files,
        at,
    };
    let chat = fields["chat_id"].as_i64().unwrap_or(0);
    let sends = method == "sendMessage" || method == "sendPhoto";
    if let Some(after) = sends
        .then(|| fake.too_many_in.lock().unwrap().remove(&chat))
        .flatten()
    {
        let mut refused = call;
        refused.method = format!("{method}:429");
        fake.calls.lock().unwrap().push(refused);
        fake.arrived.notify_waiters();
        return Ok(Json(json!({"ok": false, "error_code": 429,
            "description": format!("Too Many Requests: retry after {after}"),
            "parameters": {"retry_after": after}})));
    }
    let down = sends && {
        let mut d = fake.down_for.lock().unwrap();
        match d.get_mut(&chat) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    };
    if down {
        let mut failed = call;
        failed.method = format!("{method}:down");
        fake.calls.lock().unwrap().push(failed);
        fake.arrived.notify_waiters();
        return Err(proxy_page());
    }
    if sends && fake.forbidden.lock().unwrap().contains(&chat) {
        let mut refused = call;
        refused.method = format!("{method}:403");
        fake.calls.lock().unwrap().push(refused);
        fake.arrived.notify_waiters();
        return Ok(Json(json!({"ok": false, "error_code": 403,
            "description": "Forbidden: bot can't initiate conversation with a user"})));
    }
    if sends
        && !fields["message_thread_id"].is_null()
        && fake.topic_closed.lock().unwrap().contains(&chat)
    {
        let mut refused = call;
        refused.method = format!("{method}:400");
        fake.calls.lock().unwrap().push(refused);
        fake.arrived.notify_waiters();
        return Ok(Json(json!({"ok": false, "error_code": 400,
            "description": "Bad Request: TOPIC_CLOSED"})));
    }
    if fake.hold.lock().unwrap().contains(&method) {
        let mut held = call.clone();
        held.method = format!("{method}:held");
        fake.calls.lock().unwrap().push(held);
        fake.arrived.notify_waiters();
        std::future::pending::<()>().await;
    }
    let slow = sends
        .then(|| fake.slow.lock().unwrap().get(&chat).copied())
        .flatten();
    if let Some(d) = slow {
        tokio::time::sleep(d).await;
    }
    let refuse = {
        let mut t = fake.too_many.lock().unwrap();
        let hit = t.iter().position(|m| *m == method);
        hit.map(|i| t.remove(i)).is_some()
    };
    if refuse {
        let mut refused = call;
        refused.method = format!("{method}:429");
        fake.calls.lock().unwrap().push(refused);
        return Ok(Json(json!({"ok": false, "error_code": 429,
            "description": "Too Many Requests: retry after 1",
            "parameters": {"retry_after": 1}})));
    }
    let result = match method.as_str() {
        "getMe" => {
            let mut me = bot_user();
            me["can_join_groups"] = json!(true);
            me["can_read_all_group_messages"] = json!(false);
            me["supports_inline_queries"] = json!(false);
            me["has_main_web_app"] = json!(false);
            me
        }
        "getUpdates" => {
            let offset = fields["offset"].as_i64().unwrap_or(0);
            let timeout = fields["timeout"].as_u64().unwrap_or(0).min(1);
            fake.calls.lock().unwrap().push(call);
            fake.arrived.notify_waiters();
            let until = tokio::time::Instant::now() + Duration::from_secs(timeout);
            loop {
                let ready: Vec<Value> = {
                    let mut q = fake.updates.lock().unwrap();
                    // confirmed updates are forgotten, as Telegram does
                    q.retain(|u| u["update_id"].as_i64().unwrap() >= offset);
                    q.clone()
                };
                if !ready.is_empty() || tokio::time::Instant::now() >= until {
                    return Ok(Json(json!({"ok": true, "result": ready})));
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        "sendMessage" => fake.message(chat, None, "text", &fields),
        "sendPhoto" => fake.message(chat, None, "photo", &fields),
        "sendDocument" => fake.message(chat, None, "document", &fields),
        "sendAnimation" => fake.message(chat, None, "text", &fields),
        "editMessageMedia" => fake.message(chat, fields["message_id"].as_i64(), "photo", &fields),
        "editMessageReplyMarkup" | "editMessageText" => {
            fake.message(chat, fields["message_id"].as_i64(), "text", &fields)
        }
        "answerCallbackQuery"
        | "answerInlineQuery"
        | "setMyCommands"
        | "deleteWebhook"
        | "setWebhook" => {
            json!(true)
        }
        "getChatAdministrators" => json!([]),
        other => panic!("unexpected method {other}"),
    };
    fake.calls.lock().unwrap().push(call);
    fake.arrived.notify_waiters();
    Ok(Json(json!({"ok": true, "result": result})))
}

/// Rate limits that never hold a send back (the tests send quickly).
pub fn unpaced() -> Limits {
    Limits {
        messages_per_sec_chat: 1000,
        messages_per_min_chat: 60_000,
        messages_per_min_channel_or_supergroup: 60_000,
        messages_per_sec_overall: 1000,
    }
}

/// Stop an adapter running on the fake server: it ends, without error,
/// within 20 seconds.
pub async fn stop_adapter(stop: &watch::Sender<bool>, task: JoinHandle<anyhow::Result<()>>) {
    stop.send(true).unwrap();
    tokio::time::timeout(Duration::from_secs(20), task)
        .await
        .expect("the adapter stops")
        .unwrap()
        .expect("the adapter ended without error");
}

/// The whole process as `shashki run` starts it (config → the adapters it
/// has tokens for → `runtime::run`) on a new fake server, with a database
/// in a temporary folder and a manual clock set to now.
pub struct Runtime {
    pub fake: Arc<Fake>,
    pub config: FileConfig,
    pub clock: Arc<ManualClock>,
    /// The clock's start.
    pub t0: i64,
    pub db: PathBuf,
    stop: oneshot::Sender<()>,
    task: JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl Runtime {
    /// Start it; `settings` go in the config file before its `[telegram]`
    /// section, `telegram` at the end of that section.
    pub async fn start(settings: &str, telegram: &str) -> Runtime {
        let (fake, addr) = Fake::start().await;
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("bot.sqlite");
        let toml = format!(
            "[database]\npath = {db:?}\n{settings}\
             [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"http://{addr}\"\npoll_timeout_secs = 1\n\
             {telegram}"
        );
        let config = FileConfig::from_toml(&toml).unwrap();
        let t0 = now();
        let clock = Arc::new(ManualClock::new(t0));
        let service = Service::open(&db, config.service_config(), clock.clone()).unwrap();
        let (stop, stop_rx) = oneshot::channel::<()>();
        let task = tokio::spawn(shashki::runtime::run(
            Arc::new(service),
            shashki::adapters::bots(&config),
            shashki::runtime::RunOptions::default(),
            async {
                let _ = stop_rx.await;
            },
        ));
        Runtime {
            fake,
            config,
            clock,
            t0,
            db,
            stop,
            task,
            _dir: dir,
        }
    }

    /// Stop it: it ends, without error, within 40 seconds; the folder of
    /// its database is kept as long as the caller keeps what this returns.
    pub async fn stop(self) -> tempfile::TempDir {
        self.stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(40), self.task)
            .await
            .expect("the runtime stops")
            .unwrap()
            .expect("without error");
        self._dir
    }
}

pub fn text_update(id: i64, message_id: i64, text: &str) -> Value {
    let mut m = json!({
        "message_id": message_id,
        "date": now(),
        "chat": chat_json(ANNA),
        "from": anna(),
        "text": text,
    });
    if text.starts_with('/') {
        let len = text
            .split_whitespace()
            .next()
            .unwrap()
            .encode_utf16()
            .count();
        m["entities"] = json!([{"type": "bot_command", "offset": 0, "length": len}]);
    }
    json!({"update_id": id, "message": m})
}

pub fn callback_update(id: i64, query: &str, on_message: i64, data: &str) -> Value {
    json!({"update_id": id, "callback_query": {
        "id": query,
        "from": anna(),
        "chat_instance": "ci-1",
        "data": data,
        "message": {
            "message_id": on_message,
            "date": now(),
            "chat": chat_json(ANNA),
            "from": bot_user(),
            "text": "board",
        },
    }})
}

/// A message from `from` (anna() or boris()) in chat `chat`.
pub fn message_from(id: i64, message_id: i64, chat: i64, from: Value, text: &str) -> Value {
    let mut u = text_update(id, message_id, text);
    u["message"]["chat"] = chat_json(chat);
    u["message"]["from"] = from;
    u
}

/// A button pressed by `from` under message `on_message` in `chat`.
pub fn press_in(
    id: i64,
    query: &str,
    chat: i64,
    from: Value,
    on_message: i64,
    data: &str,
) -> Value {
    let mut u = callback_update(id, query, on_message, data);
    u["callback_query"]["from"] = from;
    u["callback_query"]["message"]["chat"] = chat_json(chat);
    u
}

/// `update` (a message, or a button pressed under one) in topic `thread`
/// of a forum supergroup.
pub fn in_topic(mut update: Value, thread: i64) -> Value {
    let m = if update.get("callback_query").is_some() {
        &mut update["callback_query"]["message"]
    } else {
        &mut update["message"]
    };
    m["message_thread_id"] = json!(thread);
    m["is_topic_message"] = json!(true);
    update
}

/// Anna types the bot's name and `query` in some chat (inline mode).
pub fn inline_update(id: i64, query_id: &str, query: &str) -> Value {
    json!({"update_id": id, "inline_query": {
        "id": query_id,
        "from": anna(),
        "query": query,
        "offset": "",
        "chat_type": "group",
    }})
}

/// A button pressed under a board photo (`on_message`) in Anna's chat.
pub fn callback_on_board(id: i64, query: &str, on_message: i64, data: &str) -> Value {
    let mut u = callback_update(id, query, on_message, data);
    let m = &mut u["callback_query"]["message"];
    m.as_object_mut().unwrap().remove("text");
    m["photo"] = json!([{"file_id": "p", "file_unique_id": "pu", "width": 640, "height": 640}]);
    m["caption"] = json!("board");
    u
}

/// The buttons of a call's inline keyboard, row after row.
pub fn keyboard(c: &Call) -> Vec<Value> {
    let markup = match &c.fields["reply_markup"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    markup["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
        .collect()
}

/// Callback data of the buttons of a call's inline keyboard.
pub fn buttons(c: &Call) -> Vec<String> {
    keyboard(c)
        .iter()
        .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
        .collect()
}

/// The callback data of the first button of a call whose data starts with
/// `prefix` (`m:` a move, `a:` accept, …); there must be one.
pub fn button(c: &Call, prefix: &str) -> String {
    buttons(c)
        .into_iter()
        .find(|b| b.starts_with(prefix))
        .unwrap()
}

/// (label, callback data) of the buttons of a call's inline keyboard.
pub fn labels(c: &Call) -> Vec<(String, String)> {
    keyboard(c)
        .iter()
        .filter_map(|b| {
            Some((
                b["text"].as_str()?.to_string(),
                b["callback_data"].as_str()?.to_string(),
            ))
        })
        .collect()
}

/// The addresses of a call's link buttons (`url`).
pub fn urls(c: &Call) -> Vec<String> {
    keyboard(c)
        .iter()
        .filter_map(|b| b["url"].as_str().map(str::to_string))
        .collect()
}

/// The link buttons (label, url) of a call's inline keyboard.
pub fn url_buttons(c: &Call) -> Vec<(String, String)> {
    keyboard(c)
        .iter()
        .filter_map(|b| Some((b["text"].as_str()?.into(), b["url"].as_str()?.into())))
        .collect()
}

/// The text or caption a call sends (editMessageMedia: inside `media`).
pub fn shown_text(c: &Call) -> String {
    let media = match &c.fields["media"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    [&c.fields["text"], &c.fields["caption"], &media["caption"]]
        .iter()
        .filter_map(|v| v.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        && image::load_from_memory_with_format(bytes, image::ImageFormat::Png).is_ok()
}
