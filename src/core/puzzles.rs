//! Puzzles in the chats: `/puzzle`, answers, `/hint`, `/daily`, the puzzle
//! leaderboard, Glicko-2 puzzle ratings and streaks, and the daily post.
//!
//! **How a move text reaches a puzzle.** `/puzzle <move>` always answers the
//! user's puzzle. A bare move text (or `/move <move>` without a game number)
//! goes to a game first: when it is a legal move in one of the user's games
//! in this chat where it is their turn, it is played there. Otherwise it
//! answers the user's open puzzle in this chat, or — when they have none —
//! the chat's current daily puzzle (if they have not tried it yet and the
//! move is legal in it). Anything else gets the games' error message.
//!
//! Each user has at most one open puzzle per chat. Three wrong tries end the
//! attempt with the solution; so does `/puzzle solution`. An attempt is
//! rated (Glicko-2, user against puzzle) only the first time the user meets
//! that puzzle: solved without a wrong try and with at most one hint is a
//! win, anything else a loss. Streaks count clean solves in a row.
//!
//! The daily puzzle of UTC day `d` is the pack's puzzle number
//! `d mod N` (pack order). A chat that turned `/daily on HH:MM ±HH:MM`
//! gets it posted at that local time; the post also gives the previous
//! daily's solution.

use super::i18n::{num, Catalog, Lang};
use super::payload::Payload;
use super::types::{Choice, Target};
use crate::args;
use crate::store::puzzles::{self as db, AttemptRow, PlayerRow, PuzzleRow};
use crate::store::{self, StoreResult};
use rusqlite::Connection;
use shashki_engine::pdn::parse_pdn;
use shashki_engine::puzzle::{judge, walk, Answer, Puzzle};
use shashki_engine::{parse_move, Color, Move, Position};
use std::sync::LazyLock;

const DAY: i64 = 86_400;
/// Wrong tries before the solution is shown.
pub const MAX_WRONG: i64 = 3;

/// The shipped pack (PDN, one game per puzzle).
pub const PACK: &str = include_str!("../../assets/puzzles/pack.pdn");

/// The pack, read once: (number, puzzle, its PDN).
static PACK_PUZZLES: LazyLock<Vec<(i64, Puzzle, String)>> = LazyLock::new(|| read_pack(PACK));

/// Read a pack; puzzles that do not parse are skipped (the test suite
/// checks that none is).
pub fn read_pack(text: &str) -> Vec<(i64, Puzzle, String)> {
    let Ok(games) = parse_pdn(text) else {
        tracing::error!("the puzzle pack does not parse");
        return Vec::new();
    };
    games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let n = g
                .tag("Round")
                .and_then(|r| r.parse().ok())
                .unwrap_or(i as i64 + 1);
            let p = Puzzle::from_pdn(g).ok()?;
            let pdn = p.to_pdn(n as usize);
            Some((n, p, pdn))
        })
        .collect()
}

/// Load the shipped pack into the database when it is new or changed.
pub fn ensure_pack(c: &Connection) -> StoreResult<()> {
    let version = format!("{}:{}", PACK_PUZZLES.len(), PACK.len());
    if store::get_setting(c, "puzzle_pack")?.as_deref() == Some(version.as_str()) {
        return Ok(());
    }
    for (n, p, pdn) in PACK_PUZZLES.iter() {
        let themes: Vec<&str> = p.themes.iter().map(|t| t.key()).collect();
        db::insert_puzzle(
            c,
            *n,
            &p.id(),
            pdn,
            p.rating as f64,
            p.difficulty as i64,
            &themes.join(" "),
        )?;
    }
    store::set_setting(c, "puzzle_pack", &version)?;
    Ok(())
}

/// A board to draw with a message.
#[derive(Debug, Clone)]
pub struct PuzzleBoard {
    pub position: Position,
    pub last: Option<(Position, Move)>,
    pub flip: bool,
    pub caption: String,
}

/// A message the service sends (it draws the board).
#[derive(Debug, Clone)]
pub struct Post {
    pub target: Target,
    pub text: String,
    pub board: Option<PuzzleBoard>,
    pub choices: Vec<Vec<Choice>>,
}

