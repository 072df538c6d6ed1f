//! The web board's side of the core (issue 24): who a page speaks for, and
//! what it shows. The adapter (`adapters/web`) serves pages and turns a
//! move on the page into the same [`crate::core::Event`] a chat move is;
//! everything it shows comes from here, nothing of the rules is copied.
//!
//! **Links.** A link is for one user and one page — a game, the user's
//! go at one puzzle in one chat, or a tournament ([`Page`]):
//! `page.user.expires.generation.mac`, the MAC an HMAC-SHA-256 over those
//! four with the service's secret (`[web] secret`, else one made once and
//! kept in the database's settings, `web_secret`). A game's page is its
//! number (`12`: the links made before puzzles and tournaments had pages
//! still hold), a puzzle's `p<chat>-<puzzle>`, a tournament's `t<id>`.
//! It expires (`[web] link_hours`) and is revoked by raising the user's
//! generation (`web_gen:<user>` in the settings): every link made before
//! no longer opens anything.

mod puzzle;
mod tournament;

pub use puzzle::{puzzle_solution, puzzle_view, PuzzleLabels, PuzzleWebView};
pub use tournament::{
    tournament_view, TournamentWebGame, TournamentWebView, WebCell, WebCrosstable, WebRow,
};

use super::ctx::resolve_lang;
use super::ctx::Ctx;
use super::error::{Halt, Res};
use super::games::{self, ai::into_service, ai::Evals, load, variants, Loaded};
use super::i18n::Lang;
use super::present::text::{refusal_text, seat_name};
use super::present::Draft;
use super::types::{Link, LinkTo, Target};
use super::{Config, Platform, Service, ServiceError};
use crate::args;
use crate::store::{
    self, ChatId, ChatRow, GameId, GameRow, PuzzleId, Seat, TournamentId, Tx, UserId, UserRow,
};
use hmac::{Hmac, KeyInit, Mac};
use serde::Serialize;
use sha2::Sha256;
use shashki_engine::{AnyGame, AnyMove, AnyPosition, Color, Coord, Kind, Piece, Variant};

/// The settings key of the generated secret.
const SECRET_KEY: &str = "web_secret";

/// What a link opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Page {
    /// A game: play it (a player) or watch it.
    Game(GameId),
    /// The link's user's go at a puzzle in a chat: their answers are their
    /// answers in that chat.
    Puzzle { chat: ChatId, puzzle: PuzzleId },
    /// A tournament: its crosstable and games (read only).
    Tournament(TournamentId),
}

impl From<GameId> for Page {
    fn from(g: GameId) -> Page {
        Page::Game(g)
    }
}

/// A number written with digits only (no sign), as the pages' addresses
/// and tokens write them.
fn digits(s: &str) -> Option<i64> {
    (!s.is_empty() && s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

impl Page {
    /// The page's part of a token: `12`, `p3-7`, `t4`.
    pub fn key(&self) -> String {
        match self {
            Page::Game(g) => g.0.to_string(),
            Page::Puzzle { chat, puzzle } => format!("p{}-{}", chat.0, puzzle.0),
            Page::Tournament(t) => format!("t{}", t.0),
        }
    }

    /// The page a token's first part names.
    pub fn from_key(s: &str) -> Option<Page> {
        if let Some(rest) = s.strip_prefix('p') {
            let (chat, puzzle) = rest.split_once('-')?;
            return Some(Page::Puzzle {
                chat: ChatId(digits(chat)?),
                puzzle: PuzzleId(digits(puzzle)?),
            });
        }
        if let Some(t) = s.strip_prefix('t') {
            return Some(Page::Tournament(TournamentId(digits(t)?)));
        }
        Some(Page::Game(GameId(digits(s)?)))
    }

    /// Where the page is: `/web/g/12`, `/web/p/3/7`, `/web/t/4`.
    pub fn path(&self) -> String {
        match self {
            Page::Game(g) => format!("/web/g/{}", g.0),
            Page::Puzzle { chat, puzzle } => format!("/web/p/{}/{}", chat.0, puzzle.0),
            Page::Tournament(t) => format!("/web/t/{}", t.0),
        }
    }

    /// The name of the page's session cookie.
    pub fn cookie(&self) -> String {
        match self {
            Page::Game(g) => format!("shashki_g{}", g.0),
            Page::Puzzle { chat, puzzle } => format!("shashki_p{}_{}", chat.0, puzzle.0),
            Page::Tournament(t) => format!("shashki_t{}", t.0),
        }
    }

    /// The game, for a game's page.
    pub fn game(&self) -> Option<GameId> {
        match self {
            Page::Game(g) => Some(*g),
            _ => None,
        }
    }
}

/// A signed link's claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claims {
    pub page: Page,
    pub user: UserId,
    /// Unix seconds.
    pub expires: i64,
    pub generation: u64,
}

/// Why a link opens nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("not a link")]
    Malformed,
    #[error("the signature does not match")]
    BadSignature,
    #[error("the link has expired")]
    Expired,
    #[error("the link was revoked")]
    Revoked,
    /// The link is fine but not for this page.
    #[error("the link is for another page")]
    OtherPage,
}

pub type HmacSha256 = Hmac<Sha256>;

