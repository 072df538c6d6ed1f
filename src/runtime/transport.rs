//! What a platform must do for the deliverer ([`super::deliver`]): a small
//! transport per platform — send a message, edit a message's text or its
//! picture, clear its buttons, answer a press — with typed failures. Every
//! rule of *what* to send *where* (edit or send, the living board, a topic
//! that is gone, a toast, a refused private message, notices merged) is the
//! deliverer's; a transport only renders a [`Reply`] in its platform's terms
//! and makes the call.

use crate::core::{BoardMode, Platform, Reply};
use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// A transport's answer, later.
pub type Fut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why a platform did not take a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// The thread (forum topic) it was for is closed, archived or deleted.
    ThreadGone,
    /// Never, for this chat or person (blocked, never started the bot,
    /// not a member).
    Forbidden,
    /// An edit that changes nothing.
    NotModified,
    /// Too many requests: try again after this long.
    RateLimited(Duration),
    /// Anything else (a message that cannot be edited, the network, after
    /// the transport's own tries).
    Other(String),
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendError::ThreadGone => f.write_str("the thread is gone"),
            SendError::Forbidden => f.write_str("forbidden"),
            SendError::NotModified => f.write_str("not modified"),
            SendError::RateLimited(d) => write!(f, "rate limited for {d:?}"),
            SendError::Other(s) => f.write_str(s),
        }
    }
}

/// A platform's failed call, asked what it means: a transport answers
/// for its own error type (its codes and words); [`SendError::of`] makes
/// the one [`SendError`] of the answers, and [`super::pace::Pace::call`]
/// asks it whether to try again (Telegram's; Discord, whose calls
/// serenity makes, reads its errors straight into a [`SendError`]).
pub trait CallError: std::fmt::Display {
    /// Too many requests: try again after this long.
    fn retry_after(&self) -> Option<Duration>;
    /// An edit that changes nothing.
    fn not_modified(&self) -> bool;
    /// Refused for good for this chat or person.
    fn forbidden(&self) -> bool;
    /// The thread (topic) the message was for is gone.
    fn thread_gone(&self) -> bool;
    /// The call may not have reached the platform (the network, an answer
    /// that did not parse): sending it again may help (see
    /// [`super::pace::Pace::call`]).
    fn transient(&self) -> bool {
        false
    }
    /// The call surely never reached the platform (no connection was
    /// made): a new message may be sent again without showing twice.
    fn unsent(&self) -> bool {
        false
    }
}

impl SendError {
    /// What a failed call means to the deliverer: a rate limit first (it
    /// passes), then an edit that changed nothing, a refusal for good, a
    /// thread that is gone; anything else with the platform's words.
    pub fn of(e: &impl CallError) -> SendError {
        if let Some(after) = e.retry_after() {
            SendError::RateLimited(after)
        } else if e.not_modified() {
            SendError::NotModified
        } else if e.forbidden() {
            SendError::Forbidden
        } else if e.thread_gone() {
            SendError::ThreadGone
        } else {
            SendError::Other(e.to_string())
        }
    }
}

/// A message the bot placed (or was pressed): platform ids as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub chat: String,
    /// The thread it is in (a forum topic, a Discord thread).
    pub thread: Option<String>,
    pub message: String,
    /// A picture with a caption (Telegram can change only its buttons in
    /// place, not its text).
    pub media: bool,
}

impl From<crate::store::PlacedRow> for Placed {
    fn from(p: crate::store::PlacedRow) -> Placed {
        Placed {
            chat: p.chat,
            thread: p.thread,
            message: p.message,
            media: p.media,
        }
    }
}

impl From<Placed> for crate::store::PlacedRow {
    fn from(p: Placed) -> crate::store::PlacedRow {
        crate::store::PlacedRow {
            chat: p.chat,
            thread: p.thread,
            message: p.message,
            media: p.media,
        }
    }
}

/// Where a new message goes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Place {
    /// The chat (for a private message: the person's platform id).
    pub chat: String,
    /// Its thread (a forum topic, a Discord thread); `None`: the chat.
    pub thread: Option<String>,
    /// A private message to the person `chat` (a Discord DM).
    pub private: bool,
    /// The message this one answers.
    pub reply_to: Option<String>,
    /// Where it lands is kept (a living board, a live message): the
    /// transport must say (some platforms need a call to find out).
    pub keep: bool,
}

impl Place {
    /// Where a message sent here landed: `message`, a picture with a
    /// caption or not (`media`).
    pub fn landed(&self, message: String, media: bool) -> Placed {
        Placed {
            chat: self.chat.clone(),
            thread: self.thread.clone(),
            message,
            media,
        }
    }
}

/// The message whose button a press came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pressed {
    pub at: Placed,
    /// The platform still lets the bot edit it.
    pub editable: bool,
    /// Only the presser sees it (a Discord ephemeral message).
    pub ephemeral: bool,
}

/// A press (a button, a menu, a Discord command) being answered, in memory
/// only: after a restart there is none, and its replies are sent as
/// messages of their own.
#[derive(Clone)]
pub struct Press {
    /// The platform's handle of it (a callback query id, an interaction),
    /// for its transport alone.
    pub handle: Arc<dyn Any + Send + Sync>,
    pub pressed: Option<Pressed>,
}

impl std::fmt::Debug for Press {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Press")
            .field("pressed", &self.pressed)
            .finish()
    }
}

/// Where the replies of an update come from: its chat and thread, the
/// person's message, the press being answered.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub chat: String,
    pub thread: Option<String>,
    /// The person's message (a note for them answers it).
    pub message: Option<String>,
    pub press: Option<Press>,
}

