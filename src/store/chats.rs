//! Chats and their settings.

use super::ChatId;
use super::StoreResult;
use super::Tx;
use rusqlite::params;

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct ChatRow {
        pub id: ChatId,
        pub platform: String,
        pub platform_chat_id: String,
        pub title: Option<String>,
        pub is_private: bool,
        pub lang: Option<String>,
        pub theme: Option<String>,
        pub orientation: Option<String>,
        pub days_per_move: Option<i64>,
        /// The reminders of a move (`50% 24h`, `off`); None: the default.
        pub reminders: Option<String>,
        /// `edit` or `new` (see `core::BoardMode`); `None`: not chosen.
        pub boards: Option<String>,
        /// The chat's default variant (`None`: Russian).
        pub variant: Option<shashki_engine::Variant> => super::opt_variant_at,
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

/// Change one chat setting column (`lang`, `theme`, `orientation`,
/// `days_per_move`, `reminders`, `boards`, `variant`).
pub fn set_chat_setting(
    c: &Tx,
    id: ChatId,
    column: ChatSetting,
    value: Option<&str>,
) -> StoreResult<()> {
    let col = match column {
        ChatSetting::Lang => "lang",
        ChatSetting::Theme => "theme",
        ChatSetting::Orientation => "orientation",
        ChatSetting::DaysPerMove => "days_per_move",
        ChatSetting::Reminders => "reminders",
        ChatSetting::Boards => "boards",
        ChatSetting::Variant => "variant",
    };
    c.exec(
        &format!("UPDATE chats SET {col} = ?2 WHERE id = ?1"),
        params![id, value],
    )?;
    Ok(())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatSetting {
    Lang,
    Theme,
    Orientation,
    DaysPerMove,
    Reminders,
    Boards,
    Variant,
}