fn link_mac(secret: &[u8], c: &Claims) -> HmacSha256 {
    // any key length is accepted by HMAC
    let mut m = hmac(secret);
    m.update(
        format!(
            "shashki-web-link-1|{}|{}|{}|{}",
            c.page.key(),
            c.user.0,
            c.expires,
            c.generation
        )
        .as_bytes(),
    );
    m
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of hex text (either case), or `None` when it is not hex.
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The link's token.
pub fn sign(secret: &[u8], c: &Claims) -> String {
    let mac = link_mac(secret, c).finalize().into_bytes();
    format!(
        "{}.{}.{}.{}.{}",
        c.page.key(),
        c.user.0,
        c.expires,
        c.generation,
        hex(&mac)
    )
}

/// A token's claims when its signature holds (in constant time) and it has
/// not expired at `now`; the generation is checked by [`check`].
pub fn verify(secret: &[u8], token: &str, now: i64) -> Result<Claims, LinkError> {
    let parts: Vec<&str> = token.split('.').collect();
    let [page, u, e, n, mac] = parts.as_slice() else {
        return Err(LinkError::Malformed);
    };
    let num = |s: &str| s.parse::<i64>().map_err(|_| LinkError::Malformed);
    let c = Claims {
        page: Page::from_key(page).ok_or(LinkError::Malformed)?,
        user: UserId(num(u)?),
        expires: num(e)?,
        generation: n.parse().map_err(|_| LinkError::Malformed)?,
    };
    let mac = unhex(mac).ok_or(LinkError::Malformed)?;
    link_mac(secret, &c)
        .verify_slice(&mac)
        .map_err(|_| LinkError::BadSignature)?;
    if c.expires <= now {
        return Err(LinkError::Expired);
    }
    Ok(c)
}

/// The MAC of a puzzle's Mini App opening (`puzzle-3-7-<mac>`): it names
/// the chat whose puzzle it is, which only the bot's own post can.
fn start_mac(secret: &[u8], chat: ChatId, puzzle: PuzzleId) -> HmacSha256 {
    let mut m = hmac(secret);
    m.update(format!("shashki-web-start-1|puzzle|{}|{}", chat.0, puzzle.0).as_bytes());
    m
}

/// How many bytes of [`start_mac`] the opening carries (64 bits: Telegram
/// keeps a start parameter to 64 characters).
const START_MAC_BYTES: usize = 8;

/// The Mini App's opening of a puzzle of `chat`: `puzzle-3-7-<mac>`.
pub fn puzzle_start(secret: &[u8], chat: ChatId, puzzle: PuzzleId) -> String {
    let mac = start_mac(secret, chat, puzzle).finalize().into_bytes();
    format!(
        "puzzle-{}-{}-{}",
        chat.0,
        puzzle.0,
        hex(mac.get(..START_MAC_BYTES).unwrap_or_default())
    )
}

/// The chat and puzzle of a signed opening `puzzle-3-7-<mac>` (in constant
/// time), or `None`.
fn puzzle_of_start(secret: &[u8], start: &str) -> Option<(ChatId, PuzzleId)> {
    let mut parts = start.strip_prefix("puzzle-")?.split('-');
    let (chat, puzzle, mac) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (chat, puzzle) = (ChatId(digits(chat)?), PuzzleId(digits(puzzle)?));
    let mac = unhex(mac)?;
    start_mac(secret, chat, puzzle)
        .verify_truncated_left(&mac)
        .ok()
        .filter(|_| mac.len() == START_MAC_BYTES)?;
    Some((chat, puzzle))
}

/// HMAC-SHA-256 under `key` (any length is accepted).
pub fn hmac(key: &[u8]) -> HmacSha256 {
    <HmacSha256 as KeyInit>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"))
}

/// The MAC a session's anti-forgery token is.
fn csrf_mac(secret: &[u8], token: &str) -> HmacSha256 {
    let mut m = hmac(secret);
    m.update(b"shashki-web-csrf-1|");
    m.update(token.as_bytes());
    m
}

/// The anti-forgery token of a session: an HMAC of its link token, so a
/// page from elsewhere cannot know it.
pub fn csrf_token(secret: &[u8], token: &str) -> String {
    hex(&csrf_mac(secret, token).finalize().into_bytes())
}

/// Whether `given` is the session's anti-forgery token (constant time).
pub fn csrf_ok(secret: &[u8], token: &str, given: &str) -> bool {
    unhex(given).is_some_and(|g| csrf_mac(secret, token).verify_slice(&g).is_ok())
}

super::error::refusals! {
    /// Who may open a game on the web board beyond the chat's own gate.
    pub enum WebRefusal {
        /// A private chat's game: its players only.
        PrivateGame { game: GameId } => "web-private-game" ["game" => game],
        /// A group's game while the group keeps the web board to its
        /// players (`/settings web off`, the default).
        SpectatorsOff { game: GameId } => "web-spectators-off" ["game" => game],
        /// A tournament's page, to someone not playing in it, while its
        /// group keeps the web board to the players.
        TournamentSpectatorsOff { tournament: TournamentId } => "web-tournament-spectators-off" ["id" => tournament],
        /// A puzzle page's answer, hint or surrender after the user's go
        /// at it here ended (solved or missed).
        PuzzleOver { puzzle: PuzzleId } => "web-puzzle-over" ["id" => puzzle],
        /// A puzzle's move button (or a page's answer) from before a wrong
        /// try counted since: the same press again, not another try.
        PuzzleTryCounted { puzzle: PuzzleId } => "puzzle-try-counted" ["id" => puzzle],
    }
}

/// Whether `user` may open `row` (of `chat`) on the web board: its players
/// always; anyone else only a group's game, and only while the group
/// allows it (`/settings web on`; off by default). A private chat's game
/// is its players' alone.
pub(crate) fn web_gate(chat: &ChatRow, row: &GameRow, user: UserId) -> Result<(), WebRefusal> {
    if row.color_of(user).is_some() {
        return Ok(());
    }
    if chat.is_private {
        return Err(WebRefusal::PrivateGame { game: row.id });
    }
    if chat_allows_web(chat) {
        Ok(())
    } else {
        Err(WebRefusal::SpectatorsOff { game: row.id })
    }
}

/// Whether `user` may open the page of tournament `id` (of `chat`, with the
/// users `players`): its players always; anyone else as a group's game
/// (`/settings web on`), so its games' links are theirs to follow too.
pub(crate) fn tournament_gate(
    chat: &ChatRow,
    id: TournamentId,
    players: &[UserId],
    user: UserId,
) -> Result<(), WebRefusal> {
    if players.contains(&user) || (!chat.is_private && chat_allows_web(chat)) {
        Ok(())
    } else {
        Err(WebRefusal::TournamentSpectatorsOff { tournament: id })
    }
}

/// A group lets everyone watch its games on the web board (`/settings web
/// on`; not chosen: off).
fn chat_allows_web(chat: &ChatRow) -> bool {
    chat.web == Some(true)
}

/// Who opens the Mini App, as Telegram's checked `initData` says.
#[derive(Debug, Clone)]
pub struct AppUser {
    /// The Telegram user id.
    pub id: String,
    pub name: String,
    pub handle: Option<String>,
    pub lang: Option<String>,
}

/// Why the Mini App opens no game (its `initData` held).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppRefused {
    /// No such game (or not a Telegram chat's), or no `game-N` to open.
    NoGame,
    /// The gate's refusal, in the user's language.
    Refused(String),
}

/// Who a page acts as, in the terms of a chat event: the game's chat and
/// the link's user as the platform knows them.
#[derive(Debug, Clone)]
pub struct WebActor {
    pub platform: Platform,
    pub chat: String,
    pub chat_private: bool,
    pub user: String,
    pub name: String,
    pub handle: Option<String>,
    pub lang: Option<String>,
    /// The thread the game lives in.
    pub thread: Option<String>,
}

