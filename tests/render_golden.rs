//! Golden images: each case is rendered to PNG, decoded, and compared pixel
//! by pixel with `tests/golden/NAME.png`.
//!
//! After a deliberate change to the look, regenerate the goldens with
//!
//! ```text
//! SHASHKI_UPDATE_GOLDENS=1 cargo test --test render_golden
//! ```
//!
//! and look at every changed file before committing it. On a mismatch the
//! image actually drawn is written to `target/render-golden/NAME.png`.

use shashki::engine::rules::{International, Russian10x8};
use shashki::engine::{
    generate, parse_fen_on, Board10, Board10x8, Move, Position, Square, Variant8,
};
use shashki::render::{render, render_png, BoardShape, LastMove, RenderOptions, Theme};
use std::path::PathBuf;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn find(pos: &Position, text: &str) -> Move {
    pos.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {}", pos.to_fen()))
}

/// Play `text` from `before`: the position after it and its highlight.
fn played(before: &str, text: &str) -> (Position, LastMove) {
    let before = Position::from_fen(before).unwrap();
    let mv = find(&before, text);
    (before.make(&mv), LastMove::from_move(&before, &mv))
}

fn opts(theme: Theme) -> RenderOptions {
    RenderOptions {
        size: 320,
        theme,
        ..RenderOptions::default()
    }
}

fn check<S: BoardShape>(name: &str, pos: &Position<S>, o: &RenderOptions<S>) {
    let png = render_png(pos, o);
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"));
    if std::env::var_os("SHASHKI_UPDATE_GOLDENS").is_some() {
        std::fs::write(&golden, &png).unwrap();
        eprintln!("updated {}", golden.display());
        return;
    }
    let want = image::open(&golden)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (SHASHKI_UPDATE_GOLDENS=1 cargo test --test render_golden makes it)",
                golden.display()
            )
        })
        .to_rgb8();
    let got = image::load_from_memory(&png).unwrap().to_rgb8();
    let dump = || {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/render-golden");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).unwrap();
        path
    };
    if got.dimensions() != want.dimensions() {
        panic!(
            "{name}: drawn {:?}, golden {:?}; drawn image in {}",
            got.dimensions(),
            want.dimensions(),
            dump().display()
        );
    }
    // tolerate a few pixels off by a little (float rounding elsewhere)
    let off = got
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| (0..3).any(|k| a.0[k].abs_diff(b.0[k]) > 12))
        .count();
    let allowed = (got.width() * got.height() / 2000) as usize;
    assert!(
        off <= allowed,
        "{name}: {off} pixels differ from the golden (allowed {allowed}); drawn image in {}",
        dump().display()
    );
}

#[test]
fn initial_classic() {
    check(
        "initial_classic",
        &Position::initial(),
        &opts(Theme::Classic),
    );
}

#[test]
fn initial_contrast() {
    check(
        "initial_contrast",
        &Position::initial(),
        &opts(Theme::Contrast),
    );
}

#[test]
fn kings_both_themes() {
    let pos = Position::from_fen("B:WKa1,Kc3,e3,g3,b6:BKh8,Kf6,d6,a7,c7").unwrap();
    check("kings_classic", &pos, &opts(Theme::Classic));
    check("kings_contrast", &pos, &opts(Theme::Contrast));
}

#[test]
fn flipped_with_a_quiet_last_move() {
    let (pos, last) = played(
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "c3-d4",
    );
    let o = RenderOptions {
        flip: true,
        last_move: Some(last),
        ..opts(Theme::Classic)
    };
    check("flip_quiet_classic", &pos, &o);
}

#[test]
fn multi_capture_both_themes() {
    // a man takes two (c3:e5:g7), a king among the bystanders
    let (pos, last) = played("W:Wc3,a1,e1,Kh2:Bd4,f6,b6,h8,a7", "c3:e5:g7");
    for theme in Theme::ALL {
        let o = RenderOptions {
            last_move: Some(last.clone()),
            ..opts(theme)
        };
        check(&format!("multicapture_{theme}"), &pos, &o);
    }
}

