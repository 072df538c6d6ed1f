//! `shashki match-external --engine-cmd CMD`: the engine at a level
//! against an outside engine, in International draughts, over a line
//! protocol on the outside engine's stdin and stdout (positions as PDN FEN
//! with the game's moves, moves in PDN numbers; see [`parse_engine_line`]
//! and `benches/pydraughts_engine.py`). Openings are made by the engine
//! (every sequence of `--opening-plies` plies from the start, kept when a
//! short search finds them balanced, a spread of them chosen), each played
//! with both colours; every draw rule of [`GameOn<International>`] applies
//! and the harness is the arbiter. Prints each game and the score.

use super::match_::{elo, spread};
use super::{progress_bar, CliError, CliResult};
use shashki_engine::game::{DrawReason, WinReason};
use shashki_engine::moves::generate;
use shashki_engine::notation::parse_move_among_on;
use shashki_engine::rules::International;
use shashki_engine::search::{choose_move_in, ChooseOptions, Level, Limits, Searcher};
use shashki_engine::{to_fen_on, AnyGame, Board10, Color, GameOn, Move, Outcome, Position};
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

type Mv = Move<Board10>;
type Intl = GameOn<International>;

#[derive(clap::Args)]
#[command(after_help = "\
The outside engine is started once per thread with `sh -c 'exec CMD'` and
spoken to one line at a time (squares in PDN numbers 1-50):
  <- id name TEXT            optional, at start
  <- ready                   once loaded
  -> position FEN [moves M1 M2 ...]   the start position and every move since
  -> go
  <- info depth D nodes N time SECONDS    optional
  <- bestmove MOVE           32-28, or a capture with every landing square 28x19x10
  <- error TEXT
  -> quit
Example:
  shashki match-external --level 8 --games 20 \\
      --engine-cmd 'python3 benches/pydraughts_engine.py --time 2.5'
(benches/intl-match.sh sets up py-draughts in a venv and runs this.)")]
pub struct MatchExternalArgs {
    /// The command that starts the outside engine (run by `sh -c`).
    #[arg(long)]
    engine_cmd: String,
    /// Rule set; only `international` for now.
    #[arg(long, default_value = "international")]
    variant: String,
    /// Our engine's level (1–8), chosen as the bot chooses a move.
    #[arg(long, default_value_t = 8)]
    level: u8,
    /// Our time per move in milliseconds instead of the level's budget.
    #[arg(long)]
    movetime: Option<u64>,
    /// Number of games (each opening twice, colours reversed).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Plies of each opening made by the engine (1–4).
    #[arg(long, default_value_t = 2)]
    opening_plies: usize,
    /// Openings file (one per line, moves in PDN numbers, `#` comments;
    /// e.g. assets/openings/international.txt) instead of the engine's
    /// own; `games / 2` of them are played, spread over the file.
    #[arg(long)]
    openings: Option<String>,
    /// Games played at once (one outside engine each).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Longest game in plies; a longer one is scored a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seconds the outside engine may take for one move before it forfeits.
    #[arg(long, default_value_t = 120)]
    engine_timeout: u64,
    /// Write every game as PDN to this file.
    #[arg(long)]
    pdn: Option<String>,
}

/// One line from the outside engine.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineLine {
    /// `id name TEXT` (or any other `id` line): the engine's name.
    Id(String),
    /// `ready`: loaded, waiting for a position.
    Ready,
    /// `info …`: what the last search reached (each field optional).
    Info {
        depth: Option<u32>,
        nodes: Option<u64>,
        seconds: Option<f64>,
    },
    /// `bestmove MOVE`.
    BestMove(String),
    /// `error TEXT`, or a `bestmove` line without exactly one move.
    Error(String),
    /// Anything else (ignored).
    Unknown(String),
}

