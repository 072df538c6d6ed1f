//! The bot survives a hostile chat: an adversarial model test of the core.
//!
//! Thousands of seeded random events from six users in three groups and
//! their private chats go through `Service::handle` on a temporary SQLite
//! file with a manual clock: commands with good and bad arguments, moves by
//! the right player and by anyone else, buttons from earlier replies
//! (fresh, stale, pressed by the wrong person, in the wrong chat), forged
//! and junk payloads, unicode garbage, overlong text, redelivered updates.
//! AI jobs run now and then (some twice), the clock jumps ahead and the
//! sweeper runs, so deadlines, reminders and challenge expiry fire.
//!
//! After every step the database is read back and checked against a small
//! model of who may do what (see [`check_user_event`], [`check_ai_job`],
//! [`check_sweep`]): a game's ply grows only by its player to move (or its
//! AI seat), its result changes only by its player's resignation or draw
//! agreement, a time-out from the sweeper, or the end by moves; challenges
//! are made, accepted, declined and cancelled only by those allowed; a
//! refusal changes no table at all and answers its sender alone; a
//! redelivered update does nothing; every game replays legally from its
//! moves to its stored position. Legitimate actions must work too: a fresh
//! move button or `/move #id` by the player to move must play, and so on.
//!
//! `ADVERSARIAL_STEPS` and `ADVERSARIAL_SEED` override the defaults.

use rusqlite::types::Value;
use rusqlite::Connection;
use shashki::core::input::args::{DrawArgs, MoveArgs};
use shashki::core::input::commands::{looks_like_move, parse_command, Command};
use shashki::core::input::payload::Payload;
use shashki::core::{
    ChatRef, Config, Event, Input, Job, ManualClock, Outcome, Platform, Reply, Service, Target,
    UserRef,
};
use shashki::engine::{Color, Game, Position, Variant8};
use shashki::store::Ply;
use shashki::store::{
    self, ChallengeId, ChallengeRow, ChallengeStatus, ChatId, GameId, GameResult, GameRow,
    GameStatus, Seat, Store, Termination, UserId,
};
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

const T0: i64 = 1_795_000_000; // 2026-11-18
const DAY: i64 = 86_400;
const PLATFORM: Platform = Platform::Telegram;

// ------------------------------------------------------------ the cast ----

struct Person {
    id: &'static str,
    name: &'static str,
    handle: Option<&'static str>,
    lang: &'static str,
}

const PEOPLE: [Person; 6] = [
    Person {
        id: "101",
        name: "Anna",
        handle: Some("anna"),
        lang: "en",
    },
    Person {
        id: "102",
        name: "Boris",
        handle: Some("Boris_K"),
        lang: "ru",
    },
    Person {
        id: "103",
        name: "Clara 🌸",
        handle: Some("clara"),
        lang: "en",
    },
    Person {
        id: "104",
        name: "Дмитрий",
        handle: Some("dima"),
        lang: "ru-RU",
    },
    Person {
        id: "105",
        name: "Elena",
        handle: Some("elena"),
        lang: "de",
    },
    // no @handle: nobody can address a challenge to him
    Person {
        id: "106",
        name: "Fyodor",
        handle: None,
        lang: "en",
    },
];

const GROUPS: [(&str, &str); 3] = [
    ("-1001", "Club"),
    ("-1002", "Шашки"),
    ("-1003", "Late night ♟"),
];

/// A chat by index: 0..3 the groups, 3.. the private chats of the people.
fn chat_ref(i: usize) -> ChatRef {
    match GROUPS.get(i) {
        Some((id, title)) => ChatRef {
            id: (*id).into(),
            title: Some((*title).into()),
            is_private: false,
        },
        None => {
            let p = &PEOPLE[i - GROUPS.len()];
            ChatRef {
                id: p.id.into(),
                title: None,
                is_private: true,
            }
        }
    }
}

fn user_ref(p: usize, handle: Option<&str>) -> UserRef {
    let p = &PEOPLE[p];
    UserRef {
        id: p.id.into(),
        name: p.name.into(),
        handle: handle.map(str::to_string),
        lang: Some(p.lang.into()),
        // the first person administers every group (chat settings are
        // theirs; everyone else's are refused and change nothing)
        is_admin: std::ptr::eq(p, &PEOPLE[0]),
    }
}

/// The @handles of the people now. Handles change hands on Telegram: now
/// and then Elena becomes @lena and Fyodor takes @elena, and back (never
/// two people at once; the bot learns of it only when they speak).
fn handles_in_turn(swapped: bool) -> Vec<Option<String>> {
    PEOPLE
        .iter()
        .enumerate()
        .map(|(i, p)| match (swapped, i) {
            (true, 4) => Some("lena".to_string()),
            (true, 5) => Some("elena".to_string()),
            _ => p.handle.map(str::to_string),
        })
        .collect()
}

fn person_by_platform_id(id: &str) -> Option<usize> {
    PEOPLE.iter().position(|p| p.id == id)
}

fn chat_by_platform_id(id: &str) -> Option<usize> {
    (0..GROUPS.len() + PEOPLE.len()).find(|&i| chat_ref(i).id == id)
}

// ------------------------------------------------------------ the dice ----

/// xorshift64*: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

// -------------------------------------------------- reading the store ----

/// The tables compared whole, keyed by their first `key` columns.
const TABLES: [(&str, &str, usize); 8] = [
    ("users", "SELECT * FROM users ORDER BY id", 1),
    ("chats", "SELECT * FROM chats ORDER BY id", 1),
    (
        "ratings",
        "SELECT * FROM ratings ORDER BY user_id, chat_id",
        2,
    ),
    ("settings", "SELECT * FROM settings ORDER BY key", 1),
    (
        "puzzle_attempts",
        "SELECT * FROM puzzle_attempts ORDER BY id",
        1,
    ),
    (
        "puzzle_wrong_tries",
        "SELECT * FROM puzzle_wrong_tries ORDER BY attempt_id, step, move",
        3,
    ),
    (
        "puzzle_players",
        "SELECT * FROM puzzle_players ORDER BY user_id, chat_id",
        2,
    ),
    (
        "puzzle_daily",
        "SELECT * FROM puzzle_daily ORDER BY chat_id",
        1,
    ),
];

/// Large append-only or static tables, compared by aggregates.
const AGGREGATES: [(&str, &str); 3] = [
    (
        "moves",
        "SELECT count(*), coalesce(max(rowid), 0), total(ply), total(length(notation)),
                total(length(fen_after)), total(coalesce(user_id, 0)), total(played_at),
                total(game_id * ply) FROM moves",
    ),
    (
        "processed_updates",
        "SELECT count(*) FROM processed_updates",
    ),
    (
        "puzzles",
        "SELECT count(*), total(rating), total(deviation), total(volatility),
                total(attempts), total(solved) FROM puzzles",
    ),
];

type Rows = BTreeMap<String, Vec<Value>>;

/// Everything the model looks at, read after a step.
#[derive(Debug, Clone, Default, PartialEq)]
struct Snap {
    games: BTreeMap<i64, GameRow>,
    challenges: BTreeMap<i64, ChallengeRow>,
    /// The same rows as stored, every column.
    raw_games: BTreeMap<i64, String>,
    raw_challenges: BTreeMap<i64, String>,
    tables: BTreeMap<&'static str, Rows>,
    aggregates: BTreeMap<&'static str, Vec<Value>>,
}

