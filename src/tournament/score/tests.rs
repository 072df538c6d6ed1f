//! Standings against hand-worked tables. Points are in the 2/1/0 scale;
//! tiebreak values are written as worked by hand (Value holds half-units).

use super::*;
use crate::tournament::GameResult::{BlackWins as BW, Draw as D, WhiteWins as WW};

fn g(round: u32, white: usize, black: usize, result: Option<GameResult>) -> Game {
    Game {
        round,
        white,
        black,
        result,
    }
}

fn event(players: usize, format: Format, games: Vec<Game>) -> Event {
    Event {
        players,
        format,
        micro: false,
        games,
        byes: Vec::new(),
        withdrawn: Vec::new(),
        tiebreaks: Tiebreak::defaults(format),
    }
}

fn places(t: &Table) -> Vec<(usize, Option<(u32, u32)>)> {
    t.rows.iter().map(|r| (r.player, r.place)).collect()
}

/// Four players A B C D (0–3), single round robin:
///
/// ```text
///        A  B  C  D   pts wins  SB
///   A    ·  2  1  1    4   1    1·4 + ½·3 + ½·1 = 6
///   B    0  ·  2  2    4   2    1·3 + 1·1       = 4
///   C    1  0  ·  2    3   1    ½·4 + 1·1       = 3
///   D    1  0  0  ·    1   0    ½·4             = 2
/// ```
///
/// By the defaults (wins, then SB) B is first: A and B have 4 points, B won
/// two games to A's one. By SB first, A is.
fn four() -> Event {
    event(
        4,
        Format::RoundRobin,
        vec![
            g(1, 0, 3, Some(D)),
            g(1, 1, 2, Some(WW)),
            g(2, 3, 2, Some(BW)),
            g(2, 0, 1, Some(WW)),
            g(3, 1, 3, Some(WW)),
            g(3, 2, 0, Some(D)),
        ],
    )
}

#[test]
fn round_robin_wins_then_sonneborn_berger() {
    let t = standings(&four());
    assert_eq!(
        places(&t),
        [
            (1, Some((1, 1))),
            (0, Some((2, 2))),
            (2, Some((3, 3))),
            (3, Some((4, 4)))
        ]
    );
    let a = t.row(0).unwrap();
    assert_eq!(
        (a.points, a.wins, a.draws, a.losses, a.games),
        (4, 1, 2, 0, 3)
    );
    let tb = |p: usize| t.row(p).unwrap().tiebreaks.clone();
    assert_eq!(tb(0), [Some(Value::whole(1)), Some(Value::whole(6))]);
    assert_eq!(tb(1), [Some(Value::whole(2)), Some(Value::whole(4))]);
    assert_eq!(tb(2), [Some(Value::whole(1)), Some(Value::whole(3))]);
    assert_eq!(tb(3), [Some(Value::whole(0)), Some(Value::whole(2))]);
    assert_eq!(crate::tournament::classic_points(a.points), "2");

    let mut e = four();
    e.tiebreaks = vec![Tiebreak::SonnebornBerger, Tiebreak::Wins];
    assert_eq!(standings(&e).rows[0].player, 0);
    // head-to-head alone: A beat B
    e.tiebreaks = vec![Tiebreak::HeadToHead];
    let t = standings(&e);
    assert_eq!(t.rows[0].player, 0);
    assert_eq!(t.row(0).unwrap().tiebreaks, [Some(Value::whole(2))]);
    assert_eq!(t.row(1).unwrap().tiebreaks, [Some(Value::whole(0))]);
    assert_eq!(t.row(2).unwrap().tiebreaks, [None], "C is not tied");
}

#[test]
fn a_cycle_shares_the_places() {
    // A beat B, B beat C, C beat A: 2 points each, one win each, SB 2 each,
    // head-to-head 2 each: places 1–3 shared
    let mut e = event(
        3,
        Format::RoundRobin,
        vec![
            g(1, 0, 1, Some(WW)),
            g(2, 1, 2, Some(WW)),
            g(3, 2, 0, Some(WW)),
        ],
    );
    e.tiebreaks.push(Tiebreak::HeadToHead);
    let t = standings(&e);
    assert!(t
        .rows
        .iter()
        .all(|r| r.place == Some((1, 3)) && r.points == 2));
    assert!(t
        .rows
        .iter()
        .all(|r| r.tiebreaks[1] == Some(Value::whole(2))));
}

