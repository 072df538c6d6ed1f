//! Bashni (Towers): the rules one at a time, the FEN with stacks (round
//! trips, typed errors, random strings), the game and its draw rules, PDN,
//! and the AI.

use shashki_engine::game::{DrawReason, Outcome, WinReason};
use shashki_engine::towers::{
    choose_move, parse_tower_fen, to_tower_fen, TowerFenError, TowerGame, TowerPosition,
};
use shashki_engine::{Color, Kind};

fn pos(fen: &str) -> TowerPosition {
    parse_tower_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(fen: &str, mv: &str) -> String {
    let p = pos(fen);
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|| panic!("{mv} not legal in {fen}: {:?}", p.legal_moves()));
    to_tower_fen(&p.play(&m))
}

fn moves(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = pos(fen)
        .legal_moves()
        .iter()
        .map(|m| m.notation())
        .collect();
    v.sort();
    v
}

#[test]
fn a_captured_piece_goes_under_the_capturer() {
    assert_eq!(after("W:Wc3:Bd4", "c3:e5"), "B:We5(wb):B");
}

#[test]
fn capturing_a_tower_takes_only_its_top_and_the_rest_changes_hands() {
    // Black's tower on d4 holds a white prisoner: taking its top frees it.
    assert_eq!(after("W:Wc3:Bd4(bw),h8", "c3:e5"), "B:Wd4,e5(wb):Bh8");
}

#[test]
fn prisoners_go_under_in_the_order_taken() {
    // c3 takes d4 (a king) then f6 (a man): the king goes under first.
    assert_eq!(after("W:Wc3:BKd4,f6,a7", "c3:e5:g7"), "B:Wg7(wBb):Ba7");
}

#[test]
fn a_tower_moves_as_its_top_piece() {
    // A man on top of a king moves one square forward only.
    assert_eq!(moves("W:Wc3(wB):Bh8"), ["c3-b4", "c3-d4"]);
    // A king on top of men flies.
    assert_eq!(moves("W:Wa1(Wbb):Bh6").len(), 7);
}

#[test]
fn a_jumped_tower_is_not_jumped_again_in_the_same_capture() {
    // The king takes the top of c3 and may land anywhere beyond; jumping c3
    // a second time (its next top is black too) is not allowed.
    let p = pos("W:WKa1:Bc3(bb)");
    let ms = p.legal_moves();
    assert_eq!(ms.len(), 5);
    assert!(ms.iter().all(|m| m.taken().len() == 1));
}

#[test]
fn a_jumped_tower_blocks_the_rest_of_the_capture() {
    // Turkish strike: after taking e5's top the king cannot cross e5 again
    // to reach the piece behind it.
    let ms = moves("W:WKc3:Be5(bb),b6,g7");
    assert!(
        ms.iter().all(|m| !m.contains("h8") || m.starts_with("c3:")),
        "{ms:?}"
    );
    for m in pos("W:WKc3:Be5(bb),b6,g7").legal_moves() {
        let taken = m.taken();
        let mut t = taken.to_vec();
        t.sort();
        t.dedup();
        assert_eq!(t.len(), taken.len(), "{m} jumps a tower twice");
    }
}

#[test]
fn only_the_top_piece_is_crowned() {
    let f = after("W:Wc7(wbb):Bh2", "c7-d8");
    assert_eq!(f, "B:Wd8(Wbb):Bh2");
    let p = pos(&f);
    let d8 = shashki_engine::towers::parse_square("d8").expect("square");
    let kinds: Vec<Kind> = p.tower(d8).pieces().map(|x| x.kind).collect();
    assert_eq!(kinds, [Kind::King, Kind::Man, Kind::Man]);
}

