//! Post-game analysis in the chat: `/analyse [#game]` (alias `/analyze`,
//! `/анализ`) on a finished game. The request is a row (`analyses`,
//! pending) and a job on the AI worker pool; the job searches every move
//! ([`shashki_engine::analysis`]) without holding the store, then stores the
//! result and posts it in one transaction: a summary with each side's
//! accuracy and marks, the evaluation graph, and the PDN with `!`/`?!`/`?`/
//! `??` marks and the better move after each mistake. A pending analysis is
//! resumed after a restart ([`Service::pending_jobs`]); a made one is posted
//! again from the store when asked for.

use super::Loaded;
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::{Actor, Ctx};
use crate::core::error::{Refusal, Res};
use crate::core::present::Draft;
use crate::core::types::{Image, Job, Outcome};
use crate::core::{Service, ServiceError};
use crate::render::graph::eval_graph_png;
use crate::store::{self, AnalysisDone, AnalysisRow, GameRow};
use shashki_engine::analysis::{analyse, AnalyseOptions, Mark};
use shashki_engine::Color;

/// Analyses one user may have waiting at once.
const PENDING_PER_USER: i64 = 2;

impl Service {
    /// How deep the chat's analyses search: the default depth, each search
    /// at most the AI's longest think.
    fn analyse_options(&self) -> AnalyseOptions {
        let d = AnalyseOptions::default();
        AnalyseOptions {
            movetime_ms: (self.config.ai_max_movetime.as_millis() as u64).clamp(1, d.movetime_ms),
            ..d
        }
    }

    /// `/analyse [#game]`.
    pub(crate) fn cmd_analyse(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        let row = self.shown_game(ctx, r)?;
        ctx.gate(&row, Need::See)?;
        // never a hint for a game in progress
        if row.is_active() {
            return Err(Refusal::AnalyseUnfinished { game: row.id }.into());
        }
        match store::analysis(ctx.c, row.id)? {
            Some(a) if a.status == "done" => return self.post_analysis(ctx, &row, &a),
            Some(a) if a.status == "pending" => {
                ctx.tell_id("analyse-pending", Some(&args![("game", row.id)]));
                return Ok(());
            }
            _ => {}
        }
        let me = ctx.user_id()?;
        if store::count_pending_analyses_by(ctx.c, me)? >= PENDING_PER_USER {
            return Err(Refusal::TooManyAnalyses {
                limit: PENDING_PER_USER,
            }
            .into());
        }
        if store::request_analysis(ctx.c, row.id, ctx.chat.id, me, ctx.now)? {
            let a = args![("game", row.id), ("plies", row.ply)];
            ctx.say("analyse-started", Some(&a));
            ctx.jobs.push(Job::Analyse { game_id: row.id });
        }
        Ok(())
    }

    /// The analysis of a game as replies: the summary, the graph, the PDN.
    fn post_analysis(&self, ctx: &mut Ctx, row: &GameRow, a: &AnalysisRow) -> Res<()> {
        let count = |side: usize, mark: &str| -> i64 {
            a.marks
                .iter()
                .enumerate()
                .filter(|(i, m)| i % 2 == side && m.as_str() == mark)
                .count() as i64
        };
        // ply 0 is the first mover's: White unless the game began with Black
        let first = if row.start_fen.starts_with('B') { 1 } else { 0 };
        let (w, b) = (first, 1 - first);
        let acc = |x: Option<f64>| format!("{:.1}", x.unwrap_or(100.0));
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
        ];
        let text = ctx.t("analyse-summary", Some(&args));
        let loaded = self.load(ctx.c, row.clone())?;
        let pdn = self.analysed_pdn(ctx, &loaded, a)?;
        let (scores, marks) = (a.scores.clone(), a.marks.clone());
        let title = format!("#{}", row.id);
        let mut d = Draft::text(ctx.here(), text);
        d.image = Some(Image::lazy(format!("analysis-{}.png", row.id), move || {
            eval_graph_png(&scores, &marks, &title)
        }));
        d.document = Some((format!("game-{}-analysis.pdn", row.id), pdn));
        ctx.post(d);
        Ok(())
    }

    /// The game's PDN with the analysis' movetext and accuracy tags.
    fn analysed_pdn(&self, ctx: &Ctx, l: &Loaded, a: &AnalysisRow) -> Res<String> {
        let plain = self.pdn_text(ctx.c, l)?;
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

    /// Run a pending analysis (off the async threads: the engine thinks).
    pub(crate) fn analyse_job(&self, game_id: i64) -> Result<Outcome, ServiceError> {
        let (row, game, asker) = {
            let store = self.lock();
            let c = store.conn();
            let pending = store::analysis(c, game_id)?.filter(|a| a.status == "pending");
            let asker = pending.as_ref().and_then(|a| a.requested_by);
            let row = store::game(c, game_id)?;
            match (pending.is_some(), row) {
                (true, Some(row)) => match self.load(c, row) {
                    Ok(l) => (l.row, l.game, asker),
                    Err(_) => {
                        store::fail_analysis(c, game_id, self.now())?;
                        return Ok(Outcome::default());
                    }
                },
                (true, None) => {
                    store::fail_analysis(c, game_id, self.now())?;
                    return Ok(Outcome::default());
                }
                (false, _) => return Ok(Outcome::default()),
            }
        };
        let opts = self.analyse_options();
        let report = analyse(
            super::variant_of(&row),
            game.start_position(),
            game.moves(),
            &opts,
            |_, _| {},
        );
        let movetext = report.movetext(game.start_move_number());
        let scores: Vec<i32> = report.plies.iter().map(|p| p.white_score()).collect();
        let marks: Vec<String> = report
            .plies
            .iter()
            .map(|p| p.mark.map(|m: Mark| m.to_string()).unwrap_or_default())
            .collect();
        let done = AnalysisDone {
            movetext: &movetext,
            white_accuracy: report.accuracy(Color::White),
            black_accuracy: report.accuracy(Color::Black),
            scores: &scores,
            marks: &marks,
            depth: i64::from(opts.depth),
        };
        self.system_action(row.chat_id, Actor::Service, asker, |ctx| {
            ctx.thread = store::game_thread(ctx.c, game_id)?;
            if !store::finish_analysis(ctx.c, game_id, &done, ctx.now)? {
                return Ok(());
            }
            let Some(a) = store::analysis(ctx.c, game_id)? else {
                return Ok(());
            };
            let row = store::game(ctx.c, game_id)?.unwrap_or(row);
            self.post_analysis(ctx, &row, &a)?;
            Ok(())
        })
    }
}
