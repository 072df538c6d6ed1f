//! Discord: interaction payloads from JSON fixtures (tests/fixtures/discord)
//! deserialised into serenity's models and run through the adapter's
//! translate + respond path; its HTTP calls go to a fake API on 127.0.0.1
//! (serenity's Http with the proxy base) and are checked: interaction
//! callbacks (type 4, 5, 8; flags 64 for ephemeral), followups, components
//! with the core's payloads as custom_ids, the board attachment. The AI's
//! moves run on the hub's workers and come back on Discord's reply route:
//! they are posted to the channel.

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use serenity::all::Interaction;
use shashki::adapters::discord::{self, Discord, DiscordOptions};
use shashki::config::Secret;
use shashki::core::{Config, Input, Platform, Service, SystemClock};
use shashki::runtime::Hub;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Debug, Clone)]
struct Call {
    method: String,
    path: String,
    /// The JSON body, or the multipart's payload_json.
    body: Value,
    /// Multipart file parts: (field name, file name, bytes).
    files: Vec<(String, String, Vec<u8>)>,
}

#[derive(Default)]
struct Fake {
    calls: Mutex<Vec<Call>>,
}

fn message_json(content: &str) -> Value {
    json!({
        "id": "300000000000000099",
        "channel_id": "800000000000000001",
        "author": {"id": "900000000000000001", "username": "shashki", "discriminator": "0", "global_name": null, "avatar": null, "bot": true},
        "content": content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": []
    })
}

async fn api(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let ctype = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut body = Value::Null;
    let mut files = Vec::new();
    if ctype.starts_with("multipart/form-data") {
        let mut mp = Multipart::from_request(req, &()).await.expect("multipart");
        while let Some(field) = mp.next_field().await.expect("field") {
            let name = field.name().unwrap_or("").to_string();
            match field.file_name().map(str::to_string) {
                Some(file_name) => {
                    files.push((name, file_name, field.bytes().await.unwrap().to_vec()))
                }
                None if name == "payload_json" => {
                    body = serde_json::from_str(&field.text().await.unwrap()).unwrap()
                }
                None => {}
            }
        }
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 10 << 20)
            .await
            .unwrap();
        if !bytes.is_empty() {
            body = serde_json::from_slice(&bytes).expect("JSON body");
        }
    }
    let content = body["content"].as_str().unwrap_or("").to_string();
    fake.calls.lock().unwrap().push(Call {
        method: method.clone(),
        path: path.clone(),
        body,
        files,
    });
    if path.ends_with("/callback") || method == "DELETE" {
        StatusCode::NO_CONTENT.into_response()
    } else {
        Json(message_json(&content)).into_response()
    }
}

fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/discord/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn interaction(v: Value) -> Interaction {
    serde_json::from_value(v).expect("serenity reads the fixture")
}

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        && image::load_from_memory_with_format(bytes, image::ImageFormat::Png).is_ok()
}

/// custom_ids of buttons and values of select options in a message body.
fn component_ids(body: &Value) -> (Vec<String>, Vec<String>) {
    let mut buttons = Vec::new();
    let mut options = Vec::new();
    for row in body["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            match c["type"].as_u64() {
                Some(2) => buttons.push(c["custom_id"].as_str().unwrap().to_string()),
                Some(3) => {
                    assert!(c["options"].as_array().unwrap().len() <= 25);
                    for o in c["options"].as_array().unwrap() {
                        options.push(o["value"].as_str().unwrap().to_string());
                    }
                }
                _ => {}
            }
        }
    }
    (buttons, options)
}

struct Setup {
    fake: Arc<Fake>,
    discord: Arc<Discord>,
    slow: Arc<Discord>,
    hub: Hub,
    _dir: tempfile::TempDir,
}

/// Where replies without an interaction (the AI's moves, the sweeper) go.
const CHANNEL_MESSAGES: &str = "/api/v10/channels/800000000000000001/messages";

