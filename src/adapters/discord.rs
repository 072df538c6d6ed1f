//! Discord: slash commands, buttons and select menus through serenity on
//! rustls, with no privileged gateway intents (interactions arrive without
//! any). Translates interactions into core events, and is the platform's
//! transport for the hub's deliverer (`runtime::deliver`, which decides what
//! goes where): interaction responses and followups, channel messages and
//! their edits, DMs, threads.
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
//! - An interaction is answered by its first reply (type 4); when the answer
//!   is not there by `defer_after` it is deferred (a command: type 5, a
//!   button or menu: type 6) and the replies follow up. A reply for the user
//!   alone (`Target::User`: every refusal) is ephemeral (flags 64) on every
//!   path — a deferred command's public "thinking…" is taken back before
//!   it, since Discord would make the first followup that message.
//! - The pressed message changed in place: UPDATE_MESSAGE (type 7) with a
//!   new picture, or a deferred update (type 6) and an edit of the original
//!   (the picture stays). A living board or a live message is edited with
//!   PATCH /channels/{c}/messages/{m}; a response is read back from
//!   `@original` when where it landed must be kept.

use crate::config::{DiscordConfig, Secret};
use crate::core::i18n::{Catalog, Lang};
use crate::core::input::commands::{handle_tag, move_args};
use crate::core::input::options::{OptValue, SlashCommand};
use crate::core::input::spec::{menu, ArgKind, MenuScope};
use crate::core::{
    BoardMode, ChatRef, Choice, ChoiceKind, Event, Input, LinkTo, Platform, PlatformLimits, Reply,
    Target, UserRef,
};
use crate::runtime::{Caps, Fut, Hub, Origin, Place, Placed, Press, Pressed, SendError, Transport};
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
enum Ix {
    Command(Box<CommandInteraction>),
    Component(Box<ComponentInteraction>),
}

/// How far an interaction is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IxState {
    /// Not yet: its response is due (within 3 s).
    Open,
    /// Deferred (a command: its public "thinking…", which the first
    /// followup becomes; a component: nothing shown).
    Deferred,
    /// Responded to: what follows are followups.
    Answered,
}

/// An interaction being answered: the press the deliverer hands back to
/// the transport (`Press::handle`).
struct Pending {
    ix: Ix,
    /// The caller's language, for the menus' placeholders.
    lang: Lang,
    state: tokio::sync::Mutex<IxState>,
}

impl Pending {
    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match &self.ix {
            Ix::Command(i) => i.create_response(http, r).await,
            Ix::Component(i) => i.create_response(http, r).await,
        }
    }
    async fn follow(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match &self.ix {
            Ix::Command(i) => i.create_followup(http, f).await,
            Ix::Component(i) => i.create_followup(http, f).await,
        }
    }
    /// The message the interaction's response became.
    async fn response(&self, http: &Http) -> serenity::Result<Message> {
        match &self.ix {
            Ix::Command(i) => i.get_response(http).await,
            Ix::Component(i) => i.get_response(http).await,
        }
    }
    async fn delete_response(&self, http: &Http) -> serenity::Result<()> {
        match &self.ix {
            Ix::Command(i) => i.delete_response(http).await,
            Ix::Component(i) => i.delete_response(http).await,
        }
    }
    async fn edit_response(&self, http: &Http, e: EditInteractionResponse) -> serenity::Result<()> {
        match &self.ix {
            Ix::Command(i) => i.edit_response(http, e).await.map(drop),
            Ix::Component(i) => i.edit_response(http, e).await.map(drop),
        }
    }
    fn is_command(&self) -> bool {
        matches!(self.ix, Ix::Command(_))
    }

    /// Defer it if it is still open (a command: type 5, public; a
    /// component: type 6).
    async fn defer(&self, http: &Http) -> serenity::Result<()> {
        let mut st = self.state.lock().await;
        if *st != IxState::Open {
            return Ok(());
        }
        let r = match self.ix {
            Ix::Command(_) => {
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
            }
            Ix::Component(_) => CreateInteractionResponse::Acknowledge,
        };
        self.respond(http, r).await?;
        *st = IxState::Deferred;
        Ok(())
    }
}

