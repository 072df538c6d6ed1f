//! Interactions → the core's events: who, where, what (a slash
//! command's options typed as they came); the facts the core decides on
//! (a server manager), nothing decided.

use super::interaction::Pending;
use super::{limits, Discord};
use crate::core::input::commands::move_suggestions;
use crate::core::input::options::{OptValue, SlashCommand};
use crate::core::{ChatRef, Event, Input, Platform, UserRef};
use crate::runtime::{Placed, Pressed};
use serenity::all::{
    ChannelId, ChannelType, CommandDataOptionValue, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, CreateAutocompleteResponse, CreateInteractionResponse, GuildId,
    Interaction, InteractionId, Member, MessageFlags, PartialChannel, User, UserId,
};

/// Who an interaction's user is: their server nickname, display name or
/// username; whether they may manage the server (or it is a DM).
fn user_ref(u: &User, member: Option<&Member>, locale: &str, guild: Option<GuildId>) -> UserRef {
    let is_admin = guild.is_none()
        || member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.administrator() || p.manage_guild());
    let nick = member.and_then(|m| m.nick.clone());
    UserRef {
        is_admin,
        id: u.id.to_string(),
        name: nick
            .or_else(|| u.global_name.clone())
            .unwrap_or_else(|| u.name.clone()),
        handle: Some(u.name.clone()),
        lang: (!locale.is_empty()).then(|| locale.to_string()),
    }
}

/// The event for an interaction (its id) from `user` at a [`place`].
fn event(
    id: InteractionId,
    user: UserRef,
    place: (ChatRef, Option<String>),
    input: Input,
) -> Event {
    Event {
        platform: Platform::Discord,
        chat: place.0,
        user,
        input,
        update_id: Some(id.to_string()),
        to_bot: false,
        thread: place.1,
    }
}

/// Where an interaction happened: its channel, or — inside a thread — the
/// thread's parent channel and the thread (the core keeps a game's thread;
/// the chat stays the channel).
pub(super) fn place(
    channel_id: ChannelId,
    guild: Option<GuildId>,
    channel: Option<&PartialChannel>,
) -> (ChatRef, Option<String>) {
    let chat = |id: String, title| ChatRef {
        id,
        title,
        is_private: guild.is_none(),
    };
    let thread = channel.filter(|c| {
        use ChannelType::{NewsThread, PrivateThread, PublicThread};
        matches!(c.kind, PublicThread | PrivateThread | NewsThread)
    });
    match thread.and_then(|c| c.parent_id) {
        // the thread's name is not the channel's
        Some(parent) => (chat(parent.to_string(), None), Some(channel_id.to_string())),
        None => (
            chat(channel_id.to_string(), channel.and_then(|c| c.name.clone())),
            None,
        ),
    }
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
    let user = user_ref(&cmd.user, cmd.member.as_deref(), &cmd.locale, cmd.guild_id);
    let place = place(cmd.channel_id, cmd.guild_id, cmd.channel.as_ref());
    event(cmd.id, user, place, Input::Slash(slash))
}

/// `<@123>` typed into a text option → `@username` (the core's handles).
pub(super) fn resolve_mention(s: &str, cmd: &CommandInteraction) -> OptValue {
    let t = s.trim();
    let tag = t.strip_prefix("<@").and_then(|r| r.strip_suffix('>'));
    if let Some(id) = tag.and_then(|r| r.trim_start_matches('!').parse::<UserId>().ok()) {
        return user_handle(id, cmd);
    }
    OptValue::Text(t.to_string())
}

/// A user by id: their handle (a user Discord did not resolve stays the
/// mention it was, which names nobody the core knows).
pub(super) fn user_handle(id: UserId, cmd: &CommandInteraction) -> OptValue {
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
    let user = user_ref(&c.user, c.member.as_ref(), &c.locale, c.guild_id);
    let place = place(c.channel_id, c.guild_id, c.channel.as_ref());
    Some(event(c.id, user, place, Input::Choice(payload)))
}

impl Discord {
    /// Handle one interaction from the gateway (or a test): a command or
    /// a press goes through the core and its replies through the hub's
    /// deliverer (this adapter its transport); returns once they are
    /// delivered.
    pub async fn on_interaction(&self, interaction: Interaction) {
        // followups are addressed by the application's id
        if self.http.application_id().is_none() {
            self.http.set_application_id(interaction.application_id());
        }
        match interaction {
            Interaction::Command(cmd) => {
                let event = command_event(&cmd);
                let pending = Pending::new(cmd.id, cmd.token, true);
                self.answer(pending, event, None, cmd.guild_id).await;
            }
            Interaction::Component(c) => {
                let Some(event) = component_event(&c) else {
                    return self.nothing_to_answer(c).await;
                };
                let at = Placed {
                    chat: event.chat.id.clone(),
                    thread: event.thread.clone(),
                    message: c.message.id.to_string(),
                    media: false,
                };
                let flags = c.message.flags.unwrap_or_default();
                let ephemeral = flags.contains(MessageFlags::EPHEMERAL);
                let pressed = Pressed {
                    at,
                    editable: true,
                    ephemeral,
                };
                let pending = Pending::new(c.id, c.token, false);
                self.answer(pending, event, Some(pressed), c.guild_id).await;
            }
            Interaction::Autocomplete(cmd) => {
                if let Err(e) = self.autocomplete(&cmd).await {
                    tracing::warn!(error = %e, "discord: answering an interaction failed");
                }
            }
            _ => {}
        }
    }

    /// Suggest the caller's legal moves for `/move text:` (the core's
    /// suggestions for what is typed).
    pub(super) async fn autocomplete(&self, cmd: &CommandInteraction) -> serenity::Result<()> {
        let typed = cmd.data.autocomplete().map(|o| o.value).unwrap_or_default();
        // in a game's thread the chat is the thread's parent channel
        let (chat, _) = place(cmd.channel_id, cmd.guild_id, cmd.channel.as_ref());
        let user = cmd.user.id.to_string();
        let games = self
            .hub
            .moves_to_play(Platform::Discord, chat.id, user)
            .await;
        let games = games.unwrap_or_default();
        let mut resp = CreateAutocompleteResponse::new();
        for value in move_suggestions(&games, typed, limits().autocomplete_max) {
            resp = resp.add_string_choice(value.clone(), value);
        }
        cmd.create_response(&*self.http, CreateInteractionResponse::Autocomplete(resp))
            .await
    }
}
