//! The core's errors, typed. A [`ServiceError`] is the service failing (the
//! database, damaged data); a [`Refusal`] is a user's action that the rules
//! or the access gate turn down — it is answered with a localised message
//! (see `present::text`) to that user alone, and the transaction it
//! happened in is rolled back, so a refusal never changes anything.
//!
//! Each feature declares its refusals where it lives, with `refusals!`:
//! a variant, its message id and the message's arguments on one line
//! (`access::AccessRefusal`, `input::InputRefusal`, `games::GameRefusal`,
//! `ChallengeRefusal`, `TakebackRefusal`, `ConditionalRefusal`,
//! `SettingsRefusal`, `TournamentRefusal`); [`Refusal`] wraps them, and a
//! test checks every one's message and arguments in all five catalogues.

use crate::store::{
    ChallengeId, ChatId, GameId, Ply, PuzzleId, StoreError, TournamentId, UnknownWord, UserId,
};
use shashki_engine::{MoveError, Variant};

/// A failure of the service itself (not of the user's input).
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Stored data could not be read back (a bug or a damaged database).
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// A bug: the core reached a state it should not.
    #[error("internal error: {0}")]
    Internal(&'static str),
    /// The operating system's secure random generator failed.
    #[error("no secure random numbers: {0}")]
    Random(String),
}

impl From<UnknownWord> for ServiceError {
    fn from(e: UnknownWord) -> Self {
        ServiceError::Corrupt(e.to_string())
    }
}

/// One argument of a refusal's message, typed: how it is written is
/// decided once, in [`crate::core::present::text::refusal_text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Arg<'a> {
    Num(i64),
    Text(&'a str),
    /// A word people typed, repeated: cut to `present::text::ECHO_MAX`
    /// characters (a 100 KB `@handle` is not sent back whole).
    Typed(&'a str),
    /// A text holding what people typed (an error naming their token):
    /// cut to `present::text::ECHO_TEXT_MAX` characters.
    TypedText(&'a str),
    /// Game or tournament numbers: `#3, #5`.
    Ids(Vec<i64>),
    /// Why a move text is not a move (its own message, in the variant's
    /// notation).
    Move(Variant, &'a MoveError),
    /// A variant: its name in the reader's language.
    Variant(Variant),
}

impl<'a> From<&'a Variant> for Arg<'a> {
    fn from(v: &'a Variant) -> Self {
        Arg::Variant(*v)
    }
}

impl<'a> From<&'a i64> for Arg<'a> {
    fn from(n: &'a i64) -> Self {
        Arg::Num(*n)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(s)
    }
}

impl<'a> From<&'a &'static str> for Arg<'a> {
    fn from(s: &'a &'static str) -> Self {
        Arg::Text(s)
    }
}

impl<'a> From<&'a Vec<i64>> for Arg<'a> {
    fn from(ids: &'a Vec<i64>) -> Self {
        Arg::Ids(ids.clone())
    }
}

/// The typed numbers as arguments: their number; a list of them `#3, #5`.
macro_rules! number_args {
    ($($t:ident),+) => {$(
        impl<'a> From<&'a $t> for Arg<'a> {
            fn from(n: &'a $t) -> Self {
                Arg::Num(n.0)
            }
        }

        impl<'a> From<&'a Vec<$t>> for Arg<'a> {
            fn from(ids: &'a Vec<$t>) -> Self {
                Arg::Ids(ids.iter().map(|id| id.0).collect())
            }
        }

        #[cfg(test)]
        impl Sample for $t {
            fn sample() -> Self {
                $t(2)
            }
        }

        #[cfg(test)]
        impl Sample for Vec<$t> {
            fn sample() -> Self {
                vec![$t(3), $t(5)]
            }
        }
    )+};
}

number_args!(
    GameId,
    UserId,
    ChatId,
    TournamentId,
    ChallengeId,
    PuzzleId,
    Ply
);

/// A feature's refusals: each variant's message id and its arguments
/// (written by `refusals!`, beside the variant).
pub(crate) trait Refuse {
    /// The message id in the catalogues.
    fn id(&self) -> &'static str;
    /// The message's arguments, by name.
    fn args(&self) -> Vec<(&'static str, Arg<'_>)>;
    /// Every variant once, with sample fields (for the catalogue test).
    #[cfg(test)]
    fn samples() -> Vec<Self>
    where
        Self: Sized;
}

/// A sample value of a refusal's field (for the catalogue test).
#[cfg(test)]
pub(crate) trait Sample {
    fn sample() -> Self;
}

