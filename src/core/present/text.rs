//! Texts: names and mentions of the seats, durations, colours, results,
//! move errors and refusals, each from the catalogue.

use crate::args;
use crate::core::ctx::{Actor, Ctx};
use crate::core::error::{Arg, Refusal, Res};
use crate::core::i18n::Catalog;
use crate::core::i18n::{num, Args, Lang};
use crate::core::types::Mention;
use crate::store::{self, GameResult, GameRow, Seat, Termination, Tx};
use shashki_engine::notation::IllegalReason;
use shashki_engine::{MoveError, Variant};

/// The catalogue's key of a colour (`white`, `black`): its stored word.
pub(crate) use crate::store::color_word as color_key;

/// The most characters of a word people typed that a message repeats
/// (a @handle has at most 32).
pub(crate) const ECHO_MAX: usize = 32;

/// The most characters of a text made from what people typed (a move or
/// FEN error naming their token) that a message repeats.
pub(crate) const ECHO_TEXT_MAX: usize = 200;

/// `s` cut to `max` characters, `…` marking the cut.
fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max).collect();
    t.push('…');
    t
}

/// A word people typed, as a message repeats it: at most [`ECHO_MAX`]
/// characters (a 100 KB `@handle` is not sent back whole).
pub(crate) fn echo(word: &str) -> String {
    cut(word, ECHO_MAX)
}

/// A text holding what people typed (an error naming their token), as a
/// message repeats it: at most [`ECHO_TEXT_MAX`] characters.
pub(crate) fn echo_text(text: &str) -> String {
    cut(text, ECHO_TEXT_MAX)
}

/// The name of whoever holds a seat.
pub(crate) fn seat_name(cat: &Catalog, c: &Tx, seat: Seat, lang: Lang) -> Res<String> {
    Ok(match seat {
        Seat::Human(id) => store::user(c, id)?
            .map(|u| u.name)
            .unwrap_or_else(|| "?".into()),
        Seat::Ai(level) => {
            let a = args![("level", num(i64::from(level)))];
            cat.get(lang, "ai-name", Some(&a))
        }
    })
}

/// The person to notify for a seat (none for the AI).
pub(crate) fn mention(c: &Tx, seat: Seat) -> Res<Option<Mention>> {
    Ok(match seat {
        Seat::Human(id) => store::user(c, id)?.map(|u| Mention {
            platform_user_id: u.platform_user_id,
            name: u.name,
            handle: u.handle,
        }),
        Seat::Ai(_) => None,
    })
}

/// `@handle` or the name, for texts that call on someone.
pub(crate) fn call_name(cat: &Catalog, c: &Tx, seat: Seat, lang: Lang) -> Res<String> {
    Ok(match mention(c, seat)? {
        Some(Mention {
            handle: Some(h), ..
        }) => format!("@{h}"),
        Some(m) => m.name,
        None => seat_name(cat, c, seat, lang)?,
    })
}

/// "2 days 3 hours", "5 minutes", …
pub(crate) fn duration_text(cat: &Catalog, lang: Lang, secs: i64) -> String {
    use crate::core::time::DAY;
    let secs = secs.max(0);
    let days = secs / DAY;
    let hours = (secs % DAY) / 3600;
    let minutes = (secs % 3600) / 60;
    if days > 0 {
        let a = args![("days", num(days)), ("hours", num(hours))];
        if hours > 0 {
            cat.get(lang, "duration-days-hours", Some(&a))
        } else {
            cat.get(lang, "duration-days", Some(&a))
        }
    } else if hours > 0 {
        let a = args![("hours", num(hours)), ("minutes", num(minutes))];
        cat.get(lang, "duration-hours-minutes", Some(&a))
    } else {
        let a = args![("minutes", num(minutes.max(1)))];
        cat.get(lang, "duration-minutes", Some(&a))
    }
}

