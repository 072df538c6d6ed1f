//! Crosstable images: one PNG a page of at most 20 players
//! ([`crate::tournament::crosstable::Crosstable::pages`]), 1080 px wide so a
//! phone shows it at its natural size.
//!
//! The look: a title bar, a dark heading row, alternating row shading, the
//! diagonal greyed, wins in green and losses in red, the points in both
//! scales, the first three places in gold, silver and bronze. The text size
//! is the largest (at most 26 px, at least 14 px) at which the column
//! contents and the names (or sixteen letters of them) fit; longer names
//! are cut with `…`.
//! The one embedded font, DejaVu Sans Bold, covers Latin and Cyrillic.

use super::assets::bold_font;
use crate::tournament::crosstable::{Cell, Crosstable, Page, Tone};
use crate::tournament::score::Status;
use ab_glyph::{Font, ScaleFont};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_text_mut, text_size};

/// Image width.
pub const WIDTH: u32 = 1080;
/// The smallest and largest text size in pixels.
pub const MIN_TEXT: f32 = 14.0;
pub const MAX_TEXT: f32 = 26.0;
const MARGIN: u32 = 16;

const BG: [u8; 3] = [255, 255, 255];
const STRIPE: [u8; 3] = [236, 241, 246];
const HEAD_BG: [u8; 3] = [44, 62, 80];
const HEAD_FG: [u8; 3] = [255, 255, 255];
const TEXT: [u8; 3] = [33, 37, 41];
const MUTED: [u8; 3] = [120, 128, 136];
const DIAGONAL: [u8; 3] = [160, 168, 176];
const WIN: [u8; 3] = [22, 120, 52];
const LOSS: [u8; 3] = [178, 34, 34];
const GRID: [u8; 3] = [206, 212, 218];
const MEDALS: [[u8; 3]; 3] = [[246, 211, 101], [214, 219, 224], [231, 178, 138]];

/// The pages of a crosstable as PNG images.
pub fn crosstable_pngs(ct: &Crosstable) -> Vec<Vec<u8>> {
    let pages = ct.pages();
    let total = pages.len();
    pages
        .iter()
        .enumerate()
        .map(|(i, p)| encode(&draw_page(ct, p, i + 1, total)))
        .collect()
}

/// Page `index` (0-based) of a crosstable as a PNG image; `None` past the
/// last page.
pub fn crosstable_png(ct: &Crosstable, index: usize) -> Option<Vec<u8>> {
    let pages = ct.pages();
    let page = pages.get(index)?;
    Some(encode(&draw_page(ct, page, index + 1, pages.len())))
}

/// One page as an image.
pub fn draw_page(ct: &Crosstable, page: &Page, number: usize, total: usize) -> RgbImage {
    let (px, widths) = measure(ct, page);
    paint(ct, page, number, total, px, widths)
}

/// The text size a page is drawn at.
pub fn text_px(ct: &Crosstable, page: &Page) -> f32 {
    measure(ct, page).0
}