impl Setup {
    fn calls_since(&self, n: usize) -> Vec<Call> {
        self.fake.calls.lock().unwrap()[n..].to_vec()
    }
    fn n(&self) -> usize {
        self.fake.calls.lock().unwrap().len()
    }
    /// The first call since `n` that matches, waiting for it (the hub posts
    /// the AI's replies in the background).
    async fn wait_for(&self, n: usize, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        for _ in 0..600 {
            if let Some(c) = self.calls_since(n).into_iter().find(|c| pred(c)) {
                return c;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "{what}: {:#?}",
            self.calls_since(n)
                .iter()
                .map(|c| (&c.method, &c.path, &c.body))
                .collect::<Vec<_>>()
        )
    }
}

/// The AI's board: a channel message with a menu of moves.
fn is_ai_board(c: &Call) -> bool {
    c.method == "POST" && c.path == CHANNEL_MESSAGES && !component_ids(&c.body).1.is_empty()
}

async fn setup() -> Setup {
    let fake = Arc::new(Fake::default());
    let app = axum::Router::new()
        .fallback(api)
        .with_state(Arc::clone(&fake));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
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
    let (hub, _stop) = Hub::new(Arc::new(service));
    std::mem::forget(_stop);
    let base = format!("http://{addr}");
    let token = Secret::new("test.token.value");
    let opts = DiscordOptions {
        http_base: base.clone(),
        guild_id: None,
        // off here: these tests call the interaction handler directly;
        // READY → registration runs in tests/discord_gateway.rs
        register_commands: false,
        defer_after: Duration::from_secs(2),
    };
    let http = Arc::new(discord::http_client(&token, &base));
    let discord = Discord::new(hub.clone(), Arc::clone(&http), opts.clone());
    // the reply route: what the hub routes to Discord is posted
    let replies = hub.register(Platform::Discord);
    tokio::spawn(Arc::clone(&discord).send_loop(replies));
    // one that always defers (as if the core were slow)
    let slow = Discord::new(
        hub.clone(),
        http,
        DiscordOptions {
            defer_after: Duration::ZERO,
            ..opts
        },
    );
    Setup {
        fake,
        discord,
        slow,
        hub,
        _dir: dir,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_commands_buttons_and_autocomplete_against_a_fake_api() {
    tokio::time::timeout(Duration::from_secs(90), run())
        .await
        .expect("finished in time");
}

async fn run() {
    let s = setup().await;

    // the slash command becomes the text the core parses
    let challenge = interaction(fixture("challenge"));
    let Interaction::Command(cmd) = &challenge else {
        panic!("an application command")
    };
    let ev = discord::command_event(cmd);
    assert_eq!(ev.input, Input::Text("/challenge ai 1 black".into()));
    assert_eq!(ev.platform, Platform::Discord);
    assert_eq!(ev.chat.id, "800000000000000001");
    assert!(!ev.chat.is_private);
    assert_eq!(ev.user.handle.as_deref(), Some("anna"));
    assert_eq!(ev.update_id.as_deref(), Some("1100000000000000001"));

    // 1. /challenge target:ai level:1 colour:black: answered with type 4;
    //    the AI (White) moves on the hub's workers and its board is posted
    //    to the channel with a select menu of Anna's moves and the
    //    draw/resign buttons
    let n = s.n();
    s.discord.on_interaction(challenge.clone()).await;
    let board = s
        .wait_for(n, "the AI's board in the channel", is_ai_board)
        .await;
    let calls = s.calls_since(n);
    let first = &calls[0];
    assert_eq!(first.method, "POST");
    assert_eq!(
        first.path,
        "/api/v10/interactions/1100000000000000001/tok-challenge/callback"
    );
    assert_eq!(first.body["type"], 4);
    assert!(first.body["data"]["content"]
        .as_str()
        .unwrap()
        .contains("Game #1"));
    assert!(
        calls.iter().all(
            |c| c.path != "/api/v10/webhooks/900000000000000001/tok-challenge"
                || component_ids(&c.body).1.is_empty()
        ),
        "the AI's board is not a followup"
    );
    let (buttons, options) = component_ids(&board.body);
    assert!(
        options.iter().all(|o| o.starts_with("m:1:1:")),
        "{options:?}"
    );
    assert_eq!(options.len(), 7, "Black has 7 moves after one White move");
    assert!(buttons.contains(&"o:1".to_string()) && buttons.contains(&"r:1".to_string()));
    assert_eq!(board.files.len(), 1, "the board attachment");
    assert!(board.files[0].1.ends_with(".png") && is_png(&board.files[0].2));
    assert!(board.body["attachments"].is_array());
    // the player to move is pinged
    assert!(board.body["content"]
        .as_str()
        .unwrap()
        .contains("<@500000000000000001>"));
    assert_eq!(
        board.body["allowed_mentions"]["users"],
        json!(["500000000000000001"])
    );

    // a redelivered interaction does nothing twice (answered quietly)
    let n = s.n();
    s.discord.on_interaction(challenge).await;
    let again = s.calls_since(n);
    assert_eq!(again.len(), 2);
    assert_eq!(again[0].body["type"], 5);
    assert_eq!(again[0].body["data"]["flags"], 64);
    assert_eq!(again[1].method, "DELETE");
    assert!(again[1].path.ends_with("/tok-challenge/messages/@original"));

    // 2. autocomplete of /move text:f6 lists Anna's moves from f6
    let n = s.n();
    s.discord
        .on_interaction(interaction(fixture("autocomplete")))
        .await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].body["type"], 8);
    let choices: Vec<&str> = calls[0].body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(choices, ["f6-e5", "f6-g5"]);

    // 3. /move text:f6-g5: the board (type 4), then the AI's reply is
    //    posted to the channel
    let n = s.n();
    s.discord.on_interaction(interaction(fixture("move"))).await;
    let ai_board = s
        .wait_for(n, "the AI's move in the channel", |c| {
            is_ai_board(c)
                && component_ids(&c.body)
                    .1
                    .iter()
                    .all(|o| o.starts_with("m:1:3:"))
        })
        .await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 4);
    assert_eq!(calls[0].files.len(), 1);
    assert!(is_png(&calls[0].files[0].2));
    assert!(calls[0].body["data"]["content"]
        .as_str()
        .unwrap()
        .contains("f6-g5"));
    assert_eq!(ai_board.files.len(), 1, "the AI's board");
    assert!(is_png(&ai_board.files[0].2));

