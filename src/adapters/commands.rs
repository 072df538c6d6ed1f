//! The command menu both bot adapters register (Telegram setMyCommands,
//! Discord slash commands): names, options, and where their descriptions
//! live in the catalogue. The core stays the only place that understands
//! commands: Discord options are handed to the core, which writes the text
//! it parses (`/challenge ai 3 white`, `/move #12 e3-d4`).

use crate::core::i18n::{Catalog, Lang};
use crate::core::input::commands::{command_line, game_ref};

/// What an option holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptKind {
    /// Free text.
    Text,
    /// A whole number in a range.
    Int { min: i64, max: i64 },
    /// A user, picked from the member list where the platform has one
    /// (Discord's user option); the core gets their handle.
    User,
    /// One of a fixed list, given in parts: (the word the core reads,
    /// catalogue id of its label).
    Choice(&'static [&'static [(&'static str, &'static str)]]),
}

/// One option of a slash command.
#[derive(Debug, Clone, Copy)]
pub struct OptSpec {
    pub name: &'static str,
    /// Catalogue id of the description.
    pub desc: &'static str,
    pub kind: OptKind,
    pub required: bool,
    /// Discord asks the bot for suggestions while the user types.
    pub autocomplete: bool,
}

/// One command.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    /// The core's (English) command name.
    pub name: &'static str,
    /// Catalogue id of the description.
    pub desc: &'static str,
    /// In the order the core reads its arguments.
    pub options: &'static [OptSpec],
}

const fn opt(name: &'static str, desc: &'static str, kind: OptKind) -> OptSpec {
    OptSpec {
        name,
        desc,
        kind,
        required: false,
        autocomplete: false,
    }
}

const GAME: OptSpec = opt(
    "game",
    "opt-game",
    OptKind::Int {
        min: 1,
        max: i64::MAX,
    },
);
const CHALLENGE: OptSpec = opt(
    "challenge",
    "opt-challenge-id",
    OptKind::Int {
        min: 1,
        max: i64::MAX,
    },
);

impl OptKind {
    /// The values of a [`OptKind::Choice`] (none for the other kinds).
    pub fn choices(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        let parts: &[&[(&str, &str)]] = match self {
            OptKind::Choice(parts) => parts,
            _ => &[],
        };
        parts.iter().flat_map(|p| p.iter().copied())
    }
}

const COLOURS: OptKind = OptKind::Choice(&[&[
    ("white", "opt-colour-white"),
    ("black", "opt-colour-black"),
    ("random", "opt-colour-random"),
]]);
const RATINGS: OptKind = OptKind::Choice(&[&[
    ("rated", "opt-rating-rated"),
    ("casual", "opt-rating-casual"),
]]);
/// The variants by the word the core reads (`Variant::key`) and their names.
const VARIANTS: &[(&str, &str)] = &[
    ("russian", "variant-russian"),
    ("poddavki", "variant-poddavki"),
    ("brazilian", "variant-brazilian"),
    ("pool", "variant-pool"),
    ("english", "variant-english"),
    ("czech", "variant-czech"),
    ("italian", "variant-italian"),
    ("portuguese", "variant-portuguese"),
];
/// What `/top` lists: the puzzle solvers, or the players of a variant.
const TOP_LISTS: OptKind = OptKind::Choice(&[&[("puzzles", "opt-top-puzzles")], VARIANTS]);

