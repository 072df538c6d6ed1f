//! The deliverer: every reply the core makes goes out here, by one set of
//! rules, against a small [`Transport`] per platform.
//!
//! Replies arrive in batches (an update's, an AI move's, a sweep's), each
//! reply usually owed in the outbox (`Reply::outbox`). They are delivered
//! per chat, in order, in a queue of the chat's own — not the update lane:
//! handling an update commits at once, and a chat whose sends are slow
//! (paced, rate limited) delays nobody else and no handling. A reply is
//! marked done in the outbox once the platform took it (or refused it for
//! good); after a crash the replies still owed are delivered again at start.
//!
//! The rules:
//! - **toast**: a short note for the presser alone answers the press itself
//!   where the platform has toasts (Telegram's callback answer); every
//!   press is answered.
//! - **in place**: a reply that takes the pressed message's place edits it
//!   (its picture, or its text and buttons); a board so edited becomes the
//!   game's living board.
//! - **living board**: a game's board is edited into the message where the
//!   game's board was shown last (in the same chat and thread), in the
//!   chat's board mode `edit` (the platform's default otherwise), with the
//!   turn note answering it so the player to move is notified; a new board
//!   becomes the living one and the one before it loses its buttons. A
//!   board or a live message that cannot be edited is sent anew.
//! - **live**: a live message is edited where it was posted.
//! - **answer with a message** (Discord): a reply answering an interaction
//!   is sent as its response or a followup, never edited elsewhere; an
//!   interaction nothing answered is closed quietly.
//! - **link to a game**: a link back to a game names the message of its
//!   living board, where it is in the chat and thread the link names.
//! - **thread fallback**: a thread (topic) the platform says is gone gets
//!   the message once more without it, and the game forgets the thread.
//! - **new thread**: the first board of a game that wants a thread opens it.
//! - **private**: a private message the platform refuses for good is
//!   dropped (logged), not retried.
//! - **used-up prompt**: a prompt's buttons (not a board's) come off once a
//!   press on it did something for others to see — unless the core said
//!   the pressed message stays a prompt (`Outcome::keep_pressed`: a
//!   puzzle's question, which a group shares; [`Deliverer::answer`]).
//! - **resumed** (replies owed from before a restart, [`Deliverer::resume`]):
//!   the press or interaction they answered is gone. A note for one person
//!   goes to them privately where only an interaction could show it to
//!   them alone (a Discord ephemeral answer becomes a DM; refused: dropped
//!   by the private rule), never to the channel for all; where notes are
//!   chat messages anyway (Telegram) it is one, answering nothing. The
//!   answer to a button press (the outbox row's kind says it,
//!   `DeliveryKind::PressNote`) older than [`PRESS_ANSWER_LIFE`] is
//!   dropped: too late to mean anything (Telegram would refuse it as a
//!   toast); the answer to a typed command (`Note`) is owed however late,
//!   and the press's other replies (the board, a post) are sent. A
//!   replacement of the pressed message that is a board is edited into the
//!   game's living board (its message id is kept), by the living-board
//!   rule; any other replacement (a prompt's next step) is sent as a
//!   message (its buttons still work).
//! - **rate limits** are waited out in the chat's queue alone; other
//!   failures are logged and the reply given up (the state is stored).
//!
//! (The notices of one sweep for one chat are merged into one message by
//! the core's sweep, `core::sweep::digest`; the merged reply carries the
//! outbox rows of all of them.)

use super::metrics::Metrics;
use super::shutdown::{TrackGuard, Tracker};
use super::transport::{Caps, Fut, Origin, Place, Placed, Press, SendError, Transport};
use crate::core::{BoardMode, Delivered, Link, LinkTo, Platform, Reply, Service, Target};
use crate::core::{DeliveryKind, GameId, OutboxId, Owed};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

