//! Games, their moves, clocks and results.

use super::ChatId;
use super::GameId;
use super::Ply;
use super::Row;
use super::Tx;
use super::UserId;
use super::{GameResult, GameStatus, StoreResult, Termination};
use rusqlite::params;
use shashki_engine::{Color, Variant};

/// Who plays a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Human(UserId),
    Ai(u8),
}

impl Seat {
    pub fn user_id(self) -> Option<UserId> {
        match self {
            Seat::Human(id) => Some(id),
            Seat::Ai(_) => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    pub chat_id: ChatId,
    pub variant: Variant,
    pub white: Seat,
    pub black: Seat,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub result_reason: Option<Termination>,
    pub start_fen: String,
    pub fen: String,
    pub ply: Ply,
    pub seconds_per_move: Option<i64>,
    /// When the side to move loses on time.
    pub deadline: Option<i64>,
    /// When the next reminder of this move is due (None: none left).
    pub reminder_at: Option<i64>,
    /// How many reminders of this move were sent.
    pub reminders_sent: i64,
    pub draw_offer: Option<Color>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Bank time (a tournament's `bank MOVES/DAYS`): White's and Black's
    /// seconds left when their turn starts; None: days per move.
    pub white_bank: Option<i64>,
    pub black_bank: Option<i64>,
    /// A casual game between people (schema v16): no ratings, takebacks by
    /// agreement. See [`GameRow::is_casual`] (the AI's games count too).
    pub casual: bool,
    /// The thread the game is played in (schema v15: a Telegram forum
    /// topic, a Discord thread); None: the chat itself.
    pub thread: Option<String>,
}

impl GameRow {
    /// Whether the game leaves the ratings alone and allows takebacks:
    /// played as casual, or against the AI. (A tournament's games are
    /// never casual in this sense; a casual tournament's games are unrated
    /// by their tournament.)
    pub fn is_casual(&self) -> bool {
        self.casual || matches!(self.white, Seat::Ai(_)) || matches!(self.black, Seat::Ai(_))
    }

    pub fn seat(&self, c: Color) -> Seat {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The colour `user` plays, if they play in this game.
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        if self.white == Seat::Human(user) {
            Some(Color::White)
        } else if self.black == Seat::Human(user) {
            Some(Color::Black)
        } else {
            None
        }
    }

    pub fn is_active(&self) -> bool {
        self.status == GameStatus::Active
    }

    /// The bank time of a colour (seconds left when its turn starts), if
    /// the game is played on a bank.
    pub fn bank(&self, c: Color) -> Option<i64> {
        match c {
            Color::White => self.white_bank,
            Color::Black => self.black_bank,
        }
    }

    /// The time the side to move has for this move in all (its bank, or
    /// the time per move), not counting pauses.
    pub fn time_for_move(&self) -> Option<i64> {
        match self.side_to_move() {
            Some(c) if self.bank(c).is_some() => self.bank(c),
            _ => self.seconds_per_move,
        }
    }

    /// The colour to move, from the stored position (no replay needed).
    pub fn side_to_move(&self) -> Option<Color> {
        match self.fen.trim_start().as_bytes().first() {
            Some(b'W' | b'w') => Some(Color::White),
            Some(b'B' | b'b') => Some(Color::Black),
            _ => None,
        }
    }
}

const GAME_COLS: &str = "id, chat_id, variant, white_user, white_ai, black_user, black_ai, status, result, result_reason, start_fen, fen, ply, seconds_per_move, deadline, reminder_at, reminders_sent, draw_offer, created_at, updated_at, white_bank, black_bank, casual, thread";

fn seat(user: Option<UserId>, ai: Option<i64>) -> Seat {
    match (user, ai) {
        (Some(u), _) => Seat::Human(u),
        (None, Some(l)) => Seat::Ai(l.clamp(1, 8) as u8),
        (None, None) => Seat::Ai(1),
    }
}

/// The colour in column `i` that offered a draw (NULL: none): an unknown
/// word is a typed error, never "no offer".
fn draw_offer_at(r: &Row, i: usize) -> rusqlite::Result<Option<Color>> {
    let word: Option<String> = r.get(i)?;
    word.map(|word| {
        super::parse_color_word(&word).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(
                i,
                rusqlite::types::Type::Text,
                Box::new(super::UnknownWord {
                    kind: "colour",
                    word,
                }),
            )
        })
    })
    .transpose()
}

fn game_row(r: &Row) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        chat_id: r.get(1)?,
        variant: super::variant_at(r, 2)?,
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
        reminders_sent: r.get(16)?,
        draw_offer: draw_offer_at(r, 17)?,
        created_at: r.get(18)?,
        updated_at: r.get(19)?,
        white_bank: r.get(20)?,
        black_bank: r.get(21)?,
        casual: r.get(22)?,
        thread: r.get(23)?,
    })
}

