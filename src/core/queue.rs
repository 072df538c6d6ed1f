//! The service among several processes on one database: who this process
//! is (its [`Holder`]), what it does ([`Roles`]: runs jobs, delivers the
//! replies of some platforms), and the durable job queue and claims the
//! runtime works with (`store::claims`). Every job an event or a job makes
//! is written to the queue in the transaction that makes it
//! ([`Service::queue_jobs`]); every reply to the outbox, claimed by this
//! process when it sends that platform's replies.

use super::outbox::Owed;
use super::types::{Job, Platform, Reply};
use super::{Service, ServiceError};
use crate::store::{self, ClaimedJob, Holder, JobId, JobKind, QueuedJob, Tx};
use std::time::Duration;

/// What this process does with what its transactions write.
#[derive(Debug, Clone, Default)]
pub struct Roles {
    /// It runs jobs (has AI workers): the jobs its transactions write are
    /// claimed by it (`claim` long), so its own workers run them first.
    pub runs_jobs: bool,
    /// The platforms whose replies it sends: its replies to them are
    /// claimed by it; the others' are left to a process that sends them.
    pub delivers: Vec<Platform>,
    /// How long a claim lasts unrenewed (a dead process's work is taken
    /// over after this).
    pub claim: Duration,
}

/// The name of the sweeper's lease (the sweep and the daily posts).
pub const SWEEPER_LEASE: &str = "sweeper";

impl From<Job> for QueuedJob {
    fn from(j: Job) -> QueuedJob {
        match j {
            Job::AiMove { game, ply } => QueuedJob {
                kind: JobKind::AiMove,
                game,
                ply,
            },
            Job::Analyse { game } => QueuedJob {
                kind: JobKind::Analyse,
                game,
                ply: store::Ply(0),
            },
        }
    }
}

impl From<QueuedJob> for Job {
    fn from(q: QueuedJob) -> Job {
        match q.kind {
            JobKind::AiMove => Job::AiMove {
                game: q.game,
                ply: q.ply,
            },
            JobKind::Analyse => Job::Analyse { game: q.game },
        }
    }
}

fn ms(d: Duration) -> i64 {
    d.as_millis().min(i64::MAX as u128) as i64
}

impl Service {
    /// This process's holder of leases and claims.
    pub fn holder(&self) -> &Holder {
        &self.holder
    }

    /// Say what this process does (the runtime, at start).
    pub fn set_roles(&self, roles: Roles) {
        *self.roles.write().unwrap_or_else(|p| p.into_inner()) = roles;
    }

    /// The claim a reply to `platform` written now carries: this
    /// process's, when it sends that platform's replies.
    pub(crate) fn reply_claim(&self, platform: Platform) -> Option<(&Holder, i64)> {
        let roles = self.roles.read().unwrap_or_else(|p| p.into_inner());
        roles
            .delivers
            .contains(&platform)
            .then(|| (&self.holder, store::wall_ms() + ms(roles.claim)))
    }

    /// Write `jobs` to the queue in the open transaction `c` (claimed by
    /// this process when it runs jobs).
    pub(crate) fn queue_jobs(&self, c: &Tx, jobs: &[Job], now: i64) -> Result<(), ServiceError> {
        if jobs.is_empty() {
            return Ok(());
        }
        let (runs, claim) = {
            let r = self.roles.read().unwrap_or_else(|p| p.into_inner());
            (r.runs_jobs, r.claim)
        };
        let queued: Vec<QueuedJob> = jobs.iter().map(|&j| j.into()).collect();
        let until = store::wall_ms() + ms(claim);
        store::enqueue_jobs(c, &queued, runs.then_some((&self.holder, until)), now)?;
        Ok(())
    }

    /// Take or renew the lease `name` for `ttl`; whether this process
    /// holds it now.
    pub fn take_lease(&self, name: &str, ttl: Duration) -> Result<bool, ServiceError> {
        let now = store::wall_ms();
        let holder = &self.holder;
        Ok(self
            .lock()
            .transaction(|c| store::take_or_renew_lease(c, name, holder, now, now + ms(ttl)))?)
    }

    /// Give the lease `name` up (if this process holds it).
    pub fn release_lease(&self, name: &str) -> Result<(), ServiceError> {
        let holder = &self.holder;
        Ok(self
            .lock()
            .transaction(|c| store::release_lease(c, name, holder))?)
    }

    /// Claim `job` for `ttl` (see `store::claim_job`): None when another
    /// process runs it or it is done.
    pub fn claim_job(&self, job: Job, ttl: Duration) -> Result<Option<ClaimedJob>, ServiceError> {
        let now = store::wall_ms();
        let holder = &self.holder;
        let q: QueuedJob = job.into();
        Ok(self
            .lock()
            .transaction(|c| store::claim_job(c, &q, holder, now, now + ms(ttl)))?)
    }

    /// Claim the first job anyone may take for `ttl`: moves before
    /// analyses.
    pub fn claim_next_job(&self, ttl: Duration) -> Result<Option<ClaimedJob>, ServiceError> {
        let now = store::wall_ms();
        let holder = &self.holder;
        Ok(self
            .lock()
            .transaction(|c| store::claim_next_job(c, holder, now, now + ms(ttl)))?)
    }

