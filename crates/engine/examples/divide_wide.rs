//! `cargo run --release -p shashki-engine --example divide_wide -- RULES FEN DEPTH`:
//! perft "divide" on the numbered boards (RULES: international,
//! international-10x8, frisian): each legal move, its leaf count at DEPTH
//! and the FEN after it, one line each — to compare with another
//! generator move by move.

use shashki_engine::fen::{parse_fen_on, to_fen_on};
use shashki_engine::rules::{Frisian, International, International10x8, Rules};
use shashki_engine::{perft, perft_divide};

fn divide<R: Rules>(fen: &str, depth: u32) {
    let pos = parse_fen_on::<R::Shape>(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position;
    let mut total = 0;
    for (mv, n) in perft_divide::<R>(&pos, depth) {
        println!("{}\t{n}\t{mv}", to_fen_on(&pos.make(&mv)));
        total += n;
    }
    assert_eq!(total, perft::<R>(&pos, depth));
    println!("total\t{total}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rules, fen, depth] = args.as_slice() else {
        eprintln!("usage: divide_wide RULES FEN DEPTH");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().expect("a depth");
    match rules.as_str() {
        "international" => divide::<International>(fen, depth),
        "international-10x8" => divide::<International10x8>(fen, depth),
        "frisian" => divide::<Frisian>(fen, depth),
        _ => {
            eprintln!("unknown rules {rules}");
            std::process::exit(2);
        }
    }
}
