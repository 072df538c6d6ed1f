//! Telegram in webhook mode (`[telegram] webhook_url`, `webhook_listen`,
//! `webhook_secret`; issue 22): the runtime as `shashki run` starts it, on
//! the fake Bot API (tests/common/telegram.rs), with updates POSTed to its
//! webhook port as Telegram would (reqwest, with the secret header). A
//! move is played and answered; a request without the secret is refused
//! and changes nothing; an update posted twice — to one process, or to two
//! on one SQLite file — is applied once; a 2 MB body and a body that is no
//! update are refused, and the process goes on. The real binary at trace
//! never logs the secret.

mod common {
    #[cfg(unix)]
    pub mod process;
    pub mod telegram;
}

use common::telegram::*;
use serde_json::{json, Value};
use shashki::config::FileConfig;
use shashki::core::Service;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

const SECRET: &str = "webhook_Secret-42xyz";
const PATH: &str = "/tg/hook-7";

/// A port nothing listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The `[telegram]` lines of webhook mode on `port`.
fn webhook_keys(port: u16) -> String {
    format!(
        "webhook_url = \"https://bot.example{PATH}\"\n\
         webhook_listen = \"127.0.0.1:{port}\"\nwebhook_secret = \"{SECRET}\"\n"
    )
}

/// POST `body` to the webhook on `port` with `secret` in the header (none:
/// no header); the status.
async fn post(port: u16, secret: Option<&str>, body: impl Into<reqwest::Body>) -> u16 {
    let mut req = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}{PATH}"))
        .header("content-type", "application/json")
        .timeout(Duration::from_secs(40))
        .body(body);
    if let Some(s) = secret {
        req = req.header("X-Telegram-Bot-Api-Secret-Token", s);
    }
    req.send().await.unwrap().status().as_u16()
}

/// POST a body the server should refuse for its size: its status, or 413
/// when the server answered and closed the connection before the client
/// had written the whole body (a broken pipe on the client's side is the
/// server refusing early, which is what a size limit should do).
async fn post_huge(port: u16, body: impl Into<reqwest::Body>) -> u16 {
    let res = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}{PATH}"))
        .header("content-type", "application/json")
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .timeout(Duration::from_secs(40))
        .body(body)
        .send()
        .await;
    match res {
        Ok(r) => r.status().as_u16(),
        Err(e) if e.is_request() && !e.is_timeout() && !e.is_connect() => {
            let why = format!("{e:?}");
            assert!(
                why.contains("BodyWrite") || why.contains("reset") || why.contains("Broken pipe"),
                "{why}"
            );
            413
        }
        Err(e) => panic!("{e:?}"),
    }
}

/// POST an update the way Telegram does.
async fn deliver(port: u16, update: &Value) -> u16 {
    post(port, Some(SECRET), update.to_string()).await
}

