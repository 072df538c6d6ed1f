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
//! `d mod N` (pack order). A chat that turned `/daily on HH:MM ZONE
//! [VARIANT]` (an offset `±HH:MM` or an IANA name such as `Europe/Riga`;
//! a variant with a pack, Russian draughts unless named and kept until
//! named again) gets its variant's posted at that local time; the post
//! also gives the previous daily's solution (in that puzzle's notation).
//!
//! **Packs.** Two variants have a pack: Russian draughts (`/puzzle`, the
//! numbers 1…) and International draughts (`/puzzle international`, the
//! numbers 10001…: [`INTERNATIONAL_FIRST`] plus the pack's Round). A
//! puzzle is stored with its variant; ratings, counts and streaks are kept
//! per variant, and each pack has its own daily rotation (`/puzzle daily
//! international`, `/daily international`). The posted daily is the
//! chat's variant's (`/daily on … international`).

mod attempt;
mod commands;
mod daily;
mod kind;
mod web;

pub use kind::{has_pack, ChatPuzzle, WITH_PACKS};

pub(crate) use attempt::{answer, cmd_hint};
pub(crate) use commands::{cmd_puzzle, cmd_top};
pub(crate) use daily::{cmd_daily, dailies_due, daily_puzzle_id, next_daily_wakeup, post_daily};
pub(crate) use web::{piece_moves, web_answer, web_give_up, web_hint, web_solution, web_view};

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
use shashki_engine::puzzle::{Puzzle, PuzzleRules};
use shashki_engine::rules::International;
use shashki_engine::{AnyMove, AnyPosition, Color, Variant};
use std::sync::LazyLock;

/// Wrong tries before the solution is shown.
pub const MAX_WRONG: i64 = 3;

/// The shipped pack (PDN, one game per puzzle).
pub const PACK: &str = include_str!("../../../assets/puzzles/pack.pdn");

/// The shipped International pack (GameType 20, square numbers 1–50).
pub const INTERNATIONAL_PACK: &str = include_str!("../../../assets/puzzles/international.pdn");

/// The International puzzles' numbers start after this one (`#10001` is
/// the pack's Round 1): one numbering for every pack, so a puzzle's number
/// (in `/puzzle #n`, the attempts, the web links) names it alone.
pub const INTERNATIONAL_FIRST: i64 = 10_000;

/// The pack, read once: (number, puzzle, its PDN).
static PACK_PUZZLES: LazyLock<Vec<(PuzzleId, Puzzle, String)>> = LazyLock::new(|| read_pack(PACK));

/// The International pack, read once.
static INTERNATIONAL_PUZZLES: LazyLock<Vec<(PuzzleId, Puzzle<International>, String)>> =
    LazyLock::new(|| read_international_pack(INTERNATIONAL_PACK));

/// Read a pack of `R`, numbering its puzzles from `first` (+ Round);
/// puzzles that do not parse are skipped (the test suite checks that none
/// is).
fn read_pack_in<R: PuzzleRules>(text: &str, first: i64) -> Vec<(PuzzleId, Puzzle<R>, String)> {
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
            // each pack numbers within its own span: a Round past it would
            // take (or lose to) the other pack's id
            if !(1..=INTERNATIONAL_FIRST).contains(&n) {
                tracing::error!(round = n, "a puzzle's Round is outside 1..=10000; left out");
                return None;
            }
            let p = Puzzle::<R>::from_pdn_in(g).ok()?;
            let pdn = p.to_pdn(n as usize);
            Some((PuzzleId(first + n), p, pdn))
        })
        .collect()
}

/// Read a Russian pack (numbered by its Rounds).
pub fn read_pack(text: &str) -> Vec<(PuzzleId, Puzzle, String)> {
    read_pack_in(text, 0)
}

/// Read an International pack (numbered [`INTERNATIONAL_FIRST`] + Round).
pub fn read_international_pack(text: &str) -> Vec<(PuzzleId, Puzzle<International>, String)> {
    read_pack_in(text, INTERNATIONAL_FIRST)
}

/// Store a pack's puzzles when the pack is new or changed (`key` names
/// its version's setting).
fn store_pack<R: PuzzleRules>(
    c: &Tx,
    key: &str,
    text: &str,
    variant: Variant,
    puzzles: &[(PuzzleId, Puzzle<R>, String)],
) -> StoreResult<()> {
    let version = format!("{}:{}", puzzles.len(), text.len());
    if store::get_setting(c, key)?.as_deref() == Some(version.as_str()) {
        return Ok(());
    }
    for (n, p, pdn) in puzzles {
        let themes: Vec<&str> = p.themes.iter().map(|t| t.key()).collect();
        db::insert_puzzle(
            c,
            *n,
            variant,
            &p.id(),
            pdn,
            p.rating as f64,
            p.difficulty as i64,
            &themes.join(" "),
        )?;
    }
    store::set_setting(c, key, &version)
}

