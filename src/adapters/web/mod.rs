//! The web board (issue 24): a game's page on the bot's own HTTP server
//! (`[http] listen`, the links written on `[web] public_url`). It
//! translates, like every adapter: a page's move becomes the same
//! [`Event`] a pressed move button in the game's chat is (the chat's
//! button payload, with the ply the page showed), queued on the hub's lane
//! of that chat and through the same access gate; the person's own answer
//! (a refusal's text) comes back to the page, the chat's replies (the
//! living board) go out as usual. Everything the page shows comes from the
//! core ([`crate::core::web::WebView`]): the squares' names, the legal
//! moves with their paths — the page's script never knows a rule.
//!
//! Who is who: a signed link for one user and one game
//! ([`crate::core::web`]); opening it sets a cookie for that game's pages
//! (HttpOnly, SameSite=Lax) and sends the browser on without the token in
//! the address. Every request checks the token again (expired, revoked:
//! 401). Requests that change something also need the page's anti-forgery
//! token (a header no other site can set) and an `Origin` of this server,
//! and are limited per user ([`WebOptions::posts_per_minute`]). Every
//! answer carries a Content-Security-Policy: scripts, styles and pictures
//! from this server only (all of them are built in: [`assets`]).
//!
//! Routes: `GET /web/g/N?t=TOKEN` (open a link), `GET /web/g/N` (the
//! page), `/web/g/N/state` (the view, JSON), `/web/g/N/events` (server-sent
//! events: `changed` when the game moves), `/web/g/N/pdn`, `POST
//! /web/g/N/move` (`{ply, index}` or `{ply, text}`), `POST
//! /web/g/N/action` (`{action: "draw"|"resign"}`); a puzzle's page (one
//! user's go at puzzle P in chat C, [`crate::core::web::Page::Puzzle`]):
//! `GET /web/p/C/P` (`?t=` to open a link), `/state`, `POST /move`
//! (`{step, index}`), `POST /hint`, `POST /give-up`, `GET /solution`
//! (only once the go is over); a tournament's page: `GET /web/t/N`;
//! `/web/static/…`. A puzzle page's answers, hint and surrender are the
//! user's events in the puzzle's chat, as a game page's moves are.

pub mod initdata;
mod page;

use crate::core::i18n::Lang;
use crate::core::input::payload::Payload;
use crate::core::web::{self, csrf_ok, csrf_token, AppRefused, Claims, LinkError, Page, WebCheck};
use crate::core::{ChatRef, Event, GameId, Input, UserId, UserRef};
use crate::runtime::Hub;
use crate::store::Ply;
use crate::store::{ChatId, PuzzleId, TournamentId};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The web board's settings.
#[derive(Debug, Clone)]
pub struct WebOptions {
    /// The address the pages are reached at (`https://…`): the origin a
    /// changing request must come from. `None`: the request's own `Host`.
    pub public_url: Option<String>,
    /// Moves and offers one user may send in a minute.
    pub posts_per_minute: u32,
    /// The Telegram bot's token, which signs a Mini App's `initData`
    /// (`None`: no Mini App, `/web/app` refuses everyone). Never logged.
    pub telegram_token: Option<crate::config::Secret>,
    /// The oldest `initData` accepted, in seconds.
    pub init_data_max_age: i64,
}

impl Default for WebOptions {
    fn default() -> Self {
        WebOptions {
            public_url: None,
            posts_per_minute: 30,
            telegram_token: None,
            init_data_max_age: 24 * 3600,
        }
    }
}

#[derive(Clone)]
struct Web {
    hub: Hub,
    opts: Arc<WebOptions>,
    posts: Arc<Mutex<HashMap<UserId, VecDeque<Instant>>>>,
}

/// The built-in files: no CDN, nothing from elsewhere.
mod assets {
    pub const BOARD_JS: &str = include_str!("board.js");
    pub const BOARD_CSS: &str = include_str!("board.css");
    pub const APP_JS: &str = include_str!("app.js");
    pub const DRAW_JS: &str = include_str!("draw.js");
    pub const PUZZLE_JS: &str = include_str!("puzzle.js");
}

/// The policy every answer carries.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
frame-ancestors 'self' https://web.telegram.org https://*.telegram.org";

