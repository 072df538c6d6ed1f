//! A real browser for the web board's tests: Debian's headless Chromium
//! driven through chromedriver's WebDriver protocol (plain JSON over HTTP
//! on 127.0.0.1, spoken with the HTTP client the tests already have).
//! Where Chromium or chromedriver is missing, [`Browser::start`] prints
//! one line saying the browser tests were skipped and why, and returns
//! `None` — unless `SHASHKI_REQUIRE_BROWSER=1` (CI), where it fails.
#![allow(dead_code)] // each test file that shares this module uses a part

use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// WebDriver's Tab key.
pub const TAB: &str = "\u{E004}";
/// WebDriver's Enter key.
pub const ENTER: &str = "\u{E007}";
/// WebDriver's Shift key.
pub const SHIFT: &str = "\u{E008}";

pub struct Browser {
    http: reqwest::Client,
    /// `http://127.0.0.1:PORT/session/ID`
    session: String,
    driver: Child,
    _profile: tempfile::TempDir,
}

fn found(names: &[&str]) -> Option<String> {
    names.iter().find_map(|n| {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("command -v {n}"))
            .output()
            .ok()?;
        let p = String::from_utf8_lossy(&out.stdout).trim().to_string();
        (!p.is_empty()).then_some(p)
    })
}

