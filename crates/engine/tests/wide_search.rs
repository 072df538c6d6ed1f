//! The AI on the wide boards: the search and its levels play every rule
//! set of issue 23 part 2 (International, Frisian, Frysk!, Antidraughts,
//! Breakthrough, Russian on 10×8), each with the evaluation its rules call
//! for, within what the game allows (Frisian's king-move limit); and a
//! deeper level beats a shallow one at International draughts.

use shashki_engine::fen::parse_fen_on;
use shashki_engine::game::GameOn;
use shashki_engine::rules::{
    Antidraughts, Breakthrough, Frisian, Frysk, International, Rules, Russian10x8,
};
use shashki_engine::search::{
    choose_move_in, ChooseOptions, Evaluate, Level, Limits, Searcher, WIN_BOUND,
};
use shashki_engine::Color;
use std::time::Duration;

/// Options for `level` with at most `ms` per move.
fn options(level: u8, ms: u64, seed: u64) -> ChooseOptions<'static> {
    let mut params = Level::new(level).expect("a level").params();
    params.movetime = Duration::from_millis(ms);
    ChooseOptions {
        params,
        seed,
        ..ChooseOptions::default()
    }
}

/// The AI's move in `game` at `level`: always one the game allows.
fn ai_move<R: Rules>(
    game: &GameOn<R>,
    searcher: &mut Searcher<R::Shape>,
    level: u8,
    seed: u64,
) -> shashki_engine::Move<R::Shape>
where
    R::Shape: Evaluate,
{
    let history = game.history_hashes();
    let mut opts = options(level, 150, seed);
    opts.history = &history;
    opts.kings_only_plies = game.counters().kings_only_plies;
    let allowed = game.legal_moves();
    let r = choose_move_in::<R>(searcher, game.position(), &opts, &allowed).expect("a move");
    assert!(
        allowed.contains(&r.best_move),
        "{:?} not in {allowed:?}",
        r.best_move
    );
    r.best_move
}

/// Level `a` (White) against level `b` for at most `plies`; every move
/// must be one the game allows.
fn play_out<R: Rules>(a: u8, b: u8, plies: usize, seed: u64) -> GameOn<R>
where
    R::Shape: Evaluate,
{
    let mut game = GameOn::<R>::new();
    let mut white = Searcher::<R::Shape>::new_on(2);
    let mut black = Searcher::<R::Shape>::new_on(2);
    for ply in 0..plies {
        if game.is_over() {
            break;
        }
        let mv = match game.position().side_to_move() {
            Color::White => ai_move(&game, &mut white, a, seed + ply as u64),
            Color::Black => ai_move(&game, &mut black, b, seed + ply as u64),
        };
        game.play(&mv).expect("legal");
    }
    game
}

#[test]
fn the_ai_plays_every_new_rule_set() {
    assert!(play_out::<International>(2, 3, 16, 1).moves().len() == 16);
    assert!(play_out::<Frisian>(2, 3, 16, 2).moves().len() == 16);
    assert!(play_out::<Frysk>(2, 3, 16, 3).moves().len() >= 10);
    assert!(play_out::<Antidraughts>(2, 3, 16, 4).moves().len() >= 10);
    assert!(play_out::<Breakthrough>(2, 3, 16, 5).moves().len() == 16);
    assert!(play_out::<Russian10x8>(2, 3, 16, 6).moves().len() == 16);
}

#[test]
fn the_ai_keeps_to_frisians_king_move_limit() {
    let pos = parse_fen_on::<shashki_engine::Board10>("W:WK50,36,45:BK1,6,15")
        .unwrap()
        .position;
    let mut game = GameOn::<Frisian>::from_position(pos);
    for mv in ["50-44", "1-7", "44-50", "7-1", "50-44", "1-7"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.king_run().moves, 3);
    let mut searcher = Searcher::new_on(2);
    for level in [1, 4, 8] {
        let mv = ai_move(&game, &mut searcher, level, 7);
        assert_ne!(mv.from().to_string(), "44", "level {level}");
    }
}

#[test]
fn breakthrough_ai_races_to_crown_and_antidraughts_ai_gives_its_pieces_away() {
    // White's man on 11 is two steps from crowning, Black's three: the
    // race is won
    let pos = parse_fen_on::<shashki_engine::Board10>("W:W11,46:B31,32")
        .unwrap()
        .position;
    let mut s = Searcher::new_on(4);
    let r = s
        .search_in::<Breakthrough>(&pos, &[], &Limits::depth(6), |_| {})
        .unwrap();
    assert!(r.score > WIN_BOUND, "a won race: {}", r.score);
    assert!(r.best_move.from().to_string() == "11", "{:?}", r.best_move);
    // the same men under International rules are just a man up for no one
    let r = s
        .search_in::<International>(&pos, &[], &Limits::depth(6), |_| {})
        .unwrap();
    assert!(r.score < WIN_BOUND);
    // Antidraughts: White gives its only man to Black's: a win
    let pos = parse_fen_on::<shashki_engine::Board10>("W:W33:B22")
        .unwrap()
        .position;
    let mut s = Searcher::new_on(4);
    let r = s
        .search_in::<Antidraughts>(&pos, &[], &Limits::depth(4), |_| {})
        .unwrap();
    assert!(
        r.score > WIN_BOUND,
        "giving the last man away wins: {}",
        r.score
    );
    let r = s
        .search_in::<International>(&pos, &[], &Limits::depth(4), |_| {})
        .unwrap();
    assert!(r.score < WIN_BOUND);
}

/// A game's score for White: 1, ½ or 0; a game still going after the
/// ply limit is scored by material (a man's difference decides).
fn white_points<R: Rules>(game: &GameOn<R>) -> f64 {
    match game.outcome() {
        Some(o) => match o.winner() {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        },
        None => {
            let pos = game.position();
            let value = |c: Color| {
                let (men, kings) = pos.count(c);
                men as i32 + 3 * kings as i32
            };
            match value(Color::White) - value(Color::Black) {
                d if d > 0 => 1.0,
                d if d < 0 => 0.0,
                _ => 0.5,
            }
        }
    }
}

#[test]
fn a_deeper_level_beats_a_shallow_one_at_international_draughts() {
    let (deep, shallow) = (5, 1);
    let mut points = 0.0;
    for seed in 0..2u64 {
        let g = play_out::<International>(deep, shallow, 160, 100 + seed);
        points += white_points(&g);
        let g = play_out::<International>(shallow, deep, 160, 200 + seed);
        points += 1.0 - white_points(&g);
    }
    assert!(
        points >= 3.5,
        "level {deep} scored {points} of 4 against level {shallow}"
    );
}