/// A square of the board as the page draws it.
#[derive(Debug, Clone, Serialize)]
pub struct WebSquare {
    /// Its name in the variant's notation.
    pub name: String,
    /// Column and row from White's side (0, 0 = top left).
    pub x: u8,
    pub y: u8,
    /// A light square (Vigman's second set stands on them); the boards of
    /// dark squares list none.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub light: bool,
}

/// A legal move: its number among the sorted moves (the chat's button
/// index), its notation, the squares it lands on (the first is where it
/// starts) and what it takes.
#[derive(Debug, Clone, Serialize)]
pub struct WebMove {
    pub index: usize,
    pub text: String,
    pub path: Vec<String>,
    pub captures: Vec<String>,
}

/// A ply of the record: its notation and the board after it (a piece
/// letter per square, in [`WebView::squares`]' order, `.` empty).
#[derive(Debug, Clone, Serialize)]
pub struct WebPly {
    pub text: String,
    pub board: String,
    /// Bashni: each square's tower in [`WebView::squares`]' order, its
    /// pieces' letters top first (`wbb`: a white man on two black), empty
    /// where nothing stands; the other variants have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub towers: Option<Vec<String>>,
    /// The squares the move touched (from, to).
    pub marks: Vec<String>,
}

/// Everything a game's page shows.
#[derive(Debug, Clone, Serialize)]
pub struct WebView {
    pub game: i64,
    pub ply: i64,
    pub lang: String,
    pub variant: String,
    pub title: String,
    pub white: String,
    pub black: String,
    /// `white`, `black`, or none (a spectator).
    pub you: Option<&'static str>,
    pub to_move: Option<&'static str>,
    pub active: bool,
    pub your_turn: bool,
    /// Which of a turn's two sub-moves is due (Vigman's): `first` or
    /// `second`; none in the games of one move a turn, or once over.
    pub sub_move: Option<&'static str>,
    /// Plies in a side's turn (Vigman's: two sub-moves), and how many
    /// plies of the first move-list row were made before the record began
    /// (Black to move first, a second sub-move due): the move list groups
    /// `2 × turn` plies a row.
    pub turn: u8,
    pub lead: u8,
    /// The opponent offers a draw.
    pub draw_offered: bool,
    pub status: String,
    /// The board's columns and rows (8×8, 10×10, 10×8).
    pub files: u8,
    pub ranks: u8,
    pub squares: Vec<WebSquare>,
    /// Who made the first ply (`white`, or `black` where Black starts or
    /// the game began from a position with Black to move): the move list
    /// numbers full moves from it.
    pub first: &'static str,
    /// The board at the start, then after each ply.
    pub start: String,
    /// Bashni: what stands on each square at the start ([`WebPly::towers`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_towers: Option<Vec<String>>,
    pub history: Vec<WebPly>,
    /// The legal moves of the side to move (when it is the viewer's turn).
    pub moves: Vec<WebMove>,
    pub colors: WebColors,
    pub labels: WebLabels,
}

/// The theme's colours (`#rrggbb`), the PNGs' own.
#[derive(Debug, Clone, Serialize)]
pub struct WebColors {
    pub frame: String,
    pub light: String,
    pub dark: String,
    pub last: String,
    pub selected: String,
    pub target: String,
    pub white: String,
    pub white_rim: String,
    pub black: String,
    pub black_rim: String,
    pub crown: String,
    pub coord: String,
}

/// The page's words in the viewer's language.
#[derive(Debug, Clone, Serialize)]
pub struct WebLabels {
    pub flip: String,
    pub pdn: String,
    pub draw: String,
    pub resign: String,
    pub confirm_resign: String,
    pub confirm_draw: String,
    pub moves: String,
    /// What a square holds, for screen readers: `w`, `b`, `W`, `B`.
    pub pieces: PieceNames,
}

/// The pieces' names in the viewer's language (a square's label, read
/// out: "c3, white man").
#[derive(Debug, Clone, Serialize)]
pub struct PieceNames {
    pub w: String,
    pub b: String,
    #[serde(rename = "W")]
    pub white_king: String,
    #[serde(rename = "B")]
    pub black_king: String,
}

/// The pieces' names in `ctx`'s language.
pub(crate) fn piece_names(ctx: &Ctx) -> PieceNames {
    PieceNames {
        w: ctx.t("web-piece-white-man", None),
        b: ctx.t("web-piece-black-man", None),
        white_king: ctx.t("web-piece-white-king", None),
        black_king: ctx.t("web-piece-black-king", None),
    }
}

fn rgb(c: [u8; 3]) -> String {
    format!("#{}", hex(&c))
}

fn letter(p: Option<shashki_engine::Piece>) -> char {
    match p {
        None => '.',
        Some(p) => match (p.color, p.kind) {
            (Color::White, Kind::Man) => 'w',
            (Color::White, Kind::King) => 'W',
            (Color::Black, Kind::Man) => 'b',
            (Color::Black, Kind::King) => 'B',
        },
    }
}

pub(crate) fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The board's squares in a fixed order (bit order).
pub(crate) fn board_squares() -> Vec<shashki_engine::Square> {
    shashki_engine::Square::all().collect()
}

/// The squares of `variant`'s board in the order a game's page lists
/// them: an 8×8 game's in bit order (as the puzzle page's), any other's by
/// its PDN number (10×10: 1–50, 10×8: 1–40, Bashni: 1–32).
pub(crate) fn any_squares(variant: Variant) -> Vec<Coord> {
    if variant.eight().is_some() {
        return board_squares()
            .into_iter()
            .map(|s| Coord {
                file: s.file(),
                rank: s.rank(),
            })
            .collect();
    }
    (1..=u8::MAX)
        .map_while(|n| variants::square_of_code(variant, n))
        .collect()
}

/// The squares as the page places them, in [`any_squares`]' order.
pub(crate) fn any_web_squares(variant: Variant, squares: &[Coord]) -> Vec<WebSquare> {
    let (_, ranks) = variant.board().size();
    squares
        .iter()
        .map(|&c| WebSquare {
            name: variants::square_name(variant, c),
            x: c.file,
            y: ranks.saturating_sub(1).saturating_sub(c.rank),
            light: !c.is_dark(),
        })
        .collect()
}

/// What stands on each square of `squares` (top first), `None` where
/// nothing does.
fn stacks_on(pos: &AnyPosition, squares: &[Coord]) -> Vec<Option<Vec<Piece>>> {
    let mut on = pos.stacks();
    squares
        .iter()
        .map(|c| {
            on.iter()
                .position(|(at, _)| at == c)
                .map(|i| on.swap_remove(i).1)
        })
        .collect()
}

