//! Reading what people type: commands with English names and Russian
//! aliases (see [`words`]), and bare move texts.

use super::words;

/// A command and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `/help [topic]` (`/help tournament`).
    Help(Option<String>),
    Challenge(Vec<String>),
    Accept(Option<String>),
    Decline(Option<String>),
    /// A shared challenge's deep link (`/start challenge-12-TOKEN`): its
    /// card, to accept wherever the link was opened; `token` is the link's
    /// secret (a challenge number alone opens nothing).
    ChallengeLink {
        id: i64,
        token: i64,
    },
    /// `/move [#game] text`: `text` is `None` when nothing follows.
    Move {
        game: Option<i64>,
        text: Option<String>,
    },
    Board(Option<String>),
    Games,
    Resign(Option<String>),
    /// `/draw [#game] [decline]`: offer or accept, or decline.
    Draw {
        game: Option<String>,
        decline: bool,
    },
    Pdn(Option<String>),
    Settings(Vec<String>),
    /// `/top [variant]`.
    Top(Option<String>),
    Vacation(Option<String>),
    /// `/puzzle [move | solution | next | daily | #n]` (see `core::puzzles`).
    Puzzle(Vec<String>),
    /// `/daily on [HH:MM] [+03:00]`, `/daily off`, `/daily`.
    Daily(Vec<String>),
    Hint,
    /// `/top puzzles`: the chat's puzzle leaderboard.
    PuzzleTop,
    /// `/tournament [new …|join|leave|start|pdn] [#id]` (see `core::tournaments`).
    Tournament(Vec<String>),
    /// `/standings [#id]`: a tournament's crosstable.
    Standings(Option<String>),
    /// `/replay [#game]`: the game as an animated GIF.
    Replay(Option<String>),
    /// `/position [variant] FEN`: any position as a picture.
    Position(String),
    /// `/analyse [#game]`: the engine's analysis of a finished game.
    Analyse(Option<String>),
    /// `/if [#game] X Y …`: conditional moves.
    If(Vec<String>),
    /// `/takeback [#game]`: undo your last move (casual games).
    Takeback(Option<String>),
    /// `/notify [on|off]`: private notifications of your moves.
    Notify(Option<String>),
    /// A command we do not know (its name).
    Unknown(String),
}

/// Parse a message starting with `/`. `None` if it is not a command.
pub fn parse_command(text: &str) -> Option<Command> {
    let t = text.trim();
    let rest = t.strip_prefix('/')?;
    let mut words = rest.split_whitespace();
    let head = words.next()?;
    // "/move@shashki_bot" in group chats
    let name = head.split('@').next().unwrap_or(head);
    let args: Vec<String> = words.map(str::to_string).collect();
    let first = args.first().cloned();
    // a deep link (`t.me/<bot>?start=game-12` arrives as `/start game-12`)
    if name.eq_ignore_ascii_case("start") {
        if let Some(c) = first.as_deref().and_then(deep_link) {
            return Some(c);
        }
    }
    Some(match words::canonical(name) {
        Some("help") => Command::Help(first),
        Some("challenge") => Command::Challenge(args),
        Some("accept") => Command::Accept(first),
        Some("decline") => Command::Decline(first),
        Some("move") => {
            let (game, rest) = match args.split_first() {
                Some((first, rest)) if first.starts_with('#') => (game_ref(first), rest),
                _ => (None, &args[..]),
            };
            let text = (!rest.is_empty()).then(|| rest.join(" "));
            Command::Move { game, text }
        }
        Some("board") => Command::Board(first),
        Some("games") => Command::Games,
        Some("resign") => Command::Resign(first),
        Some("draw") => {
            let (game, word) = match args.as_slice() {
                [a, b, ..] if a.starts_with('#') => (Some(a.clone()), Some(b.as_str())),
                [a] if a.starts_with('#') || is_numeric(a) || number(a).is_some() => {
                    (Some(a.clone()), None)
                }
                [a, ..] => (None, Some(a.as_str())),
                [] => (None, None),
            };
            Command::Draw {
                game,
                decline: word.is_some_and(words::is_decline),
            }
        }
        Some("pdn") => Command::Pdn(first),
        Some("settings") => Command::Settings(args),
        Some("top") if first.as_deref().is_some_and(words::is_puzzles) => Command::PuzzleTop,
        Some("top") => Command::Top(first),
        Some("puzzle") => Command::Puzzle(args),
        Some("daily") => Command::Daily(args),
        Some("hint") => Command::Hint,
        Some("puzzletop") => Command::PuzzleTop,
        Some("vacation") => Command::Vacation(first),
        Some("tournament") => Command::Tournament(args),
        Some("standings") => Command::Standings(first),
        Some("replay") => Command::Replay(first),
        Some("position") => Command::Position(args.join(" ")),
        Some("analyse") => Command::Analyse(first),
        Some("if") => Command::If(args),
        Some("takeback") => Command::Takeback(first),
        Some("notify") => Command::Notify(first),
        _ => Command::Unknown(name.to_string()),
    })
}

