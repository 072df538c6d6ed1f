//! `shashki render --fen FEN [--last MOVE] [--flip] [--theme NAME] [--size PX] -o FILE.png`
//! draws a board; `shashki render --pdn GAME.pdn --gif -o FILE.gif` a replay.

use super::{position_arg, CliError, CliResult};
use shashki::render::{self, LastMove, RenderOptions, Theme};
use shashki_engine::Square;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct RenderArgs {
    /// Position to draw (PDN FEN); the initial position when absent.
    #[arg(long)]
    fen: Option<String>,
    /// The move that led to the position (`e3-d4`, `c3:e5:g7`), highlighted.
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
    /// Output file (PNG, or GIF with --gif).
    #[arg(long, short)]
    output: PathBuf,
}

pub fn run(a: RenderArgs) -> CliResult {
    let mut opts = options(&a)?;
    let pos = position_arg(a.fen.as_deref())?;
    if let Some(text) = &a.last {
        opts.last_move =
            Some(LastMove::from_notation(&pos, text).map_err(|e| CliError::Input(e.to_string()))?);
    }
    if let Some(s) = &a.select {
        let sq = square_arg(s, "--select")?;
        opts.selected = Some(sq);
        opts.legal_targets = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| m.to())
            .collect();
    }
    write(&a.output, &render::render_png(&pos, &opts))
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
    Ok(RenderOptions {
        size: a.size,
        theme,
        flip: a.flip,
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
