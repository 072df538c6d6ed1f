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
//! Those two are Russian draughts. A tournament in another variant draws
//! from the engine's balanced list for it ([`engine_openings`],
//! assets/openings/`<variant>`.txt: every 3-half-move line the engine
//! judges balanced, made by `shashki openings --variant KEY`, see
//! [`shashki_engine::openings`]), whatever its ballot says: no federation
//! ballot exists for them here. [`openings_in`] picks the list.
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
use crate::engine::openings::{self as made, OpeningParams};
use crate::engine::{parse_fen_full_in, parse_move, AnyGame, Game, Position, Variant, Variant8};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

static FMJD_64: &str = include_str!("../../../assets/ballot/fmjd-64.txt");
static BALANCED: &str = include_str!("../../../assets/openings/russian-3move.txt");

/// The engine's list of each variant but Russian draughts (which has its
/// ballots), as stored.
static ENGINE_LISTS: [(Variant, &str); 15] = [
    (
        Variant::Poddavki,
        include_str!("../../../assets/openings/poddavki.txt"),
    ),
    (
        Variant::Brazilian,
        include_str!("../../../assets/openings/brazilian.txt"),
    ),
    (
        Variant::Pool,
        include_str!("../../../assets/openings/pool.txt"),
    ),
    (
        Variant::English,
        include_str!("../../../assets/openings/english.txt"),
    ),
    (
        Variant::Czech,
        include_str!("../../../assets/openings/czech.txt"),
    ),
    (
        Variant::Italian,
        include_str!("../../../assets/openings/italian.txt"),
    ),
    (
        Variant::Portuguese,
        include_str!("../../../assets/openings/portuguese.txt"),
    ),
    (
        Variant::International,
        include_str!("../../../assets/openings/international.txt"),
    ),
    (
        Variant::Frisian,
        include_str!("../../../assets/openings/frisian.txt"),
    ),
    (
        Variant::Frysk,
        include_str!("../../../assets/openings/frysk.txt"),
    ),
    (
        Variant::Antidraughts,
        include_str!("../../../assets/openings/antidraughts.txt"),
    ),
    (
        Variant::Breakthrough,
        include_str!("../../../assets/openings/breakthrough.txt"),
    ),
    (
        Variant::Russian10x8,
        include_str!("../../../assets/openings/russian-10x8.txt"),
    ),
    (
        Variant::Bashni,
        include_str!("../../../assets/openings/bashni.txt"),
    ),
    (
        Variant::Vigman,
        include_str!("../../../assets/openings/vigman.txt"),
    ),
];

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
    /// The game it opens.
    pub variant: Variant,
    /// `1-I` … `46-XVI` in the FMJD table, `B1` … in the balanced list,
    /// `E1` … in an engine list of another variant.
    pub code: String,
    pub start: Start,
    /// The start position in the variant's FEN (Russian draughts:
    /// algebraic, `W:W…:B…`; International: numeric).
    pub fen: String,
    /// The traditional name, where the moves pass through a named opening.
    pub name: Option<&'static OpeningName>,
}

impl Opening {
    /// The start position of an 8×8 opening (read by its variant's
    /// numbering). A 10×10, 10×8 or Bashni opening has no such position:
    /// the Russian initial one stands in — use [`Opening::start_game`].
    pub fn position(&self) -> Position {
        self.variant
            .eight()
            .filter(|_| !self.variant.has_towers())
            .and_then(|v| parse_fen_full_in(v, &self.fen).ok())
            .map(|info| info.position)
            .unwrap_or_else(Position::initial)
    }

