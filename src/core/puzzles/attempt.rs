//! Attempts: starting a puzzle, answers, hints, giving up, and the end of
//! an attempt with its counts, streaks and ratings.

use super::kind::{ChatPuzzle, Judged};
use super::{
    ask, attempt_moves, board_for, ensure_pack, load, next_buttons, say_with, show_attempt,
    MAX_WRONG,
};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::i18n::num;
use crate::core::present::text::color_key;
use crate::core::ratings::{self, Glicko};
use crate::core::types::spoiler;
use crate::core::web::WebRefusal;
use crate::store::puzzles::{self as db, AttemptRow, PlayerRow, PuzzleRow, WrongTry};
use crate::store::{AttemptStatus, ChatId, PuzzleId, Tx, UserId};
use shashki_engine::{AnyMove, Variant};

/// Open an attempt at puzzle `id` (rated the first time the user meets it).
pub(super) fn new_attempt(x: &Ctx, id: PuzzleId, daily_day: Option<i64>) -> Res<AttemptRow> {
    let rated = !db::tried(x.c, x.user.id, id)?;
    let aid = db::insert_attempt(x.c, x.user.id, x.chat.id, id, daily_day, rated, x.now)?;
    Ok(AttemptRow {
        id: aid,
        user_id: x.user.id,
        chat_id: x.chat.id,
        puzzle_id: id,
        daily_day,
        moves: String::new(),
        wrong: 0,
        hints: 0,
        status: AttemptStatus::Open,
        rated,
        started_at: x.now,
    })
}

/// A new puzzle of `variant` near the user's puzzle rating in it.
pub(crate) fn start_new(x: &mut Ctx, variant: Variant) -> Res<()> {
    let me = db::player(x.c, x.user.id, ChatId::EVERYWHERE, variant)?;
    let near = db::puzzles_near(x.c, x.user.id, variant, me.rating, 5)?;
    let pick = if near.is_empty() {
        db::puzzle_oldest_tried(x.c, x.user.id, variant)?
    } else {
        let i = (x.now ^ x.user.id.0.wrapping_mul(0x9E37)).rem_euclid(near.len() as i64);
        near.into_iter().nth(i as usize)
    };
    match pick {
        Some(row) => start(x, row.id, None),
        None => {
            x.tell_id("puzzle-none", None);
            Ok(())
        }
    }
}

pub(crate) fn start(x: &mut Ctx, id: PuzzleId, daily_day: Option<i64>) -> Res<()> {
    let Some(row) = db::puzzle(x.c, id)? else {
        x.tell_id("puzzle-none", None);
        return Ok(());
    };
    let Some(p) = load(&row) else {
        x.tell_id("puzzle-none", None);
        return Ok(());
    };
    let a = new_attempt(x, id, daily_day)?;
    show_attempt(x, &row, &p, &a)
}

/// The chat's posted daily puzzle, if the user has not tried it.
pub(super) fn current_daily_for(
    c: &Tx,
    user: UserId,
    chat: ChatId,
) -> Res<Option<(PuzzleRow, i64)>> {
    let Some(d) = db::daily(c, chat)? else {
        return Ok(None);
    };
    let (Some(id), Some(day)) = (d.last_puzzle, d.last_day) else {
        return Ok(None);
    };
    let Some(row) = db::puzzle(c, id)? else {
        return Ok(None);
    };
    if db::daily_attempt(c, user, chat, row.variant, day)?.is_some() {
        return Ok(None);
    }
    Ok(Some((row, day)))
}

/// Take `text` as the answer to the user's puzzle here. `false` when the
/// user has no puzzle to answer (the text is left for the games).
pub fn answer(x: &mut Ctx, text: &str) -> Res<bool> {
    ensure_pack(x.c)?;
    let (attempt, row) = match db::open_attempt(x.c, x.user.id, x.chat.id)? {
        Some(a) => match db::puzzle(x.c, a.puzzle_id)? {
            Some(r) => (a, r),
            None => return Ok(false),
        },
        None => {
            let Some((row, day)) = current_daily_for(x.c, x.user.id, x.chat.id)? else {
                return Ok(false);
            };
            let Some(p) = load(&row) else {
                return Ok(false);
            };
            if p.parse(&p.start(), text).is_err() {
                return Ok(false);
            }
            (new_attempt(x, row.id, Some(day))?, row)
        }
    };
    let Some(p) = load(&row) else {
        return Ok(false);
    };
    let Some(moves) = attempt_moves(&p, &attempt) else {
        return Ok(false);
    };
    let Some((pos, _)) = p.at(&moves) else {
        return Ok(false);
    };
    let mv = match p.parse(&pos, text) {
        Ok(m) => m,
        Err(e) => {
            let legal: Vec<String> = p.legal(&pos).iter().map(|m| p.write(&pos, m)).collect();
            let detail = match e {
                shashki_engine::MoveError::Ambiguous { candidates, .. } => candidates.join(", "),
                _ => legal.join(", "),
            };
            x.tell_id(
                "puzzle-illegal",
                Some(&args![
                    ("move", crate::core::present::text::echo(text.trim())),
                    ("legal", detail)
                ]),
            );
            return Ok(true);
        }
    };
    judged(x, &attempt, &row, &p, &moves, mv)?;
    Ok(true)
}

