//! Helpers shared by the integration tests.

use std::process::Command;

/// Run the `shashki` binary: (exit status, stdout, stderr).
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
