//! Tiebreaks: which exist, their names, the defaults per format, and the
//! value type they are computed in.

use crate::tournament::Format;
use std::fmt;
use std::str::FromStr;

/// A tiebreak criterion. No rating-based tiebreaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// The number of games won (forfeit wins included: FMJD practice credits
    /// the remaining games of a withdrawn player as wins to the opponents).
    Wins,
    /// Sonneborn-Berger: for every game, the share of the game won (1, ½,
    /// 0) times the opponent's final points.
    SonnebornBerger,
    /// Buchholz (Solkoff): the sum of the opponents' final points, once a
    /// round (a micro-match is one opponent). A bye counts as an opponent
    /// with the player's own points, the "dummy opponent" of FIDE's tiebreak
    /// regulations (C.07).
    Buchholz,
    /// Truncated Solkoff (Buchholz cut 1): Buchholz without the lowest
    /// round.
    SolkoffTruncated,
    /// Head-to-head: among players still tied, the points they scored in
    /// the games between them, when each of them has met each other;
    /// otherwise it separates nobody.
    HeadToHead,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 5] = [
        Tiebreak::Wins,
        Tiebreak::SonnebornBerger,
        Tiebreak::Buchholz,
        Tiebreak::SolkoffTruncated,
        Tiebreak::HeadToHead,
    ];

    /// The defaults of draughts practice: round robin — wins, then
    /// Sonneborn-Berger; Swiss — truncated Solkoff, Sonneborn-Berger, wins,
    /// head-to-head.
    pub fn defaults(format: Format) -> Vec<Tiebreak> {
        match format {
            Format::RoundRobin | Format::DoubleRoundRobin => {
                vec![Tiebreak::Wins, Tiebreak::SonnebornBerger]
            }
            Format::Swiss { .. } => vec![
                Tiebreak::SolkoffTruncated,
                Tiebreak::SonnebornBerger,
                Tiebreak::Wins,
                Tiebreak::HeadToHead,
            ],
        }
    }

    /// A short column heading: `W`, `SB`, `Bh`, `Bh-1`, `H2H`.
    pub fn short(self) -> &'static str {
        match self {
            Tiebreak::Wins => "W",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::Buchholz => "Bh",
            Tiebreak::SolkoffTruncated => "Bh-1",
            Tiebreak::HeadToHead => "H2H",
        }
    }

    /// Parse a comma- or space-separated list (`wins, sb`); empty is an
    /// error, and so is a repeated criterion.
    pub fn parse_list(text: &str) -> Result<Vec<Tiebreak>, UnknownTiebreak> {
        let mut out = Vec::new();
        for word in text.split([',', ' ', ';']).filter(|w| !w.is_empty()) {
            let t: Tiebreak = word.parse()?;
            if out.contains(&t) {
                return Err(UnknownTiebreak(format!("{word} (repeated)")));
            }
            out.push(t);
        }
        if out.is_empty() {
            return Err(UnknownTiebreak(text.to_string()));
        }
        Ok(out)
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tiebreak::Wins => "wins",
            Tiebreak::SonnebornBerger => "sonneborn-berger",
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::SolkoffTruncated => "solkoff-truncated",
            Tiebreak::HeadToHead => "head-to-head",
        })
    }
}

/// A tiebreak name [`Tiebreak::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown tiebreak {0:?} (wins, sonneborn-berger, buchholz, solkoff-truncated, head-to-head)"
)]
pub struct UnknownTiebreak(pub String);

impl FromStr for Tiebreak {
    type Err = UnknownTiebreak;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Ok(match t.as_str() {
            "wins" | "w" | "won" => Tiebreak::Wins,
            "sonneborn-berger" | "sb" | "berger" => Tiebreak::SonnebornBerger,
            "buchholz" | "solkoff" | "bh" => Tiebreak::Buchholz,
            "solkoff-truncated" | "truncated-solkoff" | "buchholz-cut1" | "buchholz-cut-1"
            | "bh-1" => Tiebreak::SolkoffTruncated,
            "head-to-head" | "h2h" | "direct" | "direct-encounter" => Tiebreak::HeadToHead,
            _ => return Err(UnknownTiebreak(s.to_string())),
        })
    }
}

/// A tiebreak value in half-units of game points (the 2/1/0 scale), so
/// that halves (a Sonneborn-Berger share of a draw) stay exact: `Value(13)`
/// is 6½.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(pub i64);

impl Value {
    /// A whole number of points.
    pub fn whole(n: i64) -> Value {
        Value(2 * n)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sign, v) = if self.0 < 0 {
            ("-", -self.0)
        } else {
            ("", self.0)
        };
        match (v / 2, v % 2) {
            (0, 1) => write!(f, "{sign}½"),
            (w, 0) => write!(f, "{sign}{w}"),
            (w, _) => write!(f, "{sign}{w}½"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_aliases() {
        for t in Tiebreak::ALL {
            assert_eq!(t.to_string().parse::<Tiebreak>(), Ok(t));
        }
        assert_eq!("SB".parse(), Ok(Tiebreak::SonnebornBerger));
        assert_eq!("Buchholz cut1".parse(), Ok(Tiebreak::SolkoffTruncated));
        assert_eq!(
            Tiebreak::parse_list("wins, sb"),
            Ok(vec![Tiebreak::Wins, Tiebreak::SonnebornBerger])
        );
        assert!(Tiebreak::parse_list("wins wins").is_err());
        assert!(Tiebreak::parse_list("rating").is_err());
        assert!(Tiebreak::parse_list("").is_err());
    }

    #[test]
    fn defaults_per_format() {
        assert_eq!(
            Tiebreak::defaults(Format::RoundRobin),
            [Tiebreak::Wins, Tiebreak::SonnebornBerger]
        );
        assert_eq!(
            Tiebreak::defaults(Format::Swiss { rounds: 7 }),
            [
                Tiebreak::SolkoffTruncated,
                Tiebreak::SonnebornBerger,
                Tiebreak::Wins,
                Tiebreak::HeadToHead
            ]
        );
    }

    #[test]
    fn values_show_halves() {
        assert_eq!(Value(0).to_string(), "0");
        assert_eq!(Value(1).to_string(), "½");
        assert_eq!(Value(13).to_string(), "6½");
        assert_eq!(Value::whole(7).to_string(), "7");
    }
}
