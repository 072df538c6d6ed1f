//! Discord: slash commands, buttons and select menus through serenity on
//! rustls, with no privileged gateway intents (interactions arrive without
//! any). Translates interactions into core events and the core's replies
//! into interaction responses, followups and channel messages — nothing else.
//!
//! - Slash commands are the core's command table (names and their
//!   Russian, German and French forms, typed options with their choices,
//!   descriptions from the catalogue); an interaction's options go to the
//!   core typed, as they came (`/challenge target:ai level:3
//!   colour:white`: a text, a number, a choice), and the core builds the
//!   command's arguments from them — no command text between.
//! - `/move` autocompletes the legal moves of the caller's games.
//! - Move buttons become select menus of all legal moves (≤ 25 a menu, up to
//!   four menus); other buttons (accept, decline, draw, resign) stay buttons;
//!   payloads pass through unchanged as `custom_id` / option values.
//! - The first reply answers the interaction (type 4); when the core takes
//!   longer than `defer_after` the interaction is deferred (a command: type
//!   5, a button or menu: type 6) and the replies follow up. A reply for the
//!   user alone (`Target::User`: every refusal) is ephemeral (flags 64) on
//!   every path — a deferred command's public "thinking…" is taken back
//!   before it, since Discord would make the first followup that message.
//! - A button or menu press whose answer takes the pressed message's place
//!   (`Reply::in_place`: the board after a move, the resign confirmation,
//!   the way back) updates that message: UPDATE_MESSAGE (type 7) with the
//!   new board, or a deferred update (type 6) and an edit of the original
//!   when there is no new picture (the board's stays). Refusals stay
//!   ephemeral messages of their own.
//!   The AI's moves are handed to the hub, which runs them on its workers;
//!   their replies come back on the adapter's reply route and are posted to
//!   the channel, like the sweeper's.
//! - A live message (`Reply::live`: an analysis' progress) is posted once
//!   and its id kept (the interaction's response is read back for it);
//!   later replies with its key edit it (PATCH the channel message).
//! - One living board per game (`Reply::board_mode` Edit, the default):
//!   where a game's public board was last shown (a response read back from
//!   `@original`, a followup, the pressed message, a channel message) is
//!   kept in SQLite; a board that answers no press (the AI's move, a
//!   time-out) edits that message (PATCH /channels/{c}/messages/{m}: the
//!   new picture replaces the old) and the core's turn note answers it, so
//!   the player to move is notified. An edit that fails (deleted) posts a
//!   new board, which becomes the living one; the board it replaces in
//!   the channel loses its menus.

use crate::config::{DiscordConfig, Secret};
use crate::core::i18n::{Catalog, Lang};
use crate::core::input::commands::{handle_tag, move_args};
use crate::core::input::options::{OptValue, SlashCommand};
use crate::core::input::spec::{menu, ArgKind, MenuScope};
use crate::core::GameId;
use crate::core::{
    BoardMode, ChatRef, Choice, ChoiceKind, Event, Input, LinkTo, Platform, PlatformLimits, Reply,
    Target, UserRef,
};
use crate::runtime::{Hub, ReplyRx};
use serenity::all::{
    ButtonStyle, ChannelId, ChannelType, CommandDataOptionValue, CommandInteraction,
    CommandOptionType, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse, CreateButton,
    CreateCommand, CreateCommandOption, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, CreateThread,
    EditInteractionResponse, EditMessage, GatewayIntents, GuildId, Interaction, Message,
    MessageFlags, MessageId, PartialChannel, User, UserId,
};
use serenity::http::{Http, HttpBuilder};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// What Discord accepts (content length, action rows, buttons a row, menu
/// options, labels, autocomplete choices).
fn limits() -> &'static PlatformLimits {
    Platform::Discord.limits()
}

/// Settings of the Discord adapter.
#[derive(Debug, Clone)]
pub struct DiscordOptions {
    pub http_base: String,
    pub guild_id: Option<u64>,
    pub register_commands: bool,
    /// Defer the interaction when the core has not answered by then
    /// (Discord's deadline is 3 s); zero defers every interaction first.
    pub defer_after: Duration,
}

impl DiscordOptions {
    pub fn from_config(c: &DiscordConfig) -> DiscordOptions {
        DiscordOptions {
            http_base: c.http_base.clone(),
            guild_id: c.guild_id,
            register_commands: c.register_commands,
            defer_after: Duration::from_millis(2000),
        }
    }
}

/// Whether serenity's rate limiter guards the requests to `base` (it waits
/// out each route's bucket and every 429 before sending): yes for the
/// public API, the default.
///
/// Not for another base (a proxy, a test double): serenity 0.12's
/// `Ratelimiter::perform` builds every request for `https://discord.com`
/// itself, ignoring `HttpBuilder::proxy` — with the limiter on, the requests
/// would go around the base (the test `serenitys_limiter_ignores_the_proxy`
/// shows it, and fails once serenity mends it). There the proxy must do the
/// rate limiting (as twilight-http-proxy does); [`run`] says so at start.
pub fn serenity_rate_limits(base: &str) -> bool {
    base.trim().trim_end_matches('/') == crate::config::DISCORD_HTTP_BASE
}

/// An HTTP client for the API at `base` (the public API, a proxy or a test
/// double); see [`serenity_rate_limits`].
pub fn http_client(token: &Secret, base: &str) -> Http {
    let b = HttpBuilder::new(token.expose());
    if serenity_rate_limits(base) {
        b.build()
    } else {
        b.proxy(base.trim().trim_end_matches('/'))
            .ratelimiter_disabled(true)
            .build()
    }
}

/// The adapter: translate and respond.
pub struct Discord {
    hub: Hub,
    http: Arc<Http>,
    opts: DiscordOptions,
    catalog: Catalog,
    /// The locale of the last interaction in each channel, for the menus
    /// of messages posted there without an interaction (AI moves, sweeper).
    locales: Mutex<HashMap<ChannelId, Lang>>,
    /// The server of each channel interactions came from, for jump links
    /// to a channel (`discord.com/channels/SERVER/CHANNEL`).
    guilds: Mutex<HashMap<ChannelId, GuildId>>,
}

/// The interaction being answered.
#[derive(Clone, Copy)]
enum Answering<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Answering<'_> {
    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match self {
            Answering::Command(i) => i.create_response(http, r).await,
            Answering::Component(i) => i.create_response(http, r).await,
        }
    }
    async fn follow(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match self {
            Answering::Command(i) => i.create_followup(http, f).await,
            Answering::Component(i) => i.create_followup(http, f).await,
        }
    }
    /// The message the interaction's response became.
    async fn response(&self, http: &Http) -> serenity::Result<Message> {
        match self {
            Answering::Command(i) => i.get_response(http).await,
            Answering::Component(i) => i.get_response(http).await,
        }
    }
    fn locale(&self) -> &str {
        match self {
            Answering::Command(i) => &i.locale,
            Answering::Component(i) => &i.locale,
        }
    }
    fn channel(&self) -> ChannelId {
        match self {
            Answering::Command(i) => i.channel_id,
            Answering::Component(i) => i.channel_id,
        }
    }
    fn guild(&self) -> Option<GuildId> {
        match self {
            Answering::Command(i) => i.guild_id,
            Answering::Component(i) => i.guild_id,
        }
    }
}

/// A reply in Discord's terms.
struct Outgoing {
    content: String,
    files: Vec<CreateAttachment>,
    components: Vec<CreateActionRow>,
    mentions: Vec<UserId>,
    ephemeral: bool,
}