    // 3b. a move chosen in the select menu (its value is the core's payload)
    let chosen = component_ids(&ai_board.body).1[0].clone();
    let mut select = fixture("button");
    select["id"] = json!("1100000000000000008");
    select["token"] = json!("tok-select");
    select["data"] = json!({"custom_id": "moves:1:0", "component_type": 3, "values": [chosen]});
    let select = interaction(select);
    match &select {
        Interaction::Component(c) => assert_eq!(
            discord::component_event(c).unwrap().input,
            Input::Choice(chosen.clone())
        ),
        _ => panic!("a component"),
    }
    let n = s.n();
    s.discord.on_interaction(select).await;
    s.wait_for(n, "the AI's reply with the moves at ply 5", |c| {
        is_ai_board(c)
            && component_ids(&c.body)
                .1
                .iter()
                .all(|o| o.starts_with("m:1:5:"))
    })
    .await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 4);
    assert!(calls[0].path.ends_with("/tok-select/callback"));
    assert_eq!(calls[0].files.len(), 1, "the board after the chosen move");

    // 4. the resign button: the confirmation is ephemeral (flags 64) with a
    //    "yes" button carrying the core's payload
    let n = s.n();
    let button = interaction(fixture("button"));
    s.discord.on_interaction(button).await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 1);
    assert_eq!(
        calls[0].path,
        "/api/v10/interactions/1100000000000000004/tok-button/callback"
    );
    assert_eq!(calls[0].body["type"], 4);
    assert_eq!(calls[0].body["data"]["flags"], 64);
    assert_eq!(component_ids(&calls[0].body["data"]).0, ["R:1"]);

    // 5. "yes" (the same fixture, pressed on the confirmation): game over
    let mut yes = fixture("button");
    yes["id"] = json!("1100000000000000005");
    yes["token"] = json!("tok-yes");
    yes["data"]["custom_id"] = json!("R:1");
    let n = s.n();
    s.discord.on_interaction(interaction(yes)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 4);
    let all_text: String = calls
        .iter()
        .map(|c| {
            format!(
                "{} {}",
                c.body["data"]["content"].as_str().unwrap_or(""),
                c.body["content"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert!(all_text.contains("resigned"), "{all_text}");
    assert!(calls[0].body["data"].get("flags").is_none_or(|f| f != 64));

    // 6. an error for one person is ephemeral: /move with no game now
    let mut late = fixture("move");
    late["id"] = json!("1100000000000000006");
    late["token"] = json!("tok-late");
    let n = s.n();
    s.discord.on_interaction(interaction(late)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].body["type"], 4);
    assert_eq!(calls[0].body["data"]["flags"], 64);

    // 7. when the core is slow, the interaction is deferred (type 5) and the
    //    answer follows up
    let mut games = fixture("move");
    games["id"] = json!("1100000000000000007");
    games["token"] = json!("tok-games");
    games["data"] = json!({"id": "600000000000000003", "name": "games", "type": 1});
    let n = s.n();
    s.slow.on_interaction(interaction(games)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 5);
    assert!(calls[0].path.ends_with("/tok-games/callback"));
    assert_eq!(
        calls[1].path,
        "/api/v10/webhooks/900000000000000001/tok-games"
    );
    assert!(!calls[1].body["content"].as_str().unwrap().is_empty());

    // the sweeper's messages go to the channel
    let n = s.n();
    s.discord
        .post(&shashki::core::Reply {
            platform: Platform::Discord,
            target: shashki::core::Target::Chat("800000000000000001".into()),
            text: "reminder".into(),
            image: None,
            diagram: None,
            choices: vec![],
            mentions: vec![],
            game_id: None,
            document: None,
        })
        .await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].path, CHANNEL_MESSAGES);
    assert_eq!(calls[0].body["content"], "reminder");
    let _ = &s.hub;
}

