#![no_main]
//! FEN parsing: never panics; whatever parses prints back to itself.
use libfuzzer_sys::fuzz_target;
use shashki_engine::fen::{parse_fen, to_fen, to_fen_numeric};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(p) = parse_fen(text) {
            assert_eq!(parse_fen(&to_fen(&p)), Ok(p));
            assert_eq!(parse_fen(&to_fen_numeric(&p)), Ok(p));
            assert_eq!(p.hash(), p.compute_hash());
        }
    }
});
