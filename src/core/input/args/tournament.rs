//! `/tournament [#id]`, `/tournament new NAME [options]`, `join`, `leave`,
//! `remove @name`, `start`, `pdn`, `standings`, `cancel`, `missing`,
//! `adjudicate GAME [RESULT]`, `pause N` — each subcommand's arguments
//! typed, the organiser's subcommands the admins'.
//!
//! `new`: the name is the words before the first option (or a quoted
//! name, `"Swiss Open"`, which may hold any word); every word after it
//! must be an option. A word that looks like an option but is none
//! (`swiss` without its rounds, `rounds`) is refused, in the name too:
//! `/tournament new Winter swiss rounds 3` opens nothing (the format is
//! `swiss-3`). A variant's word (`international`, `10x10`, `bashni`)
//! plays the tournament in it; without one, the chat's variant.

use super::{tournament_number, Args, Rejected};
use crate::core::access::AccessRefusal;
use crate::core::games::challenge::ChallengeRefusal;
use crate::core::input::commands::{game_ref, number, HANDLE_MAX};
use crate::core::input::options::Options;
use crate::core::input::spec::{arg, Access, ArgKind, ArgSpec};
use crate::core::input::words::{
    self, adjudication_result, tournament_word, TournamentWord, Words,
};
use crate::core::input::InputRefusal;
use crate::core::time::end_of_date;
use crate::core::tournaments::TournamentRefusal;
use crate::core::tournaments::{DEFAULT_MAX_PLAYERS, MAX_PLAYERS_RANGE};
use crate::store::{GameId, GameResult, TournamentId};
use crate::tournament::ballot::Ballot;
use crate::tournament::Format;
use shashki_engine::Variant;

/// The longest tournament name kept.
const NAME_MAX: usize = 64;

/// A new tournament's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournamentArgs {
    pub name: String,
    pub format: Format,
    /// Two games a pairing from one balloted opening (the default).
    pub micro: bool,
    /// Days per move, 0 (none) to 14 (`None`: the chat's).
    pub days: Option<i64>,
    /// A bank: (moves, days).
    pub bank: Option<(i64, i64)>,
    /// Leave days a player (`None`: the bot's default).
    pub leave_days: Option<i64>,
    pub ballot: Ballot,
    pub max_players: i64,
    pub rated: bool,
    /// The end: the Unix time just after its last day (a date in the past
    /// is refused by the handler, which knows the time).
    pub until: Option<i64>,
    /// The variant its games are played in (`None`: the chat's).
    pub variant: Option<Variant>,
}

impl Default for NewTournamentArgs {
    fn default() -> Self {
        NewTournamentArgs {
            name: String::new(),
            format: Format::RoundRobin,
            micro: true,
            days: None,
            bank: None,
            leave_days: None,
            ballot: Ballot::Balanced,
            max_players: DEFAULT_MAX_PLAYERS,
            rated: true,
            until: None,
            variant: None,
        }
    }
}

/// What `/tournament` does; `Option<TournamentId>`: the tournament named (`#2`),
/// else the chat's only one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentArgs {
    /// The players, the games in progress, whose move.
    Status(Option<TournamentId>),
    New(NewTournamentArgs),
    Join(Option<TournamentId>),
    Leave(Option<TournamentId>),
    /// Take a player off (a handle, without `@`).
    Remove {
        player: String,
        tournament: Option<TournamentId>,
    },
    Start(Option<TournamentId>),
    Pdn(Option<TournamentId>),
    Standings(Option<TournamentId>),
    Cancel(Option<TournamentId>),
    Missing(Option<TournamentId>),
    /// Decide an unfinished game; no result: the engine's advice.
    Adjudicate {
        game: GameId,
        result: Option<GameResult>,
    },
    /// Leave days (`None`: the usage and the days left).
    Pause {
        days: Option<i64>,
        tournament: Option<TournamentId>,
    },
}

impl Default for TournamentArgs {
    fn default() -> Self {
        TournamentArgs::Status(None)
    }
}

const TEXT: ArgSpec = arg("text", "opt-tournament-text", ArgKind::Text);

fn usage() -> Rejected {
    TournamentRefusal::Usage.into()
}

fn bad_word(word: &str) -> Rejected {
    TournamentRefusal::BadWord {
        word: word.to_string(),
    }
    .into()
}

/// `MOVES/DAYS` of `bank MOVES/DAYS`: 1–100 moves in 1–365 days.
fn parse_bank(word: &str) -> Option<(i64, i64)> {
    let (m, d) = word.split_once('/')?;
    let (m, d) = (number(m.trim())?, number(d.trim())?);
    ((1..=100).contains(&m) && (1..=365).contains(&d)).then_some((m, d))
}