/// The interaction a press stands for.
fn pending(press: Option<&Press>) -> Option<&Pending> {
    press?.handle.downcast_ref::<Pending>()
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

    /// Handle one interaction from the gateway (or a test): a command or
    /// a press goes through the core and its replies through the hub's
    /// deliverer (this adapter its transport); returns once they are
    /// delivered.
    pub async fn on_interaction(&self, interaction: Interaction) {
        // followups are addressed by the application's id
        if self.http.application_id().is_none() {
            self.http.set_application_id(interaction.application_id());
        }
        let res = match interaction {
            Interaction::Command(cmd) => {
                let event = command_event(&cmd);
                self.answer(Ix::Command(Box::new(cmd)), event, None).await
            }
            Interaction::Component(c) => match component_event(&c) {
                Some(event) => {
                    let pressed = Pressed {
                        at: Placed {
                            chat: event.chat.id.clone(),
                            thread: event.thread.clone(),
                            message: c.message.id.to_string(),
                            media: false,
                        },
                        editable: true,
                        ephemeral: c
                            .message
                            .flags
                            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL)),
                    };
                    self.answer(Ix::Component(Box::new(c)), event, Some(pressed))
                        .await
                }
                None => {
                    c.create_response(&*self.http, CreateInteractionResponse::Acknowledge)
                        .await
                }
            },
            Interaction::Autocomplete(cmd) => self.autocomplete(&cmd).await,
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

    /// Run the event through the core (in the channel's lane) and hand its
    /// replies to the deliverer with the interaction to answer; when the
    /// core takes longer than `defer_after` the interaction is deferred (a
    /// command: type 5, a button or menu: type 6). The AI moves go to the
    /// hub even when answering failed, so no game waits for a move nobody
    /// makes.
    async fn answer(&self, ix: Ix, event: Event, pressed: Option<Pressed>) -> serenity::Result<()> {
        let hub = self.hub.clone();
        let lang = Lang::from_code(match &ix {
            Ix::Command(i) => &i.locale,
            Ix::Component(i) => &i.locale,
        })
        .unwrap_or_default();
        let (channel, guild) = match &ix {
            Ix::Command(i) => (i.channel_id, i.guild_id),
            Ix::Component(i) => (i.channel_id, i.guild_id),
        };
        let pending = Arc::new(Pending {
            ix,
            lang,
            state: tokio::sync::Mutex::new(IxState::Open),
        });
        // handled in the channel's lane: after the channel's earlier work,
        // alongside other channels'; the outcome comes back on a oneshot
        let (tx, handling) = tokio::sync::oneshot::channel();
        let chat = event.chat.id.clone();
        let here = event.thread.clone();
        let label = format!("interaction {}", event.update_id.as_deref().unwrap_or("-"));
        let user = event.user.id.clone();
        let work = async move {
            let _ = tx.send(hub.serve(event).await);
        };
        if let Err(shed) = self
            .hub
            .queue_update(Platform::Discord, &chat, &user, label, work)
        {
            // a flood (the caller's, or the channel's): nothing ran; the
            // caller alone hears it, once a window (the hub logs it) — the
            // rest are closed quietly
            if !shed.notify {
                let press = Press {
                    handle: pending,
                    pressed: None,
                };
                if let Err(e) = Transport::answer_press(self, &press, None).await {
                    tracing::debug!(error = %e, "discord: closing a shed interaction failed");
                }
                return Ok(());
            }
            let text = self.hub.shed_notice(&shed, Some(lang.code()));
            let m = CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true);
            return pending
                .respond(&self.http, CreateInteractionResponse::Message(m))
                .await;
        }
        self.learn_place(channel, guild, &chat, lang);
        // deferred when the answer is late (zero: at once)
        if self.opts.defer_after.is_zero() {
            if let Err(e) = pending.defer(&self.http).await {
                tracing::warn!(error = %e, "discord: deferring an interaction failed");
            }
        } else {
            let (http, p, after) = (
                Arc::clone(&self.http),
                Arc::clone(&pending),
                self.opts.defer_after,
            );
            tokio::spawn(async move {
                tokio::time::sleep(after).await;
                if let Err(e) = p.defer(&http).await {
                    tracing::warn!(error = %e, "discord: deferring an interaction failed");
                }
            });
        }
        let outcome = handling.await.unwrap_or_else(|e| {
            // the lane dropped the work: it panicked, or the bot stops
            tracing::error!(error = %e, "discord: handling an interaction was dropped");
            Default::default()
        });
        let origin = Origin {
            chat,
            thread: here,
            message: None,
            press: Some(Press {
                handle: pending,
                pressed,
            }),
        };
        self.hub
            .answer(outcome, Platform::Discord, origin)
            .wait()
            .await;
        Ok(())
    }

    /// The language and server of a channel interactions came from (and of
    /// a thread's parent channel, the event's chat), for the menus and
    /// links of the messages posted there later.
    fn learn_place(&self, channel: ChannelId, guild: Option<GuildId>, chat: &str, lang: Lang) {
        let mut locales = self.locales.lock().unwrap_or_else(|p| p.into_inner());
        locales.insert(channel, lang);
        let parent = chat
            .parse::<u64>()
            .ok()
            .filter(|c| *c != 0)
            .map(ChannelId::new);
        if let Some(parent) = parent {
            locales.insert(parent, lang);
        }
        drop(locales);
        if let Some(g) = guild {
            let mut guilds = self.guilds.lock().unwrap_or_else(|p| p.into_inner());
            guilds.insert(channel, g);
            if let Some(parent) = parent {
                guilds.insert(parent, g);
            }
        }
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
        if let Some(board) = self
            .hub
            .board_message(Platform::Discord, *game)
            .await
            .filter(|b| b.thread.as_deref().unwrap_or(&b.chat) == target)
        {
            url = format!("{url}/{}", board.message);
        }
        let label: String = l.label.chars().take(limits().button_label_max).collect();
        Some(CreateButton::new_link(url).label(label))
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

    /// Deliver one reply that answers no interaction (through the hub's
    /// deliverer, this adapter being its transport) and wait until it is
    /// out.
    pub async fn post(&self, r: &Reply) {
        self.hub.route(vec![r.clone()]).wait().await;
    }

    /// The channel's last locale (for the menus of messages posted there).
    fn channel_lang(&self, chat: &str) -> Lang {
        let Some(c) = chat.parse::<u64>().ok().filter(|c| *c != 0) else {
            return Lang::default();
        };
        self.locales
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&ChannelId::new(c))
            .copied()
            .unwrap_or_default()
    }

    /// A message in a channel (or a thread, or a DM): a note for one
    /// person carries their mention.
    async fn post_message(&self, to: &Place, r: &Reply) -> Result<Option<Placed>, SendError> {
        let channel = if to.private {
            self.dm_channel(&to.chat)
                .await
                .ok_or(SendError::Forbidden)?
        } else {
            channel_of(&to.chat, to.thread.as_deref())?
        };
        let lang = self.channel_lang(&to.chat);
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
        let mut allowed = CreateAllowedMentions::new().users(mentions);
        let mut msg = CreateMessage::new()
            .content(content)
            .add_files(o.files)
            .components(o.components);
        if let Some(m) = to.reply_to.as_deref().and_then(|m| m.parse::<u64>().ok()) {
            if m != 0 {
                msg = msg.reference_message((channel, MessageId::new(m)));
                allowed = allowed.replied_user(false);
            }
        }
        let msg = msg.allowed_mentions(allowed);
        let m = channel
            .send_message(&*self.http, msg)
            .await
            .map_err(|e| send_error(&e, to.private))?;
        Ok(Some(Placed {
            chat: to.chat.clone(),
            thread: to.thread.clone(),
            message: m.id.to_string(),
            media: false,
        }))
    }

    /// A reply as the interaction's response or a followup.
    async fn answer_with(
        &self,
        p: &Pending,
        to: &Place,
        r: &Reply,
    ) -> Result<Option<Placed>, SendError> {
        let mut st = p.state.lock().await;
        let out = self.outgoing(r, p.lang).await;
        let placed = |m: &Message| Placed {
            chat: to.chat.clone(),
            thread: to.thread.clone(),
            message: m.id.to_string(),
            media: false,
        };
        let err = |e: serenity::Error| send_error(&e, false);
        match *st {
            IxState::Open => {
                p.respond(&self.http, CreateInteractionResponse::Message(message(out)))
                    .await
                    .map_err(err)?;
                *st = IxState::Answered;
                if !to.keep {
                    return Ok(None);
                }
                // where the response landed, to be kept
                match p.response(&self.http).await {
                    Ok(m) => Ok(Some(placed(&m))),
                    Err(e) => {
                        tracing::debug!(error = %e, "discord: reading the response failed");
                        Ok(None)
                    }
                }
            }
            IxState::Deferred | IxState::Answered => {
                if *st == IxState::Deferred && p.is_command() && out.ephemeral {
                    // the first followup of a deferred command would become
                    // its public "thinking…" message: remove that, so this
                    // one is a message of its own, for the user alone
                    p.delete_response(&self.http).await.map_err(err)?;
                }
                let m = p.follow(&self.http, followup(out)).await.map_err(err)?;
                *st = IxState::Answered;
                Ok(Some(placed(&m)))
            }
        }
    }
}