/// The text size and the column widths (the name column second).
fn measure(ct: &Crosstable, page: &Page) -> (f32, Vec<u32>) {
    let font = bold_font();
    let l = &ct.labels;
    // the columns: number, name, results, points, tiebreaks, place
    let heads: Vec<String> = ct.columns[page.columns.clone()].to_vec();
    let cells: Vec<Vec<String>> = ct.rows[page.rows.clone()]
        .iter()
        .map(|r| {
            r.cells[page.columns.clone()]
                .iter()
                .map(|c| match c {
                    Cell::Text(t, _) => t.clone(),
                    _ => String::new(),
                })
                .collect()
        })
        .collect();
    let points: Vec<String> = ct.rows[page.rows.clone()]
        .iter()
        .map(|r| format!("{} ({})", r.points, r.classic))
        .collect();
    let widest = |px: f32, texts: &mut dyn Iterator<Item = &str>| -> u32 {
        texts.map(|t| text_size(px, font, t).0).max().unwrap_or(0)
    };
    // widths at a size: fixed columns, and what is left for the names
    let layout = |px: f32| -> (Vec<u32>, u32) {
        let pad = (px * 0.7) as u32;
        let mut w = Vec::new();
        let numbers: Vec<String> = page.rows.clone().map(|i| (i + 1).to_string()).collect();
        w.push(
            widest(
                px,
                &mut numbers.iter().map(|s| s.as_str()).chain([l.number]),
            ) + pad,
        );
        let result_w = widest(
            px,
            &mut heads
                .iter()
                .chain(cells.iter().flatten())
                .map(|s| s.as_str())
                .chain(["0"]),
        ) + pad;
        w.extend(std::iter::repeat_n(
            result_w.max((px * 1.6) as u32),
            heads.len(),
        ));
        w.push(widest(px, &mut points.iter().map(|s| s.as_str()).chain([l.points])) + pad);
        for (k, t) in ct.tiebreaks.iter().enumerate() {
            let vals = ct.rows[page.rows.clone()]
                .iter()
                .map(|r| r.tiebreaks[k].as_str());
            w.push(widest(px, &mut vals.chain([t.as_str()])) + pad);
        }
        let places = ct.rows[page.rows.clone()].iter().map(|r| r.place.as_str());
        w.push(widest(px, &mut places.chain([l.place])) + pad);
        let used: u32 = w.iter().sum::<u32>() + 2 * MARGIN;
        (w, WIDTH.saturating_sub(used))
    };
    // the largest size at which the names fit, or at least sixteen letters
    let fits = |px: f32| {
        let goal = widest(px, &mut ct.rows.iter().map(|r| r.name.as_str())) + (px * 0.7) as u32;
        let sixteen = text_size(px, font, "Wwwwwwwwwwwwwwww").0;
        layout(px).1 >= goal.min(sixteen)
    };
    let mut px = MAX_TEXT;
    while px > MIN_TEXT && !fits(px) {
        px -= 1.0;
    }
    let (mut widths, name_w) = layout(px);
    widths.insert(1, name_w);
    (px, widths)
}

