//! Pictures as recipes: what a reply's image shows, small and serialisable,
//! drawn only when a front end sends it. A reply is written to the outbox
//! (SQLite) in the transaction of the event that made it, so its picture
//! must be reproducible after a restart without PNG bytes in the
//! transaction (drawing a board takes milliseconds and stays out of the
//! commit): a board is its position (bitboards), the last move's marks, theme,
//! orientation, caption and size; a replay its frames; an evaluation
//! graph its scores; a crosstable page the table it shows.

use crate::engine::{Color, Kind, Piece, Position, Square, Variant8};
use crate::render::{self, CapturedPiece, Frame, GifOptions, LastMove, RenderOptions, Theme};
use crate::tournament::crosstable::Crosstable;
use serde::{Deserialize, Serialize};

/// What an image shows, drawn by [`Picture::draw`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Picture {
    /// Bytes at hand (a test's picture; nothing the core makes).
    Ready { bytes: Vec<u8> },
    /// A board (PNG).
    Board(BoardPicture),
    /// A game as an animated GIF.
    Replay(ReplayPicture),
    /// An analysis' evaluation graph (PNG).
    Graph {
        scores: Vec<i32>,
        marks: Vec<String>,
        title: String,
    },
    /// One page of a tournament's crosstable (PNG), its labels in `lang`.
    Crosstable {
        table: Box<Crosstable>,
        lang: String,
        page: usize,
    },
}

/// The last move as drawn: the squares the piece passed (bit indices) and
/// the pieces it took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    pub path: Vec<u8>,
    /// (square's bit index, a white piece, a king)
    pub taken: Vec<(u8, bool, bool)>,
}

impl Marks {
    pub fn of(m: &LastMove) -> Marks {
        Marks {
            path: m.path.iter().map(|s| s.bit()).collect(),
            taken: m
                .captured
                .iter()
                .map(|c| {
                    (
                        c.square.bit(),
                        c.piece.color == Color::White,
                        c.piece.kind == Kind::King,
                    )
                })
                .collect(),
        }
    }

    fn last_move(&self) -> LastMove {
        LastMove {
            path: self
                .path
                .iter()
                .filter_map(|b| Square::from_bit(*b))
                .collect(),
            captured: self
                .taken
                .iter()
                .filter_map(|(b, white, king)| {
                    Some(CapturedPiece {
                        square: Square::from_bit(*b)?,
                        piece: Piece {
                            color: if *white { Color::White } else { Color::Black },
                            kind: if *king { Kind::King } else { Kind::Man },
                        },
                    })
                })
                .collect(),
        }
    }
}

/// A position as its bitboards: (white, black, kings, Black to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pos(pub u64, pub u64, pub u64, pub bool);

impl Pos {
    pub fn of(p: &Position) -> Pos {
        Pos(
            p.pieces_of(Color::White),
            p.pieces_of(Color::Black),
            p.kings(),
            p.side_to_move() == Color::Black,
        )
    }

    pub fn position(self) -> Position {
        let side = if self.3 { Color::Black } else { Color::White };
        Position::from_parts(self.0, self.1, self.2, side)
    }
}

/// A board: its position and how it is drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardPicture {
    pub pos: Pos,
    /// The variant's key (orientation, numbering); none: Russian.
    #[serde(default = "russian", skip_serializing_if = "is_russian")]
    pub variant: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Marks>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flip: bool,
    /// The theme's name; none: classic.
    #[serde(default = "classic", skip_serializing_if = "is_classic")]
    pub theme: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub numbered: bool,
    pub size: u32,
}

fn russian() -> String {
    "russian".into()
}

fn is_russian(v: &str) -> bool {
    v == "russian"
}

fn classic() -> String {
    "classic".into()
}

fn is_classic(t: &str) -> bool {
    t == "classic"
}

/// One frame of a replay.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FramePicture {
    pub pos: Pos,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Marks>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
}

/// A replay: its frames and how they are drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplayPicture {
    pub frames: Vec<FramePicture>,
    pub variant: String,
    pub flip: bool,
    pub theme: String,
    pub numbered: bool,
    pub size: u32,
    /// How long each move shows, in milliseconds.
    pub ply_ms: u32,
    /// A replay larger than this many bytes is drawn again at the smallest
    /// size.
    pub bytes_max: usize,
}

impl ReplayPicture {
    pub fn of_frames(frames: &[Frame]) -> Vec<FramePicture> {
        frames
            .iter()
            .map(|f| FramePicture {
                pos: Pos::of(&f.position),
                last: f.last_move.as_ref().map(Marks::of),
                caption: f.caption.clone(),
            })
            .collect()
    }
}

fn variant(key: &str) -> Variant8 {
    key.parse().unwrap_or_default()
}

fn theme(name: &str) -> Theme {
    name.parse().unwrap_or_default()
}

impl Picture {
    /// A board's text diagram (for text-only front ends); none for other
    /// pictures.
    pub fn diagram(&self) -> Option<String> {
        match self {
            Picture::Board(b) => Some(variant(&b.variant).diagram(&b.pos.position())),
            _ => None,
        }
    }

