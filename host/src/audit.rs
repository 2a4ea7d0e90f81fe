//! The write audit trail, kept by the host (the component cannot forge or skip it): one line
//! for every call of a write tool, whatever became of it: who (the member, in hosted mode),
//! the tool, the target, the outcome (`refused` with the reason and nothing sent,
//! `declined`, `asked`, `completed`, `rejected`, `unknown`), the confirmation, and the
//! method, path and status of each state-changing request that left. Logged at `info` on
//! stderr and appended as JSON lines to `OMBI_MCP_AUDIT_FILE` when set. Never the key,
//! request bodies (they can hold notification values) or other secrets.
//!
//! The file is written by a thread of its own, so no call waits for it: reads and pings
//! never touch it, and a write asks [`Audit::ready`] first, which refuses (fail closed)
//! when the file has stopped taking lines (a FIFO nobody reads, a hung network file
//! system) or its last write failed.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::http::SentWrite;

/// Lines that may wait for the file before writes are refused.
const QUEUE: usize = 256;
/// How long the oldest waiting line may wait before writes are refused.
const STALL: Duration = Duration::from_secs(2);

/// Where audit lines go.
pub struct Audit {
    file: Option<FileSink>,
}

/// The audit file, written by its own thread.
struct FileSink {
    path: PathBuf,
    tx: SyncSender<String>,
    health: Arc<Health>,
}

/// What the writer thread reports.
#[derive(Default)]
struct Health {
    /// Lines handed over and not yet written.
    waiting: AtomicU64,
    /// Since when the oldest of them waits (`None` while none does).
    since: Mutex<Option<Instant>>,
    /// Why the last write failed, until one succeeds.
    failed: Mutex<Option<String>>,
}

/// How one call of a write tool ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Refused before anything was sent (by the host or the component).
    Refused,
    /// The person declined, cancelled or did not answer; nothing was sent.
    Declined,
    /// The person is being asked (2026-07-28: the answer comes with the retry).
    Asked,
    /// Ombi took it.
    Completed,
    /// Sent, and Ombi refused it.
    Rejected,
    /// Sent, and whether it took effect is unknown.
    Unknown,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Refused => "refused",
            Outcome::Declined => "declined",
            Outcome::Asked => "asked",
            Outcome::Completed => "completed",
            Outcome::Rejected => "rejected",
            Outcome::Unknown => "unknown",
        }
    }
}

/// One call of a write tool.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// The member whose call it was (hosted mode), if any.
    pub member: Option<&'a str>,
    pub tool: &'a str,
    pub correlation_id: &'a str,
    /// The target: the call's id and enum arguments.
    pub target: Value,
    /// What the person was (or would have been) shown, on one line.
    pub summary: Option<&'a str>,
    /// `accepted`, `declined`, `cancelled`, `no_answer`, `not_asked`, `asked`.
    pub confirmation: &'a str,
    pub outcome: Outcome,
    /// Why, for `refused`, `declined`, `rejected` and `unknown`.
    pub reason: Option<&'a str>,
    pub writes: &'a [SentWrite],
    /// The envelope (its `ok`, `error.code` and `data.outcome` are recorded).
    pub envelope: &'a Value,
}

impl Audit {
    /// An audit trail on stderr only.
    pub fn stderr_only() -> Audit {
        Audit { file: None }
    }

    /// An audit trail on stderr and appended to `path`, opened now: a file that cannot be
    /// opened for appending (missing directory, no permission, a FIFO nobody reads) is a
    /// start-up error naming it.
    pub fn new(path: Option<PathBuf>) -> Result<Audit, String> {
        let Some(path) = path else { return Ok(Audit::stderr_only()) };
        let file = open_append(&path)
            .map_err(|e| format!("OMBI_MCP_AUDIT_FILE `{}` cannot be opened for appending: {e}", path.display()))?;
        let (tx, rx) = sync_channel::<String>(QUEUE);
        let health = Arc::new(Health::default());
        let h = health.clone();
        std::thread::Builder::new()
            .name("audit".into())
            .spawn(move || {
                let mut file = file;
                while let Ok(line) = rx.recv() {
                    let written = file.write_all(line.as_bytes()).and_then(|()| file.flush());
                    match written {
                        Ok(()) => *h.failed.lock().expect("audit health") = None,
                        Err(e) => {
                            tracing::error!(%e, "could not append to OMBI_MCP_AUDIT_FILE; writes are refused until it takes lines again");
                            *h.failed.lock().expect("audit health") = Some(e.to_string());
                        }
                    }
                    let left = h.waiting.fetch_sub(1, Ordering::AcqRel) - 1;
                    *h.since.lock().expect("audit health") = (left > 0).then(Instant::now);
                }
            })
            .map_err(|e| format!("the audit writer could not start: {e}"))?;
        Ok(Audit { file: Some(FileSink { path, tx, health }) })
    }

    /// Whether a write may go ahead: the audit file (if any) takes lines. The error names
    /// the file and says what is wrong.
    pub fn ready(&self) -> Result<(), String> {
        let Some(f) = &self.file else { return Ok(()) };
        let shown = f.path.display();
        if let Some(e) = f.health.failed.lock().expect("audit health").clone() {
            return Err(format!("the audit trail OMBI_MCP_AUDIT_FILE `{shown}` could not be written ({e})"));
        }
        if f.health.waiting.load(Ordering::Acquire) >= QUEUE as u64 - 1 {
            return Err(format!("the audit trail OMBI_MCP_AUDIT_FILE `{shown}` is not taking lines"));
        }
        if let Some(since) = *f.health.since.lock().expect("audit health")
            && since.elapsed() > STALL
        {
            return Err(format!(
                "the audit trail OMBI_MCP_AUDIT_FILE `{shown}` has not taken a line for {} s",
                since.elapsed().as_secs()
            ));
        }
        Ok(())
    }