/// A game to create.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub chat_id: ChatId,
    pub variant: Variant,
    pub white: Seat,
    pub black: Seat,
    pub start_fen: String,
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
    /// Bank time: each side's seconds at the start (None: days per move).
    pub bank: Option<i64>,
    /// A casual game between people (no ratings).
    pub casual: bool,
}

pub fn insert_game(c: &Tx, g: &NewGame, now: i64) -> StoreResult<GameId> {
    let (wu, wa) = match g.white {
        Seat::Human(u) => (Some(u), None),
        Seat::Ai(l) => (None, Some(l as i64)),
    };
    let (bu, ba) = match g.black {
        Seat::Human(u) => (Some(u), None),
        Seat::Ai(l) => (None, Some(l as i64)),
    };
    c.row("INSERT INTO games (chat_id, variant, white_user, white_ai, black_user, black_ai, status,
                            start_fen, fen, ply, seconds_per_move, deadline, reminder_at, created_at, updated_at,
                            white_bank, black_bank, casual)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'active', ?7, ?7, 0, ?8, ?9, ?10, ?11, ?11, ?12, ?12, ?13)
         RETURNING id", params![g.chat_id, g.variant.key(), wu, wa, bu, ba, g.start_fen, g.seconds_per_move, g.deadline, g.reminder_at, now, g.bank, g.casual], |r| r.get(0))
}

pub fn game(c: &Tx, id: GameId) -> StoreResult<Option<GameRow>> {
    c.one(
        &format!("SELECT {GAME_COLS} FROM games WHERE id = ?1"),
        params![id],
        game_row,
    )
}

fn games_where(c: &Tx, clause: &str, p: &[&dyn rusqlite::ToSql]) -> StoreResult<Vec<GameRow>> {
    let rows = c.all(
        &format!("SELECT {GAME_COLS} FROM games WHERE {clause} ORDER BY id"),
        p,
        game_row,
    )?;
    Ok(rows)
}

/// Active games `user` plays in, in any chat.
pub fn active_games_of(c: &Tx, user: UserId) -> StoreResult<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND (white_user = ?1 OR black_user = ?1)",
        params![user],
    )
}

/// Active games `user` plays in this chat.
pub fn active_games_of_in(c: &Tx, user: UserId, chat_id: ChatId) -> StoreResult<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND chat_id = ?2 AND (white_user = ?1 OR black_user = ?1)",
        params![user, chat_id],
    )
}

/// The game of this chat that ended last, if any.
pub fn last_finished_game_in_chat(c: &Tx, chat_id: ChatId) -> StoreResult<Option<GameRow>> {
    c.one(
        &format!(
            "SELECT {GAME_COLS} FROM games WHERE status = 'finished' AND chat_id = ?1
             ORDER BY finished_at DESC, id DESC LIMIT 1"
        ),
        params![chat_id],
        game_row,
    )
}

/// Active games in a chat.
pub fn active_games_in_chat(c: &Tx, chat_id: ChatId) -> StoreResult<Vec<GameRow>> {
    games_where(c, "status = 'active' AND chat_id = ?1", params![chat_id])
}

/// Active games with a reminder or a deadline due at `now`.
pub fn games_due(c: &Tx, now: i64) -> StoreResult<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND ((deadline IS NOT NULL AND deadline <= ?1)
                              OR (reminder_at IS NOT NULL AND reminder_at <= ?1))",
        params![now],
    )
}

/// The moves of a game, in order: (ply, notation).
pub fn game_moves(c: &Tx, game_id: GameId) -> StoreResult<Vec<String>> {
    let rows = c.all(
        "SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply",
        params![game_id],
        |r| r.get(0),
    )?;
    Ok(rows)
}

/// What playing a game needs besides its row, read with its moves: each
/// player's leave in the game's tournament (0: none, or no tournament) and
/// whether the game has conditional lines (`/if`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameFacts {
    pub white_leave: i64,
    pub black_leave: i64,
    /// Some player has conditional lines in the game (when false, there is
    /// nothing to read until one is added).
    pub conditionals: bool,
}

