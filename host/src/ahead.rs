//! Work around a call moved off its path, onto a thread of its own: the next call's instance
//! made while the server waits for that call, and a used instance dropped (its memory reset,
//! its `wasi:http` resources torn down) after its answer has gone.
//!
//! Every call still runs in an instance that has run nothing before (DESIGN decision 6):
//! a spare is made for one call, taken once, and dropped after it.

use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};

/// What the thread is asked to do.
enum Job<T> {
    /// Drop a used one, then make a spare if none is ready.
    Retire(T),
    /// Make a spare if none is ready.
    Refill,
}

/// At most one spare made ahead, and a thread that makes it and drops used ones.
pub struct Ahead<T: Send + 'static> {
    spare: Arc<Mutex<Option<T>>>,
    jobs: Sender<Job<T>>,
}

impl<T: Send + 'static> Ahead<T> {
    /// Starts the thread, which makes a first spare at once. `make` returns `None` when none
    /// can be made now (no slot free, or it failed); the next retirement tries again.
    pub fn start(name: &str, mut make: impl FnMut() -> Option<T> + Send + 'static) -> std::io::Result<Ahead<T>> {
        let spare: Arc<Mutex<Option<T>>> = Arc::default();
        let (jobs, queue) = mpsc::channel::<Job<T>>();
        let slot = spare.clone();
        std::thread::Builder::new().name(name.into()).spawn(move || {
            // Ends when the owner is dropped (the channel closes).
            while let Ok(job) = queue.recv() {
                if let Job::Retire(used) = job {
                    drop(used);
                }
                // Made outside the lock, so a call taking the spare never waits on it.
                if slot.lock().is_ok_and(|s| s.is_none())
                    && let Some(made) = make()
                    && let Ok(mut s) = slot.lock()
                {
                    *s = Some(made);
                }
            }
        })?;
        let _ = jobs.send(Job::Refill);
        Ok(Ahead { spare, jobs })
    }

    /// The spare, if one is ready; the thread then starts on the next.
    pub fn take(&self) -> Option<T> {
        let taken = self.spare.lock().ok()?.take();
        if taken.is_some() {
            let _ = self.jobs.send(Job::Refill);
        }
        taken
    }

    /// Hands a used one to the thread to drop (dropped here if the thread is gone).
    pub fn retire(&self, used: T) {
        if let Err(mpsc::SendError(Job::Retire(used))) = self.jobs.send(Job::Retire(used)) {
            drop(used);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    /// Counts its drops and the thread it was dropped on.
    struct Tracked {
        id: usize,
        dropped: Arc<Mutex<Vec<(usize, Option<String>)>>>,
    }

    impl Drop for Tracked {
        fn drop(&mut self) {
            let thread = std::thread::current().name().map(str::to_string);
            self.dropped.lock().unwrap().push((self.id, thread));
        }
    }

    fn until(what: &str, mut done: impl FnMut() -> bool) {
        let start = Instant::now();
        while !done() {
            assert!(start.elapsed() < Duration::from_secs(10), "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn each_spare_is_taken_once_and_dropped_off_the_callers_thread() {
        let made = Arc::new(AtomicUsize::new(0));
        let dropped = Arc::new(Mutex::new(Vec::new()));
        let (m, d) = (made.clone(), dropped.clone());
        let ahead = Ahead::start("ahead-test", move || {
            let id = m.fetch_add(1, Ordering::SeqCst);
            Some(Tracked { id, dropped: d.clone() })
        })
        .unwrap();
        until("the first spare", || made.load(Ordering::SeqCst) == 1);
        let mut seen = Vec::new();
        for _ in 0..3 {
            let mut got = None;
            until("a spare", || {
                got = ahead.take();
                got.is_some()
            });
            let got = got.unwrap();
            assert!(!seen.contains(&got.id), "spare {} was handed out twice", got.id);
            seen.push(got.id);
            ahead.retire(got);
        }
        until("three drops", || dropped.lock().unwrap().len() == 3);
        for (id, thread) in dropped.lock().unwrap().iter() {
            assert_eq!(thread.as_deref(), Some("ahead-test"), "spare {id} was dropped on the caller's thread");
        }
        // One made first, one after each take: the next call's spare is ready.
        until("the fourth spare", || made.load(Ordering::SeqCst) == 4);
        assert_eq!(ahead.take().map(|t| t.id), Some(3));
    }

    #[test]
    fn nothing_is_made_while_make_declines_and_a_retirement_tries_again() {
        let allow = Arc::new(AtomicUsize::new(0));
        let a = allow.clone();
        let dropped = Arc::new(Mutex::new(Vec::new()));
        let d = dropped.clone();
        let ahead =
            Ahead::start("ahead-test", move || (a.load(Ordering::SeqCst) > 0).then(|| Tracked { id: 7, dropped: d.clone() }))
                .unwrap();
        std::thread::sleep(Duration::from_millis(20));
        assert!(ahead.take().is_none(), "a spare was made while none could be");
        allow.store(1, Ordering::SeqCst);
        ahead.retire(Tracked { id: 1, dropped: dropped.clone() });
        let mut got = None;
        until("a spare after the retirement", || {
            got = ahead.take();
            got.is_some()
        });
        assert_eq!(got.map(|t| t.id), Some(7));
    }
}