/// Read one line of the protocol (see the command's help).
pub fn parse_engine_line(line: &str) -> EngineLine {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match word {
        "id" => EngineLine::Id(rest.strip_prefix("name").unwrap_or(rest).trim().to_string()),
        "ready" | "readyok" => EngineLine::Ready,
        "info" => {
            let (mut depth, mut nodes, mut seconds) = (None, None, None);
            let tokens: Vec<&str> = rest.split_whitespace().collect();
            for pair in tokens.windows(2) {
                match pair[0] {
                    "depth" => depth = pair[1].parse().ok(),
                    "nodes" => nodes = pair[1].parse().ok(),
                    "time" => seconds = pair[1].parse().ok(),
                    _ => {}
                }
            }
            EngineLine::Info {
                depth,
                nodes,
                seconds,
            }
        }
        "bestmove" => {
            let mut tokens = rest.split_whitespace();
            match (tokens.next(), tokens.next()) {
                (Some(mv), None) => EngineLine::BestMove(mv.to_string()),
                (None, _) => EngineLine::Error("bestmove without a move".into()),
                (Some(_), Some(_)) => {
                    EngineLine::Error(format!("bestmove with more than a move: {rest}"))
                }
            }
        }
        "error" => EngineLine::Error(rest.to_string()),
        _ => EngineLine::Unknown(line.to_string()),
    }
}

/// The `position` line for a game from `start` with `moves` played: every
/// move with every landing square (`28x19x10`), which names one move.
pub fn position_command(start: &Position<Board10>, moves: &[Mv]) -> String {
    let mut out = format!("position {}", to_fen_on(start));
    if !moves.is_empty() {
        out.push_str(" moves");
        for m in moves {
            out.push(' ');
            out.push_str(&m.to_string());
        }
    }
    out
}

/// The legal move of `game` that the outside engine's `text` names: the one
/// written exactly so, else the one the notation reader finds (start and
/// end, or some landing squares in order); an error names what was wrong.
pub fn resolve_move(game: &Intl, text: &str) -> Result<Mv, String> {
    let legal = game.legal_moves();
    if let Some(m) = legal.iter().find(|m| m.to_string() == text) {
        return Ok(*m);
    }
    parse_move_among_on(&legal, text).map_err(|e| e.to_string())
}

/// Why the outside engine gave no move.
#[derive(Debug)]
enum EngineFailure {
    /// It said `error …` (a position it could not read, or an internal error).
    Refused(String),
    /// No `bestmove` within the time allowed.
    Timeout,
    /// Its output ended.
    Exited,
}

/// An outside engine process.
struct External {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    name: String,
}

impl External {
    fn start(cmd: &str) -> Result<External, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = External {
            child,
            stdin,
            lines,
            name: String::new(),
        };
        loop {
            let line = e
                .lines
                .recv_timeout(Duration::from_secs(60))
                .map_err(|_| format!("'{cmd}' did not say ready"))?;
            match parse_engine_line(&line) {
                EngineLine::Id(name) => e.name = name,
                EngineLine::Ready => break,
                EngineLine::Error(t) => return Err(format!("'{cmd}': {t}")),
                _ => {}
            }
        }
        if e.name.is_empty() {
            e.name = cmd.to_string();
        }
        Ok(e)
    }

    /// The engine's answer for `game` and the depth it reported.
    fn best_move(
        &mut self,
        game: &Intl,
        timeout: Duration,
    ) -> Result<(String, Option<u32>), EngineFailure> {
        let cmd = position_command(&game.positions()[0], game.moves());
        writeln!(self.stdin, "{cmd}\ngo")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| EngineFailure::Exited)?;
        let deadline = Instant::now() + timeout;
        let mut depth = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(l) => l,
                Err(mpsc::RecvTimeoutError::Timeout) => return Err(EngineFailure::Timeout),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(EngineFailure::Exited),
            };
            match parse_engine_line(&line) {
                EngineLine::BestMove(m) => return Ok((m, depth)),
                EngineLine::Error(t) => return Err(EngineFailure::Refused(t)),
                EngineLine::Info { depth: d, .. } => depth = d.or(depth),
                _ => {}
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(2) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game's result from our engine's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
    /// The outside engine could not read the position it was given (`error
    /// …`): the two sides disagree on a move's notation, not on the game —
    /// the game is not scored (it counted as shashki's win before).
    Void,
}

/// Time and depth of one side's moves in a game.
#[derive(Clone, Copy, Debug, Default)]
struct Thinking {
    moves: u32,
    time: Duration,
    depth_sum: u64,
    depths: u32,
}

impl Thinking {
    fn add(&mut self, time: Duration, depth: Option<u32>) {
        self.moves += 1;
        self.time += time;
        if let Some(d) = depth {
            self.depth_sum += u64::from(d);
            self.depths += 1;
        }
    }
    fn per_move(&self) -> f64 {
        self.time.as_secs_f64() / f64::from(self.moves.max(1))
    }
    fn depth(&self) -> f64 {
        self.depth_sum as f64 / f64::from(self.depths.max(1))
    }
}

