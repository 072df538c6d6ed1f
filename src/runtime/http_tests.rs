//! `/healthz` and `/metrics` through a real HTTP client on the bound port.
use super::*;
use crate::core::Platform;
use crate::runtime::test_fixtures::{event, service};
use std::sync::Arc;

/// The endpoints of `hub` on 127.0.0.1 (a free port): their base URL.
async fn serving(hub: &Hub) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(listener, hub.clone()));
    format!("http://{addr}")
}

async fn get(url: &str) -> (u16, String) {
    let r = reqwest::get(url).await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// The value of the sample named `name` (with its labels, as written) in a
/// text exposition; 0 when absent.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_a_move_played_through_the_service() {
    let dir = tempfile::tempdir().unwrap();
    let (hub, _stop) = Hub::with_ai_workers(service(&dir), 1);
    let _rx = hub.register(Platform::Console);
    let base = serving(&hub).await;
    let (status, before) = get(&format!("{base}/metrics")).await;
    assert_eq!(status, 200);
    assert!(
        before.contains("# TYPE shashki_lane_updates_waiting gauge"),
        "{before}"
    );
    let player = "shashki_moves_applied_total{by=\"player\"}";
    let ai = "shashki_moves_applied_total{by=\"ai\"}";
    let handled = "shashki_updates_handled_total{platform=\"console\"}";
    assert_eq!(sample(&before, player), 0.0);
    // Anna plays White against the AI: her move, then the AI's (a job)
    hub.submit(event("/challenge ai 1 white")).await.unwrap();
    let done = hub.submit(event("c3d4")).await.unwrap();
    tokio::time::timeout(Duration::from_secs(30), done.wait())
        .await
        .expect("the AI moved");
    // an illegal move is refused (and counted by its kind)
    hub.submit(event("a1b2")).await.unwrap();
    let (_, after) = get(&format!("{base}/metrics")).await;
    assert_eq!(sample(&after, player), 1.0, "{after}");
    assert_eq!(sample(&after, ai), 1.0, "{after}");
    assert_eq!(sample(&after, handled), 3.0, "{after}");
    let refused: f64 = after
        .lines()
        .filter(|l| l.starts_with("shashki_refusals_total{kind="))
        .map(|l| l.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(refused, 1.0, "{after}");
    assert_eq!(
        sample(
            &after,
            "shashki_job_duration_seconds_count{kind=\"ai_move\"}"
        ),
        1.0,
        "{after}"
    );
    assert!(
        sample(&after, "shashki_engine_nodes_total") > 0.0,
        "{after}"
    );
    assert!(
        sample(&after, "shashki_engine_nodes_per_second") > 0.0,
        "{after}"
    );
    assert!(after.contains("shashki_lane_updates_waiting 0"), "{after}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_is_503_while_a_platform_is_down_or_the_database_does_not_answer() {
    let dir = tempfile::tempdir().unwrap();
    let svc = service(&dir);
    let (hub, stop) = Hub::with_ai_workers(Arc::clone(&svc), 1);
    // Telegram is configured: down until its adapter says it is up
    hub.expect_transport(Platform::Telegram);
    let base = serving(&hub).await;
    let url = format!("{base}/healthz");
    let (status, body) = get(&url).await;
    assert_eq!((status, body.as_str()), (503, "telegram: disconnected\n"));
    hub.set_connected(Platform::Telegram, true);
    assert_eq!(get(&url).await, (200, "ok\n".to_string()));
    let (_, m) = get(&format!("{base}/metrics")).await;
    assert_eq!(
        sample(&m, "shashki_platform_connected{platform=\"telegram\"}"),
        1.0
    );
    // the platform drops (polling fails)
    hub.set_connected(Platform::Telegram, false);
    assert_eq!(
        get(&url).await,
        (503, "telegram: disconnected\n".to_string())
    );
    hub.set_connected(Platform::Telegram, true);
    assert_eq!(get(&url).await.0, 200);
    // the database does not answer: its connection held elsewhere (a
    // stuck write) past the check's time
    let svc2 = Arc::clone(&svc);
    let held = std::thread::spawn(move || {
        let _store = svc.lock();
        std::thread::sleep(DB_WITHIN + Duration::from_secs(1));
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, body) = get(&url).await;
    assert_eq!(status, 503);
    assert!(body.starts_with("database: no answer within"), "{body}");
    held.join().unwrap();
    assert_eq!(get(&url).await.0, 200);
    // stopping: the load balancer is told to look elsewhere
    stop.send(true).unwrap();
    assert_eq!(get(&url).await, (503, "stopping\n".to_string()));
    // the database fails the read (here: what it reads is gone)
    svc2.lock()
        .conn()
        .execute_batch("DROP TABLE settings")
        .unwrap();
    let (status, body) = get(&url).await;
    assert_eq!(status, 503);
    assert!(body.starts_with("stopping\ndatabase: "), "{body}");
}