/// Who acts where, and the messages produced.
pub struct PCtx<'a> {
    pub c: &'a Connection,
    pub catalog: &'a Catalog,
    pub lang: Lang,
    /// The acting user (0 for the service's own posts).
    pub user_id: i64,
    pub chat_id: i64,
    pub chat_ext: String,
    pub user_ext: String,
    pub now: i64,
    pub posts: Vec<Post>,
}

impl PCtx<'_> {
    fn t(&self, id: &str, a: Option<&super::i18n::Args>) -> String {
        self.catalog.get(self.lang, id, a)
    }

    fn say(&mut self, text: String, board: Option<PuzzleBoard>) {
        self.say_with(text, board, Vec::new());
    }

    fn say_with(&mut self, text: String, board: Option<PuzzleBoard>, choices: Vec<Vec<Choice>>) {
        self.posts.push(Post {
            target: Target::Chat(self.chat_ext.clone()),
            text,
            board,
            choices,
        });
    }

    /// Hint and solution buttons under a question.
    fn question_buttons(&self) -> Vec<Vec<Choice>> {
        vec![vec![
            Payload::PuzzleHint.button(self.t("button-puzzle-hint", None)),
            Payload::PuzzleSolution.button(self.t("button-puzzle-solution", None)),
        ]]
    }

    /// The "next puzzle" button under an ending.
    fn next_buttons(&self) -> Vec<Vec<Choice>> {
        vec![vec![
            Payload::PuzzleNext.button(self.t("button-puzzle-next", None))
        ]]
    }

    fn tell(&mut self, text: String) {
        self.posts.push(Post {
            target: Target::User {
                chat: self.chat_ext.clone(),
                user: self.user_ext.clone(),
            },
            text,
            board: None,
            choices: Vec::new(),
        });
    }

    fn tell_id(&mut self, id: &str, a: Option<&super::i18n::Args>) {
        let text = self.t(id, a);
        self.tell(text);
    }
}

fn color_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn load(row: &PuzzleRow) -> Option<Puzzle> {
    let g = parse_pdn(&row.pdn).ok()?;
    Puzzle::from_pdn(g.first()?).ok()
}

/// The moves of an attempt so far.
fn attempt_moves(p: &Puzzle, a: &AttemptRow) -> Option<Vec<Move>> {
    let mut pos = p.start;
    let mut out = Vec::new();
    for t in a.moves.split_whitespace() {
        let mv = parse_move(&pos, t).ok()?;
        pos = pos.make(&mv);
        out.push(mv);
    }
    Some(out)
}

/// `YYYY-MM-DD` of a UTC day number.
pub fn date_of_day(day: i64) -> String {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The pack number of the daily puzzle of UTC day `day`.
pub fn daily_puzzle_id(c: &Connection, day: i64) -> StoreResult<Option<i64>> {
    let ids = db::puzzle_ids(c)?;
    if ids.is_empty() {
        return Ok(None);
    }
    Ok(Some(ids[day.rem_euclid(ids.len() as i64) as usize]))
}

/// The next time after `now` at local `minute` of the day in a timezone
/// `tz` minutes east of UTC.
pub fn next_local_time(now: i64, minute: i64, tz: i64) -> i64 {
    let local = now + tz * 60;
    let mut t = local.div_euclid(DAY) * DAY + minute * 60;
    if t <= local {
        t += DAY;
    }
    t - tz * 60
}

/// Parse `HH:MM`.
pub fn parse_time(s: &str) -> Option<i64> {
    let (h, m) = s.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m)).then_some(h * 60 + m)
}

