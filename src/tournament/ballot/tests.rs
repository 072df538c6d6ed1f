use super::*;
use crate::engine::{Color, Kind, Piece, Square};
use std::collections::HashSet;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Every FMJD opening replays legally from the initial position to exactly
/// its FEN; every arranged position is the initial one with the stated men
/// moved; every FEN parses, prints back the same and has legal moves.
#[test]
fn fmjd_table_is_valid() {
    let all = openings(Ballot::Fmjd);
    assert_eq!(all.len(), 736);
    let codes: HashSet<&str> = all.iter().map(|o| o.code.as_str()).collect();
    assert_eq!(codes.len(), 736);
    assert_eq!(
        (all[0].code.as_str(), all[735].code.as_str()),
        ("1-I", "46-XVI")
    );
    let mut moves = 0;
    for o in all {
        let pos = Position::from_fen(&o.fen).unwrap();
        assert_eq!(pos.to_fen(), o.fen, "{}", o.code);
        assert!(!pos.legal_moves().is_empty(), "{}", o.code);
        assert!(pos.kings() == 0, "{}", o.code);
        match &o.start {
            Start::Moves(m) => {
                moves += 1;
                assert!((1..=6).contains(&m.len()), "{}", o.code);
                let reached = replay(m).unwrap_or_else(|e| panic!("{}: {e}", o.code));
                assert_eq!(reached, pos, "{}: moves do not reach the FEN", o.code);
            }
            Start::Arranged(men) => {
                // all the men move at once (17-XI: b2>h6 h6>a5 swaps)
                let start = Position::initial();
                let mut p = start;
                for (from, _) in men {
                    p.set(sq(from), None);
                }
                for (from, to) in men {
                    let piece = start.piece_at(sq(from)).expect("a man there");
                    assert_eq!(piece.kind, Kind::Man);
                    p.set(sq(to), Some(piece));
                }
                assert_eq!(p, pos, "{}: arranged position", o.code);
            }
        }
    }
    assert_eq!(moves, 344);
}

#[test]
fn balanced_list_is_valid() {
    let all = openings(Ballot::Balanced);
    assert_eq!(all.len(), 214);
    for o in all {
        assert_eq!(o.moves().len(), 3, "{}", o.code);
        assert_eq!(replay(o.moves()).unwrap(), o.position());
        assert_eq!(o.position().side_to_move(), Color::Black);
    }
}

#[test]
fn named_lines_are_legal_and_found() {
    for n in NAMES {
        let moves: Vec<String> = n.moves.split(' ').map(str::to_string).collect();
        replay(&moves).unwrap_or_else(|e| panic!("{}: {e}", n.ru));
        assert_eq!(name_of(&moves).map(|x| x.moves), Some(n.moves), "{}", n.ru);
    }
    let line = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    // the lines
    let city = name_of(&line("c3-d4 d6-c5 b2-c3 f6-g5 c3-b4")).unwrap();
    assert_eq!(city.ru, "Городская партия");
    let kol = name_of(&line("c3-d4 b6-a5 d4-c5 d6:b4 a3:c5")).unwrap();
    assert_eq!(kol.ru, "Кол");
    // by position: the Kol reached by 1.cb4 ba5 2.bc5 d:b4 3.a:c5
    assert_eq!(
        name_of(&line("c3-b4 b6-a5 b4-c5 d6:b4 a3:c5")).unwrap().ru,
        "Кол"
    );
    // the more specific name wins: Gibelnoye nachalo within Romanychev's game
    let g = name_of(&line("c3-d4 f6-e5 d4:f6 g7:e5 a3-b4")).unwrap();
    assert_eq!(g.ru, "Гибельное начало");
    assert_eq!(
        name_of(&line("c3-d4 f6-e5 d4:f6 e7:g5")).unwrap().ru,
        "Игра Романычева"
    );
    assert!(name_of(&line("a3-b4 f6-g5")).is_none());
    // some ballot entries carry names
    let named = openings(Ballot::Fmjd)
        .iter()
        .filter(|o| o.name.is_some())
        .count();
    assert!(named >= 10, "{named} named FMJD openings");
}

