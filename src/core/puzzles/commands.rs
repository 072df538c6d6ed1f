//! `/puzzle` and `/top puzzles`.

use super::attempt::{close, give_up, start, start_new};
use super::daily::daily_puzzle_id;
use super::{answer, ensure_pack, load, show_attempt};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::i18n::num;
use crate::core::time::day_of;
use crate::store::puzzles as db;

/// `/puzzle [move | solution | next | daily | #n]`.
pub fn cmd_puzzle(x: &mut Ctx, args: &[String]) -> Res<()> {
    ensure_pack(x.c)?;
    if db::puzzle_count(x.c)? == 0 {
        x.tell_id("puzzle-none", None);
        return Ok(());
    }
    let word = args.first().map(|s| s.to_lowercase());
    match word.as_deref() {
        None => {
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                if let Some(row) = db::puzzle(x.c, a.puzzle_id)? {
                    if let Some(p) = load(&row) {
                        show_attempt(x, &row, &p, &a);
                        return Ok(());
                    }
                }
            }
            start_new(x, None)
        }
        Some("solution" | "giveup" | "give-up" | "answer" | "ответ" | "решение" | "сдаюсь") => {
            give_up(x)
        }
        Some("next" | "new" | "skip" | "новая" | "следующая" | "дальше") => {
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                close(x, &a, false, true)?;
            }
            start_new(x, None)
        }
        Some("daily" | "дня" | "ежедневная") => {
            let day = day_of(x.now);
            let id = match db::daily(x.c, x.chat.id)? {
                Some(d) if d.last_puzzle.is_some() && d.last_day.is_some() => {
                    (d.last_puzzle.unwrap_or(0), d.last_day.unwrap_or(day))
                }
                _ => match daily_puzzle_id(x.c, day)? {
                    Some(id) => (id, day),
                    None => return Ok(()),
                },
            };
            if db::daily_attempt(x.c, x.user.id, x.chat.id, id.1)?.is_some() {
                x.tell_id("puzzle-daily-done", None);
                return Ok(());
            }
            if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                close(x, &a, false, true)?;
            }
            start(x, id.0, Some(id.1))
        }
        Some(w) if w.starts_with('#') => match crate::core::input::commands::game_ref(w) {
            Some(n) if db::puzzle(x.c, n)?.is_some() => {
                if let Some(a) = db::open_attempt(x.c, x.user.id, x.chat.id)? {
                    close(x, &a, false, true)?;
                }
                start(x, n, None)
            }
            _ => {
                let id = crate::core::present::text::echo(w);
                x.tell_id("puzzle-unknown", Some(&args![("id", id)]));
                Ok(())
            }
        },
        Some(_) => {
            let text = args.join(" ");
            if !answer(x, &text)? {
                x.tell_id("puzzle-no-open", None);
            }
            Ok(())
        }
    }
}

/// `/top puzzles`: the chat's puzzle leaderboard.
pub fn cmd_top(x: &mut Ctx) -> Res<()> {
    let rows = db::top_players(x.c, x.chat.id, 10)?;
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