/// Whether an interaction's member may manage the server (or it is a DM).
/// Discord refuses a post in a game's thread for good: it is archived or
/// locked (50083), deleted (10003 Unknown Channel), or closed to the bot
/// (50001 Missing Access).
fn is_thread_gone(e: &serenity::Error) -> bool {
    use serenity::all::HttpError;
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(res)) => {
            matches!(res.error.code, 50083 | 10003 | 50001)
        }
        _ => false,
    }
}

fn is_admin(member: Option<&serenity::all::Member>, guild: Option<GuildId>) -> bool {
    guild.is_none()
        || member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.administrator() || p.manage_guild())
}

fn user_ref(u: &User, nick: Option<&str>, locale: &str, is_admin: bool) -> UserRef {
    UserRef {
        is_admin,
        id: u.id.to_string(),
        name: nick
            .map(str::to_string)
            .or_else(|| u.global_name.clone())
            .unwrap_or_else(|| u.name.clone()),
        handle: Some(u.name.clone()),
        lang: (!locale.is_empty()).then(|| locale.to_string()),
    }
}

/// Where an interaction happened: its channel, or — inside a thread — the
/// thread's parent channel and the thread (the core keeps a game's thread;
/// the chat stays the channel).
fn place(
    channel_id: ChannelId,
    guild: Option<GuildId>,
    channel: Option<&PartialChannel>,
) -> (ChatRef, Option<String>) {
    let is_thread = |c: &&PartialChannel| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    };
    if let Some(parent) = channel.filter(is_thread).and_then(|c| c.parent_id) {
        let chat = ChatRef {
            id: parent.to_string(),
            title: None, // the thread's name is not the channel's
            is_private: guild.is_none(),
        };
        return (chat, Some(channel_id.to_string()));
    }
    let chat = ChatRef {
        id: channel_id.to_string(),
        title: channel.and_then(|c| c.name.clone()),
        is_private: guild.is_none(),
    };
    (chat, None)
}

/// The event for a slash command: its name and typed options, as they
/// came (a user picked or mentioned: their handle).
pub fn command_event(cmd: &CommandInteraction) -> Event {
    let mut options = Vec::new();
    for o in &cmd.data.options {
        let v = match &o.value {
            CommandDataOptionValue::String(s) => resolve_mention(s, cmd),
            CommandDataOptionValue::Integer(i) => OptValue::Int(*i),
            CommandDataOptionValue::Number(n) => OptValue::Text(n.to_string()),
            CommandDataOptionValue::Boolean(b) => OptValue::Bool(*b),
            CommandDataOptionValue::User(id) => user_handle(*id, cmd),
            _ => continue,
        };
        options.push((o.name.clone(), v));
    }
    let slash = SlashCommand {
        name: cmd.data.name.clone(),
        options,
    };
    let nick = cmd.member.as_ref().and_then(|m| m.nick.as_deref());
    let (chat, thread) = place(cmd.channel_id, cmd.guild_id, cmd.channel.as_ref());
    Event {
        platform: Platform::Discord,
        chat,
        user: user_ref(
            &cmd.user,
            nick,
            &cmd.locale,
            is_admin(cmd.member.as_deref(), cmd.guild_id),
        ),
        input: Input::Slash(slash),
        update_id: Some(cmd.id.to_string()),
        bare_moves: false,
        thread,
    }
}

/// `<@123>` typed into a text option → `@username` (the core's handles).
fn resolve_mention(s: &str, cmd: &CommandInteraction) -> OptValue {
    let t = s.trim();
    if let Some(id) = t
        .strip_prefix("<@")
        .and_then(|r| r.strip_suffix('>'))
        .map(|r| r.trim_start_matches('!'))
        .and_then(|r| r.parse::<u64>().ok())
        .filter(|id| *id != 0)
    {
        return user_handle(UserId::new(id), cmd);
    }
    OptValue::Text(t.to_string())
}

/// A user by id: their handle (a user Discord did not resolve stays the
/// mention it was, which names nobody the core knows).
fn user_handle(id: UserId, cmd: &CommandInteraction) -> OptValue {
    match cmd.data.resolved.users.get(&id) {
        Some(u) => OptValue::User(u.name.clone()),
        None => OptValue::Text(format!("<@{id}>")),
    }
}

/// The event for a pressed button or a chosen menu option.
pub fn component_event(c: &ComponentInteraction) -> Option<Event> {
    let payload = match &c.data.kind {
        ComponentInteractionDataKind::Button => c.data.custom_id.clone(),
        ComponentInteractionDataKind::StringSelect { values } => values.first()?.clone(),
        _ => return None,
    };
    let nick = c.member.as_ref().and_then(|m| m.nick.as_deref());
    let (chat, thread) = place(c.channel_id, c.guild_id, c.channel.as_ref());
    Some(Event {
        platform: Platform::Discord,
        chat,
        user: user_ref(
            &c.user,
            nick,
            &c.locale,
            is_admin(c.member.as_ref(), c.guild_id),
        ),
        input: Input::Choice(payload),
        update_id: Some(c.id.to_string()),
        bare_moves: false,
        thread,
    })
}

/// The slash commands, from the command table (the default menu): English,
/// with the name and the descriptions in each other language Discord has a
/// locale for (Russian, German, French).
pub fn slash_commands(catalog: &Catalog) -> Vec<CreateCommand> {
    let en = |id: &str| catalog.get(Lang::En, id, None);
    let localized = |id: &str| -> Vec<(&'static str, String)> {
        Lang::ALL
            .into_iter()
            .filter_map(|l| Some((l.discord_locale()?, catalog.get(l, id, None))))
            .collect()
    };
    menu(MenuScope::Default)
        .map(|c| {
            let mut cmd = CreateCommand::new(c.name).description(en(c.about.desc));
            for lang in Lang::ALL {
                let (Some(locale), Some(name)) =
                    (lang.discord_locale(), c.aliases.of(lang).first())
                else {
                    continue;
                };
                if *name != c.name {
                    cmd = cmd.name_localized(locale, *name);
                }
            }
            for (locale, text) in localized(c.about.desc) {
                cmd = cmd.description_localized(locale, text);
            }
            for o in c.args {
                let kind = match o.kind {
                    ArgKind::Text | ArgKind::Choice(_) => CommandOptionType::String,
                    ArgKind::Int { .. } | ArgKind::Number => CommandOptionType::Integer,
                    ArgKind::User => CommandOptionType::User,
                };
                let mut opt = CreateCommandOption::new(kind, o.name, en(o.desc))
                    .required(o.required)
                    .set_autocomplete(o.autocomplete);
                for (locale, text) in localized(o.desc) {
                    opt = opt.description_localized(locale, text);
                }
                match o.kind {
                    ArgKind::Int { min, max } => {
                        opt = opt.min_int_value(min.max(0) as u64);
                        if max < i64::from(i32::MAX) {
                            opt = opt.max_int_value(max as u64);
                        }
                    }
                    ArgKind::Number => opt = opt.min_int_value(1),
                    _ => {}
                }
                for (value, id) in o.kind.choices() {
                    opt = opt.add_string_choice_localized(en(id), value, localized(id));
                }
                cmd = cmd.add_option(opt);
            }
            cmd
        })
        .collect()
}

