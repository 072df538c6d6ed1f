//! `shashki worker --config config.toml`: a process that only thinks — it
//! claims AI moves and analyses from the database's job queue and runs
//! them, on any machine that reaches the database, until Ctrl-C or
//! SIGTERM (then the running jobs may finish within `[runtime]
//! drain_seconds`, and the claims left are released). Its replies are
//! written to the outbox; the bot processes send them.

use super::{CliError, CliResult};
use shashki::config::FileConfig;
use shashki::core::{Service, SystemClock};
use shashki::runtime::{self, WorkOptions};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct WorkerArgs {
    /// The config file (see config.example.toml): `[database]`, `[ai]`
    /// (`workers`: the threads), `[runtime]`, `[log]`; no token needed.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Jobs run at once (default: `[ai] workers`, else one per CPU core).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(a: WorkerArgs) -> CliResult {
    let config =
        FileConfig::load(a.config.as_deref()).map_err(|e| CliError::Input(e.to_string()))?;
    let password = config.database.password();
    let secrets: Vec<&str> = password.as_deref().into_iter().collect();
    shashki::logging::init(&config.log.level, &secrets).map_err(CliError::Input)?;
    if a.threads == Some(0) {
        return Err(CliError::Input("--threads 0 (at least 1)".into()));
    }
    // `[ai] workers = 0` (a bot's setting) means no choice here: one per core
    let threads = a
        .threads
        .or(config.ai.workers.filter(|&n| n > 0))
        .unwrap_or_else(runtime::cpu_cores);
    let db = config.database.location();
    let service = Service::open_at(&db, config.service_config(), Arc::new(SystemClock))
        .map_err(|e| CliError::Failed(format!("cannot open {db}: {e}")))?;
    tracing::info!(database = %db, threads, "starting the worker");
    let opts = WorkOptions {
        threads,
        procs: config.runtime.process_options(),
        drain: config.runtime.drain(),
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let res = rt
        .block_on(runtime::work(
            Arc::new(service),
            opts,
            runtime::stop_signal(),
        ))
        .map_err(|e| CliError::Failed(format!("{e:#}")));
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    res
}
