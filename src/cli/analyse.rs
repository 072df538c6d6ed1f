//! `shashki analyse GAME.pdn`: every game of the file analysed by the
//! engine, printed as PDN with `!`/`?!`/`?`/`??` marks, the better move
//! after each mistake, and each side's accuracy in tags. A progress bar on
//! a terminal (quiet when stderr is piped).

use super::{progress_bar, CliError, CliResult};
use shashki_engine::analysis::{analyse, AnalyseOptions};
use shashki_engine::pdn::parse_pdn;
use shashki_engine::Color;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// A PDN file with one or more games (any rule set its GameType names).
    pdn: PathBuf,
    /// Depth of the search of each position, in plies.
    #[arg(long, default_value_t = AnalyseOptions::default().depth)]
    depth: u32,
    /// The longest one search may take, in milliseconds.
    #[arg(long, default_value_t = AnalyseOptions::default().movetime_ms)]
    movetime: u64,
    /// Also draw the first game's evaluation graph to this PNG file.
    #[arg(long)]
    graph: Option<PathBuf>,
}

pub fn run(a: AnalyseArgs) -> CliResult {
    let text = std::fs::read_to_string(&a.pdn)
        .map_err(|e| CliError::Input(format!("{}: {e}", a.pdn.display())))?;
    let games =
        parse_pdn(&text).map_err(|e| CliError::Input(format!("{}: {e}", a.pdn.display())))?;
    if games.is_empty() {
        return Err(CliError::Input(format!(
            "{}: no game in it",
            a.pdn.display()
        )));
    }
    if !(1..=30).contains(&a.depth) {
        return Err(CliError::Input(format!("--depth {}: 1 to 30", a.depth)));
    }
    let opts = AnalyseOptions {
        depth: a.depth,
        movetime_ms: a.movetime.max(1),
        ..AnalyseOptions::default()
    };
    let mut out = std::io::stdout().lock();
    for (n, game) in games.iter().enumerate() {
        let plies = game
            .replay()
            .map_err(|e| CliError::Input(format!("game {}: {e}", n + 1)))?;
        let start = game
            .start_position()
            .map_err(|e| CliError::Input(format!("game {}: {e}", n + 1)))?;
        let moves: Vec<_> = plies.iter().map(|(_, m)| *m).collect();
        let bar = progress_bar(moves.len() as u64, &format!("game {}", n + 1));
        if !std::io::stderr().is_terminal() {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let variant = game
            .variant()
            .map_err(|e| CliError::Input(format!("game {}: {e}", n + 1)))?;
        let report = analyse(variant, &start, &moves, &opts, |done, _| {
            bar.set_position(done as u64)
        });
        bar.finish_and_clear();
        if let (0, Some(path)) = (n, &a.graph) {
            let scores: Vec<i32> = report.plies.iter().map(|p| p.white_score()).collect();
            let marks: Vec<String> = report
                .plies
                .iter()
                .map(|p| p.mark.map(|m| m.to_string()).unwrap_or_default())
                .collect();
            let title = game.tag("Event").unwrap_or("game 1").to_string();
            let png = shashki::render::graph::eval_graph_png(&scores, &marks, &title);
            std::fs::write(path, png)
                .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
        }
        for (k, v) in &game.tags {
            writeln!(out, "[{k} \"{v}\"]")?;
        }
        writeln!(
            out,
            "[WhiteAccuracy \"{:.1}\"]",
            report.accuracy(Color::White)
        )?;
        writeln!(
            out,
            "[BlackAccuracy \"{:.1}\"]",
            report.accuracy(Color::Black)
        )?;
        writeln!(
            out,
            "[Annotator \"shashki (depth {}, {} ms a position)\"]",
            opts.depth, opts.movetime_ms
        )?;
        writeln!(out)?;
        let result = game.result.clone().unwrap_or_else(|| "*".into());
        writeln!(out, "{} {result}\n", report.movetext_in(variant, 1))?;
    }
    Ok(())
}
