//! Telegram Mini App `initData`: the query string Telegram hands the app,
//! signed by the bot's token. Checked as Telegram's documentation says:
//! the pairs other than `hash`, sorted by key, joined `key=value` by
//! newlines (the data-check string); the key HMAC-SHA-256("WebAppData",
//! bot token); the hash HMAC-SHA-256(key, data-check string) in hex; and
//! `auth_date` no older than the limit.

use crate::core::web::hmac;
use hmac::Mac;

/// Why `initData` is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InitDataError {
    #[error("initData has no hash")]
    NoHash,
    #[error("initData's hash does not match")]
    BadHash,
    #[error("initData has no auth_date")]
    NoDate,
    #[error("initData is too old")]
    TooOld,
    #[error("initData has no user")]
    NoUser,
}

/// What a valid `initData` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitData {
    /// The Telegram user's id.
    pub user: i64,
    pub first_name: String,
    pub username: Option<String>,
    pub language: Option<String>,
    /// `start_param` (`game-12`), when the app was opened by a direct link.
    pub start_param: Option<String>,
    pub auth_date: i64,
}

/// Check `init_data` (as the app received it, URL-encoded) against the
/// bot's token at `now`, accepting it for `max_age` seconds.
pub fn check(
    init_data: &str,
    bot_token: &str,
    now: i64,
    max_age: i64,
) -> Result<InitData, InitDataError> {
    let mut pairs: Vec<(String, String)> = url::form_urlencoded::parse(init_data.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let hash = pairs
        .iter()
        .position(|(k, _)| k == "hash")
        .map(|i| pairs.remove(i).1)
        .ok_or(InitDataError::NoHash)?;
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let check_string = pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut key = hmac(b"WebAppData");
    key.update(bot_token.as_bytes());
    let key = key.finalize().into_bytes();
    let mut mac = hmac(&key);
    mac.update(check_string.as_bytes());
    let given = crate::core::web::unhex(&hash).ok_or(InitDataError::BadHash)?;
    mac.verify_slice(&given)
        .map_err(|_| InitDataError::BadHash)?;
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let auth_date: i64 = get("auth_date")
        .and_then(|d| d.parse().ok())
        .ok_or(InitDataError::NoDate)?;
    if now - auth_date > max_age || auth_date > now + 60 {
        return Err(InitDataError::TooOld);
    }
    let user: serde_json::Value = get("user")
        .and_then(|u| serde_json::from_str(&u).ok())
        .ok_or(InitDataError::NoUser)?;
    let text = |k: &str| user.get(k).and_then(|v| v.as_str()).map(str::to_string);
    Ok(InitData {
        user: user
            .get("id")
            .and_then(serde_json::Value::as_i64)
            .ok_or(InitDataError::NoUser)?,
        first_name: text("first_name").unwrap_or_default(),
        username: text("username"),
        language: text("language_code"),
        start_param: get("start_param"),
        auth_date,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A known vector: computed independently with Python's `hmac` and
    /// `hashlib` (the recipe of Telegram's documentation) for this token
    /// and these fields:
    ///
    /// ```text
    /// key  = hmac.new(b"WebAppData", b"123456:ABC-test-token", sha256).digest()
    /// hash = hmac.new(key, "auth_date=1700000000\nquery_id=AAF9\nuser={...}", sha256).hexdigest()
    /// ```
    const TOKEN: &str = "123456:ABC-test-token";
    const DATA: &str = "query_id=AAF9&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Anna%22%2C%22username%22%3A%22anna%22%2C%22language_code%22%3A%22ru%22%7D&auth_date=1700000000&hash=HASH";
    const HASH: &str = "47d6bac520217288777ef86e9bf3357ca634788b4cbf606a5f13c8f769eb2051";

    fn data() -> String {
        DATA.replace("HASH", HASH)
    }

    #[test]
    fn the_known_vector_is_accepted() {
        let d = check(&data(), TOKEN, 1_700_000_100, 3600).expect("valid initData");
        assert_eq!(d.user, 42);
        assert_eq!(d.first_name, "Anna");
        assert_eq!(d.username.as_deref(), Some("anna"));
        assert_eq!(d.language.as_deref(), Some("ru"));
        assert_eq!(d.auth_date, 1_700_000_000);
    }

    #[test]
    fn forged_old_or_tampered_init_data_is_refused() {
        // another bot's token
        assert_eq!(
            check(&data(), "654321:other", 1_700_000_100, 3600),
            Err(InitDataError::BadHash)
        );
        // another user, same hash
        let forged = data().replace("%3A42%2C", "%3A43%2C");
        assert_eq!(
            check(&forged, TOKEN, 1_700_000_100, 3600),
            Err(InitDataError::BadHash)
        );
        // too old
        assert_eq!(
            check(&data(), TOKEN, 1_700_000_000 + 3601, 3600),
            Err(InitDataError::TooOld)
        );
        // no hash at all
        assert_eq!(
            check(&DATA.replace("&hash=HASH", ""), TOKEN, 1_700_000_100, 3600),
            Err(InitDataError::NoHash)
        );
        assert_eq!(
            check("hash=zz", TOKEN, 1_700_000_100, 3600),
            Err(InitDataError::BadHash)
        );
    }
}
