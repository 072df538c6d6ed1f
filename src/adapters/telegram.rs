//! Telegram: long polling (getUpdates) with teloxide on rustls. Translates
//! messages and button presses into core events, and is the platform's
//! transport for the hub's deliverer: sendMessage / sendPhoto /
//! sendAnimation / sendDocument, editMessageText / editMessageMedia /
//! editMessageReplyMarkup, answerCallbackQuery — the rules of what goes
//! where are the deliverer's (`runtime::deliver`).
//!
//! - Each update is handled in its chat's lane on the hub: one chat's
//!   updates one at a time, its members in turn (each member's in order),
//!   different chats side by side; a member's flood is shed past their
//!   quota (and the chat's past its bound), and they are told to slow down
//!   once a minute at most (the press's answer, or a reply to their
//!   message).
//!
//! - Calls are paced per chat (`pace`: Telegram's rate limits; network
//!   failures are tried again with backoff); a 429 comes back to the
//!   deliverer, which waits in that chat's queue alone.
//! - The getUpdates offset moves past an update once it is handled (or
//!   dropped), so a crash before that gets it again (stored updates are
//!   recognised and skipped); its replies are in the outbox by then.
//! - Text is Telegram HTML built with teloxide's helpers (`html`); a
//!   caption too long for a photo goes in a message of its own under it.
//! - Commands work everywhere (privacy mode on is fine); bare text counts as
//!   a move in private chats and in replies to the bot's messages.
//! - The menus are registered with setMyCommands in every language of the
//!   catalogue, per scope: every chat, private chats, groups' members,
//!   groups' administrators (descriptions from the catalogue).
//! - Inline mode (`@bot` in any chat): the core's cards, a puzzle's board
//!   by the file id Telegram gave the photo when the bot sent it.

use crate::config::{BoardUpdates, Secret, TelegramConfig};
use crate::core::i18n::{Catalog, Lang};
use crate::core::input::commands::needs_chat_admin;
use crate::core::input::spec::{menu, menu_desc, MenuScope};
use crate::core::{
    BoardMode, ChatRef, Event, Input, LinkTo, Platform, PlatformLimits, Reply, UserRef,
};
use crate::runtime::{Caps, Fut, Hub, Origin, Place, Placed, Press, Pressed, SendError, Transport};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use teloxide::adaptors::throttle::Limits;
use teloxide::payloads::{
    AnswerCallbackQuerySetters, AnswerInlineQuerySetters, EditMessageMediaSetters,
    EditMessageReplyMarkupSetters, EditMessageTextSetters, GetUpdatesSetters, SendAnimationSetters,
    SendDocumentSetters, SendMessageSetters, SendPhotoSetters, SetMyCommandsSetters,
};
use teloxide::requests::Requester;
use teloxide::types::{
    AllowedUpdate, BotCommand, BotCommandScope, CallbackQuery, ChatId, FileId,
    InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResult, InlineQueryResultArticle,
    InlineQueryResultCachedPhoto, InputFile, InputMedia, InputMediaPhoto, InputMessageContent,
    InputMessageContentText, MaybeInaccessibleMessage, Message, MessageId, ParseMode,
    ReplyParameters, ThreadId, Update, UpdateKind, User,
};
use teloxide::{Bot, RequestError};
use tokio::sync::Notify;

mod html;
mod pace;

pub use html::{to_html, Rich};
use pace::{Kind, Pace};

/// What Telegram accepts (caption and message lengths, buttons a row,
/// callback data bytes, the callback answer's length).
fn limits() -> &'static PlatformLimits {
    Platform::Telegram.limits()
}

type TgBot = Bot;

/// Settings of the Telegram adapter.
#[derive(Debug, Clone)]
pub struct TelegramOptions {
    pub api_url: String,
    pub board_updates: BoardUpdates,
    pub poll_timeout: Duration,
    pub set_commands: bool,
    /// Rate limits, kept per chat (Telegram's by default).
    pub limits: Limits,
    /// How often a failed call is tried again.
    pub retries: pace::Retries,
}

