//! Challenges: to a person (`/challenge @bob 3`), open to anyone, or to the
//! AI (`/challenge ai 5 black`), in any variant (`/challenge @bob poddavki`,
//! `variant=pool`; the chat's default otherwise); accepting, declining,
//! withdrawing; and the start of a game.

use super::variants;
use super::GameRefusal;
use super::Loaded;
use crate::args;
use crate::core::access::AccessRefusal;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::clock::start_clock;
use crate::core::games::game_by_id;
use crate::core::input::args::{ChallengeArgs, Opponent, TimeLimit};
use crate::core::input::payload::Payload;
use crate::core::input::InputRefusal;
use crate::core::notify::Notice;
use crate::core::present::Draft;
use crate::core::time::DAY;
use crate::core::types::{Job, Share, Target};
use crate::store::{
    self, ChallengeId, ChallengeStatus, ColorWish, GameId, NewGame, Ply, Seat, UserId,
};
use shashki_engine::{AnyGame, AnyPosition, BoardKind, Color, Variant};

crate::core::error::refusals! {
    /// Challenges: made, accepted, declined; the limits of games at once.
    pub enum ChallengeRefusal {
        /// A word of `/challenge` that means nothing there.
        BadWord { word: String } => "challenge-bad-word" ["word" => crate::core::error::Arg::Typed(word)],
        BadLevel { level: i64 } => "challenge-bad-level" ["level" => level],
        /// Days per move out of range (also a tournament's).
        BadDays { days: i64 } => "challenge-bad-days" ["days" => days],
        /// A challenge to oneself.
        ToSelf => "challenge-self",
        /// No such challenge here (`id` as typed or stored: a typed one may
        /// not fit a number).
        Unknown { id: String } => "challenge-unknown" ["id" => crate::core::error::Arg::Typed(id)],
        Closed { id: ChallengeId } => "challenge-closed" ["id" => id],
        /// Accepting one's own challenge.
        Own => "challenge-own",
        NotForYou => "challenge-not-for-you",
        NoneOpen => "no-open-challenge",
        /// Open challenges at once.
        TooManyChallenges { limit: i64 } => "limit-challenges" ["limit" => limit],
        /// The asker's games in progress.
        TooManyGames { limit: i64 } => "limit-games" ["limit" => limit],
        /// The chat's games in progress.
        ChatFull { limit: i64 } => "limit-chat-games" ["limit" => limit],
        TooManyAiGames { limit: i64 } => "limit-ai-games" ["limit" => limit],
        /// The opponent's games in progress.
        OpponentBusy { limit: i64 } => "limit-opponent-games" ["limit" => limit],
    }
}

/// Whether a challenge is for `me` (`None`: it is open to anyone): the user
/// it names, or, when it named a @handle the bot had not seen, whoever holds
/// that handle. A handle that changed hands since does not carry a challenge
/// made to its old holder.
fn for_me(ch: &store::ChallengeRow, me: UserId, my_handle: Option<&str>) -> Option<bool> {
    match (ch.to_user, &ch.to_handle) {
        (Some(u), _) => Some(u == me),
        (None, Some(h)) => Some(my_handle == Some(h.as_str())),
        (None, None) => None,
    }
}

/// The variant a chat plays unless a challenge names one.
pub(crate) fn chat_variant(chat: &store::ChatRow) -> Variant {
    chat.variant.unwrap_or_default()
}

/// The most pieces a side may have in a game's start position: as many as
/// the variant's board starts with (Bashni: every piece of a side, in
/// towers or not; Vigman: both colours of squares, 12 on each).
fn pieces_max(variant: Variant) -> usize {
    if variant.uses_light_squares() {
        return 24;
    }
    match variant.board() {
        BoardKind::Eight => 12,
        BoardKind::TenByEight => 15,
        BoardKind::Ten => 20,
    }
}

/// The pieces of `side` in `pos` (in towers too).
pub(crate) fn pieces_of(pos: &AnyPosition, side: Color) -> usize {
    pos.stacks()
        .iter()
        .flat_map(|(_, stack)| stack.iter())
        .filter(|p| p.color == side)
        .count()
}

