//! Configuration from the environment (like the sister ErsatzTV server). The API key is
//! held here and nowhere else: it never reaches the component, a log line or a result.

use std::fmt;
use std::time::Duration;

use http::uri::Scheme;

/// Default Ombi URL.
pub const DEFAULT_URL: &str = "http://localhost:5000";
/// Default read budget for one upstream response.
pub const DEFAULT_MAX_RESPONSE_BYTES: u64 = 8 * 1024 * 1024;
/// Default deadline for one upstream request, headers and body.
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 30;

/// The Ombi API key. `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key; surrounding whitespace (a trailing newline in a key file) is dropped.
    pub fn new(key: &str) -> Option<ApiKey> {
        let key = key.trim();
        (!key.is_empty()).then(|| ApiKey(key.to_string()))
    }

    /// The key itself, for the `ApiKey` header and for scrubbing output.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

/// Ombi's base URL, split for the HTTP policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OmbiUrl {
    pub scheme: Scheme,
    /// Lower-case `host:port`, the port always explicit.
    pub authority: String,
    /// Reverse-proxy path prefix without a trailing slash (`""` or `/ombi`).
    pub prefix: String,
}

impl OmbiUrl {
    /// Parses `http(s)://host[:port][/prefix]`.
    pub fn parse(raw: &str) -> Result<OmbiUrl, ConfigError> {
        let bad = |why: &str| ConfigError(format!("OMBI_URL `{raw}` {why}"));
        let uri: http::Uri = raw.trim().parse().map_err(|_| bad("is not a URL"))?;
        let scheme = uri.scheme().cloned().ok_or_else(|| bad("needs http:// or https://"))?;
        if scheme != Scheme::HTTP && scheme != Scheme::HTTPS {
            return Err(bad("must use http or https"));
        }
        let auth = uri.authority().ok_or_else(|| bad("needs a host"))?;
        if auth.as_str().contains('@') {
            return Err(bad("must not embed credentials"));
        }
        if uri.query().is_some() {
            return Err(bad("must not carry a query"));
        }
        let port = auth.port_u16().unwrap_or(if scheme == Scheme::HTTPS { 443 } else { 80 });
        Ok(OmbiUrl {
            authority: format!("{}:{port}", auth.host().to_ascii_lowercase()),
            prefix: uri.path().trim_end_matches('/').to_string(),
            scheme,
        })
    }

    /// The URL the component builds requests from.
    pub fn base_url(&self) -> String {
        format!("{}://{}{}", self.scheme, self.authority, self.prefix)
    }
}

/// Which writes a person confirms first, where the client can ask (`OMBI_CONFIRM_WRITES`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ConfirmWrites {
    /// Destructive writes, when the client can ask; clients that cannot ask proceed.
    #[default]
    Destructive,
    /// Every write, when the client can ask.
    All,
    /// Destructive writes; refused (`FORBIDDEN`) when the client cannot ask.
    Required,
    /// None.
    Never,
}

/// Default time a person has to answer a confirmation.
pub const DEFAULT_CONFIRM_TIMEOUT_SECONDS: u64 = 120;

/// The server's settings.
#[derive(Debug, Clone)]
pub struct Config {
    pub url: OmbiUrl,
    pub api_key: Option<ApiKey>,
    pub default_user: Option<String>,
    pub allow_writes: bool,
    pub max_response_bytes: u64,
    pub request_timeout: Duration,
    pub confirm_writes: ConfirmWrites,
    pub confirm_timeout: Duration,
    /// Where the write audit trail is appended as JSON lines, if anywhere.
    pub audit_file: Option<std::path::PathBuf>,
}

/// A setting that cannot be used; the message says which and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

