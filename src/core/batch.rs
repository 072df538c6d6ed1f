//! Group commit. Each event is its own unit — a SAVEPOINT that a refusal or
//! a failure rolls back alone — but the events that threads hand in while
//! a commit is under way are committed together: one IMMEDIATE
//! transaction, one fsync (synchronous=FULL), however many events. The
//! first caller to find no commit running becomes the leader: it takes the
//! waiting events, runs them in order under the store's lock, commits, and
//! hands each caller its result (each waits on its own condition variable,
//! woken alone); when its own event is done it hands the role to the next
//! caller waiting.
//! Events of one chat arrive in order (the runtime queues them per chat), so
//! a batch never reorders a chat's events.

use super::error::{Halt, Refusal};
use super::games::ai::Evals;
use super::i18n::Lang;
use super::outbox::owe_all;
use super::present::refusal_reply;
use super::types::{Event, Input, Job, Reply};
use super::{Service, ServiceError};
use crate::store::DeliveryKind;
use std::sync::{Arc, Condvar, Mutex};

/// How many events one commit takes at most.
const MAX_BATCH: usize = 256;

/// What handling one event came to, its replies owed in the outbox.
pub(crate) enum Handled {
    /// Its replies, jobs and the moves it applied.
    Done(Vec<Reply>, Vec<Job>, u32),
    /// Turned down (rolled back), and the reply that says so.
    Refused(Refusal, Box<Reply>),
}

/// What running one event in its savepoint came to.
pub(crate) enum Ran {
    Done(Vec<Reply>, Vec<Job>, u32),
    /// Turned down (to roll back); the language to say it in.
    Refused(Refusal, Lang),
}

struct Waiting {
    ticket: u64,
    event: Event,
    evals: Evals,
    /// Where its caller waits.
    slot: Arc<Slot>,
}

/// Where one waiting caller hears of its event: its result, or that the
/// writer role is handed to it. Each caller is woken alone — not every
/// waiting thread after every commit.
#[derive(Default)]
struct Slot {
    state: Mutex<SlotState>,
    wake: Condvar,
}

#[derive(Default)]
enum SlotState {
    #[default]
    Waiting,
    /// Lead: commit what is waiting (this caller's event among it).
    Lead,
    Done(Result<Handled, Halt>),
}

impl Slot {
    fn set(&self, to: SlotState) {
        *self.state.lock().unwrap_or_else(|p| p.into_inner()) = to;
        self.wake.notify_one();
    }

    /// Wait until this caller's event is done (its result) or the writer
    /// role is handed to it (`None`).
    fn wait(&self) -> Option<Result<Handled, Halt>> {
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            match std::mem::take(&mut *st) {
                SlotState::Done(r) => return Some(r),
                SlotState::Lead => return None,
                SlotState::Waiting => {
                    st = self.wake.wait(st).unwrap_or_else(|p| p.into_inner());
                }
            }
        }
    }
}

#[derive(Default)]
struct State {
    next_ticket: u64,
    waiting: Vec<Waiting>,
    /// A caller is committing (the leader).
    writing: bool,
}