/// What the deliverer keeps and asks of the store.
pub trait Ledger: Send + Sync + 'static {
    /// Where the message `key` (`board:12`, `live:analysis-12`) was placed.
    fn placed(&self, platform: Platform, key: String) -> Fut<'_, Option<Placed>>;
    /// Keep where the message `key` was placed.
    fn set_placed(&self, platform: Platform, key: String, at: Placed) -> Fut<'_, ()>;
    /// Whether `at` is a game's living board.
    fn is_board(&self, platform: Platform, at: Placed) -> Fut<'_, bool>;
    /// The outbox rows `ids` are done with.
    fn done(&self, ids: Vec<OutboxId>, how: Delivered) -> Fut<'_, ()>;
    /// A reply that carried `token` ([`Reply::ack`]) is sent.
    fn acknowledge(&self, token: String) -> Fut<'_, ()>;
    /// A game's later replies go to `thread` (one opened for it).
    fn set_game_thread(&self, game: GameId, thread: String) -> Fut<'_, ()>;
    /// A game's thread is gone: its later replies go to its chat.
    fn forget_game_thread(&self, game: GameId) -> Fut<'_, ()>;
}

/// The key of a game's living board among the placed messages.
pub fn board_key(game: GameId) -> String {
    format!("board:{game}")
}

/// The key of a live message among the placed messages.
pub fn live_key(key: &str) -> String {
    format!("live:{key}")
}

/// How long the answer to a button press (a note for the presser: the
/// press's toast) is worth sending: Telegram takes a callback query's
/// answer for about 15 s, and later the person has moved on — "not your
/// turn" a minute after the press means nothing. Owed from before a
/// restart and older than this, it is dropped.
pub const PRESS_ANSWER_LIFE: Duration = Duration::from_secs(15);

/// How a batch is delivered, beyond its replies and origin.
#[derive(Debug, Clone, Copy, Default)]
struct Batch {
    /// Owed from before a restart (see [`Deliverer::resume`]).
    resumed: bool,
    /// The pressed message stays a prompt (see [`Deliverer::answer`]).
    keep_pressed: bool,
}

/// How long a chat's delivery queue lives without work.
const IDLE: Duration = Duration::from_secs(60);

/// The work of one chat from one batch.
struct Item {
    platform: Platform,
    replies: Vec<Reply>,
    /// The update's origin, for the item of its chat.
    origin: Option<Arc<Origin>>,
    /// The press was answered already (a toast platform).
    answered: bool,
    /// Owed from before a restart: no press or interaction is left to
    /// answer (see [`Deliverer::resume`]).
    resumed: bool,
    /// The batch did something others see (a prompt's buttons are used up).
    acted: bool,
    /// The core said the pressed message stays a prompt: its buttons stay.
    keep_pressed: bool,
    /// Delivered once these are (the batch's other chats).
    after: Option<Tracker>,
    _guards: (TrackGuard, TrackGuard),
    /// Held by the batch's items that private messages wait for.
    _public: Option<TrackGuard>,
}

struct Queue {
    id: u64,
    tx: mpsc::UnboundedSender<Item>,
}

/// A batch on its way: [`Delivery::wait`] returns once every reply of it
/// was delivered (or given up).
#[derive(Clone)]
pub struct Delivery(Tracker);

impl Delivery {
    pub async fn wait(&self) {
        self.0.idle().await;
    }
}

/// The deliverer: the transports, the chats' queues, the ledger.
pub struct Deliverer {
    ledger: Arc<dyn Ledger>,
    transports: Mutex<HashMap<Platform, Arc<dyn Transport>>>,
    /// Platforms a transport is coming for (their replies wait for it);
    /// replies for others are left owed.
    expected: Mutex<HashSet<Platform>>,
    transport_set: Notify,
    queues: Mutex<HashMap<(Platform, String), Queue>>,
    next_id: AtomicU64,
    /// Work in flight (shutdown waits for it).
    tracker: Tracker,
    idle: Duration,
    /// Sends failed and rate limited are counted here.
    metrics: Arc<Metrics>,
}

impl Deliverer {
    pub fn new(ledger: Arc<dyn Ledger>, tracker: Tracker) -> Arc<Deliverer> {
        Deliverer::with_metrics(ledger, tracker, Arc::default())
    }

    /// A deliverer that counts its failed and rate-limited sends in
    /// `metrics`.
    pub fn with_metrics(
        ledger: Arc<dyn Ledger>,
        tracker: Tracker,
        metrics: Arc<Metrics>,
    ) -> Arc<Deliverer> {
        Arc::new(Deliverer {
            ledger,
            transports: Mutex::default(),
            expected: Mutex::default(),
            transport_set: Notify::new(),
            queues: Mutex::default(),
            next_id: AtomicU64::new(0),
            tracker,
            idle: IDLE,
            metrics,
        })
    }

