//! The crosstable: rows in place order with per-opponent results (round
//! robin) or per-round results (Swiss), points in both scales, tiebreaks and
//! places; as text here, as PNG pages in [`crate::render::crosstable`].
//!
//! Round robin cells give the score against that opponent: 2/1/0 for a
//! single game, 0–4 for a micro-match, one number per cycle in a double
//! round robin (`2 1`); `+`/`−` a forfeit, `×` an annulled game, `…` after
//! a micro-match half played, empty when not played yet. Swiss cells give
//! the opponent's row number, the colour in single games (`w`/`b`) and the
//! score: `7w 2`, `12 3`; a bye shows its points.

use super::score::{ByeKind, Counted, Outcome, Status, Table, Tiebreak};
use super::{classic_points, PlayerId};
use std::ops::Range;

/// Most players on one page (image) of the crosstable.
pub const PLAYERS_PER_PAGE: usize = 20;

/// The words of a crosstable, per language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    pub number: &'static str,
    pub player: &'static str,
    pub points: &'static str,
    pub place: &'static str,
    pub round: &'static str,
    pub bye: &'static str,
    pub withdrawn: &'static str,
    pub page: &'static str,
    /// The tiebreak headings: wins, Sonneborn-Berger, Buchholz (Solkoff),
    /// truncated Solkoff, head-to-head; `None`: the short English ones.
    pub tiebreaks: Option<[&'static str; 5]>,
}

impl Labels {
    pub fn en() -> Labels {
        Labels {
            number: "#",
            player: "Player",
            points: "Pts",
            place: "Place",
            round: "R",
            bye: "bye",
            withdrawn: "withdrew",
            page: "page",
            tiebreaks: None,
        }
    }

    pub fn ru() -> Labels {
        Labels {
            number: "№",
            player: "Участник",
            points: "Очки",
            place: "Место",
            round: "Т",
            bye: "своб.",
            withdrawn: "выбыл",
            page: "стр.",
            tiebreaks: Some(["Поб", "КБ", "Солк", "Солк-1", "Личн"]),
        }
    }

    pub fn lv() -> Labels {
        Labels {
            number: "Nr.",
            player: "Dalībnieks",
            points: "Pkt",
            place: "Vieta",
            round: "K",
            bye: "brīvk.",
            withdrawn: "izstājās",
            page: "lpp.",
            tiebreaks: Some(["Uzv", "SB", "Bh", "Bh-1", "Sav"]),
        }
    }

    pub fn de() -> Labels {
        Labels {
            number: "Nr.",
            player: "Spieler",
            points: "Pkt",
            place: "Platz",
            round: "R",
            bye: "frei",
            withdrawn: "zurückgezogen",
            page: "Seite",
            tiebreaks: Some(["S", "SB", "Bh", "Bh-1", "DV"]),
        }
    }

    pub fn fr() -> Labels {
        Labels {
            number: "N°",
            player: "Joueur",
            points: "Pts",
            place: "Place",
            round: "R",
            bye: "exempt",
            withdrawn: "retiré",
            page: "page",
            tiebreaks: Some(["V", "SB", "Bh", "Bh-1", "CD"]),
        }
    }

    /// A tiebreak's column heading.
    pub fn tiebreak(&self, t: Tiebreak) -> &'static str {
        let Some([wins, sb, bh, bh1, h2h]) = self.tiebreaks else {
            return t.short();
        };
        match t {
            Tiebreak::Wins => wins,
            Tiebreak::SonnebornBerger => sb,
            Tiebreak::Buchholz => bh,
            Tiebreak::SolkoffTruncated => bh1,
            Tiebreak::HeadToHead => h2h,
        }
    }
}

/// How a result cell reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tone {
    Win,
    Draw,
    Loss,
    /// Not decided (a micro-match half played, an annulled game, a bye).
    Neutral,
}

/// One result cell.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Cell {
    /// A player against themselves (round robin).
    Diagonal,
    /// Nothing to show yet.
    Empty,
    Text(String, Tone),
}

/// One row: a player.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Row {
    pub player: PlayerId,
    pub name: String,
    pub cells: Vec<Cell>,
    /// Game points, 2/1/0 a game.
    pub points: String,
    /// The same in the 1/½/0 scale.
    pub classic: String,
    pub tiebreaks: Vec<String>,
    /// `1`, `3–4`, or empty for an annulled player.
    pub place: String,
    pub status: Status,
}

