//! Post-game analysis in the chat: `/analyse [#game]` (alias `/analyze`,
//! `/анализ`) on a finished game. The request is a row (`analyses`,
//! pending) and a job on the AI worker pool; the job searches every move
//! of a game of any variant the chat plays ([`AnyGame::analyse`]; the
//! moves in the variant's notation) without holding the store, then stores the
//! result and posts it in one transaction: a summary with each side's
//! accuracy and marks and its worst move (see [`worst_ply`]) with the
//! engine's better one, the evaluation graph, and the PDN with `!`/`?!`/`?`/
//! `??` marks and the better move after each mistake. A pending analysis is
//! resumed after a restart ([`Service::pending_jobs`]); a made one is posted
//! again from the store when asked for.
//!
//! The "Analysing game #12…" message is a live message
//! ([`crate::core::Reply::live`], key `analysis-12`): the job edits it with
//! its progress (at most once per tenth of the game, and no more often than
//! `Config::analysis_progress_every`) and finally with the summary (the
//! graph and the PDN follow as a message of their own), or with "could not
//! be made". A job resumed after a restart edits the same message (its id
//! is kept in SQLite), so it never stays "running".
//!
//! The final text is owed durably: storing the result (or the failure) marks
//! it owed in the same transaction (`analyses.final_owed`), the final reply
//! carries the ack token `analysis-12` ([`crate::core::Reply::ack`]) and the
//! adapter hands it back once sent ([`Service::acknowledge`]). Until then
//! [`Service::pending_jobs`] lists the analysis again and its job only
//! edits the live message with the final text once more — so a crash
//! between storing and sending, or a send that failed, still ends the
//! message. A job that fails for good ([`Service::job_failed_for_good`])
//! ends it with "could not be made".

use super::GameRefusal;
use super::Loaded;
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::resolve_lang;
use crate::core::ctx::{Actor, Ctx};
use crate::core::error::Res;
use crate::core::games::load;
use crate::core::games::show::pdn_text;
use crate::core::games::shown_game;
use crate::core::games::variants::at_ply;
use crate::core::present::{finish_draft, Draft};
use crate::core::types::{Image, Job, Outcome, Picture, Platform, Progress, Target};
use crate::core::{Config, Service, ServiceError};
use crate::store::AnalysisStatus;
use crate::store::GameId;
use crate::store::Tx;
use crate::store::{self, AnalysisDone, AnalysisRow, GameRow};
use shashki_engine::analysis::{AnalyseOptions, Mark};
use shashki_engine::notation::move_number;
use shashki_engine::{AnyGame, Color, Game};
use std::time::Instant;

/// The key of an analysis' live message.
fn live_key(game: GameId) -> String {
    format!("analysis-{game}")
}

/// The game of an analysis' live key (or ack token), `analysis-12` → 12.
fn game_of_key(key: &str) -> Option<GameId> {
    key.strip_prefix("analysis-")?.parse().ok()
}

/// How long an owed final text is sent again (a chat the bot left must not
/// be tried forever).
const FINAL_OWED_SECS: i64 = 24 * 3600;

/// Analyses one user may have waiting at once.
const PENDING_PER_USER: i64 = 2;

/// How deep the chat's analyses search: the default depth, each search
/// at most the AI's longest think.
fn analyse_options(config: &Config) -> AnalyseOptions {
    let d = AnalyseOptions::default();
    AnalyseOptions {
        movetime_ms: (config.ai_max_movetime.as_millis() as u64).clamp(1, d.movetime_ms),
        ..d
    }
}