impl GameFacts {
    /// Until when `user`, a player of `row`, is on leave (as
    /// [`super::leave_until_in_game`]).
    pub fn leave_of(&self, row: &GameRow, user: UserId) -> i64 {
        if row.white == Seat::Human(user) {
            self.white_leave
        } else if row.black == Seat::Human(user) {
            self.black_leave
        } else {
            0
        }
    }
}

/// The moves, in order, and the facts of the game in `games` (columns of a
/// read of one game row).
const HISTORY_COLS: &str = "(SELECT string_agg(m.notation, ' ' ORDER BY m.ply) FROM moves m
                             WHERE m.game_id = games.id),
         COALESCE((SELECT tp.leave_until FROM tournament_games tg
                   JOIN tournament_players tp ON tp.tournament_id = tg.tournament_id
                                             AND tp.user_id = games.white_user
                   WHERE tg.game_id = games.id), 0),
         COALESCE((SELECT tp.leave_until FROM tournament_games tg
                   JOIN tournament_players tp ON tp.tournament_id = tg.tournament_id
                                             AND tp.user_id = games.black_user
                   WHERE tg.game_id = games.id), 0),
         EXISTS (SELECT 1 FROM conditionals c WHERE c.game_id = games.id)";

/// [`HISTORY_COLS`] read from column `at` on (a move's notation has no
/// space: `c3-d4`, `c3:e5:g3`).
fn history_at(r: &Row, at: usize) -> rusqlite::Result<(Vec<String>, GameFacts)> {
    let moves: Option<String> = r.get(at)?;
    let moves = moves
        .map(|m| m.split(' ').map(str::to_string).collect())
        .unwrap_or_default();
    let facts = GameFacts {
        white_leave: r.get(at + 1)?,
        black_leave: r.get(at + 2)?,
        conditionals: r.get(at + 3)?,
    };
    Ok((moves, facts))
}

/// A game, its moves in order and its [`GameFacts`], in one read (a move
/// named by its game or pressed on its board: the game is replayed from
/// them).
pub fn game_with_moves(
    c: &Tx,
    id: GameId,
) -> StoreResult<Option<(GameRow, Vec<String>, GameFacts)>> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!("SELECT {GAME_COLS}, {HISTORY_COLS} FROM games WHERE id = ?1")
    });
    let cols = GAME_COLS.split(", ").count();
    c.one(&SQL, params![id], |r| {
        let (moves, facts) = history_at(r, cols)?;
        Ok((game_row(r)?, moves, facts))
    })
}

/// A game's moves in order and its [`GameFacts`], in one read (None: no
/// such game).
pub fn game_history(c: &Tx, id: GameId) -> StoreResult<Option<(Vec<String>, GameFacts)>> {
    static SQL: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| format!("SELECT {HISTORY_COLS} FROM games WHERE id = ?1"));
    c.one(&SQL, params![id], |r| history_at(r, 0))
}

/// A game's clock after a move: the next deadline and first reminder of
/// the side to move, and both banks (unchanged when the game has none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NextClock {
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
    pub white_bank: Option<i64>,
    pub black_bank: Option<i64>,
}

/// Record a move and the new state, only if the game is still at `ply`.
/// Returns false (and writes nothing) when another move got there first.
#[allow(clippy::too_many_arguments)]
pub fn record_move(
    c: &Tx,
    game_id: GameId,
    ply: Ply,
    notation: &str,
    fen_after: &str,
    user: Option<UserId>,
    clock: &NextClock,
    now: i64,
) -> StoreResult<bool> {
    Ok(play_move(c, game_id, ply, notation, fen_after, user, clock, now)?.is_some())
}

/// [`record_move`], and the game's row after it (None: nothing written,
/// the game moved on or ended).
#[allow(clippy::too_many_arguments)] // as record_move
pub fn play_move(
    c: &Tx,
    game_id: GameId,
    ply: Ply,
    notation: &str,
    fen_after: &str,
    user: Option<UserId>,
    clock: &NextClock,
    now: i64,
) -> StoreResult<Option<GameRow>> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "UPDATE games SET fen = ?3, ply = ply + 1, deadline = ?4, reminder_at = ?5, reminders_sent = 0,
                              draw_offer = NULL, updated_at = ?6, white_bank = ?7, black_bank = ?8
             WHERE id = ?1 AND ply = ?2 AND status = 'active'
             RETURNING {GAME_COLS}"
        )
    });
    let row = c.one(
        &SQL,
        params![
            game_id,
            ply,
            fen_after,
            clock.deadline,
            clock.reminder_at,
            now,
            clock.white_bank,
            clock.black_bank
        ],
        game_row,
    )?;
    if row.is_none() {
        return Ok(None);
    }
    c.exec(
        "INSERT INTO moves (game_id, ply, notation, fen_after, user_id, played_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game_id, ply.next(), notation, fen_after, user, now],
    )?;
    Ok(row)
}

