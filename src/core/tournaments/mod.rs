//! Correspondence tournaments in a group chat: `/tournament new|join|leave|
//! start|pdn|cancel|missing|adjudicate`, `/tournament` (status),
//! `/standings`. The schedule, the
//! opening ballot and the standings come from [`crate::tournament`]; the
//! games are ordinary games of the chat, started all at once (a
//! correspondence round robin), and a game's end tells its tournament in
//! the same transaction ([`tournament_game_finished`]).

mod entries;
mod leave;
mod organise;
mod standings;
mod swiss;

use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::core::games;
use crate::core::games::challenge::ChallengeRefusal;
use crate::core::games::clock::TimeControl;
use crate::core::input::commands::game_ref;
use crate::core::input::words::{tournament_word, TournamentWord};
use crate::core::time::DAY;
use crate::store::{self, NewTournament, Seat, TournamentGameRow, TournamentRow};
use crate::store::{TournamentId, TournamentStatus};
use crate::tournament::ballot::{Ballot, Draw, Opening};
use crate::tournament::{berger, Format, Pairing};
use entries::{tournament_join, tournament_leave, tournament_remove};
use leave::tournament_pause;
use organise::{tournament_adjudicate, tournament_cancel, tournament_missing};
use shashki_engine::Variant;
use standings::tournament_pdn;
pub(crate) use standings::{cmd_standings, tournament_game_finished, tournament_pdn_tags};
use swiss::swiss_round;

crate::core::error::refusals! {
    /// Tournaments: made, entered, run, adjudicated, paused.
    pub enum TournamentRefusal {
        Usage => "tournament-usage",
        /// A word of `/tournament` that means nothing there.
        BadWord { word: String } => "tournament-bad-word" ["word" => word],
        /// No such tournament here (`id` as written).
        Unknown { id: String } => "tournament-unknown" ["id" => id],
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
            "name" => name,
        ],
        Over { id: TournamentId } => "tournament-over" ["id" => id],
        /// Not a number of players (as written).
        BadMax { max: String } => "tournament-bad-max" ["max" => max],
        /// Not an end date.
        BadEnd { word: String } => "tournament-bad-end" ["word" => word],
        /// Not a bank (`MOVES/DAYS`).
        BadBank { word: String } => "tournament-bad-bank" ["word" => word],
        NotRunning { id: TournamentId } => "tournament-not-running" ["id" => id],
        AdjudicateUsage => "adjudicate-usage",
        AdjudicateBadResult { word: String } => "adjudicate-bad-result" ["word" => word],
        /// Not a game of a tournament here (`game` as written).
        NotATournamentGame { game: String } => "not-a-tournament-game" ["game" => game],
        /// `/tournament pause` without a number of days.
        LeaveUsage { id: TournamentId, left: i64 } => "leave-usage" ["id" => id, "left" => left],
        LeaveTooLong { id: TournamentId, left: i64, days: i64 } => "leave-too-long" [
            "id" => id,
            "left" => left,
            "days" => days,
        ],
    }
}

/// The longest tournament name kept.
const NAME_MAX: usize = 64;

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

