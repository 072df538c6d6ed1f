//! `/challenge [@name | ai | open] [level] [days | Nd | unlimited] [colour]
//! [variant] [rated | casual] [from FEN]`: the options in any order after
//! the opponent; a number is the AI's level, then the days per move (a
//! person's challenge: the days). A word that is none of these, a second
//! number too many, or an option given twice is refused — nothing is
//! guessed.

use super::{Args, Rejected, VARIANTS};
use crate::core::games::challenge::ChallengeRefusal;
use crate::core::input::commands::{number, HANDLE_MAX};
use crate::core::input::options::Options;
use crate::core::input::spec::{arg, ArgKind, ArgSpec};
use crate::core::input::words::{self, challenge_option, challenge_target, ChallengeWord, Words};
use crate::core::input::InputRefusal;
use crate::store::ColorWish;
use shashki_engine::Variant;

/// Whom a challenge is for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Opponent {
    /// Anyone here.
    #[default]
    Open,
    Ai,
    /// A `@handle` (lowercase, without the `@`).
    Handle(String),
}

/// The time for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeLimit {
    /// 1–14 days a move.
    Days(i64),
    Unlimited,
}

/// A challenge's terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeArgs {
    pub opponent: Opponent,
    /// The AI's level, 1–8 (`None`: 3).
    pub level: Option<u8>,
    /// `None`: the chat's days per move (against the AI: unlimited).
    pub days: Option<TimeLimit>,
    pub colour: ColorWish,
    /// `None`: the chat's variant.
    pub variant: Option<Variant>,
    /// A casual game: no ratings, takebacks by agreement.
    pub casual: bool,
    /// The start position's FEN (`from FEN`), as typed.
    pub from: Option<String>,
}

impl Default for ChallengeArgs {
    fn default() -> Self {
        ChallengeArgs {
            opponent: Opponent::Open,
            level: None,
            days: None,
            colour: ColorWish::Random,
            variant: None,
            casual: false,
            from: None,
        }
    }
}

const OPPONENT: ArgSpec = arg("opponent", "opt-challenge-opponent", ArgKind::User);
const TARGET: ArgSpec = arg("target", "opt-challenge-target", ArgKind::Text);
const VARIANT: ArgSpec = arg(
    "variant",
    "opt-challenge-variant",
    ArgKind::Choice(&[VARIANTS]),
);
const LEVEL: ArgSpec = arg(
    "level",
    "opt-challenge-level",
    ArgKind::Int { min: 1, max: 8 },
);
const DAYS: ArgSpec = arg(
    "days",
    "opt-challenge-days",
    ArgKind::Int { min: 1, max: 14 },
);
const COLOUR: ArgSpec = arg(
    "colour",
    "opt-challenge-colour",
    ArgKind::Choice(&[&[
        ("white", "opt-colour-white"),
        ("black", "opt-colour-black"),
        ("random", "opt-colour-random"),
    ]]),
);
const RATING: ArgSpec = arg(
    "rating",
    "opt-challenge-rating",
    ArgKind::Choice(&[&[
        ("rated", "opt-rating-rated"),
        ("casual", "opt-rating-casual"),
    ]]),
);

fn bad_word(word: &str) -> Rejected {
    ChallengeRefusal::BadWord {
        word: word.to_string(),
    }
    .into()
}

/// `from` (`fen`, `из`, `с`, `ab`, `depuis`): the words after it are the
/// start position's FEN.
fn is_from(word: &str) -> bool {
    matches!(
        word.to_lowercase().as_str(),
        "from" | "fen" | "из" | "с" | "ab" | "depuis"
    )
}

/// A level of the AI, 1–8.
fn level(n: i64) -> Result<u8, Rejected> {
    u8::try_from(n)
        .ok()
        .filter(|l| (1..=8).contains(l))
        .ok_or_else(|| ChallengeRefusal::BadLevel { level: n }.into())
}

/// Days a move, 0 (unlimited) to 14.
fn days(n: i64) -> Result<TimeLimit, Rejected> {
    match n {
        0 => Ok(TimeLimit::Unlimited),
        1..=14 => Ok(TimeLimit::Days(n)),
        _ => Err(ChallengeRefusal::BadDays { days: n }.into()),
    }
}

/// The opponent a word names (`ai`, `open`, `@bob`), if it names one.
fn opponent(word: &str) -> Option<Opponent> {
    match challenge_target(word) {
        Some(ChallengeWord::Ai) => Some(Opponent::Ai),
        Some(_) => Some(Opponent::Open),
        None => word
            .strip_prefix('@')
            .filter(|h| !h.is_empty())
            .map(|h| Opponent::Handle(h.to_lowercase())),
    }
}