/// Whether `word` starts an option of `new` (a keyword, a format, a ballot).
fn is_option(word: &str) -> bool {
    use TournamentWord as T;
    matches!(
        tournament_word(word),
        Some(
            T::Micro
                | T::Single
                | T::Days
                | T::Ballot
                | T::Max
                | T::Rated
                | T::Casual
                | T::Bank
                | T::Until
                | T::Leave
                | T::Pause
        )
    ) || word.parse::<Format>().is_ok()
        || word.parse::<Ballot>().is_ok()
        || words::variant_word(word).is_some()
        || words::not_yet_variant(word).is_some()
}

/// Whether `word` looks like an option without being one: a Swiss format
/// without its rounds (`swiss`, `swiss-x`), a count of rounds.
fn looks_like_option(word: &str) -> bool {
    let w = word.to_lowercase();
    let swiss = [
        "swiss",
        "швейцарка",
        "швейцарская",
        "schweizer",
        "suisse",
        "šveices",
    ];
    swiss.iter().any(|s| {
        w.strip_prefix(s).is_some_and(|r| {
            r.is_empty()
                || r.starts_with(['-', '_', '='])
                || r.starts_with(|c: char| c.is_ascii_digit())
        })
    }) || [
        "rounds",
        "раундов",
        "раунда",
        "туров",
        "тура",
        "runden",
        "rondes",
        "kārtas",
    ]
    .contains(&w.as_str())
}

/// The quote that closes a name opened by `open`.
fn closing(open: char) -> Option<char> {
    Some(match open {
        '"' => '"',
        '«' => '»',
        '“' => '”',
        '„' => '“',
        _ => return None,
    })
}

/// The name of `new`: a quoted one, or the words before the first option.
fn name(w: &mut Words) -> Result<String, Rejected> {
    let mut words: Vec<&str> = Vec::new();
    let quote = w.peek().and_then(|f| f.chars().next()).and_then(closing);
    if let Some(close) = quote {
        for word in w.by_ref() {
            words.push(word);
            let done = words.concat().chars().count() > 1 && word.ends_with(close);
            if done {
                let joined = words.join(" ");
                let inner: String = {
                    let mut cs = joined.chars();
                    cs.next();
                    cs.next_back();
                    cs.collect()
                };
                return Ok(inner.trim().to_string());
            }
        }
        return Err(usage()); // no closing quote
    }
    while let Some(word) = w.peek() {
        if is_option(word) {
            break;
        }
        if looks_like_option(word) {
            return Err(bad_word(word));
        }
        words.push(word);
        w.next();
    }
    Ok(words.join(" "))
}

/// The number after an option's keyword.
fn value<'a>(w: &mut Words<'a>) -> Result<&'a str, Rejected> {
    w.next().ok_or_else(usage)
}

impl NewTournamentArgs {
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let mut t = NewTournamentArgs {
            // nothing invisible or text-turning in a name the chat reads
            name: crate::core::types::clean_name(&name(w)?)
                .chars()
                .take(NAME_MAX)
                .collect(),
            ..NewTournamentArgs::default()
        };
        if t.name.trim().is_empty() {
            return Err(usage());
        }
        while let Some(a) = w.next() {
            match tournament_word(a) {
                Some(TournamentWord::Micro) => t.micro = true,
                Some(TournamentWord::Single) => t.micro = false,
                Some(TournamentWord::Days) => {
                    let n = value(w)?;
                    let days = number(n).ok_or_else(|| bad_word(n))?;
                    if !(0..=14).contains(&days) {
                        return Err(ChallengeRefusal::BadDays { days }.into());
                    }
                    t.days = Some(days);
                }
                Some(TournamentWord::Ballot) => {
                    let b = value(w)?;
                    t.ballot = b.parse().map_err(|_| bad_word(b))?;
                }
                Some(TournamentWord::Max) => {
                    let n = value(w)?;
                    t.max_players = number(n)
                        .filter(|n| MAX_PLAYERS_RANGE.contains(n))
                        .ok_or_else(|| TournamentRefusal::BadMax { max: n.to_string() })?;
                }
                Some(TournamentWord::Rated) => t.rated = true,
                Some(TournamentWord::Casual) => t.rated = false,
                Some(TournamentWord::Bank) => {
                    let b = value(w)?;
                    t.bank = Some(parse_bank(b).ok_or_else(|| TournamentRefusal::BadBank {
                        word: b.to_string(),
                    })?);
                }
                Some(TournamentWord::Until) => {
                    let d = value(w)?;
                    t.until = Some(end_of_date(d).ok_or_else(|| TournamentRefusal::BadEnd {
                        word: d.to_string(),
                    })?);
                }
                Some(TournamentWord::Leave | TournamentWord::Pause) => {
                    let n = value(w)?;
                    t.leave_days = Some(
                        number(n)
                            .filter(|n| (0..=365).contains(n))
                            .ok_or_else(|| bad_word(n))?,
                    );
                }
                _ => match (a.parse::<Format>(), a.parse::<Ballot>()) {
                    (Ok(f), _) => t.format = f,
                    (_, Ok(b)) => t.ballot = b,
                    // a variant once (any the chat plays, Vigman's too)
                    _ => match words::variant_or_refusal(a)? {
                        Some(v) if t.variant.is_none() => t.variant = Some(v),
                        _ => return Err(bad_word(a)),
                    },
                },
            }
        }
        Ok(t)
    }
}

