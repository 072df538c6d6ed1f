//! A real PostgreSQL server for the tests (never a mock), and a fresh
//! database on it for each test.
//!
//! - `SHASHKI_TEST_POSTGRES` set: a URL of a server where the tests may
//!   `CREATE DATABASE`; each test's database is dropped after it.
//! - else, if `initdb` is found (on `PATH`, or in
//!   `/usr/lib/postgresql/*/bin`): one throwaway cluster per test binary,
//!   in a temporary directory, on 127.0.0.1 at a free port (as root, run as
//!   the `postgres` user). It dies with the test binary: its shell waits on
//!   a pipe the test process holds, and stops the server and removes the
//!   directory when that pipe closes.
//! - else each PostgreSQL test prints one line saying it was skipped, and
//!   passes; unless `SHASHKI_REQUIRE_POSTGRES=1` (CI sets it): then it
//!   fails.
#![allow(dead_code)] // each test file that shares this module uses a part

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A database of its own for one test: its URL. Dropped after the test on
/// a server of `SHASHKI_TEST_POSTGRES`.
pub struct TestDb {
    pub url: String,
    name: String,
    /// The server's URL to drop the database through (an outside server).
    drop_via: Option<String>,
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some(admin) = &self.drop_via {
            if let Ok(mut c) = postgres::Client::connect(admin, postgres::NoTls) {
                let _ = c.batch_execute(&format!(
                    "DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)",
                    self.name
                ));
            }
        }
    }
}

/// The server the tests use: its admin URL, and whether its databases are
/// dropped after each test.
struct Server {
    admin: String,
    outside: bool,
}

static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A fresh, empty database for this test, or `None` when no PostgreSQL can
/// be had (one line says so). With `SHASHKI_REQUIRE_POSTGRES=1`, no server
/// is a failure.
pub fn fresh_database() -> Option<TestDb> {
    let server = match SERVER.get_or_init(server) {
        Ok(s) => s,
        Err(why) => {
            if std::env::var("SHASHKI_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") {
                panic!("PostgreSQL is required (SHASHKI_REQUIRE_POSTGRES=1): {why}");
            }
            println!("skipped: PostgreSQL not found ({why}); CI sets SHASHKI_REQUIRE_POSTGRES=1");
            super::tally::note("postgres", "skipped");
            return None;
        }
    };
    let name = format!(
        "shashki_test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = postgres::Client::connect(&server.admin, postgres::NoTls)
        .unwrap_or_else(|e| panic!("connect to the test server: {e}"));
    admin
        .batch_execute(&format!("CREATE DATABASE \"{name}\""))
        .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
    let mut url = url::Url::parse(&server.admin).expect("the server's URL");
    url.set_path(&name);
    super::tally::note("postgres", "ran");
    Some(TestDb {
        url: url.to_string(),
        name,
        drop_via: server.outside.then(|| server.admin.clone()),
    })
}

fn server() -> Result<Server, String> {
    if let Some(url) = std::env::var("SHASHKI_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.trim().is_empty())
    {
        return Ok(Server {
            admin: url,
            outside: true,
        });
    }
    let bin = initdb_dir()
        .ok_or("no SHASHKI_TEST_POSTGRES, and no initdb on PATH or in /usr/lib/postgresql/*/bin")?;
    start_cluster(&bin).map(|admin| Server {
        admin,
        outside: false,
    })
}

/// The folder of `initdb` (and `postgres`).
fn initdb_dir() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("initdb"))
            .find(|f| f.is_file())
    });
    if let Some(f) = on_path {
        // the Debian wrappers link to the real binaries
        let f = std::fs::canonicalize(&f).unwrap_or(f);
        return f.parent().map(Path::to_path_buf);
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("bin"))
        .filter(|d| d.join("initdb").is_file())
        .collect();
    // the newest version (numeric folder names)
    found.sort_by_key(|d| {
        d.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `cmd` run as the `postgres` user when we are root (PostgreSQL refuses
/// to run as root).
fn as_postgres(root: bool, program: &Path) -> Command {
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

/// Make a cluster in a temporary directory and start it on a free port of
/// 127.0.0.1; the admin URL.
fn start_cluster(bin: &Path) -> Result<String, String> {
    let root = is_root();
    let dir = tempfile::Builder::new()
        .prefix("shashki-pg-")
        .tempdir()
        .map_err(|e| format!("a temporary directory: {e}"))?
        .keep();
    let data = dir.join("data");
    if root {
        let st = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(&dir)
            .status()
            .map_err(|e| format!("chown: {e}"))?;
        if !st.success() {
            return Err("chown of the cluster's directory to postgres failed".into());
        }
    }
    let out = as_postgres(root, &bin.join("initdb"))
        .arg("-D")
        .arg(&data)
        .args([
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ])
        .output()
        .map_err(|e| format!("initdb: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("a free port: {e}"))?
        .port();
    let log = dir.join("server.log");
    // the server lives as long as the shell's stdin (a pipe this process
    // holds) is open: at its end the shell stops it and removes the files
    let script = format!(
        "{postgres} -D '{data}' -p {port} -c listen_addresses=127.0.0.1 \
         -c unix_socket_directories='{dir}' -c fsync=off -c synchronous_commit=off \
         -c full_page_writes=off -c max_connections=200 >'{log}' 2>&1 & p=$!; \
         read _; kill -INT $p; wait $p; rm -rf '{dir}'",
        postgres = bin.join("postgres").display(),
        data = data.display(),
        dir = dir.display(),
        log = log.display(),
    );
    let mut sh = if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", "sh", "-c", &script]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", &script]);
        c
    };
    let mut child = sh
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("start postgres: {e}"))?;
    // held for the life of the test binary; closed by the OS at its end
    std::mem::forget(child.stdin.take());
    std::mem::forget(child);
    let admin = format!("postgres://postgres@127.0.0.1:{port}/postgres?sslmode=disable");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match postgres::Client::connect(&admin, postgres::NoTls) {
            Ok(_) => return Ok(admin),
            Err(e) if Instant::now() > deadline => {
                let mut text = String::new();
                let _ = std::fs::File::open(&log).map(|mut f| f.read_to_string(&mut text));
                return Err(format!("the test server did not start: {e}\n{text}"));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}
