//! Discord: interaction payloads from JSON fixtures (tests/fixtures/discord)
//! deserialised into serenity's models and run through the adapter's
//! translate + respond path; its HTTP calls go to a fake API on 127.0.0.1
//! (serenity's Http with the proxy base) and are checked: interaction
//! callbacks (type 4, 5, 8; flags 64 for ephemeral), followups, components
//! with the core's payloads as custom_ids, the board attachment. The AI's
//! moves run on the hub's workers and come back on Discord's reply route:
//! they are posted to the channel.

mod common {
    pub mod discord;
}

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use serenity::all::Interaction;
use shashki::adapters::discord::{self, Discord, DiscordOptions};
use shashki::config::Secret;
use shashki::core::input::args::{ChallengeArgs, Opponent};
use shashki::core::input::commands::{slash_command, Command};
use shashki::core::input::options::OptValue;
use shashki::core::web;
use shashki::core::{Config, GameId, Input, Platform, Service, SystemClock};
use shashki::runtime::Hub;
use shashki::store::ColorWish;
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
    /// Edits of channel messages fail (404 Unknown Message: deleted).
    edits_fail: std::sync::atomic::AtomicBool,
    /// Posts in the game's thread fail (400, 50083 Thread is archived).
    thread_archived: std::sync::atomic::AtomicBool,
}

async fn api(State(fake): State<Arc<Fake>>, req: Request) -> Response {
    let (method, path, body, parts) = common::discord::read_request(req).await;
    let files: Vec<(String, String, Vec<u8>)> = parts
        .into_iter()
        .map(|(name, file_name, _, bytes)| (name, file_name, bytes))
        .collect();
    let content = body["content"].as_str().unwrap_or("").to_string();
    fake.calls.lock().unwrap().push(Call {
        method: method.clone(),
        path: path.clone(),
        body,
        files,
    });
    let edit = method == "PATCH" && path.starts_with(CHANNEL_MESSAGES);
    if edit && fake.edits_fail.load(std::sync::atomic::Ordering::SeqCst) {
        (
            StatusCode::NOT_FOUND,
            Json(json!({"code": 10008, "message": "Unknown Message"})),
        )
            .into_response()
    } else if method == "POST"
        && path == format!("/api/v10/channels/{THREAD}/messages")
        && fake
            .thread_archived
            .load(std::sync::atomic::Ordering::SeqCst)
    {
        (
            StatusCode::BAD_REQUEST,
            Json(json!({"code": 50083, "message": "Thread is archived"})),
        )
            .into_response()
    } else if path.contains("/tok-fail") {
        // Discord having a bad moment with this interaction
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(json!({"code": 0, "message": "500: Internal Server Error"})),
        )
            .into_response()
    } else if path == "/api/v10/users/@me/channels" {
        // the DM channel with the recipient
        let user = fake.calls.lock().unwrap().last().unwrap().body["recipient_id"].clone();
        Json(json!({
            "id": DM_CHANNEL,
            "type": 1,
            "last_message_id": null,
            "recipients": [{"id": user, "username": "anna", "discriminator": "0", "global_name": "Anna", "avatar": null}]
        }))
        .into_response()
    } else if method == "POST" && path.ends_with("/threads") {
        // a new public thread in the channel
        let name = fake.calls.lock().unwrap().last().unwrap().body["name"].clone();
        Json(json!({
            "id": THREAD,
            "type": 11,
            "guild_id": "700000000000000001",
            "parent_id": "800000000000000001",
            "name": name,
        }))
        .into_response()
    } else if path.ends_with("/callback") || method == "DELETE" {
        StatusCode::NO_CONTENT.into_response()
    } else {
        Json(common::discord::message_json(&content)).into_response()
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
    dir: tempfile::TempDir,
}

/// The thread the fake opens in any channel.
const THREAD: &str = "870000000000000001";

/// The DM channel the fake opens with anyone.
const DM_CHANNEL: &str = "850000000000000001";

/// Where replies without an interaction (the AI's moves, the sweeper) go.
const CHANNEL_MESSAGES: &str = "/api/v10/channels/800000000000000001/messages";

