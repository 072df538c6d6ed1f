//! Webhook mode (`[telegram] webhook_url`): Telegram posts each update to
//! the public URL; a proxy in front terminates TLS and passes the request
//! to `webhook_listen`, where this process serves the URL's path in plain
//! HTTP. Any number of processes may sit behind the proxy: an update goes
//! the same way as a polled one — its chat's lane, the core's record of
//! update ids in the update's own transaction (an update delivered again,
//! here or to another process on the same database, is skipped).
//!
//! - A request without `X-Telegram-Bot-Api-Secret-Token` equal to
//!   `webhook_secret` (compared in constant time) is answered 401 and
//!   changes nothing; its body is not read.
//! - A body over [`MAX_BODY`] is answered 413, one that is no update 400
//!   (and a log line).
//! - The request is answered 200 once the update is handled — its changes
//!   committed — or deliberately dropped (nothing for the bot, a sender
//!   over their quota); 503 when it was not (the process is stopping, its
//!   handling panicked) or not within [`ANSWER_WITHIN`]: Telegram delivers
//!   it again, so a crash loses nothing.
//! - setWebhook is called at start (the URL, the secret, the update kinds
//!   polling asks for); deleteWebhook never — at a stop the other
//!   processes still serve the URL.

use super::poll::allowed_updates;
use super::Telegram;
use crate::config::{Secret, WebhookConfig};
use crate::core::Platform;
use crate::runtime::intake::Handled;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use subtle::ConstantTimeEq;
use teloxide::payloads::SetWebhookSetters;
use teloxide::requests::Requester;
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

/// The least time between two warnings about refused requests.
const WARN_EVERY: Duration = Duration::from_secs(60);

#[derive(Clone)]
struct Hook {
    tg: Arc<Telegram>,
    secret: Arc<Secret>,
    /// When a refused request was last warned about (seconds since the
    /// process's epoch below), and how many were refused since.
    warned: Arc<(AtomicU64, AtomicU64)>,
    epoch: std::time::Instant,
}

impl Hook {
    /// Warn about a refused request, once per [`WARN_EVERY`] at most (a
    /// stranger's flood must not flood the log); the rest are counted.
    fn refused(&self, status: StatusCode, why: &str) {
        let now = self.epoch.elapsed().as_secs() + WARN_EVERY.as_secs();
        let (last, since) = &*self.warned;
        let before = last.load(Ordering::Relaxed);
        if now >= before + WARN_EVERY.as_secs()
            && last
                .compare_exchange(before, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            let others = since.swap(0, Ordering::Relaxed);
            tracing::warn!(
                status = status.as_u16(),
                refused_since_last_warning = others,
                "telegram: a webhook request was refused: {why}"
            );
        } else {
            since.fetch_add(1, Ordering::Relaxed);
            tracing::debug!(
                status = status.as_u16(),
                "telegram: webhook request refused: {why}"
            );
        }
    }
}

/// Whether `given` is the secret, in time that does not depend on where
/// they differ.
fn secret_matches(given: &[u8], secret: &Secret) -> bool {
    let want = secret.expose().as_bytes();
    !want.is_empty() && bool::from(given.ct_eq(want))
}

/// The router serving the webhook's path.
fn router(hook: Hook, path: &str) -> axum::Router {
    axum::Router::new()
        .route(path, axum::routing::post(update))
        .with_state(hook)
}

async fn update(State(hook): State<Hook>, req: Request) -> Response {
    let given = req
        .headers()
        .get(SECRET_HEADER)
        .map_or(&b""[..], |v| v.as_bytes());
    if !secret_matches(given, &hook.secret) {
        hook.refused(StatusCode::UNAUTHORIZED, "no or a wrong secret token");
        return StatusCode::UNAUTHORIZED.into_response();
    }
    if hook.tg.hub.is_shutting_down() {
        // another process (or this one after its restart) takes it
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        hook.refused(StatusCode::PAYLOAD_TOO_LARGE, "the body is too large");
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    }
    let body = match axum::body::to_bytes(req.into_body(), MAX_BODY).await {
        Ok(b) => b,
        Err(_) => {
            hook.refused(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the body is too large or was cut off",
            );
            return StatusCode::PAYLOAD_TOO_LARGE.into_response();
        }
    };
    let update: Update = match serde_json::from_slice(&body) {
        Ok(u) => u,
        Err(e) => {
            tracing::warn!(
                error = %e,
                bytes = body.len(),
                "telegram: a webhook body is not an update (answered 400)"
            );
            return StatusCode::BAD_REQUEST.into_response();
        }
    };
    let id = update.id.0 as i32;
    let (tx, rx) = tokio::sync::oneshot::channel();
    hook.tg.dispatch(update, id, Handled::requested(tx));
    match tokio::time::timeout(ANSWER_WITHIN, rx).await {
        Ok(Ok(())) => StatusCode::OK.into_response(),
        Ok(Err(_)) => {
            tracing::warn!(
                update = id,
                "telegram: a webhook update was not handled (answered 503: Telegram sends it again)"
            );
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
        Err(_) => {
            tracing::warn!(
                update = id,
                within = ?ANSWER_WITHIN,
                "telegram: a webhook update still waits in its chat's lane (answered 503)"
            );
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
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
                secret: Arc::new(hook.secret),
                warned: Arc::default(),
                epoch: std::time::Instant::now(),
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
        let mut wait = Duration::from_secs(1);
        loop {
            let req = self
                .bot
                .set_webhook(hook.url.clone())
                .secret_token(hook.secret.expose())
                .allowed_updates(allowed_updates());
            match req.await {
                Ok(_) => return Ok(()),
                Err(RequestError::Api(e)) => {
                    anyhow::bail!("setWebhook was refused: {e}")
                }
                Err(e) if wait < Duration::from_secs(20) && !self.hub.is_shutting_down() => {
                    tracing::warn!(error = %e, "telegram: setWebhook failed; retrying");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_secret_itself_matches() {
        let s = Secret::new("s3cret_Value-1");
        assert!(secret_matches(b"s3cret_Value-1", &s));
        for wrong in [
            &b""[..],
            b"s3cret_Value-",
            b"s3cret_Value-1 ",
            b"S3cret_Value-1",
            b"x",
        ] {
            assert!(!secret_matches(wrong, &s), "{wrong:?}");
        }
        assert!(
            !secret_matches(b"", &Secret::new("")),
            "no secret: no match"
        );
    }
}