/// The commands, in menu order.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "move",
        desc: "cmd-move",
        options: &[
            OptSpec {
                name: "text",
                desc: "opt-move-text",
                kind: OptKind::Text,
                required: true,
                autocomplete: true,
            },
            GAME,
        ],
    },
    CommandSpec {
        name: "board",
        desc: "cmd-board",
        options: &[GAME],
    },
    CommandSpec {
        name: "challenge",
        desc: "cmd-challenge",
        options: &[
            opt("opponent", "opt-challenge-opponent", OptKind::User),
            opt("target", "opt-challenge-target", OptKind::Text),
            opt(
                "variant",
                "opt-challenge-variant",
                OptKind::Choice(&[VARIANTS]),
            ),
            opt(
                "level",
                "opt-challenge-level",
                OptKind::Int { min: 1, max: 8 },
            ),
            opt(
                "days",
                "opt-challenge-days",
                OptKind::Int { min: 1, max: 14 },
            ),
            opt("colour", "opt-challenge-colour", COLOURS),
            opt("rating", "opt-challenge-rating", RATINGS),
        ],
    },
    CommandSpec {
        name: "accept",
        desc: "cmd-accept",
        options: &[CHALLENGE],
    },
    CommandSpec {
        name: "decline",
        desc: "cmd-decline",
        options: &[CHALLENGE],
    },
    CommandSpec {
        name: "games",
        desc: "cmd-games",
        options: &[],
    },
    CommandSpec {
        name: "draw",
        desc: "cmd-draw",
        options: &[GAME],
    },
    CommandSpec {
        name: "resign",
        desc: "cmd-resign",
        options: &[GAME],
    },
    CommandSpec {
        name: "pdn",
        desc: "cmd-pdn",
        options: &[GAME],
    },
    CommandSpec {
        name: "top",
        desc: "cmd-top",
        options: &[opt("list", "opt-top-list", TOP_LISTS)],
    },
    CommandSpec {
        name: "vacation",
        desc: "cmd-vacation",
        options: &[opt(
            "days",
            "opt-vacation-days",
            OptKind::Int { min: 1, max: 365 },
        )],
    },
    CommandSpec {
        name: "notify",
        desc: "cmd-notify",
        options: &[opt("state", "opt-notify-state", OptKind::Text)],
    },
    CommandSpec {
        name: "settings",
        desc: "cmd-settings",
        options: &[
            opt("key", "opt-settings-key", OptKind::Text),
            opt("value", "opt-settings-value", OptKind::Text),
        ],
    },
    CommandSpec {
        name: "puzzle",
        desc: "cmd-puzzle",
        options: &[opt("text", "opt-puzzle-text", OptKind::Text)],
    },
    CommandSpec {
        name: "hint",
        desc: "cmd-hint",
        options: &[],
    },
    CommandSpec {
        name: "daily",
        desc: "cmd-daily",
        options: &[
            opt("state", "opt-daily-state", OptKind::Text),
            opt("time", "opt-daily-time", OptKind::Text),
            opt("offset", "opt-daily-offset", OptKind::Text),
        ],
    },
    CommandSpec {
        name: "tournament",
        desc: "cmd-tournament",
        options: &[opt("text", "opt-tournament-text", OptKind::Text)],
    },
    CommandSpec {
        name: "standings",
        desc: "cmd-standings",
        options: &[],
    },
    CommandSpec {
        name: "replay",
        desc: "cmd-replay",
        options: &[GAME],
    },
    CommandSpec {
        name: "takeback",
        desc: "cmd-takeback",
        options: &[GAME],
    },
    CommandSpec {
        name: "if",
        desc: "cmd-if",
        options: &[opt("text", "opt-if-text", OptKind::Text)],
    },
    CommandSpec {
        name: "analyse",
        desc: "cmd-analyse",
        options: &[GAME],
    },
    CommandSpec {
        name: "position",
        desc: "cmd-position",
        options: &[OptSpec {
            name: "fen",
            desc: "opt-fen",
            kind: OptKind::Text,
            required: true,
            autocomplete: false,
        }],
    },
    CommandSpec {
        name: "help",
        desc: "cmd-help",
        options: &[opt("topic", "opt-help-topic", OptKind::Text)],
    },
];

/// Commands that only make sense in a group (a chat's tournaments, its daily
/// puzzle post): left out of the private chats' menu.
const GROUP_ONLY: &[&str] = &["tournament", "standings", "daily"];
/// Commands that belong in a private chat with the bot (conditional moves
/// are secret): left out of the groups' menu.
const PRIVATE_ONLY: &[&str] = &["if"];

