#![no_main]
//! Move parsing against positions reached by fuzzer-chosen play: never
//! panics, and whatever parses is legal.
use libfuzzer_sys::fuzz_target;
use shashki_engine::notation::parse_move;
use shashki_engine::Position;

fuzz_target!(|data: &[u8]| {
    // the first bytes pick a path through the game tree, the rest is the text
    let split = data.iter().position(|&b| b == 0xFF).unwrap_or(data.len().min(8));
    let (path, text) = data.split_at(split);
    let mut pos = Position::initial();
    for &b in path {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.make(&moves[b as usize % moves.len()]);
    }
    let text = String::from_utf8_lossy(text);
    if let Ok(mv) = parse_move(&pos, &text) {
        assert!(pos.legal_moves().contains(&mv));
    }
});