/// Parse a UTC offset: `+03:00`, `-5`, `UTC+3`, `+0530`; minutes east.
pub fn parse_offset(s: &str) -> Option<i64> {
    let t = s.trim().to_ascii_lowercase();
    let t = t
        .strip_prefix("utc")
        .or_else(|| t.strip_prefix("gmt"))
        .unwrap_or(&t);
    if t.is_empty() {
        return Some(0);
    }
    let (sign, rest) = match t.as_bytes()[0] {
        b'+' => (1, &t[1..]),
        b'-' => (-1, &t[1..]),
        _ => return None,
    };
    let (h, m) = if let Some((h, m)) = rest.split_once(':') {
        (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?)
    } else if rest.len() == 4 {
        (rest[..2].parse().ok()?, rest[2..].parse().ok()?)
    } else {
        (rest.parse().ok()?, 0)
    };
    (h <= 14 && (0..60).contains(&m)).then_some(sign * (h * 60 + m))
}

fn offset_text(tz: i64) -> String {
    let sign = if tz < 0 { '-' } else { '+' };
    format!("{sign}{:02}:{:02}", tz.abs() / 60, tz.abs() % 60)
}

fn time_text(minute: i64) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

// ------------------------------------------------------------- showing ----

fn board_for(x: &PCtx, p: &Puzzle, pos: Position, last: Option<(Position, Move)>) -> PuzzleBoard {
    let a = args![("color", color_key(p.solver()))];
    PuzzleBoard {
        position: pos,
        last,
        flip: p.solver() == Color::Black,
        caption: x.t("puzzle-caption", Some(&a)),
    }
}

fn themes_text(x: &PCtx, row: &PuzzleRow) -> String {
    let names: Vec<String> = row
        .themes
        .split_whitespace()
        .map(|t| x.t(&format!("theme-{t}"), None))
        .collect();
    if names.is_empty() {
        x.t("theme-material", None)
    } else {
        names.join(", ")
    }
}

/// Show the attempt's current position with the question.
fn show_attempt(x: &mut PCtx, row: &PuzzleRow, p: &Puzzle, a: &AttemptRow) {
    let moves = attempt_moves(p, a).unwrap_or_default();
    let (pos, _) = walk(p, &moves).unwrap_or((p.start, &p.root));
    let last = if moves.is_empty() {
        None
    } else {
        let mut before = p.start;
        for m in &moves[..moves.len() - 1] {
            before = before.make(m);
        }
        Some((before, moves[moves.len() - 1]))
    };
    let args = args![
        ("id", row.id),
        ("rating", row.rating.round() as i64),
        ("themes", themes_text(x, row)),
        ("color", color_key(p.solver())),
        ("moves", num(p.solver_moves() as i64))
    ];
    let text = x.t("puzzle-show", Some(&args));
    let board = board_for(x, p, pos, last);
    let buttons = x.question_buttons();
    x.say_with(text, Some(board), buttons);
}

// ------------------------------------------------------------- commands ----

/// `/puzzle [move | solution | next | daily | #n]`.
pub fn cmd_puzzle(x: &mut PCtx, args: &[String]) -> StoreResult<()> {
    ensure_pack(x.c)?;
    if db::puzzle_count(x.c)? == 0 {
        x.tell_id("puzzle-none", None);
        return Ok(());
    }
    let word = args.first().map(|s| s.to_lowercase());
    match word.as_deref() {
        None => {
            if let Some(a) = db::open_attempt(x.c, x.user_id, x.chat_id)? {
                if let Some(row) = db::puzzle(x.c, a.puzzle_id)? {
                    if let Some(p) = load(&row) {
                        show_attempt(x, &row, &p, &a);
                        return Ok(());
                    }
                }
            }
            start_new(x, None)
        }
        Some("solution" | "giveup" | "give-up" | "answer" | "ответ" | "решение" | "сдаюсь") => {
            give_up(x)
        }
        Some("next" | "new" | "skip" | "новая" | "следующая" | "дальше") => {
            if let Some(a) = db::open_attempt(x.c, x.user_id, x.chat_id)? {
                close(x, &a, false, true)?;
            }
            start_new(x, None)
        }
        Some("daily" | "дня" | "ежедневная") => {
            let day = x.now.div_euclid(DAY);
            let id = match db::daily(x.c, x.chat_id)? {
                Some(d) if d.last_puzzle.is_some() && d.last_day.is_some() => {
                    (d.last_puzzle.unwrap_or(0), d.last_day.unwrap_or(day))
                }
                _ => match daily_puzzle_id(x.c, day)? {
                    Some(id) => (id, day),
                    None => return Ok(()),
                },
            };
            if db::daily_attempt(x.c, x.user_id, x.chat_id, id.1)?.is_some() {
                x.tell_id("puzzle-daily-done", None);
                return Ok(());
            }
            if let Some(a) = db::open_attempt(x.c, x.user_id, x.chat_id)? {
                close(x, &a, false, true)?;
            }
            start(x, id.0, Some(id.1))
        }
        Some(w) if w.starts_with('#') => match w[1..].parse::<i64>() {
            Ok(n) if db::puzzle(x.c, n)?.is_some() => {
                if let Some(a) = db::open_attempt(x.c, x.user_id, x.chat_id)? {
                    close(x, &a, false, true)?;
                }
                start(x, n, None)
            }
            _ => {
                x.tell_id("puzzle-unknown", Some(&args![("id", w)]));
                Ok(())
            }
        },
        Some(_) => {
            let text = args.join(" ");
            if !answer(x, &text)? {
                x.tell_id("puzzle-no-open", None);
            }
            Ok(())
        }
    }
}

