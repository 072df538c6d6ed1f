//! `config.toml` for `shashki run`: the database, the bots' tokens and API
//! addresses, the chat service's settings and the log level. Tokens may also
//! come from the environment (`SHASHKI_TELEGRAM_TOKEN`,
//! `SHASHKI_DISCORD_TOKEN`), which wins over the file. Tokens are never
//! printed: [`Secret`]'s `Debug` and `Display` show `[redacted]`.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The public Telegram Bot API.
pub const TELEGRAM_API_URL: &str = "https://api.telegram.org";
/// The public Discord HTTP API (serenity appends `/api/v10/...`).
pub const DISCORD_HTTP_BASE: &str = "https://discord.com";

/// A token: readable by the code that needs it, invisible in logs.
#[derive(Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }
    /// The token itself (pass it to the platform client, never to a log).
    pub fn expose(&self) -> &str {
        &self.0
    }
    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

/// `[access]`: who counts as an admin beyond each chat's own admins.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AccessConfig {
    /// `platform:user-id` of the bot's owners (admins in every chat).
    pub owners: Vec<String>,
}

/// The whole file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FileConfig {
    pub database: DatabaseConfig,
    pub game: GameConfig,
    pub ai: AiConfig,
    pub log: LogConfig,
    /// `[limits]`: how much one user or chat may have open at once.
    pub limits: crate::core::Limits,
    pub access: AccessConfig,
    pub telegram: TelegramConfig,
    pub discord: DiscordConfig,
    pub runtime: RuntimeConfig,
    pub http: HttpConfig,
    pub web: WebConfig,
}

/// `[web]`: the web board (issue 24), served on `[http] listen`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// The address people reach the HTTP server at, as the links are
    /// written (`https://draughts.example.org`: TLS in front, see
    /// docs/bots.md). Unset: no web board.
    pub public_url: Option<String>,
    /// The secret the links are signed with (unset: one is made and kept
    /// in the database). Never logged.
    pub secret: Option<Secret>,
    /// How long a link opens its game's page, in hours.
    pub link_hours: i64,
    /// The short name of the bot's Telegram Mini App (BotFather's
    /// `/newapp`): `t.me/<bot>/<app>?startapp=game-12` links.
    pub mini_app: Option<String>,
    /// The oldest Telegram `initData` accepted, in seconds.
    pub init_data_max_age_secs: i64,
    /// Requests that change something (moves, offers) one user may make
    /// in a minute.
    pub posts_per_minute: u32,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            public_url: None,
            secret: None,
            link_hours: 7 * 24,
            mini_app: None,
            init_data_max_age_secs: 24 * 3600,
            posts_per_minute: 30,
        }
    }
}

/// `[http]`: the operator's endpoints (`/healthz`, `/metrics`; see
/// docs/operations.md). Off when `listen` is absent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HttpConfig {
    /// Where to serve them, `127.0.0.1:9090` (plain HTTP: a private
    /// address, or behind a proxy).
    pub listen: Option<std::net::SocketAddr>,
}

/// `[runtime]`: how the bot queues work.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuntimeConfig {
    /// Updates of one chat that may wait to be handled (all its members
    /// together, the backstop); more are dropped — a flood in one chat takes
    /// no memory or time from the others.
    pub queued_updates_per_chat: usize,
    /// Updates of one member that may wait in one chat (the chat's members
    /// are served in turn); more are dropped and the member is told to slow
    /// down (once a minute at most). A number above `queued_updates_per_chat`
    /// counts as that.
    pub queued_updates_per_user: usize,
    /// Updates of one member one chat takes in a minute; more are dropped
    /// like the above. 0: no such limit.
    pub updates_per_minute_per_user: u32,
    /// At SIGTERM or Ctrl-C: how long the bot may take to finish the
    /// updates already queued and send the replies they owe (what is not
    /// sent by then stays owed in the outbox, sent at the next start).
    pub drain_seconds: u64,
    /// Several processes on one database: how long the sweeper's lease and
    /// a claim on a job or on owed replies last unrenewed — another process
    /// takes over a dead one's within this (docs/operations.md).
    pub lease_seconds: u64,
    /// How often a process looks for replies other processes wrote (a
    /// worker's AI moves) and jobs they queued, in milliseconds.
    pub poll_ms: u64,
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        let l = crate::runtime::LaneLimits::default();
        RuntimeConfig {
            queued_updates_per_chat: l.per_chat,
            queued_updates_per_user: l.per_user,
            updates_per_minute_per_user: l.per_user_per_minute,
            drain_seconds: DEFAULT_DRAIN_SECONDS,
            lease_seconds: 30,
            poll_ms: 300,
        }
    }
}

/// `[runtime] drain_seconds` when absent.
pub const DEFAULT_DRAIN_SECONDS: u64 = 20;

impl RuntimeConfig {
    /// What may wait in a chat's lane.
    /// How long the drain at a stop may take.
    pub fn drain(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.drain_seconds)
    }

    /// Leases, claims and polling among processes on one database.
    pub fn process_options(&self) -> crate::runtime::ProcessOptions {
        let lease = std::time::Duration::from_secs(self.lease_seconds);
        crate::runtime::ProcessOptions {
            lease,
            claim: lease,
            poll: std::time::Duration::from_millis(self.poll_ms),
        }
    }

    pub fn lane_limits(&self) -> crate::runtime::LaneLimits {
        crate::runtime::LaneLimits {
            per_chat: self.queued_updates_per_chat,
            per_user: self.queued_updates_per_user,
            per_user_per_minute: self.updates_per_minute_per_user,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file (created if missing).
    pub path: PathBuf,
    /// A PostgreSQL database instead (`postgres://user:password@host/db`,
    /// `?sslmode=require` for TLS); it wins over `path`. Never logged
    /// with its password.
    pub url: Option<Secret>,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            path: PathBuf::from("shashki.sqlite"),
            url: None,
        }
    }
}

