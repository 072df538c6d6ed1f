//! Glicko-2 rating rows per chat and overall ([`ChatId::EVERYWHERE`]),
//! per variant (stored as the rule set's key: `russian`, `poddavki`, …).

use super::ChatId;
use super::Tx;
use super::UserId;
use super::{user, StoreResult, UserRow};
use rusqlite::params;
use shashki_engine::Variant;

table_row! {
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
}

const RATING_COLS: &str = RatingRow::COLUMNS;

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

/// A user's Russian draughts rating in a chat (0: overall).
pub fn rating(c: &Tx, user: UserId, chat_id: ChatId) -> StoreResult<RatingRow> {
    rating_in(c, user, chat_id, Variant::Russian)
}

/// A user's rating in a chat (0: overall) for a variant.
pub fn rating_in(
    c: &Tx,
    user: UserId,
    chat_id: ChatId,
    variant: Variant,
) -> StoreResult<RatingRow> {
    Ok(c.one(
        &format!(
        "SELECT {RATING_COLS} FROM ratings WHERE user_id = ?1 AND chat_id = ?2 AND variant = ?3"
    ),
        params![user, chat_id, variant.key()],
        RatingRow::from_row,
    )?
    .unwrap_or_default())
}

/// Store a user's rating in a chat (0: overall) for a variant.
pub fn save_rating_in(
    c: &Tx,
    user: UserId,
    chat_id: ChatId,
    variant: Variant,
    r: &RatingRow,
) -> StoreResult<()> {
    c.exec("INSERT INTO ratings (user_id, chat_id, variant, rating, deviation, volatility, games, wins, draws, losses)
         VALUES (?1, ?2, ?10, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (user_id, chat_id, variant) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
             games = ?6, wins = ?7, draws = ?8, losses = ?9", params![user, chat_id, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses, variant.key()])?;
    Ok(())
}

/// Store a user's Russian draughts rating in a chat (0: overall).
pub fn save_rating(c: &Tx, user: UserId, chat_id: ChatId, r: &RatingRow) -> StoreResult<()> {
    save_rating_in(c, user, chat_id, Variant::Russian, r)
}

/// The Russian draughts rating table of a chat (`ChatId::EVERYWHERE`: overall), best first.
pub fn top_ratings(
    c: &Tx,
    chat_id: ChatId,
    limit: usize,
) -> StoreResult<Vec<(UserRow, RatingRow)>> {
    top_ratings_in(c, chat_id, Variant::Russian, limit)
}

/// The rating table of a chat (`ChatId::EVERYWHERE`: overall) for a variant, best first.
pub fn top_ratings_in(
    c: &Tx,
    chat_id: ChatId,
    variant: Variant,
    limit: usize,
) -> StoreResult<Vec<(UserRow, RatingRow)>> {
    let rows: Vec<(UserId, RatingRow)> = c.all(&format!(
        "SELECT user_id, {RATING_COLS} FROM ratings WHERE chat_id = ?1 AND variant = ?3 ORDER BY rating DESC LIMIT ?2"
    ), params![chat_id, limit as i64, variant.key()], |r| {
            Ok((r.get(0)?, RatingRow::from_row_at(r, 1)?))
        })?;
    let mut out = Vec::with_capacity(rows.len());
    for (uid, r) in rows {
        if let Some(u) = user(c, uid)? {
            out.push((u, r));
        }
    }
    Ok(out)
}
