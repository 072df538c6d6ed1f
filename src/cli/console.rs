//! `shashki console [--db FILE|URL]`: the chat on the terminal, no tokens, no
//! network — the main job on a fresh machine. The console is an adapter on
//! the same runtime as `shashki run` (hub, AI workers, sweeper with the
//! daily puzzle posts, heartbeat); it stops at the end of its input.

use super::{CliError, CliResult};
use shashki::adapters::console::{Console, ConsoleOptions};
use shashki::adapters::web::WebOptions;
use shashki::core::i18n::Lang;
use shashki::core::{Config, Service, SystemClock};
use shashki::runtime::{self, RunOptions};
use shashki::store::Location;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct ConsoleArgs {
    /// The SQLite database file (created if missing), or a PostgreSQL
    /// database: postgres://user:password@host/db.
    #[arg(long, default_value = "shashki.sqlite")]
    db: String,
    /// Folder for the board images.
    #[arg(long, default_value = "boards")]
    boards: PathBuf,
    /// Who speaks first (switch with /as NAME).
    #[arg(long, default_value = "you")]
    user: String,
    /// Language reported for users.
    #[arg(long, value_parser = lang_codes())]
    lang: Option<String>,
    /// Longest AI thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    ai_movetime: u64,
    /// Serve the web board (and /healthz, /metrics) on this address beside
    /// the console chat: `/web` prints a link to the game's page.
    #[arg(long)]
    http: Option<std::net::SocketAddr>,
    /// The address the pages are reached at (default: http://ADDR of
    /// --http).
    #[arg(long, requires = "http")]
    public_url: Option<String>,
}

/// `--lang`: the code of a language the bot speaks (its help lists them).
fn lang_codes() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Lang::ALL.map(Lang::code))
}

pub fn run(a: ConsoleArgs) -> CliResult {
    // stdout is the chat: only warnings and errors, on stderr (never the
    // database's password)
    let db = Location::parse(&a.db);
    let password = db.password();
    let _ = shashki::logging::init(
        "warn",
        &[password.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>(),
    );
    let public_url = a
        .public_url
        .clone()
        .or_else(|| a.http.map(|addr| format!("http://{addr}")));
    let config = Config {
        ai_max_movetime: std::time::Duration::from_millis(a.ai_movetime),
        web: shashki::core::WebLinks {
            public_url: public_url.clone(),
            ..shashki::core::WebLinks::default()
        },
        ..Config::default()
    };
    // displayed with the password hidden
    let service = Service::open_at(&db, config, Arc::new(SystemClock))
        .map_err(|e| CliError::Failed(format!("cannot open {db}: {e}")))?;
    let console = Console(ConsoleOptions {
        boards_dir: a.boards,
        user: a.user,
        lang: a.lang,
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let res = rt.block_on(runtime::run(
        Arc::new(service),
        vec![Box::new(console)],
        RunOptions {
            scheduled: vec![super::run::daily_puzzles()],
            ai_workers: None,
            lanes: runtime::LaneLimits::default(),
            http: a.http,
            routes: a.http.map(|_| {
                let opts = WebOptions {
                    public_url,
                    ..WebOptions::default()
                };
                Box::new(move |hub| shashki::adapters::web::router(hub, opts)) as runtime::Routes
            }),
            ..RunOptions::default()
        },
        runtime::stop_signal(),
    ));
    // after Ctrl-C a read of the terminal may still be blocked: do not wait
    // for it
    rt.shutdown_background();
    res.map_err(|e| CliError::Failed(format!("{e:#}")))
}
