//! `cargo bench --bench render`: time of drawing a 640 px board and encoding
//! it as PNG (median and p90 of many runs), and the PNG's size, for a few
//! positions in both themes. Plain `harness = false` timing: the machine is
//! a noisy shared VM, so medians of many iterations are what count.

use shashki::engine::rules::International;
use shashki::engine::{generate, parse_fen_on, Board10, Board10x8, Position};
use shashki::render::{self, BoardShape, LastMove, RenderOptions, Theme};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn stats(mut t: Vec<Duration>) -> (f64, f64) {
    t.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(t[t.len() / 2]), ms(t[t.len() * 9 / 10]))
}

fn main() {
    let iters: usize = std::env::var("RENDER_BENCH_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let size: u32 = std::env::var("RENDER_BENCH_SIZE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(640);
    // a middlegame after a double capture, with kings on both sides
    let before =
        Position::from_fen("W:WKa1,c3,e3,g3,b2,f2,h2,a5:Bd4,f6,b6,Kh8,a7,c7,e7,h6,g5").unwrap();
    let mv = before
        .legal_moves()
        .into_iter()
        .max_by_key(|m| m.captured_squares().len())
        .unwrap();
    let after = before.make(&mv);
    let cases: Vec<(&str, Position, Option<LastMove>)> = vec![
        ("initial", Position::initial(), None),
        ("capture", after, Some(LastMove::from_move(&before, &mv))),
    ];
    println!("render + PNG encode, {size} px, {iters} iterations each (after 20 warm-up runs)");
    println!(
        "{:<9} {:<10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "theme", "position", "draw ms", "total ms", "p90 ms", "bytes", "first ms"
    );
    for theme in Theme::ALL {
        for (name, pos, last) in &cases {
            let opts = RenderOptions {
                size,
                theme,
                last_move: last.clone(),
                ..RenderOptions::default()
            };
            row(theme, name, pos, &opts, iters);
        }
    }

    // the 10×10 board (International, squares numbered 1–50 as drawn for
    // its players) and the 10×8 one
    let before =
        parse_fen_on::<Board10>("W:WK46,32,33,37,41,42,K50,31,36:B28,19,K3,5,6,7,16,25,20,10")
            .unwrap()
            .position;
    let mut moves = Vec::new();
    generate::<International>(&before, &mut moves);
    let mv = moves
        .into_iter()
        .max_by_key(|m| m.captured_squares().len())
        .unwrap();
    let after = before.make(&mv);
    type Case10 = (&'static str, Position<Board10>, Option<LastMove<Board10>>);
    let ten: Vec<Case10> = vec![
        ("10 start", Position::start(), None),
        ("10 capt", after, Some(LastMove::from_move(&before, &mv))),
        // most squares empty: the most numbers to draw
        (
            "10 ending",
            parse_fen_on::<Board10>("W:WK46,33:BK5,18")
                .unwrap()
                .position,
            None,
        ),
    ];
    for theme in Theme::ALL {
        for (name, pos, last) in &ten {
            let opts = RenderOptions {
                size,
                theme,
                numbered: true,
                last_move: last.clone(),
                ..RenderOptions::for_shape()
            };
            row(theme, name, pos, &opts, iters);
        }
        let opts = RenderOptions {
            size,
            theme,
            ..RenderOptions::for_shape()
        };
        let start = Position::<Board10x8>::start();
        row(theme, "10x8 start", &start, &opts, iters);
    }

    // a GIF replay of a 50-ply game (deterministic move choice)
    let mut pos = Position::initial();
    let mut plies = Vec::new();
    for i in 0..50 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(i * 7 + 3) % moves.len()];
        plies.push((pos, mv));
        pos = pos.make(&mv);
    }
    let frames = render::frames_from_replay(&Position::initial(), &plies);
    for gif_size in [320, 640] {
        let opts = RenderOptions {
            size: gif_size,
            ..RenderOptions::default()
        };
        let mut times = Vec::new();
        let mut bytes = 0;
        for _ in 0..7 {
            let t = Instant::now();
            bytes = black_box(render::render_gif(
                &frames,
                &opts,
                &render::GifOptions::default(),
            ))
            .len();
            times.push(t.elapsed());
        }
        let (m, _) = stats(times);
        println!(
            "GIF replay, {} plies, {gif_size} px: {m:.1} ms median of 7, {bytes} bytes",
            plies.len()
        );
    }
}

/// One table row: the cold first render, then `iters` timed draws and PNG
/// encodes after 20 warm-up runs.
fn row<S: BoardShape>(
    theme: Theme,
    name: &str,
    pos: &Position<S>,
    opts: &RenderOptions<S>,
    iters: usize,
) {
    let cold = Instant::now();
    black_box(render::render_png(pos, opts));
    let cold = cold.elapsed();
    for _ in 0..20 {
        black_box(render::render_png(pos, opts));
    }
    let mut total = Vec::with_capacity(iters);
    let mut draw = Vec::with_capacity(iters);
    let mut bytes = 0;
    for _ in 0..iters {
        let t0 = Instant::now();
        black_box(render::render(black_box(pos), opts));
        let t1 = Instant::now();
        let png = render::render_png(black_box(pos), opts);
        let t2 = Instant::now();
        bytes = black_box(png).len();
        draw.push(t1 - t0);
        total.push(t2 - t1);
    }
    let (dm, _) = stats(draw);
    let (tm, tp) = stats(total);
    println!(
        "{:<9} {:<10} {:>10.3} {:>10.3} {:>10.3} {:>10} {:>10.1}",
        theme.name(),
        name,
        dm,
        tm,
        tp,
        bytes,
        cold.as_secs_f64() * 1e3
    );
}