/// Turn the board round and swap the colours.
fn mirrored(p: &Position) -> Position {
    let mut out = Position::empty(p.side_to_move().opposite());
    for (s, piece) in p.pieces() {
        let to = Square::from_coords(7 - s.file(), 7 - s.rank()).unwrap();
        let color = piece.color.opposite();
        out.set(to, Some(Piece { color, ..piece }));
    }
    out
}

#[test]
fn reverse_openings_are_the_mirror_images() {
    let pos =
        |moves: &str| replay(&moves.split(' ').map(str::to_string).collect::<Vec<_>>()).unwrap();
    let named = |ru: &str| NAMES.iter().find(|n| n.ru == ru).unwrap().moves;
    // the reverse city game is the city game with the colours swapped
    // (White a tempo up: the same men, White to move instead of Black)
    let city = mirrored(&pos(named("Городская партия")));
    let rev = pos(named("Обратная городская партия"));
    assert_eq!(city.with_side_to_move(Color::White), rev);
    // the reverse stake is the stake with colours swapped plus White's
    // spare tempo c3-b4
    let mut kol = mirrored(&pos(named("Кол")));
    kol.set(sq("c3"), None);
    kol.set(
        sq("b4"),
        Some(Piece {
            color: Color::White,
            kind: Kind::Man,
        }),
    );
    assert_eq!(kol, pos(named("Обратный кол")));
}

#[test]
fn notation_and_cards() {
    assert_eq!(short("c3-d4"), "cd4");
    assert_eq!(short("d6:b4"), "d:b4");
    assert_eq!(short("a3:c5:e7"), "a:e7");
    let o = parse_balanced("c3-d4 d6-c5 b2-c3 f6-g5 c3-b4\n")
        .unwrap()
        .remove(0);
    assert_eq!(o.short_moves(), "1.cd4 dc5 2.bc3 fg5 3.cb4");
    assert_eq!(o.numbered_moves(), "1.c3-d4 d6-c5 2.b2-c3 f6-g5 3.c3-b4");
    assert_eq!(
        o.card(true),
        "B1 Городская партия: 1.cd4 dc5 2.bc3 fg5 3.cb4"
    );
    assert_eq!(
        o.card(false),
        "B1 Gorodskaya partiya (City Game): 1.cd4 dc5 2.bc3 fg5 3.cb4"
    );
    let g = o.game();
    assert_eq!(g.start_move_number(), 3);
    let pdn = crate::engine::pdn::write_pdn(&g, &[], crate::engine::pdn::PdnStyle::default());
    assert!(pdn.contains("[FEN \"B:"), "{pdn}");
    let arranged = openings(Ballot::Fmjd)
        .iter()
        .find(|o| o.moves().is_empty())
        .unwrap();
    assert!(arranged.short_moves().contains('→'));
    assert_eq!(arranged.pdn_tags().len(), 1);
    assert_eq!("FMJD".parse(), Ok(Ballot::Fmjd));
    assert_eq!(Ballot::Balanced.to_string().parse(), Ok(Ballot::Balanced));
    assert!("random".parse::<Ballot>().is_err());
}

#[test]
fn draws_are_seeded_permutations() {
    let a = Draw::new(Ballot::Fmjd, 2026);
    assert_eq!(a, Draw::new(Ballot::Fmjd, 2026));
    assert_ne!(a, Draw::new(Ballot::Fmjd, 2027));
    let first: HashSet<&str> = (0..736).map(|k| a.get(k).code.as_str()).collect();
    assert_eq!(first.len(), 736, "no repeat before the ballot is used up");
    assert_eq!(a.get(736), a.get(0));
    // the draw is stable across versions: pin the first three codes
    let pinned: Vec<&str> = (0..3).map(|k| a.get(k).code.as_str()).collect();
    assert_eq!(pinned, PINNED);
}

/// The first three codes of `Draw::new(Ballot::Fmjd, 2026)`.
const PINNED: [&str; 3] = ["4-XIV", "5-IX", "1-XI"];

