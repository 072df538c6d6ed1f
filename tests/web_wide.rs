//! The web board's wide variants (issues 23/24) in a real headless
//! Chromium: a 10×10 game drawn with its 50 numbered squares where the
//! players count them and played by clicks, a flying king's two-piece
//! capture step by step, the 10×8 board's 40 squares named a–k, and
//! Bashni's towers shown with what they hold; the README's 10×10 picture;
//! an International puzzle's page, numbered and answered by clicks.

#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "common/served.rs"]
mod served;

use browser::Browser;
use common::room::{button, Room};
use serde_json::{json, Value};
use served::{open_in, picture, ply, ready, serve, web_config};
use shashki::adapters::web::WebOptions;
use shashki::core::web;
use shashki::core::{GameId, Ply};
use shashki::store;
/// Anna (White) against Bob in `words`' variant, accepted. Its id.
fn human_game(room: &Room, words: &str) -> GameId {
    room.say("Bob", "/help");
    let card = room.say("Anna", &format!("/challenge @bob 3 white {words}"));
    room.press("Bob", &button(&card, "Accept"));
    GameId(1)
}

/// Every square of the page: its name and where it is drawn (column and
/// row from the top left of the board as seen).
async fn squares(b: &Browser) -> Vec<(String, i64, i64)> {
    let v = b
        .run(
            "return [...document.querySelectorAll('[data-square]')].map(g => { \
               const r = g.querySelector('rect'); \
               return [g.getAttribute('data-square'), Number(r.getAttribute('x')), Number(r.getAttribute('y'))]; });",
            json!([]),
        )
        .await;
    let Value::Array(all) = v else { panic!("{v}") };
    all.into_iter()
        .map(|s| {
            (
                s[0].as_str().unwrap().to_string(),
                s[1].as_i64().unwrap(),
                s[2].as_i64().unwrap(),
            )
        })
        .collect()
}

