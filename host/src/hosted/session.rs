//! 2025-11-25 sessions over HTTP without a shared store: the `Mcp-Session-Id` minted at
//! `initialize` carries what a later request needs (the negotiated version, whether the
//! client answers form elicitations, the member it belongs to, an expiry), sealed with
//! HMAC-SHA256 under the state key, so any replica holding the same `OMBI_MCP_STATE_KEY`
//! can verify it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::state_token::{hex, open_bytes, random_bytes, seal_bytes};

/// How long a session id stays valid.
pub const SESSION_TTL: Duration = Duration::from_secs(24 * 3600);

/// What a session id carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// The negotiated protocol version.
    pub v: String,
    /// The client declared form elicitation.
    pub e: bool,
    /// The credential (token id) it was opened with; `None` without tokens.
    pub m: Option<String>,
    /// Unix seconds after which it is void.
    pub x: u64,
    /// A nonce, so two sessions never share an id.
    pub n: String,
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// A new session id.
pub fn mint(key: &[u8; 32], version: &str, elicitation: bool, credential: Option<&str>) -> String {
    let s = Session {
        v: version.to_string(),
        e: elicitation,
        m: credential.map(str::to_string),
        x: now() + SESSION_TTL.as_secs(),
        n: hex(&random_bytes()[..12]),
    };
    seal_bytes(key, serde_json::to_string(&s).unwrap_or_default().as_bytes())
}

/// The session an id names, if its seal holds, it has not expired and it belongs to
/// `credential`.
pub fn open(key: &[u8; 32], id: &str, credential: Option<&str>) -> Option<Session> {
    if id.len() > 4096 {
        return None;
    }
    let s: Session = serde_json::from_slice(&open_bytes(key, id)?).ok()?;
    (s.x >= now() && s.m.as_deref() == credential).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_replica_with_the_key_reads_a_session_and_nobody_else() {
        let key = crate::state_token::key_from_secret("household secret");
        let id = mint(&key, "2025-11-25", true, Some("3f9a1c2e"));
        assert!(id.bytes().all(|b| (0x21..=0x7e).contains(&b)), "visible ASCII only");
        let s = open(&key, &id, Some("3f9a1c2e")).unwrap();
        assert_eq!((s.v.as_str(), s.e), ("2025-11-25", true));
        assert!(open(&key, &id, Some("another")).is_none(), "bound to its member's token");
        assert!(open(&crate::state_token::key_from_secret("other"), &id, Some("3f9a1c2e")).is_none());
        let mut forged = id.clone();
        forged.insert(2, 'a');
        assert!(open(&key, &forged, Some("3f9a1c2e")).is_none());
        assert_ne!(mint(&key, "2025-11-25", true, None), mint(&key, "2025-11-25", true, None));
    }
}
