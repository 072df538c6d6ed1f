//! The reminders of a move: a list per chat (`/settings reminders 50% 24h`,
//! `off`), by default at half the time and at 24 hours left. Each entry
//! says how much time is *left* when it comes: `N%` of the time for the
//! move, or `Nh` / `Nd` hours or days. A reminder that would come at or
//! before the start of the move (24 h left of one day per move) is skipped.
//!
//! A game stores only when the next reminder of the current move is due
//! (`games.reminder_at`) and how many were sent; the next one after a
//! reminder is [`Reminders::next_due`] after now, so each goes out once,
//! across restarts too, and moving a deadline (vacations, leave, downtime)
//! moves the reminder with it.

use super::time::DAY;
use std::fmt;
use std::str::FromStr;

const HOUR: i64 = 3600;

/// The most reminders a move may have.
pub const MAX_REMINDERS: usize = 4;

/// One reminder: when this much time is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reminder {
    /// This percentage (1–99) of the time for the move left.
    Share(u8),
    /// This many seconds left (whole hours, up to 14 days).
    Left(i64),
}

impl Reminder {
    /// The seconds left when it comes, for a move of `total` seconds.
    pub fn left(self, total: i64) -> i64 {
        match self {
            Reminder::Share(p) => total.saturating_mul(i64::from(p)) / 100,
            Reminder::Left(s) => s,
        }
    }
}

impl fmt::Display for Reminder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reminder::Share(p) => write!(f, "{p}%"),
            Reminder::Left(s) if s % DAY == 0 && s >= 2 * DAY => write!(f, "{}d", s / DAY),
            Reminder::Left(s) => write!(f, "{}h", s / HOUR),
        }
    }
}

impl FromStr for Reminder {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        let s = s.trim().to_lowercase();
        let split = s
            .char_indices()
            .find(|(_, c)| !c.is_ascii_digit())
            .map(|(i, _)| i)
            .ok_or(())?;
        let (n, unit) = s.split_at(split);
        let n: i64 = n.parse().map_err(|_| ())?;
        let secs = match unit {
            "%" => {
                let p = u8::try_from(n).ok().filter(|p| (1..=99).contains(p));
                return p.map(Reminder::Share).ok_or(());
            }
            "h" | "ч" => n.checked_mul(HOUR),
            "d" | "д" => n.checked_mul(DAY),
            _ => None,
        };
        secs.filter(|s| (HOUR..=14 * DAY).contains(s))
            .map(Reminder::Left)
            .ok_or(())
    }
}

/// The reminders of a move, in no particular order (none: no reminders).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminders(Vec<Reminder>);

impl Default for Reminders {
    /// At half the time and at 24 hours left.
    fn default() -> Self {
        Reminders(vec![Reminder::Share(50), Reminder::Left(DAY)])
    }
}

impl Reminders {
    /// No reminders.
    pub fn off() -> Reminders {
        Reminders(Vec::new())
    }

    /// One reminder when `fraction` of the time is used (the old
    /// `reminder_fraction` setting).
    pub fn used_fraction(fraction: f64) -> Reminders {
        let left = ((1.0 - fraction) * 100.0).round().clamp(1.0, 99.0) as u8;
        Reminders(vec![Reminder::Share(left)])
    }

    pub fn is_off(&self) -> bool {
        self.0.is_empty()
    }

    /// The due time of the first reminder after `after`, for a move whose
    /// time runs out at `deadline` with `total` seconds for the move in all:
    /// reminders that would come at or before its start, or after the
    /// deadline, never come.
    pub fn next_due(&self, deadline: i64, total: i64, after: i64) -> Option<i64> {
        self.0
            .iter()
            .map(|r| r.left(total))
            .filter(|left| *left > 0 && *left < total)
            .map(|left| deadline - left)
            .filter(|due| *due > after)
            .min()
    }
}

impl fmt::Display for Reminders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("off");
        }
        let words: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl FromStr for Reminders {
    type Err = ();

    /// `50% 24h`, `2d 12h`, `off` (also `none`, `нет`, `выкл`); at most
    /// [`MAX_REMINDERS`], duplicates dropped, the earliest first.
    fn from_str(s: &str) -> Result<Self, ()> {
        let words: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        if let [w] = words.as_slice() {
            if ["off", "none", "нет", "выкл"].contains(&w.to_lowercase().as_str()) {
                return Ok(Reminders::off());
            }
        }
        let mut list = words
            .iter()
            .map(|w| w.parse::<Reminder>())
            .collect::<Result<Vec<_>, _>>()?;
        // the earliest first: large shares, then long times left
        list.sort_by_key(|r| match *r {
            Reminder::Share(p) => (0, -i64::from(p)),
            Reminder::Left(s) => (1, -s),
        });
        list.dedup();
        if list.is_empty() || list.len() > MAX_REMINDERS {
            return Err(());
        }
        Ok(Reminders(list))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_show() {
        let r: Reminders = "50% 24h".parse().unwrap();
        assert_eq!(r, Reminders::default());
        assert_eq!(r.to_string(), "50% 24h");
        assert_eq!(
            "2d, 12ч".parse::<Reminders>().unwrap().to_string(),
            "2d 12h"
        );
        assert!("OFF".parse::<Reminders>().unwrap().is_off());
        for bad in [
            "",
            "0%",
            "100%",
            "5",
            "0h",
            "15d",
            "1h 2h 3h 4h 5h",
            "50% soon",
        ] {
            assert!(bad.parse::<Reminders>().is_err(), "{bad}");
        }
        assert_eq!(Reminders::used_fraction(0.8).to_string(), "20%");
    }

    #[test]
    fn the_next_reminder_of_a_move() {
        let r = Reminders::default();
        // three days per move from 0: at 36 h and at 48 h
        let (deadline, total) = (3 * DAY, 3 * DAY);
        assert_eq!(r.next_due(deadline, total, 0), Some(DAY + DAY / 2));
        assert_eq!(r.next_due(deadline, total, DAY + DAY / 2), Some(2 * DAY));
        assert_eq!(r.next_due(deadline, total, 2 * DAY), None);
        // one day per move: 24 h left is the start, skipped
        assert_eq!(r.next_due(DAY, DAY, 0), Some(DAY / 2));
        assert_eq!(r.next_due(DAY, DAY, DAY / 2), None);
        // a pause before the move (a vacation) moves the deadline, not the total
        assert_eq!(r.next_due(5 * DAY, DAY, 0), Some(5 * DAY - DAY / 2));
        assert_eq!(Reminders::off().next_due(DAY, DAY, 0), None);
    }
}
