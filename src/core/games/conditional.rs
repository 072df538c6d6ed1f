//! Conditional moves, the correspondence player's premoves: `/if [#game]
//! X Y [X2 Y2 …]` — "if they play X, I reply Y (then if X2, Y2 …)". Stored
//! while the opponent is to move, checked move by move when stored, seen
//! by their owner alone (`/if` lists them, `/if clear` drops them). When the
//! opponent moves, a line that starts with that move plays its reply at
//! once, in the same transaction, and keeps its rest; every other line of
//! the owner in that game is dropped.
//!
//! Every variant of one move a turn keeps them: a line is checked against
//! the replayed game (its history too: Frisian's king-move limit) and kept
//! as the game keeps its moves (`variants::stored_move`: algebraic on 8×8,
//! the variant's own notation on the others — `32-28`, `i3-k4`, `c3:e5`).
//! Vigman's double game, whose turn is two sub-moves, has none.

use super::{variants, Loaded};
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::{load, my_game};
use crate::core::input::args::{IfArgs, IfLine, MoveText};
use crate::store::{self, GameFacts, GameId, Ply, Seat, UserId};
use shashki_engine::{AnyGame, AnyMove, Variant, Variant8};

crate::core::error::refusals! {
    /// `/if`: conditional moves.
    pub enum ConditionalRefusal {
        /// In a group whose replies are public.
        InPublic => "if-in-public",
        Usage => "if-usage",
        /// It is the asker's move: play it.
        YourTurn { game: GameId } => "if-your-turn" ["game" => game],
        /// A move of the line is not legal where it comes.
        Illegal { game: GameId, text: String, error: String } => "if-illegal" [
            "game" => game,
            "move" => crate::core::error::Arg::Typed(text),
            "error" => crate::core::error::Arg::TypedText(error),
        ],
        TooMany { limit: i64 } => "if-too-many" ["limit" => limit],
        /// A variant whose turn is not one move (Vigman's: two sub-moves),
        /// which a line of one move and one reply does not fit.
        Variant { variant: Variant } => "if-variant" ["variant" => variant],
    }
}

/// Lines one player may keep in one game.
const LINES_MAX: usize = 10;
/// Moves in one line.
const LINE_MOVES_MAX: usize = 20;

/// `/if [#game] [X Y …] | clear`.
pub(crate) fn cmd_if(ctx: &mut Ctx, a: IfArgs) -> Res<()> {
    if !ctx.chat.is_private && !ctx.platform.limits().private_in_groups {
        // the opponent would read the plan
        return Err(ConditionalRefusal::InPublic.into());
    }
    let row = my_game(ctx, a.game)?;
    let me = ctx.gate(&row, Need::Play)?;
    let me_id = ctx.user_id()?;
    // a line pairs one move with one reply: not for a turn of two
    if !one_move_a_turn(row.variant) {
        return Err(ConditionalRefusal::Variant {
            variant: row.variant,
        }
        .into());
    }
    let rest = match a.line {
        IfLine::List => return list_conditionals(ctx, row.id, row.variant, me_id),
        IfLine::Clear => {
            let n = store::clear_conditionals(ctx.c, row.id, me_id)?;
            ctx.tell_id(
                "if-cleared",
                Some(&args![("game", row.id), ("count", n as i64)]),
            );
            return Ok(());
        }
        IfLine::Moves(moves) => moves,
    };
    if row.side_to_move() == me {
        return Err(ConditionalRefusal::YourTurn { game: row.id }.into());
    }
    if rest.len() < 2 || rest.len() > LINE_MOVES_MAX {
        return Err(ConditionalRefusal::Usage.into());
    }
    // each move legal in turn in the replayed game (its history decides
    // too: Frisian's king-move limit), kept the one way the game keeps it
    let l = load(ctx.c, row)?;
    let line = checked_line(&l, &rest)?;
    if line.len() < 2 {
        return Err(ConditionalRefusal::Usage.into());
    }
    let mine = store::conditionals(ctx.c, l.row.id, me_id)?;
    let replaces = mine.iter().any(|c| c.moves.first() == line.first());
    if mine.len() >= LINES_MAX && !replaces {
        return Err(ConditionalRefusal::TooMany {
            limit: LINES_MAX as i64,
        }
        .into());
    }
    store::add_conditional(ctx.c, l.row.id, me_id, l.row.ply, &line, ctx.now)?;
    let a = args![("game", l.row.id), ("line", pretty(l.row.variant, &line))];
    ctx.tell_id("if-stored", Some(&a));
    Ok(())
}

/// Whether a turn of `variant` is one move (a line's pairs fit it): all
/// but Vigman's double game.
fn one_move_a_turn(variant: Variant) -> bool {
    variant != Variant::Vigman
}