/// The channel a message goes to: its thread, else the chat.
fn channel_of(chat: &str, thread: Option<&str>) -> Result<ChannelId, SendError> {
    thread
        .unwrap_or(chat)
        .parse::<u64>()
        .ok()
        .filter(|c| *c != 0)
        .map(ChannelId::new)
        .ok_or_else(|| SendError::Other(format!("not a channel id: {chat}")))
}

/// What a failed call means to the deliverer: a thread archived or locked
/// (50083), deleted (10003 Unknown Channel) or closed to the bot (50001
/// Missing Access); a user who takes no messages from the bot (50007, or
/// a 403 on a DM); a rate limit.
fn send_error(e: &serenity::Error, private: bool) -> SendError {
    use serenity::all::HttpError;
    if let serenity::Error::Http(HttpError::UnsuccessfulRequest(res)) = e {
        match res.error.code {
            50083 | 10003 | 50001 if !private => return SendError::ThreadGone,
            50007 => return SendError::Forbidden,
            _ => {}
        }
        match res.status_code.as_u16() {
            403 if private => return SendError::Forbidden,
            429 => return SendError::RateLimited(Duration::from_secs(1)),
            _ => {}
        }
    }
    SendError::Other(e.to_string())
}

/// The message `at` as Discord names it.
fn placed_message(at: &Placed) -> Result<(ChannelId, MessageId), SendError> {
    let channel = channel_of(&at.chat, at.thread.as_deref())?;
    let m = at
        .message
        .parse::<u64>()
        .ok()
        .filter(|m| *m != 0)
        .ok_or_else(|| SendError::Other(format!("not a message id: {}", at.message)))?;
    Ok((channel, MessageId::new(m)))
}

