//! The console chat as its user sees it: `shashki console` with a piped
//! script. The console is an adapter on the runtime's hub; these check what
//! that must not change: every line is echoed with its speaker, the AI's
//! move is shown before the next line is read (and before the end of the
//! input ends the program), boards are written to the boards folder, `/as`
//! and `/pick` work, and the games stay in the database.

mod common;

use std::path::Path;

/// Run `shashki console` in `dir` on `t.sqlite` with `script` on stdin:
/// (exit status, stdout, stderr).
fn console(dir: &Path, script: &str) -> (i32, String, String) {
    common::console(dir, "t.sqlite", script)
}

#[test]
fn a_piped_game_against_the_ai() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = console(
        dir.path(),
        "# a comment\n/as Anna\n/challenge ai 1 white\n/pick 99\n/pick 3\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "", "nothing on stderr");
    assert!(!out.contains("# a comment"), "comments are skipped");
    assert!(
        out.starts_with("you> /as Anna\n(now speaking as Anna)\n"),
        "{out}"
    );
    assert!(
        out.contains("Anna> /challenge ai 1 white\nGame #1 begins"),
        "{out}"
    );
    assert!(
        out.contains("buttons:  [1] a3-b4  [2] c3-b4  [3] c3-d4"),
        "{out}"
    );
    assert!(out.contains("Anna> /pick 99\n(no button 99 — the last message had 10 buttons"));
    // the button press plays c3-d4; the input ends right after it, and the
    // AI's answer is still shown, after the board of c3-d4
    let pressed = out.find("(pressed “c3-d4”)").expect("pressed");
    let played = out[pressed..].find("Anna: c3-d4").expect("played") + pressed;
    let answer = out[played..]
        .find("AI (level 1): ")
        .expect("the AI answers")
        + played;
    assert!(out[answer..].contains("White to play, @anna."), "{out}");
    // every board shown was written to boards/
    let shown: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("[board image: "))
        .map(|l| l.trim_end_matches(']'))
        .collect();
    assert_eq!(shown.len(), 3, "{out}");
    for b in &shown {
        let png = std::fs::read(dir.path().join(b)).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{b}");
    }
    assert_eq!(
        std::fs::read_dir(dir.path().join("boards"))
            .unwrap()
            .count(),
        3
    );

    // the game is in the database; another session goes on with it
    let (code, out, err) = console(dir.path(), "/as Anna\n/games\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("#1"), "{out}");
}

#[test]
fn two_people_in_one_console() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = console(
        dir.path(),
        "/as Anna\n/challenge @bob 3 white\n/as Bob\n/accept\n/as Anna\nc3-d4\n/as Bob\nb6-a5\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Bob> /accept\n"), "{out}");
    assert!(out.contains("Anna> c3-d4\nAnna: c3-d4"), "{out}");
    assert!(out.contains("Bob> b6-a5\nBob: b6-a5"), "{out}");
    assert!(!out.contains("AI ("), "no AI in this game");
}

/// `/analyse` as the last line: the console waits for the analysis (its
/// progress and its result) before it ends; and an analysis left pending by
/// an earlier session (a crash) is finished and shown by the next one, even
/// when its input is empty.
#[test]
fn the_console_waits_for_the_analysis_before_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = console(
        dir.path(),
        "/as Anna\n/challenge ai 1 white\nc3-d4\n/resign\n/analyse\n",
    );
    assert_eq!(code, 0, "{err}");
    let asked = out.find("Analysing game #1").expect("asked");
    let done = out[asked..]
        .find("Analysis of game #1")
        .expect("the result is shown before the end");
    assert!(
        out[asked + done..].contains("the evaluation graph"),
        "{out}"
    );

    // a second game's analysis left pending, as by a crash
    let (code, _, err) = console(dir.path(), "/as Anna\n/challenge ai 1 white\n/resign\n");
    assert_eq!(code, 0, "{err}");
    let db = rusqlite::Connection::open(dir.path().join("t.sqlite")).unwrap();
    db.execute(
        "INSERT INTO analyses (game_id, chat_id, requested_by, created_at)
         SELECT 2, chat_id, white_user, 0 FROM games WHERE id = 2",
        [],
    )
    .unwrap();
    drop(db);
    let (code, out, err) = console(dir.path(), "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Analysis of game #2"), "{out}");
}

/// The console transcripts in docs/variants.md ("Console transcripts"):
/// each block marked `<!-- console -->` is replayed — its `Name> ` lines
/// are the input — and must be exactly what the console prints.
#[test]
fn the_variant_transcripts_in_the_docs_are_true() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/variants.md"))
            .unwrap();
    let mut blocks = 0;
    for part in doc.split("<!-- console -->").skip(1) {
        let start = part.find("```text\n").expect("a text block") + "```text\n".len();
        let end = start + part[start..].find("```").expect("closed");
        let want = &part[start..end];
        let script: String = want
            .lines()
            .filter_map(|l| {
                let (who, said) = l.split_once("> ")?;
                who.chars()
                    .all(|c| c.is_ascii_alphabetic())
                    .then(|| format!("{said}\n"))
            })
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let (code, out, err) = console(dir.path(), &script);
        assert_eq!(code, 0, "{err}");
        let trim = |s: &str| {
            s.lines()
                .map(str::trim_end)
                .collect::<Vec<_>>()
                .join("\n")
                .trim()
                .to_string()
        };
        assert_eq!(trim(&out), trim(want), "the console now prints:\n{out}");
        blocks += 1;
    }
    assert_eq!(blocks, 16, "one transcript per variant the chat plays");
}
