//! Group commit. Each event is its own unit — a SAVEPOINT that a refusal or
//! a failure rolls back alone — but the events that threads hand in while
//! a commit is under way are committed together: one IMMEDIATE
//! transaction, one fsync (synchronous=FULL), however many events. The
//! first caller to find no commit running becomes the leader: it takes the
//! waiting events, runs them in order under the store's lock, commits, and
//! hands each caller its result; the others wait on a condition variable.
//! Events of one chat arrive in order (the runtime queues them per chat), so
//! a batch never reorders a chat's events.

use super::error::{Halt, Refusal};
use super::games::ai::Evals;
use super::i18n::Lang;
use super::present::Draft;
use super::types::{Event, Job};
use super::{Service, ServiceError};
use std::collections::HashMap;
use std::sync::{Condvar, Mutex};

/// How many events one commit takes at most.
const MAX_BATCH: usize = 256;

/// What handling one event came to.
pub(crate) enum Handled {
    Done(Vec<Draft>, Vec<Job>),
    /// Turned down (rolled back); the language to say it in.
    Refused(Refusal, Lang),
}

struct Waiting {
    ticket: u64,
    event: Event,
    evals: Evals,
}

#[derive(Default)]
struct State {
    next_ticket: u64,
    waiting: Vec<Waiting>,
    writing: bool,
    results: HashMap<u64, Result<Handled, Halt>>,
}

/// The queue of events waiting to be committed.
#[derive(Default)]
pub(crate) struct Writer {
    state: Mutex<State>,
    done: Condvar,
}

impl Writer {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Commit `event` (with others arriving meanwhile) and return its result.
    pub(crate) fn submit(
        &self,
        svc: &Service,
        event: &Event,
        evals: &Evals,
    ) -> Result<Handled, Halt> {
        let mut st = self.lock();
        let ticket = st.next_ticket;
        st.next_ticket += 1;
        st.waiting.push(Waiting {
            ticket,
            event: event.clone(),
            evals: evals.clone(),
        });
        loop {
            if let Some(r) = st.results.remove(&ticket) {
                return r;
            }
            if !st.writing {
                // lead: commit what is waiting (ours among it), then go on
                // while more arrived, so nobody is left waiting unled
                st.writing = true;
                while !st.waiting.is_empty() && !st.results.contains_key(&ticket) {
                    let n = st.waiting.len().min(MAX_BATCH);
                    let batch: Vec<Waiting> = st.waiting.drain(..n).collect();
                    let tickets: Vec<u64> = batch.iter().map(|w| w.ticket).collect();
                    drop(st);
                    // a panic while committing must not leave the writer
                    // role taken (everyone would wait for ever): it fails
                    // the batch's events and the next caller leads
                    let results = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        svc.commit_batch(batch)
                    }))
                    .unwrap_or_else(|_| {
                        tickets
                            .into_iter()
                            .map(|t| {
                                let e = ServiceError::Internal("handling an event panicked");
                                (t, Err(Halt::Failed(e)))
                            })
                            .collect()
                    });
                    st = self.lock();
                    st.results.extend(results);
                    self.done.notify_all();
                }
                st.writing = false;
                self.done.notify_all();
                continue;
            }
            st = self.done.wait(st).unwrap_or_else(|p| p.into_inner());
        }
    }
}

impl Service {
    /// Run `batch` in one transaction, each event in its own savepoint.
    fn commit_batch(&self, batch: Vec<Waiting>) -> Vec<(u64, Result<Handled, Halt>)> {
        let now = self.now();
        let mut store = self.lock();
        let mut results = Vec::with_capacity(batch.len());
        let mut tx = match store.begin() {
            Ok(tx) => tx,
            Err(e) => {
                let msg = e.to_string();
                return batch
                    .into_iter()
                    .map(|w| (w.ticket, Err(failed(&msg))))
                    .collect();
            }
        };
        for w in batch {
            let r = tx
                .savepoint(
                    |sp| self.run_event(sp, &w.event, &w.evals, now),
                    |r| matches!(r, Ok(Handled::Done(..))),
                )
                .unwrap_or_else(|e| Err(Halt::Failed(e.into())));
            results.push((w.ticket, r));
        }
        if let Err(e) = tx.commit() {
            // nothing of the batch is stored: every event fails
            let msg = e.to_string();
            tracing::error!(error = %msg, "a batch commit failed");
            return results
                .into_iter()
                .map(|(t, _)| (t, Err(failed(&msg))))
                .collect();
        }
        results
    }
}

fn failed(msg: &str) -> Halt {
    Halt::Failed(ServiceError::Corrupt(format!("commit failed: {msg}")))
}