impl Transport for Discord {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    fn caps(&self) -> Caps {
        Caps {
            toasts: false,
            answer_with_message: true,
            edits: true,
            rate_limit_retries: 5,
            boards: BoardMode::Edit,
        }
    }

    fn send<'a>(
        &'a self,
        to: &'a Place,
        r: &'a Reply,
        press: Option<&'a Press>,
    ) -> Fut<'a, Result<Option<Placed>, SendError>> {
        Box::pin(async move {
            match pending(press) {
                Some(p) => self.answer_with(p, to, r).await,
                None => self.post_message(to, r).await,
            }
        })
    }

    fn edit_text<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        press: Option<&'a Press>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let err = |e: serenity::Error| send_error(&e, false);
            if let Some(p) = pending(press).filter(|p| !p.is_command()) {
                // the pressed message: a deferred update (type 6) and an
                // edit of it, which keeps its attachment
                let mut st = p.state.lock().await;
                if *st != IxState::Answered {
                    let out = self.outgoing(r, p.lang).await;
                    if *st == IxState::Open {
                        p.respond(&self.http, CreateInteractionResponse::Acknowledge)
                            .await
                            .map_err(err)?;
                        *st = IxState::Deferred;
                    }
                    let e = EditInteractionResponse::new()
                        .content(out.content)
                        .components(out.components)
                        .allowed_mentions(CreateAllowedMentions::new().users(out.mentions));
                    p.edit_response(&self.http, e).await.map_err(err)?;
                    *st = IxState::Answered;
                    return Ok(());
                }
            }
            let (channel, message) = placed_message(at)?;
            let o = self.outgoing(r, self.channel_lang(&at.chat)).await;
            let e = EditMessage::new()
                .content(o.content)
                .components(o.components)
                .allowed_mentions(CreateAllowedMentions::new().users(o.mentions));
            channel
                .edit_message(&*self.http, message, e)
                .await
                .map(drop)
                .map_err(err)
        })
    }

    fn edit_media<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        press: Option<&'a Press>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let err = |e: serenity::Error| send_error(&e, false);
            if let Some(p) = pending(press).filter(|p| !p.is_command()) {
                let mut st = p.state.lock().await;
                let out = self.outgoing(r, p.lang).await;
                match *st {
                    IxState::Open => {
                        // UPDATE_MESSAGE (type 7): the new board replaces
                        // the pressed one's attachment
                        let m = CreateInteractionResponseMessage::new()
                            .content(out.content)
                            .add_files(out.files)
                            .components(out.components)
                            .allowed_mentions(CreateAllowedMentions::new().users(out.mentions));
                        p.respond(&self.http, CreateInteractionResponse::UpdateMessage(m))
                            .await
                            .map_err(err)?;
                        *st = IxState::Answered;
                        return Ok(());
                    }
                    IxState::Deferred => {
                        let mut e = EditInteractionResponse::new()
                            .content(out.content)
                            .components(out.components)
                            .allowed_mentions(CreateAllowedMentions::new().users(out.mentions));
                        for f in out.files {
                            e = e.new_attachment(f);
                        }
                        p.edit_response(&self.http, e).await.map_err(err)?;
                        *st = IxState::Answered;
                        return Ok(());
                    }
                    IxState::Answered => {}
                }
            }
            // a living board: the new picture in place of the old
            let (channel, message) = placed_message(at)?;
            let o = self.outgoing(r, self.channel_lang(&at.chat)).await;
            let mut e = EditMessage::new()
                .content(o.content)
                .components(o.components)
                .allowed_mentions(CreateAllowedMentions::new().users(o.mentions));
            for f in o.files {
                e = e.new_attachment(f);
            }
            channel
                .edit_message(&*self.http, message, e)
                .await
                .map(drop)
                .map_err(err)
        })
    }

    fn clear_buttons<'a>(&'a self, at: &'a Placed) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let (channel, message) = placed_message(at)?;
            let e = EditMessage::new().components(Vec::new());
            channel
                .edit_message(&*self.http, message, e)
                .await
                .map(drop)
                .map_err(|e| send_error(&e, false))
        })
    }

    fn answer_press<'a>(
        &'a self,
        press: &'a Press,
        _toast: Option<&'a str>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let Some(p) = pending(Some(press)) else {
                return Ok(());
            };
            let mut st = p.state.lock().await;
            // nothing to show: a component is acknowledged; a command,
            // which must be answered, is deferred privately and taken
            // back; a deferred command's "thinking…" removed
            let res = match (*st, p.is_command()) {
                (IxState::Answered, _) | (IxState::Deferred, false) => Ok(()),
                (IxState::Open, false) => {
                    p.respond(&self.http, CreateInteractionResponse::Acknowledge)
                        .await
                }
                (IxState::Deferred, true) => p.delete_response(&self.http).await,
                (IxState::Open, true) => {
                    let private = CreateInteractionResponse::Defer(
                        CreateInteractionResponseMessage::new().ephemeral(true),
                    );
                    match p.respond(&self.http, private).await {
                        Ok(()) => p.delete_response(&self.http).await,
                        Err(e) => Err(e),
                    }
                }
            };
            *st = IxState::Answered;
            res.map_err(|e| send_error(&e, false))
        })
    }

    fn open_thread<'a>(&'a self, chat: &'a str, name: &'a str) -> Fut<'a, Option<String>> {
        Box::pin(async move {
            let channel = channel_of(chat, None).ok()?;
            let name: String = name.chars().take(100).collect();
            let builder = CreateThread::new(name).kind(ChannelType::PublicThread);
            match channel.create_thread(&*self.http, builder).await {
                Ok(t) => Some(t.id.to_string()),
                Err(e) => {
                    tracing::warn!(error = %e, %channel, "discord: opening a game's thread failed; posting in the channel");
                    None
                }
            }
        })
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
        // /healthz (issue 22): the gateway is up
        discord.hub.set_connected(Platform::Discord, true);
        // serenity has set the application id (from this READY) on the
        // client's Http, which is the adapter's: registering can address it
        if discord.opts.register_commands {
            match discord.register_commands().await {
                Ok(()) => tracing::info!("discord: slash commands registered"),
                Err(e) => tracing::warn!(error = %e, "discord: registering commands failed"),
            }
        }
    }

    /// /healthz (issue 22): the gateway connection came up or went down.
    async fn shard_stage_update(
        &self,
        _ctx: serenity::client::Context,
        event: serenity::gateway::ShardStageUpdateEvent,
    ) {
        if let Some(discord) = self.discord.get() {
            let up = event.new == serenity::gateway::ConnectionStage::Connected;
            discord.hub.set_connected(Platform::Discord, up);
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
pub async fn run(hub: Hub, token: Secret, opts: DiscordOptions) -> anyhow::Result<()> {
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
    hub.set_transport(Arc::clone(&discord) as Arc<dyn Transport>);
    // it can send, but the gateway is not up until READY (/healthz)
    hub.set_connected(Platform::Discord, false);
    let shards = Arc::clone(&client.shard_manager);
    let mut stop = hub.shutdown();
    let res = tokio::select! {
        r = client.start() => r.map_err(|e| anyhow::anyhow!("{e}")),
        _ = crate::runtime::stopped(&mut stop) => {
            shards.shutdown_all().await;
            Ok(())
        }
    };
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
