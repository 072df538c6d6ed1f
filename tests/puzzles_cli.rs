//! `shashki puzzles generate|verify|stats`: the command-line contracts.

mod common;
use common::shashki;

/// A seed whose first International self-play game holds a puzzle.
const SEED_INTL: &str = "2";

const GOOD: &str = r#"[Event "shashki puzzle"]
[Round "1"]
[GameType "25"]
[FEN "W:W14,21,23,31,32:B2,3,5,6,9,15,20"]
[Result "2-0"]

1. c5-d6 e5-d4 2. d6:b8 d4:f2 3. g1:e3 (3. e1:g3 h4:f2 4. g1:e3) 2-0

"#;

#[test]
fn generate_appends_proved_puzzles_that_verify() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new.pdn");
    let out_s = out.to_str().unwrap();
    let (code, stdout, stderr) = shashki(&[
        "puzzles", "generate", "--count", "2", "--out", out_s, "--seed", "5",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty(), "the puzzles go to the file");
    assert!(stderr.contains("found 2 puzzles"), "{stderr}");
    assert!(stderr.contains("per CPU-hour"), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("[Event \"shashki puzzle\"]").count(), 2);
    assert!(text.contains("[Round \"2\"]"), "{text}");
    // a second run appends, numbering on, and never repeats a puzzle
    let (code, _, stderr) = shashki(&[
        "puzzles", "generate", "--count", "1", "--out", out_s, "--seed", "5",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[Round \"3\"]"), "{text}");
    let (code, stdout, stderr) = shashki(&["puzzles", "verify", out_s]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("3 puzzles proved, 0 failed"), "{stdout}");
    let (code, stdout, _) = shashki(&["puzzles", "stats", out_s]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("puzzles\t3\n"), "{stdout}");
}

#[test]
fn verify_names_the_puzzles_that_fail() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pack.pdn");
    // the alternative third move removed: a winning move is missing
    let bad = GOOD
        .replace("[Round \"1\"]", "[Round \"2\"]")
        .replace(" (3. e1:g3 h4:f2 4. g1:e3)", "");
    std::fs::write(&path, format!("{GOOD}{bad}")).unwrap();
    let (code, stdout, stderr) = shashki(&["puzzles", "verify", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stderr.contains("#2: duplicate start"), "{stderr}");

    let only_bad = bad.replace("[Round \"2\"]", "[Round \"1\"]");
    std::fs::write(&path, only_bad).unwrap();
    let (code, stdout, stderr) = shashki(&["puzzles", "verify", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stderr.contains("#1:"), "{stderr}");
    assert!(stderr.contains("e1:g3"), "{stderr}");
    assert!(stdout.contains("1 failed"), "{stdout}");

    std::fs::write(&path, "1. c3-d4 {never closed").unwrap();
    let (code, _, stderr) = shashki(&["puzzles", "verify", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, _) = shashki(&["puzzles", "verify", "/no/such/file.pdn"]);
    assert_eq!(code, 2);
}

#[test]
fn international_puzzles_are_generated_verified_and_counted_in_square_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("intl.pdn");
    let out_s = out.to_str().unwrap();
    let (code, stdout, stderr) = shashki(&[
        "puzzles",
        "generate",
        "--variant",
        "international",
        "--count",
        "1",
        "--max-games",
        "3",
        "--out",
        out_s,
        "--seed",
        SEED_INTL,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty(), "the puzzles go to the file");
    assert!(stderr.contains("found 1 puzzles"), "{stderr}");
    assert!(stderr.contains("by difficulty: "), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[GameType \"20\"]"), "{text}");
    let fen = text
        .lines()
        .find_map(|l| l.strip_prefix("[FEN \""))
        .expect("a FEN tag");
    assert!(
        fen.trim_end_matches("\"]")
            .chars()
            .all(|c| c.is_ascii_digit() || ":,-WBK".contains(c)),
        "square numbers: {fen}"
    );
    let (code, stdout, stderr) =
        shashki(&["puzzles", "verify", "--variant", "international", out_s]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("1 puzzles proved, 0 failed"), "{stdout}");
    let (code, stdout, _) = shashki(&["puzzles", "stats", "--variant", "international", out_s]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("puzzles\t1\n"), "{stdout}");
    // a pack is read only by its own rules
    let (code, _, stderr) = shashki(&["puzzles", "verify", out_s]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("GameType 20"), "{stderr}");
    let russian = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/pack.pdn");
    let (code, _, stderr) = shashki(&["puzzles", "stats", "--variant", "international", russian]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("GameType 25"), "{stderr}");
}