/// The line's moves, each legal in turn from `l`'s position, as the game
/// stores its moves; the first illegal one refused with the legal moves
/// in the variant's notation. A move that ends the game ends the line.
fn checked_line(l: &Loaded, rest: &[MoveText]) -> Res<Vec<String>> {
    let mut g: AnyGame = l.game.clone();
    let mut line = Vec::new();
    for MoveText(text) in rest {
        let mv = g
            .parse_move(text)
            .map_err(|error| ConditionalRefusal::Illegal {
                game: l.row.id,
                text: text.clone(),
                error: error.to_string(),
            })?;
        line.push(variants::stored_move(&g, &mv));
        if g.play(&mv).ok().flatten().is_some() {
            break; // the line ends the game: nothing after it
        }
    }
    Ok(line)
}

fn list_conditionals(ctx: &mut Ctx, game: GameId, variant: Variant, me: UserId) -> Res<()> {
    let lines = store::conditionals(ctx.c, game, me)?;
    if lines.is_empty() {
        ctx.tell_id("if-none", Some(&args![("game", game)]));
        return Ok(());
    }
    let mut text = ctx.t("if-list", Some(&args![("game", game)]));
    for c in &lines {
        text.push('\n');
        text.push_str(&pretty(variant, &c.moves));
    }
    ctx.tell(text);
    Ok(())
}

/// The opponent of `owner` has just played `played` (as the game stores
/// it) in `l`'s game (now `owner`'s turn): take `owner`'s conditional
/// lines off, and if one starts with `played`, the reply to play now and
/// the rest of the line. (Vigman's games have no lines.)
pub(super) fn conditional_reply(
    ctx: &mut Ctx,
    l: &Loaded,
    facts: Option<&GameFacts>,
    owner: Seat,
    played: &str,
) -> Res<Option<(AnyMove, Vec<String>)>> {
    let Seat::Human(owner) = owner else {
        return Ok(None);
    };
    if !one_move_a_turn(l.row.variant) || facts.is_some_and(|f| !f.conditionals) {
        return Ok(None); // no line in the game, none to read
    }
    let lines = store::conditionals(ctx.c, l.row.id, owner)?;
    if lines.is_empty() {
        return Ok(None);
    }
    store::clear_conditionals(ctx.c, l.row.id, owner)?;
    let Some(line) = lines
        .into_iter()
        .find(|c| c.moves.first().map(String::as_str) == Some(played) && c.ply.next() == l.row.ply)
    else {
        return Ok(None);
    };
    let Some(reply) = line.moves.get(1) else {
        return Ok(None);
    };
    // checked again, in the replayed game: the rules may have ended or
    // changed the position
    let Ok(mv) = l.game.parse_move(reply) else {
        return Ok(None);
    };
    Ok(Some((mv, line.moves.get(2..).unwrap_or_default().to_vec())))
}

/// Keep the rest of an applied line (`rest` starts with the opponent's
/// next move) for `owner`, from `ply` on.
pub(super) fn keep_conditional_rest(
    ctx: &mut Ctx,
    game: GameId,
    owner: UserId,
    ply: Ply,
    rest: &[String],
) -> Res<()> {
    if rest.len() >= 2 {
        store::add_conditional(ctx.c, game, owner, ply, rest, ctx.now)?;
    }
    Ok(())
}

/// `e3-d4 → f6-g5, …`: a line as its owner reads it.
/// A stored line in the variant's notation, in pairs: `11-15 → 22-18,
/// 15x22 → 25x18` (the 8×8 games keep it algebraic; the others as their
/// players write it already).
fn pretty(variant: Variant, line: &[String]) -> String {
    let line: Vec<String> = line
        .iter()
        .map(|m| match variant.eight() {
            Some(v8) => in_notation(v8, m),
            None => m.clone(),
        })
        .collect();
    line.chunks(2)
        .map(|p| p.join(" → "))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An algebraic move text (`c3-d4`, `c3:e5:g7`) in the variant's notation
/// (`22-18`, `22x15x8` in English draughts); unchanged where the variant
/// writes moves algebraically or the text is not a path of squares.
pub(crate) fn in_notation(variant: Variant8, text: &str) -> String {
    if !variant.numeric_notation() {
        return text.to_string();
    }
    let capture = text.contains(':');
    let numbers: Option<Vec<String>> = text
        .split([':', '-'])
        .map(|t| {
            shashki_engine::Square::parse(t)
                .ok()
                .map(|sq| variant.square_number(sq).to_string())
        })
        .collect();
    match numbers {
        Some(n) => n.join(if capture { "x" } else { "-" }),
        None => text.to_string(),
    }
}
