//! The transport: a reply as Discord's calls (interaction answers,
//! channel messages and their edits, DMs, threads), and what a failed
//! call means.

use super::interaction::pending;
use super::markup::{components, content};
use super::{limits, Discord};
use crate::core::{BoardMode, Platform, Reply, Target};
use crate::runtime::{Caps, Fut, Place, Placed, Press, SendError, Transport};
use serenity::all::{
    ChannelId, ChannelType, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateMessage, CreateThread, EditMessage, MessageId, UserId,
};
use std::time::Duration;

/// A reply in Discord's terms.
pub(super) struct Outgoing {
    pub(super) content: String,
    pub(super) files: Vec<CreateAttachment>,
    pub(super) components: Vec<CreateActionRow>,
    pub(super) mentions: Vec<UserId>,
    pub(super) ephemeral: bool,
}

impl Discord {
    /// A reply in Discord's terms.
    pub(super) fn outgoing(&self, r: &Reply) -> Outgoing {
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
            files.push(CreateAttachment::bytes(text.as_bytes(), name.clone()));
        }
        let mut rows = components(r);
        if let Some(b) = self
            .link_button(r)
            .filter(|_| rows.len() < limits().rows_max)
        {
            rows.push(CreateActionRow::Buttons(vec![b]));
        }
        Outgoing {
            content: content(&r.text, &r.mentions),
            files,
            components: rows,
            mentions: r
                .mentions
                .iter()
                .filter_map(|m| m.platform_user_id.parse().ok())
                .collect(),
            ephemeral: matches!(r.target, Target::User { .. }),
        }
    }

    /// The DM channel with a user (POST /users/@me/channels).
    pub(super) async fn dm_channel(&self, user: &str) -> Option<ChannelId> {
        let id = user.parse::<UserId>().ok()?;
        match id.create_dm_channel(&*self.http).await {
            Ok(c) => Some(c.id),
            Err(e) => {
                tracing::info!(error = %e, user, "discord: no DM channel; private message dropped");
                None
            }
        }
    }

    /// A message in a channel (or a thread, or a DM): a note for one
    /// person carries their mention.
    pub(super) async fn post_message(
        &self,
        to: &Place,
        r: &Reply,
    ) -> Result<Option<Placed>, SendError> {
        let channel = if to.private {
            self.dm_channel(&to.chat)
                .await
                .ok_or(SendError::Forbidden)?
        } else {
            channel_of(&to.chat, to.thread.as_deref())?
        };
        let o = self.outgoing(r);
        let mut content = o.content;
        let mut mentions = o.mentions;
        if let Target::User { user, .. } = &r.target {
            if let Ok(id) = user.parse::<UserId>() {
                if !content.contains(&format!("<@{id}>")) {
                    content = format!("<@{id}> {content}");
                    mentions.push(id);
                }
            }
        }
        let mut allowed = CreateAllowedMentions::new().users(mentions);
        let mut msg = CreateMessage::new()
            .content(content)
            .add_files(o.files)
            .components(o.components);
        let reply_to = to.reply_to.as_deref().map(str::parse::<MessageId>);
        if let Some(Ok(m)) = reply_to {
            msg = msg.reference_message((channel, m));
            allowed = allowed.replied_user(false);
        }
        let msg = msg.allowed_mentions(allowed);
        let m = channel
            .send_message(&*self.http, msg)
            .await
            .map_err(|e| send_error(&e, to.private))?;
        Ok(Some(to.landed(m.id.to_string(), false)))
    }

    /// Edit the placed message `at` (PATCH /channels/{c}/messages/{m}).
    async fn edit_message(&self, at: &Placed, e: EditMessage) -> Result<(), SendError> {
        let channel = channel_of(&at.chat, at.thread.as_deref())?;
        let m = at.message.parse::<MessageId>();
        let m = m.map_err(|_| SendError::Other(format!("not a message id: {}", at.message)))?;
        let edited = channel.edit_message(&*self.http, m, e).await;
        edited.map(drop).map_err(|e| send_error(&e, false))
    }
}

/// The channel a message goes to: its thread, else the chat.
pub(super) fn channel_of(chat: &str, thread: Option<&str>) -> Result<ChannelId, SendError> {
    let id = thread.unwrap_or(chat).parse::<ChannelId>();
    id.map_err(|_| SendError::Other(format!("not a channel id: {chat}")))
}

/// What a failed call means to the deliverer, by Discord's JSON error
/// code and HTTP status when it answered; `private`: the call was for a
/// DM.
pub(super) fn send_error(e: &serenity::Error, private: bool) -> SendError {
    use serenity::all::HttpError;
    let said = match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(res)) => {
            Some((res.error.code, res.status_code.as_u16()))
        }
        _ => None,
    };
    match said {
        Some((_, 429)) => SendError::RateLimited(Duration::from_secs(1)),
        // a user who takes no messages from the bot (50007, or a 403 on a
        // DM)
        Some((50007, _)) => SendError::Forbidden,
        Some((_, 403)) if private => SendError::Forbidden,
        // a thread archived or locked (50083), deleted (10003 Unknown
        // Channel) or closed to the bot (50001 Missing Access)
        Some((50083 | 10003 | 50001, _)) if !private => SendError::ThreadGone,
        _ => SendError::Other(e.to_string()),
    }
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

    /// A placed message edited to `r`: its text and buttons, and with
    /// `media` its picture too (the new attachment in place of the old).
    /// A pending press is answered by updating the pressed message.
    fn edit<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        press: Option<&'a Press>,
        media: bool,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            if let Some(res) = self.update_pressed(press, r, media).await {
                return res;
            }
            let o = self.outgoing(r);
            let mut e = EditMessage::new()
                .content(o.content)
                .components(o.components)
                .allowed_mentions(CreateAllowedMentions::new().users(o.mentions));
            if media {
                for f in o.files {
                    e = e.new_attachment(f);
                }
            }
            self.edit_message(at, e).await
        })
    }

    fn clear_buttons<'a>(&'a self, at: &'a Placed) -> Fut<'a, Result<(), SendError>> {
        Box::pin(self.edit_message(at, EditMessage::new().components(Vec::new())))
    }

    fn answer_press<'a>(
        &'a self,
        press: &'a Press,
        _toast: Option<&'a str>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move { self.close(press).await })
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
