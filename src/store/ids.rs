//! Typed numbers: the ids of games, users, chats, tournaments,
//! challenges, puzzles, puzzle attempts, owed replies and queued jobs (the
//! rows' `INTEGER PRIMARY KEY`s), and a game's ply. Each is
//! its own type, so a user's id never goes where a game's is meant; each is
//! stored as the integer it wraps (`ToSql`/`FromSql`) and written as that
//! number (`Display`, and in JSON: the replies owed), so texts, button data
//! and stored replies read as before.

use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

macro_rules! stored_number {
    ($($(#[$meta:meta])* $name:ident;)+) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                i64::column_result(v).map($name)
            }
        }
    )+};
}

stored_number! {
    /// A game (`games.id`).
    GameId;
    /// A person on a platform (`users.id`; 0: nobody, see `UserRow::nobody`).
    UserId;
    /// A chat on a platform (`chats.id`).
    ChatId;
    /// A tournament (`tournaments.id`).
    TournamentId;
    /// A challenge (`challenges.id`).
    ChallengeId;
    /// A puzzle of the pack (`puzzles.id`: its number in the pack, as
    /// `/puzzle 12` names it).
    PuzzleId;
    /// One person's go at one puzzle (`puzzle_attempts.id`).
    AttemptId;
    /// A reply owed in the outbox (`outbox.id`; given by the store, in
    /// the order the replies were written).
    OutboxId;
    /// A job in the queue (`jobs.id`).
    JobId;
    /// A game's ply: how many moves (of either side) were played.
    Ply;
}

impl ChatId {
    /// No one chat: the scope of the ratings (games' and puzzles') over
    /// every chat, stored as chat 0.
    pub const EVERYWHERE: ChatId = ChatId(0);
}

impl Ply {
    /// The ply after this one.
    pub fn next(self) -> Ply {
        Ply(self.0 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_stored_and_written_as_its_number() {
        let c = rusqlite::Connection::open_in_memory().unwrap();
        let back: GameId = c
            .query_row("SELECT ?1", [GameId(42)], |r| r.get(0))
            .unwrap();
        assert_eq!(back, GameId(42));
        let raw: i64 = c.query_row("SELECT ?1", [UserId(7)], |r| r.get(0)).unwrap();
        assert_eq!(raw, 7);
        assert_eq!(format!("#{}", GameId(12)), "#12");
        assert_eq!("12".parse::<GameId>(), Ok(GameId(12)));
        assert_eq!(Ply(3).next(), Ply(4));
        assert_eq!(serde_json::to_string(&GameId(12)).unwrap(), "12");
        assert_eq!(serde_json::from_str::<GameId>("12").unwrap(), GameId(12));
    }
}