/// A new puzzle near the user's puzzle rating (or puzzle `id`).
fn start_new(x: &mut PCtx, id: Option<i64>) -> StoreResult<()> {
    if let Some(id) = id {
        return start(x, id, None);
    }
    let me = db::player(x.c, x.user_id, 0)?;
    let near = db::puzzles_near(x.c, x.user_id, me.rating, 5)?;
    let pick = if near.is_empty() {
        db::puzzle_oldest_tried(x.c, x.user_id)?
    } else {
        let i = (x.now ^ x.user_id.wrapping_mul(0x9E37)).rem_euclid(near.len() as i64);
        near.into_iter().nth(i as usize)
    };
    match pick {
        Some(row) => start(x, row.id, None),
        None => {
            x.tell_id("puzzle-none", None);
            Ok(())
        }
    }
}

fn start(x: &mut PCtx, id: i64, daily_day: Option<i64>) -> StoreResult<()> {
    let Some(row) = db::puzzle(x.c, id)? else {
        x.tell_id("puzzle-none", None);
        return Ok(());
    };
    let Some(p) = load(&row) else {
        x.tell_id("puzzle-none", None);
        return Ok(());
    };
    let rated = !db::tried(x.c, x.user_id, id)?;
    let aid = db::insert_attempt(x.c, x.user_id, x.chat_id, id, daily_day, rated, x.now)?;
    let a = AttemptRow {
        id: aid,
        user_id: x.user_id,
        chat_id: x.chat_id,
        puzzle_id: id,
        daily_day,
        moves: String::new(),
        wrong: 0,
        hints: 0,
        status: "open".into(),
        rated,
        started_at: x.now,
    };
    show_attempt(x, &row, &p, &a);
    Ok(())
}

/// Whether a move text from this user in this chat would go to a puzzle
/// (an open attempt, or the chat's daily not yet tried).
pub fn wants_move(c: &Connection, user: i64, chat: i64, text: &str) -> StoreResult<bool> {
    if db::open_attempt(c, user, chat)?.is_some() {
        return Ok(true);
    }
    Ok(current_daily_for(c, user, chat)?
        .and_then(|(row, _)| load(&row))
        .is_some_and(|p| parse_move(&p.start, text).is_ok()))
}

/// The chat's posted daily puzzle, if the user has not tried it.
fn current_daily_for(
    c: &Connection,
    user: i64,
    chat: i64,
) -> StoreResult<Option<(PuzzleRow, i64)>> {
    let Some(d) = db::daily(c, chat)? else {
        return Ok(None);
    };
    let (Some(id), Some(day)) = (d.last_puzzle, d.last_day) else {
        return Ok(None);
    };
    if db::daily_attempt(c, user, chat, day)?.is_some() {
        return Ok(None);
    }
    Ok(db::puzzle(c, id)?.map(|r| (r, day)))
}