/// A reply's text for Discord: the core's plain text shown as written
/// (everything Discord would read as Markdown escaped: see
/// [`escaped`]), the mentions made real (`<@id>`), the spoiler spans as
/// `||…||`; cut to Discord's length without leaving a spoiler open.
///
/// The escaping is the adapter's, like Telegram's HTML escaping: the core
/// writes plain text (no catalogue message uses Markdown — a test checks
/// that escaping leaves every one unchanged), so what gets escaped is what
/// people wrote — names, chat titles, tournament names, words echoed back
/// — wherever the core put it; the adapter's own syntax (mention tags,
/// spoiler bars) is added around it, never escaped.
pub fn content(text: &str, mentions: &[crate::core::Mention]) -> String {
    use crate::core::{SPOILER_CLOSE, SPOILER_OPEN};
    // the text in pieces: the core's text, and the mention tags put in
    // place of a mention's @handle or name (or after the text)
    let mut pieces = vec![Piece::Text(text.to_string())];
    for m in mentions {
        let tag = format!("<@{}>", m.platform_user_id);
        let placed = m
            .handle
            .as_deref()
            .map(handle_tag)
            .is_some_and(|h| place_tag(&mut pieces, &h, &tag))
            || (!m.name.is_empty() && place_tag(&mut pieces, &m.name, &tag));
        if !placed {
            pieces.push(Piece::Text(" ".into()));
            pieces.push(Piece::Tag(tag));
        }
    }
    // as tokens, the spoiler markers in order (a marker out of place is
    // dropped, an empty span too, one left open is closed)
    let mut toks: Vec<Tok> = Vec::new();
    let mut hidden = false;
    for p in pieces {
        match p {
            Piece::Tag(t) => toks.push(Tok::Tag(t)),
            Piece::Text(t) => {
                for c in t.chars() {
                    match c {
                        SPOILER_OPEN if !hidden => {
                            hidden = true;
                            toks.push(Tok::Bar);
                        }
                        SPOILER_CLOSE if hidden => {
                            hidden = false;
                            if toks.last() == Some(&Tok::Bar) {
                                toks.pop(); // an empty span
                            } else {
                                toks.push(Tok::Bar);
                            }
                        }
                        SPOILER_OPEN | SPOILER_CLOSE => {}
                        c => toks.push(Tok::Char(c)),
                    }
                }
            }
        }
    }
    if hidden {
        toks.push(Tok::Bar);
    }
    let shown = escaped(&toks);
    let max = limits().text_max;
    if shown.iter().map(|s| s.chars().count()).sum::<usize>() <= max {
        return shown.concat();
    }
    // cut: room for a closing `||` and the `…`
    let mut out = String::new();
    let (mut used, mut open) = (0, false);
    for (t, s) in toks.iter().zip(&shown) {
        let w = s.chars().count();
        if used + w + 3 > max {
            break;
        }
        if *t == Tok::Bar {
            open = !open;
        }
        out.push_str(s);
        used += w;
    }
    if open {
        out.push_str("||");
    }
    out.push('…');
    out
}

/// A piece of a Discord message: the core's text, or a mention tag.
enum Piece {
    Text(String),
    Tag(String),
}

/// Put `tag` in place of the first `needle` in the text pieces. False if
/// no text piece holds it.
fn place_tag(pieces: &mut Vec<Piece>, needle: &str, tag: &str) -> bool {
    for i in 0..pieces.len() {
        let Some(Piece::Text(t)) = pieces.get(i) else {
            continue;
        };
        let Some(at) = t.find(needle) else {
            continue;
        };
        let (before, after) = t.split_at(at);
        let after = after.get(needle.len()..).unwrap_or_default();
        let (before, after) = (before.to_string(), after.to_string());
        pieces.splice(
            i..=i,
            [
                Piece::Text(before),
                Piece::Tag(tag.to_string()),
                Piece::Text(after),
            ],
        );
        return true;
    }
    false
}

/// One unit of a Discord message, cut whole: a character of the core's
/// text, a spoiler bar (`||`), a mention tag.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Char(char),
    Bar,
    Tag(String),
}

/// Each token as Discord gets it. A character of the core's text that
/// Discord would read as Markdown is escaped with a backslash (Discord
/// shows any escaped punctuation as itself): the backslash, `*`, `_`, `~`,
/// the backtick and `<` anywhere (bold, italics, underline,
/// strike-through, code, mention and emoji syntax); `|`
/// next to another `|` or a spoiler bar (`||` opens a spoiler); `[` when a
/// `](` follows (a masked link); `#`, `>`, `-`, `+` first on a line where
/// they open a heading, subtext, a quote or a list. Everything else as it
/// is.
fn escaped(toks: &[Tok]) -> Vec<String> {
    // where the last `](` starts: a `[` before it may open a masked link
    let link_end = toks
        .windows(2)
        .rposition(|w| matches!(w, [Tok::Char(']'), Tok::Char('(')]));
    let mut line_start = true;
    let mut prev_bar = false;
    let mut out = Vec::with_capacity(toks.len());
    for (i, t) in toks.iter().enumerate() {
        let s = match t {
            Tok::Bar => {
                line_start = false;
                prev_bar = true;
                out.push("||".to_string());
                continue;
            }
            Tok::Tag(tag) => {
                line_start = false;
                prev_bar = false;
                out.push(tag.clone());
                continue;
            }
            Tok::Char(c) => *c,
        };
        let next = toks.get(i + 1);
        let escape = match s {
            '\\' | '*' | '_' | '~' | '`' | '<' => true,
            '|' => prev_bar || matches!(next, Some(Tok::Char('|') | Tok::Bar)),
            '[' => link_end.is_some_and(|e| e > i),
            // `# `, `## `, `-# `, `> `, `>>> `, `- `, `+ ` open a line's
            // formatting; `#12` first on a line does not
            '#' | '>' | '-' | '+' if line_start => match next {
                Some(Tok::Char(n)) => *n == ' ' || *n == s || (s == '-' && *n == '#'),
                _ => false,
            },
            _ => false,
        };
        out.push(if escape {
            format!("\\{s}")
        } else {
            s.to_string()
        });
        prev_bar = s == '|';
        line_start = match s {
            '\n' => true,
            ' ' | '\t' => line_start,
            _ => false,
        };
    }
    out
}

fn is_move(c: &Choice) -> bool {
    c.kind == ChoiceKind::Move
}

fn button(c: &Choice) -> CreateButton {
    let style = match c.kind {
        ChoiceKind::Positive => ButtonStyle::Success,
        ChoiceKind::Negative => ButtonStyle::Danger,
        ChoiceKind::Move | ChoiceKind::Neutral => ButtonStyle::Secondary,
    };
    let label: String = c.label.chars().take(limits().button_label_max).collect();
    CreateButton::new(c.payload.clone())
        .label(label)
        .style(style)
}

