//! The message catalogue: every text the bot says, in English, Russian,
//! Latvian, German and French, from Fluent files in `assets/i18n/`
//! (embedded in the binary). Each file has the same message ids with the
//! same placeholders (the tests check it); the board coordinates stay
//! a–h/1–8 in every language.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Ru,
    Lv,
    De,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Ru, Lang::Lv, Lang::De, Lang::Fr];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Lv => "lv",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// From a language code such as `ru`, `ru-RU`, `de-AT` or `en_GB`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.trim().to_ascii_lowercase();
        let base = c.split(['-', '_']).next().unwrap_or("");
        match base {
            "en" => Some(Lang::En),
            "ru" | "be" | "uk" => Some(Lang::Ru),
            "lv" => Some(Lang::Lv),
            "de" => Some(Lang::De),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The Discord locale of the language's command descriptions: none for
    /// English (the default) and for Latvian, which Discord does not offer
    /// (a Latvian user's locale arrives as another language; their own
    /// `/settings lang lv` still works).
    pub fn discord_locale(self) -> Option<&'static str> {
        match self {
            Lang::En | Lang::Lv => None,
            Lang::Ru => Some("ru"),
            Lang::De => Some("de"),
            Lang::Fr => Some("fr"),
        }
    }

    /// The catalogue's Fluent source.
    pub(crate) fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::Ru => include_str!("../../assets/i18n/ru.ftl"),
            Lang::Lv => include_str!("../../assets/i18n/lv.ftl"),
            Lang::De => include_str!("../../assets/i18n/de.ftl"),
            Lang::Fr => include_str!("../../assets/i18n/fr.ftl"),
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

/// Every catalogue, loaded once.
pub struct Catalog {
    en: FluentBundle<FluentResource>,
    ru: FluentBundle<FluentResource>,
    lv: FluentBundle<FluentResource>,
    de: FluentBundle<FluentResource>,
    fr: FluentBundle<FluentResource>,
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
        let b = |l: Lang| bundle(l.code(), l.source());
        Catalog {
            en: b(Lang::En),
            ru: b(Lang::Ru),
            lv: b(Lang::Lv),
            de: b(Lang::De),
            fr: b(Lang::Fr),
        }
    }

    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        match lang {
            Lang::En => &self.en,
            Lang::Ru => &self.ru,
            Lang::Lv => &self.lv,
            Lang::De => &self.de,
            Lang::Fr => &self.fr,
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
        let mut v: Vec<String> = lang
            .source()
            .lines()
            .filter(|l| !l.starts_with([' ', '#', '\t', '.', '[', '*', '}']) && l.contains(" ="))
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
            .collect();
        v.sort();
        v
    }
}

/// The typed numbers (ids, plies) as Fluent arguments: their number.
macro_rules! fluent_number {
    ($($t:ty),+) => {$(
        impl From<$t> for FluentValue<'_> {
            fn from(n: $t) -> Self {
                FluentValue::from(n.0)
            }
        }
    )+};
}

fluent_number!(
    crate::store::GameId,
    crate::store::UserId,
    crate::store::ChatId,
    crate::store::TournamentId,
    crate::store::ChallengeId,
    crate::store::PuzzleId,
    crate::store::Ply
);