fn count(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Start the runtime in webhook mode and wait for its setWebhook; the
/// runtime and its webhook port.
async fn start() -> (Runtime, u16) {
    let port = free_port();
    let rt = Runtime::start(
        "[ai]\nmax_movetime_ms = 50\n[game]\nboard_size = 160\n",
        &webhook_keys(port),
    )
    .await;
    rt.fake
        .wait_for(0, "setWebhook", |c| c.method == "setWebhook")
        .await;
    (rt, port)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_by_webhook_is_played_and_answered_and_a_second_delivery_is_skipped() {
    let (rt, port) = start().await;
    let fake = Arc::clone(&rt.fake);
    // setWebhook: the public URL, the secret, the kinds polling asks for;
    // no getUpdates ever
    let set = fake
        .calls()
        .into_iter()
        .find(|c| c.method == "setWebhook")
        .unwrap();
    assert_eq!(
        set.fields["url"],
        json!(format!("https://bot.example{PATH}"))
    );
    assert_eq!(set.fields["secret_token"], json!(SECRET));
    assert_eq!(
        set.fields["allowed_updates"],
        json!(["message", "callback_query", "inline_query"])
    );

    // the challenge: answered 200 once the game is committed
    assert_eq!(
        deliver(port, &text_update(1, 10, "/challenge ai 1 white")).await,
        200
    );
    assert_eq!(
        count(&rt.db, "SELECT COUNT(*) FROM games"),
        1,
        "stored by the 200"
    );
    let (i, board) = fake
        .wait_for(0, "the first board", |c| {
            c.method == "sendPhoto" && buttons(c).iter().any(|b| b.starts_with("m:"))
        })
        .await;
    assert_eq!(board.fields["chat_id"], json!(ANNA));
    let board_msg = fake.next_message.load(Ordering::SeqCst);
    let first = button(&board, "m:");

    // a move by button: 200 once it is stored; the press is answered and
    // the board edited after the AI's reply
    let press = callback_update(2, "cq-1", board_msg, &first);
    assert_eq!(deliver(port, &press).await, 200);
    assert!(count(&rt.db, "SELECT COUNT(*) FROM moves") >= 1);
    let (j, _) = fake
        .wait_for(i, "the callback answer", |c| {
            c.method == "answerCallbackQuery" && c.fields["callback_query_id"] == "cq-1"
        })
        .await;
    fake.wait_for(j, "the board after the AI's move", |c| {
        c.method == "editMessageMedia" && shown_text(c).contains("White to play")
    })
    .await;
    let moves = count(&rt.db, "SELECT COUNT(*) FROM moves");
    assert_eq!(moves, 2, "Anna's move and the AI's");

    // Telegram delivers the press again (its 200 was lost): answered 200,
    // applied no second time (what the move owed is out first)
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = fake.calls().len();
    assert_eq!(deliver(port, &press).await, 200);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(count(&rt.db, "SELECT COUNT(*) FROM moves"), moves);
    let again: Vec<String> = fake.calls()[before..]
        .iter()
        .filter(|c| c.method != "answerCallbackQuery")
        .map(|c| c.method.clone())
        .collect();
    assert!(again.is_empty(), "nothing sent for the repeat: {again:?}");
    assert!(
        !fake.calls().iter().any(|c| c.method == "getUpdates"),
        "no polling in webhook mode"
    );
    let dir = rt.stop().await;
    // deleteWebhook is not called at a stop: other processes serve the URL
    assert!(!fake.calls().iter().any(|c| c.method == "deleteWebhook"));
    drop(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_without_the_secret_is_refused_and_changes_nothing() {
    let (rt, port) = start().await;
    let update = text_update(1, 10, "/challenge ai 1 white");
    let before = rt.fake.calls().len();
    assert_eq!(post(port, None, update.to_string()).await, 401, "no header");
    assert_eq!(
        post(port, Some("webhook_Secret-42xy"), update.to_string()).await,
        401,
        "a prefix"
    );
    assert_eq!(
        post(port, Some("webhook_Secret-42xyz0"), update.to_string()).await,
        401,
        "longer"
    );
    assert_eq!(
        post(port, Some("Webhook_Secret-42xyz"), update.to_string()).await,
        401,
        "one letter's case"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(count(&rt.db, "SELECT COUNT(*) FROM processed_updates"), 0);
    assert_eq!(count(&rt.db, "SELECT COUNT(*) FROM games"), 0);
    assert_eq!(rt.fake.calls().len(), before, "nothing was sent");
    // the same update with the secret: taken (it was not recorded)
    assert_eq!(deliver(port, &update).await, 200);
    assert_eq!(count(&rt.db, "SELECT COUNT(*) FROM games"), 1);
    rt.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_or_malformed_body_is_refused_and_the_process_goes_on() {
    let (rt, port) = start().await;
    // 2 MB of a would-be update
    let mut huge = text_update(1, 10, "/help");
    huge["message"]["padding"] = json!("x".repeat(2 << 20));
    assert_eq!(post_huge(port, huge.to_string()).await, 413);
    // the same without a length up front (chunked)
    let chunks =
        futures_util::stream::iter((0..32).map(|_| Ok::<_, std::io::Error>(vec![b' '; 64 << 10])));
    assert_eq!(
        post_huge(port, reqwest::Body::wrap_stream(chunks)).await,
        413
    );
    // no JSON, JSON that is no update
    assert_eq!(post(port, Some(SECRET), "{not json").await, 400);
    assert_eq!(post(port, Some(SECRET), "{\"message\": 5}").await, 400);
    assert_eq!(post(port, Some(SECRET), "[]").await, 400);
    // another path, another method
    let other = reqwest::Client::new()
        .post(format!("http://127.0.0.1:{port}/elsewhere"))
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .body(text_update(2, 11, "/help").to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(other.status().as_u16(), 404);
    let get = reqwest::Client::new()
        .get(format!("http://127.0.0.1:{port}{PATH}"))
        .send()
        .await
        .unwrap();
    assert_eq!(get.status().as_u16(), 405);
    assert_eq!(count(&rt.db, "SELECT COUNT(*) FROM processed_updates"), 0);
    // and it still takes updates
    assert_eq!(deliver(port, &text_update(3, 12, "/help")).await, 200);
    rt.fake
        .wait_for(0, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    rt.stop().await;
}

/// Two processes (two runtimes, each its own `Service` and webhook port)
/// on one SQLite file behind one "load balancer": the same update posted
/// to both — one after the other, and both at once — is applied once and
/// answered once; a refused one is refused once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_file_apply_an_update_once() {
    let (a, port_a) = start().await;
    let fake = Arc::clone(&a.fake);
    // the second process: the same database and Bot API, its own port
    let port_b = free_port();
    let api = a.config.telegram.api_url.clone();
    let config = FileConfig::from_toml(&format!(
        "[database]\npath = {:?}\n[ai]\nmax_movetime_ms = 50\n[game]\nboard_size = 160\n\
         [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"{api}\"\n{}",
        a.db,
        webhook_keys(port_b)
    ))
    .unwrap();
    let service = Service::open(&a.db, config.service_config(), a.clock.clone()).unwrap();
    let (stop_b, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let b = tokio::spawn(shashki::runtime::run(
        Arc::new(service),
        shashki::adapters::bots(&config),
        shashki::runtime::RunOptions::default(),
        async {
            let _ = stop_rx.await;
        },
    ));
    fake.wait_for(0, "the second setWebhook", |_| {
        fake.calls()
            .iter()
            .filter(|c| c.method == "setWebhook")
            .count()
            == 2
    })
    .await;

    // one after the other: A takes it, B skips it
    let challenge = text_update(1, 10, "/challenge ai 1 white");
    assert_eq!(deliver(port_a, &challenge).await, 200);
    assert_eq!(deliver(port_b, &challenge).await, 200);
    // both at once
    let help = text_update(2, 11, "/help");
    let (x, y) = tokio::join!(deliver(port_a, &help), deliver(port_b, &help));
    assert_eq!((x, y), (200, 200));
    // refused, at both: one refusal
    let junk = text_update(3, 12, "/accept junk");
    assert_eq!(deliver(port_b, &junk).await, 200);
    assert_eq!(deliver(port_a, &junk).await, 200);
    fake.wait_for(0, "the refusal", |c| {
        c.method == "sendMessage" && c.fields["reply_parameters"]["message_id"] == json!(12)
    })
    .await;
    fake.wait_for(0, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    fake.wait_for(0, "the board", |c| c.method == "sendPhoto")
        .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(count(&a.db, "SELECT COUNT(*) FROM games"), 1);
    assert_eq!(
        count(&a.db, "SELECT COUNT(*) FROM processed_updates"),
        3,
        "each update recorded once"
    );
    let calls = fake.calls();
    let boards = calls.iter().filter(|c| c.method == "sendPhoto").count();
    let helps = calls
        .iter()
        .filter(|c| shown_text(c).contains("/challenge ai"))
        .count();
    let refusals = calls
        .iter()
        .filter(|c| {
            c.method == "sendMessage" && c.fields["reply_parameters"]["message_id"] == json!(12)
        })
        .count();
    assert_eq!((boards, helps, refusals), (1, 1, 1), "each answered once");
    stop_b.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(40), b)
        .await
        .expect("B stops")
        .unwrap()
        .expect("without error");
    a.stop().await;
}

/// The real binary at `[log] level = "trace"` in webhook mode: setWebhook
/// carries the secret, a request with it is taken, one without it is
/// refused — and no line of the log holds the secret (nor the token).
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_level_prints_the_webhook_secret() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = \"bot.sqlite\"\n[log]\nlevel = \"trace\"\n\
             [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"http://{addr}\"\n{}",
            webhook_keys(port)
        ),
    )
    .unwrap();
    let (child, guard, reader) = common::process::spawn_logged(&config);
    let (_, set) = fake
        .wait_for(0, "setWebhook", |c| c.method == "setWebhook")
        .await;
    assert_eq!(
        set.fields["secret_token"],
        json!(SECRET),
        "it went over the wire"
    );
    // the listener is up before setWebhook; the server right after it
    let mut status = 0;
    for _ in 0..50 {
        status = deliver(port, &text_update(1, 10, "/help")).await;
        if status == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, 200);
    assert_eq!(post(port, Some("wrong-secret-0"), "{}").await, 401);
    fake.wait_for(0, "the help", |c| shown_text(c).contains("/challenge ai"))
        .await;
    let log = common::process::stop_logged(child, guard, reader, Duration::from_secs(30)).await;
    assert!(log.contains("TRACE"), "the log is at trace");
    assert!(log.contains("taking updates by webhook"), "{log}");
    assert!(log.contains("refused"), "the refusal is logged: {log}");
    let hex: String = SECRET.bytes().map(|b| format!("{b:02x}")).collect();
    common::process::assert_not_in_log(
        &log,
        [
            SECRET.to_string(),
            hex.to_uppercase(),
            hex,
            TOKEN.to_string(),
        ],
    );
}
