//! Small typed values stored as text: a game's status, result and how it
//! ended, a challenge's status and colour wish. Each has one spelling in
//! the database (`as_str`), parses back with `FromStr`, and goes through
//! rusqlite as `ToSql`/`FromSql`, so no code compares strings.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use shashki_engine::game::{DrawReason, Outcome, WinReason};
use shashki_engine::{Color, Variant};

/// A stored word that is not one of the enum's spellings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind}: {word:?}")]
pub struct UnknownWord {
    pub kind: &'static str,
    pub word: String,
}

/// An enum stored as one of a fixed set of words.
macro_rules! stored_words {
    ($(#[$meta:meta])* $name:ident, $kind:literal { $($(#[$vmeta:meta])* $variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored spelling.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = UnknownWord;
            fn from_str(s: &str) -> Result<Self, UnknownWord> {
                match s {
                    $($word => Ok($name::$variant),)+
                    _ => Err(UnknownWord { kind: $kind, word: s.to_string() }),
                }
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }

        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                v.as_str()?
                    .parse()
                    .map_err(|e: UnknownWord| FromSqlError::Other(Box::new(e)))
            }
        }
    };
}

stored_words! {
    /// Whether a game is still being played.
    GameStatus, "game status" {
        Active = "active",
        Finished = "finished",
    }
}

stored_words! {
    /// A finished game's result, in the draughts notation of points.
    GameResult, "game result" {
        WhiteWins = "2-0",
        BlackWins = "0-2",
        Draw = "1-1",
    }
}

stored_words! {
    /// How a game ended.
    Termination, "termination" {
        NoMoves = "no-moves",
        Resignation = "resignation",
        Timeout = "timeout",
        Agreement = "agreement",
        Repetition = "repetition",
        KingsOnly = "kings-only",
        LoneKing = "lone-king",
        LongDiagonal = "long-diagonal",
        Balance = "balance",
        /// A tournament player withdrew or was removed: their games in
        /// progress are lost unplayed (the standings count them as
        /// forfeits, or annul them, see `tournament::score`).
        Withdrawal = "withdrawal",
        /// The organiser of a tournament decided an unfinished game
        /// (`/tournament adjudicate`), with the engine's advice at hand.
        Adjudicated = "adjudicated",
        /// The game's tournament was cancelled: it ended with no result
        /// (the `result` column stays NULL; no rating changes).
        Cancelled = "cancelled",
    }
}

stored_words! {
    /// Where a challenge stands.
    ChallengeStatus, "challenge status" {
        Open = "open",
        Accepted = "accepted",
        Declined = "declined",
        Expired = "expired",
        Cancelled = "cancelled",
    }
}

stored_words! {
    /// The colour a challenger asks for.
    ColorWish, "colour" {
        White = "white",
        Black = "black",
        Random = "random",
    }
}

