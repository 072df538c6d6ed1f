//! What a row of the command table ([`super::table`]) says about a
//! command: its names in every language, its typed arguments, where it is
//! offered, and the catalogue ids that describe it. The menus (Telegram
//! setMyCommands, Discord slash commands), the text parser and `/help`
//! read these; nothing here runs a command.

use super::table::{CommandSpec, COMMANDS};
use crate::core::i18n::{Catalog, Lang};

/// The words of a command (or a subcommand, or an option's value) in each
/// language: the first English word is its canonical name; a language's
/// first word is its name in that language (Discord's `name_localizations`,
/// `/help`). Matching is case-insensitive; every word of every language is
/// understood whatever the reader's language.
#[derive(Debug, Clone, Copy)]
pub struct Aliases {
    pub en: &'static [&'static str],
    pub ru: &'static [&'static str],
    pub lv: &'static [&'static str],
    pub de: &'static [&'static str],
    pub fr: &'static [&'static str],
}

impl Aliases {
    /// The words of one language.
    pub fn of(&self, lang: Lang) -> &'static [&'static str] {
        match lang {
            Lang::En => self.en,
            Lang::Ru => self.ru,
            Lang::Lv => self.lv,
            Lang::De => self.de,
            Lang::Fr => self.fr,
        }
    }

    /// Every word, English first.
    pub fn all(&self) -> impl Iterator<Item = &'static str> + '_ {
        Lang::ALL
            .into_iter()
            .flat_map(|l| self.of(l).iter().copied())
    }

    /// Whether `word` (any case) is one of them.
    pub fn matches(&self, word: &str) -> bool {
        let w = word.to_lowercase();
        self.all().any(|a| a == w)
    }

    /// The name in `lang`: its first word there, else the English one.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        self.of(lang)
            .first()
            .or_else(|| self.en.first())
            .copied()
            .unwrap_or("")
    }
}

/// What an argument holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// Free text (a move, a FEN, a tournament line).
    Text,
    /// A whole number in a range.
    Int { min: i64, max: i64 },
    /// A game or challenge number (`#12` or `12` in text).
    Number,
    /// A user: a `@handle` in text, Discord's member picker.
    User,
    /// One of a fixed list, given in parts: (the word the parser reads,
    /// catalogue id of its label).
    Choice(&'static [&'static [(&'static str, &'static str)]]),
}

impl ArgKind {
    /// The values of a [`ArgKind::Choice`] (none for the other kinds).
    pub fn choices(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        let parts: &[&[(&str, &str)]] = match self {
            ArgKind::Choice(parts) => parts,
            _ => &[],
        };
        parts.iter().flat_map(|p| p.iter().copied())
    }
}

/// One typed argument of a command: a Discord option, a part of the
/// syntax `/help` and the syntax refusals show.
#[derive(Debug, Clone, Copy)]
pub struct ArgSpec {
    /// Its name (Discord's option name; the syntax line's word).
    pub name: &'static str,
    /// Catalogue id of its description.
    pub desc: &'static str,
    pub kind: ArgKind,
    pub required: bool,
    /// Discord asks the bot for suggestions while the user types.
    pub autocomplete: bool,
}

/// An optional argument.
pub const fn arg(name: &'static str, desc: &'static str, kind: ArgKind) -> ArgSpec {
    ArgSpec {
        name,
        desc,
        kind,
        required: false,
        autocomplete: false,
    }
}

impl ArgSpec {
    pub const fn required(mut self) -> Self {
        self.required = true;
        self
    }

    pub const fn autocomplete(mut self) -> Self {
        self.autocomplete = true;
        self
    }

    /// How the syntax line writes it: `[days 1–14]`, `[colour white|black|random]`,
    /// `<fen>`.
    pub fn syntax(&self) -> String {
        let hint = match self.kind {
            ArgKind::Text => String::new(),
            ArgKind::Int { min, max } if max < i64::from(i32::MAX) => format!(" {min}–{max}"),
            ArgKind::Int { .. } | ArgKind::Number => " #N".into(),
            ArgKind::User => " @name".into(),
            ArgKind::Choice(_) => {
                let words: Vec<&str> = self.kind.choices().map(|(w, _)| w).collect();
                format!(" {}", words.join("|"))
            }
        };
        let inner = format!("{}{hint}", self.name);
        if self.required {
            format!("<{inner}>")
        } else {
            format!("[{inner}]")
        }
    }
}

/// Where a command is offered in the menus (every command works wherever
/// it is typed; its handler refuses what cannot be done there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Anywhere,
    /// A private chat with the bot (conditional moves are secret).
    Private,
    /// A group (a chat's tournaments, its daily post).
    Group,
}

