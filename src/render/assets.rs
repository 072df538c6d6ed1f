//! What every image of one theme, size and orientation shares, drawn once
//! and cached: the empty board with its frame and coordinates, and the
//! sprites of the pieces, ghosts, marks and dots.

use super::layout::Layout;
use super::quant::Quantizer;
use super::raster::{self, PieceLook, Sprite};
use super::shape::{BoardShape, FrameLabels};
use super::theme::{Rgb, Theme};
use crate::engine::{Color, Kind, Square, Variant8};
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::RgbImage;
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// DejaVu Sans Bold (Latin and Cyrillic), see assets/fonts/LICENSE-DejaVu.txt.
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The embedded bold font.
pub(crate) fn bold_font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(BOLD_TTF).expect("embedded font parses"))
}

/// The cached drawing material for one theme, size and orientation.
pub(crate) struct Assets {
    pub theme: Theme,
    pub layout: Layout,
    /// The empty board, frame and coordinates.
    pub base: RgbImage,
    /// Pieces indexed by [`piece_index`].
    pub pieces: [Sprite; 4],
    /// The same, faded: captured pieces.
    pub ghosts: [Sprite; 4],
    /// The cross over a captured piece.
    pub mark: Sprite,
    /// A legal destination.
    pub dot: Sprite,
    /// Small side-to-move discs (White, Black), one frame cell wide.
    pub markers: [Sprite; 2],
    /// The PNG/GIF palette, chosen on first use.
    pub quant: OnceLock<Quantizer>,
}

/// Index into [`Assets::pieces`].
pub(crate) fn piece_index(color: Color, kind: Kind) -> usize {
    (color == Color::Black) as usize * 2 + (kind == Kind::King) as usize
}

/// The cached assets of the board `S` (drawn on first use). Holds a
/// bounded number of variants; the least recently added go first.
///
/// A variant whose board is mirrored ([`Variant8::mirrored_board`]) gets its
/// own board: mirrored, with the numbers of the edge squares in the frame
/// instead of letters and digits; every other variant shares the Russian one.
/// Each board shape has its own assets (square size, frame, palette).
pub(crate) fn get<S: BoardShape>(
    theme: Theme,
    size: u32,
    flip: bool,
    variant: Variant8,
) -> Arc<Assets> {
    type Key = (Theme, u32, bool, Option<Variant8>, TypeId);
    type Cache = Mutex<(HashMap<Key, Arc<Assets>>, Vec<Key>)>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    const MAX_ENTRIES: usize = 16;
    let mirrored = Some(variant).filter(|&v| S::mirrored(v));
    let key = (theme, size, flip, mirrored, TypeId::of::<S>());
    let cache = CACHE.get_or_init(|| Mutex::new((HashMap::new(), Vec::new())));
    if let Some(a) = cache.lock().unwrap_or_else(|e| e.into_inner()).0.get(&key) {
        return Arc::clone(a);
    }
    // draw outside the lock; two threads may race to draw the same variant
    let assets = Arc::new(build::<S>(theme, size, flip, mirrored));
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let (map, order) = &mut *guard;
    if !map.contains_key(&key) {
        if order.len() >= MAX_ENTRIES {
            let old = order.remove(0);
            map.remove(&old);
        }
        order.push(key);
        map.insert(key, Arc::clone(&assets));
    }
    Arc::clone(map.get(&key).expect("just inserted"))
}

fn build<S: BoardShape>(theme: Theme, size: u32, flip: bool, mirrored: Option<Variant8>) -> Assets {
    let pal = theme.palette();
    let layout = Layout::of::<S>(size, flip, mirrored.is_some());
    let cell = layout.square;
    let look = |color: Color, king: bool| PieceLook {
        style: match color {
            Color::White => &pal.white,
            Color::Black => &pal.black,
        },
        king,
        radius: cell as f32 * 0.41,
        shading: pal.shading,
        shadow: pal.shadow,
    };
    let pieces = [
        raster::piece_sprite(cell, look(Color::White, false)),
        raster::piece_sprite(cell, look(Color::White, true)),
        raster::piece_sprite(cell, look(Color::Black, false)),
        raster::piece_sprite(cell, look(Color::Black, true)),
    ];
    // ghosts: flat (no shadow, no bevel) and faded, so they read as "gone"
    let flat = |color: Color, king: bool| {
        let mut l = look(color, king);
        l.shading = 0.0;
        l.shadow = 0.0;
        raster::piece_sprite(cell, l).faded(pal.ghost)
    };
    let ghosts = [
        flat(Color::White, false),
        flat(Color::White, true),
        flat(Color::Black, false),
        flat(Color::Black, true),
    ];
    let marker = |color: Color| {
        let mut l = look(color, false);
        l.radius = layout.frame as f32 * 0.30;
        l.shadow = 0.0;
        raster::piece_sprite(layout.frame, l)
    };
    Assets {
        theme,
        quant: OnceLock::new(),
        base: draw_base::<S>(theme, &layout, mirrored),
        layout,
        mark: raster::mark_sprite(cell, pal),
        dot: raster::dot_sprite(cell, cell as f32 * 0.16, pal.target, pal.target_alpha),
        markers: [marker(Color::White), marker(Color::Black)],
        pieces,
        ghosts,
    }
}

