//! Settings of the chat service.

use super::i18n::Lang;
use super::reminders::Reminders;
use super::time::DAY;
use crate::render::Theme;
use std::time::Duration;

/// Settings of the chat service.
#[derive(Debug, Clone)]
pub struct Config {
    /// Days per move when a challenge does not say.
    pub default_days: i64,
    /// How long a challenge stays open.
    pub challenge_ttl_secs: i64,
    /// The reminders of a move in chats that did not set theirs
    /// (`/settings reminders`): at 50 % and at 24 h left.
    pub reminders: Reminders,
    /// Leave days per player and tournament unless `/tournament new …
    /// leave N` says otherwise.
    pub tournament_leave_days: i64,
    /// Vacation days each player may take per calendar year.
    pub vacation_days_per_year: i64,
    /// Board image width in pixels.
    pub board_size: u32,
    /// Cap on the AI's thinking time per move (level 8 uses its full budget
    /// up to this).
    pub ai_max_movetime: Duration,
    /// Downtime shorter than this does not move deadlines.
    pub downtime_grace_secs: i64,
    /// The language when neither the chat, the user nor the platform says.
    pub default_lang: Lang,
    /// The board theme of chats that did not choose one.
    pub default_theme: Theme,
    /// How much one user or chat may open at once.
    pub limits: Limits,
    /// People who count as an admin in every chat: `platform:user-id`
    /// (`telegram:123456`, `discord:9876…`).
    pub owners: Vec<String>,
    /// The least time between two progress edits of an analysis' message
    /// (it is edited at most once per tenth of the game, and no more often
    /// than this: the platforms limit edits).
    pub analysis_progress_every: Duration,
    /// The web board's links (`[web]`, see [`crate::core::web`]).
    pub web: WebLinks,
}

/// How the web board's links are made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebLinks {
    /// The address the pages are reached at (`https://bot.example.org`);
    /// `None`: `/web` says the web board is off.
    pub public_url: Option<String>,
    /// The secret links are signed with; `None`: one made once and kept in
    /// the database.
    pub secret: Option<String>,
    /// How long a link opens the page.
    pub link_secs: i64,
    /// The short name of the bot's Telegram Mini App: a living board on
    /// Telegram carries "Open board", `t.me/<bot>/<app>?startapp=game-12`.
    pub mini_app: Option<String>,
}

impl Default for WebLinks {
    fn default() -> Self {
        WebLinks {
            public_url: None,
            secret: None,
            link_secs: 7 * 24 * 3600,
            mini_app: None,
        }
    }
}

/// Limits on what one user or chat may have open at once; going past one
/// is refused with a message naming the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Open challenges one user has made.
    pub open_challenges_per_user: i64,
    /// Games in progress one user plays (all chats).
    pub active_games_per_user: i64,
    /// Games in progress in one chat.
    pub active_games_per_chat: i64,
    /// Games in progress against the AI, per user.
    pub ai_games_per_user: i64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            open_challenges_per_user: 5,
            active_games_per_user: 30,
            active_games_per_chat: 200,
            ai_games_per_user: 3,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            default_days: 3,
            challenge_ttl_secs: DAY,
            reminders: Reminders::default(),
            tournament_leave_days: 30,
            vacation_days_per_year: 30,
            board_size: 640,
            ai_max_movetime: Duration::from_secs(3),
            downtime_grace_secs: 120,
            default_lang: Lang::En,
            default_theme: Theme::Classic,
            limits: Limits::default(),
            owners: Vec::new(),
            analysis_progress_every: Duration::from_secs(3),
            web: WebLinks::default(),
        }
    }
}
