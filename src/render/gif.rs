//! Animated GIF replays of a game: one frame per ply, the last one held.
//!
//! All frames share the theme's palette (the one of the indexed PNGs, at
//! most 255 colours); each frame after the first stores only the rectangle
//! that changed, with unchanged pixels transparent, so a game of 60 plies
//! at 640 px takes a few hundred kilobytes at most.

use super::{BoardShape, LastMove, RenderOptions};
use crate::engine::vigman::VigmanPosition;
use crate::engine::{Board8, Color, Move, Position, Shape, Variant8};
use image::RgbImage;
use std::borrow::Cow;

/// One frame of a replay: a position and the move that led to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame<S: Shape = Board8> {
    pub position: Position<S>,
    pub last_move: Option<LastMove<S>>,
    /// Overrides [`RenderOptions::caption`] for this frame.
    pub caption: Option<String>,
}

/// Timing of a replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GifOptions {
    /// How long the start position shows, in milliseconds.
    pub first_ms: u32,
    /// How long each move shows.
    pub ply_ms: u32,
    /// How long the final position shows before the replay loops.
    pub last_ms: u32,
    /// Loop forever (otherwise play once and stop on the last frame).
    pub repeat: bool,
}

impl Default for GifOptions {
    fn default() -> Self {
        GifOptions {
            first_ms: 1500,
            ply_ms: 1000,
            last_ms: 5000,
            repeat: true,
        }
    }
}

/// Frames for a game given as its start position and, for every ply, the
/// position before it and the move (what `pdn::PdnGame::replay` returns).
/// Each frame after the first is captioned with the move number and move
/// (`12. c3:e5`, `12… f6-g5`).
pub fn frames_from_replay(start: &Position, plies: &[(Position, Move)]) -> Vec<Frame> {
    frames_from_replay_in(Variant8::Russian, start, plies)
}

/// [`frames_from_replay`] with the moves in the variant's notation and
/// move numbers (English draughts: `1. 11-15`, `1… 22-18`, Black opening
/// each move).
pub fn frames_from_replay_in(
    variant: Variant8,
    start: &Position,
    plies: &[(Position, Move)],
) -> Vec<Frame> {
    let mut frames = vec![Frame {
        position: *start,
        last_move: None,
        caption: Some(String::new()),
    }];
    // numbering starts at 1 with whoever moves first
    let mut number = 1;
    for (i, (before, mv)) in plies.iter().enumerate() {
        let white = variant.numbering_side(before.side_to_move()) == Color::White;
        if i > 0 && white {
            number += 1;
        }
        let text = variant.format_move(mv);
        let caption = if white {
            format!("{number}. {text}")
        } else {
            format!("{number}… {text}")
        };
        frames.push(Frame {
            position: before.make(mv),
            last_move: Some(LastMove::from_move(before, mv)),
            caption: Some(caption),
        });
    }
    frames
}

/// Encode frames as an animated GIF. `opts` gives the size, theme and
/// orientation; each frame's last move and caption replace those in `opts`.
/// If any frame (or `opts`) has a caption, every frame gets the caption
/// strip so that all frames have one size. Returns an empty vector for no
/// frames.
pub fn render_gif<S: BoardShape>(
    frames: &[Frame<S>],
    opts: &RenderOptions<S>,
    timing: &GifOptions,
) -> Vec<u8> {
    animate(
        frames,
        |f| (f.last_move.clone(), f.caption.clone()),
        |a, f, o| super::render_with(a, &f.position, o),
        opts,
        timing,
    )
}

/// One frame of a Bashni replay: the towers after a ply and the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TowerFrame<S: Shape = Board8> {
    /// The side to move.
    pub side: Color,
    pub towers: Vec<super::Tower<S>>,
    pub last_move: Option<LastMove<S>>,
    pub caption: Option<String>,
}

/// [`render_gif`] for Bashni: each frame's towers drawn as
/// [`super::render_towers`] draws them (the top piece, the composition
/// beside it).
pub fn render_tower_gif<S: BoardShape>(
    frames: &[TowerFrame<S>],
    opts: &RenderOptions<S>,
    timing: &GifOptions,
) -> Vec<u8> {
    animate(
        frames,
        |f| (f.last_move.clone(), f.caption.clone()),
        |a, f, o| super::towers::draw(a, f.side, &f.towers, o),
        opts,
        timing,
    )
}

