//! Helpers shared by the integration tests.

use std::process::Command;

pub mod pg;
pub mod room;
pub mod tally;

/// Run the `shashki` binary: (exit status, stdout, stderr).
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn shashki(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("run shashki");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Run `shashki console` in `dir` on the database `db` (a file in `dir`
/// or a URL) with `script` on stdin: (exit status, stdout, stderr).
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn console(dir: &std::path::Path, db: &str, script: &str) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["console", "--db", db, "--ai-movetime", "100"])
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run shashki console");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An event in a console group chat `chat` (titled `title`) from `who`
/// (id and handle: the name in lower case), in English, update id `u<n>`.
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn group_event(
    chat: &str,
    title: &str,
    who: &str,
    input: shashki::core::Input,
    n: u64,
) -> shashki::core::Event {
    use shashki::core::{ChatRef, Event, Platform, UserRef};
    Event {
        platform: Platform::Console,
        chat: ChatRef {
            id: chat.into(),
            title: Some(title.into()),
            is_private: false,
        },
        user: UserRef {
            id: who.to_lowercase(),
            name: who.into(),
            handle: Some(who.to_lowercase()),
            lang: Some("en".into()),
            is_admin: false,
        },
        input,
        update_id: Some(format!("u{n}")),
        to_bot: true,
        thread: None,
    }
}
