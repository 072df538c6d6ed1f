//! `/puzzle` and `/top puzzles`.

use super::attempt::{close, give_up, start, start_new};
use super::daily::daily_puzzle_id;
use super::kind::{has_pack, WITH_PACKS};
use super::{answer, ensure_pack, load, show_attempt};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::i18n::num;
use crate::core::input::args::PuzzleArgs;
use crate::core::time::day_of;
use crate::store::puzzles as db;
use shashki_engine::Variant;

/// Refuse a variant without a pack (naming those with one); `true` when
/// refused.
pub(super) fn refused(x: &mut Ctx, variant: Variant) -> bool {
    if has_pack(variant) {
        return false;
    }
    let names: Vec<String> = WITH_PACKS.iter().map(|v| x.variant_name(*v)).collect();
    let a = args![
        ("variant", x.variant_name(variant)),
        ("variants", names.join(", "))
    ];
    x.tell_id("puzzle-no-pack", Some(&a));
    true
}

/// The variant of the user's latest puzzle here (Russian when none): what
/// "next puzzle" continues with.
fn latest_variant(x: &Ctx) -> Res<Variant> {
    Ok(db::latest_variant(x.c, x.user.id, x.chat.id)?.unwrap_or(Variant::Russian))
}

/// Today's daily puzzle of `variant` for the user: the chat's posted one
/// when it is of `variant`, or the pack's puzzle of the UTC day.
fn daily(x: &mut Ctx, variant: Variant) -> Res<()> {
    let day = day_of(x.now);
    let posted = match db::daily(x.c, x.chat.id)?.and_then(|d| d.last_puzzle.zip(d.last_day)) {
        Some((id, posted_day)) => db::puzzle(x.c, id)?
            .filter(|row| row.variant == variant)
            .map(|_| (id, posted_day)),
        None => None,
    };
    let id = match posted {
        Some(posted) => posted,
        None => match daily_puzzle_id(x.c, variant, day)? {
            Some(id) => (id, day),
            None => return Ok(()),
        },
    };
    if db::daily_attempt(x.c, x.user.id, x.chat.id, variant, id.1)?.is_some() {
        x.tell_id("puzzle-daily-done", None);
        return Ok(());
    }
    if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
        close(x, &a, false, true)?;
    }
    start(x, id.0, Some(id.1))
}

/// `/puzzle [variant] [move | solution | next | daily | #n]`.
pub fn cmd_puzzle(x: &mut Ctx, a: PuzzleArgs) -> Res<()> {
    ensure_pack(x.c)?;
    let variant = match a {
        PuzzleArgs::Variant(v) | PuzzleArgs::DailyOf(v) => v,
        _ => Variant::Russian,
    };
    if refused(x, variant) {
        return Ok(());
    }
    if db::puzzle_count(x.c, variant)? == 0 {
        x.tell_id("puzzle-none", None);
        return Ok(());
    }
    match a {
        PuzzleArgs::Current => {
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                if let Some(row) = db::puzzle(x.c, a.puzzle_id)? {
                    if let Some(p) = load(&row) {
                        return show_attempt(x, &row, &p, &a);
                    }
                }
            }
            start_new(x, Variant::Russian)
        }
        PuzzleArgs::Variant(v) => {
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                if let Some(row) = db::puzzle(x.c, a.puzzle_id)? {
                    if row.variant == v {
                        if let Some(p) = load(&row) {
                            return show_attempt(x, &row, &p, &a);
                        }
                    }
                }
                // another variant's puzzle is left, as `/puzzle next` leaves it
                close(x, &a, false, true)?;
            }
            start_new(x, v)
        }
        PuzzleArgs::Solution => give_up(x),
        PuzzleArgs::Next => {
            let v = latest_variant(x)?;
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                close(x, &a, false, true)?;
            }
            start_new(x, v)
        }
        PuzzleArgs::Daily => daily(x, Variant::Russian),
        PuzzleArgs::DailyOf(v) => daily(x, v),
        PuzzleArgs::Number(n) => {
            if db::puzzle(x.c, n)?.is_none() {
                x.tell_id("puzzle-unknown", Some(&args![("id", format!("#{n}"))]));
                return Ok(());
            }
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                close(x, &a, false, true)?;
            }
            start(x, n, None)
        }
        PuzzleArgs::Answer(text) => {
            if !answer(x, &text)? {
                x.tell_id("puzzle-no-open", None);
            }
            Ok(())
        }
    }
}

/// `/top puzzles [variant]`: the chat's puzzle leaderboard in a pack's
/// variant (Russian draughts unless named).
pub fn cmd_top(x: &mut Ctx, variant: Variant) -> Res<()> {
    if refused(x, variant) {
        return Ok(());
    }
    let rows = db::top_players(x.c, x.chat.id, variant, 10)?;
    if rows.is_empty() {
        x.tell_id("puzzle-top-empty", None);
        return Ok(());
    }
    let mut lines = vec![x.t("puzzle-top-header", None)];
    for (i, (name, p)) in rows.iter().enumerate() {
        let a = args![
            ("place", num(i as i64 + 1)),
            ("name", name.clone()),
            ("rating", num(p.rating.round() as i64)),
            ("solved", num(p.solved)),
            ("failed", num(p.failed)),
            ("streak", num(p.streak)),
            ("best", num(p.best_streak))
        ];
        lines.push(x.t("puzzle-top-line", Some(&a)));
    }
    let text = lines.join("\n");
    x.say_text(text);
    Ok(())
}