/// The web board's routes, for the runtime's HTTP server.
pub fn router(hub: Hub, opts: WebOptions) -> Router {
    let state = Web {
        hub,
        opts: Arc::new(opts),
        posts: Arc::default(),
    };
    Router::new()
        .route("/web/g/{game}", get(open_page))
        .route("/web/g/{game}/state", get(state_json))
        .route("/web/g/{game}/events", get(events))
        .route("/web/g/{game}/pdn", get(pdn))
        .route("/web/g/{game}/move", post(play))
        .route("/web/g/{game}/action", post(action))
        .route("/web/p/{chat}/{puzzle}", get(puzzle_page))
        .route("/web/p/{chat}/{puzzle}/state", get(puzzle_state))
        .route("/web/p/{chat}/{puzzle}/move", post(puzzle_move))
        .route("/web/p/{chat}/{puzzle}/hint", post(puzzle_hint))
        .route("/web/p/{chat}/{puzzle}/give-up", post(puzzle_give_up))
        .route("/web/p/{chat}/{puzzle}/solution", get(puzzle_solution))
        .route("/web/t/{tournament}", get(tournament_page))
        .route("/web/app", get(app_page))
        .route("/web/app/session", post(app_session))
        .route("/web/static/app.js", get(app_js))
        .route("/web/static/board.js", get(board_js))
        .route("/web/static/draw.js", get(draw_js))
        .route("/web/static/puzzle.js", get(puzzle_js))
        .route("/web/static/board.css", get(board_css))
        .layer(axum::middleware::map_response(secure_headers))
        .with_state(state)
}

async fn secure_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// The session token of `page` in the request's cookies.
fn session_token(headers: &HeaderMap, page: Page) -> Option<String> {
    let name = page.cookie();
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// The reader's language as the browser says it (`Accept-Language`: the
/// first of its languages the bot speaks, by preference).
fn browser_lang(headers: &HeaderMap) -> Option<String> {
    let list = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())?;
    let mut langs: Vec<(f32, &str)> = list
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            Some((q, tag))
        })
        .filter(|(q, _)| *q > 0.0)
        .collect();
    // stable: equal weights keep the browser's order
    langs.sort_by(|a, b| b.0.total_cmp(&a.0));
    langs
        .into_iter()
        .find_map(|(_, tag)| Lang::from_code(tag))
        .map(|l| l.code().to_string())
}

/// A refusal page or body in the reader's language (the session's user's,
/// else the browser's): 401 for a link that is wrong, expired or revoked,
/// 403 for a good link to another page; nothing was changed.
fn refused(web: &Web, why: LinkError, lang: Option<&str>) -> Response {
    let status = match why {
        LinkError::OtherPage => StatusCode::FORBIDDEN,
        _ => StatusCode::UNAUTHORIZED,
    };
    let text = web.hub.say(lang, "web-link-invalid");
    text_answer(status, text)
}

fn text_answer(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

fn failed() -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, "something went wrong\n").into_response()
}

/// The session of a request: its cookie's token, checked now.
async fn session(web: &Web, headers: &HeaderMap, page: Page) -> Result<(String, Claims), Response> {
    let Some(token) = session_token(headers, page) else {
        return Err(refused(
            web,
            LinkError::Malformed,
            browser_lang(headers).as_deref(),
        ));
    };
    check(web, token, page, headers).await
}

/// A good session's refusal (its page is not for it, 403), in its user's
/// language, else the browser's.
async fn refused_for(web: &Web, claims: &Claims, headers: &HeaderMap) -> Response {
    let user = claims.user;
    let lang = web
        .hub
        .call(move |svc| web::user_lang(svc, user))
        .await
        .ok()
        .flatten()
        .or_else(|| browser_lang(headers));
    refused(web, LinkError::OtherPage, lang.as_deref())
}

async fn check(
    web: &Web,
    token: String,
    page: Page,
    headers: &HeaderMap,
) -> Result<(String, Claims), Response> {
    let t = token.clone();
    let res = web.hub.call(move |svc| Ok(web::check(svc, &t, page))).await;
    match res {
        Ok(Ok(claims)) => Ok((token, claims)),
        Ok(Err(WebCheck::Refused(LinkError::OtherPage))) => {
            // signed and current, for another page: its user's language
            // (the token's signature held: its user is the one it names)
            match token
                .split('.')
                .nth(1)
                .and_then(|u| u.parse().ok())
                .map(UserId)
            {
                Some(user) => {
                    let lang = web
                        .hub
                        .call(move |svc| web::user_lang(svc, user))
                        .await
                        .ok()
                        .flatten()
                        .or_else(|| browser_lang(headers));
                    Err(refused(web, LinkError::OtherPage, lang.as_deref()))
                }
                None => Err(refused(web, LinkError::OtherPage, None)),
            }
        }
        Ok(Err(WebCheck::Refused(why))) => Err(refused(web, why, browser_lang(headers).as_deref())),
        Ok(Err(WebCheck::Failed(e))) => {
            tracing::error!(error = %e, "checking a web link failed");
            Err(failed())
        }
        Err(_) => Err(failed()),
    }
}