    /// The transport of a platform (replacing one set before).
    pub fn set_transport(&self, t: Arc<dyn Transport>) {
        let p = t.platform();
        self.expected
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(p);
        self.transports
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(p, t);
        self.transport_set.notify_waiters();
    }

    /// A transport for `p` will be set: its replies wait for it.
    pub fn expect(&self, p: Platform) {
        self.expected
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(p);
    }

    /// Whether replies for `p` are delivered (a transport is set or coming).
    pub fn serves(&self, p: Platform) -> bool {
        self.expected
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&p)
    }

    /// The platforms whose replies are delivered.
    pub fn platforms(&self) -> Vec<Platform> {
        let mut v: Vec<Platform> = self
            .expected
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .copied()
            .collect();
        v.sort_by_key(|p| p.key());
        v
    }

    fn transport(&self, p: Platform) -> Option<Arc<dyn Transport>> {
        self.transports
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&p)
            .cloned()
    }

    async fn wait_transport(&self, p: Platform) -> Arc<dyn Transport> {
        loop {
            let set = self.transport_set.notified();
            if let Some(t) = self.transport(p) {
                return t;
            }
            set.await;
        }
    }

    /// Deliver a batch: each chat's replies in its queue, in order; `from`:
    /// the platform and origin of the update they answer.
    pub fn deliver(
        self: &Arc<Self>,
        replies: Vec<Reply>,
        from: Option<(Platform, Origin)>,
    ) -> Delivery {
        self.deliver_batch(replies, from, Batch::default())
    }

    /// Deliver the replies of an update like [`Deliverer::deliver`];
    /// `keep_pressed`: the core said the pressed message stays a prompt
    /// (a puzzle's question, shared by a group): its buttons are not taken
    /// off after the press.
    pub fn answer(
        self: &Arc<Self>,
        replies: Vec<Reply>,
        from: (Platform, Origin),
        keep_pressed: bool,
    ) -> Delivery {
        let batch = Batch {
            keep_pressed,
            ..Batch::default()
        };
        self.deliver_batch(replies, Some(from), batch)
    }

    /// Deliver replies owed from before a restart (the outbox's, at
    /// start): the press or interaction they answered is gone, so they
    /// follow the **resumed** rules (see the module's): the answer to a
    /// press older than [`PRESS_ANSWER_LIFE`] is dropped (marked
    /// [`Delivered::Expired`]), the rest delivered.
    pub fn resume(self: &Arc<Self>, owed: Vec<Owed>) -> Delivery {
        let (stale, replies): (Vec<Owed>, Vec<Owed>) = owed
            .into_iter()
            .partition(|o| o.kind == DeliveryKind::PressNote && o.age > PRESS_ANSWER_LIFE);
        let resumed = Batch {
            resumed: true,
            ..Batch::default()
        };
        let delivery = self.deliver_batch(
            replies.into_iter().map(|o| o.reply).collect(),
            None,
            resumed,
        );
        let ids: Vec<OutboxId> = stale.into_iter().flat_map(|o| o.reply.outbox).collect();
        if !ids.is_empty() {
            tracing::info!(
                replies = ids.len(),
                "answers to presses too old to mean anything; dropped"
            );
            let ledger = Arc::clone(&self.ledger);
            let guards = (self.tracker.enter(), delivery.0.enter());
            tokio::spawn(async move {
                let _guards = guards;
                ledger.done(ids, Delivered::Expired).await;
            });
        }
        delivery
    }

    fn deliver_batch(
        self: &Arc<Self>,
        replies: Vec<Reply>,
        from: Option<(Platform, Origin)>,
        how: Batch,
    ) -> Delivery {
        let Batch {
            resumed,
            keep_pressed,
        } = how;
        let batch = Tracker::default();
        let mut replies: Vec<Reply> = replies
            .into_iter()
            .filter(|r| {
                let ok = self.serves(r.platform);
                if !ok {
                    tracing::debug!(platform = r.platform.key(), "no front end for a reply");
                }
                ok
            })
            .collect();
        let acted = replies
            .iter()
            .any(|r| !matches!(r.target, Target::User { .. }));
        let mut answered = false;
        let origin = from.map(|(p, o)| (p, Arc::new(o)));
        if let Some((p, o)) = &origin {
            let p = *p;
            if let (Some(press), Some(t)) = (o.press.clone(), self.transport(p)) {
                if t.caps().toasts {
                    // the press is answered at once, a short note for the
                    // presser as its toast
                    let toast = replies
                        .iter()
                        .position(|r| r.platform == p && is_toast(o, r));
                    let toast = toast.map(|i| replies.remove(i));
                    answered = true;
                    let ledger = Arc::clone(&self.ledger);
                    let guards = (self.tracker.enter(), batch.enter());
                    tokio::spawn(async move {
                        let _guards = guards;
                        let text = toast.as_ref().map(|r| r.text.as_str());
                        let res = t.answer_press(&press, text).await;
                        if let Err(e) = &res {
                            tracing::warn!(platform = p.key(), error = %e, "answering a press failed");
                        }
                        if let Some(r) = &toast {
                            let how = match res {
                                Ok(()) => Delivered::Sent,
                                Err(_) => Delivered::Failed,
                            };
                            ledger.done(r.outbox.clone(), how).await;
                        }
                    });
                }
            }
        }
        // each chat's replies, in order; the origin's chat always (its
        // press is answered there)
        let mut chats: Vec<((Platform, String), Vec<Reply>)> = Vec::new();
        if let Some((p, o)) = &origin {
            chats.push(((*p, o.chat.clone()), Vec::new()));
        }
        for r in replies.drain(..) {
            let key = (r.platform, r.chat_id().to_string());
            match chats.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(r),
                None => chats.push((key, vec![r])),
            }
        }
        // private messages go after the batch's others (a link in them
        // finds the board those place)
        let public = Tracker::default();
        let mut private = Vec::new();
        for ((platform, chat), replies) in chats {
            let here = origin
                .as_ref()
                .filter(|(p, o)| *p == platform && o.chat == chat)
                .map(|(_, o)| Arc::clone(o));
            if replies.is_empty() && here.as_ref().is_none_or(|o| o.press.is_none() || answered) {
                continue;
            }
            let is_private = here.is_none()
                && replies
                    .iter()
                    .all(|r| matches!(r.target, Target::Private { .. }));
            let item = Item {
                platform,
                replies,
                origin: here,
                answered,
                resumed,
                acted,
                keep_pressed,
                after: None,
                _guards: (self.tracker.enter(), batch.enter()),
                _public: (!is_private).then(|| public.enter()),
            };
            if is_private {
                private.push(((platform, chat), item));
            } else {
                self.enqueue((platform, chat), item);
            }
        }
        for (key, mut item) in private {
            item.after = Some(public.clone());
            self.enqueue(key, item);
        }
        Delivery(batch)
    }

    fn enqueue(self: &Arc<Self>, key: (Platform, String), item: Item) {
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let item = match queues.get(&key) {
            Some(q) => match q.tx.send(item) {
                Ok(()) => return,
                // its queue ended: a new one
                Err(mpsc::error::SendError(back)) => back,
            },
            None => item,
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let _ = tx.send(item);
        queues.insert(key.clone(), Queue { id, tx });
        tokio::spawn(Arc::clone(self).run_queue(key, id, rx));
    }

    /// A chat's queue: its items one after another; gone after a while
    /// without work.
    async fn run_queue(
        self: Arc<Self>,
        key: (Platform, String),
        id: u64,
        mut rx: mpsc::UnboundedReceiver<Item>,
    ) {
        loop {
            match tokio::time::timeout(self.idle, rx.recv()).await {
                Ok(Some(item)) => {
                    // each item in a task of its own: a panic there is
                    // logged and the queue goes on
                    let me = Arc::clone(&self);
                    let work = tokio::spawn(async move { me.deliver_item(item).await });
                    if let Err(e) = work.await {
                        if e.is_panic() {
                            tracing::error!(
                                chat = %key.1,
                                panic = %super::lanes::panic_message(e.into_panic().as_ref()),
                                "delivering a reply panicked"
                            );
                        }
                    }
                }
                Ok(None) => return,
                Err(_) => {
                    let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
                    if rx.is_empty() {
                        if queues.get(&key).is_some_and(|q| q.id == id) {
                            queues.remove(&key);
                        }
                        return;
                    }
                }
            }
        }
    }

    async fn deliver_item(&self, item: Item) {
        if let Some(after) = &item.after {
            after.idle().await;
        }
        let t = self.wait_transport(item.platform).await;
        let run = Run {
            d: self,
            t: &*t,
            caps: t.caps(),
            platform: item.platform,
        };
        run.item(item).await;
    }
}

