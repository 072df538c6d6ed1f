//! Correspondence tournaments in a group chat: `/tournament new|join|leave|
//! start|pdn|cancel|missing|adjudicate`, `/tournament` (status),
//! `/standings`. The schedule, the
//! opening ballot and the standings come from [`crate::tournament`]; the
//! games are ordinary games of the chat, started all at once where the game
//! limits allow (a correspondence round robin) and in stages where they do
//! not (`stages.rs`), and a game's end tells its tournament in the same
//! transaction ([`Service::tournament_game_finished`]).

mod entries;
mod leave;
mod organise;
mod stages;
mod standings;
pub(crate) use standings::labels;
mod swiss;

use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::core::games;
use crate::core::games::clock::TimeControl;
use crate::core::input::args::{NewTournamentArgs, TournamentArgs};
use crate::core::time::DAY;
use crate::store::{
    self, NewTournament, Seat, TournamentGameRow, TournamentId, TournamentRow, TournamentStatus,
};
use crate::tournament::ballot::{Ballot, Draw, Opening};
use crate::tournament::{berger, Format, Pairing};
use entries::tournament_join;
use entries::tournament_leave;
use entries::tournament_remove;
use leave::tournament_pause;
use organise::tournament_adjudicate;
use organise::tournament_cancel;
use organise::tournament_missing;
use shashki_engine::Variant;
use stages::playable_waiting;
use stages::room_for_a_round;
use stages::schedule_pairings;
use stages::start_waiting;
use stages::waiting_line;
use standings::tournament_pdn;
use swiss::swiss_round;

pub(crate) use stages::start_waiting_tournament_games;
pub(crate) use standings::{
    cmd_standings, crosstable, tournament_game_finished, tournament_pdn_tags,
};

crate::core::error::refusals! {
    /// Tournaments: made, entered, run, adjudicated, paused.
    pub enum TournamentRefusal {
        Usage => "tournament-usage",
        /// A word of `/tournament` that means nothing there.
        BadWord { word: String } => "tournament-bad-word" ["word" => crate::core::error::Arg::Typed(word)],
        /// No such tournament here (`id` as written).
        Unknown { id: String } => "tournament-unknown" ["id" => crate::core::error::Arg::Typed(id)],
        NoneHere => "tournament-none",
        /// Several tournaments: the asker names one.
        Which { ids: Vec<TournamentId> } => "tournament-which" ["ids" => ids],
        /// Not open for entries.
        NotOpen { id: TournamentId } => "tournament-not-open" ["id" => id],
        /// Too late to enter: `rounds` paired.
        TooLate { id: TournamentId, rounds: i64 } => "tournament-too-late" ["id" => id, "rounds" => rounds],
        AlreadyJoined { id: TournamentId } => "tournament-already-in" ["id" => id],
        NotJoined { id: TournamentId } => "tournament-not-in" ["id" => id],
        /// A tournament of too few players to start.
        TooFew { players: i64 } => "tournament-too-few" ["players" => players],
        Full { id: TournamentId, limit: i64 } => "tournament-full" ["id" => id, "limit" => limit],
        /// `name` is not in the tournament.
        NotEntered { id: TournamentId, name: String } => "tournament-not-entered" [
            "id" => id,
            "name" => crate::core::error::Arg::Typed(name),
        ],
        Over { id: TournamentId } => "tournament-over" ["id" => id],
        /// Not a number of players (as written).
        BadMax { max: String } => "tournament-bad-max" ["max" => crate::core::error::Arg::Typed(max)],
        /// Not an end date.
        BadEnd { word: String } => "tournament-bad-end" ["word" => crate::core::error::Arg::Typed(word)],
        /// Not a bank (`MOVES/DAYS`).
        BadBank { word: String } => "tournament-bad-bank" ["word" => crate::core::error::Arg::Typed(word)],
        NotRunning { id: TournamentId } => "tournament-not-running" ["id" => id],
        AdjudicateUsage => "adjudicate-usage",
        AdjudicateBadResult { word: String } => "adjudicate-bad-result" ["word" => crate::core::error::Arg::Typed(word)],
        /// Not a game of a tournament here (`game` as written).
        NotATournamentGame { game: String } => "not-a-tournament-game" ["game" => crate::core::error::Arg::Typed(game)],
        /// `/tournament pause` without a number of days.
        LeaveUsage { id: TournamentId, left: i64 } => "leave-usage" ["id" => id, "left" => left],
        LeaveTooLong { id: TournamentId, left: i64, days: i64 } => "leave-too-long" [
            "id" => id,
            "left" => left,
            "days" => days,
        ],
        /// A round's `games` do not fit the `room` the chat has for
        /// tournament games (its `limit`, and the tournaments' `share`).
        NoRoom { id: TournamentId, games: i64, room: i64, limit: i64, share: i64 } => "tournament-no-room" [
            "id" => id,
            "games" => games,
            "room" => room,
            "limit" => limit,
            "share" => share,
        ],
        /// The FMJD ballot asked for a tournament of another variant than
        /// Russian draughts (its table is Russian draughts').
        BallotVariant { variant: Variant } => "tournament-ballot-variant" ["variant" => variant],
        /// Players without room for a round's `games` under the per-user
        /// `limit`.
        PlayersBusy { id: TournamentId, names: String, games: i64, limit: i64 } => "tournament-players-busy" [
            "id" => id,
            "names" => names,
            "games" => games,
            "limit" => limit,
        ],
    }
}

