//! Keyboards and links: a reply's choices, link and share button in
//! Telegram's terms.

use crate::core::rich::within;
use crate::core::{LinkTo, Reply};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::{limits, Telegram};

impl Telegram {
    /// The reply's buttons, its link button (addresses on t.me with the
    /// bot's name) in a row of its own, and its share button.
    pub(super) fn markup(&self, r: &Reply) -> Option<InlineKeyboardMarkup> {
        let link = r.link.as_ref().and_then(|l| {
            let start = l.to.start_payload();
            let url = match &l.to {
                LinkTo::Game { .. } | LinkTo::Start(_) => deep_link(&self.me_username, &start),
                LinkTo::MiniApp { app, .. } | LinkTo::MiniAppPage { app, .. } => {
                    mini_app_link(&self.me_username, app, &start)
                }
            }?;
            Some(InlineKeyboardButton::url(l.label.clone(), url))
        });
        let mut k = keyboard(&r.choices);
        if let Some(b) = link {
            k = Some(k.unwrap_or_default().append_row(vec![b]));
        }
        with_share(k, r.share.as_ref(), &self.me_username)
    }
}

/// The inline keyboard for the reply's choices (rows cut to Telegram's
/// buttons a row), if any. Payloads pass through unchanged as callback data
/// (one too long for it is left out).
pub fn keyboard(choices: &[Vec<crate::core::Choice>]) -> Option<InlineKeyboardMarkup> {
    let l = limits();
    let rows: Vec<Vec<InlineKeyboardButton>> = choices
        .iter()
        .flat_map(|row| row.chunks(l.buttons_per_row))
        .map(|row| {
            row.iter()
                .filter(|c| c.payload.len() <= l.payload_bytes_max)
                .map(|c| InlineKeyboardButton::callback(c.label.clone(), c.payload.clone()))
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect();
    (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
}

/// The keyboard with a share button under it for a reply that has
/// something to pass on: Telegram's share sheet (`t.me/share/url`) with a
/// deep link that opens the bot with `/start PAYLOAD`.
pub fn with_share(
    keyboard: Option<InlineKeyboardMarkup>,
    share: Option<&crate::core::Share>,
    bot_username: &str,
) -> Option<InlineKeyboardMarkup> {
    let Some(url) = share.and_then(|s| share_url(s, bot_username)) else {
        return keyboard;
    };
    let label = share.map(|s| s.label.clone()).unwrap_or_default();
    let mut k = keyboard.unwrap_or_default();
    k.inline_keyboard
        .push(vec![InlineKeyboardButton::url(label, url)]);
    Some(k)
}

/// `https://t.me/share/url?url=https://t.me/<bot>?start=<payload>&text=…`;
/// `None` without a username or for a payload Telegram would refuse
/// (deep-link payloads: at most 64 of `A-Za-z0-9_-`).
pub fn share_url(share: &crate::core::Share, bot_username: &str) -> Option<url::Url> {
    let link = deep_link(bot_username, &share.start)?;
    let text = within(&crate::core::strip_markup(&share.text), 200);
    url::Url::parse_with_params(
        "https://t.me/share/url",
        [("url", link.to_string()), ("text", text)],
    )
    .ok()
}

/// `https://t.me/<bot>?start=<payload>`: opens the bot, which gets
/// `/start PAYLOAD`. `None` without a username or for a payload Telegram
/// would refuse (at most 64 of `A-Za-z0-9_-`).
pub fn deep_link(bot_username: &str, start: &str) -> Option<url::Url> {
    let ok = |s: &str, max: usize| {
        !s.is_empty()
            && s.len() <= max
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    if !ok(bot_username, 32) || !ok(start, 64) {
        return None;
    }
    url::Url::parse(&format!("https://t.me/{bot_username}?start={start}")).ok()
}

/// `https://t.me/<bot>/<app>?startapp=<payload>`: opens the bot's Mini App
/// `app` with `start_param` set (also in groups, where web-app buttons are
/// not allowed). `None` for a name or payload Telegram would refuse.
pub fn mini_app_link(bot_username: &str, app: &str, start: &str) -> Option<url::Url> {
    let ok = |s: &str, max: usize| {
        !s.is_empty()
            && s.len() <= max
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    if !ok(bot_username, 32) || !ok(app, 64) || !ok(start, 64) {
        return None;
    }
    url::Url::parse(&format!(
        "https://t.me/{bot_username}/{app}?startapp={start}"
    ))
    .ok()
}
