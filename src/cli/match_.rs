//! `shashki match --a <config> --b <config> --games N`: engine against
//! engine from balloted 3-move openings, each opening played with both
//! colours, games in parallel on std threads; prints wins/draws/losses of A
//! and the Elo difference with its 95 % error bar. `--variant` plays
//! another rule set: its openings are then every first move with every
//! reply (the Russian ballot does not apply), unless `--openings` names a
//! file in the variant's notation. A variant off the 8×8 board (or Bashni,
//! Vigman's game) is played through [`AnyGame`] as the bot plays it, levels
//! against levels, from the variant's stored engine openings
//! ([`engine_openings`]) spread over the list, each with both colours.

use super::{progress_bar, CliError, CliResult};
use shashki::tournament::ballot::engine_openings;
use shashki_engine::search::Level;
use shashki_engine::search::{
    choose_move, eval, ChooseOptions, LevelParams, Limits, Options, Searcher,
};
use shashki_engine::{AnyGame, Color, Game, Move, Outcome, Position, Variant, Variant8};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

const DEFAULT_OPENINGS: &str = include_str!("../../assets/openings/russian-3move.txt");

#[derive(clap::Args)]
#[command(after_help = "\
CONFIG is a comma-separated list of key=value:
  level=1..8        play as that level (its depth, budget and human noise)
  movetime=MS       time per move in milliseconds (overrides a level's budget)
  depth=D           deepest iteration (overrides a level's depth)
  nodes=N           node limit per move
  eval=tuned|hand|FILE.rs
                    evaluation weights: tuned (default), the hand-set ones, or
                    a file written by `shashki tune --write`
  tt=0|1 lmr=0|1 killers=0|1 history=0|1 threat=0|1 aspiration=0|1
  futility=0|1
                    switch a search feature off (all on by default)
  hash=MB           transposition table size (default 16)
Without level, movetime or depth a config searches 100 ms per move.
In the variants off the 8x8 board, Bashni and Vigman's game a config is
only level=N: the move the bot's AI plays at that level.
Examples:
  shashki match --a level=5 --b level=4 --games 100
  shashki match --variant international --a level=3 --b level=2 --games 20
  shashki match --variant english --a depth=6 --b depth=4 --games 20
  shashki match --a movetime=100 --b movetime=100,lmr=0 --games 200
  shashki match --a depth=6 --b depth=6,eval=hand --games 200")]
pub struct MatchArgs {
    /// Engine A's config (see below).
    #[arg(long)]
    a: Option<String>,
    /// Engine B's config.
    #[arg(long)]
    b: Option<String>,
    /// Number of games (each opening is played twice, colours reversed).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Openings file (one opening per line, moves in algebraic notation);
    /// the built-in 3-move ballot when absent.
    #[arg(long)]
    openings: Option<String>,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Print every game's result.
    #[arg(long)]
    verbose: bool,
    /// Start at this game (1-based) of the `--games` planned, to finish a
    /// stopped match: the same openings and colours as the whole match
    /// would give it; the score counts the games played.
    #[arg(long, default_value_t = 1, value_name = "N")]
    first_game: usize,
    /// Longest game in plies before it is called a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Print the 3-move openings that a search of about MS milliseconds
    /// (MS × 2000 nodes) finds balanced (|score| ≤ 0.6 men) and exit: how
    /// assets/openings/ was made.
    #[arg(long, value_name = "MS")]
    make_openings: Option<u64>,
    /// Rule set: russian, poddavki, brazilian, pool, english, czech, italian,
    /// portuguese; international, frisian, frysk, antidraughts,
    /// breakthrough, russian-10x8, bashni, vigman (levels only, from the
    /// stored engine openings).
    #[arg(long, default_value = "russian")]
    variant: String,
}

/// A player in a match.
#[derive(Clone, Debug)]
pub struct Config {
    level: Option<LevelParams>,
    limits_depth: Option<u32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    options: Options,
    hash: usize,
}

pub fn parse_config(text: &str) -> Result<Config, String> {
    let mut c = Config {
        level: None,
        limits_depth: None,
        movetime: None,
        nodes: None,
        options: Options::default(),
        hash: 16,
    };
    let flag = |v: &str| -> Result<bool, String> {
        match v {
            "1" | "on" | "true" | "yes" => Ok(true),
            "0" | "off" | "false" | "no" => Ok(false),
            _ => Err(format!("expected 0 or 1, got '{v}'")),
        }
    };
    let num = |k: &str, v: &str| -> Result<u64, String> {
        v.parse()
            .map_err(|_| format!("{k} needs a number, got '{v}'"))
    };
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("'{part}' is not key=value"))?;
        match k {
            "level" => {
                let l = Level::new(num(k, v)? as u8)
                    .ok_or_else(|| format!("level must be 1–8, got {v}"))?;
                c.level = Some(l.params());
            }
            "movetime" => c.movetime = Some(num(k, v)?),
            "depth" => c.limits_depth = Some(num(k, v)? as u32),
            "nodes" => c.nodes = Some(num(k, v)?),
            "hash" => c.hash = num(k, v)? as usize,
            "eval" => {
                c.options.weights = match v {
                    "tuned" | "new" | "default" => eval::Weights::default(),
                    "hand" | "old" => eval::hand_weights(),
                    f if f.ends_with(".rs") => weights_from_file(f)?,
                    _ => return Err(format!("eval must be tuned, hand or a .rs file, got '{v}'")),
                }
            }
            "tt" => c.options.tt = flag(v)?,
            "lmr" => c.options.lmr = flag(v)?,
            "killers" => c.options.killers = flag(v)?,
            "history" => c.options.history = flag(v)?,
            "threat" => c.options.threat_extension = flag(v)?,
            "aspiration" => c.options.aspiration = flag(v)?,
            "futility" => c.options.futility = flag(v)?,
            _ => return Err(format!("unknown config key '{k}'")),
        }
    }
    if let Some(l) = c.level.as_mut() {
        if let Some(ms) = c.movetime {
            l.movetime = Duration::from_millis(ms);
        }
        if let Some(d) = c.limits_depth {
            l.depth = Some(d);
        }
    } else if c.movetime.is_none() && c.limits_depth.is_none() && c.nodes.is_none() {
        c.movetime = Some(100);
    }
    Ok(c)
}

