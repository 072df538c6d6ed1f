//! `shashki puzzles generate|verify|stats`: find puzzles in self-play (and
//! in PDN games), prove them with the search, write and check packs.
//!
//! ```sh
//! shashki puzzles generate --count 400 --out assets/puzzles/pack.pdn
//! shashki puzzles verify assets/puzzles/pack.pdn
//! shashki puzzles stats assets/puzzles/pack.pdn
//! shashki puzzles generate --variant international --count 100 \
//!     --out assets/puzzles/international.pdn
//! shashki puzzles verify --variant international assets/puzzles/international.pdn
//! ```

use super::{progress_bar, CliError, CliResult};
use shashki_engine::pdn::parse_pdn;
use shashki_engine::puzzle::{game_positions, Miner, Puzzle, PuzzleRules, Settings, Verifier};
use shashki_engine::rules::{start, International, Russian};
use shashki_engine::{parse_move, Position};
use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

const OPENINGS: &str = include_str!("../../assets/openings/russian-3move.txt");

/// The rule sets puzzles are made for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum PuzzleVariant {
    #[default]
    Russian,
    International,
}

#[derive(clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(clap::Subcommand)]
enum PuzzlesCommand {
    /// Mine self-play games (and PDN games) for puzzles and prove them.
    Generate(GenerateArgs),
    /// Re-prove every puzzle of PDN packs; exit status 1 if any fails.
    Verify(VerifyArgs),
    /// Count the puzzles of packs by difficulty and theme.
    Stats(StatsArgs),
}

#[derive(clap::Args)]
struct GenerateArgs {
    /// The rules: Russian (from the 3-move openings) or International (from
    /// the start position, square numbers 1–50).
    #[arg(long, value_enum, default_value_t)]
    variant: PuzzleVariant,
    /// How many puzzles to find.
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// Append the puzzles to this PDN file (stdout when absent); puzzles
    /// already in it are not found again.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Games to mine before self-play (PDN files).
    #[arg(long)]
    pdn: Vec<PathBuf>,
    /// Packs whose puzzles must not be repeated.
    #[arg(long)]
    exclude: Vec<PathBuf>,
    /// Seed of the self-play games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Depth of the search that finds candidates.
    #[arg(long, default_value_t = Settings::default().find_depth)]
    find_depth: u32,
    /// Depth of the proving search (all moves, full window).
    #[arg(long, default_value_t = Settings::default().verify_depth)]
    verify_depth: u32,
    /// Stop after this many self-play games (0: until --count).
    #[arg(long, default_value_t = 0)]
    max_games: u64,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// The rules of the packs.
    #[arg(long, value_enum, default_value_t)]
    variant: PuzzleVariant,
    /// PDN packs.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Check only every n-th puzzle (1: all).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Depth of the proving search.
    #[arg(long, default_value_t = Settings::default().verify_depth)]
    verify_depth: u32,
}

#[derive(clap::Args)]
struct StatsArgs {
    /// The rules of the packs.
    #[arg(long, value_enum, default_value_t)]
    variant: PuzzleVariant,
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(a: PuzzlesArgs) -> CliResult {
    use PuzzleVariant::{International as Intl, Russian as Rus};
    match a.command {
        PuzzlesCommand::Generate(g) => match g.variant {
            Rus => generate::<Russian>(g, &openings()),
            Intl => generate::<International>(g, &[start::<International>()]),
        },
        PuzzlesCommand::Verify(v) => match v.variant {
            Rus => verify::<Russian>(v),
            Intl => verify::<International>(v),
        },
        PuzzlesCommand::Stats(s) => match s.variant {
            Rus => stats::<Russian>(s),
            Intl => stats::<International>(s),
        },
    }
}

/// Read every puzzle of a PDN pack of the rules `R`.
pub fn read_pack<R: PuzzleRules>(path: &Path) -> Result<Vec<Puzzle<R>>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let games =
        parse_pdn(&text).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            Puzzle::from_pdn_in(g)
                .map_err(|e| CliError::Input(format!("{} puzzle {}: {e}", path.display(), i + 1)))
        })
        .collect()
}

/// The 3-move openings as start positions.
fn openings() -> Vec<Position> {
    OPENINGS
        .lines()
        .filter_map(|l| {
            let l = l.split('#').next()?.trim();
            if l.is_empty() {
                return None;
            }
            let mut pos = Position::initial();
            for w in l.split_whitespace() {
                let mv = parse_move(&pos, w).ok()?;
                pos = pos.make(&mv);
            }
            Some(pos)
        })
        .collect()
}