impl Setup {
    fn calls_since(&self, n: usize) -> Vec<Call> {
        self.fake.calls.lock().unwrap()[n..].to_vec()
    }
    fn n(&self) -> usize {
        self.fake.calls.lock().unwrap().len()
    }
    /// Anna's `/challenge colour:white` (interaction 1, `tok-open`): an
    /// open challenge card.
    async fn anna_challenges_as_white(&self) {
        self.discord
            .on_interaction(interaction(command(
                1,
                "tok-open",
                "challenge",
                json!([{"name": "colour", "type": 3, "value": "white"}]),
            )))
            .await;
    }
    /// Bob presses the button `custom_id` (interaction `n`, its `token`):
    /// the calls it made.
    async fn bob_presses(&self, n: u64, token: &str, custom_id: &str) -> Vec<Call> {
        let since = self.n();
        self.discord
            .on_interaction(interaction(as_bob(component(
                n,
                token,
                json!({"custom_id": custom_id, "component_type": 2}),
            ))))
            .await;
        self.calls_since(since)
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

/// The AI's board: a channel message with a menu of moves, new (POST) or
/// the game's living board edited (PATCH).
fn is_ai_board(c: &Call) -> bool {
    let posted = c.method == "POST" && c.path == CHANNEL_MESSAGES;
    let edited = c.method == "PATCH" && c.path.starts_with(&format!("{CHANNEL_MESSAGES}/"));
    (posted || edited) && !component_ids(&c.body).1.is_empty()
}

/// The message id the fake API gives every message.
const MESSAGE: &str = common::discord::MESSAGE_ID;

async fn setup() -> Setup {
    setup_with(|_| {}).await
}

/// [`setup`] with the service's config changed by `change`.
async fn setup_with(change: impl FnOnce(&mut Config)) -> Setup {
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
    let mut config = config;
    change(&mut config);
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
        shards: None,
    };
    let http = Arc::new(discord::http_client(&token, &base));
    let discord = Discord::new(hub.clone(), Arc::clone(&http), opts.clone());
    // the hub's transport for Discord: every reply goes out through it
    hub.set_transport(Arc::clone(&discord) as Arc<dyn shashki::runtime::Transport>);
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
        dir,
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

    // the slash command's options reach the core typed, as they came, and
    // make the command's typed arguments (no command text between)
    let challenge = interaction(fixture("challenge"));
    let Interaction::Command(cmd) = &challenge else {
        panic!("an application command")
    };
    let ev = discord::command_event(cmd);
    let Input::Slash(slash) = &ev.input else {
        panic!("a slash command: {:?}", ev.input)
    };
    assert_eq!(slash.name, "challenge");
    assert_eq!(
        slash.options,
        [
            ("target".to_string(), OptValue::Text("ai".into())),
            ("level".to_string(), OptValue::Int(1)),
            ("colour".to_string(), OptValue::Text("black".into())),
        ]
    );
    assert_eq!(
        slash_command(slash, true),
        Command::Challenge(ChallengeArgs {
            opponent: Opponent::Ai,
            level: Some(1),
            colour: ColorWish::Black,
            ..ChallengeArgs::default()
        })
    );
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
    // the living board: the response's board (read back from @original) is
    // edited with the AI's move, and a turn note answers it so Anna is
    // notified
    assert!(calls.iter().any(|c| c.method == "GET"
        && c.path == "/api/v10/webhooks/900000000000000001/tok-challenge/messages/@original"));
    assert_eq!(board.method, "PATCH", "{}", board.path);
    assert_eq!(board.path, format!("{CHANNEL_MESSAGES}/{MESSAGE}"));
    let note = s
        .wait_for(n, "the turn note", |c| {
            c.method == "POST" && c.path == CHANNEL_MESSAGES
        })
        .await;
    assert_eq!(note.body["message_reference"]["message_id"], MESSAGE);
    assert!(note.files.is_empty() && component_ids(&note.body).1.is_empty());
    assert!(
        note.body["content"]
            .as_str()
            .unwrap()
            .ends_with("<@500000000000000001> to move."),
        "{}",
        note.body["content"]
    );
    assert_eq!(
        note.body["allowed_mentions"]["users"],
        json!(["500000000000000001"])
    );
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

    // 3. /move text:f6-g5: the board (type 4), then the AI's reply; the
    //    board cannot be edited (deleted meanwhile): it is posted anew
    s.fake
        .edits_fail
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let n = s.n();
    s.discord.on_interaction(interaction(fixture("move"))).await;
    let ai_board = s
        .wait_for(n, "the AI's move posted anew", |c| {
            is_ai_board(c)
                && c.method == "POST"
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
    assert!(
        s.calls_since(n)
            .iter()
            .any(|c| c.method == "PATCH" && c.path == format!("{CHANNEL_MESSAGES}/{MESSAGE}")),
        "the edit was tried first"
    );
    s.fake
        .edits_fail
        .store(false, std::sync::atomic::Ordering::SeqCst);

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
    let reply = s
        .wait_for(n, "the AI's reply with the moves at ply 5", |c| {
            is_ai_board(c)
                && component_ids(&c.body)
                    .1
                    .iter()
                    .all(|o| o.starts_with("m:1:5:"))
        })
        .await;
    let calls = s.calls_since(n);
    // the pressed board changes in place: UPDATE_MESSAGE with the new board
    assert_eq!(calls[0].body["type"], 7, "{}", calls[0].body);
    assert!(calls[0].path.ends_with("/tok-select/callback"));
    assert_eq!(calls[0].files.len(), 1, "the board after the chosen move");
    assert!(calls[0].body["data"].get("flags").is_none_or(|f| f != 64));
    // the pressed message is the living board now: the board before it
    // loses its menus, and the AI's reply edits the pressed one
    let stripped = s
        .calls_since(n)
        .into_iter()
        .find(|c| c.method == "PATCH" && c.path == format!("{CHANNEL_MESSAGES}/{MESSAGE}"))
        .expect("the old board's menus taken off");
    assert_eq!(stripped.body["components"], json!([]));
    assert!(stripped.files.is_empty());
    assert_eq!(reply.method, "PATCH");
    assert_eq!(reply.path, format!("{CHANNEL_MESSAGES}/300000000000000001"));
    assert_eq!(reply.files.len(), 1, "the new picture replaces the old");

    // 4. the resign button: the pressed board's buttons become the
    //    confirmation (a deferred update, then an edit of that message that
    //    keeps its picture): "yes" for Anna's colour, and back
    let n = s.n();
    let button = interaction(fixture("button"));
    s.discord.on_interaction(button).await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 2, "{calls:#?}");
    assert_eq!(
        calls[0].path,
        "/api/v10/interactions/1100000000000000004/tok-button/callback"
    );
    assert_eq!(calls[0].body["type"], 6);
    assert_eq!(calls[1].method, "PATCH");
    assert_eq!(
        calls[1].path,
        "/api/v10/webhooks/900000000000000001/tok-button/messages/@original"
    );
    assert!(
        calls[1].body.get("attachments").is_none(),
        "the board stays"
    );
    let (confirm, _) = component_ids(&calls[1].body);
    assert_eq!(confirm.len(), 2, "{confirm:?}");
    assert_eq!(confirm[0], "R:1:1", "for Black, Anna's colour");
    assert!(confirm[1].starts_with("b:1:"), "{confirm:?}");

    // 5. "yes" (the same fixture, pressed on the confirmation): game over
    let mut yes = fixture("button");
    yes["id"] = json!("1100000000000000005");
    yes["token"] = json!("tok-yes");
    yes["data"]["custom_id"] = json!("R:1");
    let n = s.n();
    s.discord.on_interaction(interaction(yes)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 7, "the final board in place");
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
    //    answer follows up; /games answers the asker alone, so the public
    //    "thinking…" is taken back first and the followup is ephemeral
    let mut games = fixture("move");
    games["id"] = json!("1100000000000000007");
    games["token"] = json!("tok-games");
    games["data"] = json!({"id": "600000000000000003", "name": "games", "type": 1});
    let n = s.n();
    s.slow.on_interaction(interaction(games)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 5);
    assert!(calls[0].path.ends_with("/tok-games/callback"));
    assert_eq!(calls[1].method, "DELETE");
    assert_eq!(
        calls[1].path,
        "/api/v10/webhooks/900000000000000001/tok-games/messages/@original"
    );
    assert_eq!(
        calls[2].path,
        "/api/v10/webhooks/900000000000000001/tok-games"
    );
    assert_eq!(calls[2].body["flags"], 64);
    assert!(!calls[2].body["content"].as_str().unwrap().is_empty());

    // the sweeper's messages go to the channel
    let n = s.n();
    s.discord
        .post(&shashki::core::Reply::text(
            Platform::Discord,
            shashki::core::Target::Chat("800000000000000001".into()),
            "reminder",
        ))
        .await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].path, CHANNEL_MESSAGES);
    assert_eq!(calls[0].body["content"], "reminder");

