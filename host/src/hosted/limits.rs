//! Per-member limits, so one member cannot starve the others: calls in flight (a tool call,
//! a resource read, a completion) and requests per minute. Over either, the request is
//! answered at once with HTTP 429 and `Retry-After`, and nothing runs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Default calls in flight per member (`OMBI_MCP_MEMBER_CONCURRENCY`).
pub const DEFAULT_IN_FLIGHT: usize = 4;
/// Default requests per minute per member (`OMBI_MCP_MEMBER_RATE`).
pub const DEFAULT_PER_MINUTE: u32 = 300;

/// Why a request was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// The member has this many calls in flight already.
    InFlight(usize),
    /// The member used up this minute's requests; retry after so many seconds.
    Rate { retry_after: u64 },
}

impl Over {
    /// Seconds the client should wait.
    pub fn retry_after(self) -> u64 {
        match self {
            Over::InFlight(_) => 1,
            Over::Rate { retry_after } => retry_after.max(1),
        }
    }

    pub fn message(self) -> String {
        match self {
            Over::InFlight(n) => format!("You already have {n} calls in flight; wait for one to finish."),
            Over::Rate { retry_after } => {
                format!("You made too many requests this minute; try again in {} s.", retry_after.max(1))
            }
        }
    }
}

struct Member {
    in_flight: Arc<Semaphore>,
    /// The current minute's start and how many requests it has seen.
    window: Mutex<(Instant, u32)>,
}

/// The limits of every member.
pub struct Limits {
    in_flight: usize,
    per_minute: u32,
    members: Mutex<HashMap<String, Arc<Member>>>,
}

impl Limits {
    pub fn new(in_flight: usize, per_minute: u32) -> Limits {
        Limits { in_flight: in_flight.max(1), per_minute: per_minute.max(1), members: Mutex::new(HashMap::new()) }
    }

    fn member(&self, who: &str) -> Arc<Member> {
        self.members
            .lock()
            .expect("limits")
            .entry(who.to_string())
            .or_insert_with(|| {
                Arc::new(Member {
                    in_flight: Arc::new(Semaphore::new(self.in_flight)),
                    window: Mutex::new((Instant::now(), 0)),
                })
            })
            .clone()
    }

    /// Counts one request of `who` against the minute.
    pub fn request(&self, who: &str) -> Result<(), Over> {
        let m = self.member(who);
        let mut w = m.window.lock().expect("window");
        let minute = Duration::from_secs(60);
        if w.0.elapsed() >= minute {
            *w = (Instant::now(), 0);
        }
        if w.1 >= self.per_minute {
            return Err(Over::Rate { retry_after: minute.saturating_sub(w.0.elapsed()).as_secs() + 1 });
        }
        w.1 += 1;
        Ok(())
    }

    /// The slots of `who`'s calls.
    pub fn pool_of(&self, who: &str) -> Arc<Semaphore> {
        self.member(who).in_flight.clone()
    }

    /// A slot for one call of `who`, held until it finishes.
    pub fn call(&self, who: &str) -> Result<OwnedSemaphorePermit, Over> {
        self.member(who).in_flight.clone().try_acquire_owned().map_err(|_| Over::InFlight(self.in_flight))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_member_has_their_own_limits() {
        let l = Limits::new(2, 3);
        let a1 = l.call("alice").unwrap();
        let _a2 = l.call("alice").unwrap();
        assert_eq!(l.call("alice").unwrap_err(), Over::InFlight(2));
        assert!(l.call("bob").is_ok(), "alice's calls do not hold bob back");
        drop(a1);
        assert!(l.call("alice").is_ok());
        for _ in 0..3 {
            l.request("carol").unwrap();
        }
        let over = l.request("carol").unwrap_err();
        assert!(matches!(over, Over::Rate { retry_after } if (1..=61).contains(&retry_after)), "{over:?}");
        assert!(l.request("dave").is_ok());
    }
}