/// Judge `mv`, played after the solution's `moves` so far in the open
/// `attempt` at the puzzle `row` (`p`): wrong (the third ends it), right
/// (the reply), or solved. The chat's answers and the web board's come
/// here alike. A wrong move is counted once at a step: a move tried
/// before at that step (a double tap, an update delivered twice, a page's
/// answer posted twice, a text repeated, a wrong move pressed again
/// later) is refused quietly and counts nothing; a wrong move not tried
/// before counts.
pub(super) fn judged(
    x: &mut Ctx,
    attempt: &AttemptRow,
    row: &PuzzleRow,
    p: &ChatPuzzle,
    moves: &[AnyMove],
    mv: AnyMove,
) -> Res<()> {
    let (Some((pos, _)), Some(verdict)) = (p.at(moves), p.judge(moves, &mv)) else {
        return Ok(());
    };
    let written = p.write(&pos, &mv);
    match verdict {
        Judged::Wrong => {
            let recorded = p.record(&mv);
            let at = WrongTry {
                step: i64::try_from(moves.len()).unwrap_or(i64::MAX),
                mv: &recorded,
            };
            let wrong = attempt.wrong + 1;
            // a try counted already is not recorded again, and refused
            if !db::record_wrong(x.c, attempt.id, wrong, at)? {
                return Err(WebRefusal::PuzzleTryCounted {
                    puzzle: attempt.puzzle_id,
                }
                .into());
            }
            let a = AttemptRow {
                wrong,
                ..attempt.clone()
            };
            if wrong >= MAX_WRONG {
                let sol = spoiler(&p.solution_text());
                close(x, &a, false, false)?;
                let text = x.t(
                    "puzzle-failed",
                    Some(&args![("move", written), ("solution", sol)]),
                );
                let buttons = next_buttons(x);
                say_with(x, text, None, buttons);
            } else {
                // a note for the presser alone (a toast): the question's
                // buttons stay theirs to try again
                x.tell_id(
                    "puzzle-wrong",
                    Some(&args![("move", written), ("left", num(MAX_WRONG - wrong))]),
                );
            }
        }
        Judged::Continue(reply) => {
            let mut all = moves.to_vec();
            all.push(mv);
            all.push(reply);
            let text_moves: Vec<String> = all.iter().map(|m| p.record(m)).collect();
            db::update_attempt(
                x.c,
                attempt.id,
                &text_moves.join(" "),
                attempt.wrong,
                attempt.hints,
            )?;
            let before = p.make(&pos, &mv);
            let after = p.make(&before, &reply);
            let board = board_for(x, row.id, p, after, Some((before, reply)));
            let a = args![
                ("move", written),
                ("reply", p.write(&before, &reply)),
                ("color", color_key(p.solver()))
            ];
            let text = x.t("puzzle-right", Some(&a));
            ask(x, row.id, p, all.len(), text, board)?;
        }
        Judged::Solved => {
            let after = p.make(&pos, &mv);
            let (player, delta) = close(x, attempt, true, false)?;
            let mut a = args![
                ("move", written),
                ("solution", spoiler(&p.solution_text())),
                ("streak", num(player.streak)),
                ("solved", num(player.solved))
            ];
            let text = match delta {
                Some(d) => {
                    a.set("rating", num(player.rating.round() as i64));
                    a.set("delta", format!("{:+}", d.round() as i64));
                    x.t("puzzle-solved", Some(&a))
                }
                None => x.t("puzzle-solved-unrated", Some(&a)),
            };
            let board = board_for(x, row.id, p, after, Some((pos, mv)));
            let buttons = next_buttons(x);
            say_with(x, text, Some(board), buttons);
        }
    }
    Ok(())
}