/// A 10×10 square's place as White sees it: row 1 holds 1–5 on the b, d,
/// f, h, j files, row 2 6–10 on a, c, e, g, i, and so on down to 46–50.
fn place_10x10(n: i64) -> (i64, i64) {
    let (row, k) = ((n - 1) / 5, (n - 1) % 5);
    let col = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
    (col, row)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_an_international_game_is_drawn_numbered_and_played_by_clicks() {
    let Some(b) = Browser::start("in_a_browser_an_international_game").await else {
        return;
    };
    let room = Room::with_config(web_config());
    let game = human_game(&room, "international");
    let s = serve(room, WebOptions::default()).await;
    open_in(&b, &s, game, "anna").await;

    // the 10×10 grid: 50 dark squares, numbered 1–50 where the players
    // count them (1 at the top, next to the right-hand corner; 46 at the
    // bottom left), White's men on 31–50, Black's on 1–20
    let all = squares(&b).await;
    assert_eq!(all.len(), 50, "{all:?}");
    for (name, x, y) in &all {
        let n: i64 = name.parse().unwrap_or_else(|_| panic!("{name}"));
        assert!((1..=50).contains(&n), "{name}");
        assert_eq!((*x, *y), place_10x10(n), "square {name}");
    }
    for n in 1..=50 {
        let want = match n {
            1..=20 => Some("b"),
            31..=50 => Some("w"),
            _ => None,
        };
        assert_eq!(b.piece(&n.to_string()).await.as_deref(), want, "{n}");
    }
    assert_eq!(
        b.text("h1 small").await,
        "International draughts",
        "the variant's name"
    );

    // 32-28 by two clicks: the piece, then one of its two squares
    b.tap("32").await;
    assert_eq!(b.targets().await, ["27", "28"]);
    b.tap("28").await;
    b.until("32-28 on the page", || async {
        b.piece("28").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(b.piece("32").await, None);
    assert_eq!(ply(&s, game), Ply(1));
    let moves = store::game_moves(s.room.store().read(), game).unwrap();
    assert_eq!(moves.first().map(String::as_str), Some("32-28"));
    // the record says it in numbers
    assert!(b.text("[data-role=moves]").await.contains("32-28"));

    // Bob's page: the board turned for Black (1 at the bottom left of his
    // side, 46 at the top right); he answers 19-23
    open_in(&b, &s, game, "bob").await;
    for (name, x, y) in squares(&b).await {
        let (col, row) = place_10x10(name.parse().unwrap());
        assert_eq!((x, y), (9 - col, 9 - row), "Bob's square {name}");
    }
    b.tap("19").await;
    assert_eq!(b.targets().await, ["23", "24"]);
    b.tap("23").await;
    b.until("19-23 on Bob's page", || async {
        b.piece("23").await.as_deref() == Some("b")
    })
    .await;
    // Anna takes it: 28x19, a capture by clicks
    open_in(&b, &s, game, "anna").await;
    b.tap("28").await;
    assert_eq!(b.targets().await, ["19"]);
    b.tap("19").await;
    b.until("28x19 on the page", || async {
        b.piece("19").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(b.piece("23").await, None, "the man taken");
    assert_eq!(
        store::game_moves(s.room.store().read(), game).unwrap(),
        ["32-28", "19-23", "28x19"]
    );

    // the README's picture of a 10×10 board, from this page
    picture(&b, "web-international", 1280, 860).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_a_flying_kings_capture_is_made_square_by_square() {
    let Some(b) = Browser::start("in_a_browser_a_flying_kings_capture").await else {
        return;
    };
    let room = Room::with_config(web_config());
    // White's king on 46 takes 37 and 22: over 37 it must land on 28 (the
    // only square the second capture goes on from), then on 17, 11 or 6
    room.say(
        "Anna",
        "/challenge ai 1 white international from W:WK46:B5,22,37",
    );
    let s = serve(room, WebOptions::default()).await;
    let game = GameId(1);
    open_in(&b, &s, game, "anna").await;
    assert_eq!(b.piece("46").await.as_deref(), Some("W"));
    b.tap("46").await;
    assert_eq!(b.targets().await, ["28"], "the first landing");
    b.tap("28").await;
    assert_eq!(
        b.targets().await,
        ["11", "17", "6"],
        "the second step is offered, any square beyond"
    );
    assert_eq!(ply(&s, game), Ply(0), "nothing sent halfway");
    b.tap("11").await;
    b.until("the capture on the page", || async {
        b.piece("11").await.as_deref() == Some("W")
    })
    .await;
    assert_eq!(b.piece("37").await, None);
    assert_eq!(b.piece("22").await, None);
    assert_eq!(b.piece("46").await, None);
    let moves = store::game_moves(s.room.store().read(), game).unwrap();
    assert_eq!(moves.first().map(String::as_str), Some("46x11"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_the_10x8_board_names_its_40_squares_and_plays() {
    let Some(b) = Browser::start("in_a_browser_the_10x8_board").await else {
        return;
    };
    let room = Room::with_config(web_config());
    let game = human_game(&room, "russian-10x8");
    let s = serve(room, WebOptions::default()).await;
    open_in(&b, &s, game, "anna").await;
    let all = squares(&b).await;
    assert_eq!(all.len(), 40, "{all:?}");
    // algebraic, files a–k without j, ranks 1–8; a1 at the bottom left
    for (name, x, y) in &all {
        let (file, rank) = name.split_at(1);
        let col = "abcdefghik".find(file).unwrap_or_else(|| panic!("{name}")) as i64;
        let rank: i64 = rank.parse().unwrap();
        assert_eq!((*x, *y), (col, 8 - rank), "square {name}");
        assert_eq!((col + rank - 1) % 2, 0, "{name} is dark");
    }
    assert_eq!(b.piece("a1").await.as_deref(), Some("w"));
    assert_eq!(b.piece("k8").await.as_deref(), Some("b"));
    b.tap("i3").await;
    let targets = b.targets().await;
    assert_eq!(targets, ["h4", "k4"]);
    b.tap("k4").await;
    b.until("i3-k4 on the page", || async {
        b.piece("k4").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(ply(&s, game), Ply(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_bashnis_towers_show_what_they_hold() {
    let Some(b) = Browser::start("in_a_browser_bashnis_towers").await else {
        return;
    };
    let room = Room::with_config(web_config());
    // the tower c3 (a white man on two black) takes d4's top: the taken
    // man goes under the taker (a tower of four on e5), the white man it
    // held is freed on d4
    room.say(
        "Anna",
        "/challenge ai 1 white bashni from W:Wc3(wbb),a1:Bd4(bw),h8",
    );
    let s = serve(room, WebOptions::default()).await;
    let game = GameId(1);
    open_in(&b, &s, game, "anna").await;
    assert_eq!(squares(&b).await.len(), 32);
    let tower = |at: &'static str| {
        let b = &b;
        async move {
            b.run(
                "const e = document.querySelector(`[data-square=\"${arguments[0]}\"]`); \
                 return e ? [e.getAttribute('data-tower'), e.getAttribute('aria-label'), e.querySelectorAll('.under').length] : null;",
                json!([at]),
            )
            .await
        }
    };
    assert_eq!(tower("c3").await[0], json!("wbb"));
    assert_eq!(tower("c3").await[2], json!(2), "two discs under the top");
    assert_eq!(b.piece("d4").await.as_deref(), Some("b"));
    b.tap("c3").await;
    assert_eq!(b.targets().await, ["e5"]);
    b.tap("e5").await;
    b.until("the tower on e5", || async {
        tower("e5").await[0] == json!("wbbb")
    })
    .await;
    let t = tower("e5").await;
    assert_eq!(b.piece("e5").await.as_deref(), Some("w"), "its top");
    assert_eq!(t[2], json!(3), "three discs under the top: {t}");
    assert!(
        t[1].as_str()
            .unwrap()
            .contains("white man, black man, black man, black man"),
        "read out in full: {t}"
    );
    assert_eq!(b.piece("d4").await.as_deref(), Some("w"), "freed");
    assert_eq!(tower("d4").await[0], json!(null), "a man alone");
    // the README's picture of a tower on the web board
    picture(&b, "web-bashni", 1280, 860).await;
}

/// An International puzzle's page (issue 23): the numbered 10×10 board,
/// turned for the solver, its pieces where the puzzle has them; the
/// solution's first move by clicks on the square numbers is right, the
/// defender's reply shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_an_international_puzzle_is_drawn_numbered_and_answered_by_clicks() {
    use shashki::core::puzzles::{read_international_pack, INTERNATIONAL_PACK};
    use shashki::core::ChatId;
    use shashki::engine::Color;
    let Some(b) = Browser::start("in_a_browser_an_international_puzzle").await else {
        return;
    };
    let room = Room::with_config(web_config());
    let (id, p, _) = read_international_pack(INTERNATIONAL_PACK)
        .into_iter()
        .find(|(_, p, _)| p.solver_moves() >= 2 && p.root.steps.len() == 1)
        .unwrap();
    room.say("Anna", &format!("/puzzle #{}", id.0));
    let s = serve(room, WebOptions::default()).await;
    let anna: shashki::core::UserId = s
        .room
        .store()
        .conn()
        .query_row(
            "SELECT id FROM users WHERE platform_user_id = 'anna'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let page = web::Page::Puzzle {
        chat: ChatId(1),
        puzzle: id,
    };
    let token = web::token(&s.room.svc, page, anna).unwrap();
    b.goto(&format!("{}/web/p/1/{}?t={token}", s.base, id.0))
        .await;
    ready(&b, "the puzzle's page").await;

    let all = squares(&b).await;
    assert_eq!(all.len(), 50, "{all:?}");
    let black = p.solver() == Color::Black;
    for (name, x, y) in &all {
        let n: i64 = name.parse().unwrap_or_else(|_| panic!("{name}"));
        let (cx, cy) = place_10x10(n);
        let seen = if black { (9 - cx, 9 - cy) } else { (cx, cy) };
        assert_eq!((*x, *y), seen, "square {name}");
    }
    for (sq, piece) in p.start.pieces() {
        assert!(
            b.piece(&sq.to_string()).await.is_some(),
            "{sq} holds {piece:?}"
        );
    }
    // the solution's first move, square by square
    let line = p.main_line();
    for sq in line[0].path() {
        b.tap(&sq.to_string()).await;
    }
    b.until("the right answer", || async {
        b.text("[data-role=status]").await.contains("Right")
    })
    .await;
    assert!(b.piece(&line[1].to().to_string()).await.is_some());
}