/// Read weights from a file written by `shashki tune --write` (the
/// integers of the `mg: [...]` and `eg: [...]` arrays; missing trailing
/// features take the hand-set values).
pub fn weights_from_file(path: &str) -> Result<eval::Weights, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut w = eval::hand_weights();
    for (name, out) in [("mg: [", &mut w.mg), ("eg: [", &mut w.eg)] {
        let start = text
            .find(name)
            .ok_or_else(|| format!("{path}: no '{name}'"))?
            + name.len();
        let end = start + text[start..].find(']').ok_or("unclosed array")?;
        for (i, t) in text[start..end]
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            if i < out.len() {
                out[i] = t.parse().map_err(|_| format!("{path}: bad number '{t}'"))?;
            }
        }
    }
    Ok(w)
}

/// A player with its own searcher.
pub struct Player {
    config: Config,
    searcher: Searcher,
    variant: Variant8,
}

impl Player {
    pub fn new(config: Config) -> Player {
        Player::in_variant(config, Variant8::Russian)
    }

    /// A player of `variant`'s rules.
    pub fn in_variant(config: Config, variant: Variant8) -> Player {
        let searcher = Searcher::with_options(config.hash, config.options.clone());
        Player {
            config,
            searcher,
            variant,
        }
    }

    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    pub fn pick(&mut self, pos: &Position, history: &[u64], quiet: u32, seed: u64) -> Option<Move> {
        if let Some(params) = &self.config.level {
            let options = ChooseOptions {
                history,
                kings_only_plies: quiet,
                params: params.clone(),
                seed,
                stop: None,
                variant: self.variant,
            };
            return choose_move(&mut self.searcher, pos, &options).map(|r| r.best_move);
        }
        let limits = Limits {
            depth: self.config.limits_depth,
            movetime: self.config.movetime.map(Duration::from_millis),
            nodes: self.config.nodes,
            stop: None,
            quiet_plies: quiet,
            variant: self.variant,
        };
        self.searcher
            .search(pos, history, &limits, |_| {})
            .map(|r| r.best_move)
    }
}

/// How a game ended, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Parse an opening line ("c3-d4 f6-g5 g3-f4", `#` starts a comment).
pub fn parse_opening(line: &str) -> Result<Vec<Move>, String> {
    parse_opening_in(Variant8::Russian, line)
}

