//! Sign-in with the household's own identity provider: `ombi-mcp` as an OAuth 2.1 resource
//! server (MCP authorization). It publishes its protected resource metadata (RFC 9728),
//! checks each access token (a JWT) with the issuer's published keys (discovery, then JWKS,
//! fetched by the host, cached, refreshed when a token names a key it has not seen), and maps
//! the token's user claim (optionally through a mapping file) to the member's Ombi user. The
//! token is never forwarded to Ombi or the component, never logged.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use http_body_util::BodyExt as _;
use serde_json::{Value, json};

use super::jwt::{self, Jwks, Refused};
use crate::config::ConfigError;
use crate::pool::Pool;

/// The scope every call needs (or `ombi:write`, which includes reading).
pub const READ_SCOPE: &str = "ombi:read";
/// The scope a write tool needs.
pub const WRITE_SCOPE: &str = "ombi:write";
/// How often the keys may be fetched again for an unknown `kid`.
const REFRESH_AT_MOST_EVERY: Duration = Duration::from_secs(10);
/// The largest discovery or key document read.
const MAX_DOCUMENT: usize = 1024 * 1024;

/// Resource-server settings (`OMBI_MCP_OAUTH_*`, `OMBI_MCP_PUBLIC_URL`).
#[derive(Debug, Clone)]
pub struct OAuthSettings {
    pub issuer: String,
    /// The token audience this server accepts: its canonical URL (RFC 8707).
    pub audience: String,
    /// The public URL of the MCP endpoint, e.g. `https://mcp.example.org/mcp`.
    pub public_url: String,
    pub user_claim: String,
    /// Claim value → Ombi user name, when a mapping file is given.
    pub user_map: Option<HashMap<String, String>>,
    pub leeway: u64,
}

impl OAuthSettings {
    /// Reads the settings; `None` when `OMBI_MCP_OAUTH_ISSUER` is unset.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<OAuthSettings>, ConfigError> {
        let value = |k: &str| var(k).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let Some(issuer) = value("OMBI_MCP_OAUTH_ISSUER") else { return Ok(None) };
        let url_ok = |u: &str| {
            u.starts_with("https://")
                || ["http://127.0.0.1", "http://localhost", "http://[::1]"].iter().any(|p| u.starts_with(p))
        };
        if !url_ok(&issuer) {
            return Err(ConfigError(format!(
                "OMBI_MCP_OAUTH_ISSUER must be an https:// URL (http only on loopback), got {issuer:?}"
            )));
        }
        let public_url = value("OMBI_MCP_PUBLIC_URL").ok_or_else(|| {
            ConfigError("OMBI_MCP_OAUTH_ISSUER needs OMBI_MCP_PUBLIC_URL, the URL members reach /mcp at (e.g. https://mcp.example.org/mcp)".into())
        })?;
        if !url_ok(&public_url) {
            return Err(ConfigError(format!(
                "OMBI_MCP_PUBLIC_URL must be an https:// URL (http only on loopback), got {public_url:?}"
            )));
        }
        let public_url = public_url.trim_end_matches('/').to_string();
        let audience = value("OMBI_MCP_OAUTH_AUDIENCE").unwrap_or_else(|| public_url.clone());
        let user_map = match value("OMBI_MCP_OAUTH_USER_MAP") {
            None => None,
            Some(path) => Some(
                read_map(&PathBuf::from(&path))
                    .map_err(|e| ConfigError(format!("OMBI_MCP_OAUTH_USER_MAP `{path}` {e}")))?,
            ),
        };
        let leeway =
            match value("OMBI_MCP_OAUTH_LEEWAY_SECONDS") {
                None => 60,
                Some(v) => v.parse().ok().filter(|n| *n <= 600).ok_or_else(|| {
                    ConfigError(format!("OMBI_MCP_OAUTH_LEEWAY_SECONDS must be 0 to 600 (got `{v}`)"))
                })?,
            };
        Ok(Some(OAuthSettings {
            issuer,
            audience,
            public_url,
            user_claim: value("OMBI_MCP_OAUTH_USER_CLAIM").unwrap_or_else(|| "preferred_username".into()),
            user_map,
            leeway,
        }))
    }

    /// Where the protected resource metadata of the endpoint is (RFC 9728 §3.1).
    pub fn metadata_url(&self) -> String {
        let (origin, path) = split_origin(&self.public_url);
        format!("{origin}/.well-known/oauth-protected-resource{path}")
    }

    /// The protected resource metadata (RFC 9728 §2).
    pub fn metadata(&self) -> Value {
        json!({
            "resource": self.audience,
            "authorization_servers": [self.issuer],
            "scopes_supported": [READ_SCOPE, WRITE_SCOPE],
            "bearer_methods_supported": ["header"],
            "resource_name": "ombi-mcp",
        })
    }
}

