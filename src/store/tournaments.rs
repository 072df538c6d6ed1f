//! Tournaments in a chat: the event, its entry list and its games (each a
//! row of `games`, played like any other game).

use super::ChatId;
use super::GameId;
use super::StoreResult;
use super::Tx;
use super::UserId;
use rusqlite::params;

use super::{TournamentId, TournamentStatus};
use crate::tournament::ballot::Ballot;
use crate::tournament::Format;
use shashki_engine::Variant;

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct TournamentRow {
        pub id: TournamentId,
        pub chat_id: ChatId,
        pub name: String,
        /// `round-robin`, `double-round-robin` (see `tournament::Format`).
        pub format: Format,
        pub micro: bool,
        /// `fmjd`, `balanced` (see `tournament::ballot::Ballot`).
        pub ballot: Ballot,
        pub seed: i64,
        pub days_per_move: Option<i64>,
        /// `open`, `running`, `finished`, `cancelled`.
        pub status: TournamentStatus,
        pub created_by: UserId,
        pub created_at: i64,
        /// The most players it takes (2..=64).
        pub max_players: i64,
        /// Whether its games change the players' ratings.
        pub rated: bool,
        /// Bank time: this many moves…
        pub bank_moves: Option<i64>,
        /// …in this many days, the unused time carried over.
        pub bank_days: Option<i64>,
        /// Leave days each player may take during the event.
        pub leave_days: i64,
        /// The end date (Unix time of its end); unfinished games after it
        /// go to the organiser's adjudication.
        pub ends_at: Option<i64>,
        /// The variant its games are played in (v27; Russian before).
        pub variant: Variant => super::variant_at,
    }
}

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct TournamentPlayerRow {
        pub user_id: UserId,
        /// 0-based entry order (pairing number − 1).
        pub seq: i64,
        pub withdrawn_at: Option<i64>,
        /// Leave days taken.
        pub leave_used: i64,
        /// Until when the player's games are paused (0: never).
        pub leave_until: i64,
    }
}

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct TournamentGameRow {
        pub tournament_id: TournamentId,
        pub round: i64,
        pub pairing_no: i64,
        pub white_seq: i64,
        pub black_seq: i64,
        pub game_id: GameId,
        pub opening_code: Option<String>,
    }
}

table_row! {
    /// A pairing whose games have not started (see `v21.sql`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct PendingPairingRow {
        pub pairing_no: i64,
        pub round: i64,
        pub white_seq: i64,
        pub black_seq: i64,
    }
}

/// A tournament to create.
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    pub chat_id: ChatId,
    pub name: &'a str,
    pub format: Format,
    pub micro: bool,
    pub ballot: Ballot,
    pub seed: i64,
    pub days_per_move: Option<i64>,
    pub created_by: UserId,
    pub max_players: i64,
    pub rated: bool,
    /// Bank time: (moves, days), or None.
    pub bank: Option<(i64, i64)>,
    pub leave_days: i64,
    pub ends_at: Option<i64>,
    /// The variant its games are played in.
    pub variant: Variant,
}

pub fn insert_tournament(c: &Tx, t: &NewTournament, now: i64) -> StoreResult<TournamentId> {
    c.row("INSERT INTO tournaments (chat_id, name, format, micro, ballot, seed, days_per_move, status, created_by, created_at, max_players, rated,
                                  bank_moves, bank_days, leave_days, ends_at, variant)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'open', ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
         RETURNING id", params![t.chat_id, t.name, t.format, t.micro, t.ballot, t.seed, t.days_per_move, t.created_by, now, t.max_players, t.rated,
                 t.bank.map(|b| b.0), t.bank.map(|b| b.1), t.leave_days, t.ends_at, t.variant.key()], |r| r.get(0))
}

pub fn tournament(c: &Tx, id: TournamentId) -> StoreResult<Option<TournamentRow>> {
    c.one(
        &format!(
            "SELECT {} FROM tournaments WHERE id = ?1",
            TournamentRow::COLUMNS
        ),
        params![id],
        TournamentRow::from_row,
    )
}

/// The chat's tournaments that are open or running, oldest first.
pub fn live_tournaments_in_chat(c: &Tx, chat_id: ChatId) -> StoreResult<Vec<TournamentRow>> {
    let rows = c.all(&format!(
        "SELECT {} FROM tournaments WHERE chat_id = ?1 AND status IN ('open', 'running') ORDER BY id",
        TournamentRow::COLUMNS
    ), params![chat_id], TournamentRow::from_row)?;
    Ok(rows)
}

