//! The one authorization gate. Every action on a game — a move by text, by
//! button or by slash command, a draw offer, a resignation, showing a board
//! or a PDN, the AI's move — passes [`Ctx::gate`] before it touches
//! anything; a refusal is a typed [`AccessRefusal`] that rolls the action
//! back. The decision itself is [`decide`], a pure function of plain
//! values (who asks, the game's facts, the need); `Ctx::gate` only reads
//! them off the context and the game's row.
//!
//! The rules:
//! - **See** (board, PDN): the game belongs to this chat, or the asker plays
//!   in it (e.g. asking in a private chat). Otherwise the game "does not
//!   exist" for the asker: no other chat's game is shown or named.
//! - **Play** (resign, offer or answer a draw): See, the asker is one of the
//!   players, and the game is not over.
//! - **Move** (play a move, open the move picker): Play, it is the asker's
//!   turn, and — for buttons — the game is still at the ply the button was
//!   made for. The AI passes only for a seat the AI holds, on its turn.
//! - The service (sweeper, relayed agreements) sees and ends its chat's
//!   games but never moves.
//! - Chat-wide changes (settings, tournaments, daily puzzles) need an
//!   admin: [`administer`].

use super::ctx::{Actor, Ctx};
use super::error::{refusals, Halt};
use crate::store::{ChatId, GameId, GameRow, Ply, Seat, UserId};
use shashki_engine::Color;

refusals! {
    /// What the gate turns down.
    pub enum AccessRefusal {
        /// The game is not this chat's and the asker does not play in it
        /// (or there is no such game): it is not named.
        GameUnknown { game: String } => "game-unknown" ["game" => crate::core::error::Arg::Typed(game)],
        NotAPlayer { game: GameId } => "not-a-player" ["game" => game],
        GameOver { game: GameId } => "game-already-over" ["game" => game],
        NotYourTurn { game: GameId } => "not-your-turn-in" ["game" => game],
        /// The position changed since the button was shown.
        ButtonStale => "button-stale",
        /// Only the chat's admins may do this.
        NotAdmin => "admins-only",
    }
}

/// What an action needs to be allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    See,
    Play,
    /// A move; `ply`: the ply a button was made for.
    Move {
        ply: Option<Ply>,
    },
}

/// Who asks, as plain values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Asker {
    pub actor: Actor,
    /// The acting user's id (for the AI and the service: the person the
    /// action concerns, or 0).
    pub user: UserId,
    /// The chat the action happens in.
    pub chat: ChatId,
    /// The actor may change chat-wide settings.
    pub admin: bool,
}

/// What the gate reads of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GameFacts {
    pub id: GameId,
    pub chat: ChatId,
    pub white: Seat,
    pub black: Seat,
    /// In progress (not finished, not aborted).
    pub active: bool,
    /// The side to move; None if the stored position cannot say.
    pub to_move: Option<Color>,
    pub ply: Ply,
}

impl GameFacts {
    pub(crate) fn of(row: &GameRow) -> GameFacts {
        GameFacts {
            id: row.id,
            chat: row.chat_id,
            white: row.white,
            black: row.black,
            active: row.is_active(),
            to_move: row.side_to_move(),
            ply: row.ply,
        }
    }