#[tokio::test]
async fn the_core_lists_the_callers_moves() {
    // the core methods the adapter uses for menus and autocomplete
    let dir = tempfile::tempdir().unwrap();
    let service = Service::open(
        &dir.path().join("bot.sqlite"),
        Config::default(),
        Arc::new(SystemClock),
    )
    .unwrap();
    let ev = discord::command_event(match &interaction(fixture("challenge")) {
        Interaction::Command(c) => c,
        _ => unreachable!(),
    });
    let mut ev = ev;
    ev.input = Input::Text("/challenge ai 1 white".into());
    let out = service.handle(&ev).unwrap();
    assert!(!out.replies.is_empty());
    let mine = service
        .moves_to_play(Platform::Discord, &ev.chat.id, &ev.user.id)
        .unwrap();
    assert_eq!(mine.len(), 1);
    let (game, moves) = &mine[0];
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().any(|m| m.label == "c3-d4"));
    assert_eq!(service.legal_move_choices(*game).unwrap(), *moves);
    // someone else, or another chat: nothing
    assert!(service
        .moves_to_play(Platform::Discord, &ev.chat.id, "42")
        .unwrap()
        .is_empty());
    assert!(service
        .moves_to_play(Platform::Telegram, &ev.chat.id, &ev.user.id)
        .unwrap()
        .is_empty());
    assert!(service.legal_move_choices(999).unwrap().is_empty());
}
