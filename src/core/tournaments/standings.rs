//! A tournament's standings (`/standings`: the crosstable as text and as a
//! picture), its end (announced when its last game ends, in that game's
//! transaction) and its games in PDN.

use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::core::games;
use crate::core::i18n::Lang;
use crate::core::present::Draft;
use crate::core::tournaments::entries::take_off;
use crate::core::tournaments::pick_tournament;
use crate::core::tournaments::stages::playable_waiting;
use crate::core::tournaments::stages::start_waiting_and_announce;
use crate::core::tournaments::swiss::swiss_next_round;
use crate::core::types::{Image, Picture, Target};
use crate::store::GameId;
use crate::store::Tx;
use crate::store::{self, Seat, Termination, TournamentId, TournamentRow, TournamentStatus};
use crate::tournament::ballot::openings_in;
use crate::tournament::crosstable::{Crosstable, Labels};
use crate::tournament::score::{self, Tiebreak};
use crate::tournament::{Color, GameResult};

/// Extra PDN tags: (name, value).
pub(crate) type PdnTags = Vec<(&'static str, String)>;

/// A stored result as the tournament counts it.
fn result_of(r: store::GameResult) -> GameResult {
    match r.winner() {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}

/// The standings of a tournament (players by entry order).
pub(super) fn standings_table(c: &Tx, t: &TournamentRow) -> Res<score::Table> {
    let format = t.format;
    let players = store::tournament_players(c, t.id)?;
    let mut games = Vec::new();
    for tg in store::tournament_games(c, t.id)? {
        let row = store::game(c, tg.game_id)?.ok_or(corrupt("a tournament game vanished"))?;
        // a game ended by a withdrawal was not played: the standings
        // forfeit or annul it
        let played = row.result_reason != Some(Termination::Withdrawal);
        games.push(score::Game {
            round: u32::try_from(tg.round).unwrap_or(0),
            white: usize::try_from(tg.white_seq).unwrap_or(0),
            black: usize::try_from(tg.black_seq).unwrap_or(0),
            result: row.result.filter(|_| played).map(result_of),
        });
    }
    // the games waiting to start are on the schedule too (not played:
    // a withdrawn player's count as forfeits, or are annulled)
    for p in store::pending_pairings(c, t.id)? {
        let round = u32::try_from(p.round).unwrap_or(0);
        let (w, b) = (
            usize::try_from(p.white_seq).unwrap_or(0),
            usize::try_from(p.black_seq).unwrap_or(0),
        );
        let colours: &[(usize, usize)] = if t.micro {
            &[(w, b), (b, w)]
        } else {
            &[(w, b)]
        };
        for &(white, black) in colours {
            games.push(score::Game {
                round,
                white,
                black,
                result: None,
            });
        }
    }
    let withdrawn = players
        .iter()
        .filter(|p| p.withdrawn_at.is_some())
        .filter_map(|p| usize::try_from(p.seq).ok())
        .collect();
    let event = score::Event {
        players: players.len(),
        format,
        micro: t.micro,
        games,
        byes: store::tournament_byes(c, t.id)?
            .into_iter()
            .map(|b| score::Bye {
                round: u32::try_from(b.round).unwrap_or(0),
                player: usize::try_from(b.seq).unwrap_or(0),
                kind: if b.half {
                    score::ByeKind::Half
                } else {
                    score::ByeKind::Full
                },
            })
            .collect(),
        withdrawn,
        tiebreaks: Tiebreak::defaults(format),
    };
    Ok(score::standings(&event))
}

/// The crosstable of a tournament, in `lang`.
pub(crate) fn crosstable(ctx: &Ctx, t: &TournamentRow) -> Res<Crosstable> {
    let (c, lang) = (ctx.c, ctx.lang);
    let table = standings_table(c, t)?;
    let players = store::tournament_players(c, t.id)?;
    let mut names = Vec::new();
    for p in &players {
        names.push(ctx.seat_name(Seat::Human(p.user_id))?);
    }
    Ok(Crosstable::new(&t.name, &table, &names, labels(lang)))
}

/// The crosstable as replies: `head`, the lines `before` it and the
/// text table (in as many messages as the platform's length limit
/// needs) with the picture of the first page, then a reply for each
/// further page of at most 20 players (each drawn when the adapter
/// sends it). `mentions` go with the first.
pub(super) fn standings_drafts(
    ctx: &Ctx,
    target: Target,
    t: &TournamentRow,
    head: String,
    before: Vec<String>,
    mentions: Vec<crate::core::Mention>,
) -> Res<Vec<Draft>> {
    let ct = crosstable(ctx, t)?;
    let pages = ct.pages().len();
    let page_image = |i: usize| {
        let name = match i {
            0 => format!("crosstable-{}.png", t.id),
            _ => format!("crosstable-{}-{}.png", t.id, i + 1),
        };
        let picture = Picture::Crosstable {
            table: Box::new(ct.clone()),
            lang: ctx.lang.code().to_string(),
            page: i,
        };
        Image::of(name, picture)
    };
    let mut lines = before;
    lines.extend(ct.to_text().lines().map(str::to_string));
    let mut first = Draft::text(target.clone(), head);
    first.image = Some(page_image(0));
    first.mentions = mentions;
    // "Open board": the tournament's page
    first.link = crate::core::web::tournament_open_link(ctx, t.id);
    first.choices = crate::core::web::tournament_open_button(ctx, t.id)
        .map(|b| vec![vec![b]])
        .unwrap_or_default();
    let mut drafts = first.split_lines(&lines, ctx.platform.limits().text_max);
    for i in 1..pages {
        let a = args![
            ("id", t.id),
            ("name", t.name.clone()),
            ("page", i as i64 + 1),
            ("pages", pages as i64)
        ];
        let mut d = Draft::text(
            target.clone(),
            ctx.t("tournament-crosstable-page", Some(&a)),
        );
        d.image = Some(page_image(i));
        drafts.push(d);
    }
    Ok(drafts)
}

/// `/standings [#id]`.
pub(crate) fn cmd_standings(ctx: &mut Ctx, which: Option<TournamentId>) -> Res<()> {
    let t = pick_tournament(ctx, which, true)?;
    let head = ctx.t(
        "tournament-standings",
        Some(&args![("id", t.id), ("name", t.name.clone())]),
    );
    for d in standings_drafts(ctx, ctx.here(), &t, head, Vec::new(), Vec::new())? {
        ctx.post(d);
    }
    Ok(())
}

/// A game has just ended (in this transaction): if it is a tournament's
/// last, the tournament ends and its final standings are announced.
pub(crate) fn tournament_game_finished(ctx: &mut Ctx, game_id: GameId) -> Res<()> {
    let Some(tg) = store::tournament_game_of(ctx.c, game_id)? else {
        return Ok(());
    };
    let t = store::tournament(ctx.c, tg.tournament_id)?
        .ok_or(corrupt("a tournament game of no tournament"))?;
    // a second loss on time removes the player (FMJD correspondence
    // practice): a withdrawal, which may end the tournament itself
    let row = store::game(ctx.c, game_id)?.ok_or(corrupt("a finished game vanished"))?;
    if row.result_reason == Some(Termination::Timeout) {
        let loser = row
            .result
            .and_then(|r| r.winner())
            .and_then(|w| row.seat(w.opposite()).user_id());
        if let Some(loser) = loser {
            let forfeits = store::count_time_forfeits(ctx.c, t.id, loser)?;
            if t.status == TournamentStatus::Running && score::removed_for_forfeits(forfeits as u32)
            {
                let name = ctx.seat_name(Seat::Human(loser))?;
                let a = args![("id", t.id), ("player", name.clone())];
                ctx.say("tournament-time-forfeits", Some(&a));
                if take_off(ctx, &t, loser, &name)? {
                    return Ok(());
                }
            }
        }
    }
    tournament_maybe_over(ctx, &t)
}

/// A game of the running tournament `t` has ended (or a player left):
/// the games waiting for the room start (see `stages.rs`); if no game
/// is left to play, the tournament ends (or a Swiss event pairs its
/// next round) and its final standings are announced.
pub(crate) fn tournament_maybe_over(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let t = t.clone();
    if t.status != TournamentStatus::Running {
        return Ok(());
    }
    start_waiting_and_announce(ctx, &t)?;
    if store::count_active_tournament_games(ctx.c, t.id)? > 0 || playable_waiting(ctx, &t)? > 0 {
        return Ok(());
    }
    if swiss_next_round(ctx, &t)? {
        return Ok(());
    }
    if !store::set_tournament_status(
        ctx.c,
        t.id,
        TournamentStatus::Running,
        TournamentStatus::Finished,
        ctx.now,
    )? {
        return Ok(());
    }
    let ct = crosstable(ctx, &t)?;
    let winners: Vec<String> = ct
        .rows
        .iter()
        .filter(|r| r.place == "1" || r.place.starts_with("1–"))
        .map(|r| r.name.clone())
        .collect();
    let head = ctx.t(
        "tournament-finished",
        Some(&args![
            ("id", t.id),
            ("name", t.name.clone()),
            ("winners", winners.join(", ")),
            ("count", winners.len() as i64)
        ]),
    );
    let target = Target::Chat(ctx.chat_of(t.chat_id)?);
    let mut mentions = Vec::new();
    for p in store::tournament_players(ctx.c, t.id)? {
        mentions.extend(ctx.mention(Seat::Human(p.user_id))?);
    }
    for d in standings_drafts(ctx, target, &t, head, Vec::new(), mentions)? {
        ctx.post(d);
    }
    Ok(())
}

/// `/tournament pdn`: every game of the tournament in one PDN file.
pub(crate) fn tournament_pdn(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let mut pdn = Vec::new();
    for tg in store::tournament_games(ctx.c, t.id)? {
        let row = store::game(ctx.c, tg.game_id)?.ok_or(corrupt("a tournament game vanished"))?;
        let l = games::load(ctx.c, row)?;
        pdn.push(games::pdn_text(ctx, &l)?);
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("games", pdn.len() as i64)
    ];
    let mut d = Draft::text(ctx.here(), ctx.t("tournament-pdn", Some(&a)));
    d.document = Some((format!("tournament-{}.pdn", t.id), pdn.join("\n")));
    ctx.post(d);
    Ok(())
}

/// The PDN tags of a tournament game (Event, Round, the balloted
/// opening) and the move number its opening moves reach; `None` for a
/// game of no tournament.
pub(crate) fn tournament_pdn_tags(c: &Tx, game_id: GameId) -> Res<Option<(PdnTags, u32)>> {
    let Some(tg) = store::tournament_game_of(c, game_id)? else {
        return Ok(None);
    };
    let Some(t) = store::tournament(c, tg.tournament_id)? else {
        return Ok(None);
    };
    let mut tags = vec![("Event", t.name.clone()), ("Round", tg.round.to_string())];
    let mut number = 1;
    let opening = tg.opening_code.as_deref().and_then(|code| {
        openings_in(t.variant, t.ballot)
            .iter()
            .find(|o| o.code == code)
    });
    if let Some(o) = opening {
        tags.extend(o.pdn_tags());
        number = o.moves().len() as u32 / 2 + 1;
    }
    Ok(Some((tags, number)))
}

/// The crosstable's words in `lang`.
pub(crate) fn labels(lang: Lang) -> Labels {
    match lang {
        Lang::En => Labels::en(),
        Lang::Ru => Labels::ru(),
        Lang::Lv => Labels::lv(),
        Lang::De => Labels::de(),
        Lang::Fr => Labels::fr(),
    }
}