/// A crosstable ready to print or draw.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Crosstable {
    pub title: String,
    /// Per-opponent columns (round robin) or per-round columns (Swiss).
    pub swiss: bool,
    /// Headings of the result columns: `1`…`n` or `R1`…
    pub columns: Vec<String>,
    pub tiebreaks: Vec<String>,
    pub rows: Vec<Row>,
    /// Not kept with a serialised table (a picture's recipe names its
    /// language and puts them back).
    #[serde(skip, default = "Labels::en")]
    pub labels: Labels,
}

/// A part of the crosstable for one image: rows, and (round robin) the
/// opponent columns shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub rows: Range<usize>,
    pub columns: Range<usize>,
}

impl Crosstable {
    /// Build from the standings; `names[p]` is player `p`'s display name.
    pub fn new(title: &str, table: &Table, names: &[String], labels: Labels) -> Crosstable {
        let swiss = table.format.is_swiss();
        let order: Vec<PlayerId> = table.rows.iter().map(|r| r.player).collect();
        let row_of = |p: PlayerId| order.iter().position(|&q| q == p).map(|i| i + 1);
        let rounds = table
            .games
            .iter()
            .map(|g| g.round)
            .chain(table.byes.iter().map(|b| b.round))
            .max()
            .unwrap_or(0);
        let columns: Vec<String> = if swiss {
            (1..=rounds)
                .map(|r| format!("{}{r}", labels.round))
                .collect()
        } else {
            (1..=order.len()).map(|i| i.to_string()).collect()
        };
        let per_round = if table.micro { 4 } else { 2 };
        let rows = table
            .rows
            .iter()
            .map(|s| {
                let p = s.player;
                let cells = if swiss {
                    (1..=rounds)
                        .map(|r| swiss_cell(table, p, r, per_round, &row_of, &labels))
                        .collect()
                } else {
                    order
                        .iter()
                        .map(|&q| {
                            if q == p {
                                Cell::Diagonal
                            } else {
                                rr_cell(table, p, q, per_round)
                            }
                        })
                        .collect()
                };
                let mut name = names
                    .get(p)
                    .cloned()
                    .unwrap_or_else(|| format!("#{}", p + 1));
                if s.status != Status::Active {
                    name = format!("{name} ({})", labels.withdrawn);
                }
                Row {
                    player: p,
                    name,
                    cells,
                    points: s.points.to_string(),
                    classic: classic_points(s.points),
                    tiebreaks: s
                        .tiebreaks
                        .iter()
                        .map(|v| v.map(|v| v.to_string()).unwrap_or_default())
                        .collect(),
                    place: match s.place {
                        Some((a, b)) if a == b => a.to_string(),
                        Some((a, b)) => format!("{a}–{b}"),
                        None => String::new(),
                    },
                    status: s.status,
                }
            })
            .collect();
        Crosstable {
            title: title.to_string(),
            swiss,
            columns,
            tiebreaks: table
                .tiebreaks
                .iter()
                .map(|&t| labels.tiebreak(t).to_string())
                .collect(),
            rows,
            labels,
        }
    }

    /// The pages of at most [`PLAYERS_PER_PAGE`] players: row blocks, and in
    /// a round robin also blocks of opponent columns (so a page stays
    /// readable), each page with the totals.
    pub fn pages(&self) -> Vec<Page> {
        let n = self.rows.len();
        let blocks = |len: usize| -> Vec<Range<usize>> {
            (0..len.max(1))
                .step_by(PLAYERS_PER_PAGE)
                .map(|s| s..(s + PLAYERS_PER_PAGE).min(len))
                .collect()
        };
        let mut out = Vec::new();
        for rows in blocks(n) {
            if self.swiss {
                out.push(Page {
                    rows,
                    columns: 0..self.columns.len(),
                });
            } else {
                for columns in blocks(self.columns.len()) {
                    out.push(Page {
                        rows: rows.clone(),
                        columns,
                    });
                }
            }
        }
        out
    }