    /// The encoded image (a recipe that no longer parses draws what it can:
    /// the start position, the default theme).
    pub fn draw(&self) -> Vec<u8> {
        match self {
            Picture::Ready { bytes } => bytes.clone(),
            Picture::Board(b) => {
                let opts = RenderOptions {
                    size: b.size,
                    theme: theme(&b.theme),
                    flip: b.flip,
                    last_move: b.last.as_ref().map(Marks::last_move),
                    caption: b.caption.clone(),
                    numbered: b.numbered,
                    variant: variant(&b.variant),
                    ..RenderOptions::default()
                };
                render::render_png(&b.pos.position(), &opts)
            }
            Picture::Replay(r) => {
                let frames: Vec<Frame> = r
                    .frames
                    .iter()
                    .map(|f| Frame {
                        position: f.pos.position(),
                        last_move: f.last.as_ref().map(Marks::last_move),
                        caption: f.caption.clone(),
                    })
                    .collect();
                let opts = RenderOptions {
                    size: r.size,
                    theme: theme(&r.theme),
                    flip: r.flip,
                    numbered: r.numbered,
                    variant: variant(&r.variant),
                    ..RenderOptions::default()
                };
                let timing = GifOptions {
                    ply_ms: r.ply_ms,
                    ..GifOptions::default()
                };
                let gif = render::render_gif(&frames, &opts, &timing);
                if gif.len() <= r.bytes_max {
                    return gif;
                }
                let smaller = RenderOptions {
                    size: render::MIN_SIZE,
                    ..opts
                };
                render::render_gif(&frames, &smaller, &timing)
            }
            Picture::Graph {
                scores,
                marks,
                title,
            } => render::graph::eval_graph_png(scores, marks, title),
            Picture::Crosstable { table, lang, page } => {
                let mut ct = (**table).clone();
                let lang = super::i18n::Lang::from_code(lang).unwrap_or_default();
                ct.labels = super::tournaments::labels(lang);
                render::crosstable::crosstable_png(&ct, *page).unwrap_or_default()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_recipe_survives_serialisation_and_draws_the_same() {
        let before = Position::initial();
        let g = crate::engine::Game::from_position(Variant8::Russian, before);
        let mv = g.legal_moves()[0];
        let mut after = g.clone();
        after.play(&mv).unwrap();
        let last = LastMove::from_move(&before, &mv);
        let p = Picture::Board(BoardPicture {
            pos: Pos::of(after.position()),
            variant: "russian".into(),
            last: Some(Marks::of(&last)),
            flip: true,
            theme: "contrast".into(),
            caption: Some("Game #1".into()),
            numbered: false,
            size: 160,
        });
        let json = serde_json::to_string(&p).unwrap();
        let back: Picture = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        let direct = render::render_png(
            after.position(),
            &RenderOptions {
                size: 160,
                theme: Theme::Contrast,
                flip: true,
                last_move: Some(last),
                caption: Some("Game #1".into()),
                ..RenderOptions::default()
            },
        );
        assert_eq!(back.draw(), direct, "the recipe draws the same PNG");
    }

    #[test]
    fn a_reply_as_the_outbox_keeps_it_reads_back_the_same() {
        use crate::core::{Choice, ChoiceKind, Image, Mention, Platform, Reply, Target};
        let board = Picture::Board(BoardPicture {
            pos: Pos::of(&Position::initial()),
            variant: "russian".into(),
            last: None,
            flip: false,
            theme: "classic".into(),
            caption: Some("#1".into()),
            numbered: false,
            size: 640,
        });
        let choice = |l: &str, p: &str, kind| Choice {
            label: l.into(),
            payload: p.into(),
            kind,
        };
        let r = Reply {
            image: Some(Image::of("board-1.png", board).hidden()),
            choices: vec![
                vec![choice("c3-d4", "m:1:0:2", ChoiceKind::Move)],
                vec![
                    choice("Draw", "o:1", ChoiceKind::Neutral),
                    choice("Resign", "r:1", ChoiceKind::Negative),
                    choice("Yes", "a:1", ChoiceKind::Positive),
                ],
            ],
            mentions: vec![Mention {
                platform_user_id: "7".into(),
                name: "Anna".into(),
                handle: None,
            }],
            game_id: Some(crate::store::GameId(1)),
            thread: Some("5".into()),
            ..Reply::text(
                Platform::Console,
                Target::User {
                    chat: "c".into(),
                    user: "7".into(),
                },
                "Move 1",
            )
        };
        let json = serde_json::to_string(&r).unwrap();
        // short: defaults left out, buttons as arrays
        assert!(json.contains(r#"["c3-d4","m:1:0:2","m"]"#), "{json}");
        assert!(json.contains(r#"["Draw","o:1"]"#), "{json}");
        assert!(
            !json.contains("classic") && !json.contains("russian"),
            "{json}"
        );
        let back: Reply = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
    }
}