struct Played {
    index: usize,
    opening: usize,
    ours_white: bool,
    score: Score,
    reason: String,
    game: Intl,
    ours: Thinking,
    theirs: Thinking,
}

fn reason_of(o: &Outcome) -> String {
    match o {
        Outcome::Win {
            reason: WinReason::NoLegalMoves,
            ..
        } => "no move left".into(),
        Outcome::Win { reason, .. } => format!("{reason:?}"),
        Outcome::Draw {
            reason: DrawReason::Repetition,
        } => "draw: repetition".into(),
        Outcome::Draw {
            reason: DrawReason::KingsOnly,
        } => "draw: 25 king moves".into(),
        Outcome::Draw {
            reason: DrawReason::LoneKing,
        } => "draw: 16/5-move endgame rule".into(),
        Outcome::Draw { reason } => format!("draw: {reason:?}"),
    }
}

struct Setup {
    level: Level,
    movetime: Option<Duration>,
    max_plies: usize,
    engine_timeout: Duration,
}

/// Play one game from `opening`; `on_ply` hears the ply count as it grows.
fn play_one(
    ext: &mut External,
    setup: &Setup,
    opening: &[Mv],
    ours_white: bool,
    seed: u64,
    on_ply: &dyn Fn(usize),
) -> (Intl, Score, String, Thinking, Thinking) {
    let mut game = Intl::new();
    for m in opening {
        let _ = game.play(m);
    }
    let ours = if ours_white {
        Color::White
    } else {
        Color::Black
    };
    let (mut t_ours, mut t_theirs) = (Thinking::default(), Thinking::default());
    let finish = |o: &Outcome| match o.winner() {
        None => Score::Draw,
        Some(c) if c == ours => Score::Win,
        Some(_) => Score::Loss,
    };
    loop {
        if let Some(o) = game.outcome() {
            let (s, r) = (finish(&o), reason_of(&o));
            return (game, s, r, t_ours, t_theirs);
        }
        if game.moves().len() >= setup.max_plies {
            // recorded as a draw (the PDN's result); the reason says why
            let _ = game.agree_draw();
            let r = format!("draw: {} plies (adjudicated)", setup.max_plies);
            return (game, Score::Draw, r, t_ours, t_theirs);
        }
        on_ply(game.moves().len());
        let side = game.position().side_to_move();
        let started = Instant::now();
        let mv = if side == ours {
            // as `AnyGame::choose_move` plays a wide game for the bot: a
            // fresh table of the level's size each move, the level's budget
            let mut params = setup.level.params();
            if let Some(t) = setup.movetime {
                params.movetime = t;
            }
            let mut searcher = Searcher::<Board10>::new_on(params.tt_mb);
            let history = game.history_hashes();
            let options = ChooseOptions {
                history: &history,
                kings_only_plies: game.counters().kings_only_plies,
                params,
                seed: seed ^ game.moves().len() as u64,
                ..ChooseOptions::default()
            };
            let allowed = game.legal_moves();
            let Some(r) =
                choose_move_in::<International>(&mut searcher, game.position(), &options, &allowed)
            else {
                // cannot happen: a game with no legal move is over
                return (game, Score::Loss, "no move found".into(), t_ours, t_theirs);
            };
            t_ours.add(started.elapsed(), Some(r.depth));
            r.best_move
        } else {
            match ext.best_move(&game, setup.engine_timeout) {
                Ok((text, depth)) => {
                    t_theirs.add(started.elapsed(), depth);
                    match resolve_move(&game, &text) {
                        Ok(m) => m,
                        Err(e) => {
                            let r = format!("outside engine's illegal move '{text}': {e}");
                            return (game, Score::Win, r, t_ours, t_theirs);
                        }
                    }
                }
                Err(EngineFailure::Timeout) => {
                    let r = format!("outside engine silent for {:?}", setup.engine_timeout);
                    return (game, Score::Win, r, t_ours, t_theirs);
                }
                Err(EngineFailure::Refused(t)) => {
                    let r = format!("outside engine refused the position: {t}");
                    return (game, Score::Void, r, t_ours, t_theirs);
                }
                Err(EngineFailure::Exited) => {
                    return (
                        game,
                        Score::Win,
                        "outside engine exited".into(),
                        t_ours,
                        t_theirs,
                    );
                }
            }
        };
        if let Err(e) = game.play(&mv) {
            let r = format!("illegal move {mv}: {e}");
            let s = if side == ours {
                Score::Loss
            } else {
                Score::Win
            };
            return (game, s, r, t_ours, t_theirs);
        }
    }
}