    /// The whole crosstable as a monospace text table.
    pub fn to_text(&self) -> String {
        let l = &self.labels;
        let mut head: Vec<String> = vec![l.number.into(), l.player.into()];
        head.extend(self.columns.iter().cloned());
        head.push(l.points.into());
        head.extend(self.tiebreaks.iter().cloned());
        head.push(l.place.into());
        let mut lines: Vec<Vec<String>> = vec![head];
        for (i, r) in self.rows.iter().enumerate() {
            let mut line = vec![(i + 1).to_string(), r.name.clone()];
            line.extend(r.cells.iter().map(|c| match c {
                Cell::Diagonal => "■".to_string(),
                Cell::Empty => "·".to_string(),
                Cell::Text(t, _) => t.clone(),
            }));
            line.push(format!("{} ({})", r.points, r.classic));
            line.extend(r.tiebreaks.iter().cloned());
            line.push(r.place.clone());
            lines.push(line);
        }
        let cols = lines[0].len();
        let width = |s: &str| s.chars().count();
        let widths: Vec<usize> = (0..cols)
            .map(|c| lines.iter().map(|l| width(&l[c])).max().unwrap_or(0))
            .collect();
        let mut out = format!("{}\n", self.title);
        for l in &lines {
            let cells: Vec<String> = l
                .iter()
                .enumerate()
                .map(|(c, s)| {
                    let pad = " ".repeat(widths[c] - width(s));
                    if c == 1 {
                        format!("{s}{pad}") // names left-aligned
                    } else {
                        format!("{pad}{s}")
                    }
                })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        out
    }
}

fn tone(points: u32, max: u32) -> Tone {
    match (2 * points).cmp(&max) {
        std::cmp::Ordering::Greater => Tone::Win,
        std::cmp::Ordering::Equal => Tone::Draw,
        std::cmp::Ordering::Less => Tone::Loss,
    }
}

/// The score of `p` in the games of one round (a game or a micro-match).
fn round_text(games: &[&Counted], p: PlayerId, per_round: u32) -> Option<(String, Tone)> {
    if games.is_empty() {
        return None;
    }
    if games.iter().all(|g| g.outcome == Outcome::Annulled) {
        return Some(("×".into(), Tone::Neutral));
    }
    let counted: Vec<u32> = games.iter().filter_map(|g| g.points_of(p)).collect();
    if counted.is_empty() {
        return None;
    }
    let pts: u32 = counted.iter().sum();
    let forfeit = games
        .iter()
        .all(|g| matches!(g.outcome, Outcome::Forfeit(_) | Outcome::DoubleForfeit));
    if forfeit {
        return Some(if pts > 0 {
            ("+".into(), Tone::Win)
        } else {
            ("−".into(), Tone::Loss)
        });
    }
    if counted.len() < games.len() {
        return Some((format!("{pts}…"), Tone::Neutral));
    }
    Some((pts.to_string(), tone(pts, per_round)))
}

fn rr_cell(table: &Table, p: PlayerId, q: PlayerId, per_round: u32) -> Cell {
    let games = table.between(p, q);
    let mut rounds: Vec<u32> = games.iter().map(|g| g.round).collect();
    rounds.dedup();
    let parts: Vec<(String, Tone)> = rounds
        .iter()
        .filter_map(|&r| {
            let in_round: Vec<&Counted> = games.iter().copied().filter(|g| g.round == r).collect();
            round_text(&in_round, p, per_round)
        })
        .collect();
    if parts.is_empty() {
        return Cell::Empty;
    }
    let text = parts
        .iter()
        .map(|p| p.0.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let tone = if parts.len() == 1 {
        parts[0].1
    } else {
        Tone::Neutral
    };
    Cell::Text(text, tone)
}

fn swiss_cell(
    table: &Table,
    p: PlayerId,
    round: u32,
    per_round: u32,
    row_of: &impl Fn(PlayerId) -> Option<usize>,
    labels: &Labels,
) -> Cell {
    if let Some(b) = table
        .byes
        .iter()
        .find(|b| b.player == p && b.round == round)
    {
        let pts = match b.kind {
            ByeKind::Full => per_round,
            ByeKind::Half => per_round / 2,
        };
        return Cell::Text(format!("{} {pts}", labels.bye), Tone::Neutral);
    }
    let games: Vec<&Counted> = table
        .games
        .iter()
        .filter(|g| g.round == round && (g.white == p || g.black == p))
        .collect();
    let Some(first) = games.first() else {
        return Cell::Empty;
    };
    let opp = first.opponent(p);
    let mut who = row_of(opp)
        .map(|r| r.to_string())
        .unwrap_or_else(|| "?".into());
    if !table.micro {
        who.push(if first.white == p { 'w' } else { 'b' });
    }
    match round_text(&games, p, per_round) {
        Some((t, tone)) => Cell::Text(format!("{who} {t}"), tone),
        None => Cell::Text(who, Tone::Neutral),
    }
}

#[cfg(test)]
mod tests;