/// The session cookie of `page` holding `token`: this page's addresses
/// only, no script may read it, not sent from other sites' pages; `Secure`
/// on an https address; it lasts as long as the token.
fn session_cookie(web: &Web, page: Page, token: &str) -> String {
    let secure = web
        .opts
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"));
    let expires = token
        .split('.')
        .nth(2)
        .and_then(|e| e.parse::<i64>().ok())
        .unwrap_or(0);
    let age = (expires - web.hub.service().now()).max(0);
    format!(
        "{}={}; Path={}; Max-Age={}; HttpOnly; SameSite=Lax{}",
        page.cookie(),
        token,
        page.path(),
        age,
        if secure { "; Secure" } else { "" }
    )
}

/// A link opened: the session cookie set, on to the page without the
/// token in the address.
fn opened(web: &Web, page: Page, token: &str) -> Response {
    let mut r = (StatusCode::SEE_OTHER, [(header::LOCATION, page.path())]).into_response();
    if let Ok(v) = HeaderValue::from_str(&session_cookie(web, page, token)) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

/// A page's request: a link opened (`?t=`: answered with the cookie and a
/// redirect, as an `Err`), or the session of its cookie.
async fn page_session(
    web: &Web,
    page: Page,
    q: OpenQuery,
    headers: &HeaderMap,
) -> Result<(String, Claims), Response> {
    if let Some(token) = q.t {
        let (token, _) = check(web, token, page, headers).await?;
        return Err(opened(web, page, &token));
    }
    session(web, headers, page).await
}

/// The page's anti-forgery token for a session.
async fn page_csrf(web: &Web, token: &str) -> Result<String, Response> {
    let secret = web.hub.call(web::secret).await;
    secret.map(|s| csrf_token(&s, token)).map_err(|_| failed())
}

fn html_answer(body: String) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

#[derive(serde::Deserialize)]
struct OpenQuery {
    t: Option<String>,
}

/// `GET /web/g/N?t=…`: a link opened (the cookie set, on to the page);
/// `GET /web/g/N`: the page of the cookie's session.
async fn open_page(
    State(web): State<Web>,
    Path(game): Path<i64>,
    Query(q): Query<OpenQuery>,
    headers: HeaderMap,
) -> Response {
    let page = Page::Game(GameId(game));
    let (token, claims) = match page_session(&web, page, q, &headers).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let view = web.hub.call(move |svc| web::view(svc, &claims)).await;
    match view {
        Ok(Some(view)) => match page_csrf(&web, &token).await {
            Ok(csrf) => html_answer(page::html(&view, &csrf)),
            Err(r) => r,
        },
        Ok(None) => refused_for(&web, &claims, &headers).await,
        Err(_) => failed(),
    }
}

async fn state_json(State(web): State<Web>, Path(game): Path<i64>, headers: HeaderMap) -> Response {
    let (_, claims) = match session(&web, &headers, Page::Game(GameId(game))).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match web.hub.call(move |svc| web::view(svc, &claims)).await {
        Ok(Some(view)) => json(StatusCode::OK, &view),
        Ok(None) => refused_for(&web, &claims, &headers).await,
        Err(_) => failed(),
    }
}

fn json<T: serde::Serialize>(status: StatusCode, v: &T) -> Response {
    match serde_json::to_string(v) {
        Ok(body) => (status, [(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(_) => failed(),
    }
}

async fn pdn(State(web): State<Web>, Path(game): Path<i64>, headers: HeaderMap) -> Response {
    let (_, claims) = match session(&web, &headers, Page::Game(GameId(game))).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match web.hub.call(move |svc| web::pdn(svc, &claims)).await {
        Ok(Some((name, text))) => (
            [
                (
                    header::CONTENT_TYPE,
                    "application/x-chess-pdn; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{name}\""),
                ),
            ],
            text,
        )
            .into_response(),
        Ok(None) => refused_for(&web, &claims, &headers).await,
        Err(_) => failed(),
    }
}

/// `GET /web/g/N/events`: `changed` whenever the game moves (a move from
/// the chat, the AI's, a draw offer, the end), and a keep-alive.
async fn events(State(web): State<Web>, Path(game): Path<i64>, headers: HeaderMap) -> Response {
    let game = GameId(game);
    if let Err(r) = session(&web, &headers, Page::Game(game)).await {
        return r;
    }
    let hub = web.hub.clone();
    let first = hub
        .call(move |svc| web::stamp(svc, game))
        .await
        .ok()
        .flatten();
    let changes = hub.watch_changes();
    let stream = futures_util::stream::unfold(
        (hub, changes, first),
        move |(hub, mut changes, last)| async move {
            loop {
                // a change handled, or a look now and then (the sweeper's
                // time-outs do not count as changes)
                let woke = tokio::time::timeout(Duration::from_secs(15), changes.changed()).await;
                if matches!(woke, Ok(Err(_))) || hub.is_shutting_down() {
                    return None;
                }
                let now = hub
                    .call(move |svc| web::stamp(svc, game))
                    .await
                    .ok()
                    .flatten();
                if now != last {
                    let ev = SseEvent::default()
                        .event("changed")
                        .data(now.map_or_else(String::new, |(ply, _, _)| ply.to_string()));
                    return Some((Ok::<_, std::convert::Infallible>(ev), (hub, changes, now)));
                }
            }
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response()
}

/// The request comes from this server's pages: its `Origin` is the
/// public address's (or, without one, this `Host` over plain HTTP).
fn same_origin(web: &Web, headers: &HeaderMap) -> bool {
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let expected = match web.opts.public_url.as_deref() {
        Some(u) => url::Url::parse(u)
            .map(|u| u.origin().ascii_serialization())
            .unwrap_or_default(),
        None => headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .map(|h| format!("http://{h}"))
            .unwrap_or_default(),
    };
    !origin.is_empty() && origin == expected
}

/// How many users' recent posts are kept before those idle for a minute
/// are forgotten.
const FORGET_POSTERS_AT: usize = 1024;

/// A changing request's checks beyond the session: it comes from this
/// server's pages (`Origin`), carries the page's anti-forgery token, and
/// the user has not sent too many.
async fn guard(web: &Web, headers: &HeaderMap, page: Page) -> Result<Claims, Response> {
    if !same_origin(web, headers) {
        return Err((StatusCode::FORBIDDEN, "cross-site request refused\n").into_response());
    }
    let (token, claims) = session(web, headers, page).await?;
    let given = headers
        .get("x-csrf-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let secret = web.hub.call(web::secret).await.map_err(|_| failed())?;
    if !csrf_ok(&secret, &token, &given) {
        return Err((
            StatusCode::FORBIDDEN,
            "missing or wrong anti-forgery token\n",
        )
            .into_response());
    }
    // the user's rate
    {
        let mut posts = web.posts.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let stale = |t: &Instant| now.duration_since(*t) > Duration::from_secs(60);
        // users who have not posted for a minute are forgotten, so the map
        // holds only the last minute's posters
        if posts.len() >= FORGET_POSTERS_AT {
            posts.retain(|_, q| q.back().is_some_and(|t| !stale(t)));
        }
        let q = posts.entry(claims.user).or_default();
        while q.front().is_some_and(stale) {
            q.pop_front();
        }
        if q.len() >= web.opts.posts_per_minute.max(1) as usize {
            let text = web.hub.say(None, "web-slow-down");
            return Err(json(
                StatusCode::TOO_MANY_REQUESTS,
                &Answer {
                    ok: false,
                    message: Some(text),
                },
            ));
        }
        q.push_back(now);
    }
    Ok(claims)
}

#[derive(serde::Deserialize)]
struct MoveBody {
    ply: i64,
    index: Option<u16>,
    text: Option<String>,
}

#[derive(serde::Deserialize)]
struct ActionBody {
    action: String,
}

/// What a changing request answers: done, or the person's answer (a
/// refusal's text, in their language).
#[derive(serde::Serialize)]
struct Answer {
    ok: bool,
    message: Option<String>,
}

/// `POST /web/g/N/move`: the legal move `index` (as the chat's buttons
/// number them) at `ply`, or a move's text (the page's guess when it is
/// not the user's turn: the core says why not).
async fn play(
    State(web): State<Web>,
    Path(game): Path<i64>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<MoveBody>,
) -> Response {
    let game = GameId(game);
    let input = match (body.index, body.text) {
        (Some(index), _) => Ok(Input::Choice(
            Payload::Move {
                game,
                ply: Ply(body.ply),
                index,
            }
            .encode(),
        )),
        (None, Some(text)) if text.len() <= 64 => {
            Ok(Input::Text(format!("/move #{} {}", game.0, text.trim())))
        }
        _ => Err((StatusCode::BAD_REQUEST, "no move\n").into_response()),
    };
    guarded(&web, &headers, Page::Game(game), input).await
}

/// `POST /web/g/N/action`: offer (or accept) a draw, or resign (the page
/// asked for a confirmation first).
async fn action(
    State(web): State<Web>,
    Path(game): Path<i64>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<ActionBody>,
) -> Response {
    let game = GameId(game);
    let input = match body.action.as_str() {
        "draw" => Ok(Input::Choice(Payload::Draw { game }.encode())),
        "resign" => Ok(Input::Text(format!("/resign #{}", game.0))),
        _ => Err((StatusCode::BAD_REQUEST, "unknown action\n").into_response()),
    };
    guarded(&web, &headers, Page::Game(game), input).await
}

/// A page's action: the page's guard first (whoever fails it learns
/// nothing of the request), then the user's event, or why the request
/// was refused.
async fn guarded(
    web: &Web,
    headers: &HeaderMap,
    page: Page,
    input: Result<Input, Response>,
) -> Response {
    let claims = match guard(web, headers, page).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    match input {
        Ok(input) => act(web, claims, input, headers).await,
        Err(refused) => refused,
    }
}

/// The event of the page's user in the game's chat, on that chat's lane.
async fn act(web: &Web, claims: Claims, input: Input, headers: &HeaderMap) -> Response {
    let actor = match web.hub.call(move |svc| web::actor(svc, &claims)).await {
        Ok(Some(a)) => a,
        Ok(None) => return refused_for(web, &claims, headers).await,
        Err(_) => return failed(),
    };
    let event = Event {
        platform: actor.platform,
        chat: ChatRef {
            id: actor.chat.clone(),
            title: None,
            is_private: actor.chat_private,
        },
        user: UserRef {
            id: actor.user.clone(),
            name: actor.name.clone(),
            handle: actor.handle.clone(),
            lang: actor.lang.clone(),
            is_admin: false,
        },
        input,
        update_id: None,
        to_bot: false,
        thread: actor.thread.clone(),
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    let hub = web.hub.clone();
    let queued = web.hub.queue_update(
        actor.platform,
        &actor.chat,
        &actor.user,
        format!("web page {}", claims.page.key()),
        async move {
            let _ = tx.send(hub.handle_aside(event).await);
        },
    );
    if let Err(shed) = queued {
        let text = web.hub.shed_notice(&shed, actor.lang.as_deref());
        return json(
            StatusCode::TOO_MANY_REQUESTS,
            &Answer {
                ok: false,
                message: Some(text),
            },
        );
    }
    match rx.await {
        Ok(Ok(aside)) => json(
            StatusCode::OK,
            &Answer {
                ok: aside.refused.is_none(),
                message: (!aside.told.is_empty()).then(|| aside.told.join("\n")),
            },
        ),
        _ => failed(),
    }
}

async fn board_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        assets::BOARD_JS,
    )
        .into_response()
}

async fn board_css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        assets::BOARD_CSS,
    )
        .into_response()
}

async fn draw_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        assets::DRAW_JS,
    )
        .into_response()
}

async fn puzzle_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        assets::PUZZLE_JS,
    )
        .into_response()
}