impl Browser {
    /// A fresh headless Chromium (its own profile), or `None` with the
    /// reason printed when there is none here.
    pub async fn start(test: &str) -> Option<Browser> {
        let required = std::env::var("SHASHKI_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
        let (Some(chromium), Some(driver)) = (
            found(&["chromium", "chromium-browser", "google-chrome"]),
            found(&["chromedriver"]),
        ) else {
            assert!(
                !required,
                "SHASHKI_REQUIRE_BROWSER=1 but chromium or chromedriver is not installed"
            );
            eprintln!(
                "skipped {test}: the web board's browser tests need chromium and chromedriver \
                 (apt-get install chromium chromium-driver)"
            );
            crate::common::tally::note("browser", "skipped");
            return None;
        };
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        // Chromium puts its singleton socket in a directory of TMPDIR
        // (`org.chromium.Chromium.*`) and leaves it when the browser is
        // closed by its driver: one per test run in /tmp until TMPDIR is
        // the profile's own directory, removed with it.
        let profile = tempfile::tempdir().unwrap();
        let scratch = profile.path().join("tmp");
        std::fs::create_dir_all(&scratch).unwrap();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .env("TMPDIR", &scratch)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let http = reqwest::Client::new();
        let base = format!("http://127.0.0.1:{port}");
        let began = Instant::now();
        loop {
            if let Ok(r) = http.get(format!("{base}/status")).send().await {
                if r.status().is_success() {
                    break;
                }
            }
            assert!(
                began.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.path().join("profile").display()),
                    "--window-size=1280,900",
                ]
            }
        }}});
        let r: Value = http
            .post(format!("{base}/session"))
            .body(caps.to_string())
            .send()
            .await
            .expect("new session")
            .json_value()
            .await;
        let id = r["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_string();
        crate::common::tally::note("browser", "ran");
        Some(Browser {
            http,
            session: format!("{base}/session/{id}"),
            driver: child,
            _profile: profile,
        })
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{}", self.session, path);
        let req = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self
                .http
                .post(url)
                .body(body.unwrap_or_else(|| json!({})).to_string()),
        };
        let v = req.send().await.expect("webdriver").json_value().await;
        if v["value"].get("error").is_some() {
            panic!("webdriver {path}: {}", v["value"]);
        }
        v["value"].clone()
    }

    pub async fn goto(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url }))).await;
    }

    pub async fn size(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .await;
    }

    /// Run `script` (a function body; `arguments` as given) in the page.
    pub async fn run(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
        .await
    }

    async fn element(&self, css: &str) -> String {
        let v = self
            .call(
                "POST",
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// Click the element `css` finds (as a person would: the browser's
    /// own click at its centre).
    pub async fn click(&self, css: &str) {
        let id = self.element(css).await;
        self.call("POST", &format!("/element/{id}/click"), None)
            .await;
    }

    /// Press keys as a keyboard does, one after another (WebDriver's key
    /// codes: [`TAB`], [`ENTER`], [`SHIFT`] held with the next key when
    /// given as `[SHIFT, TAB]` in one chord).
    pub async fn keys(&self, chords: &[&[&str]]) {
        let mut actions = Vec::new();
        for chord in chords {
            for k in *chord {
                actions.push(json!({"type": "keyDown", "value": k}));
            }
            for k in chord.iter().rev() {
                actions.push(json!({"type": "keyUp", "value": k}));
            }
        }
        self.call(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        )
        .await;
        self.call("DELETE", "/actions", None).await;
    }

    /// Drag with the mouse from the centre of `from` to the centre of `to`
    /// (CSS selectors): press, move there in steps, release.
    pub async fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.element(from).await, self.element(to).await);
        let origin = |id: &str| {
            let mut m = serde_json::Map::new();
            m.insert(ELEMENT.to_string(), json!(id));
            Value::Object(m)
        };
        let actions = json!([
            {"type": "pointerMove", "duration": 0, "origin": origin(&a), "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "duration": 300, "origin": origin(&b), "x": 0, "y": 0},
            {"type": "pointerUp", "button": 0},
        ]);
        self.call(
            "POST",
            "/actions",
            Some(json!({"actions": [{
                "type": "pointer", "id": "mouse",
                "parameters": {"pointerType": "mouse"},
                "actions": actions,
            }]})),
        )
        .await;
        self.call("DELETE", "/actions", None).await;
    }

    /// Click the square named `name`.
    pub async fn tap(&self, name: &str) {
        self.click(&format!("[data-square=\"{name}\"]")).await;
    }

    pub async fn text(&self, css: &str) -> String {
        let v = self
            .run(
                "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
                json!([css]),
            )
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    /// The piece on the square named `name` (`w`, `b`, `W`, `B`), if any.
    pub async fn piece(&self, name: &str) -> Option<String> {
        let v = self
            .run(
                "const e = document.querySelector(`[data-square=\"${arguments[0]}\"]`); \
                 return e ? e.getAttribute('data-piece') : 'no square';",
                json!([name]),
            )
            .await;
        v.as_str().map(str::to_string)
    }

    /// The squares highlighted as the next step of the move being made.
    pub async fn targets(&self) -> Vec<String> {
        let v = self
            .run(
                "return [...document.querySelectorAll('[data-target]')].map(e => e.getAttribute('data-square')).sort();",
                json!([]),
            )
            .await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// Wait (up to 15 s) until `check` holds, polling.
    pub async fn until<F, Fut>(&self, what: &str, mut check: F)
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        let began = Instant::now();
        while !check().await {
            assert!(
                began.elapsed() < Duration::from_secs(15),
                "waited 15 s for: {what}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The page as a PNG.
    pub async fn screenshot(&self) -> Vec<u8> {
        let v = self.call("GET", "/screenshot", None).await;
        base64_decode(v.as_str().expect("base64"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // End the session first: chromedriver then closes its Chromium.
        // Killing the driver alone left the browser running, an orphan
        // per test (66 after one run of the suite). A plain blocking
        // request: `drop` cannot wait on the async client.
        use std::io::{Read, Write};
        if let Some((host, path)) = self
            .session
            .strip_prefix("http://")
            .and_then(|rest| rest.split_once('/'))
        {
            if let Ok(mut s) = std::net::TcpStream::connect(host) {
                let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
                let _ = write!(
                    s,
                    "DELETE /{path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                );
                let mut answer = Vec::new();
                let _ = s.read_to_end(&mut answer);
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

trait JsonValue {
    async fn json_value(self) -> Value;
}

impl JsonValue for reqwest::Response {
    async fn json_value(self) -> Value {
        let t = self.text().await.expect("body");
        serde_json::from_str(&t).unwrap_or_else(|_| panic!("not JSON: {t}"))
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes().filter_map(val) {
        acc = (acc << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}