    /// A game of the opening's variant from its start position, numbered
    /// on from the opening moves (in any variant; ballot FENs are checked
    /// when the list is read, so the variant's start never stands in).
    pub fn start_game(&self) -> AnyGame {
        let mut game = self
            .variant
            .game_from_fen(&self.fen)
            .unwrap_or_else(|_| self.variant.new_game());
        if let AnyGame::Eight(g) = &mut game {
            g.set_start_move_number(self.moves().len() as u32 / 2 + 1);
        }
        game
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
    /// as its moved men, `a1→a5 a7→h4`. Variants written in square numbers
    /// keep their moves: `1.32-28 19-23`.
    pub fn short_moves(&self) -> String {
        match &self.start {
            Start::Moves(m) if self.variant.numeric_notation() => {
                numbered(m.iter().cloned(), self.per_number())
            }
            Start::Moves(m) => numbered(m.iter().map(|s| short(s)), self.per_number()),
            Start::Arranged(men) => men
                .iter()
                .map(|(f, t)| format!("{f}→{t}"))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The moves in full notation, numbered: `1.c3-d4 d6-c5 2.b2-c3`.
    pub fn numbered_moves(&self) -> String {
        numbered(self.moves().iter().cloned(), self.per_number())
    }

    /// Half-moves under one move number: two, or four sub-moves in
    /// Vigman's game (a turn is two).
    fn per_number(&self) -> usize {
        if self.variant == Variant::Vigman {
            4
        } else {
            2
        }
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

    /// A game starting from this 8×8 opening: the start position with its
    /// move number, so that its PDN carries the FEN and numbers on from the
    /// opening moves (other boards: [`Opening::start_game`]).
    pub fn game(&self) -> Game {
        let v8 = self.variant.eight().unwrap_or(Variant8::Russian);
        let mut g = Game::from_position(v8, self.position());
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

fn numbered(moves: impl Iterator<Item = String>, per_number: usize) -> String {
    let mut out = String::new();
    for (i, m) in moves.enumerate() {
        if i % per_number == 0 {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{}.", i / per_number + 1));
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
            variant: Variant::Russian,
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
            variant: Variant::Russian,
            code: format!("B{}", out.len() + 1),
            name: name_of(&moves),
            start: Start::Moves(moves),
            fen: pos.to_fen(),
        });
    }
    Ok(out)
}

/// The openings a tournament in `variant` draws from: in Russian draughts
/// those of its `ballot`; in every other variant the engine's list
/// ([`engine_openings`]), whatever the ballot (there is no federation
/// ballot for them here).
pub fn openings_in(variant: Variant, ballot: Ballot) -> &'static [Opening] {
    match variant {
        Variant::Russian => openings(ballot),
        v => engine_openings(v),
    }
}

/// The engine's balanced list of `variant`, as stored in
/// assets/openings/`<key>`.txt; Russian draughts: the balanced 3-move list
/// (its engine list, [`Ballot::Balanced`]).
pub fn engine_openings(variant: Variant) -> &'static [Opening] {
    static LISTS: [OnceLock<Vec<Opening>>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    let Some((_, text)) = ENGINE_LISTS.iter().find(|(v, _)| *v == variant) else {
        return openings(Ballot::Balanced);
    };
    let i = Variant::ALL
        .iter()
        .position(|v| *v == variant)
        .unwrap_or_default();
    LISTS[i].get_or_init(|| {
        parse_engine_list(variant, text)
            .unwrap_or_else(|e| panic!("assets/openings/{}.txt: {e}", variant.key()))
    })
}

/// The stored form of an engine list: a header naming how it was made,
/// then one opening a line, its moves and after `#` its score (centi-men,
/// White's view). What `shashki openings --variant KEY` prints.
pub fn format_engine_list(
    variant: Variant,
    params: &OpeningParams,
    list: &[made::Opening],
) -> String {
    let mut out = format!(
        "# {}: the engine's balanced openings for tournaments (no federation ballot).\n\
         # Every line of {} {} from the start, one for each position reached,\n\
         # searched to depth {}; kept when the score is within ±{} centi-men.\n\
         # Made by `shashki openings --variant {}` (a test checks it still is).\n\
         # Each line: the moves, then the score (centi-men, White's view). {} openings.\n",
        variant.name(),
        params.plies,
        if variant == Variant::Vigman {
            "sub-moves"
        } else {
            "half-moves"
        },
        params.depth,
        params.margin,
        variant.key(),
        list.len(),
    );
    for o in list {
        out.push_str(&format!("{}  # {:+}\n", o.moves.join(" "), o.score));
    }
    out
}

/// Read an engine list ([`format_engine_list`]): every line must replay
/// legally from the variant's start, written as the engine writes it, to a
/// position no other line reaches; the codes are `E1`, `E2`, … in order.
pub fn parse_engine_list(variant: Variant, text: &str) -> Result<Vec<Opening>, String> {
    let mut out: Vec<Opening> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let moves: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let game = made::replay(variant, &moves).map_err(|e| format!("line {}: {e}", i + 1))?;
        if game.is_over() {
            return Err(format!("line {}: the game is over", i + 1));
        }
        let fen = game.fen();
        if let Some(o) = out.iter().find(|o| o.fen == fen) {
            return Err(format!("line {}: the position of {} again", i + 1, o.code));
        }
        out.push(Opening {
            variant,
            code: format!("E{}", out.len() + 1),
            name: None,
            start: Start::Moves(moves),
            fen,
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
    variant: Variant,
    ballot: Ballot,
    order: Vec<usize>,
}

impl Draw {
    /// The permutation for `seed` (Fisher–Yates over SplitMix64) of a
    /// Russian draughts ballot.
    pub fn new(ballot: Ballot, seed: u64) -> Draw {
        Draw::new_in(Variant::Russian, ballot, seed)
    }

    /// The permutation for `seed` of the openings of a tournament in
    /// `variant` ([`openings_in`]: the ballot in Russian draughts, the
    /// engine's list in the others).
    pub fn new_in(variant: Variant, ballot: Ballot, seed: u64) -> Draw {
        let mut order: Vec<usize> = (0..openings_in(variant, ballot).len()).collect();
        let mut rng = SplitMix64::new(seed);
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        Draw {
            variant,
            ballot,
            order,
        }
    }

    /// The opening of the `k`-th micro-match of the event (0-based, in
    /// schedule order: a round robin's pairings as [`super::berger`] lists
    /// them, a Swiss event's round by round). After the whole ballot the
    /// permutation starts again.
    pub fn get(&self, k: usize) -> &'static Opening {
        &openings_in(self.variant, self.ballot)[self.order[k % self.order.len()]]
    }

    /// The two games of a micro-match, both from the `k`-th opening.
    pub fn micro_match(&self, k: usize, pairing: Pairing) -> [(Pairing, &'static Opening); 2] {
        let o = self.get(k);
        pairing.micro_match().map(|p| (p, o))
    }
}
