//! The web board's pages over real HTTP for the tests: a room's service
//! behind a hub, its routes on 127.0.0.1, and what a test asks of them.
#![allow(dead_code)] // each test file that shares this module uses a part

use crate::browser::Browser;
use crate::common::room::Room;
use serde_json::json;
use shashki::adapters::web::{self, WebOptions};
use shashki::core::Platform;
use shashki::runtime::{Hub, ReplyRx};

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