/// Mine puzzles of `R` from self-play games that start from `starts`.
fn generate<R: PuzzleRules>(a: GenerateArgs, starts: &[Position<R::Shape>]) -> CliResult {
    if a.verify_depth <= a.find_depth {
        return Err(CliError::Input(
            "--verify-depth must be deeper than --find-depth".into(),
        ));
    }
    let settings = Settings {
        find_depth: a.find_depth,
        verify_depth: a.verify_depth,
        ..Settings::default()
    };
    let mut miner = Miner::<R>::new_in(settings, a.seed);
    let mut number = 0;
    let mut known = Vec::new();
    if let Some(out) = &a.out {
        if out.exists() {
            known.push(out.clone());
        }
    }
    known.extend(a.exclude.iter().cloned());
    for path in &known {
        let pack = read_pack::<R>(path)?;
        if Some(path) == a.out.as_ref() {
            number = pack.len();
        }
        for p in &pack {
            miner.mark_seen(p);
        }
    }
    let mut sink: Box<dyn Write> = match &a.out {
        Some(p) => Box::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| CliError::Failed(format!("{}: {e}", p.display())))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    let bar = progress_bar(a.count as u64, "puzzles");
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let started = Instant::now();
    let mut found = 0;
    let mut by_difficulty = BTreeMap::<u8, usize>::new();
    let mut emit = |p: &Puzzle<R>, found: &mut usize| -> CliResult {
        number += 1;
        *found += 1;
        *by_difficulty.entry(p.difficulty).or_default() += 1;
        sink.write_all(p.to_pdn(number).as_bytes())?;
        sink.flush()?;
        bar.inc(1);
        Ok(())
    };
    // PDN games first
    for path in &a.pdn {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        let games =
            parse_pdn(&text).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        for g in games {
            let Ok(positions) = game_positions::<R>(&g) else {
                continue;
            };
            for p in miner.mine_positions(&positions) {
                if found < a.count {
                    emit(&p, &mut found)?;
                }
            }
        }
    }
    let mut game = 0u64;
    while found < a.count && (a.max_games == 0 || game < a.max_games) {
        let start = starts[(game as usize * 7919 + a.seed as usize) % starts.len()];
        game += 1;
        let positions = miner.selfplay(&start);
        for p in miner.mine_positions(&positions) {
            if found < a.count {
                emit(&p, &mut found)?;
            }
        }
        bar.set_message(format!(
            "games {} positions {} candidates {}",
            miner.stats.games, miner.stats.positions, miner.stats.candidates
        ));
    }
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let s = &miner.stats;
    eprintln!(
        "found {found} puzzles in {secs:.0} s ({:.0} per CPU-hour): {} games, {} positions, {} candidates",
        found as f64 * 3600.0 / secs.max(1e-9),
        s.games,
        s.positions,
        s.candidates
    );
    let rejected: Vec<String> = s
        .rejected
        .iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    eprintln!("rejected: {}", rejected.join(", "));
    let levels: Vec<String> = by_difficulty
        .iter()
        .map(|(d, n)| format!("{d}: {n}"))
        .collect();
    eprintln!("by difficulty: {}", levels.join(", "));
    Ok(())
}

fn verify<R: PuzzleRules>(a: VerifyArgs) -> CliResult {
    let settings = Settings {
        verify_depth: a.verify_depth,
        ..Settings::default()
    };
    let mut verifier = Verifier::<R>::new_in(settings);
    let mut failed = 0;
    let mut checked = 0;
    let mut seen = HashSet::new();
    for path in &a.files {
        let pack = read_pack::<R>(path)?;
        let bar = progress_bar(pack.len() as u64, "verify");
        if !std::io::stderr().is_terminal() {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        for (i, p) in pack.iter().enumerate() {
            bar.inc(1);
            if !seen.insert(p.start.hash()) {
                bar.suspend(|| eprintln!("{} #{}: duplicate start", path.display(), i + 1));
                failed += 1;
                continue;
            }
            if i % a.every.max(1) != 0 {
                continue;
            }
            checked += 1;
            if let Err(e) = verifier.verify(p) {
                bar.suspend(|| eprintln!("{} #{}: {e}", path.display(), i + 1));
                failed += 1;
            }
        }
        bar.finish_and_clear();
    }
    println!(
        "{checked} puzzles proved, {failed} failed, {} read",
        seen.len()
    );
    if failed > 0 {
        return Err(CliError::Failed(format!("{failed} puzzles failed")));
    }
    Ok(())
}

fn stats<R: PuzzleRules>(a: StatsArgs) -> CliResult {
    let mut by_difficulty = BTreeMap::new();
    let mut by_theme = BTreeMap::new();
    let mut by_moves = BTreeMap::new();
    let mut total = 0;
    for path in &a.files {
        for p in read_pack::<R>(path)? {
            total += 1;
            *by_difficulty.entry(p.difficulty).or_insert(0) += 1;
            *by_moves.entry(p.solver_moves()).or_insert(0) += 1;
            for t in &p.themes {
                *by_theme.entry(t.key()).or_insert(0) += 1;
            }
        }
    }
    println!("puzzles\t{total}");
    for (d, n) in by_difficulty {
        println!("difficulty {d}\t{n}");
    }
    for (m, n) in by_moves {
        println!("solver moves {m}\t{n}");
    }
    for (t, n) in by_theme {
        println!("theme {t}\t{n}");
    }
    Ok(())
}
