//! `shashki run --config config.toml`: the bot on Telegram and/or Discord
//! (whichever has a token), with the deadline sweeper, the daily puzzle
//! posts and the heartbeat, until Ctrl-C or SIGTERM. The adapters are built
//! here from the config and handed to the runtime.

use super::{CliError, CliResult};
use shashki::adapters;
use shashki::config::FileConfig;
use shashki::core::{Platform, Service, SystemClock};
use shashki::runtime::{self, Adapter, AdapterFuture, Hub, ReplyRx, RunOptions, Scheduled};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct RunArgs {
    /// The config file (see config.example.toml). Without it: defaults, and
    /// tokens from SHASHKI_TELEGRAM_TOKEN / SHASHKI_DISCORD_TOKEN.
    #[arg(long)]
    config: Option<PathBuf>,
}

pub fn run(a: RunArgs) -> CliResult {
    let config =
        FileConfig::load(a.config.as_deref()).map_err(|e| CliError::Input(e.to_string()))?;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(&config.log.level))
        .map_err(|e| CliError::Input(format!("log.level {:?}: {e}", config.log.level)))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    let mut bots = adapters::bots(&config);
    if bots.is_empty() {
        return Err(CliError::Input(
            "no token: set [telegram] token or [discord] token in the config, or \
             SHASHKI_TELEGRAM_TOKEN / SHASHKI_DISCORD_TOKEN"
                .into(),
        ));
    }
    let db = config.database.path.clone();
    let service = Service::open(&db, config.service_config(), Arc::new(SystemClock))
        .map_err(|e| CliError::Failed(format!("cannot open {}: {e}", db.display())))?;
    tracing::info!(
        database = %db.display(),
        telegram = config.telegram_token().is_some(),
        discord = config.discord_token().is_some(),
        "starting"
    );
    let service = Arc::new(service);
    // the last adapter is started after every adapter's reply route exists
    if let Some(last) = bots.pop() {
        bots.push(Box::new(ResumeAi {
            inner: last,
            service: Arc::clone(&service),
        }));
    }
    let opts = RunOptions {
        scheduled: vec![daily_puzzles()],
        ai_workers: config.ai.workers,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(runtime::run(service, bots, opts, runtime::stop_signal()))
        .map_err(|e| CliError::Failed(format!("{e:#}")))
}

/// An adapter that, as it starts, hands the hub the AI moves games wait
/// for ([`Service::pending_jobs`]: jobs lost when the process stopped or
/// crashed before they ran), so no game waits for the AI forever. Running
/// a job twice is harmless (the second finds the ply moved on).
///
/// It wraps the last adapter `runtime::run` starts: by then every
/// adapter's reply route is registered, so no AI reply is dropped. (A
/// stopgap until the hub runs the pending jobs at start by itself; then it
/// can go.)
struct ResumeAi {
    inner: Box<dyn Adapter>,
    service: Arc<Service>,
}

impl Adapter for ResumeAi {
    fn platform(&self) -> Platform {
        self.inner.platform()
    }

    fn run(self: Box<Self>, hub: Hub, replies: ReplyRx) -> AdapterFuture {
        let ResumeAi { inner, service } = *self;
        Box::pin(async move {
            match tokio::task::spawn_blocking(move || service.pending_jobs()).await {
                Ok(Ok(jobs)) if !jobs.is_empty() => {
                    tracing::info!(n = jobs.len(), "resuming the AI moves games wait for");
                    hub.spawn_jobs(jobs);
                }
                Ok(Ok(_)) => {}
                Ok(Err(e)) => tracing::error!(error = %e, "finding the pending AI moves failed"),
                Err(e) => tracing::error!(error = %e, "finding the pending AI moves panicked"),
            }
            inner.run(hub, replies).await
        })
    }
}

/// The daily puzzle posts, at each chat's own time (the console posts them
/// too).
pub(super) fn daily_puzzles() -> Scheduled {
    Scheduled {
        name: "daily puzzles",
        next: Arc::new(|s: &Service| match s.next_daily_wakeup() {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = %e, "next daily puzzle time");
                None
            }
        }),
        run: Arc::new(|s: &Service| match s.daily_due() {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(error = %e, "posting the daily puzzles failed");
                Vec::new()
            }
        }),
    }
}