#[test]
fn flying_king_capture_flipped_contrast() {
    // a king takes three, turning twice; the view is Black's
    let before = "W:WKa1:Bc3,f6,d8,h8";
    let b = Position::from_fen(before).unwrap();
    let mv = b
        .legal_moves()
        .into_iter()
        .max_by_key(|m| m.captured_squares().len())
        .unwrap();
    assert!(mv.captured_squares().len() >= 2, "{mv}");
    let (pos, last) = (b.make(&mv), LastMove::from_move(&b, &mv));
    let o = RenderOptions {
        flip: true,
        last_move: Some(last),
        ..opts(Theme::Contrast)
    };
    check("king_capture_flip_contrast", &pos, &o);
}

#[test]
fn selection_targets_and_caption() {
    let pos = Position::from_fen("W:Wc3,e3,Kg1:Bd6,f6").unwrap();
    let o = RenderOptions {
        selected: Some(sq("c3")),
        legal_targets: vec![sq("b4"), sq("d4")],
        caption: Some("Иван — Anna · ход 7".into()),
        ..opts(Theme::Classic)
    };
    check("overlays_classic", &pos, &o);
}

#[test]
fn last_move_from_text_draws_like_the_move() {
    // the CLI's --last path gives the same picture as the chat service's
    let (pos, last) = played("W:Wc3,a1,e1,Kh2:Bd4,f6,b6,h8,a7", "c3:e5:g7");
    let from_text = LastMove::from_notation(&pos, "c3:e5:g7").unwrap();
    assert_eq!(from_text, last);
}

/// A variant's board as its players see it (numbered, mirrored or not).
fn variant_opts(variant: Variant8, theme: Theme) -> RenderOptions {
    RenderOptions {
        numbered: variant.numeric_notation(),
        variant,
        ..opts(theme)
    }
}

#[test]
fn english_numbered_after_a_capture() {
    // 1. 11-15 22-18: Black takes 15x22
    let before =
        Position::from_fen("W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15")
            .unwrap()
            .with_side_to_move(shashki::engine::Color::Black);
    let mv = before
        .legal_moves_in(Variant8::English)
        .into_iter()
        .find(|m| Variant8::English.format_move(m) == "15x22")
        .expect("15x22");
    let o = RenderOptions {
        last_move: Some(LastMove::from_move(&before, &mv)),
        ..variant_opts(Variant8::English, Theme::Classic)
    };
    check("english_numbered_classic", &before.make(&mv), &o);
}

#[test]
fn italian_and_portuguese_boards_are_mirrored() {
    let start = Position::initial();
    for theme in Theme::ALL {
        check(
            &format!("italian_initial_{theme}"),
            &start,
            &variant_opts(Variant8::Italian, theme),
        );
    }
    // a capture seen from Black's side: the path and numbers follow the mirror
    let (pos, last) = played("W:Wc3,a1,e1,Kh2:Bd4,f6,b6,h8,a7", "c3:e5:g7");
    let o = RenderOptions {
        flip: true,
        last_move: Some(last),
        ..variant_opts(Variant8::Portuguese, Theme::Contrast)
    };
    check("portuguese_capture_flip_contrast", &pos, &o);
}

#[test]
fn a_mirrored_board_has_a_dark_square_bottom_right() {
    // pixels, not goldens: the corners of the bottom corner cells swap
    // colours, and White's man on a1 stands bottom right
    let start = Position::initial();
    let ru = render(&start, &opts(Theme::Classic));
    for v in [Variant8::Italian, Variant8::Portuguese] {
        let o = variant_opts(v, Theme::Classic);
        let l = o.layout();
        assert_eq!(l.cell(sq("a1")), (7, 7), "{v}");
        assert_eq!(l.cell(sq("h8")), (0, 0), "{v}");
        let it = render(&start, &o);
        let corner = |img: &image::RgbImage, col: u32| {
            *img.get_pixel(l.frame + col * l.square + 2, l.frame + 7 * l.square + 2)
        };
        let centre = |img: &image::RgbImage, col: u32| {
            let h = l.square / 2;
            *img.get_pixel(l.frame + col * l.square + h, l.frame + 7 * l.square + h)
        };
        assert_ne!(corner(&ru, 0), corner(&ru, 7), "light and dark differ");
        assert_eq!(corner(&it, 7), corner(&ru, 0), "{v}: bottom right is dark");
        assert_eq!(corner(&it, 0), corner(&ru, 7), "{v}: bottom left is light");
        assert_eq!(
            centre(&it, 7),
            centre(&ru, 0),
            "{v}: a man on a1, bottom right"
        );
        assert_ne!(centre(&it, 0), centre(&ru, 0), "{v}: nothing bottom left");
    }
    // Russian and English keep a1 bottom left
    for v in [Variant8::Russian, Variant8::English] {
        assert_eq!(
            variant_opts(v, Theme::Classic).layout().cell(sq("a1")),
            (0, 7)
        );
    }
}