/// Every sequence of `plies` plies from the start with the score a
/// `depth`-ply search gives the position after it (centi-men, White's view).
fn scored_openings(plies: usize, depth: u32) -> Vec<(Vec<Mv>, i32)> {
    fn walk(pos: &Position<Board10>, left: usize, line: &mut Vec<Mv>, out: &mut Vec<Vec<Mv>>) {
        if left == 0 {
            out.push(line.clone());
            return;
        }
        let mut moves = Vec::new();
        generate::<International>(pos, &mut moves);
        for m in moves {
            line.push(m);
            walk(&pos.make(&m), left - 1, line, out);
            line.pop();
        }
    }
    let mut lines = Vec::new();
    walk(
        &shashki_engine::rules::start::<International>(),
        plies,
        &mut Vec::new(),
        &mut lines,
    );
    let mut searcher = Searcher::<Board10>::new_on(16);
    lines
        .into_iter()
        .filter_map(|line| {
            let mut pos = shashki_engine::rules::start::<International>();
            for m in &line {
                pos = pos.make(m);
            }
            let r =
                searcher.search_in::<International>(&pos, &[], &Limits::depth(depth), |_| {})?;
            let white = if pos.side_to_move() == Color::White {
                r.score
            } else {
                -r.score
            };
            Some((line, white))
        })
        .collect()
}

/// Every opening of a file: a line each, blank lines and `#` lines skipped
/// (the form of assets/openings/international.txt).
fn parse_openings(text: &str) -> Result<Vec<Vec<Mv>>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(parse_opening_line)
        .collect()
}

/// An opening line in PDN numbers (`32-28 19-23`, move numbers skipped).
fn parse_opening_line(line: &str) -> Result<Vec<Mv>, String> {
    let mut game = Intl::new();
    let mut out = Vec::new();
    for tok in line.split('#').next().unwrap_or("").split_whitespace() {
        if tok.ends_with('.') {
            continue;
        }
        let m = resolve_move(&game, tok).map_err(|e| format!("'{line}': {tok}: {e}"))?;
        game.play(&m).map_err(|e| format!("'{line}': {e}"))?;
        out.push(m);
    }
    Ok(out)
}

