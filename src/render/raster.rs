//! Low-level drawing: supersampled sprites (pieces, crowns, marks), sprite
//! blitting, anti-aliased thick lines and square fills on an RGB canvas.
//!
//! Sprites are drawn once per theme and size (see `assets`), so they can
//! afford 16 samples per pixel; what is drawn per image (blits, the capture
//! path) is kept to simple integer work.

use super::theme::{Palette, PieceStyle, Rgb};
use image::RgbImage;

/// A premultiplied-alpha RGBA sprite.
pub(crate) struct Sprite {
    pub w: u32,
    pub h: u32,
    pub px: Vec<[u8; 4]>,
}

/// Premultiplied RGBA in 0..=1.
type Prem = [f32; 4];

#[inline]
fn over(dst: Prem, c: Rgb, a: f32) -> Prem {
    let k = 1.0 - a;
    [
        c[0] as f32 / 255.0 * a + dst[0] * k,
        c[1] as f32 / 255.0 * a + dst[1] * k,
        c[2] as f32 / 255.0 * a + dst[2] * k,
        a + dst[3] * k,
    ]
}

#[inline]
fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Lighten (l > 0, towards white) or darken (l < 0, towards black).
#[inline]
fn shade(c: Rgb, l: f32) -> Rgb {
    let f = |v: u8| -> u8 {
        let v = v as f32;
        let out = if l >= 0.0 {
            v + (255.0 - v) * l
        } else {
            v * (1.0 + l)
        };
        out.round().clamp(0.0, 255.0) as u8
    };
    [f(c[0]), f(c[1]), f(c[2])]
}

/// Distance from `p` to the segment `a`–`b`.
#[inline]
fn seg_dist(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (qx * qx + qy * qy).sqrt()
}

impl Sprite {
    /// Render `w`×`h` pixels with 4×4 samples each; `shader` gets the sample
    /// position relative to the sprite centre and returns premultiplied RGBA.
    pub fn from_shader(w: u32, h: u32, shader: impl Fn(f32, f32) -> Prem) -> Sprite {
        const S: u32 = 4;
        let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
        let mut px = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                let mut acc = [0.0f32; 4];
                for sy in 0..S {
                    for sx in 0..S {
                        let fx = x as f32 + (sx as f32 + 0.5) / S as f32 - cx;
                        let fy = y as f32 + (sy as f32 + 0.5) / S as f32 - cy;
                        let c = shader(fx, fy);
                        for i in 0..4 {
                            acc[i] += c[i];
                        }
                    }
                }
                let n = (S * S) as f32;
                let q = |v: f32| (v / n * 255.0).round().clamp(0.0, 255.0) as u8;
                let a = q(acc[3]);
                // keep premultiplied colour ≤ alpha after rounding
                px.push([q(acc[0]).min(a), q(acc[1]).min(a), q(acc[2]).min(a), a]);
            }
        }
        Sprite { w, h, px }
    }

    /// The same sprite at `alpha` opacity.
    pub fn faded(&self, alpha: f32) -> Sprite {
        let px = self
            .px
            .iter()
            .map(|p| p.map(|v| (v as f32 * alpha).round() as u8))
            .collect();
        Sprite {
            w: self.w,
            h: self.h,
            px,
        }
    }

    /// Draw the sprite with its top-left corner at (`x`, `y`), clipped.
    pub fn blit(&self, img: &mut RgbImage, x: i32, y: i32) {
        let (iw, ih) = (img.width() as i32, img.height() as i32);
        let x0 = x.max(0);
        let y0 = y.max(0);
        let x1 = (x + self.w as i32).min(iw);
        let y1 = (y + self.h as i32).min(ih);
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let buf: &mut [u8] = img;
        for py in y0..y1 {
            let srow = ((py - y) as u32 * self.w) as usize;
            let drow = (py * iw) as usize * 3;
            for px in x0..x1 {
                let s = self.px[srow + (px - x) as usize];
                let a = s[3] as u32;
                if a == 0 {
                    continue;
                }
                let d = &mut buf[drow + px as usize * 3..drow + px as usize * 3 + 3];
                if a == 255 {
                    d.copy_from_slice(&s[..3]);
                } else {
                    let k = 255 - a;
                    for i in 0..3 {
                        d[i] = (s[i] as u32 + (d[i] as u32 * k + 127) / 255) as u8;
                    }
                }
            }
        }
    }
}

