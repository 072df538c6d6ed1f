//! Queries for puzzles (schema in `puzzles.sql`): the pack, attempts,
//! players' puzzle ratings and streaks, and the daily posting per chat.
//! Puzzles name their variant (v28): the packs, the daily rotation, a
//! player's rating, counts and streaks are each per variant; a chat's
//! daily post names the variant it posts (v29). An attempt keeps every
//! wrong try it counted (v30).

use super::StoreResult;
use super::Tx;
use super::{AttemptId, AttemptStatus, ChatId, PuzzleId, UserId};
use rusqlite::params;
use shashki_engine::Variant;

/// Glicko-2 start values.
pub const START_RATING: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;
pub const START_VOLATILITY: f64 = 0.06;

table_row! {
    #[derive(Debug, Clone, PartialEq)]
    pub struct PuzzleRow {
        pub id: PuzzleId,
        pub key: String = "puzzle_key",
        pub pdn: String,
        pub rating: f64,
        pub deviation: f64,
        pub volatility: f64,
        pub difficulty: i64,
        pub themes: String,
        pub attempts: i64,
        pub solved: i64,
        /// Its rules and board (v28; Russian before).
        pub variant: Variant => super::variant_at,
    }
}

const PUZZLE_COLS: &str = PuzzleRow::COLUMNS;

/// Add a puzzle of `variant` unless one with its key is stored; true when
/// added.
#[allow(clippy::too_many_arguments)]
pub fn insert_puzzle(
    c: &Tx,
    id: PuzzleId,
    variant: Variant,
    key: &str,
    pdn: &str,
    rating: f64,
    difficulty: i64,
    themes: &str,
) -> StoreResult<bool> {
    let n = c.exec("INSERT INTO puzzles (id, puzzle_key, pdn, rating, deviation, volatility, difficulty, themes, variant)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING", params![id, key, pdn, rating, START_DEVIATION, START_VOLATILITY, difficulty, themes, variant.key()])?;
    Ok(n == 1)
}

/// How many puzzles of `variant` are stored.
pub fn puzzle_count(c: &Tx, variant: Variant) -> StoreResult<i64> {
    c.row(
        "SELECT count(*) FROM puzzles WHERE variant = ?1",
        params![variant.key()],
        |r| r.get(0),
    )
}

pub fn puzzle(c: &Tx, id: PuzzleId) -> StoreResult<Option<PuzzleRow>> {
    c.one(
        &format!("SELECT {PUZZLE_COLS} FROM puzzles WHERE id = ?1"),
        params![id],
        PuzzleRow::from_row,
    )
}

/// The ids of `variant`'s puzzles in pack order (its daily rotation).
pub fn puzzle_ids(c: &Tx, variant: Variant) -> StoreResult<Vec<PuzzleId>> {
    let rows = c.all(
        "SELECT id FROM puzzles WHERE variant = ?1 ORDER BY id",
        params![variant.key()],
        |r| r.get(0),
    )?;
    Ok(rows)
}

/// Up to `n` puzzles of `variant` the user has never tried, nearest to
/// `rating` first.
pub fn puzzles_near(
    c: &Tx,
    user: UserId,
    variant: Variant,
    rating: f64,
    n: i64,
) -> StoreResult<Vec<PuzzleRow>> {
    let rows = c.all(&format!(
        "SELECT {PUZZLE_COLS} FROM puzzles p
         WHERE p.variant = ?4
           AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = ?1 AND a.puzzle_id = p.id)
         ORDER BY abs(p.rating - ?2), p.id LIMIT ?3"
    ), params![user, rating, n, variant.key()], PuzzleRow::from_row)?;
    Ok(rows)
}

/// The puzzle of `variant` tried longest ago by the user (when every one
/// has been tried).
pub fn puzzle_oldest_tried(
    c: &Tx,
    user: UserId,
    variant: Variant,
) -> StoreResult<Option<PuzzleRow>> {
    c.one(&format!(
            "SELECT {PUZZLE_COLS} FROM puzzles p WHERE p.variant = ?2 ORDER BY
             (SELECT max(a.started_at) FROM puzzle_attempts a WHERE a.user_id = ?1 AND a.puzzle_id = p.id) NULLS FIRST, p.id
             LIMIT 1"
        ), params![user, variant.key()], PuzzleRow::from_row)
}

