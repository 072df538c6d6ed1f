//! Pictures as recipes: what a reply's image shows, small and serialisable,
//! drawn only when a front end sends it. A reply is written to the outbox
//! (SQLite) in the transaction of the event that made it, so its picture
//! must be reproducible after a restart without PNG bytes in the
//! transaction (drawing a board takes milliseconds and stays out of the
//! commit): a board is its position (bitboards), the last move's marks, theme,
//! orientation, caption and size; a replay its frames; an evaluation
//! graph its scores; a crosstable page the table it shows.

use crate::engine::towers::{parse_tower_fen, TowerPosition};
use crate::engine::vigman::VigmanPosition;
use crate::engine::{
    AnyMove, AnyPosition, Board10, Board10x8, Board8, BoardKind, Color, Coord, Kind, Piece,
    Position, Shape, Square, Variant, Variant8,
};
use crate::render::{
    self, BoardShape, CapturedPiece, Frame, GifOptions, LastMove, RenderOptions, Theme, Tower,
    TowerFrame, VigmanFrame,
};
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

/// The last move as drawn: the squares the piece passed (bit indices on
/// the variant's board; on Vigman's, whose pieces stand on both colours,
/// the square's index 0–63, a1 = 0, b1 = 1 … h8 = 63) and the pieces it
/// took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    pub path: Vec<u8>,
    /// (square's bit index, a white piece, a king)
    pub taken: Vec<(u8, bool, bool)>,
}

