//! Correspondence tournaments, the platform-free and database-free part:
//! schedules, pairings, scores, the opening ballot and the crosstable.
//!
//! Everything here is a pure function of plain data, so the chat core can
//! keep a tournament in SQLite and call in here to decide what happens next:
//!
//! - [`berger`]: round-robin schedules (FIDE/FMJD Berger tables, odd numbers
//!   with a bye, the double round robin with colours swapped);
//! - [`swiss`]: Dutch-system pairing of one Swiss round (FIDE C.04.3) as a
//!   maximum-weight matching (`matching.rs`, Edmonds' blossom algorithm);
//! - [`score`]: game points 2/1/0, micro-match scores 0–4, standings with
//!   configurable tiebreaks, withdrawals and byes;
//! - [`ballot`]: the FMJD drawing table and the engine-balanced 3-move list,
//!   traditional opening names, a seeded draw;
//! - [`crosstable`]: the crosstable as data and as text (the PNG is drawn by
//!   [`crate::render::crosstable`]).
//!
//! Players are identified by [`PlayerId`], their 0-based index in the
//! tournament's entry list; the entry order is the initial ranking (pairing
//! number = index + 1).

pub mod ballot;
pub mod berger;
pub mod crosstable;
mod matching;
pub(crate) mod rng;
pub mod score;
pub mod swiss;

pub use crate::engine::Color;
use std::fmt;
use std::str::FromStr;

/// A player's 0-based index in the entry list (pairing number − 1).
pub type PlayerId = usize;

/// Game points for a win: draughts practice scores 2/1/0 per game.
pub const WIN: u32 = 2;
/// Game points for a draw.
pub const DRAW: u32 = 1;
/// Game points for a loss.
pub const LOSS: u32 = 0;

/// Who plays White and who Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pairing {
    pub white: PlayerId,
    pub black: PlayerId,
}

impl Pairing {
    pub fn new(white: PlayerId, black: PlayerId) -> Pairing {
        Pairing { white, black }
    }

    /// The same players with colours swapped.
    pub fn reversed(self) -> Pairing {
        Pairing::new(self.black, self.white)
    }

    /// Whether `p` plays in this pairing.
    pub fn has(self, p: PlayerId) -> bool {
        self.white == p || self.black == p
    }

    /// The opponent of `p` (who must play in it).
    pub fn opponent(self, p: PlayerId) -> PlayerId {
        if self.white == p {
            self.black
        } else {
            self.white
        }
    }

    /// The two games of a micro-match: this pairing and its reverse. Both
    /// start at once from the same balloted opening.
    pub fn micro_match(self) -> [Pairing; 2] {
        [self, self.reversed()]
    }
}

/// The result of one finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
}

impl GameResult {
    /// Game points (2/1/0) for the side `colour`.
    pub fn points(self, colour: Color) -> u32 {
        match (self, colour) {
            (GameResult::Draw, _) => DRAW,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => WIN,
            _ => LOSS,
        }
    }

    /// The result in which `colour` wins.
    pub fn win_for(colour: Color) -> GameResult {
        match colour {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// Tournament formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everybody meets everybody once (Berger tables).
    RoundRobin,
    /// Everybody meets everybody twice, colours swapped in the second cycle.
    DoubleRoundRobin,
    /// A Swiss event of this many rounds (Dutch system).
    Swiss { rounds: u32 },
}

impl Format {
    pub fn is_swiss(self) -> bool {
        matches!(self, Format::Swiss { .. })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Format::RoundRobin => write!(f, "round-robin"),
            Format::DoubleRoundRobin => write!(f, "double-round-robin"),
            Format::Swiss { rounds } => write!(f, "swiss-{rounds}"),
        }
    }
}

/// A format name that [`Format::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tournament format {0:?} (round-robin, double-round-robin, swiss-N)")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;
    /// `round-robin` (`rr`), `double-round-robin` (`drr`, `double`),
    /// `swiss-N` / `swiss N` (N rounds, 1..=99).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "round-robin" | "roundrobin" | "rr" => return Ok(Format::RoundRobin),
            "double-round-robin" | "double" | "drr" => return Ok(Format::DoubleRoundRobin),
            _ => {}
        }
        t.strip_prefix("swiss")
            .map(|r| r.trim_start_matches(['-', ' ']))
            .and_then(|r| r.parse::<u32>().ok())
            .filter(|r| (1..=99).contains(r))
            .map(|rounds| Format::Swiss { rounds })
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// Game points (2/1/0 scale) in the 1/½/0 scale: `7`, `7½`, `½`.
pub fn classic_points(points: u32) -> String {
    match (points / 2, points % 2) {
        (0, 1) => "½".to_string(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w}½"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip() {
        for f in [
            Format::RoundRobin,
            Format::DoubleRoundRobin,
            Format::Swiss { rounds: 7 },
        ] {
            assert_eq!(f.to_string().parse::<Format>(), Ok(f));
        }
        assert_eq!("Swiss 9".parse(), Ok(Format::Swiss { rounds: 9 }));
        assert!("swiss-0".parse::<Format>().is_err());
        assert!("knockout".parse::<Format>().is_err());
    }

    #[test]
    fn points_in_both_scales() {
        assert_eq!(GameResult::WhiteWins.points(Color::White), 2);
        assert_eq!(GameResult::WhiteWins.points(Color::Black), 0);
        assert_eq!(GameResult::Draw.points(Color::Black), 1);
        assert_eq!(classic_points(0), "0");
        assert_eq!(classic_points(1), "½");
        assert_eq!(classic_points(14), "7");
        assert_eq!(classic_points(15), "7½");
    }

    #[test]
    fn micro_match_reverses_colours() {
        let [a, b] = Pairing::new(3, 5).micro_match();
        assert_eq!((a.white, a.black, b.white, b.black), (3, 5, 5, 3));
    }
}
