//! The transport: a reply as Telegram's calls (sendMessage, sendPhoto,
//! sendAnimation, sendDocument, the edits, answerCallbackQuery), and what
//! a failed call means.

use crate::config::BoardUpdates;
use crate::core::rich::within;
use crate::core::{BoardMode, Platform, Reply};
use crate::runtime::{CallError, Caps, Fut, Place, Placed, Press, SendError, Transport};
use std::time::Duration;
use teloxide::payloads::{
    AnswerCallbackQuerySetters, EditMessageMediaSetters, EditMessageReplyMarkupSetters,
    EditMessageTextSetters, SendAnimationSetters, SendDocumentSetters, SendMessageSetters,
    SendPhotoSetters,
};
use teloxide::requests::Requester;
use teloxide::types::{
    ChatId, InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, MessageId, ParseMode,
    ReplyParameters, ThreadId,
};
use teloxide::RequestError;

use super::html::{rich, Html, Rich};
use super::pace::Kind;
use super::{limits, Telegram};

impl Telegram {
    /// A text message (HTML within the length limit), with its keyboard,
    /// answering `reply_to` when given; paced per chat.
    pub(super) async fn send_text(
        &self,
        chat: ChatId,
        rich: &Rich,
        keyboard: Option<InlineKeyboardMarkup>,
        reply_to: Option<MessageId>,
        thread: Option<ThreadId>,
    ) -> Result<MessageId, RequestError> {
        let mut req = self
            .bot
            .send_message(chat, rich.html_within(limits().text_max))
            .parse_mode(ParseMode::Html);
        if let Some(t) = thread {
            req = req.message_thread_id(t);
        }
        if let Some(k) = keyboard {
            req = req.reply_markup(k);
        }
        if let Some(m) = reply_to {
            req = req.reply_parameters(ReplyParameters::new(m).allow_sending_without_reply());
        }
        Ok(self.send_call(Some(chat), Kind::Message, req).await?.id)
    }

    /// A call for the deliverer: a 429 comes back to it (it waits in the
    /// chat's queue), a network failure is tried again here.
    pub(super) async fn send_call<R>(
        &self,
        chat: Option<ChatId>,
        kind: Kind,
        req: R,
    ) -> Result<teloxide::requests::Output<R>, RequestError>
    where
        R: teloxide::requests::Request<Err = RequestError>,
    {
        self.pace.call_once(chat, kind, req).await
    }

    /// A reply as a new message (or a photo, an animation, a document);
    /// the message that carries its buttons.
    pub(super) async fn post(&self, to: &Place, r: &Reply) -> Result<Option<Placed>, RequestError> {
        let chat = ChatId(to.chat.parse::<i64>().map_err(|_| {
            RequestError::Api(teloxide::ApiError::Unknown(format!(
                "not a chat id: {}",
                to.chat
            )))
        })?);
        let rich = rich(&r.text, &r.mentions);
        let keyboard = self.markup(r);
        let thread = thread_id(to.thread.as_deref());
        let reply_to = to
            .reply_to
            .as_deref()
            .and_then(|m| m.parse::<i32>().ok())
            .map(MessageId);
        let fits = rich.visible_len() <= limits().caption_max;
        let mut main: Option<(MessageId, bool)> = None;
        if let Some(img) = r.image.as_ref().filter(|i| i.file_name.ends_with(".gif")) {
            // a replay: an animation (a GIF sent as a photo would stand still)
            let file = InputFile::memory(img.bytes().to_vec()).file_name(img.file_name.clone());
            let mut req = self.bot.send_animation(chat, file);
            if let Some(t) = thread {
                req = req.message_thread_id(t);
            }
            if fits {
                req = req.caption(rich.html()).parse_mode(ParseMode::Html);
            }
            main = Some((
                self.send_call(Some(chat), Kind::Message, req).await?.id,
                true,
            ));
        } else if let Some(img) = &r.image {
            let file = InputFile::memory(img.bytes().to_vec()).file_name(img.file_name.clone());
            let mut req = self.bot.send_photo(chat, file).has_spoiler(img.is_hidden());
            if let Some(t) = thread {
                req = req.message_thread_id(t);
            }
            if fits {
                req = req.caption(rich.html()).parse_mode(ParseMode::Html);
                if let Some(k) = keyboard.clone() {
                    req = req.reply_markup(k);
                }
            }
            let sent = self.send_call(Some(chat), Kind::Message, req).await?;
            if let Some(p) = sent.photo().and_then(|sizes| sizes.last()) {
                // for inline mode
                self.photos
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(img.file_name.clone(), p.file.id.0.clone());
            }
            main = Some((sent.id, true));
            if !fits {
                // the caption in a message of its own, with the buttons
                let m = self.send_text(chat, &rich, keyboard, None, thread).await?;
                main = Some((m, false));
            }
        } else if r.document.is_none() {
            let m = self
                .send_text(chat, &rich, keyboard, reply_to, thread)
                .await?;
            main = Some((m, false));
        }
        if let Some((name, text)) = &r.document {
            let file = InputFile::memory(text.clone().into_bytes()).file_name(name.clone());
            let mut req = self.bot.send_document(chat, file);
            if let Some(t) = thread {
                req = req.message_thread_id(t);
            }
            if r.image.is_none() {
                req = req
                    .caption(rich.html_within(limits().caption_max))
                    .parse_mode(ParseMode::Html);
            }
            let sent = self.send_call(Some(chat), Kind::Message, req).await?;
            main = main.or(Some((sent.id, true)));
        }
        Ok(main.map(|(m, media)| to.landed(m.0.to_string(), media)))
    }
}

