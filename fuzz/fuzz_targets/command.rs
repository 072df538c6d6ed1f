#![no_main]
//! Chat text, any of it: the command parser and the bare-move test never
//! panic, and what they return keeps its promises.
use libfuzzer_sys::fuzz_target;
use shashki::core::input::args::MoveArgs;
use shashki::core::input::commands::{game_ref, looks_like_move, parse_command, Command};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse_command(&text) {
        None => {}
        Some(cmd) => {
            assert!(text.trim().starts_with('/'), "a command without a slash");
            match cmd {
                Command::Move(MoveArgs { game, text: t }) => {
                    assert!(game.is_none_or(|g| g > 0), "game #{game:?}");
                    assert!(t.is_none_or(|t| !t.trim().is_empty()));
                }
                Command::Unknown(name) => assert!(!name.chars().any(char::is_whitespace)),
                Command::ChallengeLink { id, token } => assert!(id.0 > 0 && token >= 0),
                _ => {}
            }
        }
    }
    if looks_like_move(&text) {
        assert!(text.chars().any(|c| c.is_ascii_digit()));
    }
    if let Some(g) = game_ref(&text) {
        assert!(g > 0);
    }
});
