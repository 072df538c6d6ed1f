//! Puzzles in the chats: `/puzzle`, answers, `/hint`, `/daily`, the puzzle
//! leaderboard, Glicko-2 puzzle ratings and streaks, and the daily post.
//!
//! **How a move text reaches a puzzle.** `/puzzle <move>` always answers the
//! user's puzzle. A bare move text (or `/move <move>` without a game number)
//! goes to a game first: when it is a legal move in one of the user's games
//! in this chat where it is their turn, it is played there. Otherwise it
//! answers the user's open puzzle in this chat, or — when they have none —
//! the chat's current daily puzzle (if they have not tried it yet and the
//! move is legal in it). Anything else gets the games' error message.
//!
//! Each user has at most one open puzzle per chat. Three wrong tries end the
//! attempt with the solution; so does `/puzzle solution`. An attempt is
//! rated (Glicko-2, user against puzzle) only the first time the user meets
//! that puzzle: solved without a wrong try and with at most one hint is a
//! win, anything else a loss. Streaks count clean solves in a row.
//!
//! The daily puzzle of UTC day `d` is the pack's puzzle number
//! `d mod N` (pack order). A chat that turned `/daily on HH:MM ZONE` (an
//! offset `±HH:MM` or an IANA name such as `Europe/Riga`)
//! gets it posted at that local time; the post also gives the previous
//! daily's solution.

mod attempt;
mod commands;
mod daily;
mod web;

pub(crate) use attempt::{answer, cmd_hint};
pub(crate) use commands::{cmd_puzzle, cmd_top};
pub(crate) use daily::{cmd_daily, dailies_due, daily_puzzle_id, next_daily_wakeup, post_daily};
pub(crate) use web::{web_answer, web_give_up, web_hint, web_solution, web_view};

use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::i18n::num;
use crate::core::input::payload::Payload;
use crate::core::present::text::color_key;
use crate::core::present::{BoardView, Draft};
use crate::core::types::Choice;
use crate::store::puzzles::{self as db, AttemptRow, PuzzleRow};
use crate::store::{self, StoreResult};
use crate::store::{PuzzleId, Tx};
use shashki_engine::pdn::parse_pdn;
use shashki_engine::puzzle::{walk, Puzzle};
use shashki_engine::{parse_move, Color, Move, Position};
use std::sync::LazyLock;

/// Wrong tries before the solution is shown.
pub const MAX_WRONG: i64 = 3;

/// The shipped pack (PDN, one game per puzzle).
pub const PACK: &str = include_str!("../../../assets/puzzles/pack.pdn");

/// The pack, read once: (number, puzzle, its PDN).
static PACK_PUZZLES: LazyLock<Vec<(PuzzleId, Puzzle, String)>> = LazyLock::new(|| read_pack(PACK));

/// Read a pack; puzzles that do not parse are skipped (the test suite
/// checks that none is).
pub fn read_pack(text: &str) -> Vec<(PuzzleId, Puzzle, String)> {
    let Ok(games) = parse_pdn(text) else {
        tracing::error!("the puzzle pack does not parse");
        return Vec::new();
    };
    games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let n = g
                .tag("Round")
                .and_then(|r| r.parse().ok())
                .unwrap_or(i as i64 + 1);
            let p = Puzzle::from_pdn(g).ok()?;
            let pdn = p.to_pdn(n as usize);
            Some((PuzzleId(n), p, pdn))
        })
        .collect()
}

/// Load the shipped pack into the database when it is new or changed.
pub fn ensure_pack(c: &Tx) -> StoreResult<()> {
    let version = format!("{}:{}", PACK_PUZZLES.len(), PACK.len());
    if store::get_setting(c, "puzzle_pack")?.as_deref() == Some(version.as_str()) {
        return Ok(());
    }
    for (n, p, pdn) in PACK_PUZZLES.iter() {
        let themes: Vec<&str> = p.themes.iter().map(|t| t.key()).collect();
        db::insert_puzzle(
            c,
            *n,
            &p.id(),
            pdn,
            p.rating as f64,
            p.difficulty as i64,
            &themes.join(" "),
        )?;
    }
    store::set_setting(c, "puzzle_pack", &version)?;
    Ok(())
}

/// Say something in the chat, with a board and buttons.
pub(crate) fn say_with(
    x: &mut Ctx,
    text: String,
    board: Option<BoardView>,
    choices: Vec<Vec<Choice>>,
) {
    let mut d = Draft::text(x.here(), text);
    d.board = board;
    d.choices = choices;
    x.post(d);
}

