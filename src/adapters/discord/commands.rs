//! The slash commands, from the core's command table.

use super::Discord;
use crate::core::i18n::Catalog;
use crate::core::input::spec::{listed, ArgKind, InEvery};
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption, GuildId};

/// The slash commands, from the command table (the default menu): English,
/// with the name and the texts in each other language Discord has a
/// locale for (Russian, German, French).
pub fn slash_commands(catalog: &Catalog) -> Vec<CreateCommand> {
    let en = |t: &InEvery| t.first().map(|(_, s)| s.clone()).unwrap_or_default();
    let localized = |t: &InEvery| -> Vec<(&'static str, String)> {
        t.iter()
            .filter_map(|(l, s)| Some((l.discord_locale()?, s.clone())))
            .collect()
    };
    listed(catalog)
        .into_iter()
        .map(|c| {
            let mut cmd = CreateCommand::new(c.name).description(en(&c.desc));
            for (lang, name) in c.names {
                if let Some(locale) = lang.discord_locale() {
                    cmd = cmd.name_localized(locale, name);
                }
            }
            for (locale, text) in localized(&c.desc) {
                cmd = cmd.description_localized(locale, text);
            }
            for a in c.args {
                let o = a.spec;
                let kind = match o.kind {
                    ArgKind::Text | ArgKind::Choice(_) => CommandOptionType::String,
                    ArgKind::Int { .. } | ArgKind::Number => CommandOptionType::Integer,
                    ArgKind::User => CommandOptionType::User,
                };
                let mut opt = CreateCommandOption::new(kind, o.name, en(&a.desc))
                    .required(o.required)
                    .set_autocomplete(o.autocomplete);
                for (locale, text) in localized(&a.desc) {
                    opt = opt.description_localized(locale, text);
                }
                match o.kind {
                    ArgKind::Int { min, max } => {
                        opt = opt.min_int_value(min.max(0) as u64);
                        if max < i64::from(i32::MAX) {
                            opt = opt.max_int_value(max as u64);
                        }
                    }
                    ArgKind::Number => opt = opt.min_int_value(1),
                    _ => {}
                }
                for (value, label) in &a.choices {
                    opt = opt.add_string_choice_localized(en(label), *value, localized(label));
                }
                cmd = cmd.add_option(opt);
            }
            cmd
        })
        .collect()
}

impl Discord {
    /// Register the slash commands (in the configured guild, or globally).
    pub async fn register_commands(&self) -> serenity::Result<()> {
        let cmds = slash_commands(self.hub.catalog());
        let set = match self.opts.guild_id {
            Some(g) => GuildId::new(g).set_commands(&self.http, cmds).await,
            None => serenity::all::Command::set_global_commands(&self.http, cmds).await,
        };
        set.map(drop)
    }
}