impl Marks {
    pub fn of<S: Shape>(m: &LastMove<S>) -> Marks {
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

    /// The last move `mv`, played in `before`, on any board: its path and
    /// the pieces it took (in Bashni the top of each tower jumped).
    pub fn of_any(before: &AnyPosition, mv: &AnyMove) -> Option<Marks> {
        Some(match (before, mv) {
            (AnyPosition::Eight(p), AnyMove::Eight(m)) => Marks::of(&LastMove::from_move(p, m)),
            (AnyPosition::Ten(p), AnyMove::Ten(m)) => Marks::of(&LastMove::from_move(p, m)),
            (AnyPosition::TenByEight(p), AnyMove::TenByEight(m)) => {
                Marks::of(&LastMove::from_move(p, m))
            }
            (AnyPosition::Towers(_), AnyMove::Towers(_)) => {
                let stacks = before.stacks();
                let bit = |c: &Coord| Square::<Board8>::at(c.file, c.rank).map(|s| s.bit());
                Marks {
                    path: mv.path().iter().filter_map(bit).collect(),
                    taken: mv
                        .captured()
                        .iter()
                        .filter_map(|c| {
                            let top = stacks.iter().find(|(at, _)| at == c)?.1.first()?;
                            Some((bit(c)?, top.color == Color::White, top.kind == Kind::King))
                        })
                        .collect(),
                }
            }
            (AnyPosition::Vigman(p), AnyMove::Vigman(_)) => {
                let index = |c: &Coord| (c.file < 8 && c.rank < 8).then(|| c.rank * 8 + c.file);
                Marks {
                    path: mv.path().iter().filter_map(index).collect(),
                    taken: mv
                        .captured()
                        .iter()
                        .filter_map(|c| {
                            let pc = p.piece_at(c.file, c.rank)?;
                            Some((index(c)?, pc.color == Color::White, pc.kind == Kind::King))
                        })
                        .collect(),
                }
            }
            _ => return None,
        })
    }

    /// A Vigman sub-move's start and end on the whole board (its path
    /// indexes all 64 squares, `rank * 8 + file`).
    fn cells(&self) -> Option<(render::Cell, render::Cell)> {
        let cell = |i: &u8| render::Cell {
            file: i % 8,
            rank: i / 8,
        };
        Some((cell(self.path.first()?), cell(self.path.last()?)))
    }

    fn last_move<S: Shape>(&self) -> LastMove<S> {
        LastMove {
            path: self
                .path
                .iter()
                .filter_map(|b| Square::with_bit(*b))
                .collect(),
            captured: self
                .taken
                .iter()
                .filter_map(|(b, white, king)| {
                    Some(CapturedPiece {
                        square: Square::with_bit(*b)?,
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

/// A position as its bitboards on the variant's board: (white, black,
/// kings, Black to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pos(pub u64, pub u64, pub u64, pub bool);

impl Pos {
    pub fn of<S: Shape>(p: &Position<S>) -> Pos {
        Pos(
            p.pieces_of(Color::White),
            p.pieces_of(Color::Black),
            p.kings(),
            p.side_to_move() == Color::Black,
        )
    }

    /// The bitboards of a position without towers (`None`: Bashni's and
    /// Vigman's, whose pictures carry their FEN instead).
    pub fn of_any(p: &AnyPosition) -> Option<Pos> {
        match p {
            AnyPosition::Eight(p) => Some(Pos::of(p)),
            AnyPosition::Ten(p) => Some(Pos::of(p)),
            AnyPosition::TenByEight(p) => Some(Pos::of(p)),
            // Bashni's and Vigman's (both colours of squares) carry their
            // FEN
            AnyPosition::Towers(_) | AnyPosition::Vigman(_) => None,
        }
    }

    pub fn position(self) -> Position {
        self.position_on()
    }

    /// The position on the board `S` (bits outside it are dropped).
    pub fn position_on<S: Shape>(self) -> Position<S> {
        let side = if self.3 { Color::Black } else { Color::White };
        Position::<S>::from_bitboards(self.0 & S::ALL, self.1 & S::ALL, self.2 & S::ALL, side)
    }
}

/// A board: its position and how it is drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardPicture {
    /// The pieces (on the variant's board; unused in Bashni).
    pub pos: Pos,
    /// The variant's key (board, orientation, numbering); none: Russian.
    #[serde(default = "russian", skip_serializing_if = "is_russian")]
    pub variant: String,
    /// Bashni: the position with its towers (its FEN, towers top first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub towers: Option<String>,
    /// Vigman's double game: the position with its pieces on both colours
    /// of squares (its FEN, `W2:…` when the second sub-move is due).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vigman: Option<String>,
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
    /// Bashni: the frame's towers (their FEN; `pos` is then unused).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub towers: Option<String>,
    /// Vigman's double game: the frame's position with its pieces on both
    /// colours (its FEN; `pos` is then unused; `last` indexes the whole
    /// board, `rank * 8 + file`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vigman: Option<String>,
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
    pub fn of_frames<S: Shape>(frames: &[Frame<S>]) -> Vec<FramePicture> {
        frames
            .iter()
            .map(|f| FramePicture {
                pos: Pos::of(&f.position),
                last: f.last_move.as_ref().map(Marks::of),
                caption: f.caption.clone(),
                towers: None,
                vigman: None,
            })
            .collect()
    }

    /// A Bashni replay: each frame's towers drawn as the board pictures
    /// draw them.
    fn draw_towers(&self) -> Vec<u8> {
        let frames: Vec<TowerFrame> = self
            .frames
            .iter()
            .map(|f| {
                let p = towers_of(f.towers.as_deref().unwrap_or_default());
                TowerFrame {
                    side: p.side_to_move(),
                    towers: towers_list(&p),
                    last_move: f.last.as_ref().map(Marks::last_move),
                    caption: f.caption.clone(),
                }
            })
            .collect();
        self.within_bytes(|o: &RenderOptions| render::render_tower_gif(&frames, o, &self.timing()))
    }

    /// A replay of Vigman's double game: each frame drawn as its board
    /// picture draws it (both colours' pieces, the last sub-move tinted).
    fn draw_vigman(&self) -> Vec<u8> {
        let frames: Vec<VigmanFrame> = self
            .frames
            .iter()
            .map(|f| VigmanFrame {
                position: vigman_of(f.vigman.as_deref().unwrap_or_default()),
                last: f.last.as_ref().and_then(Marks::cells),
                caption: f.caption.clone(),
            })
            .collect();
        self.within_bytes(|o: &RenderOptions| render::render_vigman_gif(&frames, o, &self.timing()))
    }

    /// The replay of a game on the board `S`.
    fn draw_on<S: BoardShape>(&self) -> Vec<u8> {
        let frames: Vec<Frame<S>> = self
            .frames
            .iter()
            .map(|f| Frame {
                position: f.pos.position_on::<S>(),
                last_move: f.last.as_ref().map(Marks::last_move),
                caption: f.caption.clone(),
            })
            .collect();
        self.within_bytes(|o| render::render_gif(&frames, o, &self.timing()))
    }

    fn timing(&self) -> GifOptions {
        GifOptions {
            ply_ms: self.ply_ms,
            ..GifOptions::default()
        }
    }

    /// What `draw` makes with the replay's options, drawn again at the
    /// smallest size when larger than [`ReplayPicture::bytes_max`].
    fn within_bytes<S: BoardShape>(&self, draw: impl Fn(&RenderOptions<S>) -> Vec<u8>) -> Vec<u8> {
        let opts = RenderOptions {
            variant: variant(&self.variant),
            ..options_on::<S>(self.size, &self.theme, self.flip, self.numbered, None)
        };
        let gif = draw(&opts);
        if gif.len() <= self.bytes_max {
            return gif;
        }
        draw(&RenderOptions {
            size: render::MIN_SIZE,
            ..opts
        })
    }
}

/// The 8×8 rule set a picture of `key` is drawn for (Russian for the
/// other boards, which have one look each).
fn variant(key: &str) -> Variant8 {
    Variant::from_key(key)
        .and_then(Variant::eight)
        .unwrap_or_default()
}

/// The board a picture of `key` is drawn on: 8×8 unless the key names a
/// variant of another board.
fn board(key: &str) -> BoardKind {
    Variant::from_key(key).map_or(BoardKind::Eight, Variant::board)
}

/// A Bashni position from a picture's FEN (an unreadable one: the start).
fn towers_of(fen: &str) -> TowerPosition {
    parse_tower_fen(fen).unwrap_or_else(|_| TowerPosition::initial())
}

/// The towers of a Bashni position as the renderer takes them.
fn towers_list(p: &TowerPosition) -> Vec<Tower> {
    AnyPosition::Towers(*p)
        .stacks()
        .into_iter()
        .filter_map(|(c, pieces)| {
            Some(Tower {
                square: Square::<Board8>::at(c.file, c.rank)?,
                pieces,
            })
        })
        .collect()
}

/// A Vigman position from a picture's FEN (an unreadable one: the start).
fn vigman_of(fen: &str) -> VigmanPosition {
    VigmanPosition::parse_fen(fen).unwrap_or_default()
}

/// Vigman's board as text: rank by rank from White's side, every square
/// (both colours), `w`/`b` men, `W`/`B` kings, `.` empty; then the side
/// to move and which of its two sub-moves is due.
fn vigman_diagram(fen: &str) -> String {
    use std::fmt::Write as _;
    let p = vigman_of(fen);
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let line: String = (0..8u8)
            .map(|file| match p.piece_at(file, rank) {
                None => '.',
                Some(pc) => match (pc.color, pc.kind) {
                    (Color::White, Kind::Man) => 'w',
                    (Color::White, Kind::King) => 'W',
                    (Color::Black, Kind::Man) => 'b',
                    (Color::Black, Kind::King) => 'B',
                },
            })
            .collect();
        let _ = writeln!(out, "{} {line}", rank + 1);
    }
    let _ = writeln!(out, "  abcdefgh");
    let sub = if p.is_second_sub_move() {
        "second"
    } else {
        "first"
    };
    let _ = write!(out, "{} to move ({sub} sub-move)", p.side_to_move());
    out
}

/// Vigman's board (PNG): both colours' pieces, the last sub-move's start
/// and end tinted.
fn draw_vigman(b: &BoardPicture, fen: &str) -> Vec<u8> {
    let last = b.last.as_ref().and_then(Marks::cells);
    let opts = RenderOptions {
        size: b.size,
        theme: theme(&b.theme),
        flip: b.flip,
        caption: b.caption.clone(),
        ..RenderOptions::default()
    };
    render::render_vigman_png(&vigman_of(fen), last, &opts)
}

/// A text diagram of a board that is not 8×8, or of towers: rank by rank
/// from White's side, `w`/`b` men, `W`/`B` kings (a tower by its top); on
/// 10×10 the empty squares by their numbers; Bashni's towers listed
/// under the board, top first.
fn wide_diagram(b: &BoardPicture) -> String {
    use std::fmt::Write as _;
    let letter = |p: &Piece| match (p.color, p.kind) {
        (Color::White, Kind::Man) => 'w',
        (Color::White, Kind::King) => 'W',
        (Color::Black, Kind::Man) => 'b',
        (Color::Black, Kind::King) => 'B',
    };
    if let Some(fen) = &b.towers {
        let p = towers_of(fen);
        let mut tops = Position::<Board8>::from_bitboards(0, 0, 0, p.side_to_move());
        let mut tall = Vec::new();
        for t in towers_list(&p) {
            tops.set(t.square, t.pieces.first().copied());
            if t.pieces.len() > 1 {
                let stack: String = t.pieces.iter().map(letter).collect();
                tall.push(format!("{}: {stack}", t.square));
            }
        }
        let mut out = tops.to_string();
        if !tall.is_empty() {
            let _ = write!(out, "\ntowers (top first): {}", tall.join(", "));
        }
        return out;
    }
    match board(&b.variant) {
        BoardKind::Ten => {
            let pos = b.pos.position_on::<Board10>();
            let mut out = String::new();
            for rank in (0..Board10::HEIGHT).rev() {
                let mut line = String::new();
                for file in 0..Board10::WIDTH {
                    line.push_str(&match Square::<Board10>::at(file, rank) {
                        None => "   ".to_string(),
                        Some(sq) => match pos.piece_at(sq) {
                            None => format!("{:>2} ", sq.pdn()),
                            Some(p) => format!(" {} ", letter(&p)),
                        },
                    });
                }
                let _ = writeln!(out, "{}", line.trim_end());
            }
            let _ = write!(out, "{} to move", pos.side_to_move());
            out
        }
        BoardKind::TenByEight => b.pos.position_on::<Board10x8>().to_string(),
        BoardKind::Eight => b.pos.position_on::<Board8>().to_string(),
    }
}

/// The options of a board or replay picture on the board `S`.
fn options_on<S: BoardShape>(
    size: u32,
    theme_name: &str,
    flip: bool,
    numbered: bool,
    caption: Option<String>,
) -> RenderOptions<S> {
    RenderOptions {
        size,
        theme: theme(theme_name),
        flip,
        numbered,
        caption,
        ..RenderOptions::for_shape()
    }
}

/// A board of another shape than 8×8 (or Bashni's towers).
fn draw_wide(b: &BoardPicture) -> Vec<u8> {
    fn flat<S: BoardShape>(b: &BoardPicture) -> Vec<u8> {
        let opts = RenderOptions {
            last_move: b.last.as_ref().map(Marks::last_move),
            ..options_on::<S>(b.size, &b.theme, b.flip, b.numbered, b.caption.clone())
        };
        render::render_png(&b.pos.position_on::<S>(), &opts)
    }
    if let Some(fen) = &b.towers {
        let p = towers_of(fen);
        let opts = RenderOptions {
            last_move: b.last.as_ref().map(Marks::last_move),
            ..options_on::<Board8>(b.size, &b.theme, b.flip, b.numbered, b.caption.clone())
        };
        return render::render_towers_png(p.side_to_move(), &towers_list(&p), &opts);
    }
    match board(&b.variant) {
        BoardKind::Ten => flat::<Board10>(b),
        BoardKind::TenByEight => flat::<Board10x8>(b),
        BoardKind::Eight => flat::<Board8>(b),
    }
}

/// Whether a picture of `key` is drawn by [`draw_wide`].
fn is_wide(b: &BoardPicture) -> bool {
    b.towers.is_some() || board(&b.variant) != BoardKind::Eight
}

fn theme(name: &str) -> Theme {
    name.parse().unwrap_or_default()
}

impl Picture {
    /// A board's text diagram (for text-only front ends); none for other
    /// pictures.
    pub fn diagram(&self) -> Option<String> {
        match self {
            Picture::Board(BoardPicture {
                vigman: Some(fen), ..
            }) => Some(vigman_diagram(fen)),
            Picture::Board(b) if is_wide(b) => Some(wide_diagram(b)),
            Picture::Board(b) => Some(variant(&b.variant).diagram(&b.pos.position())),
            _ => None,
        }
    }

    /// The encoded image (a recipe that no longer parses draws what it can:
    /// the start position, the default theme).
    pub fn draw(&self) -> Vec<u8> {
        match self {
            Picture::Ready { bytes } => bytes.clone(),
            Picture::Board(
                b @ BoardPicture {
                    vigman: Some(fen), ..
                },
            ) => draw_vigman(b, fen),
            Picture::Board(b) if is_wide(b) => draw_wide(b),
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
            Picture::Replay(r) if r.frames.iter().any(|f| f.towers.is_some()) => r.draw_towers(),
            Picture::Replay(r) if r.frames.iter().any(|f| f.vigman.is_some()) => r.draw_vigman(),
            Picture::Replay(r) if board(&r.variant) == BoardKind::Ten => r.draw_on::<Board10>(),
            Picture::Replay(r) if board(&r.variant) == BoardKind::TenByEight => {
                r.draw_on::<Board10x8>()
            }
            Picture::Replay(r) => r.draw_on::<Board8>(),
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
            towers: None,
            vigman: None,
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
    fn wide_and_tower_recipes_survive_serialisation_and_draw_their_board() {
        // International after 32-28: the 10×10 board, the move drawn
        let mut g = Variant::International.new_game();
        let before = g.position();
        let mv = g.play_text("32-28").unwrap();
        let p = Picture::Board(BoardPicture {
            pos: Pos::of_any(&g.position()).unwrap(),
            variant: "international".into(),
            towers: None,
            vigman: None,
            last: Marks::of_any(&before, &mv),
            flip: false,
            theme: "classic".into(),
            caption: None,
            numbered: true,
            size: 200,
        });
        let back: Picture = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        let AnyPosition::Ten(after) = g.position() else {
            panic!("a 10×10 position")
        };
        let AnyPosition::Ten(from) = before else {
            panic!("a 10×10 position")
        };
        let AnyMove::Ten(m) = mv else {
            panic!("a 10×10 move")
        };
        let direct = render::render_png(
            &after,
            &RenderOptions {
                size: 200,
                numbered: true,
                last_move: Some(LastMove::from_move(&from, &m)),
                ..RenderOptions::<Board10>::for_shape()
            },
        );
        assert_eq!(back.draw(), direct, "the recipe draws the 10×10 board");
        let diagram = back.diagram().unwrap();
        assert!(
            diagram.contains(" w ") && diagram.contains("32"),
            "{diagram}"
        );
        // Bashni: the towers travel as their FEN
        let mut t = Variant::Bashni.game_from_fen("W:Wc3:Bd4,h8").unwrap();
        let before = t.position();
        let mv = t.play_text("c3:e5").unwrap();
        let AnyPosition::Towers(tp) = t.position() else {
            panic!("towers")
        };
        let p = Picture::Board(BoardPicture {
            pos: Pos(0, 0, 0, true),
            variant: "bashni".into(),
            towers: Some(crate::engine::towers::to_tower_fen(&tp)),
            vigman: None,
            last: Marks::of_any(&before, &mv),
            flip: false,
            theme: "classic".into(),
            caption: None,
            numbered: false,
            size: 200,
        });
        let back: Picture = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        let Picture::Board(b) = &back else {
            panic!("a board")
        };
        // the black man taken is drawn as taken: d4, under the cross
        assert_eq!(b.last.as_ref().unwrap().taken.len(), 1);
        assert!(back.draw().starts_with(b"\x89PNG"));
        assert!(back.diagram().unwrap().contains("e5: wb"));
        // an 8×8 recipe of an old outbox row (no towers field) reads back
        let old = r#"{"t":"board","pos":[0,0,0,false],"size":160}"#;
        let Picture::Board(b) = serde_json::from_str::<Picture>(old).unwrap() else {
            panic!("a board")
        };
        assert_eq!((b.variant.as_str(), b.towers), ("russian", None));
    }

    #[test]
    fn a_vigman_replay_recipe_draws_a_frame_a_sub_move_within_its_size() {
        use image::AnimationDecoder;
        let mut g = Variant::Vigman.new_game();
        let frame = |g: &crate::engine::AnyGame, last, caption: &str| {
            let AnyPosition::Vigman(vp) = g.position() else {
                panic!("a Vigman position")
            };
            FramePicture {
                pos: Pos(0, 0, 0, false),
                last,
                caption: Some(caption.into()),
                towers: None,
                vigman: Some(vp.to_fen()),
            }
        };
        let mut frames = vec![frame(&g, None, "")];
        for text in ["c3-d4", "b3-a4", "h6-g5", "g7-h6"] {
            let before = g.position();
            let mv = g.play_text(text).unwrap();
            frames.push(frame(&g, Marks::of_any(&before, &mv), text));
        }
        let replay = |bytes_max| {
            Picture::Replay(ReplayPicture {
                frames: frames.clone(),
                variant: "vigman".into(),
                flip: false,
                theme: "classic".into(),
                numbered: false,
                size: 400,
                ply_ms: 1000,
                bytes_max,
            })
        };
        let p = replay(usize::MAX);
        let back: Picture = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        let decode = |gif: &[u8]| {
            let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).unwrap();
            dec.into_frames().collect_frames().unwrap()
        };
        let big = back.draw();
        let shown = decode(&big);
        // the start and a frame a sub-move (each caption a 20 ms sub-frame)
        let long = shown
            .iter()
            .filter(|f| f.delay().numer_denom_ms().0 > 20)
            .count();
        assert_eq!(long, 5);
        assert_eq!(shown[0].buffer().width(), 400);
        // larger than allowed: drawn again at the smallest size
        let small = replay(big.len() - 1).draw();
        assert!(small.len() < big.len());
        assert_eq!(decode(&small)[0].buffer().width(), render::MIN_SIZE);
    }

    #[test]
    fn a_vigman_recipe_carries_its_fen_and_draws_both_colours() {
        let mut g = Variant::Vigman.new_game();
        let before = g.position();
        let mv = g.play_text("b3-a4").unwrap();
        let AnyPosition::Vigman(vp) = g.position() else {
            panic!("a Vigman position")
        };
        let p = Picture::Board(BoardPicture {
            pos: Pos(0, 0, 0, false),
            variant: "vigman".into(),
            towers: None,
            vigman: Some(vp.to_fen()),
            last: Marks::of_any(&before, &mv),
            flip: false,
            theme: "classic".into(),
            caption: Some("#1".into()),
            numbered: false,
            size: 200,
        });
        let back: Picture = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
        let Picture::Board(b) = &back else {
            panic!("a board")
        };
        // b3 (index 17) to a4 (index 24): a sub-move on the light squares
        assert_eq!(b.last.as_ref().unwrap().path, [17, 24]);
        let direct = render::render_vigman_png(
            &vp,
            Some((
                render::Cell { file: 1, rank: 2 },
                render::Cell { file: 0, rank: 3 },
            )),
            &RenderOptions {
                size: 200,
                caption: Some("#1".into()),
                ..RenderOptions::default()
            },
        );
        assert_eq!(back.draw(), direct, "the recipe draws Vigman's board");
        let diagram = back.diagram().unwrap();
        assert!(diagram.contains("4 w.......\n3 w.wwwwww"), "{diagram}");
        assert!(diagram.contains("(second sub-move)"), "{diagram}");
    }

    #[test]
    fn a_reply_as_the_outbox_keeps_it_reads_back_the_same() {
        use crate::core::{Choice, ChoiceKind, Image, Mention, Platform, Reply, Target};
        let board = Picture::Board(BoardPicture {
            pos: Pos::of(&Position::initial()),
            variant: "russian".into(),
            towers: None,
            vigman: None,
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
