//! Building replies, in one place: texts ([`text`]), buttons ([`buttons`])
//! and boards ([`board`]). A [`Draft`] is a reply before its board is drawn;
//! boards are drawn after the transaction has committed.

pub(crate) mod board;
pub(crate) mod buttons;
pub(crate) mod text;

use super::types::{Choice, Image, Mention, Platform, Reply, Target};
use super::Service;
use crate::render::{self, LastMove, RenderOptions, Theme};
use shashki_engine::{Move, Position};

/// A board to draw once the transaction has committed.
#[derive(Debug, Clone)]
pub(crate) struct BoardView {
    pub position: Position,
    /// The position before the last move, and the move (drawn as a path).
    pub last: Option<(Position, Move)>,
    pub flip: bool,
    pub theme: Theme,
    pub caption: String,
    /// Names the image file: `board-<name>.png`.
    pub name: String,
}

/// A reply before its board is drawn.
#[derive(Debug, Clone)]
pub(crate) struct Draft {
    pub target: Target,
    pub text: String,
    pub board: Option<BoardView>,
    pub choices: Vec<Vec<Choice>>,
    pub mentions: Vec<Mention>,
    pub game_id: Option<i64>,
    pub document: Option<(String, String)>,
    /// A ready picture that is not a board (a crosstable); a board wins.
    pub image: Option<Image>,
}

impl Draft {
    pub fn text(target: Target, text: String) -> Draft {
        Draft {
            target,
            text,
            board: None,
            choices: Vec::new(),
            mentions: Vec::new(),
            game_id: None,
            document: None,
            image: None,
        }
    }
}

impl Service {
    /// Draw the board of a draft and make it a reply.
    pub(crate) fn finish_draft(&self, d: Draft, platform: Platform) -> Reply {
        let (image, diagram) = match d.board {
            Some(b) => {
                let opts = RenderOptions {
                    size: self.config.board_size,
                    theme: b.theme,
                    flip: b.flip,
                    last_move: b.last.map(|(before, mv)| LastMove::from_move(&before, &mv)),
                    caption: Some(b.caption),
                    ..RenderOptions::default()
                };
                let diagram = b.position.to_string();
                let position = b.position;
                let image = Image::lazy(format!("board-{}.png", b.name), move || {
                    render::render_png(&position, &opts)
                });
                (Some(image), Some(diagram))
            }
            None => (d.image, None),
        };
        Reply {
            platform,
            target: d.target,
            text: d.text,
            image,
            diagram,
            choices: d.choices,
            mentions: d.mentions,
            game_id: d.game_id,
            document: d.document,
        }
    }
}
