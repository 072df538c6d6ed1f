//! What goes into the chat service and what comes out: platform-free.
use crate::store::{DeliveryKind, GameId, OutboxId, Ply};

pub use super::picture::Picture;
use serde::{Deserialize, Serialize};

/// Which platform an event came from (stored with users and chats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Console,
    Telegram,
    Discord,
}

impl Platform {
    pub fn key(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Telegram => "telegram",
            Platform::Discord => "discord",
        }
    }

    fn console() -> Platform {
        Platform::Console
    }

    /// The platform a stored key names.
    pub fn from_key(key: &str) -> Option<Platform> {
        [Platform::Console, Platform::Telegram, Platform::Discord]
            .into_iter()
            .find(|p| p.key() == key)
    }
}

/// The chat an event happened in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRef {
    /// The platform's id of the chat.
    pub id: String,
    pub title: Option<String>,
    /// A one-to-one chat with the bot.
    pub is_private: bool,
}

/// The person who acted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRef {
    /// The platform's id of the user.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Username for @mentions, without the @.
    pub handle: Option<String>,
    /// The language the platform reports for the user (`en`, `ru-RU`, …).
    pub lang: Option<String>,
    /// The platform says the user administers the chat (a Telegram group
    /// admin, Discord's Manage Server). Adapters that must ask the platform
    /// for it ask only when [`needs_chat_admin`](crate::core::input::commands::needs_chat_admin)
    /// says the text needs it (a command of the admins'); a private chat
    /// and the console always count.
    pub is_admin: bool,
}

/// What the user did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A message: a command (`/move e3-d4`) or bare text (`e3-d4`).
    Text(String),
    /// A pressed button: the payload of a [`Choice`].
    Choice(String),
    /// A slash command with typed options (Discord): the same command as
    /// its text, its arguments built from the options.
    Slash(crate::core::input::options::SlashCommand),
}

/// One thing that happened in a chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub platform: Platform,
    pub chat: ChatRef,
    pub user: UserRef,
    pub input: Input,
    /// The platform's id of this update, if it can deliver one twice.
    pub update_id: Option<String>,
    /// The message was addressed to the bot itself: a reply to one of the
    /// bot's messages (on the console, every line). A fact the platform
    /// gives; whether bare text then counts as a move is the core's rule
    /// ([`Event::bare_moves`]).
    pub to_bot: bool,
    /// The thread of the chat the event came from (a Telegram forum topic's
    /// `message_thread_id`); `None`: the chat itself.
    pub thread: Option<String>,
}

impl Event {
    /// Whether bare text (`e3-d4`) counts as a move attempt: in a private
    /// chat, or addressed to the bot (a reply to its board); elsewhere in a
    /// group it is chatter.
    pub fn bare_moves(&self) -> bool {
        self.chat.is_private || self.to_bot
    }
}

/// What a button does, for adapters that style buttons (Discord's colours).
/// Adapters never decode payloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ChoiceKind {
    /// A step of choosing a move (a move, a piece, back to the pieces).
    Move,
    /// Says yes to something (accept a challenge or a draw).
    Positive,
    /// Gives something up or says no (resign, decline).
    Negative,
    /// Anything else.
    #[default]
    Neutral,
}

/// A button under a reply. In the outbox's JSON it is a short array —
/// `["a3-b4","m:1:0:0","m"]`, the kind's letter last, none for a neutral
/// button — since a board carries a dozen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    /// Compact, validated on return (at most 64 bytes).
    pub payload: String,
    pub kind: ChoiceKind,
}

impl ChoiceKind {
    fn letter(self) -> Option<&'static str> {
        match self {
            ChoiceKind::Move => Some("m"),
            ChoiceKind::Positive => Some("p"),
            ChoiceKind::Negative => Some("n"),
            ChoiceKind::Neutral => None,
        }
    }

    fn of_letter(s: &str) -> ChoiceKind {
        match s {
            "m" => ChoiceKind::Move,
            "p" => ChoiceKind::Positive,
            "n" => ChoiceKind::Negative,
            _ => ChoiceKind::Neutral,
        }
    }
}