/// Take `text` as the answer to the user's puzzle here. `false` when the
/// user has no puzzle to answer (the text is left for the games).
pub fn answer(x: &mut PCtx, text: &str) -> StoreResult<bool> {
    ensure_pack(x.c)?;
    let (attempt, row) = match db::open_attempt(x.c, x.user_id, x.chat_id)? {
        Some(a) => match db::puzzle(x.c, a.puzzle_id)? {
            Some(r) => (a, r),
            None => return Ok(false),
        },
        None => {
            let Some((row, day)) = current_daily_for(x.c, x.user_id, x.chat_id)? else {
                return Ok(false);
            };
            let Some(p) = load(&row) else {
                return Ok(false);
            };
            if parse_move(&p.start, text).is_err() {
                return Ok(false);
            }
            let rated = !db::tried(x.c, x.user_id, row.id)?;
            let id =
                db::insert_attempt(x.c, x.user_id, x.chat_id, row.id, Some(day), rated, x.now)?;
            let a = AttemptRow {
                id,
                user_id: x.user_id,
                chat_id: x.chat_id,
                puzzle_id: row.id,
                daily_day: Some(day),
                moves: String::new(),
                wrong: 0,
                hints: 0,
                status: "open".into(),
                rated,
                started_at: x.now,
            };
            (a, row)
        }
    };
    let Some(p) = load(&row) else {
        return Ok(false);
    };
    let Some(moves) = attempt_moves(&p, &attempt) else {
        return Ok(false);
    };
    let Some((pos, node)) = walk(&p, &moves) else {
        return Ok(false);
    };
    let mv = match parse_move(&pos, text) {
        Ok(m) => m,
        Err(e) => {
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            let detail = match e {
                shashki_engine::MoveError::Ambiguous { candidates, .. } => candidates.join(", "),
                _ => legal.join(", "),
            };
            x.tell_id(
                "puzzle-illegal",
                Some(&args![("move", text.trim()), ("legal", detail)]),
            );
            return Ok(true);
        }
    };
    match judge(node, &mv) {
        Answer::Wrong => {
            let wrong = attempt.wrong + 1;
            db::update_attempt(x.c, attempt.id, &attempt.moves, wrong, attempt.hints)?;
            let a = AttemptRow {
                wrong,
                ..attempt.clone()
            };
            if wrong >= MAX_WRONG {
                let sol = p.solution_text();
                close(x, &a, false, false)?;
                let text = x.t(
                    "puzzle-failed",
                    Some(&args![("move", mv.to_string()), ("solution", sol)]),
                );
                let buttons = x.next_buttons();
                x.say_with(text, None, buttons);
            } else {
                x.tell_id(
                    "puzzle-wrong",
                    Some(&args![
                        ("move", mv.to_string()),
                        ("left", num(MAX_WRONG - wrong))
                    ]),
                );
            }
        }
        Answer::Continue { reply, .. } => {
            let mut all = moves.clone();
            all.push(mv);
            all.push(reply);
            let text_moves: Vec<String> = all.iter().map(|m| m.to_string()).collect();
            db::update_attempt(
                x.c,
                attempt.id,
                &text_moves.join(" "),
                attempt.wrong,
                attempt.hints,
            )?;
            let before = pos.make(&mv);
            let after = before.make(&reply);
            let board = board_for(x, &p, after, Some((before, reply)));
            let a = args![
                ("move", mv.to_string()),
                ("reply", reply.to_string()),
                ("color", color_key(p.solver()))
            ];
            let text = x.t("puzzle-right", Some(&a));
            let buttons = x.question_buttons();
            x.say_with(text, Some(board), buttons);
        }
        Answer::Solved => {
            let after = pos.make(&mv);
            let (player, delta) = close(x, &attempt, true, false)?;
            let mut a = args![
                ("move", mv.to_string()),
                ("solution", p.solution_text()),
                ("streak", num(player.streak)),
                ("solved", num(player.solved))
            ];
            let text = match delta {
                Some(d) => {
                    a.set("rating", num(player.rating.round() as i64));
                    a.set("delta", format!("{:+}", d.round() as i64));
                    x.t("puzzle-solved", Some(&a))
                }
                None => x.t("puzzle-solved-unrated", Some(&a)),
            };
            let board = board_for(x, &p, after, Some((pos, mv)));
            let buttons = x.next_buttons();
            x.say_with(text, Some(board), buttons);
        }
    }
    Ok(true)
}

