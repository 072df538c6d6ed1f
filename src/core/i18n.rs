//! The message catalogue: every text the bot says, in English and Russian,
//! from Fluent files in `assets/i18n/` (embedded in the binary).

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// From a language code such as `ru`, `ru-RU` or `en_GB`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.trim().to_ascii_lowercase();
        let base = c.split(['-', '_']).next().unwrap_or("");
        match base {
            "en" => Some(Lang::En),
            "ru" | "be" | "uk" => Some(Lang::Ru),
            _ => None,
        }
    }
}

/// Named arguments for a message.
pub type Args<'a> = FluentArgs<'a>;

/// Build [`Args`] from pairs: `args![("name", "Anna"), ("n", 3)]`.
#[macro_export]
macro_rules! args {
    ($(($k:expr, $v:expr)),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut a = fluent_bundle::FluentArgs::new();
        $( a.set($k, $v); )*
        a
    }};
}

/// Both catalogues, loaded once.
pub struct Catalog {
    en: FluentBundle<FluentResource>,
    ru: FluentBundle<FluentResource>,
}

// The catalogues are embedded at build time and checked by the test suite
// (every message parses, the same ids in each): they cannot fail at run time.
#[allow(clippy::expect_used, clippy::panic)]
fn bundle(lang: &str, source: &str) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.parse().expect("valid language id");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    b.set_use_isolating(false);
    let res = FluentResource::try_new(source.to_string())
        .unwrap_or_else(|(_, errs)| panic!("bad {lang} catalogue: {errs:?}"));
    b.add_resource(res).expect("no duplicate messages");
    b
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog::new()
    }
}

impl Catalog {
    pub fn new() -> Catalog {
        Catalog {
            en: bundle("en", include_str!("../../assets/i18n/en.ftl")),
            ru: bundle("ru", include_str!("../../assets/i18n/ru.ftl")),
        }
    }

    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        match lang {
            Lang::En => &self.en,
            Lang::Ru => &self.ru,
        }
    }

    /// The text of message `id` in `lang` (English if missing there; a
    /// visible `[id]` if missing everywhere).
    pub fn get(&self, lang: Lang, id: &str, args: Option<&Args>) -> String {
        for b in [self.bundle(lang), &self.en] {
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = vec![];
                let text = b.format_pattern(pattern, args, &mut errors);
                if errors.is_empty() {
                    return text.into_owned();
                }
                tracing::warn!(id, ?errors, "message formatting failed");
                return text.into_owned();
            }
        }
        tracing::error!(id, "missing message");
        format!("[{id}]")
    }

    /// Message ids of a language (for checks).
    pub fn ids(lang: Lang) -> Vec<String> {
        let src = match lang {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::Ru => include_str!("../../assets/i18n/ru.ftl"),
        };
        let mut v: Vec<String> = src
            .lines()
            .filter(|l| !l.starts_with([' ', '#', '\t', '.', '[', '*', '}']) && l.contains(" ="))
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
            .collect();
        v.sort();
        v
    }
}

/// Number argument for Fluent.
pub fn num(n: i64) -> FluentValue<'static> {
    FluentValue::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_the_same_messages() {
        let en = Catalog::ids(Lang::En);
        let ru = Catalog::ids(Lang::Ru);
        assert!(en.len() > 40, "{}", en.len());
        assert_eq!(en, ru);
    }

    #[test]
    fn formats_with_arguments_and_russian_plurals() {
        let c = Catalog::new();
        let a = args![("days", num(1))];
        assert_eq!(c.get(Lang::En, "duration-days", Some(&a)), "1 day");
        let a = args![("days", num(5))];
        assert_eq!(c.get(Lang::Ru, "duration-days", Some(&a)), "5 дней");
        let a = args![("days", num(2))];
        assert_eq!(c.get(Lang::Ru, "duration-days", Some(&a)), "2 дня");
        assert_eq!(
            c.get(Lang::En, "no-such-message", None),
            "[no-such-message]"
        );
        assert_eq!(Lang::from_code("ru-RU"), Some(Lang::Ru));
        assert_eq!(Lang::from_code("de"), None);
    }

    #[test]
    fn board_captions_name_the_variant_unless_russian() {
        let c = Catalog::new();
        let caption = |lang, variant: &str, name: &str| {
            let a = args![
                ("game", num(7)),
                ("white", "Anna"),
                ("black", "Bob"),
                ("move", num(3)),
                ("variant", variant),
                ("variant_name", name),
            ];
            c.get(lang, "board-caption", Some(&a))
        };
        assert_eq!(
            caption(Lang::En, "russian", "Russian draughts"),
            "#7 · Anna – Bob · move 3"
        );
        assert_eq!(
            caption(Lang::En, "pool", "Pool checkers"),
            "#7 · Pool checkers · Anna – Bob · move 3"
        );
        assert_eq!(
            caption(Lang::Ru, "poddavki", "Поддавки"),
            "#7 · Поддавки · Anna – Bob · ход 3"
        );
    }
}
