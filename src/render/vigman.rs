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

fn draw(
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
}
