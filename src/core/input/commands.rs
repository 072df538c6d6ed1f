//! Reading what people type: a message starting with `/` becomes a
//! [`Command`] through the command table ([`super::table`]: the name in any
//! language, then the command's typed arguments from its words), a slash
//! command the same [`Command`] from its typed options; and bare move texts.

use super::args::{GameArg, NotifyArgs, PuzzleArgs};
use super::options::{Options, SlashCommand};
use super::spec::Access;
pub use super::table::Command;
use super::table::CommandSpec;
use super::words::Words;
use crate::store::{ChallengeId, GameId};
use shashki_engine::Variant;

/// Parse a message starting with `/`. `None` if it is not a command. Every
/// setting is known (see [`parse_command_on`]).
pub fn parse_command(text: &str) -> Option<Command> {
    parse_command_on(text, true)
}

/// Parse a message starting with `/` on a platform that opens a thread per
/// game (`threads`: the `threads` setting exists) or not.
pub fn parse_command_on(text: &str, threads: bool) -> Option<Command> {
    let rest = text.trim().strip_prefix('/')?.trim_start();
    let (head, args) = match rest.find(char::is_whitespace) {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    if head.is_empty() {
        return None;
    }
    // "/move@shashki_bot" in group chats
    let name = head.split('@').next().unwrap_or(head);
    // a deep link (`t.me/<bot>?start=game-12` arrives as `/start game-12`)
    if name.eq_ignore_ascii_case("start") {
        if let Some(c) = args.split_whitespace().next().and_then(deep_link) {
            return Some(c);
        }
    }
    let Some(spec) = CommandSpec::find(name) else {
        return Some(Command::Unknown(name.to_string()));
    };
    let mut w = Words::new(args, spec.name, spec.args, threads);
    Some((spec.parse)(&mut w).unwrap_or_else(Command::Malformed))
}

/// A slash command's typed options as the same [`Command`] (no text
/// between): by its English name.
pub fn slash_command(cmd: &SlashCommand, threads: bool) -> Command {
    let Some(spec) = CommandSpec::named(&cmd.name) else {
        return Command::Unknown(cmd.name.clone());
    };
    let o = Options::new(&cmd.options, spec.name, spec.args, threads);
    (spec.from_options)(&o).unwrap_or_else(Command::Malformed)
}

/// The command a deep link's start payload stands for: `game-12` (the
/// board), `replay-12`, `analyse-12`, `challenge-12` (a shared open
/// challenge), `puzzle`, `daily` (today's puzzle), `daily-international`
/// (today's puzzle of a variant, by its key: [`daily_link`]), `notify`
/// (private notifications on: the link `/notify` gives in a group).
pub fn deep_link(payload: &str) -> Option<Command> {
    let (kind, n) = match payload.split_once('-') {
        Some((k, n)) => (k, Some(n)),
        None => (payload, None),
    };
    let game = || {
        n.and_then(game_ref).map(|id| GameArg {
            game: Some(GameId(id)),
        })
    };
    Some(match kind.to_ascii_lowercase().as_str() {
        "game" => Command::Board(game()?),
        "replay" => Command::Replay(game()?),
        "analyse" => Command::Analyse(game()?),
        "challenge" => {
            let (id, token) = n?.split_once('-')?;
            let token = Some(token)
                .filter(|t| (1..=12).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()))?
                .parse()
                .ok()?;
            Command::ChallengeLink {
                id: game_ref(id)
                    .filter(|_| id.bytes().all(|b| b.is_ascii_digit()))
                    .map(ChallengeId)?,
                token,
            }
        }
        "puzzle" if n.is_none() => Command::Puzzle(PuzzleArgs::Current),
        "daily" => Command::Puzzle(match n {
            None => PuzzleArgs::Daily,
            Some(key) => PuzzleArgs::DailyOf(Variant::from_key(&key.to_ascii_lowercase())?),
        }),
        "notify" if n.is_none() => Command::Notify(NotifyArgs { on: Some(true) }),
        _ => return None,
    })
}

/// The start payload of a deep link to today's puzzle of `variant`, as
/// [`deep_link`] reads it back: `daily` (Russian, as `/daily` asks it),
/// else `daily-` and the variant's key (`daily-international`; keys are
/// within Telegram's start alphabet `A-Z a-z 0-9 _ -`).
pub fn daily_link(variant: Variant) -> String {
    match variant {
        Variant::Russian => "daily".into(),
        v => format!("daily-{}", v.key()),
    }
}

/// Whether handling `text` may need to know if its sender administers the
/// chat (a command of the admins': chat-wide settings, the daily post, the
/// organiser's `/tournament`): adapters that must ask the platform for
/// that ask only then.
pub fn needs_chat_admin(text: &str) -> bool {
    parse_command(text).is_some_and(|c| c.access() == Access::Admins)
}