#[cfg(test)]
impl Sample for i64 {
    fn sample() -> Self {
        2
    }
}

#[cfg(test)]
impl Sample for String {
    fn sample() -> Self {
        "x".into()
    }
}

#[cfg(test)]
impl Sample for &'static str {
    fn sample() -> Self {
        "x"
    }
}

#[cfg(test)]
impl Sample for Vec<i64> {
    fn sample() -> Self {
        vec![3, 5]
    }
}

#[cfg(test)]
impl Sample for Variant {
    fn sample() -> Self {
        Variant::International
    }
}

#[cfg(test)]
impl Sample for MoveError {
    fn sample() -> Self {
        MoveError::Empty
    }
}

/// Declare a feature's refusals, each variant once with its message id
/// and the message's arguments beside it:
///
/// ```ignore
/// refusals! {
///     pub enum TakebackRefusal {
///         /// no takeback in a rated game
///         Rated { game: GameId } => "takeback-rated" ["game" => game],
///     }
/// }
/// ```
///
/// An argument is anything an [`Arg`] is made `From` (a field: `&i64`,
/// `&String`, the ids of `&Vec<i64>`), or an `Arg` itself.
macro_rules! refusals {
    (
        $(#[$meta:meta])*
        pub enum $Enum:ident {
            $(
                $(#[$vmeta:meta])*
                $Variant:ident $({ $($field:ident : $fty:ty),* $(,)? })?
                    => $id:literal $([ $($arg:literal => $val:expr),* $(,)? ])?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum $Enum {
            $( $(#[$vmeta])* $Variant $({ $($field: $fty),* })? ),*
        }

        impl $crate::core::error::Refuse for $Enum {
            fn id(&self) -> &'static str {
                match self {
                    $( Self::$Variant { .. } => $id ),*
                }
            }

            fn args(&self) -> Vec<(&'static str, $crate::core::error::Arg<'_>)> {
                match self {
                    $(
                        Self::$Variant $({ $($field),* })? => vec![
                            $($( ($arg, $crate::core::error::Arg::from($val)) ),*)?
                        ]
                    ),*
                }
            }

            #[cfg(test)]
            fn samples() -> Vec<Self> {
                vec![
                    $(
                        Self::$Variant $({
                            $($field: $crate::core::error::Sample::sample()),*
                        })?
                    ),*
                ]
            }
        }
    };
}
pub(crate) use refusals;

/// The features' refusals wrapped in one [`Refusal`] (and each made a
/// [`Halt`] with `?`).
macro_rules! features {
    ($( $(#[$meta:meta])* $Wrap:ident($Enum:ty) ),* $(,)?) => {
        /// An action turned down: a feature's refusal. Each has one message
        /// in the catalogues, named where the refusal is declared.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Refusal {
            $( $(#[$meta])* $Wrap($Enum) ),*
        }

        impl Refusal {
            fn feature(&self) -> &dyn Refuse {
                match self {
                    $( Refusal::$Wrap(r) => r ),*
                }
            }

            /// Every refusal of every feature, with sample fields.
            #[cfg(test)]
            pub(crate) fn samples() -> Vec<Refusal> {
                let mut all = Vec::new();
                $( all.extend(<$Enum as Refuse>::samples().into_iter().map(Refusal::$Wrap)); )*
                all
            }
        }

        $(
            impl From<$Enum> for Refusal {
                fn from(r: $Enum) -> Self {
                    Refusal::$Wrap(r)
                }
            }

            impl From<$Enum> for Halt {
                fn from(r: $Enum) -> Self {
                    Halt::Refused(Refusal::$Wrap(r))
                }
            }
        )*
    };
}

features! {
    /// The access gate (`access.rs`).
    Access(super::access::AccessRefusal),
    /// Commands and buttons as such.
    Input(super::input::InputRefusal),
    /// Finding a game, moves, draws, analyses, positions, vacations.
    Game(super::games::GameRefusal),
    Challenge(super::games::challenge::ChallengeRefusal),
    Takeback(super::games::TakebackRefusal),
    /// `/if`: conditional moves.
    Conditional(super::games::ConditionalRefusal),
    Settings(super::settings::SettingsRefusal),
    Tournament(super::tournaments::TournamentRefusal),
    /// The web board's own gate (`web.rs`).
    Web(super::web::WebRefusal),
}

impl Refusal {
    /// The message id in the catalogues.
    pub(crate) fn id(&self) -> &'static str {
        self.feature().id()
    }

    /// The message's arguments, by name.
    pub(crate) fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        self.feature().args()
    }
}

/// For the logs: the message id and its arguments.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())?;
        for (name, value) in self.args() {
            write!(f, " {name}={value:?}")?;
        }
        Ok(())
    }
}

/// Why a handler stopped early (internal to the core).
#[derive(Debug)]
pub(crate) enum Halt {
    /// Turned down: roll back, tell the user.
    Refused(Refusal),
    /// The service failed: roll back, report.
    Failed(ServiceError),
    /// Engine work is needed first: roll back, compute it with no lock
    /// held, then handle the event again with the result at hand.
    Compute(super::games::ai::Work),
}

impl From<Refusal> for Halt {
    fn from(r: Refusal) -> Self {
        Halt::Refused(r)
    }
}

impl From<ServiceError> for Halt {
    fn from(e: ServiceError) -> Self {
        Halt::Failed(e)
    }
}

impl From<StoreError> for Halt {
    fn from(e: StoreError) -> Self {
        Halt::Failed(e.into())
    }
}

impl From<UnknownWord> for Halt {
    fn from(e: UnknownWord) -> Self {
        Halt::Failed(e.into())
    }
}

/// The result of a step inside the core.
pub(crate) type Res<T> = Result<T, Halt>;

/// Damaged or inconsistent stored data, as an error.
pub(crate) fn corrupt(what: impl std::fmt::Display) -> Halt {
    Halt::Failed(ServiceError::Corrupt(what.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::i18n::Lang;
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    use std::collections::{BTreeMap, BTreeSet};

    /// The variables a pattern uses: placeables, selectors, function
    /// arguments, in every variant of a selection.
    fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let PatternElement::Placeable { expression } = element {
                expression_vars(expression, vars);
            }
        }
    }

    fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for v in variants {
                    pattern_vars(&v.value, vars);
                }
            }
            Expression::Inline(i) => inline_vars(i, vars),
        }
    }

    fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match i {
            InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_vars(a, vars);
                }
                for a in &arguments.named {
                    inline_vars(&a.value, vars);
                }
            }
            InlineExpression::MessageReference { id, .. } => {
                // another message's variables would be this one's too;
                // no refusal's message refers to one (keep it so)
                vars.insert(format!("<message {}>", id.name));
            }
            InlineExpression::TermReference { .. }
            | InlineExpression::StringLiteral { .. }
            | InlineExpression::NumberLiteral { .. } => {}
        }
    }

    /// Each message of a catalogue that has a value, with its variables.
    fn catalogue(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(lang.source())
            .unwrap_or_else(|(_, errors)| panic!("{}.ftl: {errors:?}", lang.code()));
        let mut out = BTreeMap::new();
        for entry in &resource.body {
            if let Entry::Message(m) = entry {
                if let Some(value) = &m.value {
                    let mut vars = BTreeSet::new();
                    pattern_vars(value, &mut vars);
                    out.insert(m.id.name.to_string(), vars);
                }
            }
        }
        out
    }

    #[test]
    fn every_refusal_has_its_message_and_arguments_in_every_catalogue() {
        let refusals = Refusal::samples();
        // one per variant of every feature
        assert_eq!(refusals.len(), 87);
        let mut ids = BTreeSet::new();
        for r in &refusals {
            assert!(
                ids.insert(r.id()),
                "{} is the message of two refusals",
                r.id()
            );
        }
        for lang in Lang::ALL {
            let messages = catalogue(lang);
            for r in &refusals {
                let id = r.id();
                let Some(used) = messages.get(id) else {
                    panic!("{}.ftl has no message {id} ({r:?})", lang.code());
                };
                let given: BTreeSet<String> =
                    r.args().iter().map(|(name, _)| name.to_string()).collect();
                assert_eq!(given.len(), r.args().len(), "{id}: an argument given twice");
                // a variant comes with its key (`variant_key`), which a
                // message may select on or leave
                let keys: BTreeSet<String> = r
                    .args()
                    .iter()
                    .filter(|(_, arg)| matches!(arg, Arg::Variant(_)))
                    .map(|(name, _)| format!("{name}_key"))
                    .collect();
                let used: BTreeSet<String> = used.difference(&keys).cloned().collect();
                assert_eq!(
                    given,
                    used,
                    "{}.ftl: {id} uses other arguments than the refusal gives ({r:?})",
                    lang.code()
                );
            }
        }
    }
}