/// Who may run a command (or one of its subcommands): checked by the
/// dispatch before anything else, its words' mistakes included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Access {
    Anyone,
    /// The chat's admins (anyone in a private chat, the bot's owners).
    Admins,
}

/// Who sees a command in a group's menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    /// Everyone.
    All,
    /// The group's admins (their scope of the menu); private chats too.
    Admins,
    /// Nobody: typed only (`/start`, `/puzzletop`).
    Hidden,
}

/// The catalogue ids that describe a command.
#[derive(Debug, Clone, Copy)]
pub struct About {
    /// The menus' description (Telegram, Discord; `/help` for commands
    /// without lines of their own).
    pub desc: &'static str,
    /// The description a group's members read instead, and its admins',
    /// where they differ (`/settings`: their language; the chat's setup).
    pub by_reader: Option<(&'static str, &'static str)>,
    /// What `/help` says of it.
    pub help: HelpLine,
}

/// A command's part of `/help`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpLine {
    /// `/name — description`.
    Desc,
    /// Lines of its own, with examples (a catalogue id).
    Own(&'static str),
    /// Nothing: another command's lines show it (`/standings` in
    /// `/tournament`'s).
    Within,
}

/// The description; `/help` shows it.
pub const fn about(desc: &'static str) -> About {
    About {
        desc,
        by_reader: None,
        help: HelpLine::Desc,
    }
}

impl About {
    /// Its own lines in `/help`.
    pub const fn help(mut self, id: &'static str) -> Self {
        self.help = HelpLine::Own(id);
        self
    }

    /// No line in `/help`: another command's lines show it.
    pub const fn within(mut self) -> Self {
        self.help = HelpLine::Within;
        self
    }

    pub const fn members_admins(mut self, members: &'static str, admins: &'static str) -> Self {
        self.by_reader = Some((members, admins));
        self
    }
}

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
    COMMANDS.iter().filter(move |c| {
        c.menu != Menu::Hidden
            && match scope {
                MenuScope::Default => true,
                MenuScope::PrivateChats => c.place != Place::Group,
                MenuScope::Groups => c.place != Place::Private && c.menu != Menu::Admins,
                MenuScope::GroupAdmins => c.place != Place::Private,
            }
    })
}

/// The catalogue id of a command's description in the menu for `scope`.
pub fn menu_desc(scope: MenuScope, c: &CommandSpec) -> &'static str {
    match (scope, c.about.by_reader) {
        (MenuScope::Groups, Some((members, _))) => members,
        (MenuScope::GroupAdmins, Some((_, admins))) => admins,
        _ => c.about.desc,
    }
}

/// The menu for `scope` as a platform lists it (Telegram's
/// setMyCommands): each command's name and its description in `lang`.
pub fn menu_texts(catalog: &Catalog, scope: MenuScope, lang: Lang) -> Vec<(&'static str, String)> {
    menu(scope)
        .map(|c| (c.name, catalog.get(lang, menu_desc(scope, c), None)))
        .collect()
}

/// A text in every language, English first.
pub type InEvery = Vec<(Lang, String)>;

fn in_every(catalog: &Catalog, id: &str) -> InEvery {
    Lang::ALL
        .into_iter()
        .map(|l| (l, catalog.get(l, id, None)))
        .collect()
}

/// A command of the default menu as a platform registers it with its
/// typed options (Discord's slash commands), its texts looked up in every
/// language.
#[derive(Debug, Clone)]
pub struct Listed {
    pub name: &'static str,
    /// Its name in the languages where the table names it otherwise.
    pub names: Vec<(Lang, &'static str)>,
    pub desc: InEvery,
    pub args: Vec<ListedArg>,
}

/// An argument of a [`Listed`] command.
#[derive(Debug, Clone)]
pub struct ListedArg {
    pub spec: &'static ArgSpec,
    pub desc: InEvery,
    /// Its choices: the word the parser reads, and its label.
    pub choices: Vec<(&'static str, InEvery)>,
}

/// The commands of the default menu, as [`Listed`].
pub fn listed(catalog: &Catalog) -> Vec<Listed> {
    menu(MenuScope::Default)
        .map(|c| Listed {
            name: c.name,
            names: Lang::ALL
                .into_iter()
                .filter_map(|l| Some((l, *c.aliases.of(l).first()?)))
                .filter(|(_, n)| *n != c.name)
                .collect(),
            desc: in_every(catalog, c.about.desc),
            args: c
                .args
                .iter()
                .map(|a| ListedArg {
                    spec: a,
                    desc: in_every(catalog, a.desc),
                    choices: a
                        .kind
                        .choices()
                        .map(|(value, id)| (value, in_every(catalog, id)))
                        .collect(),
                })
                .collect(),
        })
        .collect()
}
