//! Swiss pairing by the FIDE (Dutch) system, C.04.3 (the version approved
//! at Baku 2016, in force 2017–2025; article numbers below are that
//! version's), pairing one round at a time from the standings so far.
//!
//! The Dutch rules describe a bracket-by-bracket search over transpositions
//! and exchanges (C.04.3 B, D). The same criteria can be met more robustly
//! as one maximum-weight matching over the whole round, as the FIDE
//! endorsed pairing programs do: every possible pair is an edge whose weight
//! encodes the criteria it satisfies, most important first, so the heaviest
//! perfect matching is the best pairing by those criteria taken in order.
//!
//! What is followed, and how:
//!
//! - A.1/A.2 order: players are ranked by score, then pairing number
//!   (entry order; late entries go to the end).
//! - C.1 (absolute) no rematches: such pairs get no edge.
//! - C.2 (absolute) at most one pairing-allocated bye: with an odd number of
//!   players a dummy vertex stands for the bye and has edges only to
//!   players without a full-point bye yet. Half-point byes (late entry,
//!   requested) do not count.
//! - C.3 (absolute) no two players with the same absolute colour preference
//!   (A.6 a) meet: the heaviest criterion of the weight, so it gives way only
//!   when no pairing at all exists otherwise. Simplification: the
//!   topscorers' exemption of the final round is not made, so colour
//!   differences stay within ±2 and nobody gets a colour three times running.
//! - C.5 as many pairs as possible: the matching is of maximum cardinality;
//!   a round where somebody stays unpaired is an error, not a pairing.
//! - C.6 minimise the score differences (PSD, A.8), the bye counting as a
//!   pair with a virtual player one round-win below the lowest score.
//!   Simplification: the sum of squared differences is minimised rather
//!   than the PSD compared lexicographically (they agree except where one
//!   large float competes with several smaller ones).
//! - C.10/C.11 minimise the players not given their colour preference, then
//!   their strong preference.
//! - C.12–C.15 avoid giving the same downfloat/upfloat as in the previous
//!   round, then as two rounds before (A.4: a bye counts as a downfloat).
//! - B.3/D.1 the downfloater is the lowest-ranked player of its group (a
//!   transposition is tried before an exchange moves a higher player), the
//!   bye goes to the lowest-ranked eligible player, a floater meets the
//!   highest-ranked player of the group below (MDPs are paired first, with
//!   S2 in order), and within a scoregroup the top half meets the bottom
//!   half in order (1–5, 2–6, … in a group of eight). These are the lightest
//!   criteria, in that order, each a squared distance from the ideal.
//!   Simplification: the exact transposition and exchange order of D is not
//!   reproduced where the ideal pairing is blocked.
//! - C.7 (look-ahead to the next bracket), C.8/C.9 (topscorers) and
//!   C.16–C.19 (score differences of repeated floaters) are not modelled.
//! - E colours: [`colour::allocate`] follows E.1–E.5 (initial colour White).
//!
//! The weight: each edge gets a penalty per criterion; with `mₗ` the largest
//! penalty of criterion `l` and `P` the number of pairs, the edge weight is
//! Σ (mₗ − pₗ)·Bₗ with B_last = 1 and Bₗ = Bₗ₊₁·(P·mₗ₊₁ + 1), so no sum of
//! lighter criteria over a whole pairing can outweigh one unit of a heavier
//! one: maximising the total weight minimises the penalties in order.

pub mod colour;
#[cfg(test)]
mod tests;

use super::matching::max_weight_matching;
use super::{Color, Pairing, PlayerId};
use colour::{Preference, Strength};
use std::collections::HashSet;

/// A float (C.04.3 A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Float {
    /// Paired with a lower score, or not paired at all (a bye).
    Down,
    /// Paired with a higher score.
    Up,
}

/// What a player did in one past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Past {
    /// Met `opponent`. `colour` is this player's colour, `None` in a
    /// micro-match (both colours at once); `float` as [`SwissRound::floats`]
    /// gave it.
    Played {
        opponent: PlayerId,
        colour: Option<Color>,
        float: Option<Float>,
    },
    /// The pairing-allocated bye (a round win's points): once per player.
    FullBye,
    /// A half-point bye: a round missed by a late entry, or requested.
    HalfBye,
    /// Not paired and no points.
    Absent,
}

