//! The words people type inside commands, in every language the bot
//! speaks (challenge options, draw answers, setting names, …; the command
//! names are the table's, [`super::table`]), and [`Words`]: a command's
//! words as its argument parser reads them. Matching is case-insensitive.

use super::args::Rejected;
use super::spec::ArgSpec;
use crate::core::input::InputRefusal;
use shashki_engine::Variant;

/// The words after a command's name, read left to right by its argument
/// parser; a word it cannot place is refused with the command's syntax
/// ([`Words::bad`]).
#[derive(Debug, Clone)]
pub struct Words<'a> {
    words: Vec<&'a str>,
    at: usize,
    /// The command, for the syntax refusal: `/name` and its arguments.
    name: &'static str,
    args: &'static [ArgSpec],
    /// The platform opens a thread per game (the `threads` setting exists).
    pub threads: bool,
}

impl<'a> Words<'a> {
    /// The words of `text` (split at whitespace) for command `name`.
    pub fn new(text: &'a str, name: &'static str, args: &'static [ArgSpec], threads: bool) -> Self {
        Words {
            words: text.split_whitespace().collect(),
            at: 0,
            name,
            args,
            threads,
        }
    }

    /// The next word, left in place.
    pub fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).copied()
    }

    /// The words not read yet.
    pub fn rest(&self) -> &[&'a str] {
        self.words.get(self.at..).unwrap_or_default()
    }

    /// The words not read yet, all taken, joined by one space (`None`:
    /// there are none).
    pub fn rest_text(&mut self) -> Option<String> {
        let t = self.rest().join(" ");
        self.at = self.words.len();
        (!t.is_empty()).then_some(t)
    }

    pub fn is_empty(&self) -> bool {
        self.rest().is_empty()
    }

    /// Nothing may follow: a word left over is refused with the syntax.
    pub fn end(&mut self) -> Result<(), Rejected> {
        match self.next() {
            Some(w) => Err(self.bad(w)),
            None => Ok(()),
        }
    }

    /// `word` does not fit the command: refused with its syntax.
    pub fn bad(&self, word: &str) -> Rejected {
        InputRefusal::Syntax {
            command: format!("/{}", self.name),
            word: word.to_string(),
            syntax: syntax_line(self.name, self.args),
        }
        .into()
    }
}

/// The next word, taken.
impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let w = self.words.get(self.at).copied()?;
        self.at += 1;
        Some(w)
    }
}

/// `/name [arg …]`: a command's syntax from its typed arguments.
pub fn syntax_line(name: &str, args: &[ArgSpec]) -> String {
    let mut s = format!("/{name}");
    for a in args {
        s.push(' ');
        s.push_str(&a.syntax());
    }
    s
}

fn is_one_of(word: &str, words: &[&str]) -> bool {
    let w = word.to_lowercase();
    words.contains(&w.as_str())
}

/// `/top puzzles`.
pub fn is_puzzles(word: &str) -> bool {
    is_one_of(word, &["puzzles", "puzzle", "задачи"])
}

/// `/if clear`: drop the lines.
pub fn is_clear(word: &str) -> bool {
    is_one_of(
        word,
        &["clear", "off", "none", "очистить", "нет", "удалить"],
    )
}

/// `on` / `off` (`/notify on`), in every language: Some(true) / Some(false).
pub fn on_off(word: &str) -> Option<bool> {
    if is_one_of(
        word,
        &[
            "on", "yes", "вкл", "да", "ieslēgt", "jā", "ein", "ja", "oui",
        ],
    ) {
        Some(true)
    } else if is_one_of(
        word,
        &[
            "off", "no", "выкл", "нет", "izslēgt", "nē", "aus", "nein", "non",
        ],
    ) {
        Some(false)
    } else {
        None
    }
}

/// `/draw decline`.
pub fn is_decline(word: &str) -> bool {
    is_one_of(
        word,
        &[
            "decline",
            "no",
            "отклонить",
            "нет",
            "noraidīt",
            "nē",
            "ablehnen",
            "nein",
            "refuser",
            "non",
        ],
    )
}

