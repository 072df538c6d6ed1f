//! Updates → the core's events: who, where, what; the facts the core
//! decides on (an administrator, a reply to the bot), nothing decided.

use crate::core::input::commands::needs_chat_admin;
use crate::core::{ChatRef, Event, Input, Platform, UserRef};
use crate::runtime::{Origin, Placed, Press, Pressed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use teloxide::requests::Requester;
use teloxide::types::{CallbackQuery, MaybeInaccessibleMessage, Message, Update, UpdateKind, User};

use super::pace::Kind;
use super::Telegram;
use crate::runtime::intake::{Handled, Sender};

/// How long a group's administrator list is trusted.
const ADMINS_TTL: Duration = Duration::from_secs(600);

impl Telegram {
    /// Who sent an update and where it goes, if it is one the bot
    /// handles.
    pub(super) fn sender(u: &Update) -> Option<Sender> {
        match &u.kind {
            UpdateKind::Message(m) => {
                let id = match (&m.from, &m.sender_chat) {
                    (_, Some(c)) => c.id.0.to_string(),
                    (Some(f), None) => f.id.0.to_string(),
                    (None, None) => String::new(),
                };
                let human = m.from.as_ref().is_some_and(|f| !f.is_bot);
                Some(Sender {
                    lane: m.chat.id.0.to_string(),
                    id,
                    lang: m.from.as_ref().and_then(|f| f.language_code.clone()),
                    origin: human.then(|| Self::message_origin(m)),
                })
            }
            UpdateKind::CallbackQuery(q) => {
                let (_, origin) = Self::press_origin(q);
                Some(Sender {
                    lane: origin.chat.clone(),
                    id: q.from.id.0.to_string(),
                    lang: q.from.language_code.clone(),
                    origin: Some(origin),
                })
            }
            // no chat: a lane of the person's own
            UpdateKind::InlineQuery(q) => Some(Sender {
                lane: format!("inline:{}", q.from.id.0),
                id: q.from.id.0.to_string(),
                lang: q.from.language_code.clone(),
                origin: None,
            }),
            _ => None,
        }
    }

    /// Where a message came from: its chat, topic and id.
    fn message_origin(m: &Message) -> Origin {
        Origin {
            chat: m.chat.id.0.to_string(),
            thread: Self::topic(m),
            message: Some(m.id.0.to_string()),
            press: None,
        }
    }

    /// Where a press came from: the chat of the pressed message (or, for
    /// a message sent in inline mode, a chat of the presser's own), the
    /// press itself, and that chat as the core knows it.
    fn press_origin(q: &CallbackQuery) -> (Option<ChatRef>, Origin) {
        let thread = match &q.message {
            Some(MaybeInaccessibleMessage::Regular(m)) => Self::topic(m),
            _ => None,
        };
        let (pressed, chat) = match &q.message {
            Some(MaybeInaccessibleMessage::Regular(m)) => (
                Some((m.chat.id, m.id, m.photo().is_some(), true)),
                Some(Self::chat_ref(m)),
            ),
            Some(MaybeInaccessibleMessage::Inaccessible(m)) => (
                Some((m.chat.id, m.message_id, false, false)),
                Some(ChatRef {
                    id: m.chat.id.0.to_string(),
                    title: m.chat.title().map(str::to_string),
                    is_private: m.chat.is_private(),
                }),
            ),
            None => (None, None),
        };
        let origin = Origin {
            chat: chat
                .as_ref()
                .map_or_else(|| format!("user:{}", q.from.id.0), |c| c.id.clone()),
            thread: thread.clone(),
            message: None,
            press: Some(Press {
                handle: Arc::new(q.id.clone()),
                pressed: pressed.map(|(c, m, photo, editable)| Pressed {
                    at: Placed {
                        chat: c.0.to_string(),
                        thread,
                        message: m.0.to_string(),
                        media: photo,
                    },
                    editable,
                    ephemeral: false,
                }),
            }),
        };
        (chat, origin)
    }

    /// Handle one update in its chat's lane; `handled` is done once its
    /// state is stored (before the replies are sent).
    pub(super) async fn on_update(&self, u: Update, handled: Handled) {
        let update_id = u.id.0.to_string();
        match u.kind {
            UpdateKind::Message(m) => self.on_message(m, update_id, handled).await,
            UpdateKind::CallbackQuery(q) => self.on_callback(q, update_id, handled).await,
            UpdateKind::InlineQuery(q) => self.on_inline(q, handled).await,
            _ => handled.done(), // nothing for the bot
        }
    }

    /// Whether `user` administers `chat` (private chats: always), from
    /// getChatAdministrators, cached; unknown (an API error) counts as no.
    pub(super) async fn is_admin(&self, chat: &teloxide::types::Chat, user: &User) -> bool {
        if chat.is_private() {
            return true;
        }
        let fresh = {
            let cache = self.admins.lock().unwrap_or_else(|p| p.into_inner());
            cache
                .get(&chat.id.0)
                .filter(|(at, _)| at.elapsed() < ADMINS_TTL)
                .map(|(_, ids)| ids.contains(&user.id.0))
        };
        if let Some(known) = fresh {
            return known;
        }
        let req = self.bot.get_chat_administrators(chat.id);
        match self.pace.call(Some(chat.id), Kind::Other, req).await {
            Ok(members) => {
                let ids: Vec<u64> = members.iter().map(|m| m.user.id.0).collect();
                let known = ids.contains(&user.id.0);
                self.admins
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(chat.id.0, (Instant::now(), ids));
                known
            }
            Err(e) => {
                tracing::warn!(error = %e, "telegram: getChatAdministrators failed");
                false
            }
        }
    }

    pub(super) fn user_ref(u: &User, is_admin: bool) -> UserRef {
        UserRef {
            is_admin,
            id: u.id.0.to_string(),
            name: u.full_name(),
            handle: u.username.clone(),
            lang: u.language_code.clone(),
        }
    }

    /// The forum topic a message is in (`message_thread_id` of a topic
    /// message; a reply thread in an ordinary group is no topic).
    pub(super) fn topic(m: &Message) -> Option<String> {
        m.thread_id
            .filter(|_| m.is_topic_message)
            .map(|t| t.0 .0.to_string())
    }

    pub(super) fn chat_ref(m: &Message) -> ChatRef {
        let c = &m.chat;
        ChatRef {
            id: c.id.0.to_string(),
            title: c
                .title()
                .or(c.username())
                .map(str::to_string)
                .or_else(|| m.from.as_ref().map(User::full_name)),
            is_private: c.is_private(),
        }
    }

    /// Whether a command is addressed to another bot (`/move@other_bot`).
    pub(super) fn for_other_bot(&self, text: &str) -> bool {
        let head = text.split_whitespace().next().unwrap_or("");
        match head.split_once('@') {
            Some((_, bot)) if head.starts_with('/') => !bot.eq_ignore_ascii_case(&self.me_username),
            _ => false,
        }
    }

    pub(super) async fn on_message(&self, m: Message, update_id: String, handled: Handled) {
        // nothing for the bot: handled as it is
        let Some((from, text)) = m
            .from
            .as_ref()
            .filter(|f| !f.is_bot)
            .zip(m.text())
            .filter(|(_, t)| !self.for_other_bot(t))
        else {
            handled.done();
            return;
        };
        let to_bot = m
            .reply_to_message()
            .and_then(|r| r.from.as_ref())
            .is_some_and(|u| u.id.0 == self.me_id);
        let admin = needs_chat_admin(text) && self.is_admin(&m.chat, from).await;
        let event = Event {
            platform: Platform::Telegram,
            chat: Self::chat_ref(&m),
            user: Self::user_ref(from, admin),
            input: Input::Text(text.to_string()),
            update_id: Some(update_id),
            to_bot,
            thread: Self::topic(&m),
        };
        // a failure comes back as "something went wrong" for the sender
        let out = self.hub.serve(event).await;
        handled.done();
        self.hub
            .answer(out, Platform::Telegram, Self::message_origin(&m));
    }

    pub(super) async fn on_callback(&self, q: CallbackQuery, update_id: String, handled: Handled) {
        let (chat, origin) = Self::press_origin(&q);
        let (Some(data), Some(chat)) = (q.data.clone(), chat) else {
            // nothing for the core: the press is answered all the same
            handled.done();
            self.hub.deliver(Vec::new(), Platform::Telegram, origin);
            return;
        };
        let event = Event {
            platform: Platform::Telegram,
            chat,
            user: Self::user_ref(&q.from, false), // no button changes chat settings
            input: Input::Choice(data),
            update_id: Some(update_id),
            to_bot: false,
            thread: origin.thread.clone(),
        };
        // a failure comes back as "something went wrong": the answer's toast
        let out = self.hub.serve(event).await;
        handled.done();
        self.hub.answer(out, Platform::Telegram, origin);
    }
}
