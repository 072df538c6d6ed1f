//! Property tests over random games and random input.

use proptest::prelude::*;
use shashki_engine::fen::{parse_fen, to_fen, to_fen_numeric};
use shashki_engine::notation::{format_numeric, parse_move};
use shashki_engine::pdn::{parse_pdn, write_pdn, PdnStyle};
use shashki_engine::rules::Russian;
use shashki_engine::{count_moves, has_capture, Color, Game, Position, Variant8};

/// Play a random game: each choice picks among the legal moves.
fn random_game(choices: &[u16]) -> Game {
    let mut g = Game::new(Variant8::Russian);
    for &c in choices {
        if g.is_over() {
            break;
        }
        let moves = g.legal_moves();
        let mv = moves[c as usize % moves.len()];
        g.play(&mv).unwrap();
    }
    g
}

fn check_position(p: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(p.hash(), p.compute_hash());
    let moves = p.legal_moves();
    prop_assert_eq!(count_moves::<Russian>(p), moves.len() as u64);
    let capture = has_capture::<Russian>(p);
    // captures are compulsory: all moves capture, or none does
    prop_assert!(moves.iter().all(|m| m.is_capture() == capture));
    let us = p.side_to_move();
    let them = us.opposite();
    for (i, m) in moves.iter().enumerate() {
        // no two moves are the same in the SET sense
        prop_assert!(!moves[..i].iter().any(|o| o.same_as(m)), "duplicate {}", m);
        prop_assert_eq!(m.captured() & !p.pieces_of(them), 0);
        let before = *p;
        let q = p.make(m);
        prop_assert_eq!(*p, before, "make leaves the original untouched");
        prop_assert_eq!(q.hash(), q.compute_hash(), "hash after {}", m);
        prop_assert_eq!(q.side_to_move(), them);
        let (um, uk) = p.count(us);
        let (qm, qk) = q.count(us);
        prop_assert_eq!(um + uk, qm + qk, "mover keeps its pieces");
        prop_assert_eq!(qk, uk + u32::from(m.is_promotion()));
        let (tm, tk) = p.count(them);
        let (rm, rk) = q.count(them);
        prop_assert_eq!(tm + tk, rm + rk + m.capture_count());
        prop_assert_eq!(m.captured_squares().len() as u32, m.capture_count());
        // notation round trips
        prop_assert_eq!(parse_move(p, &m.to_string()), Ok(*m));
        prop_assert_eq!(parse_move(p, &format_numeric(m)), Ok(*m));
    }
    // FEN round trips
    prop_assert_eq!(parse_fen(&to_fen(p)), Ok(*p));
    prop_assert_eq!(parse_fen(&to_fen_numeric(p)), Ok(*p));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_every_invariant(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let g = random_game(&choices);
        for p in g.positions() {
            check_position(p)?;
        }
        // the recorded result agrees with the last position
        if let Some(o) = g.outcome() {
            if g.legal_moves().is_empty() {
                prop_assert_eq!(o.winner(), Some(g.side_to_move().opposite()));
            }
        }
    }

    #[test]
    fn pdn_round_trips_random_games(choices in prop::collection::vec(any::<u16>(), 0..120), numeric in any::<bool>()) {
        let g = random_game(&choices);
        let text = write_pdn(&g, &[("White", "W"), ("Black", "B")], PdnStyle { numeric });
        let back = parse_pdn(&text).unwrap();
        prop_assert_eq!(back.len(), 1);
        let again = back[0].to_game().unwrap();
        prop_assert_eq!(again.moves(), g.moves());
        prop_assert_eq!(again.outcome(), g.outcome());
    }

    #[test]
    fn fen_parser_never_panics(s in ".{0,80}") {
        let _ = parse_fen(&s);
    }

    #[test]
    fn fen_parser_never_panics_on_near_fens(s in "[WBKwbk:,0-9a-hH F.-]{0,60}") {
        if let Ok(p) = parse_fen(&s) {
            // whatever parses prints back to the same position
            prop_assert_eq!(parse_fen(&to_fen(&p)), Ok(p));
        }
    }

    #[test]
    fn move_parser_never_panics(s in ".{0,40}", near in "[a-h1-8x:\\- !?0-9]{0,16}") {
        let p = Position::initial();
        let _ = parse_move(&p, &s);
        if let Ok(m) = parse_move(&p, &near) {
            prop_assert!(p.legal_moves().contains(&m));
        }
    }

    #[test]
    fn pdn_parser_never_panics(s in ".{0,200}", near in "[\\[\\]{}()\"a-h1-8x:. \\-;$!?0-9\n]{0,120}") {
        for t in [&s, &near] {
            if let Ok(games) = parse_pdn(t) {
                for g in games {
                    let _ = g.replay();
                }
            }
        }
    }
}

#[test]
fn start_position_facts() {
    let p = Position::initial();
    assert_eq!(p.count(Color::White), (12, 0));
    assert_eq!(p.count(Color::Black), (12, 0));
    assert_eq!(p.side_to_move(), Color::White);
    check_position(&p).unwrap();
}