/// A letter per square of `squares` for `pos` (a tower's top piece).
pub(crate) fn any_board_string(pos: &AnyPosition, squares: &[Coord]) -> String {
    stacks_on(pos, squares)
        .into_iter()
        .map(|s| letter(s.and_then(|s| s.first().copied())))
        .collect()
}

/// Bashni's towers on `squares` (letters top first), for a variant with
/// towers; `None` for the others.
fn tower_strings(variant: Variant, pos: &AnyPosition, squares: &[Coord]) -> Option<Vec<String>> {
    variant.has_towers().then(|| {
        stacks_on(pos, squares)
            .into_iter()
            .map(|s| {
                s.unwrap_or_default()
                    .into_iter()
                    .map(|p| letter(Some(p)))
                    .collect()
            })
            .collect()
    })
}

/// Each ply of `g`: its text as written at its turn, the move, the
/// position after it.
fn plies(g: &AnyGame) -> Vec<(String, AnyMove, AnyPosition)> {
    if let Some(e) = g.eight() {
        let v = e.variant();
        return e
            .moves()
            .iter()
            .zip(e.positions().iter().skip(1))
            .map(|(m, after)| {
                (
                    v.format_move(m),
                    AnyMove::Eight(*m),
                    AnyPosition::Eight(*after),
                )
            })
            .collect();
    }
    let Ok(mut replay) = g.variant().game_from_fen(&g.start_fen()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in g.moves() {
        let text = replay.format_move(&m);
        if replay.play(&m).is_err() {
            break;
        }
        out.push((text, m, replay.position()));
    }
    out
}

/// The legal moves of `g`, numbered as the chat's buttons number them
/// ([`variants::sorted_moves`]); each move's path holds every square it
/// lands on (a flying king's multi-capture too).
fn web_moves_any(g: &AnyGame) -> Vec<WebMove> {
    let variant = g.variant();
    let name = |c: Coord| variants::square_name(variant, c);
    variants::sorted_moves(g)
        .iter()
        .enumerate()
        .map(|(index, m)| WebMove {
            index,
            text: g.format_move(m),
            path: m.path().into_iter().map(name).collect(),
            captures: m.captured().into_iter().map(name).collect(),
        })
        .collect()
}

/// `moves` (each with its text) for the page, numbered in their order;
/// each move's path holds every square it lands on.
pub(crate) fn web_moves_of(variant: Variant, moves: &[(AnyMove, String)]) -> Vec<WebMove> {
    let name = |c: Coord| variants::square_name(variant, c);
    moves
        .iter()
        .enumerate()
        .map(|(index, (m, text))| WebMove {
            index,
            text: text.clone(),
            path: m.path().into_iter().map(name).collect(),
            captures: m.captured().into_iter().map(name).collect(),
        })
        .collect()
}

/// The chat's theme's colours.
pub(crate) fn web_colors(ctx: &Ctx) -> WebColors {
    let theme = super::present::board::chat_theme(&ctx.chat, ctx.config().default_theme);
    let p = theme.palette();
    WebColors {
        frame: rgb(p.frame),
        light: rgb(p.light),
        dark: rgb(p.dark),
        last: rgb(p.last),
        selected: rgb(p.selected),
        target: rgb(p.target),
        white: rgb(p.white.body),
        white_rim: rgb(p.white.rim),
        black: rgb(p.black.body),
        black_rim: rgb(p.black.rim),
        crown: rgb(p.white.crown),
        coord: rgb(p.coord),
    }
}

/// The secret links are signed with: the config's, else the one kept
/// in the database (made on first use). Read once per process: once
/// made it never changes.
pub fn secret(svc: &Service) -> Result<Vec<u8>, ServiceError> {
    if let Some(s) = svc.web_secret.get() {
        return Ok(s.clone());
    }
    let mut store = svc.lock();
    let secret = match stored_secret(store.read(), svc.config())? {
        Some(s) => s,
        // another process may make one meanwhile: the transaction
        // reads again and keeps theirs
        None => store.transaction(|c| secret_in(c, svc.config()))?,
    };
    Ok(svc.web_secret.get_or_init(|| secret).clone())
}

fn generation(c: &Tx, user: UserId) -> Result<u64, ServiceError> {
    Ok(store::get_setting(c, &format!("web_gen:{}", user.0))?
        .and_then(|s| s.parse().ok())
        .unwrap_or(0))
}

/// Revoke every link of `user` made so far; returns the new generation.
pub fn revoke_links(svc: &Service, user: UserId) -> Result<u64, ServiceError> {
    let mut store = svc.lock();
    store.transaction(|c| -> Result<u64, ServiceError> {
        let next = generation(c, user)? + 1;
        store::set_setting(c, &format!("web_gen:{}", user.0), &next.to_string())?;
        Ok(next)
    })
}

/// A signed link's token for `user` and `page`, valid from now for
/// `[web] link_hours`.
pub fn token(svc: &Service, page: impl Into<Page>, user: UserId) -> Result<String, ServiceError> {
    let secret = secret(svc)?;
    let generation = generation(svc.lock().read(), user)?;
    let claims = Claims {
        page: page.into(),
        user,
        expires: svc.now() + svc.env.config.web.link_secs,
        generation,
    };
    Ok(sign(&secret, &claims))
}

/// The address of `page` for `user` (None: no `[web] public_url`).
pub fn link(
    svc: &Service,
    page: impl Into<Page>,
    user: UserId,
) -> Result<Option<String>, ServiceError> {
    let Some(base) = svc.env.config.web.public_url.clone() else {
        return Ok(None);
    };
    let page = page.into();
    let token = token(svc, page, user)?;
    Ok(Some(page_url(&base, page, &token)))
}

/// The player of `game` called `name` (their name or handle, any
/// case), or someone of the game's platform with that handle.
pub fn user_named(svc: &Service, game: GameId, name: &str) -> Result<Option<UserId>, ServiceError> {
    let store = svc.lock();
    let c = store.read();
    let Some(row) = store::game(c, game)? else {
        return Ok(None);
    };
    let want = name.trim().trim_start_matches('@').to_lowercase();
    for seat in [row.white, row.black] {
        if let Seat::Human(u) = seat {
            if let Some(u) = store::user(c, u)? {
                let handle = u.handle.clone().unwrap_or_default().to_lowercase();
                if u.name.to_lowercase() == want || handle == want {
                    return Ok(Some(u.id));
                }
            }
        }
    }
    let Some(chat) = store::chat(c, row.chat_id)? else {
        return Ok(None);
    };
    Ok(store::user_by_handle(c, &chat.platform, &want)?.map(|u| u.id))
}

/// The claims of a token that still opens `page`: signed, not
/// expired, not revoked, for this page.
pub fn check(svc: &Service, token: &str, page: impl Into<Page>) -> Result<Claims, WebCheck> {
    let secret = secret(svc).map_err(WebCheck::Failed)?;
    let claims = verify(&secret, token, svc.now()).map_err(WebCheck::Refused)?;
    if claims.page != page.into() {
        return Err(WebCheck::Refused(LinkError::OtherPage));
    }
    let generation = generation(svc.lock().read(), claims.user).map_err(WebCheck::Failed)?;
    if claims.generation != generation {
        return Err(WebCheck::Refused(LinkError::Revoked));
    }
    Ok(claims)
}

/// The Mini App opened by `who` (checked `initData`) for `start`
/// (`game-12`, `tournament-4`, or a puzzle post's signed
/// `puzzle-3-7-<mac>`): a session token for that page when the web
/// gate lets them in. A player is known; anyone else (a group's
/// spectator, when the group allows it; a puzzle's solver) is recorded
/// as a Telegram user like any speaker. A refusal changes nothing.
pub fn app_open(
    svc: &Service,
    who: &AppUser,
    start: Option<&str>,
) -> Result<Result<(Page, String), AppRefused>, ServiceError> {
    let secret = secret(svc)?;
    let Some(page) = start.and_then(|s| app_page(&secret, s)) else {
        return Ok(Err(AppRefused::NoGame));
    };
    let key = Platform::Telegram.key();
    let user = {
        let store = svc.lock();
        let c = store.read();
        let known = store::user_by_platform_id(c, key, &who.id)?;
        let id = known.as_ref().map_or(UserId(0), |u| u.id);
        let Some((chat, gate)) = app_gate(c, page, id)? else {
            return Ok(Err(AppRefused::NoGame));
        };
        if chat.platform != key {
            return Ok(Err(AppRefused::NoGame));
        }
        if let Err(r) = gate {
            // the reader's own language first: a page is one person's
            let lang = known
                .as_ref()
                .and_then(|u| u.lang)
                .or(who.lang.as_deref().and_then(Lang::from_code))
                .unwrap_or_else(|| resolve_lang(&chat, None, None, svc.env.config.default_lang));
            let text = refusal_text(&svc.env.catalog, lang, &r.into());
            return Ok(Err(AppRefused::Refused(text)));
        }
        known
    };
    let user = match user {
        Some(u) => u.id,
        None => {
            let now = svc.now();
            let mut store = svc.lock();
            store.transaction(|c| -> Result<UserId, ServiceError> {
                Ok(store::upsert_user(
                    c,
                    key,
                    &who.id,
                    &super::stored_name(&who.name, who.handle.as_deref()),
                    who.handle.as_deref(),
                    now,
                )?
                .id)
            })?
        }
    };
    Ok(Ok((page, token(svc, page, user)?)))
}

/// A user's own language (`/settings lang`), if they chose one: a web
/// page's refusal is in it.
pub fn user_lang(svc: &Service, user: UserId) -> Result<Option<String>, ServiceError> {
    let store = svc.lock();
    Ok(store::user(store.read(), user)?
        .and_then(|u| u.lang)
        .map(|l| l.code().to_string()))
}

/// The link's user and the chat the page acts in (a game's, a
/// puzzle's) as a chat event names them; `None` for a page that acts
/// nowhere (a tournament's) or a user or chat that is gone.
pub fn actor(svc: &Service, claims: &Claims) -> Result<Option<WebActor>, ServiceError> {
    let store = svc.lock();
    let c = store.read();
    let (chat, thread) = match claims.page {
        Page::Game(game) => match store::game(c, game)? {
            Some(row) => (row.chat_id, row.thread),
            None => return Ok(None),
        },
        Page::Puzzle { chat, .. } => (chat, None),
        Page::Tournament(_) => return Ok(None),
    };
    let (Some(user), Some(chat)) = (store::user(c, claims.user)?, store::chat(c, chat)?) else {
        return Ok(None);
    };
    let Some(platform) = Platform::from_key(&chat.platform) else {
        return Ok(None);
    };
    Ok(Some(WebActor {
        platform,
        chat: chat.platform_chat_id,
        chat_private: chat.is_private,
        user: user.platform_user_id,
        name: user.name,
        handle: user.handle,
        lang: user.lang.map(|l| l.code().to_string()),
        thread,
    }))
}

/// A reading context: `user` in `chat`, in their language, nothing to
/// write.
fn reading_ctx<'a>(
    svc: &'a Service,
    c: &'a Tx,
    evals: &'a Evals,
    user: UserRow,
    chat: ChatRow,
) -> Ctx<'a> {
    let platform = Platform::from_key(&chat.platform).unwrap_or(Platform::Console);
    let lang = resolve_lang(&chat, Some(&user), None, svc.env.config.default_lang);
    let mut ctx = Ctx::new(&svc.env, c, evals, platform, user, chat, svc.now());
    ctx.lang = lang;
    ctx
}