/// `/analyse [#game]`.
pub(crate) fn cmd_analyse(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = shown_game(ctx, game)?;
    ctx.gate(&row, Need::See)?;
    // never a hint for a game in progress
    if row.is_active() {
        return Err(GameRefusal::AnalyseUnfinished { game: row.id }.into());
    }
    // every variant the chat plays is analysed (`AnyGame::analyse`), Vigman's
    // turns of two sub-moves too (each sub-move a ply of its own)
    match store::analysis(ctx.c, row.id)? {
        Some(a) if a.status == AnalysisStatus::Done => return post_analysis(ctx, &row, &a, false),
        Some(a) if a.status == AnalysisStatus::Pending => {
            ctx.tell_id("analyse-pending", Some(&args![("game", row.id)]));
            return Ok(());
        }
        _ => {}
    }
    let me = ctx.user_id()?;
    if store::count_pending_analyses_by(ctx.c, me)? >= PENDING_PER_USER {
        return Err(GameRefusal::TooManyAnalyses {
            limit: PENDING_PER_USER,
        }
        .into());
    }
    if store::request_analysis(ctx.c, row.id, ctx.chat.id, me, ctx.now)? {
        let a = args![("game", row.id), ("plies", row.ply)];
        let mut d = Draft::text(ctx.here(), ctx.t("analyse-started", Some(&a)));
        d.live = Some(live_key(row.id));
        ctx.post(d);
        ctx.jobs.push(Job::Analyse { game: row.id });
    }
    Ok(())
}

/// The analysis of a game as replies: the summary, the graph, the PDN;
/// `live`: the summary goes in the analysis' live message, the graph
/// and the PDN follow in a message of their own.
fn post_analysis(ctx: &mut Ctx, row: &GameRow, a: &AnalysisRow, live: bool) -> Res<()> {
    let loaded = load(ctx.c, row.clone())?;
    let text = summary_text(ctx, &loaded, a)?;
    let pdn = analysed_pdn(ctx, &loaded, a)?;
    let (scores, marks) = (a.scores.clone(), a.marks.clone());
    let title = format!("#{}", row.id);
    let mut d = if live {
        ctx.post(final_draft(ctx, row.id, text));
        Draft::text(
            ctx.here(),
            ctx.t("analyse-files", Some(&args![("game", row.id)])),
        )
    } else {
        Draft::text(ctx.here(), text)
    };
    let graph = Picture::Graph {
        scores,
        marks,
        title,
    };
    d.image = Some(Image::of(format!("analysis-{}.png", row.id), graph));
    d.document = Some((format!("game-{}-analysis.pdn", row.id), pdn));
    ctx.post(d);
    Ok(())
}

/// The summary of an analysis: each side's accuracy and marks, and its
/// worst move with the better one.
fn summary_text(ctx: &mut Ctx, l: &Loaded, a: &AnalysisRow) -> Res<String> {
    let row = &l.row;
    // who made each ply, and how its players number it (Vigman's turns
    // of two sub-moves follow the positions, not the parity)
    let places = ply_places(&l.game);
    let mover = |ply: usize| places.get(ply).map(|p| p.mover);
    let count = |side: Color, mark: &str| -> i64 {
        a.marks
            .iter()
            .enumerate()
            .filter(|(i, m)| mover(*i) == Some(side) && m.as_str() == mark)
            .count() as i64
    };
    let (w, b) = (Color::White, Color::Black);
    let acc = |x: Option<f64>| format!("{:.1}", x.unwrap_or(100.0));
    // "; the worst: 12. e3-d4?? — better a1-b2", or nothing; a Vigman
    // sub-move says which of its turn's two it was
    let worst = |side: Color| -> String {
        let Some(ply) = worst_ply(a, |p| mover(p) == Some(side)) else {
            return String::new();
        };
        let label = ply_label(&l.game, &places, ply);
        let (Some((label, sub)), Some(better)) = (label, a.best_moves.get(ply)) else {
            return String::new();
        };
        let mark = a.marks.get(ply).map(String::as_str).unwrap_or("");
        let mut played = format!("{label}{mark}");
        if let Some(sub) = sub {
            let which = if sub == SubMove::First {
                "first"
            } else {
                "second"
            };
            played = ctx.t(
                "analyse-sub-move",
                Some(&args![("move", played), ("which", which)]),
            );
        }
        ctx.t(
            "analyse-worst",
            Some(&args![("move", played), ("better", better.as_str())]),
        )
    };
    let (white_worst, black_worst) = (worst(w), worst(b));
    let args = args![
        ("game", row.id),
        ("depth", a.depth.unwrap_or(0)),
        ("white", ctx.seat_name(row.white)?),
        ("black", ctx.seat_name(row.black)?),
        ("white_acc", acc(a.white_accuracy)),
        ("black_acc", acc(a.black_accuracy)),
        ("white_dubious", count(w, "?!")),
        ("white_mistakes", count(w, "?")),
        ("white_blunders", count(w, "??")),
        ("black_dubious", count(b, "?!")),
        ("black_mistakes", count(b, "?")),
        ("black_blunders", count(b, "??")),
        ("white_worst", white_worst),
        ("black_worst", black_worst),
    ];
    Ok(ctx.t("analyse-summary", Some(&args)))
}