impl DatabaseConfig {
    /// Where the store is: the PostgreSQL URL when one is set, else the
    /// SQLite file.
    pub fn location(&self) -> crate::store::Location {
        match self.url.as_ref().filter(|u| !u.is_empty()) {
            Some(url) => crate::store::Location::Postgres(url.expose().trim().to_string()),
            None => crate::store::Location::Sqlite(self.path.clone()),
        }
    }

    /// The URL's password, if any (to keep it out of the log).
    pub fn password(&self) -> Option<String> {
        self.location().password()
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// Days per move when a challenge does not say (1–14).
    pub default_days: i64,
    /// How long a challenge stays open, in hours.
    pub challenge_ttl_hours: i64,
    /// The reminders of a move in chats that did not set theirs: how much
    /// time is left when each comes (`"50% 24h"`, `"off"`).
    pub reminders: Option<String>,
    /// The old single reminder: when this share of the time is used (only
    /// when `reminders` is not given).
    pub reminder_fraction: Option<f64>,
    /// Leave days per player and tournament (`/tournament new … leave N`
    /// overrides it).
    pub tournament_leave_days: i64,
    /// Vacation days per player and calendar year.
    pub vacation_days_per_year: i64,
    /// Board image width in pixels.
    pub board_size: u32,
    /// Downtime shorter than this does not move deadlines (seconds).
    pub downtime_grace_secs: i64,
    /// The language used when neither the chat, the user's setting nor the
    /// platform says one (`en` or `ru`). Chats change theirs with
    /// `/settings chatlang ru`.
    pub language: String,
    /// The board theme for chats that did not choose one (`classic` or
    /// `contrast`); chats change theirs with `/settings theme contrast`.
    pub theme: String,
}

impl Default for GameConfig {
    fn default() -> Self {
        let c = crate::core::Config::default();
        GameConfig {
            default_days: c.default_days,
            challenge_ttl_hours: c.challenge_ttl_secs / 3600,
            reminders: None,
            reminder_fraction: None,
            tournament_leave_days: c.tournament_leave_days,
            vacation_days_per_year: c.vacation_days_per_year,
            board_size: c.board_size,
            downtime_grace_secs: c.downtime_grace_secs,
            language: "en".into(),
            theme: "classic".into(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AiConfig {
    /// The longest the AI thinks for one move, in milliseconds (level 8 uses
    /// all of it; lower levels less).
    pub max_movetime_ms: u64,
    /// How many AI moves are computed at once (each takes a core while it
    /// thinks; more wait their turn). Unset: the number of CPU cores.
    pub workers: Option<usize>,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            max_movetime_ms: crate::core::Config::default().ai_max_movetime.as_millis() as u64,
            workers: None,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter: `info`, `debug`, `shashki=debug,info`, … `RUST_LOG`
    /// wins when set.
    pub level: String,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            level: "info".into(),
        }
    }
}

/// How a new board of a game reaches a Telegram chat that has not chosen
/// (`/settings boards edit|new` wins).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardUpdates {
    /// A new photo message for each position; the old one loses its buttons.
    New,
    /// Edit the game's last board message in place (editMessageMedia) and
    /// answer it with a short turn line.
    #[default]
    Edit,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TelegramConfig {
    /// The token from @BotFather (or env SHASHKI_TELEGRAM_TOKEN). Without a
    /// token the Telegram adapter does not start.
    pub token: Option<Secret>,
    /// The Bot API server: https, or http to a loopback host only.
    pub api_url: String,
    /// `edit` or `new`: how a board after a move is shown in a chat that
    /// has not chosen with `/settings boards`.
    pub board_updates: BoardUpdates,
    /// Long-polling timeout of getUpdates, seconds.
    pub poll_timeout_secs: u32,
    /// Register the command list (setMyCommands) at start.
    pub set_commands: bool,
    /// How many times a call answered 429 waits out its `retry_after` and
    /// is sent again before the send is given up (and logged).
    pub retries_after_429: u32,
    /// How many times a call that failed on the network is sent again
    /// (pauses of 0.5 s, doubled each time).
    pub network_retries: u32,
    /// Webhook mode (instead of long polling): the public HTTPS URL
    /// Telegram posts updates to (given to setWebhook at start). With it,
    /// `webhook_listen` and `webhook_secret` are required.
    pub webhook_url: Option<String>,
    /// Where this process serves the webhook URL's path, in plain HTTP
    /// (`0.0.0.0:8443`), behind a proxy that terminates TLS.
    pub webhook_listen: Option<std::net::SocketAddr>,
    /// Sent to setWebhook as `secret_token` (or env
    /// SHASHKI_TELEGRAM_WEBHOOK_SECRET): every request without it in
    /// `X-Telegram-Bot-Api-Secret-Token` is refused (1–256 of `A-Z a-z 0-9
    /// _ -`).
    pub webhook_secret: Option<Secret>,
}

/// `[telegram] webhook_*`, checked: where updates come from in webhook
/// mode.
#[derive(Debug, Clone)]
pub struct WebhookConfig {
    /// The public URL (https).
    pub url: url::Url,
    /// Where the process serves the URL's path (plain HTTP).
    pub listen: std::net::SocketAddr,
    /// What each request must carry in `X-Telegram-Bot-Api-Secret-Token`.
    pub secret: Secret,
}

impl TelegramConfig {
    /// Webhook mode's settings, when `webhook_url` is set (validated by
    /// [`FileConfig::from_toml`]); `None`: long polling.
    pub fn webhook(&self) -> Result<Option<WebhookConfig>, ConfigError> {
        let url = match self.webhook_url.as_deref().map(str::trim) {
            None | Some("") => {
                if self.webhook_listen.is_some() || self.webhook_secret.is_some() {
                    return Err(ConfigError(
                        "telegram.webhook_listen and webhook_secret need telegram.webhook_url \
                         (without it the bot polls)"
                            .into(),
                    ));
                }
                return Ok(None);
            }
            Some(u) => u,
        };
        let parsed = url::Url::parse(url)
            .map_err(|e| ConfigError(format!("telegram.webhook_url: not a URL ({e})")))?;
        if !parsed.username().is_empty() || parsed.password().is_some() {
            return Err(ConfigError(
                "telegram.webhook_url: credentials in the URL are not supported".into(),
            ));
        }
        if parsed.scheme() != "https" || parsed.host().is_none() {
            return Err(ConfigError(format!(
                "telegram.webhook_url = {url:?}: Telegram posts only to https URLs"
            )));
        }
        if parsed.query().is_some() || parsed.fragment().is_some() {
            return Err(ConfigError(format!(
                "telegram.webhook_url = {url:?}: no query or fragment (the path is served)"
            )));
        }
        let listen = self.webhook_listen.ok_or_else(|| {
            ConfigError(
                "telegram.webhook_listen is required with webhook_url (where this process \
                 serves it, e.g. \"0.0.0.0:8443\")"
                    .into(),
            )
        })?;
        let secret = self
            .webhook_secret
            .clone()
            .filter(|s| !s.is_empty())
            .ok_or_else(|| {
                ConfigError(
                    "telegram.webhook_secret is required with webhook_url (every request \
                     without it is refused)"
                        .into(),
                )
            })?;
        let s = secret.expose();
        if !(1..=256).contains(&s.len())
            || !s
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            // (the secret itself is never echoed)
            return Err(ConfigError(format!(
                "telegram.webhook_secret: {} characters; Telegram allows 1 to 256 of \
                 A-Z, a-z, 0-9, _ and -",
                s.chars().count()
            )));
        }
        Ok(Some(WebhookConfig {
            url: parsed,
            listen,
            secret,
        }))
    }
}

impl Default for TelegramConfig {
    fn default() -> Self {
        TelegramConfig {
            token: None,
            api_url: TELEGRAM_API_URL.into(),
            board_updates: BoardUpdates::Edit,
            poll_timeout_secs: 25,
            set_commands: true,
            retries_after_429: 5,
            network_retries: 3,
            webhook_url: None,
            webhook_listen: None,
            webhook_secret: None,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token of the Discord application (or env
    /// SHASHKI_DISCORD_TOKEN). Without a token the Discord adapter does not
    /// start.
    pub token: Option<Secret>,
    /// The HTTP API base: https, or http to a loopback host only.
    pub http_base: String,
    /// Register the slash commands in this guild only (instant; for testing)
    /// instead of globally.
    pub guild_id: Option<u64>,
    /// Register the slash commands at start.
    pub register_commands: bool,
    /// The gateway shards this process runs, `"0-1/4"` (shards 0 and 1 of
    /// 4) or `"2/4"` (shard 2 of 4); absent: one process runs them all.
    #[serde(deserialize_with = "shard_range")]
    pub shards: Option<ShardRange>,
}

/// `[discord] shards`: shards `first` to `last` (both included) of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// The most shards a range may speak of (Discord's largest bots run some
/// thousands).
pub const MAX_SHARDS: u32 = 65_536;

impl ShardRange {
    /// The shard ids this process runs.
    pub fn ids(&self) -> std::ops::RangeInclusive<u32> {
        self.first..=self.last
    }
}

impl std::fmt::Display for ShardRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

impl std::str::FromStr for ShardRange {
    type Err = String;

    /// `FIRST-LAST/TOTAL` or `SHARD/TOTAL`; shards count from 0, so the
    /// last is below the total. (The message names the value without
    /// quotes: the config's error redaction keeps it.)
    fn from_str(s: &str) -> Result<ShardRange, String> {
        let shown: String = s.chars().take(24).collect();
        let syntax = || {
            format!(
                "shards {shown}: write FIRST-LAST/TOTAL (0-1/4: shards 0 and 1 of 4) or SHARD/TOTAL"
            )
        };
        let (range, total) = s.trim().split_once('/').ok_or_else(syntax)?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a, b),
            None => (range, range),
        };
        let num = |t: &str| {
            let t = t.trim();
            if t.is_empty() || t.len() > 6 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            t.parse::<u32>().map_err(|_| syntax())
        };
        let (first, last, total) = (num(first)?, num(last)?, num(total)?);
        if !(1..=MAX_SHARDS).contains(&total) {
            return Err(format!("shards {shown}: the total is 1 to {MAX_SHARDS}"));
        }
        if first > last {
            return Err(format!(
                "shards {shown}: the first shard ({first}) is after the last ({last})"
            ));
        }
        if last >= total {
            return Err(format!(
                "shards {shown}: shards count from 0, so with {total} in all the last is {}",
                total - 1
            ));
        }
        Ok(ShardRange { first, last, total })
    }
}

/// `[discord] shards` read as a [`ShardRange`].
fn shard_range<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<ShardRange>, D::Error> {
    let s = String::deserialize(d)?;
    s.parse().map(Some).map_err(serde::de::Error::custom)
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            token: None,
            http_base: DISCORD_HTTP_BASE.into(),
            guild_id: None,
            register_commands: true,
            shards: None,
        }
    }
}

/// A config that cannot be used.
#[derive(Debug)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// Whether a URL's host is this machine (127.0.0.0/8, ::1, `localhost`).
pub fn is_loopback(url: &str) -> bool {
    match url::Url::parse(url.trim())
        .ok()
        .as_ref()
        .and_then(url::Url::host)
    {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}

/// Whether an API base may be used: `https://`, or plain `http://` to a
/// loopback host only (127.0.0.0/8, ::1, `localhost`: a local Bot API
/// server, a proxy on the same machine, a test double). No credentials, query
/// or fragment. The reason names the URL without anything secret in it.
pub fn api_base(url: &str) -> Result<(), String> {
    // (a value that is no URL is not echoed: it may be a token put in the
    // wrong place)
    let parsed = url::Url::parse(url.trim()).map_err(|e| format!("not a URL ({e})"))?;
    if !parsed.username().is_empty() || parsed.password().is_some() {
        // never echo a URL with credentials in it
        return Err("credentials in the URL are not supported".into());
    }
    if parsed.query().is_some() || parsed.fragment().is_some() {
        return Err(format!("{url:?}: a base URL has no query or fragment"));
    }
    if parsed.host().is_none() {
        return Err(format!("{url:?} has no host"));
    }
    match parsed.scheme() {
        "https" => Ok(()),
        "http" if is_loopback(url) => Ok(()),
        "http" => Err(format!(
            "{url:?}: plain http only to this machine (127.0.0.0/8, ::1, localhost); \
             use https"
        )),
        _ => Err(format!("{url:?} is not an http(s) URL")),
    }
}

/// A TOML syntax or type error, told by line, column and key — without the
/// line's text (which `toml` shows, and which may hold a token) and without
/// any value the message would quote.
fn toml_error(text: &str, e: &toml::de::Error) -> ConfigError {
    // the key path toml knows (type errors), else the key on the line
    let mut bare = e.clone();
    bare.set_input(None);
    let shown = bare.to_string();
    let key = shown
        .lines()
        .find_map(|l| l.strip_prefix("in `").and_then(|k| k.strip_suffix('`')))
        .map(str::to_string)
        .or_else(|| e.span().and_then(|s| key_at(text, s.start)));
    let mut out = String::new();
    if let Some(span) = e.span() {
        let (line, column) = line_column(text, span.start);
        out.push_str(&format!("line {line}, column {column}"));
    }
    if let Some(key) = key {
        if !out.is_empty() {
            out.push_str(", ");
        }
        out.push_str(&format!("key {key}"));
    }
    if !out.is_empty() {
        out.push_str(": ");
    }
    out.push_str(&redact(e.message().trim(), text));
    ConfigError(out)
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before.get(start..).unwrap_or("").chars().count() + 1)
}

/// The dotted key a byte offset of the text belongs to: the table header
/// above it, and the key left of `=` on its line (or the header itself).
fn key_at(text: &str, offset: usize) -> Option<String> {
    let (line, _) = line_column(text, offset);
    let lines: Vec<&str> = text.split('\n').collect();
    let here = lines.get(line - 1)?.trim();
    let header = |l: &str| {
        let l = l.trim();
        (l.starts_with('[')).then(|| {
            l.trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
    };
    if let Some(h) = header(here) {
        return Some(h);
    }
    let above = lines.get(..line.saturating_sub(1)).unwrap_or(&[]);
    let table = above.iter().rev().find_map(|l| header(l));
    let key = here
        .split_once('=')
        .map(|(k, _)| k.trim().trim_matches(['"', '\'']).to_string())
        .filter(|k| !k.is_empty() && !k.starts_with('#'));
    match (table, key) {
        (Some(t), Some(k)) if !t.is_empty() => Some(format!("{t}.{k}")),
        (_, Some(k)) => Some(k),
        (Some(t), None) if !t.is_empty() => Some(t),
        _ => None,
    }
}

/// A parser's message with every value it quotes taken out: text in double
/// quotes, and backquoted text that is neither a plain word nor a bit of
/// punctuation (`token`, `edit`, `=` stay; `123456:AA…` goes), and any token
/// written in the file.
fn redact(message: &str, text: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(i) = rest.find(['"', '`']) {
        // `i` is the byte of an ASCII quote, so both sides are boundaries
        let q = rest.as_bytes().get(i).map_or('"', |b| char::from(*b));
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i + 1..).unwrap_or("");
        let Some(j) = after.find(q) else {
            out.push_str("[redacted]");
            rest = "";
            break;
        };
        let inner = after.get(..j).unwrap_or("");
        // a key or keyword (`token`, `edit`), or the punctuation a parser
        // expected (`=`, `]`, `"`)
        let word = q == '`'
            && !inner.is_empty()
            && ((inner.len() <= 32 && inner.chars().all(|c| c.is_ascii_alphabetic() || c == '_'))
                || (inner.len() <= 3 && inner.chars().all(|c| c.is_ascii_punctuation())));
        if word {
            out.push_str(&format!("`{inner}`"));
        } else {
            out.push_str("[redacted]");
        }
        rest = after.get(j + 1..).unwrap_or("");
    }
    out.push_str(rest);
    // belt and braces: no token of the file survives, however it is quoted
    for line in text.lines() {
        if let Some((k, v)) = line.split_once('=') {
            let v = v.trim().trim_matches(['"', '\'']).trim();
            let k = k.to_ascii_lowercase();
            if (k.contains("token") || k.contains("secret")) && v.len() >= 4 {
                out = out.replace(v, "[redacted]");
            }
        }
    }
    out
}

impl FileConfig {
    /// Parse TOML text (no environment).
    pub fn from_toml(text: &str) -> Result<FileConfig, ConfigError> {
        let c = FileConfig::parse(text)?;
        c.validate()?;
        Ok(c)
    }

    /// Parse TOML text, not yet validated.
    fn parse(text: &str) -> Result<FileConfig, ConfigError> {
        toml::from_str(text).map_err(|e| toml_error(text, &e))
    }

    /// Read the file (a missing file means all defaults), then apply the
    /// environment, then validate (a secret may come from the environment
    /// alone). A relative database path is taken from the file's folder.
    pub fn load(path: Option<&Path>) -> Result<FileConfig, ConfigError> {
        let mut c = match path {
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .map_err(|e| ConfigError(format!("cannot read {}: {e}", p.display())))?;
                let mut c = FileConfig::parse(&text)
                    .map_err(|e| ConfigError(format!("{}: {e}", p.display())))?;
                if c.database.path.is_relative() {
                    if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
                        c.database.path = dir.join(&c.database.path);
                    }
                }
                c
            }
            None => FileConfig::default(),
        };
        c.apply_env(|k| std::env::var(k).ok());
        c.validate().map_err(|e| match path {
            Some(p) => ConfigError(format!("{}: {e}", p.display())),
            None => e,
        })?;
        Ok(c)
    }

