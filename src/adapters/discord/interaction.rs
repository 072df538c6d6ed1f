//! Discord's interaction protocol: an interaction is answered by its
//! first reply (type 4), deferred when the answer is late (a command: type
//! 5, a component: type 6) and followed up; the pressed message updated
//! (type 7, or a deferred update and an edit); one with nothing to show
//! closed quietly.

use super::transport::{send_error, Outgoing};
use super::Discord;
use crate::core::{Event, Platform, Reply};
use crate::runtime::{Origin, Place, Placed, Press, Pressed, SendError};
use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Message,
};
use serenity::http::Http;
use std::sync::Arc;

/// The interaction being answered.
pub(super) enum Ix {
    Command(Box<CommandInteraction>),
    Component(Box<ComponentInteraction>),
}

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

/// An interaction being answered: the press the deliverer hands back to
/// the transport (`Press::handle`).
pub(super) struct Pending {
    pub(super) ix: Ix,
    pub(super) state: tokio::sync::Mutex<IxState>,
}

impl Pending {
    pub(super) async fn respond(
        &self,
        http: &Http,
        r: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match &self.ix {
            Ix::Command(i) => i.create_response(http, r).await,
            Ix::Component(i) => i.create_response(http, r).await,
        }
    }
    pub(super) async fn follow(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match &self.ix {
            Ix::Command(i) => i.create_followup(http, f).await,
            Ix::Component(i) => i.create_followup(http, f).await,
        }
    }
    /// The message the interaction's response became.
    pub(super) async fn response(&self, http: &Http) -> serenity::Result<Message> {
        match &self.ix {
            Ix::Command(i) => i.get_response(http).await,
            Ix::Component(i) => i.get_response(http).await,
        }
    }
    pub(super) async fn delete_response(&self, http: &Http) -> serenity::Result<()> {
        match &self.ix {
            Ix::Command(i) => i.delete_response(http).await,
            Ix::Component(i) => i.delete_response(http).await,
        }
    }
    pub(super) async fn edit_response(
        &self,
        http: &Http,
        e: EditInteractionResponse,
    ) -> serenity::Result<()> {
        match &self.ix {
            Ix::Command(i) => i.edit_response(http, e).await.map(drop),
            Ix::Component(i) => i.edit_response(http, e).await.map(drop),
        }
    }
    pub(super) fn is_command(&self) -> bool {
        matches!(self.ix, Ix::Command(_))
    }

    /// Defer it if it is still open (a command: type 5, public; a
    /// component: type 6).
    pub(super) async fn defer(&self, http: &Http) -> serenity::Result<()> {
        let mut st = self.state.lock().await;
        if *st != IxState::Open {
            return Ok(());
        }
        let r = match self.ix {
            Ix::Command(_) => {
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
            }
            Ix::Component(_) => CreateInteractionResponse::Acknowledge,
        };
        self.respond(http, r).await?;
        *st = IxState::Deferred;
        Ok(())
    }
}

/// The interaction a press stands for.
pub(super) fn pending(press: Option<&Press>) -> Option<&Pending> {
    press?.handle.downcast_ref::<Pending>()
}

impl Discord {
    /// Run the event through the core (in the channel's lane) and hand its
    /// replies to the deliverer with the interaction to answer; when the
    /// core takes longer than `defer_after` the interaction is deferred (a
    /// command: type 5, a button or menu: type 6). An interaction the lanes
    /// refuse goes to the deliverer all the same (`Hub::tell_shed`: the
    /// caller may be told to slow down; it is answered either way). The AI
    /// moves go to the hub even when answering failed, so no game waits
    /// for a move nobody makes.
    pub(super) async fn answer(&self, ix: Ix, event: Event, pressed: Option<Pressed>) {
        let hub = self.hub.clone();
        let locale = match &ix {
            Ix::Command(i) => i.locale.clone(),
            Ix::Component(i) => i.locale.clone(),
        };
        let (channel, guild) = match &ix {
            Ix::Command(i) => (i.channel_id, i.guild_id),
            Ix::Component(i) => (i.channel_id, i.guild_id),
        };
        let (pending, origin) = pending_origin(ix, &event.chat.id, event.thread.clone(), pressed);
        // handled in the channel's lane: after the channel's earlier work,
        // alongside other channels'
        let label = format!("interaction {}", event.update_id.as_deref().unwrap_or("-"));
        let user = event.user.id.clone();
        let handling = match hub.serve_in_lane(Platform::Discord, &origin.chat, &user, label, event)
        {
            Ok(handling) => handling,
            Err(shed) => {
                // a flood (the caller's, or the channel's): nothing ran
                self.defer_when_late(&pending).await;
                hub.tell_shed(Platform::Discord, &shed, &user, Some(&locale), origin)
                    .wait()
                    .await;
                return;
            }
        };
        self.learn_place(channel, guild, &origin.chat);
        self.defer_when_late(&pending).await;
        let outcome = handling.await;
        self.hub
            .answer(outcome, Platform::Discord, origin)
            .wait()
            .await;
    }

