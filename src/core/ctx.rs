//! One context per action: who acts, where, in which language, inside
//! which transaction, and what the action has to say so far.

use super::error::{Halt, Res};
use super::games::ai::Evals;
use super::i18n::{Args, Catalog, Lang};
use super::present::Draft;
use super::types::{Job, Platform, Target};
use super::Config;
use crate::store::{ChatRow, Tx, UserId, UserRow};

/// Who is acting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Actor {
    /// A person, through a message, a button or a slash command.
    User,
    /// The AI, playing its seat.
    Ai,
    /// The service itself: the sweeper, scheduled posts.
    Service,
}

/// What an action reads of the service besides its transaction: the
/// catalogue and the configuration (never the store's lock, the batch or
/// the clock: an action has its transaction and its `now`).
pub(crate) struct Env {
    pub catalog: Catalog,
    pub config: Config,
}

/// The state of one action.
pub(crate) struct Ctx<'a> {
    env: &'a Env,
    /// The open transaction.
    pub c: &'a Tx,
    pub platform: Platform,
    pub actor: Actor,
    /// The acting user (for [`Actor::Ai`] and [`Actor::Service`], the person
    /// the action concerns if any, else nobody: id 0).
    pub user: UserRow,
    /// The chat of the action.
    pub chat: ChatRow,
    pub lang: Lang,
    pub now: i64,
    /// The actor may change chat-wide settings (a chat admin, a bot owner,
    /// anyone in a private chat).
    pub is_admin: bool,
    /// Engine results computed before this transaction (see `Halt::Compute`).
    pub evals: &'a Evals,
    pub drafts: Vec<Draft>,
    pub jobs: Vec<Job>,
    /// Moves applied in this action (for the metrics: `Outcome::tally`).
    pub moves: u32,
    /// The thread of the chat the action happens in (a forum topic): the
    /// event's; for the AI and the sweeper, the game's or challenge's.
    pub thread: Option<String>,
}

/// The language of an action: the chat's, else the user's, else what the
/// platform says of the user, else the service's default.
pub(crate) fn resolve_lang(
    chat: &ChatRow,
    user: Option<&UserRow>,
    platform_lang: Option<&str>,
    default: Lang,
) -> Lang {
    chat.lang
        .or(user.and_then(|u| u.lang))
        .or(platform_lang.and_then(Lang::from_code))
        .unwrap_or(default)
}

impl<'a> Ctx<'a> {
    /// An action of `user` in `chat` on `platform` inside the transaction
    /// `c`, at `now`: by a person (not an admin), in the service's default
    /// language, in no thread, until the caller says otherwise.
    pub fn new(
        env: &'a Env,
        c: &'a Tx,
        evals: &'a Evals,
        platform: Platform,
        user: UserRow,
        chat: ChatRow,
        now: i64,
    ) -> Ctx<'a> {
        Ctx {
            env,
            c,
            platform,
            actor: Actor::User,
            user,
            chat,
            lang: env.config.default_lang,
            now,
            is_admin: false,
            evals,
            drafts: Vec::new(),
            jobs: Vec::new(),
            moves: 0,
            thread: None,
        }
    }
}

impl Ctx<'_> {
    /// The service's configuration.
    pub fn config(&self) -> &Config {
        &self.env.config
    }

    /// The message catalogue (for a text in another language than the
    /// action's: see [`Ctx::t`]).
    pub fn catalog(&self) -> &Catalog {
        &self.env.catalog
    }

    /// The action's chat.
    pub fn here(&self) -> Target {
        Target::Chat(self.chat.platform_chat_id.clone())
    }

    /// Only the acting user, in the action's chat.
    pub fn private(&self) -> Target {
        Target::User {
            chat: self.chat.platform_chat_id.clone(),
            user: self.user.platform_user_id.clone(),
        }
    }

    /// The drafts of the action, each for this chat with its thread
    /// decided: the action's unless a draft chose (a game's board).
    pub fn take_drafts(&mut self) -> Vec<Draft> {
        let here = self.chat.platform_chat_id.as_str();
        let mut drafts = std::mem::take(&mut self.drafts);
        for d in &mut drafts {
            if d.thread.is_none() {
                let same_chat = match &d.target {
                    Target::Chat(c) | Target::User { chat: c, .. } => c == here,
                    Target::Private { .. } => false,
                };
                d.thread = Some(self.thread.clone().filter(|_| same_chat));
            }
        }
        drafts
    }

    /// A message of the catalogue in the action's language.
    pub fn t(&self, id: &str, args: Option<&Args>) -> String {
        self.env.catalog.get(self.lang, id, args)
    }

    /// Say something in the chat.
    pub fn say(&mut self, id: &str, args: Option<&Args>) {
        let text = self.t(id, args);
        self.drafts.push(Draft::text(self.here(), text));
    }

    /// Say a ready text in the chat.
    pub fn say_text(&mut self, text: String) {
        self.drafts.push(Draft::text(self.here(), text));
    }

    /// Tell the acting user alone (ephemeral where the platform can).
    pub fn tell(&mut self, text: String) {
        self.drafts.push(Draft::text(self.private(), text));
    }

    pub fn tell_id(&mut self, id: &str, args: Option<&Args>) {
        let text = self.t(id, args);
        self.tell(text);
    }

    /// Push a draft.
    pub fn post(&mut self, d: Draft) {
        self.drafts.push(d);
    }

    /// Push a draft with `lines` added to its text, in as many messages as
    /// the platform's length limit needs (see [`Draft::split_lines`]).
    pub fn post_lines(&mut self, d: Draft, lines: &[String]) {
        let max = self.platform.limits().text_max;
        self.drafts.extend(d.split_lines(lines, max));
    }

    /// The acting person's id; an AI or service action has none.
    pub fn user_id(&self) -> Res<UserId> {
        match self.actor {
            Actor::User => Ok(self.user.id),
            Actor::Ai | Actor::Service => Err(Halt::Failed(super::ServiceError::Internal(
                "a user's action run by the AI or the service",
            ))),
        }
    }
}