/// The command a deep link's start payload stands for: `game-12` (the
/// board), `replay-12`, `analyse-12`, `challenge-12` (a shared open
/// challenge), `puzzle`, `daily` (today's puzzle), `notify` (private
/// notifications on: the link `/notify` gives in a group).
pub fn deep_link(payload: &str) -> Option<Command> {
    let (kind, n) = match payload.split_once('-') {
        Some((k, n)) => (k, Some(n)),
        None => (payload, None),
    };
    let game = || n.and_then(game_ref).map(|id| format!("#{id}"));
    Some(match kind.to_ascii_lowercase().as_str() {
        "game" => Command::Board(Some(game()?)),
        "replay" => Command::Replay(Some(game()?)),
        "analyse" => Command::Analyse(Some(game()?)),
        "challenge" => {
            let (id, token) = n?.split_once('-')?;
            let token = Some(token)
                .filter(|t| (1..=12).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()))?
                .parse()
                .ok()?;
            Command::ChallengeLink {
                id: game_ref(id).filter(|_| id.bytes().all(|b| b.is_ascii_digit()))?,
                token,
            }
        }
        "puzzle" if n.is_none() => Command::Puzzle(Vec::new()),
        "daily" if n.is_none() => Command::Puzzle(vec!["daily".into()]),
        "notify" if n.is_none() => Command::Notify(Some("on".into())),
        _ => return None,
    })
}

/// Whether handling `text` may need to know if its sender administers the
/// chat (chat-wide settings, the daily puzzle): adapters that must ask the
/// platform for that ask only then.
pub fn needs_chat_admin(text: &str) -> bool {
    matches!(
        parse_command(text),
        Some(Command::Settings(_) | Command::Daily(_) | Command::Tournament(_))
    )
}

/// Whether bare text looks like a move (`e3-d4`, `c3:e5:g7`, `22-17`,
/// `e3d4`), as opposed to chat.
pub fn looks_like_move(text: &str) -> bool {
    let t = text.trim().trim_end_matches(['!', '?']);
    !t.is_empty()
        && t.len() <= 60
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| {
            matches!(c.to_ascii_lowercase(), 'a'..='h' | '0'..='9' | 'x' | ':' | '-' | ' ' | '–' | '—' | '×')
        })
}

/// The most digits of a number typed in a command: twelve, as many as a
/// button's data carries (`payload`). Every such number is also exact in a
/// message: Fluent keeps numbers as `f64`, exact up to 2^53, so a longer one
/// would be repeated rounded (`/accept 9223372036854775807` answered "no
/// challenge #9223372036854775808").
pub const DIGITS_MAX: usize = 12;

/// The longest @handle: Telegram's usernames have 5–32 characters,
/// Discord's 2–32.
pub const HANDLE_MAX: usize = 32;

/// A whole number as people type it: an optional `-`, then 1 to
/// [`DIGITS_MAX`] ASCII digits. Anything else — a longer number too — is
/// `None`: never rounded, never saturated.
pub fn number(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || digits.len() > DIGITS_MAX || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    s.parse().ok()
}

