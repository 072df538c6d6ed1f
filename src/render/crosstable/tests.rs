//! Golden-free checks of the crosstable images, and the example image.

use super::*;
use crate::tournament::berger::{berger, double_berger};
use crate::tournament::crosstable::Labels;
use crate::tournament::rng::SplitMix64;
use crate::tournament::score::{standings, Event, Game, Tiebreak};
use crate::tournament::{Format, GameResult};

const NAMES: [&str; 12] = [
    "Александра Кузнецова",
    "Иван Петров",
    "Ольга Смирнова",
    "Дмитрий Волков",
    "Nikolai Sorokin",
    "Мария Лебедева",
    "Сергей Морозов",
    "Анна Новикова",
    "Юрий Ёлкин",
    "Павел Щукин",
    "Елена Зайцева",
    "Григорий Фёдоров",
];

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| NAMES[i % NAMES.len()].to_string()).collect()
}

/// A round robin of `n` with random results (micro-matches: both games);
/// the last `pending` rounds' second games not played yet.
fn event(n: usize, micro: bool, double: bool, seed: u64) -> Event {
    let mut rng = SplitMix64::new(seed);
    let rounds = if double { double_berger(n) } else { berger(n) };
    let last = rounds.len() as u32;
    let mut games = Vec::new();
    for r in &rounds {
        for p in &r.pairings {
            let pairs = if micro {
                p.micro_match().to_vec()
            } else {
                vec![*p]
            };
            for (k, g) in pairs.into_iter().enumerate() {
                let result = if r.number == last && k == 1 {
                    None
                } else {
                    // the stronger (lower number) wins more often
                    let x = rng.below(100) as i64 + (g.black as i64 - g.white as i64) * 3;
                    Some(if x > 65 {
                        GameResult::WhiteWins
                    } else if x > 25 {
                        GameResult::Draw
                    } else {
                        GameResult::BlackWins
                    })
                };
                games.push(Game {
                    round: r.number,
                    white: g.white,
                    black: g.black,
                    result,
                });
            }
        }
    }
    let format = if double {
        Format::DoubleRoundRobin
    } else {
        Format::RoundRobin
    };
    Event {
        players: n,
        format,
        micro,
        games,
        byes: vec![],
        withdrawn: vec![],
        tiebreaks: Tiebreak::defaults(format),
    }
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgb8()
}

#[test]
fn one_page_up_to_twenty_players_then_pages() {
    for (n, pages) in [(6, 1), (20, 1), (21, 4), (45, 9)] {
        let t = standings(&event(n, false, false, n as u64));
        let ct = Crosstable::new("Турнир", &t, &names(n), Labels::ru());
        let pngs = crosstable_pngs(&ct);
        assert_eq!(pngs.len(), pages, "{n} players");
        for png in &pngs {
            let img = decode(png);
            assert_eq!(img.width(), WIDTH);
            assert!(
                img.height() > 100 && img.height() < 1400,
                "{}",
                img.height()
            );
        }
        for p in ct.pages() {
            assert!(text_px(&ct, &p) >= MIN_TEXT, "{n} players: text too small");
        }
    }
}

#[test]
fn renders_cyrillic_names() {
    assert!(font_covers("Ёлкин Щукин Фёдоров Жуков №"));
    let t = standings(&event(8, true, false, 1));
    let with = Crosstable::new("Кубок", &t, &names(8), Labels::ru());
    let mut without = with.clone();
    for r in &mut without.rows {
        r.name.clear();
    }
    let page = &with.pages()[0];
    let (px, widths) = measure(&with, page);
    let a = paint(&with, page, 1, 1, px, widths.clone());
    let b = paint(&without, page, 1, 1, px, widths.clone());
    let x_name = MARGIN + widths[0];
    // ink in the name column of the first player's row
    let row_h = (px * 1.9) as u32;
    let y0 = MARGIN + (px * 2.6) as u32 + row_h;
    let ink = |img: &RgbImage| {
        (y0..y0 + row_h)
            .flat_map(|y| (x_name..x_name + widths[1]).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y).0.iter().all(|&c| c < 100))
            .count()
    };
    assert!(ink(&a) > 150, "the name is drawn: {} dark pixels", ink(&a));
    assert_eq!(ink(&b), 0);
}