/// Read something of a game as the link's user would see it from the
/// game's chat (the gate's `See`); `None`: no such game or user.
fn read_game<T>(
    svc: &Service,
    claims: &Claims,
    f: impl FnOnce(&Ctx, Loaded) -> Res<T>,
) -> Result<Option<T>, ServiceError> {
    let Some(game) = claims.page.game() else {
        return Ok(None);
    };
    let store = svc.lock();
    let c = store.read();
    let evals = Evals::default();
    let Some(row) = store::game(c, game)? else {
        return Ok(None);
    };
    let (Some(user), Some(chat)) = (store::user(c, claims.user)?, store::chat(c, row.chat_id)?)
    else {
        return Ok(None);
    };
    let ctx = reading_ctx(svc, c, &evals, user, chat);
    if ctx.gate(&row, super::access::Need::See).is_err()
        || web_gate(&ctx.chat, &row, ctx.user.id).is_err()
    {
        return Ok(None);
    }
    let l = load(c, row).map_err(into_service)?;
    f(&ctx, l).map(Some).map_err(read_failed)
}

/// The page's view of a game for the link's user.
pub fn view(svc: &Service, claims: &Claims) -> Result<Option<WebView>, ServiceError> {
    read_game(svc, claims, |ctx, l| game_view(ctx, &l))
}

/// The game's PDN and its file name.
pub fn pdn(svc: &Service, claims: &Claims) -> Result<Option<(String, String)>, ServiceError> {
    read_game(svc, claims, |ctx, l| {
        Ok((format!("game-{}.pdn", l.row.id), games::pdn_text(ctx, &l)?))
    })
}

