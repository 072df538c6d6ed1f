//! The web board's puzzle page (issue 24): one user's go at one puzzle in
//! one chat. What the page shows is read here; its answers, its hint and
//! its surrender are events of that user in that chat (button payloads,
//! as a game page's moves are) and end in the chat's own handlers —
//! [`judged`] judges a page's answer as it judges a typed one, `/hint`
//! and `/puzzle solution` answer the rest — once the user's open attempt
//! in the chat is the page's puzzle.
//!
//! Every pack's puzzle has its page: Russian draughts on 8×8, International
//! on the numbered 10×10 board, its moves in square numbers.

use super::attempt::{close, current_daily_for, give_up, judged, new_attempt};
use super::kind::ChatPuzzle;
use super::{attempt_moves, ensure_pack, last_of, load, themes_text};
use crate::args;
use crate::core::access::AccessRefusal;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::variants::square_name;
use crate::core::i18n::num;
use crate::core::present::text::color_key;
use crate::core::web::{
    any_board_string, any_squares, any_web_squares, color_word, piece_names, web_colors,
    web_moves_of, PuzzleLabels, PuzzleWebView, WebRefusal,
};
use crate::store::puzzles::{self as db, AttemptRow, PuzzleRow};
use crate::store::{AttemptStatus, PuzzleId};
use shashki_engine::{AnyMove, AnyPosition};

/// Where the user's go at a puzzle here stands.
enum Go {
    /// Not tried here (or the chat's daily of today, not tried today):
    /// the first answer starts it, as the daily's `day` when it is one.
    New {
        daily: Option<i64>,
    },
    Open(AttemptRow),
    /// Solved or missed.
    Over(AttemptRow),
}

fn go(x: &Ctx, puzzle: PuzzleId) -> Res<Go> {
    let (user, chat) = (x.user.id, x.chat.id);
    if let Some(a) = db::open_attempt(x.c, user, chat)?.filter(|a| a.puzzle_id == puzzle) {
        return Ok(Go::Open(a));
    }
    if let Some((_, day)) = current_daily_for(x.c, user, chat)?.filter(|(r, _)| r.id == puzzle) {
        return Ok(Go::New { daily: Some(day) });
    }
    Ok(match db::latest_attempt_at(x.c, user, chat, puzzle)? {
        Some(a) if a.status != AttemptStatus::Open => Go::Over(a),
        _ => Go::New { daily: None },
    })
}

/// The puzzle and its tree, if it is in a pack.
fn puzzle_of(x: &Ctx, puzzle: PuzzleId) -> Res<Option<(PuzzleRow, ChatPuzzle)>> {
    Ok(db::puzzle(x.c, puzzle)?.and_then(|row| load(&row).map(|p| (row, p))))
}

/// Make `puzzle` the user's open attempt here: it is; or it is new to
/// them here, and starts now (their other open puzzle here left, as
/// `/puzzle #n` leaves it); a go that is over is refused.
fn focus(x: &mut Ctx, puzzle: PuzzleId) -> Res<AttemptRow> {
    match go(x, puzzle)? {
        Go::Open(a) => Ok(a),
        Go::Over(_) => Err(WebRefusal::PuzzleOver { puzzle }.into()),
        Go::New { daily } => {
            if let Some(other) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                close(x, &other, false, true)?;
            }
            new_attempt(x, puzzle, daily)
        }
    }
}

/// The puzzle when it is in the pack; else the user is told so (`None`).
fn known(x: &mut Ctx, puzzle: PuzzleId) -> Res<Option<(PuzzleRow, ChatPuzzle)>> {
    ensure_pack(x.c)?;
    let found = puzzle_of(x, puzzle)?;
    if found.is_none() {
        x.tell_id("puzzle-unknown", Some(&args![("id", format!("#{puzzle}"))]));
    }
    Ok(found)
}

/// A puzzle of any pack, for the buttons under a question in the chat
/// (the page's answers too); else the user is told it is unknown.
fn in_a_pack(x: &mut Ctx, puzzle: PuzzleId) -> Res<Option<(PuzzleRow, ChatPuzzle)>> {
    ensure_pack(x.c)?;
    let found = db::puzzle(x.c, puzzle)?.and_then(|row| load(&row).map(|p| (row, p)));
    if found.is_none() {
        x.tell_id("puzzle-unknown", Some(&args![("id", format!("#{puzzle}"))]));
    }
    Ok(found)
}

