//! Swiss pairing: a worked first round and properties over simulated
//! events of 8–64 players with random results from fixed seeds.

use super::colour::colours;
use super::*;
use crate::tournament::rng::SplitMix64;
use std::collections::HashSet;

fn fresh(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|id| Entrant {
            id,
            score: 0,
            history: Vec::new(),
        })
        .collect()
}

#[test]
fn round_one_pairs_top_half_against_bottom_half() {
    // C.04.3 B.3 with E.5: 1–5, 6–2, 3–7, 8–4 (odd pairing numbers White)
    let r = pair_round(&fresh(8), 2).unwrap();
    let boards: Vec<(usize, usize)> = r
        .pairings
        .iter()
        .map(|p| (p.white + 1, p.black + 1))
        .collect();
    assert_eq!(boards, [(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(r.bye, None);
    // seven players: the lowest-ranked, number 7, gets the bye
    let r = pair_round(&fresh(7), 2).unwrap();
    assert_eq!(r.bye, Some(6));
    assert_eq!(r.floats, [(6, Float::Down)]);
    let boards: Vec<(usize, usize)> = r
        .pairings
        .iter()
        .map(|p| (p.white + 1, p.black + 1))
        .collect();
    assert_eq!(boards, [(1, 4), (5, 2), (3, 6)]);
}

#[test]
fn scoregroups_rematches_and_the_bye() {
    // after round 1 of five players: 1 beat 4, 2 beat 3 (hypothetically
    // 1–4, 2–3, bye 5). Scores 1: 2, 2: 2, 5: 2 (the bye), 3: 0, 4: 0.
    let played = |o: usize, c: Color| Past::Played {
        opponent: o,
        colour: Some(c),
        float: None,
    };
    let es = vec![
        Entrant {
            id: 0,
            score: 2,
            history: vec![played(3, Color::White)],
        },
        Entrant {
            id: 1,
            score: 2,
            history: vec![played(2, Color::White)],
        },
        Entrant {
            id: 2,
            score: 0,
            history: vec![played(1, Color::Black)],
        },
        Entrant {
            id: 3,
            score: 0,
            history: vec![played(0, Color::Black)],
        },
        Entrant {
            id: 4,
            score: 2,
            history: vec![Past::FullBye],
        },
    ];
    let r = pair_round(&es, 2).unwrap();
    // The top group {1, 2, 5} is odd. 1–2 would leave both 1 and 2 without
    // their (strong, Black) colour preference (C.10), so 1–5 (a
    // transposition of S2) and 2 floats down (B.3: the group's lowest-ranked
    // player that can). In the last bracket {2, 3, 4} 2–3 is a rematch:
    // 2–4, and 3 has the bye (5 already had one, C.2).
    let met: HashSet<(usize, usize)> = r
        .pairings
        .iter()
        .map(|p| (p.white.min(p.black), p.white.max(p.black)))
        .collect();
    assert_eq!(met, HashSet::from([(0, 4), (1, 3)]));
    assert_eq!(r.bye, Some(2));
    // colours: 1 wants Black, 5 has no preference; 2 wants Black, 4 White
    assert!(r.pairings.contains(&Pairing::new(4, 0)));
    assert!(r.pairings.contains(&Pairing::new(3, 1)));
    let mut floats = r.floats.clone();
    floats.sort_by_key(|f| f.0);
    assert_eq!(floats, [(1, Float::Down), (2, Float::Down), (3, Float::Up)]);
}

#[test]
fn errors() {
    assert_eq!(pair_round(&fresh(1), 2), Err(PairingError::TooFewPlayers));
    let mut es = fresh(2);
    es[1].id = 0;
    assert_eq!(pair_round(&es, 2), Err(PairingError::Duplicate));
    // two players who already met cannot be paired again
    let mut es = fresh(2);
    es[0].history.push(Past::Played {
        opponent: 1,
        colour: None,
        float: None,
    });
    es[1].history.push(Past::Played {
        opponent: 0,
        colour: None,
        float: None,
    });
    assert_eq!(pair_round(&es, 2), Err(PairingError::NoPairing));
    assert!(may_join(1, 7) && may_join(4, 7) && !may_join(5, 7));
    assert!(may_join(3, 5) && !may_join(4, 5));
    assert_eq!(late_entry_history(3), [Past::HalfBye, Past::HalfBye]);
}

/// A simulated event: results drawn with a bias to the lower pairing
/// numbers (the stronger players), late entries and a withdrawal.
struct Sim {
    rng: SplitMix64,
    micro: bool,
    score: Vec<u32>,
    history: Vec<Vec<Past>>,
    active: Vec<bool>,
}

impl Sim {
    fn round_win(&self) -> u32 {
        if self.micro {
            4
        } else {
            2
        }
    }

    /// Game points of the first player in one game.
    fn game(&mut self, a: usize, b: usize) -> u32 {
        let x = self.rng.below(100) as i64 + (b as i64 - a as i64) / 2;
        if x >= 60 {
            2
        } else if x >= 30 {
            1
        } else {
            0
        }
    }

    fn join(&mut self, next_round: u32) {
        let h = late_entry_history(next_round);
        self.score.push(h.len() as u32 * self.round_win() / 2);
        self.history.push(h);
        self.active.push(true);
    }

    fn play_round(&mut self, label: &str) {
        let entrants: Vec<Entrant> = (0..self.score.len())
            .filter(|&p| self.active[p])
            .map(|p| Entrant {
                id: p,
                score: self.score[p],
                history: self.history[p].clone(),
            })
            .collect();
        let r = pair_round(&entrants, self.round_win()).unwrap_or_else(|e| panic!("{label}: {e}"));
        // everybody active exactly once: a pairing or the bye
        let mut seen = HashSet::new();
        for p in &r.pairings {
            assert!(
                seen.insert(p.white) && seen.insert(p.black),
                "{label}: twice"
            );
            assert!(
                !self.history[p.white]
                    .iter()
                    .any(|h| matches!(h, Past::Played { opponent, .. } if *opponent == p.black)),
                "{label}: rematch {p:?}"
            );
        }
        if let Some(b) = r.bye {
            assert!(seen.insert(b), "{label}: bye also paired");
            assert!(
                !self.history[b].contains(&Past::FullBye),
                "{label}: second bye"
            );
        }
        assert_eq!(seen.len(), entrants.len(), "{label}: not everybody paired");
        assert_eq!(r.bye.is_some(), entrants.len() % 2 == 1);
        let float = |p: usize| r.floats.iter().find(|f| f.0 == p).map(|f| f.1);
        for p in r.pairings.clone() {
            let (mut a, mut b) = (0, 0);
            for g in 0..if self.micro { 2 } else { 1 } {
                let (w, bl) = if g == 0 {
                    (p.white, p.black)
                } else {
                    (p.black, p.white)
                };
                let pts = self.game(w, bl);
                if w == p.white {
                    a += pts;
                    b += 2 - pts;
                } else {
                    b += pts;
                    a += 2 - pts;
                }
            }
            self.score[p.white] += a;
            self.score[p.black] += b;
            let colour = |c| (!self.micro).then_some(c);
            self.history[p.white].push(Past::Played {
                opponent: p.black,
                colour: colour(Color::White),
                float: float(p.white),
            });
            self.history[p.black].push(Past::Played {
                opponent: p.white,
                colour: colour(Color::Black),
                float: float(p.black),
            });
        }
        if let Some(b) = r.bye {
            self.score[b] += self.round_win();
            self.history[b].push(Past::FullBye);
        }
        for p in 0..self.score.len() {
            if !self.active[p] {
                self.history[p].push(Past::Absent);
            }
            // colour difference within ±2, never three in a row
            let cs: Vec<Color> = colours(&self.history[p]).collect();
            let diff: i32 = cs
                .iter()
                .map(|c| if *c == Color::White { 1 } else { -1 })
                .sum();
            assert!(diff.abs() <= 2, "{label}: player {p} colours {cs:?}");
            assert!(
                !cs.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "{label}: player {p} colours {cs:?}"
            );
        }
    }
}

#[test]
fn simulated_events_keep_the_absolute_rules() {
    let sizes: [usize; 19] = [
        8, 9, 10, 11, 12, 13, 15, 16, 17, 20, 24, 25, 31, 32, 40, 47, 48, 63, 64,
    ];
    let mut events = 0;
    for &n in &sizes {
        for seed in 0..3u64 {
            for micro in [false, true] {
                let rounds = (usize::BITS - (n - 1).leading_zeros()) + 2; // ⌈log₂n⌉ + 2
                let mut sim = Sim {
                    rng: SplitMix64::new(seed * 1000 + n as u64),
                    micro,
                    score: vec![0; n],
                    history: vec![Vec::new(); n],
                    active: vec![true; n],
                };
                for round in 1..=rounds {
                    // seed 1: two late entries before round 2, a withdrawal
                    // after round 3
                    if seed == 1 && round == 2 && may_join(2, rounds) {
                        sim.join(2);
                        sim.join(2);
                    }
                    if seed == 1 && round == 4 {
                        sim.active[3] = false;
                    }
                    let label = format!("n={n} seed={seed} micro={micro} round {round}");
                    sim.play_round(&label);
                }
                events += 1;
            }
        }
    }
    assert_eq!(events, sizes.len() * 6);
}
