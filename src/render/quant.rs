//! A fixed palette per theme and size, so board images can be stored as
//! 8-bit indexed PNG (a third of RGB's bytes, and identical pieces become
//! identical byte runs that deflate finds).
//!
//! The palette is chosen once from sample boards that show every piece,
//! highlight and overlay: the most frequent colours (flat squares, frame,
//! piece bodies) are kept exactly, NeuQuant picks the rest. Mapping a pixel
//! is a hash-table hit for an exact colour, else a 15-bit lookup table
//! filled lazily with the nearest palette entry.

use color_quant::NeuQuant;
use image::RgbImage;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};

/// Most palette entries; index 255 stays free (the GIF's transparent index).
pub(crate) const MAX_COLOURS: usize = 255;
/// Colours kept exactly when the samples have more than [`MAX_COLOURS`].
const EXACT: usize = 96;
const TABLE_BITS: u32 = 12;
const EMPTY: u32 = u32::MAX;
const UNSET: u16 = u16::MAX;

pub(crate) struct Quantizer {
    /// RGB triples, at most [`MAX_COLOURS`].
    pub palette: Vec<[u8; 3]>,
    /// Open-addressing table of exact colours: packed RGB keys and indices.
    keys: Vec<u32>,
    vals: Vec<u8>,
    /// Nearest palette entry for each 5-5-5-bit colour cell, filled on use.
    lut: Vec<AtomicU16>,
}

#[inline]
fn pack(p: &[u8]) -> u32 {
    (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32
}

#[inline]
fn slot(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - TABLE_BITS)) as usize
}

impl Quantizer {
    /// A palette for images like `samples`.
    pub fn build(samples: &[RgbImage]) -> Quantizer {
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for img in samples {
            for p in img.chunks_exact(3) {
                *counts.entry(pack(p)).or_insert(0) += 1;
            }
        }
        let mut by_count: Vec<(u32, u32)> = counts.into_iter().collect();
        // most frequent first; ties by colour so the palette is deterministic
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let unpack = |k: u32| [(k >> 16) as u8, (k >> 8) as u8, k as u8];
        let palette: Vec<[u8; 3]> = if by_count.len() <= MAX_COLOURS {
            by_count.iter().map(|&(k, _)| unpack(k)).collect()
        } else {
            let mut pal: Vec<[u8; 3]> = by_count[..EXACT].iter().map(|&(k, _)| unpack(k)).collect();
            let mut rest = Vec::new();
            for &(k, n) in &by_count[EXACT..] {
                let c = unpack(k);
                for _ in 0..n.min(64) {
                    rest.extend_from_slice(&[c[0], c[1], c[2], 255]);
                }
            }
            let nq = NeuQuant::new(3, MAX_COLOURS - EXACT, &rest);
            for c in nq.color_map_rgb().chunks_exact(3) {
                let c = [c[0], c[1], c[2]];
                if !pal.contains(&c) {
                    pal.push(c);
                }
            }
            pal
        };
        let mut q = Quantizer {
            keys: vec![EMPTY; 1 << TABLE_BITS],
            vals: vec![0; 1 << TABLE_BITS],
            lut: (0..1 << 15).map(|_| AtomicU16::new(UNSET)).collect(),
            palette,
        };
        for (i, c) in q.palette.clone().iter().enumerate() {
            let key = pack(c);
            let mut s = slot(key);
            while q.keys[s] != EMPTY {
                s = (s + 1) & ((1 << TABLE_BITS) - 1);
            }
            q.keys[s] = key;
            q.vals[s] = i as u8;
        }
        q
    }

    /// The palette index for a colour.
    #[inline]
    pub fn index_of(&self, p: &[u8]) -> u8 {
        let key = pack(p);
        let mut s = slot(key);
        loop {
            let k = self.keys[s];
            if k == key {
                return self.vals[s];
            }
            if k == EMPTY {
                break;
            }
            s = (s + 1) & ((1 << TABLE_BITS) - 1);
        }
        let cell =
            ((p[0] as usize >> 3) << 10) | ((p[1] as usize >> 3) << 5) | (p[2] as usize >> 3);
        let v = self.lut[cell].load(Ordering::Relaxed);
        if v != UNSET {
            return v as u8;
        }
        let centre = [
            (p[0] & !7) as i32 + 4,
            (p[1] & !7) as i32 + 4,
            (p[2] & !7) as i32 + 4,
        ];
        let best = self
            .palette
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| {
                let d = |k: usize| (c[k] as i32 - centre[k]).pow(2);
                2 * d(0) + 4 * d(1) + 3 * d(2)
            })
            .map(|(i, _)| i as u8)
            .unwrap_or(0);
        self.lut[cell].store(best as u16, Ordering::Relaxed);
        best
    }

    /// Palette indices of every pixel, row by row.
    pub fn indices(&self, img: &RgbImage) -> Vec<u8> {
        let mut out = Vec::with_capacity((img.width() * img.height()) as usize);
        let mut prev = EMPTY;
        let mut prev_i = 0;
        for p in img.chunks_exact(3) {
            let key = pack(p);
            if key != prev {
                prev = key;
                prev_i = self.index_of(p);
            }
            out.push(prev_i);
        }
        out
    }

    /// The palette as the PNG PLTE / GIF colour table bytes.
    pub fn palette_bytes(&self) -> Vec<u8> {
        self.palette.iter().flatten().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_colours_are_kept_exactly() {
        let mut img = RgbImage::new(4, 4);
        img.put_pixel(1, 1, image::Rgb([10, 20, 30]));
        img.put_pixel(2, 2, image::Rgb([200, 100, 0]));
        let q = Quantizer::build(&[img.clone()]);
        assert_eq!(q.palette.len(), 3);
        let idx = q.indices(&img);
        for (i, p) in img.pixels().enumerate() {
            assert_eq!(q.palette[idx[i] as usize], p.0);
        }
        // an unknown colour maps to the nearest entry
        assert_eq!(
            q.palette[q.index_of(&[198, 104, 3]) as usize],
            [200, 100, 0]
        );
    }
}
