//! The write audit trail, kept by the host (the component cannot forge or skip it): for every
//! write attempt, the time, tool, correlation id, acting user, the method, path and status of
//! each state-changing request that left, the confirmation and the tool's outcome. Logged at
//! `info` on stderr and appended as JSON lines to `OMBI_MCP_AUDIT_FILE` when set. Never the
//! key, request bodies (they can hold notification values) or other secrets.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;

use serde_json::{Value, json};

use crate::http::SentWrite;

/// Where audit lines go.
pub struct Audit {
    file: Option<(PathBuf, Mutex<()>)>,
}

/// One write attempt.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub tool: &'a str,
    pub correlation_id: &'a str,
    /// `accepted`, `declined`, `cancelled`, `no_answer`, `not_asked`, `refused`.
    pub confirmation: &'a str,
    pub writes: &'a [SentWrite],
    /// The envelope (its `ok`, `error.code` and `data.outcome` are recorded).
    pub envelope: &'a Value,
}

impl Audit {
    pub fn new(file: Option<PathBuf>) -> Audit {
        Audit { file: file.map(|f| (f, Mutex::new(()))) }
    }

    /// Records one write attempt.
    pub fn record(&self, e: &Entry<'_>) {
        let line = line(e, now_utc());
        tracing::info!(target: "ombi_mcp::audit", "{line}");
        if let Some((path, lock)) = &self.file {
            let _guard = lock.lock();
            let written = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .and_then(|mut f| writeln!(f, "{line}"));
            if let Err(err) = written {
                tracing::error!(path = %path.display(), %err, "could not append to OMBI_MCP_AUDIT_FILE");
            }
        }
    }
}

/// The JSON line of an entry.
pub fn line(e: &Entry<'_>, time: String) -> Value {
    let user = e.writes.iter().find_map(|w| w.user.clone());
    json!({
        "time": time,
        "tool": e.tool,
        "correlation_id": e.correlation_id,
        "acting_user": user,
        "confirmation": e.confirmation,
        "requests": e.writes.iter().map(|w| json!({"method": w.method, "path": w.path, "status": w.status, "reached": w.reached})).collect::<Vec<_>>(),
        "ok": e.envelope["ok"],
        "error": e.envelope.pointer("/error/code"),
        "outcome": e.envelope.pointer("/data/outcome"),
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
        let l = line(
            &Entry {
                tool: "write_user_preferences",
                correlation_id: "c",
                confirmation: "accepted",
                writes: &writes,
                envelope: &env,
            },
            "t".into(),
        );
        assert_eq!(l["acting_user"], "sam");
        assert_eq!(l["requests"][0]["status"], 200);
        assert_eq!(l["outcome"], "completed");
        assert!(!l.to_string().contains("value"));
    }
}
