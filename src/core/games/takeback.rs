//! `/takeback [#game]` (`/undo`): only in casual games — never in a rated
//! game or a tournament's, never after the end.
//!
//! - Against the AI: your last move and the AI's answer, at once.
//! - Between people (a casual game, `/challenge @bob casual`): a request to
//!   the opponent, with Accept / Decline buttons only they may press
//!   (through the gate). One request per game, kept in SQLite
//!   (`takeback_requests`) with the ply it was asked at: any move makes it
//!   lapse. On accept the requester's last move — and the opponent's
//!   answer after it, if they have moved since — is taken back in the
//!   answer's transaction, and the board shown again; a second delivery
//!   finds no open request and changes nothing. An opponent who asked for
//!   private notifications (`/notify on`) hears of the request privately,
//!   once a ply.

use super::{variants, Loaded};
use crate::args;
use crate::core::access::AccessRefusal;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::core::games::clock::turn_clock;
use crate::core::games::{game_by_id, load, my_game};
use crate::core::input::payload::Payload;
use crate::core::notify::Notice;
use crate::core::present::Draft;
use crate::store::{self, GameId, GameRow, Ply, Seat, Tx, UserId};
use shashki_engine::{AnyGame, Color};

crate::core::error::refusals! {
    /// `/takeback`: asked for, agreed to, declined.
    pub enum TakebackRefusal {
        /// No takeback in a rated game.
        Rated { game: GameId } => "takeback-rated" ["game" => game],
        /// Wait for the AI's move.
        Wait { game: GameId } => "takeback-wait" ["game" => game],
        Nothing { game: GameId } => "takeback-nothing" ["game" => game],
        /// Asked for already.
        Pending { game: GameId } => "takeback-pending" ["game" => game],
        /// Declined already at this ply.
        DeclinedAlready { game: GameId } => "takeback-declined-already" ["game" => game],
        /// No open request (any more).
        Lapsed { game: GameId } => "takeback-lapsed" ["game" => game],
        /// Only the opponent answers a request.
        NotYours { game: GameId } => "takeback-not-yours" ["game" => game],
    }
}

/// The ply a takeback of `by`'s last move goes back to: before their last
/// move, and before the opponent's answer too when the opponent has moved
/// since. `None` when `by` has no move to take back.
fn takeback_target(c: &Tx, row: &GameRow, by: Color) -> Res<Option<Ply>> {
    if row.variant.uses_light_squares() {
        return Ok(turn_takeback_target(&load(c, row.clone())?.game, by).map(Ply));
    }
    let back = if row.side_to_move() == Some(by) { 2 } else { 1 };
    Ok(Some(Ply(row.ply.0 - back)).filter(|to| to.0 >= 0))
}

/// [`takeback_target`] in a game whose turn is two sub-moves (Vigman's):
/// back to the start of `by`'s last turn — their sub-moves of it, and the
/// opponent's turn since if any. `None`: `by` has not moved.
fn turn_takeback_target(g: &AnyGame, by: Color) -> Option<i64> {
    let mut back = g.clone();
    let mut theirs = false;
    loop {
        let at_turn_start = variants::sub_move_due(&back) != Some(true);
        if theirs && at_turn_start && back.side_to_move() == by {
            return i64::try_from(back.ply()).ok();
        }
        back.undo()?;
        theirs |= back.side_to_move() == by;
    }
}

pub(crate) fn cmd_takeback(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = my_game(ctx, game)?;
    let me = ctx
        .gate(&row, Need::Play)?
        .ok_or(AccessRefusal::NotAPlayer { game: row.id })?;
    if !row.is_casual() || store::tournament_game_of(ctx.c, row.id)?.is_some() {
        return Err(TakebackRefusal::Rated { game: row.id }.into());
    }
    match row.seat(me.opposite()) {
        Seat::Ai(_) => takeback_against_ai(ctx, row, me),
        Seat::Human(opponent) => ask_takeback(ctx, row, me, opponent),
    }
}

/// Your last move and the AI's answer, at once.
fn takeback_against_ai(ctx: &mut Ctx, row: GameRow, me: Color) -> Res<()> {
    if row.side_to_move() != Some(me) {
        return Err(TakebackRefusal::Wait { game: row.id }.into());
    }
    let to = takeback_target(ctx.c, &row, me)?.ok_or(TakebackRefusal::Nothing { game: row.id })?;
    let loaded = take_back_to(ctx, row, to)?;
    let a = args![("game", loaded.row.id), ("player", ctx.user.name.clone())];
    let headline = ctx.t("takeback-done", Some(&a));
    let d = ctx.board_draft(&loaded, headline)?;
    ctx.post(d);
    Ok(())
}

