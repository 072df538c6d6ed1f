//! Scores and standings: game points 2/1/0 (shown as 1/½/0 too), the
//! micro-match score 0–4, byes, the withdrawal rule, tiebreaks and places.
//!
//! Withdrawal (FMJD practice, as in the Russian draughts rules): a player
//! who withdraws, or is removed (for example after two time forfeits, see
//! [`removed_for_forfeits`]), loses the games not yet played; but in a
//! round robin, if they played fewer than half their games, their results
//! are annulled instead and they leave the table. In a Swiss event results
//! always stand: the pending games are forfeited and the player is simply
//! not paired again.

#[cfg(test)]
mod tests;
pub mod tiebreak;

use super::{Color, Format, GameResult, PlayerId};
use std::collections::{HashMap, HashSet};
pub use tiebreak::{Tiebreak, UnknownTiebreak, Value};

/// A game on the schedule, finished or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    pub round: u32,
    pub white: PlayerId,
    pub black: PlayerId,
    pub result: Option<GameResult>,
}

/// Byes: the pairing-allocated one (a round win's points) and the half-point
/// one (a draw's: a late entry's missed round, or requested).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    Full,
    Half,
}

/// A bye in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub round: u32,
    pub player: PlayerId,
    pub kind: ByeKind,
}

/// Everything the standings are computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub players: usize,
    pub format: Format,
    /// Micro-matches: two games a pairing (a round), colours reversed.
    pub micro: bool,
    pub games: Vec<Game>,
    pub byes: Vec<Bye>,
    /// Players who withdrew or were removed.
    pub withdrawn: Vec<PlayerId>,
    /// Tiebreaks in order (see [`Tiebreak::defaults`]).
    pub tiebreaks: Vec<Tiebreak>,
}

/// Whether two time forfeits remove a player (FMJD correspondence practice).
pub fn removed_for_forfeits(time_forfeits: u32) -> bool {
    time_forfeits >= 2
}

/// How a game counts after the withdrawal rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Played to a result (a time forfeit is a result too).
    Result(GameResult),
    /// Not played: a withdrawn player's remaining game, won by the other.
    Forfeit(GameResult),
    /// Not played, both players withdrawn: lost by both.
    DoubleForfeit,
    /// Played or not, it does not count: a player's results were annulled.
    Annulled,
    /// Still to be played.
    Pending,
}

impl Outcome {
    /// Game points for `colour`, if the game counts.
    pub fn points(self, colour: Color) -> Option<u32> {
        match self {
            Outcome::Result(r) | Outcome::Forfeit(r) => Some(r.points(colour)),
            Outcome::DoubleForfeit => Some(0),
            Outcome::Annulled | Outcome::Pending => None,
        }
    }
}

/// A scheduled game with how it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    pub round: u32,
    pub white: PlayerId,
    pub black: PlayerId,
    pub outcome: Outcome,
}

impl Counted {
    /// Points of `p` (who must play in it), if the game counts.
    pub fn points_of(&self, p: PlayerId) -> Option<u32> {
        self.outcome.points(if p == self.white {
            Color::White
        } else {
            Color::Black
        })
    }

    pub fn opponent(&self, p: PlayerId) -> PlayerId {
        if p == self.white {
            self.black
        } else {
            self.white
        }
    }
}

/// A player's standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Status {
    Active,
    /// Withdrew with the results standing (remaining games forfeited).
    Withdrawn,
    /// Withdrew from a round robin before half their games: out of the table.
    Annulled,
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: PlayerId,
    /// Game points, 2/1/0 a game, byes included.
    pub points: u32,
    /// Games that count (played and forfeited).
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The event's tiebreaks in order; `None` where a criterion does not
    /// apply (head-to-head for a player not tied).
    pub tiebreaks: Vec<Option<Value>>,
    /// The place, shared places as a range (`(3, 4)` is "3–4"); `None` for
    /// an annulled player.
    pub place: Option<(u32, u32)>,
    pub status: Status,
}

/// The standings, best first (annulled players last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub format: Format,
    pub micro: bool,
    pub tiebreaks: Vec<Tiebreak>,
    pub rows: Vec<Standing>,
    /// Every scheduled game with how it counts.
    pub games: Vec<Counted>,
    pub byes: Vec<Bye>,
}

impl Table {
    /// The row of player `p`.
    pub fn row(&self, p: PlayerId) -> Option<&Standing> {
        self.rows.iter().find(|r| r.player == p)
    }

