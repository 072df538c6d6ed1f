//! `/help [topic]`: the commands, from the command table, or a topic's page.

use super::ctx::Ctx;
use super::error::Res;
use super::input::args::HelpArgs;
use super::input::help::help_text;
use super::input::words::HelpTopic;

pub(crate) fn cmd_help(ctx: &mut Ctx, a: HelpArgs) -> Res<()> {
    match a.topic {
        Some(HelpTopic::Tournament) => ctx.say("help-tournament", None),
        Some(HelpTopic::Rules) => ctx.say("help-rules", None),
        None => ctx.say_text(help_text(ctx.catalog(), ctx.lang)),
    }
    Ok(())
}