async fn app_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        assets::APP_JS,
    )
        .into_response()
}

fn puzzle_at(chat: i64, puzzle: i64) -> Page {
    Page::Puzzle {
        chat: ChatId(chat),
        puzzle: PuzzleId(puzzle),
    }
}

/// `GET /web/p/C/P?t=…`: a puzzle's link opened; `GET /web/p/C/P`: the
/// page of the cookie's session (the go's board, the task, hint and
/// solution behind their buttons).
async fn puzzle_page(
    State(web): State<Web>,
    Path((chat, puzzle)): Path<(i64, i64)>,
    Query(q): Query<OpenQuery>,
    headers: HeaderMap,
) -> Response {
    let page = puzzle_at(chat, puzzle);
    let (token, claims) = match page_session(&web, page, q, &headers).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match web
        .hub
        .call(move |svc| web::puzzle_view(svc, &claims))
        .await
    {
        Ok(Some(view)) => match page_csrf(&web, &token).await {
            Ok(csrf) => html_answer(page::puzzle_html(&view, &csrf)),
            Err(r) => r,
        },
        Ok(None) => refused_for(&web, &claims, &headers).await,
        Err(_) => failed(),
    }
}

/// `GET /web/p/C/P/state`: the puzzle page's view, JSON.
async fn puzzle_state(
    State(web): State<Web>,
    Path((chat, puzzle)): Path<(i64, i64)>,
    headers: HeaderMap,
) -> Response {
    let (_, claims) = match session(&web, &headers, puzzle_at(chat, puzzle)).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match web
        .hub
        .call(move |svc| web::puzzle_view(svc, &claims))
        .await
    {
        Ok(Some(view)) => json(StatusCode::OK, &view),
        Ok(None) => refused_for(&web, &claims, &headers).await,
        Err(_) => failed(),
    }
}

