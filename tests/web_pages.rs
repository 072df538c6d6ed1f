//! The web board's other pages (issue 24) and the game page's reach, in
//! a real headless Chromium: a puzzle solved by clicks (a wrong answer
//! refused on the page, the right one and the reply, the solution held
//! back until it is asked for), a tournament's crosstable and its running
//! games' links, the game page on a 360 px phone (no sideways scroll), a
//! move made with the keyboard alone, and a piece dragged to its square.
//! Without a browser: where the links to the pages come from (`/web` with
//! a puzzle open, "Open board" under a puzzle and the standings, the Mini
//! App's openings) and who they let in.

#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "common/served.rs"]
mod served;

use browser::{Browser, ENTER, SHIFT, TAB};
use common::room::{text, Room};
use serde_json::json;
use served::{client, picture, post_json, ready, serve, Served};
use shashki::adapters::web::WebOptions;
use shashki::core::puzzles::{read_pack, PACK};
use shashki::core::web::{self, AppRefused, AppUser, Page};
use shashki::core::{Config, GameId, Input, LinkTo, Platform, Ply, TournamentId, UserId};
use shashki::engine::puzzle::Puzzle;
use shashki::engine::Move;
use shashki::store::{self, puzzles as db, AttemptStatus, ChatId, PuzzleId};
use std::time::Duration;

/// Where the chat's links say the pages are.
const PUBLIC: &str = "https://draughts.example.org";

fn config() -> Config {
    let mut c = Config {
        ai_max_movetime: Duration::from_millis(20),
        board_size: 160,
        ..Config::default()
    };
    c.web.public_url = Some(PUBLIC.into());
    c
}

/// The first link to a page under `path` in `text`, on the test's server.
fn link_in(text: &str, path: &str, s: &Served) -> String {
    let at = text
        .find(&format!("{PUBLIC}{path}"))
        .unwrap_or_else(|| panic!("a link to {path}: {text}"));
    let url = text[at..].split_whitespace().next().unwrap();
    url.replace(PUBLIC, &s.base)
}

fn user_id(s: &Served, who: &str) -> UserId {
    s.room
        .store()
        .conn()
        .query_row(
            "SELECT id FROM users WHERE platform_user_id = ?1",
            [who.to_lowercase()],
            |r| r.get(0),
        )
        .unwrap()
}

/// A pack puzzle of two moves of the solver (a reply between them).
fn two_move_puzzle() -> (PuzzleId, Puzzle) {
    read_pack(PACK)
        .into_iter()
        .find(|(_, p, _)| {
            p.root.steps.first().is_some_and(|s| {
                s.reply
                    .as_ref()
                    .is_some_and(|(_, n)| n.steps.first().is_some_and(|s| s.reply.is_none()))
            })
        })
        .map(|(n, p, _)| (n, p))
        .expect("a two-move puzzle in the pack")
}

/// The squares a move is made of on the page: where it starts, then each
/// landing.
fn path(m: &Move) -> Vec<String> {
    let mut v = vec![m.from().to_string()];
    v.extend(m.landings().map(|s| s.to_string()));
    v
}

async fn play(b: &Browser, m: &Move) {
    for sq in path(m) {
        b.tap(&sq).await;
    }
}