/// The chat and message of a placed message.
pub(super) fn message_of(at: &Placed) -> Result<(ChatId, MessageId), SendError> {
    let chat = at.chat.parse::<i64>().ok();
    let message = at.message.parse::<i32>().ok();
    match (chat, message) {
        (Some(c), Some(m)) => Ok((ChatId(c), MessageId(m))),
        _ => Err(SendError::Other(format!(
            "not a message: {} {}",
            at.chat, at.message
        ))),
    }
}

impl Transport for Telegram {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    fn caps(&self) -> Caps {
        Caps {
            toasts: true,
            answer_with_message: false,
            edits: true,
            rate_limit_retries: self.opts.retries.after_429,
            boards: match self.opts.board_updates {
                BoardUpdates::Edit => BoardMode::Edit,
                BoardUpdates::New => BoardMode::New,
            },
        }
    }

    fn send<'a>(
        &'a self,
        to: &'a Place,
        r: &'a Reply,
        _press: Option<&'a Press>,
    ) -> Fut<'a, Result<Option<Placed>, SendError>> {
        Box::pin(async move { self.post(to, r).await.map_err(send_error) })
    }

    fn edit<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        _press: Option<&'a Press>,
        media: bool,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let (chat, message) = message_of(at)?;
            let keyboard = self.markup(r).unwrap_or_default();
            let rich = rich(&r.text, &r.mentions);
            let res = if media {
                let Some(img) = r.image.as_ref().filter(|i| !i.file_name.ends_with(".gif")) else {
                    return Err(SendError::Other("no picture to put in place".into()));
                };
                if rich.visible_len() > limits().caption_max {
                    return Err(SendError::Other("the caption is too long".into()));
                }
                let file = InputFile::memory(img.bytes().to_vec()).file_name(img.file_name.clone());
                let mut photo = InputMediaPhoto::new(file)
                    .caption(rich.html())
                    .parse_mode(ParseMode::Html);
                if img.is_hidden() {
                    photo = photo.spoiler();
                }
                let req = self
                    .bot
                    .edit_message_media(chat, message, InputMedia::Photo(photo))
                    .reply_markup(keyboard);
                self.send_call(Some(chat), Kind::Other, req).await.map(drop)
            } else if at.media {
                // a photo's caption stays: its buttons change
                let req = self
                    .bot
                    .edit_message_reply_markup(chat, message)
                    .reply_markup(keyboard);
                self.send_call(Some(chat), Kind::Other, req).await.map(drop)
            } else {
                let req = self
                    .bot
                    .edit_message_text(chat, message, rich.html_within(limits().text_max))
                    .parse_mode(ParseMode::Html)
                    .reply_markup(keyboard);
                self.send_call(Some(chat), Kind::Other, req).await.map(drop)
            };
            res.map_err(send_error)
        })
    }

    fn clear_buttons<'a>(&'a self, at: &'a Placed) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let (chat, message) = message_of(at)?;
            let req = self
                .bot
                .edit_message_reply_markup(chat, message)
                .reply_markup(InlineKeyboardMarkup::default());
            self.send_call(Some(chat), Kind::Other, req)
                .await
                .map(drop)
                .map_err(send_error)
        })
    }

    fn answer_press<'a>(
        &'a self,
        press: &'a Press,
        toast: Option<&'a str>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let Some(id) = press
                .handle
                .downcast_ref::<teloxide::types::CallbackQueryId>()
            else {
                return Err(SendError::Other("not a callback query".into()));
            };
            let mut req = self.bot.answer_callback_query(id.clone());
            if let Some(t) = toast {
                // the presser's own pop-up: nothing to hide behind a spoiler
                req = req.text(within(&crate::core::strip_markup(t), limits().toast_max));
            }
            self.pace
                .call(None, Kind::Other, req)
                .await
                .map(drop)
                .map_err(send_error)
        })
    }
}