impl Service {
    /// The adapter sent the reply that carried `token` ([`Reply::ack`]):
    /// an analysis' final text no longer owed. An unknown token is ignored.
    ///
    /// [`Reply::ack`]: crate::core::Reply::ack
    pub fn acknowledge(&self, token: &str) -> Result<(), ServiceError> {
        if let Some(game) = game_of_key(token) {
            store::ack_analysis_final(self.lock().read(), game)?;
        }
        Ok(())
    }
}

/// The analyses whose live message still owes its final text (see the
/// module's notes), as jobs.
pub(crate) fn analyses_owing_final(c: &Tx, now: i64) -> Res<Vec<Job>> {
    Ok(store::analyses_owing_final(c, now - FINAL_OWED_SECS)?
        .into_iter()
        .map(|game| Job::Analyse { game })
        .collect())
}

impl Service {
    /// A job failed again and again and is given up: a pending analysis is
    /// marked failed and its live message ends with "could not be made"
    /// (owed until acknowledged). An AI move is left to the pending-job
    /// look: nothing.
    pub fn job_failed_for_good(&self, job: Job) -> Result<Outcome, ServiceError> {
        let Job::Analyse { game: game_id } = job else {
            return Ok(Outcome::default());
        };
        let Some(a) = store::analysis(self.lock().read(), game_id)? else {
            return Ok(Outcome::default());
        };
        self.system_action(a.chat_id, Actor::Service, a.requested_by, |ctx| {
            if store::fail_analysis(ctx.c, game_id, ctx.now)? {
                post_final(ctx, game_id)?;
            }
            Ok(())
        })
    }
}

/// The live message's final text of `game`'s analysis, made or failed,
/// in the game's thread when this is the game's chat.
fn post_final(ctx: &mut Ctx, game_id: GameId) -> Res<()> {
    let Some(a) = store::analysis(ctx.c, game_id)? else {
        return Ok(());
    };
    let row = store::game(ctx.c, game_id)?;
    if let Some(row) = &row {
        if row.chat_id == ctx.chat.id {
            ctx.thread = store::game_thread(ctx.c, game_id)?;
        }
    }
    let text = match (a.status.as_str(), row) {
        ("done", Some(row)) => {
            let loaded = load(ctx.c, row)?;
            summary_text(ctx, &loaded, &a)?
        }
        _ => ctx.t("analyse-failed", Some(&args![("game", game_id)])),
    };
    ctx.post(final_draft(ctx, game_id, text));
    Ok(())
}