impl Past {
    fn float(self) -> Option<Float> {
        match self {
            Past::Played { float, .. } => float,
            Past::FullBye => Some(Float::Down),
            _ => None,
        }
    }
}

/// A player to be paired this round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub id: PlayerId,
    /// The score so far, in game points (2/1/0 a game, byes included).
    pub score: u32,
    /// One entry per past round, oldest first (a late entry's missed rounds
    /// as [`Past::HalfBye`]).
    pub history: Vec<Past>,
}

impl Entrant {
    fn has_met(&self, other: PlayerId) -> bool {
        self.history
            .iter()
            .any(|p| matches!(p, Past::Played { opponent, .. } if *opponent == other))
    }

    fn had_full_bye(&self) -> bool {
        self.history.contains(&Past::FullBye)
    }

    /// The float `back` rounds ago (1 = the previous round).
    fn float_ago(&self, back: usize) -> Option<Float> {
        let len = self.history.len();
        (back <= len).then(|| self.history[len - back].float())?
    }
}

/// One round's pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    /// Board order: the highest-ranked pairs first.
    pub pairings: Vec<Pairing>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerId>,
    /// Who floated, for the players' next [`Past::Played`]/[`Past::FullBye`].
    pub floats: Vec<(PlayerId, Float)>,
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("a round needs at least two players")]
    TooFewPlayers,
    #[error("the same player is listed twice")]
    Duplicate,
    #[error("no pairing without a rematch or a second bye exists")]
    NoPairing,
}

/// Whether a late entry may still join before round `next_round` (1-based)
/// of `rounds`: only before half the rounds have been paired.
pub fn may_join(next_round: u32, rounds: u32) -> bool {
    next_round.saturating_sub(1) * 2 < rounds
}

/// The history of a late entry joining before round `next_round`: a
/// half-point bye for every missed round. The score is `history.len()`
/// times a draw's worth of points for a round (1 a game).
pub fn late_entry_history(next_round: u32) -> Vec<Past> {
    vec![Past::HalfBye; next_round.saturating_sub(1) as usize]
}

/// Pair one Swiss round. `round_win` is the points of a won round (2 for
/// single games, 4 for micro-matches), used to score the bye (A.8).
pub fn pair_round(entrants: &[Entrant], round_win: u32) -> Result<SwissRound, PairingError> {
    if entrants.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    let ids: HashSet<PlayerId> = entrants.iter().map(|e| e.id).collect();
    if ids.len() != entrants.len() {
        return Err(PairingError::Duplicate);
    }
    // A.2: by score, then pairing number
    let mut order: Vec<&Entrant> = entrants.iter().collect();
    order.sort_by_key(|e| (std::cmp::Reverse(e.score), e.id));
    let k = order.len();
    let prefs: Vec<Preference> = order.iter().map(|e| Preference::of(&e.history)).collect();
    // place in scoregroup and the group's size
    let mut pos = vec![0usize; k];
    let mut size = vec![0usize; k];
    let mut start = 0;
    while start < k {
        let end = (start..k)
            .find(|&j| order[j].score != order[start].score)
            .unwrap_or(k);
        for j in start..end {
            pos[j] = j - start;
            size[j] = end - start;
        }
        start = end;
    }
    let lowest = order[k - 1].score as i64;
    let bye_score = lowest - round_win as i64; // A.8's virtual player
    let dummy = k; // the bye vertex when k is odd

    let mut candidates: Vec<(usize, usize, [i64; LEVELS])> = Vec::new();
    for i in 0..k {
        for j in i + 1..k {
            if order[i].has_met(order[j].id) {
                continue; // C.1
            }
            candidates.push((i, j, pair_penalties(i, j, &order, &prefs, &pos, &size)));
        }
        if k % 2 == 1 && !order[i].had_full_bye() {
            candidates.push((i, dummy, bye_penalties(i, &order, &pos, &size, bye_score)));
        }
    }
    let pairs = k.div_ceil(2) as i128;
    let edges = weigh(&candidates, pairs);
    let vertices = k + k % 2;
    let mate = max_weight_matching(vertices, &edges, true);
    if mate.iter().any(Option::is_none) {
        return Err(PairingError::NoPairing);
    }

    let mut pairings = Vec::new();
    let mut floats = Vec::new();
    let mut bye = None;
    for i in 0..k {
        let m = mate[i].expect("perfect matching");
        if m == dummy {
            bye = Some(order[i].id);
            floats.push((order[i].id, Float::Down));
        } else if m > i {
            pairings.push(colour::allocate(order[i], order[m]));
            if order[i].score != order[m].score {
                floats.push((order[i].id, Float::Down));
                floats.push((order[m].id, Float::Up));
            }
        }
    }
    Ok(SwissRound {
        pairings,
        bye,
        floats,
    })
}

