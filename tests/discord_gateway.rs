//! Discord end to end: the adapter's real entry point
//! (`adapters::discord::run`) against a fake Discord on 127.0.0.1 — a REST
//! API (axum, serenity's `Http` with the proxy base) and a gateway
//! (websocket, tokio-tungstenite) that the REST API names in
//! `GET /api/v10/gateway`.
//!
//! The fake gateway speaks the part of the protocol serenity needs: HELLO
//! (op 10), IDENTIFY (op 2) answered with the READY dispatch (op 0), heartbeats
//! (op 1) answered with op 11; then the test dispatches INTERACTION_CREATE
//! events. What the fake servers received is checked: the slash commands
//! registered at READY (with Russian localizations), a `/challenge` answered
//! with the board (a PNG attachment) and a select menu of moves, the chosen
//! move answered with the next board, and the AI's reply. And the binary,
//! `shashki run`, on a database where a game waits for an AI move that never
//! ran: the move is played after start and posted to the channel.

mod common {
    pub mod discord;
    #[cfg(unix)]
    pub mod process;
}

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use shashki::adapters::discord::{self, DiscordOptions};
use shashki::config::Secret;
use shashki::core::input::spec::{menu, MenuScope};
use shashki::core::{Config, Service, SystemClock};
use shashki::runtime::Hub;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{
    Callback, ErrorResponse, Request as WsRequest, Response as WsResponse,
};
use tokio_tungstenite::tungstenite::Message;

const TOKEN: &str = "test.token.value";
const APP_ID: &str = common::discord::BOT_ID;
const CHANNEL: &str = common::discord::CHANNEL_ID;
/// Every wait of the test is bounded by this.
const WAIT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------------------
// The fake REST API

#[derive(Debug, Clone)]
struct Call {
    method: String,
    path: String,
    /// The JSON body, or the multipart's payload_json.
    body: Value,
    /// Multipart file parts: (field name, file name, content type, bytes).
    files: Vec<(String, String, String, Vec<u8>)>,
}

struct Rest {
    calls: Mutex<Vec<Call>>,
    /// What `GET /gateway` answers.
    gateway_url: String,
}

/// The registered commands as Discord answers them (with ids).
fn registered(body: &Value) -> Value {
    let cmds = body.as_array().cloned().unwrap_or_default();
    Value::Array(
        cmds.into_iter()
            .enumerate()
            .map(|(i, mut c)| {
                c["id"] = json!(format!("{}", 610000000000000000u64 + i as u64));
                c["application_id"] = json!(APP_ID);
                c["type"] = json!(1);
                c["version"] = json!("1");
                c["default_member_permissions"] = Value::Null;
                c
            })
            .collect(),
    )
}

async fn api(State(rest): State<Arc<Rest>>, req: Request) -> Response {
    let (method, path, body, files) = common::discord::read_request(req).await;
    let reply = match (method.as_str(), path.as_str()) {
        ("GET", "/api/v10/gateway") => Json(json!({"url": rest.gateway_url})).into_response(),
        ("GET", "/api/v10/gateway/bot") => Json(json!({
            "url": rest.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        }))
        .into_response(),
        ("PUT", p) if p.ends_with("/commands") => Json(registered(&body)).into_response(),
        (_, p) if p.ends_with("/callback") => StatusCode::NO_CONTENT.into_response(),
        ("DELETE", _) => StatusCode::NO_CONTENT.into_response(),
        _ => Json(common::discord::message_json(body["content"].as_str().unwrap_or(""))).into_response(),
    };
    rest.calls.lock().unwrap().push(Call {
        method,
        path,
        body,
        files,
    });
    reply
}

// ---------------------------------------------------------------------------
// The fake gateway

#[derive(Default)]
struct GatewayLog {
    /// Query strings of the websocket upgrades (one per connection).
    connects: Vec<String>,
    /// Every frame the client sent, parsed.
    received: Vec<Value>,
    /// Heartbeat acknowledgements sent.
    acks: usize,
    /// Dispatches sent: (seq, event name).
    dispatched: Vec<(u64, String)>,
}

struct Gateway {
    log: Mutex<GatewayLog>,
    /// Dispatches the test wants sent (taken by the session that is READY).
    events: Mutex<Option<mpsc::UnboundedReceiver<(String, Value)>>>,
    heartbeat_interval_ms: u64,
}