/// The game's PDN with the analysis' movetext and accuracy tags.
fn analysed_pdn(ctx: &Ctx, l: &Loaded, a: &AnalysisRow) -> Res<String> {
    let plain = pdn_text(ctx, l)?;
    let mut out = String::new();
    let mut result = "*".to_string();
    for line in plain.lines() {
        if line.starts_with('[') {
            if let Some(r) = line.strip_prefix("[Result \"") {
                result = r.trim_end_matches("\"]").to_string();
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    let acc = |x: Option<f64>| format!("{:.1}", x.unwrap_or(100.0));
    out.push_str(&format!(
        "[WhiteAccuracy \"{}\"]\n[BlackAccuracy \"{}\"]\n[Annotator \"shashki, depth {}\"]\n\n",
        acc(a.white_accuracy),
        acc(a.black_accuracy),
        a.depth.unwrap_or(0)
    ));
    out.push_str(a.movetext.as_deref().unwrap_or(""));
    out.push(' ');
    out.push_str(&result);
    out.push('\n');
    Ok(out)
}

/// Run a pending analysis (off the async threads: the engine thinks),
/// reporting its progress on the way (see the module's notes).
pub(crate) fn analyse_job(
    svc: &Service,
    game_id: GameId,
    progress: Progress,
) -> Result<Outcome, ServiceError> {
    // read what the job needs under the lock; think without it
    let read = {
        let store = svc.lock();
        let c = store.read();
        let Some(a) = store::analysis(c, game_id)? else {
            return Ok(Outcome::default());
        };
        if a.status != AnalysisStatus::Pending {
            drop(store);
            // made or failed: only the final text, if still owed
            if !a.final_owed {
                return Ok(Outcome::default());
            }
            return svc.system_action(a.chat_id, Actor::Service, a.requested_by, |ctx| {
                post_final(ctx, game_id)
            });
        }
        let pending = a;
        let Some(chat) = store::chat(c, pending.chat_id)? else {
            // nowhere to tell: failed, and nothing owed
            store::fail_analysis(c, game_id, svc.now())?;
            store::ack_analysis_final(c, game_id)?;
            return Ok(Outcome::default());
        };
        let asker = match pending.requested_by {
            Some(u) => store::user(c, u)?,
            None => None,
        };
        let lang = resolve_lang(&chat, asker.as_ref(), None, svc.config().default_lang);
        let loaded = match store::game(c, game_id)? {
            Some(row) => load(c, row).ok(),
            None => None,
        };
        (pending, chat, lang, loaded)
    };
    let (pending, chat, lang, loaded) = read;
    let asker = pending.requested_by;
    let Some(Loaded { row, game }) = loaded else {
        // the game vanished or is damaged: say so in the live message
        return svc.system_action(chat.id, Actor::Service, asker, |ctx| {
            if store::fail_analysis(ctx.c, game_id, ctx.now)? {
                post_final(ctx, game_id)?;
            }
            Ok(())
        });
    };
    // in the game's chat, its thread (a forum topic) too
    let thread = match chat.id == row.chat_id {
        true => store::game_thread(svc.lock().read(), game_id)?,
        false => None,
    };
    let opts = analyse_options(svc.config());
    let platform = Platform::from_key(&chat.platform).unwrap_or(Platform::Console);
    let target = Target::Chat(chat.platform_chat_id.clone());
    let every = svc.config().analysis_progress_every;
    let (mut tenth, mut last) = (0, Instant::now());
    let report = game.analyse(&opts, |done, total| {
        let now_tenth = done * 10 / total.max(1);
        if now_tenth <= tenth || done >= total || last.elapsed() < every {
            return;
        }
        (tenth, last) = (now_tenth, Instant::now());
        let a = args![
            ("game", game_id),
            ("percent", (done * 100 / total.max(1)) as i64),
            ("done", done as i64),
            ("plies", total as i64),
        ];
        let text = svc.env.catalog.get(lang, "analyse-progress", Some(&a));
        let mut d = Draft::text(target.clone(), text);
        d.live = Some(live_key(game_id));
        d.thread = Some(thread.clone());
        progress(Outcome {
            replies: vec![finish_draft(svc.config(), d, platform)],
            ..Outcome::default()
        });
    });
    // the moves in the variant's notation and numbering (10×10: `32-28`)
    let movetext = report.movetext(start_move_number(&game));
    let scores: Vec<i32> = report.plies().iter().map(|p| p.white_score()).collect();
    let marks: Vec<String> = report
        .plies()
        .iter()
        .map(|p| p.mark.map(|m: Mark| m.to_string()).unwrap_or_default())
        .collect();
    let best_moves: Vec<String> = report.best_texts.clone();
    let losses: Vec<i32> = report.plies().iter().map(|p| p.loss()).collect();
    let done = AnalysisDone {
        movetext: &movetext,
        white_accuracy: report.accuracy(Color::White),
        black_accuracy: report.accuracy(Color::Black),
        scores: &scores,
        marks: &marks,
        best_moves: &best_moves,
        losses: &losses,
        depth: i64::from(opts.depth),
    };
    // the result goes where it was asked for (in the game's thread when
    // that is the game's chat)
    svc.system_action(chat.id, Actor::Service, asker, |ctx| {
        ctx.thread = thread.clone();
        if !store::finish_analysis(ctx.c, game_id, &done, ctx.now)? {
            return Ok(());
        }
        let Some(a) = store::analysis(ctx.c, game_id)? else {
            return Ok(());
        };
        let row = store::game(ctx.c, game_id)?.unwrap_or(row);
        post_analysis(ctx, &row, &a, true)?;
        Ok(())
    })
}

/// The ply of the worst of one side's marked moves (`mine`: whether a
/// ply is the side's): `??` before `?` before `?!`, then the one that gave
/// away more, then the earlier. None when the side has no such move, or the
/// analysis was made before the engine's moves were kept.
fn worst_ply(a: &AnalysisRow, mine: impl Fn(usize) -> bool) -> Option<usize> {
    let mut worst: Option<(usize, (u8, i32))> = None;
    for (ply, mark) in a.marks.iter().enumerate() {
        if !mine(ply) || ply >= a.best_moves.len() {
            continue;
        }
        let Ok(mark) = mark.parse::<Mark>() else {
            continue;
        };
        if mark == Mark::Only {
            continue;
        }
        let rank = (mark.severity(), a.losses.get(ply).copied().unwrap_or(0));
        if worst.is_none_or(|(_, r)| rank > r) {
            worst = Some((ply, rank));
        }
    }
    worst.map(|(ply, _)| ply)
}

/// The number of a game's first move: an 8×8 game set up at move 12
/// counts from 12; the others from 1 (their FEN keeps no move number).
fn start_move_number(game: &AnyGame) -> u32 {
    game.eight().map_or(1, Game::start_move_number)
}

/// Which of a Vigman turn's two sub-moves a ply was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SubMove {
    First,
    Second,
}

/// Where a ply stands in its game: the side that made it, its move number
/// as the players write it, whether it is the second move of a numbered
/// pair (`12... f6-g5`), and in Vigman's game which sub-move of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PlyPlace {
    mover: Color,
    number: u32,
    second: bool,
    sub: Option<SubMove>,
}

/// Every ply's [`PlyPlace`]. One move a turn: the plies alternate from the
/// start's side to move, numbered as the variant numbers them (English
/// draughts: Black opens a move). Vigman's game: the mover is the side to
/// move of the position before the ply (`W2:` while a second sub-move is
/// due), and a number covers White's turn and Black's, as its PDN writes
/// them (`1. c3-d4 b3-a4 h6-g5 g7-h6`).
fn ply_places(game: &AnyGame) -> Vec<PlyPlace> {
    if let AnyGame::Vigman(v) = game {
        let mut at = *v.start_position();
        let mut number = 1;
        let mut out = Vec::with_capacity(v.moves().len());
        for (i, mv) in v.moves().iter().enumerate() {
            let mover = at.side_to_move();
            let sub = match at.is_second_sub_move() {
                true => SubMove::Second,
                false => SubMove::First,
            };
            if i > 0 && mover == Color::White && sub == SubMove::First {
                number += 1;
            }
            out.push(PlyPlace {
                mover,
                number,
                second: mover == Color::Black,
                sub: Some(sub),
            });
            at = at.play(mv);
        }
        return out;
    }
    let starts = game.start_position().side_to_move();
    let first = game
        .variant()
        .eight()
        .map_or(starts, |v| v.numbering_side(starts));
    (0..game.ply())
        .map(|ply| {
            let (number, second) = move_number(first, start_move_number(game), ply);
            let mover = if ply % 2 == 0 {
                starts
            } else {
                starts.opposite()
            };
            PlyPlace {
                mover,
                number,
                second,
                sub: None,
            }
        })
        .collect()
}

/// A ply of a game as its players number it, in the variant's notation:
/// `12. e3-d4`, `12... f6-g5` (the second move of a pair: Black's, or
/// White's in English draughts); `1. 32-28` on 10×10, written at its turn
/// (the shortest form among the moves then legal); in Vigman's game the
/// turn's number and which of its two sub-moves it was (`places`: the
/// game's [`ply_places`]).
fn ply_label(game: &AnyGame, places: &[PlyPlace], ply: usize) -> Option<(String, Option<SubMove>)> {
    let mv = *game.moves().get(ply)?;
    let place = places.get(ply)?;
    let before = at_ply(game, ply)?;
    let dots = if place.second { "..." } else { "." };
    let text = format!("{}{dots} {}", place.number, before.format_move(&mv));
    Some((text, place.sub))
}

/// The final text of an analysis' live message, owed until the adapter
/// acknowledges it sent.
fn final_draft(ctx: &Ctx, game: GameId, text: String) -> Draft {
    let mut d = Draft::text(ctx.here(), text);
    d.live = Some(live_key(game));
    d.ack = Some(live_key(game));
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ChatId;
    use shashki_engine::Variant;

    /// The first side's plies (even) or the second's (odd).
    fn parity(side: usize) -> impl Fn(usize) -> bool {
        move |ply| ply % 2 == side
    }

    fn label(g: &AnyGame, ply: usize) -> Option<String> {
        ply_label(g, &ply_places(g), ply).map(|(text, _)| text)
    }

    fn row(marks: &[&str], losses: &[i32], best_kept: bool) -> AnalysisRow {
        AnalysisRow {
            game_id: GameId(1),
            chat_id: ChatId(1),
            requested_by: None,
            status: crate::store::AnalysisStatus::Done,
            movetext: None,
            white_accuracy: None,
            black_accuracy: None,
            scores: Vec::new(),
            marks: marks.iter().map(|m| m.to_string()).collect(),
            best_moves: match best_kept {
                true => marks.iter().map(|_| "c3-d4".to_string()).collect(),
                false => Vec::new(),
            },
            losses: losses.to_vec(),
            depth: Some(12),
            final_owed: false,
        }
    }

    #[test]
    fn the_worst_move_is_the_worst_mark_then_the_greatest_loss_then_the_first() {
        // plies 0, 2, 4, 6 are the first side's; 1, 3, 5, 7 the second's
        let a = row(
            &["?!", "?", "?", "", "?", "!", "??", "?"],
            &[900, 120, 150, 0, 150, 0, 300, 110],
            true,
        );
        // a blunder beats a greater loss marked ?!
        assert_eq!(worst_ply(&a, parity(0)), Some(6));
        // of two mistakes, the one that gave away more
        assert_eq!(worst_ply(&a, parity(1)), Some(1));
        let a = row(&["?", "", "?", "!"], &[150, 0, 150, 0], true);
        assert_eq!(worst_ply(&a, parity(0)), Some(0), "equal: the earlier");
        assert_eq!(worst_ply(&a, parity(1)), None, "! is no mistake");
        // an analysis made before the engine's moves were kept names none
        let a = row(&["??", ""], &[], false);
        assert_eq!(worst_ply(&a, parity(0)), None);
    }

    #[test]
    fn plies_are_numbered_as_their_players_write_them() {
        use shashki_engine::{Position, Variant8};
        let mut g = AnyGame::Eight(Game::from_position(Variant8::Russian, Position::initial()));
        for m in ["c3-d4", "f6-g5", "g3-f4"] {
            g.play_text(m).unwrap();
        }
        assert_eq!(label(&g, 0).as_deref(), Some("1. c3-d4"));
        assert_eq!(label(&g, 1).as_deref(), Some("1... f6-g5"));
        assert_eq!(label(&g, 2).as_deref(), Some("2. g3-f4"));
        assert_eq!(label(&g, 3), None);
        // English draughts: Black opens each move, in square numbers
        let mut g = Variant::English.new_game();
        let first = g.legal_moves()[0];
        g.play(&first).unwrap();
        let reply = g.legal_moves()[0];
        g.play(&reply).unwrap();
        let written = label(&g, 1).unwrap();
        assert!(
            written.starts_with("1... ")
                && written.ends_with(&Variant8::English.format_move(reply.eight().unwrap()))
        );
        assert!(
            written[5..].chars().next().unwrap().is_ascii_digit(),
            "{written}"
        );
        // a game from a position at move 12 with Black to move
        let start = Position::from_fen("B:Wc3:Bf6").unwrap();
        let mut e = Game::from_position(Variant8::Russian, start);
        e.set_start_move_number(12);
        let mut g = AnyGame::Eight(e);
        g.play_text("f6-g5").unwrap();
        assert_eq!(label(&g, 0).as_deref(), Some("12... f6-g5"));
        // 10×10: square numbers 1–50, each move at its turn
        let mut g = Variant::International.new_game();
        for m in ["32-28", "19-23", "28x19"] {
            g.play_text(m).unwrap();
        }
        assert_eq!(label(&g, 0).as_deref(), Some("1. 32-28"));
        assert_eq!(label(&g, 1).as_deref(), Some("1... 19-23"));
        assert_eq!(label(&g, 2).as_deref(), Some("2. 28x19"));
    }

    #[test]
    fn vigman_sub_moves_are_numbered_by_turn_and_follow_the_side_to_move() {
        // 1. c3-d4 b3-a4 h6-g5 g7-h6 2. …: a number covers both turns
        let mut g = Variant::Vigman.new_game();
        for _ in 0..6 {
            let mv = g.legal_moves()[0];
            g.play(&mv).unwrap();
        }
        let places = ply_places(&g);
        let movers: Vec<Color> = places.iter().map(|p| p.mover).collect();
        use Color::{Black, White};
        assert_eq!(movers, [White, White, Black, Black, White, White]);
        let numbers: Vec<u32> = places.iter().map(|p| p.number).collect();
        assert_eq!(numbers, [1, 1, 1, 1, 2, 2]);
        let subs: Vec<_> = places.iter().map(|p| p.sub).collect();
        use SubMove::{First, Second};
        assert_eq!(
            subs,
            [First, Second, First, Second, First, Second].map(Some)
        );
        let (text, sub) = ply_label(&g, &places, 3).unwrap();
        assert!(text.starts_with("1... "), "{text}");
        assert_eq!(sub, Some(Second));
        let (text, _) = ply_label(&g, &places, 4).unwrap();
        assert!(text.starts_with("2. "), "{text}");
        // the worst of White's sub-moves: plies 0, 1, 4, 5 (not the parity)
        let a = row(&["", "??", "?", "", "", ""], &[0, 400, 150, 0, 0, 0], true);
        let white = |p: usize| places.get(p).map(|p| p.mover) == Some(White);
        assert_eq!(worst_ply(&a, white), Some(1));
        let black = |p: usize| places.get(p).map(|p| p.mover) == Some(Black);
        assert_eq!(worst_ply(&a, black), Some(2));
    }
}