impl Serialize for Choice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let kind = self.kind.letter();
        let mut seq = s.serialize_seq(Some(2 + usize::from(kind.is_some())))?;
        seq.serialize_element(&self.label)?;
        seq.serialize_element(&self.payload)?;
        if let Some(k) = kind {
            seq.serialize_element(k)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Choice, D::Error> {
        let v: Vec<String> = Vec::deserialize(d)?;
        let mut v = v.into_iter();
        let (Some(label), Some(payload)) = (v.next(), v.next()) else {
            return Err(serde::de::Error::custom(
                "a button without label or payload",
            ));
        };
        let kind = v
            .next()
            .map_or(ChoiceKind::Neutral, |k| ChoiceKind::of_letter(&k));
        Ok(Choice {
            label,
            payload,
            kind,
        })
    }
}

/// A menu to pick one of many from (Discord's select menu): a page of a
/// game's legal moves, with the line it shows until opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// "a3-b4 … c3-d4: choose a move" (within the platform's length).
    pub placeholder: String,
    /// What may be picked: the same payloads as buttons.
    pub options: Vec<Choice>,
}

/// Someone a reply calls on (so the platform notifies them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mention {
    #[serde(rename = "id")]
    pub platform_user_id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
}

/// An image attached to a reply (a board), drawn when first asked for
/// from its recipe ([`Picture`]): the core commits and answers without
/// drawing, the recipe is what the outbox keeps, and a board a front end
/// never sends (superseded) is never drawn. Clones share the drawing.
#[derive(Clone)]
pub struct Image {
    /// `board-12.png`, `game-12.gif`, …
    pub file_name: String,
    picture: std::sync::Arc<Picture>,
    drawn: std::sync::Arc<std::sync::OnceLock<Vec<u8>>>,
    /// Shown behind a spoiler (a puzzle's board after a move of its
    /// solution): Telegram `has_spoiler`, Discord a `SPOILER_` file.
    hidden: bool,
}

impl Image {
    /// An image whose bytes are at hand.
    pub fn ready(file_name: impl Into<String>, bytes: Vec<u8>) -> Image {
        Image::of(file_name, Picture::Ready { bytes })
    }

    /// An image drawn from `picture` the first time its bytes are asked for.
    pub fn of(file_name: impl Into<String>, picture: Picture) -> Image {
        Image {
            file_name: file_name.into(),
            picture: std::sync::Arc::new(picture),
            drawn: std::sync::Arc::default(),
            hidden: false,
        }
    }

    /// What it shows.
    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    /// This image behind a spoiler.
    pub fn hidden(self) -> Image {
        Image {
            hidden: true,
            ..self
        }
    }

    /// Whether it is shown behind a spoiler.
    pub fn is_hidden(&self) -> bool {
        self.hidden
    }

    /// The encoded image (drawn now if it was not yet).
    pub fn bytes(&self) -> &[u8] {
        self.drawn.get_or_init(|| self.picture.draw())
    }

    /// Whether it has been drawn.
    pub fn is_drawn(&self) -> bool {
        self.drawn.get().is_some()
    }
}

impl PartialEq for Image {
    fn eq(&self, other: &Image) -> bool {
        self.file_name == other.file_name
            && self.hidden == other.hidden
            && self.picture == other.picture
    }
}

impl Eq for Image {}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("file_name", &self.file_name)
            .field("drawn", &self.drawn.get().map(Vec::len))
            .field("hidden", &self.hidden)
            .finish()
    }
}

/// An image as the outbox keeps it: its name and recipe, not its bytes.
#[derive(Serialize, Deserialize)]
struct ImageRecord {
    name: String,
    picture: Picture,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    hidden: bool,
}

impl Serialize for Image {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Record<'a> {
            name: &'a str,
            picture: &'a Picture,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            hidden: bool,
        }
        Record {
            name: &self.file_name,
            picture: &self.picture,
            hidden: self.hidden,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Image {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Image, D::Error> {
        let r = ImageRecord::deserialize(d)?;
        let image = Image::of(r.name, r.picture);
        Ok(if r.hidden { image.hidden() } else { image })
    }
}

/// Where a reply goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// The chat of the event (or of the game, for sweeper messages).
    Chat(String),
    /// Only the acting user (ephemeral on Discord; same chat elsewhere).
    User { chat: String, user: String },
    /// A private message to a user (their platform id), outside the chat
    /// of the event: Telegram's private chat with the bot, a Discord DM.
    /// The platform may refuse it (the user never started the bot); it is
    /// then dropped.
    Private { user: String },
}