impl Config {
    /// Reads the configuration through `var` (the process environment in production).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let url = OmbiUrl::parse(&var("OMBI_URL").unwrap_or_else(|| DEFAULT_URL.into()))?;
        let api_key = match (var("OMBI_API_KEY"), var("OMBI_API_KEY_FILE")) {
            (Some(_), Some(_)) => {
                return Err(ConfigError("set OMBI_API_KEY or OMBI_API_KEY_FILE, not both".into()));
            }
            (Some(k), None) => ApiKey::new(&k),
            (None, Some(path)) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| ConfigError(format!("OMBI_API_KEY_FILE `{path}` cannot be read: {e}")))?;
                Some(ApiKey::new(&text).ok_or_else(|| ConfigError(format!("OMBI_API_KEY_FILE `{path}` is empty")))?)
            }
            (None, None) => None,
        };
        let default_user = var("OMBI_USER").map(|u| u.trim().to_string()).filter(|u| !u.is_empty());
        let allow_writes = match var("OMBI_ALLOW_WRITES").map(|v| v.trim().to_ascii_lowercase()) {
            None => false,
            Some(v) if v.is_empty() || v == "false" || v == "0" || v == "no" => false,
            Some(v) if v == "true" || v == "1" || v == "yes" => true,
            Some(v) => {
                return Err(ConfigError(format!("OMBI_ALLOW_WRITES must be true or false (got `{v}`)")));
            }
        };
        let number = |name: &str, default: u64, min: u64, max: u64| -> Result<u64, ConfigError> {
            match var(name) {
                None => Ok(default),
                Some(v) => {
                    let n: u64 = v
                        .trim()
                        .parse()
                        .map_err(|_| ConfigError(format!("{name} must be a whole number (got `{v}`)")))?;
                    if n < min || n > max {
                        return Err(ConfigError(format!("{name} must be between {min} and {max} (got {n})")));
                    }
                    Ok(n)
                }
            }
        };
        let confirm_writes = match var("OMBI_CONFIRM_WRITES").map(|v| v.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") | Some("destructive") => ConfirmWrites::Destructive,
            Some("all") => ConfirmWrites::All,
            Some("required") => ConfirmWrites::Required,
            Some("never") => ConfirmWrites::Never,
            Some(other) => {
                return Err(ConfigError(format!(
                    "OMBI_CONFIRM_WRITES must be destructive, all, required or never (got `{other}`)"
                )));
            }
        };
        let audit_file =
            var("OMBI_MCP_AUDIT_FILE").map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).map(Into::into);
        Ok(Config {
            url,
            api_key,
            default_user,
            allow_writes,
            confirm_writes,
            confirm_timeout: Duration::from_secs(number(
                "OMBI_CONFIRM_TIMEOUT_SECONDS",
                DEFAULT_CONFIRM_TIMEOUT_SECONDS,
                1,
                3600,
            )?),
            audit_file,
            max_response_bytes: number("OMBI_MAX_RESPONSE_BYTES", DEFAULT_MAX_RESPONSE_BYTES, 1024, 256 * 1024 * 1024)?,
            request_timeout: Duration::from_secs(number(
                "OMBI_REQUEST_TIMEOUT_SECONDS",
                DEFAULT_TIMEOUT_SECONDS,
                1,
                600,
            )?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn defaults() {
        let c = Config::from_env(env(&[])).unwrap();
        assert_eq!(c.url.base_url(), "http://localhost:5000");
        assert!(!c.allow_writes);
        assert_eq!(c.max_response_bytes, 8 * 1024 * 1024);
        assert_eq!(c.request_timeout, Duration::from_secs(30));
        assert!(c.api_key.is_none());
    }

    #[test]
    fn prefix_and_default_port_are_kept() {
        let u = OmbiUrl::parse("https://Media.Example.org/ombi/").unwrap();
        assert_eq!(u.authority, "media.example.org:443");
        assert_eq!(u.prefix, "/ombi");
        assert_eq!(u.base_url(), "https://media.example.org:443/ombi");
    }

    #[test]
    fn bad_values_are_named() {
        assert!(Config::from_env(env(&[("OMBI_URL", "ftp://x")])).unwrap_err().0.contains("OMBI_URL"));
        assert!(Config::from_env(env(&[("OMBI_ALLOW_WRITES", "maybe")])).unwrap_err().0.contains("OMBI_ALLOW_WRITES"));
        assert!(Config::from_env(env(&[("OMBI_REQUEST_TIMEOUT_SECONDS", "0")])).is_err());
        assert!(Config::from_env(env(&[("OMBI_API_KEY", "a"), ("OMBI_API_KEY_FILE", "b")])).is_err());
        assert!(
            Config::from_env(env(&[("OMBI_CONFIRM_WRITES", "sometimes")]))
                .unwrap_err()
                .0
                .contains("OMBI_CONFIRM_WRITES")
        );
    }

    #[test]
    fn confirmation_modes() {
        assert_eq!(Config::from_env(env(&[])).unwrap().confirm_writes, ConfirmWrites::Destructive);
        assert_eq!(
            Config::from_env(env(&[("OMBI_CONFIRM_WRITES", "Required")])).unwrap().confirm_writes,
            ConfirmWrites::Required
        );
        assert_eq!(
            Config::from_env(env(&[("OMBI_CONFIRM_WRITES", "never")])).unwrap().confirm_writes,
            ConfirmWrites::Never
        );
    }

    #[test]
    fn key_file_is_trimmed_and_never_printed() {
        let dir = std::env::temp_dir().join(format!("ombi-mcp-key-{}", std::process::id()));
        std::fs::write(&dir, "abc123\n").unwrap();
        let c = Config::from_env(env(&[("OMBI_API_KEY_FILE", dir.to_str().unwrap())])).unwrap();
        std::fs::remove_file(&dir).ok();
        let key = c.api_key.unwrap();
        assert_eq!(key.expose(), "abc123");
        assert!(!format!("{key:?}").contains("abc123"));
    }
}