fn paint(
    ct: &Crosstable,
    page: &Page,
    number: usize,
    total: usize,
    px: f32,
    widths: Vec<u32>,
) -> RgbImage {
    let font = bold_font();
    let l = &ct.labels;
    let name_w = widths[1];
    let heads: Vec<String> = ct.columns[page.columns.clone()].to_vec();
    let points: Vec<String> = ct.rows[page.rows.clone()]
        .iter()
        .map(|r| format!("{} ({})", r.points, r.classic))
        .collect();
    let row_h = (px * 1.9) as u32;
    let title_h = (px * 2.6) as u32;
    let rows = page.rows.len() as u32;
    let height = MARGIN + title_h + row_h * (rows + 1) + MARGIN;
    let mut img = RgbImage::from_pixel(WIDTH, height, Rgb(BG));
    let scaled = font.as_scaled(px);
    let line_h = scaled.height();

    // title
    let mut title = ct.title.clone();
    if total > 1 {
        title = format!("{title} · {} {number}/{total}", l.page);
    }
    let tpx = px * 1.3;
    let title = fit(&title, tpx, WIDTH - 2 * MARGIN);
    let ty = MARGIN as f32 + (title_h as f32 - font.as_scaled(tpx).height()) / 2.0;
    draw_text_mut(
        &mut img,
        Rgb(TEXT),
        MARGIN as i32,
        ty as i32,
        tpx,
        font,
        &title,
    );

    let top = MARGIN + title_h;
    let x0: Vec<u32> = widths
        .iter()
        .scan(MARGIN, |x, w| {
            let at = *x;
            *x += w;
            Some(at)
        })
        .collect();
    let results = 2..2 + heads.len();
    let text_at = |img: &mut RgbImage, col: usize, row_top: u32, text: &str, colour: [u8; 3]| {
        let w = text_size(px, font, text).0;
        let x = if col == 1 {
            x0[col] + (px * 0.35) as u32
        } else {
            x0[col] + widths[col].saturating_sub(w) / 2
        };
        let y = row_top as f32 + (row_h as f32 - line_h) / 2.0;
        draw_text_mut(img, Rgb(colour), x as i32, y as i32, px, font, text);
    };

    // heading row
    fill(&mut img, MARGIN, top, WIDTH - 2 * MARGIN, row_h, HEAD_BG);
    let mut head: Vec<String> = vec![l.number.into(), l.player.into()];
    head.extend(heads.iter().cloned());
    head.push(l.points.into());
    head.extend(ct.tiebreaks.iter().cloned());
    head.push(l.place.into());
    for (c, h) in head.iter().enumerate() {
        text_at(&mut img, c, top, h, HEAD_FG);
    }

    for (k, i) in page.rows.clone().enumerate() {
        let r = &ct.rows[i];
        let y = top + row_h * (k as u32 + 1);
        let shade = if k % 2 == 1 { STRIPE } else { BG };
        fill(&mut img, MARGIN, y, WIDTH - 2 * MARGIN, row_h, shade);
        let muted = r.status == Status::Annulled;
        let ink = if muted { MUTED } else { TEXT };
        text_at(&mut img, 0, y, &(i + 1).to_string(), MUTED);
        let name = fit(&r.name, px, name_w.saturating_sub((px * 0.7) as u32));
        text_at(&mut img, 1, y, &name, ink);
        for (c, j) in results.clone().zip(page.columns.clone()) {
            match &r.cells[j] {
                Cell::Diagonal => fill(
                    &mut img,
                    x0[c] + 1,
                    y + 1,
                    widths[c] - 2,
                    row_h - 2,
                    DIAGONAL,
                ),
                Cell::Empty => {}
                Cell::Text(t, tone) => {
                    let colour = match tone {
                        Tone::Win if !muted => WIN,
                        Tone::Loss if !muted => LOSS,
                        Tone::Draw if !muted => TEXT,
                        _ => MUTED,
                    };
                    text_at(&mut img, c, y, t, colour);
                }
            }
        }
        let pc = results.end;
        text_at(&mut img, pc, y, &points[k], ink);
        for (t, v) in r.tiebreaks.iter().enumerate() {
            text_at(&mut img, pc + 1 + t, y, v, ink);
        }
        let place_c = pc + 1 + r.tiebreaks.len();
        if let Some(medal) = r
            .place
            .split('–')
            .next()
            .and_then(|p| p.parse::<usize>().ok())
            .filter(|p| (1..=3).contains(p))
        {
            fill(
                &mut img,
                x0[place_c] + 2,
                y + 2,
                widths[place_c] - 4,
                row_h - 4,
                MEDALS[medal - 1],
            );
        }
        text_at(&mut img, place_c, y, &r.place, ink);
    }
    // grid: column rules and the outer frame
    let bottom = top + row_h * (rows + 1);
    for (c, &x) in x0.iter().enumerate().skip(1) {
        if c == 2 || c == results.end || c == results.end + 1 + ct.tiebreaks.len() {
            fill(&mut img, x, top + row_h, 1, bottom - top - row_h, GRID);
        }
    }
    for y in [top, bottom] {
        fill(&mut img, MARGIN, y, WIDTH - 2 * MARGIN, 1, GRID);
    }
    img
}

/// Cut `text` with `…` to fit `width` pixels at size `px`.
fn fit(text: &str, px: f32, width: u32) -> String {
    let font = bold_font();
    if text_size(px, font, text).0 <= width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if text_size(px, font, &s).0 <= width {
            return s;
        }
    }
    String::new()
}

fn fill(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, c: [u8; 3]) {
    super::raster::fill_rect(img, x, y, w, h, c);
}

/// Encode as an 8-bit RGB PNG.
pub(crate) fn encode(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(png::DeflateCompression::Level(6));
        let mut wr = enc.write_header().expect("writing to a Vec cannot fail");
        wr.write_image_data(img.as_raw())
            .expect("writing to a Vec cannot fail");
        wr.finish().expect("writing to a Vec cannot fail");
    }
    out
}

/// Whether the embedded font has a glyph for every character of `text`.
pub fn font_covers(text: &str) -> bool {
    let font = bold_font();
    text.chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| font.glyph_id(c).0 != 0)
}

#[cfg(test)]
mod tests;
