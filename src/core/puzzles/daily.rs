//! The daily puzzle: `/daily on HH:MM ±HH:MM [variant]`, its posts at
//! each chat's local time (with the previous day's solution), and the time
//! arithmetic. The post is the pack's of the chat's variant (Russian
//! draughts unless it chose another with a pack); every pack has its day's
//! puzzle (`/daily international` asks for the International one).

use super::commands::refused;
use super::{ask, board_for, ensure_pack, load, themes_text};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::i18n::num;
use crate::core::input::args::{DailyArgs, PuzzleArgs};
use crate::core::present::text::color_key;
use crate::core::time::{day_of, iso_date_of_day, Zone};
use crate::core::types::spoiler;
use crate::store::puzzles as db;
use crate::store::{ChatId, PuzzleId, StoreResult, Tx};
use shashki_engine::Variant;

/// The number of `variant`'s daily puzzle of UTC day `day`.
pub fn daily_puzzle_id(c: &Tx, variant: Variant, day: i64) -> Res<Option<PuzzleId>> {
    let ids = db::puzzle_ids(c, variant)?;
    if ids.is_empty() {
        return Ok(None);
    }
    let n = i64::try_from(ids.len()).unwrap_or(i64::MAX);
    Ok(usize::try_from(day.rem_euclid(n))
        .ok()
        .and_then(|i| ids.get(i))
        .copied())
}

fn time_text(minute: i64) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// "The daily puzzle is on …": when, and the variant when it is not
/// Russian draughts.
fn on_text(x: &Ctx, minute: i64, zone: &Zone, next: i64, variant: Variant) -> String {
    let a = args![
        ("time", time_text(minute)),
        ("offset", zone.to_string()),
        ("date", iso_date_of_day(zone.local_day(next)))
    ];
    naming_variant(x, a, variant, "daily-on", "daily-on-variant")
}

/// The message `plain` with `a` in Russian draughts, else `with_variant`
/// naming the variant — by its key too: a language writes the name in
/// the sentence its way (lower-case in Russian, French and Latvian).
fn naming_variant(
    x: &Ctx,
    mut a: fluent_bundle::FluentArgs<'static>,
    variant: Variant,
    plain: &str,
    with_variant: &str,
) -> String {
    if variant == Variant::Russian {
        return x.t(plain, Some(&a));
    }
    a.set("variant", variant.key());
    a.set("variant_name", x.variant_name(variant));
    x.t(with_variant, Some(&a))
}

/// `/daily on [HH:MM] [±HH:MM] [variant]`, `/daily off`, `/daily`
/// (status).
pub fn cmd_daily(x: &mut Ctx, a: DailyArgs) -> Res<()> {
    if let DailyArgs::Puzzle(v) = a {
        return super::cmd_puzzle(x, PuzzleArgs::DailyOf(v));
    }
    ensure_pack(x.c)?;
    let current = db::daily(x.c, x.chat.id)?;
    let (minute, zone, variant) = current
        .as_ref()
        .map(|d| {
            let zone = Zone::stored(d.tz_offset, d.tz_name.as_deref());
            (d.minute, zone, d.variant)
        })
        .unwrap_or((9 * 60, Zone::UTC, Variant::Russian));
    match a {
        DailyArgs::On {
            minute: at,
            zone: new_zone,
            variant: new_variant,
        } => {
            let variant = new_variant.unwrap_or(variant);
            if refused(x, variant) {
                return Ok(());
            }
            let minute = at.unwrap_or(minute);
            let zone = new_zone.unwrap_or(zone);
            let next = zone.next_local_time(x.now, minute);
            let offset = zone.offset_at(next);
            db::set_daily(
                x.c,
                x.chat.id,
                true,
                minute,
                offset,
                zone.name(),
                Some(next),
                variant,
            )?;
            let text = on_text(x, minute, &zone, next, variant);
            x.say_text(text);
        }
        DailyArgs::Off => {
            let offset = zone.offset_at(x.now);
            db::set_daily(
                x.c,
                x.chat.id,
                false,
                minute,
                offset,
                zone.name(),
                None,
                variant,
            )?;
            let text = x.t("daily-off", None);
            x.say_text(text);
        }
        DailyArgs::Status => match current {
            Some(d) if d.enabled => {
                let next = d.next_at.unwrap_or(x.now);
                let text = on_text(x, d.minute, &zone, next, d.variant);
                x.tell(text);
            }
            _ => x.tell_id("daily-status-off", None),
        },
        DailyArgs::Puzzle(_) => {}
    }
    Ok(())
}