/// One frame of a replay of Vigman's double game: the position after a
/// sub-move (pieces on both colours), the sub-move's start and end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VigmanFrame {
    pub position: VigmanPosition,
    pub last: Option<(super::Cell, super::Cell)>,
    pub caption: Option<String>,
}

/// [`render_gif`] for Vigman's double game: each frame drawn as
/// [`super::render_vigman`] draws a board (the pieces on both colours, the
/// last sub-move's squares tinted), one frame a sub-move.
pub fn render_vigman_gif(
    frames: &[VigmanFrame],
    opts: &RenderOptions,
    timing: &GifOptions,
) -> Vec<u8> {
    animate(
        frames,
        // the last sub-move is the frame's own (either colour), not a move
        // of the dark squares' game
        |f| (None, f.caption.clone()),
        |a, f, o| super::vigman::draw(a, &f.position, f.last, o),
        opts,
        timing,
    )
}

/// Frames of any kind as one GIF: each drawn by `draw` with its last move
/// and caption (`marks`) over `opts`; when any frame (or `opts`) has a
/// caption, every frame gets the caption strip, so that all have one size.
fn animate<S: BoardShape, F>(
    frames: &[F],
    marks: impl Fn(&F) -> (Option<LastMove<S>>, Option<String>),
    draw: impl Fn(&super::assets::Assets, &F, &RenderOptions<S>) -> RgbImage,
    opts: &RenderOptions<S>,
    timing: &GifOptions,
) -> Vec<u8> {
    if frames.is_empty() {
        return Vec::new();
    }
    let marked: Vec<_> = frames.iter().map(&marks).collect();
    let any_caption = opts.caption.is_some() || marked.iter().any(|(_, c)| c.is_some());
    let size = opts.size.clamp(super::MIN_SIZE, super::MAX_SIZE);
    let a = super::assets::get::<S>(opts.theme, size, opts.flip, opts.variant);
    let images: Vec<RgbImage> = frames
        .iter()
        .zip(marked)
        .map(|(f, (last_move, caption))| {
            let mut o = opts.clone();
            o.last_move = last_move;
            o.caption = caption.or_else(|| opts.caption.clone());
            if any_caption && o.caption.is_none() {
                o.caption = Some(String::new());
            }
            draw(&a, f, &o)
        })
        .collect();
    encode::<S>(&a, &images, timing)
}

/// The frames' images as one animated GIF in the theme's palette.
fn encode<S: BoardShape>(
    a: &super::assets::Assets,
    images: &[RgbImage],
    timing: &GifOptions,
) -> Vec<u8> {
    let (w, h) = images[0].dimensions();
    // the theme's palette for this size (index 255 is left free: transparency)
    let q = super::quantizer::<S>(a);
    let mut palette = q.palette_bytes();
    palette.resize(256 * 3, 0);
    const CLEAR: u8 = 255;
    debug_assert!(q.palette.len() <= CLEAR as usize);

    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, w as u16, h as u16, &palette)
            .expect("writing to a Vec cannot fail");
        let repeat = if timing.repeat {
            gif::Repeat::Infinite
        } else {
            gif::Repeat::Finite(0)
        };
        enc.set_repeat(repeat)
            .expect("writing to a Vec cannot fail");
        let last = images.len() - 1;
        let board_h = a.layout.height(); // the caption strip lies below the board
        for (i, img) in images.iter().enumerate() {
            let ms = if i == last {
                timing.last_ms
            } else if i == 0 {
                timing.first_ms
            } else {
                timing.ply_ms
            };
            let delay = (ms / 10).min(u16::MAX as u32) as u16;
            // The board and the caption change in places far apart: store
            // them as two sub-frames, the caption first and shown for 20 ms
            // (browsers stretch shorter delays to 100 ms).
            let parts: Vec<(u32, u32, u32, u32)> = if i == 0 {
                vec![(0, 0, w, h)]
            } else {
                let prev = &images[i - 1];
                let p: Vec<_> = [
                    changed_rect(prev, img, board_h, h),
                    changed_rect(prev, img, 0, board_h),
                ]
                .into_iter()
                .flatten()
                .collect();
                if p.is_empty() {
                    vec![(0, 0, 1, 1)]
                } else {
                    p
                }
            };
            let n = parts.len();
            for (k, (x0, y0, x1, y1)) in parts.into_iter().enumerate() {
                let mut buf = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
                for y in y0..y1 {
                    for x in x0..x1 {
                        let p = img.get_pixel(x, y).0;
                        if i > 0 && images[i - 1].get_pixel(x, y).0 == p {
                            buf.push(CLEAR);
                        } else {
                            buf.push(q.index_of(&p));
                        }
                    }
                }
                let frame = gif::Frame {
                    delay: if k + 1 < n {
                        2
                    } else {
                        delay.saturating_sub(2 * (n as u16 - 1))
                    },
                    dispose: gif::DisposalMethod::Keep,
                    transparent: (i > 0).then_some(CLEAR),
                    left: x0 as u16,
                    top: y0 as u16,
                    width: (x1 - x0) as u16,
                    height: (y1 - y0) as u16,
                    buffer: Cow::Owned(buf),
                    ..gif::Frame::default()
                };
                enc.write_frame(&frame)
                    .expect("writing to a Vec cannot fail");
            }
        }
    }
    out
}