/// Load the shipped packs into the database when new or changed.
pub fn ensure_pack(c: &Tx) -> StoreResult<()> {
    store_pack(c, "puzzle_pack", PACK, Variant::Russian, &PACK_PUZZLES)?;
    store_pack(
        c,
        "puzzle_pack_international",
        INTERNATIONAL_PACK,
        Variant::International,
        &INTERNATIONAL_PUZZLES,
    )
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

/// Whether a puzzle of `variant` opens on the web board: every pack's
/// (8×8, and 10×10 numbered 1–50).
pub(crate) fn on_the_web(variant: Variant) -> bool {
    has_pack(variant)
}

/// Whether a question of `variant` carries move buttons, as a wide
/// game's board does (International); an 8×8 question is answered by text
/// or on the web board, as before.
pub(crate) fn with_move_buttons(variant: Variant) -> bool {
    variant.board() != shashki_engine::BoardKind::Eight
}

/// Hint and solution buttons under a question (and Discord's "Open
/// board").
pub(crate) fn question_buttons(x: &Ctx, id: PuzzleId, variant: Variant) -> Vec<Vec<Choice>> {
    let mut row = vec![
        Payload::PuzzleHint.button(x.t("button-puzzle-hint", None)),
        Payload::PuzzleSolution.button(x.t("button-puzzle-solution", None)),
    ];
    if on_the_web(variant) {
        row.extend(crate::core::web::puzzle_open_button(x, id));
    }
    vec![row]
}

/// A go's wrong tries as its move buttons carry them (a go has at most
/// [`MAX_WRONG`]).
pub(crate) fn tries(wrong: i64) -> u8 {
    u8::try_from(wrong).unwrap_or(u8::MAX)
}

/// The move buttons of puzzle `id` (`p`) at `pos`, after the go's first
/// `step` moves and `wrong` wrong tries (each move's button carries both:
/// see [`Payload::PuzzleMove`]), as a game's wide board has them: every move when few,
/// else the pieces first (each carrying its square's number), or the
/// moves of the piece on square number `piece`. Rows beyond the
/// platform's (one kept for the question's own buttons) are left out: a
/// typed answer always works.
pub(crate) fn move_buttons(
    x: &Ctx,
    id: PuzzleId,
    p: &ChatPuzzle,
    pos: &AnyPosition,
    step: u16,
    wrong: u8,
    piece: Option<u8>,
) -> Vec<Vec<Choice>> {
    use crate::core::games::variants::square_code;
    use crate::core::present::buttons::{MOVES_AT_ONCE, MOVES_PER_ROW};
    let variant = p.variant();
    let moves = p.legal(pos);
    let code = |m: &AnyMove| square_code(variant, m.from());
    let mut buttons: Vec<Choice> = Vec::new();
    if moves.len() <= MOVES_AT_ONCE || piece.is_some() {
        for (i, m) in moves.iter().enumerate() {
            if piece.is_none_or(|s| code(m) == Some(s)) {
                let index = u16::try_from(i).unwrap_or(u16::MAX);
                let pay = Payload::PuzzleMove {
                    puzzle: id,
                    step,
                    index,
                    wrong: Some(wrong),
                };
                buttons.push(pay.button(p.write(pos, m)));
            }
        }
    } else {
        let mut squares: Vec<u8> = moves.iter().filter_map(code).collect();
        squares.sort_unstable();
        squares.dedup();
        for square in squares {
            let pay = Payload::PuzzlePiece {
                puzzle: id,
                step,
                square,
            };
            buttons.push(pay.button(square.to_string()));
        }
    }
    let rows = x.platform.limits().rows_max.saturating_sub(1).max(1);
    buttons
        .chunks(MOVES_PER_ROW)
        .take(rows)
        .map(<[Choice]>::to_vec)
        .collect()
}

/// Ask puzzle `id` in the chat: the text, its board, the question's
/// buttons, and "Open board" on Telegram where the web board is set up.
/// A puzzle on a wide board (International) has move buttons too, after
/// the go's first `step` moves and its `wrong` tries.
pub(crate) fn ask(
    x: &mut Ctx,
    id: PuzzleId,
    p: &ChatPuzzle,
    (step, wrong): (usize, i64),
    text: String,
    board: BoardView,
) -> Res<()> {
    let variant = board.variant;
    let mut d = Draft::text(x.here(), text);
    d.choices = if with_move_buttons(variant) {
        let step = u16::try_from(step).unwrap_or(u16::MAX);
        move_buttons(x, id, p, &board.position, step, tries(wrong), None)
    } else {
        Vec::new()
    };
    d.board = Some(board);
    d.choices.extend(question_buttons(x, id, variant));
    d.link = if on_the_web(variant) {
        crate::core::web::puzzle_open_link(x, id)?
    } else {
        None
    };
    x.post(d);
    Ok(())
}

/// The "next puzzle" button under an ending.
pub(crate) fn next_buttons(x: &Ctx) -> Vec<Vec<Choice>> {
    vec![vec![
        Payload::PuzzleNext.button(x.t("button-puzzle-next", None))
    ]]
}

/// The stored puzzle, read under its variant's rules.
pub(crate) fn load(row: &PuzzleRow) -> Option<ChatPuzzle> {
    let g = parse_pdn(&row.pdn).ok()?;
    let g = g.first()?;
    match row.variant {
        Variant::Russian => Puzzle::from_pdn(g).ok().map(ChatPuzzle::Russian),
        Variant::International => Puzzle::from_pdn_in(g).ok().map(ChatPuzzle::International),
        _ => None,
    }
}

/// The moves of an attempt so far.
pub(crate) fn attempt_moves(p: &ChatPuzzle, a: &AttemptRow) -> Option<Vec<AnyMove>> {
    p.line(&a.moves)
}

/// The position before the last of `moves` and that move, if any.
pub(crate) fn last_of(p: &ChatPuzzle, moves: &[AnyMove]) -> Option<(AnyPosition, AnyMove)> {
    moves.split_last().map(|(last, earlier)| {
        let before = earlier.iter().fold(p.start(), |pos, m| p.make(&pos, m));
        (before, *last)
    })
}

// ------------------------------------------------------------- showing ----

/// A puzzle's board, from the solver's side, in the chat's theme.
pub(crate) fn board_for(
    x: &Ctx,
    id: PuzzleId,
    p: &ChatPuzzle,
    pos: AnyPosition,
    last: Option<(AnyPosition, AnyMove)>,
) -> BoardView {
    let a = args![("color", color_key(p.solver()))];
    let caption = x.t("puzzle-caption", Some(&a));
    // the start board has a name of its own (see start_board_name)
    let name = if last.is_none() && pos == p.start() {
        format!("puzzle-{id}")
    } else {
        "puzzle".into()
    };
    let shows_a_move = last.is_some();
    let flip = p.solver() == Color::Black;
    let mut b = x.board_any(pos, last, flip, caption, name, p.variant());
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
pub(crate) fn show_attempt(
    x: &mut Ctx,
    row: &PuzzleRow,
    p: &ChatPuzzle,
    a: &AttemptRow,
) -> Res<()> {
    let moves = attempt_moves(p, a).unwrap_or_default();
    let (pos, _) = p.at(&moves).unwrap_or((p.start(), None));
    let last = last_of(p, &moves);
    let args = args![
        ("id", row.id),
        ("rating", row.rating.round() as i64),
        ("themes", themes_text(x, row)),
        ("color", color_key(p.solver())),
        ("moves", num(p.solver_moves() as i64)),
        ("example", p.example())
    ];
    let text = x.t("puzzle-show", Some(&args));
    let board = board_for(x, row.id, p, pos, last);
    ask(x, row.id, p, (moves.len(), a.wrong), text, board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_outside_the_packs_span_is_left_out() {
        let pack = include_str!("../../../assets/puzzles/pack.pdn");
        let first = pack.split("\n\n[Event").next().unwrap();
        let game =
            |round: &str| first.replacen("[Round \"1\"]", &format!("[Round \"{round}\"]"), 1);
        assert_eq!(read_pack(&game("1"))[0].0, PuzzleId(1));
        assert_eq!(read_pack(&game("10000"))[0].0, PuzzleId(10_000));
        // 10001 is the International pack's first id; 0 and below are no one's
        for bad in ["10001", "0", "-3"] {
            assert!(read_pack(&game(bad)).is_empty(), "Round {bad}");
        }
    }
}
