//! Board images for the chats: PNG boards and animated GIF replays.
//!
//! ```
//! use shashki::engine::Position;
//! use shashki::render::{render_png, RenderOptions, Theme};
//!
//! let opts = RenderOptions { size: 320, theme: Theme::Contrast, ..RenderOptions::default() };
//! let png = render_png(&Position::initial(), &opts);
//! assert_eq!(&png[1..4], b"PNG");
//! ```
//!
//! What an image shows: the board (8×8, or 10×10 and 10×8 from a
//! `Position<Board10>` or `Position<Board10x8>`: one drawing code generic
//! over the shape, see [`BoardShape`]) with coordinates on all four edges;
//! men and kings (a golden crown); optionally the last move (from and to
//! squares highlighted, the capture path drawn, captured pieces as faded
//! ghosts under a cross), the selected piece and its legal destinations
//! (dots), a side-to-move disc in the frame corner on the mover's side, and a
//! caption strip. Everything that depends only on the theme, size and
//! orientation (the empty board, piece sprites) is drawn once and cached, so
//! an image costs a copy, a few dozen sprite blits and the PNG encoding.

mod assets;
pub mod crosstable;
mod encode;
mod gif;
pub mod graph;
mod last_move;
mod layout;
mod quant;
mod raster;
mod shape;
mod theme;
mod towers;
mod vigman;

pub use gif::{
    frames_from_replay, frames_from_replay_in, render_gif, render_tower_gif, render_vigman_gif,
    Frame, GifOptions, TowerFrame, VigmanFrame,
};
pub use last_move::{CapturedPiece, LastMove, LastMoveError};
pub use layout::Layout;
pub use shape::{BoardShape, FrameLabels};
pub use theme::{Theme, UnknownTheme};
pub use towers::{render_towers, render_towers_png, Tower};
pub use vigman::{render_vigman, render_vigman_png, Cell};

use crate::engine::{Board8, Color, Position, Square, Variant8};
use image::RgbImage;

/// Smallest image width [`render`] draws (smaller requests are raised).
pub const MIN_SIZE: u32 = 160;
/// Largest image width [`render`] draws (larger requests are lowered).
pub const MAX_SIZE: u32 = 2048;

/// What to draw besides the pieces, and how, on the board `S` (8×8 unless
/// named: [`RenderOptions::for_shape`] gives the defaults of another).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions<S: BoardShape = Board8> {
    /// Image width in pixels, frame included (clamped to
    /// [`MIN_SIZE`]..=[`MAX_SIZE`]). The image is square unless a caption
    /// adds a strip below.
    pub size: u32,
    pub theme: Theme,
    /// Draw from Black's side (a1 at the top right).
    pub flip: bool,
    /// The move that led to this position, highlighted.
    pub last_move: Option<LastMove<S>>,
    /// A selected piece's square, tinted (button play).
    pub selected: Option<Square<S>>,
    /// Squares marked with a dot (the selected piece's legal destinations).
    pub legal_targets: Vec<Square<S>>,
    /// A small disc in the frame corner on the side of the player to move.
    pub show_side_to_move: bool,
    /// A line of text under the board (players, move number); Latin and
    /// Cyrillic. Shrunk to fit the width.
    pub caption: Option<String>,
    /// Number the empty dark squares 1–32 in the variant's numbering
    /// (English draughts: 1 = b8, 32 = g1), small in each square's corner;
    /// on the wider boards in PDN's numbering (10×10: 1–50).
    pub numbered: bool,
    /// Whose board this is: Italian and Portuguese boards are mirrored
    /// (a dark square in each player's right-hand corner) and carry the
    /// numbers of the edge squares in the frame instead of a–h and 1–8;
    /// [`RenderOptions::numbered`] numbers in the variant's numbering.
    /// The 8×8 variants only: the wider boards have one look each
    /// ([`BoardShape::FRAME`]).
    pub variant: Variant8,
}

impl Default for RenderOptions {
    /// 640 px, classic theme, White at the bottom, side-to-move marker on.
    fn default() -> Self {
        RenderOptions::for_shape()
    }
}

impl<S: BoardShape> RenderOptions<S> {
    /// The defaults on the board `S`: 640 px, classic theme, White at the
    /// bottom, side-to-move marker on.
    pub fn for_shape() -> Self {
        RenderOptions {
            size: 640,
            theme: Theme::Classic,
            flip: false,
            last_move: None,
            selected: None,
            legal_targets: Vec::new(),
            show_side_to_move: true,
            caption: None,
            numbered: false,
            variant: Variant8::Russian,
        }
    }

