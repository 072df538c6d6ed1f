//! Conditional moves (schema v13).

use super::GameId;
use super::Ply;
use super::StoreResult;
use super::Tx;
use super::UserId;
use rusqlite::params;

/// A stored conditional line: the moves from `ply` on (the opponent's
/// first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionalRow {
    pub ply: Ply,
    pub moves: Vec<String>,
}

/// `user`'s lines in `game`, oldest first.
pub fn conditionals(c: &Tx, game: GameId, user: UserId) -> StoreResult<Vec<ConditionalRow>> {
    let mut st = c.sql().prepare_cached(
        "SELECT ply, moves FROM conditionals WHERE game_id = ?1 AND user_id = ?2 ORDER BY id",
    )?;
    let rows = st
        .query_map(params![game, user], |r| {
            let moves: String = r.get(1)?;
            Ok(ConditionalRow {
                ply: r.get(0)?,
                moves: moves.split_whitespace().map(str::to_string).collect(),
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Store a line (replacing the user's line that starts with the same move).
pub fn add_conditional(
    c: &Tx,
    game: GameId,
    user: UserId,
    ply: Ply,
    moves: &[String],
    now: i64,
) -> StoreResult<()> {
    let first = moves.first().cloned().unwrap_or_default();
    c.sql()
        .prepare_cached(
            "DELETE FROM conditionals WHERE game_id = ?1 AND user_id = ?2
           AND (moves = ?3 OR moves LIKE ?3 || ' %')",
        )?
        .execute(params![game, user, first])?;
    c.sql().prepare_cached(
        "INSERT INTO conditionals (game_id, user_id, ply, moves, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game, user, ply, moves.join(" "), now])?;
    Ok(())
}

/// Drop all of `user`'s lines in `game`. How many there were.
pub fn clear_conditionals(c: &Tx, game: GameId, user: UserId) -> StoreResult<usize> {
    Ok(c.sql()
        .prepare_cached("DELETE FROM conditionals WHERE game_id = ?1 AND user_id = ?2")?
        .execute(params![game, user])?)
}