/// Five players, three Swiss rounds, a full-point bye each round:
///
/// ```text
///   round 1: 0–3 1–0, 1–2 draw, bye 4      points: 0: 2+2+1 = 5
///   round 2: 4–0 0–1, 3–1 1–0, bye 2               1: 1+0+2 = 3
///   round 3: 2–0 draw, 1–4 1–0, bye 3              2: 1+2+1 = 4
///                                                  3: 0+2+2 = 4
///                                                  4: 2+0+0 = 2
/// Buchholz (a bye counts the player's own points), then cut the lowest:
///   0: 4 (3) + 2 (4) + 4 (2) = 10, − 2 = 8
///   1: 4 (2) + 4 (3) + 2 (4) = 10, − 2 = 8
///   2: 3 (1) + 4 (bye) + 5 (0) = 12, − 3 = 9
///   3: 5 (0) + 3 (1) + 4 (bye) = 12, − 3 = 9
///   4: 2 (bye) + 5 (0) + 3 (1) = 10, − 2 = 8
/// Sonneborn-Berger: 0: 4 + 2 + ½·4 = 8; 1: ½·4 + 0 + 2 = 4;
///   2: ½·3 + ½·5 = 4; 3: 0 + 3 = 3; 4: 0
/// ```
///
/// 2 and 3 tie on points and truncated Solkoff; SB puts 2 ahead.
#[test]
fn swiss_truncated_solkoff_and_byes() {
    let mut e = event(
        5,
        Format::Swiss { rounds: 3 },
        vec![
            g(1, 0, 3, Some(WW)),
            g(1, 1, 2, Some(D)),
            g(2, 4, 0, Some(BW)),
            g(2, 3, 1, Some(WW)),
            g(3, 2, 0, Some(D)),
            g(3, 1, 4, Some(WW)),
        ],
    );
    e.byes = [(1, 4), (2, 2), (3, 3)]
        .map(|(round, player)| Bye {
            round,
            player,
            kind: ByeKind::Full,
        })
        .to_vec();
    let t = standings(&e);
    let pts: Vec<u32> = (0..5).map(|p| t.row(p).unwrap().points).collect();
    assert_eq!(pts, [5, 3, 4, 4, 2]);
    assert_eq!(
        places(&t),
        [
            (0, Some((1, 1))),
            (2, Some((2, 2))),
            (3, Some((3, 3))),
            (1, Some((4, 4))),
            (4, Some((5, 5)))
        ]
    );
    let tb = |p: usize, k: usize| t.row(p).unwrap().tiebreaks[k];
    let cut: Vec<_> = (0..5).map(|p| tb(p, 0)).collect();
    assert_eq!(cut, [8, 8, 9, 9, 8].map(|v| Some(Value::whole(v))));
    let sb: Vec<_> = (0..5).map(|p| tb(p, 1)).collect();
    assert_eq!(sb, [8, 4, 4, 3, 0].map(|v| Some(Value::whole(v))));
    let mut e2 = e.clone();
    e2.tiebreaks = vec![Tiebreak::Buchholz];
    let t2 = standings(&e2);
    let bh: Vec<_> = (0..5).map(|p| t2.row(p).unwrap().tiebreaks[0]).collect();
    assert_eq!(bh, [10, 10, 12, 12, 10].map(|v| Some(Value::whole(v))));
}

/// Round robin of four; D (3) played one game of three (beat A) and
/// withdrew: fewer than half, so the result is annulled and D leaves the
/// table. A: beat B, drew C = 3; B: beat C = 2; C: 1.
#[test]
fn withdrawal_before_half_annuls() {
    let mut e = event(
        4,
        Format::RoundRobin,
        vec![
            g(1, 0, 1, Some(WW)),
            g(1, 2, 3, None),
            g(2, 3, 0, Some(WW)),
            g(2, 1, 2, Some(WW)),
            g(3, 0, 2, Some(D)),
            g(3, 1, 3, None),
        ],
    );
    e.withdrawn = vec![3];
    let t = standings(&e);
    let pts: Vec<u32> = (0..4).map(|p| t.row(p).unwrap().points).collect();
    assert_eq!(pts, [3, 2, 1, 0]);
    assert_eq!(
        places(&t),
        [
            (0, Some((1, 1))),
            (1, Some((2, 2))),
            (2, Some((3, 3))),
            (3, None)
        ]
    );
    assert_eq!(t.row(3).unwrap().status, Status::Annulled);
    assert!(t
        .games
        .iter()
        .filter(|c| c.white == 3 || c.black == 3)
        .all(|c| c.outcome == Outcome::Annulled));
    assert_eq!(t.row(0).unwrap().games, 2);
}

