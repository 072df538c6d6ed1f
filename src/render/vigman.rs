//! Vigman's double game: pieces on the dark squares and on the light ones
//! (two games of Russian draughts on one board). The dark game is drawn as
//! any 8×8 board (its last move too); the light game's pieces are drawn on
//! their light squares with the same sprites, and its last sub-move's two
//! squares are tinted like the dark game's.

use super::{assets, raster, RenderOptions, MAX_SIZE, MIN_SIZE};
use crate::engine::vigman::{Squares, VigmanPosition};
use crate::engine::{Board8, Position};
use image::RgbImage;

/// A square of the whole 8×8 board, either colour: file 0 = a, rank 0 = 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

/// Draw a Vigman position. `last` is the last sub-move's start and end
/// (either colour); `opts.last_move` is ignored.
pub fn render_vigman(
    pos: &VigmanPosition,
    last: Option<(Cell, Cell)>,
    opts: &RenderOptions,
) -> RgbImage {
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
    let a = assets::get::<Board8>(opts.theme, size, opts.flip, opts.variant);
    draw(&a, pos, last, opts)
}

/// [`render_vigman`] encoded as an indexed PNG (the theme's palette).
pub fn render_vigman_png(
    pos: &VigmanPosition,
    last: Option<(Cell, Cell)>,
    opts: &RenderOptions,
) -> Vec<u8> {
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
    let a = assets::get::<Board8>(opts.theme, size, opts.flip, opts.variant);
    let img = draw(&a, pos, last, opts);
    let q = super::quantizer::<Board8>(&a);
    super::encode::encode_indexed(
        img.width(),
        img.height(),
        &q.palette_bytes(),
        &q.indices(&img),
    )
}

fn cell_rect(l: &super::Layout, c: Cell) -> (u32, u32, u32) {
    let (f, r) = (u32::from(c.file), u32::from(c.rank));
    let (col, row) = if l.flip { (7 - f, r) } else { (f, 7 - r) };
    (l.frame + col * l.square, l.frame + row * l.square, l.square)
}