/// Take a game at `ply` back to `to` (`fen`: the position there): its
/// later moves are deleted. False if the game moved on meanwhile.
pub fn take_back(
    c: &Tx,
    game_id: GameId,
    ply: Ply,
    to: Ply,
    fen: &str,
    now: i64,
) -> StoreResult<bool> {
    let changed = c.exec(
        "UPDATE games SET fen = ?4, ply = ?3, draw_offer = NULL, updated_at = ?5
             WHERE id = ?1 AND ply = ?2 AND status = 'active'",
        params![game_id, ply, to, fen, now],
    )?;
    if changed != 1 {
        return Ok(false);
    }
    c.exec(
        "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
        params![game_id, to],
    )?;
    // the plies taken back will be played again: their private
    // notifications are owed again too
    c.exec(
        "DELETE FROM notifications_sent WHERE game_id = ?1 AND ply > ?2",
        params![game_id, to],
    )?;
    // the conditional lines were planned for the positions taken back:
    // kept, one could fire in a position its owner never saw (both
    // players' lines go, whoever asked for the takeback)
    c.exec(
        "DELETE FROM conditionals WHERE game_id = ?1",
        params![game_id],
    )?;
    Ok(true)
}

pub fn finish_game(
    c: &Tx,
    game_id: GameId,
    result: GameResult,
    reason: Termination,
    now: i64,
) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE games SET status = 'finished', result = ?2, result_reason = ?3, deadline = NULL,
                          reminder_at = NULL, draw_offer = NULL, updated_at = ?4, finished_at = ?4
         WHERE id = ?1 AND status = 'active'",
        params![game_id, result, reason, now],
    )?;
    Ok(n == 1)
}

/// End a game with no result (its tournament was cancelled): status
/// finished, `result` NULL, termination `cancelled`. False if it had ended
/// already.
pub fn cancel_game(c: &Tx, game_id: GameId, now: i64) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE games SET status = 'finished', result = NULL, result_reason = ?2, deadline = NULL,
                          reminder_at = NULL, draw_offer = NULL, updated_at = ?3, finished_at = ?3
         WHERE id = ?1 AND status = 'active'",
        params![game_id, Termination::Cancelled, now],
    )?;
    Ok(n == 1)
}

pub fn set_draw_offer(c: &Tx, game_id: GameId, by: Option<Color>) -> StoreResult<()> {
    c.exec(
        "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
        params![game_id, by.map(super::color_word)],
    )?;
    Ok(())
}

/// A reminder of the current move was sent: count it, and set when the
/// next one is due (None: none left).
pub fn mark_reminded(c: &Tx, game_id: GameId, next: Option<i64>) -> StoreResult<()> {
    c.exec(
        "UPDATE games SET reminders_sent = reminders_sent + 1, reminder_at = ?2 WHERE id = ?1",
        params![game_id, next],
    )?;
    Ok(())
}

/// Move a game's deadline and reminder by `secs` (vacations, leave).
pub fn shift_game_clock(c: &Tx, game_id: GameId, secs: i64) -> StoreResult<()> {
    c.exec(
        "UPDATE games SET deadline = deadline + ?2, reminder_at = reminder_at + ?2 WHERE id = ?1",
        params![game_id, secs],
    )?;
    Ok(())
}

/// Move every pending deadline, reminder and challenge expiry by `secs`
/// (after the service was down).
pub fn extend_all_deadlines(c: &Tx, secs: i64) -> StoreResult<usize> {
    let n = c.exec(
        "UPDATE games SET deadline = deadline + ?1, reminder_at = reminder_at + ?1
         WHERE status = 'active' AND deadline IS NOT NULL",
        params![secs],
    )?;
    c.exec(
        "UPDATE challenges SET expires_at = expires_at + ?1 WHERE status = 'open'",
        params![secs],
    )?;
    Ok(n)
}

