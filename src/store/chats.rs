//! Chats and their settings.

use super::ChatId;
use super::StoreResult;
use super::Tx;
use rusqlite::{params, OptionalExtension};

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
    c.sql()
        .prepare_cached(
            "INSERT INTO chats (platform, platform_chat_id, title, is_private, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (platform, platform_chat_id)
         DO UPDATE SET title = COALESCE(excluded.title, title)
         WHERE excluded.title IS NOT NULL AND title IS NOT excluded.title",
        )?
        .execute(params![platform, platform_chat_id, title, is_private, now])?;
    Ok(c.sql()
        .prepare_cached(&format!(
            "SELECT {CHAT_COLS} FROM chats WHERE platform = ?1 AND platform_chat_id = ?2"
        ))?
        .query_row(params![platform, platform_chat_id], ChatRow::from_row)?)
}

pub fn chat(c: &Tx, id: ChatId) -> StoreResult<Option<ChatRow>> {
    Ok(c.sql()
        .prepare_cached(&format!("SELECT {CHAT_COLS} FROM chats WHERE id = ?1"))?
        .query_row([id], ChatRow::from_row)
        .optional()?)
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
    c.sql()
        .prepare_cached(&format!("UPDATE chats SET {col} = ?2 WHERE id = ?1"))?
        .execute(params![id, value])?;
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