/// Ask the opponent of a casual game to agree to a takeback.
fn ask_takeback(ctx: &mut Ctx, row: GameRow, me: Color, opponent: UserId) -> Res<()> {
    if takeback_target(ctx.c, &row, me)?.is_none() {
        return Err(TakebackRefusal::Nothing { game: row.id }.into());
    }
    match store::takeback_request(ctx.c, row.id)?.filter(|t| t.ply == row.ply) {
        Some(t) if t.declined => {
            return Err(TakebackRefusal::DeclinedAlready { game: row.id }.into())
        }
        Some(_) => return Err(TakebackRefusal::Pending { game: row.id }.into()),
        None => {}
    }
    store::set_takeback_request(ctx.c, row.id, ctx.user.id, row.ply, ctx.now)?;
    let opp = Seat::Human(opponent);
    let a = args![
        ("game", row.id),
        ("player", ctx.user.name.clone()),
        ("opponent", ctx.call_name(opp)?),
    ];
    let asked = ctx.t("takeback-asked", Some(&a));
    if ctx.chat.id != row.chat_id {
        // asked from elsewhere (a private chat): the asker hears it here
        ctx.post(Draft::text(ctx.here(), asked.clone()));
    }
    // the question goes where the opponent follows the game
    let mut d = ctx.in_game_chat(&row, asked)?;
    d.choices = vec![vec![
        Payload::TakebackAccept {
            game: row.id,
            ply: row.ply,
        }
        .button(ctx.t("button-accept", None)),
        Payload::TakebackDecline {
            game: row.id,
            ply: row.ply,
        }
        .button(ctx.t("button-decline", None)),
    ]];
    d.mentions.extend(ctx.mention(opp)?);
    d.game_id = Some(row.id);
    ctx.post(d);
    // the opponent may want to hear it privately (once a ply)
    let asker = row.seat(me);
    ctx.notify(&row, opp, Notice::TakebackAsked, |cat, c, lang| {
        Ok(args![(
            "player",
            crate::core::present::text::seat_name(cat, c, asker, lang)?
        )])
    })?;
    Ok(())
}

/// The opponent's answer to a takeback request asked at `ply`: the game
/// passes the gate (a player, the game going on), the request is still
/// open at the game's ply, and the presser is not the one who asked.
/// Returns the game and the requester.
fn takeback_answer(ctx: &Ctx, game: GameId, ply: Ply) -> Res<(GameRow, UserId)> {
    let row = game_by_id(ctx, game)?;
    ctx.gate(&row, Need::Play)?;
    let lapsed = TakebackRefusal::Lapsed { game: row.id };
    let req = store::takeback_request(ctx.c, row.id)?
        .filter(|t| t.ply == ply && t.ply == row.ply && !t.declined)
        .ok_or(lapsed)?;
    if req.by_user == ctx.user.id {
        return Err(TakebackRefusal::NotYours { game: row.id }.into());
    }
    Ok((row, req.by_user))
}

/// Accept: take the requester's last move back (and the answer to it).
pub(crate) fn takeback_accept(ctx: &mut Ctx, game: GameId, ply: Ply) -> Res<()> {
    let (row, by) = takeback_answer(ctx, game, ply)?;
    let by_color = row
        .color_of(by)
        .ok_or(corrupt("a takeback request of a non-player"))?;
    let to =
        takeback_target(ctx.c, &row, by_color)?.ok_or(TakebackRefusal::Lapsed { game: row.id })?;
    store::clear_takeback_request(ctx.c, row.id)?;
    let loaded = take_back_to(ctx, row, to)?;
    // the side to move starts its move afresh
    let seat = loaded.row.seat(loaded.game.side_to_move());
    let (deadline, reminder) = turn_clock(
        ctx,
        loaded.row.chat_id,
        seat,
        loaded.row.seconds_per_move,
        0,
    )?;
    store::set_turn_clock(ctx.c, loaded.row.id, deadline, reminder)?;
    let row = store::game(ctx.c, loaded.row.id)?.ok_or(corrupt("a game vanished"))?;
    let loaded = Loaded {
        row,
        game: loaded.game,
    };
    let a = args![
        ("game", loaded.row.id),
        ("player", ctx.seat_name(loaded.row.seat(by_color))?),
        ("opponent", ctx.user.name.clone()),
    ];
    let headline = ctx.t("takeback-agreed", Some(&a));
    let mut d = ctx.board_draft(&loaded, headline.clone())?;
    // a living board edited in place notifies nobody: say it too
    d.turn_note = Some(headline);
    ctx.post(d);
    Ok(())
}

/// Decline: the request is dropped, the game goes on as it is.
pub(crate) fn takeback_decline(ctx: &mut Ctx, game: GameId, ply: Ply) -> Res<()> {
    let (row, by) = takeback_answer(ctx, game, ply)?;
    // kept, declined: not asked again before the game moves on
    store::decline_takeback_request(ctx.c, row.id)?;
    let a = args![
        ("game", row.id),
        ("player", ctx.seat_name(Seat::Human(by))?),
        ("opponent", ctx.user.name.clone()),
    ];
    ctx.say("takeback-declined", Some(&a));
    Ok(())
}

/// Take a game back to ply `to`, once: refused as stale when the game
/// moved on meanwhile. Returns the game as it is now.
fn take_back_to(ctx: &mut Ctx, row: GameRow, to: Ply) -> Res<Loaded> {
    let l = load(ctx.c, row)?;
    let back = usize::try_from(to.0)
        .ok()
        .and_then(|ply| super::variants::at_ply(&l.game, ply))
        .ok_or(corrupt("a takeback past the start"))?;
    let fen = super::variants::stored_fen(&back);
    if !store::take_back(ctx.c, l.row.id, l.row.ply, to, &fen, ctx.now)? {
        return Err(AccessRefusal::ButtonStale.into());
    }
    let row = store::game(ctx.c, l.row.id)?.ok_or(corrupt("a game vanished"))?;
    load(ctx.c, row)
}
