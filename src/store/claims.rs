//! Several processes on one database (schema v24): who a process is
//! ([`Holder`]), the leases of work one process at a time does
//! ([`take_or_renew_lease`]), the job queue (AI moves and analyses, claimed
//! by one process at a time, [`claim_next_job`]) and the claims on the
//! outbox's rows ([`claim_owed`]). Every claim has an end (`claim_until`,
//! Unix milliseconds of the claiming process's clock): a process renews its
//! own while it lives, and another takes over once it has run out.

use super::{StoreResult, Tx};
use rusqlite::params;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use std::sync::LazyLock;

/// One process (or one service inside a test process) holding leases and
/// claims: its host, its pid, when this process started (a pid reused
/// after a restart is another process), and a random nonce of its own.
/// Stored as `host:pid:start:nonce`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Holder {
    pub host: String,
    pub pid: u32,
    /// This process's start (Unix milliseconds, the same for every holder
    /// of the process).
    pub start: u64,
    pub nonce: u64,
}

/// When this process started (first asked).
static PROCESS_START: LazyLock<u64> = LazyLock::new(|| wall_ms().max(0) as u64);

/// The host's name: the kernel's, else `$HOSTNAME`, else "host"; never a
/// `:` in it.
fn host_name() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "host".into());
    name.replace(':', "-")
}

impl Holder {
    /// A new holder in this process (a random nonce of its own).
    pub fn new() -> Holder {
        let nonce = getrandom::u64().unwrap_or_else(|_| {
            // no OS generator: the time and a counter still tell holders
            // of this process apart
            static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
            (wall_ms() as u64) ^ N.fetch_add(1, std::sync::atomic::Ordering::Relaxed) << 48
        });
        Holder {
            host: host_name(),
            pid: std::process::id(),
            start: *PROCESS_START,
            nonce,
        }
    }

    /// Read a stored holder.
    pub fn parse(s: &str) -> Option<Holder> {
        let mut it = s.rsplitn(4, ':');
        let nonce = u64::from_str_radix(it.next()?, 16).ok()?;
        let start = it.next()?.parse().ok()?;
        let pid = it.next()?.parse().ok()?;
        let host = it.next()?.to_string();
        Some(Holder {
            host,
            pid,
            start,
            nonce,
        })
    }

    /// Whether `other` is surely a dead process, as this one can tell: on
    /// this host, with this process's pid but an earlier start (this
    /// process restarted in its container), or with a pid no process has
    /// now. Anything else may be alive: its claims run out by themselves.
    pub fn surely_dead(&self, other: &Holder) -> bool {
        if other.host != self.host {
            return false;
        }
        if other.pid == self.pid {
            return other.start != self.start;
        }
        cfg!(target_os = "linux")
            && std::path::Path::new("/proc/self").exists()
            && !std::path::Path::new(&format!("/proc/{}", other.pid)).exists()
    }
}

impl Default for Holder {
    fn default() -> Self {
        Holder::new()
    }
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}:{:016x}",
            self.host, self.pid, self.start, self.nonce
        )
    }
}

impl ToSql for Holder {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_string()))
    }
}

impl FromSql for Holder {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = v.as_str()?;
        Holder::parse(s).ok_or_else(|| FromSqlError::Other(format!("not a holder: {s:?}").into()))
    }
}

/// Now, Unix milliseconds (the claims' clock: wall time, not the game
/// clock).
pub fn wall_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

// ---------------------------------------------------------------- leases --

/// Take the lease `name` for `holder` until `until` if it is free, run out
/// (before `now`) or `holder`'s already (then it is renewed); whether
/// `holder` holds it now. One statement: two processes never both get it.
pub fn take_or_renew_lease(
    c: &Tx,
    name: &str,
    holder: &Holder,
    now: i64,
    until: i64,
) -> StoreResult<bool> {
    let got = c.one(
        "INSERT INTO leases (name, holder, held_until) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, held_until = excluded.held_until
         WHERE leases.holder = excluded.holder OR leases.held_until < ?4
         RETURNING holder",
        params![name, holder, until, now],
        |r| r.get::<_, String>(0),
    )?;
    Ok(got.is_some())
}

/// Give the lease `name` up, if `holder` has it.
pub fn release_lease(c: &Tx, name: &str, holder: &Holder) -> StoreResult<()> {
    c.exec(
        "DELETE FROM leases WHERE name = ?1 AND holder = ?2",
        params![name, holder],
    )?;
    Ok(())
}

/// Who holds the lease `name` and until when, if anyone ever did.
pub fn lease(c: &Tx, name: &str) -> StoreResult<Option<(Holder, i64)>> {
    c.one(
        "SELECT holder, held_until FROM leases WHERE name = ?1",
        params![name],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

// ------------------------------------------------------------------ jobs --

/// A job's kind in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    AiMove,
    Analyse,
}

impl JobKind {
    pub fn key(self) -> &'static str {
        match self {
            JobKind::AiMove => "ai_move",
            JobKind::Analyse => "analyse",
        }
    }

    /// Lower first: moves before analyses.
    pub fn priority(self) -> i64 {
        match self {
            JobKind::AiMove => 0,
            JobKind::Analyse => 1,
        }
    }
}