/// The most players a tournament takes unless `/tournament new … max N`
/// says otherwise: one crosstable page, and a micro-match round robin of 20
/// is 380 games already.
pub(crate) const DEFAULT_MAX_PLAYERS: i64 = 20;

/// The range `max N` may ask for (a Swiss event of 64 is one of 6 rounds).
pub(crate) const MAX_PLAYERS_RANGE: std::ops::RangeInclusive<i64> = 2..=64;

/// A tournament's bank: (moves, days), if it plays on one.
pub(crate) fn bank_of(t: &TournamentRow) -> Option<(i64, i64)> {
    t.bank_moves.zip(t.bank_days)
}

/// How the games of a tournament are timed: a bank (each side starts with
/// the first period's days), or days per move.
fn time_control(t: &TournamentRow) -> TimeControl {
    match bank_of(t) {
        Some((_, days)) => TimeControl {
            spm: None,
            bank: Some(days * DAY),
            tournament: Some(t.id),
        },
        None => TimeControl {
            spm: t.days_per_move.map(|d| d * DAY),
            bank: None,
            tournament: Some(t.id),
        },
    }
}

/// The kind of a format, for the messages: `rr`, `drr`, `swiss`.
fn format_kind(f: Format) -> &'static str {
    match f {
        Format::RoundRobin => "rr",
        Format::DoubleRoundRobin => "drr",
        Format::Swiss { .. } => "swiss",
    }
}

/// "Ends on 2027-03-01: …" for a tournament's end (the Unix time just after
/// its last day).
fn end_line(ctx: &Ctx, end: i64) -> String {
    let date = crate::core::time::iso_date_of_day(crate::core::time::day_of(end - 1));
    ctx.t("tournament-ends", Some(&args![("date", date)]))
}

/// A Swiss event's rounds; 0 for a round robin.
fn rounds_of(f: Format) -> i64 {
    match f {
        Format::Swiss { rounds } => i64::from(rounds),
        _ => 0,
    }
}

/// `/tournament [#id]`, `/tournament new …`, `join`, `leave`, `start`,
/// `pdn`, … (the organiser's subcommands: the admins', checked by the
/// dispatch).
pub(crate) fn cmd_tournament(ctx: &mut Ctx, a: TournamentArgs) -> Res<()> {
    use TournamentArgs as A;
    match a {
        A::Status(which) => {
            let t = pick_tournament(ctx, which, true)?;
            tournament_status(ctx, &t)
        }
        A::New(new) => tournament_new(ctx, new),
        A::Join(which) => {
            let t = pick_tournament(ctx, which, false)?;
            tournament_join(ctx, &t)
        }
        A::Leave(which) => {
            let t = pick_tournament(ctx, which, false)?;
            tournament_leave(ctx, &t)
        }
        A::Remove { player, tournament } => {
            let t = pick_tournament(ctx, tournament, false)?;
            tournament_remove(ctx, &t, &player)
        }
        A::Start(which) => {
            let t = pick_tournament(ctx, which, false)?;
            tournament_start(ctx, &t)
        }
        A::Pdn(which) => {
            let t = pick_tournament(ctx, which, true)?;
            tournament_pdn(ctx, &t)
        }
        A::Standings(which) => cmd_standings(ctx, which),
        A::Cancel(which) => {
            let t = pick_tournament(ctx, which, false)?;
            tournament_cancel(ctx, &t)
        }
        A::Missing(which) => {
            let t = pick_tournament(ctx, which, true)?;
            tournament_missing(ctx, &t)
        }
        A::Adjudicate { game, result } => tournament_adjudicate(ctx, game, result),
        A::Pause { days, tournament } => tournament_pause(ctx, days, tournament),
    }
}

