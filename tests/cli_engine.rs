//! The command-line contracts of `shashki perft`, `shashki moves`,
//! `shashki analyse` and `shashki openings`
//! (scripts depend on them).

mod common;
use common::shashki;

#[test]
fn perft_prints_one_line_per_depth() {
    let (code, out, _) = shashki(&["perft", "--depth", "5"]);
    assert_eq!(code, 0);
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(lines.len(), 5);
    let expect = [7u64, 49, 302, 1469, 7482];
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l.len(), 3, "d nodes seconds: {l:?}");
        assert_eq!(l[0].parse::<usize>().unwrap(), i + 1);
        assert_eq!(l[1].parse::<u64>().unwrap(), expect[i]);
        assert!(l[2].parse::<f64>().unwrap() >= 0.0);
    }
}

#[test]
fn perft_divide_sums_to_the_total() {
    let (code, out, _) = shashki(&[
        "perft",
        "--depth",
        "3",
        "--fen",
        "W:WKd8:Be7,g7,b4,d4",
        "--divide",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[..3]
            .iter()
            .map(|l| l.split(' ').nth(1).unwrap())
            .collect::<Vec<_>>(),
        &["2", "6", "29"]
    );
    let per_move: Vec<(&str, u64)> = lines[3..]
        .iter()
        .map(|l| {
            let (m, n) = l.split_once(' ').unwrap();
            (m, n.parse().unwrap())
        })
        .collect();
    assert_eq!(per_move.len(), 2);
    assert_eq!(per_move.iter().map(|p| p.1).sum::<u64>(), 29);
    assert!(
        per_move.iter().all(|(m, _)| m.starts_with("d8:")),
        "{per_move:?}"
    );
}

#[test]
fn moves_lists_move_tab_fen() {
    let (code, out, _) = shashki(&["moves", "--fen", "W:Wc3:Bd4,f6"]);
    assert_eq!(code, 0);
    assert_eq!(out, "c3:e5:g7\tB:Wg7:B\n");
    let (code, out, _) = shashki(&["moves"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 7);
    for l in out.lines() {
        let (mv, fen) = l.split_once('\t').unwrap();
        assert!(mv.contains('-'));
        assert!(fen.starts_with("B:W"));
    }
}

/// A numeric variant's moves and FENs in its own square numbers; Italian
/// reads `--fen` in its numbering (1 = Black's right-hand corner).
#[test]
fn moves_of_a_numeric_variant_are_in_its_numbers() {
    let (code, out, err) = shashki(&["moves", "--variant", "english"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 7);
    for l in out.lines() {
        let (mv, fen) = l.split_once('\t').unwrap();
        let (from, to) = mv.split_once('-').expect("a move like 22-18");
        assert!(
            from.parse::<u8>().is_ok() && to.parse::<u8>().is_ok(),
            "{l}"
        );
        assert!(!fen.chars().any(|c| ('a'..='h').contains(&c)), "{l}");
    }
    // White man on Italian 22 with a Black man on 18 to take, landing on 13
    let (code, out, err) = shashki(&["moves", "--variant", "italian", "--fen", "W:W22:B18,1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "22x13\tB:W13:B1\n");
}

/// Without `--fen`, each variant starts as its players start: Black (on
/// 1–12) moves first in English draughts, White everywhere else (issue 21).
#[test]
fn the_start_position_has_its_variants_side_to_move() {
    let (code, out, err) = shashki(&["moves", "--variant", "english"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 7);
    for l in out.lines() {
        let (mv, fen) = l.split_once('\t').unwrap();
        let from: u8 = mv.split_once('-').unwrap().0.parse().unwrap();
        assert!((9..=12).contains(&from), "a Black man moves first: {l}");
        assert!(fen.starts_with("W:"), "then White is to move: {l}");
    }
    for variant in ["russian", "italian", "portuguese"] {
        let (code, out, err) = shashki(&["moves", "--variant", variant]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.lines().all(|l| l.contains("\tB:")),
            "{variant}: White moves first:\n{out}"
        );
    }
    // perft counts from the same start: its --divide lists Black's moves
    let (code, out, err) = shashki(&["perft", "--variant", "english", "--depth", "1", "--divide"]);
    assert_eq!(code, 0, "{err}");
    let roots: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(roots.len(), 7, "{out}");
    assert!(
        roots.iter().all(|l| l.as_bytes()[1] == b'6'),
        "Black's men on the sixth rank move: {out}"
    );
}

#[test]
fn malformed_fen_is_one_line_and_exit_2() {
    for args in [
        vec!["moves", "--fen", "W:Wa2:B1"],
        vec!["perft", "--depth", "2", "--fen", "X:W1"],
        vec!["moves", "--fen", ""],
    ] {
        let (code, out, err) = shashki(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("FEN"), "{err}");
    }
}

#[test]
fn analyse_marks_a_hung_man_and_names_the_better_move() {
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("game.pdn");
    // 1.e3-f4?? gives the man away (g5:e3, no recapture); e3-d4 was safe
    std::fs::write(
        &pdn,
        "[Event \"test\"]\n[SetUp \"1\"]\n[FEN \"W:We3,a1:Bg5,a7\"]\n[Result \"*\"]\n\n1. e3-f4 g5:e3 *\n",
    )
    .unwrap();
    let path = pdn.to_str().unwrap();
    let (code, out, err) = shashki(&["analyse", path, "--depth", "8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[Event \"test\"]"), "{out}");
    assert!(out.contains("[WhiteAccuracy \""), "{out}");
    assert!(out.contains("1. e3-f4?"), "{out}");
    assert!(out.contains("{better: "), "{out}");
    assert!(err.is_empty(), "no progress bar when piped: {err}");
    let (code, _, err) = shashki(&["analyze", "/nonexistent.pdn"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn openings_prints_a_variants_list_in_its_stored_form() {
    let (code, out, err) = shashki(&[
        "openings",
        "--variant",
        "international",
        "--plies",
        "1",
        "--depth",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# International draughts"), "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    // nine first moves, each within the margin
    assert!(!lines.is_empty() && lines.len() <= 9, "{out}");
    for l in &lines {
        let (mv, score) = l.split_once("  # ").expect("MOVES  # SCORE");
        assert!(mv.contains('-'), "{l}");
        assert!(score.parse::<i32>().unwrap().abs() <= 60, "{l}");
    }
    let parsed = shashki::tournament::ballot::parse_engine_list(
        shashki_engine::Variant::International,
        &out,
    )
    .unwrap();
    assert_eq!(parsed.len(), lines.len());
    let (code, _, err) = shashki(&["openings", "--variant", "checkers-9x9"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant"), "{err}");
}