/// READY for a session identified with `shard` (`[id, total]`; Discord
/// echoes it).
fn ready_payload(resume_url: &str, shard: &Value) -> Value {
    json!({
        "v": 10,
        "user": common::discord::bot_user_json(),
        "guilds": [],
        "session_id": "fake-session-1",
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": {"id": APP_ID, "flags": 0}
    })
}

/// Notes the query string of the websocket upgrade request.
struct Upgrade(Arc<Mutex<String>>);

impl Callback for Upgrade {
    fn on_request(self, req: &WsRequest, resp: WsResponse) -> Result<WsResponse, ErrorResponse> {
        *self.0.lock().unwrap() = req.uri().query().unwrap_or("").to_string();
        Ok(resp)
    }
}

/// Accept websocket connections and serve each as a gateway session.
async fn gateway(listener: tokio::net::TcpListener, gw: Arc<Gateway>, url: String) {
    loop {
        let Ok((tcp, _)) = listener.accept().await else {
            return;
        };
        let gw = Arc::clone(&gw);
        let url = url.clone();
        tokio::spawn(async move {
            let query = Arc::new(Mutex::new(String::new()));
            let upgrade = Upgrade(Arc::clone(&query));
            let Ok(ws) = tokio_tungstenite::accept_hdr_async(tcp, upgrade).await else {
                return;
            };
            let query = query.lock().unwrap().clone();
            gw.log.lock().unwrap().connects.push(query);
            session(ws, &gw, &url).await;
        });
    }
}

async fn session(
    mut ws: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    gw: &Gateway,
    url: &str,
) {
    let send = |v: Value| Message::Text(v.to_string());
    let hello = json!({"op": 10, "d": {"heartbeat_interval": gw.heartbeat_interval_ms}, "s": null, "t": null});
    if ws.send(send(hello)).await.is_err() {
        return;
    }
    let mut seq = 0u64;
    // the dispatch queue, once this session is READY
    let mut events: Option<mpsc::UnboundedReceiver<(String, Value)>> = None;
    loop {
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                let v: Value = serde_json::from_str(&text).expect("the client sends JSON");
                gw.log.lock().unwrap().received.push(v.clone());
                match v["op"].as_u64() {
                    // heartbeat → ack
                    Some(1) => {
                        if ws.send(send(json!({"op": 11, "d": null, "s": null, "t": null}))).await.is_err() {
                            return;
                        }
                        gw.log.lock().unwrap().acks += 1;
                    }
                    // identify → READY
                    Some(2) => {
                        seq += 1;
                        let shard = if v["d"]["shard"].is_array() { v["d"]["shard"].clone() } else { json!([0, 1]) };
                        let ready = json!({"op": 0, "s": seq, "t": "READY", "d": ready_payload(url, &shard)});
                        if ws.send(send(ready)).await.is_err() {
                            return;
                        }
                        gw.log.lock().unwrap().dispatched.push((seq, "READY".into()));
                        events = gw.events.lock().unwrap().take();
                    }
                    _ => {}
                }
            }
            ev = async {
                match &mut events {
                    Some(rx) => rx.recv().await,
                    None => std::future::pending().await,
                }
            } => {
                let Some((name, d)) = ev else { return };
                seq += 1;
                if ws.send(send(json!({"op": 0, "s": seq, "t": name, "d": d}))).await.is_err() {
                    return;
                }
                gw.log.lock().unwrap().dispatched.push((seq, name));
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Helpers

fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/discord/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        && image::load_from_memory_with_format(bytes, image::ImageFormat::Png).is_ok()
}

/// The select menus of a message body: (custom_id, option values).
fn menus(body: &Value) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for row in body["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"] == 3 {
                let values = c["options"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["value"].as_str().unwrap().to_string())
                    .collect();
                out.push((c["custom_id"].as_str().unwrap().to_string(), values));
            }
        }
    }
    out
}

/// Has a PNG attachment sent as `image/png`.
fn has_png(c: &Call) -> bool {
    c.files.iter().any(|(_, name, ctype, bytes)| {
        name.ends_with(".png") && ctype == "image/png" && is_png(bytes)
    })
}

fn cyrillic(s: &str) -> bool {
    s.chars()
        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap()))
}

fn dump(calls: &[Call]) -> String {
    calls
        .iter()
        .map(|c| format!("{} {} {}\n", c.method, c.path, c.body))
        .collect()
}

