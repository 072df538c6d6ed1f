//! The rule sets of issue 23 part 2 on the wide boards: Russian draughts
//! on 10×8 (algebraic squares a–k without j), Frysk!, Antidraughts and
//! Breakthrough — their start positions, notation and the rules that set
//! them apart.

use shashki_engine::fen::{parse_fen_on, to_fen_on};
use shashki_engine::game::{DrawReason, GameOn, Outcome, WinReason};
use shashki_engine::notation::{format_move_on, parse_move_on};
use shashki_engine::rules::{
    self, Antidraughts, Breakthrough, Frisian, Frysk, International, International10x8, Rules,
    Russian10x8,
};
use shashki_engine::square::{Board10, Board10x8, Square};
use shashki_engine::{count_moves, generate, perft, Color, MoveError, Position};

fn legal<R: Rules>(pos: &Position<R::Shape>) -> Vec<String> {
    let mut v = Vec::new();
    generate::<R>(pos, &mut v);
    let mut names: Vec<String> = v.iter().map(|m| format_move_on(&v, m)).collect();
    names.sort();
    names
}

fn ten_by_eight(fen: &str) -> Position<Board10x8> {
    parse_fen_on::<Board10x8>(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position
}

fn ten(fen: &str) -> Position<Board10> {
    parse_fen_on::<Board10>(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position
}

#[test]
fn russian_10x8_starts_with_fifteen_men_on_three_ranks_written_algebraically() {
    let start = rules::start::<Russian10x8>();
    assert_eq!(start, Position::<Board10x8>::start());
    assert_eq!(start.count(Color::White), (15, 0));
    assert_eq!(start.count(Color::Black), (15, 0));
    let fen = "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,k2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,k6,a7,c7,e7,g7,i7,b8,d8,f8,h8,k8";
    assert_eq!(to_fen_on(&start), fen);
    assert_eq!(ten_by_eight(fen), start);
    // the numbers of the same board are read too
    assert_eq!(ten_by_eight("W:W26-40:B1-15"), start);
    // a1 dark, k the tenth file, no j
    let a1 = Square::<Board10x8>::parse_on("a1").unwrap();
    assert_eq!((a1.file(), a1.rank()), (0, 0));
    let k8 = Square::<Board10x8>::parse_on("K8").unwrap();
    assert_eq!((k8.file(), k8.rank(), k8.to_string()), (9, 7, "k8".into()));
    assert!(Square::<Board10x8>::parse_on("j4").is_err());
    assert!(Square::<Board10x8>::parse_on("a2").is_err());
    assert!(Square::<Board10x8>::parse_on("a9").is_err());
    assert_eq!(
        legal::<Russian10x8>(&start),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4", "i3-h4", "i3-k4"]
    );
    let mv = parse_move_on::<Russian10x8>(&start, "i3-k4").unwrap();
    assert_eq!(mv.to_string(), "i3-k4");
    assert_eq!(
        to_fen_on(&start.make(&mv)),
        "B:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,k2,a3,c3,e3,g3,k4:Bb6,d6,f6,h6,k6,a7,c7,e7,g7,i7,b8,d8,f8,h8,k8"
    );
    // the diagram's files
    assert!(start.to_string().contains("a b c d e f g h i k"), "{start}");
}

/// Before any capture can take more than one piece the free choice and the
/// majority rule agree, so Russian 10×8 matches the published count of
/// International rules on 10×8 to depth 4.
#[test]
fn russian_10x8_perft_agrees_with_the_published_10x8_counts_while_the_rules_agree() {
    let start = rules::start::<Russian10x8>();
    for (d, n) in [9, 81, 658, 4265].into_iter().enumerate() {
        assert_eq!(
            perft::<Russian10x8>(&start, d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
        assert_eq!(perft::<International10x8>(&start, d as u32 + 1), n);
    }
}

#[test]
fn russian_10x8_captures_freely_and_a_man_crowned_mid_capture_goes_on_as_a_king() {
    // free choice: the one-piece capture is legal beside the two-piece one
    let pos = ten_by_eight("W:Wc3,a5:Bd4,f6,b6");
    assert_eq!(legal::<Russian10x8>(&pos), ["a5:c7", "c3:e5:g7"]);
    assert_eq!(legal::<International10x8>(&pos), ["c3:e5:g7"]);
    // a man reaching rank 8 mid-capture is a king at once and flies on
    let pos = ten_by_eight("W:Wf6:Be7,c7");
    assert_eq!(legal::<Russian10x8>(&pos), ["f6:d8:a5", "f6:d8:b6"]);
    let mv = parse_move_on::<Russian10x8>(&pos, "f6:d8:a5").unwrap();
    assert!(mv.is_promotion());
    let err = parse_move_on::<Russian10x8>(&pos, "f6:d8").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err}");
    // International rules: it goes on as a man and is not crowned
    let mut moves = Vec::new();
    generate::<International10x8>(&pos, &mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "f6:d8:b6");
    assert!(!moves[0].is_promotion());
    // the k file: a man on i3 steps to k4, a king on k6 flies down to e1
    let pos = ten_by_eight("W:Wi3,Kk6:Bb8");
    let moves = legal::<Russian10x8>(&pos);
    assert!(moves.contains(&"i3-k4".to_string()), "{moves:?}");
    assert!(moves.contains(&"k6-e1".to_string()), "{moves:?}");
    assert!(moves.contains(&"k6-h8".to_string()), "{moves:?}");
    assert_eq!(count_moves::<Russian10x8>(&pos), moves.len() as u64);
}

#[test]
fn fen_on_10x8_tells_the_k_file_from_a_king() {
    // lower-case k6 is the square; K before a square or a number a king
    let pos = ten_by_eight("W:Wk2,Kk4:Bk6,K6");
    assert_eq!(to_fen_on(&pos), "W:Wk2,Kk4:Bk6,Ka7");
    assert_eq!(pos.count(Color::White), (1, 1));
    assert_eq!(pos.count(Color::Black), (1, 1));
}

#[test]
fn frysk_starts_with_five_men_each_on_the_back_ranks_and_captures_as_frisian() {
    let start = rules::start::<Frysk>();
    assert_eq!(to_fen_on(&start), "W:W46-50:B1-5");
    assert_eq!(start.count(Color::White), (5, 0));
    assert_eq!(legal::<Frysk>(&start).len(), 9);
    // Frisian captures along the file
    let pos = ten("W:W33:B23");
    assert_eq!(legal::<Frysk>(&pos), ["33x13"]);
    assert_eq!(legal::<Frisian>(&pos), ["33x13"]);
    assert_eq!(perft::<Frysk>(&start, 3), perft::<Frisian>(&start, 3));
    assert_eq!(GameOn::<Frysk>::new().position(), &start);
}

#[test]
fn antidraughts_moves_as_international_and_the_side_without_a_move_wins() {
    let start = rules::start::<Antidraughts>();
    assert_eq!(start, Position::<Board10>::start());
    for d in 1..=4 {
        assert_eq!(
            perft::<Antidraughts>(&start, d),
            perft::<International>(&start, d)
        );
    }
    // the majority rule holds
    let pos = ten("W:W32,K46:B28,19,41");
    assert_eq!(legal::<Antidraughts>(&pos), legal::<International>(&pos));
    // White gives its last man away: Black must take, and White, with
    // nothing left, has won
    let mut game = GameOn::<Antidraughts>::from_position(ten("W:W33:B22"));
    assert_eq!(game.play_text("33-28").unwrap().to_string(), "33-28");
    assert_eq!(game.play_text("22x33").unwrap().to_string(), "22x33");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMoves
        })
    );
    // a blocked side wins too
    let blocked = GameOn::<Antidraughts>::from_position(ten("W:W46:B41,37"));
    assert_eq!(
        blocked.outcome().and_then(|o| o.winner()),
        Some(Color::White)
    );
    let international = GameOn::<International>::from_position(ten("W:W46:B41,37"));
    assert_eq!(
        international.outcome().and_then(|o| o.winner()),
        Some(Color::Black)
    );
}

