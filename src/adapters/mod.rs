//! Front ends: each translates its platform's updates into core events and
//! is its platform's transport for the runtime's deliverer (which decides
//! what goes where) — nothing else. Each is a
//! [`runtime::Adapter`](crate::runtime::Adapter): the runtime is handed the
//! adapters (by `shashki run`, from the config; by `shashki console`) and
//! never names one.

pub mod console;
pub mod discord;
pub mod telegram;
pub mod web;

use crate::config::{FileConfig, Secret};
use crate::core::Platform;
use crate::runtime::{Adapter, AdapterFuture, Hub};

/// The Telegram bot: a token and its settings.
pub struct TelegramBot {
    pub token: Secret,
    pub opts: telegram::TelegramOptions,
}

impl Adapter for TelegramBot {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    fn run(self: Box<Self>, hub: Hub) -> AdapterFuture {
        Box::pin(telegram::run(hub, self.token, self.opts))
    }
}

/// The Discord bot: a token and its settings.
pub struct DiscordBot {
    pub token: Secret,
    pub opts: discord::DiscordOptions,
}

impl Adapter for DiscordBot {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    fn run(self: Box<Self>, hub: Hub) -> AdapterFuture {
        Box::pin(discord::run(hub, self.token, self.opts))
    }
}

/// The bots the config has a token for (none: an empty list).
pub fn bots(config: &FileConfig) -> Vec<Box<dyn Adapter>> {
    let mut out: Vec<Box<dyn Adapter>> = Vec::new();
    if let Some(token) = config.telegram_token() {
        out.push(Box::new(TelegramBot {
            token: token.clone(),
            opts: telegram::TelegramOptions::from_config(&config.telegram),
        }));
    }
    if let Some(token) = config.discord_token() {
        out.push(Box::new(DiscordBot {
            token: token.clone(),
            opts: discord::DiscordOptions::from_config(&config.discord),
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_for_each_token() {
        let mut c = FileConfig::default();
        assert!(bots(&c).is_empty());
        c.telegram.token = Some(Secret::new("1:a"));
        c.discord.token = Some(Secret::new("d"));
        let p: Vec<Platform> = bots(&c).iter().map(|a| a.platform()).collect();
        assert_eq!(p, [Platform::Telegram, Platform::Discord]);
    }
}
