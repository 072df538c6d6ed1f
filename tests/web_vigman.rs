//! Vigman's double game on the web board: all 64 squares drawn, the light
//! squares' set readable (drawn light, outlined, named per square), a turn
//! played as two sub-moves by clicks — one on each colour — each stored as
//! a move, the page saying which sub-move is due and marking the last, the
//! turn passing to the opponent, whose chat move appears on the page; and
//! the page's requests guarded as every variant's (forged links 401,
//! another site or session 403, the other player refused by the gate).

#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "common/served.rs"]
mod served;

use browser::Browser;
use common::room::{button, Room};
use serde_json::{json, Value};
use served::{
    client, csrf, open, open_in, picture, ply, post_move, serve, token, web_config, Served,
};
use shashki::adapters::web::WebOptions;
use shashki::core::web;
use shashki::core::{GameId, Input, Ply};
use shashki::engine::{Color, Variant};
use shashki::store;
/// The stored moves, and the position they lead to (replayed from the
/// stored start): its FEN and side to move.
fn stored(s: &Served, game: GameId) -> (Vec<String>, String, Color) {
    let c = s.room.store();
    let row = store::game(c.read(), game).unwrap().unwrap();
    let moves = store::game_moves(c.read(), game).unwrap();
    let mut g = Variant::Vigman.game_from_fen(&row.start_fen).unwrap();
    for m in &moves {
        g.play_text(m).unwrap();
    }
    (moves, g.fen(), g.side_to_move())
}

/// Anna (White) against Bob in Vigman's double game, accepted. Its id.
fn vigman_game(room: &Room) -> GameId {
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white vigman");
    room.press("Bob", &button(&card, "Accept"));
    let game = GameId(1);
    assert_eq!(room.game(game).variant, Variant::Vigman);
    game
}
/// Each square of the page: its name, its fill, its label, and the width
/// of its piece's rim (0: no piece).
async fn squares(b: &Browser) -> Vec<(String, String, String, f64)> {
    let v = b
        .run(
            "return [...document.querySelectorAll('[data-square]')].map(g => { \
               const c = g.querySelector('.piece circle'); \
               return [g.getAttribute('data-square'), g.querySelector('rect').getAttribute('fill'), \
                       g.getAttribute('aria-label'), c ? Number(c.getAttribute('stroke-width')) : 0]; });",
            json!([]),
        )
        .await;
    let Value::Array(all) = v else { panic!("{v}") };
    all.into_iter()
        .map(|s| {
            (
                s[0].as_str().unwrap().to_string(),
                s[1].as_str().unwrap().to_string(),
                s[2].as_str().unwrap().to_string(),
                s[3].as_f64().unwrap(),
            )
        })
        .collect()
}

/// A colour of the page's theme (`light`, `dark`, `last`…).
async fn colour(b: &Browser, name: &str) -> String {
    let v = b
        .run(
            "return JSON.parse(document.getElementById('view').textContent).colors[arguments[0]];",
            json!([name]),
        )
        .await;
    v.as_str().unwrap().to_string()
}

