//! `/settings [KEY VALUE]`: one typed setting, its value checked here.
//! `lang` is everyone's own; every other key is the chat's, its admins'.

use super::{Args, Rejected};
use crate::core::i18n::Lang;
use crate::core::input::options::Options;
use crate::core::input::spec::{arg, Access, ArgKind, ArgSpec};
use crate::core::input::words::{
    not_yet_variant, on_off, playable, setting_key, variant_word, SettingKey, Words,
};
use crate::core::input::InputRefusal;
use crate::core::reminders::Reminders;
use crate::core::settings::SettingsRefusal;
use crate::core::types::BoardMode;
pub use crate::core::types::Orientation;
use crate::render::Theme;
use shashki_engine::Variant;

/// One setting and its new value, or none: show them all.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SettingsArgs {
    #[default]
    Show,
    /// The user's own language.
    Lang(Lang),
    /// The chat's language.
    ChatLang(Lang),
    Theme(Theme),
    Orientation(Orientation),
    /// Days per move by default, 1–14.
    Days(i64),
    Reminders(Reminders),
    Boards(BoardMode),
    Variant(Variant),
    /// A thread per game (where the platform has threads).
    Threads(bool),
    /// A group's games on the web board for everyone (`on`) or their
    /// players only (`off`, the default).
    Web(bool),
}

const KEY: ArgSpec = arg("key", "opt-settings-key", ArgKind::Text);
const VALUE: ArgSpec = arg("value", "opt-settings-value", ArgKind::Text);

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

/// The settings a platform has (`threads` where it opens threads).
pub fn keys_here(threads: bool) -> impl Iterator<Item = SettingKey> {
    SettingKey::ALL
        .into_iter()
        .filter(move |k| *k != SettingKey::Threads || threads)
}

/// The key a word names, among this platform's.
fn key(word: &str, threads: bool) -> Result<SettingKey, Rejected> {
    setting_key(word)
        .filter(|k| keys_here(threads).any(|h| h == *k))
        .ok_or_else(|| {
            let keys: Vec<&str> = keys_here(threads).map(SettingKey::name).collect();
            SettingsRefusal::Unknown {
                key: word.to_lowercase(),
                keys: keys.join(", "),
            }
            .into()
        })
}

fn access(k: SettingKey) -> Access {
    match k {
        SettingKey::Lang => Access::Anyone,
        _ => Access::Admins,
    }
}

/// The value of `k` from its words (lowercase; `reminders` takes them all,
/// every other key one).
fn value(k: SettingKey, words: &[&str]) -> Result<SettingsArgs, SettingsRefusal> {
    let all = words.join(" ").to_lowercase();
    let one = match words {
        [_] => Some(all.as_str()),
        _ => None,
    };
    let v = all.as_str();
    Ok(match k {
        SettingKey::Lang => SettingsArgs::Lang(
            one.and_then(Lang::from_code)
                .ok_or_else(|| bad("lang", v, languages()))?,
        ),
        SettingKey::ChatLang => SettingsArgs::ChatLang(
            one.and_then(Lang::from_code)
                .ok_or_else(|| bad("chatlang", v, languages()))?,
        ),
        SettingKey::Theme => SettingsArgs::Theme(
            one.and_then(|t| t.parse::<Theme>().ok())
                .ok_or_else(|| bad("theme", v, Theme::names().collect::<Vec<_>>().join(", ")))?,
        ),
        SettingKey::Orientation => SettingsArgs::Orientation(
            one.and_then(|o| Orientation::ALL.into_iter().find(|x| x.key() == o))
                .ok_or_else(|| {
                    let all: Vec<&str> = Orientation::ALL.iter().map(|o| o.key()).collect();
                    bad("orientation", v, all.join(", "))
                })?,
        ),
        SettingKey::Days => SettingsArgs::Days(
            one.and_then(crate::core::input::commands::number)
                .filter(|d| (1..=14).contains(d))
                .ok_or_else(|| bad("days", v, "1–14"))?,
        ),
        SettingKey::Reminders => SettingsArgs::Reminders(v.parse::<Reminders>().map_err(|_| {
            bad(
                "reminders",
                v,
                "50% 24h · 2d 12h · 25% · off (time left, at most 4)",
            )
        })?),
        SettingKey::Boards => SettingsArgs::Boards(
            one.and_then(BoardMode::from_key)
                .ok_or_else(|| bad("boards", v, "edit, new"))?,
        ),
        SettingKey::Variant => {
            SettingsArgs::Variant(one.and_then(variant_word).ok_or_else(|| {
                let keys: Vec<&str> = Variant::ALL
                    .iter()
                    .filter(|v| playable(**v))
                    .map(|v| v.key())
                    .collect();
                bad("variant", v, keys.join(", "))
            })?)
        }
        SettingKey::Threads => SettingsArgs::Threads(
            one.and_then(on_off)
                .ok_or_else(|| bad("threads", v, "on, off"))?,
        ),
        SettingKey::Web => SettingsArgs::Web(
            one.and_then(on_off)
                .ok_or_else(|| bad("web", v, "on, off"))?,
        ),
    })
}

impl SettingsArgs {
    /// The setting `key` names, set from `words` (none: show the settings).
    fn keyed(key_word: &str, words: &[&str], threads: bool) -> Result<Self, Rejected> {
        let k = key(key_word, threads)?;
        if words.is_empty() {
            return Ok(SettingsArgs::Show);
        }
        // a variant not playable yet is not a chat's default either
        if let (SettingKey::Variant, [word]) = (k, words) {
            if let Some(variant) = not_yet_variant(word) {
                let r = InputRefusal::VariantNotPlayable { variant };
                return Err(Rejected::from(r).for_(access(k)));
            }
        }
        value(k, words).map_err(|r| Rejected::from(r).for_(access(k)))
    }
}

impl Args for SettingsArgs {
    const SPEC: &'static [ArgSpec] = &[KEY, VALUE];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let Some(k) = w.next() else {
            return Ok(SettingsArgs::Show);
        };
        let rest: Vec<&str> = w.rest().to_vec();
        w.rest_text();
        Self::keyed(k, &rest, w.threads)
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        match (o.text(&KEY), o.text(&VALUE)) {
            (None, None) => Ok(SettingsArgs::Show),
            (None, Some(v)) => Err(o.bad(v)),
            (Some(k), v) => {
                let words: Vec<&str> = v
                    .map(|v| v.split_whitespace().collect())
                    .unwrap_or_default();
                Self::keyed(k, &words, o.threads)
            }
        }
    }
    fn access(&self) -> Access {
        match self {
            SettingsArgs::Show | SettingsArgs::Lang(_) => Access::Anyone,
            _ => Access::Admins,
        }
    }
}
