//! Discord's interaction protocol: an interaction is answered by its
//! first reply (type 4), deferred when the answer is late (a command: type
//! 5, a component: type 6) and followed up — a deferred command's public
//! "thinking…" taken back before a followup for the user alone, which
//! Discord would make that message; the pressed message updated (type 7
//! with a new picture, or a deferred update and an edit of the original);
//! a response read back from `@original` when where it landed is kept;
//! one with nothing to show closed quietly.

use super::transport::{send_error, Outgoing};
use super::Discord;
use crate::core::{Event, Platform, Reply};
use crate::runtime::{Origin, Place, Placed, Press, Pressed, SendError};
use serenity::all::{
    Builder, ChannelId, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    GuildId, InteractionId,
};
use serenity::http::Http;
use std::sync::Arc;

/// How far an interaction is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum IxState {
    /// Not yet: its response is due (within 3 s).
    Open,
    /// Deferred (a command: its public "thinking…", which the first
    /// followup becomes; a component: nothing shown).
    Deferred,
    /// Responded to: what follows are followups.
    Answered,
}

/// An interaction being answered (by its id and token): the press the
/// deliverer hands back to the transport (`Press::handle`).
pub(super) struct Pending {
    id: InteractionId,
    token: String,
    /// A slash command; else a button or a menu (a component).
    command: bool,
    state: tokio::sync::Mutex<IxState>,
}

impl Pending {
    pub(super) fn new(id: InteractionId, token: String, command: bool) -> Pending {
        let state = tokio::sync::Mutex::new(IxState::Open);
        Pending {
            id,
            token,
            command,
            state,
        }
    }

    /// Where the interaction came from, with it as the press the
    /// deliverer answers.
    fn origin(self, chat: &str, thread: Option<String>, pressed: Option<Pressed>) -> Origin {
        let handle = Arc::new(self);
        let press = Some(Press { handle, pressed });
        let chat = chat.to_string();
        Origin {
            chat,
            thread,
            message: None,
            press,
        }
    }

    async fn respond(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        r.execute(http, (self.id, &self.token)).await
    }

    /// Defer it if it is still open (a command: type 5, public; a
    /// component: type 6).
    async fn defer(&self, http: &Http) {
        let mut st = self.state.lock().await;
        if *st != IxState::Open {
            return;
        }
        let r = match self.command {
            true => CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new()),
            false => CreateInteractionResponse::Acknowledge,
        };
        match self.respond(http, r).await {
            Ok(()) => *st = IxState::Deferred,
            Err(e) => tracing::warn!(error = %e, "discord: deferring an interaction failed"),
        }
    }
}

/// The interaction a press stands for.
pub(super) fn pending(press: Option<&Press>) -> Option<&Pending> {
    press?.handle.downcast_ref::<Pending>()
}

impl Discord {
    /// Run the event through the core in the channel's lane and deliver
    /// its replies with the interaction to answer (`Hub::serve_in_lane`:
    /// answered also when the lanes refuse it); when the core takes longer
    /// than `defer_after` the interaction is deferred (a command: type 5, a
    /// button or menu: type 6). `guild`: the interaction's server.
    pub(super) async fn answer(
        &self,
        pending: Pending,
        event: Event,
        pressed: Option<Pressed>,
        guild: Option<GuildId>,
    ) {
        let origin = pending.origin(&event.chat.id, event.thread.clone(), pressed);
        // handled in the channel's lane: after the channel's earlier work,
        // alongside other channels'
        let label = format!("interaction {}", event.update_id.as_deref().unwrap_or("-"));
        let hub = &self.hub;
        let (taken, delivered) = hub.serve_in_lane(Platform::Discord, event, origin.clone(), label);
        if taken {
            self.learn_place(guild, &origin);
        }
        self.defer_when_late(origin.press).await;
        delivered.await;
    }

    /// The server of the channel (and thread) an interaction came from,
    /// for the links of the messages posted there later.
    fn learn_place(&self, guild: Option<GuildId>, origin: &Origin) {
        let channels = std::iter::once(&origin.chat).chain(&origin.thread);
        if let Some(g) = guild {
            self.learn_guild(g, channels.filter_map(|c| c.parse::<ChannelId>().ok()));
        }
    }

    /// A press with nothing for the core (a component the bot does not
    /// read): the deliverer answers it, with nothing to show.
    pub(super) async fn nothing_to_answer(&self, c: serenity::all::ComponentInteraction) {
        let (chat, thread) = super::events::place(c.channel_id, c.guild_id, c.channel.as_ref());
        let origin = Pending::new(c.id, c.token, false).origin(&chat.id, thread, None);
        self.hub
            .deliver(Vec::new(), Platform::Discord, origin)
            .wait()
            .await;
    }