/// The same four, D played two of three (beat A, drew B) and withdrew: the
/// results stand and C wins the remaining game by forfeit.
///
/// ```text
///        A  B  C  D   pts wins  SB
///   A    ·  2  2  0    4   2
///   B    0  ·  2  1    3   1    1·2 + ½·3 = 3½
///   C    0  0  ·  2+   2   1
///   D    2  1  0− ·    3   1    1·4 + ½·3 = 5½
/// ```
///
/// B and D tie on 3 points and one win; SB puts D (withdrawn) second.
#[test]
fn withdrawal_after_half_forfeits_the_rest() {
    let mut e = event(
        4,
        Format::RoundRobin,
        vec![
            g(1, 0, 1, Some(WW)),
            g(1, 2, 3, None),
            g(2, 3, 0, Some(WW)),
            g(2, 1, 2, Some(WW)),
            g(3, 0, 2, Some(WW)),
            g(3, 1, 3, Some(D)),
        ],
    );
    e.withdrawn = vec![3];
    let t = standings(&e);
    assert_eq!(
        places(&t),
        [
            (0, Some((1, 1))),
            (3, Some((2, 2))),
            (1, Some((3, 3))),
            (2, Some((4, 4)))
        ]
    );
    let d = t.row(3).unwrap();
    assert_eq!((d.status, d.points, d.losses), (Status::Withdrawn, 3, 1));
    assert_eq!(d.tiebreaks[1], Some(Value(11)), "5½");
    assert_eq!(t.row(1).unwrap().tiebreaks[1], Some(Value(7)), "3½");
    let c = t.row(2).unwrap();
    assert_eq!((c.points, c.wins), (2, 1));
    assert_eq!(
        t.between(2, 3)[0].outcome,
        Outcome::Forfeit(GameResult::WhiteWins)
    );
    assert!(removed_for_forfeits(2) && !removed_for_forfeits(1));
}

/// Micro-matches, Swiss of three, two rounds:
///
/// ```text
///   round 1: 0 v 1: 0 wins with White, draws with Black: 3–1; bye 2 (4)
///   round 2: 2 v 0: drawn with 2 White, 0 wins with White: 0 scores 3–1;
///            1 a requested half-point bye (2)
///   points: 0: 3 + 3 = 6, 1: 1 + 2 = 3, 2: 4 + 1 = 5
///   Buchholz: 0: 3 + 5 = 8; 1: 6 + 3 (bye) = 9; 2: 5 (bye) + 6 = 11
/// ```
#[test]
fn micro_matches_score_zero_to_four() {
    let mut e = event(
        3,
        Format::Swiss { rounds: 2 },
        vec![
            g(1, 0, 1, Some(WW)),
            g(1, 1, 0, Some(D)),
            g(2, 2, 0, Some(D)),
            g(2, 0, 2, Some(WW)),
        ],
    );
    e.micro = true;
    e.byes = vec![
        Bye {
            round: 1,
            player: 2,
            kind: ByeKind::Full,
        },
        Bye {
            round: 2,
            player: 1,
            kind: ByeKind::Half,
        },
    ];
    e.tiebreaks = vec![Tiebreak::Buchholz];
    let t = standings(&e);
    let pts: Vec<u32> = (0..3).map(|p| t.row(p).unwrap().points).collect();
    assert_eq!(pts, [6, 3, 5]);
    assert_eq!(t.match_score(0, 1, 1), Some(3));
    assert_eq!(t.match_score(1, 0, 1), Some(1));
    assert_eq!(t.match_score(0, 2, 2), Some(3));
    assert_eq!(t.match_score(0, 2, 1), None);
    let bh: Vec<_> = (0..3).map(|p| t.row(p).unwrap().tiebreaks[0]).collect();
    assert_eq!(bh, [8, 9, 11].map(|v| Some(Value::whole(v))));
}

#[test]
fn pending_games_do_not_count() {
    let e = event(2, Format::RoundRobin, vec![g(1, 0, 1, None)]);
    let t = standings(&e);
    assert!(t
        .rows
        .iter()
        .all(|r| r.points == 0 && r.games == 0 && r.place == Some((1, 2))));
    assert_eq!(t.games[0].outcome, Outcome::Pending);
}