    /// The layout these options give (clamped size).
    pub fn layout(&self) -> Layout {
        Layout::of::<S>(
            self.size.clamp(MIN_SIZE, MAX_SIZE),
            self.flip,
            S::mirrored(self.variant),
        )
    }
}

/// Draw a position as an RGB image.
pub fn render<S: BoardShape>(pos: &Position<S>, opts: &RenderOptions<S>) -> RgbImage {
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
    render_with(
        &assets::get::<S>(opts.theme, size, opts.flip, opts.variant),
        pos,
        opts,
    )
}

fn render_with<S: BoardShape>(
    a: &assets::Assets,
    pos: &Position<S>,
    opts: &RenderOptions<S>,
) -> RgbImage {
    let l = a.layout;
    let (size, board_h) = (l.width, l.height());
    let pal = opts.theme.palette();
    let cap_h = if opts.caption.is_some() {
        l.caption_height()
    } else {
        0
    };
    let mut buf = Vec::with_capacity((size * (board_h + cap_h) * 3) as usize);
    buf.extend_from_slice(&a.base);
    for _ in 0..size * cap_h {
        buf.extend_from_slice(&pal.frame);
    }
    let mut img = RgbImage::from_raw(size, board_h + cap_h, buf).expect("buffer fits");

    // a hand-made LastMove with fewer than two squares is ignored
    let last = opts.last_move.as_ref().filter(|lm| lm.path.len() >= 2);
    // squares: last move, selection
    let fill = |img: &mut RgbImage, sq: Square<S>, c| {
        let (x, y, s) = l.square_rect(sq);
        raster::fill_rect(img, x, y, s, s, c);
    };
    if let Some(lm) = last {
        fill(&mut img, lm.from(), pal.last);
        fill(&mut img, lm.to(), pal.last);
    }
    if let Some(sel) = opts.selected {
        fill(&mut img, sel, pal.selected);
    }
    if opts.numbered {
        let font = assets::bold_font();
        let px = (l.square as f32 * 0.26).max(7.0);
        // on the empty squares (a piece would cover half of it)
        for sq in Square::<S>::every().filter(|&sq| pos.piece_at(sq).is_none()) {
            let (x, y, _) = l.square_rect(sq);
            let digits = S::number(opts.variant, sq).to_string();
            let mut cx = x as f32 + px * 0.55;
            for ch in digits.chars() {
                assets::draw_centered(&mut img, font, px, ch, cx, y as f32 + px * 0.7, pal.coord);
                cx += px * 0.62;
            }
        }
    }
    // captured pieces' ghosts, under the path line
    let at = |sq: Square<S>| {
        let (x, y, _) = l.square_rect(sq);
        (x as i32, y as i32)
    };
    if let Some(lm) = last {
        for c in &lm.captured {
            if pos.piece_at(c.square).is_none() {
                let (x, y) = at(c.square);
                a.ghosts[assets::piece_index(c.piece.color, c.piece.kind)].blit(&mut img, x, y);
            }
        }
        if lm.is_capture() {
            draw_path(&mut img, &l, lm, pal);
        }
    }
    for (sq, p) in pos.pieces() {
        let (x, y) = at(sq);
        a.pieces[assets::piece_index(p.color, p.kind)].blit(&mut img, x, y);
    }
    if let Some(lm) = last {
        for c in &lm.captured {
            if pos.piece_at(c.square).is_none() {
                let (x, y) = at(c.square);
                a.mark.blit(&mut img, x, y);
            }
        }
    }
    for &t in &opts.legal_targets {
        let (x, y) = at(t);
        a.dot.blit(&mut img, x, y);
    }
    if opts.show_side_to_move {
        let side = pos.side_to_move();
        let bottom = (side == Color::White) != opts.flip;
        let x = l.frame + l.files * l.square;
        let y = if bottom {
            l.frame + l.ranks * l.square
        } else {
            0
        };
        a.markers[(side == Color::Black) as usize].blit(&mut img, x as i32, y as i32);
    }
    if let Some(text) = &opts.caption {
        draw_caption(&mut img, &l, text, pal.coord);
    }
    img
}

/// Draw a position and encode it as PNG: 8-bit indexed with the theme's
/// palette for this size.
pub fn render_png<S: BoardShape>(pos: &Position<S>, opts: &RenderOptions<S>) -> Vec<u8> {
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
    let a = assets::get::<S>(opts.theme, size, opts.flip, opts.variant);
    let img = render_with(&a, pos, opts);
    let q = quantizer::<S>(&a);
    encode::encode_indexed(
        img.width(),
        img.height(),
        &q.palette_bytes(),
        &q.indices(&img),
    )
}

