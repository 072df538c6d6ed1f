//! `shashki link game N --user NAME`: print a signed link to a game's web
//! board for one of its players (or anyone of the game's platform with
//! that handle); `shashki link revoke --game N --user NAME`: every link of
//! that user made so far stops opening anything.

use super::{CliError, CliResult};
use shashki::config::FileConfig;
use shashki::core::{web, GameId, Service, SystemClock};
use shashki::store::Location;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct LinkArgs {
    #[command(subcommand)]
    what: What,
    /// The config file (`[web] public_url`, `secret`, `link_hours`; the
    /// database).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// The database (instead of the config's): a SQLite file or
    /// postgres://….
    #[arg(long, global = true)]
    db: Option<String>,
    /// The address the pages are reached at (instead of the config's).
    #[arg(long, global = true)]
    public_url: Option<String>,
}

#[derive(clap::Subcommand)]
enum What {
    /// A link to game N for the user NAME.
    Game {
        game: i64,
        #[arg(long)]
        user: String,
    },
    /// Revoke every link of the user NAME (a player of game N).
    Revoke {
        #[arg(long)]
        game: i64,
        #[arg(long)]
        user: String,
    },
}

pub fn run(a: LinkArgs) -> CliResult {
    let file = FileConfig::load(a.config.as_deref()).map_err(|e| CliError::Input(e.to_string()))?;
    let mut config = file.service_config();
    if let Some(u) = a.public_url {
        config.web.public_url = Some(u);
    }
    let db = match a.db {
        Some(d) => Location::parse(&d),
        None => file.database.location(),
    };
    let service = Service::open_at(&db, config, Arc::new(SystemClock))
        .map_err(|e| CliError::Failed(format!("cannot open {db}: {e}")))?;
    let (game, name) = match &a.what {
        What::Game { game, user } | What::Revoke { game, user } => (GameId(*game), user.as_str()),
    };
    let user = web::user_named(&service, game, name)
        .map_err(|e| CliError::Failed(e.to_string()))?
        .ok_or_else(|| CliError::Input(format!("no user {name} in game {game}")))?;
    match a.what {
        What::Game { .. } => {
            let link = web::link(&service, game, user)
                .map_err(|e| CliError::Failed(e.to_string()))?
                .ok_or_else(|| {
                    CliError::Input(
                        "no address for the pages: set [web] public_url or --public-url".into(),
                    )
                })?;
            println!("{link}");
        }
        What::Revoke { .. } => {
            let n =
                web::revoke_links(&service, user).map_err(|e| CliError::Failed(e.to_string()))?;
            println!("revoked: {name}'s links before generation {n} open nothing now");
        }
    }
    Ok(())
}
