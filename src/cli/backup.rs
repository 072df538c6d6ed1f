//! `shashki backup OUT --db FILE`: a consistent copy of the bot's SQLite
//! file while the bot runs, with SQLite's online backup API. The copy is
//! written beside OUT and renamed into place when whole and checked
//! (`PRAGMA integrity_check`), so OUT is never half a database. OUT is
//! not overwritten without `--force`. Progress shows on a terminal only.
//! (PostgreSQL: pg_dump, see docs/operations.md.)

use super::{CliError, CliResult};
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct BackupArgs {
    /// The copy to write.
    out: PathBuf,
    /// The bot's SQLite file (it may be running).
    #[arg(long)]
    db: PathBuf,
    /// Overwrite OUT if it exists.
    #[arg(long)]
    force: bool,
}

/// Pages copied a step; between steps the bot writes freely.
const STEP_PAGES: i32 = 256;
/// A write by the bot between two steps starts the copy again; after this
/// many restarts the rest is copied in one step (one read transaction: in
/// WAL mode the bot's writes do not wait for it).
const RESTARTS: u32 = 3;

pub fn run(a: BackupArgs) -> CliResult {
    if !a.db.is_file() {
        return Err(CliError::Input(format!(
            "no database at {}",
            a.db.display()
        )));
    }
    if a.out.exists() && !a.force {
        return Err(CliError::Input(format!(
            "{} exists: pass --force to overwrite it",
            a.out.display()
        )));
    }
    if same_file(&a.db, &a.out) {
        return Err(CliError::Input(
            "OUT is the database itself: name another file".into(),
        ));
    }
    // never created here: the bot's file must exist
    let src = Connection::open_with_flags(
        &a.db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| CliError::Failed(format!("cannot open {}: {e}", a.db.display())))?;
    src.busy_timeout(Duration::from_secs(10))
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let partial = partial_path(&a.out);
    let _ = std::fs::remove_file(&partial);
    let res = copy(&src, &partial).and_then(|pages| {
        std::fs::rename(&partial, &a.out)
            .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", a.out.display())))?;
        Ok(pages)
    });
    let pages = match res {
        Ok(p) => p,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    if std::io::stdout().is_terminal() {
        let size = std::fs::metadata(&a.out).map(|m| m.len()).unwrap_or(0);
        println!(
            "{}: {pages} pages ({:.1} MiB), integrity ok",
            a.out.display(),
            size as f64 / (1024.0 * 1024.0)
        );
    }
    Ok(())
}

/// Copy `src` into a new file at `to`, check it; the pages copied.
fn copy(src: &Connection, to: &Path) -> Result<i32, CliError> {
    let failed = |e: rusqlite::Error| CliError::Failed(format!("backup: {e}"));
    let mut dst = Connection::open(to)
        .map_err(|e| CliError::Failed(format!("cannot create {}: {e}", to.display())))?;
    let pages = {
        let b = Backup::new(src, &mut dst).map_err(failed)?;
        let bar = super::progress_bar(0, "backup");
        let (mut restarts, mut last_remaining) = (0, i32::MAX);
        loop {
            let step = if restarts >= RESTARTS { -1 } else { STEP_PAGES };
            match b.step(step).map_err(failed)? {
                StepResult::Done => break,
                StepResult::More => {}
                // the bot holds a lock a moment: try again
                _ => std::thread::sleep(Duration::from_millis(20)),
            }
            let p = b.progress();
            if p.remaining > last_remaining {
                restarts += 1;
            }
            last_remaining = p.remaining;
            bar.set_length(p.pagecount.max(0) as u64);
            bar.set_position((p.pagecount - p.remaining).max(0) as u64);
        }
        let total = b.progress().pagecount;
        bar.finish_and_clear();
        total
    };
    let check: String = dst
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(failed)?;
    if check != "ok" {
        return Err(CliError::Failed(format!(
            "the copy fails its integrity check: {check}"
        )));
    }
    dst.close().map_err(|(_, e)| failed(e))?;
    Ok(pages)
}

/// Where the copy is written until it is whole: `OUT.partial`.
fn partial_path(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    out.with_file_name(name)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
