//! The web board's tournament page (read only): its status and round,
//! the crosstable the chat's `/standings` shows (the same
//! [`crate::tournament::crosstable::Crosstable`]), and its games in
//! progress, each a link to its game's page for a viewer the game's web
//! gate lets in (the viewer's own signed link).

use super::{read_failed, sign, tournament_gate, web_gate, Claims, Page, Service};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::ai::Evals;
use crate::core::ServiceError;
use crate::store::{self, TournamentId, TournamentRow, TournamentStatus, Tx, UserId};
use crate::tournament::crosstable::{Cell, Tone};
use crate::tournament::Format;
use serde::Serialize;

/// Everything a tournament's page shows.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentWebView {
    pub tournament: i64,
    pub lang: String,
    pub title: String,
    /// Open, in progress (with the round), finished, cancelled.
    pub status: String,
    pub crosstable: WebCrosstable,
    pub games: Vec<TournamentWebGame>,
    pub labels: TournamentLabels,
}

/// The crosstable as rows of text cells.
#[derive(Debug, Clone, Serialize)]
pub struct WebCrosstable {
    /// The headings: number, player, the result columns, points, the
    /// tiebreaks, place.
    pub head: Vec<String>,
    pub rows: Vec<WebRow>,
}

/// A player's row.
#[derive(Debug, Clone, Serialize)]
pub struct WebRow {
    pub number: usize,
    pub name: String,
    pub cells: Vec<WebCell>,
    /// Game points (2/1/0 a game) and the 1/½/0 scale.
    pub points: String,
    pub tiebreaks: Vec<String>,
    pub place: String,
}

/// A result cell: its text and how it reads (`win`, `draw`, `loss`,
/// `neutral`, `empty`, `self`).
#[derive(Debug, Clone, Serialize)]
pub struct WebCell {
    pub text: String,
    pub tone: &'static str,
}

/// A game of the tournament in progress.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentWebGame {
    pub game: i64,
    pub round: i64,
    /// `#12 Anna – Bob: Anna to move`.
    pub line: String,
    /// The game's page for this viewer (their own signed link), when the
    /// game's web gate lets them in.
    pub url: Option<String>,
}

/// The tournament page's words.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentLabels {
    pub crosstable: String,
    pub games: String,
    pub no_games: String,
}

/// The users entered in tournament `id`.
pub(crate) fn player_ids(c: &Tx, id: TournamentId) -> Result<Vec<UserId>, ServiceError> {
    Ok(store::tournament_players(c, id)?
        .into_iter()
        .map(|p| p.user_id)
        .collect())
}

fn cell(c: &Cell) -> WebCell {
    let (text, tone) = match c {
        Cell::Diagonal => ("■".to_string(), "self"),
        Cell::Empty => (String::new(), "empty"),
        Cell::Text(t, tone) => (
            t.clone(),
            match tone {
                Tone::Win => "win",
                Tone::Draw => "draw",
                Tone::Loss => "loss",
                Tone::Neutral => "neutral",
            },
        ),
    };
    WebCell { text, tone }
}

/// The round being played (the earliest with a game in progress, else the
/// last started) and how many there are (a Swiss event's, or the
/// schedule's).
fn rounds(c: &Tx, t: &TournamentRow) -> Res<(i64, i64)> {
    let games = store::tournament_games(c, t.id)?;
    let mut current = None;
    for g in &games {
        let active = store::game(c, g.game_id)?.is_some_and(|r| r.is_active());
        if active {
            current = Some(current.map_or(g.round, |r: i64| r.min(g.round)));
        }
    }
    let started = games.iter().map(|g| g.round).max().unwrap_or(0);
    let scheduled = store::pending_pairings(c, t.id)?
        .iter()
        .map(|p| p.round)
        .max()
        .unwrap_or(0);
    let total = match t.format {
        Format::Swiss { rounds } => i64::from(rounds),
        _ => started.max(scheduled),
    };
    Ok((current.unwrap_or(started), total))
}