/// Which piece sprite to draw.
#[derive(Clone, Copy)]
pub(crate) struct PieceLook<'a> {
    pub style: &'a PieceStyle,
    pub king: bool,
    /// Disc radius in pixels.
    pub radius: f32,
    pub shading: f32,
    pub shadow: f32,
}

/// The crown outline in units of the piece radius (y grows downwards).
const CROWN: [(f32, f32); 9] = [
    (-0.50, 0.44),
    (-0.50, 0.22),
    (-0.60, -0.24),
    (-0.27, 0.06),
    (0.0, -0.36),
    (0.27, 0.06),
    (0.60, -0.24),
    (0.50, 0.22),
    (0.50, 0.44),
];
/// Balls on the crown's points: centres and radius, in units of the radius.
const CROWN_BALLS: [(f32, f32); 3] = [(-0.60, -0.29), (0.0, -0.42), (0.60, -0.29)];
const CROWN_BALL_R: f32 = 0.085;
/// Height of the line between the crown's band and its points.
const CROWN_BAND_Y: f32 = 0.22;

fn in_polygon(p: (f32, f32), poly: &[(f32, f32)]) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            inside = !inside;
        }
        j = i;
    }
    inside
}

fn polygon_edge_dist(p: (f32, f32), poly: &[(f32, f32)]) -> f32 {
    let mut d = f32::MAX;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        d = d.min(seg_dist(p, poly[j], poly[i]));
        j = i;
    }
    d
}

/// One sample of a piece (man or king) centred at the origin.
pub(crate) fn piece_sample(look: &PieceLook, x: f32, y: f32) -> Prem {
    let r = look.radius;
    let st = look.style;
    let mut c: Prem = [0.0; 4];
    // soft drop shadow, down and a little to the right
    if look.shadow > 0.0 {
        let (sx, sy) = (x - 0.05 * r, y - 0.10 * r);
        let ds = (sx * sx + sy * sy).sqrt();
        let a = look.shadow * (1.0 - smoothstep(0.9 * r, 1.1 * r, ds));
        let a = (a / look.shadow * 3.0).round() / 3.0 * look.shadow;
        if a > 0.0 {
            c = over(c, [0, 0, 0], a);
        }
    }
    let d = (x * x + y * y).sqrt();
    if d > r {
        return c;
    }
    // light from the top left: +1 on the lit side, -1 on the far side
    let t = -(0.45 * x + 0.89 * y) / r;
    let edge = smoothstep(0.74 * r, r, d);
    let light = look.shading * 0.22 * t * edge;
    // a few flat tone bands instead of a smooth ramp: as clear, and far
    // fewer distinct colours for the PNG palette and deflate
    let light = (light / 0.055).round() * 0.055;
    let rim_w = (0.055 * r).max(1.1);
    let groove_w = (0.05 * r).max(1.0);
    let mut col = shade(st.body, light);
    if (d - 0.70 * r).abs() < groove_w / 2.0 {
        col = shade(st.groove, light * 0.5);
    }
    if d > r - rim_w {
        col = st.rim;
    }
    c = over(c, col, 1.0);
    if look.king {
        let p = (x / r, y / r);
        let w = (0.06 * r).max(1.1) / r; // outline width in radius units
        let in_poly = in_polygon(p, &CROWN);
        let d_poly = polygon_edge_dist(p, &CROWN);
        let (mut in_ball, mut d_ball) = (false, f32::MAX);
        for b in CROWN_BALLS {
            let db = ((p.0 - b.0).powi(2) + (p.1 - b.1).powi(2)).sqrt();
            in_ball |= db < CROWN_BALL_R;
            d_ball = d_ball.min((db - CROWN_BALL_R).abs());
        }
        let outline = (d_poly < w / 2.0 && !(in_ball && d_ball > w / 2.0))
            || (d_ball < w / 2.0 && !(in_poly && d_poly > w / 2.0))
            || (in_poly && (p.1 - CROWN_BAND_Y).abs() < w / 2.0);
        if outline {
            c = over(c, st.crown_outline, 1.0);
        } else if in_poly || in_ball {
            let tl = -(0.3 * p.0 + 0.95 * p.1);
            c = over(c, shade(st.crown, 0.12 * look.shading * tl.signum()), 1.0);
        }
    }
    c
}