/// Where a link button under a reply leads; the adapter makes the address
/// (it knows the bot's name, the server, the board message).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LinkTo {
    /// Back to a game: Telegram's deep link `t.me/<bot>?start=game-12`,
    /// Discord's jump link to the game's board (or its channel).
    Game {
        game: GameId,
        /// The platform id of the game's chat.
        chat: String,
        /// Its thread, if any.
        thread: Option<String>,
        /// The message of the game's living board there, filled in by the
        /// deliverer as it sends (where a board landed is its to know):
        /// a jump link to it. `None`: the chat (or thread) itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<String>,
    },
    /// The bot's Telegram Mini App opened on a game (the direct link
    /// `t.me/<bot>/<app>?startapp=game-12`, which works in groups); other
    /// platforms leave the button out.
    MiniApp {
        game: GameId,
        /// The app's short name (`[web] mini_app`).
        app: String,
    },
    /// The bot's Telegram Mini App opened on another page: `start` is its
    /// `startapp` (`tournament-4`, a puzzle's signed `puzzle-3-7-<mac>`);
    /// other platforms leave the button out.
    MiniAppPage { app: String, start: String },
    /// The private chat with the bot, started with this payload
    /// (Telegram's `t.me/<bot>?start=notify`); where the platform needs no
    /// such step (Discord) the adapter leaves the button out.
    Start(String),
}

impl LinkTo {
    /// The payload that opens it in the bot (`game-12`, `tournament-4`:
    /// Telegram's `?start=` and a Mini App's `?startapp=`, read back by
    /// [`crate::core::input::commands::deep_link`] and the web board).
    pub fn start_payload(&self) -> String {
        match self {
            LinkTo::Game { game, .. } | LinkTo::MiniApp { game, .. } => format!("game-{game}"),
            LinkTo::MiniAppPage { start, .. } | LinkTo::Start(start) => start.clone(),
        }
    }
}

/// A button that opens an address instead of coming back to the bot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub label: String,
    pub to: LinkTo,
}

/// How a chat keeps the board of a game (`/settings boards`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardMode {
    /// One living board message per game, edited in place after each move;
    /// a short turn note ([`Reply::turn_note`]) answers it so the player to
    /// move is notified.
    Edit,
    /// A new board message after each move (the old one loses its buttons).
    New,
}

impl BoardMode {
    pub fn key(self) -> &'static str {
        match self {
            BoardMode::Edit => "edit",
            BoardMode::New => "new",
        }
    }

    pub const ALL: [BoardMode; 2] = [BoardMode::Edit, BoardMode::New];

    pub fn from_key(key: &str) -> Option<BoardMode> {
        BoardMode::ALL.into_iter().find(|m| m.key() == key)
    }
}

/// From which side a chat sees its boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// From Black's side when Black is the only person.
    Auto,
    White,
    Black,
    /// From the side to move.
    Mover,
}

impl Orientation {
    pub const ALL: [Orientation; 4] = [
        Orientation::Auto,
        Orientation::White,
        Orientation::Black,
        Orientation::Mover,
    ];

    /// The stored word.
    pub fn key(self) -> &'static str {
        match self {
            Orientation::Auto => "auto",
            Orientation::White => "white",
            Orientation::Black => "black",
            Orientation::Mover => "mover",
        }
    }
}

