//! The integrity-protected `requestState` of a confirmation in the 2026-07-28 era: the
//! server asks for input in a result and the client retries with the answer and this
//! state. The state carries what the person is asked to approve (the tool, a digest of its
//! arguments, the planned requests, an expiry and a nonce), sealed with HMAC-SHA256 under a
//! key that never leaves the process; a tampered, expired or replayed state is refused.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::http::Approved;

/// What a sealed state holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The member it was asked of (hosted mode); only they may answer it.
    #[serde(default)]
    pub member: Option<String>,
    pub tool: String,
    /// SHA-256 of the call's arguments (canonical JSON), hex.
    pub args: String,
    /// What the person was shown.
    pub summary: String,
    /// The requests the person is asked to approve.
    pub requests: Vec<PlannedWire>,
    /// Unix seconds after which the state is void.
    pub expires: u64,
    pub nonce: String,
}

/// A planned request as sealed in a state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedWire {
    pub method: String,
    pub path: String,
    pub body: Option<String>,
}

impl From<&PlannedWire> for Approved {
    fn from(p: &PlannedWire) -> Approved {
        Approved { method: p.method.clone(), path: p.path.clone(), body: p.body.clone().map(String::into_bytes) }
    }
}

/// Why a state was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the confirmation state is malformed or was altered")]
    Tampered,
    #[error("the confirmation state has expired")]
    Expired,
    #[error("the confirmation state was already used")]
    Replayed,
    #[error("the confirmation state belongs to another tool call")]
    OtherCall,
    #[error("the confirmation state was asked of another member")]
    OtherMember,
}

/// Seals and opens states with a key (per process, or `OMBI_MCP_STATE_KEY` shared by
/// replicas); remembers used nonces, and with a directory shared by the replicas (beside
/// their tokens file) refuses a state used on another replica too.
pub struct Sealer {
    key: [u8; 32],
    used: Mutex<HashSet<String>>,
    ttl: Duration,
    /// Where a used nonce leaves a marker file every replica sees.
    used_dir: Option<std::path::PathBuf>,
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// 32 random bytes from the operating system.
pub fn random_bytes() -> [u8; 32] {
    let mut out = [0u8; 32];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        use std::io::Read;
        if f.read_exact(&mut out).is_ok() {
            return out;
        }
    }
    // No urandom: a hash of time, process and address space layout (weaker, still unguessable
    // without access to the process).
    let seed = format!("{:?}{}{:p}", SystemTime::now(), std::process::id(), &out);
    out.copy_from_slice(&Sha256::digest(seed.as_bytes()));
    out
}