#[test]
fn double_round_robin_and_swiss_draw() {
    let t = standings(&event(5, false, true, 3));
    let ct = Crosstable::new("Double", &t, &names(5), Labels::en());
    assert!(ct.rows[0]
        .cells
        .iter()
        .any(|c| matches!(c, Cell::Text(s, _) if s.contains(' '))));
    assert_eq!(crosstable_pngs(&ct).len(), 1);
}

/// Writes docs/crosstable.png (run with `--ignored`).
#[test]
#[ignore]
fn write_example_png() {
    let mut e = event(12, true, false, 2026);
    e.withdrawn = vec![11];
    let t = standings(&e);
    let ct = Crosstable::new(
        "Кубок чата по переписке 2026 · круговой, микроматчи",
        &t,
        &names(12),
        Labels::ru(),
    );
    println!("{}", ct.to_text());
    let pngs = crosstable_pngs(&ct);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/crosstable.png");
    std::fs::write(path, &pngs[0]).unwrap();
}

/// Writes a Swiss example page to the temp dir (run with `--ignored`).
#[test]
#[ignore]
fn write_swiss_example_png() {
    use crate::tournament::score::{Bye, ByeKind};
    use crate::tournament::swiss::{pair_round, Entrant, Past};
    let n = 23;
    let mut rng = SplitMix64::new(5);
    let mut hist: Vec<Vec<Past>> = vec![Vec::new(); n];
    let mut score = vec![0u32; n];
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for round in 1..=7u32 {
        let es: Vec<Entrant> = (0..n)
            .map(|id| Entrant {
                id,
                score: score[id],
                history: hist[id].clone(),
            })
            .collect();
        let r = pair_round(&es, 2).unwrap();
        for p in &r.pairings {
            let x = rng.below(100) as i64 + (p.black as i64 - p.white as i64);
            let res = if x > 60 {
                GameResult::WhiteWins
            } else if x > 30 {
                GameResult::Draw
            } else {
                GameResult::BlackWins
            };
            score[p.white] += res.points(crate::engine::Color::White);
            score[p.black] += res.points(crate::engine::Color::Black);
            let result = (round < 7 || p.white % 3 != 0).then_some(res);
            games.push(Game {
                round,
                white: p.white,
                black: p.black,
                result,
            });
            let fl = |q| r.floats.iter().find(|f| f.0 == q).map(|f| f.1);
            hist[p.white].push(Past::Played {
                opponent: p.black,
                colour: Some(crate::engine::Color::White),
                float: fl(p.white),
            });
            hist[p.black].push(Past::Played {
                opponent: p.white,
                colour: Some(crate::engine::Color::Black),
                float: fl(p.black),
            });
        }
        if let Some(b) = r.bye {
            score[b] += 2;
            hist[b].push(Past::FullBye);
            byes.push(Bye {
                round,
                player: b,
                kind: ByeKind::Full,
            });
        }
    }
    let format = Format::Swiss { rounds: 7 };
    let e = Event {
        players: n,
        format,
        micro: false,
        games,
        byes,
        withdrawn: vec![],
        tiebreaks: Tiebreak::defaults(format),
    };
    let ct = Crosstable::new("Swiss · 7 rounds", &standings(&e), &names(n), Labels::en());
    for (i, png) in crosstable_pngs(&ct).iter().enumerate() {
        std::fs::write(
            std::env::temp_dir().join(format!("crosstable-swiss-{}.png", i + 1)),
            png,
        )
        .unwrap();
    }
}
