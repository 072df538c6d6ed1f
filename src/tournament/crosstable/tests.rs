//! The crosstable as data and text.

use super::*;
use crate::tournament::score::{standings, Event, Game};
use crate::tournament::{Format, GameResult};

fn names(n: usize) -> Vec<String> {
    ["Иванов", "Петрова", "Smith", "Жуков", "Ли"]
        .iter()
        .cycle()
        .take(n)
        .enumerate()
        .map(|(i, s)| format!("{s} {}", i + 1))
        .collect()
}

#[test]
fn round_robin_micro_matches_as_text() {
    // three players, micro-matches: 0 beats 1 3–1, 0 and 2 share 2–2,
    // 1 v 2 half played (1 won the first game)
    let g = |round, white, black, result| Game {
        round,
        white,
        black,
        result,
    };
    use GameResult::*;
    let e = Event {
        players: 3,
        format: Format::RoundRobin,
        micro: true,
        games: vec![
            g(1, 1, 2, Some(WhiteWins)),
            g(1, 2, 1, None),
            g(2, 0, 1, Some(WhiteWins)),
            g(2, 1, 0, Some(Draw)),
            g(3, 2, 0, Some(WhiteWins)),
            g(3, 0, 2, Some(WhiteWins)),
        ],
        byes: vec![],
        withdrawn: vec![],
        tiebreaks: Tiebreak::defaults(Format::RoundRobin),
    };
    let t = standings(&e);
    let ct = Crosstable::new("Кубок", &t, &names(3), Labels::ru());
    // points: 0: 3 + 2 = 5; 1: 1 + 2 (its half-played match) = 3; 2: 2
    let order: Vec<usize> = ct.rows.iter().map(|r| r.player).collect();
    assert_eq!(order, [0, 1, 2]);
    assert_eq!(ct.rows[0].cells[0], Cell::Diagonal);
    assert_eq!(ct.rows[0].cells[1], Cell::Text("3".into(), Tone::Win));
    assert_eq!(ct.rows[1].cells[0], Cell::Text("1".into(), Tone::Loss));
    assert_eq!(ct.rows[0].cells[2], Cell::Text("2".into(), Tone::Draw));
    assert_eq!(ct.rows[1].cells[2], Cell::Text("2…".into(), Tone::Neutral));
    assert_eq!(
        (ct.rows[0].points.as_str(), ct.rows[0].classic.as_str()),
        ("5", "2½")
    );
    let text = ct.to_text();
    assert!(text.starts_with("Кубок\n"));
    assert!(text.contains("Иванов 1"), "{text}");
    assert!(text.contains("5 (2½)"), "{text}");
    assert_eq!(ct.pages().len(), 1);
}

#[test]
fn pages_hold_twenty_players() {
    let make = |n: usize, format: Format| {
        let rounds = crate::tournament::berger::berger(n);
        let games: Vec<Game> = rounds
            .iter()
            .flat_map(|r| {
                r.pairings.iter().map(move |p| Game {
                    round: r.number,
                    white: p.white,
                    black: p.black,
                    result: Some(GameResult::Draw),
                })
            })
            .filter(|g| !format.is_swiss() || g.round <= 5)
            .collect();
        let e = Event {
            players: n,
            format,
            micro: false,
            games,
            byes: vec![],
            withdrawn: vec![],
            tiebreaks: Tiebreak::defaults(format),
        };
        Crosstable::new("t", &standings(&e), &names(n), Labels::en())
    };
    assert_eq!(make(20, Format::RoundRobin).pages().len(), 1);
    let rr = make(45, Format::RoundRobin);
    let pages = rr.pages();
    assert_eq!(pages.len(), 9, "3 row blocks × 3 column blocks");
    assert_eq!(
        pages[8],
        Page {
            rows: 40..45,
            columns: 40..45
        }
    );
    let sw = make(45, Format::Swiss { rounds: 5 });
    assert_eq!(sw.pages().len(), 3);
    assert_eq!(sw.columns, ["R1", "R2", "R3", "R4", "R5"]);
    assert!(
        matches!(&sw.rows[0].cells[0], Cell::Text(t, Tone::Draw) if t.ends_with("w 1") || t.ends_with("b 1"))
    );
}

#[test]
fn every_language_heads_its_columns() {
    let e = Event {
        players: 2,
        format: Format::RoundRobin,
        micro: false,
        games: vec![Game {
            round: 1,
            white: 0,
            black: 1,
            result: Some(GameResult::Draw),
        }],
        byes: vec![],
        withdrawn: vec![],
        tiebreaks: Tiebreak::defaults(Format::RoundRobin),
    };
    let t = standings(&e);
    for (labels, player, wins) in [
        (Labels::en(), "Player", "W"),
        (Labels::ru(), "Участник", "Поб"),
        (Labels::lv(), "Dalībnieks", "Uzv"),
        (Labels::de(), "Spieler", "S"),
        (Labels::fr(), "Joueur", "V"),
    ] {
        let ct = Crosstable::new("t", &t, &names(2), labels);
        let text = ct.to_text();
        assert!(text.contains(player), "{text}");
        assert!(ct.tiebreaks.iter().any(|h| h == wins), "{:?}", ct.tiebreaks);
    }
}
