//! The one authorization gate. Every action on a game — a move by text, by
//! button or by slash command, a draw offer, a resignation, showing a board
//! or a PDN, the AI's move — passes [`Ctx::gate`] before it touches
//! anything; a refusal is a typed [`Refusal`] that rolls the action back.
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

use super::ctx::{Actor, Ctx};
use super::error::Refusal;
use crate::store::{GameRow, Seat};
use shashki_engine::Color;

/// What an action needs to be allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    See,
    Play,
    /// A move; `ply`: the ply a button was made for.
    Move {
        ply: Option<i64>,
    },
}

impl Ctx<'_> {
    /// Check `need` on a game. Returns the colour the actor plays, if any.
    pub(crate) fn gate(&self, row: &GameRow, need: Need) -> Result<Option<Color>, Refusal> {
        let mine = match self.actor {
            Actor::User => row.color_of(self.user.id),
            Actor::Ai => row
                .side_to_move()
                .filter(|c| matches!(row.seat(*c), Seat::Ai(_))),
            Actor::Service => None,
        };
        let in_this_chat = row.chat_id == self.chat.id;
        if !in_this_chat && mine.is_none() {
            return Err(Refusal::GameUnknown {
                game: format!("#{}", row.id),
            });
        }
        if need == Need::See {
            return Ok(mine);
        }
        if self.actor == Actor::Service {
            // the service ends games (time, agreement it relays) but never moves
            return match need {
                Need::Move { .. } => Err(Refusal::NotAPlayer { game: row.id }),
                _ if row.is_active() => Ok(None),
                _ => Err(Refusal::GameOver { game: row.id }),
            };
        }
        let Some(color) = mine else {
            return Err(Refusal::NotAPlayer { game: row.id });
        };
        if !row.is_active() {
            return Err(Refusal::GameOver { game: row.id });
        }
        if let Need::Move { ply } = need {
            if ply.is_some_and(|p| p != row.ply) {
                return Err(Refusal::ButtonStale);
            }
            if row.side_to_move() != Some(color) {
                return Err(Refusal::NotYourTurn { game: row.id });
            }
        }
        Ok(Some(color))
    }
}