/// Whether bare text looks like a move (`e3-d4`, `c3:e5:g7`, `22-17`,
/// `e3d4`), as opposed to chat.
pub fn looks_like_move(text: &str) -> bool {
    let t = text.trim().trim_end_matches(['!', '?']);
    !t.is_empty()
        && t.len() <= 60
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| {
            // a–h, and i, k: the 10×8 board's files (`i3-k4`)
            matches!(c.to_ascii_lowercase(), 'a'..='i' | 'k' | '0'..='9' | 'x' | ':' | '-' | ' ' | '–' | '—' | '×')
        })
}

/// The most digits of a number typed in a command: twelve, as many as a
/// button's data carries (`payload`). Every such number is also exact in a
/// message: Fluent keeps numbers as `f64`, exact up to 2^53, so a longer one
/// would be repeated rounded (`/accept 9223372036854775807` answered "no
/// challenge #9223372036854775808").
pub const DIGITS_MAX: usize = 12;

/// The longest @handle: Telegram's usernames have 5–32 characters,
/// Discord's 2–32.
pub const HANDLE_MAX: usize = 32;

/// A whole number as people type it: an optional `-`, then 1 to
/// [`DIGITS_MAX`] ASCII digits. Anything else — a longer number too — is
/// `None`: never rounded, never saturated.
pub fn number(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || digits.len() > DIGITS_MAX || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    s.parse().ok()
}