/// The time per move of a game or challenge, or "no time limit".
pub(crate) fn per_move_text(cat: &Catalog, lang: Lang, seconds_per_move: Option<i64>) -> String {
    match seconds_per_move {
        Some(s) => duration_text(cat, lang, s),
        None => cat.get(lang, "no-deadline", None),
    }
}

/// The name of a rule set (`variant-russian`, …).
pub(crate) fn variant_name(cat: &Catalog, lang: Lang, variant: Variant) -> String {
    cat.get(lang, &format!("variant-{}", variant.key()), None)
}

/// A result as its variant scores it: `2-0`, `0-2`, `1-1`; Vigman's
/// double game the sum of its two games, `4-0`, `0-4`, `2-2` (stored as
/// the win or draw it is, rated so).
pub(crate) fn result_score(variant: Variant, result: GameResult) -> String {
    if variant != Variant::Vigman {
        return result.as_str().to_string();
    }
    match result.winner() {
        Some(shashki_engine::Color::White) => "4-0",
        Some(shashki_engine::Color::Black) => "0-4",
        None => "2-2",
    }
    .to_string()
}

/// "White wins: resignation. Result 2-0." and the like.
pub(crate) fn result_text(
    cat: &Catalog,
    c: &Tx,
    lang: Lang,
    row: &GameRow,
    result: GameResult,
    how: Termination,
) -> Res<String> {
    // the draw rules' numbers depend on the variant
    let variant = row.variant;
    let a = args![
        ("variant", variant.key()),
        (
            "moves",
            i64::from(crate::core::games::variants::kings_only_draw_plies(variant) / 2)
        ),
    ];
    let reason = cat.get(lang, &format!("reason-{how}"), Some(&a));
    Ok(match result.winner() {
        Some(w) => {
            let a = args![
                ("winner", seat_name(cat, c, row.seat(w), lang)?),
                ("color", color_key(w)),
                ("reason", reason),
                ("result", result_score(variant, result))
            ];
            cat.get(lang, "result-win", Some(&a))
        }
        None => {
            let a = args![
                ("reason", reason),
                ("result", result_score(variant, result))
            ];
            cat.get(lang, "result-draw", Some(&a))
        }
    })
}

/// Why a move text is not a move, listing the legal moves.
/// Squares are named in the variant's notation (the engine already
/// wrote the moves it lists that way).
pub(crate) fn move_error_text(
    cat: &Catalog,
    lang: Lang,
    variant: Variant,
    err: &MoveError,
) -> String {
    use MoveError as E;
    match err {
        E::Empty => cat.get(lang, "move-empty", None),
        E::BadSquare { token, .. } => cat.get(
            lang,
            "move-bad-square",
            Some(&args![("token", echo(token))]),
        ),
        E::NoLegalMoves => cat.get(lang, "move-none", None),
        E::Ambiguous { input, candidates } => cat.get(
            lang,
            "move-ambiguous",
            Some(&args![
                ("input", echo(input)),
                ("candidates", candidates.join(", "))
            ]),
        ),
        E::Illegal {
            input,
            reason,
            legal,
        } => {
            // the engine names squares in its reasons on the 8×8 boards only
            let name = |s: &shashki_engine::Square| match variant.eight() {
                Some(v8) => v8.square_name(*s),
                None => s.to_string(),
            };
            let square = |id: &str, s: &shashki_engine::Square| {
                cat.get(lang, id, Some(&args![("square", name(s))]))
            };
            let why = match reason {
                Some(IllegalReason::EmptySquare(s)) => Some(square("why-empty-square", s)),
                Some(IllegalReason::NotYourPiece(s)) => Some(square("why-not-your-piece", s)),
                Some(IllegalReason::MustCapture) => Some(cat.get(lang, "why-must-capture", None)),
                Some(IllegalReason::CaptureNotFinished) => {
                    Some(cat.get(lang, "why-capture-not-finished", None))
                }
                Some(IllegalReason::PieceCannotMove(s)) => Some(square("why-cannot-move", s)),
                Some(IllegalReason::CaptureEndsEarlier) => {
                    Some(cat.get(lang, "why-capture-ends-earlier", None))
                }
                Some(IllegalReason::CapturePrecedence) => {
                    Some(cat.get(lang, "why-capture-precedence", None))
                }
                None => None,
            };
            let a = args![
                ("input", echo(input)),
                ("why", why.clone().unwrap_or_default()),
                ("legal", legal.join(", "))
            ];
            let id = if why.is_some() {
                "move-not-legal-why"
            } else {
                "move-not-legal"
            };
            cat.get(lang, id, Some(&a))
        }
    }
}

