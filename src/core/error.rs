//! The core's errors, typed. A [`ServiceError`] is the service failing (the
//! database, damaged data); a [`Refusal`] is a user's action that the rules
//! or the access gate turn down — it is answered with a localised message
//! (see `present::text`) to that user alone, and the transaction it
//! happened in is rolled back, so a refusal never changes anything.

use crate::store::{StoreError, UnknownWord};
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

impl From<rusqlite::Error> for ServiceError {
    fn from(e: rusqlite::Error) -> Self {
        ServiceError::Store(e.into())
    }
}

impl From<UnknownWord> for ServiceError {
    fn from(e: UnknownWord) -> Self {
        ServiceError::Corrupt(e.to_string())
    }
}

/// An action turned down. Each variant has one message in the catalogues.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("malformed or unknown button")]
    ButtonInvalid,
    #[error("the position changed since the button was shown")]
    ButtonStale,
    #[error("unknown command /{command}")]
    UnknownCommand { command: String },
    #[error("/move without a move")]
    MoveUsage,
    #[error("not a player of game {game}")]
    NotAPlayer { game: i64 },
    #[error("not the player's turn in game {game}")]
    NotYourTurn { game: i64 },
    #[error("not the player's turn in any game here")]
    NotYourTurnAnywhere,
    #[error("game {game} is over")]
    GameOver { game: i64 },
    #[error("no game {game} here")]
    GameUnknown { game: String },
    #[error("no game in progress here")]
    NoActiveGame,
    #[error("several games: {games:?}")]
    WhichGame { games: Vec<i64> },
    #[error("game {game}: {error}")]
    IllegalMove {
        game: i64,
        variant: Variant,
        error: MoveError,
    },
    #[error("challenge: unknown word {word}")]
    ChallengeBadWord { word: String },
    #[error("challenge: no level {level}")]
    ChallengeBadLevel { level: i64 },
    #[error("challenge: {days} days per move")]
    ChallengeBadDays { days: i64 },
    #[error("challenge to oneself")]
    ChallengeSelf,
    /// `id`: the number as typed or stored (a typed one may not fit).
    #[error("no challenge {id} here")]
    ChallengeUnknown { id: String },
    #[error("@{handle}: longer than any handle")]
    HandleTooLong { handle: String },
    #[error("challenge {id} is closed")]
    ChallengeClosed { id: i64 },
    #[error("accepting one's own challenge")]
    ChallengeOwn,
    #[error("the challenge is for someone else")]
    ChallengeNotForYou,
    #[error("{limit} open challenges already")]
    TooManyChallenges { limit: i64 },
    #[error("{limit} games in progress already")]
    TooManyGames { limit: i64 },
    #[error("the chat has {limit} games in progress already")]
    ChatFull { limit: i64 },
    #[error("{limit} games against the AI already")]
    TooManyAiGames { limit: i64 },
    #[error("the opponent has {limit} games in progress already")]
    OpponentBusy { limit: i64 },
    #[error("no open challenge here")]
    NoOpenChallenge,
    #[error("draw already offered")]
    DrawAlreadyOffered,
    #[error("no draw offer to decline")]
    NoDrawToDecline,
    #[error("setting {key}: bad value {value}")]
    SettingBadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    #[error("only the chat's admins may do this")]
    NotAdmin,
    #[error("no variant {word}")]
    VariantUnknown { word: String },
    #[error("no setting {key}")]
    SettingUnknown { key: String, keys: String },
    #[error("/vacation without a number of days")]
    VacationUsage { left: i64 },
    #[error("vacation of {days} days, {left} left")]
    VacationTooLong { left: i64, days: i64 },
    #[error("/tournament: usage")]
    TournamentUsage,
    #[error("/tournament: unknown word {word}")]
    TournamentBadWord { word: String },
    #[error("no tournament {id} here")]
    TournamentUnknown { id: String },
    #[error("no tournament here")]
    NoTournament,
    #[error("several tournaments: {ids:?}")]
    WhichTournament { ids: Vec<i64> },
    #[error("no takeback in rated game {game}")]
    TakebackRated { game: i64 },
    #[error("wait for the AI's move in game {game}")]
    TakebackWait { game: i64 },
    #[error("nothing to take back in game {game}")]
    TakebackNothing { game: i64 },
    #[error("a takeback is asked for in game {game} already")]
    TakebackPending { game: i64 },
    #[error("takeback declined already at this ply in game {game}")]
    TakebackDeclinedAlready { game: i64 },
    #[error("no open takeback request in game {game}")]
    TakebackLapsed { game: i64 },
    #[error("only the opponent answers a takeback request in game {game}")]
    TakebackNotYours { game: i64 },
    #[error("/if in a group whose replies are public")]
    IfInPublic,
    #[error("/if: usage")]
    IfUsage,
    #[error("your move in game {game}: play it")]
    IfYourTurn { game: i64 },
    #[error("{text} in game {game}: {error}")]
    IfIllegal {
        game: i64,
        text: String,
        error: String,
    },
    #[error("{limit} conditional lines already")]
    IfTooMany { limit: i64 },
    #[error("game {game} is still being played")]
    AnalyseUnfinished { game: i64 },
    #[error("{limit} analyses waiting already")]
    TooManyAnalyses { limit: i64 },
    #[error("not a position: {error}")]
    BadFen { error: String },
    #[error("/position needs a FEN")]
    PositionUsage,
    #[error("not an end date: {word}")]
    TournamentBadEnd { word: String },
    #[error("tournament {id} is not open for entries")]
    TournamentNotOpen { id: i64 },
    #[error("tournament {id} has paired {rounds} rounds: too late to enter")]
    TournamentTooLate { id: i64, rounds: i64 },
    #[error("already in tournament {id}")]
    TournamentAlreadyJoined { id: i64 },
    #[error("not in tournament {id}")]
    TournamentNotJoined { id: i64 },
    #[error("a tournament of {players} players")]
    TournamentTooFew { players: i64 },
    #[error("tournament {id} has {limit} players already")]
    TournamentFull { id: i64, limit: i64 },
    #[error("{name} is not in tournament {id}")]
    TournamentNotEntered { id: i64, name: String },
    #[error("tournament {id} is over")]
    TournamentOver { id: i64 },
    #[error("a tournament of at most {max} players")]
    TournamentBadMax { max: String },
    #[error("/tournament adjudicate: usage")]
    AdjudicateUsage,
    #[error("/tournament adjudicate: no result {word}")]
    AdjudicateBadResult { word: String },
    #[error("game {game} is not a game of a tournament here")]
    NotATournamentGame { game: String },
    #[error("/tournament new: bank {word}")]
    TournamentBadBank { word: String },
    #[error("tournament {id} is not running")]
    TournamentNotRunning { id: i64 },
    #[error("/tournament pause without a number of days")]
    LeaveUsage { id: i64, left: i64 },
    #[error("leave of {days} days in tournament {id}, {left} left")]
    LeaveTooLong { id: i64, left: i64, days: i64 },
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

impl From<rusqlite::Error> for Halt {
    fn from(e: rusqlite::Error) -> Self {
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