/// The earliest pending deadline, reminder or challenge expiry.
pub fn next_wakeup(c: &Tx) -> StoreResult<Option<i64>> {
    c.row("SELECT MIN(t) FROM (
            SELECT deadline AS t FROM games WHERE status = 'active' AND deadline IS NOT NULL
            UNION ALL SELECT reminder_at FROM games WHERE status = 'active' AND reminder_at IS NOT NULL
            UNION ALL SELECT expires_at FROM challenges WHERE status = 'open'
            UNION ALL SELECT ends_at FROM tournaments
                WHERE status = 'running' AND end_announced = 0 AND ends_at IS NOT NULL) AS due", params![], |r| r.get(0))
}

/// How many games `user` is playing now (`ai_only`: against the AI).
pub fn count_active_games_of(c: &Tx, user: UserId, ai_only: bool) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM games WHERE status = 'active'
           AND (white_user = ?1 OR black_user = ?1)
           AND (?2 = 0 OR white_ai IS NOT NULL OR black_ai IS NOT NULL)",
        params![user, i64::from(ai_only)],
        |r| r.get(0),
    )
}

/// How many games are in progress in a chat.
pub fn count_active_games_in_chat(c: &Tx, chat_id: ChatId) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM games WHERE status = 'active' AND chat_id = ?1",
        params![chat_id],
        |r| r.get(0),
    )
}

/// Active games whose side to move is the AI's, for resuming its moves
/// after a restart: (game id, ply).
pub fn games_waiting_for_ai(c: &Tx) -> StoreResult<Vec<(GameId, Ply)>> {
    let rows = c.all(
        "SELECT id, ply FROM games WHERE status = 'active'
           AND ((white_ai IS NOT NULL AND substr(fen, 1, 1) = 'W')
             OR (black_ai IS NOT NULL AND substr(fen, 1, 1) = 'B'))
         ORDER BY updated_at, id",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(rows)
}

/// Start the clock of the side to move anew (after a takeback): its
/// deadline and first reminder, no reminder sent yet.
pub fn set_turn_clock(
    c: &Tx,
    game_id: GameId,
    deadline: Option<i64>,
    reminder_at: Option<i64>,
) -> StoreResult<()> {
    c.exec(
        "UPDATE games SET deadline = ?2, reminder_at = ?3, reminders_sent = 0 WHERE id = ?1",
        params![game_id, deadline, reminder_at],
    )?;
    Ok(())
}

/// A takeback asked for in a casual game (schema v16).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakebackRequest {
    pub game_id: GameId,
    /// The player who asked.
    pub by_user: UserId,
    /// The game's ply when asked: the request lapses once it moves on.
    pub ply: Ply,
    /// Declined (schema v19): kept so it is not asked again at this ply.
    pub declined: bool,
}

/// The takeback asked for in a game, if any (maybe lapsed: compare `ply`).
pub fn takeback_request(c: &Tx, game_id: GameId) -> StoreResult<Option<TakebackRequest>> {
    c.one(
        "SELECT game_id, by_user, ply, declined FROM takeback_requests WHERE game_id = ?1",
        params![game_id],
        |r| {
            Ok(TakebackRequest {
                game_id: r.get(0)?,
                by_user: r.get(1)?,
                ply: r.get(2)?,
                declined: r.get(3)?,
            })
        },
    )
}

/// Ask for a takeback in a game (replacing a lapsed request).
pub fn set_takeback_request(
    c: &Tx,
    game_id: GameId,
    by_user: UserId,
    ply: Ply,
    now: i64,
) -> StoreResult<()> {
    c.exec(
        "INSERT INTO takeback_requests (game_id, by_user, ply, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (game_id) DO UPDATE
         SET by_user = excluded.by_user, ply = excluded.ply, created_at = excluded.created_at,
             declined = 0",
        params![game_id, by_user, ply, now],
    )?;
    Ok(())
}

/// Mark a game's open takeback request declined. False if none was open.
pub fn decline_takeback_request(c: &Tx, game_id: GameId) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE takeback_requests SET declined = 1 WHERE game_id = ?1 AND declined = 0",
        params![game_id],
    )?;
    Ok(n == 1)
}

/// Drop a game's takeback request (answered). False if there was none.
pub fn clear_takeback_request(c: &Tx, game_id: GameId) -> StoreResult<bool> {
    let n = c.exec(
        "DELETE FROM takeback_requests WHERE game_id = ?1",
        params![game_id],
    )?;
    Ok(n == 1)
}