/// The tournament a command means: the one numbered (of this chat);
/// else the chat's only open or running one; else (`finished`: for
/// commands that show one) the chat's tournament that ended last.
pub(crate) fn pick_tournament(
    ctx: &Ctx,
    which: Option<TournamentId>,
    finished: bool,
) -> Res<TournamentRow> {
    if let Some(id) = which {
        let unknown = || TournamentRefusal::Unknown {
            id: format!("#{id}"),
        };
        return Ok(store::tournament(ctx.c, id)?
            .filter(|t| t.chat_id == ctx.chat.id)
            .ok_or_else(unknown)?);
    }
    let mut live = store::live_tournaments_in_chat(ctx.c, ctx.chat.id)?;
    match live.len() {
        0 if finished => Ok(store::last_finished_tournament_in_chat(ctx.c, ctx.chat.id)?
            .ok_or(TournamentRefusal::NoneHere)?),
        0 => Err(TournamentRefusal::NoneHere.into()),
        1 => Ok(live.remove(0)),
        _ => Err(TournamentRefusal::Which {
            ids: live.iter().map(|t| t.id).collect(),
        }
        .into()),
    }
}

/// `/tournament new NAME [rr|drr|swiss-N] [single|micro] [days N]
/// [bank MOVES/DAYS] [leave N] [ballot fmjd|balanced] [max N]
/// [rated|casual] [until YYYY-MM-DD]`.
fn tournament_new(ctx: &mut Ctx, new: NewTournamentArgs) -> Res<()> {
    let me = ctx.user_id()?;
    let NewTournamentArgs {
        name,
        format,
        micro,
        days,
        bank,
        leave_days,
        ballot,
        max_players,
        rated,
        until: ends_at,
        variant,
    } = new;
    // the chat's variant unless one is named; the FMJD table is Russian
    // draughts' ballot: the other variants draw from the engine's list
    let variant = variant.unwrap_or_else(|| games::challenge::chat_variant(&ctx.chat));
    if variant != Variant::Russian && ballot == Ballot::Fmjd {
        return Err(TournamentRefusal::BallotVariant { variant }.into());
    }
    let days = days.unwrap_or(ctx.chat.days_per_move.unwrap_or(ctx.config().default_days));
    let leave_days = leave_days.unwrap_or(ctx.config().tournament_leave_days);
    if let Some(end) = ends_at.filter(|e| *e <= ctx.now) {
        let word = crate::core::time::iso_date_of_day(crate::core::time::day_of(end - 1));
        return Err(TournamentRefusal::BadEnd { word }.into());
    }
    // the opening ballot's seed: secret, not a function of the clock
    // and ids (anyone could recompute those and know the draw)
    let seed = crate::core::random::seed()?;
    let t = NewTournament {
        chat_id: ctx.chat.id,
        name: &name,
        format,
        micro,
        ballot,
        seed,
        days_per_move: (days > 0).then_some(days),
        created_by: me,
        max_players,
        rated,
        bank,
        leave_days,
        ends_at,
        variant,
    };
    let id = store::insert_tournament(ctx.c, &t, ctx.now)?;
    let time = tournament_time_text(ctx, t.days_per_move, bank);
    let a = args![
        ("id", id),
        ("name", name.clone()),
        ("format", format_kind(format)),
        ("rounds", rounds_of(format)),
        ("micro", if micro { "yes" } else { "no" }),
        ("ballot", ballot_text(variant, ballot)),
        ("time", time),
        ("leave", leave_days),
        ("max", max_players),
        ("rated", if rated { "yes" } else { "no" }),
    ];
    let mut text = ctx.t("tournament-created", Some(&a));
    if let Some(line) = variant_line(ctx, variant) {
        text.push('\n');
        text.push_str(&line);
    }
    if let Some(end) = ends_at {
        text.push('\n');
        text.push_str(&end_line(ctx, end));
    }
    ctx.say_text(text);
    Ok(())
}

