//! Boards: how a chat sees a game (theme, orientation, caption) and the
//! board message of a game with whose move it is and its buttons.

use super::buttons::move_choices;
use super::text::color_key;
use super::{BoardView, Draft};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::Loaded;
use crate::core::i18n::num;
use crate::core::input::payload::Payload;
use crate::core::types::Target;
use crate::render::Theme;
use crate::store::{self, ChatRow, Seat};
use shashki_engine::{Color, Game, Move, Position};

/// The theme a chat draws its boards in.
pub(crate) fn chat_theme(chat: &ChatRow, default: Theme) -> Theme {
    chat.theme
        .as_deref()
        .and_then(|t| t.parse::<Theme>().ok())
        .unwrap_or(default)
}

/// The position before the last move of a game, and that move.
pub(crate) fn last_move(g: &Game) -> Option<(Position, Move)> {
    let positions = g.positions();
    let before = positions
        .len()
        .checked_sub(2)
        .and_then(|i| positions.get(i))?;
    Some((*before, *g.moves().last()?))
}

impl Ctx<'_> {
    /// A board in this chat's theme.
    pub(crate) fn board(
        &self,
        position: Position,
        last: Option<(Position, Move)>,
        flip: bool,
        caption: String,
        name: String,
    ) -> BoardView {
        BoardView {
            position,
            last,
            flip,
            theme: chat_theme(&self.chat, self.svc.config.default_theme),
            caption,
            name,
            numbered: false,
        }
    }

    /// How this chat sees a game.
    pub(crate) fn game_board(&self, l: &Loaded) -> Res<BoardView> {
        let (row, g) = (&l.row, &l.game);
        let flip = match self.chat.orientation.as_deref() {
            Some("white") => false,
            Some("black") => true,
            Some("mover") => g.side_to_move() == Color::Black,
            // auto: from Black's side when Black is the only human
            _ => matches!((row.white, row.black), (Seat::Ai(_), Seat::Human(_))),
        };
        let a = args![
            ("game", row.id),
            ("white", self.seat_name(row.white)?),
            ("black", self.seat_name(row.black)?),
            ("move", num(i64::from(g.move_number()))),
            ("variant", g.variant().key()),
            ("variant_name", self.variant_name(g.variant())),
        ];
        let caption = self.t("board-caption", Some(&a));
        let mut view = self.board(
            *g.position(),
            last_move(g),
            flip,
            caption,
            row.id.to_string(),
        );
        view.numbered = g.variant().numeric_notation();
        Ok(view)
    }

    /// The board of a game with whose move it is, the time left and the
    /// buttons for the player to move.
    pub(crate) fn board_draft(&self, l: &Loaded, headline: String) -> Res<Draft> {
        let (row, g) = (&l.row, &l.game);
        let mut text = headline;
        let mut choices = Vec::new();
        let mut mentions = Vec::new();
        if row.is_active() && !g.is_over() {
            let color = g.side_to_move();
            let seat = row.seat(color);
            let a = args![
                ("player", self.call_name(seat)?),
                ("color", color_key(color)),
                ("game", row.id)
            ];
            text.push('\n');
            text.push_str(&self.t("to-move", Some(&a)));
            if let Some(deadline) = row.deadline {
                let a = args![("time", self.duration_text(deadline - self.now))];
                text.push(' ');
                text.push_str(&self.t("time-left", Some(&a)));
            }
            if let Seat::Human(_) = seat {
                choices = move_choices(row.id, row.ply, g, None, "");
                choices.push(vec![
                    Payload::Draw { game: row.id }.button(self.t("button-draw", None)),
                    Payload::Resign { game: row.id }.button(self.t("button-resign", None)),
                ]);
                mentions.extend(self.mention(seat)?);
            }
        }
        Ok(Draft {
            target: Target::Chat(self.chat_of(row.chat_id)?),
            text,
            board: Some(self.game_board(l)?),
            choices,
            mentions,
            game_id: Some(row.id),
            document: None,
            image: None,
        })
    }

    /// The platform id of a chat (this action's chat when it is the same).
    pub(crate) fn chat_of(&self, chat_id: i64) -> Res<String> {
        if chat_id == self.chat.id {
            return Ok(self.chat.platform_chat_id.clone());
        }
        Ok(store::chat(self.c, chat_id)?
            .map(|c| c.platform_chat_id)
            .unwrap_or_else(|| self.chat.platform_chat_id.clone()))
    }
}
