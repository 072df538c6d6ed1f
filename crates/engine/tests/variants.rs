//! The relatives of Russian draughts: the search plays each by its own rules
//! (Poddavki's inverted goal), and the draw rules differ per variant.

use shashki_engine::game::{DrawReason, Outcome, WinReason};
use shashki_engine::rules::EndgameDraws;
use shashki_engine::search::{choose_move, ChooseOptions, Level, Limits, Searcher, WIN_BOUND};
use shashki_engine::{parse_fen, Color, Game, Variant};

#[test]
fn poddavki_search_gives_its_last_man_away() {
    // c3-d4 forces e5:c3 and leaves White without a piece: White wins
    let pos = parse_fen("W:Wc3:Be5").expect("fen");
    let limits = Limits {
        depth: Some(4),
        variant: Variant::Poddavki,
        ..Limits::default()
    };
    let r = Searcher::new(1)
        .search(&pos, &[], &limits, |_| {})
        .expect("a move");
    assert_eq!(r.best_move.to_string(), "c3-d4");
    assert!(r.score > WIN_BOUND, "a win: {}", r.score);
    // under Russian rules the same move loses the man: the search avoids it
    let r = Searcher::new(1)
        .search(&pos, &[], &Limits::depth(4), |_| {})
        .expect("a move");
    assert_ne!(r.best_move.to_string(), "c3-d4");
}

#[test]
fn every_variant_and_level_answers_with_a_legal_move() {
    for variant in Variant::ALL {
        let game = Game::new(variant);
        for level in [Level::MIN, Level::new(5).expect("level")] {
            let mut params = level.params();
            params.movetime = std::time::Duration::from_millis(100);
            let options = ChooseOptions {
                params,
                variant,
                ..ChooseOptions::default()
            };
            let r = choose_move(&mut Searcher::new(1), game.position(), &options).expect("a move");
            assert!(game.legal_moves().contains(&r.best_move), "{variant}");
        }
    }
}

#[test]
fn poddavki_game_is_won_by_the_side_left_without_pieces() {
    let mut g = Game::from_position(Variant::Poddavki, parse_fen("W:Wc3:Be5").expect("fen"));
    g.play_text("c3-d4").expect("legal");
    assert_eq!(g.outcome(), None);
    g.play_text("e5:c3").expect("legal");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMoves
        })
    );
}

#[test]
fn draw_rules_per_variant() {
    assert_eq!(Variant::Russian.kings_only_draw_plies(), 30);
    assert_eq!(Variant::Brazilian.kings_only_draw_plies(), 50);
    assert_eq!(Variant::Russian.endgame_draws(), EndgameDraws::Russian);
    assert_eq!(Variant::Poddavki.endgame_draws(), EndgameDraws::None);
    assert_eq!(Variant::Brazilian.endgame_draws(), EndgameDraws::Fmjd);
    // FMJD: two kings against a lone king, 5 moves of the stronger side
    // (Russian rules would let them play on: rule 3 needs three kings)
    let start = parse_fen("W:WKa1,Kc1:BKh2").expect("fen");
    let walk = [
        "a1-b2", "h2-g1", "b2-c3", "g1-h2", "c3-d4", "h2-g1", "d4-e5", "g1-h2", "c1-d2",
    ];
    let mut brazilian = Game::from_position(Variant::Brazilian, start);
    let mut russian = Game::from_position(Variant::Russian, start);
    for m in walk {
        brazilian.play_text(m).expect("legal");
        russian.play_text(m).expect("legal");
    }
    assert_eq!(
        brazilian.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::LoneKing
        })
    );
    assert_eq!(russian.outcome(), None);
}
