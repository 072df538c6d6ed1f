//! The chat service, platform-free: what a chat command does to games stored
//! in SQLite. Adapters turn platform updates into [`Event`]s and send the
//! [`Reply`]s back; every state change is one IMMEDIATE transaction, and
//! every action on a game passes the one gate in [`access`].
//!
//! A room per feature (see docs/architecture.md): `input/` reads what people
//! send, `games/` plays, `present/` builds the replies, `sweep` keeps the
//! clocks (`reminders`: the list of a move's reminders), `puzzles/` the puzzles, `settings`, `ratings`.

pub mod i18n;
pub mod input;
pub mod limits;
pub mod picture;
pub mod puzzles;
pub mod reminders;
pub mod types;
pub mod web;

mod access;
mod batch;
mod config;
mod ctx;
mod error;
mod games;
mod help;
pub mod inline;
mod notify;
mod outbox;
mod present;
mod queue;
mod random;
mod ratings;
mod settings;
mod sweep;
mod time;
mod tournaments;

/// The typed ids and plies the core speaks in (stored by the store).
pub use crate::store::{
    ChallengeId, ChatId, DeliveryKind, GameId, JobId, OutboxId, Ply, TournamentId, UserId,
};
pub use config::{Config, Limits, WebLinks};
pub use error::{Refusal, ServiceError};
pub(crate) use games::moves_to_play;
pub use limits::PlatformLimits;
pub use outbox::{Delivered, Owed};
pub use present::rich;
pub use queue::{Roles, SWEEPER_LEASE};
pub use time::{Clock, ManualClock, SystemClock, Zone};
pub use types::*;

use crate::store::{self, Store, Tx, UserRow};
use batch::{Handled, Ran, Writer};
use ctx::{resolve_lang, Actor, Ctx, Env};
use error::Halt;
use games::ai::Evals;
use i18n::Catalog;
use input::args::PuzzleArgs;
use input::commands::{looks_like_move, parse_command_on, slash_command, Command};
use input::options::SlashCommand;
use input::payload::Payload;
use input::spec::Access;
use input::InputRefusal;
use present::finish_draft;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The chat service.
pub struct Service {
    store: Mutex<Store>,
    /// Events of concurrent callers committed together (group commit).
    writer: Writer,
    /// The catalogue and the configuration, which every action reads.
    env: Env,
    clock: Arc<dyn Clock>,
    /// When the sweep last looked for tournament games waiting for room
    /// (Unix seconds).
    waiting_checked: std::sync::atomic::AtomicI64,
    /// This process among others on the database (leases, claims).
    holder: crate::store::Holder,
    /// What this process does with what it writes (see [`Roles`]).
    roles: std::sync::RwLock<Roles>,
    /// The web board's signing secret once read (it never changes once
    /// made: see [`web::secret`]).
    web_secret: std::sync::OnceLock<Vec<u8>>,
}

/// The name a user is kept under: their platform name cleaned
/// ([`types::clean_name`]); when nothing visible is left, their @handle,
/// else "player".
fn stored_name(name: &str, handle: Option<&str>) -> String {
    let name = types::clean_name(name);
    if !name.is_empty() {
        return name;
    }
    handle
        .map(types::clean_name)
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "player".to_string())
}

/// How many times an event is handled again after engine work it asked for
/// (a draw offer to the AI needs one evaluation).
const COMPUTE_ROUNDS: usize = 3;

impl Service {
    /// A service on the database file at `path`.
    pub fn open(
        path: &Path,
        config: Config,
        clock: Arc<dyn Clock>,
    ) -> Result<Service, ServiceError> {
        Ok(Service::with_store(Store::open(path)?, config, clock))
    }

    /// A service on the store at `at` (a SQLite file or a PostgreSQL
    /// database).
    pub fn open_at(
        at: &crate::store::Location,
        config: Config,
        clock: Arc<dyn Clock>,
    ) -> Result<Service, ServiceError> {
        Ok(Service::with_store(Store::open_at(at)?, config, clock))
    }

    pub fn with_store(store: Store, config: Config, clock: Arc<dyn Clock>) -> Service {
        Service {
            store: Mutex::new(store),
            writer: Writer::default(),
            env: Env {
                catalog: Catalog::new(),
                config,
            },
            clock,
            waiting_checked: std::sync::atomic::AtomicI64::new(i64::MIN),
            holder: crate::store::Holder::new(),
            roles: std::sync::RwLock::new(Roles::default()),
            web_secret: std::sync::OnceLock::new(),
        }
    }