impl TelegramOptions {
    pub fn from_config(c: &TelegramConfig) -> TelegramOptions {
        TelegramOptions {
            api_url: c.api_url.clone(),
            board_updates: c.board_updates,
            poll_timeout: Duration::from_secs(u64::from(c.poll_timeout_secs.clamp(0, 50))),
            set_commands: c.set_commands,
            limits: Limits::default(),
            retries: pace::Retries {
                after_429: c.retries_after_429,
                network: c.network_retries,
            },
        }
    }
}

/// The adapter's state.
struct Telegram {
    bot: TgBot,
    hub: Hub,
    me_id: u64,
    me_username: String,
    opts: TelegramOptions,
    /// chat id → (when asked, its administrators), asked again after
    /// [`ADMINS_TTL`].
    admins: Mutex<HashMap<i64, (Instant, Vec<u64>)>>,
    /// Each chat's pace and 429 freezes.
    pace: Pace,
    /// The updates taken and not yet handled: what getUpdates confirms.
    offsets: Mutex<Offsets>,
    /// An update was handled (the offset may move on).
    handled: Notify,
    /// Photo file ids by the file name they were sent under (a puzzle's
    /// start board, `board-puzzle-7.png`): inline mode shows them again.
    photos: Mutex<HashMap<String, String>>,
}

/// How many updates past one still being handled may come in before the
/// offset moves past it anyway (getUpdates returns 100 at most).
const HOLD_IDS: i32 = 50;
/// How long an update not yet handled holds the offset back.
const HOLD_FOR: Duration = Duration::from_secs(20);

/// The getUpdates offset: updates are taken in order, handled in their
/// chats' lanes, and confirmed once handled — an update still waiting in a
/// slow chat's lane holds the offset back (within [`HOLD_IDS`] and
/// [`HOLD_FOR`]), so a crash does not lose it. The offset never goes back.
#[derive(Debug, Default)]
struct Offsets {
    /// The last offset asked for.
    confirmed: i32,
    /// One past the highest update taken.
    next: i32,
    /// Updates taken and not yet handled, with when they were taken.
    pending: BTreeMap<i32, Instant>,
}

impl Offsets {
    /// Take update `id`, unless it was taken before (a batch that repeats
    /// updates still being handled).
    fn take(&mut self, id: i32, now: Instant) -> bool {
        if id < self.next || id < self.confirmed {
            return false;
        }
        self.next = id + 1;
        self.pending.insert(id, now);
        true
    }

    fn done(&mut self, id: i32) {
        self.pending.remove(&id);
    }

    /// The offset to ask with.
    fn offset(&mut self, now: Instant) -> i32 {
        let held = self
            .pending
            .iter()
            .find(|(id, at)| self.next - **id <= HOLD_IDS && now.duration_since(**at) < HOLD_FOR)
            .map(|(id, _)| *id);
        self.confirmed = held.unwrap_or(self.next).max(self.confirmed);
        self.confirmed
    }

    /// Whether the offset is held back by an update still being handled.
    fn holding(&self) -> bool {
        self.confirmed < self.next
    }
}

/// Marks an update handled when dropped (also when its work panics).
struct Handled {
    tg: Arc<Telegram>,
    id: i32,
}

impl Drop for Handled {
    fn drop(&mut self) {
        self.tg
            .offsets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .done(self.id);
        self.tg.handled.notify_one();
    }
}

/// How long a group's administrator list is trusted.
const ADMINS_TTL: Duration = Duration::from_secs(600);

/// Who sent an update (their queue in the chat's lane) and how to tell
/// them it was dropped.
struct Sender {
    /// Their Telegram id (a channel's, for a post in its name).
    id: String,
    lang: Option<String>,
    reach: Reach,
}

/// How a note about a dropped update reaches its sender.
enum Reach {
    /// The answer to their press.
    Press(teloxide::types::CallbackQueryId),
    /// A reply to their message.
    Message {
        chat: ChatId,
        message: MessageId,
        thread: Option<ThreadId>,
    },
    /// Not at all (an inline query; a bot).
    Nowhere,
}

