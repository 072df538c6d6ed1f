#![no_main]
//! PDN reading and replaying never panics.
use libfuzzer_sys::fuzz_target;
use shashki_engine::pdn::parse_pdn;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(games) = parse_pdn(text) {
            for g in games {
                let _ = g.replay();
                let _ = g.to_game();
            }
        }
    }
});
