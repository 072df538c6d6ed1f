//! The chat core's two parsers on any text, without cargo-fuzz: seeded
//! random strings (ASCII command and payload fragments mixed with
//! multi-byte characters), and every near-valid input with a multi-byte
//! character put at, or swapped in for, each of its characters.
//!
//! - `parse_command`, `looks_like_move` and `game_ref` never panic, and
//!   what they return keeps its promises (see `check_text`);
//! - `Payload::decode` never panics, and a decoded payload encodes in at
//!   most 64 bytes to a payload that decodes to the same (`check_payload`);
//! - every payload the bot can make decodes back to itself.
//!
//! The same properties are the cargo-fuzz targets `command` and `payload`
//! (fuzz/README.md).

use shashki::core::input::args::MoveArgs;
use shashki::core::input::commands::{game_ref, looks_like_move, parse_command, Command};
use shashki::core::input::payload::Payload;
use shashki::store::Ply;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// xorshift64*, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Multi-byte characters of 2, 3 and 4 bytes, combining marks, controls,
/// look-alike digits and separators.
const WIDE: &[&str] = &[
    "é",
    "ж",
    "Ё",
    "ß",
    "\u{301}",
    "\u{200b}",
    "\u{202e}",
    "\u{feff}",
    "\u{a0}",
    "\u{2003}",
    "–",
    "—",
    "×",
    "∞",
    "１",
    "٣",
    "߀",
    "😀",
    "👍🏽",
    "𝕏",
    "\u{10ffff}",
    "\0",
    "\u{7f}",
    "\u{85}",
];

/// ASCII fragments of commands and payloads.
const ASCII: &[&str] = &[
    "/",
    "/",
    "m",
    ":",
    ":",
    "#",
    "@",
    " ",
    " ",
    "\t",
    "\n",
    "-",
    "0",
    "1",
    "7",
    "9",
    "12",
    "999999999999",
    "9999999999999",
    "65535",
    "65536",
    "32",
    "33",
    "a",
    "p",
    "b",
    "r",
    "R",
    "o",
    "x",
    "d",
    "ph",
    "ta",
    "td",
    "ps",
    "pn",
    "e3",
    "d4",
    "c3",
    "move",
    "draw",
    "accept",
    "challenge",
    "ai",
    "decline",
    "нет",
    "ход",
    "вызов",
    "bot",
    "!",
    "?",
    "+",
    "e3-d4",
    "c3:e5:g7",
    "22-17",
];

/// Texts close to what the bot understands.
const NEAR: &[&str] = &[
    "/move #12 e3-d4",
    "/move@shashki_bot c3:e5:g7",
    "/ход e3-d4",
    "/draw #3 нет",
    "/draw 3",
    "/challenge @anna 3 white",
    "/challenge ai 5 чёрными",
    "/accept #7",
    "/resign #2",
    "/board 4",
    "/settings theme classic",
    "/daily on 09:00 +03:00",
    "/vacation 3",
    "/puzzle #12",
    "/top puzzles",
    "e3-d4",
    "E3D4!?",
    "15x22",
    "m:12:3:4",
    "p:1:2:32",
    "b:1:2",
    "r:9",
    "R:9",
    "o:9",
    "x:9",
    "a:7",
    "d:7",
    "ph",
    "m:999999999999:999999999999:65535",
    "/start challenge-12",
    "/start challenge-12-345",
    "/start challenge-12-0",
    "/start challenge-0-5",
    "A:12:123456789012",
    "A:12:-1",
    "/start challenge-0",
    "/start challenge--3",
    "/start CHALLENGE-+4",
    "/start challenge-99999999999999999999999",
];

/// The text parsers on `text`: no panic, and their promises.
fn check_text(text: &str) {
    let cmd = parse_command(text);
    if let Some(cmd) = &cmd {
        assert!(text.trim().starts_with('/'), "{text:?} -> {cmd:?}");
        match cmd {
            Command::Move(MoveArgs { game, text: t }) => {
                assert!(game.is_none_or(|g| g.0 > 0), "{text:?} -> {cmd:?}");
                assert!(
                    t.as_ref().is_none_or(|t| !t.trim().is_empty()),
                    "{text:?} -> {cmd:?}"
                );
            }
            Command::Unknown(name) => {
                assert!(
                    !name.chars().any(char::is_whitespace),
                    "{text:?} -> {cmd:?}"
                )
            }
            Command::ChallengeLink { id, token } => {
                assert!(id.0 > 0 && *token >= 0, "{text:?} -> {cmd:?}")
            }
            _ => {}
        }
    } else {
        // not a command: no slash, or nothing after it
        let t = text.trim();
        assert!(!t.starts_with('/') || t[1..].trim().is_empty(), "{text:?}");
    }
    if looks_like_move(text) {
        assert!(text.chars().any(|c| c.is_ascii_digit()), "{text:?}");
    }
    if let Some(g) = game_ref(text) {
        assert!(g > 0, "{text:?}");
    }
}

