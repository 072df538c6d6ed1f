//! Reading what people type: commands with English names and Russian
//! aliases, and bare move texts.

/// A command and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
    Challenge(Vec<String>),
    Accept(Option<String>),
    Decline(Option<String>),
    Move(Vec<String>),
    Board(Option<String>),
    Games,
    Resign(Option<String>),
    Draw(Vec<String>),
    Pdn(Option<String>),
    Settings(Vec<String>),
    Top,
    Vacation(Option<String>),
    /// `/puzzle [move | solution | next | daily | #n]` (see `core::puzzles`).
    Puzzle(Vec<String>),
    /// `/daily on [HH:MM] [+03:00]`, `/daily off`, `/daily`.
    Daily(Vec<String>),
    Hint,
    /// `/top puzzles`: the chat's puzzle leaderboard.
    PuzzleTop,
    /// A command we do not know (its name).
    Unknown(String),
}

const NAMES: &[(&str, &str)] = &[
    ("help", "help"),
    ("start", "help"),
    ("помощь", "help"),
    ("старт", "help"),
    ("challenge", "challenge"),
    ("вызов", "challenge"),
    ("play", "challenge"),
    ("играть", "challenge"),
    ("accept", "accept"),
    ("принять", "accept"),
    ("decline", "decline"),
    ("отклонить", "decline"),
    ("move", "move"),
    ("m", "move"),
    ("ход", "move"),
    ("board", "board"),
    ("доска", "board"),
    ("games", "games"),
    ("партии", "games"),
    ("resign", "resign"),
    ("сдаться", "resign"),
    ("draw", "draw"),
    ("ничья", "draw"),
    ("pdn", "pdn"),
    ("settings", "settings"),
    ("настройки", "settings"),
    ("top", "top"),
    ("рейтинг", "top"),
    ("vacation", "vacation"),
    ("отпуск", "vacation"),
    ("puzzle", "puzzle"),
    ("задача", "puzzle"),
    ("daily", "daily"),
    ("ежедневно", "daily"),
    ("hint", "hint"),
    ("подсказка", "hint"),
    ("puzzletop", "puzzletop"),
    ("задачитоп", "puzzletop"),
];

/// The canonical (English) name of a command word, if known.
pub fn canonical(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    NAMES.iter().find(|(n, _)| *n == w).map(|(_, c)| *c)
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
    Some(match canonical(name) {
        Some("help") => Command::Help,
        Some("challenge") => Command::Challenge(args),
        Some("accept") => Command::Accept(first),
        Some("decline") => Command::Decline(first),
        Some("move") => Command::Move(args),
        Some("board") => Command::Board(first),
        Some("games") => Command::Games,
        Some("resign") => Command::Resign(first),
        Some("draw") => Command::Draw(args),
        Some("pdn") => Command::Pdn(first),
        Some("settings") => Command::Settings(args),
        Some("top")
            if first.as_deref().is_some_and(|w| {
                ["puzzles", "puzzle", "задачи"].contains(&w.to_lowercase().as_str())
            }) =>
        {
            Command::PuzzleTop
        }
        Some("top") => Command::Top,
        Some("puzzle") => Command::Puzzle(args),
        Some("daily") => Command::Daily(args),
        Some("hint") => Command::Hint,
        Some("puzzletop") => Command::PuzzleTop,
        Some("vacation") => Command::Vacation(first),
        _ => Command::Unknown(name.to_string()),
    })
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

/// A game reference like `#12` or `12`.
pub fn game_ref(s: &str) -> Option<i64> {
    s.trim()
        .trim_start_matches('#')
        .parse()
        .ok()
        .filter(|n| *n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_aliases() {
        assert_eq!(parse_command("/help"), Some(Command::Help));
        assert_eq!(parse_command("/помощь"), Some(Command::Help));
        assert_eq!(
            parse_command("/move@shashki_bot e3-d4"),
            Some(Command::Move(vec!["e3-d4".into()]))
        );
        assert_eq!(
            parse_command("/ход e3-d4"),
            Some(Command::Move(vec!["e3-d4".into()]))
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
}