/// Hint and solution buttons under a question (and Discord's "Open
/// board").
pub(crate) fn question_buttons(x: &Ctx, id: PuzzleId) -> Vec<Vec<Choice>> {
    let mut row = vec![
        Payload::PuzzleHint.button(x.t("button-puzzle-hint", None)),
        Payload::PuzzleSolution.button(x.t("button-puzzle-solution", None)),
    ];
    row.extend(crate::core::web::puzzle_open_button(x, id));
    vec![row]
}

/// Ask puzzle `id` in the chat: the text, its board, the question's
/// buttons, and "Open board" on Telegram where the web board is set up.
pub(crate) fn ask(x: &mut Ctx, id: PuzzleId, text: String, board: BoardView) -> Res<()> {
    let mut d = Draft::text(x.here(), text);
    d.board = Some(board);
    d.choices = question_buttons(x, id);
    d.link = crate::core::web::puzzle_open_link(x, id)?;
    x.post(d);
    Ok(())
}

/// The "next puzzle" button under an ending.
pub(crate) fn next_buttons(x: &Ctx) -> Vec<Vec<Choice>> {
    vec![vec![
        Payload::PuzzleNext.button(x.t("button-puzzle-next", None))
    ]]
}

pub(crate) fn load(row: &PuzzleRow) -> Option<Puzzle> {
    let g = parse_pdn(&row.pdn).ok()?;
    Puzzle::from_pdn(g.first()?).ok()
}

/// The moves of an attempt so far.
pub(crate) fn attempt_moves(p: &Puzzle, a: &AttemptRow) -> Option<Vec<Move>> {
    let mut pos = p.start;
    let mut out = Vec::new();
    for t in a.moves.split_whitespace() {
        let mv = parse_move(&pos, t).ok()?;
        pos = pos.make(&mv);
        out.push(mv);
    }
    Some(out)
}

// ------------------------------------------------------------- showing ----

/// A puzzle's board, from the solver's side, in the chat's theme.
pub(crate) fn board_for(
    x: &Ctx,
    id: PuzzleId,
    p: &Puzzle,
    pos: Position,
    last: Option<(Position, Move)>,
) -> BoardView {
    let a = args![("color", color_key(p.solver()))];
    let caption = x.t("puzzle-caption", Some(&a));
    // the start board has a name of its own (see start_board_name)
    let name = if last.is_none() && pos == p.start {
        format!("puzzle-{id}")
    } else {
        "puzzle".into()
    };
    let shows_a_move = last.is_some();
    let mut b = x.board(pos, last, p.solver() == Color::Black, caption, name);
    // a move drawn on the board is part of the solution: hidden from the
    // others in the chat until they look
    b.hidden = shows_a_move;
    b
}

/// The name a puzzle's start board is sent under (`board-puzzle-7.png`):
/// the same picture wherever it is shown, so a platform that keeps what it
/// sent may show it again (Telegram's inline mode).
pub fn start_board_name(id: PuzzleId) -> String {
    format!("board-puzzle-{id}.png")
}

pub(crate) fn themes_text(x: &Ctx, row: &PuzzleRow) -> String {
    let names: Vec<String> = row
        .themes
        .split_whitespace()
        .map(|t| x.t(&format!("theme-{t}"), None))
        .collect();
    if names.is_empty() {
        x.t("theme-material", None)
    } else {
        names.join(", ")
    }
}

/// Show the attempt's current position with the question.
pub(crate) fn show_attempt(x: &mut Ctx, row: &PuzzleRow, p: &Puzzle, a: &AttemptRow) -> Res<()> {
    let moves = attempt_moves(p, a).unwrap_or_default();
    let (pos, _) = walk(p, &moves).unwrap_or((p.start, &p.root));
    let last = moves.split_last().map(|(last, earlier)| {
        let before = earlier.iter().fold(p.start, |pos, m| pos.make(m));
        (before, *last)
    });
    let args = args![
        ("id", row.id),
        ("rating", row.rating.round() as i64),
        ("themes", themes_text(x, row)),
        ("color", color_key(p.solver())),
        ("moves", num(p.solver_moves() as i64))
    ];
    let text = x.t("puzzle-show", Some(&args));
    let board = board_for(x, row.id, p, pos, last);
    ask(x, row.id, text, board)
}