/// The palette of an asset set of the board `S`, chosen from sample boards
/// on first use.
fn quantizer<S: BoardShape>(a: &assets::Assets) -> &quant::Quantizer {
    a.quant.get_or_init(|| {
        let base = RenderOptions {
            theme: a.theme,
            ..RenderOptions::for_shape()
        };
        let samples = S::samples(base)
            .iter()
            .map(|(pos, o)| render_with(a, pos, o))
            .collect::<Vec<_>>();
        quant::Quantizer::build(&samples)
    })
}

/// The capture path: a line through the centres of the start and landing
/// squares with dots where the piece landed, outlined for contrast.
fn draw_path<S: BoardShape>(
    img: &mut RgbImage,
    l: &Layout,
    lm: &LastMove<S>,
    pal: &theme::Palette,
) {
    let s = l.square as f32;
    let pts: Vec<(f32, f32)> = lm.path.iter().map(|&q| l.center_f(q)).collect();
    let segs: Vec<_> = pts.windows(2).map(|w| (w[0], w[1])).collect();
    let dots: Vec<_> = pts[..pts.len() - 1].iter().map(|&p| (p, p)).collect();
    let r = (0.05 * s).max(1.5);
    let dot_r = (0.12 * s).max(3.0);
    let o = (0.025 * s).max(1.0);
    raster::draw_capsules(img, &segs, r + o, pal.path_outline);
    raster::draw_capsules(img, &dots, dot_r + o, pal.path_outline);
    raster::draw_capsules(img, &segs, r, pal.path);
    raster::draw_capsules(img, &dots, dot_r, pal.path);
}