/// End an attempt: counts, streaks and (first meeting only) ratings, in
/// the chat and overall. Returns the chat record and the rating change.
pub(crate) fn close(
    x: &mut Ctx,
    a: &AttemptRow,
    solved: bool,
    abandoned: bool,
) -> Res<(PlayerRow, Option<f64>)> {
    let Some(row) = db::puzzle(x.c, a.puzzle_id)? else {
        db::finish_attempt(x.c, a.id, solved, x.now)?;
        return Ok((PlayerRow::default(), None));
    };
    // the records of the puzzle's variant: an International puzzle leaves
    // the Russian puzzle rating alone
    let variant = row.variant;
    if !db::finish_attempt(x.c, a.id, solved, x.now)? {
        return Ok((db::player(x.c, a.user_id, x.chat.id, variant)?, None));
    }
    if abandoned && a.moves.is_empty() && a.wrong == 0 && a.hints == 0 {
        // skipped before trying: no count, no rating
        return Ok((db::player(x.c, a.user_id, x.chat.id, variant)?, None));
    }
    let clean = solved && a.wrong == 0 && a.hints <= 1;
    let puzzle_r = Glicko {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    };
    let mut chat_record = PlayerRow::default();
    let mut delta = None;
    for scope in [a.chat_id, ChatId::EVERYWHERE] {
        let mut p = db::player(x.c, a.user_id, scope, variant)?;
        if a.rated {
            let me = Glicko {
                rating: p.rating,
                deviation: p.deviation,
                volatility: p.volatility,
            };
            let (n, np) = ratings::update(me, puzzle_r, Some(clean));
            if scope == ChatId::EVERYWHERE {
                db::save_puzzle_rating(x.c, row.id, np.rating, np.deviation, np.volatility, clean)?;
            } else {
                delta = Some(n.rating - p.rating);
            }
            p.rating = n.rating;
            p.deviation = n.deviation;
            p.volatility = n.volatility;
        }
        if solved {
            p.solved += 1;
        } else {
            p.failed += 1;
        }
        p.streak = if clean { p.streak + 1 } else { 0 };
        p.best_streak = p.best_streak.max(p.streak);
        db::save_player(x.c, a.user_id, scope, variant, &p)?;
        if scope == a.chat_id {
            chat_record = p;
        }
    }
    Ok((chat_record, delta))
}

pub(crate) fn give_up(x: &mut Ctx) -> Res<()> {
    let Some(a) = open_or_daily(x)? else {
        x.tell_id("puzzle-no-open", None);
        return Ok(());
    };
    let Some(p) = db::puzzle(x.c, a.puzzle_id)?.as_ref().and_then(load) else {
        return Ok(());
    };
    let failed = AttemptRow {
        // giving up after seeing the puzzle counts as a miss
        wrong: a.wrong.max(1),
        ..a
    };
    close(x, &failed, false, false)?;
    let text = x.t(
        "puzzle-gave-up",
        Some(&args![
            ("id", failed.puzzle_id),
            ("solution", spoiler(&p.solution_text()))
        ]),
    );
    let buttons = next_buttons(x);
    say_with(x, text, None, buttons);
    Ok(())
}

/// The user's open attempt here, or a new attempt at the chat's daily
/// puzzle when they have not tried it.
fn open_or_daily(x: &mut Ctx) -> Res<Option<AttemptRow>> {
    if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
        return Ok(Some(a));
    }
    let Some((row, day)) = current_daily_for(x.c, x.user.id, x.chat.id)? else {
        return Ok(None);
    };
    Ok(Some(new_attempt(x, row.id, Some(day))?))
}

/// `/hint`: first the piece, then the move.
pub fn cmd_hint(x: &mut Ctx) -> Res<()> {
    ensure_pack(x.c)?;
    let Some(a) = open_or_daily(x)? else {
        x.tell_id("puzzle-no-open", None);
        return Ok(());
    };
    let Some(p) = db::puzzle(x.c, a.puzzle_id)?.as_ref().and_then(load) else {
        return Ok(());
    };
    let moves = attempt_moves(&p, &a).unwrap_or_default();
    let Some((pos, next)) = p.at(&moves) else {
        return Ok(());
    };
    let hints = a.hints + 1;
    db::update_attempt(x.c, a.id, &a.moves, a.wrong, hints)?;
    let Some(mv) = next else {
        return Ok(());
    };
    if hints == 1 {
        x.tell_id(
            "puzzle-hint-square",
            Some(&args![("square", spoiler(&p.square(&mv)))]),
        );
    } else {
        x.tell_id(
            "puzzle-hint-move",
            Some(&args![("move", spoiler(&p.write(&pos, &mv)))]),
        );
    }
    Ok(())
}
