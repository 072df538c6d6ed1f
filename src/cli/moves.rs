//! `shashki moves --fen FEN [--variant X]`: every legal move, one per line:
//! `<move>\t<FEN of the resulting position>`, both written as the variant's
//! players write them (algebraic for the Russian family; square numbers for
//! English, Italian and Portuguese, in which the `--fen` is read too).

use super::{position_arg_in, variant_arg, CliResult};

#[derive(clap::Args)]
pub struct MovesArgs {
    /// The position (PDN FEN, in the variant's square numbers); the initial
    /// position when absent.
    #[arg(long)]
    fen: Option<String>,
    /// Rule set: russian, poddavki, brazilian, pool, english, czech, italian, portuguese.
    #[arg(long, default_value = "russian")]
    variant: String,
}

pub fn run(a: MovesArgs) -> CliResult {
    let variant = variant_arg(&a.variant)?;
    let pos = position_arg_in(a.fen.as_deref(), variant)?;
    let mut lines: Vec<String> = pos
        .legal_moves_in(variant)
        .iter()
        .map(|mv| {
            let after = variant.format_fen(&pos.make(mv));
            format!("{}\t{after}\n", variant.format_move(mv))
        })
        .collect();
    lines.sort();
    let out = lines.concat();
    print!("{out}");
    Ok(())
}
