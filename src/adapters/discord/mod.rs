//! Discord: slash commands, buttons and select menus through serenity on
//! rustls, with no privileged gateway intents (interactions arrive without
//! any). Translates interactions into core events, and is the platform's
//! transport for the hub's deliverer (`runtime::deliver`, which decides what
//! goes where): interaction responses and followups, channel messages and
//! their edits, DMs, threads.
//!
//! - Slash commands are the core's command table (names and their
//!   Russian, German and French forms, typed options with their choices,
//!   descriptions from the catalogue); an interaction's options go to the
//!   core typed, as they came (`/challenge target:ai level:3
//!   colour:white`: a text, a number, a choice), and the core builds the
//!   command's arguments from them — no command text between.
//! - `/move` autocompletes the legal moves of the caller's games.
//! - The core's menus (a game's legal moves, ≤ 25 a menu) become select
//!   menus, its buttons buttons; payloads pass through unchanged as
//!   `custom_id` / option values.
//! - An interaction is answered by Discord's protocol (`interaction.rs`:
//!   responses, deferral after `defer_after`, followups, the pressed
//!   message updated). A reply for the user alone (`Target::User`: every
//!   refusal) is ephemeral (flags 64) on every path. A living board or a
//!   live message is edited with PATCH /channels/{c}/messages/{m}.

use crate::config::{DiscordConfig, Secret, ShardRange};
use crate::core::{Platform, PlatformLimits, Reply};
use crate::runtime::{Hub, Transport};
use serenity::all::{ChannelId, GatewayIntents, GuildId, Interaction};
use serenity::http::{Http, HttpBuilder};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

mod commands;
mod events;
mod interaction;
mod markup;
#[cfg(test)]
mod tests;
mod transport;

pub use commands::slash_commands;
pub use events::{command_event, component_event};
pub use markup::{components, content};

/// What Discord accepts (content length, action rows, buttons a row, menu
/// options, labels, autocomplete choices).
fn limits() -> &'static PlatformLimits {
    Platform::Discord.limits()
}

/// Settings of the Discord adapter.
#[derive(Debug, Clone)]
pub struct DiscordOptions {
    pub http_base: String,
    pub guild_id: Option<u64>,
    pub register_commands: bool,
    /// Defer the interaction when the core has not answered by then
    /// (Discord's deadline is 3 s); zero defers every interaction first.
    pub defer_after: Duration,
    /// The gateway shards this process runs (`[discord] shards`); `None`:
    /// all of them here (serenity's `start`: one shard).
    pub shards: Option<ShardRange>,
}

impl DiscordOptions {
    /// The ids of the shards this process runs.
    pub fn shard_ids(&self) -> std::ops::RangeInclusive<u32> {
        self.shards.map_or(0..=0, |r| r.ids())
    }

    pub fn from_config(c: &DiscordConfig) -> DiscordOptions {
        DiscordOptions {
            http_base: c.http_base.clone(),
            guild_id: c.guild_id,
            register_commands: c.register_commands,
            defer_after: Duration::from_millis(2000),
            shards: c.shards,
        }
    }
}

/// Whether serenity's rate limiter guards the requests to `base` (it waits
/// out each route's bucket and every 429 before sending): yes for the
/// public API, the default.
///
/// Not for another base (a proxy, a test double): serenity 0.12's
/// `Ratelimiter::perform` builds every request for `https://discord.com`
/// itself, ignoring `HttpBuilder::proxy` — with the limiter on, the requests
/// would go around the base (the test `serenitys_limiter_ignores_the_proxy`
/// shows it, and fails once serenity mends it). There the proxy must do the
/// rate limiting (as twilight-http-proxy does); [`run`] says so at start.
pub fn serenity_rate_limits(base: &str) -> bool {
    base.trim().trim_end_matches('/') == crate::config::DISCORD_HTTP_BASE
}

/// An HTTP client for the API at `base` (the public API, a proxy or a test
/// double); see [`serenity_rate_limits`].
pub fn http_client(token: &Secret, base: &str) -> Http {
    let b = HttpBuilder::new(token.expose());
    if serenity_rate_limits(base) {
        b.build()
    } else {
        b.proxy(base.trim().trim_end_matches('/'))
            .ratelimiter_disabled(true)
            .build()
    }
}

/// The adapter: translate and respond.
pub struct Discord {
    hub: Hub,
    http: Arc<Http>,
    opts: DiscordOptions,
    /// The server of each channel interactions came from, for jump links
    /// to a channel (`discord.com/channels/SERVER/CHANNEL`).
    guilds: Mutex<HashMap<ChannelId, GuildId>>,
}

impl Discord {
    pub fn new(hub: Hub, http: Arc<Http>, opts: DiscordOptions) -> Arc<Discord> {
        Arc::new(Discord {
            hub,
            http,
            opts,
            guilds: Mutex::default(),
        })
    }

    /// The server of these channels (from GUILD_CREATE at connect): where
    /// a link back to a game's channel points.
    pub fn learn_guild(&self, guild: GuildId, channels: impl IntoIterator<Item = ChannelId>) {
        let mut guilds = self.guilds.lock().unwrap_or_else(|p| p.into_inner());
        for c in channels {
            guilds.insert(c, guild);
        }
    }

