//! `/puzzle [variant] [move | solution | next | daily | #n]` and `/daily
//! on [HH:MM] [zone] [variant] | off | variant`.

use super::{Args, Rejected, ON_OFF, VARIANTS};
use crate::core::input::commands::game_ref;
use crate::core::input::options::Options;
use crate::core::input::spec::{arg, Access, ArgKind, ArgSpec};
use crate::core::input::words::{self, Words};
use crate::core::input::InputRefusal;
use crate::core::time::Zone;
use crate::store::PuzzleId;
use shashki_engine::Variant;

/// What `/puzzle` does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum PuzzleArgs {
    /// The open puzzle again, or a new one.
    #[default]
    Current,
    /// Give up: the solution.
    Solution,
    /// Give up and take a new one.
    Next,
    /// Today's daily puzzle.
    Daily,
    /// A puzzle of the variant's pack: the open one when it is of that
    /// variant, else a new one (`/puzzle international`).
    Variant(Variant),
    /// Today's daily puzzle of the variant's pack (`/puzzle daily
    /// international`, `/daily international`).
    DailyOf(Variant),
    /// The pack's puzzle number n.
    Number(PuzzleId),
    /// An answer to the open puzzle: a move as typed.
    Answer(String),
}

const PUZZLE_TEXT: ArgSpec = arg("text", "opt-puzzle-text", ArgKind::Text);
const PUZZLE_VARIANT: ArgSpec = arg(
    "variant",
    "opt-puzzle-variant",
    ArgKind::Choice(&[VARIANTS]),
);

impl PuzzleArgs {
    /// The form of `self` in `variant`: a new or the daily puzzle of its
    /// pack; `None` where a variant has no place (an answer, `#n`, …).
    fn of(self, variant: Variant) -> Option<Self> {
        match self {
            PuzzleArgs::Current | PuzzleArgs::Variant(_) => Some(PuzzleArgs::Variant(variant)),
            PuzzleArgs::Daily | PuzzleArgs::DailyOf(_) => Some(PuzzleArgs::DailyOf(variant)),
            _ => None,
        }
    }
}

impl Args for PuzzleArgs {
    const SPEC: &'static [ArgSpec] = &[PUZZLE_TEXT, PUZZLE_VARIANT];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let Some(first) = w.peek() else {
            return Ok(PuzzleArgs::Current);
        };
        // `/puzzle international [daily]`, `/puzzle daily international`
        if let Some(v) = words::variant_or_refusal(first)? {
            w.next();
            let then = match w.peek() {
                Some(word) if words::is_daily(word) => {
                    w.next();
                    PuzzleArgs::DailyOf(v)
                }
                _ => PuzzleArgs::Variant(v),
            };
            w.end()?;
            return Ok(then);
        }
        let word = if let Some(n) = first.strip_prefix('#') {
            w.next();
            let n = game_ref(n).ok_or_else(|| w.bad(first))?;
            PuzzleArgs::Number(PuzzleId(n))
        } else if words::is_give_up(first) {
            w.next();
            PuzzleArgs::Solution
        } else if words::is_next(first) {
            w.next();
            PuzzleArgs::Next
        } else if words::is_daily(first) {
            w.next();
            match w
                .peek()
                .map(words::variant_or_refusal)
                .transpose()?
                .flatten()
            {
                Some(v) => {
                    w.next();
                    PuzzleArgs::DailyOf(v)
                }
                None => PuzzleArgs::Daily,
            }
        } else {
            return Ok(PuzzleArgs::Answer(w.rest_text().unwrap_or_default()));
        };
        w.end()?;
        Ok(word)
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        let a = Self::parse(&mut o.words(&PUZZLE_TEXT, "puzzle", Self::SPEC))?;
        let Some(word) = o.text(&PUZZLE_VARIANT) else {
            return Ok(a);
        };
        let v = words::variant_or_refusal(word)?.ok_or_else(|| o.bad(word))?;
        a.of(v).ok_or_else(|| o.bad(word))
    }
}

/// What `/daily` does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum DailyArgs {
    /// Whether (and when) the chat gets the daily puzzle.
    #[default]
    Status,
    /// Post it every day at `minute` past local midnight in `zone`, the
    /// puzzle of `variant`'s pack (`None`: each as before, or 09:00 UTC,
    /// Russian draughts).
    On {
        minute: Option<i64>,
        zone: Option<Zone>,
        variant: Option<Variant>,
    },
    Off,
    /// Today's daily puzzle of the variant's pack, for the one who asks
    /// (`/daily international`): `/puzzle daily international`.
    Puzzle(Variant),
}