/// Draw the schedule and the openings and start the games: every game
/// at once where the game limits allow, else as many as they allow and
/// the rest in stages (see `stages.rs`). Refused, with the numbers,
/// when not even the first round can start whole.
fn tournament_start(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    if t.status != TournamentStatus::Open {
        return Err(TournamentRefusal::NotOpen { id: t.id }.into());
    }
    let players = store::tournament_players(ctx.c, t.id)?;
    if players.len() < 2 {
        return Err(TournamentRefusal::TooFew {
            players: players.len() as i64,
        }
        .into());
    }
    // a round pairs everyone (but one, when they are odd)
    room_for_a_round(ctx, t, &players, players.len() / 2)?;
    // the games start only in a running tournament
    if !store::set_tournament_status(
        ctx.c,
        t.id,
        TournamentStatus::Open,
        TournamentStatus::Running,
        ctx.now,
    )? {
        return Err(TournamentRefusal::NotOpen { id: t.id }.into());
    }
    let t = &store::tournament(ctx.c, t.id)?.ok_or(corrupt("a tournament vanished"))?;
    let lines = match t.format {
        Format::Swiss { .. } => swiss_round(ctx, t, 1)?.unwrap_or_default(),
        format => {
            let rounds = match format {
                Format::DoubleRoundRobin => berger::double_berger(players.len()),
                _ => berger::berger(players.len()),
            };
            let mut k = 0usize;
            for round in &rounds {
                schedule_pairings(ctx, t, round.number, &round.pairings, k)?;
                k += round.pairings.len();
            }
            let mut lines = start_waiting(ctx, t)?.lines;
            lines.extend(waiting_line(ctx, t)?);
            lines
        }
    };
    let now = store::tournament_games(ctx.c, t.id)?.len() as i64;
    let waiting = playable_waiting(ctx, t)?;
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("players", players.len() as i64),
        ("games", now + waiting),
        ("now", now),
        ("waiting", waiting),
        ("rounds", rounds_of(t.format)),
        (
            "time",
            tournament_time_text(ctx, t.days_per_move, bank_of(t))
        ),
    ];
    let text = ctx.t("tournament-started", Some(&a));
    let mut d = crate::core::present::Draft::text(ctx.here(), text);
    for p in &players {
        d.mentions.extend(ctx.mention(Seat::Human(p.user_id))?);
    }
    ctx.post_lines(d, &lines);
    Ok(())
}

/// Start the games of `pairings` in `round`, the `k`-th micro-match (or
/// game) of the event first (its ballot index): the lines announcing
/// them.
pub(super) fn start_pairings(
    ctx: &mut Ctx,
    t: &TournamentRow,
    round: u32,
    pairings: &[Pairing],
    k: usize,
) -> Res<Vec<String>> {
    let players = store::tournament_players(ctx.c, t.id)?;
    let draw = Draw::new_in(t.variant, t.ballot, t.seed as u64);
    let tc = time_control(t);
    let seat = |p: usize| -> Res<Seat> {
        players
            .get(p)
            .map(|r| Seat::Human(r.user_id))
            .ok_or_else(|| corrupt("a pairing of no player"))
    };
    let mut lines = Vec::new();
    for (i, &pairing) in pairings.iter().enumerate() {
        let k = k + i;
        let games: Vec<(Pairing, &Opening)> = if t.micro {
            draw.micro_match(k, pairing).to_vec()
        } else {
            vec![(pairing, draw.get(k))]
        };
        for (p, opening) in games {
            let (white, black) = (seat(p.white)?, seat(p.black)?);
            // a game of the tournament's variant from the opening: the
            // ballot's in Russian draughts, the engine's list in the others
            let start = opening.start_game();
            let game_id = games::start_game_from(ctx, white, black, tc, start, false, false)?;
            store::insert_tournament_game(
                ctx.c,
                &TournamentGameRow {
                    tournament_id: t.id,
                    round: i64::from(round),
                    pairing_no: k as i64,
                    white_seq: p.white as i64,
                    black_seq: p.black as i64,
                    game_id,
                    opening_code: Some(opening.code.clone()),
                },
            )?;
            let a = args![
                ("game", game_id),
                ("round", round),
                ("white", ctx.seat_name(white)?),
                ("black", ctx.seat_name(black)?),
                (
                    "opening",
                    opening.card(ctx.lang == crate::core::i18n::Lang::Ru)
                ),
            ];
            lines.push(ctx.t("tournament-game-started", Some(&a)));
        }
    }
    Ok(lines)
}