#[test]
fn a_man_crowned_mid_capture_goes_on_as_a_king() {
    // b6 takes c7, lands on d8 (crowned) and takes g5 as a king.
    let ms = moves("W:Wb6:Bc7,g5");
    assert!(ms.iter().all(|m| m.starts_with("b6:d8:")), "{ms:?}");
    assert_eq!(after("W:Wb6:Bc7,g5", "b6:d8:h4"), "B:Wh4(Wbb):B");
}

#[test]
fn captures_are_compulsory_with_free_choice() {
    // Captures of different lengths by two towers: all legal, no quiet move.
    assert_eq!(
        moves("W:Wc3,g3:Bb4,d4,d6,f4"),
        ["c3:a5", "c3:e5:c7", "g3:e5:c7"]
    );
}

#[test]
fn hash_covers_the_stacks() {
    let a = pos("W:Wc3(wbw):Bh8");
    let b = pos("W:Wc3(wwb):Bh8");
    let c = pos("W:Wc3(wbw):Bh8");
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), c.hash());
    assert_ne!(a.hash(), pos("B:Wc3(wbw):Bh8").hash());
    // The hash after a move is the hash of the position read afresh.
    let p = TowerPosition::initial();
    for m in p.legal_moves() {
        let q = p.play(&m);
        assert_eq!(q.hash(), pos(&to_tower_fen(&q)).hash());
    }
}

#[test]
fn fen_errors_are_typed() {
    use TowerFenError::*;
    let cases: [(&str, TowerFenError); 12] = [
        ("", Empty),
        ("X:W:B", BadSideToMove),
        ("W:Q:B", BadColourField),
        ("W:Wa2:B", BadSquare("a2".into())),
        ("W:Wz9:B", BadSquare("z9".into())),
        ("W:Wc3,c3:B", DuplicateSquare(9)),
        ("W:Wc3(wx):B", BadStackLetter('x')),
        ("W:Wc3():B", BadStack(9)),
        ("W:Wc3(wb:B", BadStack(9)),
        ("W:Wc3(bw):B", WrongOwner(9)),
        ("W:WKc3(Wb):B", KingPrefixOnTower(9)),
        ("W:Wd8:B", ManOnCrowningRank(29)),
    ];
    for (fen, want) in cases {
        assert_eq!(parse_tower_fen(fen), Err(want), "{fen}");
    }
    let many = format!("W:Wc3({}):B", "w".repeat(33));
    assert_eq!(parse_tower_fen(&many), Err(TooManyPieces));
    // Numeric squares are read too (22 = c3, 18 = d4).
    assert_eq!(to_tower_fen(&pos("W:W22(wb):B18")), "W:Wc3(wb):Bd4");
}

/// xorshift for the property tests.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_strings_never_panic_and_what_is_read_round_trips() {
    let alphabet: Vec<char> = "WBwbK:,()abcdefgh12345678 9.x-é\u{0}".chars().collect();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut accepted = 0;
    for i in 0..20_000 {
        let len = rng.below(40);
        let mut s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if i % 2 == 0 {
            // Most random strings fail at once; half start as a FEN does.
            s = format!("{}:W{}", if i % 4 == 0 { "W" } else { "B" }, s);
        }
        if let Ok(p) = parse_tower_fen(&s) {
            accepted += 1;
            let fen = to_tower_fen(&p);
            assert_eq!(parse_tower_fen(&fen), Ok(p), "{s:?} -> {fen}");
            let _ = p.legal_moves();
        }
        let _ = TowerGame::from_pdn(&s);
    }
    assert!(accepted > 100, "only {accepted} accepted");
}

#[test]
fn fen_round_trips_through_random_games() {
    let mut rng = Rng(77);
    for _ in 0..50 {
        let mut p = TowerPosition::initial();
        for _ in 0..rng.below(80) {
            let ms = p.legal_moves();
            if ms.is_empty() {
                break;
            }
            p = p.play(&ms[rng.below(ms.len())]);
            let fen = to_tower_fen(&p);
            assert_eq!(parse_tower_fen(&fen), Ok(p), "{fen}");
        }
    }
}