    /// Extend the claim on job `id` by `ttl` from now (the engine still
    /// thinks); false when it is no longer this process's.
    pub fn extend_job(&self, id: JobId, ttl: Duration) -> Result<bool, ServiceError> {
        let until = store::wall_ms() + ms(ttl);
        let holder = &self.holder;
        Ok(self
            .lock()
            .transaction(|c| store::extend_job(c, id, holder, until))?)
    }

    /// Job `id` is done: out of the queue.
    pub fn finish_job(&self, id: JobId) -> Result<(), ServiceError> {
        let holder = &self.holder;
        self.lock()
            .transaction(|c| store::finish_job(c, id, holder))?;
        Ok(())
    }

    /// A round of job `id` failed: anyone's again after `wait`; the rounds
    /// failed so far.
    pub fn fail_job(&self, id: JobId, wait: Duration) -> Result<Option<i64>, ServiceError> {
        let not_before = store::wall_ms() + ms(wait);
        let holder = &self.holder;
        Ok(self
            .lock()
            .transaction(|c| store::fail_job(c, id, holder, not_before))?)
    }

    /// Job `id` is given up for good: out of the queue.
    pub fn drop_job(&self, id: JobId) -> Result<(), ServiceError> {
        self.lock().transaction(|c| store::drop_job(c, id))?;
        Ok(())
    }

    /// The backstop: the jobs the games wait for ([`Service::pending_jobs`])
    /// that the queue lacks (lost before v24, or dropped) are queued,
    /// unclaimed; how many.
    pub fn queue_pending_jobs(&self) -> Result<usize, ServiceError> {
        let pending: Vec<QueuedJob> = self.pending_jobs()?.into_iter().map(Into::into).collect();
        if pending.is_empty() {
            return Ok(0);
        }
        let now = self.now();
        Ok(self
            .lock()
            .transaction(|c| store::enqueue_jobs(c, &pending, None, now))?)
    }

    /// Claim for `ttl` the owed replies of `platforms` nobody else sends
    /// (at most `limit`, in order; see `store::claim_owed`), as replies
    /// with their kinds and ages (by this service's clock, which wrote
    /// them).
    pub fn claim_owed_replies(
        &self,
        platforms: &[Platform],
        ttl: Duration,
        limit: i64,
    ) -> Result<Vec<Owed>, ServiceError> {
        let keys: Vec<&str> = platforms.iter().map(|p| p.key()).collect();
        let now = store::wall_ms();
        let holder = &self.holder;
        let rows = self
            .lock()
            .transaction(|c| store::claim_owed(c, holder, &keys, now, now + ms(ttl), limit))?;
        let written = self.now();
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let Some(reply) = self.read_owed(row.id, &row.platform, &row.chat, &row.reply)? else {
                continue;
            };
            let secs = written.saturating_sub(row.created_at).max(0);
            out.push(Owed {
                reply,
                kind: row.kind,
                age: Duration::from_secs(u64::try_from(secs).unwrap_or(0)),
            });
        }
        Ok(out)
    }

    /// Extend this process's claims on the replies it is sending by `ttl`
    /// from now; how many.
    pub fn renew_reply_claims(&self, ttl: Duration) -> Result<usize, ServiceError> {
        let until = store::wall_ms() + ms(ttl);
        Ok(store::renew_reply_claims(
            self.lock().read(),
            &self.holder,
            until,
        )?)
    }

    /// Give up every lease and claim of this process (at a stop): what it
    /// did not finish is anyone's at once.
    pub fn release_claims(&self) -> Result<(), ServiceError> {
        let holder = &self.holder;
        self.lock().transaction(|c| store::release_all(c, holder))?;
        Ok(())
    }

    /// Free at once the leases and claims of processes that are surely
    /// dead (a predecessor on this host: see [`Holder::surely_dead`]); the
    /// others' run out by themselves. How many holders were freed.
    pub fn free_dead_holders(&self) -> Result<usize, ServiceError> {
        let holders = store::holders(self.lock().read())?;
        let dead: Vec<Holder> = holders
            .into_iter()
            .filter(|h| self.holder.surely_dead(h))
            .collect();
        for h in &dead {
            tracing::info!(holder = %h, "a dead process's claims are taken over");
            self.lock().transaction(|c| store::release_all(c, h))?;
        }
        Ok(dead.len())
    }

    /// Write replies to the outbox in a transaction of their own, for
    /// another process to send (a worker's progress reports); their ids
    /// set.
    pub fn owe_replies(&self, replies: &mut [Reply]) -> Result<(), ServiceError> {
        if replies.is_empty() {
            return Ok(());
        }
        let now = self.now();
        let mut refs: Vec<(&mut Reply, _)> = replies
            .iter_mut()
            .map(|r| {
                let kind = r.kind();
                (r, kind)
            })
            .collect();
        self.lock()
            .transaction(|c| super::outbox::owe_all(self, c, &mut refs, now))
    }
}
