//! The words people type, in every language the bot speaks: command names
//! and their aliases, and the words inside commands (challenge options,
//! draw answers, setting names). One table each; matching is
//! case-insensitive.

use shashki_engine::Variant;

/// Command names: (word, canonical English name).
pub const NAMES: &[(&str, &str)] = &[
    ("help", "help"),
    ("start", "help"),
    ("помощь", "help"),
    ("старт", "help"),
    ("challenge", "challenge"),
    ("вызов", "challenge"),
    ("play", "challenge"),
    ("играть", "challenge"),
    ("accept", "accept"),
    ("принять", "accept"),
    ("decline", "decline"),
    ("отклонить", "decline"),
    ("move", "move"),
    ("m", "move"),
    ("ход", "move"),
    ("board", "board"),
    ("доска", "board"),
    ("games", "games"),
    ("партии", "games"),
    ("resign", "resign"),
    ("сдаться", "resign"),
    ("draw", "draw"),
    ("ничья", "draw"),
    ("pdn", "pdn"),
    ("settings", "settings"),
    ("настройки", "settings"),
    ("top", "top"),
    ("рейтинг", "top"),
    ("vacation", "vacation"),
    ("отпуск", "vacation"),
    ("puzzle", "puzzle"),
    ("задача", "puzzle"),
    ("daily", "daily"),
    ("ежедневно", "daily"),
    ("hint", "hint"),
    ("подсказка", "hint"),
    ("puzzletop", "puzzletop"),
    ("задачитоп", "puzzletop"),
    ("tournament", "tournament"),
    ("турнир", "tournament"),
    ("standings", "standings"),
    ("таблица", "standings"),
    ("replay", "replay"),
    ("повтор", "replay"),
    ("просмотр", "replay"),
    ("takeback", "takeback"),
    ("undo", "takeback"),
    ("вернуть", "takeback"),
    ("if", "if"),
    ("если", "if"),
    ("premove", "if"),
    ("analyse", "analyse"),
    ("analyze", "analyse"),
    ("анализ", "analyse"),
    ("position", "position"),
    ("fen", "position"),
    ("позиция", "position"),
    ("notify", "notify"),
    ("notifications", "notify"),
    ("уведомления", "notify"),
    ("оповещения", "notify"),
];

/// The canonical (English) name of a command word, if known.
pub fn canonical(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    NAMES.iter().find(|(n, _)| *n == w).map(|(_, c)| *c)
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
    is_one_of(word, &["decline", "no", "отклонить", "нет"])
}

/// Whom a challenge is for, as its first word says.
pub fn challenge_target(word: &str) -> Option<ChallengeWord> {
    let w = word.to_lowercase();
    match w.as_str() {
        "ai" | "bot" | "ии" | "бот" | "computer" | "компьютер" => {
            Some(ChallengeWord::Ai)
        }
        "open" | "any" | "все" | "любой" => Some(ChallengeWord::Open),
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
        "white" | "w" | "белые" | "белыми" | "б" => ChallengeWord::White,
        "black" | "b" | "черные" | "чёрные" | "черными" | "чёрными" | "ч" => {
            ChallengeWord::Black
        }
        "random" | "случайно" | "любым" => ChallengeWord::Random,
        "unlimited" | "∞" | "inf" | "безлимит" | "без" => ChallengeWord::Unlimited,
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

/// The words that name a variant, in every language (a variant's key first).
pub const VARIANT_WORDS: &[(Variant, &[&str])] = &[
    (
        Variant::Russian,
        &["russian", "shashki", "русские", "русская", "шашки"],
    ),
    (
        Variant::Poddavki,
        &["poddavki", "giveaway", "antidraughts", "поддавки"],
    ),
    (
        Variant::Brazilian,
        &["brazilian", "brasileiras", "бразильские", "бразильская"],
    ),
    (Variant::Pool, &["pool", "poolcheckers", "пул", "пуловые"]),
    (
        Variant::English,
        &["english", "checkers", "английские", "английская", "чекерс"],
    ),
    (
        Variant::Czech,
        &["czech", "ceska", "česká", "чешские", "чешская"],
    ),
    (
        Variant::Italian,
        &["italian", "italiana", "итальянские", "итальянская"],
    ),
    (
        Variant::Portuguese,
        &[
            "portuguese",
            "portuguesas",
            "португальские",
            "португальская",
        ],
    ),
];

/// A variant as `/challenge` or `/settings variant` names it: a word of
/// [`VARIANT_WORDS`], alone or as `variant=WORD` (`вариант=WORD`).
pub fn variant_word(word: &str) -> Option<Variant> {
    let w = word.to_lowercase();
    let w = ["variant=", "вариант=", "game=", "игра="]
        .iter()
        .find_map(|p| w.strip_prefix(p))
        .unwrap_or(&w);
    VARIANT_WORDS
        .iter()
        .find(|(_, words)| words.contains(&w))
        .map(|(v, _)| *v)
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
}

impl SettingKey {
    pub const ALL: [SettingKey; 9] = [
        SettingKey::Lang,
        SettingKey::ChatLang,
        SettingKey::Theme,
        SettingKey::Orientation,
        SettingKey::Days,
        SettingKey::Reminders,
        SettingKey::Boards,
        SettingKey::Variant,
        SettingKey::Threads,
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
    fn words_in_both_languages() {
        assert_eq!(canonical("ВЫЗОВ"), Some("challenge"));
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
        for v in Variant::ALL {
            assert_eq!(variant_word(v.key()), Some(v), "{v}");
        }
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