/// The go's moves and position when it stands at `step` (a button's);
/// refused as stale when it has moved on.
fn at_step(p: &ChatPuzzle, a: &AttemptRow, step: u16) -> Res<(Vec<AnyMove>, AnyPosition)> {
    let moves = attempt_moves(p, a).ok_or(AccessRefusal::ButtonStale)?;
    if moves.len() != usize::from(step) {
        return Err(AccessRefusal::ButtonStale.into());
    }
    let (pos, _) = p.at(&moves).ok_or(AccessRefusal::ButtonStale)?;
    Ok((moves, pos))
}

/// A button drawn when the go had `wrong` wrong tries (`None`: a button
/// made before they were kept, judged as before): refused when a wrong
/// try has been counted since it was drawn — the same press delivered
/// twice (a double tap, a retried update, two devices, a page's answer
/// posted twice), or another button of that drawing: the answer to the
/// counted try carries the buttons to try again. A count the go never
/// had is another go's button: stale. Refused whatever the move: a
/// refusal that let the right move through would tell it from the wrong
/// ones for free.
fn drawn_now(a: &AttemptRow, wrong: Option<u8>) -> Res<()> {
    match wrong.map(i64::from) {
        None => Ok(()),
        Some(w) if w == a.wrong => Ok(()),
        Some(w) if w < a.wrong => Err(WebRefusal::PuzzleTryCounted {
            puzzle: a.puzzle_id,
        }
        .into()),
        Some(_) => Err(AccessRefusal::ButtonStale.into()),
    }
}

/// An answer by button (the page's, or a move button under a question in
/// the chat): the `index`-th legal move (as [`ChatPuzzle::legal`] orders
/// them: the buttons' order, by their text) after the go's first `step`
/// moves and its `wrong` tries — refused when the go has moved on since
/// the button was shown, or a wrong try was counted since (see
/// [`drawn_now`]).
pub(crate) fn web_answer(
    x: &mut Ctx,
    puzzle: PuzzleId,
    step: u16,
    index: u16,
    wrong: Option<u8>,
) -> Res<()> {
    let Some((row, p)) = in_a_pack(x, puzzle)? else {
        return Ok(());
    };
    let a = focus(x, puzzle)?;
    let (moves, pos) = at_step(&p, &a, step)?;
    drawn_now(&a, wrong)?;
    let mv = p
        .legal(&pos)
        .get(usize::from(index))
        .copied()
        .ok_or(AccessRefusal::ButtonStale)?;
    judged(x, &a, &row, &p, &moves, mv)
}

/// A piece pressed under a question: its moves as buttons, for the
/// presser (the go at `step`, the piece on square number `square`), drawn
/// with the go's wrong tries as they are now; it changes nothing stored.
pub(crate) fn piece_moves(x: &mut Ctx, puzzle: PuzzleId, step: u16, square: u8) -> Res<()> {
    let Some((_, p)) = in_a_pack(x, puzzle)? else {
        return Ok(());
    };
    // only read: showing a piece's moves starts no go and leaves the
    // presser's other open puzzle as it is (the move pressed next does)
    let (pos, wrong) = match go(x, puzzle)? {
        Go::Open(a) => (at_step(&p, &a, step)?.1, super::tries(a.wrong)),
        Go::New { .. } if step == 0 => (p.at(&[]).ok_or(AccessRefusal::ButtonStale)?.0, 0),
        Go::New { .. } => return Err(AccessRefusal::ButtonStale.into()),
        Go::Over(_) => return Err(WebRefusal::PuzzleOver { puzzle }.into()),
    };
    let choices = super::move_buttons(x, puzzle, &p, &pos, step, wrong, Some(square));
    if choices.is_empty() {
        return Err(crate::core::input::InputRefusal::ButtonInvalid.into());
    }
    let name = square.to_string();
    let text = x.t("choose-target", Some(&args![("square", name)]));
    let mut d = crate::core::present::Draft::text(x.private(), text);
    d.choices = choices;
    x.post(d);
    Ok(())
}

/// A page's hint: `/hint` on the page's puzzle.
pub(crate) fn web_hint(x: &mut Ctx, puzzle: PuzzleId) -> Res<()> {
    if known(x, puzzle)?.is_none() {
        return Ok(());
    }
    focus(x, puzzle)?;
    super::cmd_hint(x)
}

