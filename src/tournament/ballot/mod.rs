//! The opening ballot of micro-matches: one balloted start per pairing, both
//! games from it at once with colours reversed.
//!
//! Two ballots:
//!
//! - `fmjd`: the FMJD drawing table for 64-square draughts (736 positions,
//!   assets/ballot/fmjd-64.txt; see assets/ballot/README.md): 344 openings
//!   of 1–6 half-moves and 392 arranged positions that only a FEN reaches;
//! - `balanced`: the project's own 3-move openings that the engine judges
//!   balanced (assets/openings/russian-3move.txt, 214 openings, made by
//!   `shashki match --make-openings 200`: every 3-move start whose search of
//!   400,000 nodes scores within ±0.60 of a man; its header says so).
//!
//! A draw is a seeded permutation of the ballot ([`Draw`]), so the k-th
//! micro-match of an event always gets the same opening, none repeats until
//! the ballot is used up, and the seed can be stored with the event.

mod names;
#[cfg(test)]
mod tests;

pub use names::{name_of, OpeningName, NAMES};

use super::rng::SplitMix64;
use super::Pairing;
use crate::engine::{parse_move, Game, Position, Variant8};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

static FMJD_64: &str = include_str!("../../../assets/ballot/fmjd-64.txt");
static BALANCED: &str = include_str!("../../../assets/openings/russian-3move.txt");

/// Which list openings are drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ballot {
    Fmjd,
    Balanced,
}

impl fmt::Display for Ballot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ballot::Fmjd => "fmjd",
            Ballot::Balanced => "balanced",
        })
    }
}

/// A ballot name [`Ballot::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ballot {0:?} (fmjd, balanced)")]
pub struct UnknownBallot(pub String);

impl FromStr for Ballot {
    type Err = UnknownBallot;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fmjd" | "fmjd-64" => Ok(Ballot::Fmjd),
            "balanced" | "engine" | "3-move" => Ok(Ballot::Balanced),
            _ => Err(UnknownBallot(s.to_string())),
        }
    }
}

/// How an opening starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// Half-moves from the initial position, White first (`c3-d4`, `d6:b4`).
    Moves(Vec<String>),
    /// An arranged position: men moved in the initial position (`from`,
    /// `to`), White's first. Only its FEN can start a game.
    Arranged(Vec<(String, String)>),
}

/// One entry of a ballot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// `1-I` … `46-XVI` in the FMJD table, `B1` … in the balanced list.
    pub code: String,
    pub start: Start,
    /// The start position (algebraic FEN, `W:W…:B…`).
    pub fen: String,
    /// The traditional name, where the moves pass through a named opening.
    pub name: Option<&'static OpeningName>,
}

impl Opening {
    /// The start position.
    pub fn position(&self) -> Position {
        Position::from_fen(&self.fen).expect("ballot FENs are validated")
    }

    /// The opening moves (empty for an arranged position).
    pub fn moves(&self) -> &[String] {
        match &self.start {
            Start::Moves(m) => m,
            Start::Arranged(_) => &[],
        }
    }

    /// The moves in the short notation of the literature, numbered:
    /// `1.cd4 dc5 2.bc3 fg5 3.cb4` (a capture `d:b4`); an arranged position
    /// as its moved men, `a1→a5 a7→h4`.
    pub fn short_moves(&self) -> String {
        match &self.start {
            Start::Moves(m) => numbered(m.iter().map(|s| short(s))),
            Start::Arranged(men) => men
                .iter()
                .map(|(f, t)| format!("{f}→{t}"))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The moves in full notation, numbered: `1.c3-d4 d6-c5 2.b2-c3`.
    pub fn numbered_moves(&self) -> String {
        numbered(self.moves().iter().cloned())
    }

    /// The line for a card: `1-I Городская партия: 1.cd4 dc5 2.bc3 fg5 3.cb4`
    /// (`russian` false: the English name).
    pub fn card(&self, russian: bool) -> String {
        let mut s = self.code.clone();
        if let Some(n) = self.name {
            s.push(' ');
            s.push_str(if russian { n.ru } else { n.en });
        }
        s.push_str(": ");
        s.push_str(&self.short_moves());
        s
    }

    /// A game starting from this opening: the start position with its move
    /// number, so that its PDN carries the FEN and numbers on from the
    /// opening moves.
    pub fn game(&self) -> Game {
        let mut g = Game::from_position(Variant8::Russian, self.position());
        g.set_start_move_number(self.moves().len() as u32 / 2 + 1);
        g
    }

    /// Extra PDN tags: the ballot code and name, and the opening moves
    /// (the FEN tag comes from the game's start position).
    pub fn pdn_tags(&self) -> Vec<(&'static str, String)> {
        let mut tags = vec![("Opening", self.card(true))];
        if !self.moves().is_empty() {
            tags.push(("OpeningMoves", self.numbered_moves()));
        }
        tags
    }
}

fn numbered(moves: impl Iterator<Item = String>) -> String {
    let mut out = String::new();
    for (i, m) in moves.enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{}.", i / 2 + 1));
        } else {
            out.push(' ');
        }
        out.push_str(&m);
    }
    out
}