/// The payload decoder on `text`: no panic; a decoded payload round-trips.
/// Returns whether it decoded.
fn check_payload(text: &str) -> bool {
    let Some(p) = Payload::decode(text) else {
        return false;
    };
    assert!(
        text.len() <= 64,
        "{text:?} decoded though longer than 64 bytes"
    );
    let e = p.encode();
    assert!(
        e.len() <= 64,
        "{text:?} -> {p:?} -> {e:?}: {} bytes",
        e.len()
    );
    assert_eq!(Payload::decode(&e), Some(p), "{text:?} -> {p:?} -> {e:?}");
    let _ = p.kind();
    true
}

fn check(text: &str) -> bool {
    match catch_unwind(AssertUnwindSafe(|| {
        check_text(text);
        check_payload(text)
    })) {
        Ok(decoded) => decoded,
        Err(_) => panic!("a parser failed on {text:?}"),
    }
}

fn random_text(rng: &mut Rng) -> String {
    let parts = rng.below(12);
    let mut s = String::new();
    for _ in 0..parts {
        let pick = match rng.below(3) {
            0 => WIDE[rng.below(WIDE.len())],
            _ => ASCII[rng.below(ASCII.len())],
        };
        s.push_str(pick);
    }
    s
}

#[test]
fn random_strings_never_break_the_parsers() {
    let mut rng = Rng(0x0DDB_A11F_F022);
    let mut decoded = 0;
    let mut commands = 0;
    for i in 0..100_000 {
        let text = if i % 10 == 0 {
            // a near-valid text with random changes
            let mut s = NEAR[rng.below(NEAR.len())].to_string();
            for _ in 0..rng.below(3) {
                let at = rng.below(s.len() + 1);
                if s.is_char_boundary(at) {
                    s.insert_str(at, &random_text(&mut rng));
                }
            }
            s
        } else {
            random_text(&mut rng)
        };
        if check(&text) {
            decoded += 1;
        }
        if parse_command(&text).is_some() {
            commands += 1;
        }
    }
    println!("100000 random strings: {commands} commands, {decoded} payloads decoded");
    assert!(
        commands > 5_000 && decoded > 1_000,
        "the strings reach the parsers' insides"
    );
}

#[test]
fn a_multibyte_character_at_every_position() {
    let mut n = 0;
    for near in NEAR {
        let chars: Vec<(usize, char)> = near.char_indices().collect();
        for wide in WIDE {
            // inserted before each character and at the end
            for at in chars.iter().map(|(i, _)| *i).chain([near.len()]) {
                let mut s = near.to_string();
                s.insert_str(at, wide);
                check(&s);
                n += 1;
            }
            // in place of each character
            for (i, c) in &chars {
                let s = format!("{}{wide}{}", &near[..*i], &near[i + c.len_utf8()..]);
                check(&s);
                n += 1;
            }
            // cut off before each character, the multi-byte one last
            for (i, _) in &chars {
                check(&format!("{}{wide}", &near[..*i]));
                n += 1;
            }
        }
    }
    assert!(n > 10_000, "{n}");
}

#[test]
fn every_payload_the_bot_makes_decodes_to_itself() {
    let mut rng = Rng(0x9A71_0AD5);
    // ids are SQLite row ids: the decoder takes up to 12 digits
    let id = |rng: &mut Rng| match rng.below(4) {
        0 => rng.below(10) as i64,
        1 => 999_999_999_999,
        _ => (rng.next() % 1_000_000_000_000) as i64,
    };
    for _ in 0..20_000 {
        let (g, c, ply) = (id(&mut rng), id(&mut rng), id(&mut rng));
        let g = shashki::core::GameId(g);
        let index = rng.next() as u16;
        let square = 1 + rng.below(32) as u8;
        for p in [
            Payload::Accept {
                challenge: shashki::core::ChallengeId(c),
            },
            Payload::Decline {
                challenge: shashki::core::ChallengeId(c),
            },
            Payload::Move {
                game: g,
                ply: Ply(ply),
                index,
            },
            Payload::Piece {
                game: g,
                ply: Ply(ply),
                square,
            },
            Payload::Pieces {
                game: g,
                ply: Ply(ply),
            },
            Payload::Resign { game: g },
            Payload::ResignConfirm { game: g, by: None },
            Payload::ResignConfirm {
                game: g,
                by: Some((ply % 2) as u8),
            },
            Payload::Draw { game: g },
            Payload::DeclineDraw { game: g },
            Payload::Flip { game: g },
            Payload::Rematch { game: g },
            Payload::TakebackAccept {
                game: g,
                ply: Ply(ply),
            },
            Payload::TakebackDecline {
                game: g,
                ply: Ply(ply),
            },
            Payload::PuzzleHint,
            Payload::PuzzleSolution,
            Payload::PuzzleNext,
            Payload::PuzzleMove {
                puzzle: shashki::store::PuzzleId(c),
                step: rng.next() as u16,
                index,
                wrong: None,
            },
            Payload::PuzzleMove {
                puzzle: shashki::store::PuzzleId(c),
                step: rng.next() as u16,
                index,
                wrong: Some(rng.next() as u8),
            },
        ] {
            let e = p.encode();
            assert!(e.len() <= 64, "{p:?} -> {e:?}");
            assert_eq!(Payload::decode(&e), Some(p), "{e:?}");
        }
    }
}