/// `/draw offer` (or accept: the same `/draw`).
pub fn is_offer(word: &str) -> bool {
    is_one_of(
        word,
        &[
            "offer",
            "accept",
            "yes",
            "предложить",
            "принять",
            "да",
            "piedāvāt",
            "pieņemt",
            "jā",
            "anbieten",
            "annehmen",
            "ja",
            "proposer",
            "accepter",
            "oui",
        ],
    )
}

/// `/puzzle solution`: give up and see it.
pub fn is_give_up(word: &str) -> bool {
    is_one_of(
        word,
        &[
            "solution",
            "giveup",
            "give-up",
            "answer",
            "ответ",
            "решение",
            "сдаюсь",
            "atrisinājums",
            "padodos",
            "lösung",
            "loesung",
            "réponse",
            "abandon",
        ],
    )
}

/// `/puzzle next`: another puzzle.
pub fn is_next(word: &str) -> bool {
    is_one_of(
        word,
        &[
            "next",
            "new",
            "skip",
            "новая",
            "следующая",
            "дальше",
            "nākamais",
            "jauns",
            "nächste",
            "weiter",
            "neu",
            "suivant",
            "nouveau",
        ],
    )
}

/// `/puzzle daily`: today's daily puzzle.
pub fn is_daily(word: &str) -> bool {
    is_one_of(
        word,
        &[
            "daily",
            "дня",
            "ежедневная",
            "dienas",
            "täglich",
            "du-jour",
            "quotidien",
        ],
    )
}

/// Whom a challenge is for, as its first word says.
pub fn challenge_target(word: &str) -> Option<ChallengeWord> {
    let w = word.to_lowercase();
    match w.as_str() {
        "ai" | "bot" | "ии" | "бот" | "computer" | "компьютер" | "mi" | "dators" | "ki"
        | "computer-gegner" | "ia" | "ordinateur" => Some(ChallengeWord::Ai),
        "open" | "any" | "все" | "любой" | "atklāts" | "jebkurš" | "offen" | "alle" | "ouvert"
        | "tous" => Some(ChallengeWord::Open),
        _ => None,
    }
}

/// A word of `/challenge`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeWord {
    Ai,
    Open,
    White,
    Black,
    Random,
    Unlimited,
    /// A game that counts for the ratings (the default).
    Rated,
    /// A casual (unrated) game.
    Casual,
}

/// A colour or time word of `/challenge` (any position).
pub fn challenge_option(word: &str) -> Option<ChallengeWord> {
    let w = word.to_lowercase();
    Some(match w.as_str() {
        "white" | "w" | "белые" | "белыми" | "б" | "balts" | "baltie" | "weiß" | "weiss"
        | "blanc" | "blancs" => ChallengeWord::White,
        "black" | "b" | "черные" | "чёрные" | "черными" | "чёрными" | "ч" | "melns" | "melnie"
        | "schwarz" | "noir" | "noirs" => ChallengeWord::Black,
        "random" | "случайно" | "любым" | "nejauši" | "zufällig" | "hasard" => {
            ChallengeWord::Random
        }
        "unlimited" | "∞" | "inf" | "безлимит" | "без" | "neierobežots" | "unbegrenzt"
        | "illimité" => ChallengeWord::Unlimited,
        _ => return challenge_rating(&w),
    })
}

/// `rated` or `casual`, in every language the bot speaks.
fn challenge_rating(w: &str) -> Option<ChallengeWord> {
    Some(match w {
        "rated"
        | "рейтинговая"
        | "рейтинговый"
        | "рейтинговую"
        | "reitinga"
        | "reitingota"
        | "gewertet"
        | "classée"
        | "classee"
        | "classé" => ChallengeWord::Rated,
        "casual"
        | "unrated"
        | "friendly"
        | "товарищеская"
        | "товарищеский"
        | "товарищескую"
        | "безрейтинговая"
        | "безрейтинговую"
        | "draudzīgā"
        | "draudzīga"
        | "bezreitinga"
        | "freundschaftlich"
        | "ungewertet"
        | "amicale"
        | "amical"
        | "non-classée"
        | "nonclassée" => ChallengeWord::Casual,
        _ => return None,
    })
}

