//! Where things go on the image: the frame, the squares, the caption strip.

use crate::engine::Square;

/// The geometry of a board image of a given width.
///
/// The board is square: a frame of [`Layout::frame`] pixels (the
/// coordinates) around 8×8 squares of [`Layout::square`] pixels. A caption,
/// when asked for, adds a strip of [`Layout::caption_height`] below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Width (and height without a caption) of the image in pixels.
    pub width: u32,
    /// Left and top frame width; the board starts at (`frame`, `frame`).
    pub frame: u32,
    /// Side of one square.
    pub square: u32,
    /// Black at the bottom (a1 top right).
    pub flip: bool,
    /// Mirrored left to right (Italian and Portuguese draughts: a1 at the
    /// bottom right, h1 light at the bottom left).
    pub mirror: bool,
}

impl Layout {
    /// The layout of a `width`-pixel image.
    pub fn new(width: u32, flip: bool) -> Layout {
        Layout::oriented(width, flip, false)
    }

    /// The layout of a `width`-pixel image, mirrored left to right when
    /// `mirror` (see [`Layout::mirror`]).
    pub fn oriented(width: u32, flip: bool, mirror: bool) -> Layout {
        let square = (width as f32 * 0.885 / 8.0).floor() as u32;
        let frame = (width - 8 * square) / 2;
        Layout {
            width,
            frame,
            square,
            flip,
            mirror,
        }
    }

    /// Height of the caption strip.
    pub fn caption_height(&self) -> u32 {
        (self.frame * 3 / 2).max(16)
    }

    /// Column and row on screen (0, 0 = top left) of a square.
    pub fn cell(&self, sq: Square) -> (u32, u32) {
        let (f, r) = (sq.file() as u32, sq.rank() as u32);
        let (c, r) = if self.flip { (7 - f, r) } else { (f, 7 - r) };
        if self.mirror {
            (7 - c, r)
        } else {
            (c, r)
        }
    }

    /// The square's cell: left, top, side.
    pub fn square_rect(&self, sq: Square) -> (u32, u32, u32) {
        let (c, r) = self.cell(sq);
        (
            self.frame + c * self.square,
            self.frame + r * self.square,
            self.square,
        )
    }

    /// The centre pixel of a square.
    pub fn square_center(&self, sq: Square) -> (u32, u32) {
        let (x, y, s) = self.square_rect(sq);
        (x + s / 2, y + s / 2)
    }

    /// The centre of a square in continuous coordinates.
    pub(crate) fn center_f(&self, sq: Square) -> (f32, f32) {
        let (x, y, s) = self.square_rect(sq);
        (x as f32 + s as f32 / 2.0, y as f32 + s as f32 / 2.0)
    }

    /// The dark square under pixel (`x`, `y`), if any.
    pub fn square_at(&self, x: u32, y: u32) -> Option<Square> {
        let board = 8 * self.square;
        if x < self.frame || y < self.frame || x >= self.frame + board || y >= self.frame + board {
            return None;
        }
        let (c, r) = (
            (x - self.frame) / self.square,
            (y - self.frame) / self.square,
        );
        let c = if self.mirror { 7 - c } else { c };
        let (f, rank) = if self.flip { (7 - c, r) } else { (c, 7 - r) };
        Square::from_coords(f as u8, rank as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_is_bottom_left_or_top_right() {
        let a1 = Square::parse("a1").unwrap();
        let l = Layout::new(640, false);
        assert_eq!(l.cell(a1), (0, 7));
        assert_eq!(Layout::new(640, true).cell(a1), (7, 0));
        let (x, y) = l.square_center(a1);
        assert_eq!(l.square_at(x, y), Some(a1));
        let f = Layout::new(640, true);
        let (x, y) = f.square_center(a1);
        assert_eq!(f.square_at(x, y), Some(a1));
    }

    #[test]
    fn a_mirrored_board_has_a1_bottom_right() {
        let a1 = Square::parse("a1").unwrap();
        let l = Layout::oriented(640, false, true);
        assert_eq!(l.cell(a1), (7, 7));
        assert_eq!(Layout::oriented(640, true, true).cell(a1), (0, 0));
        for flip in [false, true] {
            let l = Layout::oriented(640, flip, true);
            for sq in Square::all() {
                let (x, y) = l.square_center(sq);
                assert_eq!(l.square_at(x, y), Some(sq));
            }
        }
    }

    #[test]
    fn sizes_add_up() {
        for w in [160, 320, 480, 640, 1000, 2048] {
            let l = Layout::new(w, false);
            assert!(l.frame * 2 + 8 * l.square <= w);
            assert!(l.frame >= 8, "{w}: frame {}", l.frame);
        }
    }
}
