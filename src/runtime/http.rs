//! The operator's endpoints on `[http] listen` (plain HTTP/1; put it on a
//! private address, or behind a proxy): `/healthz` and `/metrics`.
//!
//! - `/healthz`: 200 `ok` while the database answers a cheap read (within
//!   [`DB_WITHIN`]) and every configured platform is connected; else 503
//!   with the reasons, one a line (`database: …`, `telegram: disconnected`,
//!   `stopping`).
//! - `/metrics`: every metric in the Prometheus (OpenMetrics) text format
//!   ([`super::metrics`], docs/operations.md).

use super::hub::Hub;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use std::time::Duration;

/// How long `/healthz` waits for the database.
pub const DB_WITHIN: Duration = Duration::from_secs(2);

/// The endpoints' router.
pub fn router(hub: Hub) -> axum::Router {
    axum::Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(hub)
}

/// Serve the endpoints on `listener` until the task is dropped (the
/// runtime serves them through the drain, so a load balancer sees
/// `stopping`).
pub async fn serve(listener: tokio::net::TcpListener, hub: Hub) -> std::io::Result<()> {
    serve_with(listener, hub, None).await
}

/// [`serve`] with more routes beside (the web board's).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    hub: Hub,
    extra: Option<axum::Router>,
) -> std::io::Result<()> {
    let mut app = router(hub);
    if let Some(extra) = extra {
        app = app.merge(extra);
    }
    axum::serve(listener, app).await
}

async fn healthz(State(hub): State<Hub>) -> impl IntoResponse {
    let mut why = Vec::new();
    if hub.is_shutting_down() {
        why.push("stopping".to_string());
    }
    if let Err(e) = hub.database_answers(DB_WITHIN).await {
        why.push(e);
    }
    why.extend(
        hub.disconnected()
            .into_iter()
            .map(|p| format!("{p}: disconnected")),
    );
    let plain = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
    if why.is_empty() {
        (StatusCode::OK, plain, "ok\n".to_string())
    } else {
        let mut body = why.join("\n");
        body.push('\n');
        (StatusCode::SERVICE_UNAVAILABLE, plain, body)
    }
}

async fn metrics(State(hub): State<Hub>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        hub.encode_metrics(),
    )
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