#[derive(serde::Deserialize)]
struct PuzzleMoveBody {
    step: u16,
    index: u16,
    /// The view's wrong tries (absent from a page loaded before it was
    /// kept: judged as before).
    #[serde(default)]
    wrong: Option<u8>,
}

/// `POST /web/p/C/P/move` `{step, index, wrong}`: the page's answer, the
/// user's event in the puzzle's chat (its judgement the chat's own); the
/// same answer posted twice from one view counts once.
async fn puzzle_move(
    State(web): State<Web>,
    Path((chat, puzzle)): Path<(i64, i64)>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<PuzzleMoveBody>,
) -> Response {
    let p = Payload::PuzzleMove {
        puzzle: PuzzleId(puzzle),
        step: body.step,
        index: body.index,
        wrong: body.wrong,
    };
    let input = Ok(Input::Choice(p.encode()));
    guarded(&web, &headers, puzzle_at(chat, puzzle), input).await
}

/// `POST /web/p/C/P/hint`: `/hint` on the page's puzzle; the hint comes
/// back in the answer.
async fn puzzle_hint(
    State(web): State<Web>,
    Path((chat, puzzle)): Path<(i64, i64)>,
    headers: HeaderMap,
) -> Response {
    let p = Payload::PuzzleHintOf {
        puzzle: PuzzleId(puzzle),
    };
    let input = Ok(Input::Choice(p.encode()));
    guarded(&web, &headers, puzzle_at(chat, puzzle), input).await
}