/// The localised message of a refusal: its message id and arguments
/// are declared with the refusal (see `error::refusals!`).
pub(crate) fn refusal_text(cat: &Catalog, lang: Lang, r: &Refusal) -> String {
    let mut a = Args::new();
    for (name, arg) in r.args() {
        match arg {
            Arg::Num(n) => a.set(name, n),
            Arg::Text(s) => a.set(name, s),
            Arg::Typed(s) => a.set(name, echo(s)),
            Arg::TypedText(s) => a.set(name, echo_text(s)),
            Arg::Ids(ids) => a.set(
                name,
                ids.iter()
                    .map(|id| format!("#{id}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            Arg::Move(variant, error) => a.set(name, move_error_text(cat, lang, variant, error)),
            Arg::Variant(variant) => {
                a.set(name, variant_name(cat, lang, variant));
                // its key too, for a message's selectors (`variant_key`)
                a.set(format!("{name}_key"), variant.key());
            }
        }
    }
    cat.get(lang, r.id(), Some(&a))
}
impl Ctx<'_> {
    /// The acting person's row when `seat` is theirs: read at the event's
    /// start, and still what is stored (only that start writes a name or
    /// a handle), so not read again.
    fn own_row(&self, seat: Seat) -> Option<&crate::store::UserRow> {
        match seat {
            Seat::Human(id) if self.actor == Actor::User && id == self.user.id => Some(&self.user),
            _ => None,
        }
    }

    /// The name of a seat in this action's language.
    pub(crate) fn seat_name(&self, seat: Seat) -> Res<String> {
        match self.own_row(seat) {
            Some(u) => Ok(u.name.clone()),
            None => seat_name(self.catalog(), self.c, seat, self.lang),
        }
    }

    /// `@handle` or the name of a seat.
    pub(crate) fn call_name(&self, seat: Seat) -> Res<String> {
        match self.own_row(seat) {
            Some(u) => Ok(match &u.handle {
                Some(h) => format!("@{h}"),
                None => u.name.clone(),
            }),
            None => call_name(self.catalog(), self.c, seat, self.lang),
        }
    }

    pub(crate) fn mention(&self, seat: Seat) -> Res<Option<Mention>> {
        match self.own_row(seat) {
            Some(u) => Ok(Some(Mention {
                platform_user_id: u.platform_user_id.clone(),
                name: u.name.clone(),
                handle: u.handle.clone(),
            })),
            None => mention(self.c, seat),
        }
    }

    pub(crate) fn duration_text(&self, secs: i64) -> String {
        duration_text(self.catalog(), self.lang, secs)
    }

    /// The time per move of a game or challenge in this action's language.
    pub(crate) fn per_move_text(&self, seconds_per_move: Option<i64>) -> String {
        per_move_text(self.catalog(), self.lang, seconds_per_move)
    }

    /// The name of a rule set in this action's language.
    pub(crate) fn variant_name(&self, variant: Variant) -> String {
        variant_name(self.catalog(), self.lang, variant)
    }

    /// A game's result in this action's language.
    pub(crate) fn result_text(
        &self,
        row: &GameRow,
        result: GameResult,
        how: Termination,
    ) -> Res<String> {
        result_text(self.catalog(), self.c, self.lang, row, result, how)
    }
}
