//! The miner: self-play between weak levels, every promising position
//! tried as a puzzle start.

use super::{material, Puzzle, Reject, Settings, Verifier};
use crate::position::Position;
use crate::rng::splitmix;
use crate::search::{choose_move, ChooseOptions, Level, LevelParams, Limits, Searcher};
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

/// Finds puzzles: plays games between weak levels (they miss shots, so the
/// other side gets them) and proves every promising position.
pub struct Miner {
    pub verifier: Verifier,
    finder: Searcher,
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
    pub fn new(settings: Settings, seed: u64) -> Miner {
        Miner {
            verifier: Verifier::new(settings),
            finder: Searcher::new(8),
            seen: HashSet::new(),
            rng: seed,
            stats: MinerStats::default(),
        }
    }

    /// Positions already used (start hashes and final positions), so that
    /// a later run does not repeat an earlier pack.
    pub fn mark_seen(&mut self, p: &Puzzle) {
        self.seen.insert(p.start.hash());
        self.seen.insert(final_hash(p));
    }

    /// A self-play game from `opening` (moves played first): the positions
    /// after each ply, the start included.
    pub fn selfplay(&mut self, start: &Position) -> Vec<Position> {
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
        let mut searcher = Searcher::new(2);
        for ply in 0..160 {
            let moves = pos.legal_moves();
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
                match choose_move(&mut searcher, &pos, &options) {
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
    pub fn try_position(&mut self, pos: &Position) -> Result<Puzzle, Reject> {
        self.stats.positions += 1;
        if self.seen.contains(&pos.hash()) {
            return Err(Reject::Duplicate);
        }
        self.verifier.screen(pos)?;
        let solver = pos.side_to_move();
        let m0 = material(pos, solver);
        let r = self
            .finder
            .search(
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
    pub fn mine_positions(&mut self, positions: &[Position]) -> Vec<Puzzle> {
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
fn final_hash(p: &Puzzle) -> u64 {
    let mut pos = p.start;
    for mv in p.main_line() {
        pos = pos.make(&mv);
    }
    pos.hash() ^ 0x5bd1_e995
}