/// The words that name a variant, in every language (a variant's key
/// first): English, Russian, Latvian, German and French names, and the
/// board's size for the boards that are not 8×8.
pub const VARIANT_WORDS: &[(Variant, &[&str])] = &[
    (
        Variant::Russian,
        &[
            "russian",
            "shashki",
            "русские",
            "русская",
            "шашки",
            "krievu",
            "russisch",
            "russes",
        ],
    ),
    (
        Variant::Poddavki,
        &["poddavki", "giveaway", "поддавки", "padavki"],
    ),
    (
        Variant::Brazilian,
        &[
            "brazilian",
            "brasileiras",
            "бразильские",
            "бразильская",
            "brazīliešu",
            "brasilianisch",
            "brésiliennes",
        ],
    ),
    (Variant::Pool, &["pool", "poolcheckers", "пул", "пуловые"]),
    (
        Variant::English,
        &[
            "english",
            "checkers",
            "английские",
            "английская",
            "чекерс",
            "angļu",
            "englisch",
            "anglaises",
        ],
    ),
    (
        Variant::Czech,
        &[
            "czech",
            "ceska",
            "česká",
            "чешские",
            "чешская",
            "čehu",
            "tschechisch",
            "tchèques",
        ],
    ),
    (
        Variant::Italian,
        &[
            "italian",
            "italiana",
            "итальянские",
            "итальянская",
            "itāļu",
            "italienisch",
            "italiennes",
        ],
    ),
    (
        Variant::Portuguese,
        &[
            "portuguese",
            "portuguesas",
            "португальские",
            "португальская",
            "portugāļu",
            "portugiesisch",
            "portugaises",
        ],
    ),
    (
        Variant::International,
        &[
            "international",
            "10x10",
            "10×10",
            "международные",
            "международная",
            "стоклеточные",
            "starptautiskās",
            "starptautiskā",
            "internationale",
            "internationales",
        ],
    ),
    (
        Variant::Frisian,
        &[
            "frisian",
            "фризские",
            "фризская",
            "frīzu",
            "friesisch",
            "frisonnes",
        ],
    ),
    (Variant::Frysk, &["frysk", "frysk!", "фриск"]),
    (
        Variant::Antidraughts,
        &[
            "antidraughts",
            "anti-draughts",
            "антишашки",
            "международные-поддавки",
            "antidambrete",
            "antidame",
            "antidames",
        ],
    ),
    (
        Variant::Breakthrough,
        &[
            "breakthrough",
            "прорыв",
            "izrāviens",
            "durchbruch",
            "percée",
        ],
    ),
    (
        Variant::Russian10x8,
        &[
            "russian-10x8",
            "10x8",
            "10×8",
            "10х8",
            "русские-10x8",
            "русские-10х8",
            "krievu-10x8",
            "russisch-10x8",
            "russes-10x8",
        ],
    ),
    (
        Variant::Bashni,
        &[
            "bashni",
            "towers",
            "башни",
            "столбовые",
            "torņi",
            "türme",
            "tours",
        ],
    ),
    (
        Variant::Vigman,
        &[
            "vigman",
            "вигман",
            "вигмана",
            "шашки-вигмана",
            "vigmana",
            "vigmans",
        ],
    ),
];

/// The words that name a variant the engine plays but the chat cannot
/// yet: none now (Vigman's double game, the last, is played since its
/// turn of two sub-moves is the chat's too); kept for the next one.
pub const NOT_YET_VARIANT_WORDS: &[(Variant, &[&str])] = &[];

/// Whether the chat plays `variant` (a word of [`VARIANT_WORDS`] names it).
pub fn playable(variant: Variant) -> bool {
    VARIANT_WORDS.iter().any(|(v, _)| *v == variant)
}

/// A word without its `variant=` (`вариант=`, `game=`, `игра=`) prefix,
/// in lower case.
fn variant_key_word(word: &str) -> String {
    let w = word.to_lowercase();
    ["variant=", "вариант=", "game=", "игра="]
        .iter()
        .find_map(|p| w.strip_prefix(p))
        .map(str::to_string)
        .unwrap_or(w)
}