/// The chat's tournament that ended last, if any.
pub fn last_finished_tournament_in_chat(
    c: &Tx,
    chat_id: ChatId,
) -> StoreResult<Option<TournamentRow>> {
    c.one(&format!(
            "SELECT {} FROM tournaments WHERE chat_id = ?1 AND status = 'finished' ORDER BY id DESC LIMIT 1",
            TournamentRow::COLUMNS
        ), params![chat_id], TournamentRow::from_row)
}

/// Move a tournament from status `from` to `to`. False if it was not in `from`.
pub fn set_tournament_status(
    c: &Tx,
    id: TournamentId,
    from: TournamentStatus,
    to: TournamentStatus,
    now: i64,
) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE tournaments SET status = ?3,
             started_at = CASE WHEN ?3 = 'running' THEN ?4 ELSE started_at END,
             finished_at = CASE WHEN ?3 IN ('finished', 'cancelled') THEN ?4 ELSE finished_at END
         WHERE id = ?1 AND status = ?2",
        params![id, from, to, now],
    )?;
    Ok(n == 1)
}

/// The entry list in order (withdrawn players included).
pub fn tournament_players(c: &Tx, id: TournamentId) -> StoreResult<Vec<TournamentPlayerRow>> {
    let rows = c.all(
        &format!(
            "SELECT {} FROM tournament_players WHERE tournament_id = ?1 ORDER BY seq",
            TournamentPlayerRow::COLUMNS
        ),
        params![id],
        TournamentPlayerRow::from_row,
    )?;
    Ok(rows)
}

/// One entry of a tournament.
pub fn tournament_player(
    c: &Tx,
    id: TournamentId,
    user: UserId,
) -> StoreResult<Option<TournamentPlayerRow>> {
    c.one(
        &format!(
            "SELECT {} FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
            TournamentPlayerRow::COLUMNS
        ),
        params![id, user],
        TournamentPlayerRow::from_row,
    )
}

/// A player takes leave: `used` days in all now, paused until `until`.
pub fn set_tournament_leave(
    c: &Tx,
    id: TournamentId,
    user: UserId,
    used: i64,
    until: i64,
) -> StoreResult<()> {
    c.exec(
        "UPDATE tournament_players SET leave_used = ?3, leave_until = ?4
         WHERE tournament_id = ?1 AND user_id = ?2",
        params![id, user, used, until],
    )?;
    Ok(())
}

/// Until when `user` is on leave in the tournament of `game_id` (0: not a
/// tournament game, or no leave).
pub fn leave_until_in_game(c: &Tx, game_id: GameId, user: UserId) -> StoreResult<i64> {
    Ok(c.one(
        "SELECT tp.leave_until FROM tournament_games tg
             JOIN tournament_players tp ON tp.tournament_id = tg.tournament_id AND tp.user_id = ?2
             WHERE tg.game_id = ?1",
        params![game_id, user],
        |r| r.get(0),
    )?
    .unwrap_or(0))
}

/// The tournament a game belongs to, if any.
pub fn tournament_of_game(c: &Tx, game_id: GameId) -> StoreResult<Option<TournamentRow>> {
    let cols = TournamentRow::COLUMNS
        .split(", ")
        .map(|col| format!("t.{col}"))
        .collect::<Vec<_>>()
        .join(", ");
    c.one(
        &format!(
            "SELECT {cols} FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament_id
         WHERE tg.game_id = ?1"
        ),
        params![game_id],
        TournamentRow::from_row,
    )
}