/// The largest capture from a position of a wide board (FEN in its numbers),
/// under the rules `R`: the position after it and its highlight.
fn widest_capture<R: shashki::engine::Rules>(
    fen: &str,
) -> (Position<R::Shape>, LastMove<R::Shape>, usize) {
    let before = parse_fen_on::<R::Shape>(fen).unwrap().position;
    let mut moves = Vec::new();
    generate::<R>(&before, &mut moves);
    let mv = moves
        .into_iter()
        .max_by_key(|m| m.captured_squares().len())
        .expect("a move");
    let n = mv.captured_squares().len();
    (before.make(&mv), LastMove::from_move(&before, &mv), n)
}

#[test]
fn international_10x10_numbered_after_a_capture() {
    // a man on 32 takes 28 and 19 (32x23x14); kings of both colours stand by
    let (pos, last, n) = widest_capture::<International>(
        "W:WK46,32,33,37,41,42,K50,31,36:B28,19,K3,5,6,7,16,25,20,10",
    );
    assert_eq!(n, 2);
    let o = RenderOptions {
        size: 400,
        numbered: true,
        last_move: Some(last),
        ..RenderOptions::<Board10>::for_shape()
    };
    check("international_capture_classic", &pos, &o);
}

#[test]
fn russian_10x8_from_blacks_side() {
    // 10×8, files a–k without j; Black's view, a man takes two and is crowned
    let (pos, last, n) =
        widest_capture::<Russian10x8>("W:WK36,22,27,31,32,40:B18,9,K2,5,6,7,16,15");
    assert_eq!(n, 2);
    let o = RenderOptions {
        size: 400,
        flip: true,
        theme: Theme::Contrast,
        last_move: Some(last),
        caption: Some("Иван — Anna · 10×8".into()),
        ..RenderOptions::<Board10x8>::for_shape()
    };
    check("ten_by_eight_flip_contrast", &pos, &o);
}

#[test]
fn bashni_towers_show_their_composition() {
    use shashki::engine::{Color, Kind, Piece};
    use shashki::render::{render_towers_png, Tower};
    let p = |color, kind| Piece { color, kind };
    let (w, b, man, king) = (Color::White, Color::Black, Kind::Man, Kind::King);
    let towers = vec![
        // five: a white king over black, black, white, black
        Tower {
            square: sq("c3"),
            pieces: vec![p(w, king), p(b, man), p(b, man), p(w, man), p(b, man)],
        },
        Tower {
            square: sq("f6"),
            pieces: vec![p(b, man), p(w, man)],
        },
        Tower {
            square: sq("e5"),
            pieces: vec![p(b, man)],
        },
    ];
    let o = RenderOptions {
        size: 400,
        ..opts(Theme::Classic)
    };
    let png = render_towers_png(Color::White, &towers, &o);
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/towers_classic.png");
    if std::env::var_os("SHASHKI_UPDATE_GOLDENS").is_some() {
        std::fs::write(&golden, &png).unwrap();
        return;
    }
    let want = image::open(&golden).unwrap().to_rgb8();
    let got = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(got.dimensions(), want.dimensions());
    let off = got
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| (0..3).any(|k| a.0[k].abs_diff(b.0[k]) > 12))
        .count();
    assert!(off <= (400 * 400 / 2000) as usize, "{off} pixels differ");
}