/// A page's surrender: `/puzzle solution` on the page's puzzle (nothing to
/// do once the go is over: the page reads the solution then).
pub(crate) fn web_give_up(x: &mut Ctx, puzzle: PuzzleId) -> Res<()> {
    if known(x, puzzle)?.is_none() {
        return Ok(());
    }
    if let Go::Over(_) = go(x, puzzle)? {
        return Ok(());
    }
    focus(x, puzzle)?;
    give_up(x)
}

/// The solution, once the user's go at the puzzle here is over.
pub(crate) fn web_solution(x: &Ctx, puzzle: PuzzleId) -> Res<Option<String>> {
    let Some((_, p)) = puzzle_of(x, puzzle)? else {
        return Ok(None);
    };
    Ok(match go(x, puzzle)? {
        Go::Over(_) => Some(p.solution_text()),
        _ => None,
    })
}

/// What the puzzle's page shows the user (`None`: no such puzzle): the
/// board of its variant (8×8, or 10×10 numbered 1–50), the moves in its
/// notation, numbered as [`web_answer`] reads them.
pub(crate) fn web_view(x: &Ctx, puzzle: PuzzleId) -> Res<Option<PuzzleWebView>> {
    let Some((row, p)) = puzzle_of(x, puzzle)? else {
        return Ok(None);
    };
    let variant = p.variant();
    let go = go(x, puzzle)?;
    let attempt = match &go {
        Go::Open(a) | Go::Over(a) => Some(a),
        Go::New { .. } => None,
    };
    let moves = attempt
        .and_then(|a| attempt_moves(&p, a))
        .unwrap_or_default();
    let (mut pos, next) = p.at(&moves).unwrap_or((p.start(), None));
    let mut last = last_of(&p, &moves);
    let (state, status) = match &go {
        Go::New { .. } => ("new", x.t("web-puzzle-your-move", None)),
        Go::Open(_) => match moves.as_slice() {
            [before @ .., mv, reply] => {
                let at = before.iter().fold(p.start(), |pos, m| p.make(&pos, m));
                let after = p.make(&at, mv);
                let a = args![
                    ("move", p.write(&at, mv)),
                    ("reply", p.write(&after, reply)),
                    ("color", color_key(p.solver()))
                ];
                ("open", x.t("puzzle-right", Some(&a)))
            }
            _ => ("open", x.t("web-puzzle-your-move", None)),
        },
        Go::Over(a) if a.status == AttemptStatus::Solved => {
            // the go's moves stop before the winning one: the solution's
            // move from there shows it
            if let Some(mv) = next {
                last = Some((pos, mv));
                pos = p.make(&pos, &mv);
            }
            ("solved", x.t("web-puzzle-solved", None))
        }
        Go::Over(_) => ("failed", x.t("web-puzzle-failed", None)),
    };
    let squares = any_squares(variant);
    let (files, ranks) = variant.board().size();
    let task = x.t(
        "web-puzzle-task",
        Some(&args![
            ("color", color_key(p.solver())),
            ("moves", num(p.solver_moves() as i64)),
            ("rating", num(row.rating.round() as i64)),
            ("themes", themes_text(x, &row))
        ]),
    );
    let name = |c| square_name(variant, c);
    Ok(Some(PuzzleWebView {
        chat: x.chat.id.0,
        puzzle: puzzle.0,
        lang: x.lang.code().to_string(),
        title: x.t("web-puzzle-title", Some(&args![("id", puzzle)])),
        task,
        state,
        step: moves.len(),
        wrong: attempt.map_or(0, |a| super::tries(a.wrong)),
        you: color_word(p.solver()),
        status,
        files,
        ranks,
        squares: any_web_squares(variant, &squares),
        board: any_board_string(&pos, &squares),
        marks: last
            .map(|(_, m)| vec![name(m.from()), name(m.to())])
            .unwrap_or_default(),
        moves: match go {
            Go::New { .. } | Go::Open(_) => {
                let legal: Vec<(AnyMove, String)> = p
                    .legal(&pos)
                    .into_iter()
                    .map(|m| (m, p.write(&pos, &m)))
                    .collect();
                web_moves_of(variant, &legal)
            }
            Go::Over(_) => Vec::new(),
        },
        colors: web_colors(x),
        labels: PuzzleLabels {
            flip: x.t("web-flip", None),
            hint: x.t("button-puzzle-hint", None),
            solution: x.t("button-puzzle-solution", None),
            confirm_solution: x.t("web-puzzle-confirm-solution", None),
            pieces: piece_names(x),
        },
    }))
}
