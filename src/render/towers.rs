//! Bashni (Towers): a captured piece goes under the capturing piece, so a
//! square holds a stack. The engine has no towers yet; the renderer draws
//! them from a plain list of stacks ([`Tower`]).
//!
//! A tower is drawn as its top piece (the piece that moves it: man or
//! king, the usual sprite) with its whole composition beside it: a column
//! of chips at the square's right edge, one per piece, from the top piece
//! down to the bottom one, each in its colour (a king's chip carries a
//! crown-coloured band). A single piece is drawn as usual, without chips.

use super::{assets, raster, BoardShape, RenderOptions, MAX_SIZE, MIN_SIZE};
use crate::engine::{Board8, Color, Kind, Piece, Position, Shape, Square};
use image::RgbImage;

/// The pieces on one square, top first (the top piece owns the tower).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tower<S: Shape = Board8> {
    pub square: Square<S>,
    /// Top first; an empty list is an empty square.
    pub pieces: Vec<Piece>,
}

/// Most chips a column shows before they would be thinner than 3 px at
/// the smallest size: a taller tower shows its top pieces and a "+n".
const MAX_CHIPS: usize = 12;

/// Draw towers as an RGB image: the board with each tower's top piece, and
/// its composition beside it. `side` is the side to move. Two towers on
/// one square: the last one counts.
pub fn render_towers<S: BoardShape>(
    side: Color,
    towers: &[Tower<S>],
    opts: &RenderOptions<S>,
) -> RgbImage {
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
    let a = assets::get::<S>(opts.theme, size, opts.flip, opts.variant);
    draw(&a, side, towers, opts)
}

/// [`render_towers`] encoded as an indexed PNG (the theme's palette).
pub fn render_towers_png<S: BoardShape>(
    side: Color,
    towers: &[Tower<S>],
    opts: &RenderOptions<S>,
) -> Vec<u8> {
    let size = opts.size.clamp(MIN_SIZE, MAX_SIZE);
    let a = assets::get::<S>(opts.theme, size, opts.flip, opts.variant);
    let img = draw(&a, side, towers, opts);
    let q = super::quantizer::<S>(&a);
    super::encode::encode_indexed(
        img.width(),
        img.height(),
        &q.palette_bytes(),
        &q.indices(&img),
    )
}