/// Where a game stands: its ply, whether it is over, whether a draw is
/// offered — what the page's live updates watch.
pub fn stamp(svc: &Service, game: GameId) -> Result<Option<(i64, bool, bool)>, ServiceError> {
    let store = svc.lock();
    Ok(store::game(store.read(), game)?.map(|r| (r.ply.0, r.is_active(), r.draw_offer.is_some())))
}

/// Why [`check`] turned a token down.
#[derive(Debug, thiserror::Error)]
pub enum WebCheck {
    #[error(transparent)]
    Refused(LinkError),
    #[error(transparent)]
    Failed(ServiceError),
}

/// A page with a session's token: `<base>/web/g/12?t=…`.
pub fn page_url(base: &str, page: Page, token: &str) -> String {
    format!("{}{}?t={}", base.trim_end_matches('/'), page.path(), token)
}

/// A reading's halt as a failure (a reading refuses nothing).
fn read_failed(h: Halt) -> ServiceError {
    match h {
        Halt::Failed(e) => e,
        _ => ServiceError::Internal("reading for the web was refused"),
    }
}

/// The page a Mini App's opening names: `game-12`, `tournament-4`, or a
/// puzzle post's signed `puzzle-3-7-<mac>`.
fn app_page(secret: &[u8], start: &str) -> Option<Page> {
    if let Some(n) = start.strip_prefix("game-") {
        return Some(Page::Game(GameId(digits(n)?)));
    }
    if let Some(n) = start.strip_prefix("tournament-") {
        return Some(Page::Tournament(TournamentId(digits(n)?)));
    }
    let (chat, puzzle) = puzzle_of_start(secret, start)?;
    Some(Page::Puzzle { chat, puzzle })
}

/// The chat of a page the Mini App opens, and whether its user may open
/// it.
type AppGate = (ChatRow, Result<(), WebRefusal>);

/// The chat of a page the Mini App opens, and whether `user` may open it
/// (`None`: no such page).
fn app_gate(c: &Tx, page: Page, user: UserId) -> Result<Option<AppGate>, ServiceError> {
    Ok(match page {
        Page::Game(game) => match store::game(c, game)? {
            Some(row) => store::chat(c, row.chat_id)?.map(|ch| {
                let gate = web_gate(&ch, &row, user);
                (ch, gate)
            }),
            None => None,
        },
        // the opening is signed: the bot posted this puzzle in this chat
        Page::Puzzle { chat, puzzle } => match store::puzzles::puzzle(c, puzzle)? {
            Some(_) => store::chat(c, chat)?.map(|ch| (ch, Ok(()))),
            None => None,
        },
        Page::Tournament(id) => match store::tournament(c, id)? {
            Some(t) => {
                let players = tournament::player_ids(c, id)?;
                store::chat(c, t.chat_id)?.map(|ch| {
                    let gate = tournament_gate(&ch, id, &players, user);
                    (ch, gate)
                })
            }
            None => None,
        },
    })
}

fn game_view(ctx: &Ctx, l: &Loaded) -> Res<WebView> {
    let (row, g) = (&l.row, &l.game);
    let variant = g.variant();
    let squares = any_squares(variant);
    let you = row.color_of(ctx.user.id);
    let to_move = (row.is_active() && !g.is_over()).then(|| g.side_to_move());
    let your_turn = you.is_some() && you == to_move;
    let status = if row.is_active() {
        ctx.turn_text(l)?
    } else {
        match (row.result, row.result_reason) {
            (Some(r), Some(how)) => ctx.result_text(row, r, how)?,
            _ => String::new(),
        }
    };
    // a turn of two sub-moves (Vigman's): which is due, and how the move
    // list groups them (a row: White's turn, then Black's)
    let due = variants::sub_move_due(g);
    let turn: u8 = if due.is_some() { 2 } else { 1 };
    let begun = g.start_position();
    let lead = turn * u8::from(begun.side_to_move() == Color::Black)
        + u8::from(variants::sub_move_due_at(&begun) == Some(true));
    let sub_move = due
        .filter(|_| to_move.is_some())
        .map(|second| if second { "second" } else { "first" });
    let moves = if your_turn {
        web_moves_any(g)
    } else {
        Vec::new()
    };
    let name = |c: Coord| variants::square_name(variant, c);
    let history = plies(g)
        .into_iter()
        .map(|(text, m, after)| WebPly {
            text,
            board: any_board_string(&after, &squares),
            towers: tower_strings(variant, &after, &squares),
            marks: vec![name(m.from()), name(m.to())],
        })
        .collect();
    let start = g.start_position();
    let (files, ranks) = variant.board().size();
    let cat = ctx.catalog();
    let t = |id: &str| cat.get(ctx.lang, id, None);
    Ok(WebView {
        game: row.id.0,
        ply: row.ply.0,
        lang: ctx.lang.code().to_string(),
        variant: super::present::text::variant_name(cat, ctx.lang, variant),
        title: ctx.t("web-title", Some(&args![("game", row.id)])),
        white: seat_name(cat, ctx.c, row.white, ctx.lang)?,
        black: seat_name(cat, ctx.c, row.black, ctx.lang)?,
        you: you.map(color_word),
        to_move: to_move.map(color_word),
        active: row.is_active(),
        your_turn,
        sub_move,
        turn,
        lead,
        draw_offered: row.draw_offer.is_some() && row.draw_offer != you && you.is_some(),
        status,
        files,
        ranks,
        squares: any_web_squares(variant, &squares),
        first: color_word(start.side_to_move()),
        start: any_board_string(&start, &squares),
        start_towers: tower_strings(variant, &start, &squares),
        history,
        moves,
        colors: web_colors(ctx),
        labels: WebLabels {
            flip: t("web-flip"),
            pdn: t("web-pdn"),
            draw: t("web-draw"),
            resign: t("web-resign"),
            confirm_resign: t("web-confirm-resign"),
            confirm_draw: t("web-confirm-draw"),
            moves: t("web-moves"),
            pieces: piece_names(ctx),
        },
    })
}

/// `/web [#game]`: the speaker's own link to the game's page — in a
/// private message on Telegram (a group would see it), for them alone on
/// Discord (ephemeral), printed on the console. Without a number, a
/// speaker who plays no game here but has a puzzle open here gets the
/// puzzle's page.
pub(crate) fn cmd_web(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    if game.is_none() {
        let me = ctx.user_id()?;
        if store::active_games_of_in(ctx.c, me, ctx.chat.id)?.is_empty() {
            if let Some(a) = store::puzzles::open_attempt(ctx.c, me, ctx.chat.id)? {
                return cmd_web_puzzle(ctx, a.puzzle_id);
            }
        }
    }
    let row = games::shown_game(ctx, game)?;
    ctx.gate(&row, super::access::Need::See)?;
    let chat = if row.chat_id == ctx.chat.id {
        ctx.chat.clone()
    } else {
        store::chat(ctx.c, row.chat_id)?.ok_or(Halt::Failed(ServiceError::Internal(
            "a game without its chat",
        )))?
    };
    web_gate(&chat, &row, ctx.user.id)?;
    give_link(ctx, Page::Game(row.id), "web-link", args![("game", row.id)])
}