/// Components for a reply: move choices of one game as select menus of all
/// its legal moves (`all_moves`, ≤ 25 per menu), the rest as buttons.
pub fn components(
    r: &Reply,
    all_moves: Option<&[Choice]>,
    catalog: &Catalog,
    lang: Lang,
) -> Vec<CreateActionRow> {
    let l = limits();
    let flat: Vec<&Choice> = r.choices.iter().flatten().collect();
    let has_moves = flat.iter().any(|c| is_move(c));
    let mut rows = Vec::new();
    let menus = match (has_moves, r.game_id, all_moves) {
        (true, Some(game), Some(all)) if !all.is_empty() => Some((game, all)),
        _ => None,
    };
    let others: Vec<&Choice> = if menus.is_some() {
        flat.iter().copied().filter(|c| !is_move(c)).collect()
    } else {
        flat
    };
    let button_rows = others.len().div_ceil(l.buttons_per_row);
    if let Some((game, all)) = menus {
        let room = l.rows_max.saturating_sub(button_rows).max(1);
        for (page, chunk) in all.chunks(l.menu_options_max).take(room).enumerate() {
            let first = chunk.first().map(|c| c.label.clone()).unwrap_or_default();
            let last = chunk.last().map(|c| c.label.clone()).unwrap_or_default();
            let a = crate::args![("first", first), ("last", last)];
            let placeholder: String = catalog
                .get(lang, "select-move", Some(&a))
                .chars()
                .take(l.menu_placeholder_max)
                .collect();
            let options = chunk
                .iter()
                .map(|c| CreateSelectMenuOption::new(c.label.clone(), c.payload.clone()))
                .collect();
            rows.push(CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    format!("moves:{game}:{page}"),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(placeholder),
            ));
        }
    }
    for chunk in others.chunks(l.buttons_per_row) {
        if rows.len() >= l.rows_max {
            break;
        }
        rows.push(CreateActionRow::Buttons(
            chunk.iter().map(|c| button(c)).collect(),
        ));
    }
    rows
}

impl Discord {
    pub fn new(hub: Hub, http: Arc<Http>, opts: DiscordOptions) -> Arc<Discord> {
        Arc::new(Discord {
            hub,
            http,
            opts,
            catalog: Catalog::new(),
            locales: Mutex::default(),
            guilds: Mutex::default(),
        })
    }

    /// Register the slash commands (in the configured guild, or globally).
    pub async fn register_commands(&self) -> serenity::Result<()> {
        let cmds = slash_commands(&self.catalog);
        match self.opts.guild_id {
            Some(g) => GuildId::new(g)
                .set_commands(&self.http, cmds)
                .await
                .map(drop),
            None => serenity::all::Command::set_global_commands(&self.http, cmds)
                .await
                .map(drop),
        }
    }

    /// Handle one interaction from the gateway (or a test).
    pub async fn on_interaction(&self, interaction: Interaction) {
        // followups are addressed by the application's id
        if self.http.application_id().is_none() {
            self.http.set_application_id(interaction.application_id());
        }
        let res = match &interaction {
            Interaction::Command(cmd) => {
                let event = command_event(cmd);
                self.answer(Answering::Command(cmd), event).await
            }
            Interaction::Component(c) => match component_event(c) {
                Some(event) => self.answer(Answering::Component(c), event).await,
                None => {
                    c.create_response(&*self.http, CreateInteractionResponse::Acknowledge)
                        .await
                }
            },
            Interaction::Autocomplete(cmd) => self.autocomplete(cmd).await,
            _ => Ok(()),
        };
        if let Err(e) = res {
            tracing::warn!(error = %e, "discord: answering an interaction failed");
        }
    }

    /// Suggest the caller's legal moves for `/move text:`.
    async fn autocomplete(&self, cmd: &CommandInteraction) -> serenity::Result<()> {
        let typed = cmd
            .data
            .autocomplete()
            .map(|o| o.value.trim().to_lowercase())
            .unwrap_or_default();
        let games = self
            .hub
            .moves_to_play(
                Platform::Discord,
                cmd.channel_id.to_string(),
                cmd.user.id.to_string(),
            )
            .await
            .unwrap_or_default();
        // with several games, each suggestion names its game
        let several = games.len() > 1;
        let mut resp = CreateAutocompleteResponse::new();
        let mut n = 0;
        for (game, moves) in &games {
            for m in moves {
                let value = move_args(several.then_some(*game), &m.label);
                let starts = |s: &str| s.to_lowercase().starts_with(&typed);
                if !typed.is_empty() && !starts(&m.label) && !starts(&value) {
                    continue;
                }
                if n == limits().autocomplete_max {
                    break;
                }
                resp = resp.add_string_choice(value.clone(), value);
                n += 1;
            }
        }
        cmd.create_response(&*self.http, CreateInteractionResponse::Autocomplete(resp))
            .await
    }