/// Whether `r` is a short note for the presser alone that a toast can say.
fn is_toast(o: &Origin, r: &Reply) -> bool {
    answers(o, r) && toast_sized(r)
}

/// Whether `r` is a note for one person that a toast could say: short,
/// plain, nothing to press or open.
fn toast_sized(r: &Reply) -> bool {
    matches!(r.target, Target::User { .. })
        && !r.in_place
        && r.image.is_none()
        && r.choices.is_empty()
        && r.menus.is_empty()
        && r.link.is_none()
        && r.document.is_none()
        && r.live.is_none()
        && crate::core::strip_markup(&r.text).chars().count() <= r.platform.limits().toast_max
}

/// Whether `r` answers the update of `o`: it goes where the update came
/// from (its chat and thread), not privately, not to a new thread.
fn answers(o: &Origin, r: &Reply) -> bool {
    !matches!(r.target, Target::Private { .. })
        && r.new_thread.is_none()
        && r.chat_id() == o.chat
        && r.thread == o.thread
}

/// The game whose public board `r` is, if any.
fn board_of(r: &Reply) -> Option<GameId> {
    match r.target {
        Target::Chat(_) if r.image.is_some() => r.game_id,
        _ => None,
    }
}

/// What becomes of a reply owed from before a restart.
enum Resumed<'r> {
    As(&'r Reply),
    Private(Box<Reply>),
}

