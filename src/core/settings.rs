//! `/settings`: the user's language, and the chat's language, board theme,
//! orientation, days per move, the reminders of a move, how boards are
//! kept (`boards edit|new`), the default variant, and a thread per game
//! (`threads on|off`, where the platform has threads).

use super::ctx::Ctx;
use super::error::Res;
use super::games::challenge::chat_variant;
use super::i18n::Lang;
use super::input::words::{on_off, setting_key, variant_word, SettingKey, VARIANT_WORDS};
use super::present::board::{chat_board_mode, chat_theme};
use super::reminders::Reminders;
use super::types::BoardMode;
use crate::args;
use crate::render::Theme;
use crate::store::{self, ChatSetting};

super::error::refusals! {
    /// `/settings`.
    pub enum SettingsRefusal {
        /// A value the setting does not take; `allowed`: the ones it does.
        BadValue { key: &'static str, value: String, allowed: String } => "settings-bad-value" [
            "key" => key,
            "value" => value,
            "allowed" => allowed,
        ],
        /// No such setting; `keys`: the settings there are.
        Unknown { key: String, keys: String } => "settings-unknown" [
            "key" => key,
            "keys" => keys,
        ],
    }
}

const ORIENTATIONS: [&str; 4] = ["auto", "white", "black", "mover"];

fn bad(key: &'static str, value: &str, allowed: impl Into<String>) -> SettingsRefusal {
    SettingsRefusal::BadValue {
        key,
        value: value.to_string(),
        allowed: allowed.into(),
    }
}

fn languages() -> String {
    Lang::ALL.map(Lang::code).join(", ")
}

pub(crate) fn cmd_settings(ctx: &mut Ctx, args: &[String]) -> Res<()> {
    let (Some(key), Some(value)) = (args.first(), args.get(1).map(|s| s.to_lowercase())) else {
        return show_settings(ctx);
    };
    let v = value.as_str();
    // a thread per game is a setting where the platform opens threads
    let threads = ctx.platform.limits().game_threads;
    let here = |k: &SettingKey| *k != SettingKey::Threads || threads;
    let Some(k) = setting_key(key).filter(here) else {
        let keys = SettingKey::ALL
            .into_iter()
            .filter(here)
            .map(SettingKey::name)
            .collect::<Vec<_>>()
            .join(", ");
        return Err(SettingsRefusal::Unknown {
            key: key.to_lowercase(),
            keys,
        }
        .into());
    };
    if k != SettingKey::Lang {
        ctx.require_admin()?;
    }
    match k {
        SettingKey::Lang => {
            let l = Lang::from_code(v).ok_or_else(|| bad("lang", v, languages()))?;
            store::set_user_lang(ctx.c, ctx.user_id()?, l.code())?;
            if ctx.chat.is_private || ctx.chat.lang.is_none() {
                ctx.lang = l;
            }
        }
        SettingKey::ChatLang => {
            let l = Lang::from_code(v).ok_or_else(|| bad("chatlang", v, languages()))?;
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Lang, Some(l.code()))?;
            ctx.lang = l;
        }
        SettingKey::Theme => {
            let t = v
                .parse::<Theme>()
                .map_err(|_| bad("theme", v, Theme::names().collect::<Vec<_>>().join(", ")))?;
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Theme, Some(t.name()))?;
        }
        SettingKey::Orientation => {
            if !ORIENTATIONS.contains(&v) {
                return Err(bad("orientation", v, ORIENTATIONS.join(", ")).into());
            }
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Orientation, Some(v))?;
        }
        SettingKey::Days => {
            let d = v
                .parse::<i64>()
                .ok()
                .filter(|d| (1..=14).contains(d))
                .ok_or_else(|| bad("days", v, "1–14"))?;
            let d = d.to_string();
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::DaysPerMove, Some(&d))?;
        }
        SettingKey::Reminders => {
            // the whole rest of the line: `/settings reminders 50% 24h`
            let all = args.get(1..).unwrap_or_default().join(" ").to_lowercase();
            let r = all.parse::<Reminders>().map_err(|_| {
                bad(
                    "reminders",
                    &all,
                    "50% 24h · 2d 12h · 25% · off (time left, at most 4)",
                )
            })?;
            let r = r.to_string();
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Reminders, Some(&r))?;
            ctx.chat.reminders = Some(r);
        }
        SettingKey::Boards => {
            let m = BoardMode::from_key(v).ok_or_else(|| bad("boards", v, "edit, new"))?;
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Boards, Some(m.key()))?;
        }
        SettingKey::Variant => {
            let keys = || {
                let keys: Vec<&str> = VARIANT_WORDS.iter().map(|(v, _)| v.key()).collect();
                keys.join(", ")
            };
            let variant = variant_word(v).ok_or_else(|| bad("variant", v, keys()))?;
            let key = Some(variant.key());
            store::set_chat_setting(ctx.c, ctx.chat.id, ChatSetting::Variant, key)?;
        }
        SettingKey::Threads => {
            let on = on_off(v).ok_or_else(|| bad("threads", v, "on, off"))?;
            store::set_chat_threads(ctx.c, ctx.chat.id, on)?;
        }
    }
    ctx.tell_id("settings-saved", None);
    Ok(())
}

fn show_settings(ctx: &mut Ctx) -> Res<()> {
    let chat = &ctx.chat;
    let a = args![
        ("lang", ctx.lang.code()),
        ("theme", chat_theme(chat, ctx.config().default_theme).name()),
        (
            "orientation",
            chat.orientation.clone().unwrap_or_else(|| "auto".into())
        ),
        (
            "days",
            chat.days_per_move.unwrap_or(ctx.config().default_days)
        ),
        (
            "reminders",
            chat.reminders
                .clone()
                .unwrap_or_else(|| ctx.config().reminders.to_string())
        ),
        (
            "boards",
            chat_board_mode(chat).map_or("edit", BoardMode::key)
        ),
        ("variant", ctx.variant_name(chat_variant(chat)))
    ];
    let mut text = ctx.t("settings-show", Some(&a));
    if ctx.platform.limits().game_threads {
        let on = store::chat_threads(ctx.c, ctx.chat.id)?;
        let a = args![("state", if on { "on" } else { "off" })];
        text.push('\n');
        text.push_str(&ctx.t("settings-threads", Some(&a)));
    }
    ctx.tell(text);
    Ok(())
}