impl ToSql for JobKind {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.key()))
    }
}

impl FromSql for JobKind {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        match v.as_str()? {
            "ai_move" => Ok(JobKind::AiMove),
            "analyse" => Ok(JobKind::Analyse),
            other => Err(FromSqlError::Other(
                format!("unknown job kind {other:?}").into(),
            )),
        }
    }
}

/// A job in the queue: what, of which game, at which ply (0 for an
/// analysis).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QueuedJob {
    pub kind: JobKind,
    pub game: super::GameId,
    pub ply: super::Ply,
}

/// A job claimed: its row, and how many rounds of it failed before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimedJob {
    pub id: super::JobId,
    pub job: QueuedJob,
    pub attempts: i64,
}

/// Put jobs in the queue (in the open transaction), each claimed by
/// `claim` (holder, until) or by nobody; one already there is left as it
/// is. How many were new.
pub fn enqueue_jobs(
    c: &Tx,
    jobs: &[QueuedJob],
    claim: Option<(&Holder, i64)>,
    now: i64,
) -> StoreResult<usize> {
    let (holder, until) = match claim {
        Some((h, u)) => (Some(h), u),
        None => (None, 0),
    };
    let mut n = 0;
    for j in jobs {
        n += c.exec(
            "INSERT INTO jobs (kind, game_id, ply, priority, claimed_by, claim_until, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (kind, game_id, ply) DO NOTHING",
            params![j.kind, j.game, j.ply, j.kind.priority(), holder, until, now],
        )?;
    }
    Ok(n)
}

fn claimed_row(r: &super::Row) -> rusqlite::Result<ClaimedJob> {
    Ok(ClaimedJob {
        id: r.get(0)?,
        job: QueuedJob {
            kind: r.get(1)?,
            game: r.get(2)?,
            ply: r.get(3)?,
        },
        attempts: r.get(4)?,
    })
}

