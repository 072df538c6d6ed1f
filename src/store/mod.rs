//! SQLite storage: schema and migrations (rusqlite_migration), and the queries
//! the chat service runs. Every action of the service is one IMMEDIATE
//! transaction ([`Store::transaction`]); the query functions take a
//! `&Connection` so they run inside it.

use rusqlite::{params, Connection, OptionalExtension, Row, TransactionBehavior};
use rusqlite_migration::{Migrations, M};
use shashki_engine::Color;
use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

pub use rusqlite::Error as SqlError;

pub mod puzzles;

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(vec![
        M::up(include_str!("schema.sql")),
        M::up(include_str!("puzzles.sql")),
    ])
});

/// What can go wrong in the store.
#[derive(Debug)]
pub enum StoreError {
    Sql(rusqlite::Error),
    Migration(rusqlite_migration::Error),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Sql(e) => write!(f, "database error: {e}"),
            StoreError::Migration(e) => write!(f, "database migration failed: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sql(e)
    }
}

impl From<rusqlite_migration::Error> for StoreError {
    fn from(e: rusqlite_migration::Error) -> Self {
        StoreError::Migration(e)
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// One connection to the database file.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Open (creating if needed) and migrate the database at `path`: WAL
    /// journal, foreign keys on, full sync, a busy timeout so concurrent
    /// writers wait for each other instead of failing.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let conn = Connection::open(path)?;
        Store::setup(conn)
    }

    /// A private in-memory database (for tests and benchmarks).
    pub fn open_in_memory() -> StoreResult<Store> {
        Store::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> StoreResult<Store> {
        conn.busy_timeout(Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        MIGRATIONS.to_latest(&mut conn)?;
        Ok(Store { conn })
    }

    /// Run `f` in one IMMEDIATE transaction: committed if it returns `Ok`,
    /// rolled back otherwise.
    pub fn transaction<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&Connection) -> Result<T, E>,
    ) -> Result<T, E> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| E::from(e.into()))?;
        let value = f(&tx)?;
        tx.commit().map_err(|e| E::from(e.into()))?;
        Ok(value)
    }

    /// Read-only access outside a transaction.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }
}

/// Check the migrations (used by tests).
pub fn validate_migrations() -> Result<(), rusqlite_migration::Error> {
    MIGRATIONS.validate()
}

// ---------------------------------------------------------------- users ----

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRow {
    pub id: i64,
    pub platform: String,
    pub platform_user_id: String,
    pub name: String,
    pub handle: Option<String>,
    pub lang: Option<String>,
    pub vacation_year: i64,
    pub vacation_days: i64,
    pub vacation_until: i64,
}

const USER_COLS: &str = "id, platform, platform_user_id, name, handle, lang, vacation_year, vacation_days, vacation_until";

fn user_row(r: &Row) -> rusqlite::Result<UserRow> {
    Ok(UserRow {
        id: r.get(0)?,
        platform: r.get(1)?,
        platform_user_id: r.get(2)?,
        name: r.get(3)?,
        handle: r.get(4)?,
        lang: r.get(5)?,
        vacation_year: r.get(6)?,
        vacation_days: r.get(7)?,
        vacation_until: r.get(8)?,
    })
}

/// Insert or refresh a user seen on a platform; returns the stored row.
pub fn upsert_user(
    c: &Connection,
    platform: &str,
    platform_user_id: &str,
    name: &str,
    handle: Option<&str>,
    now: i64,
) -> StoreResult<UserRow> {
    c.execute(
        "INSERT INTO users (platform, platform_user_id, name, handle, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (platform, platform_user_id)
         DO UPDATE SET name = excluded.name, handle = excluded.handle",
        params![
            platform,
            platform_user_id,
            name,
            handle.map(str::to_lowercase),
            now
        ],
    )?;
    Ok(c.query_row(
        &format!("SELECT {USER_COLS} FROM users WHERE platform = ?1 AND platform_user_id = ?2"),
        params![platform, platform_user_id],
        user_row,
    )?)
}

pub fn user(c: &Connection, id: i64) -> StoreResult<Option<UserRow>> {
    Ok(c.query_row(
        &format!("SELECT {USER_COLS} FROM users WHERE id = ?1"),
        [id],
        user_row,
    )
    .optional()?)
}