/// `POST /web/p/C/P/give-up`: `/puzzle solution` on the page's puzzle (the
/// page then reads the solution).
async fn puzzle_give_up(
    State(web): State<Web>,
    Path((chat, puzzle)): Path<(i64, i64)>,
    headers: HeaderMap,
) -> Response {
    let p = Payload::PuzzleGiveUp {
        puzzle: PuzzleId(puzzle),
    };
    let input = Ok(Input::Choice(p.encode()));
    guarded(&web, &headers, puzzle_at(chat, puzzle), input).await
}

/// `GET /web/p/C/P/solution`: `{solution}` once the user's go is over;
/// before, 403 and why: the solution is never in the page before it is
/// asked for, nor given while the go is on.
async fn puzzle_solution(
    State(web): State<Web>,
    Path((chat, puzzle)): Path<(i64, i64)>,
    headers: HeaderMap,
) -> Response {
    let (_, claims) = match session(&web, &headers, puzzle_at(chat, puzzle)).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let user = claims.user;
    match web
        .hub
        .call(move |svc| web::puzzle_solution(svc, &claims))
        .await
    {
        Ok(Some(solution)) => json(
            StatusCode::OK,
            &serde_json::json!({ "ok": true, "solution": solution }),
        ),
        Ok(None) => {
            let lang = web
                .hub
                .call(move |svc| web::user_lang(svc, user))
                .await
                .ok()
                .flatten()
                .or_else(|| browser_lang(&headers));
            json(
                StatusCode::FORBIDDEN,
                &Answer {
                    ok: false,
                    message: Some(web.hub.say(lang.as_deref(), "web-puzzle-solution-hidden")),
                },
            )
        }
        Err(_) => failed(),
    }
}

