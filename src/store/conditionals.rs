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
    let rows = c.all(
        "SELECT ply, moves FROM conditionals WHERE game_id = ?1 AND user_id = ?2 ORDER BY id",
        params![game, user],
        |r| {
            let moves: String = r.get(1)?;
            Ok(ConditionalRow {
                ply: r.get(0)?,
                moves: moves.split_whitespace().map(str::to_string).collect(),
            })
        },
    )?;
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
    c.exec(
        "DELETE FROM conditionals WHERE game_id = ?1 AND user_id = ?2
           AND (moves = ?3 OR moves LIKE ?3 || ' %')",
        params![game, user, first],
    )?;
    c.exec("INSERT INTO conditionals (game_id, user_id, ply, moves, created_at) VALUES (?1, ?2, ?3, ?4, ?5)", params![game, user, ply, moves.join(" "), now])?;
    Ok(())
}

/// Drop all of `user`'s lines in `game`. How many there were.
pub fn clear_conditionals(c: &Tx, game: GameId, user: UserId) -> StoreResult<usize> {
    c.exec(
        "DELETE FROM conditionals WHERE game_id = ?1 AND user_id = ?2",
        params![game, user],
    )
}