/// The speaker's own link to their go at `puzzle` in this chat ("Open
/// board" under a puzzle on Discord, `/web` with a puzzle open).
pub(crate) fn cmd_web_puzzle(ctx: &mut Ctx, puzzle: PuzzleId) -> Res<()> {
    // a puzzle of a pack the page draws (`puzzles::on_the_web`)
    let drawn = store::puzzles::puzzle(ctx.c, puzzle)?
        .is_some_and(|row| super::puzzles::on_the_web(row.variant));
    if !drawn {
        ctx.tell_id("puzzle-unknown", Some(&args![("id", format!("#{puzzle}"))]));
        return Ok(());
    }
    let page = Page::Puzzle {
        chat: ctx.chat.id,
        puzzle,
    };
    give_link(ctx, page, "web-link-puzzle", args![("id", puzzle)])
}

/// The speaker's own link to the page of this chat's tournament `id`
/// ("Open board" under its standings on Discord).
pub(crate) fn cmd_web_tournament(ctx: &mut Ctx, id: TournamentId) -> Res<()> {
    let t = super::tournaments::pick_tournament(ctx, Some(id), true)?;
    let players = tournament::player_ids(ctx.c, t.id)?;
    tournament_gate(&ctx.chat, t.id, &players, ctx.user.id)?;
    give_link(
        ctx,
        Page::Tournament(t.id),
        "web-link-tournament",
        args![("id", t.id), ("name", t.name.clone())],
    )
}

/// Give the speaker their own signed link to `page`, said with the
/// message `id` (its `args` and the link's `url` and `hours`).
fn give_link(ctx: &mut Ctx, page: Page, id: &str, mut args: crate::core::i18n::Args) -> Res<()> {
    let Some(base) = ctx.config().web.public_url.clone() else {
        ctx.tell_id("web-off", None);
        return Ok(());
    };
    let secret = web_secret_in(ctx)?;
    let claims = Claims {
        page,
        user: ctx.user.id,
        expires: ctx.now + ctx.config().web.link_secs,
        generation: generation(ctx.c, ctx.user.id)?,
    };
    let url = page_url(&base, page, &sign(&secret, &claims));
    args.set("url", url);
    args.set("hours", ctx.config().web.link_secs / 3600);
    let text = ctx.t(id, Some(&args));
    if ctx.platform == Platform::Telegram && !ctx.chat.is_private {
        let user = ctx.user.platform_user_id.clone();
        ctx.post(Draft::text(Target::Private { user }, text));
        ctx.tell_id("web-sent-private", None);
    } else {
        ctx.tell(text);
    }
    Ok(())
}

/// "Open board" under a puzzle on Telegram: the Mini App's direct link
/// with the signed opening of this chat's `puzzle` (`[web] mini_app` and
/// `public_url` set); elsewhere none.
pub(crate) fn puzzle_open_link(ctx: &Ctx, puzzle: PuzzleId) -> Res<Option<Link>> {
    let web = &ctx.config().web;
    let Some(app) = web.mini_app.clone() else {
        return Ok(None);
    };
    if ctx.platform != Platform::Telegram || web.public_url.is_none() {
        return Ok(None);
    }
    let start = puzzle_start(&web_secret_in(ctx)?, ctx.chat.id, puzzle);
    Ok(Some(Link {
        label: ctx.t("button-open-board", None),
        to: LinkTo::MiniAppPage { app, start },
    }))
}

/// "Open board" under a puzzle on Discord (`[web] public_url` set): the
/// presser's own link, for them alone.
pub(crate) fn puzzle_open_button(ctx: &Ctx, puzzle: PuzzleId) -> Option<super::types::Choice> {
    (ctx.platform == Platform::Discord && ctx.config().web.public_url.is_some()).then(|| {
        super::input::payload::Payload::WebPuzzle { puzzle }
            .button(ctx.t("button-open-board", None))
    })
}

/// "Open board" under a tournament's standings on Telegram: the Mini
/// App's direct link to its page (the web gate decides who gets in).
pub(crate) fn tournament_open_link(ctx: &Ctx, id: TournamentId) -> Option<Link> {
    let web = &ctx.config().web;
    let app = web.mini_app.clone()?;
    (ctx.platform == Platform::Telegram && web.public_url.is_some()).then(|| Link {
        label: ctx.t("button-open-board", None),
        to: LinkTo::MiniAppPage {
            app,
            start: format!("tournament-{}", id.0),
        },
    })
}

/// "Open board" under a tournament's standings on Discord: the presser's
/// own link.
pub(crate) fn tournament_open_button(ctx: &Ctx, id: TournamentId) -> Option<super::types::Choice> {
    (ctx.platform == Platform::Discord && ctx.config().web.public_url.is_some()).then(|| {
        super::input::payload::Payload::WebTournament { tournament: id }
            .button(ctx.t("button-open-board", None))
    })
}

/// The secret inside an action's transaction (the config's, else the
/// stored one, made now if there is none).
fn web_secret_in(ctx: &Ctx) -> Res<Vec<u8>> {
    Ok(secret_in(ctx.c, ctx.config())?)
}

/// The config's secret, else the stored one (`None`: not made yet).
fn stored_secret(c: &Tx, config: &Config) -> Result<Option<Vec<u8>>, ServiceError> {
    if let Some(s) = config.web.secret.as_deref() {
        return Ok(Some(s.as_bytes().to_vec()));
    }
    Ok(store::get_setting(c, SECRET_KEY)?.map(String::into_bytes))
}

