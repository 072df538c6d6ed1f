//! The evaluation graph of an analysed game: White's advantage after each
//! ply as a line (clamped to ±5 men; a forced win at the edge), the area
//! between it and the zero line shaded, and the marked moves as dots
//! (yellow `?!`, orange `?`, red `??`, green `!`).

use super::crosstable::encode;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_line_segment_mut, draw_text_mut};

/// Width and height of the graph in pixels.
pub const WIDTH: u32 = 640;
pub const HEIGHT: u32 = 260;
/// Scores beyond ± this many centi-men are drawn at the edge.
const CLAMP: i32 = 500;
const PAD: u32 = 16;

/// Fill a rectangle (clipped to the image).
fn fill_rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, c: Rgb<u8>) {
    let (iw, ih) = img.dimensions();
    for py in y..(y + h).min(ih) {
        for px in x..(x + w).min(iw) {
            img.put_pixel(px, py, c);
        }
    }
}

/// `scores`: White's view after each ply, centi-men; `marks`: each ply's
/// mark text (`""` for none). The title is written at the top left.
pub fn eval_graph_png(scores: &[i32], marks: &[String], title: &str) -> Vec<u8> {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, Rgb([250, 248, 242]));
    let (top, bottom) = (PAD + 18, HEIGHT - PAD);
    let mid = (top + bottom) / 2;
    let half = (bottom - top) / 2;
    // White's advantage upwards on light, Black's downwards on dark
    fill_rect(
        &mut img,
        PAD,
        top,
        WIDTH - 2 * PAD,
        half,
        Rgb([236, 232, 220]),
    );
    fill_rect(&mut img, PAD, mid, WIDTH - 2 * PAD, half, Rgb([92, 84, 76]));
    let font = super::assets::bold_font();
    draw_text_mut(
        &mut img,
        Rgb([40, 40, 40]),
        PAD as i32,
        6,
        15.0,
        font,
        title,
    );
    if scores.is_empty() {
        return encode(&img);
    }
    let n = scores.len();
    let x_of = |i: usize| -> f32 {
        let span = (WIDTH - 2 * PAD) as f32;
        PAD as f32 + span * (i as f32 + 1.0) / n as f32
    };
    let y_of = |s: i32| -> f32 {
        let s = s.clamp(-CLAMP, CLAMP) as f32 / CLAMP as f32;
        mid as f32 - s * half as f32
    };
    // the advantage as filled columns, then the line
    let mut prev = (PAD as f32, mid as f32);
    for (i, &s) in scores.iter().enumerate() {
        let (x, y) = (x_of(i), y_of(s));
        let (y0, y1) = if y < mid as f32 {
            (y, mid as f32)
        } else {
            (mid as f32, y)
        };
        let colour = if y < mid as f32 {
            Rgb([255, 255, 255])
        } else {
            Rgb([30, 28, 26])
        };
        let x0 = prev.0.round() as u32;
        let w = (x.round() as u32).saturating_sub(x0).max(1);
        fill_rect(
            &mut img,
            x0,
            y0.round() as u32,
            w,
            (y1 - y0).round() as u32,
            colour,
        );
        prev = (x, y);
    }
    draw_line_segment_mut(
        &mut img,
        (PAD as f32, mid as f32),
        ((WIDTH - PAD) as f32, mid as f32),
        Rgb([150, 140, 120]),
    );
    let mut prev = (PAD as f32, y_of(0));
    for (i, &s) in scores.iter().enumerate() {
        let p = (x_of(i), y_of(s));
        draw_line_segment_mut(&mut img, prev, p, Rgb([200, 90, 40]));
        prev = p;
    }
    for (i, m) in marks.iter().enumerate().take(n) {
        let colour = match m.as_str() {
            "??" => Rgb([210, 30, 30]),
            "?" => Rgb([240, 140, 20]),
            "?!" => Rgb([230, 200, 40]),
            "!" => Rgb([40, 160, 70]),
            _ => continue,
        };
        let Some(&s) = scores.get(i) else { continue };
        let (x, y) = (x_of(i).round() as i32, y_of(s).round() as i32);
        draw_filled_circle_mut(&mut img, (x, y), 5, Rgb([255, 255, 255]));
        draw_filled_circle_mut(&mut img, (x, y), 4, colour);
    }
    encode(&img)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graph_is_a_png_with_the_marks_drawn() {
        let scores = [0, 20, -10, 300, 280, -600];
        let marks: Vec<String> = ["", "", "", "??", "", "?"].map(String::from).to_vec();
        let png = eval_graph_png(&scores, &marks, "Game #1");
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        let red = img.pixels().filter(|p| p.0 == [210, 30, 30]).count();
        let orange = img.pixels().filter(|p| p.0 == [240, 140, 20]).count();
        assert!(red > 20 && orange > 20, "red {red} orange {orange}");
        let plain = eval_graph_png(&scores, &vec![String::new(); 6], "Game #1");
        let img = image::load_from_memory(&plain).unwrap().to_rgb8();
        assert_eq!(img.pixels().filter(|p| p.0 == [210, 30, 30]).count(), 0);
    }
}