    pub fn config(&self) -> &Config {
        &self.env.config
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// How many times the service's connection has gone to the database
    /// (PostgreSQL: round trips to the server; see
    /// [`crate::store::Tx::round_trips`]): what an action costs, for
    /// tests and benches.
    pub fn store_round_trips(&self) -> u64 {
        self.lock().round_trips()
    }

    /// The store, for one transaction or read. Held only for database work,
    /// never while the engine thinks or a board is drawn.
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        // a panic while holding the lock leaves the database consistent
        // (the transaction rolls back), so a poisoned lock is still usable
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Handle one event: committed durably (together with the events other
    /// threads hand in at the same moment, each in its own savepoint), then
    /// the replies. A refusal rolls the event back and answers the user
    /// alone.
    pub fn handle(&self, ev: &Event) -> Result<Outcome, ServiceError> {
        let mut evals = Evals::default();
        for _ in 0..COMPUTE_ROUNDS {
            match self.handle_once(ev, &evals) {
                Ok(out) => return Ok(out),
                Err(Halt::Compute(work)) => games::compute(self, work, &mut evals)?,
                Err(Halt::Failed(e)) => return Err(e),
                Err(Halt::Refused(_)) => {
                    return Err(ServiceError::Internal("a refusal escaped its event"))
                }
            }
        }
        Err(ServiceError::Internal(
            "an event kept asking for engine work",
        ))
    }

    fn handle_once(&self, ev: &Event, evals: &Evals) -> Result<Outcome, Halt> {
        let (replies, jobs, tally) = match self.writer.submit(self, ev, evals)? {
            Handled::Done(replies, jobs, moves) => (
                replies,
                jobs,
                Tally {
                    moves,
                    ..Tally::default()
                },
            ),
            Handled::Refused(r, reply) => {
                tracing::debug!(refusal = %r, "refused");
                let tally = Tally {
                    refusal: Some(r.id()),
                    ..Tally::default()
                };
                (vec![*reply], Vec::new(), tally)
            }
        };
        Ok(Outcome {
            replies,
            jobs,
            tally,
        })
    }

    /// Handle one event inside the open transaction `c` (a savepoint of a
    /// batch, see [`batch`]): the update id, the user and chat rows, the
    /// dispatch. An `Err` means the caller rolls this event back.
    fn run_event(&self, c: &Tx, ev: &Event, evals: &Evals, now: i64) -> Result<Ran, Halt> {
        if let Some(id) = &ev.update_id {
            if !store::mark_update(c, ev.platform.key(), id, now)? {
                return Ok(Ran::Done(Vec::new(), Vec::new(), 0)); // delivered twice
            }
        }
        let title = ev
            .chat
            .title
            .as_deref()
            .map(types::clean_name)
            .filter(|t| !t.is_empty());
        // no name carries the core's spoiler markup, nor anything
        // invisible or text-turning (types::clean_name)
        let name = stored_name(&ev.user.name, ev.user.handle.as_deref());
        let (user, chat) = store::upsert_user_and_chat(
            c,
            ev.platform.key(),
            store::SeenUser {
                platform_user_id: &ev.user.id,
                name: &name,
                handle: ev.user.handle.as_deref(),
            },
            store::SeenChat {
                platform_chat_id: &ev.chat.id,
                title: title.as_deref(),
                is_private: ev.chat.is_private,
            },
            now,
        )?;
        let lang = resolve_lang(
            &chat,
            Some(&user),
            ev.user.lang.as_deref(),
            self.env.config.default_lang,
        );
        let owner = format!("{}:{}", ev.platform.key(), ev.user.id);
        let is_admin = ev.user.is_admin
            || chat.is_private
            || ev.platform == Platform::Console
            || self.env.config.owners.contains(&owner);
        let mut ctx = Ctx::new(&self.env, c, evals, ev.platform, user, chat, now);
        ctx.lang = lang;
        ctx.is_admin = is_admin;
        ctx.thread = ev.thread.clone();
        let done = match &ev.input {
            Input::Text(t) => on_text(&mut ctx, t, ev.bare_moves()),
            Input::Choice(p) => on_choice(&mut ctx, p),
            Input::Slash(c) => on_slash(&mut ctx, c),
        };
        match done {
            // the replies are written to the outbox with the batch's (see
            // `batch::commit_batch`)
            Ok(()) => {
                let replies = ctx
                    .take_drafts()
                    .into_iter()
                    .map(|d| finish_draft(&self.env.config, d, ev.platform))
                    .collect();
                Ok(Ran::Done(replies, ctx.jobs, ctx.moves))
            }
            Err(Halt::Refused(r)) => Ok(Ran::Refused(r, ctx.lang)),
            Err(e) => Err(e),
        }
    }

    /// A read-only question of a known person in a known chat (both by the
    /// platform's ids), answered by `f` over their context (no
    /// transaction: it changes nothing). `None` when either is unknown or
    /// `f` refuses.
    pub(crate) fn read_as<T>(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
        f: impl FnOnce(&Ctx) -> Result<T, Halt>,
    ) -> Result<Option<T>, ServiceError> {
        let store = self.lock();
        let c = store.read();
        let Some((uid, chat_id)) = store::user_and_chat(c, platform.key(), user, chat)? else {
            return Ok(None);
        };
        let (Some(user), Some(chat)) = (store::user(c, uid)?, store::chat(c, chat_id)?) else {
            return Ok(None);
        };
        let lang = resolve_lang(&chat, Some(&user), None, self.env.config.default_lang);
        let evals = Evals::default();
        let mut ctx = Ctx::new(&self.env, c, &evals, platform, user, chat, self.now());
        ctx.lang = lang;
        match f(&ctx) {
            Ok(v) => Ok(Some(v)),
            Err(Halt::Refused(_)) => Ok(None),
            Err(Halt::Failed(e)) => Err(e),
            Err(Halt::Compute(_)) => {
                Err(ServiceError::Internal("a question asked for engine work"))
            }
        }
    }

    /// An action of the AI or the service itself in a chat: one transaction,
    /// through the same gate as a person's (`actor`). `as_user` is the person
    /// it concerns (their language), if any. A refusal changes nothing and
    /// says nothing.
    pub(crate) fn system_action(
        &self,
        chat_id: ChatId,
        actor: Actor,
        as_user: Option<UserId>,
        f: impl FnOnce(&mut Ctx) -> Result<(), Halt>,
    ) -> Result<Outcome, ServiceError> {
        let now = self.now();
        let evals = Evals::default();
        let mut store = self.lock();
        let res = store.transaction(|c| -> Result<_, Halt> {
            let Some(chat) = store::chat(c, chat_id)? else {
                return Ok((Vec::new(), Vec::new(), 0));
            };
            let user = match as_user {
                Some(u) => store::user(c, u)?,
                None => None,
            };
            let platform = Platform::from_key(&chat.platform).unwrap_or(Platform::Console);
            let lang = resolve_lang(&chat, user.as_ref(), None, self.env.config.default_lang);
            let user = user.unwrap_or_else(|| UserRow::nobody(&chat.platform));
            let mut ctx = Ctx::new(&self.env, c, &evals, platform, user, chat, now);
            ctx.lang = lang;
            ctx.is_admin = true;
            ctx.actor = actor;
            f(&mut ctx)?;
            let replies = outbox::owe(self, &self.env.config, c, ctx.take_drafts(), platform, now)?;
            // the jobs it made, queued in the same transaction
            self.queue_jobs(c, &ctx.jobs, now)?;
            Ok((replies, ctx.jobs, ctx.moves))
        });
        drop(store);
        let (replies, jobs, moves) = match res {
            Ok(done) => done,
            Err(Halt::Refused(r)) => {
                tracing::debug!(refusal = %r, ?actor, "a system action was refused");
                return Ok(Outcome::default());
            }
            Err(Halt::Compute(_)) => {
                return Err(ServiceError::Internal(
                    "a system action asked for engine work",
                ))
            }
            Err(Halt::Failed(e)) => return Err(e),
        };
        Ok(Outcome {
            replies,
            jobs,
            tally: Tally {
                moves,
                ..Tally::default()
            },
        })
    }
}

/// A message: a command, or bare text that may be a move.
fn on_text(ctx: &mut Ctx, text: &str, bare_moves: bool) -> Result<(), Halt> {
    let threads = ctx.platform.limits().game_threads;
    let Some(cmd) = parse_command_on(text, threads) else {
        if bare_moves && looks_like_move(text) {
            return games::move_text(ctx, None, text.trim());
        }
        return Ok(()); // chatter: not for us
    };
    dispatch(ctx, cmd)
}

/// A slash command: its typed options, the same command.
fn on_slash(ctx: &mut Ctx, slash: &SlashCommand) -> Result<(), Halt> {
    let threads = ctx.platform.limits().game_threads;
    dispatch(ctx, slash_command(slash, threads))
}

/// A command: who may run it (the admins' commands, their mistakes
/// included, are refused to others first), then the handler its row
/// of the command table names.
fn dispatch(ctx: &mut Ctx, cmd: Command) -> Result<(), Halt> {
    if cmd.access() == Access::Admins {
        ctx.require_admin()?;
    }
    cmd.run(ctx)
}

/// A pressed button.
fn on_choice(ctx: &mut Ctx, payload: &str) -> Result<(), Halt> {
    let Some(p) = Payload::decode(payload) else {
        return Err(InputRefusal::ButtonInvalid.into());
    };
    let before = ctx.drafts.len();
    match p {
        Payload::Accept { challenge } => games::accept(ctx, challenge)?,
        Payload::AcceptShared { challenge, token } => games::accept_shared(ctx, challenge, token)?,
        Payload::Decline { challenge } => games::decline(ctx, challenge)?,
        Payload::Move { game, ply, index } => games::move_button(ctx, game, ply, index)?,
        Payload::Piece { game, ply, square } => games::picker(ctx, game, ply, Some(square))?,
        Payload::Pieces { game, ply } => games::picker(ctx, game, ply, None)?,
        Payload::Resign { game } => games::resign_button(ctx, game)?,
        Payload::ResignConfirm { game, by } => games::resign_confirmed(ctx, game, by)?,
        Payload::Draw { game } => games::draw_offer_or_accept(ctx, games::game_by_id(ctx, game)?)?,
        Payload::DeclineDraw { game } => games::draw_decline(ctx, games::game_by_id(ctx, game)?)?,
        Payload::PuzzleHint => puzzles::cmd_hint(ctx)?,
        Payload::PuzzleSolution => puzzles::cmd_puzzle(ctx, PuzzleArgs::Solution)?,
        Payload::PuzzleNext => puzzles::cmd_puzzle(ctx, PuzzleArgs::Next)?,
        Payload::Flip { game } => games::flip(ctx, game)?,
        Payload::Rematch { game } => games::rematch(ctx, game)?,
        Payload::Analyse { game } => games::cmd_analyse(ctx, Some(game))?,
        Payload::Replay { game } => games::cmd_replay(ctx, Some(game))?,
        Payload::TakebackAccept { game, ply } => games::takeback_accept(ctx, game, ply)?,
        Payload::TakebackDecline { game, ply } => games::takeback_decline(ctx, game, ply)?,
        Payload::Web { game } => web::cmd_web(ctx, Some(game))?,
        Payload::WebPuzzle { puzzle } => web::cmd_web_puzzle(ctx, puzzle)?,
        Payload::WebTournament { tournament } => web::cmd_web_tournament(ctx, tournament)?,
        Payload::PuzzleMove {
            puzzle,
            step,
            index,
            wrong,
        } => puzzles::web_answer(ctx, puzzle, step, index, wrong)?,
        Payload::PuzzlePiece {
            puzzle,
            step,
            square,
        } => puzzles::piece_moves(ctx, puzzle, step, square)?,
        Payload::PuzzleHintOf { puzzle } => puzzles::web_hint(ctx, puzzle)?,
        Payload::PuzzleGiveUp { puzzle } => puzzles::web_give_up(ctx, puzzle)?,
    }
    // a move or a resignation pressed on the board: the new board takes
    // the pressed message's place
    if let Payload::Move { game, .. } | Payload::ResignConfirm { game, .. } = p {
        if let Some(d) = ctx
            .drafts
            .iter_mut()
            .skip(before)
            .find(|d| d.game_id == Some(game) && d.board.is_some())
        {
            d.in_place = true;
        }
    }
    Ok(())
}