/// [`stored_secret`], or a new one from the OS's secure generator, stored
/// (call inside a transaction).
fn secret_in(c: &Tx, config: &Config) -> Result<Vec<u8>, ServiceError> {
    if let Some(s) = stored_secret(c, config)? {
        return Ok(s);
    }
    let made = hex(&[
        super::random::secure_u64()?.to_le_bytes(),
        super::random::secure_u64()?.to_le_bytes(),
        super::random::secure_u64()?.to_le_bytes(),
        super::random::secure_u64()?.to_le_bytes(),
    ]
    .concat());
    store::set_setting(c, SECRET_KEY, &made)?;
    Ok(made.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"test secret";

    fn claims() -> Claims {
        Claims {
            page: Page::Game(GameId(12)),
            user: UserId(3),
            expires: 1_000,
            generation: 0,
        }
    }

    #[test]
    fn a_signed_link_verifies_until_it_expires() {
        let t = sign(KEY, &claims());
        assert_eq!(verify(KEY, &t, 999), Ok(claims()));
        assert_eq!(verify(KEY, &t, 1_000), Err(LinkError::Expired));
    }

    #[test]
    fn a_tampered_or_foreign_link_is_refused() {
        let t = sign(KEY, &claims());
        // another game, same signature
        let other = t.replacen("12.", "13.", 1);
        assert_eq!(verify(KEY, &other, 0), Err(LinkError::BadSignature));
        // another user
        let other = t.replacen(".3.", ".4.", 1);
        assert_eq!(verify(KEY, &other, 0), Err(LinkError::BadSignature));
        // a later expiry
        let other = t.replacen(".1000.", ".9000.", 1);
        assert_eq!(verify(KEY, &other, 0), Err(LinkError::BadSignature));
        // another key
        assert_eq!(verify(b"other", &t, 0), Err(LinkError::BadSignature));
        assert_eq!(verify(KEY, "12.3.1000.0", 0), Err(LinkError::Malformed));
        assert_eq!(verify(KEY, "", 0), Err(LinkError::Malformed));
        assert_eq!(verify(KEY, "a.b.c.d.e", 0), Err(LinkError::Malformed));
    }

    #[test]
    fn a_link_names_its_page_and_opens_no_other() {
        for page in [
            Page::Game(GameId(12)),
            Page::Puzzle {
                chat: ChatId(3),
                puzzle: PuzzleId(7),
            },
            Page::Tournament(TournamentId(4)),
        ] {
            assert_eq!(Page::from_key(&page.key()), Some(page));
            let c = Claims { page, ..claims() };
            let t = sign(KEY, &c);
            assert_eq!(verify(KEY, &t, 0), Ok(c));
            // the same signature on another page's name
            for other in ["12", "p3-8", "p4-7", "t5", "t12"] {
                if other != page.key() {
                    let forged = t.replacen(&page.key(), other, 1);
                    assert_eq!(verify(KEY, &forged, 0), Err(LinkError::BadSignature));
                }
            }
        }
        // a game's token is what it always was
        assert!(sign(KEY, &claims()).starts_with("12.3.1000.0."));
        for bad in [
            "p3", "p-7", "p3-", "t", "t-4", "+12", "-12", "g12", "p3-7-1",
        ] {
            assert_eq!(Page::from_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_puzzles_mini_app_opening_is_signed_for_its_chat() {
        let start = puzzle_start(KEY, ChatId(3), PuzzleId(7));
        assert!(
            start.starts_with("puzzle-3-7-") && start.len() <= 64,
            "{start}"
        );
        assert_eq!(
            app_page(KEY, &start),
            Some(Page::Puzzle {
                chat: ChatId(3),
                puzzle: PuzzleId(7)
            })
        );
        // another chat or puzzle under the same mark, another key, no mark
        for forged in [
            start.replacen("-3-", "-4-", 1),
            start.replacen("-7-", "-8-", 1),
            "puzzle-3-7".to_string(),
            "puzzle-3-7-".to_string(),
            format!("{start}0"),
        ] {
            assert_eq!(app_page(KEY, &forged), None, "{forged}");
        }
        assert_eq!(app_page(b"other", &start), None);
        assert_eq!(app_page(KEY, "game-12"), Some(Page::Game(GameId(12))));
        assert_eq!(
            app_page(KEY, "tournament-4"),
            Some(Page::Tournament(TournamentId(4)))
        );
        assert_eq!(app_page(KEY, "game--1"), None);
    }

    #[test]
    fn a_wide_board_lists_its_squares_as_its_players_number_them() {
        let squares = any_squares(Variant::International);
        let web = any_web_squares(Variant::International, &squares);
        let names: Vec<String> = web.iter().map(|s| s.name.clone()).collect();
        let want: Vec<String> = (1..=50).map(|n: u8| n.to_string()).collect();
        assert_eq!(names, want);
        // 1 at the top, second column; 46 at the bottom left
        assert_eq!((web[0].x, web[0].y), (1, 0));
        assert_eq!((web[45].x, web[45].y), (0, 9));
        let start = Variant::International.new_game().start_position();
        let board = any_board_string(&start, &squares);
        assert_eq!(
            board,
            format!("{}{}{}", "b".repeat(20), ".".repeat(10), "w".repeat(20))
        );
        assert_eq!(
            tower_strings(Variant::International, &start, &squares),
            None
        );
        let ten8 = any_squares(Variant::Russian10x8);
        let names: Vec<String> = any_web_squares(Variant::Russian10x8, &ten8)
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names.len(), 40);
        assert!(names.contains(&"k4".to_string()) && !names.iter().any(|n| n.starts_with('j')));
        // the 8×8 games keep their order and names
        let eight = any_web_squares(Variant::Russian, &any_squares(Variant::Russian));
        let old: Vec<(String, u8, u8)> = board_squares()
            .into_iter()
            .map(|s| {
                (
                    shashki_engine::Variant8::Russian.square_name(s),
                    s.file(),
                    7 - s.rank(),
                )
            })
            .collect();
        assert_eq!(
            eight
                .iter()
                .map(|s| (s.name.clone(), s.x, s.y))
                .collect::<Vec<_>>(),
            old
        );
    }

    #[test]
    fn bashnis_towers_are_listed_top_first() {
        let g = Variant::Bashni
            .game_from_fen("W:Wc3(wbb),a1:Bd4(bw),h8")
            .unwrap();
        let squares = any_squares(Variant::Bashni);
        let towers = tower_strings(Variant::Bashni, &g.position(), &squares).unwrap();
        let at = |name: &str| {
            squares
                .iter()
                .position(|&c| variants::square_name(Variant::Bashni, c) == name)
                .map(|i| towers[i].clone())
        };
        assert_eq!(at("c3").as_deref(), Some("wbb"));
        assert_eq!(at("d4").as_deref(), Some("bw"));
        assert_eq!(at("a1").as_deref(), Some("w"));
        assert_eq!(at("e5").as_deref(), Some(""));
    }

    #[test]
    fn the_csrf_token_belongs_to_its_session() {
        let t = sign(KEY, &claims());
        let csrf = csrf_token(KEY, &t);
        assert!(csrf_ok(KEY, &t, &csrf));
        assert!(!csrf_ok(KEY, &t, ""));
        assert!(!csrf_ok(KEY, "another", &csrf));
        assert!(!csrf_ok(b"other", &t, &csrf));
    }
}
