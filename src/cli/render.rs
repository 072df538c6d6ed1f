//! `shashki render --fen FEN [--last MOVE] [--flip] [--theme NAME] [--size PX] -o FILE.png`
//! draws a board; `shashki render --pdn GAME.pdn --gif -o FILE.gif` a replay.
//! `--board 10x10` (or `--variant international`) and `--board 10x8` (or
//! `--variant russian-10x8`) draw the wider boards.

use super::{position_arg_in, CliError, CliResult};
use shashki::render::{self, BoardShape, FrameLabels, LastMove, RenderOptions, Theme};
use shashki_engine::{generate, parse_fen_on, pdn, Board10, Board10x8, Position, Square};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct RenderArgs {
    /// Position to draw (PDN FEN); the initial position when absent.
    #[arg(long)]
    fen: Option<String>,
    /// The move that led to the position (`e3-d4`, `c3:e5:g7`), highlighted;
    /// --fen is the position after it.
    #[arg(long)]
    last: Option<String>,
    /// Draw from Black's side.
    #[arg(long)]
    flip: bool,
    /// Board theme (classic, contrast).
    #[arg(long, default_value = "classic")]
    theme: String,
    /// Image width in pixels.
    #[arg(long, default_value_t = 640)]
    size: u32,
    /// Select a piece: its square is tinted and its legal destinations dotted.
    #[arg(long)]
    select: Option<String>,
    /// A caption line under the board.
    #[arg(long)]
    caption: Option<String>,
    /// Leave out the side-to-move disc in the frame corner.
    #[arg(long)]
    no_side_marker: bool,
    /// A PDN file: draw its final position (or, with --gif, replay it).
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Which game of the PDN file (1 is the first).
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Write an animated GIF replay of the --pdn game, one frame per ply.
    #[arg(long)]
    gif: bool,
    /// Milliseconds each ply shows in the GIF (the last frame shows 5 s).
    #[arg(long, default_value_t = 1000)]
    delay: u32,
    /// Output file (PNG, or GIF with --gif).
    #[arg(long, short)]
    output: PathBuf,
    /// Whose board: italian and portuguese are drawn mirrored, english,
    /// italian and portuguese with their square numbers (and --fen read in
    /// them). A --pdn game's GameType decides for it. The 10×10 games
    /// (international, frisian, frysk, antidraughts, breakthrough) and
    /// russian-10x8 pick the wider board, as --board does.
    #[arg(long, default_value = "russian")]
    variant: String,
    /// The board: 8x8, 10x10 (squares numbered 1–50; --fen, --last and
    /// --select in those numbers, moves checked by International rules) or
    /// 10x8 (files a–k without j, Russian rules; squares algebraic or
    /// numbered 1–40).
    #[arg(long)]
    board: Option<String>,
}

/// The boards `shashki render` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BoardArg {
    Eight,
    Ten,
    TenByEight,
}

/// `--board`, or the board of a `--variant` the engine's variant list does
/// not know yet (the 10×10 and 10×8 games are drawn before they are played).
fn board_arg(a: &RenderArgs) -> Result<BoardArg, CliError> {
    let by_variant = match a.variant.trim().to_ascii_lowercase().as_str() {
        "international" | "frisian" | "frysk" | "antidraughts" | "breakthrough" => {
            Some(BoardArg::Ten)
        }
        "russian-10x8" | "10x8" => Some(BoardArg::TenByEight),
        _ => None,
    };
    let by_flag = match a.board.as_deref().map(|b| b.trim().to_ascii_lowercase()) {
        None => None,
        Some(b) => Some(match b.replace('×', "x").as_str() {
            "8x8" | "8" => BoardArg::Eight,
            "10x10" | "10" => BoardArg::Ten,
            "10x8" => BoardArg::TenByEight,
            _ => {
                return Err(CliError::Input(format!(
                    "--board '{b}': unknown board (8x8, 10x10, 10x8)"
                )))
            }
        }),
    };
    match (by_flag, by_variant) {
        (Some(f), Some(v)) if f != v => Err(CliError::Input(format!(
            "--board {} does not fit --variant {}",
            a.board.as_deref().unwrap_or_default(),
            a.variant
        ))),
        (Some(f), _) => Ok(f),
        (None, Some(v)) => Ok(v),
        (None, None) => Ok(BoardArg::Eight),
    }
}

pub fn run(a: RenderArgs) -> CliResult {
    match board_arg(&a)? {
        BoardArg::Eight => {}
        BoardArg::Ten => return run_wide::<Board10>(&a),
        BoardArg::TenByEight => return run_wide::<Board10x8>(&a),
    }
    let mut opts = options(&a)?;
    if let Some(path) = &a.pdn {
        return run_pdn(&a, path, opts);
    }
    if a.gif {
        return Err(CliError::Input("--gif needs --pdn GAME.pdn".into()));
    }
    let pos = position_arg_in(a.fen.as_deref(), opts.variant)?;
    if let Some(text) = &a.last {
        opts.last_move =
            Some(LastMove::from_notation(&pos, text).map_err(|e| CliError::Input(e.to_string()))?);
    }
    if let Some(s) = &a.select {
        let sq = square_arg(s, "--select")?;
        opts.selected = Some(sq);
        opts.legal_targets = pos
            .legal_moves_in(opts.variant)
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| m.to())
            .collect();
    }
    write(&a.output, &render::render_png(&pos, &opts))
}