/// Whether `s` is written as a number (`12`, `#12`), however long: a
/// reference that may not fit ([`game_ref`] is `None`) but is no word.
pub fn is_numeric(s: &str) -> bool {
    let digits = s.trim().trim_start_matches('#');
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A game reference like `#12` or `12` (at most [`DIGITS_MAX`] digits).
pub fn game_ref(s: &str) -> Option<i64> {
    number(s.trim().trim_start_matches('#')).filter(|n| *n > 0)
}

/// A game written the way the parser reads it before other words: `#12`.
pub fn game_tag(game: i64) -> String {
    format!("#{game}")
}

/// A user written the way a command names them: `@anna`.
pub fn handle_tag(handle: &str) -> String {
    format!("@{handle}")
}

/// What follows `/move` for a move: `#12 e3-d4` (the game first) when the
/// game must be named, else the move alone.
pub fn move_args(game: Option<i64>, text: &str) -> String {
    match game {
        Some(g) => format!("{} {}", game_tag(g), text.trim()),
        None => text.trim().to_string(),
    }
}

/// The text of a command from its parts (a slash command's options), as
/// [`parse_command`] reads it: `/name`, then the game as `#N` when one is
/// named (every command that takes a game reads it first: `/move #12
/// e3-d4`, `/draw #3 decline`), then the other arguments in order, empty
/// ones left out.
pub fn command_line(name: &str, game: Option<i64>, args: &[&str]) -> String {
    let mut text = format!("/{}", name.trim());
    let game = game.map(game_tag);
    for a in game.iter().map(String::as_str).chain(args.iter().copied()) {
        let a = a.trim();
        if !a.is_empty() {
            text.push(' ');
            text.push_str(a);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_links_open_a_game_a_replay_an_analysis_or_a_puzzle() {
        assert_eq!(
            parse_command("/start notify"),
            Some(Command::Notify(Some("on".into())))
        );
        assert_eq!(
            parse_command("/уведомления выкл"),
            Some(Command::Notify(Some("выкл".into())))
        );
        assert_eq!(
            parse_command("/start game-12"),
            Some(Command::Board(Some("#12".into())))
        );
        assert_eq!(
            parse_command("/start replay-3"),
            Some(Command::Replay(Some("#3".into())))
        );
        assert_eq!(
            parse_command("/start analyse-3"),
            Some(Command::Analyse(Some("#3".into())))
        );
        assert_eq!(
            parse_command("/start challenge-7-123456"),
            Some(Command::ChallengeLink {
                id: 7,
                token: 123456
            })
        );
        assert_eq!(
            parse_command("/start puzzle"),
            Some(Command::Puzzle(vec![]))
        );
        assert_eq!(
            parse_command("/start daily"),
            Some(Command::Puzzle(vec!["daily".into()]))
        );
        // anything else is the welcome (help), as before
        for junk in [
            "/start",
            "/start game-",
            "/start game-x",
            "/start game-0",
            "/start challenge-",
            "/start challenge-7",
            "/start challenge--1",
            "/start challenge-1-",
            "/start challenge-1-x",
            "/start challenge-#1-5",
            "/start challenge-1-1234567890123",
            "/start challenge-99999999999999999999-1",
            "/start hello",
        ] {
            assert_eq!(
                parse_command(junk).map(|c| matches!(c, Command::Help(_))),
                Some(true),
                "{junk}"
            );
        }
    }

    #[test]
    fn commands_and_aliases() {
        assert_eq!(parse_command("/help"), Some(Command::Help(None)));
        assert_eq!(parse_command("/помощь"), Some(Command::Help(None)));
        assert_eq!(
            parse_command("/help tournament"),
            Some(Command::Help(Some("tournament".into())))
        );
        let mv = |game, text: &str| Command::Move {
            game,
            text: Some(text.into()),
        };
        assert_eq!(
            parse_command("/move@shashki_bot e3-d4"),
            Some(mv(None, "e3-d4"))
        );
        assert_eq!(parse_command("/ход e3-d4"), Some(mv(None, "e3-d4")));
        assert_eq!(parse_command("/move #4 c3 d4"), Some(mv(Some(4), "c3 d4")));
        assert_eq!(
            parse_command("/move"),
            Some(Command::Move {
                game: None,
                text: None
            })
        );
        assert_eq!(
            parse_command("/draw #3 нет"),
            Some(Command::Draw {
                game: Some("#3".into()),
                decline: true
            })
        );
        assert_eq!(
            parse_command("/challenge ai 3 white"),
            Some(Command::Challenge(vec![
                "ai".into(),
                "3".into(),
                "white".into()
            ]))
        );
        assert_eq!(parse_command("/Вызов"), Some(Command::Challenge(vec![])));
        assert_eq!(
            parse_command("/frobnicate"),
            Some(Command::Unknown("frobnicate".into()))
        );
        assert_eq!(parse_command("hello"), None);
        assert_eq!(parse_command("/"), None);
    }

    #[test]
    fn bare_moves() {
        for m in ["e3-d4", "c3:e5:g7", "22-17", "e3d4", "15x22", "E3-D4!?"] {
            assert!(looks_like_move(m), "{m}");
        }
        for chat in ["hello", "good move", "ok", "", "a", "lol 5"] {
            assert!(!looks_like_move(chat), "{chat}");
        }
        assert_eq!(game_ref("#12"), Some(12));
        assert_eq!(game_ref("x"), None);
    }

    /// Issue 21: a number too long to be exact in a message does not
    /// parse; it is never rounded nor saturated.
    #[test]
    fn numbers_have_at_most_twelve_digits() {
        assert_eq!(number("999999999999"), Some(999_999_999_999));
        assert_eq!(number("-3"), Some(-3));
        assert_eq!(number("007"), Some(7));
        for no in [
            "9223372036854775807",
            "9223372036854775808",
            "1000000000000",
            "99999999999999999999",
            "+5",
            "-",
            "",
            " 5",
            "5d",
            "١٢",
        ] {
            assert_eq!(number(no), None, "{no}");
        }
        assert_eq!(game_ref("#999999999999"), Some(999_999_999_999));
        assert_eq!(game_ref("#9223372036854775807"), None);
        assert_eq!(game_ref("0"), None);
        assert!(is_numeric("#9223372036854775807"));
        assert!(!is_numeric("#12a") && !is_numeric("#") && !is_numeric("-1"));
        // `/draw N`: a number is a game, however long, never a word
        assert_eq!(
            parse_command("/draw 99999999999999999999"),
            Some(Command::Draw {
                game: Some("99999999999999999999".into()),
                decline: false
            })
        );
    }

    #[test]
    fn command_lines_read_back() {
        let mv = |game, text: &str| Command::Move {
            game,
            text: Some(text.into()),
        };
        let line = command_line("move", Some(12), &["e3-d4"]);
        assert_eq!(line, "/move #12 e3-d4");
        assert_eq!(parse_command(&line), Some(mv(Some(12), "e3-d4")));
        let line = format!("/move {}", move_args(Some(7), " c3-d4 "));
        assert_eq!(parse_command(&line), Some(mv(Some(7), "c3-d4")));
        let line = format!("/move {}", move_args(None, "c3-d4"));
        assert_eq!(parse_command(&line), Some(mv(None, "c3-d4")));
        assert_eq!(
            parse_command(&command_line("draw", Some(3), &["decline"])),
            Some(Command::Draw {
                game: Some("#3".into()),
                decline: true
            })
        );
        for name in ["board", "resign", "pdn"] {
            let line = command_line(name, Some(5), &[]);
            let arg = match parse_command(&line) {
                Some(Command::Board(a) | Command::Resign(a) | Command::Pdn(a)) => a,
                other => panic!("{line}: {other:?}"),
            };
            assert_eq!(arg.as_deref().and_then(game_ref), Some(5), "{line}");
        }
        let line = command_line("challenge", None, &[&handle_tag("bob"), "", " 3 "]);
        assert_eq!(line, "/challenge @bob 3");
        assert_eq!(
            parse_command(&line),
            Some(Command::Challenge(vec!["@bob".into(), "3".into()]))
        );
        assert_eq!(command_line("games", None, &[]), "/games");
    }
}