pub fn save_puzzle_rating(
    c: &Tx,
    id: PuzzleId,
    rating: f64,
    deviation: f64,
    volatility: f64,
    solved: bool,
) -> StoreResult<()> {
    c.exec(
        "UPDATE puzzles SET rating = ?2, deviation = ?3, volatility = ?4,
         attempts = attempts + 1, solved = solved + ?5 WHERE id = ?1",
        params![id, rating, deviation, volatility, i64::from(solved)],
    )?;
    Ok(())
}

// ------------------------------------------------------------- attempts ----

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct AttemptRow {
        pub id: AttemptId,
        pub user_id: UserId,
        pub chat_id: ChatId,
        pub puzzle_id: PuzzleId,
        pub daily_day: Option<i64>,
        pub moves: String,
        pub wrong: i64,
        pub hints: i64,
        pub status: AttemptStatus,
        pub rated: bool,
        pub started_at: i64,
    }
}

/// A wrong try counted in an attempt: the go's step it was tried at (the
/// moves of the go before it) and its move, as the attempt's moves are
/// recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrongTry<'a> {
    pub step: i64,
    pub mv: &'a str,
}

const ATTEMPT_COLS: &str = AttemptRow::COLUMNS;

/// Whether the user has ever tried the puzzle (anywhere).
pub fn tried(c: &Tx, user: UserId, puzzle: PuzzleId) -> StoreResult<bool> {
    Ok(c.one(
        "SELECT 1 FROM puzzle_attempts WHERE user_id = ?1 AND puzzle_id = ?2 LIMIT 1",
        params![user, puzzle],
        |_| Ok(()),
    )?
    .is_some())
}