#[test]
fn breakthrough_is_won_by_the_first_crowning() {
    let start = rules::start::<Breakthrough>();
    for d in 1..=4 {
        assert_eq!(
            perft::<Breakthrough>(&start, d),
            perft::<International>(&start, d)
        );
    }
    // White crowns on 3: the game is over, Black (to move) has lost
    let mut game = GameOn::<Breakthrough>::from_position(ten("W:W9,33:B30,40"));
    game.play_text("9-3").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMoves
        })
    );
    let crowned = *game.position();
    assert_eq!(count_moves::<Breakthrough>(&crowned), 0);
    assert_eq!(perft::<Breakthrough>(&crowned, 3), 0);
    assert_eq!(count_moves::<International>(&crowned), 4);
    // perft stops at a crowning: 9-3 and 9-4 both crown, nothing follows
    let before = ten("W:W9:B30");
    assert_eq!(perft::<Breakthrough>(&before, 1), 2);
    assert_eq!(perft::<Breakthrough>(&before, 2), 0);
    assert_eq!(perft::<International>(&before, 2), 4);
    // a man passing the far rank mid-capture and going on is no king
    let pos = ten("W:W12:B8,9,19");
    let mut moves = Vec::new();
    generate::<Breakthrough>(&pos, &mut moves);
    assert!(moves.iter().all(|m| !m.is_promotion()), "{moves:?}");
    let _ = DrawReason::Repetition;
}
