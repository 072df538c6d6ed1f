//! Round-robin schedules: the Berger tables of FIDE C.05 Annex 1, which FMJD
//! uses as well.
//!
//! With `m` table numbers (`m` = n, or n + 1 when n is odd), round 1 pairs
//! 1–m, 2–(m−1), …, (m/2)–(m/2+1), the first named having White. Each next
//! round adds m/2 to every number but m, modulo m − 1 (into 1..m−1), keeps
//! the boards' colours, and gives number m the other colour than before: it
//! is Black in odd rounds and White in even ones. For m = 6:
//!
//! ```text
//! round 1:  1-6  2-5  3-4
//! round 2:  6-4  5-3  1-2
//! round 3:  2-6  3-1  4-5
//! round 4:  6-5  1-4  2-3
//! round 5:  3-6  4-2  5-1
//! ```
//!
//! With an odd number of players the last number is a bye: whoever meets it
//! sits the round out. The double round robin plays the table twice, the
//! second cycle with colours swapped.
//!
//! In a correspondence event all the games of a round robin start at once;
//! the rounds still give each game its place in the crosstable and its
//! colours.

use super::{Pairing, PlayerId};

/// One round of a schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// 1-based round number.
    pub number: u32,
    pub pairings: Vec<Pairing>,
    /// The player who sits this round out (odd numbers of players).
    pub bye: Option<PlayerId>,
}

/// The single round robin of `n` players (players `0..n`; table number =
/// player + 1). Fewer than two players have no games.
pub fn berger(n: usize) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2; // table numbers 1..=m; m is the bye when n is odd
    let half = m / 2;
    // current round's boards as table numbers (white, black)
    let mut boards: Vec<(usize, usize)> = (1..=half).map(|i| (i, m + 1 - i)).collect();
    let mut rounds = Vec::with_capacity(m - 1);
    for r in 1..m {
        if r > 1 {
            let shift = |x: usize| {
                if x == m {
                    m
                } else {
                    (x - 1 + half) % (m - 1) + 1
                }
            };
            for b in boards.iter_mut() {
                *b = (shift(b.0), shift(b.1));
            }
            // number m changes colour every round: Black in odd rounds
            for b in boards.iter_mut() {
                if b.0 == m || b.1 == m {
                    let other = if b.0 == m { b.1 } else { b.0 };
                    *b = if r % 2 == 1 { (other, m) } else { (m, other) };
                }
            }
        }
        let mut pairings = Vec::with_capacity(half);
        let mut bye = None;
        for &(w, b) in &boards {
            if n % 2 == 1 && (w == m || b == m) {
                bye = Some(if w == m { b } else { w } - 1);
            } else {
                pairings.push(Pairing::new(w - 1, b - 1));
            }
        }
        rounds.push(Round {
            number: r as u32,
            pairings,
            bye,
        });
    }
    rounds
}

/// The double round robin: [`berger`] twice, the second cycle with colours
/// swapped and its rounds numbered on.
pub fn double_berger(n: usize) -> Vec<Round> {
    let first = berger(n);
    let len = first.len() as u32;
    let second: Vec<Round> = first
        .iter()
        .map(|r| Round {
            number: r.number + len,
            pairings: r.pairings.iter().map(|p| p.reversed()).collect(),
            bye: r.bye,
        })
        .collect();
    first.into_iter().chain(second).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn table(rounds: &[Round]) -> Vec<String> {
        rounds
            .iter()
            .map(|r| {
                r.pairings
                    .iter()
                    .map(|p| format!("{}-{}", p.white + 1, p.black + 1))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn six_players_match_the_fide_table() {
        // FIDE C.05 Annex 1, the table for 5 or 6 players
        assert_eq!(
            table(&berger(6)),
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
    }

    #[test]
    fn four_players_and_three_with_a_bye() {
        assert_eq!(table(&berger(4)), ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        let three = berger(3);
        assert_eq!(table(&three), ["2-3", "1-2", "3-1"]);
        let byes: Vec<_> = three.iter().map(|r| r.bye).collect();
        assert_eq!(byes, [Some(0), Some(2), Some(1)]);
    }

    /// For 3..=12 players: every pair meets exactly once, every player plays
    /// once per round (or has the bye), n−1 games each, at most one bye each,
    /// and the colours are balanced to ±1.
    #[test]
    fn every_pair_meets_once_with_balanced_colours() {
        for n in 3..=12 {
            let rounds = berger(n);
            assert_eq!(rounds.len(), n - 1 + n % 2, "{n} players: rounds");
            let mut met: HashMap<(usize, usize), u32> = HashMap::new();
            let mut whites = vec![0i32; n];
            let mut blacks = vec![0i32; n];
            let mut byes = vec![0; n];
            for r in &rounds {
                let mut seen = vec![false; n];
                for p in &r.pairings {
                    assert_ne!(p.white, p.black);
                    for x in [p.white, p.black] {
                        assert!(!seen[x], "{n} players: {x} twice in round {}", r.number);
                        seen[x] = true;
                    }
                    *met.entry((p.white.min(p.black), p.white.max(p.black)))
                        .or_default() += 1;
                    whites[p.white] += 1;
                    blacks[p.black] += 1;
                }
                if let Some(b) = r.bye {
                    assert!(!seen[b]);
                    seen[b] = true;
                    byes[b] += 1;
                }
                assert!(seen.iter().all(|&s| s), "{n} players: round {}", r.number);
                assert_eq!(r.bye.is_some(), n % 2 == 1);
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "{n} players: pairs");
            assert!(met.values().all(|&c| c == 1));
            for p in 0..n {
                assert_eq!(whites[p] + blacks[p], n as i32 - 1);
                assert!(
                    (whites[p] - blacks[p]).abs() <= 1,
                    "{n} players: player {p} has {} W {} B",
                    whites[p],
                    blacks[p]
                );
                assert!(byes[p] <= 1);
            }
        }
    }

    #[test]
    fn double_round_robin_swaps_colours() {
        for n in 3..=12 {
            let rounds = double_berger(n);
            let len = berger(n).len();
            assert_eq!(rounds.len(), 2 * len);
            let mut games: HashMap<(usize, usize), u32> = HashMap::new();
            for (i, r) in rounds.iter().enumerate() {
                assert_eq!(r.number as usize, i + 1);
                for p in &r.pairings {
                    *games.entry((p.white, p.black)).or_default() += 1;
                }
            }
            // each ordered pair once: each pair twice, once with each colour
            assert_eq!(games.len(), n * (n - 1));
            assert!(games.values().all(|&c| c == 1));
        }
    }

    #[test]
    fn too_few_players_have_no_rounds() {
        assert!(berger(0).is_empty());
        assert!(berger(1).is_empty());
        assert_eq!(table(&berger(2)), ["1-2"]);
    }
}