async fn status(b: &Browser) -> String {
    b.text("[data-role=status]").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_a_puzzle_is_solved_by_clicks_and_its_solution_waits_to_be_asked_for() {
    let Some(b) = Browser::start("in_a_browser_a_puzzle_is_solved_by_clicks").await else {
        return;
    };
    let room = Room::with_config(config());
    let (id, p) = two_move_puzzle();
    room.say("Anna", &format!("/puzzle #{id}"));
    // `/web` with a puzzle open (and no game here): the puzzle's page
    let said = text(&room.say("Anna", "/web"));
    assert!(
        said.contains(&format!("Puzzle #{id} on the web board")),
        "{said}"
    );
    let s = serve(room, WebOptions::default()).await;
    let url = link_in(&said, &format!("/web/p/1/{id}?t="), &s);
    b.goto(&url).await;
    ready(&b, "the puzzle's page").await;

    // neither the hint nor the solution is in the page, and the server
    // keeps the solution while the go is on
    let solution = p.solution_text();
    let html = b
        .run("return document.documentElement.outerHTML;", json!([]))
        .await;
    let html = html.as_str().unwrap();
    assert!(
        !html.contains(&solution),
        "the solution in the page: {html}"
    );
    assert_eq!(b.text("[data-role=solution-text]").await, "");
    assert_eq!(b.text("[data-role=hint-text]").await, "");
    let early = b
        .run(
            "return fetch(location.pathname + '/solution').then(r => r.status);",
            json!([]),
        )
        .await;
    assert_eq!(early, json!(403), "no solution before the go is over");

    // a wrong answer: refused on the page, the board as it was
    let wrong = p
        .start
        .legal_moves()
        .into_iter()
        .find(|m| p.root.step(m).is_none())
        .expect("a wrong move");
    let before = b.piece(&wrong.from().to_string()).await;
    play(&b, &wrong).await;
    b.until("the wrong answer refused", || async {
        status(&b).await.contains("Not this one")
    })
    .await;
    assert_eq!(b.piece(&wrong.from().to_string()).await, before);
    let (anna, chat) = (user_id(&s, "anna"), ChatId(1));
    let attempt = |s: &Served| {
        db::latest_attempt_at(s.room.store().read(), anna, chat, id)
            .unwrap()
            .unwrap()
    };
    assert_eq!((attempt(&s).wrong, attempt(&s).moves.as_str()), (1, ""));

    // the hint, asked for
    b.click("[data-role=hint]").await;
    let from = p.root.steps[0].mv.from().to_string();
    b.until("the hint", || async {
        b.text("[data-role=hint-text]").await.contains(&from)
    })
    .await;

    // the right answer, square by square; the reply shows
    let step = &p.root.steps[0];
    let (reply, next) = step.reply.as_ref().unwrap();
    play(&b, &step.mv).await;
    b.until("the right answer and the reply", || async {
        status(&b).await.contains("Right")
    })
    .await;
    assert!(
        status(&b).await.contains(&reply.to_string()),
        "the reply named: {}",
        status(&b).await
    );
    assert!(b.piece(&reply.to().to_string()).await.is_some());
    assert_eq!(attempt(&s).moves.split_whitespace().count(), 2);
    // still hidden halfway
    assert_eq!(b.text("[data-role=solution-text]").await, "");

    // the last move solves it
    play(&b, &next.steps[0].mv).await;
    b.until("solved", || async { status(&b).await.contains("Solved") })
        .await;
    assert_eq!(attempt(&s).status, AttemptStatus::Solved);

    // now the solution, when asked for
    b.click("[data-role=solution]").await;
    b.until("the solution revealed", || async {
        b.text("[data-role=solution-text]").await == solution
    })
    .await;
    // the README's picture of a puzzle's page, solved, its solution shown
    picture(&b, "web-puzzle", 420, 900).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_page_answers_only_its_own_go_and_the_answer_is_the_chats() {
    let room = Room::with_config(config());
    let (id, p) = two_move_puzzle();
    let mut s = serve(room, WebOptions::default()).await;
    // Anna has never tried it: her link opens it new; a page of another
    // puzzle's link opens nothing here (`/daily`: the pack is loaded)
    s.room.say("Anna", "/daily");
    let anna = user_id(&s, "anna");
    let page = Page::Puzzle {
        chat: ChatId(1),
        puzzle: id,
    };
    let token = web::token(&s.room.svc, page, anna).unwrap();
    let other = Page::Puzzle {
        chat: ChatId(1),
        puzzle: PuzzleId(id.0 + 1),
    };
    assert!(web::check(&s.room.svc, &token, other).is_err());
    let r = client()
        .get(format!("{}/web/p/1/{}?t={token}", s.base, id.0))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 303);
    let cookie = served::session_cookie(&r).unwrap();
    assert!(
        cookie.starts_with(&format!("shashki_p1_{}=", id.0)),
        "{cookie}"
    );
    let csrf = served::csrf_at(&s, &format!("web/p/1/{}", id.0), &cookie).await;
    let base = s.base.clone();
    let post = |path: &'static str, body: serde_json::Value, origin: String| {
        let (cookie, csrf, base) = (cookie.clone(), csrf.clone(), base.clone());
        async move {
            let path = format!("/web/p/1/{}/{path}", id.0);
            post_json(&base, &path, &cookie, &csrf, &origin, body).await
        }
    };
    // the right move's index among the sorted legal moves
    let mut legal = p.start.legal_moves();
    legal.sort_by_key(|m| m.to_string());
    let right = legal.iter().position(|m| *m == p.root.steps[0].mv).unwrap();
    // another site's page cannot answer for her
    let (status, _) = post(
        "move",
        json!({"step": 0, "index": right}),
        "https://evil.example".into(),
    )
    .await;
    assert_eq!(status, 403);
    // a stale step is refused, nothing started
    let (status, body) = post("move", json!({"step": 2, "index": right}), s.base.clone()).await;
    assert_eq!(status, 200);
    assert!(body.contains("\"ok\":false"), "{body}");
    assert!(
        db::latest_attempt_at(s.room.store().read(), anna, ChatId(1), id)
            .unwrap()
            .is_none()
    );
    // the right answer: her attempt in the chat, the chat told as when
    // she types it (the chat's board with the reply)
    let (status, body) = post("move", json!({"step": 0, "index": right}), s.base.clone()).await;
    assert_eq!(
        (status, body.contains("\"ok\":true")),
        (200, true),
        "{body}"
    );
    let a = db::latest_attempt_at(s.room.store().read(), anna, ChatId(1), id)
        .unwrap()
        .unwrap();
    assert_eq!(a.moves.split_whitespace().count(), 2);
    let mut said = String::new();
    for _ in 0..50 {
        while let Ok(r) = s.replies.try_recv() {
            said.push_str(&r.text);
        }
        if said.contains("Right") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(said.contains("Right"), "the chat's answer: {said}");
    // giving up: the go is over, the solution is given, a later answer is
    // refused
    let (status, _) = post("give-up", json!({}), s.base.clone()).await;
    assert_eq!(status, 200);
    let r = client()
        .get(format!("{}/web/p/1/{}/solution", s.base, id.0))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.text().await.unwrap().contains(&p.solution_text()));
    let (_, body) = post("move", json!({"step": 2, "index": 0}), s.base.clone()).await;
    assert!(body.contains("is over"), "{body}");
}