/// A Vigman position drawn with the assets `a` (a board, or a replay's
/// frame: [`super::render_vigman_gif`]).
pub(super) fn draw(
    a: &assets::Assets,
    pos: &VigmanPosition,
    last: Option<(Cell, Cell)>,
    opts: &RenderOptions,
) -> RgbImage {
    let side = pos.side_to_move();
    let dark: Position = pos.board(Squares::Dark).with_side_to_move(side);
    let plain = RenderOptions {
        last_move: None,
        ..opts.clone()
    };
    let mut img = super::render_with(a, &dark, &plain);
    let l = a.layout;
    let pal = opts.theme.palette();
    if let Some((from, to)) = last {
        for c in [from, to] {
            let (x, y, s) = cell_rect(&l, c);
            raster::fill_rect(&mut img, x, y, s, s, pal.last);
            // a dark square's piece was under the tint: draw it again
            if let Some(p) = pos.piece_at(c.file, c.rank) {
                a.pieces[assets::piece_index(p.color, p.kind)].blit(&mut img, x as i32, y as i32);
            }
        }
    }
    for rank in 0..8u8 {
        for file in 0..8u8 {
            if (file + rank).is_multiple_of(2) {
                continue; // dark squares: drawn above
            }
            if let Some(p) = pos.piece_at(file, rank) {
                let (x, y, _) = cell_rect(&l, Cell { file, rank });
                a.pieces[assets::piece_index(p.color, p.kind)].blit(&mut img, x as i32, y as i32);
            }
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Theme;

    #[test]
    fn light_square_pieces_are_drawn_and_move_with_the_game() {
        let opts = RenderOptions {
            size: 320,
            theme: Theme::Classic,
            caption: None,
            ..RenderOptions::default()
        };
        let start = VigmanPosition::initial();
        let with = render_vigman(&start, None, &opts);
        // the same dark game alone: the light pieces make the difference
        let dark_only = super::super::render(start.board(Squares::Dark), &opts);
        let l = super::super::Layout::new(opts.size, false);
        // b1 and a8 are light: a White man and a Black man stand there
        for c in [Cell { file: 1, rank: 0 }, Cell { file: 0, rank: 7 }] {
            let (x, y, s) = cell_rect(&l, c);
            let centre = (x + s / 2, y + s / 2);
            assert_ne!(
                with.get_pixel(centre.0, centre.1),
                dark_only.get_pixel(centre.0, centre.1),
                "a piece on {c:?}"
            );
        }
        // e4 is light and empty at the start
        let (x, y, s) = cell_rect(&l, Cell { file: 4, rank: 3 });
        assert_eq!(
            with.get_pixel(x + s / 2, y + s / 2),
            dark_only.get_pixel(x + s / 2, y + s / 2)
        );
        let png = render_vigman_png(&start, None, &opts);
        assert_eq!(&png[1..4], b"PNG");
    }

    #[test]
    fn a_replay_has_a_frame_a_sub_move_and_shows_the_light_squares_pieces() {
        use crate::render::{render_vigman_gif, GifOptions, VigmanFrame};
        use image::AnimationDecoder;
        let opts = RenderOptions {
            size: 320,
            theme: Theme::Classic,
            caption: None,
            ..RenderOptions::default()
        };
        // White's turn: c3-d4 on the dark squares, b3-a4 on the light ones
        let start = VigmanPosition::initial();
        let mut frames = vec![VigmanFrame {
            position: start,
            last: None,
            caption: Some(String::new()),
        }];
        let mut at = start;
        for (text, caption) in [("c3-d4", "1. c3-d4"), ("b3-a4", "1. c3-d4 b3-a4")] {
            let mv = at.parse_move(text).unwrap();
            at = at.play(&mv);
            let path = crate::engine::AnyMove::Vigman(mv).path();
            let cell = |c: &crate::engine::Coord| Cell {
                file: c.file,
                rank: c.rank,
            };
            frames.push(VigmanFrame {
                position: at,
                last: Some((cell(&path[0]), cell(path.last().unwrap()))),
                caption: Some(caption.into()),
            });
        }
        let gif = render_vigman_gif(&frames, &opts, &GifOptions::default());
        let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        let decoded = dec.into_frames().collect_frames().unwrap();
        // the start and one frame a sub-move (each move's caption strip a
        // 20 ms sub-frame before it)
        let shown = decoded
            .iter()
            .filter(|f| f.delay().numer_denom_ms().0 > 20)
            .count();
        assert_eq!(shown, 3);
        let first = decoded.first().unwrap().buffer();
        let last = decoded.last().unwrap().buffer();
        // a4, a light square: empty at the start, White's man at the end
        // (the piece drawn over the last sub-move's tint)
        let l = super::super::Layout::new(opts.size, false);
        let (x, y, s) = cell_rect(&l, Cell { file: 0, rank: 3 });
        let (cx, cy) = (x + s / 2, y + s / 2);
        let want = render_vigman(
            &at,
            frames[2].last,
            &RenderOptions {
                caption: frames[2].caption.clone(),
                ..opts.clone()
            },
        );
        assert_eq!(last.dimensions(), want.dimensions(), "the caption strip");
        let close =
            |a: &image::Rgba<u8>, b: &image::Rgb<u8>| (0..3).all(|k| a.0[k].abs_diff(b.0[k]) <= 40);
        let close_rgb =
            |a: &image::Rgb<u8>, b: &image::Rgb<u8>| (0..3).all(|k| a.0[k].abs_diff(b.0[k]) <= 40);
        assert!(close(last.get_pixel(cx, cy), want.get_pixel(cx, cy)));
        let empty = render_vigman(&start, None, &opts);
        assert!(close(first.get_pixel(cx, cy), empty.get_pixel(cx, cy)));
        // the same tint over an empty a4 (the start has none there): the
        // man's outline and shading are what differ; the GIF's last frame
        // shows them as the board picture does
        let tinted = render_vigman(&start, frames[2].last, &opts);
        let square = (y..y + s).flat_map(|py| (x..x + s).map(move |px| (px, py)));
        let piece = square
            .clone()
            .filter(|&(px, py)| !close_rgb(want.get_pixel(px, py), tinted.get_pixel(px, py)))
            .count() as u32;
        assert!(piece > s * s / 10, "a man on a4: {piece} pixels");
        let off = square
            .filter(|&(px, py)| !close(last.get_pixel(px, py), want.get_pixel(px, py)))
            .count() as u32;
        assert!(
            off < s * s / 50,
            "the GIF's a4 is the board's: {off} pixels off"
        );
        // and the dark squares' game as the board draws it: White's man on d4
        let (x, y, s) = cell_rect(&l, Cell { file: 3, rank: 3 });
        let (dx, dy) = (x + s / 2, y + s / 2);
        assert!(close(last.get_pixel(dx, dy), want.get_pixel(dx, dy)));
    }
}