/// Criteria levels, heaviest first: C.3, C.6, C.10, C.11, C.12, C.13, C.14,
/// C.15, then the ordering of B.3/D.1: who floats down (or gets the bye),
/// whom a floater meets, the fold within a scoregroup.
const LEVELS: usize = 11;

fn pair_penalties(
    i: usize,
    j: usize,
    order: &[&Entrant],
    prefs: &[Preference],
    pos: &[usize],
    size: &[usize],
) -> [i64; LEVELS] {
    let (a, b) = (order[i], order[j]); // a is the higher-ranked
    let diff = (a.score as i64 - b.score as i64).abs();
    let floats = diff > 0;
    let repeat =
        |e: &Entrant, back: usize, f: Float| (floats && e.float_ago(back) == Some(f)) as i64;
    // B.3/D.1: who floats (the group's last player), whom the floater
    // meets (the next group's first), and the fold within a group (top
    // half against bottom half in order), each a squared distance
    let (who, partner, fold) = if floats {
        let up = (size[i] - 1 - pos[i]) as i64;
        let down = pos[j] as i64;
        (up * up, down * down, 0)
    } else {
        let half = (size[i] / 2) as i64;
        let d = (pos[j] as i64 - pos[i] as i64) - half;
        (0, 0, d * d)
    };
    [
        prefs[i].clash(prefs[j], Strength::Absolute) as i64,
        diff * diff,
        prefs[i].clash(prefs[j], Strength::Mild) as i64,
        prefs[i].clash(prefs[j], Strength::Strong) as i64,
        repeat(a, 1, Float::Down),
        repeat(b, 1, Float::Up),
        repeat(a, 2, Float::Down),
        repeat(b, 2, Float::Up),
        who,
        partner,
        fold,
    ]
}

fn bye_penalties(
    i: usize,
    order: &[&Entrant],
    pos: &[usize],
    size: &[usize],
    bye_score: i64,
) -> [i64; LEVELS] {
    let e = order[i];
    let diff = e.score as i64 - bye_score;
    let up = (size[i] - 1 - pos[i]) as i64; // 0 for the group's last player
    [
        0,
        diff * diff,
        0,
        0,
        (e.float_ago(1) == Some(Float::Down)) as i64,
        0,
        (e.float_ago(2) == Some(Float::Down)) as i64,
        0,
        up * up,
        0,
        0,
    ]
}

/// Combine the penalty levels into one weight a pair, heaviest level first
/// (see the module documentation).
fn weigh(candidates: &[(usize, usize, [i64; LEVELS])], pairs: i128) -> Vec<(usize, usize, i128)> {
    let mut max = [0i128; LEVELS];
    for (_, _, p) in candidates {
        for l in 0..LEVELS {
            max[l] = max[l].max(p[l] as i128);
        }
    }
    let mut base = [1i128; LEVELS];
    for l in (0..LEVELS - 1).rev() {
        base[l] = base[l + 1]
            .checked_mul(pairs * max[l + 1] + 1)
            .expect("pairing weights fit in i128");
    }
    candidates
        .iter()
        .map(|&(v, w, p)| {
            let weight = (0..LEVELS)
                .map(|l| (max[l] - p[l] as i128) * base[l])
                .sum::<i128>();
            (v, w, weight)
        })
        .collect()
}
