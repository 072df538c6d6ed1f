//! Private notifications (`/notify on|off`): a person who opted in hears
//! privately (Telegram's private chat with the bot, a Discord DM) when it
//! is their move in a game played in a group, when a reminder of their
//! move is due, and when their opponent offers a draw or asks to take a
//! move back — with a link back to the game. Never for a game in a
//! private chat, never to the AI or to the person who just acted; each
//! (game, ply, kind) once, whatever is redelivered (`notifications_sent`).

use super::ctx::{Actor, Ctx};
use super::error::Res;
use super::i18n::{Args, Catalog, Lang};
use super::present::Draft;
use super::types::{Link, LinkTo, Target};
use crate::store::{self, GameRow, Seat, Tx};

/// Which notification: it is your move (after the opponent's move or at
/// the start of the game), or a reminder of your move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Notice {
    /// The opponent played `move`.
    Moved,
    /// The game began with this person to move.
    Started,
    /// The `n`-th reminder of this move (from 0).
    Reminder { n: i64 },
    /// The opponent offers a draw (`/draw`).
    DrawOffered,
    /// The opponent asks to take their last move back (`/takeback`).
    TakebackAsked,
}

impl Notice {
    fn kind(self) -> String {
        match self {
            Notice::Moved | Notice::Started => "turn".into(),
            Notice::Reminder { n } => format!("reminder-{n}"),
            Notice::DrawOffered => "draw-offer".into(),
            Notice::TakebackAsked => "takeback".into(),
        }
    }

    fn message(self) -> &'static str {
        match self {
            Notice::Moved => "notify-turn",
            Notice::Started => "notify-start",
            Notice::Reminder { .. } => "notify-reminder",
            Notice::DrawOffered => "notify-draw",
            Notice::TakebackAsked => "notify-takeback",
        }
    }
}

/// `/notify`: the state; `/notify on|off`: change it. On a platform
/// that lets the bot write only to people who started it (Telegram),
/// the answer in a group links to the private chat with the bot.
pub(crate) fn cmd_notify(ctx: &mut Ctx, set: Option<bool>) -> Res<()> {
    let me = ctx.user_id()?;
    let on = match set {
        None => store::user_notify(ctx.c, me)?,
        Some(on) => {
            store::set_user_notify(ctx.c, me, on)?;
            on
        }
    };
    let id = match (set.is_some(), on) {
        (true, true) => "notify-turned-on",
        (true, false) => "notify-turned-off",
        (false, true) => "notify-is-on",
        (false, false) => "notify-is-off",
    };
    let mut d = Draft::text(ctx.private(), ctx.t(id, None));
    // turned on, or asked about: where the bot may write only to those
    // who started it, say how (not when turned off)
    let asked = on || set.is_none();
    if asked && !ctx.chat.is_private && ctx.platform.limits().private_needs_start {
        d.text.push('\n');
        d.text.push_str(&ctx.t("notify-open-private", None));
        d.link = Some(Link {
            label: ctx.t("button-open-private", None),
            to: LinkTo::Start("notify".into()),
        });
    }
    ctx.post(d);
    Ok(())
}

impl Ctx<'_> {
    /// Tell the person in `seat` of game `row` privately, if they asked for
    /// it (`/notify on`), the game is not in a private chat, they are not
    /// the one acting, and this (game, ply, kind) was not sent before.
    /// `text_args` makes the message's other arguments (besides `game` and
    /// `chat`) in the person's language.
    pub(crate) fn notify(
        &mut self,
        row: &GameRow,
        seat: Seat,
        notice: Notice,
        text_args: impl FnOnce(&Catalog, &Tx, Lang) -> Res<Args<'static>>,
    ) -> Res<()> {
        let Seat::Human(uid) = seat else {
            return Ok(()); // the AI
        };
        if self.actor == Actor::User && uid == self.user.id {
            return Ok(()); // the one acting is here already
        }
        let chat = if row.chat_id == self.chat.id {
            Some(self.chat.clone())
        } else {
            store::chat(self.c, row.chat_id)?
        };
        let Some(chat) = chat.filter(|c| !c.is_private) else {
            return Ok(());
        };
        let Some(user) = store::user(self.c, uid)?.filter(|u| u.notify) else {
            return Ok(());
        };
        if !store::mark_notified(self.c, row.id, row.ply, &notice.kind(), uid, self.now)? {
            return Ok(()); // sent before
        }
        let lang = user.lang.unwrap_or(self.lang);
        let mut a = text_args(self.catalog(), self.c, lang)?;
        a.set("game", row.id);
        a.set(
            "chat",
            chat.title
                .clone()
                .unwrap_or_else(|| chat.platform_chat_id.clone()),
        );
        let text = self.catalog().get(lang, notice.message(), Some(&a));
        let mut d = Draft::text(
            Target::Private {
                user: user.platform_user_id,
            },
            text,
        );
        d.thread = Some(None);
        d.link = Some(Link {
            label: self.catalog().get(lang, "button-open-game", None),
            to: LinkTo::Game {
                game: row.id,
                chat: chat.platform_chat_id,
                thread: row.thread.clone(),
            },
        });
        self.post(d);
        Ok(())
    }
}
