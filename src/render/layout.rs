//! Where things go on the image: the frame, the squares, the caption strip.

use crate::engine::{Shape, Square};

/// The geometry of a board image of a given width.
///
/// A frame of [`Layout::frame`] pixels (the coordinates) around
/// [`Layout::files`]×[`Layout::ranks`] squares of [`Layout::square`]
/// pixels; the squares shrink as the board widens, so every shape's image
/// has the same width (an 8×8 board is square, a 10×8 one lower). A
/// caption, when asked for, adds a strip of [`Layout::caption_height`]
/// below.
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
    /// Squares across (files) and down (ranks): 8×8, 10×10 or 10×8.
    pub files: u32,
    pub ranks: u32,
}

impl Layout {
    /// The layout of a `width`-pixel image.
    pub fn new(width: u32, flip: bool) -> Layout {
        Layout::oriented(width, flip, false)
    }

    /// The layout of a `width`-pixel image, mirrored left to right when
    /// `mirror` (see [`Layout::mirror`]).
    pub fn oriented(width: u32, flip: bool, mirror: bool) -> Layout {
        Layout::board(width, 8, 8, flip, mirror)
    }

    /// The layout of a `width`-pixel image of the board `S`.
    pub fn of<S: Shape>(width: u32, flip: bool, mirror: bool) -> Layout {
        Layout::board(width, S::WIDTH.into(), S::HEIGHT.into(), flip, mirror)
    }

    fn board(width: u32, files: u32, ranks: u32, flip: bool, mirror: bool) -> Layout {
        let square = (width as f32 * 0.885 / files as f32).floor() as u32;
        let frame = (width - files * square) / 2;
        Layout {
            width,
            frame,
            square,
            flip,
            mirror,
            files,
            ranks,
        }
    }

    /// Height of the board image without a caption: the frame's margins
    /// are the same as across (the width for a square board).
    pub fn height(&self) -> u32 {
        self.width - self.files * self.square + self.ranks * self.square
    }

    /// Height of the caption strip.
    pub fn caption_height(&self) -> u32 {
        (self.frame * 3 / 2).max(16)
    }

    /// Column and row on screen (0, 0 = top left) of a square.
    pub fn cell<S: Shape>(&self, sq: Square<S>) -> (u32, u32) {
        let (f, r) = (sq.file() as u32, sq.rank() as u32);
        let (last_c, last_r) = (self.files - 1, self.ranks - 1);
        let (c, r) = if self.flip {
            (last_c - f, r)
        } else {
            (f, last_r - r)
        };
        if self.mirror {
            (last_c - c, r)
        } else {
            (c, r)
        }
    }

    /// The square's cell: left, top, side.
    pub fn square_rect<S: Shape>(&self, sq: Square<S>) -> (u32, u32, u32) {
        let (c, r) = self.cell(sq);
        (
            self.frame + c * self.square,
            self.frame + r * self.square,
            self.square,
        )
    }

    /// The centre pixel of a square.
    pub fn square_center<S: Shape>(&self, sq: Square<S>) -> (u32, u32) {
        let (x, y, s) = self.square_rect(sq);
        (x + s / 2, y + s / 2)
    }

    /// The centre of a square in continuous coordinates.
    pub(crate) fn center_f<S: Shape>(&self, sq: Square<S>) -> (f32, f32) {
        let (x, y, s) = self.square_rect(sq);
        (x as f32 + s as f32 / 2.0, y as f32 + s as f32 / 2.0)
    }

    /// The dark square under pixel (`x`, `y`), if any.
    pub fn square_at<S: Shape>(&self, x: u32, y: u32) -> Option<Square<S>> {
        let (across, down) = (self.files * self.square, self.ranks * self.square);
        if x < self.frame || y < self.frame || x >= self.frame + across || y >= self.frame + down {
            return None;
        }
        let (c, r) = (
            (x - self.frame) / self.square,
            (y - self.frame) / self.square,
        );
        let (last_c, last_r) = (self.files - 1, self.ranks - 1);
        let c = if self.mirror { last_c - c } else { c };
        let (f, rank) = if self.flip {
            (last_c - c, r)
        } else {
            (c, last_r - r)
        };
        Square::at(f as u8, rank as u8)
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
    fn wide_boards_keep_the_width_and_map_back_and_forth() {
        use crate::engine::{Board10, Board10x8};
        for flip in [false, true] {
            let l = Layout::of::<Board10>(640, flip, false);
            assert_eq!((l.files, l.ranks, l.height()), (10, 10, 640));
            assert!(l.frame * 2 + 10 * l.square <= 640 && l.frame >= 8);
            for sq in Square::<Board10>::every() {
                let (x, y) = l.square_center(sq);
                assert_eq!(l.square_at::<Board10>(x, y), Some(sq));
            }
            let l = Layout::of::<Board10x8>(640, flip, false);
            assert_eq!(l.height(), 640 - 2 * l.square);
            for sq in Square::<Board10x8>::every() {
                let (x, y) = l.square_center(sq);
                assert_eq!(l.square_at::<Board10x8>(x, y), Some(sq));
            }
        }
        // 46 = a1 bottom left from White's side, top right from Black's
        let a1 = Square::<Board10>::numbered(46).unwrap();
        assert_eq!(Layout::of::<Board10>(640, false, false).cell(a1), (0, 9));
        assert_eq!(Layout::of::<Board10>(640, true, false).cell(a1), (9, 0));
        let a1 = Square::<Board10x8>::numbered(36).unwrap();
        assert_eq!(Layout::of::<Board10x8>(640, false, false).cell(a1), (0, 7));
        assert_eq!(Layout::of::<Board10x8>(640, true, false).cell(a1), (9, 0));
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
