//! The slash commands, from the core's command table.

use super::Discord;
use crate::core::i18n::{Catalog, Lang};
use crate::core::input::spec::{menu, ArgKind, MenuScope};
use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption, GuildId};

/// The slash commands, from the command table (the default menu): English,
/// with the name and the descriptions in each other language Discord has a
/// locale for (Russian, German, French).
pub fn slash_commands(catalog: &Catalog) -> Vec<CreateCommand> {
    let en = |id: &str| catalog.get(Lang::En, id, None);
    let localized = |id: &str| -> Vec<(&'static str, String)> {
        Lang::ALL
            .into_iter()
            .filter_map(|l| Some((l.discord_locale()?, catalog.get(l, id, None))))
            .collect()
    };
    menu(MenuScope::Default)
        .map(|c| {
            let mut cmd = CreateCommand::new(c.name).description(en(c.about.desc));
            for lang in Lang::ALL {
                let (Some(locale), Some(name)) =
                    (lang.discord_locale(), c.aliases.of(lang).first())
                else {
                    continue;
                };
                if *name != c.name {
                    cmd = cmd.name_localized(locale, *name);
                }
            }
            for (locale, text) in localized(c.about.desc) {
                cmd = cmd.description_localized(locale, text);
            }
            for o in c.args {
                let kind = match o.kind {
                    ArgKind::Text | ArgKind::Choice(_) => CommandOptionType::String,
                    ArgKind::Int { .. } | ArgKind::Number => CommandOptionType::Integer,
                    ArgKind::User => CommandOptionType::User,
                };
                let mut opt = CreateCommandOption::new(kind, o.name, en(o.desc))
                    .required(o.required)
                    .set_autocomplete(o.autocomplete);
                for (locale, text) in localized(o.desc) {
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
                for (value, id) in o.kind.choices() {
                    opt = opt.add_string_choice_localized(en(id), value, localized(id));
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
        let cmds = slash_commands(&self.catalog);
        match self.opts.guild_id {
            Some(g) => GuildId::new(g)
                .set_commands(&self.http, cmds)
                .await
                .map(drop),
            None => serenity::all::Command::set_global_commands(&self.http, cmds)
                .await
                .map(drop),
        }
    }
}
