//! `/settings`: the user's language, and the chat's language, board theme,
//! orientation, days per move, the reminders of a move, how boards are
//! kept (`boards edit|new`), the default variant, and a thread per game
//! (`threads on|off`, where the platform has threads), and whether a
//! group's games are on the web board for everyone (`web on|off`).

use super::ctx::Ctx;
use super::error::Res;
use super::games::challenge::chat_variant;
use super::input::args::SettingsArgs;
use super::present::board::{chat_board_mode, chat_theme};
use super::types::{BoardMode, Orientation};
use crate::args;
use crate::store::{self, ChatSetting};

super::error::refusals! {
    /// `/settings`.
    pub enum SettingsRefusal {
        /// A value the setting does not take; `allowed`: the ones it does.
        BadValue { key: &'static str, value: String, allowed: String } => "settings-bad-value" [
            "key" => key,
            "value" => super::error::Arg::Typed(value),
            "allowed" => allowed,
        ],
        /// No such setting; `keys`: the settings there are.
        Unknown { key: String, keys: String } => "settings-unknown" [
            "key" => super::error::Arg::Typed(key),
            "keys" => keys,
        ],
    }
}

/// `/settings`: show them; `/settings KEY VALUE`: one, typed and
/// checked already (and who may change it: the dispatch asked).
pub(crate) fn cmd_settings(ctx: &mut Ctx, a: SettingsArgs) -> Res<()> {
    let chat = ctx.chat.id;
    match a {
        SettingsArgs::Show => return show_settings(ctx),
        SettingsArgs::Lang(l) => {
            store::set_user_lang(ctx.c, ctx.user_id()?, l)?;
            if ctx.chat.is_private || ctx.chat.lang.is_none() {
                ctx.lang = l;
            }
        }
        SettingsArgs::ChatLang(l) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Lang(Some(l)))?;
            ctx.lang = l;
        }
        SettingsArgs::Theme(t) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Theme(Some(t)))?;
        }
        SettingsArgs::Orientation(o) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Orientation(Some(o)))?;
        }
        SettingsArgs::Days(d) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::DaysPerMove(Some(d)))?;
        }
        SettingsArgs::Reminders(r) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Reminders(Some(r.clone())))?;
            ctx.chat.reminders = Some(r);
        }
        SettingsArgs::Boards(m) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Boards(Some(m)))?;
        }
        SettingsArgs::Variant(v) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Variant(Some(v)))?;
        }
        SettingsArgs::Threads(on) => store::set_chat_threads(ctx.c, chat, on)?,
        SettingsArgs::Web(on) => {
            store::set_chat_setting(ctx.c, chat, &ChatSetting::Web(Some(on)))?;
            let a = args![("state", if on { "on" } else { "off" })];
            ctx.tell_id("settings-web-set", Some(&a));
            return Ok(());
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
            chat.orientation.unwrap_or(Orientation::Auto).key()
        ),
        (
            "days",
            chat.days_per_move.unwrap_or(ctx.config().default_days)
        ),
        (
            "reminders",
            chat.reminders
                .as_ref()
                .unwrap_or(&ctx.config().reminders)
                .to_string()
        ),
        (
            "boards",
            chat_board_mode(chat).map_or("edit", BoardMode::key)
        ),
        ("variant", ctx.variant_name(chat_variant(chat)))
    ];
    let mut text = ctx.t("settings-show", Some(&a));
    if !ctx.chat.is_private {
        let a = args![(
            "state",
            if ctx.chat.web == Some(true) {
                "on"
            } else {
                "off"
            }
        )];
        text.push('\n');
        text.push_str(&ctx.t("settings-web", Some(&a)));
    }
    if ctx.platform.limits().game_threads {
        let on = store::chat_threads(ctx.c, ctx.chat.id)?;
        let a = args![("state", if on { "on" } else { "off" })];
        text.push('\n');
        text.push_str(&ctx.t("settings-threads", Some(&a)));
    }
    ctx.tell(text);
    Ok(())
}