/// [`parse_opening`] under `variant`'s rules, its moves written the
/// variant's way (`11-15 22-18`) or algebraically.
pub fn parse_opening_in(variant: Variant8, line: &str) -> Result<Vec<Move>, String> {
    let mut pos = variant.initial_position();
    let mut out = Vec::new();
    for tok in line.split('#').next().unwrap_or("").split_whitespace() {
        let tok = tok.trim_end_matches(',');
        if tok.ends_with('.') || tok.chars().all(|c| c.is_ascii_digit() || c == '.') {
            continue; // move numbers
        }
        let mv = pos
            .legal_moves_in(variant)
            .into_iter()
            .find(|m| m.to_string() == tok || variant.format_move(m) == tok)
            .ok_or_else(|| format!("illegal opening move '{tok}' in '{line}'"))?;
        pos = pos.make(&mv);
        out.push(mv);
    }
    Ok(out)
}

/// Play one game from `opening`, `white` against `black`, under every draw
/// rule of [`Game`]; a game longer than `max_plies` is called a draw.
pub fn play_game(
    white: &mut Player,
    black: &mut Player,
    opening: &[Move],
    max_plies: usize,
    seed: u64,
) -> GameResult {
    play_game_recorded(white, black, opening, max_plies, seed, None)
}

fn result_of(outcome: Outcome) -> GameResult {
    match outcome.winner() {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}

/// [`play_game`], also collecting every position reached (for tuning).
pub fn play_game_recorded(
    white: &mut Player,
    black: &mut Player,
    opening: &[Move],
    max_plies: usize,
    seed: u64,
    mut record: Option<&mut Vec<Position>>,
) -> GameResult {
    white.new_game();
    black.new_game();
    let mut game = Game::new(white.variant);
    for mv in opening {
        if let Ok(Some(o)) = game.play(mv) {
            return result_of(o);
        }
    }
    for ply in 0..max_plies {
        if let Some(o) = game.outcome() {
            return result_of(o);
        }
        let pos = *game.position();
        let player = if pos.side_to_move() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let quiet = game.counters().kings_only_plies;
        let Some(mv) = player.pick(
            &pos,
            &game.history_hashes(),
            quiet,
            seed.wrapping_add(ply as u64),
        ) else {
            break;
        };
        if game.play(&mv).is_err() {
            // never happens: the engine plays legal moves
            return if pos.side_to_move() == Color::White {
                GameResult::BlackWins
            } else {
                GameResult::WhiteWins
            };
        }
        if let Some(r) = record.as_deref_mut() {
            r.push(*game.position());
        }
    }
    game.outcome().map_or(GameResult::Draw, result_of)
}

/// Elo difference and the half-width of its 95 % interval from A's wins,
/// draws and losses (trinomial variance of the per-game score).
pub fn elo(wins: usize, draws: usize, losses: usize) -> (f64, f64) {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let s = (wins as f64 + 0.5 * draws as f64) / n;
    let var = (wins as f64 * (1.0 - s).powi(2)
        + draws as f64 * (0.5 - s).powi(2)
        + losses as f64 * s.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |p: f64| {
        let p = p.clamp(1e-4, 1.0 - 1e-4);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let e = to_elo(s);
    let lo = to_elo(s - 1.96 * se);
    let hi = to_elo(s + 1.96 * se);
    (e, (hi - lo) / 2.0)
}

/// Every first move of `variant` with every reply to it, in the order the
/// move generator gives them: the openings of a match in a variant that
/// has no ballot of its own.
pub fn two_move_openings(variant: Variant8) -> Vec<Vec<Move>> {
    let start = variant.initial_position();
    let mut out = Vec::new();
    for m1 in start.legal_moves_in(variant) {
        let p1 = start.make(&m1);
        for m2 in p1.legal_moves_in(variant) {
            out.push(vec![m1, m2]);
        }
    }
    out
}

fn make_openings(ms: u64) -> CliResult {
    let start = Position::initial();
    let mut searcher = Searcher::new(32);
    let mut n = 0;
    for m1 in start.legal_moves() {
        let p1 = start.make(&m1);
        for m2 in p1.legal_moves() {
            let p2 = p1.make(&m2);
            for m3 in p2.legal_moves() {
                let p3 = p2.make(&m3);
                let r = searcher
                    .search(
                        &p3,
                        &[],
                        &Limits {
                            nodes: Some(ms * 2_000),
                            ..Limits::default()
                        },
                        |_| {},
                    )
                    .ok_or_else(|| CliError::Failed("no move".into()))?;
                // score is Black's view; keep balanced openings
                if r.score.abs() <= 60 {
                    println!("{m1} {m2} {m3}  # depth {} score {:+}", r.depth, -r.score);
                    n += 1;
                }
            }
        }
    }
    eprintln!("{n} balanced openings");
    Ok(())
}

pub fn run(a: MatchArgs) -> CliResult {
    if let Some(ms) = a.make_openings {
        return make_openings(ms);
    }
    if let Some(v) = a
        .variant
        .parse::<Variant>()
        .ok()
        .filter(|v| v.eight().is_none())
    {
        return run_any(&a, v);
    }
    let (Some(ca), Some(cb)) = (a.a.as_deref(), a.b.as_deref()) else {
        return Err(CliError::Input("both --a and --b are needed".into()));
    };
    let ca = parse_config(ca).map_err(|e| CliError::Input(format!("--a: {e}")))?;
    let cb = parse_config(cb).map_err(|e| CliError::Input(format!("--b: {e}")))?;
    let variant = super::variant_arg(&a.variant)?;
    let text = match &a.openings {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| CliError::Input(format!("cannot read {path}: {e}")))?,
        ),
        None if variant == Variant8::Russian => Some(DEFAULT_OPENINGS.to_string()),
        None => None,
    };
    let openings: Vec<Vec<Move>> = match text {
        Some(text) => text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|l| parse_opening_in(variant, l))
            .collect::<Result<_, _>>()
            .map_err(CliError::Input)?,
        None => two_move_openings(variant),
    };
    if openings.is_empty() {
        return Err(CliError::Input("no openings".into()));
    }
    let planned = a.planned()?;
    let threads = threads_for(a.threads, planned.len());
    let (ca, cb, max_plies) = (&ca, &cb, a.max_plies);
    let (w, d, l) = play_games(
        planned,
        threads,
        a.verbose,
        openings.len(),
        || {
            (
                Player::in_variant(ca.clone(), variant),
                Player::in_variant(cb.clone(), variant),
            )
        },
        |(pa, pb): &mut (Player, Player), g, seed| {
            let op = &openings[(g / 2) % openings.len()];
            let a_white = g % 2 == 0;
            let r = if a_white {
                play_game(pa, pb, op, max_plies, seed)
            } else {
                play_game(pb, pa, op, max_plies, seed)
            };
            // from A's view: 1 win, 0 draw, -1 loss
            match (r, a_white) {
                (GameResult::Draw, _) => 0,
                (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 1,
                _ => -1,
            }
        },
    );
    if variant != Variant8::Russian {
        println!("variant: {} ({} openings)", variant.name(), openings.len());
    }
    print_score(&a, (w, d, l));
    Ok(())
}

/// The closing lines of a match: the two configs, A's score and the Elo
/// difference.
fn print_score(a: &MatchArgs, (w, d, l): (usize, usize, usize)) {
    let n = w + d + l;
    let (e, err) = elo(w, d, l);
    println!("A: {}", a.a.as_deref().unwrap_or(""));
    println!("B: {}", a.b.as_deref().unwrap_or(""));
    println!(
        "games {n}: A wins {w}, draws {d}, losses {l}; score {:.1}%",
        100.0 * (w as f64 + 0.5 * d as f64) / n.max(1) as f64
    );
    println!("Elo difference (A − B): {e:+.1} ± {err:.1} (95%)");
}

impl MatchArgs {
    /// The games to play, 0-based: `--first-game` to `--games`.
    fn planned(&self) -> Result<std::ops::Range<usize>, CliError> {
        if self.games == 0 {
            return Err(CliError::Input("--games must be at least 1".into()));
        }
        if !(1..=self.games).contains(&self.first_game) {
            return Err(CliError::Input(format!(
                "--first-game must be 1–{} (the games planned)",
                self.games
            )));
        }
        Ok(self.first_game - 1..self.games)
    }
}

/// `--threads`, else one per core; at least 1, at most one per game.
fn threads_for(threads: Option<usize>, games: usize) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
        .min(games)
}