pub fn user_by_handle(
    c: &Connection,
    platform: &str,
    handle: &str,
) -> StoreResult<Option<UserRow>> {
    Ok(c.query_row(
        &format!("SELECT {USER_COLS} FROM users WHERE platform = ?1 AND handle = ?2"),
        params![platform, handle.trim_start_matches('@').to_lowercase()],
        user_row,
    )
    .optional()?)
}

pub fn set_user_lang(c: &Connection, id: i64, lang: &str) -> StoreResult<()> {
    c.execute(
        "UPDATE users SET lang = ?2 WHERE id = ?1",
        params![id, lang],
    )?;
    Ok(())
}

pub fn set_vacation(
    c: &Connection,
    id: i64,
    year: i64,
    days_used: i64,
    until: i64,
) -> StoreResult<()> {
    c.execute(
        "UPDATE users SET vacation_year = ?2, vacation_days = ?3, vacation_until = ?4 WHERE id = ?1",
        params![id, year, days_used, until],
    )?;
    Ok(())
}

// ---------------------------------------------------------------- chats ----

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRow {
    pub id: i64,
    pub platform: String,
    pub platform_chat_id: String,
    pub title: Option<String>,
    pub is_private: bool,
    pub lang: Option<String>,
    pub theme: Option<String>,
    pub orientation: Option<String>,
    pub days_per_move: Option<i64>,
}

const CHAT_COLS: &str =
    "id, platform, platform_chat_id, title, is_private, lang, theme, orientation, days_per_move";

fn chat_row(r: &Row) -> rusqlite::Result<ChatRow> {
    Ok(ChatRow {
        id: r.get(0)?,
        platform: r.get(1)?,
        platform_chat_id: r.get(2)?,
        title: r.get(3)?,
        is_private: r.get(4)?,
        lang: r.get(5)?,
        theme: r.get(6)?,
        orientation: r.get(7)?,
        days_per_move: r.get(8)?,
    })
}

pub fn upsert_chat(
    c: &Connection,
    platform: &str,
    platform_chat_id: &str,
    title: Option<&str>,
    is_private: bool,
    now: i64,
) -> StoreResult<ChatRow> {
    c.execute(
        "INSERT INTO chats (platform, platform_chat_id, title, is_private, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (platform, platform_chat_id)
         DO UPDATE SET title = COALESCE(excluded.title, title)",
        params![platform, platform_chat_id, title, is_private, now],
    )?;
    Ok(c.query_row(
        &format!("SELECT {CHAT_COLS} FROM chats WHERE platform = ?1 AND platform_chat_id = ?2"),
        params![platform, platform_chat_id],
        chat_row,
    )?)
}

pub fn chat(c: &Connection, id: i64) -> StoreResult<Option<ChatRow>> {
    Ok(c.query_row(
        &format!("SELECT {CHAT_COLS} FROM chats WHERE id = ?1"),
        [id],
        chat_row,
    )
    .optional()?)
}

/// Change one chat setting column (`lang`, `theme`, `orientation`, `days_per_move`).
pub fn set_chat_setting(
    c: &Connection,
    id: i64,
    column: ChatSetting,
    value: Option<&str>,
) -> StoreResult<()> {
    let col = match column {
        ChatSetting::Lang => "lang",
        ChatSetting::Theme => "theme",
        ChatSetting::Orientation => "orientation",
        ChatSetting::DaysPerMove => "days_per_move",
    };
    c.execute(
        &format!("UPDATE chats SET {col} = ?2 WHERE id = ?1"),
        params![id, value],
    )?;
    Ok(())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatSetting {
    Lang,
    Theme,
    Orientation,
    DaysPerMove,
}

// ---------------------------------------------------------------- games ----

/// Who plays a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Human(i64),
    Ai(u8),
}