/// Whether `s` is written as a number (`12`, `#12`), however long: a
/// reference that may not fit ([`game_ref`] is `None`) but is no word.
pub fn is_numeric(s: &str) -> bool {
    let digits = s.trim().trim_start_matches('#');
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A game reference like `#12` or `12` (at most [`DIGITS_MAX`] digits).
pub fn game_ref(s: &str) -> Option<i64> {
    number(s.trim().trim_start_matches('#')).filter(|n| *n > 0)
}

/// A game written the way the parser reads it before other words: `#12`.
pub fn game_tag(game: GameId) -> String {
    format!("#{game}")
}

/// A user written the way a command names them: `@anna`.
pub fn handle_tag(handle: &str) -> String {
    format!("@{handle}")
}

/// What follows `/move` for a move: `#12 e3-d4` (the game first) when the
/// game must be named, else the move alone.
pub fn move_args(game: Option<GameId>, text: &str) -> String {
    match game {
        Some(g) => format!("{} {}", game_tag(g), text.trim()),
        None => text.trim().to_string(),
    }
}

/// What `/move` may be completed with while the person types `typed`
/// (Discord's autocomplete): the legal moves of their games to move in
/// (`games`, from `Service::moves_to_play`), each `/move` text naming its
/// game when there are several, those starting with what is typed (any
/// case; the move or the whole text), at most `max`.
pub fn move_suggestions(
    games: &[(GameId, Vec<crate::core::Choice>)],
    typed: &str,
    max: usize,
) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    let several = games.len() > 1;
    let starts = |s: &str| s.to_lowercase().starts_with(&typed);
    games
        .iter()
        .flat_map(|(game, moves)| {
            moves
                .iter()
                .map(move |m| (move_args(several.then_some(*game), &m.label), &m.label))
        })
        .filter(|(value, label)| typed.is_empty() || starts(label) || starts(value))
        .map(|(value, _)| value)
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::access::AccessRefusal;
    use crate::core::error::Refusal;
    use crate::core::games::challenge::ChallengeRefusal;
    use crate::core::i18n::Lang;
    use crate::core::input::args::{
        ChallengeArg, ChallengeArgs, DailyArgs, DrawArgs, MoveArgs, NewTournamentArgs, Opponent,
        Rejected, SettingsArgs, TimeLimit, TopArgs, TournamentArgs,
    };
    use crate::core::input::options::OptValue;
    use crate::core::input::spec::{menu, Menu, MenuScope};
    use crate::core::input::table::COMMANDS;
    use crate::core::input::InputRefusal;
    use crate::core::settings::SettingsRefusal;
    use crate::core::tournaments::TournamentRefusal;
    use crate::store::ColorWish;
    use crate::store::{ChallengeId, TournamentId};
    use crate::tournament::Format;
    use shashki_engine::Variant;

    fn refusal(text: &str) -> Refusal {
        match parse_command(text) {
            Some(Command::Malformed(r)) => r.refusal,
            other => panic!("{text}: {other:?}"),
        }
    }

    /// Every name of every command, in every language and any case, is
    /// that command; no word names two commands.
    #[test]
    fn every_alias_in_every_language_parses_to_its_command() {
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for c in COMMANDS {
            let english = parse_command(&format!("/{}", c.name)).unwrap();
            assert!(
                !matches!(english, Command::Unknown(_)),
                "/{}: {english:?}",
                c.name
            );
            for lang in Lang::ALL {
                for word in c.aliases.of(lang) {
                    assert_eq!(*word, word.to_lowercase(), "{word}: the table is lowercase");
                    if let Some((_, other)) = seen.iter().find(|(w, o)| w == word && *o != c.name) {
                        panic!("{word} names both /{} and /{other}", c.name);
                    }
                    seen.push((word, c.name));
                    for typed in [word.to_string(), word.to_uppercase()] {
                        assert_eq!(
                            parse_command(&format!("/{typed}")).as_ref(),
                            Some(&english),
                            "/{typed} ({lang:?}) is /{}",
                            c.name
                        );
                        assert_eq!(
                            parse_command(&format!("/{typed}@shashki_bot")).as_ref(),
                            Some(&english),
                        );
                    }
                }
            }
        }
        // the common forms natives type
        for (typed, name) in [
            ("/сдаюсь", "/resign"),
            ("/сдаться", "/resign"),
            ("/сдача", "/resign"),
            ("/aufgeben", "/resign"),
            ("/abandonne", "/resign"),
            ("/abandonner", "/resign"),
            ("/padoties", "/resign"),
            ("/вызвать", "/challenge"),
            ("/défier", "/challenge"),
            ("/zug e3-d4", "/move e3-d4"),
            ("/coup #2 e3-d4", "/move #2 e3-d4"),
        ] {
            assert_eq!(parse_command(typed), parse_command(name), "{typed}");
        }
        // and a language's first word is the command's name there
        let challenge = CommandSpec::named("challenge").unwrap();
        assert_eq!(challenge.aliases.name_in(Lang::Ru), "вызов");
        assert_eq!(challenge.aliases.name_in(Lang::En), "challenge");
    }

    /// What a menu shows is what the parser reads, and the menus differ by
    /// scope as the table says.
    #[test]
    fn menus_come_from_the_table() {
        let names = |s| menu(s).map(|c| c.name).collect::<Vec<_>>();
        let members = names(MenuScope::Groups);
        let admins = names(MenuScope::GroupAdmins);
        let private = names(MenuScope::PrivateChats);
        assert!(!members.contains(&"daily") && admins.contains(&"daily"));
        assert!(members.iter().all(|m| admins.contains(m)));
        assert!(!admins.contains(&"if") && private.contains(&"if"));
        assert!(!private.contains(&"tournament") && members.contains(&"tournament"));
        assert!(!names(MenuScope::Default).contains(&"puzzletop"));
        let hidden: Vec<&str> = COMMANDS
            .iter()
            .filter(|c| c.menu == Menu::Hidden)
            .map(|c| c.name)
            .collect();
        assert_eq!(hidden, ["puzzletop"]);
        let settings = CommandSpec::named("settings").unwrap();
        assert_eq!(
            crate::core::input::spec::menu_desc(MenuScope::Groups, settings),
            "cmd-settings-member"
        );
        assert_eq!(
            crate::core::input::spec::menu_desc(MenuScope::GroupAdmins, settings),
            "cmd-settings-admin"
        );
    }

    #[test]
    fn every_description_and_help_line_is_in_every_catalogue() {
        use crate::core::input::spec::HelpLine;
        let c = crate::core::i18n::Catalog::new();
        for lang in Lang::ALL {
            for cmd in COMMANDS {
                let mut ids = vec![cmd.about.desc];
                if let Some((m, a)) = cmd.about.by_reader {
                    ids.extend([m, a]);
                }
                if let HelpLine::Own(id) = cmd.about.help {
                    ids.push(id);
                }
                ids.extend(cmd.args.iter().map(|a| a.desc));
                ids.extend(
                    cmd.args
                        .iter()
                        .flat_map(|a| a.kind.choices().map(|(_, l)| l)),
                );
                for id in ids {
                    let d = c.get(lang, id, None);
                    assert!(!d.starts_with('['), "{id} missing in {lang:?}");
                }
                let d = c.get(lang, cmd.about.desc, None);
                assert!((3..=100).contains(&d.chars().count()), "{d}");
            }
            let help = crate::core::input::help::help_text(&c, lang);
            assert!(!help.contains('['), "{help}");
        }
    }

    /// Today's puzzle of a variant by deep link (Telegram's inline card):
    /// `daily-international` is `/puzzle daily international`; every variant's
    /// link is within Telegram's start alphabet and reads back as itself;
    /// a word that is no variant's key is the welcome.
    #[test]
    fn deep_links_open_the_days_puzzle_of_a_variant() {
        use crate::core::input::args::PuzzleArgs;
        assert_eq!(daily_link(Variant::International), "daily-international");
        assert_eq!(
            parse_command("/start daily-international"),
            Some(Command::Puzzle(PuzzleArgs::DailyOf(Variant::International)))
        );
        assert_eq!(
            parse_command("/start daily-international"),
            parse_command("/puzzle daily international")
        );
        assert_eq!(daily_link(Variant::Russian), "daily");
        for v in Variant::ALL {
            let link = daily_link(v);
            assert!(
                link.len() <= 64
                    && link
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
                "{link}"
            );
            let want = if v == Variant::Russian {
                PuzzleArgs::Daily
            } else {
                PuzzleArgs::DailyOf(v)
            };
            assert_eq!(deep_link(&link), Some(Command::Puzzle(want)), "{link}");
        }
        for junk in [
            "/start daily-",
            "/start daily-x",
            "/start daily-международные",
        ] {
            assert_eq!(
                parse_command(junk).map(|c| matches!(c, Command::Help(_))),
                Some(true),
                "{junk}"
            );
        }
    }

    #[test]
    fn deep_links_open_a_game_a_replay_an_analysis_or_a_puzzle() {
        use crate::core::input::args::{GameArg, NotifyArgs, PuzzleArgs};
        let game = |id| GameArg {
            game: Some(GameId(id)),
        };
        assert_eq!(
            parse_command("/start notify"),
            Some(Command::Notify(NotifyArgs { on: Some(true) }))
        );
        assert_eq!(
            parse_command("/уведомления выкл"),
            Some(Command::Notify(NotifyArgs { on: Some(false) }))
        );
        assert_eq!(
            parse_command("/start game-12"),
            Some(Command::Board(game(12)))
        );
        assert_eq!(
            parse_command("/start replay-3"),
            Some(Command::Replay(game(3)))
        );
        assert_eq!(
            parse_command("/start analyse-3"),
            Some(Command::Analyse(game(3)))
        );
        assert_eq!(
            parse_command("/start challenge-7-123456"),
            Some(Command::ChallengeLink {
                id: ChallengeId(7),
                token: 123456
            })
        );
        assert_eq!(
            parse_command("/start puzzle"),
            Some(Command::Puzzle(PuzzleArgs::Current))
        );
        assert_eq!(
            parse_command("/start daily"),
            Some(Command::Puzzle(PuzzleArgs::Daily))
        );
        // anything else is the welcome (help), as before
        for junk in [
            "/start",
            "/start game-",
            "/start game-x",
            "/start game-0",
            "/start challenge-",
            "/start challenge-7",
            "/start challenge--1",
            "/start challenge-1-",
            "/start challenge-1-x",
            "/start challenge-#1-5",
            "/start challenge-1-1234567890123",
            "/start challenge-99999999999999999999-1",
            "/start hello",
        ] {
            assert_eq!(
                parse_command(junk).map(|c| matches!(c, Command::Help(_))),
                Some(true),
                "{junk}"
            );
        }
    }

    #[test]
    fn commands_and_their_typed_arguments() {
        let mv = |game, text: &str| {
            Command::Move(MoveArgs {
                game,
                text: Some(text.into()),
            })
        };
        assert_eq!(
            parse_command("/move@shashki_bot e3-d4"),
            Some(mv(None, "e3-d4"))
        );
        assert_eq!(parse_command("/ход e3-d4"), Some(mv(None, "e3-d4")));
        assert_eq!(
            parse_command("/move #4 c3 d4"),
            Some(mv(Some(GameId(4)), "c3 d4"))
        );
        assert_eq!(
            parse_command("/move"),
            Some(Command::Move(MoveArgs::default()))
        );
        assert_eq!(
            refusal("/move #x e3-d4"),
            Refusal::Access(AccessRefusal::GameUnknown { game: "#x".into() })
        );
        let draw = |game, decline| Command::Draw(DrawArgs { game, decline });
        assert_eq!(
            parse_command("/draw #3 нет"),
            Some(draw(Some(GameId(3)), true))
        );
        assert_eq!(parse_command("/draw 3"), Some(draw(Some(GameId(3)), false)));
        assert_eq!(parse_command("/draw"), Some(draw(None, false)));
        assert!(matches!(
            refusal("/draw maybe"),
            Refusal::Input(InputRefusal::Syntax { .. })
        ));
        assert_eq!(
            parse_command("/accept #7"),
            Some(Command::Accept(ChallengeArg {
                challenge: Some(ChallengeId(7))
            }))
        );
        // a word that is no number no longer falls back to the newest
        assert!(matches!(
            refusal("/accept soon"),
            Refusal::Input(InputRefusal::Syntax { .. })
        ));
        assert_eq!(
            parse_command("/top puzzles"),
            Some(Command::Top(TopArgs::Puzzles))
        );
        assert_eq!(
            parse_command("/рейтинг поддавки"),
            Some(Command::Top(TopArgs::Variant(Variant::Poddavki)))
        );
        assert_eq!(
            refusal("/top chess"),
            Refusal::Input(InputRefusal::VariantUnknown {
                word: "chess".into()
            })
        );
        assert!(matches!(
            refusal("/games now"),
            Refusal::Input(InputRefusal::Syntax { .. })
        ));
        assert_eq!(
            parse_command("/frobnicate"),
            Some(Command::Unknown("frobnicate".into()))
        );
        assert_eq!(parse_command("hello"), None);
        assert_eq!(parse_command("/"), None);
    }

    #[test]
    fn a_syntax_refusal_names_the_word_and_the_commands_syntax() {
        match refusal("/vacation много") {
            Refusal::Input(InputRefusal::Syntax {
                command,
                word,
                syntax,
            }) => {
                assert_eq!(command, "/vacation");
                assert_eq!(word, "много");
                assert_eq!(syntax, "/vacation [days 1–365]");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_challenge_is_typed_and_guesses_nothing() {
        let ch = |text: &str| match parse_command(text) {
            Some(Command::Challenge(a)) => a,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            ch("/challenge ai 3 white"),
            ChallengeArgs {
                opponent: Opponent::Ai,
                level: Some(3),
                colour: ColorWish::White,
                ..ChallengeArgs::default()
            }
        );
        assert_eq!(
            ch("/вызов @Bob 5 чёрными поддавки товарищеская"),
            ChallengeArgs {
                opponent: Opponent::Handle("bob".into()),
                days: Some(TimeLimit::Days(5)),
                colour: ColorWish::Black,
                variant: Some(Variant::Poddavki),
                casual: true,
                ..ChallengeArgs::default()
            }
        );
        // every board: the 10×10 and 10×8 ones and the towers, by key,
        // size or name in any language
        for (text, v) in [
            ("/challenge @bob international", Variant::International),
            ("/challenge @bob 10x10 3", Variant::International),
            ("/вызов @bob международные", Variant::International),
            ("/challenge ai 2 frisian", Variant::Frisian),
            ("/challenge @bob frysk", Variant::Frysk),
            ("/challenge @bob antidraughts", Variant::Antidraughts),
            ("/challenge @bob breakthrough", Variant::Breakthrough),
            ("/challenge @bob russian-10x8", Variant::Russian10x8),
            ("/challenge @bob variant=10x8", Variant::Russian10x8),
            ("/challenge @bob bashni", Variant::Bashni),
            ("/challenge @bob towers", Variant::Bashni),
            ("/вызов @bob башни", Variant::Bashni),
            ("/challenge @bob vigman", Variant::Vigman),
            ("/вызов @bob вигман", Variant::Vigman),
            ("/challenge ai variant=vigman", Variant::Vigman),
        ] {
            assert_eq!(ch(text).variant, Some(v), "{text}");
        }
        assert_eq!(ch("/challenge ai 2 4").days, Some(TimeLimit::Days(4)));
        assert_eq!(ch("/challenge ai 4d").level, None);
        assert_eq!(ch("/challenge @bob 0").days, Some(TimeLimit::Unlimited));
        assert_eq!(
            ch("/challenge ai from W:Wc3: Bd6").from.as_deref(),
            Some("W:Wc3:Bd6")
        );
        assert_eq!(ch("/Вызов"), ChallengeArgs::default());
        // what was guessed before is refused now
        for (text, word) in [
            ("/challenge @bob 3 5", "5"),
            ("/challenge white black", "black"),
            ("/challenge @bob casual rated", "rated"),
            ("/challenge 3 ai", "ai"),
            ("/challenge ai 3 unlimited 5", "5"),
        ] {
            assert_eq!(
                refusal(text),
                Refusal::Challenge(ChallengeRefusal::BadWord { word: word.into() }),
                "{text}"
            );
        }
        assert_eq!(
            refusal("/вызов ии 9"),
            Refusal::Challenge(ChallengeRefusal::BadLevel { level: 9 })
        );
        assert_eq!(
            refusal("/challenge @bob 15"),
            Refusal::Challenge(ChallengeRefusal::BadDays { days: 15 })
        );
    }

    /// `/tournament new Winter swiss rounds 3 micro` opened a round robin
    /// named "Winter swiss rounds 3": the words that look like options but
    /// are none are refused now, in the name too.
    #[test]
    fn a_tournament_name_does_not_swallow_a_broken_option() {
        for (text, word) in [
            ("/tournament new Winter swiss rounds 3 micro", "swiss"),
            ("/tournament new Winter swiss-x", "swiss-x"),
            ("/tournament new Winter rounds 3", "rounds"),
            ("/tournament new Winter micro Cup", "Cup"),
            ("/tournament new Winter rr 3", "3"),
            ("/турнир новый Зима швейцарка 5", "швейцарка"),
        ] {
            let Some(Command::Malformed(r)) = parse_command(text) else {
                panic!("{text}: {:?}", parse_command(text));
            };
            assert_eq!(
                r.refusal,
                Refusal::Tournament(TournamentRefusal::BadWord { word: word.into() }),
                "{text}"
            );
            assert_eq!(r.access, Access::Admins, "{text}: the admins' first");
        }
        let new = |text: &str| match parse_command(text) {
            Some(Command::Tournament(TournamentArgs::New(t))) => t,
            other => panic!("{text}: {other:?}"),
        };
        let t = new("/tournament new Winter Cup 2026 swiss-3 single days 2 max 10 casual");
        assert_eq!(
            t,
            NewTournamentArgs {
                name: "Winter Cup 2026".into(),
                format: Format::Swiss { rounds: 3 },
                micro: false,
                days: Some(2),
                max_players: 10,
                rated: false,
                ..NewTournamentArgs::default()
            }
        );
        // a name with option words goes in quotes
        let t = new("/tournament new \"Swiss Open casual\" swiss-5");
        assert_eq!(t.name, "Swiss Open casual");
        assert_eq!(t.format, Format::Swiss { rounds: 5 });
        assert!(t.rated);
        assert_eq!(new("/tournament new «Зимний кубок»").name, "Зимний кубок");
        assert_eq!(
            refusal("/tournament new"),
            Refusal::Tournament(TournamentRefusal::Usage)
        );
        assert_eq!(
            refusal("/tournament new casual"),
            Refusal::Tournament(TournamentRefusal::Usage)
        );
        assert_eq!(
            refusal("/tournament new Open ballot lottery"),
            Refusal::Tournament(TournamentRefusal::BadWord {
                word: "lottery".into()
            })
        );
        // the other subcommands: typed, and whose they are
        let t = |text: &str| parse_command(text).unwrap();
        assert_eq!(
            t("/tournament #2"),
            Command::Tournament(TournamentArgs::Status(Some(TournamentId(2))))
        );
        assert_eq!(
            t("/турнир участвую #3"),
            Command::Tournament(TournamentArgs::Join(Some(TournamentId(3))))
        );
        assert_eq!(t("/tournament start").access(), Access::Admins);
        assert_eq!(t("/tournament join").access(), Access::Anyone);
        assert_eq!(
            t("/tournament remove @Carl #2"),
            Command::Tournament(TournamentArgs::Remove {
                player: "Carl".into(),
                tournament: Some(TournamentId(2))
            })
        );
        assert_eq!(
            t("/tournament adjudicate 12 1/2"),
            Command::Tournament(TournamentArgs::Adjudicate {
                game: GameId(12),
                result: Some(crate::store::GameResult::Draw)
            })
        );
        assert_eq!(
            t("/tournament pause 3"),
            Command::Tournament(TournamentArgs::Pause {
                days: Some(3),
                tournament: None
            })
        );
        assert_eq!(
            refusal("/tournament join soon"),
            Refusal::Tournament(TournamentRefusal::Unknown { id: "soon".into() })
        );
    }

    #[test]
    fn settings_are_typed_and_the_admins_keys_are_theirs() {
        let s = |text: &str| parse_command(text).unwrap();
        assert_eq!(s("/settings"), Command::Settings(SettingsArgs::Show));
        assert_eq!(
            s("/settings lang RU"),
            Command::Settings(SettingsArgs::Lang(Lang::Ru))
        );
        assert_eq!(s("/settings lang ru").access(), Access::Anyone);
        assert_eq!(s("/настройки тема contrast").access(), Access::Admins);
        assert_eq!(
            s("/settings reminders 50% 24h"),
            Command::Settings(SettingsArgs::Reminders("50% 24h".parse().unwrap()))
        );
        // a bad value of an admin's key: the admins' refusal first
        let Command::Malformed(r) = s("/settings theme 💥") else {
            panic!()
        };
        assert_eq!(r.access, Access::Admins);
        assert!(matches!(
            r.refusal,
            Refusal::Settings(SettingsRefusal::BadValue { key: "theme", .. })
        ));
        // no silent first word: `days 5 6` is not 5
        assert!(matches!(
            s("/settings days 5 6"),
            Command::Malformed(Rejected {
                refusal: Refusal::Settings(SettingsRefusal::BadValue { key: "days", .. }),
                ..
            })
        ));
        // `threads` only where the platform has threads
        let on = |threads| parse_command_on("/settings threads on", threads).unwrap();
        assert_eq!(on(true), Command::Settings(SettingsArgs::Threads(true)));
        let Command::Malformed(r) = on(false) else {
            panic!()
        };
        assert!(
            matches!(&r.refusal, Refusal::Settings(SettingsRefusal::Unknown { keys, .. }) if !keys.contains("threads"))
        );
    }

    /// A slash command's typed options make the same typed arguments as
    /// the text (no text between), and are checked the same.
    #[test]
    fn slash_options_build_the_struct_directly() {
        let slash = |name: &str, options: Vec<(&str, OptValue)>| {
            slash_command(
                &SlashCommand {
                    name: name.into(),
                    options: options.into_iter().map(|(k, v)| (k.into(), v)).collect(),
                },
                true,
            )
        };
        let t = |s: &str| OptValue::Text(s.into());
        assert_eq!(
            slash(
                "challenge",
                vec![
                    ("target", t("ai")),
                    ("level", OptValue::Int(1)),
                    ("colour", t("black"))
                ]
            ),
            parse_command("/challenge ai 1 black").unwrap()
        );
        assert_eq!(
            slash(
                "challenge",
                vec![
                    ("opponent", OptValue::User("Bob".into())),
                    ("variant", t("english")),
                    ("rating", t("casual")),
                    ("days", OptValue::Int(3)),
                ]
            ),
            Command::Challenge(ChallengeArgs {
                opponent: Opponent::Handle("bob".into()),
                days: Some(TimeLimit::Days(3)),
                variant: Some(Variant::English),
                casual: true,
                ..ChallengeArgs::default()
            })
        );
        // the variant option offers every board, Vigman's too
        assert_eq!(
            slash(
                "challenge",
                vec![
                    ("opponent", OptValue::User("Bob".into())),
                    ("variant", t("russian-10x8")),
                ]
            ),
            Command::Challenge(ChallengeArgs {
                opponent: Opponent::Handle("bob".into()),
                variant: Some(Variant::Russian10x8),
                ..ChallengeArgs::default()
            })
        );
        assert_eq!(
            slash("challenge", vec![("variant", t("vigman"))]),
            Command::Challenge(ChallengeArgs {
                variant: Some(Variant::Vigman),
                ..ChallengeArgs::default()
            })
        );
        // a level for a person's challenge was read as days: refused now
        assert!(matches!(
            slash(
                "challenge",
                vec![
                    ("opponent", OptValue::User("bob".into())),
                    ("level", OptValue::Int(3))
                ]
            ),
            Command::Malformed(Rejected {
                refusal: Refusal::Challenge(ChallengeRefusal::BadWord { .. }),
                ..
            })
        ));
        assert_eq!(
            slash("move", vec![("text", t("#12 e3-d4"))]),
            parse_command("/move #12 e3-d4").unwrap()
        );
        assert_eq!(
            slash(
                "move",
                vec![("text", t("e3-d4")), ("game", OptValue::Int(12))]
            ),
            parse_command("/move #12 e3-d4").unwrap()
        );
        assert_eq!(
            slash("board", vec![("game", OptValue::Int(7))]),
            parse_command("/board #7").unwrap()
        );
        assert_eq!(
            slash(
                "daily",
                vec![
                    ("offset", t("+03:00")),
                    ("state", t("on")),
                    ("time", t("09:00"))
                ]
            ),
            parse_command("/daily on 09:00 +03:00").unwrap()
        );
        // the variant option: alone, today's puzzle of its pack (anyone's);
        // with on, the chat's daily post (the admins')
        let international = slash("daily", vec![("variant", t("international"))]);
        assert_eq!(
            international,
            parse_command("/daily international").unwrap()
        );
        assert_eq!(
            international,
            Command::Daily(DailyArgs::Puzzle(Variant::International))
        );
        assert_eq!(international.access(), Access::Anyone);
        let on = slash(
            "daily",
            vec![
                ("state", t("on")),
                ("variant", t("international")),
                ("time", t("09:00")),
            ],
        );
        assert_eq!(on, parse_command("/daily on international 09:00").unwrap());
        assert_eq!(
            on,
            Command::Daily(DailyArgs::On {
                minute: Some(540),
                zone: None,
                variant: Some(Variant::International),
            })
        );
        assert_eq!(on.access(), Access::Admins);
        // not a variant, a variant with off, a time without on: refused
        for options in [
            vec![("variant", t("chess"))],
            vec![("state", t("on")), ("variant", t("chess"))],
            vec![("state", t("off")), ("variant", t("international"))],
            vec![("time", t("09:00")), ("variant", t("international"))],
        ] {
            let c = slash("daily", options.clone());
            assert!(matches!(c, Command::Malformed(_)), "{options:?}: {c:?}");
        }
        assert_eq!(
            slash(
                "daily",
                vec![("state", t("off")), ("variant", t("international"))]
            )
            .access(),
            Access::Admins
        );
        assert_eq!(
            slash("settings", vec![("key", t("threads")), ("value", t("on"))]),
            Command::Settings(SettingsArgs::Threads(true))
        );
        assert_eq!(
            slash("tournament", vec![("text", t("new Winter swiss-3"))]),
            parse_command("/tournament new Winter swiss-3").unwrap()
        );
        assert_eq!(
            slash("top", vec![("list", t("puzzles"))]),
            Command::Top(TopArgs::Puzzles)
        );
        assert_eq!(slash("games", vec![]), parse_command("/games").unwrap());
        assert_eq!(
            slash("frobnicate", vec![]),
            Command::Unknown("frobnicate".into())
        );
    }

    #[test]
    fn the_admins_commands_need_the_admin_check() {
        assert!(needs_chat_admin("/settings theme contrast"));
        assert!(needs_chat_admin("/tournament new Cup"));
        assert!(needs_chat_admin("/tournament new"));
        assert!(needs_chat_admin("/daily on 09:00"));
        assert!(!needs_chat_admin("/daily"));
        assert!(!needs_chat_admin("/settings lang ru"));
        assert!(!needs_chat_admin("/tournament join"));
        assert!(!needs_chat_admin("/move e3-d4"));
    }

    /// Issue 21: a number too long to be exact in a message does not
    /// parse (never rounded nor saturated): a reference written so is no
    /// game or challenge here, repeated as typed; a handle longer than any
    /// platform's is refused.
    #[test]
    fn numbers_have_at_most_twelve_digits_and_handles_32_characters() {
        assert_eq!(number("999999999999"), Some(999_999_999_999));
        assert_eq!(number("-3"), Some(-3));
        assert_eq!(number("007"), Some(7));
        for no in [
            "9223372036854775807",
            "9223372036854775808",
            "1000000000000",
            "99999999999999999999",
            "+5",
            "-",
            "",
            " 5",
            "5d",
            "١٢",
        ] {
            assert_eq!(number(no), None, "{no}");
        }
        assert_eq!(game_ref("#999999999999"), Some(999_999_999_999));
        assert_eq!(game_ref("#9223372036854775807"), None);
        assert_eq!(game_ref("0"), None);
        assert!(is_numeric("#9223372036854775807"));
        assert!(!is_numeric("#12a") && !is_numeric("#") && !is_numeric("-1"));
        // `/draw N`: a number is a game, however long, never a word
        assert_eq!(
            refusal("/draw 99999999999999999999"),
            Refusal::Access(AccessRefusal::GameUnknown {
                game: "99999999999999999999".into()
            })
        );
        assert_eq!(
            refusal("/accept 9223372036854775807"),
            Refusal::Challenge(ChallengeRefusal::Unknown {
                id: "9223372036854775807".into()
            })
        );
        assert_eq!(
            refusal("/decline #99999999999999999999"),
            Refusal::Challenge(ChallengeRefusal::Unknown {
                id: "99999999999999999999".into()
            })
        );
        let long = "b".repeat(HANDLE_MAX + 1);
        for text in [
            format!("/challenge @{long}"),
            format!("/tournament remove @{long}"),
        ] {
            assert_eq!(
                refusal(&text),
                Refusal::Input(InputRefusal::HandleTooLong {
                    handle: long.clone()
                }),
                "{text}"
            );
        }
        let fits = "b".repeat(HANDLE_MAX);
        assert!(matches!(
            parse_command(&format!("/challenge @{fits}")),
            Some(Command::Challenge(ChallengeArgs {
                opponent: Opponent::Handle(_),
                ..
            }))
        ));
    }

    #[test]
    fn bare_moves() {
        for m in [
            "e3-d4", "c3:e5:g7", "22-17", "e3d4", "15x22", "E3-D4!?", "i3-k4", "28x19",
        ] {
            assert!(looks_like_move(m), "{m}");
        }
        for chat in ["hello", "good move", "ok", "", "a", "lol 5"] {
            assert!(!looks_like_move(chat), "{chat}");
        }
        assert_eq!(game_ref("#12"), Some(12));
        assert_eq!(game_ref("x"), None);
        assert_eq!(move_args(Some(GameId(7)), " c3-d4 "), "#7 c3-d4");
        assert_eq!(move_args(None, "c3-d4"), "c3-d4");
    }

    #[test]
    fn move_suggestions_start_with_what_is_typed_and_name_the_game_when_several() {
        let moves = |labels: &[&str]| -> Vec<crate::core::Choice> {
            labels
                .iter()
                .map(|l| crate::core::Choice {
                    label: (*l).into(),
                    payload: String::new(),
                    kind: crate::core::ChoiceKind::Move,
                })
                .collect()
        };
        let one = [(GameId(7), moves(&["c3-d4", "c3-b4", "e3-d4"]))];
        assert_eq!(move_suggestions(&one, "", 25), ["c3-d4", "c3-b4", "e3-d4"]);
        assert_eq!(move_suggestions(&one, " C3", 25), ["c3-d4", "c3-b4"]);
        assert_eq!(move_suggestions(&one, "c3", 1), ["c3-d4"]);
        let two = [one[0].clone(), (GameId(9), moves(&["a3-b4"]))];
        assert_eq!(
            move_suggestions(&two, "", 25),
            ["#7 c3-d4", "#7 c3-b4", "#7 e3-d4", "#9 a3-b4"]
        );
        assert_eq!(move_suggestions(&two, "#9", 25), ["#9 a3-b4"]);
        assert_eq!(move_suggestions(&two, "e3", 25), ["#7 e3-d4"]);
        assert!(move_suggestions(&two, "h", 25).is_empty());
    }
}