/// One message for the adapter to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// (Not in the outbox's JSON: the row's platform column says it.)
    #[serde(skip, default = "Platform::console")]
    pub platform: Platform,
    pub target: Target,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
    /// Menus, above the buttons (where the platform has them: Discord's
    /// select menus of a game's moves, in place of move buttons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub menus: Vec<Menu>,
    /// Rows of buttons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Vec<Choice>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentions: Vec<Mention>,
    /// The game this message shows, so an adapter may edit its last board
    /// message in place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<GameId>,
    /// An attached text file (PDN exports): (file name, contents).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<(String, String)>,
    /// The answer to a button press that takes the pressed message's place
    /// instead of being a new message: the picker's steps and the resign
    /// confirmation (its buttons, and its text where the platform can), the
    /// board after a move pressed on it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_place: bool,
    /// For a game's board: how the chat keeps it (`/settings boards`);
    /// `None`: the chat has not chosen (the platform's configured default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_mode: Option<BoardMode>,
    /// For a game's board that is edited in place: a short line to send as
    /// an answer to it (with [`Reply::mentions`]), so the turn still
    /// notifies: "c3-d4, @bob to move".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_note: Option<String>,
    /// The thread of the chat to post in (a Telegram forum topic): the
    /// event's, or the one the game lives in; `None`: the chat itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    /// A link button under the message, after its other buttons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<Link>,
    /// For the first board of a game in a chat that gives each game a
    /// thread (`/settings threads on`, Discord): open a thread of this name
    /// in the chat, post this reply in it, and tell the hub its id
    /// (`Hub::set_game_thread`) so the game's later replies go there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_thread: Option<String>,
    /// A message the core keeps up to date (an analysis' progress, then its
    /// result), named by a key (`analysis-12`): the first reply with a key
    /// is sent and where it went is kept (SQLite `placed_messages`, so a
    /// restart still finds it); a later reply with the same key edits that
    /// message's text instead of sending a new one, where the platform can
    /// (Telegram editMessageText, Discord PATCH); a message that cannot be
    /// edited (deleted) is sent anew and becomes the live one. Only text
    /// and buttons are edited; a live reply carries no image or document.
    /// `None` (the default): an ordinary message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live: Option<String>,
    /// A token the adapter hands back (`Hub::acknowledge`, which calls
    /// [`crate::core::Service::acknowledge`]) once this reply is sent (an analysis' final text, `analysis-12`):
    /// until then the core sends it again. `None` (the default): nothing
    /// to report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ack: Option<String>,
    /// Something people may pass on to others (an open challenge): where
    /// the platform can, a share button (Telegram: its share sheet with a
    /// deep link to the bot). `None` (the default): nothing to share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<Share>,
    /// The outbox rows this reply stands for, written in the transaction of
    /// the change that made it (see `store::outbox`; several: a sweep's
    /// notices merged into one message): the deliverer marks them done once
    /// it is sent. Empty: a reply kept nowhere (an analysis' progress,
    /// "something went wrong").
    #[serde(skip)]
    pub outbox: Vec<OutboxId>,
}

/// What a share button passes on (see [`Reply::share`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    /// The deep link's start payload (`challenge-12`: `/start challenge-12`).
    pub start: String,
    /// The message offered with the link.
    pub text: String,
    /// The button's label.
    pub label: String,
}

impl Reply {
    /// A plain text message: no picture, buttons, mentions or anything
    /// else; set other fields with `Reply { …, ..Reply::text(…) }`.
    pub fn text(platform: Platform, target: Target, text: impl Into<String>) -> Reply {
        Reply {
            platform,
            target,
            text: text.into(),
            image: None,
            menus: Vec::new(),
            choices: Vec::new(),
            mentions: Vec::new(),
            game_id: None,
            document: None,
            in_place: false,
            board_mode: None,
            turn_note: None,
            thread: None,
            link: None,
            new_thread: None,
            live: None,
            ack: None,
            share: None,
            outbox: Vec::new(),
        }
    }

    /// What kind of delivery this is, as the outbox notes it: a game's
    /// board, a live message, a private message, a note for one person,
    /// an answer in the pressed message's place, or a post. (A note that
    /// answers a button press is the press's: the caller, which knows the
    /// event, says so with [`DeliveryKind::answering_press`].)
    pub fn kind(&self) -> DeliveryKind {
        match &self.target {
            _ if self.live.is_some() => DeliveryKind::Live,
            Target::Private { .. } => DeliveryKind::Private,
            _ if self.in_place => DeliveryKind::InPlace,
            Target::User { .. } => DeliveryKind::Note,
            Target::Chat(_) if self.image.is_some() && self.game_id.is_some() => {
                DeliveryKind::Board
            }
            Target::Chat(_) => DeliveryKind::Post,
        }
    }

    /// A text diagram of its board, for text-only front ends (none
    /// without a board).
    pub fn diagram(&self) -> Option<String> {
        self.image.as_ref()?.picture().diagram()
    }

    /// The chat the reply goes to; for [`Target::Private`], the user's
    /// platform id (on Telegram, also the id of their private chat).
    pub fn chat_id(&self) -> &str {
        match &self.target {
            Target::Chat(c) => c,
            Target::User { chat, .. } => chat,
            Target::Private { user } => user,
        }
    }
}