/// Number argument for Fluent.
pub fn num(n: i64) -> FluentValue<'static> {
    FluentValue::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// Each message of a language with the variables it uses (`{ $x }`
    /// anywhere in its block: placeables and selectors).
    fn variables(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut current: Option<String> = None;
        for line in lang.source().lines() {
            if line.starts_with('#') {
                current = None;
                continue;
            }
            let starts_message =
                !line.starts_with([' ', '\t', '.', '[', '*', '}']) && line.contains(" =");
            if starts_message {
                let id = line.split_once(" =").map(|(k, _)| k.trim().to_string());
                current = id;
            }
            let Some(id) = current.clone() else { continue };
            let vars = out.entry(id).or_default();
            let mut rest = line;
            while let Some(i) = rest.find('$') {
                rest = &rest[i + 1..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                vars.insert(name);
            }
        }
        out
    }

    #[test]
    fn every_language_has_every_message_and_no_other() {
        let en = Catalog::ids(Lang::En);
        assert!(en.len() > 40, "{}", en.len());
        for lang in Lang::ALL {
            let ids = Catalog::ids(lang);
            let missing: Vec<&String> = en.iter().filter(|id| !ids.contains(id)).collect();
            let extra: Vec<&String> = ids.iter().filter(|id| !en.contains(id)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}.ftl: missing {missing:?}, extra {extra:?}",
                lang.code()
            );
            let mut unique = ids.clone();
            unique.dedup();
            assert_eq!(unique, ids, "{}.ftl has a message twice", lang.code());
        }
    }

    #[test]
    fn every_message_keeps_the_english_placeholders() {
        let en = variables(Lang::En);
        for lang in Lang::ALL {
            for (id, vars) in variables(lang) {
                assert_eq!(
                    Some(&vars),
                    en.get(&id),
                    "{}.ftl: {id} has other placeholders than en.ftl",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors() {
        let c = Catalog::new();
        let en = variables(Lang::En);
        for lang in Lang::ALL {
            let b = c.bundle(lang);
            for (id, vars) in &en {
                let Some(pattern) = b.get_message(id).and_then(|m| m.value()) else {
                    panic!("{}.ftl: {id} has no value", lang.code());
                };
                // numbers through every plural form, and words for the
                // string selectors (colours, yes/no, formats, statuses)
                let numbers = [0, 1, 2, 5, 11, 21, 22, 100];
                let words = ["white", "black", "yes", "no", "swiss", "open", "x"];
                for k in 0..numbers.len().max(words.len()) {
                    for as_number in [true, false] {
                        let mut a = FluentArgs::new();
                        for v in vars {
                            if as_number {
                                a.set(v.as_str(), num(numbers[k % numbers.len()]));
                            } else {
                                a.set(v.as_str(), words[k % words.len()]);
                            }
                        }
                        let mut errors = vec![];
                        let text = b.format_pattern(pattern, Some(&a), &mut errors);
                        assert!(errors.is_empty(), "{}.ftl: {id}: {errors:?}", lang.code());
                        assert!(
                            !text.trim().is_empty(),
                            "{}.ftl: {id} is empty",
                            lang.code()
                        );
                        assert!(!text.contains("{$"), "{}.ftl: {id}: {text}", lang.code());
                    }
                }
            }
        }
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
    }

    #[test]
    fn latvian_german_and_french_plurals() {
        let c = Catalog::new();
        let missing = |lang, count: i64| {
            let a = args![
                ("id", num(1)),
                ("name", "Rīga"),
                ("round", num(0)),
                ("count", num(count))
            ];
            c.get(lang, "tournament-missing", Some(&a))
        };
        // Latvian: one for 1, 21, 31 … (not 11), the plural otherwise
        assert!(
            missing(Lang::Lv, 1).contains(" 1 partija:"),
            "{}",
            missing(Lang::Lv, 1)
        );
        assert!(
            missing(Lang::Lv, 2).contains(" 2 partijas:"),
            "{}",
            missing(Lang::Lv, 2)
        );
        assert!(
            missing(Lang::Lv, 10).contains(" 10 partijas:"),
            "{}",
            missing(Lang::Lv, 10)
        );
        assert!(
            missing(Lang::Lv, 11).contains(" 11 partijas:"),
            "{}",
            missing(Lang::Lv, 11)
        );
        assert!(
            missing(Lang::Lv, 21).contains(" 21 partija:"),
            "{}",
            missing(Lang::Lv, 21)
        );
        let days = |lang, n: i64| c.get(lang, "duration-days", Some(&args![("days", num(n))]));
        assert_eq!(days(Lang::Lv, 1), "1 diena");
        assert_eq!(days(Lang::Lv, 10), "10 dienas");
        assert_eq!(days(Lang::Lv, 21), "21 diena");
        assert_eq!(days(Lang::De, 1), "1 Tag");
        assert_eq!(days(Lang::De, 21), "21 Tage");
        assert_eq!(days(Lang::Fr, 1), "1 jour");
        assert_eq!(days(Lang::Fr, 2), "2 jours");
        assert_eq!(days(Lang::Fr, 1_000_000), "1000000 jours");
    }

    #[test]
    fn language_codes() {
        assert_eq!(Lang::from_code("ru-RU"), Some(Lang::Ru));
        assert_eq!(Lang::from_code("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_code("fr_CA"), Some(Lang::Fr));
        assert_eq!(Lang::from_code("LV"), Some(Lang::Lv));
        assert_eq!(Lang::from_code("es"), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
    }

    #[test]
    fn coordinates_stay_a_to_h_in_every_language() {
        // the examples of moves and squares are the same everywhere
        let c = Catalog::new();
        for lang in Lang::ALL {
            assert!(c.get(lang, "move-usage", None).contains(" e3-d4"));
            assert!(c.get(lang, "help-line-move", None).contains("c3:e5:g7"));
            assert!(
                c.get(lang, "help-rules", None).contains("f4:h6"),
                "{lang:?}"
            );
        }
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
