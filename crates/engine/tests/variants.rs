//! The relatives of Russian draughts: the search plays each by its own rules
//! (Poddavki's inverted goal), and the draw rules differ per variant.

use shashki_engine::game::{DrawReason, Outcome, WinReason};
use shashki_engine::rules::EndgameDraws;
use shashki_engine::search::{choose_move, ChooseOptions, Level, Limits, Searcher, WIN_BOUND};
use shashki_engine::{parse_fen, Color, Game, Variant8};

#[test]
fn poddavki_search_gives_its_last_man_away() {
    // c3-d4 forces e5:c3 and leaves White without a piece: White wins
    let pos = parse_fen("W:Wc3:Be5").expect("fen");
    let limits = Limits {
        depth: Some(4),
        variant: Variant8::Poddavki,
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
    for variant in Variant8::ALL {
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
    let mut g = Game::from_position(Variant8::Poddavki, parse_fen("W:Wc3:Be5").expect("fen"));
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
    assert_eq!(Variant8::Russian.kings_only_draw_plies(), 30);
    assert_eq!(Variant8::Brazilian.kings_only_draw_plies(), 40);
    assert_eq!(Variant8::Russian.endgame_draws(), EndgameDraws::Russian);
    assert_eq!(Variant8::Poddavki.endgame_draws(), EndgameDraws::None);
    assert_eq!(Variant8::Brazilian.endgame_draws(), EndgameDraws::Fmjd);
    // FMJD: two kings against a lone king, 5 moves of the stronger side
    // (Russian rules would let them play on: rule 3 needs three kings)
    let start = parse_fen("W:WKa1,Kc1:BKh2").expect("fen");
    let walk = [
        "a1-b2", "h2-g1", "b2-c3", "g1-h2", "c3-d4", "h2-g1", "d4-e5", "g1-h2", "c1-d2",
    ];
    let mut brazilian = Game::from_position(Variant8::Brazilian, start);
    let mut russian = Game::from_position(Variant8::Russian, start);
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

/// The legal moves of `fen` under `variant`, as text, sorted.
fn moves(variant: Variant8, fen: &str) -> Vec<String> {
    let pos = parse_fen(fen).expect("fen");
    let mut v: Vec<String> = pos
        .legal_moves_in(variant)
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn english_crowning_ends_the_move() {
    // b6:d8 crowns; a Russian man goes on as a king (d8:f6), an English one stops
    assert_eq!(moves(Variant8::English, "W:Wb6:Bc7,e7"), ["b6:d8"]);
    assert_eq!(
        moves(Variant8::Russian, "W:Wb6:Bc7,e7"),
        ["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"]
    );
    let pos = parse_fen("W:Wb6:Bc7,e7").expect("fen");
    let mv = pos.legal_moves_in(Variant8::English)[0];
    assert!(mv.is_promotion() && mv.capture_count() == 1);
}

#[test]
fn english_men_capture_forward_only() {
    // the man on d4 may not take c3 backwards: it moves instead
    assert_eq!(moves(Variant8::English, "W:Wd4:Bc3,h8"), ["d4-c5", "d4-e5"]);
    assert_eq!(moves(Variant8::Russian, "W:Wd4:Bc3,h8"), ["d4:b2"]);
    // forwards it must
    assert_eq!(moves(Variant8::English, "W:Wd4:Bc5,h8"), ["d4:b6"]);
}

#[test]
fn english_kings_are_short() {
    // one square to move, a piece next to it to capture
    assert_eq!(moves(Variant8::English, "W:WKa1:Bd4,h8"), ["a1-b2"]);
    assert_eq!(
        moves(Variant8::Russian, "W:WKa1:Bd4,h8"),
        ["a1:e5", "a1:f6", "a1:g7"]
    );
    assert_eq!(moves(Variant8::English, "W:WKe5:Bd4,h8"), ["e5:c3"]);
}

#[test]
fn english_free_choice_of_capture() {
    // a single jump is allowed although a double one exists (Brazilian:
    // the majority only)
    let fen = "W:Wc3,e3:Bd4,f6,h8";
    assert_eq!(moves(Variant8::English, fen), ["c3:e5:g7", "e3:c5"]);
    assert_eq!(moves(Variant8::Brazilian, fen), ["c3:e5:g7"]);
}

#[test]
fn english_black_moves_first_and_squares_are_numbered() {
    let mut g = Game::new(Variant8::English);
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(g.legal_moves().len(), 7);
    let mv = g.play_text("11-15").expect("the classic first move");
    assert_eq!(Variant8::English.format_move(&mv), "11-15");
    g.play_text("22-18").expect("legal");
    g.play_text("15x22").expect("a capture, numbered");
    let pdn = shashki_engine::pdn::write_pdn(&g, &[], Default::default());
    assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
    assert!(pdn.contains("1. 11-15 22-18 2. 15x22"), "{pdn}");
    assert!(
        !pdn.contains("[FEN"),
        "the English start needs no FEN: {pdn}"
    );
    let back = shashki_engine::pdn::parse_pdn(&pdn).expect("parses");
    let again = back[0].to_game().expect("replays");
    assert_eq!(again.variant(), Variant8::English);
    assert_eq!(again.position(), g.position());
    // forty moves each without a man moved or a capture draw
    assert_eq!(Variant8::English.kings_only_draw_plies(), 80);
}

#[test]
fn czech_a_king_captures_before_a_man() {
    // the man on c3 could take d4, the king on h2 can take f4: only the king may
    let fen = "W:Wc3,Kh2:Bd4,f4,a7";
    let czech = moves(Variant8::Czech, fen);
    assert!(czech.iter().all(|m| m.starts_with("h2:")), "{czech:?}");
    assert!(!czech.is_empty());
    let russian = moves(Variant8::Russian, fen);
    assert!(russian.iter().any(|m| m.starts_with("c3:")), "{russian:?}");
    // with no king capture the men capture, forward only
    assert_eq!(moves(Variant8::Czech, "W:Wd4,Kh8:Bc3,e5,a7"), ["d4:f6"]);
    // kings fly
    assert_eq!(
        moves(Variant8::Czech, "W:WKa1:Bd4,h8"),
        ["a1:e5", "a1:f6", "a1:g7"]
    );
}

#[test]
fn italian_men_may_not_capture_kings() {
    assert_eq!(moves(Variant8::Italian, "W:Wc3:BKd4,h8"), ["c3-b4"]);
    assert_eq!(moves(Variant8::Russian, "W:Wc3:BKd4,h8"), ["c3:e5"]);
    // a king may
    assert_eq!(moves(Variant8::Italian, "W:WKc3:BKd4,h8"), ["c3:e5"]);
}

#[test]
fn italian_capture_precedence() {
    // equal counts: the king captures, not the man
    assert_eq!(moves(Variant8::Italian, "W:Wc3,Kg3:Bd4,f4,a7"), ["g3:e5"]);
    assert_eq!(moves(Variant8::English, "W:Wc3,Kg3:Bd4,f4,a7").len(), 2);
    // equal counts, both by the king: the one taking a king
    assert_eq!(moves(Variant8::Italian, "W:WKe3:Bd4,Kf4,a7"), ["e3:g5"]);
    // the most pieces first of all (a man taking two beats a king taking one)
    assert_eq!(
        moves(Variant8::Italian, "W:Wc3,Kh2:Bd4,f6,g3,a7"),
        ["c3:e5:g7"]
    );
}

/// The legal moves of `fen` (in the variant's own square numbers) as the
/// variant's players write them, sorted.
fn numeric_moves(variant: Variant8, fen: &str) -> Vec<String> {
    let pos = shashki_engine::parse_fen_full_in(variant, fen)
        .expect("fen")
        .position;
    let mut v: Vec<String> = pos
        .legal_moves_in(variant)
        .iter()
        .map(|m| variant.format_move(m))
        .collect();
    v.sort();
    v
}

#[test]
fn italian_the_capture_meeting_the_kings_first() {
    // FID art. 6.9 (issue 21): 30x23x16x7 takes king, man, king; 30x21x14x5
    // takes king, king, man. Both take three pieces with the king, two of
    // them kings, the first at once: the second king decides, met second
    // in 30x5 and third in 30x7, so only 30x5 is legal.
    assert_eq!(
        numeric_moves(Variant8::Italian, "W:WK30:B10,K12,K18,20,K26,K27"),
        ["30x21x14x5"]
    );
    // the same turned round for Black (square n becomes 33 - n): the order in
    // which the generator finds the two captures does not matter
    assert_eq!(
        numeric_moves(Variant8::Italian, "B:W23,K21,K15,13,K7,K6:BK3"),
        ["3x12x19x28"]
    );
    // two kings, each with a capture of three taking two kings: b8 takes
    // c7 (king), c5 (king), c3; f4 takes e3 (king), c3, c5 (king)
    assert_eq!(
        moves(Variant8::Italian, "W:WKb8,Kf4:Bc3,Ke3,Kc5,Kc7"),
        ["b8:d6:b4:d2"]
    );
}

#[test]
fn portuguese_majority_then_quality() {
    // two captures of one piece each: the one taking the king
    assert_eq!(
        moves(Variant8::Portuguese, "W:WKe3:Bd4,Kf4,a7"),
        ["e3:g5", "e3:h6"]
    );
    assert_eq!(moves(Variant8::Czech, "W:WKe3:Bd4,Kf4,a7").len(), 4);
    // the most pieces before the most kings: two men beat one king
    assert_eq!(
        moves(Variant8::Portuguese, "W:Wc3,g3:Bd4,f6,Kh4,a7"),
        ["c3:e5:g7"]
    );
    // men capture forward only, and may take kings
    assert_eq!(moves(Variant8::Portuguese, "W:Wc3:BKd4,h8"), ["c3:e5"]);
    assert_eq!(
        moves(Variant8::Portuguese, "W:Wd4:Bc3,h8"),
        ["d4-c5", "d4-e5"]
    );
}

#[test]
fn italian_and_portuguese_square_numbers() {
    use shashki_engine::Square;
    let sq = |s: &str| Square::parse(s).expect("square");
    // FIDAMA: 1 in Black's right-hand corner (h8 under the mirror), 32 in
    // White's single corner (a1); White's men on 21–32
    let it = Variant8::Italian;
    assert_eq!(it.square_number(sq("h8")), 1);
    assert_eq!(it.square_number(sq("b8")), 4);
    assert_eq!(it.square_number(sq("g1")), 29);
    assert_eq!(it.square_number(sq("a1")), 32);
    // FPD rule 3: 1 at White's lower right (a1 under the mirror), right to
    // left and upward; the long diagonal ("rio") runs 1–32
    let pt = Variant8::Portuguese;
    assert_eq!(pt.square_number(sq("a1")), 1);
    assert_eq!(pt.square_number(sq("g1")), 4);
    assert_eq!(pt.square_number(sq("b2")), 5);
    assert_eq!(pt.square_number(sq("h8")), 32);
    // English keeps the PDN numbers
    assert_eq!(Variant8::English.square_number(sq("b8")), 1);
    assert_eq!(Variant8::English.square_number(sq("g1")), 32);
    for v in Variant8::ALL {
        let mut seen: Vec<u8> = Square::all().map(|s| v.square_number(s)).collect();
        seen.sort_unstable();
        assert_eq!(seen, (1..=32).collect::<Vec<u8>>(), "{v}");
        for s in Square::all() {
            assert_eq!(v.square_at_number(v.square_number(s)), Some(s), "{v} {s}");
        }
    }
    // the men of each side on their twelve numbers
    let start = Variant8::Italian.initial_position();
    for s in Square::all() {
        let n = it.square_number(s);
        let p = start.piece_at(s).map(|p| p.color);
        assert_eq!(p == Some(Color::White), n >= 21, "italian {n}");
        let n = pt.square_number(s);
        assert_eq!(p == Some(Color::White), n <= 12, "portuguese {n}");
    }
}

#[test]
fn numeric_variants_read_and_write_their_own_numbers() {
    use shashki_engine::notation::parse_move_in;
    use shashki_engine::MoveError;
    let start = Variant8::Italian.initial_position();
    // c3-d4 is 23-19 in Italian, 10-14 in Portuguese, 22-18 in English
    let it = parse_move_in(Variant8::Italian, &start, "23-19").expect("italian");
    assert_eq!(it.to_string(), "c3-d4");
    assert_eq!(Variant8::Italian.format_move(&it), "23-19");
    let pt = parse_move_in(Variant8::Portuguese, &start, "10-14").expect("portuguese");
    assert_eq!(pt.to_string(), "c3-d4");
    assert_eq!(Variant8::Portuguese.format_move(&pt), "10-14");
    assert_eq!(Variant8::Russian.format_move(&pt), "c3-d4");
    // algebraic still works
    assert_eq!(parse_move_in(Variant8::Portuguese, &start, "c3-d4"), Ok(pt));
    // a refusal lists the legal moves in the variant's numbers, by number
    let Err(MoveError::Illegal { legal, .. }) = parse_move_in(Variant8::Portuguese, &start, "1-5")
    else {
        panic!("1-5 is not legal");
    };
    assert_eq!(
        legal,
        ["9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"]
    );
    // a capture: Italian 23x14 (c3:e5)
    let pos = parse_fen("W:Wc3:Bd4,h8").expect("fen");
    let mv = parse_move_in(Variant8::Italian, &pos, "23x14").expect("capture");
    assert_eq!(mv.to_string(), "c3:e5");
    assert_eq!(Variant8::Italian.format_move(&mv), "23x14");
}

/// Play quiet king moves until the game ends, never allowing a capture
/// and never reaching a position a third time; the plies it took.
fn shuffle_kings(variant: Variant8, fen: &str) -> (usize, Option<Outcome>) {
    use std::collections::HashMap;
    let mut g = Game::from_position(variant, parse_fen(fen).expect("fen"));
    let mut seen: HashMap<String, u32> = HashMap::new();
    for ply in 0..400 {
        if g.outcome().is_some() {
            return (ply, g.outcome());
        }
        let pos = *g.position();
        let mv = pos
            .legal_moves_in(variant)
            .into_iter()
            .find(|m| {
                let after = pos.make(m);
                !m.is_capture()
                    && !after.legal_moves_in(variant).iter().any(|r| r.is_capture())
                    && seen.get(&after.to_fen()).copied().unwrap_or(0) < 2
            })
            .expect("a quiet king move");
        *seen.entry(pos.make(&mv).to_fen()).or_default() += 1;
        g.play(&mv).expect("legal");
    }
    (400, g.outcome())
}

#[test]
fn kings_only_moves_draw_after_each_variants_count() {
    // Brazilian (CBD, 64 squares): 20 moves each of kings only, no capture
    // and no man moved, draw; two kings against two, so no lone-king rule
    let fen = "W:WKa1,Kc1:BKh8,Kf8";
    let (plies, outcome) = shuffle_kings(Variant8::Brazilian, fen);
    assert_eq!(
        outcome,
        Some(Outcome::Draw {
            reason: DrawReason::KingsOnly
        })
    );
    assert_eq!(plies, 40, "20 moves each");
    // Russian: 15 moves each
    assert_eq!(shuffle_kings(Variant8::Russian, fen).0, 30);
    // English, Pool, Czech, Italian, Portuguese: 40 moves each
    for v in [
        Variant8::English,
        Variant8::Pool,
        Variant8::Czech,
        Variant8::Italian,
        Variant8::Portuguese,
    ] {
        assert_eq!(
            shuffle_kings(v, fen),
            (
                80,
                Some(Outcome::Draw {
                    reason: DrawReason::KingsOnly
                })
            ),
            "{v}"
        );
    }
}

#[test]
fn numeric_variants_draw_their_own_text_diagram() {
    let start = Variant8::Italian.initial_position();
    let it = Variant8::Italian.diagram(&start);
    let lines: Vec<&str> = it.lines().collect();
    // Italian: the top left corner is dark (Black's man on 1); White's
    // men from 21; the empty middle shows its numbers 13–20
    assert_eq!(lines[0], " b     b     b     b");
    assert_eq!(lines[3], "   13    14    15    16");
    assert_eq!(lines[4], "17    18    19    20");
    assert_eq!(lines[7], "    w     w     w     w");
    assert_eq!(lines[8], "White to move");
    // Portuguese: the same picture, numbered from White's lower right
    let pt = Variant8::Portuguese.diagram(&start);
    assert_eq!(pt.lines().nth(3), Some("   20    19    18    17"));
    // English keeps the Russian orientation, numbered; Russian is unchanged
    let en = Variant8::English.diagram(&Variant8::English.initial_position());
    assert_eq!(en.lines().nth(3), Some("13    14    15    16"));
    assert_eq!(Variant8::Russian.diagram(&start), start.to_string());
}

#[test]
fn italian_and_portuguese_pdn_write_their_fen_in_their_numbers() {
    use shashki_engine::pdn::{parse_pdn, write_pdn, PdnStyle};
    use shashki_engine::{parse_fen_full_in, to_fen_numeric_in};
    // White: a man on c3, a king on a1; Black: a king on d4, a man on f8
    let pos = parse_fen("W:Wc3,Ka1:BKd4,f8").expect("fen");
    assert_eq!(
        to_fen_numeric_in(Variant8::Italian, &pos),
        "W:W23,K32:B2,K19"
    );
    assert_eq!(
        to_fen_numeric_in(Variant8::Portuguese, &pos),
        "W:WK1,10:BK14,31"
    );
    for v in [Variant8::Italian, Variant8::Portuguese] {
        let fen = to_fen_numeric_in(v, &pos);
        assert_eq!(
            parse_fen_full_in(v, &fen).expect("fen").position,
            pos,
            "{v}"
        );
        let mut g = Game::from_position(v, pos);
        let mv = pos.legal_moves_in(v)[0];
        g.play(&mv).expect("legal");
        let pdn = write_pdn(&g, &[], PdnStyle::default());
        assert!(pdn.contains(&format!("[FEN \"{fen}\"]")), "{pdn}");
        assert!(pdn.contains(&v.format_move(&mv)), "{pdn}");
        let back = parse_pdn(&pdn).expect("pdn")[0].to_game().expect("game");
        assert_eq!(back.start_position(), &pos, "{v}");
        assert_eq!(back.moves(), g.moves(), "{v}");
    }
}

#[test]
fn refusals_name_the_variants_capture_rules() {
    use shashki_engine::notation::{parse_move_in, IllegalReason};
    use shashki_engine::MoveError;
    let reason =
        |v: Variant8, fen: &str, text: &str| match parse_move_in(v, &parse_fen(fen).unwrap(), text)
        {
            Err(MoveError::Illegal { reason, .. }) => reason,
            other => panic!("{v} {text}: {other:?}"),
        };
    // English: the man crowned on 2 stops there
    assert_eq!(
        reason(Variant8::English, "W:W9:B6,7", "9x2x11"),
        Some(IllegalReason::CaptureEndsEarlier)
    );
    // Brazilian: the most pieces; Czech: the king first
    let fen = "W:Wc1,g3:Bd2,f4,f6";
    assert_eq!(
        reason(Variant8::Brazilian, fen, "g3:e5:g7"),
        Some(IllegalReason::CapturePrecedence)
    );
    let fen = "W:WKh2,c3:Bd4,f4";
    assert_eq!(
        reason(Variant8::Czech, fen, "c3:e5"),
        Some(IllegalReason::CapturePrecedence)
    );
    // Russian: free choice, a quiet move while a capture exists
    assert_eq!(
        reason(Variant8::Russian, fen, "c3-b4"),
        Some(IllegalReason::MustCapture)
    );
}

/// Italian rules with every capture precedence switched off: the raw
/// captures a plain reading of FID art. 6 chooses among.
#[derive(Debug, Clone, Copy, Default)]
struct ItalianFreeChoice;

impl shashki_engine::Rules for ItalianFreeChoice {
    type Shape = shashki_engine::square::Board8;
    const NAME: &'static str = "Italian draughts, free choice";
    const MEN_CAPTURE_BACKWARD: bool = false;
    const FLYING_KINGS: bool = false;
    const MAJORITY_CAPTURE: bool = false;
    const MID_CAPTURE_PROMOTION: shashki_engine::rules::MidCapturePromotion =
        shashki_engine::rules::MidCapturePromotion::Stop;
    const STUCK_PLAYER_WINS: bool = false;
    const KINGS_ONLY_DRAW_PLIES: u32 = 80;
    const ENDGAME_DRAWS: EndgameDraws = EndgameDraws::None;
    const MEN_CAPTURE_KINGS: bool = false;
}

/// FID art. 6.6–6.9 read one at a time: the most pieces; then by a king;
/// then the most kings; then the kings met earliest (the list of the
/// places of the kings in the capture, compared element by element; with
/// `first_king_only`, the place of the first king alone, as the engine
/// read art. 6.9 before issue 21).
fn italian_by_the_book(pos: &shashki_engine::Position, first_king_only: bool) -> Vec<String> {
    let mut raw = Vec::new();
    shashki_engine::generate::<ItalianFreeChoice>(pos, &mut raw);
    if !raw.iter().any(|m| m.is_capture()) {
        let mut v: Vec<String> = raw.iter().map(|m| m.to_string()).collect();
        v.sort();
        return v;
    }
    let kings_at = |m: &shashki_engine::Move| -> Vec<usize> {
        m.captured_squares()
            .iter()
            .enumerate()
            .filter(|(_, s)| pos.kings() & s.bb() != 0)
            .map(|(i, _)| i)
            .collect()
    };
    let most_kings =
        |raw: &[shashki_engine::Move]| raw.iter().map(|m| kings_at(m).len()).max().unwrap_or(0);
    let most = raw.iter().map(|m| m.capture_count()).max().unwrap_or(0);
    raw.retain(|m| m.capture_count() == most);
    if raw.iter().any(|m| m.is_king_move()) {
        raw.retain(|m| m.is_king_move());
    }
    let kings = most_kings(&raw);
    raw.retain(|m| kings_at(m).len() == kings);
    let met = |m: &shashki_engine::Move| {
        let mut at = kings_at(m);
        if first_king_only {
            at.truncate(1);
        }
        at
    };
    let earliest = raw.iter().map(met).min().unwrap_or_default();
    raw.retain(|m| met(m) == earliest);
    let mut v: Vec<String> = raw.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// 50 000 seeded random positions, mostly kings: the engine's Italian moves
/// are those FID art. 6.6–6.9 choose, read one rule at a time.
#[test]
fn italian_precedence_agrees_with_the_rules_read_one_by_one() {
    use shashki_engine::{Kind, Piece, Position, Square};
    let mut state = 0x17a1_1a90_u64;
    let mut next = || {
        // SplitMix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let squares: Vec<Square> = Square::all().collect();
    let (mut captures, mut decided_late) = (0, 0);
    for _ in 0..50_000 {
        let mut pos = Position::empty(Color::White);
        for &sq in &squares {
            let r = next() % 100;
            let piece = match r {
                0..=7 => Some((Color::White, Kind::King)),
                8..=9 => Some((Color::White, Kind::Man)),
                10..=34 => Some((Color::Black, Kind::King)),
                35..=44 => Some((Color::Black, Kind::Man)),
                _ => None,
            };
            pos.set(sq, piece.map(|(color, kind)| Piece { color, kind }));
        }
        let mut got: Vec<String> = pos
            .legal_moves_in(Variant8::Italian)
            .iter()
            .map(|m| m.to_string())
            .collect();
        got.sort();
        let want = italian_by_the_book(&pos, false);
        assert_eq!(got, want, "{}", pos.to_fen());
        if got.iter().any(|m| m.contains(':')) {
            captures += 1;
        }
        if italian_by_the_book(&pos, true) != want {
            decided_late += 1;
        }
    }
    // the positions try the rule: many captures, some decided by a king
    // met after the first
    assert!(captures > 10_000, "{captures}");
    assert!(decided_late >= 10, "{decided_late}");
}