/// `GET /web/t/N?t=…`: a tournament's link opened; `GET /web/t/N`: its
/// page (read only: no script).
async fn tournament_page(
    State(web): State<Web>,
    Path(id): Path<i64>,
    Query(q): Query<OpenQuery>,
    headers: HeaderMap,
) -> Response {
    let page = Page::Tournament(TournamentId(id));
    let (_, claims) = match page_session(&web, page, q, &headers).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match web
        .hub
        .call(move |svc| web::tournament_view(svc, &claims))
        .await
    {
        Ok(Some(view)) => html_answer(page::tournament_html(&view)),
        Ok(None) => refused_for(&web, &claims, &headers).await,
        Err(_) => failed(),
    }
}

/// `GET /web/app`: the Telegram Mini App's page (`t.me/<bot>/<app>?startapp=
/// game-12` opens it). Its script hands Telegram's `initData` (from
/// `Telegram.WebApp` when a host page gave it, else the address's
/// `#tgWebAppData`: no script of Telegram's is loaded) to
/// `/web/app/session`, then goes to the game's page.
async fn app_page(State(web): State<Web>, headers: HeaderMap) -> Response {
    let lang = browser_lang(&headers);
    let opening = web.hub.say(lang.as_deref(), "web-app-opening");
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page::app_html(lang.as_deref().unwrap_or("en"), &opening),
    )
        .into_response()
}

#[derive(serde::Deserialize)]
struct AppBody {
    init_data: String,
}

/// `POST /web/app/session` `{init_data}`: Telegram's `initData` checked
/// (signed with the bot's token, not older than the limit); its user and
/// its `start_param` (`game-12`) through the web gate; then the session
/// cookie of that game, as a link sets it, and `{url}` to go to. Forged or
/// old: 401; a game this user may not open: 403; nothing changed either
/// way.
async fn app_session(
    State(web): State<Web>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<AppBody>,
) -> Response {
    if !same_origin(&web, &headers) {
        return (StatusCode::FORBIDDEN, "cross-site request refused\n").into_response();
    }
    let browser = browser_lang(&headers);
    let Some(bot_token) = web.opts.telegram_token.as_ref() else {
        let text = web.hub.say(browser.as_deref(), "web-app-invalid");
        return json(
            StatusCode::UNAUTHORIZED,
            &Answer {
                ok: false,
                message: Some(text),
            },
        );
    };
    let now = web.hub.service().now();
    let data = match initdata::check(
        &body.init_data,
        bot_token.expose(),
        now,
        web.opts.init_data_max_age,
    ) {
        Ok(d) => d,
        Err(why) => {
            tracing::info!(%why, "web app: initData refused");
            let text = web.hub.say(browser.as_deref(), "web-app-invalid");
            return json(
                StatusCode::UNAUTHORIZED,
                &Answer {
                    ok: false,
                    message: Some(text),
                },
            );
        }
    };
    let lang = data.language.clone().or(browser);
    let who = crate::core::web::AppUser {
        id: data.user.to_string(),
        name: data.first_name.clone(),
        handle: data.username.clone(),
        lang: lang.clone(),
    };
    let start = data.start_param.clone();
    let opened = web
        .hub
        .call(move |svc| web::app_open(svc, &who, start.as_deref()))
        .await;
    let (page, token) = match opened {
        Ok(Ok(ok)) => ok,
        Ok(Err(AppRefused::NoGame)) => {
            let text = web.hub.say(lang.as_deref(), "web-app-no-game");
            return json(
                StatusCode::FORBIDDEN,
                &Answer {
                    ok: false,
                    message: Some(text),
                },
            );
        }
        Ok(Err(AppRefused::Refused(text))) => {
            return json(
                StatusCode::FORBIDDEN,
                &Answer {
                    ok: false,
                    message: Some(text),
                },
            );
        }
        Err(_) => return failed(),
    };
    let mut r = json(
        StatusCode::OK,
        &serde_json::json!({ "ok": true, "url": page.path() }),
    );
    if let Ok(v) = HeaderValue::from_str(&session_cookie(&web, page, &token)) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}