fn draw_caption(img: &mut RgbImage, l: &Layout, text: &str, colour: theme::Rgb) {
    use imageproc::drawing::{draw_text_mut, text_size};
    let font = assets::bold_font();
    let cap_h = l.caption_height();
    let avail = l.width.saturating_sub(2 * l.frame).max(1);
    let mut px = cap_h as f32 * 0.55;
    let (w, _) = text_size(px, font, text);
    if w > avail {
        px *= avail as f32 / w as f32;
    }
    let (_, h) = text_size(px, font, text);
    let top = l.height() + (cap_h.saturating_sub(h)) / 2;
    // drawn from the top of the line box, nudged up by the frame's top offset
    draw_text_mut(
        img,
        image::Rgb(colour),
        l.frame as i32,
        top as i32 - (cap_h / 8) as i32,
        px,
        font,
        text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Kind, Piece};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn px(img: &RgbImage, (x, y): (u32, u32)) -> [u8; 3] {
        img.get_pixel(x, y).0
    }

    #[test]
    fn kings_wear_a_crown_at_the_centre() {
        let pos = Position::from_fen("W:WKc3:BKf6").unwrap();
        for theme in Theme::ALL {
            let opts = RenderOptions {
                size: 320,
                theme,
                ..Default::default()
            };
            let img = render(&pos, &opts);
            let l = opts.layout();
            let pal = theme.palette();
            let w = px(&img, l.square_center(sq("c3")));
            let b = px(&img, l.square_center(sq("f6")));
            // the crown is lit a little, so compare loosely
            let close = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 24);
            assert!(close(w, pal.white.crown), "{theme}: {w:?}");
            assert!(close(b, pal.black.crown), "{theme}: {b:?}");
        }
    }

    #[test]
    fn men_show_their_body_colour_at_the_centre() {
        let pos = Position::initial();
        let opts = RenderOptions::default();
        let img = render(&pos, &opts);
        let l = opts.layout();
        let w = px(&img, l.square_center(sq("c3")));
        let b = px(&img, l.square_center(sq("f6")));
        assert!(
            w.iter().map(|&v| v as u32).sum::<u32>() > 600,
            "white man {w:?}"
        );
        assert!(
            b.iter().map(|&v| v as u32).sum::<u32>() < 200,
            "black man {b:?}"
        );
    }

    #[test]
    fn last_move_squares_are_highlighted() {
        let before = Position::initial();
        let mv = before
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "c3-d4")
            .unwrap();
        let after = before.make(&mv);
        let opts = RenderOptions {
            last_move: Some(LastMove::from_move(&before, &mv)),
            ..Default::default()
        };
        let img = render(&after, &opts);
        let l = opts.layout();
        let pal = Theme::Classic.palette();
        // the empty from-square is highlight colour at its corner and centre
        let (x, y, _) = l.square_rect(sq("c3"));
        assert_eq!(px(&img, (x + 1, y + 1)), pal.last);
        assert_eq!(px(&img, l.square_center(sq("c3"))), pal.last);
        // the to-square has the piece in the middle, highlight at the corner
        let (x, y, _) = l.square_rect(sq("d4"));
        assert_eq!(px(&img, (x + 1, y + 1)), pal.last);
        // an untouched dark square keeps its colour
        let (x, y, _) = l.square_rect(sq("e3"));
        assert_eq!(px(&img, (x + 1, y + 1)), pal.dark);
    }

    #[test]
    fn flip_moves_a1_to_the_top_right() {
        let mut pos = Position::empty(Color::White);
        pos.set(
            sq("a1"),
            Some(Piece {
                color: Color::Black,
                kind: Kind::Man,
            }),
        );
        let opts = RenderOptions {
            size: 320,
            flip: true,
            show_side_to_move: false,
            ..Default::default()
        };
        let img = render(&pos, &opts);
        let l = opts.layout();
        let top_right = (
            l.frame + 7 * l.square + l.square / 2,
            l.frame + l.square / 2,
        );
        assert_eq!(l.square_center(sq("a1")), top_right);
        let c = px(&img, top_right);
        assert!(
            c.iter().all(|&v| v < 90),
            "black man at top right, got {c:?}"
        );
        // and bottom left (h8) is an empty dark square
        let bottom_left = (l.frame + 2, l.frame + 7 * l.square + 2);
        assert_eq!(px(&img, bottom_left), Theme::Classic.palette().dark);
    }

    #[test]
    fn captured_pieces_get_a_cross_and_the_path_is_drawn() {
        let before = Position::from_fen("W:Wc3:Bd4,f6,h8").unwrap();
        let mv = before
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "c3:e5:g7")
            .unwrap();
        let after = before.make(&mv);
        let opts = RenderOptions {
            last_move: Some(LastMove::from_move(&before, &mv)),
            ..Default::default()
        };
        let img = render(&after, &opts);
        let l = opts.layout();
        let pal = Theme::Classic.palette();
        // the cross's centre on each captured square
        for s in ["d4", "f6"] {
            assert_eq!(px(&img, l.square_center(sq(s))), pal.mark, "{s}");
        }
        // the landing dot on e5 and the start dot on c3
        assert_eq!(px(&img, l.square_center(sq("e5"))), pal.path);
        assert_eq!(px(&img, l.square_center(sq("c3"))), pal.path);
    }

    #[test]
    fn targets_and_selection() {
        let pos = Position::initial();
        let opts = RenderOptions {
            selected: Some(sq("c3")),
            legal_targets: vec![sq("b4"), sq("d4")],
            ..Default::default()
        };
        let img = render(&pos, &opts);
        let l = opts.layout();
        let pal = Theme::Classic.palette();
        let (x, y, _) = l.square_rect(sq("c3"));
        assert_eq!(px(&img, (x + 1, y + 1)), pal.selected);
        let dot = px(&img, l.square_center(sq("d4")));
        assert!(dot[0] < pal.dark[0], "dot darkens the square: {dot:?}");
        let (x, y, _) = l.square_rect(sq("d4"));
        assert_eq!(px(&img, (x + 1, y + 1)), pal.dark);
    }

    #[test]
    fn numbered_squares_for_english_boards() {
        let pos = Position::initial();
        let plain = render(&pos, &RenderOptions::default());
        let opts = RenderOptions {
            numbered: true,
            ..Default::default()
        };
        let img = render(&pos, &opts);
        if let Ok(path) = std::env::var("SHASHKI_NUMBERED_PNG") {
            img.save(path).expect("saved");
        }
        let l = opts.layout();
        // an empty square (d4 = 22): ink in its corner, none on the plain board
        let (x, y, s) = l.square_rect(sq("d4"));
        let ink = |img: &RgbImage| {
            (x..x + s / 2)
                .flat_map(|x| (y..y + s / 2).map(move |y| (x, y)))
                .filter(|&p| px(img, p) != Theme::Classic.palette().dark)
                .count()
        };
        assert_eq!(ink(&plain), 0);
        assert!(ink(&img) > 5, "a number is drawn");
    }

    #[test]
    fn caption_adds_a_strip_and_side_marker_follows_the_mover() {
        let pos = Position::initial();
        let opts = RenderOptions {
            size: 320,
            caption: Some("Иван — Пётр, ход 1".into()),
            ..Default::default()
        };
        let img = render(&pos, &opts);
        let l = opts.layout();
        assert_eq!(img.height(), 320 + l.caption_height());
        let corner = l.frame + 8 * l.square + l.frame / 2;
        // White to move, White at the bottom: the disc is in the bottom right corner
        let bottom = px(&img, (corner, corner));
        let top = px(&img, (corner, l.frame / 2));
        assert_ne!(bottom, Theme::Classic.palette().frame);
        assert_eq!(top, Theme::Classic.palette().frame);
        // some caption ink
        let strip_has_ink = (0..img.width()).any(|x| {
            (320..img.height()).any(|y| img.get_pixel(x, y).0 == Theme::Classic.palette().coord)
        });
        assert!(strip_has_ink);
    }

    #[test]
    fn png_round_trips() {
        let before = Position::from_fen("W:Wc3,a1:Bd4,f6,h8,Kb8").unwrap();
        let mv = before.legal_moves()[0];
        for theme in Theme::ALL {
            let opts = RenderOptions {
                theme,
                last_move: Some(LastMove::from_move(&before, &mv)),
                caption: Some("Белые: Иван".into()),
                ..Default::default()
            };
            let pos = before.make(&mv);
            let want = render(&pos, &opts);
            // palette: the flat colours exact, the rest close
            let png = render_png(&pos, &opts);
            let got = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(got.dimensions(), want.dimensions());
            let (mut same, mut total) = (0u32, 0u64);
            for (a, b) in got.pixels().zip(want.pixels()) {
                same += (a == b) as u32;
                total += (0..3).map(|k| a.0[k].abs_diff(b.0[k]) as u64).sum::<u64>();
            }
            let n = want.width() * want.height();
            assert!(
                same * 100 > n * 93,
                "{theme}: only {same} of {n} pixels exact"
            );
            let mean = total as f64 / (3 * n) as f64;
            assert!(mean < 0.5, "{theme}: mean channel error {mean}");
            let l = opts.layout();
            for s in ["c3", "d4", "e5"] {
                let (x, y, _) = l.square_rect(sq(s));
                assert_eq!(got.get_pixel(x + 1, y + 1), want.get_pixel(x + 1, y + 1));
            }
        }
    }

    #[test]
    fn wide_boards_keep_the_width_and_centre_their_pieces() {
        use crate::engine::{Board10, Board10x8};
        let bright = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>() > 600;
        let dark = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>() < 200;
        // 10×10 from the start: Black on 1–20, White on 31–50, square image
        let o = RenderOptions::<Board10>::for_shape();
        let img = render(&Position::<Board10>::start(), &o);
        let l = o.layout();
        assert_eq!(img.dimensions(), (640, 640));
        assert_eq!(l.square, 56);
        for n in [1, 20] {
            let c = px(
                &img,
                l.square_center(Square::<Board10>::numbered(n).unwrap()),
            );
            assert!(dark(c), "black man on {n}: {c:?}");
        }
        for n in [31, 46, 50] {
            let c = px(
                &img,
                l.square_center(Square::<Board10>::numbered(n).unwrap()),
            );
            assert!(bright(c), "white man on {n}: {c:?}");
        }
        let empty = Square::<Board10>::numbered(25).unwrap();
        assert_eq!(
            px(&img, l.square_center(empty)),
            Theme::Classic.palette().dark
        );
        // 10×8: as wide, two ranks lower; a1 (36) top right from Black's side
        let o = RenderOptions::<Board10x8> {
            flip: true,
            ..RenderOptions::for_shape()
        };
        let img = render(&Position::<Board10x8>::start(), &o);
        let l = o.layout();
        assert_eq!(img.dimensions(), (640, 640 - 2 * l.square));
        let a1 = Square::<Board10x8>::numbered(36).unwrap();
        assert_eq!(l.cell(a1), (9, 0));
        assert!(bright(px(&img, l.square_center(a1))));
        let b8 = Square::<Board10x8>::numbered(1).unwrap();
        assert!(dark(px(&img, l.square_center(b8))));
        // and the PNG decodes to the same size
        let png = render_png(&Position::<Board10x8>::start(), &o);
        let got = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(got.dimensions(), img.dimensions());
    }

    #[test]
    fn theme_names_parse() {
        for t in Theme::ALL {
            assert_eq!(t.name().parse::<Theme>().unwrap(), t);
        }
        assert_eq!("Wooden".parse::<Theme>().unwrap(), Theme::Classic);
        let e = "neon".parse::<Theme>().unwrap_err().to_string();
        assert!(e.contains("neon") && e.contains("classic, contrast"), "{e}");
    }
}