/// A card offered to post anywhere (Telegram's inline mode: `@bot` typed
/// in any chat), built by the core like any reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Stable per card (`daily-12`, `play`), at most 64 bytes.
    pub id: String,
    pub title: String,
    pub description: String,
    /// The message posted when the card is chosen.
    pub text: String,
    /// A button under the posted message that opens the bot: (label, deep
    /// link start payload, e.g. `daily` → `/start daily`).
    pub button: Option<(String, String)>,
    /// The file name of a picture the bot may have sent before (a puzzle's
    /// start board): shown if the platform kept it.
    pub image: Option<String>,
}

/// Work the service asks its runtime to do off the async threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Compute and play the AI's move in a game at this ply.
    AiMove { game: GameId, ply: Ply },
    /// Analyse a finished game (see `core::games::analyse`).
    Analyse { game: GameId },
}

/// Where a running job reports on its way (an analysis' progress): the
/// hub routes each outcome's replies at once.
pub type Progress<'a> = &'a (dyn Fn(Outcome) + Sync);

/// What handling an event produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    pub replies: Vec<Reply>,
    pub jobs: Vec<Job>,
    /// What it came to, for the metrics (committed: a refusal or a
    /// failure applied nothing).
    pub tally: Tally,
    /// The message whose button was pressed stays a prompt: its buttons
    /// are not taken off after the press did something (a puzzle's
    /// question, shared by a group: see `Payload::keeps_prompt`). `false`:
    /// a prompt's press uses it up, as ever.
    pub keep_pressed: bool,
}

/// What an event or a job came to, counted by the runtime's metrics: the
/// core tallies, the runtime measures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Moves applied (and committed).
    pub moves: u32,
    /// The refusal's message id, when it was refused.
    pub refusal: Option<&'static str>,
    /// The engine's search for an AI move: nodes and the time it took.
    pub search: Option<(u64, std::time::Duration)>,
}

/// Opens a span of a reply's text that is hidden until the reader reveals
/// it (a puzzle's solution, a hint): Telegram `<tg-spoiler>`, Discord
/// `||…||`, the console plain. Use [`spoiler`] to mark a span and
/// [`spans`] to read them; private-use characters no catalogue text holds
/// (and the core strips from the names it stores).
pub const SPOILER_OPEN: char = '\u{E000}';
/// Closes a span opened by [`SPOILER_OPEN`].
pub const SPOILER_CLOSE: char = '\u{E001}';

/// `s` marked to be hidden behind a spoiler (markers inside `s` are dropped).
pub fn spoiler(s: &str) -> String {
    format!("{SPOILER_OPEN}{}{SPOILER_CLOSE}", strip_markup(s))
}

/// `s` without spoiler markers.
pub fn strip_markup(s: &str) -> String {
    s.chars()
        .filter(|c| *c != SPOILER_OPEN && *c != SPOILER_CLOSE)
        .collect()
}