/// Play `games` games on `threads` threads, game `g` by `play(state, g,
/// seed)` with the thread's own `state` (made by `init`), which returns A's
/// result: 1 a win, 0 a draw, -1 a loss. Games 2k and 2k+1 play opening k
/// (of `openings`) with colours reversed, A White in the even one. Shows a
/// progress bar on a terminal, prints each game when `verbose`; returns A's
/// wins, draws and losses.
fn play_games<S>(
    games: std::ops::Range<usize>,
    threads: usize,
    verbose: bool,
    openings: usize,
    init: impl Fn() -> S + Sync,
    play: impl Fn(&mut S, usize, u64) -> i32 + Sync,
) -> (usize, usize, usize) {
    let next = AtomicUsize::new(games.start);
    let (tx, rx) = mpsc::channel();
    let bar = progress_bar(games.len() as u64, "match");
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let (mut w, mut d, mut l) = (0, 0, 0);
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (next, tx, init, play) = (&next, tx.clone(), &init, &play);
            scope.spawn(move || {
                let mut state = init();
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games.end {
                        break;
                    }
                    let seed = (g as u64) * 0x9E37_79B9 + t as u64;
                    let score = play(&mut state, g, seed);
                    if tx.send((g, score)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (g, score) in rx {
            match score {
                1 => w += 1,
                0 => d += 1,
                _ => l += 1,
            }
            if verbose {
                bar.suspend(|| {
                    println!(
                        "game {} (opening {}, A {}): {}",
                        g + 1,
                        (g / 2) % openings.max(1) + 1,
                        if g % 2 == 0 { "white" } else { "black" },
                        ["A lost", "draw", "A won"][(score.clamp(-1, 1) + 1) as usize]
                    )
                });
            }
            let (e, err) = elo(w, d, l);
            bar.set_message(format!("+{w} ={d} -{l}  Elo {e:+.0} ± {err:.0}"));
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    (w, d, l)
}

/// A config of a match in a variant played through [`AnyGame`]: only
/// `level=N`.
fn level_only(text: &str) -> Result<Level, String> {
    let parts: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    match parts.as_slice() {
        [part] => match part.split_once('=') {
            Some(("level", v)) => v
                .parse::<u8>()
                .ok()
                .and_then(Level::new)
                .ok_or_else(|| format!("level must be 1–8, got {v}")),
            _ => Err(format!("'{part}': only level=N is played in this variant")),
        },
        _ => Err(format!("'{text}': only level=N is played in this variant")),
    }
}

/// `k` items of `list` spread evenly over it (all of it when shorter).
pub fn spread<T: Clone>(list: &[T], k: usize) -> Vec<T> {
    if list.len() <= k {
        return list.to_vec();
    }
    (0..k).map(|i| list[i * list.len() / k].clone()).collect()
}

/// How a game through [`AnyGame`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyResult {
    /// By the rules: the winner, or `None` for a draw.
    Over(Option<Color>),
    /// Called a draw after the longest game allowed.
    Adjudicated,
}

/// Play a game from `start` on with the bot's AI: `white` and `black` are
/// the levels, the seed of ply `p` is `seed + p`; every rule of the
/// variant's game applies; after `max_plies` plies the game is called a
/// draw ([`AnyResult::Adjudicated`]).
pub fn play_any_game(
    start: &AnyGame,
    white: Level,
    black: Level,
    max_plies: usize,
    seed: u64,
) -> AnyResult {
    let mut game = start.clone();
    for ply in 0..max_plies {
        if let Some(o) = game.outcome() {
            return AnyResult::Over(o.winner());
        }
        let side = game.side_to_move();
        let level = if side == Color::White { white } else { black };
        let Some(mv) = game.choose_move(level, seed.wrapping_add(ply as u64)) else {
            break;
        };
        if game.play(&mv).is_err() {
            // never happens: the AI plays legal moves
            return AnyResult::Over(Some(side.opposite()));
        }
    }
    match game.outcome() {
        Some(o) => AnyResult::Over(o.winner()),
        None => AnyResult::Adjudicated,
    }
}

/// `shashki match --variant KEY` in a variant played through [`AnyGame`]:
/// level against level from the stored engine openings.
fn run_any(a: &MatchArgs, variant: Variant) -> CliResult {
    let (Some(ta), Some(tb)) = (a.a.as_deref(), a.b.as_deref()) else {
        return Err(CliError::Input("both --a and --b are needed".into()));
    };
    let la = level_only(ta).map_err(|e| CliError::Input(format!("--a: {e}")))?;
    let lb = level_only(tb).map_err(|e| CliError::Input(format!("--b: {e}")))?;
    if a.openings.is_some() {
        return Err(CliError::Input(format!(
            "--openings: {} plays its stored engine openings (assets/openings/{}.txt)",
            variant.name(),
            variant.key()
        )));
    }
    let planned = a.planned()?;
    let all = engine_openings(variant);
    let openings: Vec<AnyGame> = spread(all, a.games.div_ceil(2))
        .iter()
        .map(|o| o.start_game())
        .collect();
    if openings.is_empty() {
        return Err(CliError::Input("no openings".into()));
    }
    let threads = threads_for(a.threads, planned.len());
    let adjudicated = AtomicUsize::new(0);
    let (w, d, l) = play_games(
        planned,
        threads,
        a.verbose,
        openings.len(),
        || (),
        |_, g, seed| {
            let start = &openings[(g / 2) % openings.len()];
            let a_white = g % 2 == 0;
            let (white, black) = if a_white { (la, lb) } else { (lb, la) };
            match play_any_game(start, white, black, a.max_plies, seed) {
                AnyResult::Over(None) => 0,
                AnyResult::Over(Some(c)) if (c == Color::White) == a_white => 1,
                AnyResult::Over(Some(_)) => -1,
                AnyResult::Adjudicated => {
                    adjudicated.fetch_add(1, Ordering::Relaxed);
                    0
                }
            }
        },
    );
    println!(
        "variant: {} ({} stored openings, {} played, spread over them)",
        variant.name(),
        all.len(),
        openings.len()
    );
    let adjudicated = adjudicated.into_inner();
    if adjudicated > 0 {
        println!("draws called at {} plies: {adjudicated}", a.max_plies);
    }
    print_score(a, (w, d, l));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_winning_scores() {
        assert_eq!(elo(10, 0, 10).0.round(), 0.0);
        let (e, err) = elo(65, 0, 35);
        assert!((e - 107.5).abs() < 1.0, "{e}");
        assert!(err > 30.0 && err < 100.0);
    }

    #[test]
    fn configs_parse() {
        assert!(parse_config("level=5").unwrap().level.is_some());
        let c = parse_config("movetime=100,depth=8,lmr=0,eval=hand").unwrap();
        assert_eq!(c.movetime, Some(100));
        assert!(!c.options.lmr);
        assert!(parse_config("level=9").is_err());
        assert!(parse_config("speed=3").is_err());
    }

    #[test]
    fn a_wide_variant_takes_levels_only() {
        assert_eq!(level_only("level=3").map(Level::number), Ok(3));
        assert_eq!(level_only(" level=8 ,").map(Level::number), Ok(8));
        assert!(level_only("level=9").is_err());
        assert!(level_only("depth=4").is_err());
        assert!(level_only("level=3,movetime=100").is_err());
        assert!(level_only("").is_err());
    }

    #[test]
    fn a_wide_game_ends_by_its_rules_or_is_called_a_draw() {
        let l1 = Level::new(1).unwrap();
        let start = Variant::Frisian.new_game();
        assert_eq!(play_any_game(&start, l1, l1, 4, 1), AnyResult::Adjudicated);
        // Black (to move) has no man left that can move: White has won
        let over = Variant::International
            .game_from_fen("B:W46:B")
            .expect("fen");
        assert_eq!(
            play_any_game(&over, l1, l1, 10, 1),
            AnyResult::Over(Some(Color::White))
        );
    }

    #[test]
    fn variant_openings() {
        // English: Black's 7 first moves, each answered 7 ways
        assert_eq!(two_move_openings(Variant8::English).len(), 49);
        let o = parse_opening_in(Variant8::English, "11-15 22-18").unwrap();
        assert_eq!(o.len(), 2);
        assert!(parse_opening_in(Variant8::English, "22-18").is_err());
    }

    #[test]
    fn openings_parse() {
        for l in DEFAULT_OPENINGS
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            assert_eq!(parse_opening(l).unwrap().len(), 3, "{l}");
        }
    }
}