/// Both games of a micro-match start from the same opening, colours
/// reversed, for every pairing of a round robin.
#[test]
fn micro_match_openings_identical_within_a_pairing() {
    let draw = Draw::new(Ballot::Balanced, 7);
    let rounds = crate::tournament::berger::berger(9);
    let mut k = 0;
    for r in &rounds {
        for &p in &r.pairings {
            let [(g1, o1), (g2, o2)] = draw.micro_match(k, p);
            assert_eq!(o1, o2);
            assert_eq!(o1.fen, o2.fen);
            assert_eq!(o1.moves(), o2.moves());
            assert_eq!((g1.white, g1.black), (g2.black, g2.white));
            assert_eq!(g1, p);
            k += 1;
        }
    }
    assert_eq!(k, 36);
}

/// The variants with an engine list of their own (all but Russian).
fn engine_variants() -> impl Iterator<Item = Variant> {
    Variant::ALL.into_iter().filter(|v| *v != Variant::Russian)
}

/// The scores an engine list's lines carry after `#`.
fn stored_scores(variant: Variant) -> Vec<i32> {
    let text = ENGINE_LISTS.iter().find(|(v, _)| *v == variant).unwrap().1;
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (_, score) = l.split_once('#').expect("a score");
            score.trim().parse().expect("a number")
        })
        .collect()
}

/// Every variant but Russian has a stored list of at least 20 openings:
/// each line legal in its variant and written as the engine writes it,
/// each position once, each score within the margin, each game on.
#[test]
fn engine_lists_are_legal_distinct_and_balanced() {
    assert_eq!(ENGINE_LISTS.len(), Variant::ALL.len() - 1);
    for v in engine_variants() {
        let list = engine_openings(v);
        assert!(list.len() >= 20, "{v}: {} openings", list.len());
        let scores = stored_scores(v);
        assert_eq!(scores.len(), list.len(), "{v}");
        let margin = OpeningParams::of(v).margin;
        assert!(scores.iter().all(|s| s.abs() <= margin), "{v}: {scores:?}");
        let fens: HashSet<&str> = list.iter().map(|o| o.fen.as_str()).collect();
        assert_eq!(fens.len(), list.len(), "{v}: a position twice");
        for (i, o) in list.iter().enumerate() {
            assert_eq!(o.variant, v);
            assert_eq!(o.code, format!("E{}", i + 1));
            let plies = OpeningParams::of(v).plies as usize;
            assert_eq!(o.moves().len(), plies, "{v} {}", o.code);
            let replayed = made::replay(v, o.moves()).unwrap();
            assert_eq!(replayed.fen(), o.fen, "{v} {}", o.code);
            let g = o.start_game();
            assert_eq!(g.variant(), v);
            assert_eq!(g.fen(), o.fen, "{v} {}", o.code);
            assert!(
                !g.is_over() && !g.legal_moves().is_empty(),
                "{v} {}",
                o.code
            );
        }
    }
    // a line written otherwise, illegal, or reaching a position twice is refused
    let v = Variant::International;
    assert!(parse_engine_list(v, "31-26 16-21 32-27\n").is_ok());
    assert!(parse_engine_list(v, "31-26 16-21 31-27\n").is_err());
    assert!(parse_engine_list(v, "31-26 16-21 32-27\n31-26 16-21 32-27\n").is_err());
    assert!(parse_engine_list(Variant::Russian10x8, "c3d4\n").is_err());
}

/// The stored lists are what `shashki openings` makes with the engine of
/// today (the engine's search is deterministic at a fixed depth): change
/// the engine, then regenerate them on purpose.
#[test]
fn engine_lists_are_what_the_engine_makes() {
    std::thread::scope(|scope| {
        let jobs: Vec<_> = engine_variants()
            .map(|v| {
                scope.spawn(move || {
                    let params = OpeningParams::of(v);
                    (v, format_engine_list(v, &params, &made::openings(v)))
                })
            })
            .collect();
        for job in jobs {
            let (v, made) = job.join().unwrap();
            let stored = ENGINE_LISTS.iter().find(|(w, _)| *w == v).unwrap().1;
            assert!(
                made == stored,
                "assets/openings/{}.txt is not what the engine makes: \
                 shashki openings --variant {} > assets/openings/{}.txt",
                v.key(),
                v.key(),
                v.key()
            );
        }
    });
}