    fn seat(&self, c: Color) -> Seat {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// The gate: may `who` do what `need` says on `game`? Ok with the colour
/// the asker plays, if any.
pub(crate) fn decide(
    who: Asker,
    game: &GameFacts,
    need: Need,
) -> Result<Option<Color>, AccessRefusal> {
    let mine = match who.actor {
        Actor::User => [Color::White, Color::Black]
            .into_iter()
            .find(|c| game.seat(*c) == Seat::Human(who.user)),
        Actor::Ai => game
            .to_move
            .filter(|c| matches!(game.seat(*c), Seat::Ai(_))),
        Actor::Service => None,
    };
    if game.chat != who.chat && mine.is_none() {
        return Err(AccessRefusal::GameUnknown {
            game: format!("#{}", game.id),
        });
    }
    if need == Need::See {
        return Ok(mine);
    }
    if who.actor == Actor::Service {
        // the service ends games (time, agreement it relays) but never moves
        return match need {
            Need::Move { .. } => Err(AccessRefusal::NotAPlayer { game: game.id }),
            _ if game.active => Ok(None),
            _ => Err(AccessRefusal::GameOver { game: game.id }),
        };
    }
    let Some(color) = mine else {
        return Err(AccessRefusal::NotAPlayer { game: game.id });
    };
    if !game.active {
        return Err(AccessRefusal::GameOver { game: game.id });
    }
    if let Need::Move { ply } = need {
        if ply.is_some_and(|p| p != game.ply) {
            return Err(AccessRefusal::ButtonStale);
        }
        if game.to_move != Some(color) {
            return Err(AccessRefusal::NotYourTurn { game: game.id });
        }
    }
    Ok(Some(color))
}

/// May `who` change what the chat shares (settings, tournaments, daily
/// puzzles)?
pub(crate) fn administer(who: Asker) -> Result<(), AccessRefusal> {
    if who.admin {
        Ok(())
    } else {
        Err(AccessRefusal::NotAdmin)
    }
}

impl Ctx<'_> {
    /// Who acts here, as the gate sees them.
    pub(crate) fn asker(&self) -> Asker {
        Asker {
            actor: self.actor,
            user: self.user.id,
            chat: self.chat.id,
            admin: self.is_admin,
        }
    }

    /// Check `need` on a game. Returns the colour the actor plays, if any.
    pub(crate) fn gate(&self, row: &GameRow, need: Need) -> Result<Option<Color>, AccessRefusal> {
        decide(self.asker(), &GameFacts::of(row), need)
    }

    /// Refuse unless the actor may change chat-wide settings.
    pub fn require_admin(&self) -> Result<(), Halt> {
        Ok(administer(self.asker())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: UserId = UserId(1);
    const OTHER: UserId = UserId(2);
    const HERE: ChatId = ChatId(10);
    const THERE: ChatId = ChatId(20);
    const GAME: GameId = GameId(7);
    const PLY: i64 = 12;

    /// The outcome of one cell, short.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Out {
        /// Allowed, playing White / Black / no colour.
        W,
        B,
        N,
        Unknown,
        NotPlayer,
        Over,
        Stale,
        NotTurn,
    }
    use Out::*;

    impl Out {
        fn result(self) -> Result<Option<Color>, AccessRefusal> {
            match self {
                W => Ok(Some(Color::White)),
                B => Ok(Some(Color::Black)),
                N => Ok(None),
                Unknown => Err(AccessRefusal::GameUnknown {
                    game: format!("#{GAME}"),
                }),
                NotPlayer => Err(AccessRefusal::NotAPlayer { game: GAME }),
                Over => Err(AccessRefusal::GameOver { game: GAME }),
                Stale => Err(AccessRefusal::ButtonStale),
                NotTurn => Err(AccessRefusal::NotYourTurn { game: GAME }),
            }
        }
    }

    /// The needs, in the order of the table's columns.
    const NEEDS: [Need; 5] = [
        Need::See,
        Need::Play,
        Need::Move { ply: None },
        Need::Move {
            ply: Some(Ply(PLY)),
        },
        Need::Move {
            ply: Some(Ply(PLY - 1)),
        },
    ];

    /// A game of mine (White) against a person, here, in progress, my turn.
    fn mine() -> GameFacts {
        GameFacts {
            id: GAME,
            chat: HERE,
            white: Seat::Human(ME),
            black: Seat::Human(OTHER),
            active: true,
            to_move: Some(Color::White),
            ply: Ply(PLY),
        }
    }

    /// A game of mine (White) against the AI (Black).
    fn against_ai(to_move: Color) -> GameFacts {
        GameFacts {
            black: Seat::Ai(3),
            to_move: Some(to_move),
            ..mine()
        }
    }

    fn states() -> Vec<(&'static str, GameFacts)> {
        let spectated = GameFacts {
            white: Seat::Human(OTHER),
            black: Seat::Human(UserId(3)),
            ..mine()
        };
        vec![
            ("my turn", mine()),
            (
                "their turn",
                GameFacts {
                    to_move: Some(Color::Black),
                    ..mine()
                },
            ),
            (
                "finished",
                GameFacts {
                    active: false,
                    ..mine()
                },
            ),
            ("others' game here", spectated),
            (
                "mine, other chat",
                GameFacts {
                    chat: THERE,
                    ..mine()
                },
            ),
            (
                "others' game, other chat",
                GameFacts {
                    chat: THERE,
                    ..spectated
                },
            ),
            ("AI to move", against_ai(Color::Black)),
            ("AI waiting", against_ai(Color::White)),
            (
                "AI game finished",
                GameFacts {
                    active: false,
                    ..against_ai(Color::Black)
                },
            ),
            (
                "AI to move, other chat",
                GameFacts {
                    chat: THERE,
                    ..against_ai(Color::Black)
                },
            ),
            (
                "position unreadable",
                GameFacts {
                    to_move: None,
                    ..mine()
                },
            ),
        ]
    }

    /// Every state × actor: the outcome of See, Play, Move, Move at the
    /// game's ply, Move at an older ply.
    #[rustfmt::skip]
    fn expected(state: &str, actor: Actor) -> [Out; 5] {
        use Actor::{Ai, Service, User};
        match (state, actor) {
            ("my turn", User) =>                     [W, W, W, W, Stale],
            ("my turn", Ai) =>                       [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("my turn", Service) =>                  [N, N, NotPlayer, NotPlayer, NotPlayer],

            ("their turn", User) =>                  [W, W, NotTurn, NotTurn, Stale],
            ("their turn", Ai) =>                    [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("their turn", Service) =>               [N, N, NotPlayer, NotPlayer, NotPlayer],

            ("finished", User) =>                    [W, Over, Over, Over, Over],
            ("finished", Ai) =>                      [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("finished", Service) =>                 [N, Over, NotPlayer, NotPlayer, NotPlayer],

            ("others' game here", User) =>           [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("others' game here", Ai) =>             [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("others' game here", Service) =>        [N, N, NotPlayer, NotPlayer, NotPlayer],

            ("mine, other chat", User) =>            [W, W, W, W, Stale],
            ("mine, other chat", Ai) =>              [Unknown; 5],
            ("mine, other chat", Service) =>         [Unknown; 5],

            ("others' game, other chat", User) =>    [Unknown; 5],
            ("others' game, other chat", Ai) =>      [Unknown; 5],
            ("others' game, other chat", Service) => [Unknown; 5],

            ("AI to move", User) =>                  [W, W, NotTurn, NotTurn, Stale],
            ("AI to move", Ai) =>                    [B, B, B, B, Stale],
            ("AI to move", Service) =>               [N, N, NotPlayer, NotPlayer, NotPlayer],

            ("AI waiting", User) =>                  [W, W, W, W, Stale],
            ("AI waiting", Ai) =>                    [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("AI waiting", Service) =>               [N, N, NotPlayer, NotPlayer, NotPlayer],

            ("AI game finished", User) =>            [W, Over, Over, Over, Over],
            ("AI game finished", Ai) =>              [B, Over, Over, Over, Over],
            ("AI game finished", Service) =>         [N, Over, NotPlayer, NotPlayer, NotPlayer],

            ("AI to move, other chat", User) =>      [W, W, NotTurn, NotTurn, Stale],
            ("AI to move, other chat", Ai) =>        [B, B, B, B, Stale],
            ("AI to move, other chat", Service) =>   [Unknown; 5],

            ("position unreadable", User) =>         [W, W, NotTurn, NotTurn, Stale],
            ("position unreadable", Ai) =>           [N, NotPlayer, NotPlayer, NotPlayer, NotPlayer],
            ("position unreadable", Service) =>      [N, N, NotPlayer, NotPlayer, NotPlayer],

            _ => panic!("no row for {state} × {actor:?}"),
        }
    }

    #[test]
    fn every_need_actor_and_game_state() {
        let mut cells = 0;
        for (state, game) in states() {
            for actor in [Actor::User, Actor::Ai, Actor::Service] {
                // the admin flag never opens a game
                for admin in [false, true] {
                    let who = Asker {
                        actor,
                        user: ME,
                        chat: HERE,
                        admin,
                    };
                    let want = expected(state, actor);
                    for (need, out) in NEEDS.into_iter().zip(want) {
                        assert_eq!(
                            decide(who, &game, need),
                            out.result(),
                            "{state} × {actor:?} (admin {admin}) × {need:?}"
                        );
                        cells += 1;
                    }
                }
            }
        }
        assert_eq!(cells, 11 * 3 * 2 * 5);
    }

    #[test]
    fn only_admins_administer() {
        for actor in [Actor::User, Actor::Ai, Actor::Service] {
            let who = |admin| Asker {
                actor,
                user: ME,
                chat: HERE,
                admin,
            };
            assert_eq!(administer(who(true)), Ok(()), "{actor:?}");
            assert_eq!(
                administer(who(false)),
                Err(AccessRefusal::NotAdmin),
                "{actor:?}"
            );
        }
    }
}