    /// Deliver one reply that answers no interaction (through the hub's
    /// deliverer, this adapter being its transport) and wait until it is
    /// out.
    pub async fn post(&self, r: &Reply) {
        self.hub.route(vec![r.clone()]).wait().await;
    }
}

/// Gateway events → the adapter. The adapter is put in after the client is
/// built (it shares the client's `Http`), before the client starts; no
/// event can arrive earlier.
struct Handler {
    hub: Hub,
    discord: Arc<OnceLock<Arc<Discord>>>,
}

#[serenity::async_trait]
impl serenity::client::EventHandler for Handler {
    async fn ready(&self, _ctx: serenity::client::Context, ready: serenity::model::gateway::Ready) {
        let shard = ready.shard.map_or(0, |s| s.id.0);
        tracing::info!(user = %ready.user.name, shard, "discord: connected");
        // /healthz (issue 22): this shard's gateway is up
        self.hub.set_part_connected(Platform::Discord, shard, true);
        // serenity has set the application id (from this READY) on the
        // client's Http, which is the adapter's: registering can address it.
        // Once for the whole bot: by the process that runs shard 0, at its
        // READY (the commands are the application's, not a shard's)
        let registers = self.discord.get().filter(|d| d.opts.register_commands);
        if let Some(discord) = registers.filter(|_| shard == 0) {
            match discord.register_commands().await {
                Ok(()) => tracing::info!("discord: slash commands registered"),
                Err(e) => tracing::warn!(error = %e, "discord: registering commands failed"),
            }
        }
    }

    /// /healthz (issue 22): a shard's gateway connection came up or went
    /// down; Discord counts as connected while every shard this process
    /// runs is.
    async fn shard_stage_update(
        &self,
        _ctx: serenity::client::Context,
        event: serenity::gateway::ShardStageUpdateEvent,
    ) {
        let up = event.new == serenity::gateway::ConnectionStage::Connected;
        self.hub
            .set_part_connected(Platform::Discord, event.shard_id.0, up);
    }

    async fn guild_create(
        &self,
        _ctx: serenity::client::Context,
        guild: serenity::model::guild::Guild,
        _is_new: Option<bool>,
    ) {
        if let Some(discord) = self.discord.get() {
            let channels = guild.channels.keys().copied();
            discord.learn_guild(guild.id, channels.chain(guild.threads.iter().map(|t| t.id)));
        }
    }

    async fn interaction_create(&self, _ctx: serenity::client::Context, interaction: Interaction) {
        let Some(discord) = self.discord.get().filter(|_| !self.hub.is_shutting_down()) else {
            return;
        };
        let _guard = self.hub.tracker().enter();
        discord.on_interaction(interaction).await;
    }
}

/// Run the Discord adapter until the hub shuts down.
///
/// One `Http` for everything: the adapter answers and registers through the
/// gateway client's own `Http`, the one serenity gives the application id
/// from READY (and whose rate limits it tracks).
pub async fn run(hub: Hub, token: Secret, opts: DiscordOptions) -> anyhow::Result<()> {
    if !serenity_rate_limits(&opts.http_base) {
        let why = "discord: http_base is not the public API; serenity's rate limiter \
                   cannot send through it, so what answers there must rate-limit";
        if crate::config::is_loopback(&opts.http_base) {
            tracing::info!(http_base = %opts.http_base, "{why}");
        } else {
            tracing::warn!(http_base = %opts.http_base, "{why}");
        }
    }
    let slot = Arc::new(OnceLock::new());
    // no privileged intents: interactions arrive without any; GUILDS (not
    // privileged) brings each server's channels at connect, so a link back
    // to a game's channel can name its server after a restart
    let builder = serenity::client::ClientBuilder::new_with_http(
        http_client(&token, &opts.http_base),
        GatewayIntents::GUILDS,
    );
    let handler = Handler {
        hub: hub.clone(),
        discord: Arc::clone(&slot),
    };
    let mut client = builder.event_handler(handler).await?;
    let range = opts.shards;
    // /healthz: connected once every shard this process runs is
    hub.expect_parts(Platform::Discord, opts.shard_ids());
    let discord = Discord::new(hub.clone(), Arc::clone(&client.http), opts);
    let _ = slot.set(Arc::clone(&discord));
    // it can send, but the gateway is not up until READY (/healthz)
    hub.attach_transport(Arc::clone(&discord) as Arc<dyn Transport>);
    let shards = Arc::clone(&client.shard_manager);
    let mut stop = hub.shutdown();
    let start = async {
        match range {
            Some(r) => {
                tracing::info!(shards = %r, "discord: running these gateway shards");
                // serenity 0.12's range is `first..last` with the last
                // included (its `start_connection(first, last, total)`)
                client.start_shard_range(r.first..r.last, r.total).await
            }
            None => client.start().await,
        }
    };
    tokio::select! {
        r = start => r.map_err(|e| anyhow::anyhow!("{e}")),
        _ = crate::runtime::stopped(&mut stop) => {
            shards.shutdown_all().await;
            Ok(())
        }
    }
}
