//! Post-game analyses (schema v11; v18: the live message's final text owed;
//! v20: each ply's engine move and loss).

use super::ChatId;
use super::GameId;
use super::StoreResult;
use super::Tx;
use super::UserId;
use rusqlite::params;

/// A stored analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysisRow {
    pub game_id: GameId,
    pub chat_id: ChatId,
    /// Who asked for it.
    pub requested_by: Option<UserId>,
    pub status: super::AnalysisStatus,
    pub movetext: Option<String>,
    pub white_accuracy: Option<f64>,
    pub black_accuracy: Option<f64>,
    /// White's view after each ply, centi-men.
    pub scores: Vec<i32>,
    /// Each ply's mark (`""` for none).
    pub marks: Vec<String>,
    /// Each ply's engine move in the variant's notation (empty for an
    /// analysis made before schema v20).
    pub best_moves: Vec<String>,
    /// Centi-men each ply gave away against the engine's move (empty
    /// before schema v20).
    pub losses: Vec<i32>,
    pub depth: Option<i64>,
    /// The analysis is made (or failed) and its live message's final text
    /// is not acknowledged as sent yet.
    pub final_owed: bool,
}

pub fn analysis(c: &Tx, game: GameId) -> StoreResult<Option<AnalysisRow>> {
    c.one(
        "SELECT game_id, chat_id, status, movetext, white_accuracy, black_accuracy,
                    scores, marks, depth, requested_by, final_owed, best_moves, losses
             FROM analyses WHERE game_id = ?1",
        params![game],
        |r| {
            let scores: Option<String> = r.get(6)?;
            let marks: Option<String> = r.get(7)?;
            let best_moves: Option<String> = r.get(11)?;
            let losses: Option<String> = r.get(12)?;
            Ok(AnalysisRow {
                game_id: r.get(0)?,
                chat_id: r.get(1)?,
                status: r.get(2)?,
                movetext: r.get(3)?,
                white_accuracy: r.get(4)?,
                black_accuracy: r.get(5)?,
                scores: numbers(scores),
                marks: marks
                    .map(|m| m.split(',').map(str::to_string).collect())
                    .unwrap_or_default(),
                best_moves: best_moves
                    .map(|m| m.split(',').map(str::to_string).collect())
                    .unwrap_or_default(),
                losses: numbers(losses),
                depth: r.get(8)?,
                requested_by: r.get(9)?,
                final_owed: r.get(10)?,
            })
        },
    )
}

/// A comma-separated list of numbers (none for NULL).
fn numbers(list: Option<String>) -> Vec<i32> {
    list.unwrap_or_default()
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect()
}

/// Ask for the analysis of `game` (again, if it failed before). False if it
/// is pending or done already.
pub fn request_analysis(
    c: &Tx,
    game: GameId,
    chat: ChatId,
    user: UserId,
    now: i64,
) -> StoreResult<bool> {
    let n = c.exec("INSERT INTO analyses (game_id, chat_id, requested_by, created_at)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game_id) DO UPDATE SET status = 'pending', created_at = excluded.created_at,
                 requested_by = excluded.requested_by, chat_id = excluded.chat_id,
                 final_owed = 0
             WHERE analyses.status = 'failed'", params![game, chat, user, now])?;
    Ok(n == 1)
}

/// What an analysis found.
pub struct AnalysisDone<'a> {
    pub movetext: &'a str,
    pub white_accuracy: f64,
    pub black_accuracy: f64,
    pub scores: &'a [i32],
    pub marks: &'a [String],
    /// Each ply's engine move, in the variant's notation.
    pub best_moves: &'a [String],
    /// Centi-men each ply gave away.
    pub losses: &'a [i32],
    pub depth: i64,
}

/// A list of words as stored: comma-separated, NULL when empty, so that an
/// empty list and a list of one empty word (a ply with no mark) read back
/// apart.
fn words(list: &[String]) -> Option<String> {
    (!list.is_empty()).then(|| list.join(","))
}

/// Store a finished analysis; its live message now owes the summary
/// ([`ack_analysis_final`]). False if it was not pending.
pub fn finish_analysis(c: &Tx, game: GameId, a: &AnalysisDone, now: i64) -> StoreResult<bool> {
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(",");
    let n = c.exec(
        "UPDATE analyses SET status = 'done', movetext = ?2, white_accuracy = ?3,
                 black_accuracy = ?4, scores = ?5, marks = ?6, depth = ?7, finished_at = ?8,
                 final_owed = 1, best_moves = ?9, losses = ?10
             WHERE game_id = ?1 AND status = 'pending'",
        params![
            game,
            a.movetext,
            a.white_accuracy,
            a.black_accuracy,
            list(a.scores),
            words(a.marks),
            a.depth,
            now,
            words(a.best_moves),
            list(a.losses)
        ],
    )?;
    Ok(n == 1)
}

/// Mark an analysis that cannot be made (the game vanished or is corrupt,
/// or its job failed for good); its live message now owes "could not be
/// made". False if it was not pending.
pub fn fail_analysis(c: &Tx, game: GameId, now: i64) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE analyses SET status = 'failed', finished_at = ?2, final_owed = 1
             WHERE game_id = ?1 AND status = 'pending'",
        params![game, now],
    )?;
    Ok(n == 1)
}

/// The analyses made (or failed) since `since` whose live message's final
/// text is not acknowledged as sent.
pub fn analyses_owing_final(c: &Tx, since: i64) -> StoreResult<Vec<GameId>> {
    let rows = c.all(
        "SELECT game_id FROM analyses
         WHERE final_owed = 1 AND status IN ('done', 'failed') AND finished_at >= ?1
         ORDER BY finished_at",
        params![since],
        |r| r.get(0),
    )?;
    Ok(rows)
}

/// The final text of `game`'s analysis was sent. False if none was owed.
pub fn ack_analysis_final(c: &Tx, game: GameId) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE analyses SET final_owed = 0
             WHERE game_id = ?1 AND final_owed = 1 AND status IN ('done', 'failed')",
        params![game],
    )?;
    Ok(n == 1)
}

/// The games whose analysis is asked for and not made yet.
pub fn pending_analyses(c: &Tx) -> StoreResult<Vec<GameId>> {
    let rows = c.all(
        "SELECT game_id FROM analyses WHERE status = 'pending' ORDER BY created_at",
        params![],
        |r| r.get(0),
    )?;
    Ok(rows)
}

/// How many analyses `user` asked for that are not made yet.
pub fn count_pending_analyses_by(c: &Tx, user: UserId) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM analyses WHERE requested_by = ?1 AND status = 'pending'",
        params![user],
        |r| r.get(0),
    )
}
