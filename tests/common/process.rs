//! The real binary as a child process: `shashki run --config FILE`, stopped
//! with SIGTERM (or SIGKILL when the test ends early).
#![allow(dead_code)] // not every test file that shares this module uses all of it

use std::path::Path;
use std::process::{Child, Command, ExitStatus};
use std::time::Duration;

/// `shashki run --config <config>`, with no token, database or log filter
/// taken from the environment; the caller sets stderr and spawns it.
pub fn shashki_run(config: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shashki"));
    cmd.arg("run")
        .arg("--config")
        .arg(config)
        .env_remove("SHASHKI_TELEGRAM_TOKEN")
        .env_remove("SHASHKI_TELEGRAM_WEBHOOK_SECRET")
        .env_remove("SHASHKI_DISCORD_TOKEN")
        .env_remove("SHASHKI_DATABASE")
        .env_remove("RUST_LOG");
    cmd
}

/// Kills the process `0` with SIGKILL when dropped: the bot stops however
/// the test ends.
pub struct Kill(pub u32);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", &self.0.to_string()])
            .status();
    }
}

/// Sends SIGTERM to `pid`.
pub fn sigterm(pid: u32) {
    let status = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// The exit status of `child`, which must exit within `within`.
pub async fn exit_within(mut child: Child, within: Duration) -> ExitStatus {
    tokio::time::timeout(within, tokio::task::spawn_blocking(move || child.wait()))
        .await
        .expect("exits after SIGTERM")
        .unwrap()
        .unwrap()
}

/// The child's stderr (piped), read as it comes (a full pipe would stop
/// the bot) on a thread that returns it all at the child's exit.
pub fn read_stderr(child: &mut Child) -> std::thread::JoinHandle<String> {
    use std::io::Read;
    let mut stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        let mut log = Vec::new();
        let _ = stderr.read_to_end(&mut log);
        String::from_utf8_lossy(&log).into_owned()
    })
}

/// `shashki run --config <config>` spawned with its stderr read as it comes
/// (`read_stderr`): the child, its SIGKILL guard and the log reader.
pub fn spawn_logged(config: &Path) -> (Child, Kill, std::thread::JoinHandle<String>) {
    let mut child = shashki_run(config)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let guard = Kill(child.id());
    let reader = read_stderr(&mut child);
    (child, guard, reader)
}

/// SIGTERM to a child from [`spawn_logged`]: it must exit within `within`
/// and succeed; its log.
pub async fn stop_logged(
    child: Child,
    guard: Kill,
    reader: std::thread::JoinHandle<String>,
    within: Duration,
) -> String {
    sigterm(child.id());
    let exit = exit_within(child, within).await;
    drop(guard);
    let log = reader.join().unwrap();
    assert!(exit.success(), "{log}");
    log
}

/// Asserts that no form of a token in `forms` stands in `log`, showing the
/// log around the first one found.
pub fn assert_not_in_log(log: &str, forms: impl IntoIterator<Item = String>) {
    for form in forms {
        let at = log.find(&form);
        assert!(
            at.is_none(),
            "the token ({form}) in the log: …{}…",
            log.get(at.unwrap_or(0).saturating_sub(200)..)
                .unwrap_or_default()
                .chars()
                .take(400)
                .collect::<String>()
        );
    }
}