fn values(c: &Connection, sql: &str) -> Vec<Vec<Value>> {
    let mut st = c.prepare_cached(sql).unwrap();
    let n = st.column_count();
    st.query_map([], |r| (0..n).map(|i| r.get::<_, Value>(i)).collect())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[allow(dead_code)]
fn ids(c: &Connection, sql: &str) -> Vec<i64> {
    let mut st = c.prepare_cached(sql).unwrap();
    st.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Read everything; rows that did not change since `prev` keep their typed
/// form (the store's own reads are used for the rows that did).
fn snap(s: &Store, prev: Option<&Snap>) -> Snap {
    let c = s.conn();
    // every column of every row, quoted by SQLite into one text per row
    let raw = |table: &str| -> BTreeMap<i64, String> {
        let cols = c
            .prepare_cached(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .unwrap()
            .query_map([], |r| r.get::<_, String>(0))
            .unwrap()
            .map(|n| format!("quote({})", n.unwrap()))
            .collect::<Vec<_>>()
            .join(" || ',' || ");
        let mut st = c
            .prepare_cached(&format!("SELECT id, {cols} FROM {table} ORDER BY id"))
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let raw_games = raw("games");
    let raw_challenges = raw("challenges");
    let unchanged = |id: &i64, row: &String, old: Option<&BTreeMap<i64, String>>| {
        old.and_then(|o| o.get(id)) == Some(row)
    };
    let games = raw_games
        .iter()
        .map(|(id, row)| {
            let typed = match prev {
                Some(p) if unchanged(id, row, Some(&p.raw_games)) => p.games[id].clone(),
                _ => store::game(s.read(), GameId(*id)).unwrap().unwrap(),
            };
            (*id, typed)
        })
        .collect();
    let challenges = raw_challenges
        .iter()
        .map(|(id, row)| {
            let typed = match prev {
                Some(p) if unchanged(id, row, Some(&p.raw_challenges)) => p.challenges[id].clone(),
                _ => store::challenge(s.read(), ChallengeId(*id))
                    .unwrap()
                    .unwrap(),
            };
            (*id, typed)
        })
        .collect();
    let tables = TABLES
        .iter()
        .map(|(name, sql, key)| {
            let rows = values(c, sql)
                .into_iter()
                .map(|r| (format!("{:?}", &r[..*key]), r))
                .collect();
            (*name, rows)
        })
        .collect();
    let aggregates = AGGREGATES
        .iter()
        .map(|(name, sql)| (*name, values(c, sql).remove(0)))
        .collect();
    Snap {
        games,
        challenges,
        raw_games,
        raw_challenges,
        tables,
        aggregates,
    }
}

fn update_seen(c: &Connection, id: &str) -> bool {
    c.prepare_cached(
        "SELECT count(*) FROM processed_updates WHERE platform = ?1 AND update_id = ?2",
    )
    .unwrap()
    .query_row([PLATFORM.key(), id], |r| r.get::<_, i64>(0))
    .unwrap()
        > 0
}

/// (ply, notation, user) of a stored move.
type MoveRow = (i64, String, Option<i64>);

/// The stored moves of each game, as last read.
type MoveCache = BTreeMap<i64, Vec<MoveRow>>;

/// (ply, notation, user) of a game's stored moves.
fn move_rows(c: &Connection, game: i64) -> Vec<MoveRow> {
    let mut st = c
        .prepare_cached("SELECT ply, notation, user_id FROM moves WHERE game_id = ?1 ORDER BY ply")
        .unwrap();
    st.query_map([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

impl Snap {
    /// The stored id of a row of `users` or `chats` by its platform id.
    fn id_of(&self, table: &str, platform_id: &str) -> Option<i64> {
        self.tables[table]
            .values()
            .find(|r| {
                r[1] == Value::Text(PLATFORM.key().into())
                    && r[2] == Value::Text(platform_id.into())
            })
            .and_then(|r| as_i64(&r[0]))
    }

    fn chat_id_of_platform(&self, platform_id: &str) -> Option<ChatId> {
        self.id_of("chats", platform_id).map(ChatId)
    }

    fn user_id(&self, p: usize) -> Option<UserId> {
        self.id_of("users", PEOPLE[p].id).map(UserId)
    }

    fn chat_id(&self, chat: usize) -> Option<ChatId> {
        self.id_of("chats", &chat_ref(chat).id).map(ChatId)
    }

    /// The platform's id of a stored chat.
    fn platform_chat_id(&self, id: ChatId) -> Option<String> {
        self.tables["chats"]
            .values()
            .find(|r| as_i64(&r[0]) == Some(id.0))
            .and_then(|r| match &r[2] {
                Value::Text(t) => Some(t.clone()),
                _ => None,
            })
    }
}

fn variant(row: &GameRow) -> Variant8 {
    row.variant.eight().expect("an 8×8 game")
}

fn sorted_legal(row: &GameRow) -> Vec<String> {
    let pos = Position::from_fen(&row.fen).unwrap();
    let mut v: Vec<String> = pos
        .legal_moves_in(variant(row))
        .iter()
        .map(ToString::to_string)
        .collect();
    v.sort();
    v
}

/// A stored game replays legally from its start to its stored position,
/// and its stored end agrees with the moves.
fn replay_check(c: &Connection, row: &GameRow) -> Result<usize, String> {
    let start = Position::from_fen(&row.start_fen).map_err(|e| format!("start fen: {e}"))?;
    let mut g = Game::from_position(variant(row), start);
    let moves = move_rows(c, row.id.0);
    for (i, (ply, text, _)) in moves.iter().enumerate() {
        if *ply != i as i64 + 1 {
            return Err(format!("move plies not 1..n: {moves:?}"));
        }
        g.play_text(text)
            .map_err(|e| format!("stored move {ply} `{text}` does not replay: {e}"))?;
    }
    if moves.len() as i64 != row.ply.0 {
        return Err(format!("ply {} but {} moves", row.ply, moves.len()));
    }
    if g.position().to_fen() != row.fen {
        return Err(format!(
            "stored fen {} but the moves lead to {}",
            row.fen,
            g.position().to_fen()
        ));
    }
    match row.status {
        GameStatus::Active => {
            if let Some(o) = g.outcome() {
                return Err(format!("active, but the moves ended it: {o}"));
            }
            if row.result.is_some() || row.result_reason.is_some() {
                return Err("active with a result".into());
            }
        }
        GameStatus::Finished => {
            let (Some(result), Some(how)) = (row.result, row.result_reason) else {
                return Err("finished without a result".into());
            };
            let by_agreement_or_clock = matches!(
                how,
                Termination::Resignation | Termination::Timeout | Termination::Agreement
            );
            match g.outcome() {
                Some(o) if !by_agreement_or_clock => {
                    if Termination::of(&o) != how || GameResult::of_winner(o.winner()) != result {
                        return Err(format!("stored {result} by {how}, the moves say {o}"));
                    }
                }
                Some(o) => return Err(format!("{how} after the moves had ended it ({o})")),
                None if by_agreement_or_clock => {}
                None => return Err(format!("{how}, but the moves did not end it")),
            }
            if row.deadline.is_some() || row.draw_offer.is_some() {
                return Err("finished with a deadline or a draw offer".into());
            }
        }
    }
    Ok(moves.len())
}

// --------------------------------------------------------- the model ----

/// What an event may do to games and challenges, as the model reads it.
#[derive(Debug, Clone, PartialEq)]
enum Act {
    /// A move: by text (`game`: the number named, `Some(-1)` for a
    /// number that names no game) or by button (`ply`: the button's).
    Move {
        game: Option<i64>,
        ply: Option<i64>,
    },
    Resign {
        game: Option<i64>,
    },
    Draw {
        game: Option<i64>,
        decline: bool,
    },
    Accept {
        challenge: Option<i64>,
    },
    Decline {
        challenge: Option<i64>,
    },
    Challenge,
    Vacation {
        days: i64,
    },
    /// Reads, settings, puzzles, pickers, chatter, junk: no game or
    /// challenge may change.
    Inert,
}

fn act_of(ev: &Event) -> Act {
    match &ev.input {
        Input::Choice(p) => match Payload::decode(p) {
            Some(Payload::Move { game, ply, .. }) => Act::Move {
                game: Some(game.0),
                ply: Some(ply.0),
            },
            Some(Payload::ResignConfirm { game, .. }) => Act::Resign { game: Some(game.0) },
            // a rematch is a challenge (or an AI game) by the presser, here
            Some(Payload::Rematch { .. }) => Act::Challenge,
            Some(Payload::Draw { game }) => Act::Draw {
                game: Some(game.0),
                decline: false,
            },
            Some(Payload::DeclineDraw { game }) => Act::Draw {
                game: Some(game.0),
                decline: true,
            },
            Some(Payload::Accept { challenge }) => Act::Accept {
                challenge: Some(challenge.0),
            },
            Some(Payload::Decline { challenge }) => Act::Decline {
                challenge: Some(challenge.0),
            },
            _ => Act::Inert,
        },
        Input::Text(t) => match parse_command(t) {
            Some(Command::Move(MoveArgs {
                game,
                text: Some(_),
            })) => Act::Move {
                game: game.map(|g| g.0),
                ply: None,
            },
            Some(Command::Resign(r)) => Act::Resign {
                game: r.game.map(|g| g.0),
            },
            Some(Command::Draw(DrawArgs { game, decline })) => Act::Draw {
                game: game.map(|g| g.0),
                decline,
            },
            // no number: the newest open one (a word that is no number is
            // refused: `Malformed`)
            Some(Command::Accept(r)) => Act::Accept {
                challenge: r.challenge.map(|c| c.0),
            },
            Some(Command::Decline(r)) => Act::Decline {
                challenge: r.challenge.map(|c| c.0),
            },
            Some(Command::Challenge(_)) => Act::Challenge,
            Some(Command::Vacation(d)) => Act::Vacation {
                days: d.days.unwrap_or(0),
            },
            Some(_) => Act::Inert,
            None if ev.bare_moves() && looks_like_move(t) => Act::Move {
                game: None,
                ply: None,
            },
            None => Act::Inert,
        },
        // the harness sends no slash commands
        Input::Slash(_) => Act::Inert,
    }
}

/// The acting person and chat of a user event, as stored.
struct Who {
    user: UserId,
    handle: Option<String>,
    chat: ChatId,
}

/// Whether an action that names `game` (or none) may mean game `g`: a
/// number names that game; no number means a game of this chat.
fn means(game: Option<i64>, g: &GameRow, chat: ChatId) -> bool {
    match game {
        Some(id) => id == g.id.0,
        None => g.chat_id == chat,
    }
}

fn same_setup(a: &GameRow, b: &GameRow) -> bool {
    (
        a.chat_id,
        &a.variant,
        a.white,
        a.black,
        &a.start_fen,
        a.seconds_per_move,
        a.created_at,
    ) == (
        b.chat_id,
        &b.variant,
        b.white,
        b.black,
        &b.start_fen,
        b.seconds_per_move,
        b.created_at,
    )
}

fn same_challenge_terms(a: &ChallengeRow, b: &ChallengeRow) -> bool {
    (
        a.chat_id,
        a.from_user,
        a.to_user,
        &a.to_handle,
        a.color,
        a.seconds_per_move,
        a.created_at,
        a.expires_at,
    ) == (
        b.chat_id,
        b.from_user,
        b.to_user,
        &b.to_handle,
        b.color,
        b.seconds_per_move,
        b.created_at,
        b.expires_at,
    )
}

fn as_i64(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        _ => None,
    }
}

/// Rows of a table that differ between two snapshots (changed, new or gone).
fn changed_rows<'a>(a: &'a Snap, b: &'a Snap, table: &str) -> Vec<&'a Vec<Value>> {
    let (ra, rb) = (&a.tables[table], &b.tables[table]);
    let mut out: Vec<&Vec<Value>> = Vec::new();
    for (k, row) in rb {
        if ra.get(k) != Some(row) {
            out.push(row);
        }
    }
    for (k, row) in ra {
        if !rb.contains_key(k) {
            out.push(row);
        }
    }
    out
}

/// The moves added to games between two snapshots: checks that each game
/// grew by at most one ply, its earlier moves untouched, and returns
/// (game, the new move's user).
fn new_moves(
    a: &Snap,
    b: &Snap,
    c: &Connection,
    cache: &mut MoveCache,
    errs: &mut Vec<String>,
) -> Vec<(i64, Option<i64>)> {
    let mut out = Vec::new();
    for (id, g1) in &b.games {
        let ply0 = a.games.get(id).map_or(0, |g| g.ply.0);
        if g1.ply == Ply(ply0) {
            continue;
        }
        let rows = move_rows(c, *id);
        let old = cache.get(id).cloned().unwrap_or_default();
        if g1.ply != Ply(ply0 + 1) {
            errs.push(format!("game {id}: ply {ply0} -> {} in one step", g1.ply));
        } else if rows.len() != old.len() + 1 || rows[..old.len()] != old[..] {
            errs.push(format!(
                "game {id}: the stored moves changed: {old:?} -> {rows:?}"
            ));
        } else {
            out.push((*id, rows[old.len()].2));
        }
        cache.insert(*id, rows);
    }
    let count = |s: &Snap| as_i64(&s.aggregates["moves"][0]).unwrap_or(0);
    if out.is_empty() && a.aggregates["moves"] != b.aggregates["moves"] {
        errs.push("the moves table changed without a game moving".into());
    } else if count(b) - count(a) != out.len() as i64 {
        errs.push(format!(
            "{} moves stored for {} games moved",
            count(b) - count(a),
            out.len()
        ));
    }
    out
}

/// Ratings may move only for the players of games between people that
/// ended in this step (in the game's chat and overall).
fn check_ratings(a: &Snap, b: &Snap, ended: &[&GameRow], errs: &mut Vec<String>) {
    for row in changed_rows(a, b, "ratings") {
        let (u, chat) = (as_i64(&row[0]), as_i64(&row[1]));
        let ok = ended.iter().any(|g| {
            matches!((g.white, g.black), (Seat::Human(_), Seat::Human(_)))
                && (g.color_of(UserId(u.unwrap_or(-1))).is_some())
                && (chat == Some(0) || chat == Some(g.chat_id.0))
        });
        if !ok {
            errs.push(format!("rating row changed without a game: {row:?}"));
        }
    }
}

/// The checks of a person's event that was handled (not refused, not a
/// redelivery).
#[allow(clippy::too_many_arguments)]
fn check_user_event(
    a: &Snap,
    b: &Snap,
    c: &Connection,
    cache: &mut MoveCache,
    who: &Who,
    act: &Act,
    now: i64,
    stats: &mut Stats,
) -> Vec<String> {
    let mut errs = Vec::new();
    let u = who.user;
    let moved = new_moves(a, b, c, cache, &mut errs);
    if moved.len() > 1 {
        errs.push(format!("one event moved in {} games", moved.len()));
    }
    // games
    let mut new_games = Vec::new();
    let mut ended: Vec<&GameRow> = Vec::new();
    for (id, g1) in &b.games {
        let Some(g0) = a.games.get(id) else {
            new_games.push(g1);
            continue;
        };
        if g0 == g1 {
            continue;
        }
        let mut bad = |what: &str| errs.push(format!("game {id}: {what}: {g0:?} -> {g1:?}"));
        if !g0.is_active() {
            bad("a finished game changed");
            continue;
        }
        if !same_setup(g0, g1) {
            bad("its players, chat or start changed");
        }
        let mine = g0.color_of(u);
        let to_move = g0.side_to_move();
        let did_move = g1.ply != g0.ply;
        if did_move {
            let allowed = match act {
                Act::Move { game, ply } => {
                    mine.is_some()
                        && mine == to_move
                        && means(*game, g0, who.chat)
                        && ply.is_none_or(|p| p == g0.ply.0)
                }
                _ => false,
            };
            if !allowed {
                bad(&format!("moved by user {u} ({act:?}), not theirs to move"));
            }
            if moved.iter().any(|(g, by)| g == id && *by != Some(u.0)) {
                bad("the move is stored as someone else's");
            }
            stats.user_moves += 1;
        } else if g1.fen != g0.fen {
            bad("the position changed without a move");
        }
        if g1.status != g0.status {
            ended.push(g1);
            let how = g1.result_reason;
            let ok = match how {
                Some(Termination::Resignation) => {
                    matches!(act, Act::Resign { game } if means(*game, g0, who.chat))
                        && mine.is_some()
                        && !did_move
                        && g1.result.and_then(GameResult::winner) == mine.map(Color::opposite)
                }
                Some(Termination::Agreement) => {
                    let opp_ai = mine.is_some_and(|m| matches!(g0.seat(m.opposite()), Seat::Ai(_)));
                    matches!(act, Act::Draw { game, decline: false } if means(*game, g0, who.chat))
                        && mine.is_some()
                        && !did_move
                        && g1.result == Some(GameResult::Draw)
                        && (opp_ai || g0.draw_offer == mine.map(Color::opposite))
                }
                Some(Termination::Timeout) | None => false,
                Some(_) => did_move, // the moves ended it: replay_check agrees
            };
            if !ok {
                bad(&format!("ended ({how:?}) by user {u} ({act:?})"));
            }
            if let Some(how) = how {
                *stats.endings.entry(how.as_str()).or_default() += 1;
            }
        } else {
            if did_move {
                if g1.draw_offer.is_some() || g1.reminders_sent != 0 {
                    bad("a move left a draw offer or the reminders sent");
                }
            } else {
                if g1.reminders_sent != g0.reminders_sent {
                    bad("the reminders sent changed without a move");
                }
                if g1.draw_offer != g0.draw_offer {
                    let ok = match (g0.draw_offer, g1.draw_offer) {
                        (None, Some(by)) => {
                            matches!(act, Act::Draw { game, decline: false } if means(*game, g0, who.chat))
                                && mine == Some(by)
                                && matches!(g0.seat(by.opposite()), Seat::Human(_))
                        }
                        (Some(by), None) => {
                            matches!(act, Act::Draw { game, decline: true } if means(*game, g0, who.chat))
                                && mine == Some(by.opposite())
                        }
                        _ => false,
                    };
                    if ok {
                        stats.draw_offers += 1;
                    } else {
                        bad(&format!("draw offer changed by user {u} ({act:?})"));
                    }
                }
                if (g1.deadline, g1.reminder_at) != (g0.deadline, g0.reminder_at) {
                    let ok = match act {
                        Act::Vacation { days } if *days > 0 => {
                            mine.is_some()
                                && mine == to_move
                                && g1.deadline == g0.deadline.map(|d| d + days * DAY)
                                && g1.reminder_at == g0.reminder_at.map(|d| d + days * DAY)
                        }
                        _ => false,
                    };
                    if !ok {
                        bad(&format!("clock changed by user {u} ({act:?})"));
                    }
                }
            }
        }
    }
    for id in a.games.keys() {
        if !b.games.contains_key(id) {
            errs.push(format!("game {id} vanished"));
        }
    }
    // challenges
    let mut accepted = Vec::new();
    let mut new_challenges = 0;
    for (id, c1) in &b.challenges {
        let Some(c0) = a.challenges.get(id) else {
            new_challenges += 1;
            let ok = *act == Act::Challenge
                && c1.from_user == u
                && c1.chat_id == who.chat
                && c1.status == ChallengeStatus::Open
                && c1.game_id.is_none();
            if !ok {
                errs.push(format!("challenge {id} made by user {u} ({act:?}): {c1:?}"));
            }
            continue;
        };
        if c0 == c1 {
            continue;
        }
        let names = |ch: &Option<i64>| ch.is_none_or(|x| x == *id);
        let addressed_to_me = match (c0.to_user, &c0.to_handle) {
            (Some(t), _) => t == u,
            (None, Some(h)) => who.handle.as_deref() == Some(h.as_str()),
            (None, None) => false,
        };
        let ok = same_challenge_terms(c0, c1)
            && c0.status == ChallengeStatus::Open
            && c0.chat_id == who.chat
            && match (c1.status, act) {
                (ChallengeStatus::Accepted, Act::Accept { challenge }) => {
                    let open_to_all = c0.to_user.is_none() && c0.to_handle.is_none();
                    names(challenge)
                        && c0.from_user != u
                        && (open_to_all || addressed_to_me)
                        && c0.expires_at > now
                        && c1.game_id.is_some()
                }
                (ChallengeStatus::Declined, Act::Decline { challenge }) => {
                    // the same person as for accepting
                    names(challenge) && c0.from_user != u && addressed_to_me && c1.game_id.is_none()
                }
                (ChallengeStatus::Cancelled, Act::Decline { challenge }) => {
                    names(challenge) && c0.from_user == u && c1.game_id.is_none()
                }
                _ => false,
            };
        if !ok {
            errs.push(format!(
                "challenge {id} changed by user {u} ({act:?}): {c0:?} -> {c1:?}"
            ));
        }
        if c1.status == ChallengeStatus::Accepted {
            accepted.push(c0.clone());
        }
        *stats.challenge_ends.entry(c1.status.as_str()).or_default() += 1;
    }
    for id in a.challenges.keys() {
        if !b.challenges.contains_key(id) {
            errs.push(format!("challenge {id} vanished"));
        }
    }
    if new_challenges > 1 || accepted.len() > 1 || new_games.len() > 1 {
        errs.push(format!(
            "one event made {new_challenges} challenges, accepted {}, started {} games",
            accepted.len(),
            new_games.len()
        ));
    }
    for g in &new_games {
        let fresh =
            g.is_active() && g.ply == Ply(0) && g.start_fen == g.fen && g.draw_offer.is_none();
        let me_vs_ai = match (g.white, g.black) {
            (Seat::Human(w), Seat::Ai(_)) => w == u,
            (Seat::Ai(_), Seat::Human(b)) => b == u,
            _ => false,
        };
        let against_ai = *act == Act::Challenge && g.chat_id == who.chat && me_vs_ai;
        let from_challenge = accepted.iter().any(|ch| {
            let seats = [g.white, g.black];
            b.challenges[&ch.id.0].game_id == Some(g.id)
                && g.chat_id == ch.chat_id
                && g.seconds_per_move == ch.seconds_per_move
                && seats.contains(&Seat::Human(ch.from_user))
                && seats.contains(&Seat::Human(u))
        });
        if !(fresh && ((*act == Act::Challenge && against_ai) || from_challenge)) {
            errs.push(format!(
                "game {} started by user {u} ({act:?}): {g:?}",
                g.id
            ));
        }
        stats.games_started += 1;
    }
    if accepted.len() != new_games.len() && *act != Act::Challenge {
        errs.push("a challenge accepted without its game".into());
    }
    check_ratings(a, b, &ended, &mut errs);
    // the rest of the store: only the actor's own rows — and the @handle
    // the actor shows, taken from whoever held it before (a handle belongs
    // to the account that showed it last): that row loses its handle and
    // nothing else
    const HANDLE: usize = 4; // users: id, platform, platform_user_id, name, handle, …
    for row in changed_rows(a, b, "users") {
        if as_i64(&row[0]) == Some(u.0) {
            continue;
        }
        let before = a.tables["users"]
            .values()
            .find(|r| r.first() == row.first());
        let handed_over = match (before, &who.handle) {
            (Some(r0), Some(h)) => {
                r0.get(HANDLE) == Some(&Value::Text(h.clone()))
                    && row.get(HANDLE) == Some(&Value::Null)
                    && r0.len() == row.len()
                    && r0
                        .iter()
                        .zip(row.iter())
                        .enumerate()
                        .all(|(i, (x, y))| i == HANDLE || x == y)
            }
            _ => false,
        };
        if !handed_over {
            errs.push(format!("someone else's user row changed: {row:?}"));
        }
    }
    for row in changed_rows(a, b, "chats") {
        if as_i64(&row[0]) != Some(who.chat.0) {
            errs.push(format!("another chat's row changed: {row:?}"));
        }
    }
    for row in changed_rows(a, b, "puzzle_attempts") {
        if as_i64(&row[1]) != Some(u.0) {
            errs.push(format!("someone else's puzzle attempt changed: {row:?}"));
        }
    }
    for row in changed_rows(a, b, "puzzle_players") {
        if as_i64(&row[0]) != Some(u.0) {
            errs.push(format!("someone else's puzzle score changed: {row:?}"));
        }
    }
    for row in changed_rows(a, b, "puzzle_daily") {
        if as_i64(&row[0]) != Some(who.chat.0) {
            errs.push(format!("another chat's daily puzzle changed: {row:?}"));
        }
    }
    for row in changed_rows(a, b, "settings") {
        // the packs' versions, written when a pack is first loaded
        let packs = ["puzzle_pack", "puzzle_pack_international"];
        if !packs.iter().any(|k| row[0] == Value::Text((*k).into())) {
            errs.push(format!("a service setting changed: {row:?}"));
        }
    }
    errs
}

/// An AI job may play one move in its own game, at its ply, for its AI
/// seat; nothing else.
fn check_ai_job(
    a: &Snap,
    b: &Snap,
    c: &Connection,
    cache: &mut MoveCache,
    job: Job,
    stats: &mut Stats,
) -> Vec<String> {
    let mut errs = Vec::new();
    let Job::AiMove {
        game: GameId(game_id),
        ply,
    } = job
    else {
        // an analysis changes no game
        if a.games != b.games {
            errs.push(format!("{job:?} changed a game"));
        }
        return errs;
    };
    let moved = new_moves(a, b, c, cache, &mut errs);
    for (id, g1) in &b.games {
        let Some(g0) = a.games.get(id) else {
            errs.push(format!("an AI job started game {id}"));
            continue;
        };
        if g0 == g1 {
            continue;
        }
        let ai_to_move = g0
            .side_to_move()
            .is_some_and(|s| matches!(g0.seat(s), Seat::Ai(_)));
        let ok = *id == game_id
            && g0.is_active()
            && g0.ply == ply
            && ai_to_move
            && g1.ply == ply.next()
            && same_setup(g0, g1)
            && moved.contains(&(*id, None))
            && (g1.is_active()
                || !matches!(
                    g1.result_reason,
                    Some(Termination::Resignation | Termination::Timeout | Termination::Agreement)
                ));
        if !ok {
            errs.push(format!(
                "AI job {job:?} changed game {id}: {g0:?} -> {g1:?}"
            ));
        }
        stats.ai_moves += 1;
        if let (false, Some(how)) = (g1.is_active(), g1.result_reason) {
            *stats.endings.entry(how.as_str()).or_default() += 1;
        }
    }
    if a.challenges != b.challenges || a.tables != b.tables {
        errs.push(format!("AI job {job:?} changed more than its game"));
    }
    errs
}

/// The sweeper may end games whose deadline passed (the side to move
/// loses), mark reminders due, and expire challenges; nothing else.
fn check_sweep(a: &Snap, b: &Snap, now: i64, stats: &mut Stats) -> Vec<String> {
    let mut errs = Vec::new();
    let mut ended = Vec::new();
    if a.aggregates["moves"] != b.aggregates["moves"] {
        errs.push("the sweeper stored a move".into());
    }
    for (id, g1) in &b.games {
        let Some(g0) = a.games.get(id) else {
            errs.push(format!("the sweeper started game {id}"));
            continue;
        };
        if g0 == g1 {
            continue;
        }
        let stm = g0.side_to_move();
        let ok = if g1.status != g0.status {
            ended.push(g1);
            stats.timeouts += 1;
            *stats.endings.entry("timeout").or_default() += 1;
            g0.is_active()
                && g1.result_reason == Some(Termination::Timeout)
                && g0.deadline.is_some_and(|d| d <= now)
                && g1.result.and_then(GameResult::winner) == stm.map(Color::opposite)
                && (g1.ply, &g1.fen) == (g0.ply, &g0.fen)
                && same_setup(g0, g1)
        } else {
            stats.reminders += 1;
            // one reminder sent; the next one of the move (if any) later
            let mut expect = g0.clone();
            expect.reminders_sent += 1;
            expect.reminder_at = g1.reminder_at;
            g0.is_active()
                && g0.reminder_at.is_some_and(|r| r <= now)
                && g1
                    .reminder_at
                    .is_none_or(|r| r > now && g0.deadline.is_some_and(|d| r < d))
                && *g1 == expect
        };
        if !ok {
            errs.push(format!("the sweeper changed game {id}: {g0:?} -> {g1:?}"));
        }
    }
    for (id, c1) in &b.challenges {
        let Some(c0) = a.challenges.get(id) else {
            errs.push(format!("the sweeper made challenge {id}"));
            continue;
        };
        if c0 == c1 {
            continue;
        }
        let ok = c0.status == ChallengeStatus::Open
            && c1.status == ChallengeStatus::Expired
            && c0.expires_at <= now
            && same_challenge_terms(c0, c1)
            && c1.game_id.is_none();
        if !ok {
            errs.push(format!(
                "the sweeper changed challenge {id}: {c0:?} -> {c1:?}"
            ));
        }
        *stats.challenge_ends.entry("expired").or_default() += 1;
    }
    check_ratings(a, b, &ended, &mut errs);
    for t in [
        "users",
        "chats",
        "settings",
        "puzzle_attempts",
        "puzzle_wrong_tries",
        "puzzle_players",
        "puzzle_daily",
    ] {
        if a.tables[t] != b.tables[t] {
            errs.push(format!("the sweeper changed {t}"));
        }
    }
    errs
}

/// Every reply of a person's event goes to that event's chat or to the
/// chat of a game the person plays; a private reply only to the actor;
/// every button carries a valid payload.
fn check_replies(out: &Outcome, ev: &Event, who: &Who, after: &Snap) -> Vec<String> {
    let mut errs = Vec::new();
    let my_game_chats: BTreeSet<String> = after
        .games
        .values()
        .filter(|g| g.color_of(who.user).is_some())
        .filter_map(|g| after.platform_chat_id(g.chat_id))
        .collect();
    for r in &out.replies {
        if r.platform != ev.platform {
            errs.push(format!("a reply for {:?}", r.platform));
        }
        match &r.target {
            Target::User { chat, user } => {
                if *chat != ev.chat.id || *user != ev.user.id {
                    errs.push(format!("a private reply to someone else: {:?}", r.target));
                }
            }
            Target::Chat(chat) => {
                if *chat != ev.chat.id && !my_game_chats.contains(chat) {
                    errs.push(format!("a reply to an unrelated chat: {chat}"));
                }
            }
            // a private notification never goes to the one acting
            Target::Private { user } => {
                if *user == ev.user.id {
                    errs.push(format!("a notification to the actor: {:?}", r.target));
                }
            }
        }
        // a game is shown only in its own chat or to its players
        if let Some(g) = r.game_id.and_then(|id| after.games.get(&id.0)) {
            let here = after.chat_id_of_platform(&ev.chat.id) == Some(g.chat_id);
            if !here && g.color_of(who.user).is_none() {
                errs.push(format!(
                    "game {} of another chat shown to a non-player",
                    g.id
                ));
            }
        }
        for ch in r.choices.iter().flatten() {
            if ch.payload.len() > 64 || Payload::decode(&ch.payload).is_none() {
                errs.push(format!("a bad button payload {:?}", ch.payload));
            }
        }
    }
    errs
}

// ------------------------------------------------------ the generator ----

/// A button seen in a reply: what it sends, where, for whom.
#[derive(Debug, Clone)]
struct Seen {
    payload: String,
    chat: usize,
    /// The person it is meant for (the private addressee or the person
    /// called on), if any.
    for_person: Option<usize>,
    step: usize,
}

#[derive(Default, Debug)]
struct Stats {
    events: usize,
    kinds: BTreeMap<&'static str, usize>,
    handled: usize,
    refusals: usize,
    redeliveries: usize,
    no_update_id: usize,
    user_moves: usize,
    ai_moves: usize,
    ai_jobs_run: usize,
    games_started: usize,
    endings: BTreeMap<&'static str, usize>,
    challenge_ends: BTreeMap<&'static str, usize>,
    draw_offers: usize,
    timeouts: usize,
    reminders: usize,
    sweeps: usize,
    handle_swaps: usize,
    boundary_sweeps: usize,
    expected_moves: usize,
    expected_accepts: usize,
    expected_resigns: usize,
    replays: usize,
    service_time: Duration,
    ai_time: Duration,
}

#[rustfmt::skip]
const COMMAND_WORDS: [&str; 24] = [
    "help", "start", "challenge", "вызов", "accept", "принять", "decline", "move", "m", "ход",
    "board", "games", "resign", "сдаться", "draw", "ничья", "pdn", "settings", "top",
    "vacation", "puzzle", "daily", "hint", "puzzletop",
];

#[rustfmt::skip]
const JUNK_CHARS: &[char] = &[
    'a', 'e', 'h', 'x', 'z', '0', '1', '3', '9', '-', ':', '#', '@', '/', ' ', ' ', '\t', '\n',
    '!', '?', '.', ',', '–', '—', '×', 'ж', 'Ё', 'ß', 'é', '\u{301}', '\u{200b}', '\u{202e}',
    '\u{feff}', '\0', '😀', '👍', '\u{1f3fd}', '１', '٣', '∞', '𝕏', '\u{10ffff}', '"', '\'', '\\',
    '%', '$',
];

fn junk(rng: &mut Rng, max: usize) -> String {
    let n = rng.below(max + 1);
    (0..n).map(|_| *rng.pick(JUNK_CHARS)).collect()
}

/// Variations on how people type a move.
fn spell_move(rng: &mut Rng, m: &str) -> String {
    match rng.below(6) {
        0 => m.to_uppercase(),
        1 => format!("{m}!"),
        2 => format!("  {m} "),
        3 => m.replace('-', "–"),
        _ => m.to_string(),
    }
}

struct World {
    svc: Arc<Service>,
    clock: Arc<ManualClock>,
    reader: Store,
    rng: Rng,
    step: usize,
    seen: Vec<Seen>,
    past: Vec<Event>,
    jobs: Vec<Job>,
    done_jobs: Vec<Job>,
    moves_cache: MoveCache,
    stats: Stats,
    last: Snap,
    /// The people's @handles now (see `handles_in_turn`).
    handles: Vec<Option<String>>,
    swapped: bool,
}

/// What the generator promises about an event: legitimate actions that
/// must take effect.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Expect {
    Nothing,
    Moves(i64),
    Accepts(i64),
    Resigns(i64),
}

impl World {
    fn c(&self) -> &Connection {
        self.reader.conn()
    }

    fn s(&self) -> &Store {
        &self.reader
    }

    fn person_chat(&mut self, p: usize) -> usize {
        if self.rng.chance(0.7) {
            self.rng.below(GROUPS.len())
        } else {
            GROUPS.len() + p
        }
    }

    /// The game's chat when person `p` can speak there, else a chat of theirs.
    fn chat_of_game_or_any(&mut self, p: usize, g: &GameRow) -> usize {
        let pid = self.last.platform_chat_id(g.chat_id).unwrap_or_default();
        match chat_by_platform_id(&pid) {
            // a private chat is only its owner's
            Some(i) if i < GROUPS.len() || i == GROUPS.len() + p => i,
            _ => self.person_chat(p),
        }
    }

    fn games(&self) -> Vec<GameRow> {
        self.last.games.values().cloned().collect()
    }

    fn active_games(&self) -> Vec<GameRow> {
        self.last
            .games
            .values()
            .filter(|g| g.is_active())
            .cloned()
            .collect()
    }

    fn person_of_seat(&self, s: Seat) -> Option<usize> {
        let id = s.user_id()?;
        (0..PEOPLE.len()).find(|p| self.last.user_id(*p) == Some(id))
    }

    fn any_game_id(&mut self) -> i64 {
        let games = self.games();
        match self.rng.below(10) {
            0 => self.rng.range(0, games.len() as i64 + 5),
            1 => 999_999_999_999,
            _ if !games.is_empty() => self.rng.pick(&games).id.0,
            _ => 1,
        }
    }

    fn any_challenge_id(&mut self) -> i64 {
        let n = self.last.challenges.len() as i64;
        if n > 0 && self.rng.chance(0.85) {
            // recent ones more often
            n - self.rng.range(0, n.min(8) - 1)
        } else {
            self.rng.range(0, n + 3)
        }
    }

    fn event(&mut self, p: usize, chat: usize, input: Input) -> Event {
        let update_id = if self.rng.chance(0.1) {
            self.stats.no_update_id += 1;
            None
        } else {
            Some(format!("{}", 10_000 + self.step))
        };
        Event {
            platform: PLATFORM,
            chat: chat_ref(chat),
            user: user_ref(p, self.handles[p].as_deref()),
            input,
            update_id,
            to_bot: self.rng.chance(0.85),
            thread: None,
        }
    }

    /// The next person's event and what it must achieve.
    fn next_event(&mut self) -> (&'static str, Event, Expect) {
        let roll = self.rng.below(100);
        let p = self.rng.below(PEOPLE.len());
        match roll {
            // the player to move plays a legal move
            0..=24 => {
                let mine: Vec<(usize, GameRow)> = self
                    .active_games()
                    .into_iter()
                    .filter_map(|g| {
                        let s = g.seat(g.side_to_move()?);
                        Some((self.person_of_seat(s)?, g))
                    })
                    .collect();
                if mine.is_empty() {
                    return self.challenge_event(p);
                }
                let (q, g) = self.rng.pick(&mine).clone();
                let legal = sorted_legal(&g);
                if legal.is_empty() {
                    return self.challenge_event(p);
                }
                let i = self.rng.below(legal.len());
                let m = spell_move(&mut self.rng, &legal[i]);
                let chat = self.chat_of_game_or_any(q, &g);
                let in_game_chat = self.last.chat_id(chat) == Some(g.chat_id);
                match self.rng.below(4) {
                    0 => {
                        let ev = self.event(q, chat, Input::Text(format!("/move #{} {m}", g.id)));
                        ("move #id", ev, Expect::Moves(g.id.0))
                    }
                    1 => {
                        let ev = self.event(q, chat, Input::Text(format!("/move {m}")));
                        ("/move", ev, Expect::Nothing)
                    }
                    2 if in_game_chat => {
                        // the board's own button, as sent
                        let payload = Payload::Move {
                            game: g.id,
                            ply: g.ply,
                            index: i as u16,
                        }
                        .encode();
                        let ev = self.event(q, chat, Input::Choice(payload));
                        ("move button", ev, Expect::Moves(g.id.0))
                    }
                    _ => (
                        "bare move",
                        self.event(q, chat, Input::Text(m)),
                        Expect::Nothing,
                    ),
                }
            }
            // a legal move of someone else's turn, by the opponent or a spectator
            25..=32 => {
                let games = self.active_games();
                if games.is_empty() {
                    return self.challenge_event(p);
                }
                let g = self.rng.pick(&games).clone();
                let to_move = g
                    .side_to_move()
                    .and_then(|s| self.person_of_seat(g.seat(s)));
                let q = (0..PEOPLE.len())
                    .map(|i| (p + i) % PEOPLE.len())
                    .find(|q| Some(*q) != to_move)
                    .unwrap_or(p);
                let legal = sorted_legal(&g);
                let m = match legal.len() {
                    0 => "c3-d4".to_string(),
                    n => legal[self.rng.below(n)].clone(),
                };
                let chat = self.chat_of_game_or_any(q, &g);
                let t = match self.rng.below(3) {
                    0 => format!("/move #{} {m}", g.id),
                    1 => format!("/move {m}"),
                    _ => m,
                };
                (
                    "someone else's move",
                    self.event(q, chat, Input::Text(t)),
                    Expect::Nothing,
                )
            }
            // a button from a recent reply
            33..=49 => self.press_seen(p, true),
            // a stale button from any earlier reply
            50..=54 => self.press_seen(p, false),
            // a forged or junk payload
            55..=62 => {
                let payload = self.forged_payload();
                let chat = self.person_chat(p);
                let expect = self.expect_of_button(p, chat, &payload);
                (
                    "forged button",
                    self.event(p, chat, Input::Choice(payload)),
                    expect,
                )
            }
            63..=68 => self.challenge_event(p),
            // someone the challenge is for accepts it
            69..=72 => self.accept_event(p),
            73..=78 => {
                let id = self.any_challenge_id();
                let verb = *self
                    .rng
                    .pick(&["accept", "decline", "принять", "отклонить"]);
                let arg = match self.rng.below(4) {
                    0 => String::new(),
                    1 => format!(" {id}"),
                    2 => format!(" #{id}"),
                    _ => format!(" {}", junk(&mut self.rng, 6)),
                };
                let chat = self.person_chat(p);
                (
                    "accept/decline",
                    self.event(p, chat, Input::Text(format!("/{verb}{arg}"))),
                    Expect::Nothing,
                )
            }
            79..=82 => {
                let id = self.any_game_id();
                let t = self
                    .rng
                    .pick(&[
                        "/draw".to_string(),
                        "/draw decline".into(),
                        "/draw no".into(),
                        format!("/draw #{id}"),
                        format!("/draw #{id} нет"),
                        format!("/draw {id}"),
                        "/ничья".into(),
                    ])
                    .clone();
                let chat = self.person_chat(p);
                ("draw", self.event(p, chat, Input::Text(t)), Expect::Nothing)
            }
            83..=84 => {
                let id = self.any_game_id();
                let t = self
                    .rng
                    .pick(&[
                        "/resign".to_string(),
                        format!("/resign #{id}"),
                        format!("/сдаться {id}"),
                        "/resign #x".into(),
                    ])
                    .clone();
                let chat = self.person_chat(p);
                (
                    "resign",
                    self.event(p, chat, Input::Text(t)),
                    Expect::Nothing,
                )
            }
            85..=88 => {
                let id = self.any_game_id();
                let t = self
                    .rng
                    .pick(&[
                        "/board".to_string(),
                        format!("/board #{id}"),
                        "/pdn".into(),
                        format!("/pdn {id}"),
                        "/games".into(),
                        "/top".into(),
                        "/help".into(),
                        "/board@shashki_bot".into(),
                    ])
                    .clone();
                let chat = self.person_chat(p);
                ("show", self.event(p, chat, Input::Text(t)), Expect::Nothing)
            }
            89..=92 => {
                let days = self.rng.range(-2, 40);
                let vacation = self.rng.range(-1, 12);
                let t = self
                    .rng
                    .pick(&[
                        "/settings".to_string(),
                        "/settings lang ru".into(),
                        "/settings lang en".into(),
                        "/settings chatlang xx".into(),
                        "/settings theme classic".into(),
                        "/settings theme 💥".into(),
                        format!("/settings days {days}"),
                        "/settings orientation mover".into(),
                        "/settings frob 1".into(),
                        format!("/vacation {vacation}"),
                        "/vacation".into(),
                        "/vacation много".into(),
                        "/puzzle".into(),
                        "/puzzle next".into(),
                        "/puzzle solution".into(),
                        "/puzzle #3".into(),
                        "/puzzle c3-d4".into(),
                        "/hint".into(),
                        "/daily on 09:00 +03:00".into(),
                        "/daily off".into(),
                        "/daily on 25:99 +1é1".into(),
                        "/top puzzles".into(),
                    ])
                    .clone();
                let chat = self.person_chat(p);
                (
                    "settings/vacation/puzzle",
                    self.event(p, chat, Input::Text(t)),
                    Expect::Nothing,
                )
            }
            93..=96 => {
                let t = match self.rng.below(6) {
                    0 => {
                        let cmd = *self.rng.pick(&COMMAND_WORDS);
                        format!("/{cmd} {}", junk(&mut self.rng, 30))
                    }
                    1 => {
                        // overlong
                        let unit = self
                            .rng
                            .pick(&["e3-d4 ", "ж", "😀", "#1 ", "@anna "])
                            .to_string();
                        let cmd =
                            *self
                                .rng
                                .pick(&["/move ", "/challenge ", "", "/", "/settings theme "]);
                        let n = self.rng.range(1000, 6000) as usize;
                        format!("{cmd}{}", unit.repeat(n))
                    }
                    2 => {
                        // move-like junk
                        let cs = ['a', 'c', 'h', '1', '8', '9', '-', ':', 'x', ' ', '×'];
                        let n = self.rng.range(1, 20);
                        (0..n).map(|_| *self.rng.pick(&cs)).collect()
                    }
                    3 => format!("/{}", junk(&mut self.rng, 12)),
                    _ => junk(&mut self.rng, 40),
                };
                let chat = self.person_chat(p);
                (
                    "junk text",
                    self.event(p, chat, Input::Text(t)),
                    Expect::Nothing,
                )
            }
            // a redelivered update
            _ => {
                if self.past.is_empty() {
                    return self.challenge_event(p);
                }
                let ev = self.rng.pick(&self.past).clone();
                ("redelivery", ev, Expect::Nothing)
            }
        }
    }

    fn challenge_event(&mut self, p: usize) -> (&'static str, Event, Expect) {
        let mut words: Vec<String> = Vec::new();
        match self.rng.below(8) {
            0 | 1 => {
                words.push(self.rng.pick(&["ai", "bot", "ИИ", "computer"]).to_string());
                let level = if self.rng.chance(0.85) {
                    self.rng.range(1, 6).to_string()
                } else {
                    self.rng
                        .pick(&["0", "9", "-3", "x", "99999999999999999999"])
                        .to_string()
                };
                words.push(level);
            }
            2..=5 => {
                let q = self.rng.below(PEOPLE.len());
                let h = self.handles[q].clone().unwrap_or("ghost".into());
                let h = if self.rng.chance(0.3) {
                    h.to_uppercase()
                } else {
                    h.to_string()
                };
                words.push(format!("@{h}"));
            }
            6 => words.push(
                self.rng
                    .pick(&["open", "any", "@", "@nobody_here"])
                    .to_string(),
            ),
            _ => {}
        }
        if self.rng.chance(0.6) {
            let d = self
                .rng
                .pick(&[
                    "1",
                    "2",
                    "3",
                    "0",
                    "14",
                    "15",
                    "-1",
                    "3d",
                    "unlimited",
                    "∞",
                    "7д",
                ])
                .to_string();
            words.push(d);
        }
        if self.rng.chance(0.5) {
            words.push(
                self.rng
                    .pick(&["white", "black", "random", "б", "чёрными", "w"])
                    .to_string(),
            );
        }
        if self.rng.chance(0.05) {
            words.push(junk(&mut self.rng, 5));
        }
        let chat = self.person_chat(p);
        let t = format!(
            "/{} {}",
            self.rng.pick(&["challenge", "вызов", "play"]),
            words.join(" ")
        );
        (
            "challenge",
            self.event(p, chat, Input::Text(t)),
            Expect::Nothing,
        )
    }

    /// An open challenge of a group accepted by someone it is for (or,
    /// now and then, by its own challenger).
    fn accept_event(&mut self, p: usize) -> (&'static str, Event, Expect) {
        let now = self.clock_now();
        let open: Vec<(ChallengeRow, usize)> = self
            .last
            .challenges
            .values()
            .filter(|c| c.status == ChallengeStatus::Open && c.expires_at > now)
            .filter_map(|c| {
                let chat = (0..GROUPS.len()).find(|i| self.last.chat_id(*i) == Some(c.chat_id))?;
                Some((c.clone(), chat))
            })
            .collect();
        if open.is_empty() {
            return self.challenge_event(p);
        }
        let (ch, chat) = self.rng.pick(&open).clone();
        let takers: Vec<usize> = (0..PEOPLE.len())
            .filter(|q| {
                let (uid, handle) = (
                    self.last.user_id(*q),
                    self.handles[*q].as_deref().map(str::to_lowercase),
                );
                uid != Some(ch.from_user)
                    && match (ch.to_user, &ch.to_handle) {
                        (Some(t), _) => uid == Some(t),
                        (None, Some(h)) => handle.as_deref() == Some(h.as_str()),
                        (None, None) => true,
                    }
            })
            .collect();
        if self.rng.chance(0.3) {
            // declined: by whom it is for, by whoever holds its @handle now,
            // or withdrawn by its challenger
            let holder = ch.to_handle.as_ref().and_then(|h| {
                (0..PEOPLE.len()).find(|q| {
                    self.handles[*q].as_deref().map(str::to_lowercase).as_ref() == Some(h)
                })
            });
            let from = (0..PEOPLE.len()).find(|q| self.last.user_id(*q) == Some(ch.from_user));
            let mut who: Vec<usize> = takers.clone();
            who.extend(holder);
            who.extend(from);
            who.push(p);
            let q = *self.rng.pick(&who);
            let input = if self.rng.chance(0.5) {
                Input::Choice(format!("d:{}", ch.id))
            } else {
                Input::Text(format!("/decline #{}", ch.id))
            };
            return ("decline", self.event(q, chat, input), Expect::Nothing);
        }
        let q = match takers.as_slice() {
            [] => p,
            t if self.rng.chance(0.9) => *self.rng.pick(t),
            _ => p,
        };
        let (input, kind) = match self.rng.below(4) {
            0 | 1 => (Input::Choice(format!("a:{}", ch.id)), "accept button"),
            2 => (Input::Text(format!("/accept #{}", ch.id)), "accept #id"),
            _ => (Input::Text("/accept".into()), "accept newest"),
        };
        let expect = match &input {
            Input::Choice(_) | Input::Text(_) if kind != "accept newest" => {
                self.expect_of_button(q, chat, &format!("a:{}", ch.id))
            }
            _ => Expect::Nothing,
        };
        (kind, self.event(q, chat, input), expect)
    }

    fn forged_payload(&mut self) -> String {
        let games = self.games();
        let g = if !games.is_empty() && self.rng.chance(0.8) {
            Some(self.rng.pick(&games).clone())
        } else {
            None
        };
        let gid = match &g {
            Some(g) => g.id.0,
            None => self.any_game_id(),
        };
        let ply = match &g {
            Some(g) if self.rng.chance(0.6) => g.ply,
            Some(g) => Ply(self.rng.range(0, g.ply.0 + 3)),
            None => Ply(self.rng.range(0, 5)),
        };
        let cid = self.any_challenge_id();
        match self.rng.below(16) {
            0..=3 => format!(
                "m:{gid}:{ply}:{}",
                self.rng.pick(&[0, 1, 2, 3, 5, 7, 11, 65535, 65536])
            ),
            4 => format!("p:{gid}:{ply}:{}", self.rng.range(0, 34)),
            5 => format!("b:{gid}:{ply}"),
            6 => format!("r:{gid}"),
            7 => format!("R:{gid}"),
            8 => format!("o:{gid}"),
            9 => format!("x:{gid}"),
            10 => format!("a:{cid}"),
            11 => format!("d:{cid}"),
            12 => self.rng.pick(&["ph", "ps", "pn"]).to_string(),
            13 => self
                .rng
                .pick(&[
                    "",
                    ":",
                    "m:1:2",
                    "m:-1:0:0",
                    "m:+1:0:0",
                    "m:1:0:0:0",
                    "a:",
                    "R:１",
                    "r:9999999999999",
                    "m:١:0:0",
                    "ph:1",
                    "M:1:0:0",
                    " a:1",
                ])
                .to_string(),
            14 => format!("{}:{gid}", junk(&mut self.rng, 3)),
            _ => junk(&mut self.rng, 80),
        }
    }

    fn press_seen(&mut self, p: usize, recent: bool) -> (&'static str, Event, Expect) {
        let pool: Vec<Seen> = if recent {
            self.seen.iter().rev().take(40).cloned().collect()
        } else {
            let old = self.step.saturating_sub(20);
            self.seen.iter().filter(|s| s.step < old).cloned().collect()
        };
        if pool.is_empty() {
            return self.challenge_event(p);
        }
        let s = self.rng.pick(&pool).clone();
        let presser = match s.for_person {
            Some(q) if self.rng.chance(0.6) => q,
            _ => p,
        };
        // pressed where it was shown, unless that is someone else's private chat
        let chat = if s.chat >= GROUPS.len() && s.chat != GROUPS.len() + presser {
            self.person_chat(presser)
        } else if self.rng.chance(0.85) {
            s.chat
        } else {
            self.person_chat(presser)
        };
        let ev = self.event(presser, chat, Input::Choice(s.payload.clone()));
        let expect = self.expect_of_button(presser, chat, &s.payload);
        (
            if recent {
                "recent button"
            } else {
                "old button"
            },
            ev,
            expect,
        )
    }

    /// What a button pressed by person `q` in `chat` must do, by the rules.
    fn expect_of_button(&self, q: usize, chat: usize, payload: &str) -> Expect {
        let Some(uid) = self.last.user_id(q) else {
            return Expect::Nothing;
        };
        match Payload::decode(payload) {
            Some(Payload::Move { game, ply, index }) => {
                let Some(g) = self.last.games.get(&game.0) else {
                    return Expect::Nothing;
                };
                let mine = g.color_of(uid);
                if g.is_active()
                    && g.ply == ply
                    && mine.is_some()
                    && mine == g.side_to_move()
                    && usize::from(index) < sorted_legal(g).len()
                {
                    Expect::Moves(game.0)
                } else {
                    Expect::Nothing
                }
            }
            // "yes, resign" is for the colour that was asked, when it says
            Some(Payload::ResignConfirm { game, by }) => match self.last.games.get(&game.0) {
                Some(g)
                    if g.is_active()
                        && g.color_of(uid).is_some_and(|c| {
                            by.is_none_or(|b| (b == 0) == (c == shashki::engine::Color::White))
                        }) =>
                {
                    Expect::Resigns(game.0)
                }
                _ => Expect::Nothing,
            },
            Some(Payload::Accept { challenge }) => {
                let Some(ch) = self.last.challenges.get(&challenge.0) else {
                    return Expect::Nothing;
                };
                let handle = self.handles[q].as_deref().map(str::to_lowercase);
                let for_me = match (ch.to_user, &ch.to_handle) {
                    (Some(t), _) => t == uid,
                    (None, Some(h)) => handle.as_deref() == Some(h.as_str()),
                    (None, None) => true,
                };
                let now = self.clock_now();
                if ch.status == ChallengeStatus::Open
                    && ch.expires_at > now
                    && ch.from_user != uid
                    && for_me
                    && self.last.chat_id(chat) == Some(ch.chat_id)
                {
                    Expect::Accepts(challenge.0)
                } else {
                    Expect::Nothing
                }
            }
            _ => Expect::Nothing,
        }
    }

    fn clock_now(&self) -> i64 {
        self.svc.now()
    }

    /// Remember the buttons of replies.
    fn remember(&mut self, replies: &[Reply]) {
        for r in replies {
            let Some(chat) = chat_by_platform_id(r.chat_id()) else {
                continue;
            };
            let for_person = match &r.target {
                Target::User { user, .. } | Target::Private { user } => person_by_platform_id(user),
                Target::Chat(_) => r
                    .mentions
                    .first()
                    .and_then(|m| person_by_platform_id(&m.platform_user_id)),
            };
            for ch in r.choices.iter().flatten() {
                self.seen.push(Seen {
                    payload: ch.payload.clone(),
                    chat,
                    for_person,
                    step: self.step,
                });
            }
        }
        if self.seen.len() > 4000 {
            self.seen.drain(..1000);
        }
    }
}

// ----------------------------------------------------------- the run ----

fn config() -> Config {
    Config {
        board_size: 160, // the smallest board: drawing is not under test
        // depth-limited levels 1–6 finish well within this, so the AI's
        // choices do not depend on the machine's speed
        ai_max_movetime: Duration::from_secs(5),
        ..Config::default()
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn fail(step: usize, what: &str, detail: impl std::fmt::Debug, errs: &[String]) -> ! {
    let detail: String = format!("{detail:?}").chars().take(2000).collect();
    panic!(
        "step {step}: {what} {detail}\nviolations:\n  {}",
        errs.join("\n  ")
    );
}

#[test]
fn a_hostile_chat_changes_nothing_it_may_not() {
    let steps: usize = env_or("ADVERSARIAL_STEPS", 4000);
    let seed: u64 = env_or("ADVERSARIAL_SEED", 0x5EED_CAFE);
    let started = Instant::now();
    // in memory where the machine has it: every commit syncs, and the
    // disk's speed is not under test
    let shm = Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        tempfile::tempdir_in(shm).unwrap()
    } else {
        tempfile::tempdir().unwrap()
    };
    let path = dir.path().join("bot.sqlite");
    let clock = Arc::new(ManualClock::new(T0));
    let svc = Arc::new(Service::open(&path, config(), clock.clone()).unwrap());
    let reader = Store::open(Path::new(&path)).unwrap();
    reader.conn().set_prepared_statement_cache_capacity(64);
    let last = snap(&reader, None);
    let mut w = World {
        svc,
        clock,
        reader,
        rng: Rng::new(seed),
        step: 0,
        seen: Vec::new(),
        past: Vec::new(),
        jobs: Vec::new(),
        done_jobs: Vec::new(),
        moves_cache: BTreeMap::new(),
        stats: Stats::default(),
        handles: handles_in_turn(false),
        swapped: false,
        last,
    };
    // everyone says hello first, so @handles resolve
    for (p, person) in PEOPLE.iter().enumerate() {
        let ev = Event {
            platform: PLATFORM,
            chat: chat_ref(p % GROUPS.len()),
            user: user_ref(p, person.handle),
            input: Input::Text("/help".into()),
            update_id: Some(format!("hello{p}")),
            to_bot: false,
            thread: None,
        };
        w.svc.handle(&ev).unwrap();
    }
    w.last = snap(w.s(), Some(&w.last));

    while w.step < steps {
        w.step += 1;
        // a handle changes hands
        if w.rng.chance(0.01) {
            w.swapped = !w.swapped;
            w.handles = handles_in_turn(w.swapped);
            w.stats.handle_swaps += 1;
        }
        // time passes
        if w.rng.chance(0.08) {
            let s = w.rng.range(1, 7200);
            w.clock.advance(s);
        }
        if w.rng.chance(0.012) {
            let s = w.rng.range(DAY / 2, 3 * DAY);
            w.clock.advance(s);
        }
        // to the second before, at or after the next deadline, reminder or
        // expiry, and sweep there
        let mut sweep_now = false;
        if w.rng.chance(0.03) {
            if let Some(t) = w.svc.next_wakeup().unwrap() {
                let t = t + w.rng.range(-1, 1);
                if t > w.clock_now() {
                    w.clock.set(t);
                    w.stats.boundary_sweeps += 1;
                    sweep_now = true;
                }
            }
        }
        // the sweeper
        if sweep_now || w.rng.chance(0.08) {
            let before = std::mem::take(&mut w.last);
            let now = w.clock_now();
            let svc = w.svc.clone();
            let replies = catch_unwind(AssertUnwindSafe(|| svc.sweep()))
                .unwrap_or_else(|_| panic!("step {}: the sweeper panicked", w.step))
                .unwrap_or_else(|e| panic!("step {}: the sweeper failed: {e}", w.step));
            let after = snap(w.s(), Some(&before));
            let errs = check_sweep(&before, &after, now, &mut w.stats);
            if !errs.is_empty() {
                fail(w.step, "sweep at", now, &errs);
            }
            w.stats.sweeps += 1;
            w.remember(&replies);
            w.last = after;
            // the daily puzzle posts change only the puzzle tables
            let before = std::mem::take(&mut w.last);
            let replies = w.svc.daily_due().unwrap();
            let after = snap(w.s(), Some(&before));
            if before.games != after.games
                || before.challenges != after.challenges
                || before.aggregates["moves"] != after.aggregates["moves"]
            {
                fail(w.step, "daily posts changed games", now, &[]);
            }
            w.remember(&replies);
            w.last = after;
        }
        // the AI's jobs: some run, some run twice, some late
        if (!w.jobs.is_empty() && w.rng.chance(0.5))
            || (w.rng.chance(0.03) && !w.done_jobs.is_empty())
        {
            let job = if !w.jobs.is_empty() && w.rng.chance(0.9) {
                let i = w.rng.below(w.jobs.len());
                w.jobs.remove(i)
            } else if !w.done_jobs.is_empty() {
                *w.rng.pick(&w.done_jobs)
            } else {
                w.jobs.remove(0)
            };
            let before = std::mem::take(&mut w.last);
            let svc = w.svc.clone();
            let t = Instant::now();
            let out = catch_unwind(AssertUnwindSafe(|| svc.run_job(job)))
                .unwrap_or_else(|_| panic!("step {}: AI job {job:?} panicked", w.step))
                .unwrap_or_else(|e| panic!("step {}: AI job {job:?} failed: {e}", w.step));
            w.stats.ai_time += t.elapsed();
            let after = snap(w.s(), Some(&before));
            let mut cache = std::mem::take(&mut w.moves_cache);
            let mut errs = check_ai_job(
                &before,
                &after,
                w.reader.conn(),
                &mut cache,
                job,
                &mut w.stats,
            );
            w.moves_cache = cache;
            for (id, g) in &after.games {
                if before.games.get(id) != Some(g) {
                    if let Err(e) = replay_check(w.c(), g) {
                        errs.push(format!("game {id}: {e}"));
                    }
                    w.stats.replays += 1;
                }
            }
            if !errs.is_empty() {
                fail(w.step, "AI job", job, &errs);
            }
            w.stats.ai_jobs_run += 1;
            w.done_jobs.push(job);
            w.jobs.extend(out.jobs);
            w.remember(&out.replies);
            w.last = after;
        }

        // a person's event
        let (kind, ev, expect) = w.next_event();
        *w.stats.kinds.entry(kind).or_default() += 1;
        w.stats.events += 1;
        let before = std::mem::take(&mut w.last);
        let seen_before = ev.update_id.as_deref().map(|id| update_seen(w.c(), id));
        let now = w.clock_now();
        let svc = w.svc.clone();
        let t = Instant::now();
        let out = match catch_unwind(AssertUnwindSafe(|| svc.handle(&ev))) {
            Ok(Ok(out)) => out,
            Ok(Err(e)) => fail(w.step, "the service failed on", &ev, &[e.to_string()]),
            Err(_) => fail(w.step, "the service panicked on", &ev, &[]),
        };
        w.stats.service_time += t.elapsed();
        let after = snap(w.s(), Some(&before));
        let p = person_by_platform_id(&ev.user.id).unwrap();
        let who = Who {
            user: after.user_id(p).unwrap_or(UserId(-1)),
            handle: ev.user.handle.as_deref().map(str::to_lowercase),
            chat: after
                .chat_id(chat_by_platform_id(&ev.chat.id).unwrap())
                .unwrap_or(ChatId(-1)),
        };
        let act = act_of(&ev);
        let mut errs = Vec::new();
        let seen_after = ev.update_id.as_deref().map(|id| update_seen(w.c(), id));
        let refused = out.tally.refusal.is_some();
        if seen_before == Some(true) {
            // delivered twice: nothing at all
            w.stats.redeliveries += 1;
            if !out.replies.is_empty() || !out.jobs.is_empty() || before != after {
                errs.push("a redelivered update did something".into());
            }
        } else if refused {
            // rolled back: every table as it was but the update's record
            // (kept, so that a redelivery is skipped, not refused again),
            // one private answer
            w.stats.refusals += 1;
            let but_updates = |s: &Snap| {
                let mut s = s.clone();
                s.aggregates.remove("processed_updates");
                s
            };
            if but_updates(&before) != but_updates(&after) {
                errs.push("a refusal changed the store".into());
            }
            if seen_after == Some(false) {
                errs.push("a refused update was not recorded".into());
            }
            let private = matches!(
                out.replies.as_slice(),
                [r] if r.target == Target::User { chat: ev.chat.id.clone(), user: ev.user.id.clone() }
                    && r.choices.is_empty() && r.image.is_none() && !r.text.is_empty()
            );
            if !private || !out.jobs.is_empty() {
                errs.push(format!(
                    "a refusal did not answer its sender alone: {:?}",
                    out.replies
                ));
            }
        } else {
            w.stats.handled += 1;
            let mut cache = std::mem::take(&mut w.moves_cache);
            errs.extend(check_user_event(
                &before,
                &after,
                w.reader.conn(),
                &mut cache,
                &who,
                &act,
                now,
                &mut w.stats,
            ));
            w.moves_cache = cache;
            let only_private = out
                .replies
                .iter()
                .all(|r| matches!(r.target, Target::User { .. }));
            if only_private
                && (before.games != after.games
                    || before.challenges != after.challenges
                    || before.aggregates["moves"] != after.aggregates["moves"])
            {
                errs.push("a private answer came with a change to games or challenges".into());
            }
        }
        errs.extend(check_replies(&out, &ev, &who, &after));
        match expect {
            Expect::Nothing => {}
            Expect::Moves(g) => {
                w.stats.expected_moves += 1;
                if after.games[&g].ply != before.games[&g].ply.next() {
                    errs.push(format!(
                        "the player to move could not play in game {g}: {:?}",
                        out.replies.iter().map(|r| &r.text).collect::<Vec<_>>()
                    ));
                }
            }
            Expect::Resigns(g) => {
                w.stats.expected_resigns += 1;
                if after.games[&g].result_reason != Some(Termination::Resignation) {
                    errs.push(format!("a player could not resign game {g}"));
                }
            }
            Expect::Accepts(c) => {
                w.stats.expected_accepts += 1;
                if after.challenges[&c].status != ChallengeStatus::Accepted {
                    errs.push(format!(
                        "challenge {c} could not be accepted: {:?}",
                        out.replies.iter().map(|r| &r.text).collect::<Vec<_>>()
                    ));
                }
            }
        }
        for (id, g) in &after.games {
            if before.games.get(id) != Some(g) {
                if let Err(e) = replay_check(w.c(), g) {
                    errs.push(format!("game {id}: {e}"));
                }
                w.stats.replays += 1;
            }
        }
        if !errs.is_empty() {
            fail(w.step, kind, &ev, &errs);
        }
        if ev.update_id.is_some() && seen_before != Some(true) {
            w.past.push(ev);
            if w.past.len() > 200 {
                w.past.remove(0);
            }
        }
        w.jobs.extend(out.jobs);
        w.remember(&out.replies);
        w.last = after;
    }

    // at the end: every game, once more
    let mut total_moves = 0;
    for g in w.last.games.values() {
        total_moves += replay_check(w.c(), g).unwrap_or_else(|e| panic!("game {}: {e}", g.id));
    }
    let s = &w.stats;
    let finished = w.last.games.values().filter(|g| !g.is_active()).count();
    println!(
        "adversarial model test, seed {seed:#x}, {steps} steps, {:.1?}",
        started.elapsed()
    );
    println!(
        "  person events {} (handled {}, refused {}, redelivered {}, without update id {})",
        s.events, s.handled, s.refusals, s.redeliveries, s.no_update_id
    );
    println!("  kinds {:?}", s.kinds);
    println!(
        "  moves: by people {}, by the AI {} ({} AI jobs run); {} moves stored",
        s.user_moves, s.ai_moves, s.ai_jobs_run, total_moves
    );
    println!(
        "  games started {}, finished {finished} of {}: {:?}",
        s.games_started,
        w.last.games.len(),
        s.endings
    );
    println!(
        "  challenges {}: {:?}; draw offers made/declined {}",
        w.last.challenges.len(),
        s.challenge_ends,
        s.draw_offers
    );
    println!(
        "  sweeps {} ({} at a deadline's second), reminders {}, time-outs {}; clock moved {} days; handles changed hands {} times",
        s.sweeps,
        s.boundary_sweeps,
        s.reminders,
        s.timeouts,
        (w.clock_now() - T0) / DAY,
        s.handle_swaps
    );
    println!(
        "  legitimate actions checked: moves {}, accepts {}, resignations {}; games replayed {}",
        s.expected_moves, s.expected_accepts, s.expected_resigns, s.replays
    );
    println!(
        "  time in Service::handle {:.1?}, in the AI's jobs {:.1?}, the rest in the model",
        s.service_time, s.ai_time
    );
    // it did meaningful work (scaled to the number of steps)
    let k = steps / 1000;
    assert!(s.user_moves >= 60 * k, "moves by people: {}", s.user_moves);
    assert!(s.ai_moves >= 20 * k, "AI moves: {}", s.ai_moves);
    assert!(s.refusals >= 150 * k, "refusals: {}", s.refusals);
    assert!(s.redeliveries >= 5 * k, "redeliveries: {}", s.redeliveries);
    assert!(finished >= 5 * k, "games finished: {finished}");
    assert!(s.timeouts >= 1 && s.reminders >= 1, "the clocks ran");
    assert!(
        s.expected_moves >= 30 * k && s.expected_accepts >= k,
        "legitimate actions were tried"
    );
    assert!(
        s.challenge_ends.get("accepted").copied().unwrap_or(0) >= k,
        "challenges accepted"
    );
}

/// On Telegram a @handle can change hands, and the bot learns of it only
/// when people speak. A challenge to @elena made while Elena held the
/// handle is Elena's: whoever holds @elena later may neither accept nor
/// decline it (accepting always refused; declining did not).
#[test]
fn a_handle_that_changed_hands_does_not_take_its_challenges_along() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.sqlite");
    let clock = Arc::new(ManualClock::new(T0));
    let svc = Service::open(&path, config(), clock).unwrap();
    let mut n = 0;
    let mut say = |p: usize, handle: Option<&str>, input: Input| {
        n += 1;
        svc.handle(&Event {
            platform: PLATFORM,
            chat: chat_ref(0),
            user: user_ref(p, handle),
            input,
            update_id: Some(format!("u{n}")),
            to_bot: true,
            thread: None,
        })
        .unwrap()
    };
    let (anna, elena, fyodor) = (0, 4, 5);
    say(elena, Some("elena"), Input::Text("/help".into()));
    let card = say(
        anna,
        Some("anna"),
        Input::Text("/challenge @elena 3".into()),
    );
    let id = card.replies[0].choices[0][0].payload.clone();
    assert!(id.starts_with("a:"), "{id}");
    let id: i64 = id[2..].parse().unwrap();
    // Elena is @lena now, and Fyodor took @elena
    say(fyodor, Some("elena"), Input::Text("/help".into()));
    let reader = Store::open(&path).unwrap();
    let status = || {
        store::challenge(reader.read(), ChallengeId(id))
            .unwrap()
            .unwrap()
            .status
    };
    for input in [
        Input::Choice(format!("d:{id}")),
        Input::Text(format!("/decline #{id}")),
        Input::Choice(format!("a:{id}")),
        Input::Text("/accept".into()),
        Input::Text("/decline".into()),
    ] {
        let out = say(fyodor, Some("elena"), input.clone());
        assert_eq!(status(), ChallengeStatus::Open, "{input:?}: {out:?}");
        assert!(
            out.replies
                .iter()
                .all(|r| matches!(r.target, Target::User { .. })),
            "{input:?}: answered privately"
        );
    }
    // Elena, under her new handle, still can
    let out = say(elena, Some("lena"), Input::Choice(format!("a:{id}")));
    assert_eq!(status(), ChallengeStatus::Accepted, "{out:?}");
}