/// A @handle longer than any platform's is no one's: refused (not stored
/// with a challenge, not repeated whole).
fn bounded(o: Opponent) -> Result<Opponent, Rejected> {
    match o {
        Opponent::Handle(h) if h.chars().count() > HANDLE_MAX => {
            Err(InputRefusal::HandleTooLong { handle: h }.into())
        }
        o => Ok(o),
    }
}

/// Set an option once: a second time is refused with its word.
fn once<T>(slot: &mut Option<T>, value: T, word: &str) -> Result<(), Rejected> {
    if slot.is_some() {
        return Err(bad_word(word));
    }
    *slot = Some(value);
    Ok(())
}

impl Args for ChallengeArgs {
    const SPEC: &'static [ArgSpec] = &[OPPONENT, TARGET, VARIANT, LEVEL, DAYS, COLOUR, RATING];

    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let mut a = ChallengeArgs::default();
        if let Some(o) = w.peek().and_then(opponent) {
            a.opponent = bounded(o)?;
            w.next();
        }
        let ai = a.opponent == Opponent::Ai;
        let (mut variant, mut colour, mut rating, mut time) = (None, None, None, None);
        let mut level_set = false;
        while let Some(word) = w.next() {
            if is_from(word) {
                let fen: String = w.rest().concat();
                w.rest_text();
                if fen.is_empty() {
                    return Err(bad_word(word));
                }
                a.from = Some(fen);
                break;
            }
            if let Some(v) = words::variant_or_refusal(word)? {
                once(&mut variant, v, word)?;
                continue;
            }
            match challenge_option(word) {
                Some(ChallengeWord::White) => once(&mut colour, ColorWish::White, word)?,
                Some(ChallengeWord::Black) => once(&mut colour, ColorWish::Black, word)?,
                Some(ChallengeWord::Random) => once(&mut colour, ColorWish::Random, word)?,
                Some(ChallengeWord::Unlimited) => once(&mut time, TimeLimit::Unlimited, word)?,
                Some(ChallengeWord::Casual) => once(&mut rating, true, word)?,
                Some(ChallengeWord::Rated) => once(&mut rating, false, word)?,
                Some(ChallengeWord::Ai | ChallengeWord::Open) | None => {
                    let lower = word.to_lowercase();
                    // `3d` / `3д`: days, whoever the opponent
                    let (digits, marked) = match lower.strip_suffix(['d', 'д']) {
                        Some(d) => (d, true),
                        None => (lower.as_str(), false),
                    };
                    let n = number(digits).ok_or_else(|| bad_word(word))?;
                    if ai && !marked && !level_set && time.is_none() {
                        a.level = Some(level(n)?);
                        level_set = true;
                    } else {
                        once(&mut time, days(n)?, word)?;
                    }
                }
            }
        }
        a.variant = variant;
        a.colour = colour.unwrap_or(ColorWish::Random);
        a.casual = rating.unwrap_or(false);
        a.days = time;
        Ok(a)
    }

    fn from_options(o: &Options) -> Result<Self, Rejected> {
        let mut a = ChallengeArgs::default();
        let picked = o.user(&OPPONENT)?;
        match (picked, o.text(&TARGET)) {
            (Some(_), Some(t)) => return Err(bad_word(t)),
            (Some(h), None) => a.opponent = bounded(Opponent::Handle(h.to_lowercase()))?,
            (None, Some(t)) => a.opponent = bounded(opponent(t).ok_or_else(|| bad_word(t))?)?,
            (None, None) => {}
        }
        if let Some(v) = o.text(&VARIANT) {
            a.variant = Some(words::variant_or_refusal(v)?.ok_or_else(|| bad_word(v))?);
        }
        if let Some(n) = o.int(&LEVEL)? {
            if a.opponent != Opponent::Ai {
                return Err(bad_word(&format!("{}:{n}", LEVEL.name)));
            }
            a.level = Some(level(n)?);
        }
        if let Some(n) = o.int(&DAYS)? {
            a.days = Some(days(n)?);
        }
        if let Some(c) = o.text(&COLOUR) {
            a.colour = match challenge_option(c) {
                Some(ChallengeWord::White) => ColorWish::White,
                Some(ChallengeWord::Black) => ColorWish::Black,
                Some(ChallengeWord::Random) => ColorWish::Random,
                _ => return Err(bad_word(c)),
            };
        }
        if let Some(r) = o.text(&RATING) {
            a.casual = match challenge_option(r) {
                Some(ChallengeWord::Casual) => true,
                Some(ChallengeWord::Rated) => false,
                _ => return Err(bad_word(r)),
            };
        }
        Ok(a)
    }
}