/// The position a `from FEN` challenge starts from (a game there, not yet
/// begun): a FEN of at most as many pieces a side as the board starts
/// with, where the side to move has a move; the problem named otherwise.
fn start_position(fen: &str, variant: Variant) -> Res<AnyGame> {
    let bad = |error: String| GameRefusal::BadFen { error };
    // square numbers as the variant's players count them
    let game = variant
        .game_from_fen(fen.trim())
        .map_err(|e| bad(e.to_string()))?;
    let pos = game.position();
    let max = pieces_max(variant);
    for side in [Color::White, Color::Black] {
        let n = pieces_of(&pos, side);
        if n > max {
            return Err(bad(format!("{n} pieces for one side ({max} at most)")).into());
        }
    }
    if game.legal_moves().is_empty() {
        return Err(bad("the side to move has no move: the game would be over".into()).into());
    }
    // kept from its position alone, as the store will read it back
    variants::game_at(variant, &variants::stored_fen(&game)).map_err(|e| bad(e).into())
}

/// `/challenge [@name | ai | open] [level] [days | unlimited] [colour]
/// [variant] [rated | casual] [from FEN]` (a game against the AI is
/// always casual).
pub(crate) fn cmd_challenge(ctx: &mut Ctx, a: ChallengeArgs) -> Res<()> {
    let ChallengeArgs {
        opponent,
        level,
        days,
        colour: color,
        variant,
        casual,
        from,
    } = a;
    let variant = variant.unwrap_or_else(|| chat_variant(&ctx.chat));
    let ai = opponent == Opponent::Ai;
    let seconds_per_move = match days {
        Some(TimeLimit::Unlimited) => None,
        Some(TimeLimit::Days(d)) => Some(d * DAY),
        None if ai => None,
        None => Some(ctx.chat.days_per_move.unwrap_or(ctx.config().default_days) * DAY),
    };
    let start = match from {
        Some(fen) => Some(start_position(&fen, variant)?),
        None => None,
    };
    let me_id = ctx.user_id()?;
    let me = Seat::Human(me_id);
    may_challenge(ctx, me_id, ai)?;
    match opponent {
        Opponent::Ai => {
            let ai = Seat::Ai(level.unwrap_or(3));
            let (white, black) = match color.resolve(ctx.now ^ ctx.user.id.0) {
                Color::White => (me, ai),
                Color::Black => (ai, me),
            };
            start_game(ctx, white, black, seconds_per_move, variant, start, false)?;
        }
        Opponent::Handle(h) => {
            if ctx.user.handle.as_deref() == Some(h.as_str()) {
                return Err(ChallengeRefusal::ToSelf.into());
            }
            let to = store::user_by_handle(ctx.c, ctx.platform.key(), &h)?;
            let to = to.map(|u| u.id);
            create_challenge(
                ctx,
                to,
                Some(h),
                color,
                seconds_per_move,
                variant,
                start.as_ref(),
                casual,
            )?;
        }
        Opponent::Open => create_challenge(
            ctx,
            None,
            None,
            color,
            seconds_per_move,
            variant,
            start.as_ref(),
            casual,
        )?,
    }
    Ok(())
}

/// Refuse a new challenge (or AI game) of `me` past the limits.
fn may_challenge(ctx: &Ctx, me: UserId, ai: bool) -> Res<()> {
    room_for_a_game(ctx, me, None, ai)?;
    if !ai {
        let limit = ctx.config().limits.open_challenges_per_user;
        if store::count_open_challenges_from(ctx.c, me)? >= limit {
            return Err(ChallengeRefusal::TooManyChallenges { limit }.into());
        }
    }
    Ok(())
}

