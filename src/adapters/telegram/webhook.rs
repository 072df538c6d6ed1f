//! Webhook mode (`[telegram] webhook_url`): Telegram posts each update to
//! the public URL; a proxy in front terminates TLS and passes the request
//! to `webhook_listen`, where this process serves the URL's path in plain
//! HTTP. Any number of processes may sit behind the proxy: an update goes
//! the same way as a polled one — its chat's lane, the core's record of
//! update ids in the update's own transaction (an update delivered again,
//! here or to another process on the same database, is skipped).
//!
//! - The HTTP side is the runtime's ([`crate::runtime::webhook`]): the
//!   secret (`X-Telegram-Bot-Api-Secret-Token` equal to `webhook_secret`,
//!   else 401), a body within [`MAX_BODY`] (else 413), 200 once the
//!   update is handled, 503 when it was not or not within
//!   [`ANSWER_WITHIN`] (Telegram delivers it again, so a crash loses
//!   nothing). A body that is no update is answered 400.
//! - setWebhook is called at start (the URL, the secret, the update kinds
//!   polling asks for); deleteWebhook never — at a stop the other
//!   processes still serve the URL.

use super::poll::allowed_updates;
use super::Telegram;
use crate::config::WebhookConfig;
use crate::core::Platform;
use crate::runtime::intake::Handled;
use crate::runtime::pace::at_start;
use crate::runtime::webhook::Webhook;
use axum::extract::{Request, State};
use axum::response::Response;
use std::sync::Arc;
use std::time::Duration;
use teloxide::payloads::SetWebhookSetters;
use teloxide::requests::{Request as _, Requester};
use teloxide::types::Update;
use teloxide::RequestError;

/// The largest body taken: an update is a few kilobytes (a message of 4,096
/// characters with its entities and the message it replies to).
pub const MAX_BODY: usize = 1 << 20;

/// How long a request waits for its update to be handled before it is
/// answered 503 (the update stays queued here; Telegram's next delivery of
/// it is skipped once it is stored).
pub const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// The header Telegram sends `secret_token` in.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

#[derive(Clone)]
struct Hook {
    tg: Arc<Telegram>,
    web: Arc<Webhook>,
}

/// The router serving the webhook's path.
fn router(hook: Hook, path: &str) -> axum::Router {
    axum::Router::new()
        .route(path, axum::routing::post(update))
        .with_state(hook)
}

async fn update(State(hook): State<Hook>, req: Request) -> Response {
    let stopping = hook.tg.hub.is_shutting_down();
    let body = match hook.web.body(req, stopping).await {
        Ok(b) => b,
        Err(refused) => return refused,
    };
    let update: Update = match serde_json::from_slice(&body) {
        Ok(u) => u,
        Err(e) => return hook.web.not_an_update(&e, body.len()),
    };
    let id = update.id.0 as i32;
    let (tx, rx) = tokio::sync::oneshot::channel();
    hook.tg.dispatch(update, id, Handled::requested(tx));
    hook.web.answer(rx, i64::from(id)).await
}

impl Telegram {
    /// Webhook mode until shutdown: listen, tell Telegram where (setWebhook),
    /// serve the URL's path; at shutdown stop taking requests and answer
    /// the ones in flight once their updates are handled (the drain).
    pub(super) async fn serve_webhook(self: Arc<Self>, hook: WebhookConfig) -> anyhow::Result<()> {
        // listening before Telegram is told, so no update finds it closed
        let listener = tokio::net::TcpListener::bind(hook.listen)
            .await
            .map_err(|e| anyhow::anyhow!("telegram.webhook_listen {}: {e}", hook.listen))?;
        self.set_webhook(&hook).await?;
        // /healthz: Telegram knows where to post
        self.hub.set_connected(Platform::Telegram, true);
        tracing::info!(
            listen = %hook.listen,
            path = hook.url.path(),
            "telegram: taking updates by webhook"
        );
        let app = router(
            Hook {
                tg: Arc::clone(&self),
                web: Arc::new(Webhook::new(
                    Platform::Telegram,
                    SECRET_HEADER,
                    hook.secret,
                    MAX_BODY,
                    ANSWER_WITHIN,
                )),
            },
            hook.url.path(),
        );
        let mut stop = self.hub.shutdown();
        axum::serve(listener, app)
            .with_graceful_shutdown(async move { crate::runtime::stopped(&mut stop).await })
            .await
            .map_err(|e| anyhow::anyhow!("telegram webhook: {e}"))
    }

    /// setWebhook: the URL, the secret token, the update kinds; a network
    /// failure is tried again for a while, a refusal is final.
    async fn set_webhook(&self, hook: &WebhookConfig) -> anyhow::Result<()> {
        let refused = |e: &RequestError| matches!(e, RequestError::Api(_));
        let set = || {
            self.bot
                .set_webhook(hook.url.clone())
                .secret_token(hook.secret.expose())
                .allowed_updates(allowed_updates())
                .send()
        };
        match at_start(
            "telegram: setWebhook",
            refused,
            || self.hub.is_shutting_down(),
            set,
        )
        .await
        {
            Ok(_) => Ok(()),
            Err(RequestError::Api(e)) => anyhow::bail!("setWebhook was refused: {e}"),
            Err(e) => Err(e.into()),
        }
    }
}
