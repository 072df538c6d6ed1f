//! The web board's pages over real HTTP for the tests: a room's service
//! behind a hub, its routes on 127.0.0.1, and what a test asks of them.
#![allow(dead_code)] // each test file that shares this module uses a part

use crate::browser::Browser;
use crate::common::room::Room;
use serde_json::json;
use shashki::adapters::web::{self, WebOptions};
use shashki::core::{Config, GameId, Platform, Ply};
use shashki::runtime::{Hub, ReplyRx};
use std::time::Duration;

pub struct Served {
    pub room: Room,
    pub hub: Hub,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub replies: ReplyRx,
    _stop: tokio::sync::watch::Sender<bool>,
}

/// The room's service behind a hub, its web board on 127.0.0.1.
pub async fn serve(room: Room, opts: WebOptions) -> Served {
    let (hub, stop) = Hub::with_ai_workers(room.svc.clone(), 1);
    let replies = hub.register(Platform::Console);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = web::router(hub.clone(), opts);
    tokio::spawn(async move { axum::serve(listener, app).await });
    Served {
        room,
        hub,
        base,
        replies,
        _stop: stop,
    }
}

/// An HTTP client that shows redirects rather than following them.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The cookie `r` set (its `name=value`, without the attributes).
pub fn session_cookie(r: &reqwest::Response) -> Option<String> {
    r.headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string())
}

/// Until the page's script has run (its `#app` marked ready).
pub async fn ready(b: &Browser, what: &str) {
    b.until(what, || async {
        b.run(
            "return document.getElementById('app')?.dataset.ready === '1';",
            json!([]),
        )
        .await
        .as_bool()
        .unwrap_or(false)
    })
    .await;
}

/// The web tests' service: 160-pixel boards, an AI of 20 ms a move.
pub fn web_config() -> Config {
    Config {
        ai_max_movetime: Duration::from_millis(20),
        board_size: 160,
        ..Config::default()
    }
}

/// The stored ply of `game`.
pub fn ply(s: &Served, game: GameId) -> Ply {
    shashki::store::game(s.room.store().read(), game)
        .unwrap()
        .unwrap()
        .ply
}

/// `name`'s link token for `game`'s page.
pub fn token(s: &Served, game: GameId, name: &str) -> String {
    let user = shashki::core::web::user_named(&s.room.svc, game, name)
        .unwrap()
        .unwrap();
    shashki::core::web::token(&s.room.svc, game, user).unwrap()
}

/// Open the page of `game` for `name` in the browser; wait for its script.
pub async fn open_in(b: &Browser, s: &Served, game: GameId, name: &str) {
    b.goto(&format!(
        "{}/web/g/{}?t={}",
        s.base,
        game.0,
        token(s, game, name)
    ))
    .await;
    ready(b, "the page's script ran").await;
}

/// Open `token`'s link: the status and the session cookie it set.
pub async fn open(s: &Served, game: GameId, token: &str) -> (u16, Option<String>) {
    let r = client()
        .get(format!("{}/web/g/{}?t={token}", s.base, game.0))
        .send()
        .await
        .unwrap();
    let cookie = session_cookie(&r);
    (r.status().as_u16(), cookie)
}

/// The page's anti-forgery token for a session.
pub async fn csrf(s: &Served, game: GameId, cookie: &str) -> String {
    csrf_at(s, &format!("web/g/{}", game.0), cookie).await
}

/// The anti-forgery token of the page at `path` (`web/g/1`, `web/p/1/7`)
/// for a session.
pub async fn csrf_at(s: &Served, path: &str, cookie: &str) -> String {
    let page = client()
        .get(format!("{}/{path}", s.base))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let at = page.find("name=\"csrf\" content=\"").expect("csrf meta") + 21;
    page[at..at + 64].to_string()
}

/// A move posted to `game`'s page with the session, the anti-forgery
/// token and the `origin` given: the status and the answer's body.
pub async fn post_move(
    s: &Served,
    game: GameId,
    cookie: &str,
    csrf: &str,
    origin: &str,
    body: serde_json::Value,
) -> (u16, String) {
    let path = format!("/web/g/{}/move", game.0);
    post_json(&s.base, &path, cookie, csrf, origin, body).await
}

/// A page's JSON request to `base` + `path` with the session, the
/// anti-forgery token and the `origin` given: the status and the body.
pub async fn post_json(
    base: &str,
    path: &str,
    cookie: &str,
    csrf: &str,
    origin: &str,
    body: serde_json::Value,
) -> (u16, String) {
    let r = client()
        .post(format!("{base}{path}"))
        .header("cookie", cookie)
        .header("x-csrf-token", csrf)
        .header("origin", origin)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// The page as it is now, `w`×`h`, a PNG; written as the README's
/// `docs/<name>.png` with `SHASHKI_WRITE_SCREENSHOTS=1`.
pub async fn picture(b: &Browser, name: &str, w: u32, h: u32) -> Vec<u8> {
    b.size(w, h).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let png = b.screenshot().await;
    assert!(png.starts_with(b"\x89PNG"), "{name} is a PNG");
    if std::env::var("SHASHKI_WRITE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        let path = format!("{}/docs/{name}.png", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(path, &png).unwrap();
    }
    png
}