impl Seat {
    pub fn user_id(self) -> Option<i64> {
        match self {
            Seat::Human(id) => Some(id),
            Seat::Ai(_) => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: i64,
    pub chat_id: i64,
    pub variant: String,
    pub white: Seat,
    pub black: Seat,
    pub status: String,
    pub result: Option<String>,
    pub result_reason: Option<String>,
    pub start_fen: String,
    pub fen: String,
    pub ply: i64,
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
    pub reminded: bool,
    pub draw_offer: Option<Color>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl GameRow {
    pub fn seat(&self, c: Color) -> Seat {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The colour `user` plays, if they play in this game.
    pub fn color_of(&self, user: i64) -> Option<Color> {
        if self.white == Seat::Human(user) {
            Some(Color::White)
        } else if self.black == Seat::Human(user) {
            Some(Color::Black)
        } else {
            None
        }
    }

    pub fn is_active(&self) -> bool {
        self.status == "active"
    }
}

const GAME_COLS: &str = "id, chat_id, variant, white_user, white_ai, black_user, black_ai, status, result, result_reason, start_fen, fen, ply, seconds_per_move, deadline, reminder_at, reminded, draw_offer, created_at, updated_at";

fn seat(user: Option<i64>, ai: Option<i64>) -> Seat {
    match (user, ai) {
        (Some(u), _) => Seat::Human(u),
        (None, Some(l)) => Seat::Ai(l.clamp(1, 8) as u8),
        (None, None) => Seat::Ai(1),
    }
}

fn color_text(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

fn game_row(r: &Row) -> rusqlite::Result<GameRow> {
    let offer: Option<String> = r.get(17)?;
    Ok(GameRow {
        id: r.get(0)?,
        chat_id: r.get(1)?,
        variant: r.get(2)?,
        white: seat(r.get(3)?, r.get(4)?),
        black: seat(r.get(5)?, r.get(6)?),
        status: r.get(7)?,
        result: r.get(8)?,
        result_reason: r.get(9)?,
        start_fen: r.get(10)?,
        fen: r.get(11)?,
        ply: r.get(12)?,
        seconds_per_move: r.get(13)?,
        deadline: r.get(14)?,
        reminder_at: r.get(15)?,
        reminded: r.get(16)?,
        draw_offer: offer.as_deref().and_then(parse_color),
        created_at: r.get(18)?,
        updated_at: r.get(19)?,
    })
}

/// A game to create.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub chat_id: i64,
    pub variant: String,
    pub white: Seat,
    pub black: Seat,
    pub start_fen: String,
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
}

pub fn insert_game(c: &Connection, g: &NewGame, now: i64) -> StoreResult<i64> {
    let (wu, wa) = match g.white {
        Seat::Human(u) => (Some(u), None),
        Seat::Ai(l) => (None, Some(l as i64)),
    };
    let (bu, ba) = match g.black {
        Seat::Human(u) => (Some(u), None),
        Seat::Ai(l) => (None, Some(l as i64)),
    };
    c.execute(
        "INSERT INTO games (chat_id, variant, white_user, white_ai, black_user, black_ai, status,
                            start_fen, fen, ply, seconds_per_move, deadline, reminder_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'active', ?7, ?7, 0, ?8, ?9, ?10, ?11, ?11)",
        params![g.chat_id, g.variant, wu, wa, bu, ba, g.start_fen, g.seconds_per_move, g.deadline, g.reminder_at, now],
    )?;
    Ok(c.last_insert_rowid())
}

pub fn game(c: &Connection, id: i64) -> StoreResult<Option<GameRow>> {
    Ok(c.query_row(
        &format!("SELECT {GAME_COLS} FROM games WHERE id = ?1"),
        [id],
        game_row,
    )
    .optional()?)
}

fn games_where(
    c: &Connection,
    clause: &str,
    p: impl rusqlite::Params,
) -> StoreResult<Vec<GameRow>> {
    let mut st = c.prepare(&format!(
        "SELECT {GAME_COLS} FROM games WHERE {clause} ORDER BY id"
    ))?;
    let rows = st.query_map(p, game_row)?.collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Active games `user` plays in, in any chat.
pub fn active_games_of(c: &Connection, user: i64) -> StoreResult<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND (white_user = ?1 OR black_user = ?1)",
        [user],
    )
}

/// Active games in a chat.
pub fn active_games_in_chat(c: &Connection, chat_id: i64) -> StoreResult<Vec<GameRow>> {
    games_where(c, "status = 'active' AND chat_id = ?1", [chat_id])
}

/// Active games with a reminder or a deadline due at `now`.
pub fn games_due(c: &Connection, now: i64) -> StoreResult<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND ((deadline IS NOT NULL AND deadline <= ?1)
                              OR (reminded = 0 AND reminder_at IS NOT NULL AND reminder_at <= ?1))",
        [now],
    )
}

