//! The web board (issue 24) over real HTTP: who may open and change what
//! (signed links, cookies, Origin, anti-forgery token, rate), and — in a
//! real headless Chromium — play by clicks: a whole game against the AI,
//! a two-piece capture step by step, a refused move explained on the page,
//! the opponent's chat move appearing without a reload; and the README's
//! screenshots of a phone and a desktop view.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::Browser;
use common::room::Room;
use serde_json::json;
use shashki::adapters::web::{self, WebOptions};
use shashki::core::{Config, GameId, Input, Platform, Ply, UserId};
use shashki::runtime::{Hub, ReplyRx};
use shashki::store;
use std::time::Duration;

struct Served {
    room: Room,
    hub: Hub,
    base: String,
    replies: ReplyRx,
    _stop: tokio::sync::watch::Sender<bool>,
}

fn config() -> Config {
    Config {
        ai_max_movetime: Duration::from_millis(20),
        board_size: 160,
        ..Config::default()
    }
}

/// The room's service behind a hub, its web board on 127.0.0.1.
async fn serve(room: Room, opts: WebOptions) -> Served {
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

fn user(s: &Served, game: GameId, name: &str) -> UserId {
    s.room.svc.web_user_named(game, name).unwrap().unwrap()
}

fn token(s: &Served, game: GameId, name: &str) -> String {
    s.room.svc.web_token(game, user(s, game, name)).unwrap()
}

fn ply(s: &Served, game: GameId) -> Ply {
    store::game(s.room.store().read(), game)
        .unwrap()
        .unwrap()
        .ply
}

/// Anna (White) against Bob, in the room. Its id.
fn human_game(room: &Room) -> GameId {
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white");
    let accept = card
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .find(|c| c.label.contains("Accept"))
        .expect("an accept button")
        .payload
        .clone();
    room.press("Bob", &accept);
    GameId(1)
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Open `token`'s link: the status and the session cookie it set.
async fn open(s: &Served, game: GameId, token: &str) -> (u16, Option<String>) {
    let r = client()
        .get(format!("{}/web/g/{}?t={token}", s.base, game.0))
        .send()
        .await
        .unwrap();
    let cookie = r
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string());
    (r.status().as_u16(), cookie)
}

/// The page's anti-forgery token for a session.
async fn csrf(s: &Served, game: GameId, cookie: &str) -> String {
    let page = client()
        .get(format!("{}/web/g/{}", s.base, game.0))
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

async fn post_move(
    s: &Served,
    game: GameId,
    cookie: &str,
    csrf: &str,
    origin: &str,
    body: serde_json::Value,
) -> (u16, String) {
    let r = client()
        .post(format!("{}/web/g/{}/move", s.base, game.0))
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_expired_tampered_and_foreign_links_are_refused_and_change_nothing() {
    let room = Room::with_config(config());
    let game = human_game(&room);
    // another chat's game, of people not in this one
    room.svc
        .handle(&room.event_in(
            "other",
            "Other",
            "Carl",
            Input::Text("/challenge ai 1".into()),
        ))
        .unwrap();
    let s = serve(room, WebOptions::default()).await;
    let anna = token(&s, game, "anna");
    let before = ply(&s, game);

    // a good link opens (a cookie for this game's pages, then the page)
    let (status, cookie) = open(&s, game, &anna).await;
    assert_eq!(status, 303);
    let cookie = cookie.expect("a session cookie");
    assert!(cookie.starts_with("shashki_g1="), "{cookie}");

    // tampered: the user, the game, the expiry, the signature
    let parts: Vec<&str> = anna.split('.').collect();
    let forged_user = format!("{}.{}.{}.{}.{}", parts[0], 99, parts[2], parts[3], parts[4]);
    let later = format!(
        "{}.{}.{}.{}.{}",
        parts[0], parts[1], 9_999_999_999i64, parts[3], parts[4]
    );
    let mut sig = parts[4].to_string();
    sig.replace_range(0..1, if sig.starts_with('0') { "1" } else { "0" });
    let bad_sig = format!(
        "{}.{}.{}.{}.{}",
        parts[0], parts[1], parts[2], parts[3], sig
    );
    for t in [
        forged_user.as_str(),
        later.as_str(),
        bad_sig.as_str(),
        "1.1.1.0.00",
        "nonsense",
    ] {
        assert_eq!(open(&s, game, t).await, (401, None), "{t}");
    }
    // Anna's good link on another game (Carl's, another chat): 403
    assert_eq!(open(&s, GameId(2), &anna).await.0, 403);
    // no cookie, or a cookie with a forged token: 401 for the page and state
    for path in ["", "/state", "/pdn"] {
        let r = client()
            .get(format!("{}/web/g/1{path}", s.base))
            .header("cookie", format!("shashki_g1={bad_sig}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 401, "{path}");
        let r = client()
            .get(format!("{}/web/g/1{path}", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 401, "{path}");
    }
    // a forged cookie cannot move
    let token_ = csrf(&s, game, &cookie).await;
    let (status, _) = post_move(
        &s,
        game,
        &format!("shashki_g1={forged_user}"),
        &token_,
        &s.base,
        json!({"ply": 0, "index": 0}),
    )
    .await;
    assert_eq!(status, 401);

    // expired: the clock past the link's hours
    s.room.clock.advance(s.room.config.web.link_secs + 1);
    assert_eq!(open(&s, game, &anna).await.0, 401);
    let (status, _) = post_move(
        &s,
        game,
        &cookie,
        &token_,
        &s.base,
        json!({"ply": 0, "index": 0}),
    )
    .await;
    assert_eq!(status, 401, "an expired session moves nothing");
    assert_eq!(ply(&s, game), before, "nothing changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_unsigned_revoked_and_flooding_requests_are_refused() {
    let room = Room::with_config(config());
    let game = human_game(&room);
    let s = serve(
        room,
        WebOptions {
            posts_per_minute: 3,
            ..WebOptions::default()
        },
    )
    .await;
    let (_, cookie) = open(&s, game, &token(&s, game, "anna")).await;
    let cookie = cookie.unwrap();
    let good = csrf(&s, game, &cookie).await;
    let mv = json!({"ply": 0, "index": 0});
    // another site's page posting with the user's cookie
    let (status, _) = post_move(&s, game, &cookie, &good, "https://evil.example", mv.clone()).await;
    assert_eq!(status, 403);
    // no anti-forgery token, or another session's
    let (status, _) = post_move(&s, game, &cookie, "", &s.base, mv.clone()).await;
    assert_eq!(status, 403);
    let (_, bob) = open(&s, game, &token(&s, game, "bob")).await;
    let bobs = csrf(&s, game, &bob.unwrap()).await;
    let (status, _) = post_move(&s, game, &cookie, &bobs, &s.base, mv.clone()).await;
    assert_eq!(status, 403);
    assert_eq!(ply(&s, game), Ply(0), "nothing changed");

    // the prankster's cases hold on the web too: Bob moving on Anna's turn
    let (_, bob) = open(&s, game, &token(&s, game, "bob")).await;
    let bob = bob.unwrap();
    let bobs = csrf(&s, game, &bob).await;
    let (status, body) = post_move(
        &s,
        game,
        &bob,
        &bobs,
        &s.base,
        json!({"ply": 0, "index": 0}),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        body.contains("\"ok\":false") && body.contains("It is not your turn"),
        "{body}"
    );
    let (_, body) = post_move(
        &s,
        game,
        &bob,
        &bobs,
        &s.base,
        json!({"ply": 0, "text": "c3-d4"}),
    )
    .await;
    assert!(body.contains("\"ok\":false"), "{body}");
    assert_eq!(ply(&s, game), Ply(0), "nothing changed");

    // Anna's move is played, once
    let (status, body) = post_move(&s, game, &cookie, &good, &s.base, mv.clone()).await;
    assert_eq!(
        (status, body.contains("\"ok\":true")),
        (200, true),
        "{body}"
    );
    assert_eq!(ply(&s, game), Ply(1));
    // the same button again: the board moved on
    let (_, body) = post_move(&s, game, &cookie, &good, &s.base, mv.clone()).await;
    assert!(body.contains("\"ok\":false"), "{body}");

    // past the user's rate: 429, nothing handled
    let (status, _) = post_move(&s, game, &cookie, &good, &s.base, mv.clone()).await;
    assert_eq!(status, 200);
    let (status, body) = post_move(&s, game, &cookie, &good, &s.base, mv.clone()).await;
    assert_eq!(status, 429, "{body}");

    // revoked: every link and session of Anna's stops
    let anna = user(&s, game, "anna");
    s.room.svc.revoke_web_links(anna).unwrap();
    let r = client()
        .get(format!("{}/web/g/1/state", s.base))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    // a new link works again
    assert_eq!(open(&s, game, &token(&s, game, "anna")).await.0, 303);
    drop(s.replies);
}

/// Open the page of `game` for `name` in the browser; wait for its script.
async fn open_in(b: &Browser, s: &Served, game: GameId, name: &str) {
    b.goto(&format!(
        "{}/web/g/{}?t={}",
        s.base,
        game.0,
        token(s, game, name)
    ))
    .await;
    b.until("the page's script ran", || async {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_a_whole_game_against_the_ai_and_a_capture_step_by_step() {
    let Some(b) = Browser::start("in_a_browser_a_whole_game_against_the_ai").await else {
        return;
    };
    let room = Room::with_config(config());
    // game 1: a near-end position; White (Anna) wins in two moves, the AI's
    // only move between
    room.say("Anna", "/challenge ai 1 white from W:Wc5,h2:Ba7");
    // game 2: a two-piece capture that ends the game
    room.say("Anna", "/challenge ai 1 white from W:Wc3:Bd4,f6");
    let mut s = serve(room, WebOptions::default()).await;

    open_in(&b, &s, GameId(1), "anna").await;
    assert_eq!(b.piece("c5").await.as_deref(), Some("w"));
    assert_eq!(b.piece("a7").await.as_deref(), Some("b"));
    assert_eq!(b.piece("d4").await, None);
    assert!(b.text("[data-role=status]").await.contains("White"));
    b.tap("h2").await;
    assert_eq!(b.targets().await, ["g3"]);
    b.tap("g3").await;
    // the AI answers a7-b6 (its only move); the page follows by itself
    b.until("the AI's move on the page", || async {
        b.piece("b6").await.as_deref() == Some("b")
    })
    .await;
    b.tap("c5").await;
    assert_eq!(b.targets().await, ["a7"]);
    b.tap("a7").await;
    b.until("the game over on the page", || async {
        b.text("[data-role=status]").await.contains("(White) wins")
    })
    .await;
    assert_eq!(b.piece("b6").await, None);
    assert_eq!(b.piece("a7").await.as_deref(), Some("w"));
    let row = store::game(s.room.store().read(), GameId(1))
        .unwrap()
        .unwrap();
    assert!(!row.is_active(), "the game is over in the store too");
    // the chat saw the moves (its living board, through the deliverer)
    let mut said = String::new();
    while let Ok(r) = s.replies.try_recv() {
        said.push_str(&r.text);
    }
    assert!(said.contains("h2-g3") || said.contains("a7-b6"), "{said}");

    // game 2: the capture square by square, the continuation highlighted
    open_in(&b, &s, GameId(2), "anna").await;
    b.tap("c3").await;
    assert_eq!(b.targets().await, ["e5"]);
    b.tap("e5").await;
    assert_eq!(b.targets().await, ["g7"], "the second step is offered");
    assert_eq!(ply(&s, GameId(2)), Ply(0), "nothing sent halfway");
    b.tap("g7").await;
    b.until("the capture on the page", || async {
        b.piece("g7").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(b.piece("d4").await, None);
    assert_eq!(b.piece("f6").await, None);
    assert_eq!(ply(&s, GameId(2)), Ply(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_a_refused_move_is_explained_and_the_chat_move_appears() {
    let Some(b) = Browser::start("in_a_browser_a_refused_move_is_explained").await else {
        return;
    };
    let room = Room::with_config(config());
    let game = human_game(&room);
    room.say("Anna", "c3-d4");
    let s = serve(room, WebOptions::default()).await;
    // Anna's page: Bob's turn
    open_in(&b, &s, game, "anna").await;
    assert_eq!(b.piece("d4").await.as_deref(), Some("w"));
    b.tap("g3").await;
    b.tap("h4").await;
    b.until("the refusal on the page", || async {
        b.text("[data-role=status]")
            .await
            .contains("It is not your turn")
    })
    .await;
    assert_eq!(ply(&s, game), Ply(1), "nothing changed");
    // Bob moves in the chat; Anna's page shows it, no reload
    let marker = b.run("window.marker = 42; return 1;", json!([])).await;
    assert_eq!(marker, json!(1));
    let ev = s.room.event("Bob", Input::Text("f6-g5".into()));
    s.hub.submit(ev).await.unwrap();
    b.until("Bob's chat move on Anna's page", || async {
        b.piece("g5").await.as_deref() == Some("b")
    })
    .await;
    assert_eq!(b.piece("f6").await, None);
    assert_eq!(
        b.run("return window.marker;", json!([])).await,
        json!(42),
        "the same page, not a reload"
    );
    // now Anna's turn: her legal moves are offered
    b.tap("d4").await;
    assert!(!b.targets().await.is_empty());

    // the README's pictures, from this page: a phone and a desktop
    for (name, w, h) in [("web-phone", 360, 780), ("web-desktop", 1280, 860)] {
        b.size(w, h).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let png = b.screenshot().await;
        assert!(png.starts_with(b"\x89PNG"), "{name} is a PNG");
        let wide = b
            .run(
                "return document.querySelector('#board svg').getBoundingClientRect().width;",
                json!([]),
            )
            .await
            .as_f64()
            .unwrap();
        assert!(
            wide > 250.0 && wide <= f64::from(w),
            "{name}: the board is {wide} px wide"
        );
        if std::env::var("SHASHKI_WRITE_SCREENSHOTS").is_ok_and(|v| v == "1") {
            let path = format!("{}/docs/{name}.png", env!("CARGO_MANIFEST_DIR"));
            std::fs::write(path, &png).unwrap();
        }
    }
}

#[test]
fn web_gives_the_speaker_their_link_privately_on_telegram_and_as_a_note_elsewhere() {
    let mut c = config();
    c.web.public_url = Some("https://draughts.example.org/".into());
    for platform in [Platform::Telegram, Platform::Console] {
        let room = Room::with_config(c.clone()).on(platform);
        let game = human_game(&room);
        let out = room.say("Anna", "/web");
        let link = out
            .replies
            .iter()
            .find(|r| r.text.contains("https://draughts.example.org/web/g/1?t="))
            .unwrap_or_else(|| panic!("a link: {}", common::room::text(&out)));
        match platform {
            Platform::Telegram => assert_eq!(
                link.target,
                shashki::core::Target::Private {
                    user: "anna".into()
                },
                "never in the group"
            ),
            _ => assert!(matches!(link.target, shashki::core::Target::User { .. })),
        }
        // the link is Anna's, for this game
        let token = link.text.split("?t=").nth(1).unwrap().trim();
        let claims = room.svc.web_check(token, game).unwrap();
        assert_eq!(
            Some(claims.user),
            room.svc.web_user_named(game, "anna").unwrap()
        );
    }
    // without an address: says the web board is off
    let room = Room::with_config(config());
    human_game(&room);
    let t = common::room::text(&room.say("Anna", "/web"));
    assert!(t.contains("not set up"), "{t}");
}
