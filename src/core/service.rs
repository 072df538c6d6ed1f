//! The service: commands, challenges, games, deadlines, ratings.

use super::commands::{game_ref, looks_like_move, parse_command, Command};
use super::i18n::{num, Args, Catalog, Lang};
use super::payload::Payload;
use super::puzzles;
use super::types::*;
use crate::args;
use crate::render::{self, LastMove, RenderOptions, Theme};
use crate::store::{
    self, ChatRow, ChatSetting, GameRow, RatingRow, Seat, Store, StoreError, UserRow,
};
use rusqlite::Connection;
use shashki_engine::game::{DrawReason, Game, Outcome as GameOutcome, WinReason};
use shashki_engine::pdn::{write_pdn, PdnStyle};
use shashki_engine::search::{choose_move, search, ChooseOptions, Level, Limits, Searcher};
use shashki_engine::{Color, Move, Position, Square, Variant};
use std::path::Path;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const DAY: i64 = 86_400;

/// The AI takes a draw offer when it stands at least this much worse
/// (centi-men, from its own point of view).
const AI_ACCEPTS_DRAW_BELOW: i32 = 150;

/// The current time, in Unix seconds.
pub trait Clock: Send + Sync {
    fn now(&self) -> i64;
}

/// The system clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told (tests).
#[derive(Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(t: i64) -> ManualClock {
        ManualClock(AtomicI64::new(t))
    }
    pub fn set(&self, t: i64) {
        self.0.store(t, Ordering::SeqCst);
    }
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Settings of the chat service.
#[derive(Debug, Clone)]
pub struct Config {
    /// Days per move when a challenge does not say.
    pub default_days: i64,
    /// How long a challenge stays open.
    pub challenge_ttl_secs: i64,
    /// The reminder comes when this share of the time is used.
    pub reminder_fraction: f64,
    /// Vacation days each player may take per calendar year.
    pub vacation_days_per_year: i64,
    /// Board image width in pixels.
    pub board_size: u32,
    /// Cap on the AI's thinking time per move (level 8 uses its full budget
    /// up to this).
    pub ai_max_movetime: Duration,
    /// Downtime shorter than this does not move deadlines.
    pub downtime_grace_secs: i64,
    /// The language when neither the chat, the user nor the platform says.
    pub default_lang: Lang,
    /// The board theme of chats that did not choose one.
    pub default_theme: Theme,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            default_days: 3,
            challenge_ttl_secs: DAY,
            reminder_fraction: 0.8,
            vacation_days_per_year: 30,
            board_size: 640,
            ai_max_movetime: Duration::from_secs(3),
            downtime_grace_secs: 120,
            default_lang: Lang::En,
            default_theme: Theme::Classic,
        }
    }
}

/// A failure of the service itself (not of the user's input).
#[derive(Debug)]
pub enum ServiceError {
    Store(StoreError),
    /// Stored data could not be read back (a bug or a damaged database).
    Corrupt(String),
}

impl std::fmt::Display for ServiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServiceError::Store(e) => e.fmt(f),
            ServiceError::Corrupt(m) => write!(f, "stored data is damaged: {m}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        ServiceError::Store(e)
    }
}

impl From<rusqlite::Error> for ServiceError {
    fn from(e: rusqlite::Error) -> Self {
        ServiceError::Store(e.into())
    }
}

type Res<T> = Result<T, ServiceError>;

/// A board to draw once the transaction has committed.
struct BoardView {
    position: Position,
    last: Option<(Position, Move)>,
    flip: bool,
    theme: Theme,
    caption: String,
    game_id: i64,
}

/// A reply before its board is drawn.
struct Draft {
    target: Target,
    text: String,
    board: Option<BoardView>,
    choices: Vec<Vec<Choice>>,
    mentions: Vec<Mention>,
    game_id: Option<i64>,
    document: Option<(String, String)>,
}

impl Draft {
    fn text(target: Target, text: String) -> Draft {
        Draft {
            target,
            text,
            board: None,
            choices: Vec::new(),
            mentions: Vec::new(),
            game_id: None,
            document: None,
        }
    }
}

/// The state of one action: who, where, when, in which transaction.
struct Ctx<'a> {
    c: &'a Connection,
    platform: Platform,
    user: UserRow,
    chat: ChatRow,
    /// The platform's ids of the event's chat and user.
    chat_ext: String,
    user_ext: String,
    lang: Lang,
    now: i64,
    drafts: Vec<Draft>,
    jobs: Vec<Job>,
}

impl Ctx<'_> {
    /// The event's chat.
    fn here(&self) -> Target {
        Target::Chat(self.chat_ext.clone())
    }

    /// Only the acting user, in the event's chat.
    fn private(&self) -> Target {
        Target::User {
            chat: self.chat_ext.clone(),
            user: self.user_ext.clone(),
        }
    }
}

/// The chat service.
pub struct Service {
    store: Mutex<Store>,
    catalog: Catalog,
    config: Config,
    clock: Arc<dyn Clock>,
}

/// Which colour's turn and who holds it.
fn to_move(row: &GameRow, game: &Game) -> (Color, Seat) {
    let c = game.side_to_move();
    (c, row.seat(c))
}