/// The moves of a game, in order: (ply, notation).
pub fn game_moves(c: &Connection, game_id: i64) -> StoreResult<Vec<String>> {
    let mut st = c.prepare("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let rows = st
        .query_map([game_id], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(rows)
}

/// Record a move and the new state, only if the game is still at `ply`.
/// Returns false (and writes nothing) when another move got there first.
#[allow(clippy::too_many_arguments)]
pub fn record_move(
    c: &Connection,
    game_id: i64,
    ply: i64,
    notation: &str,
    fen_after: &str,
    user: Option<i64>,
    deadline: Option<i64>,
    reminder_at: Option<i64>,
    now: i64,
) -> StoreResult<bool> {
    let changed = c.execute(
        "UPDATE games SET fen = ?3, ply = ply + 1, deadline = ?4, reminder_at = ?5, reminded = 0,
                          draw_offer = NULL, updated_at = ?6
         WHERE id = ?1 AND ply = ?2 AND status = 'active'",
        params![game_id, ply, fen_after, deadline, reminder_at, now],
    )?;
    if changed != 1 {
        return Ok(false);
    }
    c.execute(
        "INSERT INTO moves (game_id, ply, notation, fen_after, user_id, played_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game_id, ply + 1, notation, fen_after, user, now],
    )?;
    Ok(true)
}

pub fn finish_game(
    c: &Connection,
    game_id: i64,
    result: &str,
    reason: &str,
    now: i64,
) -> StoreResult<bool> {
    let n = c.execute(
        "UPDATE games SET status = 'finished', result = ?2, result_reason = ?3, deadline = NULL,
                          reminder_at = NULL, draw_offer = NULL, updated_at = ?4, finished_at = ?4
         WHERE id = ?1 AND status = 'active'",
        params![game_id, result, reason, now],
    )?;
    Ok(n == 1)
}

pub fn set_draw_offer(c: &Connection, game_id: i64, by: Option<Color>) -> StoreResult<()> {
    c.execute(
        "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
        params![game_id, by.map(color_text)],
    )?;
    Ok(())
}

pub fn mark_reminded(c: &Connection, game_id: i64) -> StoreResult<()> {
    c.execute("UPDATE games SET reminded = 1 WHERE id = ?1", [game_id])?;
    Ok(())
}

/// Move a game's deadline and reminder by `secs` (vacations).
pub fn shift_game_clock(c: &Connection, game_id: i64, secs: i64) -> StoreResult<()> {
    c.execute(
        "UPDATE games SET deadline = deadline + ?2, reminder_at = reminder_at + ?2 WHERE id = ?1",
        params![game_id, secs],
    )?;
    Ok(())
}

/// Move every pending deadline, reminder and challenge expiry by `secs`
/// (after the service was down).
pub fn extend_all_deadlines(c: &Connection, secs: i64) -> StoreResult<usize> {
    let n = c.execute(
        "UPDATE games SET deadline = deadline + ?1, reminder_at = reminder_at + ?1
         WHERE status = 'active' AND deadline IS NOT NULL",
        [secs],
    )?;
    c.execute(
        "UPDATE challenges SET expires_at = expires_at + ?1 WHERE status = 'open'",
        [secs],
    )?;
    Ok(n)
}

/// The earliest pending deadline, reminder or challenge expiry.
pub fn next_wakeup(c: &Connection) -> StoreResult<Option<i64>> {
    Ok(c.query_row(
        "SELECT MIN(t) FROM (
            SELECT deadline AS t FROM games WHERE status = 'active' AND deadline IS NOT NULL
            UNION ALL SELECT reminder_at FROM games WHERE status = 'active' AND reminded = 0 AND reminder_at IS NOT NULL
            UNION ALL SELECT expires_at FROM challenges WHERE status = 'open')",
        [],
        |r| r.get(0),
    )?)
}

// ----------------------------------------------------------- challenges ----

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: i64,
    pub chat_id: i64,
    pub from_user: i64,
    pub to_user: Option<i64>,
    pub to_handle: Option<String>,
    pub color: String,
    pub seconds_per_move: Option<i64>,
    pub status: String,
    pub game_id: Option<i64>,
    pub created_at: i64,
    pub expires_at: i64,
}