    /// The counted games between `a` and `b`, in round order.
    pub fn between(&self, a: PlayerId, b: PlayerId) -> Vec<&Counted> {
        let mut v: Vec<&Counted> = self
            .games
            .iter()
            .filter(|g| (g.white == a && g.black == b) || (g.white == b && g.black == a))
            .collect();
        v.sort_by_key(|g| g.round);
        v
    }

    /// `a`'s score against `b` in `round` (0–4 in a micro-match, 0–2 in a
    /// single game), if any game there counts.
    pub fn match_score(&self, a: PlayerId, b: PlayerId, round: u32) -> Option<u32> {
        let pts: Vec<u32> = self
            .between(a, b)
            .into_iter()
            .filter(|g| g.round == round)
            .filter_map(|g| g.points_of(a))
            .collect();
        (!pts.is_empty()).then(|| pts.iter().sum())
    }
}

/// Apply the withdrawal rule to the schedule.
pub fn count_games(event: &Event) -> Vec<Counted> {
    let round_robin = !event.format.is_swiss();
    let withdrawn: HashSet<PlayerId> = event.withdrawn.iter().copied().collect();
    let annulled = annulled_players(event);
    event
        .games
        .iter()
        .map(|g| {
            let outcome =
                if round_robin && (annulled.contains(&g.white) || annulled.contains(&g.black)) {
                    Outcome::Annulled
                } else if let Some(r) = g.result {
                    Outcome::Result(r)
                } else {
                    match (withdrawn.contains(&g.white), withdrawn.contains(&g.black)) {
                        (true, true) => Outcome::DoubleForfeit,
                        (true, false) => Outcome::Forfeit(GameResult::BlackWins),
                        (false, true) => Outcome::Forfeit(GameResult::WhiteWins),
                        (false, false) => Outcome::Pending,
                    }
                };
            Counted {
                round: g.round,
                white: g.white,
                black: g.black,
                outcome,
            }
        })
        .collect()
}

/// Withdrawn round-robin players who had played fewer than half their
/// scheduled games.
fn annulled_players(event: &Event) -> HashSet<PlayerId> {
    if event.format.is_swiss() {
        return HashSet::new();
    }
    event
        .withdrawn
        .iter()
        .copied()
        .filter(|&p| {
            let mine = event.games.iter().filter(|g| g.white == p || g.black == p);
            let (scheduled, played) =
                mine.fold((0, 0), |(s, d), g| (s + 1, d + g.result.is_some() as u32));
            played * 2 < scheduled
        })
        .collect()
}

/// The standings of an event.
pub fn standings(event: &Event) -> Table {
    let games = count_games(event);
    let annulled = annulled_players(event);
    let withdrawn: HashSet<PlayerId> = event.withdrawn.iter().copied().collect();
    let n = event.players;
    let per_round = if event.micro { 2 } else { 1 };
    let byes: Vec<Bye> = event
        .byes
        .iter()
        .copied()
        .filter(|b| !annulled.contains(&b.player))
        .collect();

    let mut rows: Vec<Standing> = (0..n)
        .map(|p| Standing {
            player: p,
            points: 0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            tiebreaks: Vec::new(),
            place: None,
            status: if annulled.contains(&p) {
                Status::Annulled
            } else if withdrawn.contains(&p) {
                Status::Withdrawn
            } else {
                Status::Active
            },
        })
        .collect();
    for g in &games {
        for p in [g.white, g.black] {
            if let Some(pts) = g.points_of(p) {
                let r = &mut rows[p];
                r.points += pts;
                r.games += 1;
                match pts {
                    2 => r.wins += 1,
                    1 => r.draws += 1,
                    _ => r.losses += 1,
                }
            }
        }
    }
    for b in &byes {
        rows[b.player].points += per_round
            * match b.kind {
                ByeKind::Full => super::WIN,
                ByeKind::Half => super::DRAW,
            };
    }
    let points: Vec<u32> = rows.iter().map(|r| r.points).collect();
    let values = static_values(&event.tiebreaks, &games, &byes, &points, &rows);

    // rank: points, then each tiebreak within the groups still tied
    let ranked: Vec<PlayerId> = (0..n).filter(|p| !annulled.contains(p)).collect();
    let mut groups: Vec<Vec<PlayerId>> = split_by(ranked, |p| Value::whole(points[p] as i64));
    let mut shown: Vec<Vec<Option<Value>>> = vec![vec![None; event.tiebreaks.len()]; n];
    for (k, t) in event.tiebreaks.iter().enumerate() {
        let mut next = Vec::new();
        for g in groups {
            let vals: HashMap<PlayerId, Option<Value>> = if *t == Tiebreak::HeadToHead {
                head_to_head(&g, &games)
            } else {
                g.iter().map(|&p| (p, Some(values[k][p]))).collect()
            };
            for &p in &g {
                shown[p][k] = vals[&p];
            }
            if g.len() == 1 {
                next.push(g);
            } else {
                next.extend(split_by(g, |p| vals[&p].unwrap_or_default()));
            }
        }
        groups = next;
    }
    let mut order = Vec::with_capacity(n);
    let mut place = 1;
    for g in groups {
        let to = place + g.len() as u32 - 1;
        for p in g {
            rows[p].place = Some((place, to));
            order.push(p);
        }
        place = to + 1;
    }
    order.extend(
        annulled
            .iter()
            .copied()
            .collect::<std::collections::BTreeSet<_>>(),
    );
    for (p, row) in rows.iter_mut().enumerate() {
        row.tiebreaks = shown[p].clone();
    }
    let mut rows_by_id: Vec<Option<Standing>> = rows.into_iter().map(Some).collect();
    Table {
        format: event.format,
        micro: event.micro,
        tiebreaks: event.tiebreaks.clone(),
        rows: order
            .into_iter()
            .map(|p| rows_by_id[p].take().expect("each player once"))
            .collect(),
        games,
        byes,
    }
}