pub fn insert_attempt(
    c: &Tx,
    user: UserId,
    chat: ChatId,
    puzzle: PuzzleId,
    daily_day: Option<i64>,
    rated: bool,
    now: i64,
) -> StoreResult<AttemptId> {
    c.row("INSERT INTO puzzle_attempts (user_id, chat_id, puzzle_id, daily_day, status, rated, started_at)
         VALUES (?1, ?2, ?3, ?4, 'open', ?5, ?6) RETURNING id", params![user, chat, puzzle, daily_day, i64::from(rated), now], |r| r.get(0))
}

/// The user's open attempt in the chat, if any.
pub fn open_attempt(c: &Tx, user: UserId, chat: ChatId) -> StoreResult<Option<AttemptRow>> {
    c.one(
        &format!(
            "SELECT {ATTEMPT_COLS} FROM puzzle_attempts
             WHERE user_id = ?1 AND chat_id = ?2 AND status = 'open' ORDER BY id DESC LIMIT 1"
        ),
        params![user, chat],
        AttemptRow::from_row,
    )
}

/// The user's latest attempt (open or over) at `puzzle` in the chat, if
/// any: what the web board's puzzle page shows.
pub fn latest_attempt_at(
    c: &Tx,
    user: UserId,
    chat: ChatId,
    puzzle: PuzzleId,
) -> StoreResult<Option<AttemptRow>> {
    c.one(
        &format!(
            "SELECT {ATTEMPT_COLS} FROM puzzle_attempts
             WHERE user_id = ?1 AND chat_id = ?2 AND puzzle_id = ?3 ORDER BY id DESC LIMIT 1"
        ),
        params![user, chat, puzzle],
        AttemptRow::from_row,
    )
}

/// The variant of the user's latest puzzle attempt in the chat, if any.
pub fn latest_variant(c: &Tx, user: UserId, chat: ChatId) -> StoreResult<Option<Variant>> {
    c.one(
        "SELECT p.variant FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id
         WHERE a.user_id = ?1 AND a.chat_id = ?2 ORDER BY a.id DESC LIMIT 1",
        params![user, chat],
        |r| super::variant_at(r, 0),
    )
}

/// The user's attempt at a chat's daily puzzle of `variant` of `day`, if
/// any.
pub fn daily_attempt(
    c: &Tx,
    user: UserId,
    chat: ChatId,
    variant: Variant,
    day: i64,
) -> StoreResult<Option<AttemptRow>> {
    c.one(
        &format!(
            "SELECT {ATTEMPT_COLS} FROM puzzle_attempts
             WHERE user_id = ?1 AND chat_id = ?2 AND daily_day = ?3
               AND puzzle_id IN (SELECT id FROM puzzles WHERE variant = ?4)
             ORDER BY id DESC LIMIT 1"
        ),
        params![user, chat, day, variant.key()],
        AttemptRow::from_row,
    )
}

/// Record progress (moves so far, wrong tries, hints).
pub fn update_attempt(
    c: &Tx,
    id: AttemptId,
    moves: &str,
    wrong: i64,
    hints: i64,
) -> StoreResult<()> {
    c.exec(
        "UPDATE puzzle_attempts SET moves = ?2, wrong = ?3, hints = ?4 WHERE id = ?1",
        params![id, moves, wrong, hints],
    )?;
    Ok(())
}

/// Count a wrong try: `at` is kept among the attempt's wrong tries (v30,
/// `puzzle_wrong_tries`) and its count becomes `wrong` — unless `at` was
/// counted already, which changes nothing and returns false.
pub fn record_wrong(c: &Tx, id: AttemptId, wrong: i64, at: WrongTry) -> StoreResult<bool> {
    let new = c.exec(
        "INSERT INTO puzzle_wrong_tries (attempt_id, step, move) VALUES (?1, ?2, ?3)
         ON CONFLICT DO NOTHING",
        params![id, at.step, at.mv],
    )?;
    if new == 1 {
        c.exec(
            "UPDATE puzzle_attempts SET wrong = ?2 WHERE id = ?1",
            params![id, wrong],
        )?;
    }
    Ok(new == 1)
}

/// An attempt's wrong tries, in the order of their steps and moves.
pub fn wrong_tries(c: &Tx, id: AttemptId) -> StoreResult<Vec<(i64, String)>> {
    c.all(
        "SELECT step, move FROM puzzle_wrong_tries WHERE attempt_id = ?1 ORDER BY step, move",
        params![id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Close an open attempt as solved or failed; false when it was already
/// closed.
pub fn finish_attempt(c: &Tx, id: AttemptId, solved: bool, now: i64) -> StoreResult<bool> {
    let status = if solved {
        AttemptStatus::Solved
    } else {
        AttemptStatus::Failed
    };
    let n = c.exec("UPDATE puzzle_attempts SET status = ?2, finished_at = ?3 WHERE id = ?1 AND status = 'open'", params![id, status, now])?;
    Ok(n == 1)
}

// -------------------------------------------------------------- players ----

table_row! {
    #[derive(Debug, Clone, PartialEq)]
    pub struct PlayerRow {
        pub rating: f64,
        pub deviation: f64,
        pub volatility: f64,
        pub solved: i64,
        pub failed: i64,
        pub streak: i64,
        pub best_streak: i64,
    }
}

const PLAYER_COLS: &str = PlayerRow::COLUMNS;

impl Default for PlayerRow {
    fn default() -> Self {
        PlayerRow {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
            solved: 0,
            failed: 0,
            streak: 0,
            best_streak: 0,
        }
    }
}

/// A player's puzzle record in `variant` in a chat (0: overall); defaults
/// when new.
pub fn player(c: &Tx, user: UserId, chat: ChatId, variant: Variant) -> StoreResult<PlayerRow> {
    Ok(c.one(
        &format!(
            "SELECT {PLAYER_COLS} FROM puzzle_players
             WHERE user_id = ?1 AND chat_id = ?2 AND variant = ?3"
        ),
        params![user, chat, variant.key()],
        PlayerRow::from_row,
    )?
    .unwrap_or_default())
}

pub fn save_player(
    c: &Tx,
    user: UserId,
    chat: ChatId,
    variant: Variant,
    p: &PlayerRow,
) -> StoreResult<()> {
    c.exec("INSERT INTO puzzle_players (user_id, chat_id, rating, deviation, volatility, solved, failed, streak, best_streak, variant)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (user_id, chat_id, variant) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
           solved = ?6, failed = ?7, streak = ?8, best_streak = ?9", params![
            user,
            chat,
            p.rating,
            p.deviation,
            p.volatility,
            p.solved,
            p.failed,
            p.streak,
            p.best_streak,
            variant.key()
        ])?;
    Ok(())
}

/// The chat's puzzle leaderboard in `variant`: (name, record), best rating
/// first.
pub fn top_players(
    c: &Tx,
    chat: ChatId,
    variant: Variant,
    n: i64,
) -> StoreResult<Vec<(String, PlayerRow)>> {
    // the record's columns are the players' (users has none of those names)
    let rows = c.all(
        &format!(
            "SELECT u.name, {PLAYER_COLS}
         FROM puzzle_players p JOIN users u ON u.id = p.user_id
         WHERE p.chat_id = ?1 AND p.variant = ?3 AND p.solved + p.failed > 0
         ORDER BY p.rating DESC, p.solved DESC, u.id LIMIT ?2"
        ),
        params![chat, n, variant.key()],
        |r| Ok((r.get::<_, String>(0)?, PlayerRow::from_row_at(r, 1)?)),
    )?;
    Ok(rows)
}

// ---------------------------------------------------------------- daily ----

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct DailyRow {
        pub chat_id: ChatId,
        pub enabled: bool,
        pub minute: i64,
        pub tz_offset: i64,
        /// An IANA time zone (`Europe/Riga`); `None`: the fixed `tz_offset`.
        pub tz_name: Option<String>,
        pub next_at: Option<i64>,
        pub last_day: Option<i64>,
        pub last_puzzle: Option<PuzzleId>,
        /// The pack whose puzzle of the day is posted (v29; Russian
        /// before).
        pub variant: Variant => super::variant_at,
    }
}

const DAILY_COLS: &str = DailyRow::COLUMNS;

pub fn daily(c: &Tx, chat: ChatId) -> StoreResult<Option<DailyRow>> {
    c.one(
        &format!("SELECT {DAILY_COLS} FROM puzzle_daily WHERE chat_id = ?1"),
        params![chat],
        DailyRow::from_row,
    )
}

/// Set a chat's daily post: on or off, its local time, its zone, when it
/// is due next and the variant whose puzzle it posts.
#[allow(clippy::too_many_arguments)]
pub fn set_daily(
    c: &Tx,
    chat: ChatId,
    enabled: bool,
    minute: i64,
    tz_offset: i64,
    tz_name: Option<&str>,
    next_at: Option<i64>,
    variant: Variant,
) -> StoreResult<()> {
    c.exec(
        "INSERT INTO puzzle_daily (chat_id, enabled, minute, tz_offset, tz_name, next_at, variant)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (chat_id) DO UPDATE SET enabled = ?2, minute = ?3, tz_offset = ?4,
             tz_name = ?5, next_at = ?6, variant = ?7",
        params![
            chat,
            i64::from(enabled),
            minute,
            tz_offset,
            tz_name,
            next_at,
            variant.key()
        ],
    )?;
    Ok(())
}

/// Record a post; false when another worker posted it already.
pub fn mark_daily_posted(
    c: &Tx,
    chat: ChatId,
    due: i64,
    next_at: i64,
    day: i64,
    puzzle: PuzzleId,
) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE puzzle_daily SET next_at = ?3, last_day = ?4, last_puzzle = ?5
         WHERE chat_id = ?1 AND next_at = ?2",
        params![chat, due, next_at, day, puzzle],
    )?;
    Ok(n == 1)
}