/// HMAC-SHA256 (RFC 2104).
pub fn hmac(key: &[u8], data: &[u8]) -> [u8; 32] {
    let mut k = [0u8; 64];
    if key.len() > 64 {
        k[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        k[..key.len()].copy_from_slice(key);
    }
    let mut inner = Sha256::new();
    inner.update(k.iter().map(|b| b ^ 0x36).collect::<Vec<u8>>());
    inner.update(data);
    let inner = inner.finalize();
    let mut outer = Sha256::new();
    outer.update(k.iter().map(|b| b ^ 0x5c).collect::<Vec<u8>>());
    outer.update(inner);
    outer.finalize().into()
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

/// `payload` sealed under `key`: `hex(payload).hex(HMAC-SHA256)`, visible ASCII only.
pub fn seal_bytes(key: &[u8; 32], payload: &[u8]) -> String {
    let body = hex(payload);
    let mac = hex(&hmac(key, body.as_bytes()));
    format!("{body}.{mac}")
}

/// The payload of a text sealed under `key`, if the seal holds (compared in constant time).
pub fn open_bytes(key: &[u8; 32], text: &str) -> Option<Vec<u8>> {
    let (body, mac) = text.split_once('.')?;
    let expected = hmac(key, body.as_bytes());
    let given = unhex(mac)?;
    if given.len() != expected.len() || given.iter().zip(expected.iter()).fold(0u8, |a, (x, y)| a | (x ^ y)) != 0 {
        return None;
    }
    unhex(body)
}

/// A 32-byte key from a shared secret (`OMBI_MCP_STATE_KEY`): its SHA-256.
pub fn key_from_secret(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

/// SHA-256 of canonical JSON `arguments` (object keys sorted by serde_json's map), hex.
pub fn digest_args(arguments: &serde_json::Value) -> String {
    hex(&Sha256::digest(arguments.to_string().as_bytes()))
}

impl Sealer {
    pub fn new(ttl: Duration) -> Sealer {
        Sealer { key: random_bytes(), used: Mutex::new(HashSet::new()), ttl, used_dir: None }
    }

    /// A sealer with a key shared by replicas; `used_dir`, when given, is a directory they
    /// share where a used state leaves a marker (so a replay on another replica is refused).
    pub fn with_key(key: [u8; 32], ttl: Duration, used_dir: Option<std::path::PathBuf>) -> Sealer {
        if let Some(d) = &used_dir
            && let Err(e) = std::fs::create_dir_all(d)
        {
            tracing::warn!(dir = %d.display(), %e, "cannot create the shared directory of used confirmations");
        }
        Sealer { key, used: Mutex::new(HashSet::new()), ttl, used_dir }
    }

    /// Marks `nonce` used; false when it already was (here, or on a replica sharing the
    /// directory). Markers older than the states' lifetime are swept now and then.
    fn use_up(&self, nonce: &str) -> bool {
        if !self.used.lock().expect("used nonces").insert(nonce.to_string()) {
            return false;
        }
        let Some(dir) = &self.used_dir else { return true };
        if nonce.is_empty() || !nonce.bytes().all(|b| b.is_ascii_hexdigit()) {
            return false;
        }
        if nonce.as_bytes()[0] == b'0' {
            self.sweep(dir);
        }
        match std::fs::OpenOptions::new().write(true).create_new(true).open(dir.join(nonce)) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
            Err(e) => {
                // Fail closed: a state whose use cannot be recorded is not used.
                tracing::error!(dir = %dir.display(), %e, "cannot record a used confirmation");
                false
            }
        }
    }

    /// Removes markers of states that expired long ago.
    fn sweep(&self, dir: &std::path::Path) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let old = e.metadata().ok().and_then(|m| m.modified().ok()).and_then(|t| t.elapsed().ok());
            if old.is_some_and(|age| age > self.ttl * 2) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }

    /// A sealed state for `tool` called with `arguments`, approving `requests`.
    pub fn seal(
        &self,
        member: Option<&str>,
        tool: &str,
        arguments: &serde_json::Value,
        summary: &str,
        requests: Vec<PlannedWire>,
    ) -> String {
        let p = Pending {
            member: member.map(str::to_string),
            tool: tool.to_string(),
            args: digest_args(arguments),
            summary: summary.to_string(),
            requests,
            expires: now() + self.ttl.as_secs(),
            nonce: hex(&random_bytes()[..16]),
        };
        seal_bytes(&self.key, serde_json::to_string(&p).unwrap_or_default().as_bytes())
    }

    /// Opens a state for `member`'s call of `tool` with `arguments`: checks the seal, the
    /// member, the call, the expiry, and uses it up.
    pub fn open(
        &self,
        state: &str,
        member: Option<&str>,
        tool: &str,
        arguments: &serde_json::Value,
    ) -> Result<Pending, Refused> {
        let json = open_bytes(&self.key, state).and_then(|b| String::from_utf8(b).ok()).ok_or(Refused::Tampered)?;
        let p: Pending = serde_json::from_str(&json).map_err(|_| Refused::Tampered)?;
        if p.member.as_deref() != member {
            return Err(Refused::OtherMember);
        }
        if p.tool != tool || p.args != digest_args(arguments) {
            return Err(Refused::OtherCall);
        }
        if now() > p.expires {
            return Err(Refused::Expired);
        }
        if !self.use_up(&p.nonce) {
            return Err(Refused::Replayed);
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_state_used_on_one_replica_is_refused_on_another() {
        let dir = std::env::temp_dir().join(format!("ombi-mcp-used-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let key = key_from_secret("a shared secret of the household");
        let a = Sealer::with_key(key, Duration::from_secs(60), Some(dir.clone()));
        let b = Sealer::with_key(key, Duration::from_secs(60), Some(dir.clone()));
        let args = json!({"issue_id": 3});
        let state = a.seal(Some("alice"), "write_issue_delete", &args, "s", planned());
        assert_eq!(b.open(&state, Some("bob"), "write_issue_delete", &args), Err(Refused::OtherMember));
        assert!(b.open(&state, Some("alice"), "write_issue_delete", &args).is_ok(), "asked on a, answered on b");
        assert_eq!(a.open(&state, Some("alice"), "write_issue_delete", &args), Err(Refused::Replayed));
        let other = Sealer::with_key(key_from_secret("another"), Duration::from_secs(60), None);
        assert_eq!(other.open(&state, Some("alice"), "write_issue_delete", &args), Err(Refused::Tampered));
        std::fs::remove_dir_all(&dir).ok();
    }

    use super::*;
    use serde_json::json;

    fn planned() -> Vec<PlannedWire> {
        vec![PlannedWire { method: "DELETE".into(), path: "/api/v1/Issues/3".into(), body: None }]
    }

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mac = hmac(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(hex(&mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn a_state_opens_once_for_its_own_call() {
        let s = Sealer::new(Duration::from_secs(60));
        let args = json!({"issue_id": 3});
        let state = s.seal(None, "write_issue_delete", &args, "delete issue 3", planned());
        assert_eq!(s.open(&state, None, "write_issue_delete", &json!({"issue_id": 4})), Err(Refused::OtherCall));
        let p = s.open(&state, None, "write_issue_delete", &args).unwrap();
        assert_eq!(p.requests, planned());
        assert_eq!(s.open(&state, None, "write_issue_delete", &args), Err(Refused::Replayed));
    }

    #[test]
    fn tampered_and_foreign_states_are_refused() {
        let s = Sealer::new(Duration::from_secs(60));
        let args = json!({"issue_id": 3});
        let state = s.seal(None, "write_issue_delete", &args, "delete issue 3", planned());
        let (body, mac) = state.split_once('.').unwrap();
        let mut forged = String::from_utf8(unhex(body).unwrap()).unwrap();
        forged = forged.replace("/api/v1/Issues/3", "/api/v1/Issues/4");
        let forged = format!("{}.{mac}", hex(forged.as_bytes()));
        assert_eq!(s.open(&forged, None, "write_issue_delete", &args), Err(Refused::Tampered));
        assert_eq!(s.open("garbage", None, "write_issue_delete", &args), Err(Refused::Tampered));
        let other = Sealer::new(Duration::from_secs(60));
        assert_eq!(other.open(&state, None, "write_issue_delete", &args), Err(Refused::Tampered));
        let expired = Sealer::new(Duration::ZERO);
        let st = expired.seal(None, "t", &args, "s", vec![]);
        std::thread::sleep(Duration::from_millis(1100));
        assert_eq!(expired.open(&st, None, "t", &args), Err(Refused::Expired));
    }
}