    /// Tokens (and the log level) from the environment win over the file.
    pub fn apply_env(&mut self, get: impl Fn(&str) -> Option<String>) {
        if let Some(t) = get("SHASHKI_TELEGRAM_TOKEN").filter(|t| !t.trim().is_empty()) {
            self.telegram.token = Some(Secret::new(t.trim()));
        }
        if let Some(t) = get("SHASHKI_DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            self.discord.token = Some(Secret::new(t.trim()));
        }
        if let Some(t) = get("SHASHKI_TELEGRAM_WEBHOOK_SECRET").filter(|t| !t.trim().is_empty()) {
            self.telegram.webhook_secret = Some(Secret::new(t.trim()));
        }
        if let Some(p) = get("SHASHKI_DATABASE").filter(|t| !t.trim().is_empty()) {
            // a file, or a PostgreSQL URL
            if crate::store::is_postgres_url(&p) {
                self.database.url = Some(Secret::new(p.trim()));
            } else {
                self.database.path = PathBuf::from(p);
                self.database.url = None;
            }
        }
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let g = &self.game;
        if !(1..=14).contains(&g.default_days) {
            return Err(ConfigError(format!(
                "game.default_days = {} (allowed 1 to 14)",
                g.default_days
            )));
        }
        if let Some(f) = g.reminder_fraction.filter(|f| !(0.0..1.0).contains(f)) {
            return Err(ConfigError(format!(
                "game.reminder_fraction = {f} (allowed 0 to 1)"
            )));
        }
        if let Some(r) = &g.reminders {
            if r.parse::<crate::core::reminders::Reminders>().is_err() {
                return Err(ConfigError(format!(
                    "game.reminders = {r:?} (write the time left for each, e.g. \"50% 24h\", \"2d 12h\", or \"off\")"
                )));
            }
        }
        if !(0..=365).contains(&g.tournament_leave_days) {
            return Err(ConfigError(format!(
                "game.tournament_leave_days = {} (allowed 0 to 365)",
                g.tournament_leave_days
            )));
        }
        let langs = crate::core::i18n::Lang::ALL;
        if !langs.iter().any(|l| l.code() == g.language) {
            let allowed: Vec<String> = langs.iter().map(|l| format!("{:?}", l.code())).collect();
            return Err(ConfigError(format!(
                "game.language = {:?} (allowed {})",
                g.language,
                allowed.join(", ")
            )));
        }
        if g.theme.parse::<crate::render::Theme>().is_err() {
            return Err(ConfigError(format!(
                "game.theme = {:?} (allowed \"classic\", \"contrast\")",
                g.theme
            )));
        }
        for o in &self.access.owners {
            let ok = o
                .split_once(':')
                .is_some_and(|(p, id)| ["telegram", "discord"].contains(&p) && !id.is_empty());
            if !ok {
                return Err(ConfigError(format!(
                    "access.owners: {o:?} (write platform:user-id, e.g. \"telegram:123456789\")"
                )));
            }
        }
        let l = &self.limits;
        for (key, v) in [
            (
                "limits.open_challenges_per_user",
                l.open_challenges_per_user,
            ),
            ("limits.active_games_per_user", l.active_games_per_user),
            ("limits.active_games_per_chat", l.active_games_per_chat),
            ("limits.ai_games_per_user", l.ai_games_per_user),
        ] {
            if !(1..=1_000_000).contains(&v) {
                return Err(ConfigError(format!("{key} = {v} (allowed 1 to 1000000)")));
            }
        }
        if self.runtime.queued_updates_per_user == 0 {
            return Err(ConfigError(
                "runtime.queued_updates_per_user = 0 (at least 1)".into(),
            ));
        }
        if !(3..=3600).contains(&self.runtime.lease_seconds) {
            return Err(ConfigError(format!(
                "runtime.lease_seconds = {} (allowed 3 to 3600)",
                self.runtime.lease_seconds
            )));
        }
        if !(10..=60_000).contains(&self.runtime.poll_ms) {
            return Err(ConfigError(format!(
                "runtime.poll_ms = {} (allowed 10 to 60000)",
                self.runtime.poll_ms
            )));
        }
        for (key, url) in [
            ("telegram.api_url", &self.telegram.api_url),
            ("discord.http_base", &self.discord.http_base),
        ] {
            api_base(url).map_err(|why| ConfigError(format!("{key}: {why}")))?;
        }
        self.telegram.webhook()?;
        Ok(())
    }