/// The empty board: frame, squares and the frame's labels. `mirrored` is
/// the variant of a mirrored board (numbered in the frame).
fn draw_base<S: BoardShape>(theme: Theme, l: &Layout, mirrored: Option<Variant8>) -> RgbImage {
    let pal = theme.palette();
    let mut img = RgbImage::from_pixel(l.width, l.height(), image::Rgb(pal.frame));
    let (across, down) = (l.files * l.square, l.ranks * l.square);
    // a thin dark line around the squares
    let edge = (l.square / 24).max(1);
    raster::fill_rect(
        &mut img,
        l.frame - edge,
        l.frame - edge,
        across + 2 * edge,
        down + 2 * edge,
        pal.frame_edge,
    );
    for row in 0..l.ranks {
        for col in 0..l.files {
            // the top left square is light, or dark when mirrored
            let dark = (row + col) % 2 == u32::from(!l.mirror);
            raster::fill_rect(
                &mut img,
                l.frame + col * l.square,
                l.frame + row * l.square,
                l.square,
                l.square,
                if dark { pal.dark } else { pal.light },
            );
        }
    }
    // coordinates on all four sides
    let font = bold_font();
    let px = (l.frame as f32 * 0.6).max(8.0);
    let near = l.frame as f32 / 2.0;
    // the right and bottom margins (the same, an odd pixel wider than the
    // left and top ones when the width is odd)
    let far_x = (l.frame + across) as f32 + (l.width - l.frame - across) as f32 / 2.0;
    let far_y = (l.frame + down) as f32 + (l.width - l.frame - across) as f32 / 2.0;
    let labels = match mirrored {
        Some(_) => FrameLabels::EdgeNumbers,
        None => S::FRAME,
    };
    let variant = mirrored.unwrap_or_default();
    let letters = match labels {
        FrameLabels::Letters => S::FILES,
        FrameLabels::EdgeNumbers => {
            // the numbers of the edge squares beside them (the Portuguese
            // federation's diagram 2), smaller: up to two digits in the frame
            let px = px * 0.85;
            let at = |i: u32| l.frame as f32 + (i as f32 + 0.5) * l.square as f32;
            for sq in Square::<S>::every() {
                let (c, r) = l.cell(sq);
                let digits = S::number(variant, sq).to_string();
                let mut spots = Vec::new();
                if c == 0 {
                    spots.push((near, at(r)));
                }
                if c == l.files - 1 {
                    spots.push((far_x, at(r)));
                }
                if r == 0 {
                    spots.push((at(c), near));
                }
                if r == l.ranks - 1 {
                    spots.push((at(c), far_y));
                }
                for (x, y) in spots {
                    draw_text_centered(&mut img, font, px, &digits, x, y, pal.coord);
                }
            }
            return img;
        }
    };
    let at = |i: u32| l.frame as f32 + (i as f32 + 0.5) * l.square as f32;
    for col in 0..l.files {
        let file = if l.flip { l.files - 1 - col } else { col };
        let letter = letters.get(file as usize).map_or('?', |&b| b as char);
        for y in [near, far_y] {
            draw_centered(&mut img, font, px, letter, at(col), y, pal.coord);
        }
    }
    for row in 0..l.ranks {
        let rank = if l.flip { row } else { l.ranks - 1 - row };
        let digits = (rank + 1).to_string();
        for x in [near, far_x] {
            draw_text_centered(&mut img, font, px, &digits, x, at(row), pal.coord);
        }
    }
    img
}

/// Draw a short text (digits) centred on (`cx`, `cy`), one character after
/// another at a fixed advance.
pub(crate) fn draw_text_centered(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    px: f32,
    text: &str,
    cx: f32,
    cy: f32,
    colour: Rgb,
) {
    let advance = px * 0.55;
    let n = text.chars().count() as f32;
    let mut x = cx - advance * (n - 1.0) / 2.0;
    for ch in text.chars() {
        draw_centered(img, font, px, ch, x, cy, colour);
        x += advance;
    }
}

/// Draw one character with its ink box centred on (`cx`, `cy`).
pub(crate) fn draw_centered(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    px: f32,
    ch: char,
    cx: f32,
    cy: f32,
    colour: Rgb,
) {
    let scaled = font.as_scaled(PxScale::from(px));
    let glyph = scaled.scaled_glyph(ch);
    let Some(outlined) = font.outline_glyph(glyph) else {
        return;
    };
    let b = outlined.px_bounds();
    // shift so the ink box centre lands on (cx, cy), snapped to whole pixels
    let ox = (cx - (b.min.x + b.max.x) / 2.0).round() as i32;
    let oy = (cy - (b.min.y + b.max.y) / 2.0).round() as i32;
    let (w, h) = (img.width() as i32, img.height() as i32);
    outlined.draw(|gx, gy, cov| {
        let x = b.min.x as i32 + gx as i32 + ox;
        let y = b.min.y as i32 + gy as i32 + oy;
        if x >= 0 && y >= 0 && x < w && y < h {
            let p = img.get_pixel_mut(x as u32, y as u32);
            let cov = cov.clamp(0.0, 1.0);
            for (d, &c) in p.0.iter_mut().zip(&colour) {
                let v = *d as f32;
                *d = (v + (c as f32 - v) * cov + 0.5) as u8;
            }
        }
    });
}