const CHALLENGE_COLS: &str = "id, chat_id, from_user, to_user, to_handle, color, seconds_per_move, status, game_id, created_at, expires_at";

fn challenge_row(r: &Row) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.get(0)?,
        chat_id: r.get(1)?,
        from_user: r.get(2)?,
        to_user: r.get(3)?,
        to_handle: r.get(4)?,
        color: r.get(5)?,
        seconds_per_move: r.get(6)?,
        status: r.get(7)?,
        game_id: r.get(8)?,
        created_at: r.get(9)?,
        expires_at: r.get(10)?,
    })
}

#[allow(clippy::too_many_arguments)]
pub fn insert_challenge(
    c: &Connection,
    chat_id: i64,
    from_user: i64,
    to_user: Option<i64>,
    to_handle: Option<&str>,
    color: &str,
    seconds_per_move: Option<i64>,
    now: i64,
    expires_at: i64,
) -> StoreResult<i64> {
    c.execute(
        "INSERT INTO challenges (chat_id, from_user, to_user, to_handle, color, seconds_per_move, status, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'open', ?7, ?8)",
        params![chat_id, from_user, to_user, to_handle, color, seconds_per_move, now, expires_at],
    )?;
    Ok(c.last_insert_rowid())
}

pub fn challenge(c: &Connection, id: i64) -> StoreResult<Option<ChallengeRow>> {
    Ok(c.query_row(
        &format!("SELECT {CHALLENGE_COLS} FROM challenges WHERE id = ?1"),
        [id],
        challenge_row,
    )
    .optional()?)
}

