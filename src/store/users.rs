//! Users seen on the platforms, their language and vacations.

use super::ChatId;
use super::ChatRow;
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
        /// They want private notifications (`/notify on`).
        pub notify: bool,
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
            notify: false,
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

/// `COLUMNS` with each column named as `table.column` (for a join).
fn qualified(table: &str, columns: &str) -> String {
    columns
        .split(", ")
        .map(|c| format!("{table}.{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who sent an event, as the platform shows them (see [`upsert_user`]).
#[derive(Debug, Clone, Copy)]
pub struct SeenUser<'a> {
    pub platform_user_id: &'a str,
    pub name: &'a str,
    pub handle: Option<&'a str>,
}

/// Where an event came from, as the platform shows it (see
/// [`upsert_chat`]).
#[derive(Debug, Clone, Copy)]
pub struct SeenChat<'a> {
    pub platform_chat_id: &'a str,
    pub title: Option<&'a str>,
    pub is_private: bool,
}

/// The user and the chat of an event, inserted or refreshed as
/// [`upsert_user`] and [`upsert_chat`] do, in one read when both are known
/// and unchanged (the same name, handle and title: the common case, each
/// of a chat's messages): neither upsert would write anything then, and
/// the rows read are what they would read back.
pub fn upsert_user_and_chat(
    c: &Tx,
    platform: &str,
    user: SeenUser,
    chat: SeenChat,
    now: i64,
) -> StoreResult<(UserRow, ChatRow)> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT {}, {} FROM (SELECT 1 AS one) AS here
             LEFT JOIN users u ON u.platform = ?1 AND u.platform_user_id = ?2
             LEFT JOIN chats ch ON ch.platform = ?1 AND ch.platform_chat_id = ?3",
            qualified("u", USER_COLS),
            qualified("ch", ChatRow::COLUMNS)
        )
    });
    let user_cols = USER_COLS.split(", ").count();
    let (known_user, known_chat) = c.row(
        &SQL,
        params![platform, user.platform_user_id, chat.platform_chat_id],
        |r| {
            let u = match r.get::<_, Option<i64>>(0)? {
                Some(_) => Some(UserRow::from_row_at(r, 0)?),
                None => None,
            };
            let ch = match r.get::<_, Option<i64>>(user_cols)? {
                Some(_) => Some(ChatRow::from_row_at(r, user_cols)?),
                None => None,
            };
            Ok((u, ch))
        },
    )?;
    let handle = user.handle.map(str::to_lowercase);
    // a handle held already is held by no one else (`users_handle` is
    // unique): nothing to take from another account
    let user = match known_user.filter(|u| u.name == user.name && u.handle == handle) {
        Some(u) => u,
        None => upsert_user(
            c,
            platform,
            user.platform_user_id,
            user.name,
            user.handle,
            now,
        )?,
    };
    let chat =
        match known_chat.filter(|ch| chat.title.is_none() || ch.title.as_deref() == chat.title) {
            Some(ch) => ch,
            None => super::upsert_chat(
                c,
                platform,
                chat.platform_chat_id,
                chat.title,
                chat.is_private,
                now,
            )?,
        };
    Ok((user, chat))
}

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