/// One item's delivery on one transport.
struct Run<'a> {
    d: &'a Deliverer,
    t: &'a dyn Transport,
    caps: Caps,
    platform: Platform,
}

/// How one reply went.
struct Went {
    how: Delivered,
    /// It used the press (an interaction answered with it).
    used_press: bool,
    /// It took the pressed message's place.
    replaced: bool,
}

impl Went {
    fn plain(how: Delivered) -> Went {
        Went {
            how,
            used_press: false,
            replaced: false,
        }
    }
}

impl Run<'_> {
    fn ledger(&self) -> &dyn Ledger {
        &*self.d.ledger
    }

    async fn item(&self, item: Item) {
        let mut replies = item.replies;
        let origin = item.origin.as_deref();
        let press = origin.and_then(|o| o.press.as_ref());
        if let (Some(o), true) = (origin, self.caps.answer_with_message) {
            // an interaction is answered first; the game's thread, a DM
            // after
            replies.sort_by_key(|r| !answers(o, r));
        }
        let mut used = item.answered;
        let mut replaced = false;
        for r in &replies {
            let private;
            let r = match self.resumed(r, item.resumed) {
                Resumed::As(r) => r,
                Resumed::Private(p) => {
                    private = *p;
                    &private
                }
            };
            let answering = origin.is_some_and(|o| answers(o, r));
            let via =
                press.filter(|_| answering && self.caps.answer_with_message && !item.answered);
            let went = self.reply(r, origin, answering, via).await;
            used |= went.used_press;
            replaced |= went.replaced;
            if went.how == Delivered::Sent {
                if let Some(token) = &r.ack {
                    self.ledger().acknowledge(token.clone()).await;
                }
            }
            if !r.outbox.is_empty() {
                self.ledger().done(r.outbox.clone(), went.how).await;
            }
        }
        let Some(press) = press else {
            return;
        };
        // a prompt's buttons are used up once a press on it did something
        if let Some(p) = press.pressed.as_ref() {
            let prompt = self.caps.edits
                && p.editable
                && !p.ephemeral
                && !replaced
                && item.acted
                && !item.keep_pressed;
            if prompt && !self.ledger().is_board(self.platform, p.at.clone()).await {
                if let Err(e) = self.t.clear_buttons(&p.at).await {
                    tracing::debug!(error = %e, "taking a used prompt's buttons off failed");
                }
            }
        }
        if !used {
            if let Err(e) = self.t.answer_press(press, None).await {
                tracing::warn!(platform = self.platform.key(), error = %e, "answering a press failed");
            }
        }
    }

    /// A reply owed from before a restart, by the **resumed** rules: a
    /// note for one person goes to them privately where the platform shows
    /// such notes only in an interaction's answer (a Discord ephemeral
    /// message); the rest as it is.
    fn resumed<'r>(&self, r: &'r Reply, resumed: bool) -> Resumed<'r> {
        let Target::User { user, .. } = &r.target else {
            return Resumed::As(r);
        };
        if !resumed || !self.caps.answer_with_message {
            return Resumed::As(r);
        }
        Resumed::Private(Box::new(Reply {
            target: Target::Private { user: user.clone() },
            thread: None,
            in_place: false,
            ..r.clone()
        }))
    }

    /// `r` with its link back to a game made exact: the message of the
    /// game's living board, when it is in the chat and thread the link
    /// names (the transport makes the address).
    async fn board_link<'r>(&self, r: &'r Reply) -> Cow<'r, Reply> {
        let Some(Link {
            to:
                LinkTo::Game {
                    game,
                    chat,
                    thread,
                    board: None,
                },
            ..
        }) = &r.link
        else {
            return Cow::Borrowed(r);
        };
        let target = thread.as_deref().unwrap_or(chat);
        let Some(at) = self
            .ledger()
            .placed(self.platform, board_key(*game))
            .await
            .filter(|at| at.thread.as_deref().unwrap_or(&at.chat) == target)
        else {
            return Cow::Borrowed(r);
        };
        let mut r = r.clone();
        if let Some(Link {
            to: LinkTo::Game { board, .. },
            ..
        }) = &mut r.link
        {
            *board = Some(at.message);
        }
        Cow::Owned(r)
    }

    /// Deliver one reply by the rules.
    async fn reply(
        &self,
        r: &Reply,
        origin: Option<&Origin>,
        answering: bool,
        via: Option<&Press>,
    ) -> Went {
        let r = &*self.board_link(r).await;
        let press = origin.and_then(|o| o.press.as_ref()).filter(|_| answering);
        let mode = r.board_mode.unwrap_or(self.caps.boards);
        let board = board_of(r);
        // in the pressed message's place
        if let (true, true, Some(p)) = (self.caps.edits, r.in_place, press) {
            let at = p
                .pressed
                .as_ref()
                .filter(|p| p.editable && !(p.ephemeral && matches!(r.target, Target::Chat(_))));
            if let Some(pressed) = at.filter(|_| board.is_none() || mode == BoardMode::Edit) {
                let media = r.image.is_some();
                let res = self.retrying(|| self.t.edit(&pressed.at, r, Some(p), media));
                match res.await {
                    Ok(()) | Err(SendError::NotModified) => {
                        if let Some(g) = board {
                            let at = Placed {
                                media: true,
                                ..pressed.at.clone()
                            };
                            self.living_board(g, at.clone()).await;
                            self.turn_note(r, &at).await;
                        }
                        return Went {
                            how: Delivered::Sent,
                            used_press: true,
                            replaced: true,
                        };
                    }
                    Err(e) => {
                        tracing::debug!(error = %e, "editing the pressed message failed; sending anew")
                    }
                }
            }
        }
        let mut place = Place {
            chat: r.chat_id().to_string(),
            thread: r.thread.clone(),
            private: matches!(r.target, Target::Private { .. }),
            reply_to: None,
            keep: board.is_some() || r.live.is_some(),
        };
        if let (true, Some(o)) = (answering && matches!(r.target, Target::User { .. }), origin) {
            place.reply_to = o.message.clone();
        }
        // a thread of its own for the game
        if let Some(name) = &r.new_thread {
            if let Some(t) = self.t.open_thread(&place.chat, name).await {
                if let Some(g) = r.game_id {
                    self.ledger().set_game_thread(g, t.clone()).await;
                }
                place.thread = Some(t);
            }
        }
        // a live message edited where it was posted
        let live = r.live.as_deref().filter(|_| {
            self.caps.edits && via.is_none() && r.image.is_none() && r.document.is_none()
        });
        if let Some(key) = live {
            let known = self.ledger().placed(self.platform, live_key(key)).await;
            if let Some(at) = known.filter(|at| same_place(at, &place)) {
                match self.retrying(|| self.t.edit(&at, r, None, false)).await {
                    Ok(()) | Err(SendError::NotModified) => return Went::plain(Delivered::Sent),
                    Err(e) => {
                        tracing::debug!(error = %e, "editing a live message failed; sending anew")
                    }
                }
            }
        }
        // a game's board: its living board edited, else a new one
        let before = match board {
            Some(g) => self.ledger().placed(self.platform, board_key(g)).await,
            None => None,
        };
        if let (Some(at), true) = (&before, self.caps.edits && mode == BoardMode::Edit) {
            if via.is_none() && same_place(at, &place) {
                match self.retrying(|| self.t.edit(at, r, None, true)).await {
                    Ok(()) | Err(SendError::NotModified) => {
                        self.turn_note(r, at).await;
                        return Went::plain(Delivered::Sent);
                    }
                    Err(e) => {
                        tracing::debug!(error = %e, "editing the living board failed; sending anew")
                    }
                }
            }
        }
        let sent = self.send(&place, r, via).await;
        let how = match &sent {
            Ok(at) => {
                if let (Some(key), Some(at)) = (&r.live, at) {
                    self.ledger()
                        .set_placed(self.platform, live_key(key), at.clone())
                        .await;
                }
                if let (Some(g), Some(at)) = (board, at) {
                    let at = Placed {
                        media: true,
                        ..at.clone()
                    };
                    self.replace_board(g, before, at).await;
                }
                Delivered::Sent
            }
            Err(SendError::Forbidden) => {
                tracing::info!(platform = self.platform.key(), chat = %place.chat, private = place.private, "the platform refuses this chat for good; dropped");
                Delivered::Refused
            }
            Err(e) => {
                tracing::warn!(platform = self.platform.key(), chat = %place.chat, error = %e, "sending a reply failed");
                self.d.metrics.send_failed(self.platform);
                Delivered::Failed
            }
        };
        Went {
            how,
            used_press: via.is_some(),
            replaced: false,
        }
    }

    /// Send, waiting out rate limits; a thread that is gone gets it once
    /// more without the thread, and the game forgets the thread.
    async fn send(
        &self,
        place: &Place,
        r: &Reply,
        via: Option<&Press>,
    ) -> Result<Option<Placed>, SendError> {
        let sent = self.retrying(|| self.t.send(place, r, via)).await;
        match sent {
            Err(SendError::ThreadGone) if place.thread.is_some() => {
                tracing::info!(platform = self.platform.key(), chat = %place.chat, thread = place.thread.as_deref(), "the thread is gone; sending to the chat");
                let chat = Place {
                    thread: None,
                    ..place.clone()
                };
                let again = self.retrying(|| self.t.send(&chat, r, via)).await;
                if let (Ok(_), Some(g)) = (&again, r.game_id) {
                    self.ledger().forget_game_thread(g).await;
                }
                again
            }
            other => other,
        }
    }

    /// Call `f` again after each rate limit, as long as the caps allow.
    async fn retrying<'f, T>(
        &self,
        mut f: impl FnMut() -> Fut<'f, Result<T, SendError>>,
    ) -> Result<T, SendError> {
        let mut waited = 0;
        loop {
            match f().await {
                Err(SendError::RateLimited(after)) if waited < self.caps.rate_limit_retries => {
                    waited += 1;
                    self.d.metrics.rate_limited(self.platform);
                    tracing::warn!(
                        platform = self.platform.key(),
                        ?after,
                        "rate limited; waiting"
                    );
                    tokio::time::sleep(after).await;
                }
                res => {
                    if let Err(SendError::RateLimited(_)) = &res {
                        // past the retries the caps allow
                        self.d.metrics.rate_limited(self.platform);
                    }
                    return res;
                }
            }
        }
    }

    /// The short line answering a board edited in place (an edit notifies
    /// nobody), with the board's mentions.
    async fn turn_note(&self, r: &Reply, board: &Placed) {
        let Some(note) = &r.turn_note else {
            return;
        };
        let line = Reply {
            mentions: r.mentions.clone(),
            thread: r.thread.clone(),
            ..Reply::text(r.platform, r.target.clone(), note.clone())
        };
        let place = Place {
            chat: board.chat.clone(),
            thread: board.thread.clone(),
            private: false,
            reply_to: Some(board.message.clone()),
            keep: false,
        };
        if let Err(e) = self.retrying(|| self.t.send(&place, &line, None)).await {
            tracing::warn!(platform = self.platform.key(), error = %e, "sending the turn note failed");
        }
    }

    /// `at` is game `g`'s living board now (where the one before was is
    /// looked up first).
    async fn living_board(&self, g: GameId, at: Placed) {
        let before = self.ledger().placed(self.platform, board_key(g)).await;
        self.replace_board(g, before, at).await;
    }

    /// `at` replaces `before` as game `g`'s living board: kept, and the
    /// board before it in the same chat loses its buttons.
    async fn replace_board(&self, g: GameId, before: Option<Placed>, at: Placed) {
        self.ledger()
            .set_placed(self.platform, board_key(g), at.clone())
            .await;
        let old = before.filter(|b| b.chat == at.chat && b.message != at.message);
        if let (Some(old), true) = (old, self.caps.edits) {
            if let Err(e) = self.t.clear_buttons(&old).await {
                tracing::debug!(error = %e, "taking the old board's buttons off failed");
            }
        }
    }
}