/// End an attempt: counts, streaks and (first meeting only) ratings, in
/// the chat and overall. Returns the chat record and the rating change.
fn close(
    x: &mut PCtx,
    a: &AttemptRow,
    solved: bool,
    abandoned: bool,
) -> StoreResult<(PlayerRow, Option<f64>)> {
    use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    if !db::finish_attempt(x.c, a.id, if solved { "solved" } else { "failed" }, x.now)? {
        return Ok((db::player(x.c, a.user_id, x.chat_id)?, None));
    }
    if abandoned && a.moves.is_empty() && a.wrong == 0 && a.hints == 0 {
        // skipped before trying: no count, no rating
        return Ok((db::player(x.c, a.user_id, x.chat_id)?, None));
    }
    let clean = solved && a.wrong == 0 && a.hints <= 1;
    let Some(row) = db::puzzle(x.c, a.puzzle_id)? else {
        return Ok((db::player(x.c, a.user_id, x.chat_id)?, None));
    };
    let outcome = if clean { Outcomes::WIN } else { Outcomes::LOSS };
    let puzzle_r = Glicko2Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    };
    let mut chat_record = PlayerRow::default();
    let mut delta = None;
    for scope in [a.chat_id, 0] {
        let mut p = db::player(x.c, a.user_id, scope)?;
        if a.rated {
            let me = Glicko2Rating {
                rating: p.rating,
                deviation: p.deviation,
                volatility: p.volatility,
            };
            let (n, np) = glicko2(&me, &puzzle_r, &outcome, &Glicko2Config::new());
            if scope == 0 {
                db::save_puzzle_rating(x.c, row.id, np.rating, np.deviation, np.volatility, clean)?;
            } else {
                delta = Some(n.rating - p.rating);
            }
            p.rating = n.rating;
            p.deviation = n.deviation;
            p.volatility = n.volatility;
        }
        if solved {
            p.solved += 1;
        } else {
            p.failed += 1;
        }
        p.streak = if clean { p.streak + 1 } else { 0 };
        p.best_streak = p.best_streak.max(p.streak);
        db::save_player(x.c, a.user_id, scope, &p)?;
        if scope == a.chat_id {
            chat_record = p;
        }
    }
    Ok((chat_record, delta))
}

fn give_up(x: &mut PCtx) -> StoreResult<()> {
    let Some(a) = open_or_daily(x)? else {
        x.tell_id("puzzle-no-open", None);
        return Ok(());
    };
    let Some(p) = db::puzzle(x.c, a.puzzle_id)?.as_ref().and_then(load) else {
        return Ok(());
    };
    let failed = AttemptRow {
        // giving up after seeing the puzzle counts as a miss
        wrong: a.wrong.max(1),
        ..a
    };
    close(x, &failed, false, false)?;
    let text = x.t(
        "puzzle-gave-up",
        Some(&args![
            ("id", failed.puzzle_id),
            ("solution", p.solution_text())
        ]),
    );
    let buttons = x.next_buttons();
    x.say_with(text, None, buttons);
    Ok(())
}

/// The user's open attempt here, or a new attempt at the chat's daily
/// puzzle when they have not tried it.
fn open_or_daily(x: &mut PCtx) -> StoreResult<Option<AttemptRow>> {
    if let Some(a) = db::open_attempt(x.c, x.user_id, x.chat_id)? {
        return Ok(Some(a));
    }
    let Some((row, day)) = current_daily_for(x.c, x.user_id, x.chat_id)? else {
        return Ok(None);
    };
    let rated = !db::tried(x.c, x.user_id, row.id)?;
    let id = db::insert_attempt(x.c, x.user_id, x.chat_id, row.id, Some(day), rated, x.now)?;
    Ok(Some(AttemptRow {
        id,
        user_id: x.user_id,
        chat_id: x.chat_id,
        puzzle_id: row.id,
        daily_day: Some(day),
        moves: String::new(),
        wrong: 0,
        hints: 0,
        status: "open".into(),
        rated,
        started_at: x.now,
    }))
}

