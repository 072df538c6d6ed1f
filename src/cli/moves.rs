//! `shashki moves --fen FEN`: every legal move, one per line:
//! `<move in algebraic notation>\t<FEN of the resulting position>`.

use super::{position_arg, variant_arg, CliResult};

#[derive(clap::Args)]
pub struct MovesArgs {
    /// The position (PDN FEN); the initial position when absent.
    #[arg(long)]
    fen: Option<String>,
    /// Rule set: russian, poddavki, brazilian, pool, english, czech, italian, portuguese.
    #[arg(long, default_value = "russian")]
    variant: String,
}

pub fn run(a: MovesArgs) -> CliResult {
    let pos = position_arg(a.fen.as_deref())?;
    let variant = variant_arg(&a.variant)?;
    let mut lines: Vec<String> = pos
        .legal_moves_in(variant)
        .iter()
        .map(|mv| format!("{mv}\t{}\n", pos.make(mv).to_fen()))
        .collect();
    lines.sort();
    let out = lines.concat();
    print!("{out}");
    Ok(())
}