/// `MOVES/DAYS` of `bank MOVES/DAYS`: 1–100 moves in 1–365 days.
fn parse_bank(word: &str) -> Option<(i64, i64)> {
    let (m, d) = word.split_once('/')?;
    let (m, d) = (m.trim().parse::<i64>().ok()?, d.trim().parse::<i64>().ok()?);
    ((1..=100).contains(&m) && (1..=365).contains(&d)).then_some((m, d))
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

/// `/tournament [#id]`, `/tournament new …`, `join`, `leave`, `start`, `pdn`.
pub(crate) fn cmd_tournament(ctx: &mut Ctx, args: &[String]) -> Res<()> {
    let Some((first, rest)) = args.split_first() else {
        let t = pick_tournament(ctx, None, true)?;
        return tournament_status(ctx, &t);
    };
    let which = rest.first().map(String::as_str);
    match tournament_word(first) {
        Some(TournamentWord::New) => tournament_new(ctx, rest),
        Some(TournamentWord::Join) => {
            let t = pick_tournament(ctx, which, false)?;
            tournament_join(ctx, &t)
        }
        Some(TournamentWord::Leave) => {
            let t = pick_tournament(ctx, which, false)?;
            tournament_leave(ctx, &t)
        }
        Some(TournamentWord::Remove) => {
            ctx.require_admin()?;
            let (who, which) = match rest {
                [who, which, ..] => (who.as_str(), Some(which.as_str())),
                [who] => (who.as_str(), None),
                [] => return Err(TournamentRefusal::Usage.into()),
            };
            let t = pick_tournament(ctx, which, false)?;
            tournament_remove(ctx, &t, who)
        }
        Some(TournamentWord::Start) => {
            ctx.require_admin()?;
            let t = pick_tournament(ctx, which, false)?;
            tournament_start(ctx, &t)
        }
        Some(TournamentWord::Pdn) => {
            let t = pick_tournament(ctx, which, true)?;
            tournament_pdn(ctx, &t)
        }
        Some(TournamentWord::Standings) => cmd_standings(ctx, which),
        Some(TournamentWord::Cancel) => {
            ctx.require_admin()?;
            let t = pick_tournament(ctx, which, false)?;
            tournament_cancel(ctx, &t)
        }
        Some(TournamentWord::Missing) => {
            let t = pick_tournament(ctx, which, true)?;
            tournament_missing(ctx, &t)
        }
        Some(TournamentWord::Adjudicate) => tournament_adjudicate(ctx, rest),
        Some(TournamentWord::Pause) => tournament_pause(ctx, rest),
        Some(_) => Err(TournamentRefusal::Usage.into()),
        None if game_ref(first).is_some() => {
            let t = pick_tournament(ctx, Some(first), true)?;
            tournament_status(ctx, &t)
        }
        None => Err(TournamentRefusal::Usage.into()),
    }
}

/// The tournament a command means: the one numbered (of this chat);
/// else the chat's only open or running one; else (`finished`: for
/// commands that show one) the chat's tournament that ended last.
pub(crate) fn pick_tournament(ctx: &Ctx, r: Option<&str>, finished: bool) -> Res<TournamentRow> {
    if let Some(r) = r {
        let unknown = || TournamentRefusal::Unknown { id: r.to_string() };
        let id = game_ref(r).map(TournamentId).ok_or_else(unknown)?;
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
/// [rated|casual]`.
fn tournament_new(ctx: &mut Ctx, args: &[String]) -> Res<()> {
    ctx.require_admin()?;
    let me = ctx.user_id()?;
    let mut format = Format::RoundRobin;
    let mut micro = true;
    let mut max_players = DEFAULT_MAX_PLAYERS;
    let mut rated = true;
    let mut ballot = Ballot::Balanced;
    let mut days = ctx.chat.days_per_move.unwrap_or(ctx.config().default_days);
    let mut bank = None;
    let mut leave_days = ctx.config().tournament_leave_days;
    let mut ends_at = None;
    let mut name: Vec<&str> = Vec::new();
    let mut words = args.iter();
    while let Some(a) = words.next() {
        match tournament_word(a) {
            Some(TournamentWord::Micro) => micro = true,
            Some(TournamentWord::Single) => micro = false,
            Some(TournamentWord::Days) => {
                let n = words.next().ok_or(TournamentRefusal::Usage)?;
                days = n
                    .parse()
                    .map_err(|_| TournamentRefusal::BadWord { word: n.clone() })?;
                if !(0..=14).contains(&days) {
                    return Err(ChallengeRefusal::BadDays { days }.into());
                }
            }
            Some(TournamentWord::Ballot) => {
                let b = words.next().ok_or(TournamentRefusal::Usage)?;
                ballot = b
                    .parse()
                    .map_err(|_| TournamentRefusal::BadWord { word: b.clone() })?;
            }
            Some(TournamentWord::Max) => {
                let n = words.next().ok_or(TournamentRefusal::Usage)?;
                max_players = n
                    .parse()
                    .ok()
                    .filter(|n| MAX_PLAYERS_RANGE.contains(n))
                    .ok_or_else(|| TournamentRefusal::BadMax { max: n.clone() })?;
            }
            Some(TournamentWord::Rated) => rated = true,
            Some(TournamentWord::Casual) => rated = false,
            Some(TournamentWord::Bank) => {
                let b = words.next().ok_or(TournamentRefusal::Usage)?;
                bank = Some(
                    parse_bank(b).ok_or_else(|| TournamentRefusal::BadBank { word: b.clone() })?,
                );
            }
            Some(TournamentWord::Until) => {
                let d = words.next().ok_or(TournamentRefusal::Usage)?;
                let end = crate::core::time::end_of_date(d)
                    .filter(|e| *e > ctx.now)
                    .ok_or_else(|| TournamentRefusal::BadEnd { word: d.clone() })?;
                ends_at = Some(end);
            }
            Some(TournamentWord::Leave | TournamentWord::Pause) => {
                let n = words.next().ok_or(TournamentRefusal::Usage)?;
                leave_days = n
                    .parse()
                    .ok()
                    .filter(|n| (0..=365).contains(n))
                    .ok_or_else(|| TournamentRefusal::BadWord { word: n.clone() })?;
            }
            _ => match (a.parse::<Format>(), a.parse::<Ballot>()) {
                (Ok(f), _) => format = f,
                (_, Ok(b)) => ballot = b,
                _ => name.push(a),
            },
        }
    }
    let name: String = name.join(" ").chars().take(NAME_MAX).collect();
    if name.trim().is_empty() {
        return Err(TournamentRefusal::Usage.into());
    }
    let seed = ctx.now.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ ctx.chat.id ^ me;
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
    };
    let id = store::insert_tournament(ctx.c, &t, ctx.now)?;
    let time = tournament_time_text(ctx, t.days_per_move, bank);
    let a = args![
        ("id", id),
        ("name", name.clone()),
        ("format", format_kind(format)),
        ("rounds", rounds_of(format)),
        ("micro", if micro { "yes" } else { "no" }),
        ("ballot", ballot.to_string()),
        ("time", time),
        ("leave", leave_days),
        ("max", max_players),
        ("rated", if rated { "yes" } else { "no" }),
    ];
    let mut text = ctx.t("tournament-created", Some(&a));
    if let Some(end) = ends_at {
        text.push('\n');
        text.push_str(&end_line(ctx, end));
    }
    ctx.say_text(text);
    Ok(())
}

/// Draw the schedule and the openings and start every game at once.
fn tournament_start(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    ctx.require_admin()?;
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
    let lines = match t.format {
        Format::Swiss { .. } => swiss_round(ctx, t, 1)?.unwrap_or_default(),
        format => {
            let rounds = match format {
                Format::DoubleRoundRobin => berger::double_berger(players.len()),
                _ => berger::berger(players.len()),
            };
            let mut lines = Vec::new();
            let mut k = 0usize;
            for round in &rounds {
                lines.extend(start_pairings(ctx, t, round.number, &round.pairings, k)?);
                k += round.pairings.len();
            }
            lines
        }
    };
    if !store::set_tournament_status(
        ctx.c,
        t.id,
        TournamentStatus::Open,
        TournamentStatus::Running,
        ctx.now,
    )? {
        return Err(TournamentRefusal::NotOpen { id: t.id }.into());
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("players", players.len() as i64),
        ("games", store::tournament_games(ctx.c, t.id)?.len() as i64),
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
    let draw = Draw::new(t.ballot, t.seed as u64);
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
            // tournaments are Russian draughts (their openings are)
            let (start, russian) = (opening.position(), Variant::Russian);
            let game_id =
                games::start_game_from(ctx, white, black, tc, start, russian, false, false)?;
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
    if !games.is_empty() {
        let a = args![("done", done), ("games", games.len() as i64)];
        lines.push(ctx.t("tournament-progress", Some(&a)));
    }
    let target = ctx.here();
    ctx.post_lines(crate::core::present::Draft::text(target, text), &lines);
    Ok(())
}
