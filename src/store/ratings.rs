//! Glicko-2 rating rows per chat and overall (chat 0).

use super::{user, StoreResult, UserRow};
use rusqlite::{params, Connection, OptionalExtension};

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

pub fn rating(c: &Connection, user: i64, chat_id: i64) -> StoreResult<RatingRow> {
    Ok(c.prepare_cached(&format!(
        "SELECT {RATING_COLS} FROM ratings WHERE user_id = ?1 AND chat_id = ?2"
    ))?
    .query_row(params![user, chat_id], RatingRow::from_row)
    .optional()?
    .unwrap_or_default())
}

pub fn save_rating(c: &Connection, user: i64, chat_id: i64, r: &RatingRow) -> StoreResult<()> {
    c.prepare_cached("INSERT INTO ratings (user_id, chat_id, rating, deviation, volatility, games, wins, draws, losses)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (user_id, chat_id) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
             games = ?6, wins = ?7, draws = ?8, losses = ?9")?
.execute(params![user, chat_id, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses],
    )?;
    Ok(())
}

/// The rating table of a chat (chat_id 0: overall), best first.
pub fn top_ratings(
    c: &Connection,
    chat_id: i64,
    limit: usize,
) -> StoreResult<Vec<(UserRow, RatingRow)>> {
    let mut st = c.prepare_cached(&format!(
        "SELECT user_id, {RATING_COLS} FROM ratings WHERE chat_id = ?1 ORDER BY rating DESC LIMIT ?2"
    ))?;
    let rows: Vec<(i64, RatingRow)> = st
        .query_map(params![chat_id, limit as i64], |r| {
            Ok((r.get(0)?, RatingRow::from_row_at(r, 1)?))
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