pub(super) fn draw<S: BoardShape>(
    a: &assets::Assets,
    side: Color,
    towers: &[Tower<S>],
    opts: &RenderOptions<S>,
) -> RgbImage {
    let mut tops = Position::<S>::from_bitboards(0, 0, 0, side);
    for t in towers {
        tops.set(t.square, t.pieces.first().copied());
    }
    let mut img = super::render_with(a, &tops, opts);
    let l = a.layout;
    let pal = opts.theme.palette();
    let cell = l.square;
    let line = (cell / 40).max(1);
    let w = (cell * 26 / 100).max(5);
    for t in towers.iter().filter(|t| t.pieces.len() >= 2) {
        let (x, y, _) = l.square_rect(t.square);
        let shown = t.pieces.len().min(MAX_CHIPS);
        let room = cell - 2 * line;
        let h = (room / shown as u32).min(cell * 18 / 100).max(3);
        let top = y + line + (room - h * shown as u32) / 2;
        let left = x + cell - w - line;
        for (i, p) in t.pieces.iter().take(shown).enumerate() {
            let style = match p.color {
                Color::White => &pal.white,
                Color::Black => &pal.black,
            };
            let cy = top + i as u32 * h;
            // the contrast theme's black rim is white: outline each chip in
            // its rim colour, the gap between chips in the frame's edge
            raster::fill_rect(&mut img, left, cy, w, h, pal.frame_edge);
            raster::fill_rect(&mut img, left, cy, w, h - line, style.rim);
            let inset = line;
            if w > 2 * inset && h > line + 2 * inset {
                let (iw, ih) = (w - 2 * inset, h - line - 2 * inset);
                raster::fill_rect(&mut img, left + inset, cy + inset, iw, ih, style.body);
                if p.kind == Kind::King {
                    let band = (iw / 3).max(1);
                    raster::fill_rect(
                        &mut img,
                        left + inset + (iw - band) / 2,
                        cy + inset,
                        band,
                        ih,
                        style.crown,
                    );
                }
            }
        }
        if t.pieces.len() > shown {
            let more = format!("+{}", t.pieces.len() - shown);
            let px = (cell as f32 * 0.2).max(7.0);
            assets::draw_text_centered(
                &mut img,
                assets::bold_font(),
                px,
                &more,
                (left + w / 2) as f32 - px * 0.3,
                (y + cell) as f32 - px * 0.6,
                pal.mark,
            );
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Theme;

    fn piece(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    #[test]
    fn a_tower_of_five_shows_its_colours_top_to_bottom() {
        let (w, b) = (Color::White, Color::Black);
        let stack = vec![
            piece(w, Kind::King),
            piece(b, Kind::Man),
            piece(b, Kind::Man),
            piece(w, Kind::Man),
            piece(b, Kind::Man),
        ];
        let c3 = Square::parse("c3").unwrap();
        let f6 = Square::parse("f6").unwrap();
        let towers = vec![
            Tower {
                square: c3,
                pieces: stack.clone(),
            },
            Tower {
                square: f6,
                pieces: vec![piece(b, Kind::Man)],
            },
        ];
        for theme in Theme::ALL {
            let opts = RenderOptions {
                theme,
                ..RenderOptions::default()
            };
            let img = render_towers(Color::Black, &towers, &opts);
            if let Ok(dir) = std::env::var("SHASHKI_TOWERS_PNG_DIR") {
                let png = render_towers_png(Color::Black, &towers, &opts);
                std::fs::write(format!("{dir}/towers_{theme}.png"), png).unwrap();
            }
            let l = opts.layout();
            let pal = theme.palette();
            let cell = l.square;
            let line = (cell / 40).max(1);
            let w = (cell * 26 / 100).max(5);
            let room = cell - 2 * line;
            let h = (room / 5).min(cell * 18 / 100);
            let (x, y, _) = l.square_rect(c3);
            let top = y + line + (room - h * 5) / 2;
            // each chip's body colour near its left edge (a king's crown
            // band is in the middle), top to bottom
            let got: Vec<[u8; 3]> = (0..5)
                .map(|i| {
                    let px = x + cell - w - line + 2 * line + 1;
                    img.get_pixel(px, top + i * h + h / 2).0
                })
                .collect();
            let want: Vec<[u8; 3]> = stack
                .iter()
                .map(|p| match p.color {
                    Color::White => pal.white.body,
                    Color::Black => pal.black.body,
                })
                .collect();
            assert_eq!(got, want, "{theme}");
            // the king's chip has its crown band in the middle
            let mid = img.get_pixel(x + cell - line - w / 2 - 1, top + h / 2).0;
            assert_eq!(mid, pal.white.crown, "{theme}");
            // the top piece is drawn: a white king at the centre
            let c = img.get_pixel(x + cell / 2, y + cell / 2).0;
            let dist = |a: [u8; 3], b: [u8; 3]| -> u32 {
                a.iter().zip(b).map(|(x, y)| u32::from(x.abs_diff(y))).sum()
            };
            assert!(
                dist(c, pal.white.crown) < dist(c, pal.white.body),
                "{theme}: {c:?}"
            );
            // a single piece has no chips: f6 is drawn as on a plain board
            let mut plain = Position::empty(Color::Black);
            plain.set(f6, Some(piece(b, Kind::Man)));
            plain.set(c3, Some(stack[0]));
            let plain = crate::render::render(&plain, &opts);
            let (x, y, _) = l.square_rect(f6);
            for (dx, dy) in (0..cell).flat_map(|dx| (0..cell).map(move |dy| (dx, dy))) {
                assert_eq!(
                    img.get_pixel(x + dx, y + dy),
                    plain.get_pixel(x + dx, y + dy)
                );
            }
        }
    }

    #[test]
    fn a_tall_tower_says_how_many_more() {
        let c3 = Square::parse("c3").unwrap();
        let tall = Tower {
            square: c3,
            pieces: (0..20)
                .map(|i| {
                    piece(
                        if i % 2 == 0 {
                            Color::White
                        } else {
                            Color::Black
                        },
                        Kind::Man,
                    )
                })
                .collect(),
        };
        let short = Tower {
            pieces: tall.pieces[..MAX_CHIPS].to_vec(),
            ..tall.clone()
        };
        let opts = RenderOptions::default();
        let a = render_towers(Color::White, &[tall], &opts);
        let b = render_towers(Color::White, &[short], &opts);
        let pal = Theme::Classic.palette();
        let red = |img: &RgbImage| img.pixels().filter(|p| p.0 == pal.mark).count();
        assert!(red(&a) > red(&b), "a '+8' is written");
    }
}
