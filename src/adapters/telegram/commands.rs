//! The menus: setMyCommands from the command table.

use crate::core::i18n::Lang;
use crate::core::input::spec::{menu_texts, MenuScope};
use teloxide::payloads::SetMyCommandsSetters;
use teloxide::requests::Requester;
use teloxide::types::{BotCommand, BotCommandScope};
use teloxide::RequestError;

use super::Telegram;

impl Telegram {
    /// setMyCommands, from the command table: one menu per language and
    /// scope (every chat; private chats without the group-only commands;
    /// groups' members without the private and the admin ones; groups'
    /// administrators with the admin commands and the organiser's
    /// descriptions). The default (English) list, and one for each other
    /// language (Telegram shows it to users of that language).
    pub(super) async fn set_commands(&self) -> Result<(), RequestError> {
        let catalog = self.hub.catalog();
        let scopes = [
            (MenuScope::Default, BotCommandScope::Default),
            (MenuScope::PrivateChats, BotCommandScope::AllPrivateChats),
            (MenuScope::Groups, BotCommandScope::AllGroupChats),
            (
                MenuScope::GroupAdmins,
                BotCommandScope::AllChatAdministrators,
            ),
        ];
        for (shown, scope) in scopes {
            for lang in Lang::ALL {
                let list: Vec<BotCommand> = menu_texts(catalog, shown, lang)
                    .into_iter()
                    .map(|(name, desc)| BotCommand::new(name, desc))
                    .collect();
                let req = self.bot.set_my_commands(list).scope(scope.clone());
                match lang {
                    Lang::En => req.await?,
                    Lang::Ru | Lang::Lv | Lang::De | Lang::Fr => {
                        req.language_code(lang.code()).await?
                    }
                };
            }
        }
        Ok(())
    }
}