/// `c3-d4` → `cd4`; `d6:b4` → `d:b4`; `a3:c5:e7` → `a:e7`.
pub fn short(mv: &str) -> String {
    let file = &mv[..1];
    let last = &mv[mv.len() - 2..];
    if mv.contains(':') {
        format!("{file}:{last}")
    } else {
        format!("{file}{last}")
    }
}

/// The openings of a ballot, in their file's order.
pub fn openings(ballot: Ballot) -> &'static [Opening] {
    static FMJD: OnceLock<Vec<Opening>> = OnceLock::new();
    static BAL: OnceLock<Vec<Opening>> = OnceLock::new();
    match ballot {
        Ballot::Fmjd => FMJD.get_or_init(|| parse_fmjd(FMJD_64).expect("fmjd-64.txt is valid")),
        Ballot::Balanced => {
            BAL.get_or_init(|| parse_balanced(BALANCED).expect("russian-3move.txt is valid"))
        }
    }
}

/// Parse the FMJD table format (`CODE|MOVES|FEN`, see the asset's README).
pub fn parse_fmjd(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: &str| format!("line {}: {m}: {line}", i + 1);
        let mut parts = line.split('|');
        let (Some(code), Some(moves), Some(fen), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(err("not CODE|MOVES|FEN"));
        };
        let start = if let Some(men) = moves.strip_prefix('=') {
            let men = men
                .split_whitespace()
                .map(|m| {
                    m.split_once('>')
                        .map(|(f, t)| (f.to_string(), t.to_string()))
                        .ok_or_else(|| err("arranged man is not FROM>TO"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Start::Arranged(men)
        } else {
            Start::Moves(moves.split_whitespace().map(str::to_string).collect())
        };
        Position::from_fen(fen).map_err(|e| err(&format!("bad FEN: {e}")))?;
        let name = match &start {
            Start::Moves(m) => name_of(m),
            Start::Arranged(_) => None,
        };
        out.push(Opening {
            code: code.to_string(),
            start,
            fen: fen.to_string(),
            name,
        });
    }
    Ok(out)
}

/// Parse the balanced list: three moves a line, `#` comments; the FEN is
/// the position the moves reach.
pub fn parse_balanced(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let moves: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let pos = replay(&moves).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(Opening {
            code: format!("B{}", out.len() + 1),
            name: name_of(&moves),
            start: Start::Moves(moves),
            fen: pos.to_fen(),
        });
    }
    Ok(out)
}

/// Play `moves` from the initial position; each must be legal and written
/// exactly as the engine writes it.
pub fn replay(moves: &[String]) -> Result<Position, String> {
    let mut pos = Position::initial();
    for m in moves {
        let mv = parse_move(&pos, m).map_err(|e| format!("{m}: {e}"))?;
        if mv.to_string() != *m {
            return Err(format!("{m} is written {mv}"));
        }
        pos = pos.make(&mv);
    }
    Ok(pos)
}

/// A seeded draw from a ballot: a permutation of its openings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    ballot: Ballot,
    order: Vec<usize>,
}

impl Draw {
    /// The permutation for `seed` (Fisher–Yates over SplitMix64).
    pub fn new(ballot: Ballot, seed: u64) -> Draw {
        let mut order: Vec<usize> = (0..openings(ballot).len()).collect();
        let mut rng = SplitMix64::new(seed);
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        Draw { ballot, order }
    }

    /// The opening of the `k`-th micro-match of the event (0-based, in
    /// schedule order: a round robin's pairings as [`super::berger`] lists
    /// them, a Swiss event's round by round). After the whole ballot the
    /// permutation starts again.
    pub fn get(&self, k: usize) -> &'static Opening {
        &openings(self.ballot)[self.order[k % self.order.len()]]
    }

    /// The two games of a micro-match, both from the `k`-th opening.
    pub fn micro_match(&self, k: usize, pairing: Pairing) -> [(Pairing, &'static Opening); 2] {
        let o = self.get(k);
        pairing.micro_match().map(|p| (p, o))
    }
}