    /// The Telegram token, if the adapter should start.
    pub fn telegram_token(&self) -> Option<&Secret> {
        self.telegram.token.as_ref().filter(|t| !t.is_empty())
    }

    /// The Discord token, if the adapter should start.
    pub fn discord_token(&self) -> Option<&Secret> {
        self.discord.token.as_ref().filter(|t| !t.is_empty())
    }

    /// The chat service's settings.
    pub fn service_config(&self) -> crate::core::Config {
        let g = &self.game;
        crate::core::Config {
            default_days: g.default_days,
            challenge_ttl_secs: g.challenge_ttl_hours.max(1) * 3600,
            reminders: match (&g.reminders, g.reminder_fraction) {
                (Some(r), _) => r.parse().unwrap_or_default(),
                (None, Some(f)) => crate::core::reminders::Reminders::used_fraction(f),
                (None, None) => crate::core::reminders::Reminders::default(),
            },
            tournament_leave_days: g.tournament_leave_days,
            vacation_days_per_year: g.vacation_days_per_year,
            board_size: g.board_size,
            ai_max_movetime: Duration::from_millis(self.ai.max_movetime_ms.max(10)),
            downtime_grace_secs: g.downtime_grace_secs,
            default_lang: crate::core::i18n::Lang::from_code(&g.language).unwrap_or_default(),
            default_theme: g.theme.parse().unwrap_or(crate::render::Theme::Classic),
            limits: self.limits,
            owners: self.access.owners.clone(),
            web: crate::core::WebLinks {
                public_url: self.web.public_url.clone(),
                secret: self.web.secret.as_ref().map(|s| s.expose().to_string()),
                link_secs: self.web.link_hours.max(1) * 3600,
                mini_app: self.web.mini_app.clone().filter(|a| !a.trim().is_empty()),
            },
            ..crate::core::Config::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_parses_and_documents_every_key() {
        let text = include_str!("../config.example.toml");
        let c = FileConfig::from_toml(text).expect("example parses");
        assert_eq!(c.telegram.api_url, TELEGRAM_API_URL);
        assert_eq!(c.discord.http_base, DISCORD_HTTP_BASE);
        assert_eq!(c.database.path, PathBuf::from("shashki.sqlite"));
        // every key of the defaults appears in the example (commented or not)
        for key in [
            "[database]",
            "path",
            "url",
            "[game]",
            "default_days",
            "challenge_ttl_hours",
            "reminders",
            "reminder_fraction",
            "tournament_leave_days",
            "vacation_days_per_year",
            "board_size",
            "downtime_grace_secs",
            "language",
            "theme",
            "[ai]",
            "max_movetime_ms",
            "workers",
            "[log]",
            "level",
            "[limits]",
            "open_challenges_per_user",
            "active_games_per_user",
            "active_games_per_chat",
            "ai_games_per_user",
            "[runtime]",
            "queued_updates_per_chat",
            "queued_updates_per_user",
            "updates_per_minute_per_user",
            "lease_seconds",
            "poll_ms",
            "[access]",
            "owners",
            "[telegram]",
            "token",
            "api_url",
            "board_updates",
            "poll_timeout_secs",
            "set_commands",
            "[discord]",
            "http_base",
            "guild_id",
            "register_commands",
            "[web]",
            "public_url",
            "link_hours",
            "mini_app",
            "init_data_max_age_secs",
            "posts_per_minute",
            "webhook_url",
            "webhook_listen",
            "webhook_secret",
            "shards",
        ] {
            assert!(text.contains(key), "{key} is not in config.example.toml");
        }
    }

    #[test]
    fn env_tokens_win_and_are_never_printed() {
        let mut c = FileConfig::from_toml(
            "[telegram]\ntoken = \"123:file\"\napi_url = \"http://127.0.0.1:1\"\n",
        )
        .unwrap();
        assert_eq!(c.telegram_token().unwrap().expose(), "123:file");
        assert!(c.discord_token().is_none());
        c.apply_env(|k| match k {
            "SHASHKI_TELEGRAM_TOKEN" => Some("456:env".into()),
            "SHASHKI_DISCORD_TOKEN" => Some("disc.secret".into()),
            _ => None,
        });
        assert_eq!(c.telegram_token().unwrap().expose(), "456:env");
        assert_eq!(c.discord_token().unwrap().expose(), "disc.secret");
        let shown = format!("{c:?}");
        assert!(!shown.contains("456:env") && !shown.contains("disc.secret"));
        assert!(shown.contains("[redacted]"));
    }

    #[test]
    fn bad_values_are_named() {
        for (text, word) in [
            ("[game]\ndefault_days = 40\n", "default_days"),
            ("[game]\nlanguage = \"es\"\n", "language"),
            ("[game]\ntheme = \"pink\"\n", "theme"),
            ("[telegram]\napi_url = \"ftp://x\"\n", "api_url"),
            ("[telegram]\ntokn = \"x\"\n", "tokn"),
            ("[runtime]\nlease_seconds = 1\n", "lease_seconds"),
            ("[runtime]\npoll_ms = 0\n", "poll_ms"),
            (
                "[runtime]\nqueued_updates_per_user = 0\n",
                "queued_updates_per_user",
            ),
            ("[daily]\nhour_utc = 9\n", "daily"),
        ] {
            let e = FileConfig::from_toml(text).unwrap_err().to_string();
            assert!(e.contains(word), "{text}: {e}");
        }
        let c = FileConfig::from_toml("[ai]\nmax_movetime_ms = 500\nworkers = 3\n").unwrap();
        assert_eq!(
            c.service_config().ai_max_movetime,
            Duration::from_millis(500)
        );
        assert_eq!(c.ai.workers, Some(3));
        assert_eq!(FileConfig::default().ai.workers, None);
        let c = FileConfig::from_toml(
            "[runtime]\nqueued_updates_per_chat = 32\nqueued_updates_per_user = 4\nupdates_per_minute_per_user = 20\n",
        )
        .unwrap();
        let l = c.runtime.lane_limits();
        assert_eq!((l.per_chat, l.per_user, l.per_user_per_minute), (32, 4, 20));
    }

    #[test]
    fn webhook_mode_needs_all_three_keys_and_never_shows_the_secret() {
        let c = FileConfig::from_toml("").unwrap();
        assert!(
            c.telegram.webhook().unwrap().is_none(),
            "polling by default"
        );
        let full = "[telegram]\nwebhook_url = \"https://bot.example/tg/hook\"\n\
                    webhook_listen = \"127.0.0.1:8443\"\nwebhook_secret = \"s3cret_Value-1\"\n";
        let c = FileConfig::from_toml(full).unwrap();
        let w = c.telegram.webhook().unwrap().unwrap();
        assert_eq!(w.url.path(), "/tg/hook");
        assert_eq!(w.listen, "127.0.0.1:8443".parse().unwrap());
        assert_eq!(w.secret.expose(), "s3cret_Value-1");
        assert!(
            !format!("{c:?}").contains("s3cret"),
            "the secret never prints"
        );
        for (text, why) in [
            (
                "[telegram]\nwebhook_url = \"https://bot.example/h\"\nwebhook_secret = \"abcdefgh\"\n",
                "webhook_listen is required",
            ),
            (
                "[telegram]\nwebhook_url = \"https://bot.example/h\"\nwebhook_listen = \"127.0.0.1:1\"\n",
                "webhook_secret is required",
            ),
            (
                "[telegram]\nwebhook_url = \"http://bot.example/h\"\nwebhook_listen = \"127.0.0.1:1\"\nwebhook_secret = \"abcdefgh\"\n",
                "only to https",
            ),
            (
                "[telegram]\nwebhook_url = \"https://bot.example/h?x=1\"\nwebhook_listen = \"127.0.0.1:1\"\nwebhook_secret = \"abcdefgh\"\n",
                "no query",
            ),
            (
                "[telegram]\nwebhook_listen = \"127.0.0.1:1\"\n",
                "need telegram.webhook_url",
            ),
            (
                "[telegram]\nwebhook_url = \"https://bot.example/h\"\nwebhook_listen = \"127.0.0.1:1\"\nwebhook_secret = \"has space!\"\n",
                "A-Z, a-z, 0-9, _ and -",
            ),
            (
                "[telegram]\nwebhook_url = \"https://bot.example/h\"\nwebhook_listen = \"nowhere\"\nwebhook_secret = \"abcdefgh\"\n",
                "webhook_listen",
            ),
        ] {
            let e = FileConfig::from_toml(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
            assert!(!e.contains("has space") && !e.contains("abcdefgh"), "{e}");
        }
    }

    #[test]
    fn discord_shards_are_a_checked_range() {
        assert_eq!(FileConfig::from_toml("").unwrap().discord.shards, None);
        for (text, first, last, total) in [
            ("0-1/4", 0, 1, 4),
            ("2/4", 2, 2, 4),
            ("0/1", 0, 0, 1),
            (" 3-3/4 ", 3, 3, 4),
        ] {
            let c = FileConfig::from_toml(&format!("[discord]\nshards = \"{text}\"\n"))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let r = c.discord.shards.unwrap();
            assert_eq!((r.first, r.last, r.total), (first, last, total), "{text}");
            assert_eq!(r.ids().count() as u32, last - first + 1);
        }
        assert_eq!("0-1/4".parse::<ShardRange>().unwrap().to_string(), "0-1/4");
        assert_eq!("1/2".parse::<ShardRange>().unwrap().to_string(), "1/2");
        for (text, why) in [
            (
                "5-6/4",
                "shards count from 0, so with 4 in all the last is 3",
            ),
            ("4/4", "the last is 3"),
            ("1-0/4", "the first shard (1) is after the last (0)"),
            ("x/4", "write FIRST-LAST/TOTAL"),
            ("0-1", "write FIRST-LAST/TOTAL"),
            ("0/0", "the total is 1 to"),
            ("-1/4", "write FIRST-LAST/TOTAL"),
            ("0-99999999999/4", "write FIRST-LAST/TOTAL"),
        ] {
            let e = FileConfig::from_toml(&format!("[discord]\nshards = \"{text}\"\n"))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("discord.shards") && e.contains(why),
                "{text}: {e}"
            );
            assert!(e.contains(text.trim()), "the value is named: {e}");
        }
        let e = FileConfig::from_toml("[discord]\nshards = 4\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("discord.shards"), "{e}");
    }

    #[test]
    fn plain_http_only_to_this_machine() {
        for ok in [
            "https://api.telegram.org",
            "https://discord.com",
            "https://proxy.example:8443/discord",
            "http://127.0.0.1:8081",
            "http://127.5.6.7",
            "http://[::1]:3000",
            "http://localhost:3000/",
            "http://LOCALHOST",
        ] {
            assert_eq!(api_base(ok), Ok(()), "{ok}");
            for key in ["telegram]\napi_url", "discord]\nhttp_base"] {
                FileConfig::from_toml(&format!("[{key} = \"{ok}\"\n"))
                    .unwrap_or_else(|e| panic!("{ok}: {e}"));
            }
        }
        for (bad, why) in [
            ("http://api.telegram.org", "plain http only to this machine"),
            ("http://10.0.0.1:8081", "plain http only"),
            ("http://[::2]", "plain http only"),
            ("http://localhost.example.com", "plain http only"),
            ("http://128.0.0.1", "plain http only"),
            ("ftp://127.0.0.1", "not an http(s) URL"),
            ("127.0.0.1:8081", "not a URL"),
            ("https://u:p@discord.com", "credentials"),
            ("https://discord.com/?a=1", "no query"),
        ] {
            let e = api_base(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
            for key in ["telegram.api_url", "discord.http_base"] {
                let (table, k) = key.split_once('.').unwrap();
                let e = FileConfig::from_toml(&format!("[{table}]\n{k} = \"{bad}\"\n"))
                    .unwrap_err()
                    .to_string();
                assert!(e.contains(key) && e.contains(why), "{bad}: {e}");
            }
        }
        // credentials are never echoed
        assert!(!api_base("https://u:hunter2@x.example")
            .unwrap_err()
            .contains("hunter2"));
    }

    #[test]
    fn a_postgres_url_wins_over_the_file_and_never_shows_its_password() {
        use crate::store::Location;
        let c = FileConfig::from_toml(
            "[database]\npath = \"x.sqlite\"\nurl = \"postgres://bot:s%40cret@db.example.org:5433/shashki?sslmode=require\"\n",
        )
        .unwrap();
        let at = c.database.location();
        assert!(matches!(&at, Location::Postgres(u) if u.contains("s%40cret")));
        let shown = format!("{at} {at:?} {:?}", c.database);
        assert!(!shown.contains("cret"), "{shown}");
        assert!(
            shown.contains("bot:***@db.example.org:5433/shashki"),
            "{shown}"
        );
        assert_eq!(c.database.password().as_deref(), Some("s@cret"));
        // without a URL: the file
        let c = FileConfig::from_toml("[database]\npath = \"x.sqlite\"\n").unwrap();
        assert_eq!(c.database.location(), Location::Sqlite("x.sqlite".into()));
        assert_eq!(c.database.password(), None);
        // SHASHKI_DATABASE takes either
        let mut c = FileConfig::default();
        c.apply_env(|k| (k == "SHASHKI_DATABASE").then(|| "postgresql://u:p@h/d".to_string()));
        assert!(matches!(c.database.location(), Location::Postgres(_)));
        c.apply_env(|k| (k == "SHASHKI_DATABASE").then(|| "other.sqlite".to_string()));
        assert_eq!(
            c.database.location(),
            Location::Sqlite("other.sqlite".into())
        );
        // a password in the query is hidden too, and an unreadable URL
        // shows nothing of itself
        let at = Location::parse("postgres://h/d?user=u&password=hunter2");
        assert!(!at.to_string().contains("hunter2"), "{at}");
        assert_eq!(
            Location::parse("postgres://u:pw@[bad").to_string(),
            "postgres://***"
        );
    }

    #[test]
    fn syntax_and_type_errors_say_where_and_never_show_a_token() {
        let secret = "123456:AAH-very-secret_TOKEN";
        let disc = "MTA1.secret.discord";
        for (text, line, column, key) in [
            // a type error on the line after the token
            (
                format!("[telegram]\ntoken = \"{secret}\"\npoll_timeout_secs = \"soon\"\n"),
                3,
                21,
                "telegram.poll_timeout_secs",
            ),
            // a type error on the token's own line (a number)
            (
                "[telegram]\ntoken = 123456789012\n".into(),
                2,
                9,
                "telegram.token",
            ),
            // the token unquoted: a syntax error on its line
            (
                format!("[telegram]\ntoken = {secret}\n"),
                2,
                9,
                "telegram.token",
            ),
            // a string left open on the token's line
            (
                format!("[discord]\ntoken = \"{disc}\nhttp_base = \"https://discord.com\"\n"),
                2,
                29,
                "discord.token",
            ),
            // a syntax error right below a token
            (
                format!("[discord]\ntoken = \"{disc}\"\nguild_id = = 5\n"),
                3,
                12,
                "discord.guild_id",
            ),
            // a token pasted into a number's place
            (
                format!("[discord]\ntoken = \"x\"\nguild_id = \"{disc}\"\n"),
                3,
                12,
                "discord.guild_id",
            ),
            // a table header broken
            ("[telegram\ntoken = \"1:x\"\n".into(), 1, 10, "telegram"),
        ] {
            let e = FileConfig::from_toml(&text).unwrap_err().to_string();
            let at = format!("line {line}, column {column}");
            assert!(e.contains(&at), "{at} in {e:?} for\n{text}");
            assert!(e.contains(&format!("key {key}")), "{key} in {e:?}");
            for s in [secret, disc, "123456789012", "very-secret", "secret"] {
                assert!(!e.contains(s), "{s} shown in {e:?}");
            }
            assert!(
                !e.contains('\n') && !e.contains(" | "),
                "no quoted line: {e:?}"
            );
        }
        // the file is named when it is read from disk
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, format!("[telegram]\ntoken = {secret}\n")).unwrap();
        let e = FileConfig::load(Some(&path)).unwrap_err().to_string();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        assert!(e.contains("line 2") && !e.contains("secret"), "{e}");
    }
}
