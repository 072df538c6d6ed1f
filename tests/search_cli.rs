//! The command-line contracts of `shashki bestmove`, `shashki hub` and
//! `shashki match` (scripts and GUIs depend on them).

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::shashki;

#[test]
fn bestmove_prints_info_lines_then_the_move() {
    let (code, out, _) = shashki(&["bestmove", "--depth", "5"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, l) in lines[..5].iter().enumerate() {
        let w: Vec<&str> = l.split(' ').collect();
        assert_eq!(w[0], "info");
        assert_eq!(w[1], "depth");
        assert_eq!(w[2].parse::<usize>().unwrap(), i + 1);
        for key in ["score", "nodes", "nps", "pv"] {
            assert!(w.contains(&key), "{l}");
        }
    }
    let last: Vec<&str> = lines[5].split(' ').collect();
    assert_eq!(last[0], "bestmove");
    let legal = [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ];
    assert!(legal.contains(&last[1]), "{}", lines[5]);
}

#[test]
fn bestmove_finds_a_capture_in_algebraic_notation() {
    let (code, out, _) = shashki(&["bestmove", "--fen", "W:Wc3:Bd4,f6", "--movetime", "100"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last().unwrap(), "bestmove c3:e5:g7");
}

#[test]
fn bestmove_with_a_level_and_a_movetime() {
    let (code, out, _) = shashki(&["bestmove", "--level", "3", "--seed", "1"]);
    assert_eq!(code, 0);
    assert!(out.lines().last().unwrap().starts_with("bestmove "));
    let (code, out, _) = shashki(&["bestmove", "--movetime", "50"]);
    assert_eq!(code, 0);
    assert!(out.lines().last().unwrap().starts_with("bestmove "));
}

#[test]
fn bestmove_rejects_a_malformed_fen_with_status_2() {
    let (code, out, err) = shashki(&["bestmove", "--fen", "X:W1:B2"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn hub_session() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run shashki hub");
    let script = "hub\nset-param name=variant value=russian\ninit\nping\nnew-game\n\
                  pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15\"\n\
                  level depth=6\ngo think\n";
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    // give the search time to finish before closing stdin (closing stops it)
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.stdin.as_mut().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("id name=shashki"), "{text}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("param name=variant value=russian")));
    assert!(lines.contains(&"wait"));
    assert!(lines.contains(&"ready"));
    assert!(lines.contains(&"pong"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth=6 ")),
        "{text}"
    );
    // White must recapture: 18x11x15 (d4 takes e5, landing f6)
    let done = lines
        .iter()
        .find(|l| l.starts_with("done move="))
        .expect("done");
    assert!(done.starts_with("done move=18x11x15"), "{done}");
}

#[test]
fn match_prints_the_score_and_elo() {
    let (code, out, _) = shashki(&[
        "match",
        "--a",
        "depth=2",
        "--b",
        "depth=1",
        "--games",
        "4",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("games 4: A wins "), "{out}");
    assert!(out.contains("Elo difference (A − B): "), "{out}");
    let (code, _, _) = shashki(&["match", "--a", "level=9", "--b", "depth=1"]);
    assert_eq!(code, 2);
}

#[test]
fn match_resumes_at_a_given_game() {
    // games 3 and 4 of 4: the second opening, A White then Black
    let (code, out, err) = shashki(&[
        "match",
        "--a",
        "depth=2",
        "--b",
        "depth=1",
        "--games",
        "4",
        "--first-game",
        "3",
        "--threads",
        "1",
        "--verbose",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let mut played: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    played.sort();
    assert_eq!(played.len(), 2, "{out}");
    assert!(
        played[0].starts_with("game 3 (opening 2, A white)"),
        "{out}"
    );
    assert!(
        played[1].starts_with("game 4 (opening 2, A black)"),
        "{out}"
    );
    assert!(out.contains("games 2: A wins "), "{out}");
    for bad in ["0", "5"] {
        let (code, _, err) = shashki(&[
            "match",
            "--a",
            "depth=1",
            "--b",
            "depth=1",
            "--games",
            "4",
            "--first-game",
            bad,
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("--first-game must be 1–4"), "{err}");
    }
}

#[test]
fn match_plays_a_variant_by_its_rules() {
    // English (Black first, no Russian ballot): every first move and reply
    let (code, out, err) = shashki(&[
        "match",
        "--variant",
        "english",
        "--a",
        "depth=3",
        "--b",
        "depth=1",
        "--games",
        "4",
        "--threads",
        "1",
        "--verbose",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("variant: English draughts (49 openings)"),
        "{out}"
    );
    assert!(out.contains("games 4: A wins "), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{out}"
    );
    // an openings file in the variant's numbers; a Russian opening is refused
    let dir = std::env::temp_dir().join(format!("shashki-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("italian.txt");
    std::fs::write(&file, "23-19 10-14\n").unwrap();
    let f = file.to_str().unwrap();
    let args = [
        "--a",
        "depth=2",
        "--b",
        "depth=2",
        "--games",
        "2",
        "--threads",
        "1",
    ];
    let mut cmd = vec!["match", "--variant", "italian", "--openings", f];
    cmd.extend(args);
    let (code, out, err) = shashki(&cmd);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("variant: Italian draughts (1 openings)"),
        "{out}"
    );
    let mut cmd = vec!["match", "--variant", "english", "--openings", f];
    cmd.extend(args);
    let (code, _, err) = shashki(&cmd);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("illegal opening move '23-19'"), "{err}");
    let (code, _, err) = shashki(&[
        "match",
        "--variant",
        "xiangqi",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
    ]);
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_plays_a_wide_variant_level_against_level() {
    // International through the bot's AI, from its stored engine openings
    let (code, out, err) = shashki(&[
        "match",
        "--variant",
        "international",
        "--a",
        "level=1",
        "--b",
        "level=1",
        "--games",
        "2",
        "--threads",
        "1",
        "--verbose",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("variant: International draughts (332 stored openings, 1 played"),
        "{out}"
    );
    assert!(out.contains("games 2: A wins "), "{out}");
    assert!(out.contains("Elo difference (A − B): "), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{out}"
    );
    // only levels are played there
    let (code, _, err) = shashki(&[
        "match",
        "--variant",
        "bashni",
        "--a",
        "depth=3",
        "--b",
        "level=1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("only level=N"), "{err}");
}
