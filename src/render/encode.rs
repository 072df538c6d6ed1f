//! PNG encoding tuned for board images.
//!
//! Board images go out as 8-bit indexed PNG with the theme's palette: one
//! byte a pixel, no PNG row filter (filters do not help palette indices) and
//! zlib level 5 (the pure-Rust zlib-rs backend of flate2). Identical pieces
//! then become repeated byte runs that deflate finds; see BENCHMARKS.md
//! ("Board images") for the size/speed trade-off behind these settings.

/// zlib level for board images: 5 is the knee of the size/time curve.
const LEVEL: u8 = 5;

/// Encode palette indices (one byte a pixel) as an indexed PNG.
pub(crate) fn encode_indexed(w: u32, h: u32, palette: &[u8], indices: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 * 1024);
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(palette);
        enc.set_deflate_compression(png::DeflateCompression::Level(LEVEL));
        enc.set_filter(png::Filter::NoFilter);
        let mut wr = enc.write_header().expect("writing to a Vec cannot fail");
        wr.write_image_data(indices)
            .expect("writing to a Vec cannot fail");
        wr.finish().expect("writing to a Vec cannot fail");
    }
    out
}