/// `/hint`: first the piece, then the move.
pub fn cmd_hint(x: &mut PCtx) -> StoreResult<()> {
    ensure_pack(x.c)?;
    let Some(a) = open_or_daily(x)? else {
        x.tell_id("puzzle-no-open", None);
        return Ok(());
    };
    let Some(p) = db::puzzle(x.c, a.puzzle_id)?.as_ref().and_then(load) else {
        return Ok(());
    };
    let moves = attempt_moves(&p, &a).unwrap_or_default();
    let Some((_, node)) = walk(&p, &moves) else {
        return Ok(());
    };
    let hints = a.hints + 1;
    db::update_attempt(x.c, a.id, &a.moves, a.wrong, hints)?;
    let step = &node.steps[0];
    if hints == 1 {
        x.tell_id(
            "puzzle-hint-square",
            Some(&args![("square", step.mv.from().to_string())]),
        );
    } else {
        x.tell_id(
            "puzzle-hint-move",
            Some(&args![("move", step.mv.to_string())]),
        );
    }
    Ok(())
}

/// `/daily on [HH:MM] [±HH:MM]`, `/daily off`, `/daily` (status).
pub fn cmd_daily(x: &mut PCtx, args: &[String]) -> StoreResult<()> {
    ensure_pack(x.c)?;
    let current = db::daily(x.c, x.chat_id)?;
    let (mut minute, mut tz) = current
        .as_ref()
        .map(|d| (d.minute, d.tz_offset))
        .unwrap_or((9 * 60, 0));
    let word = args.first().map(|s| s.to_lowercase());
    match word.as_deref() {
        Some("on" | "вкл" | "да" | "yes") => {
            for a in &args[1..] {
                if a.contains(':')
                    && !a.starts_with(['+', '-'])
                    && !a.to_lowercase().starts_with("utc")
                {
                    match parse_time(a) {
                        Some(m) => minute = m,
                        None => {
                            x.tell_id("daily-bad-time", Some(&args![("value", a.as_str())]));
                            return Ok(());
                        }
                    }
                } else {
                    match parse_offset(a) {
                        Some(o) => tz = o,
                        None => {
                            x.tell_id("daily-bad-offset", Some(&args![("value", a.as_str())]));
                            return Ok(());
                        }
                    }
                }
            }
            let next = next_local_time(x.now, minute, tz);
            db::set_daily(x.c, x.chat_id, true, minute, tz, Some(next))?;
            let a = args![
                ("time", time_text(minute)),
                ("offset", offset_text(tz)),
                ("date", date_of_day((next + tz * 60).div_euclid(DAY)))
            ];
            let text = x.t("daily-on", Some(&a));
            x.say(text, None);
        }
        Some("off" | "выкл" | "нет" | "no") => {
            db::set_daily(x.c, x.chat_id, false, minute, tz, None)?;
            let text = x.t("daily-off", None);
            x.say(text, None);
        }
        None => match current {
            Some(d) if d.enabled => {
                let next = d.next_at.unwrap_or(x.now);
                let a = args![
                    ("time", time_text(d.minute)),
                    ("offset", offset_text(d.tz_offset)),
                    (
                        "date",
                        date_of_day((next + d.tz_offset * 60).div_euclid(DAY))
                    )
                ];
                x.tell_id("daily-on", Some(&a));
            }
            _ => x.tell_id("daily-status-off", None),
        },
        Some(_) => x.tell_id("daily-usage", None),
    }
    Ok(())
}