/// A message placed where `place` would put a new one (same chat and
/// thread).
fn same_place(at: &Placed, place: &Place) -> bool {
    at.chat == place.chat && at.thread == place.thread && !place.private
}

/// The deliverer's ledger in the service's store (each call on a blocking
/// thread; a failure is logged and counts as nothing known).
pub struct ServiceLedger(pub Arc<Service>);

impl ServiceLedger {
    fn run<T: Send + 'static>(
        &self,
        what: &'static str,
        f: impl FnOnce(&Service) -> Result<T, crate::core::ServiceError> + Send + 'static,
    ) -> Fut<'_, Option<T>> {
        let svc = Arc::clone(&self.0);
        Box::pin(async move {
            match tokio::task::spawn_blocking(move || f(&svc)).await {
                Ok(Ok(v)) => Some(v),
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, what, "the delivery ledger failed");
                    None
                }
                Err(e) => {
                    tracing::error!(error = %e, what, "the delivery ledger panicked");
                    None
                }
            }
        })
    }
}

impl Ledger for ServiceLedger {
    fn placed(&self, platform: Platform, key: String) -> Fut<'_, Option<Placed>> {
        let f = self.run("placed", move |s| s.placed_message(platform, &key));
        Box::pin(async move { f.await.flatten().map(Placed::from) })
    }

    fn set_placed(&self, platform: Platform, key: String, at: Placed) -> Fut<'_, ()> {
        let row = crate::store::PlacedRow::from(at);
        let f = self.run("set placed", move |s| {
            s.set_placed_message(platform, &key, &row)
        });
        Box::pin(async move {
            f.await;
        })
    }

    fn is_board(&self, platform: Platform, at: Placed) -> Fut<'_, bool> {
        let f = self.run("is board", move |s| {
            s.is_board_message(platform, &at.chat, &at.message)
        });
        Box::pin(async move { f.await.unwrap_or(false) })
    }

    fn done(&self, ids: Vec<OutboxId>, how: Delivered) -> Fut<'_, ()> {
        let f = self.run("reply done", move |s| s.replies_done(&ids, how));
        Box::pin(async move {
            f.await;
        })
    }

    fn acknowledge(&self, token: String) -> Fut<'_, ()> {
        let f = self.run("acknowledge", move |s| s.acknowledge(&token));
        Box::pin(async move {
            f.await;
        })
    }

    fn set_game_thread(&self, game: GameId, thread: String) -> Fut<'_, ()> {
        let f = self.run("set game thread", move |s| s.set_game_thread(game, &thread));
        Box::pin(async move {
            f.await;
        })
    }

    fn forget_game_thread(&self, game: GameId) -> Fut<'_, ()> {
        let f = self.run("forget game thread", move |s| s.forget_game_thread(game));
        Box::pin(async move {
            f.await;
        })
    }
}

#[cfg(test)]
#[path = "deliver_tests.rs"]
mod tests;