impl Sender {
    fn of(u: &Update) -> Sender {
        match &u.kind {
            UpdateKind::Message(m) => {
                let id = match (&m.from, &m.sender_chat) {
                    (_, Some(c)) => c.id.0.to_string(),
                    (Some(f), None) => f.id.0.to_string(),
                    (None, None) => String::new(),
                };
                let human = m.from.as_ref().is_some_and(|f| !f.is_bot);
                Sender {
                    id,
                    lang: m.from.as_ref().and_then(|f| f.language_code.clone()),
                    reach: if human {
                        Reach::Message {
                            chat: m.chat.id,
                            message: m.id,
                            thread: m.thread_id.filter(|_| m.is_topic_message),
                        }
                    } else {
                        Reach::Nowhere
                    },
                }
            }
            UpdateKind::CallbackQuery(q) => Sender {
                id: q.from.id.0.to_string(),
                lang: q.from.language_code.clone(),
                reach: Reach::Press(q.id.clone()),
            },
            UpdateKind::InlineQuery(q) => Sender {
                id: q.from.id.0.to_string(),
                lang: q.from.language_code.clone(),
                reach: Reach::Nowhere,
            },
            _ => Sender {
                id: String::new(),
                lang: None,
                reach: Reach::Nowhere,
            },
        }
    }
}