#[test]
fn a_side_whose_pieces_are_all_prisoners_has_lost() {
    let mut g = TowerGame::from_position(pos("W:Wc3:Bd4"));
    g.play_text("c3:e5").expect("legal");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoLegalMoves
        })
    );
}

#[test]
fn the_third_repetition_draws() {
    let mut g = TowerGame::from_position(pos("W:Wa1(Wb):BKh2"));
    for m in [
        "a1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g1", "b2-a1",
    ] {
        assert_eq!(g.play_text(m).map(|_| ()), Ok(()), "{m}");
        assert!(!g.is_over(), "over after {m}");
    }
    g.play_text("g1-h2").expect("legal");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(g.undo().map(|m| m.notation()), Some("g1-h2".into()));
    assert!(!g.is_over());
}

#[test]
fn the_balance_rule_counts_towers() {
    // Two towers, both kings: 5 moves without a capture or crowning draw.
    let mut g = TowerGame::from_position(pos("W:Wa1(Wbbb):Bh2(Bww)"));
    let line = [
        "a1-b2", "h2-g1", "b2-c1", "g1-h2", "c1-a3", "h2-g1", "a3-b4", "g1-h2", "b4-a5",
    ];
    for m in line {
        g.play_text(m).expect("legal");
        assert!(!g.is_over(), "{m}");
    }
    g.play_text("h2-g1").expect("legal");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BalanceUnchanged {
                pieces: 2,
                moves: 5
            }
        })
    );
}

#[test]
fn pdn_round_trips() {
    let mut rng = Rng(5);
    for start in ["", "B:Wc3(wbb),e1:Bd6(bw),h8"] {
        let mut g = if start.is_empty() {
            TowerGame::new()
        } else {
            TowerGame::from_position(pos(start))
        };
        for _ in 0..60 {
            let ms = g.legal_moves();
            if ms.is_empty() {
                break;
            }
            g.play(&ms[rng.below(ms.len())]).expect("legal");
        }
        let pdn = g.to_pdn();
        assert!(pdn.contains("[Variant \"bashni\"]"));
        let back = TowerGame::from_pdn(&pdn).unwrap_or_else(|e| panic!("{pdn}\n{e}"));
        assert_eq!(back.moves(), g.moves(), "{pdn}");
        assert_eq!(back.position(), g.position());
    }
}

/// Play a game between two levels; +1 when `deep` wins, −1 when it loses.
fn play_match_game(deep_is_white: bool, opening: &[usize]) -> i32 {
    let mut g = TowerGame::new();
    for &i in opening {
        let ms = g.legal_moves();
        g.play(&ms[i % ms.len()]).expect("legal");
    }
    for _ in 0..200 {
        if g.is_over() {
            break;
        }
        let white = g.position().side_to_move() == Color::White;
        let level = if white == deep_is_white { 4 } else { 1 };
        let m = choose_move(g.position(), level).expect("a move");
        g.play(&m).expect("legal");
    }
    let deep = if deep_is_white {
        Color::White
    } else {
        Color::Black
    };
    match g.outcome().and_then(|o| o.winner()) {
        Some(w) if w == deep => 1,
        Some(_) => -1,
        None => {
            // Unfinished or drawn: the evaluation's sign for the deep side.
            let e = shashki_engine::towers::evaluate(g.position());
            let e = if g.position().side_to_move() == deep {
                e
            } else {
                -e
            };
            i32::from(e > 200) - i32::from(e < -200)
        }
    }
}

#[test]
fn a_deeper_level_beats_a_shallow_one() {
    let mut score = 0;
    for opening in [[0usize, 1], [3, 2]] {
        for deep_white in [true, false] {
            score += play_match_game(deep_white, &opening);
        }
    }
    assert!(
        score >= 3,
        "level 4 against level 1: wins − losses = {score} of 4 games"
    );
}
