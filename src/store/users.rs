//! Users seen on the platforms, their language and vacations.

use super::ChatId;
use super::StoreResult;
use super::Tx;
use super::UserId;
use crate::core::i18n::Lang;
use rusqlite::params;

table_row! {
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct UserRow {
        pub id: UserId,
        pub platform: String,
        pub platform_user_id: String,
        pub name: String,
        pub handle: Option<String>,
        /// Their own language (`/settings lang`), stored as its code.
        pub lang: Option<Lang>,
        pub vacation_year: i64,
        pub vacation_days: i64,
        pub vacation_until: i64,
    }
}

impl UserRow {
    /// No one: the acting "user" of the service's own actions.
    pub fn nobody(platform: &str) -> UserRow {
        UserRow {
            id: UserId(0),
            platform: platform.to_string(),
            platform_user_id: String::new(),
            name: String::new(),
            handle: None,
            lang: None,
            vacation_year: 0,
            vacation_days: 0,
            vacation_until: 0,
        }
    }
}

/// The ids of a user and a chat known by their platform ids.
pub fn user_and_chat(
    c: &Tx,
    platform: &str,
    user: &str,
    chat: &str,
) -> StoreResult<Option<(UserId, ChatId)>> {
    c.one(
        "SELECT u.id, ch.id FROM users u, chats ch
         WHERE u.platform = ?1 AND u.platform_user_id = ?2
           AND ch.platform = ?1 AND ch.platform_chat_id = ?3",
        params![platform, user, chat],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

const USER_COLS: &str = UserRow::COLUMNS;

/// Insert or refresh a user seen on a platform; returns the stored row.
/// A @handle belongs to the account that showed it last: handles change
/// hands (on Telegram a freed username is anyone's), and the bot hears of
/// it only when the new holder speaks, so any other account of the
/// platform that still holds it loses it here (in the caller's
/// transaction; `users_handle` is unique since v22).
pub fn upsert_user(
    c: &Tx,
    platform: &str,
    platform_user_id: &str,
    name: &str,
    handle: Option<&str>,
    now: i64,
) -> StoreResult<UserRow> {
    if let Some(h) = handle {
        c.exec(
            "UPDATE users SET handle = NULL
                 WHERE platform = ?1 AND handle = ?2 AND platform_user_id <> ?3",
            params![platform, h.to_lowercase(), platform_user_id],
        )?;
    }
    c.exec(
        "INSERT INTO users (platform, platform_user_id, name, handle, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (platform, platform_user_id)
         DO UPDATE SET name = excluded.name, handle = excluded.handle
         WHERE users.name IS DISTINCT FROM excluded.name
            OR users.handle IS DISTINCT FROM excluded.handle",
        params![
            platform,
            platform_user_id,
            name,
            handle.map(str::to_lowercase),
            now
        ],
    )?;
    c.row(
        &format!("SELECT {USER_COLS} FROM users WHERE platform = ?1 AND platform_user_id = ?2"),
        params![platform, platform_user_id],
        UserRow::from_row,
    )
}

pub fn user(c: &Tx, id: UserId) -> StoreResult<Option<UserRow>> {
    c.one(
        &format!("SELECT {USER_COLS} FROM users WHERE id = ?1"),
        params![id],
        UserRow::from_row,
    )
}

pub fn user_by_handle(c: &Tx, platform: &str, handle: &str) -> StoreResult<Option<UserRow>> {
    c.one(
        &format!("SELECT {USER_COLS} FROM users WHERE platform = ?1 AND handle = ?2"),
        params![platform, handle.trim_start_matches('@').to_lowercase()],
        UserRow::from_row,
    )
}

/// A user known by their platform id.
pub fn user_by_platform_id(
    c: &Tx,
    platform: &str,
    platform_user_id: &str,
) -> StoreResult<Option<UserRow>> {
    c.one(
        &format!("SELECT {USER_COLS} FROM users WHERE platform = ?1 AND platform_user_id = ?2"),
        params![platform, platform_user_id],
        UserRow::from_row,
    )
}

/// A user's own language (`/settings lang`), stored as its code.
pub fn set_user_lang(c: &Tx, id: UserId, lang: Lang) -> StoreResult<()> {
    c.exec(
        "UPDATE users SET lang = ?2 WHERE id = ?1",
        params![id, lang],
    )?;
    Ok(())
}

pub fn set_vacation(c: &Tx, id: UserId, year: i64, days_used: i64, until: i64) -> StoreResult<()> {
    c.exec("UPDATE users SET vacation_year = ?2, vacation_days = ?3, vacation_until = ?4 WHERE id = ?1", params![id, year, days_used, until])?;
    Ok(())
}