/// Put a chat's due daily post off until `until` (its post failed): the
/// sweeper then does not wake for it again at once. Only while it is
/// still due at `now`; returns whether it was.
pub fn postpone_daily(c: &Tx, chat: ChatId, now: i64, until: i64) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE puzzle_daily SET next_at = ?3 WHERE chat_id = ?1 AND next_at <= ?2",
        params![chat, now, until],
    )?;
    Ok(n == 1)
}

/// Chats whose daily post is due, each with its row read on its own: a
/// row that does not read (an unknown stored variant: a typed error) is
/// its own chat's error, not every chat's.
pub fn dailies_due(c: &Tx, now: i64) -> StoreResult<Vec<(ChatId, StoreResult<DailyRow>)>> {
    let rows = c.all(
        &format!(
        "SELECT {DAILY_COLS} FROM puzzle_daily WHERE enabled = 1 AND next_at <= ?1 ORDER BY next_at"
    ),
        params![now],
        |r| {
            Ok((
                r.get(0)?,
                DailyRow::from_row(r).map_err(super::StoreError::from),
            ))
        },
    )?;
    Ok(rows)
}

/// The earliest pending daily post of a variant this build knows (a row
/// of another would be due for ever: the sweep skips it, see
/// [`dailies_due`]).
pub fn next_daily(c: &Tx) -> StoreResult<Option<i64>> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let known: Vec<String> = Variant::ALL
            .iter()
            .map(|v| format!("'{}'", v.key()))
            .collect();
        format!(
            "SELECT min(next_at) FROM puzzle_daily WHERE enabled = 1 AND variant IN ({})",
            known.join(", ")
        )
    });
    c.row(&SQL, params![], |r| r.get(0))
}