/// A variant as `/challenge` or `/settings variant` names it: a word of
/// [`VARIANT_WORDS`], alone or as `variant=WORD` (`вариант=WORD`).
pub fn variant_word(word: &str) -> Option<Variant> {
    let w = variant_key_word(word);
    VARIANT_WORDS
        .iter()
        .find(|(_, words)| words.contains(&w.as_str()))
        .map(|(v, _)| *v)
}

/// A variant the chat cannot play yet that the word names (`vigman`), if
/// it names one: refused with [`InputRefusal::VariantNotPlayable`], never
/// read as another variant.
pub fn not_yet_variant(word: &str) -> Option<Variant> {
    let w = variant_key_word(word);
    NOT_YET_VARIANT_WORDS
        .iter()
        .find(|(_, words)| words.contains(&w.as_str()))
        .map(|(v, _)| *v)
}

/// [`variant_word`], or the refusal of a variant that is not playable
/// yet; `Ok(None)`: the word names no variant.
pub fn variant_or_refusal(word: &str) -> Result<Option<Variant>, InputRefusal> {
    if let Some(variant) = not_yet_variant(word) {
        return Err(InputRefusal::VariantNotPlayable { variant });
    }
    Ok(variant_word(word))
}

/// A word of `/tournament`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentWord {
    New,
    Join,
    Leave,
    Remove,
    Start,
    Pdn,
    Standings,
    Micro,
    Single,
    Days,
    Ballot,
    Cancel,
    Missing,
    Adjudicate,
    Max,
    Rated,
    Casual,
    Bank,
    Pause,
    /// `until YYYY-MM-DD`: the end date.
    Until,
}

pub fn tournament_word(word: &str) -> Option<TournamentWord> {
    let w = word.to_lowercase();
    Some(match w.as_str() {
        "new" | "create" | "новый" | "создать" => TournamentWord::New,
        "join" | "enter" | "участвую" | "вступить" | "войти" => {
            TournamentWord::Join
        }
        "leave" | "withdraw" | "выйти" | "покинуть" => TournamentWord::Leave,
        "remove" | "kick" | "исключить" | "удалить" => TournamentWord::Remove,
        "start" | "begin" | "начать" | "старт" => TournamentWord::Start,
        "pdn" | "пдн" => TournamentWord::Pdn,
        "standings" | "table" | "таблица" => TournamentWord::Standings,
        "micro" | "micromatch" | "micromatches" | "микро" | "микроматчи" => {
            TournamentWord::Micro
        }
        "single" | "одиночные" | "одна" => TournamentWord::Single,
        "days" | "дней" | "дни" => TournamentWord::Days,
        "ballot" | "жеребьёвка" | "жеребьевка" => TournamentWord::Ballot,
        "cancel" | "отменить" | "отмена" => TournamentWord::Cancel,
        "missing" | "waiting" | "unfinished" | "недоигранные" | "ждём" | "ждем" => {
            TournamentWord::Missing
        }
        "adjudicate" | "adjudication" | "присудить" | "присуждение" => {
            TournamentWord::Adjudicate
        }
        "max" | "макс" | "максимум" => TournamentWord::Max,
        "bank" | "банк" => TournamentWord::Bank,
        "until" | "ends" | "end" | "до" | "окончание" => TournamentWord::Until,
        "pause" | "leave-days" | "пауза" | "перерыв" | "отпуск" => {
            TournamentWord::Pause
        }
        "rated" | "рейтинговый" | "рейтинговые" => TournamentWord::Rated,
        "casual" | "unrated" | "товарищеский" | "товарищеские" | "безрейтинговый" => {
            TournamentWord::Casual
        }
        _ => return None,
    })
}

/// The result an organiser gives an unfinished game
/// (`/tournament adjudicate GAME RESULT`): `1-0`, `0-1`, `1/2`, `draw`, the
/// draughts points `2-0`, `0-2`, `1-1`, or the winner's colour in words.
pub fn adjudication_result(word: &str) -> Option<crate::store::GameResult> {
    use crate::store::GameResult as R;
    let w = word.to_lowercase();
    Some(match w.as_str() {
        "1-0" | "2-0" | "white" | "w" | "белые" | "б" => R::WhiteWins,
        "0-1" | "0-2" | "black" | "b" | "черные" | "чёрные" | "ч" => R::BlackWins,
        "1/2" | "½" | "½-½" | "1/2-1/2" | "1-1" | "=" | "draw" | "ничья" | "н" => R::Draw,
        _ => return None,
    })
}