    /// Defer the interaction `press` stands for if it is not answered by
    /// `defer_after` (zero: now).
    async fn defer_when_late(&self, press: Option<Press>) {
        let (http, after) = (Arc::clone(&self.http), self.opts.defer_after);
        let defer = async move {
            if let Some(p) = pending(press.as_ref()) {
                p.defer(&http).await
            }
        };
        if after.is_zero() {
            return defer.await;
        }
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            defer.await
        });
    }

    /// A reply as the interaction's response or a followup.
    pub(super) async fn answer_with(
        &self,
        p: &Pending,
        to: &Place,
        r: &Reply,
    ) -> Result<Option<Placed>, SendError> {
        let mut st = p.state.lock().await;
        let out = self.outgoing(r);
        let err = |e: serenity::Error| send_error(&e, false);
        if *st == IxState::Open {
            p.respond(&self.http, CreateInteractionResponse::Message(message(out)))
                .await
                .map_err(err)?;
            *st = IxState::Answered;
            if !to.keep {
                return Ok(None);
            }
            // where the response landed, to be kept
            return match self.http.get_original_interaction_response(&p.token).await {
                Ok(m) => Ok(Some(to.landed(m.id.to_string(), false))),
                Err(e) => {
                    tracing::debug!(error = %e, "discord: reading the response failed");
                    Ok(None)
                }
            };
        }
        if *st == IxState::Deferred && p.command && out.ephemeral {
            // the first followup of a deferred command would become its
            // public "thinking…" message: remove that, so this one is a
            // message of its own, for the user alone
            let token = &p.token;
            self.http
                .delete_original_interaction_response(token)
                .await
                .map_err(err)?;
        }
        let m = followup(out)
            .execute(&*self.http, (None, &p.token))
            .await
            .map_err(err)?;
        *st = IxState::Answered;
        Ok(Some(to.landed(m.id.to_string(), false)))
    }
}

fn message(o: Outgoing) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(o.content)
        .add_files(o.files)
        .components(o.components)
        .ephemeral(o.ephemeral)
        .allowed_mentions(CreateAllowedMentions::new().users(o.mentions))
}

fn followup(o: Outgoing) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(o.content)
        .add_files(o.files)
        .components(o.components)
        .ephemeral(o.ephemeral)
        .allowed_mentions(CreateAllowedMentions::new().users(o.mentions))
}

impl Discord {
    /// Change the pressed message of a component interaction not yet
    /// answered into `r`, through the interaction. With a new picture
    /// (`media`): UPDATE_MESSAGE (type 7), or once deferred an edit of the
    /// original with the new attachment; without: a deferred update (type
    /// 6) and an edit of the original, which keeps its attachment. `None`:
    /// no such interaction (a command, or answered already) — the message
    /// is edited as any other.
    pub(super) async fn update_pressed(
        &self,
        press: Option<&Press>,
        r: &Reply,
        media: bool,
    ) -> Option<Result<(), SendError>> {
        let p = pending(press).filter(|p| !p.command)?;
        let mut st = p.state.lock().await;
        if *st == IxState::Answered {
            return None;
        }
        let out = self.outgoing(r);
        let mentions = CreateAllowedMentions::new().users(out.mentions);
        let res = async {
            if *st == IxState::Open && media {
                let m = CreateInteractionResponseMessage::new()
                    .content(out.content)
                    .add_files(out.files)
                    .components(out.components)
                    .allowed_mentions(mentions);
                let update = CreateInteractionResponse::UpdateMessage(m);
                return p.respond(&self.http, update).await;
            }
            if *st == IxState::Open {
                p.respond(&self.http, CreateInteractionResponse::Acknowledge)
                    .await?;
                *st = IxState::Deferred;
            }
            let mut e = EditInteractionResponse::new()
                .content(out.content)
                .components(out.components)
                .allowed_mentions(mentions);
            if media {
                for f in out.files {
                    e = e.new_attachment(f);
                }
            }
            e.execute(&*self.http, &p.token).await.map(drop)
        }
        .await;
        if res.is_ok() {
            *st = IxState::Answered;
        }
        Some(res.map_err(|e| send_error(&e, false)))
    }

    /// Answer an interaction with nothing to show: a component is
    /// acknowledged; a command, which must be answered, is deferred
    /// privately and taken back; a deferred command's "thinking…" removed.
    pub(super) async fn close(&self, press: &Press) -> Result<(), SendError> {
        let Some(p) = pending(Some(press)) else {
            return Ok(());
        };
        let mut st = p.state.lock().await;
        let delete = self.http.delete_original_interaction_response(&p.token);
        let res = match (*st, p.command) {
            (IxState::Answered, _) | (IxState::Deferred, false) => Ok(()),
            (IxState::Open, false) => {
                p.respond(&self.http, CreateInteractionResponse::Acknowledge)
                    .await
            }
            (IxState::Deferred, true) => delete.await,
            (IxState::Open, true) => {
                let private = CreateInteractionResponse::Defer(
                    CreateInteractionResponseMessage::new().ephemeral(true),
                );
                match p.respond(&self.http, private).await {
                    Ok(()) => delete.await,
                    Err(e) => Err(e),
                }
            }
        };
        *st = IxState::Answered;
        res.map_err(|e| send_error(&e, false))
    }
}