/// `https://host:port` and the rest of a URL.
fn split_origin(url: &str) -> (&str, &str) {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(i) => url.split_at(after_scheme + i),
        None => (url, ""),
    }
}

/// A mapping file: `claim-value ombi-user` per line (`#` comments).
fn read_map(path: &std::path::Path) -> Result<HashMap<String, String>, String> {
    let bytes = crate::bounded_read::read_regular(path, 1024 * 1024)?;
    let mut map = HashMap::new();
    for line in String::from_utf8_lossy(&bytes).lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut it = line.split_whitespace();
        match (it.next(), it.next(), it.next()) {
            (Some(claim), Some(user), None) => {
                map.insert(claim.to_string(), user.to_string());
            }
            _ => return Err(format!("has a line that is not `claim-value ombi-user`: {line:?}")),
        }
    }
    Ok(map)
}

/// Who a token says the caller is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn {
    /// The Ombi user name.
    pub user: String,
    /// `oauth:<sub>`, for limits, sessions and the audit trail.
    pub credential: String,
    pub scopes: Vec<String>,
}

/// Why a token was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejected {
    /// The token is not valid (`invalid_token`).
    Invalid(String),
    /// The issuer's keys could not be read (try again).
    Unavailable(String),
}

/// The resource server: settings and the issuer's keys.
pub struct OAuth {
    pub settings: OAuthSettings,
    pool: Arc<Pool>,
    keys: Mutex<(Arc<Jwks>, Option<Instant>)>,
    timeout: Duration,
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

impl OAuth {
    pub fn new(settings: OAuthSettings, pool: Arc<Pool>, timeout: Duration) -> OAuth {
        OAuth { settings, pool, keys: Mutex::new((Arc::default(), None)), timeout }
    }

    async fn get_json(&self, url: &str) -> Result<Value, String> {
        let empty = http_body_util::Empty::new().map_err(|never| match never {}).boxed_unsync();
        let req =
            http::Request::get(url).header("accept", "application/json").body(empty).map_err(|e| e.to_string())?;
        let resp = self
            .pool
            .send(req, crate::http::clamp(None, self.timeout))
            .await
            .map_err(|e| format!("{url} did not answer ({e:?})"))?;
        let status = resp.status().as_u16();
        let body = http_body_util::Limited::new(resp.into_body(), MAX_DOCUMENT)
            .collect()
            .await
            .map_err(|_| format!("{url} answered too much or broke off"))?
            .to_bytes();
        if status != 200 {
            return Err(format!("{url} answered {status}"));
        }
        serde_json::from_slice(&body).map_err(|_| format!("{url} did not answer JSON"))
    }

    /// Fetches the issuer's keys: discovery (OpenID, then RFC 8414), then its `jwks_uri`.
    async fn fetch_keys(&self) -> Result<Jwks, String> {
        let base = self.settings.issuer.trim_end_matches('/');
        let mut doc = self.get_json(&format!("{base}/.well-known/openid-configuration")).await;
        if doc.is_err() {
            doc = self.get_json(&format!("{base}/.well-known/oauth-authorization-server")).await;
        }
        let doc = doc?;
        if doc.get("issuer").and_then(Value::as_str) != Some(self.settings.issuer.as_str()) {
            return Err("the issuer's metadata names another issuer".into());
        }
        let jwks_uri = doc.get("jwks_uri").and_then(Value::as_str).ok_or("the issuer's metadata has no jwks_uri")?;
        serde_json::from_value(self.get_json(jwks_uri).await?).map_err(|_| "the issuer's keys are not a JWK set".into())
    }