/// How a platform answers, for the rules that differ by platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// A press is answered apart from any message, with an optional short
    /// toast for the presser (Telegram's answerCallbackQuery).
    pub toasts: bool,
    /// A press or command is answered with a message of its own (a Discord
    /// interaction's response and followups): its replies are sent there,
    /// not edited into other messages.
    pub answer_with_message: bool,
    /// Messages can be edited (a living board, a live message, the pressed
    /// message); without, every reply is a message of its own.
    pub edits: bool,
    /// How many times a rate limit is waited out for one message.
    pub rate_limit_retries: u32,
    /// How a game's boards are kept where the chat has not chosen
    /// (`/settings boards`).
    pub boards: BoardMode,
}

/// A platform's transport: renders a [`Reply`] and makes one call.
pub trait Transport: Send + Sync + 'static {
    fn platform(&self) -> Platform;

    fn caps(&self) -> Caps;

    /// Send `r` to `to`, answering `press` if given and the platform answers
    /// presses with messages. Where it landed (when `to.keep`, or known
    /// anyway; `None` when not known).
    fn send<'a>(
        &'a self,
        to: &'a Place,
        r: &'a Reply,
        press: Option<&'a Press>,
    ) -> Fut<'a, Result<Option<Placed>, SendError>>;

    /// Change the text and buttons of `at` into `r`'s (a picture keeps its
    /// picture; where only its buttons can change, those); with `media`,
    /// into `r` with its picture too (a board edited in place).
    fn edit<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        press: Option<&'a Press>,
        media: bool,
    ) -> Fut<'a, Result<(), SendError>>;

    /// Take the buttons off `at`.
    fn clear_buttons<'a>(&'a self, at: &'a Placed) -> Fut<'a, Result<(), SendError>>;

    /// Answer `press` with nothing to show but `toast` (a short note for
    /// the presser, where the platform has toasts).
    fn answer_press<'a>(
        &'a self,
        press: &'a Press,
        toast: Option<&'a str>,
    ) -> Fut<'a, Result<(), SendError>>;

    /// Open a thread named `name` in `chat` for a game; its id (`None`: the
    /// platform has none, or refused).
    fn open_thread<'a>(&'a self, chat: &'a str, name: &'a str) -> Fut<'a, Option<String>> {
        let _ = (chat, name);
        Box::pin(async { None })
    }
}

/// Replies handed over as they are, in order (the console, tests): no
/// edits, no toasts; every reply is "sent" when it is on the channel.
pub struct ChannelTransport {
    pub platform: Platform,
    pub tx: mpsc::UnboundedSender<Reply>,
}

impl Transport for ChannelTransport {
    fn platform(&self) -> Platform {
        self.platform
    }

    fn caps(&self) -> Caps {
        Caps {
            toasts: false,
            answer_with_message: false,
            edits: false,
            rate_limit_retries: 0,
            boards: BoardMode::New,
        }
    }

    fn send<'a>(
        &'a self,
        _to: &'a Place,
        r: &'a Reply,
        _press: Option<&'a Press>,
    ) -> Fut<'a, Result<Option<Placed>, SendError>> {
        let res = self
            .tx
            .send(r.clone())
            .map(|_| None)
            .map_err(|_| SendError::Other("the receiver is gone".into()));
        Box::pin(async move { res })
    }

    fn edit<'a>(
        &'a self,
        _at: &'a Placed,
        _r: &'a Reply,
        _press: Option<&'a Press>,
        _media: bool,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async { Err(SendError::Other("no edits".into())) })
    }

    fn clear_buttons<'a>(&'a self, _at: &'a Placed) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async { Ok(()) })
    }

    fn answer_press<'a>(
        &'a self,
        _press: &'a Press,
        _toast: Option<&'a str>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A platform error that answers every question as told.
    struct Said {
        retry: Option<Duration>,
        not_modified: bool,
        forbidden: bool,
        thread_gone: bool,
    }

    impl std::fmt::Display for Said {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Bad Request: something")
        }
    }

    impl CallError for Said {
        fn retry_after(&self) -> Option<Duration> {
            self.retry
        }
        fn not_modified(&self) -> bool {
            self.not_modified
        }
        fn forbidden(&self) -> bool {
            self.forbidden
        }
        fn thread_gone(&self) -> bool {
            self.thread_gone
        }
    }

    #[test]
    fn a_platform_error_means_one_send_error_the_same_way_everywhere() {
        let said = |retry, not_modified, forbidden, thread_gone| Said {
            retry,
            not_modified,
            forbidden,
            thread_gone,
        };
        let s = Duration::from_secs(3);
        // each alone
        assert_eq!(
            SendError::of(&said(Some(s), false, false, false)),
            SendError::RateLimited(s)
        );
        assert_eq!(
            SendError::of(&said(None, true, false, false)),
            SendError::NotModified
        );
        assert_eq!(
            SendError::of(&said(None, false, true, false)),
            SendError::Forbidden
        );
        assert_eq!(
            SendError::of(&said(None, false, false, true)),
            SendError::ThreadGone
        );
        assert_eq!(
            SendError::of(&said(None, false, false, false)),
            SendError::Other("Bad Request: something".into())
        );
        // a rate limit passes, so it is said first; a refusal for good
        // before a thread (a private message has none to fall back from)
        assert_eq!(
            SendError::of(&said(Some(s), true, true, true)),
            SendError::RateLimited(s)
        );
        assert_eq!(
            SendError::of(&said(None, false, true, true)),
            SendError::Forbidden
        );
    }
}