/// Sort (descending by key, then by id) and split into runs of equal key.
fn split_by(mut ps: Vec<PlayerId>, key: impl Fn(PlayerId) -> Value) -> Vec<Vec<PlayerId>> {
    ps.sort_by_key(|&p| (std::cmp::Reverse(key(p)), p));
    let mut out: Vec<Vec<PlayerId>> = Vec::new();
    for p in ps {
        match out.last_mut() {
            Some(g) if key(g[0]) == key(p) => g.push(p),
            _ => out.push(vec![p]),
        }
    }
    out
}

/// The tiebreaks that do not depend on who else is tied, per player.
fn static_values(
    tiebreaks: &[Tiebreak],
    games: &[Counted],
    byes: &[Bye],
    points: &[u32],
    rows: &[Standing],
) -> Vec<Vec<Value>> {
    let n = points.len();
    // Buchholz units: one per (player, round): the opponent's points, or
    // for a bye the player's own
    let mut units: Vec<HashMap<u32, i64>> = vec![HashMap::new(); n];
    let mut sb = vec![0i64; n];
    for g in games {
        for p in [g.white, g.black] {
            if let Some(pts) = g.points_of(p) {
                let opp = points[g.opponent(p)] as i64;
                sb[p] += pts as i64 * opp; // (pts/2)·opp in half-units
                units[p].insert(g.round, opp);
            }
        }
    }
    for b in byes {
        units[b.player].insert(b.round, points[b.player] as i64);
    }
    tiebreaks
        .iter()
        .map(|t| {
            (0..n)
                .map(|p| match t {
                    Tiebreak::Wins => Value::whole(rows[p].wins as i64),
                    Tiebreak::SonnebornBerger => Value(sb[p]),
                    Tiebreak::Buchholz => Value::whole(units[p].values().sum()),
                    Tiebreak::SolkoffTruncated => {
                        let sum: i64 = units[p].values().sum();
                        let low = units[p].values().min().copied().unwrap_or(0);
                        Value::whole(sum - low)
                    }
                    Tiebreak::HeadToHead => Value::default(),
                })
                .collect()
        })
        .collect()
}

/// Points scored in the games among `group`, if every two of them met.
fn head_to_head(group: &[PlayerId], games: &[Counted]) -> HashMap<PlayerId, Option<Value>> {
    let members: HashSet<PlayerId> = group.iter().copied().collect();
    let mut pts: HashMap<PlayerId, i64> = HashMap::new();
    let mut met: HashSet<(PlayerId, PlayerId)> = HashSet::new();
    for g in games {
        if members.contains(&g.white) && members.contains(&g.black) {
            for p in [g.white, g.black] {
                if let Some(x) = g.points_of(p) {
                    *pts.entry(p).or_default() += x as i64;
                    met.insert((g.white.min(g.black), g.white.max(g.black)));
                }
            }
        }
    }
    let all_met = met.len() == group.len() * (group.len() - 1) / 2;
    group
        .iter()
        .map(|&p| {
            let v = (all_met && group.len() > 1)
                .then(|| Value::whole(pts.get(&p).copied().unwrap_or(0)));
            (p, v)
        })
        .collect()
}
