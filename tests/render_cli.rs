//! `shashki render`: files written, and bad input refused with one line and
//! exit status 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn shashki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("runs")
}

/// A file `name` in a directory of its own, removed with it (a fixed
/// directory per process id was left in /tmp by every run).
struct Tmp {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Tmp {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Tmp {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

fn tmp(name: &str) -> Tmp {
    let dir = tempfile::Builder::new()
        .prefix("shashki-render-cli-")
        .tempdir()
        .unwrap();
    let path = dir.path().join(name);
    Tmp { _dir: dir, path }
}

#[test]
fn writes_a_png_with_the_last_move() {
    let out = tmp("last.png");
    let o = shashki(&[
        "render",
        "--fen",
        "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "--last",
        "c3-d4",
        "--flip",
        "--theme",
        "contrast",
        "--size",
        "400",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(&out).unwrap();
    assert_eq!((img.width(), img.height()), (400, 400));
}

#[test]
fn select_and_caption() {
    let out = tmp("select.png");
    let o = shashki(&[
        "render",
        "--select",
        "c3",
        "--caption",
        "Иван — Пётр",
        "--size",
        "320",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(&out).unwrap();
    assert!(img.height() > 320);
}

#[test]
fn replays_a_pdn_game_as_gif_and_draws_its_end_as_png() {
    let pdn = tmp("game.pdn");
    std::fs::write(
        &pdn,
        "[White \"Иван\"]\n[Black \"Anna\"]\n1. c3-d4 f6-g5 2. d4-c5 b6:d4 3. e3:c5 *\n",
    )
    .unwrap();
    let gif = tmp("game.gif");
    let o = shashki(&[
        "render",
        "--pdn",
        pdn.to_str().unwrap(),
        "--gif",
        "--size",
        "240",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&gif).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    let png = tmp("end.png");
    let o = shashki(&[
        "render",
        "--pdn",
        pdn.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(image::open(&png).is_ok());
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let out = tmp("bad.png");
    let o = out.to_str().unwrap();
    let missing = tmp("missing.pdn");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--fen", "W:Wz9"], "FEN"),
        (vec!["--theme", "neon"], "neon"),
        (vec!["--size", "10"], "--size"),
        (vec!["--last", "c3-c5"], "diagonal"),
        (vec!["--last", "c3-d4"], "no Black piece on d4"),
        (vec!["--select", "c4"], "--select"),
        (vec!["--gif"], "--pdn"),
        (vec!["--pdn", missing.to_str().unwrap()], "cannot read"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["render"];
        all.extend(&args);
        all.extend(["-o", o]);
        let r = shashki(&all);
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn a_variant_board_is_drawn_its_way() {
    // Italian: the FEN in Italian numbers, the board mirrored and numbered,
    // the same picture the chat draws
    use shashki::engine::{Position, Variant8};
    use shashki::render::{render_png, RenderOptions};
    let out = tmp("italian.png");
    let o = shashki(&[
        "render",
        "--variant",
        "italian",
        "--fen",
        "W:W23:BK19",
        "--size",
        "320",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let got = image::open(&out).unwrap().to_rgb8();
    let pos = Position::from_fen("W:Wc3:BKd4").unwrap();
    let want = render_png(
        &pos,
        &RenderOptions {
            size: 320,
            variant: Variant8::Italian,
            numbered: true,
            ..RenderOptions::default()
        },
    );
    assert_eq!(got, image::load_from_memory(&want).unwrap().to_rgb8());
    let o = shashki(&[
        "render",
        "--variant",
        "klondike",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_wider_boards_from_the_command_line() {
    // International 10×10 after 32-28, in its square numbers
    let out = tmp("international.png");
    let o = shashki(&[
        "render",
        "--variant",
        "international",
        "--fen",
        "B:W28,31,33-50:B1-20",
        "--last",
        "32-28",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ten = image::open(&out).unwrap().to_rgb8();
    assert_eq!(ten.dimensions(), (640, 640));
    // --board 10x10 draws the same picture
    let same = tmp("board10.png");
    let o = shashki(&[
        "render",
        "--board",
        "10x10",
        "--fen",
        "B:W28,31,33-50:B1-20",
        "--last",
        "32-28",
        "-o",
        same.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&same).unwrap());
    // 10×8: algebraic squares with i and k, as wide and lower
    let out = tmp("ten-by-eight.png");
    let o = shashki(&[
        "render",
        "--board",
        "10x8",
        "--fen",
        "B:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,k2,a3,c3,g3,i3,d4:Bb6,d6,f6,h6,k6,a7,c7,e7,g7,i7,b8,d8,f8,h8,k8",
        "--last",
        "e3-d4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(&out).unwrap();
    assert_eq!(img.width(), 640);
    assert!(img.height() < 600, "two ranks fewer: {}", img.height());
    // refusals: one line, exit 2
    for args in [
        &["render", "--board", "12x12"][..],
        &["render", "--board", "8x8", "--variant", "international"],
        &["render", "--board", "10x10", "--gif", "--pdn", "x.pdn"],
        &["render", "--board", "10x10", "--last", "32-28"],
        &["render", "--board", "10x8", "--select", "j4"],
    ] {
        let mut a = args.to_vec();
        let o_path = tmp("refused.png");
        a.extend(["-o", o_path.to_str().unwrap()]);
        let r = shashki(&a);
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