    /// Run the event through the core and answer: in time (type 4 and
    /// followups), or deferred (a command: type 5, a component: type 6),
    /// then followups. A reply for the user alone (`Target::User`: every
    /// refusal) is ephemeral either way. Then hand the AI moves to the hub
    /// (their replies are posted to the channel) — even when answering
    /// failed, so no game waits for a move nobody makes.
    async fn answer(&self, on: Answering<'_>, event: Event) -> serenity::Result<()> {
        let hub = self.hub.clone();
        let lang = Lang::from_code(on.locale()).unwrap_or_default();
        // handled in the channel's lane: after the channel's earlier work,
        // alongside other channels'; the answer comes back on a oneshot
        let (tx, mut handling) = tokio::sync::oneshot::channel();
        let chat = event.chat.id.clone();
        let here = event.thread.clone();
        let label = format!("interaction {}", event.update_id.as_deref().unwrap_or("-"));
        let user = event.user.id.clone();
        let work = async move {
            let _ = tx.send(hub.handle(event).await);
        };
        if let Err(shed) = self
            .hub
            .queue_update(Platform::Discord, &chat, &user, label, work)
        {
            // a flood (the caller's, or the channel's): nothing ran; the
            // caller alone hears it, once a window (the hub logs it) — the
            // rest are closed quietly
            if !shed.notify {
                return self.close_quietly(on, false).await;
            }
            let text = self.hub.shed_notice(&shed, Some(lang.code()));
            let m = CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true);
            return on
                .respond(&self.http, CreateInteractionResponse::Message(m))
                .await;
        }
        self.locales
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(on.channel(), lang);
        if let Some(g) = on.guild() {
            let mut guilds = self.guilds.lock().unwrap_or_else(|p| p.into_inner());
            guilds.insert(on.channel(), g);
            // a thread's parent channel (the event's chat) too
            if let Some(parent) = chat.parse::<u64>().ok().filter(|c| *c != 0) {
                guilds.insert(ChannelId::new(parent), g);
                self.locales
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(ChannelId::new(parent), lang);
            }
        }
        // zero: always defer first
        let budget = if self.opts.defer_after.is_zero() {
            Err(())
        } else {
            tokio::time::timeout(self.opts.defer_after, &mut handling)
                .await
                .map_err(drop)
        };
        // (a failed deferral still waits for the outcome: its AI jobs run)
        let (outcome, deferred, deferral) = match budget {
            Ok(r) => (r, false, Ok(())),
            Err(()) => {
                let d = self.defer(on).await;
                (handling.await, true, d)
            }
        };
        let outcome = match outcome {
            Ok(Ok(o)) => o,
            Ok(Err(e)) => {
                tracing::error!(error = %e, "discord: handling an interaction failed");
                deferral?;
                return self.close_quietly(on, deferred).await;
            }
            Err(e) => {
                // the lane dropped the work: it panicked, or the bot stops
                tracing::error!(error = %e, "discord: handling an interaction was dropped");
                deferral?;
                return self.close_quietly(on, deferred).await;
            }
        };
        // private messages (notifications) go to their DMs, a game's
        // replies to its thread (or a new one), not to the interaction
        let (private, replies): (Vec<Reply>, Vec<Reply>) =
            outcome.replies.into_iter().partition(|r| {
                matches!(r.target, Target::Private { .. })
                    || r.new_thread.is_some()
                    || r.thread != here
            });
        let sent = match deferral {
            Ok(()) => self.send_replies(on, deferred, &replies, lang).await,
            Err(e) => Err(e),
        };
        for r in &private {
            self.post(r).await;
        }
        self.hub.spawn_jobs(outcome.jobs);
        sent
    }

    /// Defer an interaction the core is slow to answer. A command shows
    /// "thinking…" (type 5, public: the first followup becomes that message,
    /// with its visibility); a component defers without a message (type 6),
    /// so each followup is a message of its own, ephemeral or not.
    async fn defer(&self, on: Answering<'_>) -> serenity::Result<()> {
        let r = match on {
            Answering::Command(_) => {
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
            }
            Answering::Component(_) => CreateInteractionResponse::Acknowledge,
        };
        on.respond(&self.http, r).await
    }

    /// Answer with nothing to show (a redelivery, a failure): a component
    /// is acknowledged; a command, which must be answered, is deferred
    /// privately and taken back; a deferred command's "thinking…" removed.
    async fn close_quietly(&self, on: Answering<'_>, deferred: bool) -> serenity::Result<()> {
        match (on, deferred) {
            (Answering::Component(_), true) => Ok(()),
            (Answering::Component(_), false) => {
                on.respond(&self.http, CreateInteractionResponse::Acknowledge)
                    .await
            }
            (Answering::Command(cmd), true) => cmd.delete_response(&*self.http).await,
            (Answering::Command(cmd), false) => {
                on.respond(
                    &self.http,
                    CreateInteractionResponse::Defer(
                        CreateInteractionResponseMessage::new().ephemeral(true),
                    ),
                )
                .await?;
                cmd.delete_response(&*self.http).await
            }
        }
    }

    /// The core's replies as the interaction's response and followups.
    async fn send_replies(
        &self,
        on: Answering<'_>,
        deferred: bool,
        replies: &[Reply],
        lang: Lang,
    ) -> serenity::Result<()> {
        if replies.is_empty() {
            return self.close_quietly(on, deferred).await;
        }
        // a reply in the pressed message's place answers a component press
        // by updating that message; the others follow up
        if let Answering::Component(c) = on {
            let pressed_ephemeral = c
                .message
                .flags
                .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
            let in_place = replies.iter().position(|r| {
                r.in_place && !(pressed_ephemeral && matches!(r.target, Target::Chat(_)))
            });
            if let Some(r) = in_place.and_then(|i| replies.get(i)) {
                self.update_pressed(c, deferred, r, lang).await?;
                // the pressed board, now this one, is the game's living board
                self.remember_board(r, c.channel_id, c.message.id).await;
                for (i, r) in replies.iter().enumerate() {
                    if Some(i) != in_place {
                        let out = self.outgoing(r, lang).await;
                        let m = on.follow(&self.http, followup(out)).await?;
                        self.remember_sent(r, m.channel_id, m.id).await;
                    }
                }
                return Ok(());
            }
        }
        for (i, r) in replies.iter().enumerate() {
            let out = self.outgoing(r, lang).await;
            if i == 0 && !deferred {
                on.respond(&self.http, CreateInteractionResponse::Message(message(out)))
                    .await?;
                if r.live.is_some() || board_of(r).is_some() {
                    // a live message or a board posted as the response:
                    // where it landed
                    match on.response(&self.http).await {
                        Ok(m) => {
                            self.remember_sent(r, m.channel_id, m.id).await;
                        }
                        Err(e) => {
                            tracing::debug!(error = %e, "discord: reading the response failed")
                        }
                    }
                }
                continue;
            }
            if let (0, Answering::Command(cmd), true) = (i, on, out.ephemeral) {
                // the first followup of a deferred command would become its
                // public "thinking…" message: remove that, so this one is a
                // message of its own, for the user alone
                cmd.delete_response(&*self.http).await?;
            }
            let m = on.follow(&self.http, followup(out)).await?;
            self.remember_sent(r, m.channel_id, m.id).await;
        }
        Ok(())
    }

    /// Hand back the reply's ack token ([`Reply::ack`]: an analysis' final
    /// text), it is sent.
    async fn acknowledge(&self, r: &Reply) {
        if let Some(token) = &r.ack {
            self.hub.acknowledge(token.clone()).await;
        }
    }

    /// Remember where a message was posted: a live message's place, a
    /// game's living board, and the acknowledgement of a text owed.
    async fn remember_sent(&self, r: &Reply, channel: ChannelId, message: MessageId) {
        self.remember_live(r, channel, message).await;
        self.remember_board(r, channel, message).await;
    }

    /// Remember where a live message ([`Reply::live`]) was posted (and
    /// acknowledge it sent).
    async fn remember_live(&self, r: &Reply, channel: ChannelId, message: MessageId) {
        self.acknowledge(r).await;
        if let Some(key) = &r.live {
            self.hub
                .set_live_message(
                    Platform::Discord,
                    key.clone(),
                    channel.to_string(),
                    message.to_string(),
                )
                .await;
        }
    }

    /// Keep where a game's public board was shown last: the living board
    /// the next board of that game not answering a press edits (see
    /// [`Discord::post`]).
    /// The board it replaces in the same channel loses its menus (they
    /// would play on a board no longer shown last).
    async fn remember_board(&self, r: &Reply, channel: ChannelId, message: MessageId) {
        let Some(g) = board_of(r) else {
            return;
        };
        let before = self.hub.board_message(Platform::Discord, g).await;
        self.hub
            .set_board_message(
                Platform::Discord,
                g,
                channel.get().to_string(),
                message.get().to_string(),
            )
            .await;
        let old = before
            .filter(|(c, _)| *c == channel.get().to_string())
            .and_then(|(_, m)| m.parse::<u64>().ok())
            .filter(|m| *m != 0 && *m != message.get());
        if let Some(old) = old {
            let e = EditMessage::new().components(Vec::new());
            if let Err(e) = channel
                .edit_message(&*self.http, MessageId::new(old), e)
                .await
            {
                tracing::debug!(error = %e, "discord: taking the old board's menus off failed");
            }
        }
    }

    /// Edit the game's living board in `channel` into `r` (PATCH
    /// /channels/{c}/messages/{m}: text, menus, the new picture in place of
    /// the old), for a board the chat keeps in one message
    /// (`Reply::board_mode` Edit, the default). Whether it was edited.
    async fn edit_living_board(&self, r: &Reply, channel: ChannelId, lang: Lang) -> bool {
        let Some(g) = board_of(r) else {
            return false;
        };
        if r.board_mode == Some(BoardMode::New) {
            return false;
        }
        let Some((chat, message)) = self.hub.board_message(Platform::Discord, g).await else {
            return false;
        };
        let Ok(message) = message.parse::<u64>() else {
            return false;
        };
        if chat != channel.get().to_string() || message == 0 {
            return false;
        }
        let o = self.outgoing(r, lang).await;
        let mut e = EditMessage::new()
            .content(o.content)
            .components(o.components)
            .allowed_mentions(CreateAllowedMentions::new().users(o.mentions.clone()));
        for f in o.files {
            e = e.new_attachment(f);
        }
        let message = MessageId::new(message);
        if let Err(e) = channel.edit_message(&*self.http, message, e).await {
            // deleted, or not ours to edit: a new board it is
            tracing::debug!(error = %e, "discord: editing the living board failed");
            return false;
        }
        // an edit notifies nobody: a short line answers the board
        if let Some(note) = &r.turn_note {
            let m = CreateMessage::new()
                .content(content(note, &r.mentions))
                .reference_message((channel, message))
                .allowed_mentions(
                    CreateAllowedMentions::new()
                        .users(o.mentions)
                        .replied_user(false),
                );
            if let Err(e) = channel.send_message(&*self.http, m).await {
                tracing::warn!(error = %e, "discord: posting the turn note failed");
            }
        }
        true
    }

    /// Change the pressed message into `r`: UPDATE_MESSAGE (type 7) when
    /// it brings a picture (the new board replaces the old attachment);
    /// without one, a deferred update (type 6) and an edit of the message,
    /// which keeps its attachment; an interaction already deferred is
    /// edited either way.
    async fn update_pressed(
        &self,
        c: &ComponentInteraction,
        deferred: bool,
        r: &Reply,
        lang: Lang,
    ) -> serenity::Result<()> {
        let out = self.outgoing(r, lang).await;
        if !deferred && !out.files.is_empty() {
            let m = CreateInteractionResponseMessage::new()
                .content(out.content)
                .add_files(out.files)
                .components(out.components)
                .allowed_mentions(CreateAllowedMentions::new().users(out.mentions));
            return c
                .create_response(&*self.http, CreateInteractionResponse::UpdateMessage(m))
                .await;
        }
        if !deferred {
            c.create_response(&*self.http, CreateInteractionResponse::Acknowledge)
                .await?;
        }
        let mut e = EditInteractionResponse::new()
            .content(out.content)
            .components(out.components)
            .allowed_mentions(CreateAllowedMentions::new().users(out.mentions));
        for f in out.files {
            e = e.new_attachment(f);
        }
        c.edit_response(&*self.http, e).await.map(drop)
    }

    /// A reply in Discord's terms (asks the core for the game's legal moves
    /// when the reply has move buttons).
    async fn outgoing(&self, r: &Reply, lang: Lang) -> Outgoing {
        let all_moves = match r.game_id {
            Some(g) if r.choices.iter().flatten().any(is_move) => {
                self.hub.legal_move_choices(g).await.ok()
            }
            _ => None,
        };
        let mut files = Vec::new();
        if let Some(img) = &r.image {
            // Discord blurs a file whose name starts SPOILER_
            let name = match img.is_hidden() {
                true => format!("SPOILER_{}", img.file_name),
                false => img.file_name.clone(),
            };
            files.push(CreateAttachment::bytes(img.bytes().to_vec(), name));
        }
        if let Some((name, text)) = &r.document {
            files.push(CreateAttachment::bytes(
                text.clone().into_bytes(),
                name.clone(),
            ));
        }
        let mut rows = components(r, all_moves.as_deref(), &self.catalog, lang);
        if let Some(b) = self.link_button(r).await {
            if rows.len() < limits().rows_max {
                rows.push(CreateActionRow::Buttons(vec![b]));
            }
        }
        Outgoing {
            content: content(&r.text, &r.mentions),
            files,
            components: rows,
            mentions: r
                .mentions
                .iter()
                .filter_map(|m| m.platform_user_id.parse::<u64>().ok())
                .filter(|id| *id != 0)
                .map(UserId::new)
                .collect(),
            ephemeral: matches!(r.target, Target::User { .. }),
        }
    }

    /// The reply's link as a link button: back to the game's living board
    /// (the message, when the bot knows where it is), else its channel or
    /// thread, on its server. None when the server is not known yet;
    /// Discord needs no "start the bot" step, so no button for that.
    async fn link_button(&self, r: &Reply) -> Option<CreateButton> {
        let l = r.link.as_ref()?;
        let LinkTo::Game { game, chat, thread } = &l.to else {
            return None;
        };
        let channel = ChannelId::new(chat.parse::<u64>().ok().filter(|c| *c != 0)?);
        let guild = *self
            .guilds
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&channel)?;
        let target = thread.as_deref().unwrap_or(chat);
        let mut url = format!("https://discord.com/channels/{guild}/{target}");
        if let Some((_, message)) = self
            .hub
            .board_message(Platform::Discord, *game)
            .await
            .filter(|(c, _)| c == target)
        {
            url = format!("{url}/{message}");
        }
        let label: String = l.label.chars().take(limits().button_label_max).collect();
        Some(CreateButton::new_link(url).label(label))
    }

    /// Open a public thread in `channel` (POST /channels/{id}/threads);
    /// None (logged) when Discord refuses — the reply then goes to the
    /// channel itself.
    async fn open_thread(&self, channel: ChannelId, name: &str) -> Option<ChannelId> {
        let name: String = name.chars().take(100).collect();
        let builder = CreateThread::new(name).kind(ChannelType::PublicThread);
        match channel.create_thread(&*self.http, builder).await {
            Ok(t) => Some(t.id),
            Err(e) => {
                tracing::warn!(error = %e, %channel, "discord: opening a game's thread failed; posting in the channel");
                None
            }
        }
    }

    /// The server of these channels (from GUILD_CREATE at connect): where
    /// a link back to a game's channel points.
    pub fn learn_guild(&self, guild: GuildId, channels: impl IntoIterator<Item = ChannelId>) {
        let mut guilds = self.guilds.lock().unwrap_or_else(|p| p.into_inner());
        for c in channels {
            guilds.insert(c, guild);
        }
    }

    /// The DM channel with a user (POST /users/@me/channels).
    async fn dm_channel(&self, user: &str) -> Option<ChannelId> {
        let id = user.parse::<u64>().ok().filter(|id| *id != 0)?;
        match UserId::new(id).create_dm_channel(&*self.http).await {
            Ok(c) => Some(c.id),
            Err(e) => {
                tracing::info!(error = %e, user, "discord: no DM channel; private message dropped");
                None
            }
        }
    }

    /// Post a reply to its channel (AI moves, the sweeper: replies that do
    /// not answer an interaction), its menus in the channel's last locale.
    /// A note for one user is posted with their mention; a private message
    /// goes to the user's DM channel (a refusal is logged and dropped).
    pub async fn post(&self, r: &Reply) {
        if let Target::Private { user } = &r.target {
            let Some(dm) = self.dm_channel(user).await else {
                return;
            };
            let o = self.outgoing(r, Lang::default()).await;
            let msg = CreateMessage::new()
                .content(o.content)
                .components(o.components);
            if let Err(e) = dm.send_message(&*self.http, msg).await {
                tracing::info!(error = %e, "discord: a private message was refused; dropped");
            }
            return;
        }
        let Ok(parent) = r.chat_id().parse::<u64>() else {
            tracing::warn!(chat = r.chat_id(), "discord: not a channel id");
            return;
        };
        if parent == 0 {
            return;
        }
        // a game's thread: the one it lives in, or a new one for it
        let mut channel = r
            .thread
            .as_deref()
            .and_then(|t| t.parse::<u64>().ok())
            .filter(|t| *t != 0)
            .unwrap_or(parent);
        if let Some(name) = &r.new_thread {
            if let Some(t) = self.open_thread(ChannelId::new(parent), name).await {
                channel = t.get();
                if let Some(g) = r.game_id {
                    self.hub.set_game_thread(g, t.to_string()).await;
                }
            }
        }
        let lang = self
            .locales
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&ChannelId::new(parent))
            .copied()
            .unwrap_or_default();
        // a game's board (the AI's move, a time-out): its living board
        // changes in place, else a new one is posted and becomes it
        if self
            .edit_living_board(r, ChannelId::new(channel), lang)
            .await
        {
            return;
        }
        let o = self.outgoing(r, lang).await;
        let mut content = o.content;
        let mut mentions = o.mentions;
        if let Target::User { user, .. } = &r.target {
            if let Ok(id) = user.parse::<u64>() {
                if id != 0 && !content.contains(&format!("<@{id}>")) {
                    content = format!("<@{id}> {content}");
                    mentions.push(UserId::new(id));
                }
            }
        }
        let channel = ChannelId::new(channel);
        // a live message is edited where it was posted (PATCH), when it can be
        let live = match r.live.as_deref().filter(|_| o.files.is_empty()) {
            Some(key) => self
                .hub
                .live_message(Platform::Discord, key.to_string())
                .await
                .filter(|(c, _)| *c == channel.to_string())
                .and_then(|(_, m)| m.parse::<u64>().ok())
                .filter(|m| *m != 0),
            None => None,
        };
        if let Some(m) = live {
            let e = EditMessage::new()
                .content(content.clone())
                .components(o.components.clone())
                .allowed_mentions(CreateAllowedMentions::new().users(mentions.clone()));
            match channel
                .edit_message(&*self.http, MessageId::new(m), e)
                .await
            {
                Ok(_) => {
                    self.acknowledge(r).await;
                    return;
                }
                // deleted: post it anew
                Err(e) => tracing::debug!(error = %e, "discord: editing a live message failed"),
            }
        }
        let msg = CreateMessage::new()
            .content(content)
            .add_files(o.files)
            .components(o.components)
            .allowed_mentions(CreateAllowedMentions::new().users(mentions));
        // kept for the parent channel, should the game's thread be gone
        let again = (channel.get() != parent).then(|| msg.clone());
        let mut sent = channel.send_message(&*self.http, msg).await;
        if let (Err(e), Some(msg)) = (&sent, again) {
            if is_thread_gone(e) {
                // archived, locked or deleted (a prankster can do it): the
                // player to move must still hear of it, in the parent
                // channel (once)
                tracing::info!(error = %e, %channel, parent, "discord: the game's thread is gone; posting in the channel");
                sent = ChannelId::new(parent).send_message(&*self.http, msg).await;
                // the game's later replies go to the channel at once
                if let (Ok(_), Some(g)) = (&sent, r.game_id) {
                    self.hub.forget_game_thread(g).await;
                }
            }
        }
        match sent {
            Ok(m) => {
                self.remember_sent(r, m.channel_id, m.id).await;
            }
            Err(e) => tracing::warn!(error = %e, "discord: posting a reply failed"),
        }
    }

    /// Replies routed to Discord (AI moves, sweeper, daily puzzles) until
    /// shutdown.
    pub async fn send_loop(self: Arc<Self>, mut rx: ReplyRx) {
        let mut stop = self.hub.shutdown();
        loop {
            tokio::select! {
                r = rx.recv() => match r {
                    Some(r) => self.post(&r).await,
                    None => return,
                },
                _ = crate::runtime::stopped(&mut stop) => {
                    self.hub.tracker().wait_idle(Duration::from_secs(30)).await;
                    while let Ok(r) = rx.try_recv() {
                        self.post(&r).await;
                    }
                    return;
                }
            }
        }
    }
}

