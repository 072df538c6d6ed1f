//! `shashki <command> --help` describes that command: every subcommand
//! (and every subcommand of those) is found in the listing of `--help`, and
//! its own `--help` starts with its own purpose — not another command's
//! (`console --help` once showed the description of `perft`).

mod common;
use common::shashki;
use std::collections::HashMap;

/// Words each command's description must contain (by its path of names).
const PURPOSES: &[(&str, &str)] = &[
    ("console", "terminal"),
    ("perft", "leaf positions"),
    ("moves", "legal moves"),
    ("bestmove", "best move"),
    ("hub", "Hub protocol"),
    ("match", "against each other"),
    ("match-external", "outside engine"),
    ("openings", "balanced opening list"),
    ("tune", "evaluation weights"),
    ("analyse", "Analyse the games"),
    ("render", "Draw a board"),
    ("puzzles", "Daily puzzles"),
    ("puzzles generate", "Mine self-play games"),
    ("puzzles verify", "Re-prove"),
    ("puzzles stats", "Count the puzzles"),
    ("run", "Run the bot"),
    ("worker", "Only think"),
    ("db", "Database tools"),
    ("db copy", "Copy every table"),
    ("backup", "online backup"),
    ("link", "Links to the web board"),
    ("link game", "A link to game N"),
    ("link revoke", "Revoke every link"),
];

/// The subcommands a help text lists under `Commands:` (without `help`),
/// with the description shown beside each.
fn listed(help: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.trim_end() == "Commands:" {
            inside = true;
            continue;
        }
        if !inside {
            continue;
        }
        if line.trim().is_empty() || !line.starts_with("  ") {
            break;
        }
        let mut words = line.trim().splitn(2, ' ');
        let name = words.next().unwrap_or_default().to_string();
        let about = words.next().unwrap_or_default().trim().to_string();
        if name != "help" {
            out.push((name, about));
        }
    }
    out
}

#[test]
fn every_subcommand_help_describes_itself() {
    let purposes: HashMap<&str, &str> = PURPOSES.iter().copied().collect();
    let (code, top, err) = shashki(&["--help"]);
    assert_eq!(code, 0, "{err}");
    // (path, what the parent's listing says) — breadth first
    let mut todo: Vec<(Vec<String>, String)> = listed(&top)
        .into_iter()
        .map(|(n, about)| (vec![n], about))
        .collect();
    assert!(todo.len() >= 10, "{top}");
    let mut firsts: HashMap<String, String> = HashMap::new();
    let mut seen = Vec::new();
    while let Some((path, about)) = todo.pop() {
        let key = path.join(" ");
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, help, err) = shashki(&args);
        assert_eq!(code, 0, "{key} --help: {err}");
        let first = help.lines().next().unwrap_or_default().trim().to_string();
        assert!(
            !first.is_empty(),
            "{key} --help has no description:\n{help}"
        );
        assert!(
            !first.starts_with("Usage:"),
            "{key} --help has no description:\n{help}"
        );
        // the listing shows the same description (its first sentence at
        // least)
        assert!(
            !about.is_empty() && first.starts_with(about.trim_end_matches('.')),
            "{key}: listed as {about:?}, its help says {first:?}"
        );
        let purpose = purposes
            .get(key.as_str())
            .unwrap_or_else(|| panic!("{key} is new: add its purpose to PURPOSES"));
        assert!(
            first.contains(purpose),
            "{key} --help does not describe {key}: {first:?}"
        );
        if let Some(other) = firsts.insert(first.clone(), key.clone()) {
            panic!("{key} --help repeats the description of {other}: {first:?}");
        }
        for (n, a) in listed(&help) {
            let mut p = path.clone();
            p.push(n);
            todo.push((p, a));
        }
        seen.push(key);
    }
    for (key, _) in PURPOSES {
        assert!(seen.iter().any(|s| s == key), "{key} is gone from --help");
    }
}

/// `console --lang` lists every language the bot speaks (the catalogue's
/// own list), not just the first two (issue 21).
#[test]
fn console_help_lists_every_language() {
    let (code, help, err) = shashki(&["console", "--help"]);
    assert_eq!(code, 0, "{err}");
    // the --lang entry: its line and the lines of its description
    let entry: String = help
        .lines()
        .skip_while(|l| !l.contains("--lang"))
        .enumerate()
        .take_while(|(i, l)| *i == 0 || !l.trim_start().starts_with('-'))
        .map(|(_, l)| l)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!entry.is_empty(), "no --lang in:\n{help}");
    let words: Vec<&str> = entry.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    for lang in shashki::core::i18n::Lang::ALL {
        assert!(
            words.contains(&lang.code()),
            "{} missing from --lang: {entry}",
            lang.code()
        );
    }
}