/// The rematch button of a finished game (not a tournament's): its
/// players only; colours swapped, the same time per move. Against a
/// person it is a challenge to them (the usual path: they accept), against
/// the AI a new game at the same level at once. A casual game's rematch
/// is casual.
pub(crate) fn rematch(ctx: &mut Ctx, game: GameId) -> Res<()> {
    let row = game_by_id(ctx, game)?;
    let me_id = ctx.user_id()?;
    let mine = row
        .color_of(me_id)
        .ok_or(AccessRefusal::NotAPlayer { game: row.id })?;
    if row.is_active() || store::tournament_game_of(ctx.c, row.id)?.is_some() {
        return Err(InputRefusal::ButtonInvalid.into());
    }
    let me = Seat::Human(me_id);
    let now_mine = mine.opposite();
    // the same game again: its rules and its start too
    let variant = row.variant;
    let start = variants::game_at(variant, &row.start_fen)
        .ok()
        .filter(|g| !variants::starts_at_the_beginning(g));
    match row.seat(mine.opposite()) {
        Seat::Ai(level) => {
            may_challenge(ctx, me_id, true)?;
            let (white, black) = match now_mine {
                Color::White => (me, Seat::Ai(level)),
                Color::Black => (Seat::Ai(level), me),
            };
            start_game(
                ctx,
                white,
                black,
                row.seconds_per_move,
                variant,
                start,
                false,
            )?;
        }
        Seat::Human(other) => {
            may_challenge(ctx, me_id, false)?;
            let handle = store::user(ctx.c, other)?.and_then(|u| u.handle);
            let wish = match now_mine {
                Color::White => ColorWish::White,
                Color::Black => ColorWish::Black,
            };
            create_challenge(
                ctx,
                Some(other),
                handle,
                wish,
                row.seconds_per_move,
                variant,
                start.as_ref(),
                row.casual,
            )?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn create_challenge(
    ctx: &mut Ctx,
    to_user: Option<UserId>,
    to_handle: Option<String>,
    color: ColorWish,
    seconds_per_move: Option<i64>,
    variant: Variant,
    start: Option<&AnyGame>,
    casual: bool,
) -> Res<()> {
    let ttl = ctx.config().challenge_ttl_secs;
    let id = store::insert_challenge(
        ctx.c,
        ctx.chat.id,
        ctx.user.id,
        to_user,
        to_handle.as_deref(),
        color,
        seconds_per_move,
        ctx.now,
        ctx.now + ttl,
        variant,
    )?;
    store::set_challenge_thread(ctx.c, id, ctx.thread.as_deref())?;
    let a = args![
        ("id", id),
        ("from", ctx.user.name.clone()),
        (
            "to",
            to_handle
                .as_ref()
                .map(|h| format!("@{h}"))
                .unwrap_or_default()
        ),
        ("open", if to_handle.is_some() { "no" } else { "yes" }),
        ("color", color.as_str()),
        ("per_move", ctx.per_move_text(seconds_per_move)),
        ("expires", ctx.duration_text(ttl)),
        ("variant", variant.key()),
        ("variant_name", ctx.variant_name(variant)),
        ("casual", if casual { "yes" } else { "no" }),
    ];
    if casual {
        store::set_challenge_casual(ctx.c, id, true)?;
    }
    let mut text = ctx.t("challenge-card", Some(&a));
    if let Some(g) = start {
        store::set_challenge_start(ctx.c, id, &variants::stored_fen(g))?;
        // as the variant's players write it (Italian numbers, 10×10's)
        let fen = g.fen();
        text.push('\n');
        text.push_str(&ctx.t("challenge-from", Some(&args![("fen", fen)])));
    }
    let mut d = Draft::text(ctx.here(), text);
    d.choices = vec![vec![
        Payload::Accept { challenge: id }.button(ctx.t("button-accept", None)),
        Payload::Decline { challenge: id }.button(ctx.t("button-decline", None)),
    ]];
    if let Some(uid) = to_user {
        d.mentions.extend(ctx.mention(Seat::Human(uid))?);
    }
    // an open challenge in a group may be passed on: the link opens the
    // bot, where it can be accepted; the game is played here
    if to_handle.is_none() && !ctx.chat.is_private {
        d.share = Some(share_challenge(ctx, id)?);
    }
    ctx.post(d);
    Ok(())
}

/// The share button of an open challenge of this chat: its link
/// carries a secret kept with it (`challenges.share_token`, v17), so
/// only those it was passed to can accept it from elsewhere.
fn share_challenge(ctx: &Ctx, id: ChallengeId) -> Res<Share> {
    // twelve random digits (what a payload number may hold), from the
    // OS's secure generator
    let token = crate::core::random::share_token()?;
    store::set_challenge_share_token(ctx.c, id, token)?;
    let a = args![
        ("id", id),
        ("from", ctx.user.name.clone()),
        ("chat", ctx.chat.title.clone().unwrap_or_default()),
    ];
    Ok(Share {
        start: format!("challenge-{id}-{token}"),
        text: ctx.t("challenge-share-text", Some(&a)),
        label: ctx.t("button-share", None),
    })
}

/// A shared challenge's link opened (`/start challenge-12-TOKEN`): its
/// card with an accept button, for an open challenge of a group on this
/// platform whose link this is (a game of another chat is never named
/// otherwise).
pub(crate) fn challenge_link(ctx: &mut Ctx, id: ChallengeId, token: i64) -> Res<()> {
    let (ch, chat) = shared_challenge(ctx, id, token)?;
    let from = store::user(ctx.c, ch.from_user)?
        .map(|u| u.name)
        .unwrap_or_default();
    let variant: Variant = ch.variant;
    let a = args![
        ("id", id),
        ("from", from),
        ("chat", chat.title.unwrap_or_default()),
        ("per_move", ctx.per_move_text(ch.seconds_per_move)),
        ("variant_name", ctx.variant_name(variant)),
    ];
    let mut d = Draft::text(ctx.here(), ctx.t("challenge-link", Some(&a)));
    d.choices = vec![vec![Payload::AcceptShared {
        challenge: id,
        token,
    }
    .button(ctx.t("button-accept", None))]];
    ctx.post(d);
    Ok(())
}

/// An open challenge of a group that its share link (`token`) brings
/// someone to: open to anyone, not expired, on this platform; with its
/// chat. A wrong token is an unknown challenge.
fn shared_challenge(
    ctx: &Ctx,
    id: ChallengeId,
    token: i64,
) -> Res<(store::ChallengeRow, store::ChatRow)> {
    if store::challenge_share_token(ctx.c, id)? != Some(token) {
        return Err(ChallengeRefusal::Unknown { id: id.to_string() }.into());
    }
    let found = store::challenge(ctx.c, id)?;
    let chat = match &found {
        Some(ch) => store::chat(ctx.c, ch.chat_id)?,
        None => None,
    };
    let (Some(ch), Some(chat)) = (found, chat) else {
        return Err(ChallengeRefusal::Unknown { id: id.to_string() }.into());
    };
    if chat.platform != ctx.platform.key()
        || chat.is_private
        || ch.to_user.is_some()
        || ch.to_handle.is_some()
    {
        return Err(ChallengeRefusal::Unknown { id: id.to_string() }.into());
    }
    if ch.status != ChallengeStatus::Open || ch.expires_at <= ctx.now {
        return Err(ChallengeRefusal::Closed { id }.into());
    }
    Ok((ch, chat))
}

/// Refuse a new game past the limits: the chat's games, the user's games
/// (and AI games), the opponent's games.
fn room_for_a_game(ctx: &Ctx, me: UserId, opponent: Option<UserId>, ai: bool) -> Res<()> {
    let l = ctx.config().limits;
    if store::count_active_games_in_chat(ctx.c, ctx.chat.id)? >= l.active_games_per_chat {
        return Err(ChallengeRefusal::ChatFull {
            limit: l.active_games_per_chat,
        }
        .into());
    }
    if store::count_active_games_of(ctx.c, me, false)? >= l.active_games_per_user {
        return Err(ChallengeRefusal::TooManyGames {
            limit: l.active_games_per_user,
        }
        .into());
    }
    if ai && store::count_active_games_of(ctx.c, me, true)? >= l.ai_games_per_user {
        return Err(ChallengeRefusal::TooManyAiGames {
            limit: l.ai_games_per_user,
        }
        .into());
    }
    if let Some(o) = opponent {
        if store::count_active_games_of(ctx.c, o, false)? >= l.active_games_per_user {
            return Err(ChallengeRefusal::OpponentBusy {
                limit: l.active_games_per_user,
            }
            .into());
        }
    }
    Ok(())
}

/// The challenge a `/accept` or `/decline` means.
fn pick_challenge(ctx: &Ctx, id: Option<ChallengeId>) -> Res<ChallengeId> {
    if let Some(id) = id {
        return Ok(id);
    }
    let open = store::open_challenges_for(ctx.c, ctx.chat.id, &ctx.user)?;
    Ok(open.first().ok_or(ChallengeRefusal::NoneOpen)?.id)
}

pub(crate) fn cmd_accept(ctx: &mut Ctx, challenge: Option<ChallengeId>) -> Res<()> {
    let id = pick_challenge(ctx, challenge)?;
    accept(ctx, id)
}

pub(crate) fn cmd_decline(ctx: &mut Ctx, challenge: Option<ChallengeId>) -> Res<()> {
    let id = pick_challenge(ctx, challenge)?;
    decline(ctx, id)
}

/// A challenge of this chat, by number.
fn challenge_here(ctx: &Ctx, id: ChallengeId) -> Res<store::ChallengeRow> {
    Ok(store::challenge(ctx.c, id)?
        .filter(|c| c.chat_id == ctx.chat.id)
        .ok_or(ChallengeRefusal::Unknown { id: id.to_string() })?)
}

pub(crate) fn accept(ctx: &mut Ctx, id: ChallengeId) -> Res<()> {
    accept_here(ctx, id).map(drop)
}

/// Accept a shared challenge by its link's button: here, if it is this
/// chat's; else the game starts in the challenge's group (in its
/// language) and the acceptor is told where.
pub(crate) fn accept_shared(ctx: &mut Ctx, id: ChallengeId, token: i64) -> Res<()> {
    let (ch, chat) = shared_challenge(ctx, id, token)?;
    if ch.chat_id == ctx.chat.id {
        return accept(ctx, id);
    }
    let title = chat.title.clone().unwrap_or_default();
    let lang =
        crate::core::ctx::resolve_lang(&chat, Some(&ctx.user), None, ctx.config().default_lang);
    // act in the group for the while: its chat and language, no admin
    // rights carried over from the private chat, and its topic for what
    // is said there
    let group = chat.platform_chat_id.clone();
    let here = std::mem::replace(&mut ctx.chat, chat);
    let my_lang = std::mem::replace(&mut ctx.lang, lang);
    let my_thread = ctx.thread.take();
    let was_admin = std::mem::replace(&mut ctx.is_admin, false);
    let before = ctx.drafts.len();
    let started = accept_here(ctx, id);
    let group_thread = std::mem::replace(&mut ctx.thread, my_thread);
    for d in ctx.drafts.iter_mut().skip(before) {
        let in_group = match &d.target {
            Target::Chat(c) | Target::User { chat: c, .. } => *c == group,
            Target::Private { .. } => false,
        };
        if in_group && d.thread.is_none() {
            d.thread = Some(group_thread.clone());
        }
    }
    ctx.chat = here;
    ctx.lang = my_lang;
    ctx.is_admin = was_admin;
    let game = started?;
    let a = args![("game", game), ("chat", title)];
    ctx.say("challenge-accepted-there", Some(&a));
    Ok(())
}

/// Accept a challenge of this chat; the new game's id.
fn accept_here(ctx: &mut Ctx, id: ChallengeId) -> Res<GameId> {
    let me = ctx.user_id()?;
    let ch = challenge_here(ctx, id)?;
    if ch.status != ChallengeStatus::Open || ch.expires_at <= ctx.now {
        return Err(ChallengeRefusal::Closed { id }.into());
    }
    if ch.from_user == me {
        return Err(ChallengeRefusal::Own.into());
    }
    if for_me(&ch, me, ctx.user.handle.as_deref()) == Some(false) {
        return Err(ChallengeRefusal::NotForYou.into());
    }
    room_for_a_game(ctx, me, Some(ch.from_user), false)?;
    // the game lives where its challenge was posted (a forum topic)
    if let Some(t) = store::challenge_thread(ctx.c, ch.id)? {
        ctx.thread = Some(t);
    }
    let (challenger, me) = (Seat::Human(ch.from_user), Seat::Human(me));
    let (white, black) = match ch.color.resolve(ctx.now ^ ch.id.0) {
        Color::White => (challenger, me),
        Color::Black => (me, challenger),
    };
    let variant = ch.variant;
    let start = ch
        .start_fen
        .as_deref()
        .and_then(|f| variants::game_at(variant, f).ok());
    let game_id = start_game(
        ctx,
        white,
        black,
        ch.seconds_per_move,
        variant,
        start,
        ch.casual,
    )?;
    store::close_challenge(ctx.c, ch.id, ChallengeStatus::Accepted, Some(game_id))?;
    Ok(game_id)
}

pub(crate) fn decline(ctx: &mut Ctx, id: ChallengeId) -> Res<()> {
    let me = ctx.user_id()?;
    let ch = challenge_here(ctx, id)?;
    if ch.status != ChallengeStatus::Open {
        return Err(ChallengeRefusal::Closed { id }.into());
    }
    let mine = ch.from_user == me;
    let for_me = for_me(&ch, me, ctx.user.handle.as_deref()) == Some(true);
    if !mine && !for_me {
        return Err(ChallengeRefusal::NotForYou.into());
    }
    let (status, message) = if mine {
        (ChallengeStatus::Cancelled, "challenge-cancelled")
    } else {
        (ChallengeStatus::Declined, "challenge-declined")
    };
    store::close_challenge(ctx.c, ch.id, status, None)?;
    let a = args![("id", id), ("name", ctx.user.name.clone())];
    ctx.say(message, Some(&a));
    Ok(())
}

/// Start a game of `variant` from `start` (`None`: its initial
/// position); `casual`: a casual game between people.
#[allow(clippy::too_many_arguments)]
fn start_game(
    ctx: &mut Ctx,
    white: Seat,
    black: Seat,
    spm: Option<i64>,
    variant: Variant,
    start: Option<AnyGame>,
    casual: bool,
) -> Res<GameId> {
    let tc = super::clock::TimeControl::per_move(spm);
    let start = start.unwrap_or_else(|| variant.new_game());
    start_game_from(ctx, white, black, tc, start, true, casual)
}

/// Start a game from `start` (a game not yet begun in its variant: a
/// tournament's balloted opening, a challenge's position, or the initial
/// position); `announce`: post its board (a tournament posts one message
/// for all its games instead); `casual`: a casual game between people.
#[allow(clippy::too_many_arguments)]
pub(crate) fn start_game_from(
    ctx: &mut Ctx,
    white: Seat,
    black: Seat,
    tc: super::clock::TimeControl,
    start: AnyGame,
    announce: bool,
    casual: bool,
) -> Res<GameId> {
    let variant = start.variant();
    let first = match start.side_to_move() {
        Color::White => white,
        Color::Black => black,
    };
    let (deadline, reminder_at) = start_clock(ctx, first, tc)?;
    let new = NewGame {
        chat_id: ctx.chat.id,
        variant,
        white,
        black,
        start_fen: variants::stored_start_fen(&start),
        seconds_per_move: tc.spm,
        deadline,
        reminder_at,
        bank: tc.bank,
        casual,
    };
    let id = store::insert_game(ctx.c, &new, ctx.now)?;
    store::set_game_thread(ctx.c, id, ctx.thread.as_deref())?;
    let row = store::game(ctx.c, id)?
        .ok_or(crate::core::ServiceError::Internal("a new game vanished"))?;
    // the first to move may want to hear it privately
    ctx.notify(&row, first, Notice::Started, |_, _, _| Ok(args![]))?;
    if !announce {
        return Ok(id);
    }
    let loaded = Loaded { row, game: start };
    let a = args![
        ("game", id),
        ("white", ctx.seat_name(white)?),
        ("black", ctx.seat_name(black)?),
        ("per_move", ctx.per_move_text(tc.spm)),
        ("variant", variant.key()),
        ("variant_name", ctx.variant_name(variant)),
    ];
    let headline = ctx.t("game-started", Some(&a));
    let mut d = ctx.board_draft(&loaded, headline)?;
    // a chat that gives each game a thread: the board opens it (unless
    // the game was started inside a thread already)
    let threads = ctx.platform.limits().game_threads
        && ctx.thread.is_none()
        && !ctx.chat.is_private
        && store::chat_threads(ctx.c, ctx.chat.id)?;
    if threads {
        let a = args![
            ("game", id),
            ("white", ctx.seat_name(white)?),
            ("black", ctx.seat_name(black)?),
        ];
        d.new_thread = Some(ctx.t("game-thread-name", Some(&a)));
        ctx.say("game-in-thread", Some(&args![("game", id)]));
    }
    ctx.post(d);
    if let Seat::Ai(_) = first {
        ctx.jobs.push(Job::AiMove {
            game: id,
            ply: Ply(0),
        });
    }
    Ok(id)
}