    /// Records one call of a write tool: on stderr at once, and handed to the file's writer
    /// (never waiting for it).
    pub fn record(&self, e: &Entry<'_>) {
        let line = line(e, now_utc());
        tracing::info!(target: "ombi_mcp::audit", "{line}");
        let Some(f) = &self.file else { return };
        if f.health.waiting.fetch_add(1, Ordering::AcqRel) == 0 {
            *f.health.since.lock().expect("audit health") = Some(Instant::now());
        }
        match f.tx.try_send(format!("{line}\n")) {
            Ok(()) => {}
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                f.health.waiting.fetch_sub(1, Ordering::AcqRel);
                tracing::error!(path = %f.path.display(), "an audit line could not be queued for OMBI_MCP_AUDIT_FILE (it is on stderr above)");
            }
        }
    }
}

/// Opens `path` for appending without ever waiting: a FIFO with no reader is an error
/// (`ENXIO`) rather than a hang.
fn open_append(path: &Path) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.create(true).append(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.custom_flags(libc::O_NONBLOCK);
    }
    o.open(path)
}

/// The JSON line of an entry.
pub fn line(e: &Entry<'_>, time: String) -> Value {
    let user = e.writes.iter().find_map(|w| w.user.clone());
    json!({
        "time": time,
        "member": e.member,
        "tool": e.tool,
        "correlation_id": e.correlation_id,
        "target": e.target,
        "summary": e.summary,
        "acting_user": user,
        "confirmation": e.confirmation,
        "outcome": e.outcome.as_str(),
        "reason": e.reason,
        "nothing_sent": !e.writes.iter().any(|w| w.reached),
        "requests": e.writes.iter().map(|w| json!({"method": w.method, "path": w.path, "status": w.status, "reached": w.reached})).collect::<Vec<_>>(),
        "ok": e.envelope["ok"],
        "error": e.envelope.pointer("/error/code"),
        "result": e.envelope.pointer("/data/outcome"),
    })
}

/// The current time as RFC 3339 UTC (`2026-12-01T08:00:00Z`).
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    rfc3339(secs as i64)
}

/// Unix seconds as RFC 3339 UTC.
pub fn rfc3339(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_796_112_000), "2026-12-01T08:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
    }

    fn entry<'a>(writes: &'a [SentWrite], env: &'a Value) -> Entry<'a> {
        Entry {
            member: Some("alice"),
            tool: "write_user_preferences",
            correlation_id: "c",
            target: json!({"media": "movie"}),
            summary: Some("Set a user's language to de | User: “sam”"),
            confirmation: "accepted",
            outcome: Outcome::Completed,
            reason: None,
            writes,
            envelope: env,
        }
    }

    #[test]
    fn lines_hold_no_bodies() {
        let writes = vec![SentWrite {
            method: "POST".into(),
            path: "/api/v1/Identity/NotificationPreferences".into(),
            user: Some("sam".into()),
            status: Some(200),
            reached: true,
        }];
        let env = json!({"ok": true, "data": {"kind": "mutation", "outcome": "completed"}});
        let l = line(&entry(&writes, &env), "t".into());
        assert_eq!(l["acting_user"], "sam");
        assert_eq!(l["member"], "alice");
        assert_eq!(l["requests"][0]["status"], 200);
        assert_eq!((l["outcome"].clone(), l["nothing_sent"].clone()), (json!("completed"), json!(false)));
        assert!(!l.to_string().contains("value"));
    }

    #[test]
    fn a_fifo_nobody_reads_is_a_start_up_error_and_a_stalled_file_refuses_writes() {
        let dir = std::env::temp_dir().join(format!("ombi-mcp-audit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        #[cfg(target_os = "linux")]
        {
            let fifo = dir.join("fifo");
            let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            let e = Audit::new(Some(fifo.clone())).err().unwrap();
            assert!(e.contains("cannot be opened for appending") && e.contains("fifo"), "{e}");
        }
        let missing = dir.join("no-such-dir/audit.jsonl");
        assert!(Audit::new(Some(missing)).err().unwrap().contains("OMBI_MCP_AUDIT_FILE"));
        // A file that takes lines: ready, and every line lands.
        let path = dir.join("audit.jsonl");
        let a = Audit::new(Some(path.clone())).unwrap();
        assert!(a.ready().is_ok());
        let env = json!({"ok": false, "error": {"code": "FORBIDDEN"}});
        for _ in 0..3 {
            a.record(&entry(&[], &env));
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while std::fs::read_to_string(&path).unwrap_or_default().lines().count() < 3 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 3);
        assert!(a.ready().is_ok());
        // A sink whose writer stopped taking lines: writes are refused, naming the file.
        let (tx, _rx) = sync_channel::<String>(QUEUE);
        let stalled = Audit { file: Some(FileSink { path: path.clone(), tx, health: Arc::default() }) };
        stalled.record(&entry(&[], &env));
        *stalled.file.as_ref().unwrap().health.since.lock().unwrap() = Some(Instant::now() - STALL * 2);
        let e = stalled.ready().unwrap_err();
        assert!(e.contains("has not taken a line") && e.contains("audit.jsonl"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