/// Wait until `found` picks something out of the REST calls (polling; bounded).
async fn wait_for<T>(rest: &Rest, what: &str, found: impl Fn(&[Call]) -> Option<T>) -> T {
    let until = tokio::time::Instant::now() + WAIT;
    loop {
        if let Some(t) = found(&rest.calls.lock().unwrap()) {
            return t;
        }
        if tokio::time::Instant::now() > until {
            panic!(
                "waited in vain for {what}; calls:\n{}\nthe bot's log:\n{}",
                dump(&rest.calls.lock().unwrap()),
                Log::text()
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn wait_gateway(gw: &Gateway, what: &str, done: impl Fn(&GatewayLog) -> bool) {
    let until = tokio::time::Instant::now() + WAIT;
    while !done(&gw.log.lock().unwrap()) {
        if tokio::time::Instant::now() > until {
            panic!("waited in vain for {what}; the bot's log:\n{}", Log::text());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The bot's log, captured (the test reads what the adapter reported).
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Log {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

static LOG: OnceLock<Log> = OnceLock::new();

impl Log {
    /// Capture the log of this test binary (its only test).
    fn capture() {
        let log = LOG.get_or_init(Log::default).clone();
        tracing_subscriber::fmt()
            .with_env_filter("shashki=debug,serenity=warn")
            .with_ansi(false)
            .with_writer(move || log.clone())
            .init();
    }
    fn text() -> String {
        LOG.get()
            .map(|l| String::from_utf8_lossy(&l.0.lock().unwrap()).into_owned())
            .unwrap_or_default()
    }
}

// ---------------------------------------------------------------------------
// The test

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_register_challenge_and_move_through_a_fake_gateway() {
    tokio::time::timeout(Duration::from_secs(120), run())
        .await
        .expect("finished in time");
}

/// The fake Discord, running: its gateway and REST API on 127.0.0.1.
struct FakeDiscord {
    gw: Arc<Gateway>,
    rest: Arc<Rest>,
    /// Dispatches to send once a session is READY.
    events: mpsc::UnboundedSender<(String, Value)>,
    /// The REST API's base (`http_base`).
    base: String,
    gw_task: tokio::task::JoinHandle<()>,
    rest_task: tokio::task::JoinHandle<()>,
}

impl FakeDiscord {
    /// `config.toml` in `dir` for `shashki run` against this fake: the
    /// database `bot.sqlite`, the log at `level`, the other `sections`,
    /// and the `[discord]` section with the `discord` keys after the token
    /// and `http_base`.
    #[cfg(unix)]
    fn config(
        &self,
        dir: &tempfile::TempDir,
        level: &str,
        sections: &str,
        discord: &str,
    ) -> std::path::PathBuf {
        let config = dir.path().join("config.toml");
        std::fs::write(
            &config,
            format!(
                "[database]\npath = \"bot.sqlite\"\n[log]\nlevel = \"{level}\"\n{sections}\
                 [discord]\ntoken = \"{TOKEN}\"\nhttp_base = \"{}\"\n{discord}",
                self.base
            ),
        )
        .unwrap();
        config
    }

    /// Until a session has sent IDENTIFY.
    #[cfg(unix)]
    async fn identified(&self) {
        wait_gateway(&self.gw, "IDENTIFY", |l| {
            l.received.iter().any(|v| v["op"] == 2)
        })
        .await;
    }

    /// Stops the fake gateway and REST API.
    #[cfg(unix)]
    fn stop(&self) {
        self.gw_task.abort();
        self.rest_task.abort();
    }
}

async fn fake_discord() -> FakeDiscord {
    let ws_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let ws_url = format!("ws://{}", ws_listener.local_addr().unwrap());
    let (events, events_rx) = mpsc::unbounded_channel();
    let gw = Arc::new(Gateway {
        log: Mutex::default(),
        events: Mutex::new(Some(events_rx)),
        heartbeat_interval_ms: 1000,
    });
    let gw_task = tokio::spawn(gateway(ws_listener, Arc::clone(&gw), ws_url.clone()));
    let rest = Arc::new(Rest {
        calls: Mutex::default(),
        gateway_url: ws_url,
    });
    let app = axum::Router::new()
        .fallback(api)
        .with_state(Arc::clone(&rest));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let rest_task = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    FakeDiscord {
        gw,
        rest,
        events,
        base,
        gw_task,
        rest_task,
    }
}

async fn run() {
    Log::capture();
    // the fake Discord: gateway and REST on 127.0.0.1
    let FakeDiscord {
        gw,
        rest,
        events,
        base,
        gw_task,
        rest_task,
    } = fake_discord().await;

    // the bot: a temp database, the hub, the adapter's real entry point with
    // command registration on
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        ai_max_movetime: Duration::from_millis(50),
        board_size: 320,
        ..Config::default()
    };
    let service = Service::open(
        &dir.path().join("bot.sqlite"),
        config,
        Arc::new(SystemClock),
    )
    .unwrap();
    let (hub, stop) = Hub::new(Arc::new(service));
    let opts = DiscordOptions {
        http_base: base,
        guild_id: None,
        register_commands: true,
        defer_after: Duration::from_secs(2),
        shards: None,
    };
    let bot = tokio::spawn(discord::run(hub.clone(), Secret::new(TOKEN), opts));

    // 1. connect: serenity asks the REST API for the gateway, opens it
    //    (v=10), identifies with the token and GUILDS alone, gets READY
    wait_gateway(&gw, "IDENTIFY", |l| l.received.iter().any(|v| v["op"] == 2)).await;
    {
        let l = gw.log.lock().unwrap();
        assert!(l.connects[0].contains("v=10"), "{:?}", l.connects);
        let identify = l.received.iter().find(|v| v["op"] == 2).unwrap();
        // (serenity sends its "Bot "-prefixed token; Discord accepts both)
        let token = identify["d"]["token"].as_str().unwrap();
        assert_eq!(token.trim_start_matches("Bot "), TOKEN);
        assert_eq!(
            identify["d"]["intents"], 1,
            "GUILDS alone (the servers' channels), no privileged intents"
        );
        assert_eq!(identify["d"]["shard"], json!([0, 1]));
    }
    assert!(rest
        .calls
        .lock()
        .unwrap()
        .iter()
        .any(|c| c.method == "GET" && c.path == "/api/v10/gateway"));

    // 2. READY → the slash commands are registered (globally: no guild) under
    //    the application id READY gave, English with Russian localizations
    let put = wait_for(&rest, "the commands to be registered", |calls| {
        calls.iter().find(|c| c.method == "PUT").cloned()
    })
    .await;
    assert_eq!(put.path, format!("/api/v10/applications/{APP_ID}/commands"));
    let cmds = put.body.as_array().expect("an array of commands");
    let names: Vec<&str> = cmds.iter().map(|c| c["name"].as_str().unwrap()).collect();
    let expected: Vec<&str> = menu(MenuScope::Default).map(|c| c.name).collect();
    assert_eq!(names, expected);
    for name in ["move", "challenge", "board", "resign", "puzzle", "help"] {
        assert!(names.contains(&name), "{name} is registered");
    }
    for c in cmds {
        let (en, ru) = (
            c["description"].as_str().unwrap(),
            c["description_localizations"]["ru"].as_str().unwrap_or(""),
        );
        assert!(!en.is_empty() && !cyrillic(en), "{}: {en}", c["name"]);
        assert!(
            cyrillic(ru),
            "{} has a Russian description: {ru:?}",
            c["name"]
        );
        for locale in ["de", "fr"] {
            let d = c["description_localizations"][locale]
                .as_str()
                .unwrap_or("");
            assert!(
                !d.is_empty() && !cyrillic(d),
                "{} in {locale}: {d:?}",
                c["name"]
            );
        }
        assert!(
            c["description_localizations"]["lv"].is_null(),
            "Discord has no lv"
        );
        for o in c["options"].as_array().into_iter().flatten() {
            let ru = o["description_localizations"]["ru"].as_str().unwrap_or("");
            assert!(
                cyrillic(ru),
                "{}.{} in Russian: {ru:?}",
                c["name"],
                o["name"]
            );
        }
    }
    let challenge = cmds.iter().find(|c| c["name"] == "challenge").unwrap();
    let colour = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "colour")
        .unwrap();
    let choices = colour["choices"].as_array().unwrap();
    assert_eq!(
        choices
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["white", "black", "random"]
    );
    assert!(choices
        .iter()
        .all(|c| cyrillic(c["name_localizations"]["ru"].as_str().unwrap_or(""))));
    // the opponent from Discord's user picker (type 6), the variant from a
    // list, and the names in Russian where the core reads a Russian alias
    let option = |cmd: &Value, name: &str| -> Value {
        cmd["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("option {name}"))
    };
    assert_eq!(option(challenge, "opponent")["type"], 6);
    assert_eq!(
        option(challenge, "variant")["choices"]
            .as_array()
            .unwrap()
            .len(),
        16
    );
    assert_eq!(challenge["name_localizations"]["ru"], "вызов");
    let top = cmds.iter().find(|c| c["name"] == "top").unwrap();
    assert_eq!(option(top, "list")["choices"][0]["value"], "puzzles");

    // 3. /challenge target:ai level:1 colour:white arrives through the
    //    gateway: answered (type 4) with the board as a PNG and a select menu
    //    of White's seven moves
    let mut cmd = fixture("challenge");
    cmd["data"]["options"][2]["value"] = json!("white");
    events.send(("INTERACTION_CREATE".into(), cmd)).unwrap();
    let answer = wait_for(&rest, "the /challenge answer", |calls| {
        calls
            .iter()
            .find(|c| c.path.ends_with("/tok-challenge/callback"))
            .cloned()
    })
    .await;
    assert_eq!(answer.method, "POST");
    assert_eq!(
        answer.path,
        "/api/v10/interactions/1100000000000000001/tok-challenge/callback"
    );
    assert_eq!(answer.body["type"], 4, "answered in time: {}", answer.body);
    assert!(
        has_png(&answer),
        "the board attachment: {:?}",
        answer
            .files
            .iter()
            .map(|f| (&f.1, &f.2))
            .collect::<Vec<_>>()
    );
    let data = &answer.body["data"];
    assert!(
        data["content"].as_str().unwrap().contains("Game #1"),
        "{data}"
    );
    let menus_now = menus(data);
    assert_eq!(menus_now.len(), 1, "{data}");
    let (menu_id, options) = &menus_now[0];
    assert_eq!(options.len(), 7, "White has seven first moves: {options:?}");
    assert!(
        options.iter().all(|o| o.starts_with("m:1:0:")),
        "{options:?}"
    );

    // 4. a move chosen in that menu (the option value as it came): answered
    //    with the next board, then the AI (Black) replies with a board and the
    //    moves of ply 2
    let chosen = options[0].clone();
    let label = data["components"][0]["components"][0]["options"][0]["label"]
        .as_str()
        .unwrap()
        .to_string();
    let mut select = fixture("button");
    select["id"] = json!("1100000000000000002");
    select["token"] = json!("tok-select");
    select["data"] = json!({"custom_id": menu_id, "component_type": 3, "values": [chosen]});
    // pressed on the message that carried the menu
    select["message"]["content"] = data["content"].clone();
    select["message"]["components"] = data["components"].clone();
    events.send(("INTERACTION_CREATE".into(), select)).unwrap();
    let answer = wait_for(&rest, "the answer to the chosen move", |calls| {
        calls
            .iter()
            .find(|c| c.path.ends_with("/tok-select/callback"))
            .cloned()
    })
    .await;
    assert_eq!(
        answer.path,
        "/api/v10/interactions/1100000000000000002/tok-select/callback"
    );
    // the pressed board changes in place (UPDATE_MESSAGE)
    assert_eq!(answer.body["type"], 7, "{}", answer.body);
    assert!(has_png(&answer), "the board after the move");
    let said = answer.body["data"]["content"].as_str().unwrap();
    assert!(said.contains(&label), "{label} in {said:?}");
    assert!(
        answer.body["data"].get("flags").is_none_or(|f| f != 64),
        "public"
    );
    // the AI's board: a followup of this interaction, a message in the
    // channel, or (the living board) an edit of the board pressed, with the
    // board and White's moves at ply 2
    let ai = wait_for(&rest, "the AI's reply", |calls| {
        calls
            .iter()
            .find(|c| {
                (c.path == format!("/api/v10/webhooks/{APP_ID}/tok-select")
                    || c.path == format!("/api/v10/channels/{CHANNEL}/messages")
                    || c.path
                        .starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/")))
                    && menus(&c.body)
                        .iter()
                        .any(|(_, o)| !o.is_empty() && o.iter().all(|v| v.starts_with("m:1:2:")))
            })
            .cloned()
    })
    .await;
    assert!(has_png(&ai), "the AI's move comes with the board");

    // 5. the session stayed up: heartbeats were sent and acknowledged, one
    //    connection, one IDENTIFY, no RESUME
    wait_gateway(&gw, "a heartbeat", |l| l.acks >= 1).await;
    {
        let l = gw.log.lock().unwrap();
        assert_eq!(l.connects.len(), 1, "no reconnect");
        assert_eq!(l.received.iter().filter(|v| v["op"] == 2).count(), 1);
        assert!(!l.received.iter().any(|v| v["op"] == 6), "no resume");
        let names: Vec<&str> = l.dispatched.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["READY", "INTERACTION_CREATE", "INTERACTION_CREATE"]);
    }
    // nothing failed on the way: the adapter says the commands were
    // registered, warns of nothing, and every request was one the test expects
    let text = Log::text();
    assert!(
        text.contains("discord: slash commands registered"),
        "{text}"
    );
    assert!(!text.contains("WARN") && !text.contains("ERROR"), "{text}");
    for c in rest.calls.lock().unwrap().iter() {
        assert!(
            c.path == "/api/v10/gateway"
                || c.path.ends_with("/commands")
                || c.path.contains("/tok-")
                || c.path == format!("/api/v10/channels/{CHANNEL}/messages")
                || (c.method == "PATCH"
                    && c.path
                        .starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/"))),
            "unexpected request {} {}",
            c.method,
            c.path
        );
    }

    // 6. shutdown: run() returns by itself
    stop.send(true).unwrap();
    let res = tokio::time::timeout(WAIT, bot)
        .await
        .expect("the adapter stops")
        .expect("no panic");
    assert!(res.is_ok(), "{res:?}");
    gw_task.abort();
    rest_task.abort();
}

/// Issue 22: `[discord] shards = "1/2"` — the real binary, `shashki run`,
/// runs shard 1 of 2: it IDENTIFYs with `shard: [1, 2]`; /healthz answers
/// 200 once that shard is READY (the only one this process runs); the
/// slash commands are left to the process that runs shard 0. (A process
/// of its own: this binary's in-process test captures the log.)
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_running_shard_1_of_2_identifies_as_it() {
    tokio::time::timeout(Duration::from_secs(90), shard_one_of_two())
        .await
        .expect("finished in time");
}

#[cfg(unix)]
async fn shard_one_of_two() {
    let fake = fake_discord().await;
    let dir = tempfile::tempdir().unwrap();
    let http = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let config = fake.config(
        &dir,
        "info",
        &format!("[http]\nlisten = \"{http}\"\n"),
        "shards = \"1/2\"\n",
    );
    let (child, guard, reader) = common::process::spawn_logged(&config);
    fake.identified().await;
    // /healthz: 200 once shard 1 is READY
    let healthz = format!("http://{http}/healthz");
    let until = tokio::time::Instant::now() + WAIT;
    let mut last = String::new();
    loop {
        if let Ok(r) = reqwest::get(&healthz).await {
            let status = r.status().as_u16();
            last = format!("{status} {}", r.text().await.unwrap_or_default());
            if status == 200 {
                break;
            }
        }
        assert!(tokio::time::Instant::now() < until, "healthz: {last}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    {
        let l = fake.gw.log.lock().unwrap();
        let identifies: Vec<&Value> = l.received.iter().filter(|v| v["op"] == 2).collect();
        assert_eq!(identifies.len(), 1, "one shard, one session");
        assert_eq!(identifies[0]["d"]["shard"], json!([1, 2]));
    }
    // the commands are registered by shard 0's process, not here
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !fake
            .rest
            .calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.method == "PUT" && c.path.ends_with("/commands")),
        "no registration from shard 1"
    );
    let log = common::process::stop_logged(child, guard, reader, WAIT).await;
    assert!(log.contains("running these gateway shards"), "{log}");
    fake.stop();
}

/// The real binary: `shashki run` on a database where a game waits for the
/// AI's move that never ran (the process stopped before its job did). After
/// start the move is played and its board posted to the game's channel;
/// SIGTERM stops the bot cleanly.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_move_pending_at_start_is_played_and_posted() {
    tokio::time::timeout(Duration::from_secs(120), resume())
        .await
        .expect("finished in time");
}

#[cfg(unix)]
async fn resume() {
    let fake = fake_discord().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.sqlite");
    // Anna challenges the AI in the channel and takes Black: the AI (White)
    // is to move; its job is dropped, as if the process had died
    {
        let service = Service::open(&db, Config::default(), Arc::new(SystemClock)).unwrap();
        let mut cmd = fixture("challenge");
        cmd["data"]["options"][2]["value"] = json!("black");
        let Ok(serenity::all::Interaction::Command(cmd)) = serde_json::from_value(cmd) else {
            panic!("a command");
        };
        let out = service.handle(&discord::command_event(&cmd)).unwrap();
        assert_eq!(out.jobs.len(), 1, "the AI is to move");
        assert_eq!(service.pending_jobs().unwrap(), out.jobs);
        // its answer went out before the process died
        for id in out.replies.iter().flat_map(|r| &r.outbox) {
            service
                .reply_done(*id, shashki::core::Delivered::Sent)
                .unwrap();
        }
    }
    let config = fake.config(
        &dir,
        "info",
        "[ai]\nmax_movetime_ms = 100\n[game]\nboard_size = 320\n",
        "",
    );
    let child = common::process::shashki_run(&config)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    // stop the bot however the test ends
    let guard = common::process::Kill(pid);
    fake.identified().await;
    // the AI's board in the channel: a PNG and a menu of Black's moves
    let board = wait_for(&fake.rest, "the AI's move in the channel", |calls| {
        calls
            .iter()
            .find(|c| {
                c.method == "POST"
                    && c.path == format!("/api/v10/channels/{CHANNEL}/messages")
                    && menus(&c.body)
                        .iter()
                        .any(|(_, o)| !o.is_empty() && o.iter().all(|v| v.starts_with("m:1:1:")))
            })
            .cloned()
    })
    .await;
    assert!(has_png(&board), "the board is attached");
    assert!(
        board.body["content"]
            .as_str()
            .unwrap()
            .contains("<@500000000000000001>"),
        "Anna is pinged: {}",
        board.body
    );
    // one move, played once
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (ply, moves): (i64, i64) = conn
        .query_row(
            "SELECT ply, (SELECT COUNT(*) FROM moves WHERE game_id = 1) FROM games WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((ply, moves), (1, 1));
    // SIGTERM: a clean stop
    common::process::sigterm(pid);
    let out = tokio::time::timeout(
        WAIT,
        tokio::task::spawn_blocking(move || child.wait_with_output()),
    )
    .await
    .expect("exits after SIGTERM")
    .unwrap()
    .unwrap();
    drop(guard);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains(TOKEN), "the token is never logged");
    let posted = fake
        .rest
        .calls
        .lock()
        .unwrap()
        .iter()
        .filter(|c| c.path == format!("/api/v10/channels/{CHANNEL}/messages"))
        .count();
    assert_eq!(posted, 1, "the AI's move is posted once");
    fake.stop();
}

/// The forms a token takes in a log line: as written, in hex (tungstenite
/// prints a frame's payload so at `trace`) and as a list of bytes (its
/// `{:?}` of a frame).
fn token_forms(token: &str) -> Vec<String> {
    let hex: String = token.bytes().map(|b| format!("{b:02x}")).collect();
    let list = format!("{:?}", token.as_bytes());
    let list = list
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    vec![token.to_string(), hex.to_uppercase(), hex, list]
}

/// Issue 21: with `[log] level = "trace"` the token was in the log — the
/// websocket library dumps the IDENTIFY frame at trace. The real binary,
/// `shashki run`, at trace against the fake Discord: IDENTIFY carries the
/// token, the log is at trace, and no line holds the token in any form.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_level_prints_the_token() {
    tokio::time::timeout(Duration::from_secs(120), trace_log())
        .await
        .expect("finished in time");
}

#[cfg(unix)]
async fn trace_log() {
    let fake = fake_discord().await;
    let dir = tempfile::tempdir().unwrap();
    let config = fake.config(&dir, "trace", "", "");
    let (child, guard, reader) = common::process::spawn_logged(&config);
    wait_gateway(&fake.gw, "IDENTIFY and a heartbeat acknowledged", |l| {
        l.received.iter().any(|v| v["op"] == 2) && l.acks > 0
    })
    .await;
    let identify = fake
        .gw
        .log
        .lock()
        .unwrap()
        .received
        .iter()
        .find(|v| v["op"] == 2)
        .cloned()
        .unwrap();
    assert_eq!(
        identify["d"]["token"],
        format!("Bot {TOKEN}"),
        "the token went over the wire"
    );
    let log = common::process::stop_logged(child, guard, reader, WAIT).await;
    assert!(log.contains("TRACE"), "the log is at trace");
    assert!(log.contains("Identifying"), "the IDENTIFY is in the log");
    common::process::assert_not_in_log(&log, token_forms(TOKEN));
    fake.stop();
}