/// Whether `c` is one of Unicode's format characters (category Cf: soft
/// hyphen, zero-width space and joiners, the direction marks, embeddings,
/// overrides and isolates, the word joiner, the byte order mark, the tag
/// characters …): invisible, or turning the text around it.
fn is_format(c: char) -> bool {
    matches!(
        u32::from(c),
        0xAD | 0x600..=0x605
            | 0x61C
            | 0x6DD
            | 0x70F
            | 0x890..=0x891
            | 0x8E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

/// A name, chat title or tournament name as the core keeps it: without
/// control characters (Cc), format characters (Cf: zero-width, direction
/// overrides and isolates, the BOM — `Ann\u{200b}a` would draw as a second
/// "Anna") and the core's spoiler markers; line breaks, tabs and other
/// spaces made one space, the ends trimmed. Letters, marks and emoji
/// stay. May be empty: the caller decides what stands in.
pub fn clean_name(s: &str) -> String {
    // line breaks and tabs are spaces; other controls go
    let kept = s.chars().filter(|c| {
        c.is_whitespace()
            || !(c.is_control() || is_format(*c) || matches!(*c, SPOILER_OPEN | SPOILER_CLOSE))
    });
    let mut out = String::with_capacity(s.len());
    for c in kept {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out
}

/// A piece of a reply's text: shown, or hidden behind a spoiler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span<'a> {
    Plain(&'a str),
    Spoiler(&'a str),
}

/// A reply's text cut into its plain and hidden pieces, in order, none
/// empty, without the markers. A marker out of place (a close without an
/// open, an open inside a span) is dropped; a span never closed runs to the
/// end of the text.
pub fn spans(text: &str) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let mut hidden = false;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        let turn = match c {
            SPOILER_OPEN => !hidden,
            SPOILER_CLOSE => hidden,
            _ => continue,
        };
        let piece = text.get(start..i).unwrap_or_default();
        if !piece.is_empty() {
            out.push(if hidden {
                Span::Spoiler(piece)
            } else {
                Span::Plain(piece)
            });
        }
        start = i + c.len_utf8();
        if turn {
            hidden = !hidden;
        }
    }
    let piece = text.get(start..).unwrap_or_default();
    if !piece.is_empty() {
        out.push(if hidden {
            Span::Spoiler(piece)
        } else {
            Span::Plain(piece)
        });
    }
    out
}

#[cfg(test)]
mod event_tests {
    use super::*;

    /// Bare text is a move attempt in a private chat or addressed to the
    /// bot (a reply to its board); in a group otherwise, chatter. The
    /// core's rule: an adapter says only where the text was.
    #[test]
    fn bare_text_is_a_move_in_private_or_addressed_to_the_bot() {
        let ev = |is_private, to_bot| Event {
            platform: Platform::Telegram,
            chat: ChatRef {
                id: "1".into(),
                title: None,
                is_private,
            },
            user: UserRef {
                id: "2".into(),
                name: "Anna".into(),
                handle: None,
                lang: None,
                is_admin: false,
            },
            input: Input::Text("e3-d4".into()),
            update_id: None,
            to_bot,
            thread: None,
        };
        assert!(ev(true, false).bare_moves());
        assert!(ev(false, true).bare_moves());
        assert!(ev(true, true).bare_moves());
        assert!(!ev(false, false).bare_moves());
    }
}

#[cfg(test)]
mod spoiler_tests {
    use super::*;

    /// Issue 21: names kept control, bidi-override and zero-width
    /// characters (`Ann\u{200b}a` drew as a second "Anna").
    #[test]
    fn clean_names_keep_letters_and_emoji_only() {
        assert_eq!(clean_name("Ann\u{200b}a"), "Anna");
        assert_eq!(clean_name("\u{202e}annA\u{202c}"), "annA");
        assert_eq!(clean_name("\u{2066}Bob\u{2069}\u{feff}"), "Bob");
        assert_eq!(clean_name("Zoë\u{200d}\u{200e}\u{200f}"), "Zoë");
        assert_eq!(clean_name("a\u{0}b\u{7}c\u{1b}[31m\u{85}d"), "abc[31m d");
        assert_eq!(clean_name("  Anna\n\tMaria \u{2028} K  "), "Anna Maria K");
        assert_eq!(clean_name(&spoiler("Eve")), "Eve");
        // letters of any script, marks and emoji stay
        for kept in [
            "Анна",
            "Jānis",
            "Ελένη",
            "김민지",
            "محمد",
            "e\u{301}",
            "🦊 Fox",
            "👍🏽",
        ] {
            assert_eq!(clean_name(kept), kept);
        }
        assert_eq!(clean_name("\u{200b}\u{200c}\u{202e} \u{feff}"), "");
    }

    #[test]
    fn spans_split_and_survive_stray_markers() {
        let t = format!("The solution: {}. Next?", spoiler("c3-d4 f6-e5"));
        assert_eq!(
            spans(&t),
            [
                Span::Plain("The solution: "),
                Span::Spoiler("c3-d4 f6-e5"),
                Span::Plain(". Next?")
            ]
        );
        assert_eq!(strip_markup(&t), "The solution: c3-d4 f6-e5. Next?");
        assert_eq!(spans(""), []);
        let stray = "\u{E001}a\u{E000}b\u{E000}c\u{E001}d\u{E000}e";
        assert_eq!(
            spans(stray),
            [
                Span::Plain("a"),
                Span::Spoiler("b"),
                Span::Spoiler("c"),
                Span::Plain("d"),
                Span::Spoiler("e")
            ]
        );
        assert_eq!(spoiler("x\u{E001}y"), "\u{E000}xy\u{E001}");
    }
}
