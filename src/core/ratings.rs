//! Ratings: one Glicko-2 update (skillratings) for games between people —
//! in the chat and overall (chat 0) — and for puzzle attempts (the user
//! against the puzzle); the `/top` table.

use super::ctx::Ctx;
use super::error::Res;
use super::games::challenge::chat_variant;
use super::input::args::TopArgs;
use crate::args;
use crate::store::{self, ChatId, RatingRow, Tx, UserId};
use shashki_engine::{Color, Variant};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A Glicko-2 rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// The Glicko-2 update of one game: `a`'s result against `b` (`Some(true)`:
/// a won, `None`: a draw). Returns both new ratings.
pub(crate) fn update(a: Glicko, b: Glicko, a_won: Option<bool>) -> (Glicko, Glicko) {
    let to = |g: Glicko| Glicko2Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    };
    let from = |r: Glicko2Rating| Glicko {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = match a_won {
        Some(true) => Outcomes::WIN,
        Some(false) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (na, nb) = glicko2(&to(a), &to(b), &outcome, &Glicko2Config::new());
    (from(na), from(nb))
}

impl RatingRow {
    fn glicko(&self) -> Glicko {
        Glicko {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The row after one more game: the new rating and the tally.
    fn after(&self, g: Glicko, won: Option<bool>) -> RatingRow {
        RatingRow {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: self.games + 1,
            wins: self.wins + i64::from(won == Some(true)),
            draws: self.draws + i64::from(won.is_none()),
            losses: self.losses + i64::from(won == Some(false)),
        }
    }
}

/// Rate a finished game between two people, in the chat and overall, in
/// the game's variant (each variant has its own ratings).
pub(crate) fn record_game(
    c: &Tx,
    chat_id: ChatId,
    variant: Variant,
    white: UserId,
    black: UserId,
    winner: Option<Color>,
) -> Res<()> {
    let white_won = winner.map(|w| w == Color::White);
    let v = variant;
    for scope in [chat_id, ChatId::EVERYWHERE] {
        let w = store::rating_in(c, white, scope, v)?;
        let b = store::rating_in(c, black, scope, v)?;
        let (nw, nb) = update(w.glicko(), b.glicko(), white_won);
        store::save_rating_in(c, white, scope, v, &w.after(nw, white_won))?;
        store::save_rating_in(c, black, scope, v, &b.after(nb, white_won.map(|x| !x)))?;
    }
    Ok(())
}

/// `/top [variant]`: the chat's rating table in a variant (the chat's
/// default variant unless named); `/top puzzles [variant]`: the puzzle
/// solvers' (Russian draughts' unless named).
pub(crate) fn cmd_top(ctx: &mut Ctx, a: TopArgs) -> Res<()> {
    let variant = match a {
        TopArgs::Puzzles => return super::puzzles::cmd_top(ctx, Variant::Russian),
        TopArgs::PuzzlesOf(v) => return super::puzzles::cmd_top(ctx, v),
        TopArgs::Variant(v) => v,
        TopArgs::Chat => chat_variant(&ctx.chat),
    };
    let rows = store::top_ratings_in(ctx.c, ctx.chat.id, variant, 10)?;
    let names = args![
        ("variant", variant.key()),
        ("variant_name", ctx.variant_name(variant)),
    ];
    if rows.is_empty() {
        ctx.tell_id("top-empty", Some(&names));
        return Ok(());
    }
    let mut lines = vec![ctx.t("top-header", Some(&names))];
    for (i, (u, r)) in rows.iter().enumerate() {
        let a = args![
            ("place", i as i64 + 1),
            ("name", u.name.clone()),
            ("rating", r.rating.round() as i64),
            ("deviation", r.deviation.round() as i64),
            ("wins", r.wins),
            ("draws", r.draws),
            ("losses", r.losses)
        ];
        lines.push(ctx.t("top-line", Some(&a)));
    }
    ctx.say_text(lines.join("\n"));
    Ok(())
}
