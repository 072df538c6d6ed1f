//! `shashki match-external` against outside engines written in sh: a game
//! the outside engine cannot read is void (not scored), one it forfeits by
//! silence or an illegal move is shashki's.

mod common;

use std::io::Write;

/// `match-external` against the engine `script` (sh), 2 games from the
/// openings file's first line, level 1: (exit code, stdout).
fn against(script: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let engine = dir.path().join("engine.sh");
    std::fs::File::create(&engine)
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, "32-28 19-23\n").unwrap();
    let cmd = format!("sh {}", engine.display());
    let (code, out, err) = common::shashki(&[
        "match-external",
        "--level",
        "1",
        "--games",
        "2",
        "--engine-timeout",
        "20",
        "--openings",
        openings.to_str().unwrap(),
        "--engine-cmd",
        &cmd,
    ]);
    assert_eq!(err.matches("panicked").count(), 0, "{err}");
    (code, out)
}

#[test]
fn a_position_the_outside_engine_cannot_read_is_void() {
    let (code, out) = against(
        "echo ready\nwhile read l; do case \"$l\" in go) echo 'error cannot read it';; quit) exit 0;; esac; done\n",
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches(" void ").count(), 2, "{out}");
    assert!(
        out.contains("void 2: the outside engine could not read"),
        "{out}"
    );
    assert!(
        out.contains("games 0: shashki wins 0, draws 0, losses 0"),
        "{out}"
    );
}

#[test]
fn an_illegal_move_forfeits_the_game() {
    let (code, out) = against(
        "echo ready\nwhile read l; do case \"$l\" in go) echo 'bestmove 1-50';; quit) exit 0;; esac; done\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("games 2: shashki wins 2, draws 0, losses 0"),
        "{out}"
    );
    assert!(!out.contains("void"), "{out}");
}
