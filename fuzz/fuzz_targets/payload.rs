#![no_main]
//! Button payloads, any of them: decoding never panics, and a decoded
//! payload encodes (in at most 64 bytes) to one that decodes to the same.
use libfuzzer_sys::fuzz_target;
use shashki::core::input::payload::Payload;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Some(p) = Payload::decode(&text) {
        let e = p.encode();
        assert!(e.len() <= 64, "{e:?} is {} bytes", e.len());
        assert_eq!(Payload::decode(&e), Some(p), "{text:?} -> {p:?} -> {e:?}");
        let _ = p.kind();
    }
});
