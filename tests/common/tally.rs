//! A record of which tests ran on a real PostgreSQL server or browser and
//! which were skipped: with `SHASHKI_TEST_TALLY=FILE` set (`.ci/run` sets
//! it), each appends one line `KIND OUTCOME TEST` to FILE, and `.ci/run`
//! prints how many ran and how many were skipped.

use std::io::Write;

/// Note that the current test ran (`ran`) or was skipped (`skipped`) for
/// want of `kind` (`postgres`, `browser`).
pub fn note(kind: &str, outcome: &str) {
    let Some(path) = std::env::var_os("SHASHKI_TEST_TALLY") else {
        return;
    };
    let test = std::thread::current()
        .name()
        .unwrap_or("unnamed")
        .replace(char::is_whitespace, "_");
    let line = format!("{kind} {outcome} {test}\n");
    // one short write in append mode: lines from parallel tests do not mix
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = f.write_all(line.as_bytes());
    }
}
