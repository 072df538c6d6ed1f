//! The HTTP side of taking a platform's updates by webhook (Telegram's
//! `[telegram] webhook_url`): the platform posts each update; the adapter
//! reads it and queues it in its chat's lane like any other, and the
//! request is answered by what became of it.
//!
//! - A request without the platform's secret header equal to the secret
//!   (compared in constant time) is answered 401 and changes nothing; its
//!   body is not read.
//! - While the process stops, 503 (another process, or this one after its
//!   restart, takes it).
//! - A body over the bound is answered 413; one that is no update 400
//!   (and a log line).
//! - The request is answered 200 once the update is handled — its changes
//!   committed — or deliberately dropped (`intake::Handled::done`); 503
//!   when it was not (the process is stopping, its handling panicked) or
//!   not within the bound: the platform delivers it again, so a crash
//!   loses nothing.
//! - Refused requests are warned about once a minute at most (a
//!   stranger's flood must not flood the log); the rest are counted.

use crate::config::Secret;
use crate::core::Platform;
use axum::body::Bytes;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;
use tokio::sync::oneshot;

/// The least time between two warnings about refused requests.
const WARN_EVERY: Duration = Duration::from_secs(60);

/// One platform's webhook: its secret and bounds.
pub struct Webhook {
    platform: Platform,
    /// The header the platform sends the secret in.
    secret_header: &'static str,
    secret: Secret,
    /// The largest body taken.
    max_body: usize,
    /// How long a request waits for its update to be handled before it is
    /// answered 503.
    answer_within: Duration,
    /// When a refused request was last warned about (seconds since
    /// `epoch`), and how many were refused since.
    warned: (AtomicU64, AtomicU64),
    epoch: Instant,
}

impl Webhook {
    pub fn new(
        platform: Platform,
        secret_header: &'static str,
        secret: Secret,
        max_body: usize,
        answer_within: Duration,
    ) -> Webhook {
        Webhook {
            platform,
            secret_header,
            secret,
            max_body,
            answer_within,
            warned: Default::default(),
            epoch: Instant::now(),
        }
    }

    /// The body of a request with the secret, or the answer that refuses
    /// it: 401 without the secret, 503 while `stopping`, 413 for a body
    /// over the bound (declared, or read).
    pub async fn body(&self, req: Request, stopping: bool) -> Result<Bytes, Response> {
        let given = req
            .headers()
            .get(self.secret_header)
            .map_or(&b""[..], |v| v.as_bytes());
        if !secret_matches(given, &self.secret) {
            return Err(self.refused(StatusCode::UNAUTHORIZED, "no or a wrong secret token"));
        }
        if stopping {
            // another process (or this one after its restart) takes it
            return Err(StatusCode::SERVICE_UNAVAILABLE.into_response());
        }
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > self.max_body as u64) {
            return Err(self.refused(StatusCode::PAYLOAD_TOO_LARGE, "the body is too large"));
        }
        axum::body::to_bytes(req.into_body(), self.max_body)
            .await
            .map_err(|_| {
                self.refused(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "the body is too large or was cut off",
                )
            })
    }

    /// A body that is no update: 400, and a log line.
    pub fn not_an_update(&self, error: &dyn std::fmt::Display, bytes: usize) -> Response {
        tracing::warn!(
            %error,
            bytes,
            "{}: a webhook body is not an update (answered 400)",
            self.platform.key()
        );
        StatusCode::BAD_REQUEST.into_response()
    }

    /// The answer for update `id` once `handled` says so: 200 when it was
    /// handled; 503 when it was not, or not in time (it stays queued here;
    /// the platform's next delivery of it is skipped once it is stored).
    pub async fn answer(&self, handled: oneshot::Receiver<()>, id: i64) -> Response {
        let platform = self.platform.key();
        match tokio::time::timeout(self.answer_within, handled).await {
            Ok(Ok(())) => StatusCode::OK.into_response(),
            Ok(Err(_)) => {
                tracing::warn!(
                    update = id,
                    "{platform}: a webhook update was not handled (answered 503: the platform sends it again)"
                );
                StatusCode::SERVICE_UNAVAILABLE.into_response()
            }
            Err(_) => {
                tracing::warn!(
                    update = id,
                    within = ?self.answer_within,
                    "{platform}: a webhook update still waits in its chat's lane (answered 503)"
                );
                StatusCode::SERVICE_UNAVAILABLE.into_response()
            }
        }
    }

    /// Refuse a request with `status`, warning about it once per
    /// [`WARN_EVERY`] at most; the rest are counted.
    fn refused(&self, status: StatusCode, why: &str) -> Response {
        let now = self.epoch.elapsed().as_secs() + WARN_EVERY.as_secs();
        let (last, since) = &self.warned;
        let before = last.load(Ordering::Relaxed);
        let platform = self.platform.key();
        if now >= before + WARN_EVERY.as_secs()
            && last
                .compare_exchange(before, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            let others = since.swap(0, Ordering::Relaxed);
            tracing::warn!(
                status = status.as_u16(),
                refused_since_last_warning = others,
                "{platform}: a webhook request was refused: {why}"
            );
        } else {
            since.fetch_add(1, Ordering::Relaxed);
            tracing::debug!(
                status = status.as_u16(),
                "{platform}: webhook request refused: {why}"
            );
        }
        status.into_response()
    }
}

/// Whether `given` is the secret, in time that does not depend on where
/// they differ.
fn secret_matches(given: &[u8], secret: &Secret) -> bool {
    let want = secret.expose().as_bytes();
    !want.is_empty() && bool::from(given.ct_eq(want))
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
