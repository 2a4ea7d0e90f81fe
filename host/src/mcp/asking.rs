//! Asking the person behind a client (2025-11-25): an `elicitation/create` request sent on
//! whatever carries server-to-client messages (stdout, or the SSE stream of an HTTP
//! response), and its answer matched by id when the client sends it back. While a person
//! thinks, the call gives back its slot of work in flight, so that waiting for people never
//! holds what reads and pings need; how many may wait at once is bounded on its own.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, oneshot};

use super::call::{Answer, Asker, BoxFuture, confirmation_schema, read_answer};
use super::wire::Outgoing;

/// Confirmations that may wait for a person at once (each holds only a little memory).
pub const MAX_WAITING_CONFIRMATIONS: usize = 64;

/// Requests this server sent a client, waiting for their responses. Their ids carry a
/// random part, so nobody can answer a question they were not asked.
pub struct Pending {
    waiting: Mutex<HashMap<String, oneshot::Sender<Value>>>,
    next: AtomicU64,
    prefix: String,
}

impl Default for Pending {
    fn default() -> Pending {
        let prefix = crate::state_token::hex(&crate::state_token::random_bytes()[..8]);
        Pending { waiting: Mutex::default(), next: AtomicU64::new(0), prefix }
    }
}

impl Pending {
    /// Hands a response from the client to whoever waits for it; false when nobody does.
    pub fn resolve(&self, id: &Value, message: Value) -> bool {
        let key = match id {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        match self.waiting.lock().expect("pending").remove(&key) {
            Some(tx) => tx.send(message).is_ok(),
            None => {
                tracing::debug!(%id, "a response to nothing this server asked; ignored");
                false
            }
        }
    }

    /// Sends a request on `out` and waits up to `timeout` for its response message.
    pub async fn request(
        &self,
        out: &mpsc::Sender<Outgoing>,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<Value, Answer> {
        let id = format!("ombi-mcp-{}-{}", self.prefix, self.next.fetch_add(1, Ordering::Relaxed) + 1);
        let (tx, rx) = oneshot::channel();
        self.waiting.lock().expect("pending").insert(id.clone(), tx);
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        if out.send(msg.into()).await.is_err() {
            self.waiting.lock().expect("pending").remove(&id);
            return Err(Answer::Failed("the client is gone".into()));
        }
        match tokio::time::timeout(timeout, rx).await {
            Ok(Ok(message)) => Ok(message),
            Ok(Err(_)) => Err(Answer::Failed("the session ended".into())),
            Err(_) => {
                self.waiting.lock().expect("pending").remove(&id);
                Err(Answer::NoAnswer)
            }
        }
    }
}

/// A call's slot of work in flight, which it gives back while a person thinks and takes
/// again (waiting its turn) once they have answered.
pub struct WorkSlot {
    held: Mutex<Option<OwnedSemaphorePermit>>,
    pool: Arc<Semaphore>,
}

impl WorkSlot {
    pub fn new(permit: OwnedSemaphorePermit, pool: Arc<Semaphore>) -> Arc<WorkSlot> {
        Arc::new(WorkSlot { held: Mutex::new(Some(permit)), pool })
    }

    fn give_back(&self) {
        drop(self.held.lock().expect("work slot").take());
    }

    async fn take_again(&self) {
        if let Ok(p) = self.pool.clone().acquire_owned().await {
            *self.held.lock().expect("work slot") = Some(p);
        }
    }
}

/// Confirmations by `elicitation/create` (form mode): one box to tick.
pub struct Elicit {
    pub out: mpsc::Sender<Outgoing>,
    pub pending: Arc<Pending>,
    /// The call's slot, given back while the person thinks.
    pub slot: Option<Arc<WorkSlot>>,
    /// Room for confirmations waiting at once.
    pub waiting: Arc<Semaphore>,
}

impl Asker for Elicit {
    fn confirm(&self, summary: String, timeout: Duration) -> BoxFuture<Answer> {
        let (out, pending, slot, waiting) =
            (self.out.clone(), self.pending.clone(), self.slot.clone(), self.waiting.clone());
        Box::pin(async move {
            let Ok(_room) = waiting.try_acquire_owned() else {
                return Answer::Failed(format!(
                    "{MAX_WAITING_CONFIRMATIONS} confirmations are already waiting for an answer; answer those first"
                ));
            };
            if let Some(s) = &slot {
                s.give_back();
            }
            let params = json!({
                "mode": "form",
                "message": crate::confirmation::message(&summary),
                "requestedSchema": confirmation_schema(),
            });
            let answer = match pending.request(&out, "elicitation/create", params, timeout).await {
                Ok(message) => read_answer(&message),
                Err(answer) => answer,
            };
            if let Some(s) = &slot {
                s.take_again().await;
            }
            answer
        })
    }
}