/// Claim the first job anyone may take (unclaimed, or its claim run out
/// before `now`): moves before analyses, then oldest first; for `holder`
/// until `until`. Call it in a write transaction: on SQLite the file's
/// write lock, on PostgreSQL the writers' lock and the row's (`FOR UPDATE
/// SKIP LOCKED`) make two claimants never get the same job.
pub fn claim_next_job(
    c: &Tx,
    holder: &Holder,
    now: i64,
    until: i64,
) -> StoreResult<Option<ClaimedJob>> {
    let sql = if c.is_postgres() {
        "UPDATE jobs SET claimed_by = ?1, claim_until = ?2
         WHERE id = (SELECT id FROM jobs WHERE claim_until < ?3
                     ORDER BY priority, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, kind, game_id, ply, attempts"
    } else {
        "UPDATE jobs SET claimed_by = ?1, claim_until = ?2
         WHERE id = (SELECT id FROM jobs WHERE claim_until < ?3
                     ORDER BY priority, id LIMIT 1)
         RETURNING id, kind, game_id, ply, attempts"
    };
    c.one(sql, params![holder, until, now], claimed_row)
}

/// Claim the job `job` for `holder` until `until`: when it is unclaimed,
/// its claim ran out before `now`, or `holder` claimed it already (the
/// job its own transaction wrote). None: someone else runs it, or it is
/// done (gone).
pub fn claim_job(
    c: &Tx,
    job: &QueuedJob,
    holder: &Holder,
    now: i64,
    until: i64,
) -> StoreResult<Option<ClaimedJob>> {
    c.one(
        "UPDATE jobs SET claimed_by = ?1, claim_until = ?2
         WHERE kind = ?3 AND game_id = ?4 AND ply = ?5
           AND (claim_until < ?6 OR claimed_by = ?1)
         RETURNING id, kind, game_id, ply, attempts",
        params![holder, until, job.kind, job.game, job.ply, now],
        claimed_row,
    )
}

/// Extend `holder`'s claim on job `id` to `until` (the engine still
/// thinks); false when the claim is no longer `holder`'s.
pub fn extend_job(c: &Tx, id: super::JobId, holder: &Holder, until: i64) -> StoreResult<bool> {
    Ok(c.exec(
        "UPDATE jobs SET claim_until = ?3 WHERE id = ?1 AND claimed_by = ?2",
        params![id, holder, until],
    )? == 1)
}

/// The job `id` is done: out of the queue (if `holder` still has it).
pub fn finish_job(c: &Tx, id: super::JobId, holder: &Holder) -> StoreResult<bool> {
    Ok(c.exec(
        "DELETE FROM jobs WHERE id = ?1 AND claimed_by = ?2",
        params![id, holder],
    )? == 1)
}

/// A round of job `id` failed: unclaimed, anyone's again from `not_before`,
/// one more failed round counted; the rounds failed so far (None: not
/// `holder`'s).
pub fn fail_job(
    c: &Tx,
    id: super::JobId,
    holder: &Holder,
    not_before: i64,
) -> StoreResult<Option<i64>> {
    c.one(
        "UPDATE jobs SET claimed_by = NULL, claim_until = ?3, attempts = attempts + 1
         WHERE id = ?1 AND claimed_by = ?2 RETURNING attempts",
        params![id, holder, not_before],
        |r| r.get(0),
    )
}

/// Drop job `id` from the queue whoever holds it (given up for good).
pub fn drop_job(c: &Tx, id: super::JobId) -> StoreResult<()> {
    c.exec("DELETE FROM jobs WHERE id = ?1", params![id])?;
    Ok(())
}

/// A job in the queue as it stands: (job, claimed by, claim until, failed
/// rounds).
pub type JobState = (QueuedJob, Option<Holder>, i64, i64);

/// Every job in the queue, in the order they are claimed.
pub fn queued_jobs(c: &Tx) -> StoreResult<Vec<JobState>> {
    c.all(
        "SELECT kind, game_id, ply, claimed_by, claim_until, attempts FROM jobs
         ORDER BY priority, id",
        params![],
        |r| {
            Ok((
                QueuedJob {
                    kind: r.get(0)?,
                    game: r.get(1)?,
                    ply: r.get(2)?,
                },
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        },
    )
}

// ---------------------------------------------------------------- outbox --

/// An owed reply claimed for sending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedReply {
    pub id: super::OutboxId,
    pub platform: String,
    pub chat: String,
    pub kind: super::DeliveryKind,
    /// When it was written (the writer's clock, Unix seconds).
    pub created_at: i64,
    /// The reply, as JSON.
    pub reply: String,
}

/// Claim for `holder` until `until` the owed replies (at most `limit`, in
/// id order) of `platforms` that nobody holds (unclaimed, or the claim run
/// out before `now`), of chats none of whose owed replies another holder
/// has now (a chat's replies go out through one process, in order).
pub fn claim_owed(
    c: &Tx,
    holder: &Holder,
    platforms: &[&str],
    now: i64,
    until: i64,
    limit: i64,
) -> StoreResult<Vec<ClaimedReply>> {
    if platforms.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (0..platforms.len())
        .map(|i| format!("?{}", i + 5))
        .collect();
    let sql = format!(
        "UPDATE outbox SET claimed_by = ?1, claim_until = ?2
         WHERE id IN (
             SELECT o.id FROM outbox o
             WHERE o.sent_at IS NULL AND o.claim_until < ?3 AND o.platform IN ({})
               AND NOT EXISTS (
                   SELECT 1 FROM outbox p
                   WHERE p.sent_at IS NULL AND p.platform = o.platform AND p.chat = o.chat
                     AND p.claim_until >= ?3 AND p.claimed_by <> ?1)
             ORDER BY o.id LIMIT ?4)
         RETURNING id, platform, chat, kind, created_at, reply",
        marks.join(", ")
    );
    let mut args: Vec<&dyn ToSql> = vec![holder, &until, &now, &limit];
    for p in platforms {
        args.push(p);
    }
    let mut rows = c.all(&sql, &args, |r| {
        Ok(ClaimedReply {
            id: r.get(0)?,
            platform: r.get(1)?,
            chat: r.get(2)?,
            kind: r.get(3)?,
            created_at: r.get(4)?,
            reply: r.get(5)?,
        })
    })?;
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// Extend every claim of `holder` on owed replies to `until` (it lives);
/// how many.
pub fn renew_reply_claims(c: &Tx, holder: &Holder, until: i64) -> StoreResult<usize> {
    c.exec(
        "UPDATE outbox SET claim_until = ?2 WHERE claimed_by = ?1 AND sent_at IS NULL",
        params![holder, until],
    )
}

/// Give up everything `holder` holds: its claims on owed replies and jobs
/// (anyone's at once) and its leases.
pub fn release_all(c: &Tx, holder: &Holder) -> StoreResult<()> {
    c.exec(
        "UPDATE outbox SET claimed_by = NULL, claim_until = 0
         WHERE claimed_by = ?1 AND sent_at IS NULL",
        params![holder],
    )?;
    c.exec(
        "UPDATE jobs SET claimed_by = NULL, claim_until = 0 WHERE claimed_by = ?1",
        params![holder],
    )?;
    c.exec("DELETE FROM leases WHERE holder = ?1", params![holder])?;
    Ok(())
}

/// Everyone holding a lease or a claim now (as stored; unreadable ones
/// left out).
pub fn holders(c: &Tx) -> StoreResult<Vec<Holder>> {
    let names: Vec<String> = c.all(
        "SELECT claimed_by FROM outbox WHERE sent_at IS NULL AND claimed_by IS NOT NULL
         UNION SELECT claimed_by FROM jobs WHERE claimed_by IS NOT NULL
         UNION SELECT holder FROM leases",
        params![],
        |r| r.get(0),
    )?;
    Ok(names.iter().filter_map(|s| Holder::parse(s)).collect())
}
