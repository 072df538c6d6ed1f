//! The eight playing levels. Weak levels are weak the way people are: they
//! look only a few moves ahead, now and then look one move less far (and miss
//! a shot), and pick among the moves that look about as good as the best one
//! with a little personal taste (seeded noise) — but never a move that their
//! own search sees losing material outright.

use super::{Evaluate, Limits, SearchResult, Searcher};
use crate::moves::Move;
use crate::position::Position;
use crate::rng::splitmix;
use crate::rules::{Rules, Variant8};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A playing level, 1 (beginner) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level may do for one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// Deepest iteration (`None`: only the time limits it).
    pub depth: Option<u32>,
    /// Hard time limit per move.
    pub movetime: Duration,
    /// Taste: a random amount in ±`noise` centi-men is added to each
    /// candidate's score before picking the best.
    pub noise: i32,
    /// Candidates are the moves scoring within `margin` of the best.
    pub margin: i32,
    /// Percent chance of looking one ply less deep on this move.
    pub miss_percent: u32,
    /// Transposition table size.
    pub tt_mb: usize,
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// Level `n` (1..=8).
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    /// The time budget per move (the hard limit of the search).
    pub fn budget(self) -> Duration {
        self.params().movetime
    }

    /// The level's settings; callers may change them (e.g. its `movetime`).
    pub fn params(self) -> LevelParams {
        let (depth, ms, noise, margin, miss, tt) = match self.0 {
            1 => (Some(1), 300, 60, 90, 0, 1),
            2 => (Some(2), 300, 40, 60, 15, 1),
            3 => (Some(3), 400, 25, 40, 10, 1),
            4 => (Some(4), 400, 15, 25, 5, 2),
            5 => (Some(5), 500, 8, 15, 3, 4),
            6 => (Some(7), 500, 0, 0, 0, 8),
            7 => (Some(10), 700, 0, 0, 0, 16),
            _ => (None, 2500, 0, 0, 0, 32),
        };
        LevelParams {
            depth,
            movetime: Duration::from_millis(ms),
            noise,
            margin,
            miss_percent: miss,
            tt_mb: tt,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How to choose one move: the game so far, the level's settings, the seed
/// of its taste and a way to stop it.
#[derive(Clone, Debug)]
pub struct ChooseOptions<'a> {
    /// Hashes of the game's earlier positions, oldest first (repetitions).
    pub history: &'a [u64],
    /// Plies of king moves already played without a capture or man move
    /// (the 15-move rule); 0 when unknown.
    pub kings_only_plies: u32,
    /// The level's settings, possibly customised (e.g. a shorter movetime).
    pub params: LevelParams,
    /// Makes the weak levels' choices reproducible.
    pub seed: u64,
    /// Set from another thread to get an answer at once.
    pub stop: Option<Arc<AtomicBool>>,
    /// The rules to play by.
    pub variant: Variant8,
}

impl Default for ChooseOptions<'_> {
    /// Full strength ([`Level::MAX`]) from a position with no known past,
    /// seed 0, not stoppable, Russian rules.
    fn default() -> Self {
        ChooseOptions {
            history: &[],
            kings_only_plies: 0,
            params: Level::MAX.params(),
            seed: 0,
            stop: None,
            variant: Variant8::Russian,
        }
    }
}

/// Choose the bot's move in `pos` as `options` say, with `searcher` (its
/// table survives between moves; `Searcher::new(params.tt_mb)` for a fresh
/// one). `None` when there is no legal move. Meant to be called on a worker
/// thread: it blocks for up to `options.params.movetime`.
pub fn choose_move(
    searcher: &mut Searcher,
    pos: &Position,
    options: &ChooseOptions<'_>,
) -> Option<SearchResult> {
    crate::with_rules!(options.variant, R => choose_move_in::<R>(searcher, pos, options, &[]))
}

/// [`choose_move`] by the rules `R` on any board (`options.variant` is not
/// read). `allowed`: the moves the game allows when it allows fewer than
/// the position (Frisian's king-move limit, [`crate::game::GameOn::legal_moves`]);
/// empty for all.
pub fn choose_move_in<R: Rules>(
    searcher: &mut Searcher<R::Shape>,
    pos: &Position<R::Shape>,
    options: &ChooseOptions<'_>,
    allowed: &[Move<R::Shape>],
) -> Option<SearchResult<R::Shape>>
where
    R::Shape: Evaluate,
{
    searcher.set_root_moves(allowed);
    let ChooseOptions {
        history,
        kings_only_plies,
        ref params,
        seed,
        ref stop,
        variant,
    } = *options;
    let start = Instant::now();
    let mut rng = seed ^ pos.hash().rotate_left(17);
    let mut depth = params.depth;
    if let Some(d) = depth {
        if params.miss_percent > 0 && (splitmix(&mut rng) % 100) < params.miss_percent as u64 {
            depth = Some(d.saturating_sub(1).max(1));
        }
    }
    let limits = Limits {
        depth,
        movetime: Some(params.movetime),
        stop: stop.clone(),
        quiet_plies: kings_only_plies,
        variant,
        ..Limits::default()
    };
    let result = searcher.search_in::<R>(pos, history, &limits, |_| {})?;
    let (Some(d), true) = (depth, params.noise > 0 || params.margin > 0) else {
        return Some(result);
    };
    if result.depth < d {
        return Some(result); // out of time already
    }
    let left = params.movetime.saturating_sub(start.elapsed());
    let scored = searcher.root_scores_in::<R>(
        pos,
        history,
        d,
        &Limits {
            movetime: Some(left),
            stop: stop.clone(),
            quiet_plies: kings_only_plies,
            variant,
            ..Limits::default()
        },
    );
    if searcher.stopped || scored.is_empty() {
        return Some(result);
    }
    let best = scored[0].1;
    let mut pick = scored[0];
    let mut pick_value = i64::MIN;
    for &(mv, s) in &scored {
        if s < best - params.margin {
            break;
        }
        let span = 2 * params.noise as u64 + 1;
        let noise = (splitmix(&mut rng) % span) as i64 - params.noise as i64;
        let v = s as i64 + noise;
        if v > pick_value {
            pick_value = v;
            pick = (mv, s);
        }
    }
    let mut out = result;
    if pick.0 != out.best_move {
        out.best_move = pick.0;
        out.score = pick.1;
        out.pv = vec![pick.0];
    }
    out.elapsed = start.elapsed();
    Some(out)
}