async fn sub_move(b: &Browser) -> Option<String> {
    b.run(
        "return document.getElementById('app').dataset.subMove || null;",
        json!([]),
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// Whether `name` is a light square (a1 is dark).
fn is_light(name: &str) -> bool {
    let f = name.as_bytes()[0] - b'a';
    let r = name.as_bytes()[1] - b'1';
    (f + r) % 2 == 1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_vigmans_double_game_is_played_a_sub_move_at_a_time() {
    let Some(b) = Browser::start("in_a_browser_vigmans_double_game").await else {
        return;
    };
    let room = Room::with_config(web_config());
    let game = vigman_game(&room);
    let s = serve(room, WebOptions::default()).await;
    open_in(&b, &s, game, "anna").await;

    // all 64 squares, the light ones drawn light; 24 pieces a side, on
    // both colours, each square named with what stands on it
    let (light, dark) = (colour(&b, "light").await, colour(&b, "dark").await);
    let all = squares(&b).await;
    assert_eq!(all.len(), 64, "{all:?}");
    for (name, fill, label, rim) in &all {
        let want = if is_light(name) { &light } else { &dark };
        assert_eq!(fill, want, "square {name}");
        let rank = name.as_bytes()[1] - b'0';
        let piece = match rank {
            1..=3 => Some("white man"),
            6..=8 => Some("black man"),
            _ => None,
        };
        match piece {
            Some(p) => assert_eq!(label, &format!("{name}, {p}"), "{name}"),
            None => assert_eq!(label, name, "{name}"),
        }
        // a piece on a light square has the stronger rim
        if piece.is_some() {
            let want = if is_light(name) { 0.09 } else { 0.05 };
            assert!((rim - want).abs() < 1e-9, "{name}: rim {rim}");
        }
    }
    assert_eq!(
        b.piece("b1").await.as_deref(),
        Some("w"),
        "a light square's man"
    );
    assert_eq!(b.piece("a8").await.as_deref(), Some("b"));
    assert_eq!(b.piece("e4").await, None);
    assert_eq!(sub_move(&b).await.as_deref(), Some("first"));
    assert!(
        b.text("[data-role=status]")
            .await
            .contains("The first of the turn’s two moves"),
        "{}",
        b.text("[data-role=status]").await
    );

    // the first sub-move on the dark squares: c3, then d4
    b.tap("c3").await;
    assert_eq!(b.targets().await, ["b4", "d4"]);
    b.tap("d4").await;
    b.until("c3-d4 on the page", || async {
        b.piece("d4").await.as_deref() == Some("w")
    })
    .await;
    let (moves, fen, side) = stored(&s, game);
    assert_eq!(moves, ["c3-d4"]);
    assert!(fen.starts_with("W2:"), "the second sub-move due: {fen}");
    assert_eq!(side, Color::White);
    // the page asks for the second; the last sub-move is marked
    b.until("the second sub-move asked for", || async {
        sub_move(&b).await.as_deref() == Some("second")
    })
    .await;
    assert!(
        b.text("[data-role=status]")
            .await
            .contains("The second of the turn’s two moves"),
        "{}",
        b.text("[data-role=status]").await
    );
    let last = colour(&b, "last").await;
    let fill_of = |all: &[(String, String, String, f64)], name: &str| {
        all.iter().find(|s| s.0 == name).map(|s| s.1.clone())
    };
    let now = squares(&b).await;
    assert_eq!(fill_of(&now, "c3"), Some(last.clone()));
    assert_eq!(fill_of(&now, "d4"), Some(last.clone()));

    // the second on the light squares' set: d3, then e4
    b.tap("d3").await;
    assert_eq!(b.targets().await, ["c4", "e4"]);
    b.tap("e4").await;
    b.until("d3-e4 on the page", || async {
        b.piece("e4").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(b.piece("d3").await, None);
    let (moves, fen, side) = stored(&s, game);
    assert_eq!(moves, ["c3-d4", "d3-e4"]);
    assert!(fen.starts_with("B:"), "{fen}");
    assert_eq!(side, Color::Black, "the turn passed");
    assert_eq!(ply(&s, game), Ply(2));
    // the light square's move is marked, the dark one's no longer
    b.until("the last sub-move marked", || async {
        let now = squares(&b).await;
        fill_of(&now, "e4") == Some(last.clone()) && fill_of(&now, "c3") == Some(dark.clone())
    })
    .await;
    // both its squares light ones: marked as a dark square's move is
    let now = squares(&b).await;
    assert_eq!(fill_of(&now, "d3"), Some(last.clone()));
    assert_eq!(fill_of(&now, "d4"), Some(dark.clone()));
    assert_eq!(fill_of(&now, "c4"), Some(light.clone()));
    // Bob's turn now: no sub-move is asked of Anna; one row holds the turn
    assert_eq!(sub_move(&b).await.as_deref(), Some("first"), "Bob's first");
    b.tap("f3").await;
    assert!(b.targets().await.is_empty(), "nothing offered to Anna");
    b.tap("f3").await;
    let row = b.text("[data-role=moves] li").await;
    assert!(row.contains("c3-d4") && row.contains("d3-e4"), "{row}");

    // Bob's first sub-move in the chat appears on Anna's page, no reload
    let ev = s.room.event("Bob", Input::Text("f6-g5".into()));
    s.hub.submit(ev).await.unwrap();
    b.until("Bob's chat sub-move on Anna's page", || async {
        b.piece("g5").await.as_deref() == Some("b")
    })
    .await;
    assert_eq!(b.piece("f6").await, None);
    assert_eq!(stored(&s, game).0, ["c3-d4", "d3-e4", "f6-g5"]);

    // Bob's page: his second sub-move is due, on the light squares too
    open_in(&b, &s, game, "bob").await;
    assert_eq!(sub_move(&b).await.as_deref(), Some("second"));
    b.tap("e6").await;
    assert_eq!(b.targets().await, ["d5", "f5"]);
    b.tap("d5").await;
    b.until("e6-d5 on Bob's page", || async {
        b.piece("d5").await.as_deref() == Some("b")
    })
    .await;
    let (moves, _, side) = stored(&s, game);
    assert_eq!(moves, ["c3-d4", "d3-e4", "f6-g5", "e6-d5"]);
    assert_eq!(side, Color::White);

    // the README's picture of Vigman's board
    picture(&b, "web-vigman", 1280, 860).await;
}

/// The server's view of a Vigman game (the legal sub-moves, the 64
/// squares) and its guard: forged or tampered links, another site,
/// another session's token and the player whose turn it is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vigman_page_gets_its_sub_moves_and_its_requests_are_guarded() {
    let room = Room::with_config(web_config());
    let game = vigman_game(&room);
    let s = serve(room, WebOptions::default()).await;
    let anna = token(&s, game, "anna");
    let (status, cookie) = open(&s, game, &anna).await;
    assert_eq!(status, 303, "Anna's link opens her page");
    let cookie = cookie.unwrap();
    let state: Value = client()
        .get(format!("{}/web/g/{}/state", s.base, game.0))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(state["squares"].as_array().unwrap().len(), 64);
    assert_eq!(state["sub_move"], json!("first"));
    assert_eq!(
        (state["turn"].clone(), state["lead"].clone()),
        (json!(2), json!(0))
    );
    // the 14 first sub-moves, numbered as the chat's buttons number them
    let moves = state["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert!(moves.iter().any(|m| m["text"] == json!("c3-d4")));
    assert!(moves.iter().any(|m| m["text"] == json!("d3-e4")));

    // forged: another user's name on Anna's signature
    let parts: Vec<&str> = anna.split('.').collect();
    let forged = format!("{}.{}.{}.{}.{}", parts[0], 99, parts[2], parts[3], parts[4]);
    assert_eq!(open(&s, game, &forged).await, (401, None));
    let r = client()
        .get(format!("{}/web/g/{}/state", s.base, game.0))
        .header("cookie", format!("shashki_g1={forged}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    let good = csrf(&s, game, &cookie).await;
    let index = moves.iter().find(|m| m["text"] == json!("c3-d4")).unwrap()["index"].clone();
    let mv = json!({"ply": 0, "index": index});
    let (status, _) = post_move(
        &s,
        game,
        &format!("shashki_g1={forged}"),
        &good,
        &s.base,
        mv.clone(),
    )
    .await;
    assert_eq!(status, 401);
    // another site's page with Anna's cookie; another session's token
    let (status, _) = post_move(&s, game, &cookie, &good, "https://evil.example", mv.clone()).await;
    assert_eq!(status, 403);
    let (_, bob) = open(&s, game, &token(&s, game, "bob")).await;
    let bob = bob.unwrap();
    let bobs = csrf(&s, game, &bob).await;
    let (status, _) = post_move(&s, game, &cookie, &bobs, &s.base, mv.clone()).await;
    assert_eq!(status, 403);
    // Bob on Anna's turn: the one gate says no
    let (status, body) = post_move(&s, game, &bob, &bobs, &s.base, mv.clone()).await;
    assert_eq!(status, 200);
    assert!(
        body.contains("\"ok\":false") && body.contains("It is not your turn"),
        "{body}"
    );
    assert_eq!(ply(&s, game), Ply(0), "nothing changed");
    // Anna's first sub-move goes through the same route, once
    let (status, body) = post_move(&s, game, &cookie, &good, &s.base, mv.clone()).await;
    assert_eq!(
        (status, body.contains("\"ok\":true")),
        (200, true),
        "{body}"
    );
    assert_eq!(stored(&s, game).0, ["c3-d4"]);
    // the same sub-move's button again: stale, nothing played
    let (_, body) = post_move(&s, game, &cookie, &good, &s.base, mv).await;
    assert!(body.contains("\"ok\":false"), "{body}");
    assert_eq!(ply(&s, game), Ply(1));
    // Bob still may not move while Anna's second sub-move is due
    let (_, body) = post_move(
        &s,
        game,
        &bob,
        &bobs,
        &s.base,
        json!({"ply": 1, "index": 0}),
    )
    .await;
    assert!(
        body.contains("\"ok\":false") && body.contains("It is not your turn"),
        "{body}"
    );
    assert_eq!(ply(&s, game), Ply(1));
    drop(s.replies);
}

/// A Vigman game's board carries "Open board" as every variant's (the
/// Mini App's link on Telegram, the button on Discord), `/web` gives its
/// link, and the Mini App opens it for its player.
#[test]
fn a_vigman_board_offers_the_web_board() {
    use shashki::core::{LinkTo, Platform};
    let mut c = web_config();
    c.web.public_url = Some("https://draughts.example.org".into());
    c.web.mini_app = Some("board".into());
    let accepted = |platform: Platform| {
        let room = Room::with_config(c.clone()).on(platform);
        room.say("Bob", "/help");
        let card = room.say("Anna", "/challenge @bob 3 white vigman");
        let out = room.press("Bob", &button(&card, "Accept"));
        assert_eq!(room.game(GameId(1)).variant, Variant::Vigman);
        (room, out)
    };
    let (room, out) = accepted(Platform::Telegram);
    let app = out
        .replies
        .iter()
        .find_map(|r| match r.link.as_ref().map(|l| &l.to) {
            Some(LinkTo::MiniApp { game, app }) => Some((*game, app.clone())),
            _ => None,
        });
    assert_eq!(app, Some((GameId(1), "board".to_string())), "{out:#?}");
    let anna = web::AppUser {
        id: "anna".into(),
        name: "Anna".into(),
        handle: Some("anna".into()),
        lang: Some("en".into()),
    };
    let opened = web::app_open(&room.svc, &anna, Some("game-1")).unwrap();
    assert!(opened.is_ok(), "the Mini App opens it: {opened:?}");

    let (room, out) = accepted(Platform::Discord);
    let labels: Vec<String> = out
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().flatten())
        .map(|c| c.label.clone())
        .collect();
    assert!(
        labels.iter().any(|l| l.contains("Open board")),
        "{labels:?}"
    );
    let t = common::room::text(&room.say("Anna", "/web #1"));
    assert!(t.contains("https://draughts.example.org/web/g/1?t="), "{t}");
}
