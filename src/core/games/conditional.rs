//! Conditional moves, the correspondence player's premoves: `/if [#game]
//! X Y [X2 Y2 …]` — "if they play X, I reply Y (then if X2, Y2 …)". Stored
//! while the opponent is to move, checked move by move when stored, seen
//! by their owner alone (`/if` lists them, `/if clear` drops them). When the
//! opponent moves, a line that starts with that move plays its reply at
//! once, in the same transaction, and keeps its rest; every other line of
//! the owner in that game is dropped.

use super::Loaded;
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::{load, my_game};
use crate::core::input::args::{IfArgs, IfLine, MoveText};
use crate::store::{self, GameFacts, GameId, Ply, Seat, UserId};
use shashki_engine::notation::parse_move_among_in;
use shashki_engine::{AnyMove, Move, Position, Variant, Variant8};

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
        /// Conditional moves are kept for the 8×8 games only (the hook for
        /// the other boards: `cmd_if` below).
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
    // the 8×8 games only, for now: a line is kept in the 8×8 game's
    // algebraic notation and checked by its rules
    let Some(variant) = row.variant.eight() else {
        return Err(ConditionalRefusal::Variant {
            variant: row.variant,
        }
        .into());
    };
    let rest = match a.line {
        IfLine::List => return list_conditionals(ctx, row.id, variant, me_id),
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
    // each move legal in turn, written the one way the game writes it
    let l = load(ctx.c, row)?;
    let Some(mut g) = l.game.eight().cloned() else {
        return Err(ConditionalRefusal::Variant {
            variant: l.row.variant,
        }
        .into());
    };
    let mut line = Vec::new();
    for MoveText(text) in rest {
        let pos: Position = *g.position();
        let legal = g.legal_moves();
        let mv: Move = parse_move_among_in(g.variant(), &pos, &legal, &text).map_err(|error| {
            ConditionalRefusal::Illegal {
                game: l.row.id,
                text: text.clone(),
                error: error.to_string(),
            }
        })?;
        line.push(mv.to_string());
        if g.play(&mv).ok().flatten().is_some() {
            break; // the line ends the game: nothing after it
        }
    }
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
    let a = args![("game", l.row.id), ("line", pretty(variant, &line))];
    ctx.tell_id("if-stored", Some(&a));
    Ok(())
}

fn list_conditionals(ctx: &mut Ctx, game: GameId, variant: Variant8, me: UserId) -> Res<()> {
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

/// The opponent of `owner` has just played `played` in `l`'s game (now
/// `owner`'s turn): take `owner`'s conditional lines off, and if one
/// starts with `played`, the reply to play now and the rest of the line.
/// (An 8×8 game's only: no other game has lines.)
pub(super) fn conditional_reply(
    ctx: &mut Ctx,
    l: &Loaded,
    facts: Option<&GameFacts>,
    owner: Seat,
    played: &AnyMove,
) -> Res<Option<(AnyMove, Vec<String>)>> {
    let (Seat::Human(owner), Some(game), Some(played)) = (owner, l.game.eight(), played.eight())
    else {
        return Ok(None);
    };
    if facts.is_some_and(|f| !f.conditionals) {
        return Ok(None); // no line in the game, none to read
    }
    let lines = store::conditionals(ctx.c, l.row.id, owner)?;
    if lines.is_empty() {
        return Ok(None);
    }
    store::clear_conditionals(ctx.c, l.row.id, owner)?;
    let played = played.to_string();
    let Some(line) = lines
        .into_iter()
        .find(|c| c.moves.first() == Some(&played) && c.ply.next() == l.row.ply)
    else {
        return Ok(None);
    };
    let Some(reply) = line.moves.get(1) else {
        return Ok(None);
    };
    // checked again: the rules may have ended or changed the position
    let legal = game.legal_moves();
    let Ok(mv) = parse_move_among_in(game.variant(), game.position(), &legal, reply) else {
        return Ok(None);
    };
    Ok(Some((
        AnyMove::Eight(mv),
        line.moves.get(2..).unwrap_or_default().to_vec(),
    )))
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
/// A stored line (algebraic, the one way the game writes it) in the
/// variant's notation, in pairs: `11-15 → 22-18, 15x22 → 25x18`.
fn pretty(variant: Variant8, line: &[String]) -> String {
    let line: Vec<String> = line.iter().map(|m| in_notation(variant, m)).collect();
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
