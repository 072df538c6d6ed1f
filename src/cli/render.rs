//! `shashki render --fen FEN [--last MOVE] [--flip] [--theme NAME] [--size PX] -o FILE.png`
//! draws a board; `shashki render --pdn GAME.pdn --gif -o FILE.gif` a replay.

use super::{position_arg_in, CliError, CliResult};
use shashki::render::{self, LastMove, RenderOptions, Theme};
use shashki_engine::{pdn, Square};
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
    /// them). A --pdn game's GameType decides for it.
    #[arg(long, default_value = "russian")]
    variant: String,
}

pub fn run(a: RenderArgs) -> CliResult {
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

/// The options every output shares.
fn options(a: &RenderArgs) -> Result<RenderOptions, CliError> {
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
    let variant = super::variant_arg(&a.variant)?;
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