/// A sprite of one piece on a `cell`×`cell` square.
pub(crate) fn piece_sprite(cell: u32, look: PieceLook) -> Sprite {
    Sprite::from_shader(cell, cell, |x, y| piece_sample(&look, x, y))
}

/// A filled disc (legal-destination dot).
pub(crate) fn dot_sprite(cell: u32, radius: f32, colour: Rgb, alpha: f32) -> Sprite {
    Sprite::from_shader(cell, cell, |x, y| {
        if (x * x + y * y).sqrt() <= radius {
            over([0.0; 4], colour, alpha)
        } else {
            [0.0; 4]
        }
    })
}

/// The cross drawn over a captured piece.
pub(crate) fn mark_sprite(cell: u32, pal: &Palette) -> Sprite {
    let c = cell as f32;
    let a = 0.20 * c;
    let hw = (0.05 * c).max(1.5);
    let ow = (0.03 * c).max(1.2);
    Sprite::from_shader(cell, cell, |x, y| {
        let d = seg_dist((x, y), (-a, -a), (a, a)).min(seg_dist((x, y), (-a, a), (a, -a)));
        if d < hw {
            over([0.0; 4], pal.mark, 1.0)
        } else if d < hw + ow {
            over([0.0; 4], pal.mark_outline, 1.0)
        } else {
            [0.0; 4]
        }
    })
}

/// Fill a rectangle with a colour.
pub(crate) fn fill_rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, c: Rgb) {
    let iw = img.width();
    let x1 = (x + w).min(iw);
    let y1 = (y + h).min(img.height());
    let buf: &mut [u8] = img;
    for py in y..y1 {
        let row = (py * iw) as usize * 3;
        for px in x..x1 {
            let i = row + px as usize * 3;
            buf[i..i + 3].copy_from_slice(&c);
        }
    }
}

#[inline]
fn blend_px(buf: &mut [u8], i: usize, c: Rgb, cov: f32) {
    if cov >= 1.0 {
        buf[i..i + 3].copy_from_slice(&c);
    } else if cov > 0.0 {
        for k in 0..3 {
            let d = buf[i + k] as f32;
            buf[i + k] = (d + (c[k] as f32 - d) * cov + 0.5) as u8;
        }
    }
}

/// A line segment between two points (pixel coordinates).
pub(crate) type Segment = ((f32, f32), (f32, f32));

/// Anti-aliased thick segments with round caps ("capsules") of radius `r`.
/// Only the pixels near each segment are visited.
pub(crate) fn draw_capsules(img: &mut RgbImage, segs: &[Segment], r: f32, c: Rgb) {
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    let buf: &mut [u8] = img;
    for &(a, b) in segs {
        let reach = r + 1.0;
        let y0 = ((a.1.min(b.1) - reach).floor() as i32).max(0);
        let y1 = ((a.1.max(b.1) + reach).ceil() as i32).min(ih - 1);
        let bx0 = ((a.0.min(b.0) - reach).floor() as i32).max(0);
        let bx1 = ((a.0.max(b.0) + reach).ceil() as i32).min(iw - 1);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        for py in y0..=y1 {
            let fy = py as f32 + 0.5;
            // x-range of the band |distance to the line| <= reach on this row
            let (mut x0, mut x1) = (bx0, bx1);
            if len > 0.0 && dy.abs() > 1e-3 {
                let (ux, uy) = (dx / len, dy / len);
                // distance to line: |(p-a) x u| = |(px-ax)*uy - (py-ay)*ux|
                let xc = a.0 + (fy - a.1) * ux / uy;
                let half = reach / uy.abs();
                x0 = x0.max((xc - half).floor() as i32 - 1);
                x1 = x1.min((xc + half).ceil() as i32 + 1);
            }
            let row = (py * iw) as usize * 3;
            for px in x0..=x1 {
                let d = seg_dist((px as f32 + 0.5, fy), a, b);
                let cov = (r + 0.5 - d).clamp(0.0, 1.0);
                blend_px(buf, row + px as usize * 3, c, cov);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygon_contains_its_centre() {
        assert!(in_polygon((0.0, 0.0), &CROWN));
        assert!(!in_polygon((0.0, 0.9), &CROWN));
    }

    #[test]
    fn shade_goes_both_ways() {
        assert_eq!(shade([100, 100, 100], 0.0), [100, 100, 100]);
        assert!(shade([100, 100, 100], 0.5)[0] > 100);
        assert!(shade([100, 100, 100], -0.5)[0] < 100);
    }
}