/// The bounding box `(x0, y0, x1, y1)` (exclusive ends) of the pixels that
/// differ in rows `top..bottom`, or `None` if there they are equal.
fn changed_rect(a: &RgbImage, b: &RgbImage, top: u32, bottom: u32) -> Option<(u32, u32, u32, u32)> {
    let (w, h) = a.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for y in top..bottom {
        for x in 0..w {
            if a.get_pixel(x, y) != b.get_pixel(x, y) {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
    }
    (x1 > x0).then_some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::render;
    use image::AnimationDecoder;

    #[test]
    fn a_tower_replay_ends_on_the_towers_board_picture() {
        use crate::engine::{Kind, Piece, Square};
        use crate::render::{render_towers, Tower};
        let man = |color| Piece {
            color,
            kind: Kind::Man,
        };
        let sq = |n: u8| Square::<Board8>::at(n % 8, n / 8).unwrap();
        let start = vec![
            Tower {
                square: sq(18), // c3
                pieces: vec![man(Color::White)],
            },
            Tower {
                square: sq(27), // d4
                pieces: vec![man(Color::Black)],
            },
        ];
        let after = vec![Tower {
            square: sq(36), // e5: the white man over the black one
            pieces: vec![man(Color::White), man(Color::Black)],
        }];
        let frames = vec![
            TowerFrame {
                side: Color::White,
                towers: start,
                last_move: None,
                caption: Some(String::new()),
            },
            TowerFrame {
                side: Color::Black,
                towers: after.clone(),
                last_move: None,
                caption: Some("1. c3:e5".into()),
            },
        ];
        let opts = RenderOptions::<Board8> {
            size: 320,
            ..RenderOptions::for_shape()
        };
        let gif = render_tower_gif(&frames, &opts, &GifOptions::default());
        let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        let decoded = dec.into_frames().collect_frames().unwrap();
        let last = decoded.last().unwrap().buffer();
        let mut o = opts.clone();
        o.caption = Some("1. c3:e5".into());
        let want = render_towers(Color::Black, &after, &o);
        assert_eq!(last.dimensions(), want.dimensions());
        // the same picture but for the palette's rounding
        let far = last
            .pixels()
            .zip(want.pixels())
            .filter(|(a, b)| (0..3).any(|k| a.0[k].abs_diff(b.0[k]) > 40))
            .count();
        assert!(
            far < (want.width() * want.height() / 100) as usize,
            "{far} pixels differ"
        );
        // and the tower's chips are drawn: not the plain board's picture
        let mut plain = Position::<Board8>::from_bitboards(0, 0, 0, Color::Black);
        plain.set(sq(36), Some(man(Color::White)));
        let flat = render(&plain, &o);
        let differ = last
            .pixels()
            .zip(flat.pixels())
            .filter(|(a, b)| (0..3).any(|k| a.0[k].abs_diff(b.0[k]) > 40))
            .count();
        assert!(differ > 20, "the chips beside the tower: {differ} pixels");
    }

    #[test]
    fn a_ten_by_eight_replay_keeps_its_lower_board_and_caption_strip() {
        use crate::engine::rules::Russian10x8;
        use crate::engine::{generate, Board10x8};
        let mut pos = Position::<Board10x8>::start();
        let mut frames = vec![Frame {
            position: pos,
            last_move: None,
            caption: None,
        }];
        for i in 0..3 {
            let mut moves = Vec::new();
            generate::<Russian10x8>(&pos, &mut moves);
            let mv = moves[0];
            frames.push(Frame {
                position: pos.make(&mv),
                last_move: Some(LastMove::from_move(&pos, &mv)),
                caption: Some(format!("ply {i}")),
            });
            pos = pos.make(&mv);
        }
        let opts = RenderOptions::<Board10x8> {
            size: 320,
            ..RenderOptions::for_shape()
        };
        let gif = render_gif(&frames, &opts, &GifOptions::default());
        let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        let decoded = dec.into_frames().collect_frames().unwrap();
        // the caption strip below the (lower) board is its own 20 ms
        // sub-frame for each ply
        let short = decoded
            .iter()
            .filter(|f| f.delay().numer_denom_ms() == (20, 1))
            .count();
        assert_eq!(short, 3);
        let last = decoded.last().unwrap().buffer();
        let mut o = opts.clone();
        o.last_move = frames[3].last_move.clone();
        o.caption = frames[3].caption.clone();
        let want = render(&pos, &o);
        assert_eq!(last.dimensions(), want.dimensions());
        assert!(want.height() < 320 + opts.layout().caption_height());
        let far = last
            .pixels()
            .zip(want.pixels())
            .filter(|(a, b)| (0..3).any(|k| a.0[k].abs_diff(b.0[k]) > 40))
            .count();
        assert!(
            far < (want.width() * want.height() / 100) as usize,
            "{far} pixels off"
        );
    }

    #[test]
    fn a_short_game_gives_one_frame_per_ply_and_holds_the_last() {
        let mut pos = Position::initial();
        let mut plies = Vec::new();
        for _ in 0..6 {
            let mv = pos.legal_moves()[0];
            plies.push((pos, mv));
            pos = pos.make(&mv);
        }
        let frames = frames_from_replay(&Position::initial(), &plies);
        assert_eq!(frames.len(), 7);
        assert_eq!(
            frames[1].caption.as_deref(),
            Some(&*format!("1. {}", plies[0].1))
        );
        assert_eq!(
            frames[2].caption.as_deref(),
            Some(&*format!("1… {}", plies[1].1))
        );
        assert_eq!(
            frames[3].caption.as_deref(),
            Some(&*format!("2. {}", plies[2].1))
        );
        let opts = RenderOptions {
            size: 200,
            ..Default::default()
        };
        let gif = render_gif(&frames, &opts, &GifOptions::default());
        let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        let decoded = dec.into_frames().collect_frames().unwrap();
        // one frame per ply, plus a 20 ms caption sub-frame before each move
        let ms: Vec<u32> = decoded
            .iter()
            .map(|f| {
                let (n, d) = f.delay().numer_denom_ms();
                n / d
            })
            .collect();
        assert_eq!(ms.iter().filter(|&&m| m > 20).count(), 7, "{ms:?}");
        assert_eq!(ms.iter().sum::<u32>(), 1500 + 5 * 1000 + 5000);
        assert_eq!(*ms.last().unwrap(), 5000 - 20);
        // the last frame shows the final position: compare with a PNG render
        let last = decoded.last().unwrap().buffer();
        let mut o = opts.clone();
        o.last_move = frames[6].last_move.clone();
        o.caption = frames[6].caption.clone();
        let want = render(&pos, &o);
        assert_eq!(last.dimensions(), want.dimensions());
        // palette quantisation: close, not equal
        let mut far = 0;
        for (a, b) in last.pixels().zip(want.pixels()) {
            if (0..3).any(|k| a.0[k].abs_diff(b.0[k]) > 40) {
                far += 1;
            }
        }
        assert!(
            far < (want.width() * want.height() / 100) as usize,
            "{far} pixels off"
        );
    }
}
