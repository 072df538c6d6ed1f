//! Colour preferences (FIDE C.04.3 A.6) and colour allocation (C.04.3 E).

use super::{Entrant, Past};
use crate::tournament::{Color, Pairing};

/// How strongly a player wants a colour (C.04.3 A.6 a–c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No games with a colour yet (A.6 d): no preference.
    None,
    /// Colour difference 0: alternate from the last game (A.6 c).
    Mild,
    /// Colour difference ±1 (A.6 b).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the two latest
    /// games (A.6 a).
    Absolute,
}

/// A player's colour preference before a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    pub colour: Option<Color>,
    pub strength: Strength,
    /// Games with White minus games with Black (A.6).
    pub difference: i32,
}

impl Preference {
    /// The preference from a player's history. Rounds without a colour
    /// (byes, absences, micro-matches where both colours are played) do not
    /// count, as C.04.2 D.5 says of unplayed games.
    pub fn of(history: &[Past]) -> Preference {
        let colours: Vec<Color> = colours(history).collect();
        let diff = colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum::<i32>();
        let last_two = match colours.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        };
        let (colour, strength) = if diff > 1 {
            (Some(Color::Black), Strength::Absolute)
        } else if diff < -1 {
            (Some(Color::White), Strength::Absolute)
        } else if let Some(c) = last_two {
            (Some(c.opposite()), Strength::Absolute)
        } else if diff == 1 {
            (Some(Color::Black), Strength::Strong)
        } else if diff == -1 {
            (Some(Color::White), Strength::Strong)
        } else if let Some(last) = colours.last() {
            (Some(last.opposite()), Strength::Mild)
        } else {
            (None, Strength::None)
        };
        Preference {
            colour,
            strength,
            difference: diff,
        }
    }

    /// Whether both want the same colour with at least `at_least`.
    pub fn clash(self, other: Preference, at_least: Strength) -> bool {
        self.colour.is_some()
            && self.colour == other.colour
            && self.strength >= at_least
            && other.strength >= at_least
    }
}

/// The colours a player had, round by round, skipping colourless rounds.
pub fn colours(history: &[Past]) -> impl Iterator<Item = Color> + '_ {
    history.iter().filter_map(|p| match p {
        Past::Played {
            colour: Some(c), ..
        } => Some(*c),
        _ => None,
    })
}

/// Colours for a pair, by C.04.3 E.1–E.5; `higher` is the higher-ranked
/// player (A.2: more points, then the lower pairing number).
pub fn allocate(higher: &Entrant, lower: &Entrant) -> Pairing {
    let (ph, pl) = (
        Preference::of(&higher.history),
        Preference::of(&lower.history),
    );
    let give = |c: Color| -> Pairing {
        if c == Color::White {
            Pairing::new(higher.id, lower.id)
        } else {
            Pairing::new(lower.id, higher.id)
        }
    };
    match (ph.colour, pl.colour) {
        // E.1: both preferences can be granted (or only one has any)
        (Some(h), Some(l)) if h != l => return give(h),
        (Some(h), None) => return give(h),
        (None, Some(l)) => return give(l.opposite()),
        (None, None) => {}
        (Some(h), Some(_)) => {
            // E.2: the stronger preference; both absolute: the wider
            // colour difference
            if ph.strength != pl.strength {
                return if ph.strength > pl.strength {
                    give(h)
                } else {
                    give(h.opposite())
                };
            }
            if ph.strength == Strength::Absolute && ph.difference.abs() != pl.difference.abs() {
                return if ph.difference.abs() > pl.difference.abs() {
                    give(h)
                } else {
                    give(h.opposite())
                };
            }
        }
    }
    // E.3: alternate to the most recent round where they had different
    // colours (rounds aligned from the start; colourless rounds skipped)
    let (hh, lh) = (&higher.history, &lower.history);
    let common = hh.len().min(lh.len());
    for r in (0..common).rev() {
        if let (
            Past::Played {
                colour: Some(a), ..
            },
            Past::Played {
                colour: Some(b), ..
            },
        ) = (hh[r], lh[r])
        {
            if a != b {
                return give(a.opposite());
            }
        }
    }
    // E.4: the higher-ranked player's preference
    if let Some(h) = ph.colour {
        return give(h);
    }
    // E.5: by the higher-ranked player's pairing number (id + 1): odd gets
    // the initial colour, which here is White
    if higher.id.is_multiple_of(2) {
        give(Color::White)
    } else {
        give(Color::Black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};

    fn played(cs: &[Color]) -> Vec<Past> {
        cs.iter()
            .enumerate()
            .map(|(i, &c)| Past::Played {
                opponent: 100 + i,
                colour: Some(c),
                float: None,
            })
            .collect()
    }

    fn entrant(id: usize, cs: &[Color]) -> Entrant {
        Entrant {
            id,
            score: 0,
            history: played(cs),
        }
    }

    #[test]
    fn preferences_follow_a6() {
        let p = |cs: &[Color]| {
            let p = Preference::of(&played(cs));
            (p.colour, p.strength)
        };
        assert_eq!(p(&[]), (None, Strength::None));
        assert_eq!(p(&[W, B]), (Some(W), Strength::Mild));
        assert_eq!(p(&[W]), (Some(B), Strength::Strong));
        assert_eq!(p(&[W, B, B]), (Some(W), Strength::Absolute));
        assert_eq!(p(&[W, W, B, W]), (Some(B), Strength::Absolute));
        // a bye in between does not count
        let mut h = played(&[W]);
        h.push(Past::FullBye);
        h.extend(played(&[W]));
        assert_eq!(Preference::of(&h).strength, Strength::Absolute);
    }

    #[test]
    fn allocation_follows_e1_to_e5() {
        // E.1 both granted
        let p = allocate(&entrant(0, &[W]), &entrant(1, &[B]));
        assert_eq!((p.white, p.black), (1, 0));
        // E.2 strong beats mild: 0 has W,B (mild W), 1 has B (strong W)
        let p = allocate(&entrant(0, &[W, B]), &entrant(1, &[B]));
        assert_eq!(p.white, 1);
        // E.3 both strong for White: alternate from the last round where
        // they differed, round 3 (0 had White, 1 Black), before E.4
        let p = allocate(&entrant(0, &[B, B, W, W, B]), &entrant(1, &[B, W, B, W, B]));
        assert_eq!(p.white, 1, "0 had White in round 3, so gets Black");
        // E.4 no difference in history: the higher-ranked player's choice
        let p = allocate(&entrant(0, &[B]), &entrant(1, &[B]));
        assert_eq!(p.white, 0);
        // E.5 round one: odd pairing number (id 0) gets White, even Black
        assert_eq!(allocate(&entrant(0, &[]), &entrant(5, &[])).white, 0);
        assert_eq!(allocate(&entrant(1, &[]), &entrant(5, &[])).white, 5);
    }
}