/// Commands only a group's admins use (the daily puzzle post): left out
/// of the members' menu of a group.
const ADMIN_ONLY: &[&str] = &["daily"];
/// Descriptions that differ by who reads the group's menu: (command, for
/// members, for admins). Members use `/settings lang` and join tournaments;
/// admins set up the chat and organise.
const GROUP_DESCRIPTIONS: &[(&str, &str, &str)] = &[
    ("settings", "cmd-settings-member", "cmd-settings-admin"),
    ("tournament", "cmd-tournament-member", "cmd-tournament"),
];

/// Where a menu is shown (Telegram's command scopes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuScope {
    /// Every chat without a menu of its own: all commands.
    Default,
    PrivateChats,
    /// The members of groups: what they use.
    Groups,
    /// The administrators of groups: the members' menu, the admin commands,
    /// and the organiser's descriptions.
    GroupAdmins,
}

impl MenuScope {
    pub const ALL: [MenuScope; 4] = [
        MenuScope::Default,
        MenuScope::PrivateChats,
        MenuScope::Groups,
        MenuScope::GroupAdmins,
    ];
}

/// The commands of the menu for `scope`, in menu order.
pub fn menu(scope: MenuScope) -> impl Iterator<Item = &'static CommandSpec> {
    COMMANDS.iter().filter(move |c| match scope {
        MenuScope::Default => true,
        MenuScope::PrivateChats => !GROUP_ONLY.contains(&c.name),
        MenuScope::Groups => !PRIVATE_ONLY.contains(&c.name) && !ADMIN_ONLY.contains(&c.name),
        MenuScope::GroupAdmins => !PRIVATE_ONLY.contains(&c.name),
    })
}

/// The catalogue id of a command's description in the menu for `scope`.
pub fn menu_desc(scope: MenuScope, c: &CommandSpec) -> &'static str {
    let by_reader = GROUP_DESCRIPTIONS.iter().find(|(n, _, _)| *n == c.name);
    match (scope, by_reader) {
        (MenuScope::Groups, Some((_, member, _))) => member,
        (MenuScope::GroupAdmins, Some((_, _, admin))) => admin,
        _ => c.desc,
    }
}

/// The spec of a command by name.
pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// A command's name in Russian (Discord's `name_localizations`): its first
/// Cyrillic alias among the words the core reads, so the localised name
/// typed as text works too.
pub fn russian_name(name: &str) -> Option<&'static str> {
    crate::core::input::words::NAMES
        .iter()
        .find(|(word, canonical)| {
            *canonical == name
                && word.chars().count() <= 32
                && word.chars().all(|c| ('а'..='я').contains(&c) || c == 'ё')
        })
        .map(|(word, _)| *word)
}

/// A description from the catalogue.
pub fn describe(catalog: &Catalog, lang: Lang, id: &str) -> String {
    catalog.get(lang, id, None)
}