    /// The keys, fetched when none are held yet or (at most every few seconds) when a token
    /// names a key the held ones lack.
    async fn keys_for(&self, token: &str) -> Result<Arc<Jwks>, Rejected> {
        let wanted = jwt::kid(token);
        let (held, last) = self.keys.lock().expect("keys").clone();
        let known = |k: &Jwks| wanted.as_ref().is_none_or(|w| k.keys.iter().any(|j| j.kid.as_ref() == Some(w)));
        let stale = last.is_none() || (!known(&held) && last.is_some_and(|t| t.elapsed() >= REFRESH_AT_MOST_EVERY));
        if !stale {
            return Ok(held);
        }
        match self.fetch_keys().await {
            Ok(fresh) => {
                let fresh = Arc::new(fresh);
                tracing::info!(keys = fresh.keys.len(), "read the identity provider's keys");
                *self.keys.lock().expect("keys") = (fresh.clone(), Some(Instant::now()));
                Ok(fresh)
            }
            Err(e) if last.is_some() => {
                tracing::warn!(error = %e, "could not refresh the identity provider's keys; keeping the ones held");
                Ok(held)
            }
            Err(e) => Err(Rejected::Unavailable(e)),
        }
    }

    /// Checks an access token and says who it signs in.
    pub async fn sign_in(&self, token: &str) -> Result<SignedIn, Rejected> {
        let keys = self.keys_for(token).await?;
        let expect = jwt::Expect {
            issuer: &self.settings.issuer,
            audience: &self.settings.audience,
            leeway: self.settings.leeway,
            now: now(),
        };
        let claims = jwt::verify(token, &keys, &expect).map_err(|e: Refused| Rejected::Invalid(e.to_string()))?;
        let scopes = jwt::scopes(&claims);
        if !scopes.iter().any(|s| s == READ_SCOPE || s == WRITE_SCOPE) {
            return Err(Rejected::Invalid(format!("the token grants neither {READ_SCOPE} nor {WRITE_SCOPE}")));
        }
        let claim = claims
            .get(&self.settings.user_claim)
            .and_then(Value::as_str)
            .ok_or_else(|| Rejected::Invalid(format!("the token has no {} claim", self.settings.user_claim)))?;
        let user = match &self.settings.user_map {
            Some(map) => map
                .get(claim)
                .cloned()
                .ok_or_else(|| Rejected::Invalid(format!("{claim:?} is not in the user mapping file")))?,
            None => claim.to_string(),
        };
        let sub = claims.get("sub").and_then(Value::as_str).unwrap_or(claim);
        Ok(SignedIn { user, credential: format!("oauth:{sub}"), scopes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::env;

    #[test]
    fn settings_metadata_and_its_address() {
        assert!(OAuthSettings::from_env(env(&[])).unwrap().is_none());
        let s = OAuthSettings::from_env(env(&[
            ("OMBI_MCP_OAUTH_ISSUER", "https://id.example.org/application/o/ombi/"),
            ("OMBI_MCP_PUBLIC_URL", "https://mcp.example.org/mcp"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(s.audience, "https://mcp.example.org/mcp");
        assert_eq!(s.user_claim, "preferred_username");
        assert_eq!(s.metadata_url(), "https://mcp.example.org/.well-known/oauth-protected-resource/mcp");
        let m = s.metadata();
        assert_eq!(m["authorization_servers"][0], "https://id.example.org/application/o/ombi/");
        assert_eq!(m["scopes_supported"], json!(["ombi:read", "ombi:write"]));
        assert_eq!(m["resource"], "https://mcp.example.org/mcp");
        for bad in [
            vec![("OMBI_MCP_OAUTH_ISSUER", "http://id.example.org"), ("OMBI_MCP_PUBLIC_URL", "https://m/mcp")],
            vec![("OMBI_MCP_OAUTH_ISSUER", "https://id.example.org")],
            vec![
                ("OMBI_MCP_OAUTH_ISSUER", "https://id"),
                ("OMBI_MCP_PUBLIC_URL", "https://m/mcp"),
                ("OMBI_MCP_OAUTH_LEEWAY_SECONDS", "x"),
            ],
        ] {
            assert!(OAuthSettings::from_env(env(&bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn mapping_files() {
        let dir = std::env::temp_dir().join(format!("ombi-mcp-map-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ok = dir.join("ok");
        std::fs::write(&ok, "# who is who\nalex@example.org alex\nmorgan@example.org  morgan\n").unwrap();
        let m = read_map(&ok).unwrap();
        assert_eq!(m["alex@example.org"], "alex");
        let bad = dir.join("bad");
        std::fs::write(&bad, "just-one-word\n").unwrap();
        assert!(read_map(&bad).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