/// Chats whose daily post is due at `now`. A chat whose daily row does
/// not read (an unknown stored variant: a typed error) is left out with a
/// warning (its id and the kind of word logged, never the word): it stops
/// no other chat's post.
pub fn dailies_due(c: &Tx, now: i64) -> StoreResult<Vec<ChatId>> {
    Ok(db::dailies_due(c, now)?
        .into_iter()
        .filter_map(|(chat, row)| match row {
            Ok(d) => Some(d.chat_id),
            Err(e) => {
                // the kind of word only: the stored word is not logged
                let word = e.unknown_word().map_or("none", |w| w.kind);
                tracing::warn!(
                    chat = %chat,
                    unknown_word = word,
                    "a chat's daily post skipped: its stored row does not read"
                );
                None
            }
        })
        .collect())
}

/// Post the daily puzzle in `x`'s chat if it is due (with the previous
/// daily's solution).
pub fn post_daily(x: &mut Ctx) -> Res<()> {
    ensure_pack(x.c)?;
    let Some(d) = db::daily(x.c, x.chat.id)? else {
        return Ok(());
    };
    let Some(due) = d.next_at.filter(|t| d.enabled && *t <= x.now) else {
        return Ok(());
    };
    let day = day_of(x.now);
    let zone = Zone::stored(d.tz_offset, d.tz_name.as_deref());
    // the next post after now (posts missed while the bot was down are
    // not repeated)
    let next = zone.next_local_time(due.max(x.now), d.minute);
    let Some(id) = daily_puzzle_id(x.c, d.variant, day)? else {
        let offset = zone.offset_at(next);
        db::set_daily(
            x.c,
            x.chat.id,
            true,
            d.minute,
            offset,
            zone.name(),
            Some(next),
            d.variant,
        )?;
        return Ok(());
    };
    if !db::mark_daily_posted(x.c, x.chat.id, due, next, day, id)? {
        return Ok(());
    }
    // the previous post's solution: yesterday's, or today's earlier one
    // when the chat switched its variant since — never the solution of
    // the puzzle being posted (a pack of one gives it every day)
    if let (Some(prev), Some(_)) = (d.last_puzzle, d.last_day) {
        if prev != id {
            if let Some(p) = db::puzzle(x.c, prev)?.as_ref().and_then(load) {
                let a = args![("id", prev), ("solution", spoiler(&p.solution_text()))];
                let text = x.t("daily-yesterday", Some(&a));
                x.say_text(text);
            }
        }
    }
    let Some(row) = db::puzzle(x.c, id)? else {
        return Ok(());
    };
    let Some(p) = load(&row) else {
        return Ok(());
    };
    let a = args![
        ("date", iso_date_of_day(day)),
        ("id", id),
        ("rating", num(row.rating.round() as i64)),
        ("themes", themes_text(x, &row)),
        ("color", color_key(p.solver())),
        ("moves", num(p.solver_moves() as i64))
    ];
    let text = naming_variant(x, a, row.variant, "daily-post", "daily-post-variant");
    let board = board_for(x, id, &p, p.start(), None);
    ask(x, id, &p, 0, text, board)
}

/// The earliest pending daily post.
pub fn next_daily_wakeup(c: &Tx) -> StoreResult<Option<i64>> {
    db::next_daily(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(time_text(545), "09:05");
        // 2026-11-21 12:00 UTC; 09:00 at +03:00 is 06:00 UTC: tomorrow
        let now = 1_795_262_400;
        assert_eq!(iso_date_of_day(day_of(now)), "2026-11-21");
        let day = 86_400;
        let t = Zone::Fixed(180).next_local_time(now, 540);
        assert_eq!(t, (now / day + 1) * day + 6 * 3600);
        // 09:00 at -05:00 is 14:00 UTC: today
        assert_eq!(
            Zone::Fixed(-300).next_local_time(now, 540),
            (now / day) * day + 14 * 3600
        );
    }
}