/// The game whose public board `r` is (a picture for the chat), if any.
fn board_of(r: &Reply) -> Option<GameId> {
    match r.target {
        Target::Chat(_) if r.image.is_some() => r.game_id,
        _ => None,
    }
}

fn message(o: Outgoing) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(o.content)
        .add_files(o.files)
        .components(o.components)
        .ephemeral(o.ephemeral)
        .allowed_mentions(CreateAllowedMentions::new().users(o.mentions))
}

fn followup(o: Outgoing) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(o.content)
        .add_files(o.files)
        .components(o.components)
        .ephemeral(o.ephemeral)
        .allowed_mentions(CreateAllowedMentions::new().users(o.mentions))
}

/// Gateway events → the adapter. The adapter is put in after the client is
/// built (it shares the client's `Http`), before the client starts; no
/// event can arrive earlier.
struct Handler {
    discord: Arc<OnceLock<Arc<Discord>>>,
}

#[serenity::async_trait]
impl serenity::client::EventHandler for Handler {
    async fn ready(&self, _ctx: serenity::client::Context, ready: serenity::model::gateway::Ready) {
        tracing::info!(user = %ready.user.name, "discord: connected");
        let Some(discord) = self.discord.get() else {
            return;
        };
        // serenity has set the application id (from this READY) on the
        // client's Http, which is the adapter's: registering can address it
        if discord.opts.register_commands {
            match discord.register_commands().await {
                Ok(()) => tracing::info!("discord: slash commands registered"),
                Err(e) => tracing::warn!(error = %e, "discord: registering commands failed"),
            }
        }
    }