/// Open challenges in a chat that `user` could accept (open to anyone or
/// addressed to them), newest first.
pub fn open_challenges_for(
    c: &Connection,
    chat_id: i64,
    user: &UserRow,
) -> StoreResult<Vec<ChallengeRow>> {
    let mut st = c.prepare(&format!(
        "SELECT {CHALLENGE_COLS} FROM challenges
         WHERE chat_id = ?1 AND status = 'open' AND from_user <> ?2
           AND ((to_user IS NULL AND to_handle IS NULL) OR to_user = ?2 OR to_handle = ?3)
         ORDER BY id DESC"
    ))?;
    let rows = st
        .query_map(params![chat_id, user.id, user.handle], challenge_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Set a challenge's status if it is still open. Returns whether it was.
pub fn close_challenge(
    c: &Connection,
    id: i64,
    status: &str,
    game_id: Option<i64>,
) -> StoreResult<bool> {
    let n = c.execute(
        "UPDATE challenges SET status = ?2, game_id = ?3 WHERE id = ?1 AND status = 'open'",
        params![id, status, game_id],
    )?;
    Ok(n == 1)
}

/// Open challenges whose time ran out.
pub fn challenges_expired(c: &Connection, now: i64) -> StoreResult<Vec<ChallengeRow>> {
    let mut st = c.prepare(&format!(
        "SELECT {CHALLENGE_COLS} FROM challenges WHERE status = 'open' AND expires_at <= ?1 ORDER BY id"
    ))?;
    let rows = st
        .query_map([now], challenge_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

// -------------------------------------------------------------- updates ----

/// Remember a platform update. Returns false if it was seen before.
pub fn mark_update(c: &Connection, platform: &str, update_id: &str, now: i64) -> StoreResult<bool> {
    let n = c.execute(
        "INSERT OR IGNORE INTO processed_updates (platform, update_id, processed_at) VALUES (?1, ?2, ?3)",
        params![platform, update_id, now],
    )?;
    Ok(n == 1)
}

// -------------------------------------------------------------- ratings ----

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRow {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl Default for RatingRow {
    fn default() -> Self {
        RatingRow {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }
}

pub fn rating(c: &Connection, user: i64, chat_id: i64) -> StoreResult<RatingRow> {
    Ok(c.query_row(
        "SELECT rating, deviation, volatility, games, wins, draws, losses FROM ratings WHERE user_id = ?1 AND chat_id = ?2",
        params![user, chat_id],
        |r| {
            Ok(RatingRow {
                rating: r.get(0)?,
                deviation: r.get(1)?,
                volatility: r.get(2)?,
                games: r.get(3)?,
                wins: r.get(4)?,
                draws: r.get(5)?,
                losses: r.get(6)?,
            })
        },
    )
    .optional()?
    .unwrap_or_default())
}

pub fn save_rating(c: &Connection, user: i64, chat_id: i64, r: &RatingRow) -> StoreResult<()> {
    c.execute(
        "INSERT INTO ratings (user_id, chat_id, rating, deviation, volatility, games, wins, draws, losses)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (user_id, chat_id) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
             games = ?6, wins = ?7, draws = ?8, losses = ?9",
        params![user, chat_id, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses],
    )?;
    Ok(())
}

/// The rating table of a chat (chat_id 0: overall), best first.
pub fn top_ratings(
    c: &Connection,
    chat_id: i64,
    limit: usize,
) -> StoreResult<Vec<(UserRow, RatingRow)>> {
    let mut st = c.prepare(
        "SELECT user_id, rating, deviation, volatility, games, wins, draws, losses FROM ratings
         WHERE chat_id = ?1 ORDER BY rating DESC LIMIT ?2",
    )?;
    let rows: Vec<(i64, RatingRow)> = st
        .query_map(params![chat_id, limit as i64], |r| {
            Ok((
                r.get(0)?,
                RatingRow {
                    rating: r.get(1)?,
                    deviation: r.get(2)?,
                    volatility: r.get(3)?,
                    games: r.get(4)?,
                    wins: r.get(5)?,
                    draws: r.get(6)?,
                    losses: r.get(7)?,
                },
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::with_capacity(rows.len());
    for (uid, r) in rows {
        if let Some(u) = user(c, uid)? {
            out.push((u, r));
        }
    }
    Ok(out)
}

// ------------------------------------------------------------- settings ----

pub fn get_setting(c: &Connection, key: &str) -> StoreResult<Option<String>> {
    Ok(
        c.query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| {
            r.get(0)
        })
        .optional()?,
    )
}

pub fn set_setting(c: &Connection, key: &str, value: &str) -> StoreResult<()> {
    c.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2",
        params![key, value],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_schema_works() {
        validate_migrations().unwrap();
        let mut s = Store::open_in_memory().unwrap();
        let (a, chat) = s
            .transaction(|c| -> StoreResult<_> {
                let a = upsert_user(c, "console", "anna", "Anna", Some("Anna"), 10)?;
                let chat = upsert_chat(c, "console", "main", Some("Main"), false, 10)?;
                Ok((a, chat))
            })
            .unwrap();
        assert_eq!(a.handle.as_deref(), Some("anna"));
        let found = user_by_handle(s.conn(), "console", "@ANNA")
            .unwrap()
            .unwrap();
        assert_eq!(found.id, a.id);
        let g = NewGame {
            chat_id: chat.id,
            variant: "russian".into(),
            white: Seat::Human(a.id),
            black: Seat::Ai(3),
            start_fen: "W:W21-32:B1-12".into(),
            seconds_per_move: Some(86400),
            deadline: Some(100),
            reminder_at: Some(80),
        };
        let id = s.transaction(|c| insert_game(c, &g, 10)).unwrap();
        // a move at the wrong ply writes nothing
        assert!(!record_move(s.conn(), id, 5, "c3-d4", "B:x", Some(a.id), None, None, 11).unwrap());
        assert!(record_move(s.conn(), id, 0, "c3-d4", "B:x", Some(a.id), None, None, 11).unwrap());
        assert!(!record_move(s.conn(), id, 0, "c3-d4", "B:x", Some(a.id), None, None, 11).unwrap());
        let row = game(s.conn(), id).unwrap().unwrap();
        assert_eq!(row.ply, 1);
        assert_eq!(row.black, Seat::Ai(3));
        assert_eq!(game_moves(s.conn(), id).unwrap(), vec!["c3-d4".to_string()]);
        assert!(mark_update(s.conn(), "console", "u1", 1).unwrap());
        assert!(!mark_update(s.conn(), "console", "u1", 2).unwrap());
        // both seats must be exactly one of human or AI
        let bad = s.conn().execute(
            "INSERT INTO games (chat_id, status, start_fen, fen, created_at, updated_at) VALUES (?1, 'active', 'x', 'x', 0, 0)",
            [chat.id],
        );
        assert!(bad.is_err());
    }
}