    // a live message (an analysis' progress) is posted once, then edited
    // in place (PATCH) by the id kept for its key
    let live = |text: &str| shashki::core::Reply {
        live: Some("analysis-77".into()),
        ..shashki::core::Reply::text(
            Platform::Discord,
            shashki::core::Target::Chat("800000000000000001".into()),
            text,
        )
    };
    let n = s.n();
    s.discord.post(&live("Analysing game #77… 10 %")).await;
    s.discord.post(&live("Analysing game #77… 20 %")).await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 2, "{calls:#?}");
    assert_eq!(
        (calls[0].method.as_str(), calls[0].path.as_str()),
        ("POST", CHANNEL_MESSAGES)
    );
    assert_eq!(calls[1].method, "PATCH");
    assert_eq!(
        calls[1].path,
        format!("{CHANNEL_MESSAGES}/300000000000000099")
    );
    assert_eq!(calls[1].body["content"], "Analysing game #77… 20 %");
    let _ = &s.hub;
}

#[tokio::test]
async fn the_core_lists_the_callers_moves() {
    // what the adapter's autocomplete asks (the hub, then the core)
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
    let (hub, _stop) = Hub::new(Arc::new(service));
    let asks =
        |platform, user: &str| hub.moves_to_play(platform, ev.chat.id.clone(), user.to_string());
    let mine = asks(Platform::Discord, &ev.user.id).await.unwrap();
    assert_eq!(mine.len(), 1);
    let (game, moves) = &mine[0];
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().any(|m| m.label == "c3-d4"));
    assert_eq!(*game, shashki::core::GameId(1));
    // someone else, or another chat: nothing
    assert!(asks(Platform::Discord, "42").await.unwrap().is_empty());
    assert!(asks(Platform::Telegram, &ev.user.id)
        .await
        .unwrap()
        .is_empty());
}

/// A component with nothing for the core (a menu closed with no value
/// picked) is answered all the same — by the deliverer, like any press:
/// acknowledged (type 6), nothing shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_component_with_nothing_to_read_is_acknowledged() {
    let s = setup().await;
    let n = s.n();
    s.discord
        .on_interaction(interaction(component(
            1,
            "tok-empty",
            json!({"custom_id": "menu:0", "component_type": 3, "values": []}),
        )))
        .await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(
        calls[0].path,
        "/api/v10/interactions/1100000000000000101/tok-empty/callback"
    );
    assert_eq!(calls[0].body["type"], json!(6));
}

/// The same interaction from Bob (another member of the guild).
fn as_bob(mut v: Value) -> Value {
    v["member"]["user"] = json!({"id": "500000000000000002", "username": "bob", "discriminator": "0", "global_name": "Bob", "avatar": null});
    v
}

/// A pressed button or a chosen menu option, with its own id and token.
fn component(n: u64, token: &str, data: Value) -> Value {
    let mut v = fixture("button");
    v["id"] = json!(format!("{}", 1100000000000000100u64 + n));
    v["token"] = json!(token);
    v["data"] = data;
    v
}

/// A slash command with its own id and token.
fn command(n: u64, token: &str, name: &str, options: Value) -> Value {
    let mut v = fixture("move");
    v["id"] = json!(format!("{}", 1100000000000000100u64 + n));
    v["token"] = json!(token);
    v["data"] = json!({"id": "600000000000000009", "name": name, "type": 1, "options": options});
    v
}

