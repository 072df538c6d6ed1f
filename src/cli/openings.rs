//! `shashki openings --variant KEY`: the engine's balanced opening list of
//! a variant, in the form stored in assets/openings/`KEY`.txt (the bot's
//! tournaments in that variant draw from the stored copy; a test checks that
//! the engine still makes it). Redirect it there to regenerate one.

use super::{CliError, CliResult};
use shashki::tournament::ballot::format_engine_list;
use shashki_engine::openings::{openings_with, OpeningParams};
use shashki_engine::Variant;
use std::io::Write;

#[derive(clap::Args)]
pub struct OpeningsArgs {
    /// The variant's key: international, frisian, frysk, antidraughts,
    /// breakthrough, russian-10x8, bashni, vigman, or an 8×8 one (russian,
    /// poddavki, brazilian, pool, english, czech, italian, portuguese).
    #[arg(long)]
    variant: String,
    /// Half-moves in each line (the stored lists: 3; Vigman: 2 sub-moves).
    #[arg(long)]
    plies: Option<u32>,
    /// Depth of each search (the stored lists: 10 on 8×8, 8 on the wide
    /// boards and in Bashni).
    #[arg(long)]
    depth: Option<u32>,
    /// Largest score kept, centi-men either way (the stored lists: 60).
    #[arg(long)]
    margin: Option<i32>,
}

pub fn run(a: OpeningsArgs) -> CliResult {
    let variant: Variant = a
        .variant
        .parse()
        .map_err(|e| CliError::Input(format!("--variant: {e}")))?;
    let mut params = OpeningParams::of(variant);
    if let Some(p) = a.plies {
        if !(1..=6).contains(&p) {
            return Err(CliError::Input(format!("--plies {p}: 1 to 6")));
        }
        params.plies = p;
    }
    if let Some(d) = a.depth {
        if !(1..=30).contains(&d) {
            return Err(CliError::Input(format!("--depth {d}: 1 to 30")));
        }
        params.depth = d;
    }
    if let Some(m) = a.margin {
        params.margin = m.max(0);
    }
    let list = openings_with(variant, &params);
    let mut out = std::io::stdout().lock();
    out.write_all(format_engine_list(variant, &params, &list).as_bytes())?;
    Ok(())
}