    /// A press with nothing for the core (a component the bot does not
    /// read): the deliverer answers it, with nothing to show.
    pub(super) async fn nothing_to_answer(&self, c: ComponentInteraction) {
        let (chat, thread) = super::events::place(c.channel_id, c.guild_id, c.channel.as_ref());
        let (_, origin) = pending_origin(Ix::Component(Box::new(c)), &chat.id, thread, None);
        self.hub
            .deliver(Vec::new(), Platform::Discord, origin)
            .wait()
            .await;
    }

    /// Defer `pending` if it is not answered by `defer_after` (zero: now).
    async fn defer_when_late(&self, pending: &Arc<Pending>) {
        if self.opts.defer_after.is_zero() {
            if let Err(e) = pending.defer(&self.http).await {
                tracing::warn!(error = %e, "discord: deferring an interaction failed");
            }
            return;
        }
        let (http, p, after) = (
            Arc::clone(&self.http),
            Arc::clone(pending),
            self.opts.defer_after,
        );
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            if let Err(e) = p.defer(&http).await {
                tracing::warn!(error = %e, "discord: deferring an interaction failed");
            }
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
        let placed = |m: &Message| Placed {
            chat: to.chat.clone(),
            thread: to.thread.clone(),
            message: m.id.to_string(),
            media: false,
        };
        let err = |e: serenity::Error| send_error(&e, false);
        match *st {
            IxState::Open => {
                p.respond(&self.http, CreateInteractionResponse::Message(message(out)))
                    .await
                    .map_err(err)?;
                *st = IxState::Answered;
                if !to.keep {
                    return Ok(None);
                }
                // where the response landed, to be kept
                match p.response(&self.http).await {
                    Ok(m) => Ok(Some(placed(&m))),
                    Err(e) => {
                        tracing::debug!(error = %e, "discord: reading the response failed");
                        Ok(None)
                    }
                }
            }
            IxState::Deferred | IxState::Answered => {
                if *st == IxState::Deferred && p.is_command() && out.ephemeral {
                    // the first followup of a deferred command would become
                    // its public "thinking…" message: remove that, so this
                    // one is a message of its own, for the user alone
                    p.delete_response(&self.http).await.map_err(err)?;
                }
                let m = p.follow(&self.http, followup(out)).await.map_err(err)?;
                *st = IxState::Answered;
                Ok(Some(placed(&m)))
            }
        }
    }
}

/// The interaction as the press the deliverer answers, and where it came
/// from.
fn pending_origin(
    ix: Ix,
    chat: &str,
    thread: Option<String>,
    pressed: Option<Pressed>,
) -> (Arc<Pending>, Origin) {
    let pending = Arc::new(Pending {
        ix,
        state: tokio::sync::Mutex::new(IxState::Open),
    });
    let origin = Origin {
        chat: chat.to_string(),
        thread,
        message: None,
        press: Some(Press {
            handle: Arc::clone(&pending) as Arc<dyn std::any::Any + Send + Sync>,
            pressed,
        }),
    };
    (pending, origin)
}

pub(super) fn message(o: Outgoing) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(o.content)
        .add_files(o.files)
        .components(o.components)
        .ephemeral(o.ephemeral)
        .allowed_mentions(CreateAllowedMentions::new().users(o.mentions))
}

pub(super) fn followup(o: Outgoing) -> CreateInteractionResponseFollowup {
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
        let p = pending(press).filter(|p| !p.is_command())?;
        let err = |e: serenity::Error| send_error(&e, false);
        let mut st = p.state.lock().await;
        if *st == IxState::Answered {
            return None;
        }
        let out = self.outgoing(r);
        let mentions = CreateAllowedMentions::new().users(out.mentions);
        let res = if *st == IxState::Open && media {
            let m = CreateInteractionResponseMessage::new()
                .content(out.content)
                .add_files(out.files)
                .components(out.components)
                .allowed_mentions(mentions);
            p.respond(&self.http, CreateInteractionResponse::UpdateMessage(m))
                .await
                .map_err(err)
        } else {
            if *st == IxState::Open {
                if let Err(e) = p
                    .respond(&self.http, CreateInteractionResponse::Acknowledge)
                    .await
                {
                    return Some(Err(err(e)));
                }
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
            p.edit_response(&self.http, e).await.map_err(err)
        };
        if res.is_ok() {
            *st = IxState::Answered;
        }
        Some(res)
    }

    /// Answer an interaction with nothing to show: a component is
    /// acknowledged; a command, which must be answered, is deferred
    /// privately and taken back; a deferred command's "thinking…" removed.
    pub(super) async fn close(&self, press: &Press) -> Result<(), SendError> {
        let Some(p) = pending(Some(press)) else {
            return Ok(());
        };
        let mut st = p.state.lock().await;
        let res = match (*st, p.is_command()) {
            (IxState::Answered, _) | (IxState::Deferred, false) => Ok(()),
            (IxState::Open, false) => {
                p.respond(&self.http, CreateInteractionResponse::Acknowledge)
                    .await
            }
            (IxState::Deferred, true) => p.delete_response(&self.http).await,
            (IxState::Open, true) => {
                let private = CreateInteractionResponse::Defer(
                    CreateInteractionResponseMessage::new().ephemeral(true),
                );
                match p.respond(&self.http, private).await {
                    Ok(()) => p.delete_response(&self.http).await,
                    Err(e) => Err(e),
                }
            }
        };
        *st = IxState::Answered;
        res.map_err(|e| send_error(&e, false))
    }
}
