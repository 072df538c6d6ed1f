//! The process's metrics, in the Prometheus (OpenMetrics) text format on
//! `/metrics` ([`super::http`]). Every name starts `shashki_`; each is
//! documented with its labels in docs/operations.md.
//!
//! The hub counts what it sees of the service (updates handled, moves
//! applied, refusals by kind: the core tallies them in each
//! [`Outcome`](crate::core::Outcome)), the jobs' latency and the engine's
//! speed; the deliverer counts the sends that failed or met a rate limit;
//! the queue depths are read when scraped.

use crate::core::{Platform, Tally};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Registry, Unit};
use std::sync::atomic::AtomicU64;
use std::time::Duration;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PlatformLabel {
    platform: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct MoverLabel {
    /// `player` or `ai`.
    by: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    /// A refusal's message id (`takeback-rated`), a job's kind
    /// (`ai_move`, `analyse`).
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabel {
    /// `user_queue`, `user_rate`, `chat_queue`.
    reason: &'static str,
}

/// Who applied a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Player,
    Ai,
}

type HistFamily<L> = Family<L, Histogram, fn() -> Histogram>;

fn job_histogram() -> Histogram {
    // 1 ms .. ~33 s
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

/// Registers each listed field of `m` in `registry` (whose prefix gives the
/// `shashki_`): its name, its unit after `in` where it has one, its help.
/// The order of the list is the order of the exposition.
macro_rules! register {
    ($registry:ident, $m:ident: $($field:ident => $name:literal $(in $unit:ident)?, $help:literal;)*) => {
        $(register!(@one $registry, $name, $help, $m.$field.clone() $(, $unit)?);)*
    };
    (@one $registry:ident, $name:literal, $help:literal, $metric:expr) => {
        $registry.register($name, $help, $metric)
    };
    (@one $registry:ident, $name:literal, $help:literal, $metric:expr, $unit:ident) => {
        $registry.register_with_unit($name, $help, Unit::$unit, $metric)
    };
}

/// Every metric of the process (cheap to share: an `Arc` in the hub).
pub struct Metrics {
    registry: Registry,
    updates: Family<PlatformLabel, Counter>,
    updates_failed: Family<PlatformLabel, Counter>,
    moves: Family<MoverLabel, Counter>,
    refusals: Family<KindLabel, Counter>,
    dropped: Family<ReasonLabel, Gauge>,
    lane_waiting: Gauge,
    lanes: Gauge,
    jobs_in_flight: Gauge,
    job_seconds: HistFamily<KindLabel>,
    engine_nodes: Counter,
    engine_seconds: Counter<f64, AtomicU64>,
    engine_nps: Gauge<f64, AtomicU64>,
    sends_failed: Family<PlatformLabel, Counter>,
    sends_rate_limited: Family<PlatformLabel, Counter>,
    platform_up: Family<PlatformLabel, Gauge>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// What [`Metrics::encode`] reads of the hub when scraped.
#[derive(Debug, Clone, Copy, Default)]
pub struct Depths {
    /// Updates waiting in the lanes, all chats.
    pub lane_waiting: usize,
    /// Chats with a lane.
    pub lanes: usize,
    /// AI moves and analyses queued or running.
    pub jobs_in_flight: usize,
    /// Updates refused at the lanes so far.
    pub dropped: super::DropCounts,
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("shashki");
        let m = Metrics {
            registry: Registry::default(),
            updates: Family::default(),
            updates_failed: Family::default(),
            moves: Family::default(),
            refusals: Family::default(),
            dropped: Family::default(),
            lane_waiting: Gauge::default(),
            lanes: Gauge::default(),
            jobs_in_flight: Gauge::default(),
            job_seconds: Family::new_with_constructor(job_histogram),
            engine_nodes: Counter::default(),
            engine_seconds: Counter::default(),
            engine_nps: Gauge::default(),
            sends_failed: Family::default(),
            sends_rate_limited: Family::default(),
            platform_up: Family::default(),
        };
        register!(registry, m:
            updates => "updates_handled",
                "Updates the service handled, by platform";
            updates_failed => "updates_failed",
                "Updates whose handling failed (the person was told something went wrong), by platform";
            moves => "moves_applied",
                "Moves applied to games, by who played them (player, ai)";
            refusals => "refusals",
                "Actions refused, by kind (the refusal's message id)";
            dropped => "updates_dropped",
                "Updates refused at the lanes since start, by reason (user_queue, user_rate, chat_queue)";
            lane_waiting => "lane_updates_waiting",
                "Updates waiting in the chats' lanes (queue depth)";
            lanes => "lanes_active",
                "Chats with a lane";
            jobs_in_flight => "jobs_in_flight",
                "AI moves and analyses queued or running";
            job_seconds => "job_duration" in Seconds,
                "Time a job took to run (engine and database, not the sends), by kind";
            engine_nodes => "engine_nodes",
                "Positions the engine searched for AI moves";
            engine_seconds => "engine_search" in Seconds,
                "Time the engine searched for AI moves";
            engine_nps => "engine_nodes_per_second",
                "The engine's speed in the last AI move (nodes / elapsed)";
            sends_failed => "sends_failed",
                "Messages a platform did not take (after the transport's own tries), by platform";
            sends_rate_limited => "sends_rate_limited",
                "Sends a platform answered with a rate limit (waited out, then tried again), by platform";
            platform_up => "platform_connected",
                "1 while the platform is connected, 0 while not, for each configured platform";
        );
        Metrics { registry, ..m }
    }

    pub(super) fn update_handled(&self, platform: Platform, ok: bool) {
        let l = PlatformLabel {
            platform: platform.key(),
        };
        self.updates.get_or_create(&l).inc();
        if !ok {
            self.updates_failed.get_or_create(&l).inc();
        }
    }

    /// What the core tallied in one outcome.
    pub(super) fn tally(&self, t: &Tally, by: Mover) {
        if t.moves > 0 {
            let by = match by {
                Mover::Player => "player",
                Mover::Ai => "ai",
            };
            self.moves
                .get_or_create(&MoverLabel { by })
                .inc_by(u64::from(t.moves));
        }
        if let Some(kind) = t.refusal {
            self.refusals.get_or_create(&KindLabel { kind }).inc();
        }
        if let Some((nodes, elapsed)) = t.search {
            self.engine_nodes.inc_by(nodes);
            let secs = elapsed.as_secs_f64();
            self.engine_seconds.inc_by(secs);
            if secs > 0.0 {
                self.engine_nps.set(nodes as f64 / secs);
            }
        }
    }

    pub(super) fn job_ran(&self, kind: crate::store::JobKind, took: Duration) {
        self.job_seconds
            .get_or_create(&KindLabel { kind: kind.key() })
            .observe(took.as_secs_f64());
    }

    pub(super) fn send_failed(&self, platform: Platform) {
        self.sends_failed
            .get_or_create(&PlatformLabel {
                platform: platform.key(),
            })
            .inc();
    }

    pub(super) fn rate_limited(&self, platform: Platform) {
        self.sends_rate_limited
            .get_or_create(&PlatformLabel {
                platform: platform.key(),
            })
            .inc();
    }

    pub(super) fn connected(&self, platform: Platform, up: bool) {
        self.platform_up
            .get_or_create(&PlatformLabel {
                platform: platform.key(),
            })
            .set(i64::from(up));
    }

    /// The text exposition, with the depths read now.
    pub fn encode(&self, d: Depths) -> String {
        let gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let counts = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        self.lane_waiting.set(gauge(d.lane_waiting));
        self.lanes.set(gauge(d.lanes));
        self.jobs_in_flight.set(gauge(d.jobs_in_flight));
        for (reason, n) in [
            ("user_queue", d.dropped.user_queue),
            ("user_rate", d.dropped.user_rate),
            ("chat_queue", d.dropped.chat_queue),
        ] {
            self.dropped
                .get_or_create(&ReasonLabel { reason })
                .set(counts(n));
        }
        let mut out = String::new();
        // writing to a String cannot fail
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}
