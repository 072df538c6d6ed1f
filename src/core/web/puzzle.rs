//! The web board's puzzle page: what it shows of one user's go at one
//! puzzle in one chat ([`crate::core::puzzles::web_view`] builds it). Its
//! answers, hint and surrender are that user's events in that chat (the
//! adapter queues them on the chat's lane), judged by the chat's own
//! puzzle code; the solution is read only once the go is over.

use super::{read_failed, Claims, Page, PieceNames, Service, WebColors, WebMove, WebSquare};
use crate::core::games::ai::Evals;
use crate::core::ServiceError;
use crate::store;
use serde::Serialize;

/// Everything a puzzle's page shows.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleWebView {
    pub chat: i64,
    pub puzzle: i64,
    pub lang: String,
    pub title: String,
    /// What to find: the side, how many moves, the rating, the themes.
    pub task: String,
    /// `new` (not tried here yet), `open`, `solved`, `failed`.
    pub state: &'static str,
    /// The moves of the go so far (the solver's and the replies): an
    /// answer names it, as a game's move names its ply.
    pub step: usize,
    /// The go's wrong tries so far: an answer names it too, so the same
    /// answer posted twice counts once.
    pub wrong: u8,
    /// The solver's side (`white`, `black`): the board is turned for it.
    pub you: &'static str,
    pub status: String,
    /// The board's size (8×8; International: 10×10, squares 1–50).
    pub files: u8,
    pub ranks: u8,
    pub squares: Vec<WebSquare>,
    /// A piece letter per square, in `squares`' order, `.` empty.
    pub board: String,
    /// The last move's squares (the reply, or the winning move).
    pub marks: Vec<String>,
    /// The legal moves while the go is on (none once it is over).
    pub moves: Vec<WebMove>,
    pub colors: WebColors,
    pub labels: PuzzleLabels,
}

/// The puzzle page's words in the viewer's language.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleLabels {
    pub flip: String,
    pub hint: String,
    pub solution: String,
    /// Asked before giving up for the solution.
    pub confirm_solution: String,
    pub pieces: PieceNames,
}

/// Read something of the link's user's go at a puzzle in its chat;
/// `None`: not a puzzle's page, or no such chat, user or puzzle.
fn read_puzzle<T>(
    svc: &Service,
    claims: &Claims,
    f: impl FnOnce(&crate::core::ctx::Ctx) -> crate::core::error::Res<Option<T>>,
) -> Result<Option<T>, ServiceError> {
    let Page::Puzzle { chat, .. } = claims.page else {
        return Ok(None);
    };
    let store = svc.lock();
    let c = store.read();
    let (Some(user), Some(chat)) = (store::user(c, claims.user)?, store::chat(c, chat)?) else {
        return Ok(None);
    };
    let evals = Evals::default();
    let ctx = super::reading_ctx(svc, c, &evals, user, chat);
    f(&ctx).map_err(read_failed)
}

/// The page's view of the link's puzzle for its user.
pub fn puzzle_view(svc: &Service, claims: &Claims) -> Result<Option<PuzzleWebView>, ServiceError> {
    let Page::Puzzle { puzzle, .. } = claims.page else {
        return Ok(None);
    };
    read_puzzle(svc, claims, |ctx| {
        crate::core::puzzles::web_view(ctx, puzzle)
    })
}

/// The solution of the link's puzzle, once its user's go at it there
/// is over (solved, missed or given up); `None` before.
pub fn puzzle_solution(svc: &Service, claims: &Claims) -> Result<Option<String>, ServiceError> {
    let Page::Puzzle { puzzle, .. } = claims.page else {
        return Ok(None);
    };
    read_puzzle(svc, claims, |ctx| {
        crate::core::puzzles::web_solution(ctx, puzzle)
    })
}
