//! Telegram: long polling (getUpdates) with teloxide on rustls. Translates
//! messages and button presses into core events, and is the platform's
//! transport for the hub's deliverer: sendMessage / sendPhoto /
//! sendAnimation / sendDocument, editMessageText / editMessageMedia /
//! editMessageReplyMarkup, answerCallbackQuery — the rules of what goes
//! where are the deliverer's (`runtime::deliver`).
//!
//! - Each update is handled in its chat's lane on the hub: one chat's
//!   updates one at a time, its members in turn (each member's in order),
//!   different chats side by side; a member's flood is shed past their
//!   quota (and the chat's past its bound), and they are told to slow down
//!   once a minute at most (the press's answer, or a reply to their
//!   message).
//!
//! - Calls are paced per chat (`pace`: Telegram's rate limits; network
//!   failures are tried again with backoff); a 429 comes back to the
//!   deliverer, which waits in that chat's queue alone.
//! - The getUpdates offset moves past an update once it is handled (or
//!   dropped; the runtime's watermark, `runtime::intake`), so a crash
//!   before that gets it again (stored updates are recognised and
//!   skipped); its replies are in the outbox by then.
//! - Or webhook mode (`webhook`: `[telegram] webhook_url`): Telegram posts
//!   each update, the request is answered once it is handled, and any
//!   number of processes may take them (see `webhook.rs`).
//! - Text is Telegram HTML built with teloxide's helpers (`html`); a
//!   caption too long for a photo goes in a message of its own under it.
//! - Commands work everywhere (privacy mode on is fine); bare text counts as
//!   a move in private chats and in replies to the bot's messages.
//! - The menus are registered with setMyCommands in every language of the
//!   catalogue, per scope: every chat, private chats, groups' members,
//!   groups' administrators (descriptions from the catalogue).
//! - Inline mode (`@bot` in any chat): the core's cards, a puzzle's board
//!   by the file id Telegram gave the photo when the bot sent it.

use crate::config::{BoardUpdates, Secret, TelegramConfig, WebhookConfig};
use crate::core::{Platform, PlatformLimits};
use crate::runtime::intake::Intake;
use crate::runtime::pace::at_start;
use crate::runtime::{Hub, Transport};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use teloxide::adaptors::throttle::Limits;
use teloxide::requests::{Request, Requester};
use teloxide::{Bot, RequestError};

mod commands;
mod events;
mod html;
mod inline;
mod markup;
mod pace;
mod poll;
#[cfg(test)]
mod tests;
mod transport;
mod webhook;

pub use html::{rich, to_html, Html, Rich};
pub use markup::{deep_link, keyboard, share_url, with_share};
use pace::Pace;

/// What Telegram accepts (caption and message lengths, buttons a row,
/// callback data bytes, the callback answer's length).
fn limits() -> &'static PlatformLimits {
    Platform::Telegram.limits()
}

type TgBot = Bot;

/// Settings of the Telegram adapter.
#[derive(Debug, Clone)]
pub struct TelegramOptions {
    pub api_url: String,
    pub board_updates: BoardUpdates,
    pub poll_timeout: Duration,
    pub set_commands: bool,
    /// Rate limits, kept per chat (Telegram's by default).
    pub limits: Limits,
    /// How often a failed call is tried again.
    pub retries: pace::Retries,
    /// Webhook mode (`[telegram] webhook_*`); `None`: long polling.
    pub webhook: Option<WebhookConfig>,
}

impl TelegramOptions {
    /// The adapter's settings from a validated config (a webhook setting
    /// that does not check out is left to [`FileConfig::from_toml`]'s
    /// refusal, and means polling here).
    ///
    /// [`FileConfig::from_toml`]: crate::config::FileConfig::from_toml
    pub fn from_config(c: &TelegramConfig) -> TelegramOptions {
        TelegramOptions {
            webhook: c.webhook().ok().flatten(),
            api_url: c.api_url.clone(),
            board_updates: c.board_updates,
            poll_timeout: Duration::from_secs(u64::from(c.poll_timeout_secs.clamp(0, 50))),
            set_commands: c.set_commands,
            limits: Limits::default(),
            retries: pace::Retries {
                after_429: c.retries_after_429,
                network: c.network_retries,
            },
        }
    }
}

/// The adapter's state.
struct Telegram {
    bot: TgBot,
    hub: Hub,
    me_id: u64,
    me_username: String,
    opts: TelegramOptions,
    /// chat id → (when asked, its administrators), asked again after
    /// [`ADMINS_TTL`].
    admins: Mutex<HashMap<i64, (Instant, Vec<u64>)>>,
    /// Each chat's pace and 429 freezes.
    pace: Pace,
    /// The updates taken and not yet handled: what getUpdates confirms.
    intake: Arc<Intake>,
    /// Photo file ids by the file name they were sent under (a puzzle's
    /// start board, `board-puzzle-7.png`): inline mode shows them again.
    photos: Mutex<HashMap<String, String>>,
}

/// Run the Telegram adapter until the hub shuts down; it is the hub's
/// transport for Telegram from when it is connected.
pub async fn run(hub: Hub, token: Secret, opts: TelegramOptions) -> anyhow::Result<()> {
    let url = url::Url::parse(&opts.api_url)
        .map_err(|e| anyhow::anyhow!("telegram.api_url {:?}: {e}", opts.api_url))?;
    let client = teloxide::net::default_reqwest_settings()
        .timeout(opts.poll_timeout + Duration::from_secs(15))
        .build()
        .map_err(|e| anyhow::anyhow!("HTTP client: {e}"))?;
    let bot = Bot::with_client(token.expose(), client).set_api_url(url);
    // the network may come up after the bot: retry getMe for a while, but a
    // rejected token is final
    let rejected =
        |e: &RequestError| matches!(e, RequestError::Api(teloxide::ApiError::InvalidToken));
    let me = match at_start(
        "telegram: getMe",
        rejected,
        || hub.is_shutting_down(),
        || bot.get_me().send(),
    )
    .await
    {
        Ok(me) => me,
        Err(e) if rejected(&e) => anyhow::bail!("the token was rejected (getMe: Unauthorized)"),
        Err(e) => return Err(e.into()),
    };
    tracing::info!(username = %me.user.username.as_deref().unwrap_or("?"), "telegram: connected");
    let opts_limits = opts.limits;
    let opts_retries = opts.retries;
    let tg = Arc::new(Telegram {
        bot,
        hub,
        me_id: me.user.id.0,
        me_username: me.user.username.clone().unwrap_or_default(),
        opts,
        admins: Mutex::default(),
        pace: Pace::new(opts_limits, opts_retries),
        intake: Arc::new(Intake::new(poll::HOLD_IDS, poll::HOLD_FOR)),
        photos: Mutex::default(),
    });
    let webhook = tg.opts.webhook.clone();
    if webhook.is_some() {
        // it can send; connected once setWebhook is done (/healthz)
        tg.hub
            .attach_transport(Arc::clone(&tg) as Arc<dyn Transport>);
    } else {
        tg.hub.set_transport(Arc::clone(&tg) as Arc<dyn Transport>);
    }
    if tg.opts.set_commands {
        if let Err(e) = tg.set_commands().await {
            tracing::warn!(error = %e, "telegram: setMyCommands failed");
        }
    }
    match webhook {
        Some(hook) => Arc::clone(&tg).serve_webhook(hook).await,
        None => Arc::clone(&tg).poll_loop().await,
    }
}