    async fn guild_create(
        &self,
        _ctx: serenity::client::Context,
        guild: serenity::model::guild::Guild,
        _is_new: Option<bool>,
    ) {
        if let Some(discord) = self.discord.get() {
            let channels = guild.channels.keys().copied();
            discord.learn_guild(guild.id, channels.chain(guild.threads.iter().map(|t| t.id)));
        }
    }

    async fn interaction_create(&self, _ctx: serenity::client::Context, interaction: Interaction) {
        let Some(discord) = self.discord.get() else {
            return;
        };
        if discord.hub.is_shutting_down() {
            return;
        }
        let _guard = discord.hub.tracker().enter();
        discord.on_interaction(interaction).await;
    }
}

/// Run the Discord adapter until the hub shuts down.
///
/// One `Http` for everything: the adapter answers and registers through the
/// gateway client's own `Http`, the one serenity gives the application id
/// from READY (and whose rate limits it tracks).
pub async fn run(hub: Hub, token: Secret, opts: DiscordOptions, rx: ReplyRx) -> anyhow::Result<()> {
    if !serenity_rate_limits(&opts.http_base) {
        let why = "discord: http_base is not the public API; serenity's rate limiter \
                   cannot send through it, so what answers there must rate-limit";
        if crate::config::is_loopback(&opts.http_base) {
            tracing::info!(http_base = %opts.http_base, "{why}");
        } else {
            tracing::warn!(http_base = %opts.http_base, "{why}");
        }
    }
    let slot = Arc::new(OnceLock::new());
    // no privileged intents: interactions arrive without any; GUILDS (not
    // privileged) brings each server's channels at connect, so a link back
    // to a game's channel can name its server after a restart
    let builder = serenity::client::ClientBuilder::new_with_http(
        http_client(&token, &opts.http_base),
        GatewayIntents::GUILDS,
    );
    let mut client = builder
        .event_handler(Handler {
            discord: Arc::clone(&slot),
        })
        .await?;
    let discord = Discord::new(hub.clone(), Arc::clone(&client.http), opts);
    let _ = slot.set(Arc::clone(&discord));
    let shards = Arc::clone(&client.shard_manager);
    let sender = tokio::spawn(Arc::clone(&discord).send_loop(rx));
    let mut stop = hub.shutdown();
    let res = tokio::select! {
        r = client.start() => r.map_err(|e| anyhow::anyhow!("{e}")),
        _ = crate::runtime::stopped(&mut stop) => {
            shards.shutdown_all().await;
            Ok(())
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(10), sender).await;
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Mention;

    #[test]
    fn mentions_ping_by_id() {
        let m = [Mention {
            platform_user_id: "77".into(),
            name: "Anna".into(),
            handle: Some("anna".into()),
        }];
        assert_eq!(content("@anna, your move.", &m), "<@77>, your move.");
        assert_eq!(
            content("Anna (White) to move.", &m),
            "<@77> (White) to move."
        );
        assert_eq!(content("Your move.", &m), "Your move. <@77>");
    }

    /// Issue 21: Markdown in a name (or a chat title, a tournament name, a
    /// word echoed back) is shown as written, not as formatting.
    #[test]
    fn markdown_people_wrote_is_escaped_the_bots_own_syntax_is_not() {
        assert_eq!(
            content("Game #3: **Eve** vs __Bo_b__, ~~x~~ `y` \\o/", &[]),
            "Game #3: \\*\\*Eve\\*\\* vs \\_\\_Bo\\_b\\_\\_, \\~\\~x\\~\\~ \\`y\\` \\\\o/"
        );
        assert_eq!(
            content(
                "Eve: <@&123> <#9> <t:1:R> ||boo|| [click](https://x.invalid)",
                &[]
            ),
            "Eve: \\<@&123> \\<#9> \\<t:1:R> \\|\\|boo\\|\\| \\[click](https://x.invalid)"
        );
        // first on a line: headings, subtext, quotes, lists (not a `#12`)
        assert_eq!(
            content(
                "# Big\n-# small\n  > quoted\n+ item\n## x\n#12 · a-b > 0",
                &[]
            ),
            "\\# Big\n\\-# small\n  \\> quoted\n\\+ item\n\\## x\n#12 · a-b > 0"
        );
        // single bars, brackets without a link: as they are
        assert_eq!(content("[rr|drr] 1-0|0-1", &[]), "[rr|drr] 1-0|0-1");
        // a bar next to a spoiler would join its bars
        let hidden = crate::core::spoiler("c3-d4");
        assert_eq!(content(&format!("x|{hidden}|"), &[]), "x\\|||c3-d4||\\|");
        // a mention's name with Markdown in it still becomes the tag, and the
        // same name unmentioned is escaped
        let m = [Mention {
            platform_user_id: "77".into(),
            name: "*Anna*".into(),
            handle: None,
        }];
        assert_eq!(
            content("*Anna* (White) against *Anna*.", &m),
            "<@77> (White) against \\*Anna\\*."
        );
    }

    /// The escaping touches what people wrote only: no catalogue message,
    /// in any language, has a character it would escape.
    #[test]
    fn the_bots_own_texts_are_not_escaped() {
        let catalog = Catalog::new();
        for lang in Lang::ALL {
            for id in Catalog::ids(lang) {
                // the placeholders left unfilled (`{$white_acc}`) dropped
                let mut t = catalog.get(lang, &id, None);
                while let Some(at) = t.find("{$") {
                    let end = t[at..].find('}').map_or(t.len(), |e| at + e + 1);
                    t.replace_range(at..end, "x");
                }
                let toks: Vec<Tok> = t.chars().map(Tok::Char).collect();
                assert_eq!(escaped(&toks).concat(), t, "{lang:?} {id}");
            }
        }
    }

    #[test]
    fn spoilers_become_bars_and_stay_closed_when_cut() {
        let hidden = crate::core::spoiler("c3-d4 f6-e5");
        assert_eq!(
            content(&format!("The solution: {hidden}."), &[]),
            "The solution: ||c3-d4 f6-e5||."
        );
        let max = limits().text_max;
        let long = format!("{}{}", "a".repeat(max - 8), hidden);
        let c = content(&long, &[]);
        assert!(c.chars().count() <= max, "{}", c.chars().count());
        assert!(c.ends_with("||…"), "{c}");
        assert_eq!(c.matches("||").count(), 2, "{c}");
    }

    #[test]
    fn the_public_api_is_rate_limited_by_serenity() {
        let token = Secret::new("t.o.k");
        for base in [
            "https://discord.com",
            "https://discord.com/",
            " https://discord.com",
        ] {
            assert!(serenity_rate_limits(base), "{base}");
            let http = http_client(&token, base);
            assert!(http.ratelimiter.is_some(), "{base}: the limiter is on");
            assert!(http.proxy.is_none(), "{base}");
        }
        // another base: requests go there (serenity's limiter could not
        // follow, see serenity_rate_limits)
        for base in ["http://127.0.0.1:3000/", "https://proxy.example"] {
            assert!(!serenity_rate_limits(base));
            let http = http_client(&token, base);
            assert_eq!(http.proxy.as_deref(), Some(base.trim_end_matches('/')));
            assert!(http.ratelimiter.is_none(), "{base}");
        }
    }

    /// Why a custom base goes without serenity's limiter: with it on, a
    /// request is sent to https://discord.com whatever `proxy` says. Seen
    /// here without touching the network: the client's own HTTP proxy is a
    /// listener on 127.0.0.1 that notes where each request was headed. When
    /// this fails, serenity routes limited requests through `proxy`: turn
    /// the limiter on for every base (http_client).
    #[tokio::test]
    async fn serenitys_limiter_ignores_the_proxy() {
        use tokio::io::AsyncReadExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let heads = Arc::new(Mutex::new(Vec::<String>::new()));
        let seen = Arc::clone(&heads);
        let server = tokio::spawn(async move {
            while let Ok((mut tcp, _)) = listener.accept().await {
                let mut buf = vec![0u8; 4096];
                let n = tcp.read(&mut buf).await.unwrap_or(0);
                let head = String::from_utf8_lossy(&buf[..n]);
                let line = head.lines().next().unwrap_or_default().to_string();
                seen.lock().unwrap().push(line);
                // then hang up: the request fails, as it should
            }
        });
        let client = reqwest::Client::builder()
            .proxy(reqwest::Proxy::all(format!("http://{addr}")).unwrap())
            .build()
            .unwrap();
        let base = format!("http://{addr}");
        let limited = HttpBuilder::new("t.o.k")
            .client(client.clone())
            .proxy(base.clone())
            .build();
        assert!(limited.ratelimiter.is_some());
        let _ = tokio::time::timeout(Duration::from_secs(10), limited.get_gateway()).await;
        // and as http_client builds it for that base: to the base
        let unlimited = HttpBuilder::new("t.o.k")
            .client(client)
            .proxy(base.clone())
            .ratelimiter_disabled(true)
            .build();
        let _ = tokio::time::timeout(Duration::from_secs(10), unlimited.get_gateway()).await;
        server.abort();
        let heads = heads.lock().unwrap().clone();
        assert_eq!(
            heads,
            [
                "CONNECT discord.com:443 HTTP/1.1".to_string(),
                format!("GET {base}/api/v10/gateway HTTP/1.1"),
            ],
            "where the requests were headed"
        );
    }

    #[test]
    fn every_command_registers_with_both_languages() {
        let cmds = slash_commands(&Catalog::new());
        assert_eq!(cmds.len(), menu(MenuScope::Default).count());
        let json = serde_json::to_value(&cmds).unwrap();
        let challenge = json
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "challenge")
            .unwrap();
        for locale in ["ru", "de", "fr"] {
            assert!(challenge["description_localizations"][locale].is_string());
        }
        // Discord has no Latvian locale: an unknown key would refuse them all
        assert!(challenge["description_localizations"]["lv"].is_null());
        assert_eq!(
            challenge["description_localizations"]["de"],
            Catalog::new().get(Lang::De, "cmd-challenge", None)
        );
        let names: Vec<&str> = challenge["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["opponent", "target", "variant", "level", "days", "colour", "rating"]
        );
        // the names in Russian, German and French are the table's words
        assert_eq!(challenge["name_localizations"]["ru"], "вызов");
        assert_eq!(challenge["name_localizations"]["de"], "herausfordern");
        assert_eq!(challenge["name_localizations"]["fr"], "défi");
    }
}
