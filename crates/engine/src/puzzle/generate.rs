//! The miner: self-play between weak levels, every promising position
//! tried as a puzzle start.

use super::{legal, material_in, Puzzle, PuzzleRules, Reject, Settings, Verifier};
use crate::position::Position;
use crate::rng::splitmix;
use crate::rules::Russian;
use crate::search::{choose_move_in, ChooseOptions, Level, LevelParams, Limits, Searcher};
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

/// Finds puzzles of the rule set `R` (Russian draughts unless named):
/// plays games between weak levels (they miss shots, so the other side
/// gets them) and proves every promising position.
pub struct Miner<R: PuzzleRules = Russian> {
    pub verifier: Verifier<R>,
    finder: Searcher<R::Shape>,
    seen: HashSet<u64>,
    rng: u64,
    /// Positions looked at, candidates proved, puzzles found.
    pub stats: MinerStats,
}

/// Counters of a mining run.
#[derive(Clone, Debug, Default)]
pub struct MinerStats {
    pub games: u64,
    pub positions: u64,
    pub candidates: u64,
    pub found: u64,
    pub rejected: BTreeMap<String, u64>,
}

impl Miner {
    /// A miner of Russian puzzles.
    pub fn new(settings: Settings, seed: u64) -> Miner {
        Miner::new_in(settings, seed)
    }
}

impl<R: PuzzleRules> Miner<R> {
    /// A miner of the puzzles of `R` (on Russian, [`Miner::new`]).
    pub fn new_in(settings: Settings, seed: u64) -> Miner<R> {
        Miner {
            verifier: Verifier::new_in(settings),
            finder: Searcher::new_on(8),
            seen: HashSet::new(),
            rng: seed,
            stats: MinerStats::default(),
        }
    }

    /// Positions already used (start hashes and final positions), so that
    /// a later run does not repeat an earlier pack.
    pub fn mark_seen(&mut self, p: &Puzzle<R>) {
        self.seen.insert(p.start.hash());
        self.seen.insert(final_hash(p));
    }

    /// A self-play game from `opening` (moves played first): the positions
    /// after each ply, the start included.
    pub fn selfplay(&mut self, start: &Position<R::Shape>) -> Vec<Position<R::Shape>> {
        self.stats.games += 1;
        let mut pos = *start;
        let mut out = vec![pos];
        let mut hist = Vec::new();
        // a few random moves for variety
        let random_plies = 2 + (splitmix(&mut self.rng) % 5) as usize;
        let levels = [
            2 + (splitmix(&mut self.rng) % 4) as u8,
            2 + (splitmix(&mut self.rng) % 4) as u8,
        ];
        let mut searcher = Searcher::new_on(2);
        for ply in 0..160 {
            let moves = legal::<R>(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = if ply < random_plies {
                moves[(splitmix(&mut self.rng) % moves.len() as u64) as usize]
            } else {
                let level = Level::new(levels[ply % 2]).unwrap_or(Level::MIN);
                let options = ChooseOptions {
                    history: &hist,
                    params: LevelParams {
                        movetime: Duration::from_secs(5),
                        ..level.params()
                    },
                    seed: splitmix(&mut self.rng),
                    ..ChooseOptions::default()
                };
                match choose_move_in::<R>(&mut searcher, &pos, &options, &[]) {
                    Some(r) => r.best_move,
                    None => break,
                }
            };
            hist.push(pos.hash());
            pos = pos.make(&mv);
            out.push(pos);
            if pos.occupied().count_ones() <= 3 {
                break;
            }
        }
        out
    }

    /// Try `pos` as a puzzle start.
    pub fn try_position(&mut self, pos: &Position<R::Shape>) -> Result<Puzzle<R>, Reject> {
        self.stats.positions += 1;
        if self.seen.contains(&pos.hash()) {
            return Err(Reject::Duplicate);
        }
        self.verifier.screen(pos)?;
        let solver = pos.side_to_move();
        let m0 = material_in::<R>(pos, solver);
        let r = self
            .finder
            .search_in::<R>(
                pos,
                &[],
                &Limits::depth(self.verifier.settings.find_depth),
                |_| {},
            )
            .ok_or(Reject::FewMoves)?;
        if !self.verifier.winning(r.score, m0, 0) {
            return Err(Reject::NotWinning);
        }
        self.stats.candidates += 1;
        self.seen.insert(pos.hash());
        let p = self.verifier.prove(pos)?;
        let fh = final_hash(&p);
        if !self.seen.insert(fh) {
            return Err(Reject::Duplicate);
        }
        self.stats.found += 1;
        Ok(p)
    }

    /// Try every position of a game; returns the puzzles found.
    pub fn mine_positions(&mut self, positions: &[Position<R::Shape>]) -> Vec<Puzzle<R>> {
        let mut out = Vec::new();
        for (i, pos) in positions.iter().enumerate() {
            if i < 6 {
                continue;
            }
            match self.try_position(pos) {
                Ok(p) => out.push(p),
                Err(e) => {
                    let key = match e {
                        Reject::Ambiguous(_) => "ambiguous".to_string(),
                        Reject::Mismatch(_) => "mismatch".to_string(),
                        other => other.to_string(),
                    };
                    *self.stats.rejected.entry(key).or_default() += 1;
                }
            }
        }
        out
    }
}

/// Hash of the position at the end of the main line (two puzzles found a
/// move apart in one game end in the same place).
fn final_hash<R: PuzzleRules>(p: &Puzzle<R>) -> u64 {
    let mut pos = p.start;
    for mv in p.main_line() {
        pos = pos.make(&mv);
    }
    pos.hash() ^ 0x5bd1_e995
}
