//! The bot's log: whatever level is configured (`[log] level`, or
//! `RUST_LOG`), no line prints a token. Two guards:
//!
//! - **caps**: the crates that dump what goes over the wire log at `debug`
//!   at most, whatever the level — tungstenite prints each websocket frame
//!   at `trace` (Discord's IDENTIFY carries the token, as hex and as bytes),
//!   hyper, reqwest and h2 their connections, serenity's gateway and HTTP
//!   client their requests;
//! - **redaction**: every line is written through [`Redact`], which puts
//!   `[token]` in place of each configured token — as written, URL-encoded
//!   (Telegram's token is in every request's URL), in hex and as a list of
//!   bytes (the forms a frame dump takes) — before it reaches stderr.

use std::io::Write;
use std::sync::Arc;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// What a redacted token reads as in the log.
pub const REDACTED: &str = "[token]";

/// The crates that log what they send and receive, and the most they may
/// log whatever the configured level.
const CAPS: [(&str, LevelFilter); 10] = [
    ("tungstenite", LevelFilter::DEBUG),
    ("tokio_tungstenite", LevelFilter::DEBUG),
    ("hyper", LevelFilter::DEBUG),
    ("hyper_util", LevelFilter::DEBUG),
    ("h2", LevelFilter::DEBUG),
    ("reqwest", LevelFilter::DEBUG),
    ("rustls", LevelFilter::DEBUG),
    ("serenity::gateway", LevelFilter::DEBUG),
    ("serenity::http", LevelFilter::DEBUG),
    ("teloxide_core::adaptors::trace", LevelFilter::DEBUG),
];

/// The caps as a filter: everything else passes (the level is the
/// [`EnvFilter`]'s word).
pub fn caps() -> Targets {
    CAPS.iter().fold(
        Targets::new().with_default(LevelFilter::TRACE),
        |t, (target, level)| t.with_target(*target, *level),
    )
}

/// The level filter: `RUST_LOG` when set, else `level` (`info`,
/// `shashki=debug,warn`, …). An error names what is wrong with `level`.
pub fn level_filter(level: &str) -> Result<EnvFilter, String> {
    EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(level))
        .map_err(|e| format!("log.level {level:?}: {e}"))
}

/// Log to stderr at `level` (see [`level_filter`]), the noisy crates
/// capped ([`caps`]), every `secrets` string redacted ([`Redact`]).
/// Once per process; a second call changes nothing.
pub fn init(level: &str, secrets: &[&str]) -> Result<(), String> {
    init_with(level, secrets, std::io::stderr)
}

/// [`init`] with another writer (tests capture the log).
pub fn init_with<W>(level: &str, secrets: &[&str], writer: W) -> Result<(), String>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = level_filter(level)?;
    let lines = tracing_subscriber::fmt::layer()
        .with_writer(Redact::new(writer, secrets))
        .with_filter(caps());
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(lines)
        .try_init();
    Ok(())
}

/// A writer maker whose writers hold each log line and write it with
/// every secret replaced by [`REDACTED`] (in each form it may be printed
/// in: see [`forms`]).
#[derive(Clone)]
pub struct Redact<M> {
    inner: M,
    forms: Arc<Vec<String>>,
}

impl<M> Redact<M> {
    /// Secrets shorter than 8 characters are not redacted (no token is:
    /// they would take words out of every line).
    pub fn new(inner: M, secrets: &[&str]) -> Redact<M> {
        let mut forms: Vec<String> = secrets
            .iter()
            .map(|s| s.trim())
            .filter(|s| s.chars().count() >= 8)
            .flat_map(forms)
            .collect();
        // the longest first: a form inside another is replaced after it
        forms.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        forms.dedup();
        Redact {
            inner,
            forms: Arc::new(forms),
        }
    }
}

