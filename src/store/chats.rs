//! Chats and their settings.

use super::ChatId;
use super::StoreResult;
use super::Tx;
use crate::core::i18n::Lang;
use crate::core::reminders::Reminders;
use crate::core::types::{BoardMode, Orientation};
use crate::render::Theme;
use rusqlite::params;
use rusqlite::types::ToSql;
use shashki_engine::Variant;

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct ChatRow {
        pub id: ChatId,
        pub platform: String,
        pub platform_chat_id: String,
        pub title: Option<String>,
        pub is_private: bool,
        /// Each setting is `None` until the chat chooses one (then the
        /// configured default holds), and is stored as its word: an
        /// unknown word is a typed error, not the default.
        pub lang: Option<Lang>,
        pub theme: Option<Theme>,
        pub orientation: Option<Orientation>,
        pub days_per_move: Option<i64>,
        /// The reminders of a move (`50% 24h`, `off`).
        pub reminders: Option<Reminders>,
        /// How the chat keeps its boards (`edit`, `new`).
        pub boards: Option<BoardMode>,
        /// The chat's default variant (`None`: Russian).
        pub variant: Option<Variant> => super::opt_variant_at,
        /// A group's games on the web board for everyone, not only their
        /// players (`/settings web on`; `None`: not chosen, off).
        pub web: Option<bool>,
    }
}

const CHAT_COLS: &str = ChatRow::COLUMNS;

pub fn upsert_chat(
    c: &Tx,
    platform: &str,
    platform_chat_id: &str,
    title: Option<&str>,
    is_private: bool,
    now: i64,
) -> StoreResult<ChatRow> {
    c.exec(
        "INSERT INTO chats (platform, platform_chat_id, title, is_private, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (platform, platform_chat_id)
         DO UPDATE SET title = COALESCE(excluded.title, chats.title)
         WHERE excluded.title IS NOT NULL AND chats.title IS DISTINCT FROM excluded.title",
        params![platform, platform_chat_id, title, is_private, now],
    )?;
    c.row(
        &format!("SELECT {CHAT_COLS} FROM chats WHERE platform = ?1 AND platform_chat_id = ?2"),
        params![platform, platform_chat_id],
        ChatRow::from_row,
    )
}

pub fn chat(c: &Tx, id: ChatId) -> StoreResult<Option<ChatRow>> {
    c.one(
        &format!("SELECT {CHAT_COLS} FROM chats WHERE id = ?1"),
        params![id],
        ChatRow::from_row,
    )
}

/// Set one of a chat's settings (`None`: back to the default).
pub fn set_chat_setting(c: &Tx, id: ChatId, setting: &ChatSetting) -> StoreResult<()> {
    // the engine's Variant is stored by its key (another crate's type)
    let variant;
    let (col, value): (&str, &dyn ToSql) = match setting {
        ChatSetting::Lang(v) => ("lang", v),
        ChatSetting::Theme(v) => ("theme", v),
        ChatSetting::Orientation(v) => ("orientation", v),
        ChatSetting::DaysPerMove(v) => ("days_per_move", v),
        ChatSetting::Reminders(v) => ("reminders", v),
        ChatSetting::Boards(v) => ("boards", v),
        ChatSetting::Web(v) => ("web", v),
        ChatSetting::Variant(v) => {
            variant = v.map(Variant::key);
            ("variant", &variant)
        }
    };
    c.exec(
        &format!("UPDATE chats SET {col} = ?2 WHERE id = ?1"),
        params![id, value],
    )?;
    Ok(())
}

/// One chat setting with its new value, typed (`None`: not chosen, the
/// configured default holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatSetting {
    Lang(Option<Lang>),
    Theme(Option<Theme>),
    Orientation(Option<Orientation>),
    /// Days per move by default.
    DaysPerMove(Option<i64>),
    Reminders(Option<Reminders>),
    Boards(Option<BoardMode>),
    Variant(Option<Variant>),
    /// The web board for everyone in a group (see [`ChatRow::web`]).
    Web(Option<bool>),
}
