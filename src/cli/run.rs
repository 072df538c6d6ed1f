//! `shashki run --config config.toml`: the bot on Telegram and/or Discord
//! (whichever has a token), with the deadline sweeper, the daily puzzle
//! posts and the heartbeat, until Ctrl-C or SIGTERM. The adapters are built
//! here from the config and handed to the runtime.

use super::{CliError, CliResult};
use shashki::adapters;
use shashki::config::FileConfig;
use shashki::core::{Service, SystemClock};
use shashki::runtime::{self, RunOptions, Scheduled};
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
    // no level prints a token (shashki::logging: the wire crates capped,
    // the tokens redacted from every line)
    let password = config.database.password();
    let tokens: Vec<&str> = [
        config.telegram_token(),
        config.discord_token(),
        config.telegram.webhook_secret.as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(|t| t.expose())
    .chain(password.as_deref())
    .collect();
    shashki::logging::init(&config.log.level, &tokens).map_err(CliError::Input)?;
    let bots = adapters::bots(&config);
    if bots.is_empty() {
        return Err(CliError::Input(
            "no token: set [telegram] token or [discord] token in the config, or \
             SHASHKI_TELEGRAM_TOKEN / SHASHKI_DISCORD_TOKEN"
                .into(),
        ));
    }
    // displayed with the password hidden
    let db = config.database.location();
    let service = Service::open_at(&db, config.service_config(), Arc::new(SystemClock))
        .map_err(|e| CliError::Failed(format!("cannot open {db}: {e}")))?;
    tracing::info!(
        database = %db,
        telegram = config.telegram_token().is_some(),
        discord = config.discord_token().is_some(),
        "starting"
    );
    let service = Arc::new(service);
    let opts = RunOptions {
        scheduled: vec![daily_puzzles()],
        ai_workers: config.ai.workers,
        procs: config.runtime.process_options(),
        lanes: config.runtime.lane_limits(),
        http: config.http.listen,
        drain: config.runtime.drain(),
        routes: web_routes(&config),
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let res = rt
        .block_on(runtime::run(service, bots, opts, runtime::stop_signal()))
        .map_err(|e| CliError::Failed(format!("{e:#}")));
    // a search still thinking past the drain is not waited for: its move
    // was not stored, and the next start makes it again
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    res
}

/// The web board's routes beside `/healthz` when `[web] public_url` is
/// set (they need `[http] listen`).
pub(super) fn web_routes(config: &FileConfig) -> Option<runtime::Routes> {
    let public_url = config.web.public_url.clone()?;
    if config.http.listen.is_none() {
        tracing::warn!("[web] public_url is set but [http] listen is not: no web board");
        return None;
    }
    let opts = adapters::web::WebOptions {
        public_url: Some(public_url),
        posts_per_minute: config.web.posts_per_minute,
        telegram_token: config.telegram.token.clone().filter(|t| !t.is_empty()),
        init_data_max_age: config.web.init_data_max_age_secs.max(60),
    };
    Some(Box::new(move |hub| adapters::web::router(hub, opts)))
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
