//! Boards: how a chat sees a game (theme, orientation, caption) and the
//! board message of a game with whose move it is and its buttons.

use super::buttons::{move_choices, move_menus};
use super::text::color_key;
use super::{BoardView, Draft};
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::variants;
use crate::core::games::Loaded;
use crate::core::i18n::num;
use crate::core::input::payload::Payload;
use crate::core::types::{BoardMode, Choice, Link, LinkTo, Menu, Orientation, Target};
use crate::core::Platform;
use crate::render::Theme;
use crate::store::{self, ChatId, ChatRow, GameRow, Seat};
use shashki_engine::{AnyMove, AnyPosition, Color, Variant};

/// The theme a chat draws its boards in.
pub(crate) fn chat_theme(chat: &ChatRow, default: Theme) -> Theme {
    chat.theme.unwrap_or(default)
}

/// How a chat keeps its boards, if it has chosen (`/settings boards`).
pub(crate) fn chat_board_mode(chat: &ChatRow) -> Option<BoardMode> {
    chat.boards
}

/// The sub-move due, as the catalogue's selectors name it: `first`,
/// `second` (Vigman's turn of two), or `none` (a game of one move a turn).
fn sub_move_key(g: &shashki_engine::AnyGame) -> &'static str {
    match variants::sub_move_due(g) {
        Some(false) => "first",
        Some(true) => "second",
        None => "none",
    }
}