/// Run the Telegram adapter until the hub shuts down; it is the hub's
/// transport for Telegram from when it is connected.
pub async fn run(hub: Hub, token: Secret, opts: TelegramOptions) -> anyhow::Result<()> {
    let url = url::Url::parse(&opts.api_url)
        .map_err(|e| anyhow::anyhow!("telegram.api_url {:?}: {e}", opts.api_url))?;
    let client = teloxide::net::default_reqwest_settings()
        .timeout(opts.poll_timeout + Duration::from_secs(15))
        .build()
        .map_err(|e| anyhow::anyhow!("HTTP client: {e}"))?;
    let bot = Bot::with_client(token.expose(), client).set_api_url(url);
    // the network may come up after the bot: retry getMe for a while, but a
    // rejected token is final
    let mut wait = Duration::from_secs(1);
    let me = loop {
        match bot.get_me().await {
            Ok(me) => break me,
            Err(RequestError::Api(teloxide::ApiError::InvalidToken)) => {
                anyhow::bail!("the token was rejected (getMe: Unauthorized)")
            }
            Err(e) if wait < Duration::from_secs(20) && !hub.is_shutting_down() => {
                tracing::warn!(error = %e, "telegram: getMe failed; retrying");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            Err(e) => return Err(e.into()),
        }
    };
    tracing::info!(username = %me.user.username.as_deref().unwrap_or("?"), "telegram: connected");
    let opts_limits = opts.limits;
    let opts_retries = opts.retries;
    let tg = Arc::new(Telegram {
        bot,
        hub,
        me_id: me.user.id.0,
        me_username: me.user.username.clone().unwrap_or_default(),
        opts,
        admins: Mutex::default(),
        pace: Pace::new(opts_limits, opts_retries),
        offsets: Mutex::default(),
        handled: Notify::new(),
        photos: Mutex::default(),
    });
    tg.hub.set_transport(Arc::clone(&tg) as Arc<dyn Transport>);
    if tg.opts.set_commands {
        if let Err(e) = tg.set_commands().await {
            tracing::warn!(error = %e, "telegram: setMyCommands failed");
        }
    }
    Arc::clone(&tg).poll_loop().await
}

impl Telegram {
    /// setMyCommands, from the command table: one menu per language and
    /// scope (every chat; private chats without the group-only commands;
    /// groups' members without the private and the admin ones; groups'
    /// administrators with the admin commands and the organiser's
    /// descriptions). The default (English) list, and one for each other
    /// language (Telegram shows it to users of that language).
    async fn set_commands(&self) -> Result<(), RequestError> {
        let catalog = Catalog::new();
        let scopes = [
            (MenuScope::Default, BotCommandScope::Default),
            (MenuScope::PrivateChats, BotCommandScope::AllPrivateChats),
            (MenuScope::Groups, BotCommandScope::AllGroupChats),
            (
                MenuScope::GroupAdmins,
                BotCommandScope::AllChatAdministrators,
            ),
        ];
        for (shown, scope) in scopes {
            for lang in Lang::ALL {
                let list: Vec<BotCommand> = menu(shown)
                    .map(|c| BotCommand::new(c.name, catalog.get(lang, menu_desc(shown, c), None)))
                    .collect();
                let req = self.bot.set_my_commands(list).scope(scope.clone());
                match lang {
                    Lang::En => req.await?,
                    Lang::Ru | Lang::Lv | Lang::De | Lang::Fr => {
                        req.language_code(lang.code()).await?
                    }
                };
            }
        }
        Ok(())
    }

    /// getUpdates until shutdown. Each new update goes to its chat's lane
    /// at once (a chat with too many waiting drops it); the offset confirms
    /// the updates handled (see [`Offsets`]).
    async fn poll_loop(self: Arc<Self>) -> anyhow::Result<()> {
        let mut stop = self.hub.shutdown();
        let mut backoff = Duration::from_millis(500);
        let timeout = self.opts.poll_timeout.as_secs() as u32;
        loop {
            if *stop.borrow() {
                return Ok(());
            }
            let (offset, holding) = {
                let mut o = self.offsets.lock().unwrap_or_else(|p| p.into_inner());
                let offset = o.offset(Instant::now());
                (offset, o.holding())
            };
            // while an update is being handled below the offset, Telegram
            // returns it at once: ask without waiting, and pace the asking
            let req = self
                .bot
                .get_updates()
                .offset(offset)
                .timeout(if holding { 0 } else { timeout })
                .allowed_updates(vec![
                    AllowedUpdate::Message,
                    AllowedUpdate::CallbackQuery,
                    AllowedUpdate::InlineQuery,
                ]);
            let updates = tokio::select! {
                r = req => r,
                _ = crate::runtime::stopped(&mut stop) => return Ok(()),
            };
            let updates = match updates {
                Ok(u) => {
                    backoff = Duration::from_millis(500);
                    // /healthz (issue 22): polling works
                    self.hub.set_connected(Platform::Telegram, true);
                    u
                }
                Err(RequestError::Api(teloxide::ApiError::InvalidToken)) => {
                    anyhow::bail!("the token was rejected");
                }
                Err(e) => {
                    tracing::warn!(error = %e, "telegram: getUpdates failed; retrying");
                    self.hub.set_connected(Platform::Telegram, false);
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = crate::runtime::stopped(&mut stop) => return Ok(()),
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(30));
                    continue;
                }
            };
            let mut fresh = 0;
            for u in updates {
                let id = u.id.0 as i32;
                let taken = self
                    .offsets
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .take(id, Instant::now());
                if taken {
                    fresh += 1;
                    self.dispatch(u, id);
                }
            }
            if fresh == 0 && holding {
                // only updates still being handled came back: wait for one
                // to be done, or a moment
                tokio::select! {
                    _ = self.handled.notified() => {}
                    _ = tokio::time::sleep(Duration::from_millis(200)) => {}
                    _ = crate::runtime::stopped(&mut stop) => return Ok(()),
                }
            }
        }
    }

    /// The lane (chat) of an update, if it is one the bot handles.
    fn lane_of(u: &Update) -> Option<String> {
        match &u.kind {
            UpdateKind::Message(m) => Some(m.chat.id.0.to_string()),
            UpdateKind::CallbackQuery(q) => Some(match &q.message {
                Some(MaybeInaccessibleMessage::Regular(m)) => m.chat.id.0.to_string(),
                Some(MaybeInaccessibleMessage::Inaccessible(m)) => m.chat.id.0.to_string(),
                None => format!("user:{}", q.from.id.0),
            }),
            // no chat: a lane of the person's own
            UpdateKind::InlineQuery(q) => Some(format!("inline:{}", q.from.id.0)),
            _ => None,
        }
    }

    /// Queue an update on its chat's lane, in the queue of its sender. A
    /// dropped update (the sender's quota or rate, or the chat's bound) is
    /// answered once a window: the answer to a press, or a short reply to
    /// a message (the hub counts and logs every drop).
    fn dispatch(self: &Arc<Self>, u: Update, id: i32) {
        let handled = Handled {
            tg: Arc::clone(self),
            id,
        };
        let Some(chat) = Self::lane_of(&u) else {
            return; // nothing for us: handled
        };
        let sender = Sender::of(&u);
        let tg = Arc::clone(self);
        let work = async move { tg.on_update(u, handled).await };
        if let Err(shed) = self.hub.queue_update(
            Platform::Telegram,
            &chat,
            &sender.id,
            format!("update {id}"),
            work,
        ) {
            // the work (and its Handled) is dropped: the offset moves on
            if shed.notify {
                self.tell_dropped(&shed, sender);
            }
        }
    }

    /// Tell the sender of a dropped update to slow down (or that the chat
    /// is too busy), outside the chat's lane: it is full.
    fn tell_dropped(self: &Arc<Self>, shed: &crate::runtime::Shed, sender: Sender) {
        let text = self.hub.shed_notice(shed, sender.lang.as_deref());
        let busy = self.hub.tracker().enter();
        let tg = Arc::clone(self);
        match sender.reach {
            Reach::Press(query) => {
                tokio::spawn(async move {
                    let _busy = busy;
                    let req = tg
                        .bot
                        .answer_callback_query(query)
                        .text(truncate(&text, limits().toast_max));
                    if let Err(e) = tg.pace.call(None, Kind::Other, req).await {
                        tracing::warn!(error = %e, "telegram: answerCallbackQuery failed");
                    }
                });
            }
            Reach::Message {
                chat,
                message,
                thread,
            } => {
                tokio::spawn(async move {
                    let _busy = busy;
                    let rich = Rich::new(&text, &[]);
                    if let Err(e) = tg.send_text(chat, &rich, None, Some(message), thread).await {
                        tracing::warn!(error = %e, chat = chat.0, "telegram: telling a sender to slow down failed");
                    }
                });
            }
            Reach::Nowhere => {}
        }
    }

    /// Handle one update in its chat's lane; `handled` is dropped once its
    /// state is stored (before the replies are sent).
    async fn on_update(&self, u: Update, handled: Handled) {
        let update_id = u.id.0.to_string();
        match u.kind {
            UpdateKind::Message(m) => self.on_message(m, update_id, handled).await,
            UpdateKind::CallbackQuery(q) => self.on_callback(q, update_id, handled).await,
            UpdateKind::InlineQuery(q) => self.on_inline(q, handled).await,
            _ => {}
        }
    }

    /// `@bot` typed in any chat: the core's cards as answerInlineQuery
    /// results — a photo the bot sent before under the card's picture name
    /// (InlineQueryResultCachedPhoto), else an article; each with its
    /// button that opens the bot (`t.me/<bot>?start=…`). Nothing is stored.
    async fn on_inline(&self, q: teloxide::types::InlineQuery, handled: Handled) {
        drop(handled);
        let offers = self
            .hub
            .inline_offers(q.from.full_name(), q.from.language_code.clone())
            .await;
        let results: Vec<InlineQueryResult> =
            offers.iter().map(|o| self.inline_result(o)).collect();
        let req = self
            .bot
            .answer_inline_query(q.id.clone(), results)
            .cache_time(60)
            .is_personal(true);
        if let Err(e) = self.pace.call(None, Kind::Other, req).await {
            tracing::warn!(error = %e, "telegram: answerInlineQuery failed");
        }
    }

    fn inline_result(&self, o: &crate::core::Offer) -> InlineQueryResult {
        let markup = o.button.as_ref().and_then(|(label, start)| {
            let url = deep_link(&self.me_username, start)?;
            Some(InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
                label.clone(),
                url,
            )]]))
        });
        let html = Rich::new(&o.text, &[]);
        let photo = o.image.as_ref().and_then(|name| {
            self.photos
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(name)
                .cloned()
        });
        if let Some(file_id) = photo {
            let mut r = InlineQueryResultCachedPhoto::new(o.id.clone(), FileId(file_id))
                .title(o.title.clone())
                .description(o.description.clone())
                .caption(html.html_within(limits().caption_max))
                .parse_mode(ParseMode::Html);
            if let Some(m) = markup {
                r = r.reply_markup(m);
            }
            return InlineQueryResult::CachedPhoto(r);
        }
        let text = InputMessageContentText::new(html.html_within(limits().text_max))
            .parse_mode(ParseMode::Html);
        let mut r = InlineQueryResultArticle::new(
            o.id.clone(),
            o.title.clone(),
            InputMessageContent::Text(text),
        )
        .description(o.description.clone());
        if let Some(m) = markup {
            r = r.reply_markup(m);
        }
        InlineQueryResult::Article(r)
    }

    /// Whether `user` administers `chat` (private chats: always), from
    /// getChatAdministrators, cached; unknown (an API error) counts as no.
    async fn is_admin(&self, chat: &teloxide::types::Chat, user: &User) -> bool {
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

    fn user_ref(u: &User, is_admin: bool) -> UserRef {
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
    fn topic(m: &Message) -> Option<String> {
        m.thread_id
            .filter(|_| m.is_topic_message)
            .map(|t| t.0 .0.to_string())
    }

    fn chat_ref(m: &Message) -> ChatRef {
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
    fn for_other_bot(&self, text: &str) -> bool {
        let head = text.split_whitespace().next().unwrap_or("");
        match head.split_once('@') {
            Some((_, bot)) if head.starts_with('/') => !bot.eq_ignore_ascii_case(&self.me_username),
            _ => false,
        }
    }

    async fn on_message(&self, m: Message, update_id: String, handled: Handled) {
        let Some(from) = m.from.as_ref() else { return };
        if from.is_bot {
            return;
        }
        let Some(text) = m.text() else { return };
        if self.for_other_bot(text) {
            return;
        }
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
            bare_moves: m.chat.is_private() || to_bot,
            thread: Self::topic(&m),
        };
        let origin = Origin {
            chat: m.chat.id.0.to_string(),
            thread: Self::topic(&m),
            message: Some(m.id.0.to_string()),
            press: None,
        };
        // a failure comes back as "something went wrong" for the sender
        let out = self.hub.serve(event).await;
        drop(handled);
        self.hub.answer(out, Platform::Telegram, origin);
    }

    async fn on_callback(&self, q: CallbackQuery, update_id: String, handled: Handled) {
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
        let (Some(data), Some(chat)) = (q.data.clone(), chat) else {
            // nothing for the core: answered all the same
            let req = self.bot.answer_callback_query(q.id.clone());
            if let Err(e) = self.pace.call(None, Kind::Other, req).await {
                tracing::warn!(error = %e, "telegram: answerCallbackQuery failed");
            }
            return;
        };
        let origin = Origin {
            chat: chat.id.clone(),
            thread: thread.clone(),
            message: None,
            press: Some(Press {
                handle: Arc::new(q.id.clone()),
                pressed: pressed.map(|(c, m, photo, editable)| Pressed {
                    at: Placed {
                        chat: c.0.to_string(),
                        thread: thread.clone(),
                        message: m.0.to_string(),
                        media: photo,
                    },
                    editable,
                    ephemeral: false,
                }),
            }),
        };
        let event = Event {
            platform: Platform::Telegram,
            chat,
            user: Self::user_ref(&q.from, false), // no button changes chat settings
            input: Input::Choice(data),
            update_id: Some(update_id),
            bare_moves: false,
            thread,
        };
        // a failure comes back as "something went wrong": the answer's toast
        let out = self.hub.serve(event).await;
        drop(handled);
        self.hub.answer(out, Platform::Telegram, origin);
    }

    /// The reply's buttons, its link button (addresses on t.me with the
    /// bot's name) in a row of its own, and its share button.
    fn markup(&self, r: &Reply) -> Option<InlineKeyboardMarkup> {
        let link = r.link.as_ref().and_then(|l| {
            let start = match &l.to {
                LinkTo::Game { game, .. } => format!("game-{game}"),
                LinkTo::Start(payload) => payload.clone(),
            };
            let url = deep_link(&self.me_username, &start)?;
            Some(InlineKeyboardButton::url(l.label.clone(), url))
        });
        let mut k = keyboard(&r.choices);
        if let Some(b) = link {
            k = Some(k.unwrap_or_default().append_row(vec![b]));
        }
        with_share(k, r.share.as_ref(), &self.me_username)
    }

    /// A text message (HTML within the length limit), with its keyboard,
    /// answering `reply_to` when given; paced per chat.
    async fn send_text(
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
    async fn send_call<R>(
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
    async fn post(&self, to: &Place, r: &Reply) -> Result<Option<Placed>, RequestError> {
        let chat = ChatId(to.chat.parse::<i64>().map_err(|_| {
            RequestError::Api(teloxide::ApiError::Unknown(format!(
                "not a chat id: {}",
                to.chat
            )))
        })?);
        let rich = Rich::new(&r.text, &r.mentions);
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
        Ok(main.map(|(m, media)| Placed {
            chat: to.chat.clone(),
            thread: to.thread.clone(),
            message: m.0.to_string(),
            media,
        }))
    }
}

/// The chat and message of a placed message.
fn message_of(at: &Placed) -> Result<(ChatId, MessageId), SendError> {
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

    fn edit_text<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        _press: Option<&'a Press>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let (chat, message) = message_of(at)?;
            let keyboard = self.markup(r).unwrap_or_default();
            let res = if at.media {
                // a photo's caption stays: its buttons change
                let req = self
                    .bot
                    .edit_message_reply_markup(chat, message)
                    .reply_markup(keyboard);
                self.send_call(Some(chat), Kind::Other, req).await.map(drop)
            } else {
                let rich = Rich::new(&r.text, &r.mentions);
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

    fn edit_media<'a>(
        &'a self,
        at: &'a Placed,
        r: &'a Reply,
        _press: Option<&'a Press>,
    ) -> Fut<'a, Result<(), SendError>> {
        Box::pin(async move {
            let (chat, message) = message_of(at)?;
            let Some(img) = r.image.as_ref().filter(|i| !i.file_name.ends_with(".gif")) else {
                return Err(SendError::Other("no picture to put in place".into()));
            };
            let rich = Rich::new(&r.text, &r.mentions);
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
                .reply_markup(self.markup(r).unwrap_or_default());
            self.send_call(Some(chat), Kind::Other, req)
                .await
                .map(drop)
                .map_err(send_error)
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
                req = req.text(truncate(&crate::core::strip_markup(t), limits().toast_max));
            }
            self.pace
                .call(None, Kind::Other, req)
                .await
                .map(drop)
                .map_err(send_error)
        })
    }
}

/// The inline keyboard for the reply's choices (rows cut to Telegram's
/// buttons a row), if any. Payloads pass through unchanged as callback data
/// (one too long for it is left out).
pub fn keyboard(choices: &[Vec<crate::core::Choice>]) -> Option<InlineKeyboardMarkup> {
    let l = limits();
    let rows: Vec<Vec<InlineKeyboardButton>> = choices
        .iter()
        .flat_map(|row| row.chunks(l.buttons_per_row))
        .map(|row| {
            row.iter()
                .filter(|c| c.payload.len() <= l.payload_bytes_max)
                .map(|c| InlineKeyboardButton::callback(c.label.clone(), c.payload.clone()))
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect();
    (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
}

/// The keyboard with a share button under it for a reply that has
/// something to pass on: Telegram's share sheet (`t.me/share/url`) with a
/// deep link that opens the bot with `/start PAYLOAD`.
pub fn with_share(
    keyboard: Option<InlineKeyboardMarkup>,
    share: Option<&crate::core::Share>,
    bot_username: &str,
) -> Option<InlineKeyboardMarkup> {
    let Some(url) = share.and_then(|s| share_url(s, bot_username)) else {
        return keyboard;
    };
    let label = share.map(|s| s.label.clone()).unwrap_or_default();
    let mut k = keyboard.unwrap_or_default();
    k.inline_keyboard
        .push(vec![InlineKeyboardButton::url(label, url)]);
    Some(k)
}

/// `https://t.me/share/url?url=https://t.me/<bot>?start=<payload>&text=…`;
/// `None` without a username or for a payload Telegram would refuse
/// (deep-link payloads: at most 64 of `A-Za-z0-9_-`).
pub fn share_url(share: &crate::core::Share, bot_username: &str) -> Option<url::Url> {
    let link = deep_link(bot_username, &share.start)?;
    let text = truncate(&crate::core::strip_markup(&share.text), 200);
    url::Url::parse_with_params(
        "https://t.me/share/url",
        [("url", link.to_string()), ("text", text)],
    )
    .ok()
}

/// `https://t.me/<bot>?start=<payload>`: opens the bot, which gets
/// `/start PAYLOAD`. `None` without a username or for a payload Telegram
/// would refuse (at most 64 of `A-Za-z0-9_-`).
pub fn deep_link(bot_username: &str, start: &str) -> Option<url::Url> {
    let ok = |s: &str, max: usize| {
        !s.is_empty()
            && s.len() <= max
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    if !ok(bot_username, 32) || !ok(start, 64) {
        return None;
    }
    url::Url::parse(&format!("https://t.me/{bot_username}?start={start}")).ok()
}

/// A forum topic (`message_thread_id`).
fn thread_id(thread: Option<&str>) -> Option<ThreadId> {
    let id = thread?.parse::<i32>().ok()?;
    Some(ThreadId(MessageId(id)))
}

/// What a failed call means to the deliverer.
fn send_error(e: RequestError) -> SendError {
    match &e {
        RequestError::RetryAfter(after) => SendError::RateLimited(after.duration()),
        RequestError::Api(teloxide::ApiError::MessageNotModified) => SendError::NotModified,
        _ if is_forbidden(&e) => SendError::Forbidden,
        _ if is_thread_gone(&e) => SendError::ThreadGone,
        _ => SendError::Other(e.to_string()),
    }
}

/// Telegram will not take this message, now or later: the user never
/// started the bot, blocked it, or is gone.
fn is_forbidden(e: &RequestError) -> bool {
    use teloxide::ApiError as A;
    match e {
        RequestError::Api(
            A::BotBlocked | A::CantInitiateConversation | A::UserDeactivated | A::CantTalkWithBots,
        ) => true,
        RequestError::Api(A::Unknown(s)) => s.starts_with("Forbidden"),
        _ => false,
    }
}

/// Telegram refuses the message's forum topic: it was closed or deleted
/// (`TOPIC_CLOSED`, `TOPIC_DELETED`, "message thread not found").
fn is_thread_gone(e: &RequestError) -> bool {
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

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Choice;

    #[test]
    fn the_offset_waits_for_updates_being_handled_within_bounds() {
        let t0 = Instant::now();
        let mut o = Offsets::default();
        assert_eq!(o.offset(t0), 0);
        for id in 10..13 {
            assert!(o.take(id, t0));
        }
        // a batch that repeats them takes nothing
        assert!(!o.take(11, t0));
        o.done(10);
        o.done(12);
        // 11 is still being handled: the offset waits for it
        assert_eq!(o.offset(t0), 11);
        assert!(o.holding());
        o.done(11);
        assert_eq!(o.offset(t0), 13);
        assert!(!o.holding());
        // one stuck update holds the offset only for a while ...
        assert!(o.take(13, t0));
        assert_eq!(o.offset(t0 + HOLD_FOR / 2), 13);
        assert_eq!(o.offset(t0 + HOLD_FOR), 14);
        // ... and never goes back
        o.done(13);
        assert_eq!(o.offset(t0 + HOLD_FOR), 14);
        // or for so many updates after it
        let t1 = t0 + HOLD_FOR;
        assert!(o.take(14, t1));
        for id in 15..14 + HOLD_IDS {
            assert!(o.take(id, t1));
            o.done(id);
        }
        assert_eq!(o.offset(t1), 14);
        assert!(o.take(14 + HOLD_IDS, t1));
        o.done(14 + HOLD_IDS);
        assert_eq!(o.offset(t1), 15 + HOLD_IDS);
    }

    #[test]
    fn a_closed_or_deleted_topic_is_told_from_other_refusals() {
        let api = |s: &str| RequestError::Api(teloxide::ApiError::Unknown(s.into()));
        assert!(is_thread_gone(&api("Bad Request: TOPIC_CLOSED")));
        assert!(is_thread_gone(&api("Bad Request: TOPIC_DELETED")));
        assert!(is_thread_gone(&api(
            "Bad Request: message thread not found"
        )));
        assert!(!is_thread_gone(&api("Bad Request: chat not found")));
        assert!(!is_thread_gone(&RequestError::Api(
            teloxide::ApiError::BotBlocked
        )));
    }

    #[test]
    fn keyboards_keep_payloads_and_rows_of_eight() {
        let row: Vec<Choice> = (0..10)
            .map(|i| Choice {
                label: format!("m{i}"),
                payload: format!("m:1:0:{i}"),
                kind: crate::core::ChoiceKind::Move,
            })
            .collect();
        let k = keyboard(&[row]).unwrap();
        assert_eq!(k.inline_keyboard.len(), 2);
        assert_eq!(k.inline_keyboard[0].len(), 8);
        assert!(keyboard(&[]).is_none());
    }
}