/// `/top puzzles`: the chat's puzzle leaderboard.
pub fn cmd_top(x: &mut PCtx) -> StoreResult<()> {
    let rows = db::top_players(x.c, x.chat_id, 10)?;
    if rows.is_empty() {
        x.tell_id("puzzle-top-empty", None);
        return Ok(());
    }
    let mut lines = vec![x.t("puzzle-top-header", None)];
    for (i, (name, p)) in rows.iter().enumerate() {
        let a = args![
            ("place", num(i as i64 + 1)),
            ("name", name.clone()),
            ("rating", num(p.rating.round() as i64)),
            ("solved", num(p.solved)),
            ("failed", num(p.failed)),
            ("streak", num(p.streak)),
            ("best", num(p.best_streak))
        ];
        lines.push(x.t("puzzle-top-line", Some(&a)));
    }
    let text = lines.join("\n");
    x.say(text, None);
    Ok(())
}

// ----------------------------------------------------------------- daily ----

/// Chats whose daily post is due at `now`.
pub fn dailies_due(c: &Connection, now: i64) -> StoreResult<Vec<i64>> {
    Ok(db::dailies_due(c, now)?
        .into_iter()
        .map(|d| d.chat_id)
        .collect())
}

/// Post the daily puzzle in `x`'s chat if it is due (with the previous
/// daily's solution).
pub fn post_daily(x: &mut PCtx) -> StoreResult<()> {
    ensure_pack(x.c)?;
    let Some(d) = db::daily(x.c, x.chat_id)? else {
        return Ok(());
    };
    let Some(due) = d.next_at.filter(|t| d.enabled && *t <= x.now) else {
        return Ok(());
    };
    let day = x.now.div_euclid(DAY);
    let mut next = next_local_time(due, d.minute, d.tz_offset);
    while next <= x.now {
        next = next_local_time(next, d.minute, d.tz_offset);
    }
    let Some(id) = daily_puzzle_id(x.c, day)? else {
        db::set_daily(x.c, x.chat_id, true, d.minute, d.tz_offset, Some(next))?;
        return Ok(());
    };
    if !db::mark_daily_posted(x.c, x.chat_id, due, next, day, id)? {
        return Ok(());
    }
    if let (Some(prev), Some(prev_day)) = (d.last_puzzle, d.last_day) {
        if prev_day != day {
            if let Some(p) = db::puzzle(x.c, prev)?.as_ref().and_then(load) {
                let a = args![("id", prev), ("solution", p.solution_text())];
                let text = x.t("daily-yesterday", Some(&a));
                x.say(text, None);
            }
        }
    }
    let Some(row) = db::puzzle(x.c, id)? else {
        return Ok(());
    };
    let Some(p) = load(&row) else {
        return Ok(());
    };
    let a = args![
        ("date", date_of_day(day)),
        ("id", id),
        ("rating", num(row.rating.round() as i64)),
        ("themes", themes_text(x, &row)),
        ("color", color_key(p.solver())),
        ("moves", num(p.solver_moves() as i64))
    ];
    let text = x.t("daily-post", Some(&a));
    let board = board_for(x, &p, p.start, None);
    let buttons = x.question_buttons();
    x.say_with(text, Some(board), buttons);
    Ok(())
}

/// The earliest pending daily post.
pub fn next_daily_wakeup(c: &Connection) -> StoreResult<Option<i64>> {
    db::next_daily(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_offsets() {
        assert_eq!(parse_time("09:00"), Some(540));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_offset("+03:00"), Some(180));
        assert_eq!(parse_offset("UTC-5"), Some(-300));
        assert_eq!(parse_offset("+0530"), Some(330));
        assert_eq!(parse_offset("x"), None);
        assert_eq!(offset_text(-330), "-05:30");
        // 2026-11-21 12:00 UTC; 09:00 at +03:00 is 06:00 UTC: tomorrow
        let now = 1_795_262_400;
        assert_eq!(date_of_day(now / DAY), "2026-11-21");
        let t = next_local_time(now, 540, 180);
        assert_eq!(t, (now / DAY + 1) * DAY + 6 * 3600);
        // 09:00 at -05:00 is 14:00 UTC: today
        assert_eq!(
            next_local_time(now, 540, -300),
            (now / DAY) * DAY + 14 * 3600
        );
    }
}