/// Enter `user` (at the end of the list). False if they are entered already.
pub fn join_tournament(c: &Tx, id: TournamentId, user: UserId, now: i64) -> StoreResult<bool> {
    let n = c.exec("INSERT INTO tournament_players (tournament_id, user_id, seq, joined_at)
         VALUES (?1, ?2, (SELECT COALESCE(MAX(seq) + 1, 0) FROM tournament_players WHERE tournament_id = ?1), ?3)
         ON CONFLICT DO NOTHING", params![id, user, now])?;
    Ok(n == 1)
}

/// Take `user` off the list of a tournament not yet started, renumbering
/// the entries after them. False if they were not entered.
pub fn leave_tournament(c: &Tx, id: TournamentId, user: UserId) -> StoreResult<bool> {
    let seq: Option<i64> = c.one(
        "SELECT seq FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
        params![id, user],
        |r| r.get(0),
    )?;
    let Some(seq) = seq else {
        return Ok(false);
    };
    c.exec(
        "DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2",
        params![id, user],
    )?;
    // one by one, in order, so that (tournament_id, seq) stays unique
    let later = c.all(
        "SELECT user_id FROM tournament_players WHERE tournament_id = ?1 AND seq > ?2 ORDER BY seq",
        params![id, seq],
        |r| r.get::<_, i64>(0),
    )?;
    for u in later {
        c.exec(
            "UPDATE tournament_players SET seq = seq - 1 WHERE tournament_id = ?1 AND user_id = ?2",
            params![id, u],
        )?;
    }
    Ok(true)
}

/// Mark `user` withdrawn from a started tournament. False if they were not
/// entered or had withdrawn already.
pub fn withdraw_player(c: &Tx, id: TournamentId, user: UserId, now: i64) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE tournament_players SET withdrawn_at = ?3
         WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_at IS NULL",
        params![id, user, now],
    )?;
    Ok(n == 1)
}

pub fn insert_tournament_game(c: &Tx, g: &TournamentGameRow) -> StoreResult<()> {
    c.exec("INSERT INTO tournament_games (tournament_id, round, pairing_no, white_seq, black_seq, game_id, opening_code)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", params![g.tournament_id, g.round, g.pairing_no, g.white_seq, g.black_seq, g.game_id, g.opening_code])?;
    Ok(())
}

/// The games of a tournament in schedule order.
pub fn tournament_games(c: &Tx, id: TournamentId) -> StoreResult<Vec<TournamentGameRow>> {
    let rows = c.all(&format!(
        "SELECT {} FROM tournament_games WHERE tournament_id = ?1 ORDER BY round, pairing_no, game_id",
        TournamentGameRow::COLUMNS
    ), params![id], TournamentGameRow::from_row)?;
    Ok(rows)
}

/// The tournament game row of a game, if it is one.
pub fn tournament_game_of(c: &Tx, game_id: GameId) -> StoreResult<Option<TournamentGameRow>> {
    c.one(
        &format!(
            "SELECT {} FROM tournament_games WHERE game_id = ?1",
            TournamentGameRow::COLUMNS
        ),
        params![game_id],
        TournamentGameRow::from_row,
    )
}

/// Record a Swiss round's bye (player `seq`).
pub fn insert_tournament_bye(
    c: &Tx,
    id: TournamentId,
    round: i64,
    seq: i64,
    half: bool,
) -> StoreResult<()> {
    c.exec(
        "INSERT INTO tournament_byes (tournament_id, round, seq, kind) VALUES (?1, ?2, ?3, ?4)",
        params![id, round, seq, if half { "half" } else { "full" }],
    )?;
    Ok(())
}

/// A bye of a tournament's round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByeRow {
    pub round: i64,
    pub seq: i64,
    /// A half-point bye (a late entry's missed round); else the
    /// pairing-allocated full-point one.
    pub half: bool,
}

/// A tournament's byes, in round order.
pub fn tournament_byes(c: &Tx, id: TournamentId) -> StoreResult<Vec<ByeRow>> {
    let rows = c.all(
        "SELECT round, seq, kind FROM tournament_byes WHERE tournament_id = ?1 ORDER BY round, seq",
        params![id],
        |r| {
            Ok(ByeRow {
                round: r.get(0)?,
                seq: r.get(1)?,
                half: r.get::<_, String>(2)? == "half",
            })
        },
    )?;
    Ok(rows)
}

/// How many of a tournament's games `user` lost on time.
pub fn count_time_forfeits(c: &Tx, id: TournamentId, user: UserId) -> StoreResult<i64> {
    c.row("SELECT COUNT(*) FROM tournament_games tg JOIN games g ON g.id = tg.game_id
         WHERE tg.tournament_id = ?1 AND g.result_reason = 'timeout'
           AND ((g.white_user = ?2 AND g.result = '0-2') OR (g.black_user = ?2 AND g.result = '2-0'))", params![id, user], |r| r.get(0))
}

/// Whether a finished game changes its players' ratings: not when it is a
/// game of a casual tournament.
pub fn game_is_rated(c: &Tx, game_id: GameId) -> StoreResult<bool> {
    c.row("SELECT NOT EXISTS (SELECT 1 FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament_id
                            WHERE tg.game_id = ?1 AND t.rated = 0)", params![game_id], |r| r.get(0))
}

/// A tournament's games still being played, in schedule order.
pub fn active_tournament_games(c: &Tx, id: TournamentId) -> StoreResult<Vec<TournamentGameRow>> {
    let cols = TournamentGameRow::COLUMNS
        .split(", ")
        .map(|col| format!("tg.{col}"))
        .collect::<Vec<_>>()
        .join(", ");
    let rows = c.all(
        &format!(
            "SELECT {cols} FROM tournament_games tg JOIN games g ON g.id = tg.game_id
         WHERE tg.tournament_id = ?1 AND g.status = 'active'
         ORDER BY tg.round, tg.pairing_no, tg.game_id"
        ),
        params![id],
        TournamentGameRow::from_row,
    )?;
    Ok(rows)
}

/// How many of a tournament's games are still being played.
pub fn count_active_tournament_games(c: &Tx, id: TournamentId) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM tournament_games tg JOIN games g ON g.id = tg.game_id
         WHERE tg.tournament_id = ?1 AND g.status = 'active'",
        params![id],
        |r| r.get(0),
    )
}