/// The tournament named last (`#2`), if any; nothing may follow.
fn which(w: &mut Words) -> Result<Option<TournamentId>, Rejected> {
    let t = w.next().map(tournament_number).transpose()?;
    if !w.is_empty() {
        return Err(usage());
    }
    Ok(t)
}

impl TournamentArgs {
    fn sub(w: &mut Words) -> Result<Self, Rejected> {
        use TournamentArgs as A;
        let Some(first) = w.next() else {
            return Ok(A::Status(None));
        };
        let admins = |r: Rejected| r.for_(Access::Admins);
        Ok(match tournament_word(first) {
            Some(TournamentWord::New) => A::New(NewTournamentArgs::parse(w).map_err(admins)?),
            Some(TournamentWord::Join) => A::Join(which(w)?),
            Some(TournamentWord::Leave) => A::Leave(which(w)?),
            Some(TournamentWord::Remove) => {
                let who = w.next().ok_or_else(|| admins(usage()))?;
                let player = who.trim_start_matches('@');
                if player.is_empty() {
                    return Err(admins(usage()));
                }
                if player.chars().count() > HANDLE_MAX {
                    let handle = player.to_string();
                    return Err(admins(InputRefusal::HandleTooLong { handle }.into()));
                }
                A::Remove {
                    player: player.to_string(),
                    tournament: which(w).map_err(admins)?,
                }
            }
            Some(TournamentWord::Start) => A::Start(which(w).map_err(admins)?),
            Some(TournamentWord::Pdn) => A::Pdn(which(w)?),
            Some(TournamentWord::Standings) => A::Standings(which(w)?),
            Some(TournamentWord::Cancel) => A::Cancel(which(w).map_err(admins)?),
            Some(TournamentWord::Missing) => A::Missing(which(w)?),
            Some(TournamentWord::Adjudicate) => {
                let adjudicate =
                    || Rejected::from(TournamentRefusal::AdjudicateUsage).for_(Access::Admins);
                let g = w.next().ok_or_else(adjudicate)?;
                let game = game_ref(g).ok_or_else(|| {
                    admins(
                        AccessRefusal::GameUnknown {
                            game: g.to_string(),
                        }
                        .into(),
                    )
                })?;
                let result = match w.next() {
                    Some(r) => Some(adjudication_result(r).ok_or_else(|| {
                        admins(
                            TournamentRefusal::AdjudicateBadResult {
                                word: r.to_string(),
                            }
                            .into(),
                        )
                    })?),
                    None => None,
                };
                if !w.is_empty() {
                    return Err(adjudicate());
                }
                A::Adjudicate {
                    game: GameId(game),
                    result,
                }
            }
            Some(TournamentWord::Pause) => {
                let days = match w.peek() {
                    Some(d) if !d.starts_with('#') => {
                        w.next();
                        Some(number(d).filter(|d| *d > 0).ok_or_else(usage)?)
                    }
                    _ => None,
                };
                A::Pause {
                    days,
                    tournament: which(w)?,
                }
            }
            Some(_) => return Err(usage()),
            None if game_ref(first).is_some() => {
                if !w.is_empty() {
                    return Err(usage());
                }
                A::Status(game_ref(first).map(TournamentId))
            }
            None => return Err(usage()),
        })
    }
}

impl Args for TournamentArgs {
    const SPEC: &'static [ArgSpec] = &[TEXT];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        Self::sub(w)
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        Self::sub(&mut o.words(&TEXT, "tournament", Self::SPEC))
    }
    fn access(&self) -> Access {
        use TournamentArgs as A;
        match self {
            A::New(_) | A::Remove { .. } | A::Start(_) | A::Cancel(_) | A::Adjudicate { .. } => {
                Access::Admins
            }
            _ => Access::Anyone,
        }
    }
}