fn color_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The (year, month, day) of a Unix time, proleptic Gregorian (Howard
/// Hinnant's civil_from_days).
fn civil_from_unix(unix: i64) -> (i64, i64, i64) {
    let z = unix.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// The calendar year of a Unix time.
fn year_of(unix: i64) -> i64 {
    civil_from_unix(unix).0
}

impl Service {
    /// A service on the database file at `path`.
    pub fn open(path: &Path, config: Config, clock: Arc<dyn Clock>) -> Res<Service> {
        Ok(Service::with_store(Store::open(path)?, config, clock))
    }

    pub fn with_store(store: Store, config: Config, clock: Arc<dyn Clock>) -> Service {
        Service {
            store: Mutex::new(store),
            catalog: Catalog::new(),
            config,
            clock,
        }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    fn t(&self, lang: Lang, id: &str, args: Option<&Args>) -> String {
        self.catalog.get(lang, id, args)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        // a panic while holding the lock leaves SQLite consistent (the
        // transaction rolls back), so a poisoned lock is still usable
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }

    // ------------------------------------------------------------ entry ----

    /// Handle one event: one transaction, then the replies.
    pub fn handle(&self, ev: &Event) -> Res<Outcome> {
        let now = self.now();
        let mut store = self.lock();
        let (drafts, jobs) = store.transaction(|c| -> Res<_> {
            if let Some(id) = &ev.update_id {
                if !store::mark_update(c, ev.platform.key(), id, now)? {
                    return Ok((Vec::new(), Vec::new())); // delivered twice
                }
            }
            let user = store::upsert_user(
                c,
                ev.platform.key(),
                &ev.user.id,
                &ev.user.name,
                ev.user.handle.as_deref(),
                now,
            )?;
            let chat = store::upsert_chat(
                c,
                ev.platform.key(),
                &ev.chat.id,
                ev.chat.title.as_deref(),
                ev.chat.is_private,
                now,
            )?;
            let lang = chat
                .lang
                .as_deref()
                .or(user.lang.as_deref())
                .or(ev.user.lang.as_deref())
                .and_then(Lang::from_code)
                .unwrap_or(self.config.default_lang);
            let mut ctx = Ctx {
                c,
                platform: ev.platform,
                user,
                chat,
                chat_ext: ev.chat.id.clone(),
                user_ext: ev.user.id.clone(),
                lang,
                now,
                drafts: Vec::new(),
                jobs: Vec::new(),
            };
            match &ev.input {
                Input::Text(t) => self.on_text(&mut ctx, t, ev.bare_moves)?,
                Input::Choice(p) => self.on_choice(&mut ctx, p)?,
            }
            Ok((ctx.drafts, ctx.jobs))
        })?;
        drop(store);
        Ok(Outcome {
            replies: drafts
                .into_iter()
                .map(|d| self.finish_draft(d, ev.platform))
                .collect(),
            jobs,
        })
    }

    fn finish_draft(&self, d: Draft, platform: Platform) -> Reply {
        let (image, diagram) = match d.board {
            Some(b) => {
                let opts = RenderOptions {
                    size: self.config.board_size,
                    theme: b.theme,
                    flip: b.flip,
                    last_move: b.last.map(|(before, mv)| LastMove::from_move(&before, &mv)),
                    caption: Some(b.caption),
                    ..RenderOptions::default()
                };
                let png = render::render_png(&b.position, &opts);
                (
                    Some(Image {
                        bytes: png,
                        file_name: format!("board-{}.png", b.game_id),
                    }),
                    Some(b.position.to_string()),
                )
            }
            None => (None, None),
        };
        Reply {
            platform,
            target: d.target,
            text: d.text,
            image,
            diagram,
            choices: d.choices,
            mentions: d.mentions,
            game_id: d.game_id,
            document: d.document,
        }
    }

    fn say(&self, ctx: &mut Ctx, id: &str, args: Option<&Args>) {
        let text = self.t(ctx.lang, id, args);
        ctx.drafts.push(Draft::text(ctx.here(), text));
    }

    /// A message only the acting user needs to see (errors, hints).
    fn tell(&self, ctx: &mut Ctx, text: String) {
        ctx.drafts.push(Draft::text(ctx.private(), text));
    }

    fn tell_id(&self, ctx: &mut Ctx, id: &str, args: Option<&Args>) {
        let text = self.t(ctx.lang, id, args);
        self.tell(ctx, text);
    }

    fn on_text(&self, ctx: &mut Ctx, text: &str, bare_moves: bool) -> Res<()> {
        let Some(cmd) = parse_command(text) else {
            if bare_moves && looks_like_move(text) {
                return self.move_or_puzzle(ctx, text.trim());
            }
            return Ok(()); // chatter: not for us
        };
        match cmd {
            Command::Help => self.cmd_help(ctx),
            Command::Challenge(args) => self.cmd_challenge(ctx, &args)?,
            Command::Accept(r) => self.cmd_accept(ctx, r.as_deref())?,
            Command::Decline(r) => self.cmd_decline(ctx, r.as_deref())?,
            Command::Move(args) => {
                let (game, rest): (Option<i64>, &[String]) = match args.split_first() {
                    Some((first, rest)) if first.starts_with('#') => (game_ref(first), rest),
                    _ => (None, &args[..]),
                };
                if rest.is_empty() {
                    self.tell_id(ctx, "move-usage", None);
                } else if game.is_none() {
                    self.move_or_puzzle(ctx, &rest.join(" "))?;
                } else {
                    self.cmd_move(ctx, game, &rest.join(" "))?;
                }
            }
            Command::Board(r) => self.cmd_board(ctx, r.as_deref())?,
            Command::Games => self.cmd_games(ctx)?,
            Command::Resign(r) => self.cmd_resign(ctx, r.as_deref())?,
            Command::Draw(args) => self.cmd_draw(ctx, &args)?,
            Command::Pdn(r) => self.cmd_pdn(ctx, r.as_deref())?,
            Command::Settings(args) => self.cmd_settings(ctx, &args)?,
            Command::Top => self.cmd_top(ctx)?,
            Command::Vacation(d) => self.cmd_vacation(ctx, d.as_deref())?,
            Command::Puzzle(args) => self.with_puzzles(ctx, |p| puzzles::cmd_puzzle(p, &args))?,
            Command::Daily(args) => self.with_puzzles(ctx, |p| puzzles::cmd_daily(p, &args))?,
            Command::Hint => self.with_puzzles(ctx, puzzles::cmd_hint)?,
            Command::PuzzleTop => self.with_puzzles(ctx, puzzles::cmd_top)?,
            Command::Unknown(name) => {
                let a = args![("command", name)];
                self.tell_id(ctx, "unknown-command", Some(&a));
            }
        }
        Ok(())
    }

    fn on_choice(&self, ctx: &mut Ctx, payload: &str) -> Res<()> {
        let Some(p) = Payload::decode(payload) else {
            self.tell_id(ctx, "button-invalid", None);
            return Ok(());
        };
        match p {
            Payload::Accept { challenge } => self.accept(ctx, challenge)?,
            Payload::Decline { challenge } => self.decline(ctx, challenge)?,
            Payload::Move { game, ply, index } => {
                let Some(row) = self.game_for_button(ctx, game, Some(ply))? else {
                    return Ok(());
                };
                let g = self.load(ctx.c, &row)?;
                let moves = sorted_moves(&g);
                match moves.get(index as usize) {
                    Some(mv) => self.play(ctx, &row, g, *mv)?,
                    None => self.tell_id(ctx, "button-stale", None),
                }
            }
            Payload::Piece { game, ply, square } => {
                let Some(row) = self.game_for_button(ctx, game, Some(ply))? else {
                    return Ok(());
                };
                let g = self.load(ctx.c, &row)?;
                let from = Square::from_pdn(square).expect("validated 1..=32");
                let choices =
                    move_choices(&row, &g, Some(from), &self.t(ctx.lang, "button-back", None));
                let a = args![("square", from.to_string())];
                let text = self.t(ctx.lang, "choose-target", Some(&a));
                let mut d = Draft::text(ctx.private(), text);
                d.choices = choices;
                d.game_id = Some(row.id);
                ctx.drafts.push(d);
            }
            Payload::Pieces { game, ply } => {
                let Some(row) = self.game_for_button(ctx, game, Some(ply))? else {
                    return Ok(());
                };
                let g = self.load(ctx.c, &row)?;
                let mut d = Draft::text(ctx.private(), self.t(ctx.lang, "choose-piece", None));
                d.choices = move_choices(&row, &g, None, "");
                d.game_id = Some(row.id);
                ctx.drafts.push(d);
            }
            Payload::Resign { game } => {
                if let Some(row) = self.game_for_button(ctx, game, None)? {
                    let a = args![("game", row.id)];
                    let text = self.t(ctx.lang, "resign-confirm", Some(&a));
                    let mut d = Draft::text(ctx.private(), text);
                    d.choices = vec![vec![Payload::ResignConfirm { game }.button(self.t(
                        ctx.lang,
                        "button-resign-yes",
                        None,
                    ))]];
                    ctx.drafts.push(d);
                }
            }
            Payload::ResignConfirm { game } => {
                self.cmd_resign(ctx, Some(&game.to_string()))?;
            }
            Payload::Draw { game } => {
                if let Some(row) = self.game_for_button(ctx, game, None)? {
                    self.draw_offer_or_accept(ctx, &row)?;
                }
            }
            Payload::DeclineDraw { game } => {
                if let Some(row) = self.game_for_button(ctx, game, None)? {
                    self.draw_decline(ctx, &row)?;
                }
            }
            Payload::PuzzleHint => self.with_puzzles(ctx, puzzles::cmd_hint)?,
            Payload::PuzzleSolution => {
                self.with_puzzles(ctx, |p| puzzles::cmd_puzzle(p, &["solution".into()]))?
            }
            Payload::PuzzleNext => {
                self.with_puzzles(ctx, |p| puzzles::cmd_puzzle(p, &["next".into()]))?
            }
        }
        Ok(())
    }

    /// The game a button refers to, if the user plays in it, it is active and
    /// (when given) still at `ply`. Otherwise tell the user why not.
    fn game_for_button(&self, ctx: &mut Ctx, game: i64, ply: Option<i64>) -> Res<Option<GameRow>> {
        let Some(row) = store::game(ctx.c, game)? else {
            self.tell_id(ctx, "button-invalid", None);
            return Ok(None);
        };
        if row.color_of(ctx.user.id).is_none() {
            let a = args![("game", row.id)];
            self.tell_id(ctx, "not-a-player", Some(&a));
            return Ok(None);
        }
        if !row.is_active() {
            let a = args![("game", row.id)];
            self.tell_id(ctx, "game-already-over", Some(&a));
            return Ok(None);
        }
        if ply.is_some_and(|p| p != row.ply) {
            self.tell_id(ctx, "button-stale", None);
            return Ok(None);
        }
        Ok(Some(row))
    }

    // ----------------------------------------------------------- helpers ----

    /// Rebuild a game from its start and stored moves (the draw rules need
    /// the history).
    fn load(&self, c: &Connection, row: &GameRow) -> Res<Game> {
        let variant: Variant = row.variant.parse().unwrap_or_default();
        let start = Position::from_fen(&row.start_fen)
            .map_err(|e| ServiceError::Corrupt(format!("game {} start: {e}", row.id)))?;
        let mut g = Game::from_position(variant, start);
        for text in store::game_moves(c, row.id)? {
            g.play_text(&text)
                .map_err(|e| ServiceError::Corrupt(format!("game {} move {text}: {e}", row.id)))?;
        }
        Ok(g)
    }

    fn seat_name(&self, c: &Connection, seat: Seat, lang: Lang) -> Res<String> {
        Ok(match seat {
            Seat::Human(id) => store::user(c, id)?
                .map(|u| u.name)
                .unwrap_or_else(|| "?".into()),
            Seat::Ai(level) => {
                let a = args![("level", num(level as i64))];
                self.t(lang, "ai-name", Some(&a))
            }
        })
    }

    fn mention(&self, c: &Connection, seat: Seat) -> Res<Option<Mention>> {
        Ok(match seat {
            Seat::Human(id) => store::user(c, id)?.map(|u| Mention {
                platform_user_id: u.platform_user_id,
                name: u.name,
                handle: u.handle,
            }),
            Seat::Ai(_) => None,
        })
    }

    /// `@handle` or the name, for texts that call on someone.
    fn call_name(&self, c: &Connection, seat: Seat, lang: Lang) -> Res<String> {
        Ok(match self.mention(c, seat)? {
            Some(Mention {
                handle: Some(h), ..
            }) => format!("@{h}"),
            Some(m) => m.name,
            None => self.seat_name(c, seat, lang)?,
        })
    }

    fn duration_text(&self, lang: Lang, secs: i64) -> String {
        let secs = secs.max(0);
        let days = secs / DAY;
        let hours = (secs % DAY) / 3600;
        let minutes = (secs % 3600) / 60;
        if days > 0 {
            let a = args![("days", num(days)), ("hours", num(hours))];
            if hours > 0 {
                self.t(lang, "duration-days-hours", Some(&a))
            } else {
                self.t(lang, "duration-days", Some(&a))
            }
        } else if hours > 0 {
            let a = args![("hours", num(hours)), ("minutes", num(minutes))];
            self.t(lang, "duration-hours-minutes", Some(&a))
        } else {
            let a = args![("minutes", num(minutes.max(1)))];
            self.t(lang, "duration-minutes", Some(&a))
        }
    }

    fn board_view(&self, ctx: &Ctx, row: &GameRow, g: &Game) -> Res<BoardView> {
        let theme = ctx
            .chat
            .theme
            .as_deref()
            .and_then(|t| t.parse::<Theme>().ok())
            .unwrap_or(self.config.default_theme);
        let flip = match ctx.chat.orientation.as_deref() {
            Some("white") => false,
            Some("black") => true,
            Some("mover") => g.side_to_move() == Color::Black,
            // auto: from Black's side when Black is the only human
            _ => matches!((row.white, row.black), (Seat::Ai(_), Seat::Human(_))),
        };
        let last = g
            .moves()
            .last()
            .map(|mv| (g.positions()[g.positions().len() - 2], *mv));
        let a = args![
            ("game", row.id),
            ("white", self.seat_name(ctx.c, row.white, ctx.lang)?),
            ("black", self.seat_name(ctx.c, row.black, ctx.lang)?),
            ("move", num(g.move_number() as i64)),
        ];
        Ok(BoardView {
            position: *g.position(),
            last,
            flip,
            theme,
            caption: self.t(ctx.lang, "board-caption", Some(&a)),
            game_id: row.id,
        })
    }

    /// The board of a game with whose move it is and the buttons for them.
    fn board_draft(&self, ctx: &Ctx, row: &GameRow, g: &Game, headline: String) -> Res<Draft> {
        let mut text = headline;
        let mut choices = Vec::new();
        let mut mentions = Vec::new();
        if row.is_active() && !g.is_over() {
            let (color, seat) = to_move(row, g);
            let a = args![
                ("player", self.call_name(ctx.c, seat, ctx.lang)?),
                ("color", color_key(color)),
                ("game", row.id)
            ];
            text.push('\n');
            text.push_str(&self.t(ctx.lang, "to-move", Some(&a)));
            if let Some(deadline) = row.deadline {
                let a = args![("time", self.duration_text(ctx.lang, deadline - ctx.now))];
                text.push(' ');
                text.push_str(&self.t(ctx.lang, "time-left", Some(&a)));
            }
            if let Seat::Human(_) = seat {
                choices = move_choices(row, g, None, "");
                choices.push(vec![
                    Payload::Draw { game: row.id }.button(self.t(ctx.lang, "button-draw", None)),
                    Payload::Resign { game: row.id }.button(self.t(
                        ctx.lang,
                        "button-resign",
                        None,
                    )),
                ]);
                mentions.extend(self.mention(ctx.c, seat)?);
            }
        }
        Ok(Draft {
            target: Target::Chat(self.chat_ext_of(ctx, row)?),
            text,
            board: Some(self.board_view(ctx, row, g)?),
            choices,
            mentions,
            game_id: Some(row.id),
            document: None,
        })
    }

    /// The platform id of a game's chat (the event's chat when it is the same).
    fn chat_ext_of(&self, ctx: &Ctx, row: &GameRow) -> Res<String> {
        if row.chat_id == ctx.chat.id {
            return Ok(ctx.chat_ext.clone());
        }
        Ok(store::chat(ctx.c, row.chat_id)?
            .map(|c| c.platform_chat_id)
            .unwrap_or_else(|| ctx.chat_ext.clone()))
    }

    // --------------------------------------------------------- commands ----

    fn cmd_help(&self, ctx: &mut Ctx) {
        self.say(ctx, "help", None);
    }

    fn cmd_challenge(&self, ctx: &mut Ctx, args: &[String]) -> Res<()> {
        enum Target {
            Open,
            Ai,
            Handle(String),
        }
        let mut target = Target::Open;
        let mut numbers: Vec<i64> = Vec::new();
        let mut unlimited = false;
        let mut color = "random";
        for (i, a) in args.iter().enumerate() {
            let w = a.to_lowercase();
            match w.as_str() {
                "ai" | "bot" | "ии" | "бот" | "computer" | "компьютер" if i == 0 => {
                    target = Target::Ai
                }
                "open" | "any" | "все" | "любой" if i == 0 => target = Target::Open,
                _ if w.starts_with('@') && i == 0 && w.len() > 1 => {
                    target = Target::Handle(w[1..].to_string())
                }
                "white" | "w" | "белые" | "белыми" | "б" => color = "white",
                "black" | "b" | "черные" | "чёрные" | "черными" | "чёрными" | "ч" => {
                    color = "black"
                }
                "random" | "случайно" | "любым" => color = "random",
                "unlimited" | "∞" | "inf" | "безлимит" | "без" => unlimited = true,
                _ => {
                    let n = w.trim_end_matches(['d', 'д']);
                    match n.parse::<i64>() {
                        Ok(v) => numbers.push(v),
                        Err(_) => {
                            let a = args![("word", a.as_str())];
                            self.tell_id(ctx, "challenge-bad-word", Some(&a));
                            return Ok(());
                        }
                    }
                }
            }
        }
        let (level, days) = match target {
            Target::Ai => (
                numbers.first().copied().unwrap_or(3),
                numbers.get(1).copied(),
            ),
            _ => (0, numbers.first().copied()),
        };
        if matches!(target, Target::Ai) && !(1..=8).contains(&level) {
            let a = args![("level", level)];
            self.tell_id(ctx, "challenge-bad-level", Some(&a));
            return Ok(());
        }
        if let Some(d) = days {
            if !(0..=14).contains(&d) {
                let a = args![("days", d)];
                self.tell_id(ctx, "challenge-bad-days", Some(&a));
                return Ok(());
            }
            unlimited |= d == 0;
        }
        let seconds_per_move = if unlimited {
            None
        } else {
            match (&target, days) {
                (_, Some(d)) => Some(d * DAY),
                (Target::Ai, None) => None,
                _ => Some(ctx.chat.days_per_move.unwrap_or(self.config.default_days) * DAY),
            }
        };
        let me = Seat::Human(ctx.user.id);
        match target {
            Target::Ai => {
                let human_white = match color {
                    "white" => true,
                    "black" => false,
                    _ => (ctx.now ^ ctx.user.id).rem_euclid(2) == 0,
                };
                let ai = Seat::Ai(level as u8);
                let (white, black) = if human_white { (me, ai) } else { (ai, me) };
                self.start_game(ctx, white, black, seconds_per_move)?;
            }
            Target::Handle(h) => {
                if ctx.user.handle.as_deref() == Some(h.as_str()) {
                    self.tell_id(ctx, "challenge-self", None);
                    return Ok(());
                }
                let to = store::user_by_handle(ctx.c, ctx.platform.key(), &h)?;
                self.create_challenge(ctx, to.map(|u| u.id), Some(h), color, seconds_per_move)?;
            }
            Target::Open => {
                self.create_challenge(ctx, None, None, color, seconds_per_move)?;
            }
        }
        Ok(())
    }

    fn create_challenge(
        &self,
        ctx: &mut Ctx,
        to_user: Option<i64>,
        to_handle: Option<String>,
        color: &str,
        seconds_per_move: Option<i64>,
    ) -> Res<()> {
        let expires = ctx.now + self.config.challenge_ttl_secs;
        let id = store::insert_challenge(
            ctx.c,
            ctx.chat.id,
            ctx.user.id,
            to_user,
            to_handle.as_deref(),
            color,
            seconds_per_move,
            ctx.now,
            expires,
        )?;
        let per_move = match seconds_per_move {
            Some(s) => self.duration_text(ctx.lang, s),
            None => self.t(ctx.lang, "no-deadline", None),
        };
        let a = args![
            ("id", id),
            ("from", ctx.user.name.clone()),
            (
                "to",
                to_handle
                    .clone()
                    .map(|h| format!("@{h}"))
                    .unwrap_or_default()
            ),
            ("open", if to_handle.is_some() { "no" } else { "yes" }),
            ("color", color),
            ("per_move", per_move),
            (
                "expires",
                self.duration_text(ctx.lang, self.config.challenge_ttl_secs)
            ),
        ];
        let mut d = Draft::text(ctx.here(), self.t(ctx.lang, "challenge-card", Some(&a)));
        d.choices = vec![vec![
            Payload::Accept { challenge: id }.button(self.t(ctx.lang, "button-accept", None)),
            Payload::Decline { challenge: id }.button(self.t(ctx.lang, "button-decline", None)),
        ]];
        if let Some(uid) = to_user {
            d.mentions.extend(self.mention(ctx.c, Seat::Human(uid))?);
        }
        ctx.drafts.push(d);
        Ok(())
    }

    /// The challenge a `/accept` or `/decline` means.
    fn pick_challenge(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<Option<i64>> {
        if let Some(id) = r.and_then(game_ref) {
            return Ok(Some(id));
        }
        let open = store::open_challenges_for(ctx.c, ctx.chat.id, &ctx.user)?;
        match open.first() {
            Some(ch) => Ok(Some(ch.id)),
            None => {
                self.tell_id(ctx, "no-open-challenge", None);
                Ok(None)
            }
        }
    }

    fn cmd_accept(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        if let Some(id) = self.pick_challenge(ctx, r)? {
            self.accept(ctx, id)?;
        }
        Ok(())
    }

    fn cmd_decline(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        if let Some(id) = self.pick_challenge(ctx, r)? {
            self.decline(ctx, id)?;
        }
        Ok(())
    }

    fn accept(&self, ctx: &mut Ctx, id: i64) -> Res<()> {
        let Some(ch) = store::challenge(ctx.c, id)?.filter(|c| c.chat_id == ctx.chat.id) else {
            self.tell_id(ctx, "challenge-unknown", Some(&args![("id", id)]));
            return Ok(());
        };
        if ch.status != "open" || ch.expires_at <= ctx.now {
            self.tell_id(ctx, "challenge-closed", Some(&args![("id", id)]));
            return Ok(());
        }
        if ch.from_user == ctx.user.id {
            self.tell_id(ctx, "challenge-own", None);
            return Ok(());
        }
        let addressed_to_other = match (ch.to_user, &ch.to_handle) {
            (Some(u), _) => u != ctx.user.id,
            (None, Some(h)) => ctx.user.handle.as_deref() != Some(h.as_str()),
            (None, None) => false,
        };
        if addressed_to_other {
            self.tell_id(ctx, "challenge-not-for-you", None);
            return Ok(());
        }
        let challenger = Seat::Human(ch.from_user);
        let me = Seat::Human(ctx.user.id);
        let challenger_white = match ch.color.as_str() {
            "white" => true,
            "black" => false,
            _ => (ctx.now ^ ch.id).rem_euclid(2) == 0,
        };
        let (white, black) = if challenger_white {
            (challenger, me)
        } else {
            (me, challenger)
        };
        let game_id = self.start_game(ctx, white, black, ch.seconds_per_move)?;
        store::close_challenge(ctx.c, ch.id, "accepted", Some(game_id))?;
        Ok(())
    }

    fn decline(&self, ctx: &mut Ctx, id: i64) -> Res<()> {
        let Some(ch) = store::challenge(ctx.c, id)?.filter(|c| c.chat_id == ctx.chat.id) else {
            self.tell_id(ctx, "challenge-unknown", Some(&args![("id", id)]));
            return Ok(());
        };
        if ch.status != "open" {
            self.tell_id(ctx, "challenge-closed", Some(&args![("id", id)]));
            return Ok(());
        }
        let mine = ch.from_user == ctx.user.id;
        let for_me = ch.to_user == Some(ctx.user.id)
            || (ch.to_handle.is_some() && ch.to_handle == ctx.user.handle);
        if !mine && !for_me {
            self.tell_id(ctx, "challenge-not-for-you", None);
            return Ok(());
        }
        store::close_challenge(
            ctx.c,
            ch.id,
            if mine { "cancelled" } else { "declined" },
            None,
        )?;
        let a = args![("id", id), ("name", ctx.user.name.clone())];
        self.say(
            ctx,
            if mine {
                "challenge-cancelled"
            } else {
                "challenge-declined"
            },
            Some(&a),
        );
        Ok(())
    }

    fn deadline_for(
        &self,
        c: &Connection,
        seat: Seat,
        spm: Option<i64>,
        now: i64,
    ) -> Res<(Option<i64>, Option<i64>)> {
        let Some(spm) = spm else {
            return Ok((None, None));
        };
        // a player on vacation gets the rest of it on top
        let pause = match seat {
            Seat::Human(id) => store::user(c, id)?
                .map(|u| (u.vacation_until - now).max(0))
                .unwrap_or(0),
            Seat::Ai(_) => 0,
        };
        let deadline = now + spm + pause;
        let reminder = now + pause + (spm as f64 * self.config.reminder_fraction) as i64;
        Ok((Some(deadline), Some(reminder)))
    }

    fn start_game(&self, ctx: &mut Ctx, white: Seat, black: Seat, spm: Option<i64>) -> Res<i64> {
        let start = Position::initial();
        let (deadline, reminder_at) = match white {
            Seat::Human(_) => self.deadline_for(ctx.c, white, spm, ctx.now)?,
            Seat::Ai(_) => (None, None),
        };
        let id = store::insert_game(
            ctx.c,
            &store::NewGame {
                chat_id: ctx.chat.id,
                variant: Variant::Russian.key().to_string(),
                white,
                black,
                start_fen: start.to_fen(),
                seconds_per_move: spm,
                deadline,
                reminder_at,
            },
            ctx.now,
        )?;
        let row = store::game(ctx.c, id)?.expect("just inserted");
        let g = self.load(ctx.c, &row)?;
        let a = args![
            ("game", id),
            ("white", self.seat_name(ctx.c, white, ctx.lang)?),
            ("black", self.seat_name(ctx.c, black, ctx.lang)?),
            (
                "per_move",
                match spm {
                    Some(s) => self.duration_text(ctx.lang, s),
                    None => self.t(ctx.lang, "no-deadline", None),
                }
            ),
        ];
        let headline = self.t(ctx.lang, "game-started", Some(&a));
        let d = self.board_draft(ctx, &row, &g, headline)?;
        ctx.drafts.push(d);
        if let Seat::Ai(_) = white {
            ctx.jobs.push(Job::AiMove {
                game_id: id,
                ply: 0,
            });
        }
        Ok(id)
    }

    /// The user's active games in this chat.
    fn my_games_here(&self, ctx: &Ctx) -> Res<Vec<GameRow>> {
        Ok(store::active_games_of(ctx.c, ctx.user.id)?
            .into_iter()
            .filter(|g| g.chat_id == ctx.chat.id)
            .collect())
    }

    /// The one game a command without a game number means, or tell the user.
    fn pick_game(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<Option<GameRow>> {
        if let Some(id) = r.and_then(game_ref) {
            return match store::game(ctx.c, id)? {
                Some(g) if g.color_of(ctx.user.id).is_some() => Ok(Some(g)),
                Some(g) if g.chat_id == ctx.chat.id => Ok(Some(g)),
                _ => {
                    self.tell_id(ctx, "game-unknown", Some(&args![("game", id)]));
                    Ok(None)
                }
            };
        }
        let mine = self.my_games_here(ctx)?;
        match mine.as_slice() {
            [one] => Ok(Some(one.clone())),
            [] => {
                self.tell_id(ctx, "no-active-game", None);
                Ok(None)
            }
            many => {
                let list = many
                    .iter()
                    .map(|g| format!("#{}", g.id))
                    .collect::<Vec<_>>()
                    .join(", ");
                self.tell_id(ctx, "which-game", Some(&args![("games", list)]));
                Ok(None)
            }
        }
    }

    fn cmd_move(&self, ctx: &mut Ctx, game: Option<i64>, text: &str) -> Res<()> {
        let candidates: Vec<GameRow> = match game {
            Some(id) => match store::game(ctx.c, id)? {
                Some(g) if g.color_of(ctx.user.id).is_some() => vec![g],
                Some(g) => {
                    self.tell_id(ctx, "not-a-player", Some(&args![("game", g.id)]));
                    return Ok(());
                }
                None => {
                    self.tell_id(ctx, "game-unknown", Some(&args![("game", id)]));
                    return Ok(());
                }
            },
            None => self.my_games_here(ctx)?,
        };
        if candidates.is_empty() {
            // a non-player trying to move in someone else's game
            let others = store::active_games_in_chat(ctx.c, ctx.chat.id)?;
            if others.is_empty() {
                self.tell_id(ctx, "no-active-game", None);
            } else {
                let a = args![("game", others[0].id)];
                self.tell_id(ctx, "not-a-player", Some(&a));
            }
            return Ok(());
        }
        // games where it is the user's turn
        let mut my_turn = Vec::new();
        for row in candidates {
            if !row.is_active() {
                self.tell_id(ctx, "game-already-over", Some(&args![("game", row.id)]));
                return Ok(());
            }
            let g = self.load(ctx.c, &row)?;
            if row.seat(g.side_to_move()) == Seat::Human(ctx.user.id) {
                my_turn.push((row, g));
            }
        }
        if my_turn.is_empty() {
            self.tell_id(ctx, "not-your-turn", None);
            return Ok(());
        }
        // where is the text a legal move?
        let parsed: Vec<_> = my_turn
            .iter()
            .map(|(_, g)| {
                shashki_engine::notation::parse_move_among(g.position(), &g.legal_moves(), text)
            })
            .collect();
        let legal: Vec<usize> = parsed
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_ok())
            .map(|(i, _)| i)
            .collect();
        match legal.as_slice() {
            [i] => {
                let mv = *parsed[*i].as_ref().expect("ok");
                let (row, g) = my_turn.swap_remove(*i);
                self.play(ctx, &row, g, mv)
            }
            [] => {
                // explain with the first game's error (it lists the legal moves)
                let err = parsed[0].as_ref().expect_err("none legal");
                let a = args![
                    ("game", my_turn[0].0.id),
                    ("error", self.move_error_text(ctx.lang, err))
                ];
                self.tell_id(ctx, "move-illegal", Some(&a));
                Ok(())
            }
            many => {
                let mut d = Draft::text(
                    ctx.private(),
                    self.t(ctx.lang, "move-which-game", Some(&args![("move", text)])),
                );
                for &i in many {
                    let (row, g) = &my_turn[i];
                    let mv = parsed[i].as_ref().expect("ok");
                    let index = sorted_moves(g).iter().position(|m| m == mv).unwrap_or(0);
                    let opp = row.seat(g.side_to_move().opposite());
                    d.choices.push(vec![Payload::Move {
                        game: row.id,
                        ply: row.ply,
                        index: index as u16,
                    }
                    .button(format!(
                        "#{} — {}",
                        row.id,
                        self.seat_name(ctx.c, opp, ctx.lang)?
                    ))]);
                }
                ctx.drafts.push(d);
                Ok(())
            }
        }
    }

    fn move_error_text(&self, lang: Lang, err: &shashki_engine::MoveError) -> String {
        use shashki_engine::notation::IllegalReason;
        use shashki_engine::MoveError as E;
        match err {
            E::Empty => self.t(lang, "move-empty", None),
            E::BadSquare { token, .. } => self.t(
                lang,
                "move-bad-square",
                Some(&args![("token", token.as_str())]),
            ),
            E::NoLegalMoves => self.t(lang, "move-none", None),
            E::Ambiguous { input, candidates } => self.t(
                lang,
                "move-ambiguous",
                Some(&args![
                    ("input", input.as_str()),
                    ("candidates", candidates.join(", "))
                ]),
            ),
            E::Illegal {
                input,
                reason,
                legal,
            } => {
                let why = match reason {
                    Some(IllegalReason::EmptySquare(s)) => Some(self.t(
                        lang,
                        "why-empty-square",
                        Some(&args![("square", s.to_string())]),
                    )),
                    Some(IllegalReason::NotYourPiece(s)) => Some(self.t(
                        lang,
                        "why-not-your-piece",
                        Some(&args![("square", s.to_string())]),
                    )),
                    Some(IllegalReason::MustCapture) => {
                        Some(self.t(lang, "why-must-capture", None))
                    }
                    Some(IllegalReason::CaptureNotFinished) => {
                        Some(self.t(lang, "why-capture-not-finished", None))
                    }
                    Some(IllegalReason::PieceCannotMove(s)) => Some(self.t(
                        lang,
                        "why-cannot-move",
                        Some(&args![("square", s.to_string())]),
                    )),
                    None => None,
                };
                let a = args![
                    ("input", input.as_str()),
                    ("why", why.clone().unwrap_or_default()),
                    ("legal", legal.join(", "))
                ];
                self.t(
                    lang,
                    if why.is_some() {
                        "move-not-legal-why"
                    } else {
                        "move-not-legal"
                    },
                    Some(&a),
                )
            }
        }
    }

    /// Play `mv` in `row` (already checked: the user's turn or the AI's).
    fn play(&self, ctx: &mut Ctx, row: &GameRow, mut g: Game, mv: Move) -> Res<()> {
        let mover_color = g.side_to_move();
        let mover = row.seat(mover_color);
        let outcome = g
            .play(&mv)
            .map_err(|e| ServiceError::Corrupt(format!("checked move refused: {e}")))?;
        let next_seat = row.seat(mover_color.opposite());
        let (deadline, reminder) = if outcome.is_some() {
            (None, None)
        } else {
            match next_seat {
                Seat::Human(_) => {
                    self.deadline_for(ctx.c, next_seat, row.seconds_per_move, ctx.now)?
                }
                Seat::Ai(_) => (None, None),
            }
        };
        let written = store::record_move(
            ctx.c,
            row.id,
            row.ply,
            &mv.to_string(),
            &g.position().to_fen(),
            mover.user_id(),
            deadline,
            reminder,
            ctx.now,
        )?;
        if !written {
            // someone else's move reached the game first
            self.tell_id(ctx, "button-stale", None);
            return Ok(());
        }
        let row = store::game(ctx.c, row.id)?.expect("exists");
        let a = args![
            ("player", self.seat_name(ctx.c, mover, ctx.lang)?),
            ("move", mv.to_string()),
            ("game", row.id)
        ];
        let headline = self.t(ctx.lang, "move-played", Some(&a));
        match outcome {
            Some(o) => self.finish(ctx, &row, &g, o, headline)?,
            None => {
                let d = self.board_draft(ctx, &row, &g, headline)?;
                ctx.drafts.push(d);
                if let Seat::Ai(_) = next_seat {
                    ctx.jobs.push(Job::AiMove {
                        game_id: row.id,
                        ply: row.ply,
                    });
                }
            }
        }
        Ok(())
    }

    /// End a game: store the result, update ratings, announce with the final
    /// board and the PDN.
    fn finish(
        &self,
        ctx: &mut Ctx,
        row: &GameRow,
        g: &Game,
        o: GameOutcome,
        headline: String,
    ) -> Res<()> {
        let reason = outcome_key(&o);
        if !store::finish_game(ctx.c, row.id, o.pdn_result(), reason, ctx.now)? {
            return Ok(());
        }
        if let (Seat::Human(w), Seat::Human(b)) = (row.white, row.black) {
            update_ratings(ctx.c, row.chat_id, w, b, o.winner())?;
        }
        let row = store::game(ctx.c, row.id)?.expect("exists");
        let result_text = self.result_text(ctx.c, ctx.lang, &row, &o)?;
        let mut d = self.board_draft(ctx, &row, g, format!("{headline}\n{result_text}"))?;
        d.document = Some((
            format!("game-{}.pdn", row.id),
            self.pdn_text(ctx.c, &row, g)?,
        ));
        for seat in [row.white, row.black] {
            d.mentions.extend(self.mention(ctx.c, seat)?);
        }
        ctx.drafts.push(d);
        Ok(())
    }

    fn result_text(
        &self,
        c: &Connection,
        lang: Lang,
        row: &GameRow,
        o: &GameOutcome,
    ) -> Res<String> {
        let reason = self.t(lang, &format!("reason-{}", outcome_key(o)), None);
        Ok(match o.winner() {
            Some(w) => {
                let a = args![
                    ("winner", self.seat_name(c, row.seat(w), lang)?),
                    ("color", color_key(w)),
                    ("reason", reason),
                    ("result", o.pdn_result())
                ];
                self.t(lang, "result-win", Some(&a))
            }
            None => self.t(lang, "result-draw", Some(&args![("reason", reason)])),
        })
    }

    fn pdn_text(&self, c: &Connection, row: &GameRow, g: &Game) -> Res<String> {
        let chat = store::chat(c, row.chat_id)?;
        let site = chat.and_then(|c| c.title).unwrap_or_default();
        let white = self.seat_name(c, row.white, Lang::En)?;
        let black = self.seat_name(c, row.black, Lang::En)?;
        let date = civil_date(row.created_at);
        let round = format!("{}", row.id);
        let tags = [
            ("Event", "shashki correspondence game"),
            ("Site", site.as_str()),
            ("Date", date.as_str()),
            ("Round", round.as_str()),
            ("White", white.as_str()),
            ("Black", black.as_str()),
        ];
        let mut game = g.clone();
        // a result given by resignation, time or agreement is not in the moves
        if game.outcome().is_none() {
            if let (Some(res), Some(reason)) = (&row.result, &row.result_reason) {
                let winner = match res.as_str() {
                    "2-0" => Some(Color::White),
                    "0-2" => Some(Color::Black),
                    _ => None,
                };
                let _ = match (winner, reason.as_str()) {
                    (Some(w), "timeout") => game.time_out(w.opposite()),
                    (Some(w), _) => game.resign(w.opposite()),
                    (None, _) => game.agree_draw(),
                };
            }
        }
        Ok(write_pdn(&game, &tags, PdnStyle::default()))
    }

    fn cmd_board(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        let row = match r.and_then(game_ref) {
            Some(id) => store::game(ctx.c, id)?,
            None => {
                let mut here = self.my_games_here(ctx)?;
                if here.is_empty() {
                    here = store::active_games_in_chat(ctx.c, ctx.chat.id)?;
                }
                match here.len() {
                    0 => {
                        self.tell_id(ctx, "no-active-game", None);
                        return Ok(());
                    }
                    1 => here.pop(),
                    _ => {
                        let list = here
                            .iter()
                            .map(|g| format!("#{}", g.id))
                            .collect::<Vec<_>>()
                            .join(", ");
                        self.tell_id(ctx, "which-game", Some(&args![("games", list)]));
                        return Ok(());
                    }
                }
            }
        };
        let Some(row) = row else {
            self.tell_id(ctx, "game-unknown", Some(&args![("game", r.unwrap_or(""))]));
            return Ok(());
        };
        let g = self.load(ctx.c, &row)?;
        let headline = self.t(ctx.lang, "board-headline", Some(&args![("game", row.id)]));
        let mut d = self.board_draft(ctx, &row, &g, headline)?;
        if row.color_of(ctx.user.id).is_none() {
            d.choices.clear(); // spectators get no buttons
        }
        ctx.drafts.push(d);
        Ok(())
    }

    fn cmd_games(&self, ctx: &mut Ctx) -> Res<()> {
        let games = store::active_games_of(ctx.c, ctx.user.id)?;
        if games.is_empty() {
            self.tell_id(ctx, "games-none", None);
            return Ok(());
        }
        let mut lines = vec![self.t(ctx.lang, "games-header", None)];
        for row in &games {
            let g = self.load(ctx.c, row)?;
            let me = row.color_of(ctx.user.id).expect("a player");
            let opp = self.seat_name(ctx.c, row.seat(me.opposite()), ctx.lang)?;
            let turn = if g.side_to_move() == me { "yes" } else { "no" };
            let left = row
                .deadline
                .map(|d| self.duration_text(ctx.lang, d - ctx.now))
                .unwrap_or_else(|| self.t(ctx.lang, "no-deadline", None));
            let a = args![
                ("game", row.id),
                ("opponent", opp),
                ("color", color_key(me)),
                ("my_turn", turn),
                ("left", left)
            ];
            let mut line = self.t(ctx.lang, "games-line", Some(&a));
            if row.chat_id != ctx.chat.id {
                let title = store::chat(ctx.c, row.chat_id)?
                    .and_then(|c| c.title)
                    .unwrap_or_else(|| "?".into());
                line.push(' ');
                line.push_str(&self.t(ctx.lang, "games-in-chat", Some(&args![("chat", title)])));
            }
            lines.push(line);
        }
        self.tell(ctx, lines.join("\n"));
        Ok(())
    }

    fn cmd_resign(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        let Some(row) = self.pick_game(ctx, r)? else {
            return Ok(());
        };
        let Some(me) = row.color_of(ctx.user.id) else {
            self.tell_id(ctx, "not-a-player", Some(&args![("game", row.id)]));
            return Ok(());
        };
        if !row.is_active() {
            self.tell_id(ctx, "game-already-over", Some(&args![("game", row.id)]));
            return Ok(());
        }
        let mut g = self.load(ctx.c, &row)?;
        let o = g
            .resign(me)
            .map_err(|e| ServiceError::Corrupt(e.to_string()))?;
        let headline = self.t(
            ctx.lang,
            "resigned",
            Some(&args![("player", ctx.user.name.clone()), ("game", row.id)]),
        );
        self.finish(ctx, &row, &g, o, headline)
    }

    fn cmd_draw(&self, ctx: &mut Ctx, args: &[String]) -> Res<()> {
        let (game_arg, word) = match args {
            [a, b, ..] if a.starts_with('#') => (Some(a.as_str()), Some(b.to_lowercase())),
            [a] if a.starts_with('#') || a.parse::<i64>().is_ok() => (Some(a.as_str()), None),
            [a, ..] => (None, Some(a.to_lowercase())),
            [] => (None, None),
        };
        let Some(row) = self.pick_game(ctx, game_arg)? else {
            return Ok(());
        };
        if row.color_of(ctx.user.id).is_none() {
            self.tell_id(ctx, "not-a-player", Some(&args![("game", row.id)]));
            return Ok(());
        }
        if !row.is_active() {
            self.tell_id(ctx, "game-already-over", Some(&args![("game", row.id)]));
            return Ok(());
        }
        match word.as_deref() {
            Some("decline" | "no" | "отклонить" | "нет") => {
                self.draw_decline(ctx, &row)
            }
            _ => self.draw_offer_or_accept(ctx, &row),
        }
    }

    fn draw_offer_or_accept(&self, ctx: &mut Ctx, row: &GameRow) -> Res<()> {
        let me = row.color_of(ctx.user.id).expect("checked");
        let opp = row.seat(me.opposite());
        if row.draw_offer == Some(me.opposite()) {
            let mut g = self.load(ctx.c, row)?;
            let o = g
                .agree_draw()
                .map_err(|e| ServiceError::Corrupt(e.to_string()))?;
            let headline = self.t(ctx.lang, "draw-agreed", Some(&args![("game", row.id)]));
            return self.finish(ctx, row, &g, o, headline);
        }
        if row.draw_offer == Some(me) {
            self.tell_id(ctx, "draw-already-offered", None);
            return Ok(());
        }
        if let Seat::Ai(_) = opp {
            // the AI accepts when a short search says it stands clearly worse
            let mut g = self.load(ctx.c, row)?;
            let ai_to_move = g.side_to_move() == me.opposite();
            let score = search(g.position(), &g.history_hashes(), &Limits::depth(8))
                .map(|r| if ai_to_move { r.score } else { -r.score })
                .unwrap_or(0);
            if score <= -AI_ACCEPTS_DRAW_BELOW {
                let o = g
                    .agree_draw()
                    .map_err(|e| ServiceError::Corrupt(e.to_string()))?;
                let headline = self.t(ctx.lang, "draw-agreed", Some(&args![("game", row.id)]));
                return self.finish(ctx, row, &g, o, headline);
            }
            self.tell_id(ctx, "draw-ai-declines", None);
            return Ok(());
        }
        store::set_draw_offer(ctx.c, row.id, Some(me))?;
        let a = args![
            ("player", ctx.user.name.clone()),
            ("opponent", self.call_name(ctx.c, opp, ctx.lang)?),
            ("game", row.id)
        ];
        let mut d = Draft::text(ctx.here(), self.t(ctx.lang, "draw-offered", Some(&a)));
        d.choices = vec![vec![
            Payload::Draw { game: row.id }.button(self.t(ctx.lang, "button-accept-draw", None)),
            Payload::DeclineDraw { game: row.id }.button(self.t(
                ctx.lang,
                "button-decline-draw",
                None,
            )),
        ]];
        d.mentions.extend(self.mention(ctx.c, opp)?);
        d.game_id = Some(row.id);
        ctx.drafts.push(d);
        Ok(())
    }

    fn draw_decline(&self, ctx: &mut Ctx, row: &GameRow) -> Res<()> {
        let me = row.color_of(ctx.user.id).expect("checked");
        if row.draw_offer != Some(me.opposite()) {
            self.tell_id(ctx, "draw-none-to-decline", None);
            return Ok(());
        }
        store::set_draw_offer(ctx.c, row.id, None)?;
        let a = args![("player", ctx.user.name.clone()), ("game", row.id)];
        self.say(ctx, "draw-declined", Some(&a));
        Ok(())
    }

    fn cmd_pdn(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        let row = match r.and_then(game_ref) {
            Some(id) => store::game(ctx.c, id)?,
            None => match self.pick_game(ctx, None)? {
                Some(g) => Some(g),
                None => return Ok(()),
            },
        };
        let Some(row) = row else {
            self.tell_id(ctx, "game-unknown", Some(&args![("game", r.unwrap_or(""))]));
            return Ok(());
        };
        let g = self.load(ctx.c, &row)?;
        let pdn = self.pdn_text(ctx.c, &row, &g)?;
        let mut d = Draft::text(ctx.here(), pdn.clone());
        d.document = Some((format!("game-{}.pdn", row.id), pdn));
        d.game_id = Some(row.id);
        ctx.drafts.push(d);
        Ok(())
    }

    fn cmd_settings(&self, ctx: &mut Ctx, args: &[String]) -> Res<()> {
        let key = args.first().map(|s| s.to_lowercase());
        let value = args.get(1).map(|s| s.to_lowercase());
        match (key.as_deref(), value.as_deref()) {
            (Some("lang" | "language" | "язык"), Some(v)) => match Lang::from_code(v) {
                Some(l) => {
                    store::set_user_lang(ctx.c, ctx.user.id, l.code())?;
                    if ctx.chat.is_private || ctx.chat.lang.is_none() {
                        ctx.lang = l;
                    }
                    self.tell_id(ctx, "settings-saved", None);
                }
                None => self.tell_id(
                    ctx,
                    "settings-bad-value",
                    Some(&args![("key", "lang"), ("value", v), ("allowed", "en, ru")]),
                ),
            },
            (Some("chatlang"), Some(v)) => match Lang::from_code(v) {
                Some(l) => {
                    store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Lang, Some(l.code()))?;
                    ctx.lang = l;
                    self.tell_id(ctx, "settings-saved", None);
                }
                None => self.tell_id(
                    ctx,
                    "settings-bad-value",
                    Some(&args![
                        ("key", "chatlang"),
                        ("value", v),
                        ("allowed", "en, ru")
                    ]),
                ),
            },
            (Some("theme" | "тема"), Some(v)) => match v.parse::<Theme>() {
                Ok(t) => {
                    store::set_chat_setting(
                        ctx.c,
                        ctx.chat.id,
                        ChatSetting::Theme,
                        Some(t.name()),
                    )?;
                    self.tell_id(ctx, "settings-saved", None);
                }
                Err(_) => {
                    let allowed = Theme::names().collect::<Vec<_>>().join(", ");
                    self.tell_id(
                        ctx,
                        "settings-bad-value",
                        Some(&args![("key", "theme"), ("value", v), ("allowed", allowed)]),
                    );
                }
            },
            (Some("orientation" | "board" | "доска"), Some(v)) => {
                if ["auto", "white", "black", "mover"].contains(&v) {
                    store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Orientation, Some(v))?;
                    self.tell_id(ctx, "settings-saved", None);
                } else {
                    self.tell_id(
                        ctx,
                        "settings-bad-value",
                        Some(&args![
                            ("key", "orientation"),
                            ("value", v),
                            ("allowed", "auto, white, black, mover")
                        ]),
                    );
                }
            }
            (Some("days" | "дни"), Some(v)) => match v.parse::<i64>() {
                Ok(d) if (1..=14).contains(&d) => {
                    store::set_chat_setting(
                        ctx.c,
                        ctx.chat.id,
                        ChatSetting::DaysPerMove,
                        Some(&d.to_string()),
                    )?;
                    self.tell_id(ctx, "settings-saved", None);
                }
                _ => self.tell_id(
                    ctx,
                    "settings-bad-value",
                    Some(&args![("key", "days"), ("value", v), ("allowed", "1–14")]),
                ),
            },
            (None, _) | (Some(_), None) => {
                let chat = store::chat(ctx.c, ctx.chat.id)?.expect("exists");
                let a = args![
                    ("lang", ctx.lang.code()),
                    ("theme", chat.theme.unwrap_or_else(|| "classic".into())),
                    (
                        "orientation",
                        chat.orientation.unwrap_or_else(|| "auto".into())
                    ),
                    (
                        "days",
                        chat.days_per_move.unwrap_or(self.config.default_days)
                    )
                ];
                self.tell_id(ctx, "settings-show", Some(&a));
            }
            (Some(k), Some(_)) => {
                self.tell_id(ctx, "settings-unknown", Some(&args![("key", k)]));
            }
        }
        Ok(())
    }

    fn cmd_top(&self, ctx: &mut Ctx) -> Res<()> {
        let rows = store::top_ratings(ctx.c, ctx.chat.id, 10)?;
        if rows.is_empty() {
            self.tell_id(ctx, "top-empty", None);
            return Ok(());
        }
        let mut lines = vec![self.t(ctx.lang, "top-header", None)];
        for (i, (u, r)) in rows.iter().enumerate() {
            let a = args![
                ("place", (i + 1) as i64),
                ("name", u.name.clone()),
                ("rating", r.rating.round() as i64),
                ("deviation", r.deviation.round() as i64),
                ("wins", r.wins),
                ("draws", r.draws),
                ("losses", r.losses)
            ];
            lines.push(self.t(ctx.lang, "top-line", Some(&a)));
        }
        let text = lines.join("\n");
        ctx.drafts.push(Draft::text(ctx.here(), text));
        Ok(())
    }

    fn cmd_vacation(&self, ctx: &mut Ctx, days: Option<&str>) -> Res<()> {
        let year = year_of(ctx.now);
        let used = if ctx.user.vacation_year == year {
            ctx.user.vacation_days
        } else {
            0
        };
        let left = self.config.vacation_days_per_year - used;
        let Some(days) = days.and_then(|d| d.parse::<i64>().ok()).filter(|d| *d > 0) else {
            self.tell_id(ctx, "vacation-usage", Some(&args![("left", left)]));
            return Ok(());
        };
        if days > left {
            self.tell_id(
                ctx,
                "vacation-too-long",
                Some(&args![("left", left), ("days", days)]),
            );
            return Ok(());
        }
        let start = ctx.user.vacation_until.max(ctx.now);
        let until = start + days * DAY;
        store::set_vacation(ctx.c, ctx.user.id, year, used + days, until)?;
        // pause the clocks running for this player now
        for row in store::active_games_of(ctx.c, ctx.user.id)? {
            let g = self.load(ctx.c, &row)?;
            let me = row.color_of(ctx.user.id).expect("a player");
            if row.deadline.is_some() && g.side_to_move() == me {
                store::shift_game_clock(ctx.c, row.id, days * DAY)?;
            }
            let opp = row.seat(me.opposite());
            let a = args![
                ("player", ctx.user.name.clone()),
                ("days", num(days)),
                ("game", row.id),
                ("opponent", self.call_name(ctx.c, opp, ctx.lang)?)
            ];
            let mut d = Draft::text(
                Target::Chat(self.chat_ext_of(ctx, &row)?),
                self.t(ctx.lang, "vacation-announce", Some(&a)),
            );
            d.mentions.extend(self.mention(ctx.c, opp)?);
            d.game_id = Some(row.id);
            ctx.drafts.push(d);
        }
        self.tell_id(
            ctx,
            "vacation-set",
            Some(&args![("days", num(days)), ("left", left - days)]),
        );
        Ok(())
    }

    // -------------------------------------------------------------- jobs ----

    /// Run a job (call it off the async threads: the AI thinks here).
    pub fn run_job(&self, job: Job) -> Res<Outcome> {
        match job {
            Job::AiMove { game_id, ply } => self.ai_move(game_id, ply),
        }
    }

    fn ai_move(&self, game_id: i64, ply: i64) -> Res<Outcome> {
        // read the game without holding the store while thinking
        let (row, g) = {
            let store = self.lock();
            let Some(row) = store::game(store.conn(), game_id)? else {
                return Ok(Outcome::default());
            };
            let g = self.load(store.conn(), &row)?;
            (row, g)
        };
        let Seat::Ai(level) = row.seat(g.side_to_move()) else {
            return Ok(Outcome::default());
        };
        if !row.is_active() || row.ply != ply || g.is_over() {
            return Ok(Outcome::default());
        }
        let level = Level::new(level).unwrap_or(Level::MAX);
        let mut params = level.params();
        params.movetime = params.movetime.min(self.config.ai_max_movetime);
        let seed = (game_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64;
        let history = g.history_hashes();
        // the king-only count lets the search see the 15-move draw coming
        let mut searcher = Searcher::new(params.tt_mb);
        let options = ChooseOptions {
            history: &history,
            kings_only_plies: g.counters().kings_only_plies,
            params,
            seed,
            stop: None,
        };
        let result = choose_move(&mut searcher, g.position(), &options);
        let Some(result) = result else {
            return Ok(Outcome::default());
        };
        // play it if the game is still where it was (a resignation or a
        // redelivered job may have come first)
        let human = [row.white, row.black].into_iter().find_map(Seat::user_id);
        self.system_action(row.chat_id, human, self.now(), |svc, ctx| {
            let Some(row) = store::game(ctx.c, game_id)?.filter(|r| r.is_active() && r.ply == ply)
            else {
                return Ok(());
            };
            let g = svc.load(ctx.c, &row)?;
            svc.play(ctx, &row, g, result.best_move)
        })
    }

    // ----------------------------------------------------------- puzzles ----

    /// Run a puzzle action (`core::puzzles`) and queue its messages.
    fn with_puzzles(
        &self,
        ctx: &mut Ctx,
        f: impl FnOnce(&mut puzzles::PCtx) -> Result<(), StoreError>,
    ) -> Res<()> {
        let mut p = puzzles::PCtx {
            c: ctx.c,
            catalog: &self.catalog,
            lang: ctx.lang,
            user_id: ctx.user.id,
            chat_id: ctx.chat.id,
            chat_ext: ctx.chat_ext.clone(),
            user_ext: ctx.user_ext.clone(),
            now: ctx.now,
            posts: Vec::new(),
        };
        f(&mut p)?;
        let theme = ctx
            .chat
            .theme
            .as_deref()
            .and_then(|t| t.parse::<Theme>().ok())
            .unwrap_or(Theme::Classic);
        for post in p.posts {
            ctx.drafts.push(Draft {
                target: post.target,
                text: post.text,
                board: post.board.map(|b| BoardView {
                    position: b.position,
                    last: b.last,
                    flip: b.flip,
                    theme,
                    caption: b.caption,
                    game_id: 0,
                }),
                choices: post.choices,
                mentions: Vec::new(),
                game_id: None,
                document: None,
            });
        }
        Ok(())
    }

    /// A move text without a game number. A legal move in one of the user's
    /// games here (on their turn) is played there; otherwise it answers the
    /// user's puzzle here (their open one, or the chat's daily puzzle);
    /// otherwise the games explain why it is not a move.
    fn move_or_puzzle(&self, ctx: &mut Ctx, text: &str) -> Res<()> {
        if puzzles::wants_move(ctx.c, ctx.user.id, ctx.chat.id, text)? {
            let mut game_move = false;
            for row in self.my_games_here(ctx)? {
                let g = self.load(ctx.c, &row)?;
                if row.is_active()
                    && row.seat(g.side_to_move()) == Seat::Human(ctx.user.id)
                    && shashki_engine::notation::parse_move_among(
                        g.position(),
                        &g.legal_moves(),
                        text,
                    )
                    .is_ok()
                {
                    game_move = true;
                }
            }
            if !game_move {
                let mut handled = false;
                self.with_puzzles(ctx, |p| {
                    handled = puzzles::answer(p, text)?;
                    Ok(())
                })?;
                if handled {
                    return Ok(());
                }
            }
        }
        self.cmd_move(ctx, None, text)
    }

    /// Post the daily puzzle in every chat where it is due now (call from
    /// the sweeper loop, at [`Service::next_daily_wakeup`]). Each chat's
    /// post is its own transaction and goes out once.
    pub fn daily_due(&self) -> Res<Vec<Reply>> {
        let now = self.now();
        let due = puzzles::dailies_due(self.lock().conn(), now)?;
        let mut out = Vec::new();
        for chat_id in due {
            out.extend(
                self.system_action(chat_id, None, now, |svc, ctx| {
                    svc.with_puzzles(ctx, puzzles::post_daily)
                })?
                .replies,
            );
        }
        Ok(out)
    }

    /// When the next daily puzzle post is due (Unix seconds), if any chat
    /// has the daily puzzle on.
    pub fn next_daily_wakeup(&self) -> Res<Option<i64>> {
        Ok(puzzles::next_daily_wakeup(self.lock().conn())?)
    }

    // ----------------------------------------------------------- sweeper ----

    /// When the sweeper should next run (a deadline, a reminder or a
    /// challenge expiry), if anything is pending.
    pub fn next_wakeup(&self) -> Res<Option<i64>> {
        Ok(store::next_wakeup(self.lock().conn())?)
    }

    /// Send due reminders, end games whose time ran out, expire challenges.
    /// Each change is its own transaction.
    pub fn sweep(&self) -> Res<Vec<Reply>> {
        let now = self.now();
        let mut out = Vec::new();
        let (expired, due) = {
            let store = self.lock();
            (
                store::challenges_expired(store.conn(), now)?,
                store::games_due(store.conn(), now)?,
            )
        };
        for ch in expired {
            out.extend(
                self.system_action(ch.chat_id, Some(ch.from_user), now, |svc, ctx| {
                    if store::close_challenge(ctx.c, ch.id, "expired", None)? {
                        svc.say(ctx, "challenge-expired", Some(&args![("id", ch.id)]));
                    }
                    Ok(())
                })?
                .replies,
            );
        }
        for row in due {
            out.extend(
                self.system_action(row.chat_id, None, now, |svc, ctx| {
                    // re-read inside the transaction: a move may have come in
                    let Some(row) = store::game(ctx.c, row.id)?.filter(GameRow::is_active) else {
                        return Ok(());
                    };
                    let mut g = svc.load(ctx.c, &row)?;
                    let (color, seat) = to_move(&row, &g);
                    if row.deadline.is_some_and(|d| d <= now) {
                        let o = g
                            .time_out(color)
                            .map_err(|e| ServiceError::Corrupt(e.to_string()))?;
                        let a = args![
                            ("player", svc.seat_name(ctx.c, seat, ctx.lang)?),
                            ("game", row.id)
                        ];
                        let headline = svc.t(ctx.lang, "timed-out", Some(&a));
                        svc.finish(ctx, &row, &g, o, headline)?;
                    } else if !row.reminded && row.reminder_at.is_some_and(|r| r <= now) {
                        store::mark_reminded(ctx.c, row.id)?;
                        let left = row.deadline.map(|d| d - now).unwrap_or(0);
                        let a = args![
                            ("player", svc.call_name(ctx.c, seat, ctx.lang)?),
                            ("game", row.id),
                            ("left", svc.duration_text(ctx.lang, left))
                        ];
                        let mut d = Draft::text(ctx.here(), svc.t(ctx.lang, "reminder", Some(&a)));
                        d.mentions.extend(svc.mention(ctx.c, seat)?);
                        d.game_id = Some(row.id);
                        ctx.drafts.push(d);
                    }
                    Ok(())
                })?
                .replies,
            );
        }
        Ok(out)
    }

    /// A change made by the service itself (not a user) in a chat.
    fn system_action(
        &self,
        chat_id: i64,
        as_user: Option<i64>,
        now: i64,
        f: impl FnOnce(&Service, &mut Ctx) -> Res<()>,
    ) -> Res<Outcome> {
        let mut store = self.lock();
        let (drafts, jobs, platform) = store.transaction(|c| -> Res<_> {
            let Some(chat) = store::chat(c, chat_id)? else {
                return Ok((Vec::new(), Vec::new(), Platform::Console));
            };
            let user = match as_user {
                Some(u) => store::user(c, u)?,
                None => None,
            }
            .unwrap_or(UserRow {
                id: 0,
                platform: chat.platform.clone(),
                platform_user_id: String::new(),
                name: String::new(),
                handle: None,
                lang: None,
                vacation_year: 0,
                vacation_days: 0,
                vacation_until: 0,
            });
            let platform = match chat.platform.as_str() {
                "telegram" => Platform::Telegram,
                "discord" => Platform::Discord,
                _ => Platform::Console,
            };
            let lang = chat
                .lang
                .as_deref()
                .or(user.lang.as_deref())
                .and_then(Lang::from_code)
                .unwrap_or(self.config.default_lang);
            let mut ctx = Ctx {
                c,
                platform,
                chat_ext: chat.platform_chat_id.clone(),
                user_ext: user.platform_user_id.clone(),
                user,
                chat,
                lang,
                now,
                drafts: Vec::new(),
                jobs: Vec::new(),
            };
            f(self, &mut ctx)?;
            Ok((ctx.drafts, ctx.jobs, platform))
        })?;
        drop(store);
        Ok(Outcome {
            replies: drafts
                .into_iter()
                .map(|d| self.finish_draft(d, platform))
                .collect(),
            jobs,
        })
    }

    /// Call at start-up: if the service was down longer than the grace
    /// period since its last heartbeat, every pending deadline, reminder and
    /// challenge expiry moves by the downtime (players never lose on time
    /// because of us). Returns the downtime credited, in seconds.
    pub fn recover(&self) -> Res<i64> {
        let now = self.now();
        let mut store = self.lock();
        store.transaction(|c| -> Res<i64> {
            let last: Option<i64> =
                store::get_setting(c, "heartbeat")?.and_then(|v| v.parse().ok());
            let down = last.map(|t| now - t).unwrap_or(0);
            let credited = if down > self.config.downtime_grace_secs {
                let n = store::extend_all_deadlines(c, down)?;
                tracing::info!(
                    downtime = down,
                    games = n,
                    "deadlines extended after downtime"
                );
                down
            } else {
                0
            };
            store::set_setting(c, "heartbeat", &now.to_string())?;
            Ok(credited)
        })
    }

    // ------------------------------------------------ adapter queries ----

    /// Every legal move of an active game as a button (label: the move in
    /// notation; payload: the same move button the board's keyboard uses),
    /// for adapters that show all moves at once (Discord's select menus).
    /// Empty when the game is unknown or over. Read-only.
    pub fn legal_move_choices(&self, game_id: i64) -> Res<Vec<Choice>> {
        let store = self.lock();
        let c = store.conn();
        let Some(row) = store::game(c, game_id)? else {
            return Ok(Vec::new());
        };
        if !row.is_active() {
            return Ok(Vec::new());
        }
        let g = self.load(c, &row)?;
        Ok(all_move_choices(&row, &g))
    }

    /// The active games in a chat where it is this user's move (both by the
    /// platform's ids) with their legal moves as buttons, for adapters that
    /// suggest moves while the user types (Discord's autocomplete).
    /// Read-only: an unknown user or chat has none.
    pub fn moves_to_play(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
    ) -> Res<Vec<(i64, Vec<Choice>)>> {
        use rusqlite::OptionalExtension as _;
        let store = self.lock();
        let c = store.conn();
        let ids: Option<(i64, i64)> = c
            .query_row(
                "SELECT u.id, ch.id FROM users u, chats ch
                 WHERE u.platform = ?1 AND u.platform_user_id = ?2
                   AND ch.platform = ?1 AND ch.platform_chat_id = ?3",
                rusqlite::params![platform.key(), user, chat],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((uid, chat_id)) = ids else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for row in store::active_games_of(c, uid)? {
            if row.chat_id != chat_id {
                continue;
            }
            let g = self.load(c, &row)?;
            if !g.is_over() && row.seat(g.side_to_move()) == Seat::Human(uid) {
                out.push((row.id, all_move_choices(&row, &g)));
            }
        }
        Ok(out)
    }

    /// Record that the service is alive (call every few seconds).
    pub fn heartbeat(&self) -> Res<()> {
        let now = self.now();
        let mut store = self.lock();
        store.transaction(|c| -> Res<()> {
            Ok(store::set_setting(c, "heartbeat", &now.to_string())?)
        })
    }
}

/// The legal moves in a fixed order (buttons refer to them by index).
fn sorted_moves(g: &Game) -> Vec<Move> {
    let mut v = g.legal_moves();
    v.sort_by_key(|m| m.to_string());
    v
}

/// Every legal move as a button, in the order move payloads refer to.
fn all_move_choices(row: &GameRow, g: &Game) -> Vec<Choice> {
    sorted_moves(g)
        .iter()
        .enumerate()
        .map(|(i, m)| {
            Payload::Move {
                game: row.id,
                ply: row.ply,
                index: i as u16,
            }
            .button(m.to_string())
        })
        .collect()
}

/// Buttons for the moves: all of them when few, else a piece first.
fn move_choices(row: &GameRow, g: &Game, piece: Option<Square>, back: &str) -> Vec<Vec<Choice>> {
    let moves = sorted_moves(g);
    let mut buttons: Vec<Choice> = Vec::new();
    let few = moves.len() <= 8;
    if few || piece.is_some() {
        for (i, m) in moves.iter().enumerate() {
            if piece.is_none_or(|p| m.from() == p) {
                buttons.push(
                    Payload::Move {
                        game: row.id,
                        ply: row.ply,
                        index: i as u16,
                    }
                    .button(m.to_string()),
                );
            }
        }
    } else {
        let mut froms: Vec<Square> = moves.iter().map(Move::from).collect();
        froms.sort_by_key(|s| s.to_string());
        froms.dedup();
        for s in froms {
            buttons.push(
                Payload::Piece {
                    game: row.id,
                    ply: row.ply,
                    square: s.pdn(),
                }
                .button(s.to_string()),
            );
        }
    }
    let mut rows: Vec<Vec<Choice>> = buttons.chunks(4).map(<[Choice]>::to_vec).collect();
    if piece.is_some() {
        rows.push(vec![Payload::Pieces {
            game: row.id,
            ply: row.ply,
        }
        .button(back.to_string())]);
    }
    rows
}

fn outcome_key(o: &GameOutcome) -> &'static str {
    match o {
        GameOutcome::Win { reason, .. } => match reason {
            WinReason::NoLegalMoves => "no-moves",
            WinReason::Resignation => "resignation",
            WinReason::Timeout => "timeout",
        },
        GameOutcome::Draw { reason } => match reason {
            DrawReason::Agreement => "agreement",
            DrawReason::Repetition => "repetition",
            DrawReason::KingsOnly => "kings-only",
            DrawReason::LoneKing => "lone-king",
            DrawReason::LongDiagonal => "long-diagonal",
            DrawReason::BalanceUnchanged { .. } => "balance",
        },
    }
}

/// Glicko-2 update for a game between two people, in the chat and overall.
fn update_ratings(
    c: &Connection,
    chat_id: i64,
    white: i64,
    black: i64,
    winner: Option<Color>,
) -> Res<()> {
    use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    let outcome = match winner {
        Some(Color::White) => Outcomes::WIN,
        Some(Color::Black) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    for scope in [chat_id, 0] {
        let w = store::rating(c, white, scope)?;
        let b = store::rating(c, black, scope)?;
        let to = |r: &RatingRow| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let (nw, nb) = glicko2(&to(&w), &to(&b), &outcome, &Glicko2Config::new());
        let tally = |r: &RatingRow, n: Glicko2Rating, score: Option<bool>| RatingRow {
            rating: n.rating,
            deviation: n.deviation,
            volatility: n.volatility,
            games: r.games + 1,
            wins: r.wins + i64::from(score == Some(true)),
            draws: r.draws + i64::from(score.is_none()),
            losses: r.losses + i64::from(score == Some(false)),
        };
        let ws = winner.map(|c| c == Color::White);
        store::save_rating(c, white, scope, &tally(&w, nw, ws))?;
        store::save_rating(c, black, scope, &tally(&b, nb, ws.map(|x| !x)))?;
    }
    Ok(())
}

/// `YYYY.MM.DD` of a Unix time (PDN date format).
fn civil_date(unix: i64) -> String {
    let (year, month, day) = civil_from_unix(unix);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), "1970.01.01");
        assert_eq!(civil_date(1_795_000_000), "2026.11.18");
        assert_eq!(year_of(1_795_000_000), 2026);
        assert_eq!(year_of(1_767_225_599), 2025); // 2025-12-31 23:59:59
        assert_eq!(year_of(1_767_225_600), 2026);
    }
}