/// Running tournaments whose end date has passed and not been announced.
pub fn tournaments_past_end(c: &Tx, now: i64) -> StoreResult<Vec<TournamentRow>> {
    let rows = c.all(
        &format!(
            "SELECT {} FROM tournaments WHERE status = 'running' AND end_announced = 0
           AND ends_at IS NOT NULL AND ends_at <= ?1 ORDER BY id",
            TournamentRow::COLUMNS
        ),
        params![now],
        TournamentRow::from_row,
    )?;
    Ok(rows)
}

/// Note that a tournament's end date was announced. False if it was already.
pub fn mark_end_announced(c: &Tx, id: TournamentId) -> StoreResult<bool> {
    Ok(c.exec(
        "UPDATE tournaments SET end_announced = 1 WHERE id = ?1 AND end_announced = 0",
        params![id],
    )? == 1)
}

/// Put a pairing on the tournament's waiting list (its games start later).
pub fn insert_pending_pairing(
    c: &Tx,
    tournament: TournamentId,
    p: &PendingPairingRow,
) -> StoreResult<()> {
    c.exec(
        "INSERT INTO tournament_pending (tournament_id, pairing_no, round, white_seq, black_seq)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![tournament, p.pairing_no, p.round, p.white_seq, p.black_seq],
    )?;
    Ok(())
}

/// The pairings of a tournament waiting to start, in schedule order.
pub fn pending_pairings(c: &Tx, tournament: TournamentId) -> StoreResult<Vec<PendingPairingRow>> {
    let rows = c.all(
        &format!(
            "SELECT {} FROM tournament_pending WHERE tournament_id = ?1 ORDER BY pairing_no",
            PendingPairingRow::COLUMNS
        ),
        params![tournament],
        PendingPairingRow::from_row,
    )?;
    Ok(rows)
}

/// Take a pairing off the waiting list (its games start); false if it was
/// not there.
pub fn take_pending_pairing(
    c: &Tx,
    tournament: TournamentId,
    pairing_no: i64,
) -> StoreResult<bool> {
    Ok(c.exec(
        "DELETE FROM tournament_pending WHERE tournament_id = ?1 AND pairing_no = ?2",
        params![tournament, pairing_no],
    )? == 1)
}

/// Forget a tournament's waiting pairings (it is cancelled); how many.
pub fn drop_pending_pairings(c: &Tx, tournament: TournamentId) -> StoreResult<usize> {
    c.exec(
        "DELETE FROM tournament_pending WHERE tournament_id = ?1",
        params![tournament],
    )
}

/// Running tournaments with pairings waiting to start.
pub fn tournaments_waiting(c: &Tx) -> StoreResult<Vec<TournamentRow>> {
    let rows = c.all(
        &format!(
            "SELECT {} FROM tournaments t WHERE status = 'running'
           AND EXISTS (SELECT 1 FROM tournament_pending p WHERE p.tournament_id = t.id)
         ORDER BY id",
            TournamentRow::COLUMNS
        ),
        params![],
        TournamentRow::from_row,
    )?;
    Ok(rows)
}

/// How many games of the chat's tournaments are in progress.
pub fn count_active_tournament_games_in_chat(c: &Tx, chat_id: ChatId) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM tournament_games tg
           JOIN tournaments t ON t.id = tg.tournament_id
           JOIN games g ON g.id = tg.game_id
         WHERE t.chat_id = ?1 AND g.status = 'active'",
        params![chat_id],
        |r| r.get(0),
    )
}