/// The forms a secret may be printed in: as it is, URL-encoded, in hex
/// (lower and upper case) and as a list of bytes (`[116, 101, …]`, Rust's
/// `{:?}` of a byte vector, without the brackets).
fn forms(secret: &str) -> Vec<String> {
    let bytes = secret.as_bytes();
    let url: String = url::form_urlencoded::byte_serialize(bytes).collect();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let list = bytes
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    vec![secret.to_string(), url, hex.to_uppercase(), hex, list]
}

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redact<M> {
    type Writer = RedactLine<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactLine {
            inner: self.inner.make_writer(),
            forms: Arc::clone(&self.forms),
            line: Vec::new(),
        }
    }
}

/// One log line on its way: written, redacted, when flushed or dropped
/// (the log formats a line and writes it through one writer).
pub struct RedactLine<W: Write> {
    inner: W,
    forms: Arc<Vec<String>>,
    line: Vec<u8>,
}

impl<W: Write> RedactLine<W> {
    fn emit(&mut self) -> std::io::Result<()> {
        if self.line.is_empty() {
            return Ok(());
        }
        let line = std::mem::take(&mut self.line);
        let mut text = String::from_utf8_lossy(&line).into_owned();
        for f in self.forms.iter() {
            if text.contains(f.as_str()) {
                text = text.replace(f.as_str(), REDACTED);
            }
        }
        self.inner.write_all(text.as_bytes())?;
        self.inner.flush()
    }
}

impl<W: Write> Write for RedactLine<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.emit()
    }
}

impl<W: Write> Drop for RedactLine<W> {
    fn drop(&mut self) {
        // a log line that cannot be written is lost, as with stderr
        let _ = self.emit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);

    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Buf {
        type Writer = Buf;
        fn make_writer(&'a self) -> Buf {
            self.clone()
        }
    }

    const TOKEN: &str = "123456:AAH-secret_token";

    #[test]
    fn every_form_of_a_token_is_redacted_whatever_the_line() {
        let buf = Buf::default();
        let r = Redact::new(buf.clone(), &[TOKEN, "short", ""]);
        let hex: String = TOKEN.bytes().map(|b| format!("{b:02x}")).collect();
        let list = format!("{:?}", TOKEN.as_bytes());
        let lines = [
            format!("GET https://api.telegram.org/bot{TOKEN}/getUpdates\n"),
            "url: https://x/bot123456%3AAAH-secret_token/send\n".to_string(),
            format!("payload: 0x7b22{hex}227d\n"),
            format!("payload: 0x{}\n", hex.to_uppercase()),
            format!("Frame {{ payload: {list} }}\n"),
            "short words stay short\n".to_string(),
        ];
        for l in &lines {
            let mut w = r.make_writer();
            // a line may arrive in pieces
            let (a, b) = l.as_bytes().split_at(l.len() / 2);
            w.write_all(a).unwrap();
            w.write_all(b).unwrap();
        }
        let out = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert!(!out.contains(TOKEN), "{out}");
        assert!(!out.contains("secret"), "{out}");
        assert!(
            !out.contains(&hex) && !out.contains(&hex.to_uppercase()),
            "{out}"
        );
        assert!(!out.contains("116, 111, 107"), "{out}");
        assert_eq!(out.matches(REDACTED).count(), 5, "{out}");
        assert!(out.contains("GET https://api.telegram.org/bot[token]/getUpdates"));
        assert!(out.contains("short words stay short"));
    }

    #[test]
    fn the_wire_crates_are_capped_below_trace_the_rest_is_not() {
        use tracing_subscriber::filter::Targets;
        let caps: Targets = caps();
        for target in [
            "tungstenite::protocol::frame",
            "tokio_tungstenite",
            "hyper::proto::h1::io",
            "hyper_util::client::legacy::pool",
            "reqwest::connect",
            "serenity::gateway::ws",
            "serenity::http::client",
        ] {
            assert!(
                !caps.would_enable(target, &tracing::Level::TRACE),
                "{target}"
            );
            assert!(
                caps.would_enable(target, &tracing::Level::DEBUG),
                "{target}"
            );
        }
        for target in ["shashki::adapters::discord", "serenity::client", "teloxide"] {
            assert!(
                caps.would_enable(target, &tracing::Level::TRACE),
                "{target}"
            );
        }
    }
}