impl GameResult {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    pub fn of_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl Termination {
    /// How an engine outcome ended the game.
    pub fn of(o: &Outcome) -> Termination {
        match o {
            Outcome::Win { reason, .. } => match reason {
                WinReason::NoLegalMoves => Termination::NoMoves,
                WinReason::Resignation => Termination::Resignation,
                WinReason::Timeout => Termination::Timeout,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Agreement => Termination::Agreement,
                DrawReason::Repetition => Termination::Repetition,
                DrawReason::KingsOnly => Termination::KingsOnly,
                DrawReason::LoneKing => Termination::LoneKing,
                DrawReason::LongDiagonal => Termination::LongDiagonal,
                DrawReason::BalanceUnchanged { .. } => Termination::Balance,
            },
        }
    }
}

impl ColorWish {
    /// The wish as a colour, drawing `Random` from `coin` (even: white).
    pub fn resolve(self, coin: i64) -> Color {
        match self {
            ColorWish::White => Color::White,
            ColorWish::Black => Color::Black,
            ColorWish::Random if coin.rem_euclid(2) == 0 => Color::White,
            ColorWish::Random => Color::Black,
        }
    }
}

/// A colour as it is stored and as the catalogues name it (`white`,
/// `black`).
pub fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colour a stored word names.
pub fn parse_color_word(s: &str) -> Option<Color> {
    [Color::White, Color::Black]
        .into_iter()
        .find(|c| color_word(*c) == s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_round_trips_and_unknown_words_are_named() {
        for t in Termination::ALL {
            assert_eq!(t.as_str().parse::<Termination>(), Ok(*t));
        }
        for s in ChallengeStatus::ALL {
            assert_eq!(s.to_string().parse::<ChallengeStatus>(), Ok(*s));
        }
        let e = "won".parse::<GameResult>().unwrap_err();
        assert_eq!(e.to_string(), "unknown game result: \"won\"");
        assert_eq!(GameResult::of_winner(Some(Color::Black)).as_str(), "0-2");
        assert_eq!(ColorWish::Random.resolve(3), Color::Black);
    }
}

stored_words! {
    /// Where a tournament is: taking entries, being played, over.
    TournamentStatus, "tournament status" {
        Open = "open",
        Running = "running",
        Finished = "finished",
        Cancelled = "cancelled",
    }
}

stored_words! {
    /// Where a game's analysis is.
    AnalysisStatus, "analysis status" {
        Pending = "pending",
        Done = "done",
        Failed = "failed",
    }
}

stored_words! {
    /// Where a puzzle attempt is: being solved, or closed either way.
    AttemptStatus, "puzzle attempt status" {
        Open = "open",
        Solved = "solved",
        Failed = "failed",
    }
}

/// Types stored as their `Display` spelling and read back with `FromStr`:
/// an unknown spelling is a typed error ([`UnknownWord`]), never a default.
macro_rules! stored_as_text {
    ($($ty:ty, $kind:literal);+ $(;)?) => {
        $(
            impl ToSql for $ty {
                fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                    Ok(ToSqlOutput::from(self.to_string()))
                }
            }

            impl FromSql for $ty {
                fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                    let word = v.as_str()?;
                    word.parse().map_err(|_| {
                        FromSqlError::Other(Box::new(UnknownWord {
                            kind: $kind,
                            word: word.to_string(),
                        }))
                    })
                }
            }
        )+
    };
}

stored_as_text! {
    crate::tournament::Format, "tournament format";
    crate::tournament::ballot::Ballot, "ballot";
    crate::core::reminders::Reminders, "reminders";
}

/// The service's own enums stored as one word each, their key (`ru`,
/// `contrast`, `mover`, `new`): only that exact spelling reads back (a
/// theme's aliases such as `wood` are for typing, not for storing); any
/// other word is a typed error ([`UnknownWord`]), never the default. The
/// enums are the core's and the renderer's; only the store knows they are
/// stored.
macro_rules! stored_by_key {
    ($($ty:ty, $kind:literal, $key:path);+ $(;)?) => {
        $(
            impl ToSql for $ty {
                fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                    Ok(ToSqlOutput::from($key(*self)))
                }
            }

            impl FromSql for $ty {
                fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                    let word = v.as_str()?;
                    <$ty>::ALL
                        .into_iter()
                        .find(|x| $key(*x) == word)
                        .ok_or_else(|| {
                            FromSqlError::Other(Box::new(UnknownWord {
                                kind: $kind,
                                word: word.to_string(),
                            }))
                        })
                }
            }
        )+
    };
}

stored_by_key! {
    crate::core::i18n::Lang, "language", crate::core::i18n::Lang::code;
    crate::render::Theme, "theme", crate::render::Theme::name;
    crate::core::types::Orientation, "orientation", crate::core::types::Orientation::key;
    crate::core::types::BoardMode, "board mode", crate::core::types::BoardMode::key;
}

/// A variant read from column `i` (its key, `russian`, `poddavki`, …): an
/// unknown key is a typed error, never Russian by default. (The engine's
/// `Variant` is another crate's type, so it is read by this function
/// rather than through `FromSql`.)
pub(crate) fn variant_at(r: &super::Row, i: usize) -> rusqlite::Result<Variant> {
    let word: String = r.get(i)?;
    parse_variant(i, word)
}

/// Like [`variant_at`] for a column that may be NULL.
pub(crate) fn opt_variant_at(r: &super::Row, i: usize) -> rusqlite::Result<Option<Variant>> {
    let word: Option<String> = r.get(i)?;
    word.map(|w| parse_variant(i, w)).transpose()
}

fn parse_variant(i: usize, word: String) -> rusqlite::Result<Variant> {
    match word.parse::<Variant>() {
        Ok(v) if v.key() == word => Ok(v),
        _ => Err(rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            Box::new(UnknownWord {
                kind: "variant",
                word,
            }),
        )),
    }
}