/// A topic of `/help`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpTopic {
    Tournament,
    Rules,
}

pub fn help_topic(word: &str) -> Option<HelpTopic> {
    let w = word.to_lowercase();
    Some(match w.trim_start_matches('/') {
        "tournament" | "tournaments" | "турнир" | "турниры" | "standings" | "таблица"
        | "turnīrs" | "turnirs" | "turnier" | "tournoi" => HelpTopic::Tournament,
        "rules" | "правила" | "noteikumi" | "regeln" | "règles" | "regles" => {
            HelpTopic::Rules
        }
        _ => return None,
    })
}

/// A chat setting, as `/settings KEY VALUE` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingKey {
    Lang,
    ChatLang,
    Theme,
    Orientation,
    Days,
    Reminders,
    Boards,
    Variant,
    Threads,
    Web,
}

impl SettingKey {
    pub const ALL: [SettingKey; 10] = [
        SettingKey::Lang,
        SettingKey::ChatLang,
        SettingKey::Theme,
        SettingKey::Orientation,
        SettingKey::Days,
        SettingKey::Reminders,
        SettingKey::Boards,
        SettingKey::Variant,
        SettingKey::Threads,
        SettingKey::Web,
    ];

    /// The English word for the setting (what `/settings` lists).
    pub fn name(self) -> &'static str {
        match self {
            SettingKey::Lang => "lang",
            SettingKey::ChatLang => "chatlang",
            SettingKey::Theme => "theme",
            SettingKey::Orientation => "orientation",
            SettingKey::Days => "days",
            SettingKey::Reminders => "reminders",
            SettingKey::Boards => "boards",
            SettingKey::Variant => "variant",
            SettingKey::Threads => "threads",
            SettingKey::Web => "web",
        }
    }
}