/// "Played in International draughts, from the engine's balanced
/// openings" for a tournament of another variant than Russian draughts.
fn variant_line(ctx: &Ctx, variant: Variant) -> Option<String> {
    (variant != Variant::Russian).then(|| {
        let a = args![("variant", ctx.variant_name(variant))];
        ctx.t("tournament-variant", Some(&a))
    })
}

/// The ballot as the messages name it: `fmjd`, `balanced`; in another
/// variant than Russian draughts the engine's list, `engine`.
fn ballot_text(variant: Variant, ballot: Ballot) -> String {
    match variant {
        Variant::Russian => ballot.to_string(),
        _ => "engine".to_string(),
    }
}

/// "3 days per move", or "a bank of 10 moves in 30 days".
fn tournament_time_text(ctx: &Ctx, days_per_move: Option<i64>, bank: Option<(i64, i64)>) -> String {
    match bank {
        Some((moves, days)) => ctx.t(
            "tournament-time-bank",
            Some(&args![("moves", moves), ("days", days)]),
        ),
        None => {
            let per_move = ctx.per_move_text(days_per_move.map(|d| d * DAY));
            ctx.t(
                "tournament-time-per-move",
                Some(&args![("per_move", per_move)]),
            )
        }
    }
}

/// `/tournament`: the entries, or the games in progress and whose move.
fn tournament_status(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let players = store::tournament_players(ctx.c, t.id)?;
    let mut names = Vec::new();
    let withdrew = standings::labels(ctx.lang).withdrawn;
    for p in &players {
        let mut name = ctx.seat_name(Seat::Human(p.user_id))?;
        if p.withdrawn_at.is_some() {
            name = format!("{name} ({withdrew})");
        }
        names.push(name);
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("status", t.status.as_str().to_string()),
        ("format", t.format.to_string()),
        ("micro", if t.micro { "yes" } else { "no" }),
        ("count", players.len() as i64),
        ("max", t.max_players),
        ("rated", if t.rated { "yes" } else { "no" }),
        ("players", names.join(", ")),
    ];
    let mut text = ctx.t("tournament-status", Some(&a));
    if let Some(line) = variant_line(ctx, t.variant) {
        text.push('\n');
        text.push_str(&line);
    }
    if let Some(end) = t.ends_at {
        text.push('\n');
        text.push_str(&end_line(ctx, end));
    }
    let mut lines = Vec::new();
    let mut done = 0i64;
    let games = store::tournament_games(ctx.c, t.id)?;
    for tg in &games {
        let Some(row) = store::game(ctx.c, tg.game_id)? else {
            continue;
        };
        let Some(side) = row.side_to_move().filter(|_| row.is_active()) else {
            done += 1;
            continue;
        };
        let a = args![
            ("game", row.id),
            ("white", ctx.seat_name(row.white)?),
            ("black", ctx.seat_name(row.black)?),
            ("player", ctx.seat_name(row.seat(side))?),
        ];
        let mut line = ctx.t("tournament-to-move", Some(&a));
        if let Some(clock) = ctx.clock_text(&row)? {
            line = format!("{line}. {clock}");
        }
        lines.push(line);
    }
    let waiting = playable_waiting(ctx, t)?;
    if !games.is_empty() {
        let a = args![("done", done), ("games", games.len() as i64 + waiting)];
        lines.push(ctx.t("tournament-progress", Some(&a)));
    }
    lines.extend(waiting_line(ctx, t)?);
    let mut d = crate::core::present::Draft::text(ctx.here(), text);
    // "Open board": the tournament's page
    d.link = crate::core::web::tournament_open_link(ctx, t.id);
    d.choices = crate::core::web::tournament_open_button(ctx, t.id)
        .map(|b| vec![vec![b]])
        .unwrap_or_default();
    ctx.post_lines(d, &lines);
    Ok(())
}