/// Russian tournaments draw from their ballot; every other variant from
/// the engine's list, whatever the ballot.
#[test]
fn the_ballot_serves_russian_and_the_engine_list_the_others() {
    assert_eq!(openings_in(Variant::Russian, Ballot::Fmjd).len(), 736);
    assert_eq!(openings_in(Variant::Russian, Ballot::Balanced).len(), 214);
    assert_eq!(openings_in(Variant::Russian, Ballot::Fmjd)[0].code, "1-I");
    for v in engine_variants() {
        for b in [Ballot::Fmjd, Ballot::Balanced] {
            let list = openings_in(v, b);
            assert!(std::ptr::eq(list, engine_openings(v)), "{v} {b}");
            assert!(list.iter().all(|o| o.variant == v));
        }
    }
    assert!(std::ptr::eq(
        engine_openings(Variant::Russian),
        openings(Ballot::Balanced)
    ));
}

/// A draw in a variant is a seeded permutation of its list; the Russian
/// draw is unchanged.
#[test]
fn a_draw_in_any_variant_permutes_its_list() {
    assert_eq!(
        Draw::new(Ballot::Fmjd, 2026),
        Draw::new_in(Variant::Russian, Ballot::Fmjd, 2026)
    );
    for v in engine_variants() {
        let n = engine_openings(v).len();
        let d = Draw::new_in(v, Ballot::Fmjd, 2026);
        let other = Draw::new_in(v, Ballot::Balanced, 2026);
        assert!((0..n).all(|k| d.get(k) == other.get(k)), "{v}");
        assert_ne!(d, Draw::new_in(v, Ballot::Fmjd, 2027), "{v}");
        let codes: HashSet<&str> = (0..n).map(|k| d.get(k).code.as_str()).collect();
        assert_eq!(codes.len(), n, "{v}: a repeat before the list is used up");
        assert_eq!(d.get(n), d.get(0));
        let [(a, o1), (b, o2)] = d.micro_match(3, Pairing::new(0, 1));
        assert_eq!((a, b), (Pairing::new(0, 1), Pairing::new(1, 0)));
        assert_eq!(o1, o2);
        assert_eq!(o1.variant, v);
    }
}

/// Cards and games of the other variants' openings, in their notation.
#[test]
fn engine_openings_read_in_their_variants_notation() {
    let first = &engine_openings(Variant::International)[0];
    assert_eq!(first.card(false), "E1: 1.31-26 16-21 2.32-27");
    assert!(first.fen.starts_with("B:W"), "{}", first.fen);
    assert_eq!(first.pdn_tags().len(), 2);
    // English: Black opens each move number, squares numbered
    let english = &engine_openings(Variant::English)[0];
    assert_eq!(english.card(false), "E1: 1.10-14 22-17 2.11-15");
    let g = english.start_game();
    assert_eq!(g.side_to_move(), Color::White);
    assert_eq!(g.eight().unwrap().start_move_number(), 2);
    assert_eq!(
        english.game().start_position(),
        g.eight().unwrap().start_position()
    );
    assert_eq!(english.position(), *g.eight().unwrap().start_position());
    // algebraic variants keep the literature's short form
    let wide = &engine_openings(Variant::Russian10x8)[0];
    assert!(
        wide.short_moves().starts_with("1."),
        "{}",
        wide.short_moves()
    );
    assert!(!wide.short_moves().contains('-'), "{}", wide.short_moves());
    // Vigman: White's turn of two sub-moves under one number
    let vigman = &engine_openings(Variant::Vigman)[0];
    assert_eq!(vigman.moves().len(), 2);
    let card = vigman.card(false);
    assert!(
        card.starts_with("E1: 1.") && card.matches('.').count() == 1,
        "{card}"
    );
    assert_eq!(vigman.start_game().side_to_move(), Color::Black);
    let bashni = &engine_openings(Variant::Bashni)[0];
    assert_eq!(bashni.start_game().variant(), Variant::Bashni);
    assert_eq!(bashni.start_game().ply(), 0);
}