/// `--pdn`: the final position as PNG, or the whole game as GIF.
fn run_pdn(a: &RenderArgs, path: &PathBuf, mut opts: RenderOptions) -> CliResult {
    if a.fen.is_some() || a.last.is_some() || a.select.is_some() {
        return Err(CliError::Input(
            "--pdn cannot be combined with --fen, --last or --select".into(),
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?;
    let games =
        pdn::parse_pdn(&text).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let n = games.len();
    let game = a
        .game
        .checked_sub(1)
        .and_then(|i| games.get(i))
        .ok_or_else(|| {
            CliError::Input(format!(
                "--game {}: {} has {n} game{}",
                a.game,
                path.display(),
                if n == 1 { "" } else { "s" }
            ))
        })?;
    let bad =
        |e: pdn::PdnError| CliError::Input(format!("{} game {}: {e}", path.display(), a.game));
    let start = game.start_position().map_err(bad)?;
    let plies = game.replay().map_err(bad)?;
    opts.variant = game.variant().map_err(bad)?;
    opts.numbered = opts.variant.numeric_notation();
    // "White — Black" in front of each frame's move caption
    let players = match (game.tag("White"), game.tag("Black")) {
        (Some(w), Some(b)) if !w.is_empty() || !b.is_empty() => Some(format!("{w} — {b}")),
        _ => None,
    };
    let header = a.caption.clone().or(players);
    let mut frames = render::frames_from_replay_in(opts.variant, &start, &plies);
    if let Some(h) = &header {
        for f in &mut frames {
            f.caption = Some(match f.caption.as_deref() {
                Some(m) if !m.is_empty() => format!("{h} · {m}"),
                _ => h.clone(),
            });
        }
    }
    if a.gif {
        let timing = render::GifOptions {
            ply_ms: a.delay,
            ..render::GifOptions::default()
        };
        return write(&a.output, &render::render_gif(&frames, &opts, &timing));
    }
    let last = frames.pop().expect("at least the start frame");
    let opts = RenderOptions {
        last_move: last.last_move,
        caption: last
            .caption
            .filter(|c| !c.is_empty())
            .or(opts.caption.clone()),
        ..opts
    };
    write(&a.output, &render::render_png(&last.position, &opts))
}

/// A 10×10 or 10×8 board: `--fen` in the board's numbers or algebraic
/// names, `--last` and `--select` checked by the rules of
/// [`BoardShape::Rules`]. No PDN or GIF yet: the engine's PDN reads 8×8
/// games only.
fn run_wide<S: BoardShape>(a: &RenderArgs) -> CliResult {
    if a.pdn.is_some() || a.gif {
        return Err(CliError::Input(format!(
            "--pdn and --gif read 8×8 games only, not the {} board",
            S::NAME
        )));
    }
    let eight = options_with(a, shashki_engine::Variant8::Russian)?;
    let mut opts = RenderOptions::<S> {
        size: eight.size,
        theme: eight.theme,
        flip: eight.flip,
        show_side_to_move: eight.show_side_to_move,
        caption: eight.caption,
        numbered: S::FRAME == FrameLabels::EdgeNumbers,
        ..RenderOptions::for_shape()
    };
    let pos = match &a.fen {
        None => Position::<S>::start(),
        Some(f) => parse_fen_on::<S>(f)
            .map(|i| i.position)
            .map_err(|e| CliError::Input(format!("malformed FEN: {e}")))?,
    };
    if let Some(text) = &a.last {
        opts.last_move = Some(
            LastMove::from_notation_in::<S::Rules>(&pos, text, S::parse_square)
                .map_err(|e| CliError::Input(e.to_string()))?,
        );
    }
    if let Some(s) = &a.select {
        let sq = S::parse_square(s).map_err(|e| CliError::Input(format!("--select '{s}': {e}")))?;
        opts.selected = Some(sq);
        let mut moves = Vec::new();
        generate::<S::Rules>(&pos, &mut moves);
        opts.legal_targets = moves
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| m.to())
            .collect();
    }
    write(&a.output, &render::render_png(&pos, &opts))
}

/// The options every output shares.
fn options(a: &RenderArgs) -> Result<RenderOptions, CliError> {
    options_with(a, super::variant_arg(&a.variant)?)
}

/// [`options`] for a variant already read.
fn options_with(
    a: &RenderArgs,
    variant: shashki_engine::Variant8,
) -> Result<RenderOptions, CliError> {
    let theme: Theme = a
        .theme
        .parse()
        .map_err(|e: render::UnknownTheme| CliError::Input(e.to_string()))?;
    if !(render::MIN_SIZE..=render::MAX_SIZE).contains(&a.size) {
        return Err(CliError::Input(format!(
            "--size {} is out of range ({}..={})",
            a.size,
            render::MIN_SIZE,
            render::MAX_SIZE
        )));
    }
    Ok(RenderOptions {
        size: a.size,
        theme,
        flip: a.flip,
        variant,
        numbered: variant.numeric_notation(),
        show_side_to_move: !a.no_side_marker,
        caption: a.caption.clone(),
        ..RenderOptions::default()
    })
}

fn square_arg(text: &str, what: &str) -> Result<Square, CliError> {
    Square::parse(text).map_err(|e| CliError::Input(format!("{what} '{text}': {e}")))
}

fn write(path: &PathBuf, bytes: &[u8]) -> CliResult {
    std::fs::write(path, bytes)
        .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))
}