/// A wrong answer posted twice from the page (a double click, a retried
/// request, two tabs): one wrong try, the second post refused and nothing
/// changed; another wrong answer is a second try. A page of an earlier
/// build, which posts its view's `wrong` too, is answered alike (the
/// field ignored).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_answer_posted_twice_from_the_page_counts_once() {
    let room = Room::with_config(config());
    let (id, p) = two_move_puzzle();
    let s = serve(room, WebOptions::default()).await;
    s.room.say("Anna", "/daily");
    let anna = user_id(&s, "anna");
    let page = Page::Puzzle {
        chat: ChatId(1),
        puzzle: id,
    };
    let token = web::token(&s.room.svc, page, anna).unwrap();
    let r = client()
        .get(format!("{}/web/p/1/{}?t={token}", s.base, id.0))
        .send()
        .await
        .unwrap();
    let cookie = served::session_cookie(&r).unwrap();
    let csrf = served::csrf_at(&s, &format!("web/p/1/{}", id.0), &cookie).await;
    // the page's view, as its script reads it after each answer
    let state = || async {
        let r = client()
            .get(format!("{}/web/p/1/{}/state", s.base, id.0))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        r.json::<serde_json::Value>().await.unwrap()
    };
    let answer = |body: serde_json::Value| async {
        let path = format!("/web/p/1/{}/move", id.0);
        post_json(&s.base, &path, &cookie, &csrf, &s.base, body).await
    };
    let wrong_of = |who: UserId| {
        db::latest_attempt_at(s.room.store().read(), who, ChatId(1), id)
            .unwrap()
            .map(|a| a.wrong)
    };
    // the wrong moves' indexes among the sorted legal moves
    let mut legal = p.start.legal_moves();
    legal.sort_by_key(|m| m.to_string());
    let wrongs: Vec<usize> = (0..legal.len())
        .filter(|&i| p.root.step(&legal[i]).is_none())
        .collect();
    assert!(wrongs.len() >= 2, "two wrong moves at the start");
    // the body the page posts: its view's step and the move
    let view = state().await;
    assert_eq!(view.get("wrong"), None, "the view names no count: {view}");
    let body = json!({"step": view["step"], "index": wrongs[0]});
    let (status, first) = answer(body.clone()).await;
    assert_eq!(status, 200, "{first}");
    assert!(first.contains("Not this one"), "{first}");
    assert_eq!(wrong_of(anna), Some(1));
    // the same post again: refused, not counted
    let (status, second) = answer(body).await;
    assert_eq!(status, 200, "{second}");
    assert!(second.contains("\"ok\":false"), "{second}");
    assert!(second.contains("You tried that move already"), "{second}");
    assert!(!second.contains("Not this one"), "{second}");
    assert_eq!(wrong_of(anna), Some(1), "one post counted: {second}");
    // and as an earlier build's page posts it (with a count): the same
    let old = json!({"step": view["step"], "index": wrongs[0], "wrong": 0});
    let (status, again) = answer(old).await;
    assert_eq!(status, 200, "{again}");
    assert!(again.contains("\"ok\":false"), "{again}");
    assert_eq!(wrong_of(anna), Some(1), "{again}");
    // another wrong move: a second try
    let view = state().await;
    assert_eq!(view["state"].as_str(), Some("open"), "{view}");
    let body = json!({"step": view["step"], "index": wrongs[1]});
    let (_, third) = answer(body).await;
    assert!(third.contains("Not this one"), "{third}");
    assert_eq!(wrong_of(anna), Some(2));
    // the page's script posts the step and the move alone
    let js = client()
        .get(format!("{}/web/static/puzzle.js", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        js.contains("{ step: view.step, index: move.index }") && !js.contains("view.wrong"),
        "puzzle.js posts the step and the move"
    );
}