/// The page of `t` for the viewer of `ctx`, with the links to its games
/// signed with `secret` for them.
fn view(ctx: &Ctx, t: &TournamentRow, secret: &[u8], generation: u64) -> Res<TournamentWebView> {
    let ct = crate::core::tournaments::crosstable(ctx, t)?;
    let l = &ct.labels;
    let mut head = vec![l.number.to_string(), l.player.to_string()];
    head.extend(ct.columns.iter().cloned());
    head.push(l.points.to_string());
    head.extend(ct.tiebreaks.iter().cloned());
    head.push(l.place.to_string());
    let rows = ct
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| WebRow {
            number: i + 1,
            name: r.name.clone(),
            cells: r.cells.iter().map(cell).collect(),
            points: format!("{} ({})", r.points, r.classic),
            tiebreaks: r.tiebreaks.clone(),
            place: r.place.clone(),
        })
        .collect();
    let mut games = Vec::new();
    for tg in store::tournament_games(ctx.c, t.id)? {
        let Some(row) = store::game(ctx.c, tg.game_id)? else {
            continue;
        };
        let Some(side) = row.side_to_move().filter(|_| row.is_active()) else {
            continue;
        };
        let a = args![
            ("game", row.id),
            ("white", ctx.seat_name(row.white)?),
            ("black", ctx.seat_name(row.black)?),
            ("player", ctx.seat_name(row.seat(side))?),
        ];
        let url = web_gate(&ctx.chat, &row, ctx.user.id).is_ok().then(|| {
            let claims = Claims {
                page: Page::Game(row.id),
                user: ctx.user.id,
                expires: ctx.now + ctx.config().web.link_secs,
                generation,
            };
            format!("{}?t={}", Page::Game(row.id).path(), sign(secret, &claims))
        });
        games.push(TournamentWebGame {
            game: row.id.0,
            round: tg.round,
            line: ctx.t("tournament-to-move", Some(&a)),
            url,
        });
    }
    let (round, total) = rounds(ctx.c, t)?;
    let state = ctx.t(
        "web-tournament-status",
        Some(&args![("status", t.status.as_str().to_string())]),
    );
    let status = if t.status == TournamentStatus::Running && total > 0 {
        let r = ctx.t(
            "web-tournament-round",
            Some(&args![("round", round), ("rounds", total)]),
        );
        format!("{state} · {r}")
    } else {
        state
    };
    Ok(TournamentWebView {
        tournament: t.id.0,
        lang: ctx.lang.code().to_string(),
        title: ctx.t(
            "web-tournament-title",
            Some(&args![("id", t.id), ("name", t.name.clone())]),
        ),
        status,
        crosstable: WebCrosstable { head, rows },
        games,
        labels: TournamentLabels {
            crosstable: ctx.t("web-tournament-crosstable", None),
            games: ctx.t("web-tournament-games", None),
            no_games: ctx.t("web-tournament-no-games", None),
        },
    })
}

/// The page of the link's tournament for its user, when the
/// tournament's gate lets them in (its players; anyone while its
/// group lets everyone watch); `None` otherwise.
pub fn tournament_view(
    svc: &Service,
    claims: &Claims,
) -> Result<Option<TournamentWebView>, ServiceError> {
    let Page::Tournament(id) = claims.page else {
        return Ok(None);
    };
    let secret = super::secret(svc)?;
    let store = svc.lock();
    let c = store.read();
    let Some(t) = store::tournament(c, id)? else {
        return Ok(None);
    };
    let (Some(user), Some(chat)) = (store::user(c, claims.user)?, store::chat(c, t.chat_id)?)
    else {
        return Ok(None);
    };
    if tournament_gate(&chat, id, &player_ids(c, id)?, user.id).is_err() {
        return Ok(None);
    }
    let generation = super::generation(c, user.id)?;
    let evals = Evals::default();
    let ctx = super::reading_ctx(svc, c, &evals, user, chat);
    view(&ctx, &t, &secret, generation)
        .map(Some)
        .map_err(read_failed)
}