/// A forum topic (`message_thread_id`).
pub(super) fn thread_id(thread: Option<&str>) -> Option<ThreadId> {
    let id = thread?.parse::<i32>().ok()?;
    Some(ThreadId(MessageId(id)))
}

/// What a failed call means to the deliverer (the shape is the runtime's,
/// [`SendError::of`]).
pub(super) fn send_error(e: RequestError) -> SendError {
    SendError::of(&Failure(e))
}

/// A failed Bot API call, asked what it means.
pub(super) struct Failure(pub(super) RequestError);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl CallError for Failure {
    fn retry_after(&self) -> Option<Duration> {
        match &self.0 {
            RequestError::RetryAfter(after) => Some(after.duration()),
            _ => None,
        }
    }

    fn not_modified(&self) -> bool {
        matches!(
            self.0,
            RequestError::Api(teloxide::ApiError::MessageNotModified)
        )
    }

    /// Telegram will not take this message, now or later: the user never
    /// started the bot, blocked it, or is gone.
    fn forbidden(&self) -> bool {
        use teloxide::ApiError as A;
        match &self.0 {
            RequestError::Api(
                A::BotBlocked
                | A::CantInitiateConversation
                | A::UserDeactivated
                | A::CantTalkWithBots,
            ) => true,
            RequestError::Api(A::Unknown(s)) => s.starts_with("Forbidden"),
            _ => false,
        }
    }

    fn thread_gone(&self) -> bool {
        is_thread_gone(&self.0)
    }

    /// The network, or an answer that did not parse: the request may
    /// not have arrived.
    fn transient(&self) -> bool {
        matches!(
            self.0,
            RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. }
        )
    }

    /// The Bot API never saw the request: no connection was made, or the
    /// answer is not JSON at all (a proxy's error page). A JSON answer of
    /// another shape is the Bot API's own: the message may have gone out.
    fn unsent(&self) -> bool {
        match &self.0 {
            RequestError::Network(e) => e.is_connect(),
            RequestError::InvalidJson { raw, .. } => {
                serde_json::from_str::<serde_json::Value>(raw).is_err()
            }
            _ => false,
        }
    }
}

/// Telegram refuses the message's forum topic: it was closed or deleted
/// (`TOPIC_CLOSED`, `TOPIC_DELETED`, "message thread not found").
pub(super) fn is_thread_gone(e: &RequestError) -> bool {
    match e {
        RequestError::Api(teloxide::ApiError::Unknown(s)) => {
            let s = s.to_ascii_lowercase();
            s.contains("topic_closed")
                || s.contains("topic_deleted")
                || s.contains("message thread not found")
        }
        _ => false,
    }
}