pub fn setting_key(word: &str) -> Option<SettingKey> {
    let w = word.to_lowercase();
    Some(match w.as_str() {
        "lang" | "language" | "язык" => SettingKey::Lang,
        "chatlang" => SettingKey::ChatLang,
        "theme" | "тема" => SettingKey::Theme,
        "orientation" | "board" | "доска" => SettingKey::Orientation,
        "days" | "дни" => SettingKey::Days,
        "reminders" | "reminder" | "напоминания" | "напоминание" => {
            SettingKey::Reminders
        }
        "boards" | "доски" => SettingKey::Boards,
        "variant" | "вариант" | "игра" => SettingKey::Variant,
        "threads" | "thread" | "треды" | "ветки" => SettingKey::Threads,
        "web" | "веб" => SettingKey::Web,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_read_back_by_its_name() {
        for k in SettingKey::ALL {
            assert_eq!(setting_key(k.name()), Some(k));
        }
    }

    #[test]
    fn no_word_names_two_variants_or_another_option() {
        let mut seen = std::collections::HashSet::new();
        let all = VARIANT_WORDS
            .iter()
            .flat_map(|(_, w)| w.iter())
            .chain(NOT_YET_VARIANT_WORDS.iter().flat_map(|(_, w)| w.iter()));
        for w in all {
            assert_eq!(w.to_lowercase(), *w, "{w} is matched in lower case");
            assert!(seen.insert(*w), "{w} names two variants");
            assert_eq!(challenge_option(w), None, "{w}");
            assert_eq!(challenge_target(w), None, "{w}");
        }
        // every variant the engine plays is named, its key first, and
        // played (Vigman's double game too)
        for v in Variant::ALL {
            let words = VARIANT_WORDS
                .iter()
                .chain(NOT_YET_VARIANT_WORDS)
                .filter(|(x, _)| *x == v)
                .map(|(_, w)| w)
                .collect::<Vec<_>>();
            assert_eq!(words.len(), 1, "{v}");
            assert_eq!(words[0].first(), Some(&v.key()), "{v}");
            assert!(playable(v), "{v}");
        }
        // the choices offered (Discord's) are the variants played, in order
        let offered: Vec<&str> = super::super::args::VARIANTS
            .iter()
            .map(|(k, _)| *k)
            .collect();
        let played: Vec<&str> = Variant::ALL
            .into_iter()
            .filter(|v| playable(*v))
            .map(Variant::key)
            .collect();
        assert_eq!(offered, played);
    }

    #[test]
    fn words_in_every_language() {
        for w in ["weiß", "Blanc", "balts", "белыми"] {
            assert_eq!(challenge_option(w), Some(ChallengeWord::White), "{w}");
        }
        assert!(is_offer("oui") && !is_decline("oui") && is_decline("nein"));
        assert_eq!(challenge_target("ИИ"), Some(ChallengeWord::Ai));
        assert_eq!(challenge_option("чёрными"), Some(ChallengeWord::Black));
        assert_eq!(challenge_option("3"), None);
        for w in [
            "casual",
            "Товарищеская",
            "draudzīgā",
            "ungewertet",
            "amicale",
        ] {
            assert_eq!(challenge_option(w), Some(ChallengeWord::Casual), "{w}");
        }
        for w in ["rated", "рейтинговая", "reitinga", "gewertet", "classée"] {
            assert_eq!(challenge_option(w), Some(ChallengeWord::Rated), "{w}");
        }
        assert_eq!(setting_key("Тема"), Some(SettingKey::Theme));
        assert_eq!(setting_key("вариант"), Some(SettingKey::Variant));
        assert_eq!(variant_word("Поддавки"), Some(Variant::Poddavki));
        assert_eq!(variant_word("variant=pool"), Some(Variant::Pool));
        assert_eq!(
            variant_word("вариант=бразильские"),
            Some(Variant::Brazilian)
        );
        assert_eq!(variant_word("white"), None);
        for v in Variant::ALL.into_iter().filter(|v| playable(*v)) {
            assert_eq!(variant_word(v.key()), Some(v), "{v}");
        }
        for (w, v) in [
            ("Международные", Variant::International),
            ("10x10", Variant::International),
            ("antidraughts", Variant::Antidraughts),
            ("10х8", Variant::Russian10x8),
            ("Towers", Variant::Bashni),
            ("башни", Variant::Bashni),
            ("variant=frysk", Variant::Frysk),
            ("Durchbruch", Variant::Breakthrough),
        ] {
            assert_eq!(variant_word(w), Some(v), "{w}");
        }
        assert_eq!(variant_word("Вигман"), Some(Variant::Vigman));
        assert_eq!(not_yet_variant("vigman"), None);
        assert_eq!(
            variant_or_refusal("variant=vigman"),
            Ok(Some(Variant::Vigman))
        );
        assert_eq!(variant_or_refusal("frisian"), Ok(Some(Variant::Frisian)));
        assert_eq!(variant_or_refusal("white"), Ok(None));
        assert!(is_decline("Нет"));
        assert!(!is_decline("yes"));
        assert_eq!(tournament_word("Отменить"), Some(TournamentWord::Cancel));
        assert_eq!(
            tournament_word("недоигранные"),
            Some(TournamentWord::Missing)
        );
        assert_eq!(
            tournament_word("присудить"),
            Some(TournamentWord::Adjudicate)
        );
        assert_eq!(
            tournament_word("товарищеский"),
            Some(TournamentWord::Casual)
        );
        use crate::store::GameResult as R;
        assert_eq!(adjudication_result("1-0"), Some(R::WhiteWins));
        assert_eq!(adjudication_result("Чёрные"), Some(R::BlackWins));
        assert_eq!(adjudication_result("½"), Some(R::Draw));
        assert_eq!(adjudication_result("ничья"), Some(R::Draw));
        assert_eq!(adjudication_result("3-0"), None);
        assert_eq!(help_topic("Турнир"), Some(HelpTopic::Tournament));
        assert_eq!(help_topic("/tournament"), Some(HelpTopic::Tournament));
        assert_eq!(help_topic("moves"), None);
        assert_eq!(help_topic("Règles"), Some(HelpTopic::Rules));
        assert_eq!(help_topic("noteikumi"), Some(HelpTopic::Rules));
    }
}
