//! Challenges: open, addressed, accepted, expired.

use super::ChatId;
use super::GameId;
use super::Tx;
use super::UserId;
use super::{ChallengeId, ChallengeStatus, ColorWish, StoreResult, UserRow};
use rusqlite::params;

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct ChallengeRow {
        pub id: ChallengeId,
        pub chat_id: ChatId,
        pub from_user: UserId,
        pub to_user: Option<UserId>,
        pub to_handle: Option<String>,
        pub color: ColorWish,
        pub seconds_per_move: Option<i64>,
        pub status: ChallengeStatus,
        pub game_id: Option<GameId>,
        pub created_at: i64,
        pub expires_at: i64,
        /// The rule set's key (`russian`, `poddavki`, …).
        pub variant: shashki_engine::Variant => super::variant_at,
        /// The position the game starts from (`None`: the initial one).
        pub start_fen: Option<String>,
        /// Casual (unrated), schema v16.
        pub casual: bool,
    }
}

const CHALLENGE_COLS: &str = ChallengeRow::COLUMNS;

#[allow(clippy::too_many_arguments)]
pub fn insert_challenge(
    c: &Tx,
    chat_id: ChatId,
    from_user: UserId,
    to_user: Option<UserId>,
    to_handle: Option<&str>,
    color: ColorWish,
    seconds_per_move: Option<i64>,
    now: i64,
    expires_at: i64,
    variant: shashki_engine::Variant,
) -> StoreResult<ChallengeId> {
    c.row("INSERT INTO challenges (chat_id, from_user, to_user, to_handle, color, seconds_per_move, status, created_at, expires_at, variant)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'open', ?7, ?8, ?9) RETURNING id", params![chat_id, from_user, to_user, to_handle, color, seconds_per_move, now, expires_at, variant.key()], |r| r.get(0))
}

/// Make a challenge casual (unrated).
pub fn set_challenge_casual(c: &Tx, id: ChallengeId, casual: bool) -> StoreResult<()> {
    c.exec(
        "UPDATE challenges SET casual = ?2 WHERE id = ?1",
        params![id, casual],
    )?;
    Ok(())
}

/// Let a challenge start from `fen` instead of the initial position.
pub fn set_challenge_start(c: &Tx, id: ChallengeId, fen: &str) -> StoreResult<()> {
    c.exec(
        "UPDATE challenges SET start_fen = ?2 WHERE id = ?1",
        params![id, fen],
    )?;
    Ok(())
}

/// Keep the secret of a challenge's share link.
pub fn set_challenge_share_token(c: &Tx, id: ChallengeId, token: i64) -> StoreResult<()> {
    c.exec(
        "UPDATE challenges SET share_token = ?2 WHERE id = ?1",
        params![id, token],
    )?;
    Ok(())
}

/// The secret of a challenge's share link (`None`: not shared).
pub fn challenge_share_token(c: &Tx, id: ChallengeId) -> StoreResult<Option<i64>> {
    Ok(c.one(
        "SELECT share_token FROM challenges WHERE id = ?1",
        params![id],
        |r| r.get::<_, Option<i64>>(0),
    )?
    .flatten())
}

pub fn challenge(c: &Tx, id: ChallengeId) -> StoreResult<Option<ChallengeRow>> {
    c.one(
        &format!("SELECT {CHALLENGE_COLS} FROM challenges WHERE id = ?1"),
        params![id],
        ChallengeRow::from_row,
    )
}

/// Open challenges in a chat that `user` could accept (open to anyone or
/// addressed to them), newest first.
pub fn open_challenges_for(
    c: &Tx,
    chat_id: ChatId,
    user: &UserRow,
) -> StoreResult<Vec<ChallengeRow>> {
    let rows = c.all(
        &format!(
            "SELECT {CHALLENGE_COLS} FROM challenges
         WHERE chat_id = ?1 AND status = 'open' AND from_user <> ?2
           AND ((to_user IS NULL AND to_handle IS NULL) OR to_user = ?2
                OR (to_user IS NULL AND to_handle = ?3))
         ORDER BY id DESC"
        ),
        params![chat_id, user.id, user.handle],
        ChallengeRow::from_row,
    )?;
    Ok(rows)
}

/// Set a challenge's status if it is still open. Returns whether it was.
pub fn close_challenge(
    c: &Tx,
    id: ChallengeId,
    status: ChallengeStatus,
    game_id: Option<GameId>,
) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE challenges SET status = ?2, game_id = ?3 WHERE id = ?1 AND status = 'open'",
        params![id, status, game_id],
    )?;
    Ok(n == 1)
}

/// Open challenges whose time ran out.
pub fn challenges_expired(c: &Tx, now: i64) -> StoreResult<Vec<ChallengeRow>> {
    let rows = c.all(&format!(
        "SELECT {CHALLENGE_COLS} FROM challenges WHERE status = 'open' AND expires_at <= ?1 ORDER BY id"
    ), params![now], ChallengeRow::from_row)?;
    Ok(rows)
}

/// How many open challenges `user` has made.
pub fn count_open_challenges_from(c: &Tx, user: UserId) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM challenges WHERE status = 'open' AND from_user = ?1",
        params![user],
        |r| r.get(0),
    )
}