/// The queue of events waiting to be committed.
#[derive(Default)]
pub(crate) struct Writer {
    state: Mutex<State>,
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
        let slot = Arc::new(Slot::default());
        let ticket = {
            let mut st = self.lock();
            let ticket = st.next_ticket;
            st.next_ticket += 1;
            st.waiting.push(Waiting {
                ticket,
                event: event.clone(),
                evals: evals.clone(),
                slot: Arc::clone(&slot),
            });
            let lead = !st.writing;
            st.writing = true;
            drop(st);
            if !lead {
                if let Some(r) = slot.wait() {
                    return r;
                }
            }
            ticket
        };
        // lead: commit what is waiting (ours among it) until ours is done,
        // then hand the role to the next caller waiting, so nobody is left
        // waiting unled
        loop {
            let batch: Vec<Waiting> = {
                let mut st = self.lock();
                let n = st.waiting.len().min(MAX_BATCH);
                st.waiting.drain(..n).collect()
            };
            let slots: Vec<(u64, Arc<Slot>)> = batch
                .iter()
                .map(|w| (w.ticket, Arc::clone(&w.slot)))
                .collect();
            // a panic while committing must not leave the writer role taken
            // (everyone would wait for ever): it fails the batch's events
            let results =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| svc.commit_batch(batch)))
                    .unwrap_or_else(|_| {
                        slots
                            .iter()
                            .map(|(t, _)| {
                                let e = ServiceError::Internal("handling an event panicked");
                                (*t, Err(Halt::Failed(e)))
                            })
                            .collect()
                    });
            let mut mine = None;
            for ((t, r), (_, slot)) in results.into_iter().zip(&slots) {
                if t == ticket {
                    mine = Some(r);
                } else {
                    slot.set(SlotState::Done(r));
                }
            }
            if let Some(r) = mine {
                let mut st = self.lock();
                match st.waiting.first() {
                    Some(next) => next.slot.set(SlotState::Lead),
                    None => st.writing = false,
                }
                return r;
            }
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
        // which events are button presses: their notes for the presser are
        // the press's answers (`DeliveryKind::PressNote`)
        let mut presses = Vec::with_capacity(batch.len());
        for w in batch {
            presses.push(matches!(w.event.input, Input::Choice(_)));
            let r = tx
                .savepoint(
                    |sp| self.run_event(sp, &w.event, &w.evals, now),
                    |r| matches!(r, Ok(Ran::Done(..))),
                )
                .unwrap_or_else(|e| Err(Halt::Failed(e.into())));
            let r = match r {
                Ok(Ran::Done(replies, jobs, moves)) => Ok(Handled::Done(replies, jobs, moves)),
                // the refusal is owed like any reply (outside the event's
                // savepoint, which rolled back)
                Ok(Ran::Refused(refusal, lang)) => {
                    // the update stays recorded (its savepoint rolled back
                    // the record with the rest): delivered again — a
                    // webhook's retry, to this process or another on the
                    // same database — it is skipped, not refused twice
                    if let Some(id) = &w.event.update_id {
                        let platform = w.event.platform.key();
                        let marked = tx.savepoint(
                            |sp| crate::store::mark_update(sp, platform, id, now),
                            |r| r.is_ok(),
                        );
                        let failed = match marked {
                            Ok(Ok(_)) => None,
                            Ok(Err(e)) | Err(e) => Some(e),
                        };
                        if let Some(e) = failed {
                            tracing::warn!(error = %e, update = %id, "recording a refused update failed");
                        }
                    }
                    let reply = refusal_reply(&self.env, &w.event, lang, &refusal);
                    Ok(Handled::Refused(refusal, Box::new(reply)))
                }
                Err(e) => Err(e),
            };
            results.push((w.ticket, r));
        }
        // every job the batch's events made, queued in the batch's transaction
        let jobs: Vec<Job> = results
            .iter()
            .flat_map(|(_, r)| match r {
                Ok(Handled::Done(_, jobs, _)) => jobs.clone(),
                _ => Vec::new(),
            })
            .collect();
        // every reply of the batch written to the outbox, in the batch's
        // transaction: owed from the moment the changes commit
        let mut owed: Vec<(&mut Reply, DeliveryKind)> = results
            .iter_mut()
            .zip(presses)
            .flat_map(|((_, r), press)| {
                let replies = match r {
                    Ok(Handled::Done(replies, ..)) => replies.iter_mut().collect::<Vec<_>>(),
                    Ok(Handled::Refused(_, reply)) => vec![&mut **reply],
                    Err(_) => Vec::new(),
                };
                replies.into_iter().map(move |r| {
                    let kind = match press {
                        true => r.kind().answering_press(),
                        false => r.kind(),
                    };
                    (r, kind)
                })
            })
            .collect();
        let written = tx
            .savepoint(
                |sp| {
                    owe_all(self, sp, &mut owed, now)?;
                    self.queue_jobs(sp, &jobs, now)
                },
                |r| r.is_ok(),
            )
            .map_err(ServiceError::from)
            .and_then(|r| r);
        drop(owed);
        if let Err(e) = written {
            // nothing of the batch is stored: every event fails
            let msg = e.to_string();
            tracing::error!(error = %msg, "writing a batch's replies failed");
            return results
                .into_iter()
                .map(|(t, _)| (t, Err(failed(&msg))))
                .collect();
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