impl Ctx<'_> {
    /// A board of any variant in this chat's theme (numbered where the
    /// variant's players number their squares).
    pub(crate) fn board_any(
        &self,
        position: AnyPosition,
        last: Option<(AnyPosition, AnyMove)>,
        flip: bool,
        caption: String,
        name: String,
        variant: Variant,
    ) -> BoardView {
        BoardView {
            position,
            last,
            flip,
            theme: chat_theme(&self.chat, self.config().default_theme),
            caption,
            name,
            numbered: variant.numeric_notation(),
            variant,
            hidden: false,
        }
    }

    /// How this chat sees a game.
    pub(crate) fn game_board(&self, l: &Loaded) -> Res<BoardView> {
        let (row, g) = (&l.row, &l.game);
        let flip = match self.chat.orientation.unwrap_or(Orientation::Auto) {
            Orientation::White => false,
            Orientation::Black => true,
            Orientation::Mover => g.side_to_move() == Color::Black,
            // from Black's side when Black is the only human
            Orientation::Auto => matches!((row.white, row.black), (Seat::Ai(_), Seat::Human(_))),
        };
        let a = args![
            ("game", row.id),
            ("white", self.seat_name(row.white)?),
            ("black", self.seat_name(row.black)?),
            ("move", num(i64::from(variants::move_number(g)))),
            // which of a turn's two sub-moves is due (none once over)
            (
                "sub",
                if row.is_active() && !g.is_over() {
                    sub_move_key(g)
                } else {
                    "none"
                }
            ),
            ("variant", g.variant().key()),
            ("variant_name", self.variant_name(g.variant())),
            ("casual", if row.casual { "yes" } else { "no" }),
        ];
        let caption = self.t("board-caption", Some(&a));
        Ok(self.board_any(
            g.position(),
            variants::last_move(g),
            flip,
            caption,
            row.id.to_string(),
            g.variant(),
        ))
    }

    /// The board of a game with the move number, whose move it is, the
    /// time left and the buttons: the player to move's (moves, draw,
    /// resign), rematch on a finished game, and flip for anyone.
    pub(crate) fn board_draft(&self, l: &Loaded, headline: String) -> Res<Draft> {
        let row = &l.row;
        let mut text = headline;
        let turn = self.turn_text(l)?;
        if !turn.is_empty() {
            text.push('\n');
            text.push_str(&turn);
        }
        let chat = if row.chat_id == self.chat.id {
            Some(self.chat.clone())
        } else {
            store::chat(self.c, row.chat_id)?
        };
        let (menus, choices) = self.board_controls(l)?;
        Ok(Draft {
            board: Some(self.game_board(l)?),
            menus,
            choices,
            link: self.open_board_link(row),
            mentions: self.to_move_mention(l)?,
            game_id: Some(row.id),
            board_mode: chat.as_ref().and_then(chat_board_mode),
            ..self.in_game_chat(row, text)?
        })
    }

    /// A message in a game's own chat and the thread the game lives in
    /// (wherever the action that posts it came from).
    pub(crate) fn in_game_chat(&self, row: &GameRow, text: String) -> Res<Draft> {
        let mut d = Draft::text(Target::Chat(self.chat_of(row.chat_id)?), text);
        d.thread = Some(row.thread.clone());
        Ok(d)
    }

    /// The clock of a game in progress: the time left of the side to move
    /// and, on a bank, both sides' banks and the moves to the next period.
    /// None when no clock runs.
    pub(crate) fn clock_text(&self, row: &GameRow) -> Res<Option<String>> {
        let (Some(deadline), Some(side)) =
            (row.deadline.filter(|_| row.is_active()), row.side_to_move())
        else {
            return Ok(None);
        };
        let left = deadline - self.now;
        let mut text = self.t(
            "time-left",
            Some(&args![("time", self.duration_text(left))]),
        );
        if row.bank(side).is_none() {
            return Ok(Some(text));
        }
        let (white, black) = match side {
            Color::White => (left, row.black_bank.unwrap_or(0)),
            Color::Black => (row.white_bank.unwrap_or(0), left),
        };
        let period = store::tournament_of_game(self.c, row.id)?
            .and_then(|t| t.bank_moves.zip(t.bank_days))
            .filter(|(n, _)| *n > 0);
        if let Some((moves, days)) = period {
            // the side to move's turns made (Vigman's: two sub-moves each)
            let made = variants::turns_made(row.variant, &row.start_fen, row.ply.0);
            let a = args![
                ("white", self.duration_text(white)),
                ("black", self.duration_text(black)),
                ("moves", num(moves)),
                ("days", num(days)),
                ("togo", num(moves - made % moves)),
            ];
            text.push(' ');
            text.push_str(&self.t("bank-left", Some(&a)));
        }
        Ok(Some(text))
    }

    /// "Move 3. @anna (White) to move. Time left: …" for a game in
    /// progress; empty for one that is over.
    pub(crate) fn turn_text(&self, l: &Loaded) -> Res<String> {
        let (row, g) = (&l.row, &l.game);
        if !row.is_active() || g.is_over() {
            return Ok(String::new());
        }
        let color = g.side_to_move();
        let seat = row.seat(color);
        let mut text = self.t(
            "move-number",
            Some(&args![("move", num(i64::from(variants::move_number(g))))]),
        );
        let a = args![
            ("player", self.call_name(seat)?),
            ("color", color_key(color)),
            ("game", row.id)
        ];
        text.push(' ');
        text.push_str(&self.t("to-move", Some(&a)));
        if variants::sub_move_due(g).is_some() {
            let a = args![("sub", sub_move_key(g))];
            text.push(' ');
            text.push_str(&self.t("turn-sub-move", Some(&a)));
        }
        if let Some(clock) = self.clock_text(row)? {
            text.push(' ');
            text.push_str(&clock);
        }
        Ok(text)
    }

    /// The person to move in a game in progress, to be notified.
    pub(crate) fn to_move_mention(&self, l: &Loaded) -> Res<Vec<crate::core::types::Mention>> {
        let (row, g) = (&l.row, &l.game);
        if !row.is_active() || g.is_over() {
            return Ok(Vec::new());
        }
        Ok(self
            .mention(row.seat(g.side_to_move()))?
            .into_iter()
            .collect())
    }

    /// The controls of a game's board: its buttons, and — where the
    /// platform has select menus (Discord) — every legal move of the person
    /// to move in menus, in place of the move buttons.
    pub(crate) fn board_controls(&self, l: &Loaded) -> Res<(Vec<Menu>, Vec<Vec<Choice>>)> {
        let limits = self.platform.limits();
        let menus = limits.menu_options_max > 0;
        let choices = self.board_choices(l, !menus)?;
        let (row, g) = (&l.row, &l.game);
        let to_move =
            row.is_active() && !g.is_over() && matches!(row.seat(g.side_to_move()), Seat::Human(_));
        if !menus || !to_move {
            return Ok((Vec::new(), choices));
        }
        let buttons = choices.iter().map(Vec::len).sum();
        let placeholder = |first: &str, last: &str| {
            self.t(
                "select-move",
                Some(&args![("first", first), ("last", last)]),
            )
        };
        let menus = move_menus(row.id, row.ply, g, limits, buttons, placeholder);
        Ok((menus, choices))
    }

    /// The buttons of a game's board: the moves (`moves`: as buttons), draw
    /// and resign for a person to move; rematch when the game is over (not
    /// in a tournament); flip always.
    fn board_choices(&self, l: &Loaded, moves: bool) -> Res<Vec<Vec<Choice>>> {
        let (row, g) = (&l.row, &l.game);
        let flip = Payload::Flip { game: row.id }.button(self.t("button-flip", None));
        let active = row.is_active() && !g.is_over();
        let mut choices = Vec::new();
        if active {
            if let Seat::Human(_) = row.seat(g.side_to_move()) {
                if moves {
                    choices = move_choices(row.id, row.ply, g, None, "");
                }
                let mut last = vec![
                    Payload::Draw { game: row.id }.button(self.t("button-draw", None)),
                    Payload::Resign { game: row.id }.button(self.t("button-resign", None)),
                    flip,
                ];
                last.extend(self.open_board_button(row));
                choices.push(last);
                return Ok(choices);
            }
        } else {
            // the game is over: look back at it (analysis and replay, in
            // every variant), or play again
            let mut row_of =
                vec![Payload::Analyse { game: row.id }.button(self.t("button-analyse", None))];
            row_of.push(Payload::Replay { game: row.id }.button(self.t("button-replay", None)));
            if store::tournament_game_of(self.c, row.id)?.is_none() {
                row_of
                    .push(Payload::Rematch { game: row.id }.button(self.t("button-rematch", None)));
            }
            row_of.push(flip);
            row_of.extend(self.open_board_button(row));
            choices.push(row_of);
            return Ok(choices);
        }
        let mut last = vec![flip];
        last.extend(self.open_board_button(row));
        choices.push(last);
        Ok(choices)
    }

    /// "Open board" on Telegram: the direct link of the bot's Mini App on
    /// this game (`[web] mini_app` and `public_url` set), which works in
    /// groups; elsewhere none (Discord has a button: [`Self::open_board_button`]).
    pub(crate) fn open_board_link(&self, row: &GameRow) -> Option<Link> {
        let web = &self.config().web;
        let app = web.mini_app.clone()?;
        (self.platform == Platform::Telegram && web.public_url.is_some()).then(|| Link {
            label: self.t("button-open-board", None),
            to: LinkTo::MiniApp { game: row.id, app },
        })
    }

    /// "Open board" on Discord (`[web] public_url` set): a button whose
    /// press answers the presser alone with their own signed link.
    fn open_board_button(&self, row: &GameRow) -> Option<Choice> {
        (self.platform == Platform::Discord && self.config().web.public_url.is_some())
            .then(|| Payload::Web { game: row.id }.button(self.t("button-open-board", None)))
    }

    /// The platform id of a chat (this action's chat when it is the same).
    pub(crate) fn chat_of(&self, chat_id: ChatId) -> Res<String> {
        if chat_id == self.chat.id {
            return Ok(self.chat.platform_chat_id.clone());
        }
        Ok(store::chat(self.c, chat_id)?
            .map(|c| c.platform_chat_id)
            .unwrap_or_else(|| self.chat.platform_chat_id.clone()))
    }
}
