//! `/help [topic]`: the commands, from the command table, or a topic's page.

use super::ctx::Ctx;
use super::error::Res;
use super::input::args::HelpArgs;
use super::input::help::help_text;
use super::input::words::HelpTopic;
use super::Service;

impl Service {
    pub(crate) fn cmd_help(&self, ctx: &mut Ctx, a: HelpArgs) -> Res<()> {
        match a.topic {
            Some(HelpTopic::Tournament) => ctx.say("help-tournament", None),
            Some(HelpTopic::Rules) => ctx.say("help-rules", None),
            None => ctx.say_text(help_text(&self.catalog, ctx.lang)),
        }
        Ok(())
    }
}
