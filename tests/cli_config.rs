//! `shashki run --config FILE` with a config it cannot use: the error goes
//! to stderr with exit status 2 (like every input error of the CLI), names
//! the file, the line, the column and the key, and never shows a token.
//! Nothing is started: each config here is refused before any connection.

use std::process::Command;

const TOKEN: &str = "987654:AAF-top-secret-token";

/// `shashki run --config <dir>/config.toml` with `text` in the file:
/// (exit status, stdout, stderr, the file's path).
fn run_with(text: &str) -> (i32, String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("run")
        .arg("--config")
        .arg(&path)
        .env_remove("SHASHKI_TELEGRAM_TOKEN")
        .env_remove("SHASHKI_DISCORD_TOKEN")
        .env_remove("SHASHKI_DATABASE")
        .env_remove("RUST_LOG")
        .current_dir(dir.path())
        .output()
        .expect("run shashki");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        path.display().to_string(),
    )
}

#[test]
fn a_broken_config_is_refused_by_place_and_key_without_the_token() {
    for (text, at, key) in [
        // a wrong type next to the token
        (
            format!("[telegram]\ntoken = \"{TOKEN}\"\nset_commands = \"yes\"\n"),
            "line 3, column 16",
            "telegram.set_commands",
        ),
        // the token's own line broken (no quotes)
        (
            format!("[log]\nlevel = \"warn\"\n\n[telegram]\ntoken = {TOKEN}\n"),
            "line 5, column 9",
            "telegram.token",
        ),
        // the token's string left open
        (
            format!("[telegram]\ntoken = \"{TOKEN}\n"),
            "line 2, column",
            "telegram.token",
        ),
    ] {
        let (code, stdout, stderr, path) = run_with(&text);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(stderr.contains(&path), "the file is named: {stderr}");
        assert!(stderr.contains(at), "{at}: {stderr}");
        assert!(stderr.contains(&format!("key {key}")), "{key}: {stderr}");
        for part in [TOKEN, "top-secret", "987654"] {
            assert!(!stderr.contains(part), "the token is shown: {stderr}");
        }
    }
}

#[test]
fn plain_http_to_another_machine_is_refused() {
    for (key, table) in [("api_url", "telegram"), ("http_base", "discord")] {
        let (code, _, stderr, _) = run_with(&format!(
            "[{table}]\ntoken = \"{TOKEN}\"\n{key} = \"http://api.example.com\"\n"
        ));
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(&format!("{table}.{key}")), "{stderr}");
        assert!(stderr.contains("use https"), "{stderr}");
        assert!(!stderr.contains("top-secret"), "{stderr}");
    }
}
