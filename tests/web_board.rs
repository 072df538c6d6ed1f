//! The web board (issue 24) over real HTTP: who may open and change what
//! (signed links, cookies, Origin, anti-forgery token, rate), and — in a
//! real headless Chromium — play by clicks: a whole game against the AI,
//! a two-piece capture step by step, a refused move explained on the page,
//! the opponent's chat move appearing without a reload; and the README's
//! screenshots of a phone and a desktop view.

#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "common/served.rs"]
mod served;

use browser::Browser;
use common::room::Room;
use serde_json::json;
use served::{
    client, csrf, open, open_in, ply, post_move, ready, serve, session_cookie, token, web_config,
    Served,
};
use shashki::adapters::web::WebOptions;
use shashki::core::web;
use shashki::core::{GameId, Input, Platform, Ply, UserId};
use shashki::store;
use std::time::Duration;
fn user(s: &Served, game: GameId, name: &str) -> UserId {
    web::user_named(&s.room.svc, game, name).unwrap().unwrap()
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
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_expired_tampered_and_foreign_links_are_refused_and_change_nothing() {
    let room = Room::with_config(web_config());
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
    let room = Room::with_config(web_config());
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
    web::revoke_links(&s.room.svc, anna).unwrap();
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_a_whole_game_against_the_ai_and_a_capture_step_by_step() {
    let Some(b) = Browser::start("in_a_browser_a_whole_game_against_the_ai").await else {
        return;
    };
    let room = Room::with_config(web_config());
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
    let room = Room::with_config(web_config());
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
    // the move list numbers full moves: "1. c3-d4 f6-g5", one row
    let rows = b
        .run(
            "return [...document.querySelectorAll('[data-role=moves] li')].map(li => [li.value, li.querySelectorAll('button').length, li.textContent]);",
            json!([]),
        )
        .await;
    assert_eq!(rows, json!([[1, 2, "c3-d4f6-g5"]]), "{rows}");
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
    let mut c = web_config();
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
        let claims = web::check(&room.svc, token, game).unwrap();
        assert_eq!(
            Some(claims.user),
            web::user_named(&room.svc, game, "anna").unwrap()
        );
    }
    // without an address: says the web board is off
    let room = Room::with_config(web_config());
    human_game(&room);
    let t = common::room::text(&room.say("Anna", "/web"));
    assert!(t.contains("not set up"), "{t}");
}

/// The fake bot's token the Mini App tests sign `initData` with.
const BOT_TOKEN: &str = "123456:TEST-bot-token";

/// A Telegram event of user `user` (a numeric id, as Telegram's) in chat
/// `chat` (private when it is the user's own id).
fn tg_event(chat: &str, user: &str, name: &str, admin: bool, text: &str) -> shashki::core::Event {
    use shashki::core::{ChatRef, Event, UserRef};
    Event {
        platform: Platform::Telegram,
        chat: ChatRef {
            id: chat.into(),
            title: (chat != user).then(|| "Group".into()),
            is_private: chat == user,
        },
        user: UserRef {
            id: user.into(),
            name: name.into(),
            handle: Some(name.to_lowercase()),
            lang: Some("en".into()),
            is_admin: admin,
        },
        input: Input::Text(text.into()),
        update_id: None,
        to_bot: false,
        thread: None,
    }
}

/// `initData` as Telegram signs it for `user` opening `start` at
/// `auth_date`, with the bot token `token` (Telegram's recipe, computed
/// here independently of the bot's check).
fn init_data(token: &str, user: i64, lang: &str, start: &str, auth_date: i64) -> String {
    use hmac::{Hmac, KeyInit, Mac};
    type H = Hmac<sha2::Sha256>;
    let user_json = format!(
        r#"{{"id":{user},"first_name":"U{user}","username":"u{user}","language_code":"{lang}"}}"#
    );
    let mut pairs = [
        ("auth_date", auth_date.to_string()),
        ("query_id", "AAF9".to_string()),
        ("start_param", start.to_string()),
        ("user", user_json),
    ];
    pairs.sort();
    let check = pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut key = H::new_from_slice(b"WebAppData").unwrap();
    key.update(token.as_bytes());
    let key = key.finalize().into_bytes();
    let mut mac = H::new_from_slice(&key).unwrap();
    mac.update(check.as_bytes());
    let hash: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in &pairs {
        q.append_pair(k, v);
    }
    q.append_pair("hash", &hash);
    q.finish()
}

async fn app_session(s: &Served, data: &str, origin: &str) -> (u16, Option<String>, String) {
    let r = client()
        .post(format!("{}/web/app/session", s.base))
        .header("origin", origin)
        .header("content-type", "application/json")
        .body(json!({ "init_data": data }).to_string())
        .send()
        .await
        .unwrap();
    let cookie = session_cookie(&r);
    (r.status().as_u16(), cookie, r.text().await.unwrap())
}

fn users(s: &Served) -> i64 {
    s.room
        .store()
        .conn()
        .query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mini_app_signs_in_with_init_data_through_the_web_gate() {
    let room = Room::with_config(web_config());
    // game 1: user 42 against the AI in their private chat; game 2: the
    // same user against the AI in a group
    for chat in ["42", "-100"] {
        let out = room
            .svc
            .handle(&tg_event(chat, "42", "Anna", true, "/challenge ai 1"))
            .unwrap();
        assert!(
            out.replies.iter().any(|r| r.game_id.is_some()),
            "a game in {chat}"
        );
    }
    let s = serve(
        room,
        WebOptions {
            telegram_token: Some(shashki::config::Secret::new(BOT_TOKEN)),
            init_data_max_age: 3600,
            ..WebOptions::default()
        },
    )
    .await;
    let now = common::room::T0;
    let before = (users(&s), ply(&s, GameId(1)));

    // the page itself loads only this server's script
    let page = client()
        .get(format!("{}/web/app", s.base))
        .header("accept-language", "ru-RU,ru;q=0.9,en;q=0.5")
        .send()
        .await
        .unwrap();
    assert!(page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("script-src 'self'"));
    let html = page.text().await.unwrap();
    assert!(html.contains(r#"src="/web/static/app.js""#), "{html}");
    assert!(
        html.contains("Открываю доску"),
        "in the browser's language: {html}"
    );
    assert!(!html.contains("telegram.org"), "no outside script");

    // forged: signed with another bot's token; tampered: another user
    // under the same hash; expired: older than the limit
    let forged = init_data("654321:other", 42, "en", "game-1", now - 10);
    let tampered =
        init_data(BOT_TOKEN, 42, "en", "game-1", now - 10).replace("%3A42%2C", "%3A43%2C");
    let old = init_data(BOT_TOKEN, 42, "en", "game-1", now - 3601);
    for (what, data) in [
        ("forged", forged),
        ("tampered", tampered),
        ("old", old),
        ("empty", String::new()),
    ] {
        let (status, cookie, body) = app_session(&s, &data, &s.base).await;
        assert_eq!((status, cookie), (401, None), "{what}: {body}");
        assert!(body.contains("did not hold"), "{what}: {body}");
    }
    // a good one from another site's page
    let good = init_data(BOT_TOKEN, 42, "en", "game-1", now - 10);
    assert_eq!(app_session(&s, &good, "https://evil.example").await.0, 403);
    // someone else on a private chat's game; a spectator of the group's
    // game while the group keeps it to its players (the default)
    let (status, cookie, body) = app_session(
        &s,
        &init_data(BOT_TOKEN, 43, "de", "game-1", now - 10),
        &s.base,
    )
    .await;
    assert_eq!((status, cookie), (403, None), "{body}");
    assert!(
        body.contains("privaten Chat"),
        "in the reader's language: {body}"
    );
    let (status, cookie, body) = app_session(
        &s,
        &init_data(BOT_TOKEN, 43, "en", "game-2", now - 10),
        &s.base,
    )
    .await;
    assert_eq!((status, cookie), (403, None), "{body}");
    assert!(body.contains("only the players"), "{body}");
    assert_eq!((users(&s), ply(&s, GameId(1))), before, "nothing changed");
    // the group lets everyone watch: the spectator opens game 2
    s.room
        .svc
        .handle(&tg_event("-100", "42", "Anna", true, "/settings web on"))
        .unwrap();
    let (status, cookie, body) = app_session(
        &s,
        &init_data(BOT_TOKEN, 43, "en", "game-2", now - 10),
        &s.base,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(cookie.unwrap().starts_with("shashki_g2="));
    assert_eq!(users(&s), before.0 + 1, "the spectator is known now");

    // the player opens the game: the session cookie, then the page
    let (status, cookie, body) = app_session(&s, &good, &s.base).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#""url":"/web/g/1""#), "{body}");
    let cookie = cookie.expect("a session cookie");
    assert!(cookie.starts_with("shashki_g1="), "{cookie}");
    let r = client()
        .get(format!("{}/web/g/1/state", s.base))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let view: serde_json::Value = r.json().await.unwrap();
    assert!(
        view["you"] == "white" || view["you"] == "black",
        "a player: {view}"
    );

    // in a real browser, as Telegram opens it: the data in the fragment,
    // no script of Telegram's; the page signs in and shows the board
    if let Some(b) = Browser::start("the_mini_app_in_a_browser").await {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        q.append_pair("tgWebAppData", &good);
        q.append_pair("tgWebAppVersion", "8.0");
        b.goto(&format!("{}/web/app#{}", s.base, q.finish())).await;
        ready(&b, "the game's page").await;
        assert!(
            b.text("[data-role=status]").await.contains("Move 1"),
            "the game's status line"
        );
        // a forged one: the refusal on the page, no board
        b.goto(&format!("{}/web/app#tgWebAppData=hash%3D00", s.base))
            .await;
        b.until("the refusal", || async {
            b.text("[data-role=status]").await.contains("did not hold")
        })
        .await;
    }
    drop(s.replies);
}

/// `/settings web on|off` (admins): with it off (the default) a group's
/// game's web link is its players' alone — a spectator's /web is refused
/// in their language and a spectator's session opens nothing; on, a
/// spectator gets their link and watches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_groups_spectators_open_its_games_only_when_the_group_allows_it() {
    let mut c = web_config();
    c.web.public_url = Some("https://draughts.example.org".into());
    // (on Telegram: the console makes everyone an admin)
    let room = Room::with_config(c).on(Platform::Telegram);
    let game = human_game(&room);
    room.say("Carl", "/help");
    // a spectator asks: refused, no link
    let t = common::room::text(&room.say("Carl", "/web #1"));
    assert!(t.contains("only the players"), "{t}");
    assert!(!t.contains("/web/g/"), "{t}");
    // in their own language
    room.say("Carl", "/settings lang de");
    let t = common::room::text(&room.say("Carl", "/web #1"));
    assert!(t.contains("nur die Spieler"), "{t}");
    // a link made for Carl anyway (by the operator) opens nothing while off
    let carl = web::user_named(&room.svc, game, "carl").unwrap().unwrap();
    let carls = web::token(&room.svc, game, carl).unwrap();
    let s = serve(room, WebOptions::default()).await;
    let (status, cookie) = open(&s, game, &carls).await;
    assert_eq!(status, 303, "the link itself is good");
    let r = client()
        .get(format!("{}/web/g/1/state", s.base))
        .header("cookie", cookie.clone().unwrap())
        .header("accept-language", "fr-CH, fr;q=0.9, en;q=0.8")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("Dieser Link"),
        "the session's user's language: {body}"
    );
    // no session: the browser's language
    let r = client()
        .get(format!("{}/web/g/1/state", s.base))
        .header("accept-language", "xx, fr-CH;q=0.9, en;q=0.8")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    let body = r.text().await.unwrap();
    assert!(body.contains("Ce lien"), "the browser's language: {body}");

    // only an admin switches it
    let t = common::room::text(&s.room.say("Carl", "/settings web on"));
    assert!(t.contains("Admins"), "{t}");
    let chat = |s: &Served| {
        store::chat(s.room.store().read(), store::ChatId(1))
            .unwrap()
            .unwrap()
            .web
    };
    assert_eq!(chat(&s), None, "not changed");
    let mut admin = s.room.event("Anna", Input::Text("/settings web on".into()));
    admin.user.is_admin = true;
    eprintln!(
        "DEBUG {:?}",
        store::chat(s.room.store().read(), store::ChatId(1)).unwrap()
    );
    let t = common::room::text(&s.room.svc.handle(&admin).unwrap());
    assert!(t.contains("everyone may watch"), "{t}");
    assert_eq!(chat(&s), Some(true));
    let t = common::room::text(&s.room.say("Anna", "/settings"));
    assert!(t.contains("not only the players: on"), "{t}");

    // on: Carl's link given, his session watches (a spectator)
    let t = common::room::text(&s.room.say("Carl", "/web #1"));
    assert!(t.contains("https://draughts.example.org/web/g/1?t="), "{t}");
    let r = client()
        .get(format!("{}/web/g/1/state", s.base))
        .header("cookie", cookie.clone().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let view: serde_json::Value = r.json().await.unwrap();
    assert_eq!(view["you"], serde_json::Value::Null, "a spectator: {view}");
    assert_eq!(view["moves"], json!([]), "no moves to make");

    // off again: his session stops
    let mut admin = s
        .room
        .event("Anna", Input::Text("/settings web off".into()));
    admin.user.is_admin = true;
    s.room.svc.handle(&admin).unwrap();
    let r = client()
        .get(format!("{}/web/g/1/state", s.base))
        .header("cookie", cookie.unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    drop(s.replies);
}