/// Moves stored, and the ply of game 1.
fn stored(s: &Setup) -> (i64, i64) {
    let db = rusqlite::Connection::open(s.dir.path().join("bot.sqlite")).unwrap();
    let moves = db
        .query_row("SELECT COUNT(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    let ply = db
        .query_row("SELECT ply FROM games WHERE id = 1", [], |r| r.get(0))
        .unwrap();
    (moves, ply)
}

/// The text a call shows (a callback's data or a followup / message body).
fn shown(c: &Call) -> String {
    let d = if c.body["data"].is_object() {
        &c.body["data"]
    } else {
        &c.body
    };
    d["content"].as_str().unwrap_or("").to_string()
}

fn flags(c: &Call) -> Option<u64> {
    let d = if c.body["data"].is_object() {
        &c.body["data"]
    } else {
        &c.body
    };
    d["flags"].as_u64()
}

/// Nothing anyone else can see: no channel message, no public followup,
/// no board, no menu of moves.
fn nothing_public(calls: &[Call]) {
    for c in calls {
        assert_ne!(
            c.path, CHANNEL_MESSAGES,
            "posted to the channel: {}",
            c.body
        );
        assert!(c.files.is_empty(), "a board was sent: {}", c.body);
        let data = if c.body["data"].is_object() {
            &c.body["data"]
        } else {
            &c.body
        };
        assert!(component_ids(data).1.is_empty(), "a menu of moves: {data}");
        if c.method == "POST" && !shown(c).is_empty() {
            assert_eq!(flags(c), Some(64), "public: {}", c.body);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opponents_moves_are_refused_privately() {
    tokio::time::timeout(Duration::from_secs(90), refusals())
        .await
        .expect("finished in time");
}

async fn refusals() {
    let s = setup().await;
    // (by button: this game; by text: none of Bob's games here)
    let not_yours = |t: String| t.starts_with("It is not your turn in");

    // Anna opens a challenge as White; Bob accepts with the card's button
    let n = s.n();
    s.anna_challenges_as_white().await;
    let card = s.calls_since(n).remove(0);
    assert_eq!(card.body["type"], 4, "{}", card.body);
    let accept = card.body["data"]["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["style"] == 3)
        .expect("an accept button")["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let board = s.bob_presses(2, "tok-accept", &accept).await.remove(0);
    assert_eq!(board.body["type"], 4, "{}", board.body);
    let options = component_ids(&board.body["data"]).1;
    assert_eq!(options.len(), 7, "White's moves: {}", board.body);
    assert!(options.iter().all(|o| o.starts_with("m:1:0:")));
    assert_eq!(stored(&s), (0, 0));

    // Bob, not to move, picks from the menu, presses a move button (a
    // forged one, with the menu's payload), types /move — answered at once
    // and, the core being slow, deferred: always for Bob alone, with the
    // refusal; nothing posted, nothing stored
    let select = |n, token: &str| {
        interaction(as_bob(component(
            n,
            token,
            json!({"custom_id": "moves:1:0", "component_type": 3, "values": [options[0]]}),
        )))
    };
    let button = |n, token: &str| {
        interaction(as_bob(component(
            n,
            token,
            json!({"custom_id": options[1], "component_type": 2}),
        )))
    };
    let typed = |n, token: &str| {
        interaction(as_bob(command(
            n,
            token,
            "move",
            json!([{"name": "text", "type": 3, "value": "c3-d4"}]),
        )))
    };
    for (what, i) in [
        ("menu", select(3, "tok-r3")),
        ("button", button(4, "tok-r4")),
        ("/move", typed(5, "tok-r5")),
    ] {
        let n = s.n();
        s.discord.on_interaction(i).await;
        let calls = s.calls_since(n);
        assert_eq!(calls.len(), 1, "{what}: one answer: {calls:#?}");
        assert!(calls[0].path.ends_with("/callback"), "{what}");
        assert_eq!(calls[0].body["type"], 4, "{what}: {}", calls[0].body);
        assert_eq!(flags(&calls[0]), Some(64), "{what}: ephemeral");
        assert!(not_yours(shown(&calls[0])), "{what}: {}", calls[0].body);
        nothing_public(&calls);
        assert_eq!(stored(&s), (0, 0), "{what}: nothing stored");
    }
    // deferred: a component without a message of its own (type 6), then
    // the refusal as an ephemeral followup
    for (what, i) in [
        ("menu", select(6, "tok-r6")),
        ("button", button(7, "tok-r7")),
    ] {
        let n = s.n();
        s.slow.on_interaction(i).await;
        let calls = s.calls_since(n);
        assert_eq!(calls.len(), 2, "{what}: {calls:#?}");
        assert_eq!(calls[0].body["type"], 6, "{what}: {}", calls[0].body);
        assert!(calls[1].path.starts_with("/api/v10/webhooks/"), "{what}");
        assert_eq!(flags(&calls[1]), Some(64), "{what}: ephemeral");
        assert!(not_yours(shown(&calls[1])), "{what}: {}", calls[1].body);
        nothing_public(&calls);
    }
    // a deferred command: its public "thinking…" is taken back, the
    // refusal follows for Bob alone
    let n = s.n();
    s.slow.on_interaction(typed(8, "tok-r8")).await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 3, "{calls:#?}");
    assert_eq!(calls[0].body["type"], 5);
    assert_eq!(calls[1].method, "DELETE");
    assert!(calls[1].path.ends_with("/tok-r8/messages/@original"));
    assert_eq!(calls[2].path, "/api/v10/webhooks/900000000000000001/tok-r8");
    assert_eq!(flags(&calls[2]), Some(64));
    assert!(not_yours(shown(&calls[2])), "{}", calls[2].body);
    nothing_public(&calls);
    assert_eq!(stored(&s), (0, 0));

    // Anna, to move, picks the same option: her move is public and stored
    let mut mine = fixture("button");
    mine["id"] = json!("1100000000000000199");
    mine["token"] = json!("tok-anna");
    mine["data"] = json!({"custom_id": "moves:1:0", "component_type": 3, "values": [options[0]]});
    let n = s.n();
    s.discord.on_interaction(interaction(mine)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 7, "the pressed board updated");
    assert_ne!(flags(&calls[0]), Some(64), "public: {}", calls[0].body);
    assert_eq!(calls[0].files.len(), 1, "the board");
    assert_eq!(stored(&s), (1, 1));

    // flip is anyone's: Bob sees the board from the other side, alone
    // (ephemeral, a new message, not the pressed board), nothing changes
    let before = stored(&s);
    let calls = s.bob_presses(9, "tok-flip", "f:1").await;
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(calls[0].body["type"], 4);
    assert_eq!(flags(&calls[0]), Some(64), "for Bob alone");
    assert_eq!(calls[0].files.len(), 1);
    assert!(is_png(&calls[0].files[0].2));
    assert_eq!(stored(&s), before, "flip changes nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_moves_even_when_answering_fails() {
    tokio::time::timeout(Duration::from_secs(90), failing())
        .await
        .expect("finished in time");
}

/// Discord refuses the answer (in time, and the deferral when the core is
/// slow): the game is made all the same and the AI's first move is posted
/// to the channel — no game waits for a job that was never started.
async fn failing() {
    let s = setup().await;
    for (n, discord, who) in [
        (1u64, &s.discord, "500000000000000001"),
        (2, &s.slow, "500000000000000002"),
    ] {
        let mut cmd = fixture("challenge");
        cmd["id"] = json!(format!("{}", 1100000000000000300u64 + n));
        cmd["token"] = json!(format!("tok-fail-{n}"));
        cmd["member"]["user"]["id"] = json!(who);
        cmd["member"]["user"]["username"] = json!(format!("player{n}"));
        let before = s.n();
        discord.on_interaction(interaction(cmd)).await;
        let calls = s.calls_since(before);
        assert!(calls[0].path.contains("/tok-fail"), "{calls:#?}");
        let game = format!("m:{n}:1:");
        let board = s
            .wait_for(before, "the AI's move in the channel", |c| {
                is_ai_board(c)
                    && component_ids(&c.body)
                        .1
                        .iter()
                        .all(|o| o.starts_with(&game))
            })
            .await;
        assert!(board.body["content"].as_str().unwrap().contains(who));
    }
}

/// After a restart the bot has seen no interaction yet: the servers'
/// channels from GUILD_CREATE (`learn_guild`) still let a private message's
/// link name the game's server and channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_names_the_server_learned_at_connect() {
    let s = setup().await;
    let note = |label: &str| shashki::core::Reply {
        link: Some(shashki::core::Link {
            label: label.into(),
            to: shashki::core::LinkTo::Game {
                game: shashki::core::GameId(9),
                chat: "800000000000000009".into(),
                thread: None,
                board: None,
            },
        }),
        ..shashki::core::Reply::text(
            Platform::Discord,
            shashki::core::Target::Private {
                user: "500000000000000001".into(),
            },
            "Your move in game #9.",
        )
    };
    let dm_messages = format!("/api/v10/channels/{DM_CHANNEL}/messages");
    // the server not known: no link button
    let n = s.n();
    s.discord.post(&note("before")).await;
    let before = s
        .wait_for(n, "the DM", |c| c.method == "POST" && c.path == dm_messages)
        .await;
    assert!(
        before.body["components"]
            .as_array()
            .is_none_or(|a| a.is_empty()),
        "{}",
        before.body
    );
    s.discord.learn_guild(
        serenity::all::GuildId::new(700000000000000009),
        [serenity::all::ChannelId::new(800000000000000009)],
    );
    let n = s.n();
    s.discord.post(&note("after")).await;
    let after = s
        .wait_for(n, "the DM", |c| c.method == "POST" && c.path == dm_messages)
        .await;
    assert_eq!(
        after.body["components"][0]["components"][0]["url"],
        json!("https://discord.com/channels/700000000000000009/800000000000000009")
    );
}

/// `/notify state:on` (issue 14) on Discord: no "start the bot" step; when
/// the AI has moved in a server channel, Anna gets a DM (POST
/// /users/@me/channels, then a message there) with a link button back to
/// the game's channel — once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_sends_a_dm_with_a_jump_link() {
    tokio::time::timeout(Duration::from_secs(90), notify_dm())
        .await
        .expect("in time");
}

async fn notify_dm() {
    let s = setup().await;
    let n = s.n();
    let on = command(
        1,
        "tok-n1",
        "notify",
        json!([{"name": "state", "type": 3, "value": "on"}]),
    );
    s.discord.on_interaction(interaction(on)).await;
    let answer = s
        .wait_for(n, "the /notify answer", |c| shown(c).contains("turned on"))
        .await;
    assert_eq!(flags(&answer), Some(64), "for Anna alone");
    assert!(
        !shown(&answer).contains("private chat"),
        "{}",
        shown(&answer)
    );

    let n = s.n();
    s.discord
        .on_interaction(interaction(fixture("challenge")))
        .await;
    s.wait_for(n, "the AI's board in the channel", is_ai_board)
        .await;
    let dm = s
        .wait_for(n, "the DM channel", |c| {
            c.method == "POST" && c.path == "/api/v10/users/@me/channels"
        })
        .await;
    assert_eq!(dm.body["recipient_id"], json!("500000000000000001"));
    let dm_messages = format!("/api/v10/channels/{DM_CHANNEL}/messages");
    let note = s
        .wait_for(n, "the DM", |c| c.method == "POST" && c.path == dm_messages)
        .await;
    let text = shown(&note);
    assert!(
        text.starts_with("Your move in game #1 (draughts): AI (level 1) played "),
        "{text}"
    );
    let link = &note.body["components"][0]["components"][0];
    assert_eq!(link["style"], json!(5), "a link button: {}", note.body);
    // back to the game's living board: the message, in its channel
    let db = rusqlite::Connection::open(s.dir.path().join("bot.sqlite")).unwrap();
    let (chat, message): (String, String) = db
        .query_row(
            "SELECT chat, message FROM placed_messages WHERE platform = 'discord' AND key = 'board:1'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(chat, "800000000000000001");
    assert_eq!(
        link["url"],
        json!(format!(
            "https://discord.com/channels/700000000000000001/800000000000000001/{message}"
        ))
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let dms = s
        .calls_since(n)
        .iter()
        .filter(|c| c.path == dm_messages)
        .count();
    assert_eq!(dms, 1, "once");
}

/// `/settings threads on` (issue 14, Discord; the server's admins only):
/// a new game opens a thread of its own (POST /channels/{id}/threads,
/// named after the game), its board and the AI's moves are posted there;
/// a move chosen inside the thread counts for the parent channel's game
/// and the AI answers in the thread again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_per_game_when_the_channel_asks_for_it() {
    tokio::time::timeout(Duration::from_secs(90), thread_per_game())
        .await
        .expect("in time");
}

async fn thread_per_game() {
    let s = setup().await;
    let settings = |n: u64, admin: bool| {
        let mut v = command(
            n,
            &format!("tok-s{n}"),
            "settings",
            json!([
                {"name": "key", "type": 3, "value": "threads"},
                {"name": "value", "type": 3, "value": "on"}
            ]),
        );
        if admin {
            v["member"]["permissions"] = json!("8");
        }
        interaction(v)
    };
    // not an admin: refused, for them alone
    let n = s.n();
    s.discord.on_interaction(settings(1, false)).await;
    let refused = s.wait_for(n, "the refusal", |c| !shown(c).is_empty()).await;
    assert!(shown(&refused).contains("admins"), "{}", shown(&refused));
    let n = s.n();
    s.discord.on_interaction(settings(2, true)).await;
    s.wait_for(n, "saved", |c| shown(c).contains("Saved")).await;

    // a game against the AI: the channel hears where it is played; the
    // board opens a thread named after the game
    let n = s.n();
    s.discord
        .on_interaction(interaction(fixture("challenge")))
        .await;
    let in_thread = format!("/api/v10/channels/{THREAD}/messages");
    // (the game's first board, posted in the thread, is its living board:
    // the AI's move edits it there, PATCH …/messages/ID)
    let ai_board = s
        .wait_for(n, "the AI's board in the thread", |c| {
            c.path.starts_with(in_thread.as_str()) && !component_ids(&c.body).1.is_empty()
        })
        .await;
    assert!(component_ids(&ai_board.body)
        .1
        .iter()
        .all(|o| o.starts_with("m:1:1:")));
    let calls = s.calls_since(n);
    assert!(
        shown(&calls[0]).contains("Game #1 is played in a thread of its own"),
        "{:?}",
        calls[0].body
    );
    let open = calls
        .iter()
        .find(|c| c.path == "/api/v10/channels/800000000000000001/threads")
        .expect("a thread opened");
    assert_eq!(open.body["name"], json!("Game #1: AI (level 1) – Anna"));
    assert_eq!(open.body["type"], json!(11));
    assert!(
        calls.iter().all(|c| c.path != CHANNEL_MESSAGES),
        "nothing of the game in the channel itself"
    );
    let db = rusqlite::Connection::open(s.dir.path().join("bot.sqlite")).unwrap();
    let stored: Option<String> = db
        .query_row("SELECT thread FROM games WHERE id = 1", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored.as_deref(), Some(THREAD));

    // `/move` typed inside the thread suggests the game's moves: the
    // thread's parent channel is the game's chat
    let mut typed = fixture("autocomplete");
    typed["id"] = json!("1100000000000000207");
    typed["channel_id"] = json!(THREAD);
    typed["channel"] = json!({"id": THREAD, "name": "Game #1", "type": 11, "parent_id": "800000000000000001", "permissions": "2048"});
    typed["data"]["options"][0]["value"] = json!("");
    let n = s.n();
    s.discord.on_interaction(interaction(typed)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 8, "{}", calls[0].body);
    let suggested = calls[0].body["data"]["choices"].as_array().unwrap().len();
    assert!(suggested > 0, "no moves suggested in the game's thread");

    // a move chosen inside the thread: the interaction's channel is the
    // thread, its parent the game's chat
    let chosen = component_ids(&ai_board.body).1[0].clone();
    let mut select = fixture("button");
    select["id"] = json!("1100000000000000208");
    select["token"] = json!("tok-thread-select");
    select["channel_id"] = json!(THREAD);
    select["channel"] = json!({"id": THREAD, "name": "Game #1", "type": 11, "parent_id": "800000000000000001", "permissions": "2048"});
    select["data"] = json!({"custom_id": "moves:1:0", "component_type": 3, "values": [chosen]});
    let select = interaction(select);
    let Interaction::Component(c) = &select else {
        panic!("a component")
    };
    let ev = discord::component_event(c).unwrap();
    assert_eq!(ev.chat.id, "800000000000000001");
    assert_eq!(ev.thread.as_deref(), Some(THREAD));
    let n = s.n();
    s.discord.on_interaction(select).await;
    // the AI's answer edits the living board in the thread (PATCH
    // …/messages/ID) or posts it there
    s.wait_for(n, "the AI's answer in the thread", |c| {
        c.path.starts_with(in_thread.as_str())
            && component_ids(&c.body)
                .1
                .iter()
                .all(|o| o.starts_with("m:1:3:"))
            && !component_ids(&c.body).1.is_empty()
    })
    .await;
    let calls = s.calls_since(n);
    // the pressed board (in the thread) changes in place
    assert_eq!(calls[0].body["type"], 7, "{}", calls[0].body);
    assert!(calls.iter().all(|c| c.path != CHANNEL_MESSAGES));
    assert!(
        calls.iter().all(|c| !c.path.ends_with("/threads")),
        "one thread per game"
    );
}

/// `/analyse` is answered with the "Analysing game #1…" message, whose id is
/// read back (GET @original) and kept; the job then edits that message in
/// the channel (PATCH) with the result, and posts the graph and the PDN.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_edits_the_message_that_answered_the_command() {
    let s = setup().await;
    s.discord
        .on_interaction(interaction(command(
            901,
            "tok-a1",
            "challenge",
            json!([{"name": "target", "type": 3, "value": "ai"}, {"name": "level", "type": 4, "value": 1}]),
        )))
        .await;
    s.discord
        .on_interaction(interaction(command(902, "tok-a2", "resign", json!([]))))
        .await;
    let n = s.n();
    s.discord
        .on_interaction(interaction(command(903, "tok-a3", "analyse", json!([]))))
        .await;
    // (the AI, when it drew White, may still be posting its move: find the
    // command's own answer)
    let answer = s
        .wait_for(n, "the /analyse answer", |c| {
            c.path.ends_with("/tok-a3/callback")
        })
        .await;
    assert_eq!(answer.body["type"], 4, "{}", answer.body);
    let started = answer.body["data"]["content"].as_str().unwrap().to_string();
    assert!(started.contains("Analysing game #1"), "{started}");
    s.wait_for(n, "the answer read back", |c| {
        c.method == "GET" && c.path.ends_with("/tok-a3/messages/@original")
    })
    .await;
    let edit = s
        .wait_for(n, "the result in its place", |c| {
            c.method == "PATCH"
                && c.path == format!("{CHANNEL_MESSAGES}/300000000000000099")
                && c.body["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("Analysis of game #1"))
        })
        .await;
    assert!(edit.files.is_empty());
    let files = s
        .wait_for(n, "the graph and the PDN", |c| {
            c.method == "POST" && c.path == CHANNEL_MESSAGES && !c.files.is_empty()
        })
        .await;
    assert_eq!(files.files.len(), 2, "{:?}", files.body);
    // the "Analysing…" message was posted once: every later word edits it
    let posted = s
        .calls_since(n)
        .iter()
        .filter(|c| {
            c.method == "POST"
                && c.body["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("Analys"))
        })
        .count();
    assert_eq!(posted, 0, "no second message");
}

/// A game's thread archived or locked (a prankster can do it): Discord
/// refuses the post there (400, 50083); the same message (text, board
/// image, buttons) goes to the parent channel instead, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archived_thread_falls_back_to_the_channel() {
    let s = setup().await;
    s.fake
        .thread_archived
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let board = shashki::render::render_png(
        &shashki::engine::Position::initial(),
        &shashki::render::RenderOptions::default(),
    );
    let reply = shashki::core::Reply {
        thread: Some(THREAD.into()),
        image: Some(shashki::core::Image::ready("board.png", board)),
        ..shashki::core::Reply::text(
            Platform::Discord,
            shashki::core::Target::Chat("800000000000000001".into()),
            "Your move in game #1.",
        )
    };
    let in_thread = format!("/api/v10/channels/{THREAD}/messages");
    let n = s.n();
    s.discord.post(&reply).await;
    let calls = s.calls_since(n);
    let posts: Vec<&Call> = calls.iter().filter(|c| c.method == "POST").collect();
    assert_eq!(posts.len(), 2, "{calls:#?}");
    assert_eq!(posts[0].path, in_thread);
    assert_eq!(posts[1].path, CHANNEL_MESSAGES);
    assert_eq!(shown(posts[1]), "Your move in game #1.");
    assert_eq!(posts[1].body, posts[0].body);
    assert_eq!(posts[1].files.len(), 1);
    assert_eq!(posts[1].files, posts[0].files);
    assert!(is_png(&posts[1].files[0].2));
    // the thread open again: posts go there, not to the channel
    s.fake
        .thread_archived
        .store(false, std::sync::atomic::Ordering::SeqCst);
    let n = s.n();
    s.discord.post(&reply).await;
    let calls = s.calls_since(n);
    let posts: Vec<&Call> = calls.iter().filter(|c| c.method == "POST").collect();
    assert_eq!(posts.len(), 1, "{calls:#?}");
    assert_eq!(posts[0].path, in_thread);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_board_answers_the_presser_alone_with_their_own_link() {
    tokio::time::timeout(Duration::from_secs(90), open_board())
        .await
        .expect("finished in time");
}

async fn open_board() {
    let s = setup_with(|c| {
        c.web.public_url = Some("https://draughts.example.org".into());
    })
    .await;
    // Anna's challenge, Bob accepts: the board carries "Open board"
    s.anna_challenges_as_white().await;
    let card = s.calls_since(0).pop().unwrap();
    let accept = component_ids(&card.body["data"])
        .0
        .into_iter()
        .find(|b| b.starts_with("a:"))
        .expect("an accept button");
    let board = s.bob_presses(2, "tok-accept", &accept).await.remove(0);
    let buttons = component_ids(&board.body["data"]).0;
    assert!(
        buttons.contains(&"w:1".to_string()),
        "Open board: {buttons:?}"
    );
    let before = stored(&s);

    // Bob presses it: his own link, for him alone; nothing public, nothing
    // changed
    let calls = s.bob_presses(3, "tok-web", "w:1").await;
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(calls[0].body["type"], 4, "{}", calls[0].body);
    assert_eq!(flags(&calls[0]), Some(64), "ephemeral");
    nothing_public(&calls);
    let text = shown(&calls[0]);
    let token = text
        .split("https://draughts.example.org/web/g/1?t=")
        .nth(1)
        .unwrap_or_else(|| panic!("a link: {text}"))
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let svc = s.hub.service();
    let claims = web::check(svc, &token, GameId(1)).expect("a good link");
    assert_eq!(
        Some(claims.user),
        web::user_named(svc, GameId(1), "bob").unwrap(),
        "Bob's, not Anna's"
    );
    assert_eq!(stored(&s), before);

    // a spectator's press in a channel that keeps the web board to the
    // players: refused, for them alone, no link
    let mut carol = component(
        4,
        "tok-carol",
        json!({"custom_id": "w:1", "component_type": 2}),
    );
    carol["member"]["user"] = json!({"id": "500000000000000003", "username": "carol", "discriminator": "0", "global_name": "Carol", "avatar": null});
    let n = s.n();
    s.discord.on_interaction(interaction(carol)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(flags(&calls[0]), Some(64), "ephemeral");
    let text = shown(&calls[0]);
    assert!(text.contains("only the players"), "{text}");
    assert!(!text.contains("/web/g/"), "{text}");
    nothing_public(&calls);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_with_the_variant_option_plays_international_draughts() {
    tokio::time::timeout(Duration::from_secs(90), international())
        .await
        .expect("finished in time");
}

/// `/challenge colour:white variant:international`: the card names the
/// variant; Bob accepts; the board is a 10×10 PNG with a menu of Anna's
/// nine opening moves in numbers; the one she picks is stored as written.
async fn international() {
    let s = setup().await;
    s.discord
        .on_interaction(interaction(command(
            1,
            "tok-open",
            "challenge",
            json!([
                {"name": "colour", "type": 3, "value": "white"},
                {"name": "variant", "type": 3, "value": "international"},
            ]),
        )))
        .await;
    let card = s.calls_since(0).pop().unwrap();
    assert!(
        shown(&card).contains("International draughts"),
        "{}",
        card.body
    );
    let accept = component_ids(&card.body["data"])
        .0
        .into_iter()
        .find(|b| b.starts_with("a:"))
        .expect("an accept button");
    let board = s.bob_presses(2, "tok-accept", &accept).await.remove(0);
    assert_eq!(board.body["type"], 4, "{}", board.body);
    assert!(
        shown(&board).contains("International draughts"),
        "{}",
        board.body
    );
    assert_eq!(board.files.len(), 1, "the board attachment");
    assert!(is_png(&board.files[0].2));
    let png = image::load_from_memory(&board.files[0].2).unwrap();
    assert!(png.width() >= 320, "{}", png.width());
    // the menu: every opening move, labelled in numbers
    let menu: Vec<(String, String)> = board.body["data"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap().iter())
        .filter(|c| c["type"] == 3)
        .flat_map(|c| c["options"].as_array().unwrap().iter())
        .map(|o| {
            (
                o["label"].as_str().unwrap().to_string(),
                o["value"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let labels: Vec<&str> = menu.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
    );
    let chosen = menu
        .iter()
        .find(|(l, _)| l == "32-28")
        .map(|(_, v)| v.clone())
        .unwrap();
    let mut mine = fixture("button");
    mine["id"] = json!("1100000000000000199");
    mine["token"] = json!("tok-anna");
    mine["data"] = json!({"custom_id": "moves:1:0", "component_type": 3, "values": [chosen]});
    let n = s.n();
    s.discord.on_interaction(interaction(mine)).await;
    let calls = s.calls_since(n);
    assert_eq!(calls[0].body["type"], 7, "the pressed board updated");
    assert!(shown(&calls[0]).contains("32-28"), "{}", calls[0].body);
    assert_eq!(stored(&s), (1, 1));
    let db = rusqlite::Connection::open(s.dir.path().join("bot.sqlite")).unwrap();
    let (variant, text): (String, String) = db
        .query_row(
            "SELECT g.variant, m.notation FROM games g JOIN moves m ON m.game_id = g.id",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (variant.as_str(), text.as_str()),
        ("international", "32-28")
    );
}

/// A member over their rate: the lanes refuse the interaction (nothing
/// runs), and it is answered all the same — with a note for them alone,
/// in their language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_answered_privately_in_the_callers_language() {
    let s = setup().await;
    s.hub.set_lane_limits(shashki::runtime::LaneLimits {
        per_user_per_minute: 1,
        ..s.hub.lane_limits()
    });
    s.anna_challenges_as_white().await;
    let n = s.n();
    let mut again = command(2, "tok-flood", "challenge", json!([]));
    again["locale"] = json!("de");
    s.discord.on_interaction(interaction(again)).await;
    let calls = s.calls_since(n);
    // one call: the refusal (the challenge never ran: no card)
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert!(calls[0].path.ends_with("/tok-flood/callback"), "{calls:#?}");
    assert_eq!(calls[0].body["type"], 4, "{}", calls[0].body);
    assert_eq!(flags(&calls[0]), Some(64));
    let catalog = shashki::core::i18n::Catalog::new();
    let slow_down = catalog.get(shashki::core::i18n::Lang::De, "slow-down", None);
    assert_eq!(shown(&calls[0]), slow_down);
}
