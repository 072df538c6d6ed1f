//! Ratings: one Glicko-2 update (skillratings) for games between people —
//! in the chat and overall (chat 0) — and for puzzle attempts (the user
//! against the puzzle); the `/top` table.

use super::ctx::Ctx;
use super::error::Res;
use crate::args;
use crate::store::{self, RatingRow};
use rusqlite::Connection;
use shashki_engine::Color;
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

/// Rate a finished game between two people, in the chat and overall.
pub(crate) fn record_game(
    c: &Connection,
    chat_id: i64,
    white: i64,
    black: i64,
    winner: Option<Color>,
) -> Res<()> {
    let white_won = winner.map(|w| w == Color::White);
    for scope in [chat_id, 0] {
        let w = store::rating(c, white, scope)?;
        let b = store::rating(c, black, scope)?;
        let (nw, nb) = update(w.glicko(), b.glicko(), white_won);
        store::save_rating(c, white, scope, &w.after(nw, white_won))?;
        store::save_rating(c, black, scope, &b.after(nb, white_won.map(|x| !x)))?;
    }
    Ok(())
}

impl super::Service {
    /// `/top`: the chat's rating table.
    pub(crate) fn cmd_top(&self, ctx: &mut Ctx) -> Res<()> {
        let rows = store::top_ratings(ctx.c, ctx.chat.id, 10)?;
        if rows.is_empty() {
            ctx.tell_id("top-empty", None);
            return Ok(());
        }
        let mut lines = vec![ctx.t("top-header", None)];
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
}