#[test]
fn open_board_under_a_puzzle_and_the_standings_opens_their_pages_in_the_mini_app() {
    let mut c = config();
    c.web.mini_app = Some("board".into());
    let room = Room::with_config(c).on(Platform::Telegram);
    let (id, _) = two_move_puzzle();
    let out = room.say("Anna", &format!("/puzzle #{id}"));
    let start = out
        .replies
        .iter()
        .find_map(|r| match r.link.as_ref().map(|l| &l.to) {
            Some(LinkTo::MiniAppPage { app, start }) if app == "board" => Some(start.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("an Open board link: {out:#?}"));
    assert!(start.starts_with(&format!("puzzle-1-{id}-")), "{start}");
    let who = |id: &str| AppUser {
        id: id.into(),
        name: format!("U{id}"),
        handle: None,
        lang: Some("en".into()),
    };
    // anyone the post reached opens the puzzle for themselves, in this chat
    let opened = web::app_open(&room.svc, &who("42"), Some(&start)).unwrap();
    let (page, token) = opened.expect("the puzzle opens");
    assert_eq!(
        page,
        Page::Puzzle {
            chat: ChatId(1),
            puzzle: id
        }
    );
    assert!(web::check(&room.svc, &token, page).is_ok());
    // the same mark on another chat or puzzle opens nothing
    for forged in [
        start.replacen("puzzle-1-", "puzzle-2-", 1),
        start.replacen(&format!("-{id}-"), &format!("-{}-", id.0 + 1), 1),
    ] {
        let r = web::app_open(&room.svc, &who("42"), Some(&forged)).unwrap();
        assert_eq!(r.err(), Some(AppRefused::NoGame), "{forged}");
    }

    // a tournament's standings: its page, for its players (the group
    // keeps the web to them)
    let mut admin = room.event(
        "Anna",
        Input::Text("/tournament new Spring rr single".into()),
    );
    admin.user.is_admin = true;
    room.svc.handle(&admin).unwrap();
    for p in ["Anna", "Bob"] {
        room.say(p, "/tournament join");
    }
    let out = room.say("Anna", "/standings");
    let link = out
        .replies
        .iter()
        .find_map(|r| r.link.clone())
        .expect("Open board under the standings");
    assert_eq!(
        link.to,
        LinkTo::MiniAppPage {
            app: "board".into(),
            start: "tournament-1".into()
        }
    );
    let r = web::app_open(&room.svc, &who("43"), Some("tournament-1")).unwrap();
    assert!(
        matches!(&r, Err(AppRefused::Refused(t)) if t.contains("only the players")),
        "{r:?}"
    );
    let store = room.store();
    let anna = store::user_by_platform_id(store.read(), "telegram", "anna")
        .unwrap()
        .unwrap();
    drop(store);
    // Anna's Telegram id is "anna" in this room: the Mini App knows her so
    let r = web::app_open(&room.svc, &who("anna"), Some("tournament-1")).unwrap();
    let (page, token) = r.expect("a player opens it");
    assert_eq!(page, Page::Tournament(TournamentId(1)));
    assert_eq!(web::check(&room.svc, &token, page).unwrap().user, anna.id);
}

/// A round robin of Anna, Bob and Carl in the room, started (every game
/// at once); then Carl resigns his first game. Its id.
fn tournament(room: &Room) -> TournamentId {
    let mut admin = room.event(
        "Anna",
        Input::Text("/tournament new Spring rr single days 3".into()),
    );
    admin.user.is_admin = true;
    room.svc.handle(&admin).unwrap();
    for p in ["Anna", "Bob", "Carl"] {
        room.say(p, "/tournament join");
    }
    let mut start = room.event("Anna", Input::Text("/tournament start".into()));
    start.user.is_admin = true;
    let t = text(&room.svc.handle(&start).unwrap());
    assert!(t.contains("3 games"), "{t}");
    TournamentId(1)
}

fn tournament_games(s: &Served) -> Vec<store::GameRow> {
    store::tournament_games(s.room.store().read(), TournamentId(1))
        .unwrap()
        .into_iter()
        .map(|g| {
            store::game(s.room.store().read(), g.game_id)
                .unwrap()
                .unwrap()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_the_tournament_page_shows_the_crosstable_and_links_its_running_games() {
    let Some(b) = Browser::start("in_a_browser_the_tournament_page").await else {
        return;
    };
    let room = Room::with_config(config());
    tournament(&room);
    let s = serve(room, WebOptions::default()).await;
    let games = tournament_games(&s);
    // Carl resigns the game he plays against Bob: a result in the table
    let carl = user_id(&s, "carl");
    let bob = user_id(&s, "bob");
    let done = games
        .iter()
        .find(|g| g.color_of(carl).is_some() && g.color_of(bob).is_some())
        .unwrap()
        .id;
    s.room.say("Carl", &format!("/resign #{done}"));
    // Anna asks for the page (Discord's "Open board" under the standings)
    let said = text(&s.room.press("Anna", "wt:1"));
    let url = link_in(&said, "/web/t/1?t=", &s);
    b.goto(&url).await;
    b.until("the tournament's page", || async {
        b.text("h1").await.contains("Spring")
    })
    .await;
    assert!(b.text("[data-role=status]").await.contains("In progress"));
    let table = b
        .run(
            "return [...document.querySelectorAll('[data-role=crosstable] tbody tr')].map(r => \
             [r.querySelector('[data-role=player]').textContent, \
              r.querySelector('[data-role=points]').textContent]);",
            json!([]),
        )
        .await;
    let rows: Vec<(String, String)> = serde_json::from_value(table).unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    let bobs = rows.iter().find(|(n, _)| n == "Bob").expect("Bob's row");
    assert!(bobs.1.starts_with('2'), "Bob won a game: {rows:?}");
    let carls = rows.iter().find(|(n, _)| n == "Carl").expect("Carl's row");
    assert!(carls.1.starts_with('0'), "{rows:?}");

    // the games in progress: Anna's two, each a link; the finished one not
    // listed
    let listed = b
        .run(
            "return [...document.querySelectorAll('[data-role=games] li')].map(l => \
             [Number(l.dataset.game), !!l.querySelector('a')]);",
            json!([]),
        )
        .await;
    let listed: Vec<(i64, bool)> = serde_json::from_value(listed).unwrap();
    let running: Vec<i64> = games
        .iter()
        .filter(|g| g.id != done)
        .map(|g| g.id.0)
        .collect();
    assert_eq!(
        listed.iter().map(|(g, _)| *g).collect::<Vec<_>>(),
        running,
        "{listed:?}"
    );
    assert!(listed.iter().all(|(_, link)| *link), "{listed:?}");
    // the README's picture of a tournament's page
    picture(&b, "web-tournament", 900, 520).await;
    // follow one: its game's page opens for her
    let game = running[0];
    b.click(&format!("[data-role=games] li[data-game='{game}'] a"))
        .await;
    ready(&b, "the game's page").await;
    let shown = b
        .run(
            "return document.getElementById('app').dataset.game;",
            json!([]),
        )
        .await;
    assert_eq!(shown, json!(game.to_string()));
    assert!(!b.text("[data-role=status]").await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_page_is_its_players_and_the_games_links_follow_the_groups_rule() {
    let room = Room::with_config(config());
    tournament(&room);
    room.say("Dora", "/help");
    let s = serve(room, WebOptions::default()).await;
    let (anna, dora) = (user_id(&s, "anna"), user_id(&s, "dora"));
    let page = Page::Tournament(TournamentId(1));
    let get = |token: String| {
        let base = s.base.clone();
        async move {
            let r = client()
                .get(format!("{base}/web/t/1?t={token}"))
                .send()
                .await
                .unwrap();
            let cookie = served::session_cookie(&r).unwrap();
            let r = client()
                .get(format!("{base}/web/t/1"))
                .header("cookie", cookie)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        }
    };
    // Dora plays in none of it: refused while the group keeps the web to
    // the players, and her press says why
    let (status, _) = get(web::token(&s.room.svc, page, dora).unwrap()).await;
    assert_eq!(status, 403);
    let said = text(&s.room.press("Dora", "wt:1"));
    assert!(said.contains("only the players of tournament #1"), "{said}");
    assert!(!said.contains("/web/t/"), "{said}");
    // Anna's page: her games linked, Bob–Carl's not
    let games = tournament_games(&s);
    let others = games
        .iter()
        .find(|g| g.color_of(anna).is_none())
        .unwrap()
        .id;
    let (status, html) = get(web::token(&s.room.svc, page, anna).unwrap()).await;
    assert_eq!(status, 200, "{html}");
    assert!(
        html.contains(&format!("<li data-game=\"{others}\">#{others}")),
        "no link to a game she may not watch: {html}"
    );
    for g in games.iter().filter(|g| g.id != others) {
        assert!(
            html.contains(&format!(
                "<li data-game=\"{}\"><a href=\"/web/g/{}?t=",
                g.id, g.id
            )),
            "{html}"
        );
    }
    // everyone may watch now: Dora's page, every game linked
    let mut admin = s.room.event("Anna", Input::Text("/settings web on".into()));
    admin.user.is_admin = true;
    s.room.svc.handle(&admin).unwrap();
    let (status, html) = get(web::token(&s.room.svc, page, dora).unwrap()).await;
    assert_eq!(status, 200);
    assert!(
        html.contains(&format!(
            "<li data-game=\"{others}\"><a href=\"/web/g/{others}?t="
        )),
        "{html}"
    );
}

/// Anna (White) against Bob in the room: game 1.
fn human_game(room: &Room) -> GameId {
    room.say("Bob", "/help");
    let card = room.say("Anna", "/challenge @bob 3 white");
    room.press("Bob", &common::room::button(&card, "Accept"));
    GameId(1)
}

async fn open_game(b: &Browser, s: &Served, name: &str) {
    let user = web::user_named(&s.room.svc, GameId(1), name)
        .unwrap()
        .unwrap();
    let token = web::token(&s.room.svc, GameId(1), user).unwrap();
    b.goto(&format!("{}/web/g/1?t={token}", s.base)).await;
    ready(b, "the game's page").await;
}

fn ply(s: &Served) -> Ply {
    store::game(s.room.store().read(), GameId(1))
        .unwrap()
        .unwrap()
        .ply
}

/// The square the keyboard's focus is on.
async fn focused(b: &Browser) -> Option<String> {
    b.run(
        "const e = document.activeElement; return e && e.getAttribute ? e.getAttribute('data-square') : null;",
        json!([]),
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// Press Tab (Shift+Tab `back`) until the focus is on `square`.
async fn tab_to(b: &Browser, square: &str, back: bool) {
    for _ in 0..80 {
        if focused(b).await.as_deref() == Some(square) {
            return;
        }
        if back {
            b.keys(&[&[SHIFT, TAB]]).await;
        } else {
            b.keys(&[&[TAB]]).await;
        }
    }
    panic!("Tab never reached {square}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_the_game_page_fits_a_phone_and_moves_by_keyboard_alone() {
    let Some(b) = Browser::start("in_a_browser_the_game_page_fits_a_phone").await else {
        return;
    };
    let room = Room::with_config(config());
    human_game(&room);
    let s = serve(room, WebOptions::default()).await;
    b.size(360, 780).await;
    open_game(&b, &s, "anna").await;
    let (scroll, client, inner) = {
        let v = b
            .run(
                "const d = document.documentElement; return [d.scrollWidth, d.clientWidth, window.innerWidth];",
                json!([]),
            )
            .await;
        serde_json::from_value::<(i64, i64, i64)>(v).unwrap()
    };
    assert!(inner <= 360, "a phone's width: {inner}");
    assert!(scroll <= client, "no sideways scroll: {scroll} > {client}");
    // each square a button with its name and what stands on it
    let label = b
        .run(
            "const e = document.querySelector('[data-square=c3]'); return [e.getAttribute('role'), e.getAttribute('tabindex'), e.getAttribute('aria-label')];",
            json!([]),
        )
        .await;
    assert_eq!(label, json!(["button", "0", "c3, white man"]));

    // c3-d4 with the keyboard alone: Tab to c3, Enter; back to d4, Space
    tab_to(&b, "c3", false).await;
    b.keys(&[&[ENTER]]).await;
    b.until("c3's squares offered", || async {
        b.targets().await == ["b4", "d4"]
    })
    .await;
    assert_eq!(focused(&b).await.as_deref(), Some("c3"), "the focus stays");
    tab_to(&b, "d4", true).await;
    b.keys(&[&[" "]]).await;
    b.until("the move on the page", || async {
        b.piece("d4").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(ply(&s), Ply(1));
    assert_eq!(b.piece("c3").await, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_browser_a_piece_dragged_to_a_square_is_moved() {
    let Some(b) = Browser::start("in_a_browser_a_piece_dragged").await else {
        return;
    };
    let room = Room::with_config(config());
    human_game(&room);
    let s = serve(room, WebOptions::default()).await;
    open_game(&b, &s, "anna").await;
    // dropped on a square it cannot go to: nothing is sent
    b.drag("[data-square=c3]", "[data-square=c5]").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(ply(&s), Ply(0));
    assert_eq!(b.piece("c3").await.as_deref(), Some("w"));
    // dropped on d4: the move
    b.drag("[data-square=c3]", "[data-square=d4]").await;
    b.until("the dragged move on the page", || async {
        b.piece("d4").await.as_deref() == Some("w")
    })
    .await;
    assert_eq!(ply(&s), Ply(1));
    assert_eq!(b.piece("c3").await, None);
}