const DAILY_STATE: ArgSpec = arg("state", "opt-daily-state", ON_OFF);
const DAILY_TIME: ArgSpec = arg("time", "opt-daily-time", ArgKind::Text);
const DAILY_OFFSET: ArgSpec = arg("offset", "opt-daily-offset", ArgKind::Text);
const DAILY_VARIANT: ArgSpec = arg("variant", "opt-daily-variant", ArgKind::Choice(&[VARIANTS]));

/// `HH:MM`: minutes past midnight.
pub fn parse_time(s: &str) -> Option<i64> {
    let (h, m) = s.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m)).then_some(h * 60 + m)
}

/// Whether a word of `/daily on` is a time (`09:00`) rather than a zone
/// (`+03:00`, `UTC+3`, `Europe/Riga`).
fn is_time(word: &str) -> bool {
    word.contains(':') && !word.starts_with(['+', '-']) && !word.to_lowercase().starts_with("utc")
}

impl DailyArgs {
    /// `on`'s time, zone and variant, from their words in any order; a
    /// second variant is refused with the command's syntax (`bad`).
    fn on<'a>(
        words: impl IntoIterator<Item = &'a str>,
        bad: impl Fn(&str) -> Rejected,
    ) -> Result<Self, Rejected> {
        let (mut minute, mut zone, mut variant) = (None, None, None);
        for word in words {
            if is_time(word) && minute.is_none() {
                let bad = || InputRefusal::DailyBadTime {
                    value: word.to_string(),
                };
                minute = Some(parse_time(word).ok_or_else(bad)?);
            } else if let Some(v) = words::variant_or_refusal(word)? {
                if variant.is_some() {
                    return Err(bad(word));
                }
                variant = Some(v);
            } else if zone.is_none() {
                let bad = || InputRefusal::DailyBadOffset {
                    value: word.to_string(),
                };
                zone = Some(Zone::parse(word).ok_or_else(bad)?);
            } else {
                return Err(InputRefusal::DailyBadOffset {
                    value: word.to_string(),
                }
                .into());
            }
        }
        Ok(DailyArgs::On {
            minute,
            zone,
            variant,
        })
    }
}

impl Args for DailyArgs {
    const SPEC: &'static [ArgSpec] = &[DAILY_STATE, DAILY_TIME, DAILY_OFFSET, DAILY_VARIANT];
    fn parse(w: &mut Words) -> Result<Self, Rejected> {
        let Some(first) = w.next() else {
            return Ok(DailyArgs::Status);
        };
        if let Some(v) = words::variant_or_refusal(first)? {
            w.end()?;
            return Ok(DailyArgs::Puzzle(v));
        }
        match words::on_off(first) {
            Some(true) => {
                let rest: Vec<&str> = w.rest().to_vec();
                w.rest_text();
                DailyArgs::on(rest, |word| w.bad(word)).map_err(|r| r.for_(Access::Admins))
            }
            Some(false) => w
                .end()
                .map(|()| DailyArgs::Off)
                .map_err(|r| r.for_(Access::Admins)),
            None => Err(w.bad(first)),
        }
    }
    fn from_options(o: &Options) -> Result<Self, Rejected> {
        // the variant option's word, checked: a variant of the family
        let variant = match o.text(&DAILY_VARIANT) {
            Some(word) => Some((
                word,
                words::variant_or_refusal(word)?.ok_or_else(|| o.bad(word))?,
            )),
            None => None,
        };
        let Some(state) = o.text(&DAILY_STATE) else {
            // `/daily variant:international`: today's puzzle of its pack
            return match (o.text(&DAILY_TIME), o.text(&DAILY_OFFSET)) {
                (None, None) => {
                    Ok(variant.map_or(DailyArgs::Status, |(_, v)| DailyArgs::Puzzle(v)))
                }
                (Some(w), _) | (_, Some(w)) => Err(o.bad(w)),
            };
        };
        match words::on_off(state) {
            Some(true) => {
                // read as the text's words are (a variant typed in the
                // time's option as well as the variant's is refused)
                let given = [
                    o.text(&DAILY_TIME),
                    o.text(&DAILY_OFFSET),
                    variant.map(|(word, _)| word),
                ];
                DailyArgs::on(given.into_iter().flatten(), |word| o.bad(word))
                    .map_err(|r| r.for_(Access::Admins))
            }
            Some(false) => match variant {
                Some((word, _)) => Err(o.bad(word).for_(Access::Admins)),
                None => Ok(DailyArgs::Off),
            },
            None => Err(o.bad(state)),
        }
    }
    fn access(&self) -> Access {
        match self {
            DailyArgs::Status | DailyArgs::Puzzle(_) => Access::Anyone,
            DailyArgs::On { .. } | DailyArgs::Off => Access::Admins,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(parse_time("09:00"), Some(540));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_time("9:5é"), None);
    }
}