/// The text the core parses for a command and its option values: the
/// `game` option as the game, the others in spec order (absent ones
/// skipped); the core writes the line ([`command_line`]).
pub fn command_text(name: &str, values: &[(&str, String)]) -> String {
    let Some(spec) = spec(name) else {
        let args: Vec<&str> = values.iter().map(|(_, v)| v.as_str()).collect();
        return command_line(name, None, &args);
    };
    let value = |name: &str| {
        values
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    };
    let game = value(GAME.name).and_then(game_ref);
    let args: Vec<&str> = spec
        .options
        .iter()
        .filter(|o| !(o.name == GAME.name && game.is_some()))
        .filter_map(|o| value(o.name))
        .collect();
    command_line(name, game, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::input::commands::{parse_command, Command};

    #[test]
    fn every_description_is_in_both_catalogues_and_short() {
        let c = Catalog::new();
        for lang in Lang::ALL {
            for cmd in COMMANDS {
                let d = describe(&c, lang, cmd.desc);
                assert!(!d.starts_with('['), "{} missing", cmd.desc);
                assert!((3..=100).contains(&d.chars().count()), "{d}");
                for scope in MenuScope::ALL {
                    let d = describe(&c, lang, menu_desc(scope, cmd));
                    assert!(!d.starts_with('['), "{} missing", menu_desc(scope, cmd));
                    assert!((3..=100).contains(&d.chars().count()), "{d}");
                }
                for o in cmd.options {
                    let d = describe(&c, lang, o.desc);
                    assert!(!d.starts_with('['), "{} missing", o.desc);
                    assert!((1..=100).contains(&d.chars().count()), "{d}");
                }
            }
        }
    }

    #[test]
    fn choices_are_words_the_core_reads_and_russian_names_are_its_aliases() {
        let keys: Vec<&str> = shashki_engine::Variant::ALL
            .iter()
            .map(|v| v.key())
            .collect();
        let listed: Vec<&str> = VARIANTS.iter().map(|(k, _)| *k).collect();
        assert_eq!(listed, keys);
        assert_eq!(parse_command("/top puzzles").unwrap(), Command::PuzzleTop);
        assert_eq!(russian_name("challenge"), Some("вызов"));
        assert_eq!(russian_name("help"), Some("помощь"));
        assert_eq!(russian_name("pdn"), None);
        for cmd in COMMANDS {
            if let Some(ru) = russian_name(cmd.name) {
                let parsed = parse_command(&format!("/{ru}")).unwrap();
                let english = parse_command(&format!("/{}", cmd.name)).unwrap();
                assert_eq!(parsed, english, "{ru}");
            }
        }
        assert_eq!(
            command_text(
                "challenge",
                &[("variant", "english".into()), ("opponent", "@bob".into())]
            ),
            "/challenge @bob english"
        );
    }

    #[test]
    fn group_admins_get_the_members_menu_and_the_admin_commands() {
        let names = |s| menu(s).map(|c| c.name).collect::<Vec<_>>();
        let members = names(MenuScope::Groups);
        let admins = names(MenuScope::GroupAdmins);
        assert!(!members.contains(&"daily") && admins.contains(&"daily"));
        assert!(members.iter().all(|m| admins.contains(m)));
        assert!(!admins.contains(&"if"));
        let settings = spec("settings").unwrap();
        assert_eq!(
            menu_desc(MenuScope::Groups, settings),
            "cmd-settings-member"
        );
        assert_eq!(
            menu_desc(MenuScope::GroupAdmins, settings),
            "cmd-settings-admin"
        );
        assert_eq!(menu_desc(MenuScope::Default, settings), "cmd-settings");
    }

    #[test]
    fn every_command_is_one_the_core_knows() {
        for cmd in COMMANDS {
            let parsed = parse_command(&format!("/{}", cmd.name)).unwrap();
            assert!(
                !matches!(parsed, Command::Unknown(_)),
                "{} unknown to the core",
                cmd.name
            );
        }
    }

    #[test]
    fn options_become_the_text_the_core_parses() {
        assert_eq!(
            command_text(
                "challenge",
                &[
                    ("colour", "white".into()),
                    ("target", "ai".into()),
                    ("level", "3".into())
                ]
            ),
            "/challenge ai 3 white"
        );
        assert_eq!(
            command_text(
                "challenge",
                &[("rating", "casual".into()), ("target", "@bob".into())]
            ),
            "/challenge @bob casual"
        );
        assert_eq!(
            command_text("move", &[("text", "e3-d4".into()), ("game", "12".into())]),
            "/move #12 e3-d4"
        );
        assert_eq!(command_text("board", &[("game", "7".into())]), "/board #7");
        assert_eq!(
            command_text("move", &[("text", " e3-d4 ".into())]),
            "/move e3-d4"
        );
        assert_eq!(command_text("games", &[]), "/games");
        assert_eq!(
            command_text(
                "daily",
                &[
                    ("offset", "+03:00".into()),
                    ("state", "on".into()),
                    ("time", "09:00".into())
                ]
            ),
            "/daily on 09:00 +03:00"
        );
    }
}