pub fn run(a: MatchExternalArgs) -> CliResult {
    if a.variant != "international" {
        return Err(CliError::Input(format!(
            "--variant {}: only international is played against an outside engine",
            a.variant
        )));
    }
    let level = Level::new(a.level)
        .ok_or_else(|| CliError::Input(format!("--level must be 1–8, got {}", a.level)))?;
    if a.games == 0 {
        return Err(CliError::Input("--games must be at least 1".into()));
    }
    if !(1..=4).contains(&a.opening_plies) {
        return Err(CliError::Input("--opening-plies must be 1–4".into()));
    }
    let pairs = a.games.div_ceil(2);
    let openings: Vec<(Vec<Mv>, Option<i32>)> = match &a.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::Input(format!("cannot read {path}: {e}")))?;
            let all = parse_openings(&text).map_err(CliError::Input)?;
            println!(
                "openings: {} in {path}; {} chosen, spread over them",
                all.len(),
                pairs.min(all.len())
            );
            spread(&all, pairs).into_iter().map(|m| (m, None)).collect()
        }
        None => {
            let all = scored_openings(a.opening_plies, 8);
            // balanced: within 0.3 men at depth 8
            let balanced: Vec<_> = all
                .iter()
                .filter(|(_, s)| s.abs() <= 30)
                .map(|(l, s)| (l.clone(), Some(*s)))
                .collect();
            println!(
                "openings: {} of {} {}-ply lines within 0.3 men at depth 8; {} chosen, spread over them",
                balanced.len(),
                all.len(),
                a.opening_plies,
                pairs.min(balanced.len())
            );
            spread(&balanced, pairs)
        }
    };
    if openings.is_empty() {
        return Err(CliError::Input("no openings".into()));
    }
    for (i, (line, s)) in openings.iter().enumerate() {
        let text: Vec<String> = line.iter().map(|m| m.to_string()).collect();
        match s {
            Some(s) => println!(
                "  opening {}: {}  (depth 8: {:+})",
                i + 1,
                text.join(" "),
                s
            ),
            None => println!("  opening {}: {}", i + 1, text.join(" ")),
        }
    }
    let setup = Arc::new(Setup {
        level,
        movetime: a.movetime.map(Duration::from_millis),
        max_plies: a.max_plies,
        engine_timeout: Duration::from_secs(a.engine_timeout.max(1)),
    });
    let threads = a.threads.clamp(1, a.games);
    let bar = progress_bar(a.games as u64, "match");
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let next = Arc::new(AtomicUsize::new(0));
    let openings = Arc::new(openings);
    let engine_name = Arc::new(Mutex::new(String::new()));
    let (tx, rx) = mpsc::channel::<Result<Played, String>>();
    let mut handles = Vec::new();
    for t in 0..threads {
        let (setup, next, openings, tx) =
            (setup.clone(), next.clone(), openings.clone(), tx.clone());
        let (cmd, games, bar, engine_name) = (
            a.engine_cmd.clone(),
            a.games,
            bar.clone(),
            engine_name.clone(),
        );
        handles.push(std::thread::spawn(move || {
            let mut ext = match External::start(&cmd) {
                Ok(e) => e,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            };
            if let Ok(mut n) = engine_name.lock() {
                n.clone_from(&ext.name);
            }
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                // games 2k and 2k+1 play opening k, colours reversed
                let opening = (g / 2) % openings.len();
                let ours_white = g % 2 == 0;
                let on_ply = |ply: usize| {
                    if threads == 1 {
                        bar.set_message(format!("game {} ply {ply}", g + 1));
                    }
                };
                let seed = 0x5EED_0000 + g as u64 * 7919 + t as u64;
                let (game, score, reason, ours, theirs) = play_one(
                    &mut ext,
                    &setup,
                    &openings[opening].0,
                    ours_white,
                    seed,
                    &on_ply,
                );
                let played = Played {
                    index: g,
                    opening,
                    ours_white,
                    score,
                    reason,
                    game,
                    ours,
                    theirs,
                };
                if tx.send(Ok(played)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let mut played = Vec::new();
    let (mut w, mut d, mut l, mut void) = (0, 0, 0, 0);
    for r in rx {
        let p = r.map_err(CliError::Failed)?;
        match p.score {
            Score::Win => w += 1,
            Score::Draw => d += 1,
            Score::Loss => l += 1,
            Score::Void => void += 1,
        }
        bar.suspend(|| print_game(&p));
        bar.inc(1);
        bar.set_message(format!("+{w} ={d} -{l}"));
        played.push(p);
    }
    bar.finish_and_clear();
    for h in handles {
        let _ = h.join();
    }
    played.sort_by_key(|p| p.index);
    let name = engine_name.lock().map(|n| n.clone()).unwrap_or_default();
    if let Some(path) = &a.pdn {
        let mut text = String::new();
        for p in &played {
            let ours = format!("shashki level {}", a.level);
            let (white, black) = if p.ours_white {
                (ours.as_str(), name.as_str())
            } else {
                (name.as_str(), ours.as_str())
            };
            let round = (p.index + 1).to_string();
            let g = AnyGame::International(p.game.clone());
            text.push_str(&g.to_pdn(&[
                ("Event", "shashki match-external"),
                ("Round", &round),
                ("White", white),
                ("Black", black),
                ("Termination", &p.reason),
            ]));
            text.push('\n');
        }
        std::fs::write(path, text).map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
    }
    let n = w + d + l;
    if void > 0 {
        println!(
            "void {void}: the outside engine could not read a position (not scored; see each game's line)"
        );
    }
    let sum = |f: &dyn Fn(&Played) -> Thinking| {
        played.iter().fold(Thinking::default(), |mut acc, p| {
            let t = f(p);
            acc.moves += t.moves;
            acc.time += t.time;
            acc.depth_sum += t.depth_sum;
            acc.depths += t.depths;
            acc
        })
    };
    let (ours, theirs) = (sum(&|p| p.ours), sum(&|p| p.theirs));
    println!(
        "shashki level {}{}: {} moves, {:.2} s a move, depth {:.1}",
        a.level,
        a.movetime
            .map(|m| format!(" (movetime {m} ms)"))
            .unwrap_or_default(),
        ours.moves,
        ours.per_move(),
        ours.depth()
    );
    println!(
        "outside engine ({name}): {} moves, {:.2} s a move, depth {:.1}",
        theirs.moves,
        theirs.per_move(),
        theirs.depth()
    );
    let (e, err) = elo(w, d, l);
    println!(
        "games {n}: shashki wins {w}, draws {d}, losses {l}; score {:.1}% ({}/{n}); Elo {e:+.0} ± {err:.0} (95%)",
        100.0 * (w as f64 + 0.5 * d as f64) / n.max(1) as f64,
        w as f64 + 0.5 * d as f64,
    );
    Ok(())
}

fn print_game(p: &Played) {
    let result = match (p.score, p.ours_white) {
        (Score::Void, _) => "*",
        (Score::Draw, _) => "1-1",
        (Score::Win, true) | (Score::Loss, false) => "2-0",
        _ => "0-2",
    };
    let who = match p.score {
        Score::Win => "shashki won",
        Score::Draw => "draw",
        Score::Loss => "shashki lost",
        Score::Void => "void",
    };
    println!(
        "game {:>2}  opening {:>2}  shashki {}  {result}  {who:<12}  {:>3} plies  {}  | shashki {:.2} s/move d{:.1}, outside {:.2} s/move d{:.1}",
        p.index + 1,
        p.opening + 1,
        if p.ours_white { "white" } else { "black" },
        p.game.moves().len(),
        p.reason,
        p.ours.per_move(),
        p.ours.depth(),
        p.theirs.per_move(),
        p.theirs.depth(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_lines_parse() {
        assert_eq!(
            parse_engine_line("id name py-draughts 1.10.1 TurboEngine"),
            EngineLine::Id("py-draughts 1.10.1 TurboEngine".into())
        );
        assert_eq!(parse_engine_line("ready\n"), EngineLine::Ready);
        assert_eq!(
            parse_engine_line("bestmove 28x19x10\r"),
            EngineLine::BestMove("28x19x10".into())
        );
        assert_eq!(
            parse_engine_line("info depth 11 nodes 224896 time 2.004"),
            EngineLine::Info {
                depth: Some(11),
                nodes: Some(224_896),
                seconds: Some(2.004)
            }
        );
        assert!(matches!(
            parse_engine_line("bestmove"),
            EngineLine::Error(_)
        ));
        assert!(matches!(
            parse_engine_line("bestmove 32-28 19-23"),
            EngineLine::Error(_)
        ));
        assert_eq!(
            parse_engine_line("error 32-29 is not legal"),
            EngineLine::Error("32-29 is not legal".into())
        );
        assert!(matches!(
            parse_engine_line("bestmoves 1-2"),
            EngineLine::Unknown(_)
        ));
    }

    #[test]
    fn positions_and_moves_round_trip() {
        let mut game = Intl::new();
        assert_eq!(
            position_command(&game.positions()[0], game.moves()),
            "position W:W31-50:B1-20"
        );
        for t in ["32-28", "19-23", "28x19", "14x23"] {
            let m = resolve_move(&game, t).unwrap();
            game.play(&m).unwrap();
        }
        assert_eq!(
            position_command(&game.positions()[0], game.moves()),
            "position W:W31-50:B1-20 moves 32-28 19-23 28x19 14x23"
        );
        // an illegal answer is an error, not some other move
        assert!(resolve_move(&game, "32-29").is_err());
        assert!(resolve_move(&game, "garbage").is_err());
        // a capture named by every landing square or by start and end
        let g = shashki_engine::fen::parse_fen_on::<Board10>("W:W32:B17,27").unwrap();
        let game = Intl::from_position(g.position);
        assert_eq!(
            resolve_move(&game, "32x21x12").unwrap().to_string(),
            "32x21x12"
        );
        assert_eq!(
            resolve_move(&game, "32x12").unwrap().to_string(),
            "32x21x12"
        );
    }

    #[test]
    fn openings_spread_over_the_list() {
        let list: Vec<usize> = (0..81).collect();
        assert_eq!(spread(&list, 4), vec![0, 20, 40, 60]);
        assert_eq!(spread(&list[..3], 10), vec![0, 1, 2]);
        let line = parse_opening_line("1. 32-28 19-23 2. 28x19").unwrap();
        assert_eq!(line.len(), 3);
        assert!(parse_opening_line("32-28 32-28").is_err());
        // the tournaments' list reads as openings (--openings takes it)
        let list = parse_openings(include_str!("../../assets/openings/international.txt")).unwrap();
        assert!(list.len() > 100, "{}", list.len());
        assert!(list.iter().all(|l| l.len() == 3));
    }
}
