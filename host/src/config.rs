//! Configuration from the environment (like the sister ErsatzTV server). The API key is
//! held here and nowhere else: it never reaches the component, a log line or a result.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use http::uri::Scheme;

use crate::key_spelling::KEY_PUNCTUATION;
use crate::redact::Redactor;

/// Default Ombi URL.
pub const DEFAULT_URL: &str = "http://localhost:5000";
/// Default read budget for one upstream response.
pub const DEFAULT_MAX_RESPONSE_BYTES: u64 = 8 * 1024 * 1024;
/// Default deadline for one upstream request, headers and body.
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 30;
/// The largest read budget: a response is read into the component's memory (capped at
/// 128 MiB) and parsed there, so the budget stays well below what one instance can hold.
pub const MAX_RESPONSE_BYTES_LIMIT: u64 = 32 * 1024 * 1024;
/// The shortest API key accepted (Ombi's are 32 hex characters).
pub const MIN_KEY_CHARS: usize = 16;
/// The longest API key accepted.
pub const MAX_KEY_CHARS: usize = 1024;
/// The longest user name accepted for `OMBI_USER`.
pub const MAX_USER_CHARS: usize = 100;

/// The largest key file read (`OMBI_API_KEY_FILE`).
pub const MAX_KEY_FILE_BYTES: u64 = 64 * 1024;
/// The largest CA bundle read (`OMBI_CA_FILE`): Mozilla's whole root store is about 250 KiB.
pub const MAX_CA_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The Ombi API key. `Debug` and `Display` never show it. It carries its searches, built
/// once: every response header and body, and every answer, is scrubbed of it.
#[derive(Clone)]
pub struct ApiKey {
    key: String,
    redactor: Arc<Redactor>,
}

impl PartialEq for ApiKey {
    fn eq(&self, other: &ApiKey) -> bool {
        self.key == other.key
    }
}

impl Eq for ApiKey {}

impl ApiKey {
    /// Wraps a key; surrounding whitespace (a trailing newline in a key file) is dropped.
    /// An empty key is `None`; a key too short to be one, too long, or holding whitespace
    /// or control characters (which would be silently dropped from a header) is refused, as
    /// is any character but ASCII letters, digits and `-._~+/=` (Ombi's keys are 32 hex
    /// digits; the limit keeps every spelling of the key findable, `key_spelling`).
    pub fn new(key: &str) -> Result<Option<ApiKey>, String> {
        let key = key.trim();
        if key.is_empty() {
            return Ok(None);
        }
        if key.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err("holds whitespace or control characters; an Ombi API key is one word".into());
        }
        if !key.chars().all(|c| c.is_ascii_alphanumeric() || KEY_PUNCTUATION.contains(c)) {
            return Err(format!(
                "holds characters other than ASCII letters, digits and {KEY_PUNCTUATION}; an Ombi API key is 32 hex digits"
            ));
        }
        let n = key.chars().count();
        if n < MIN_KEY_CHARS {
            return Err(format!("is {n} characters long; an Ombi API key has at least {MIN_KEY_CHARS} (usually 32)"));
        }
        if n > MAX_KEY_CHARS {
            return Err(format!("is {n} characters long; an Ombi API key has at most {MAX_KEY_CHARS}"));
        }
        Ok(Some(ApiKey { key: key.to_string(), redactor: Arc::new(Redactor::new(key)) }))
    }

    /// The key itself, for the `ApiKey` header and for scrubbing output.
    pub fn expose(&self) -> &str {
        &self.key
    }

    /// The searches for the key in every spelling (and, for output, its pieces).
    pub fn redactor(&self) -> &Arc<Redactor> {
        &self.redactor
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

/// `raw` with any credentials or query removed, for messages.
pub fn redact_url(raw: &str) -> String {
    let raw = raw.trim();
    let (scheme, rest) = match raw.split_once("://") {
        Some((s, r)) => (format!("{s}://"), r),
        None => (String::new(), raw),
    };
    let (authority, path) = match rest.find(['/', '?', '#']) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let authority = match authority.rsplit_once('@') {
        Some((_, host)) => format!("***@{host}"),
        None => authority.to_string(),
    };
    let path = match path.find(['?', '#']) {
        Some(i) => format!("{}{}***", &path[..i], &path[i..i + 1]),
        None => path.to_string(),
    };
    format!("{scheme}{authority}{path}")
}

impl OmbiUrl {
    /// Parses `http(s)://host[:port][/prefix]`: a port 1..65535, no credentials, query or
    /// fragment, no dot segments in the prefix.
    pub fn parse(raw: &str) -> Result<OmbiUrl, ConfigError> {
        let shown = redact_url(raw);
        let bad = |why: &str| ConfigError(format!("OMBI_URL `{shown}` {why}"));
        if raw.contains('#') {
            return Err(bad("must not carry a fragment"));
        }
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
        // The port as written (the URI parser drops one it cannot read, which would
        // silently fall back to 80).
        let text = auth.as_str();
        let written = match text.rfind(']') {
            Some(b) => text[b..].split_once(':').map(|(_, p)| p),
            None => text.rsplit_once(':').map(|(_, p)| p),
        };
        let port = match written {
            None => {
                if scheme == Scheme::HTTPS {
                    443
                } else {
                    80
                }
            }
            Some(p) => match p.parse::<u16>() {
                Ok(0) | Err(_) => return Err(bad("needs a port between 1 and 65535")),
                Ok(n) => n,
            },
        };
        let prefix = uri.path().trim_end_matches('/');
        if crate::canonical::canonical(prefix).is_none() || prefix.split('/').any(|s| s == "." || s == "..") {
            return Err(bad("must not hold dot segments or undecodable escapes in its path"));
        }
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
    /// Whether connections to Ombi are kept open between requests (`OMBI_KEEP_ALIVE`).
    pub keep_alive: bool,
    /// Extra CA certificates to trust for an HTTPS Ombi (`OMBI_CA_FILE`, PEM).
    pub ca_certs: Vec<rustls_pki_types::CertificateDer<'static>>,
}

/// Reads the PEM certificates of `OMBI_CA_FILE`.
fn ca_certs(path: &str) -> Result<Vec<rustls_pki_types::CertificateDer<'static>>, ConfigError> {
    use rustls_pki_types::pem::PemObject;
    let bytes = crate::bounded_read::read_regular(std::path::Path::new(path), MAX_CA_FILE_BYTES)
        .map_err(|e| ConfigError(format!("OMBI_CA_FILE `{path}` {e}")))?;
    let certs: Vec<_> = rustls_pki_types::CertificateDer::pem_slice_iter(&bytes)
        .collect::<Result<_, _>>()
        .map_err(|e| ConfigError(format!("OMBI_CA_FILE `{path}` is not a PEM certificate file: {e:?}")))?;
    if certs.is_empty() {
        return Err(ConfigError(format!("OMBI_CA_FILE `{path}` holds no PEM certificate")));
    }
    Ok(certs)
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
            (Some(k), None) => ApiKey::new(&k).map_err(|why| ConfigError(format!("OMBI_API_KEY {why}")))?,
            (None, Some(path)) => {
                let bytes = crate::bounded_read::read_regular(std::path::Path::new(&path), MAX_KEY_FILE_BYTES)
                    .map_err(|e| {
                        let hint = if e.starts_with("is larger") { "; it should hold only the key" } else { "" };
                        ConfigError(format!("OMBI_API_KEY_FILE `{path}` {e}{hint}"))
                    })?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| ConfigError(format!("OMBI_API_KEY_FILE `{path}` is not UTF-8 text")))?;
                let key = ApiKey::new(&text)
                    .map_err(|why| ConfigError(format!("the key in OMBI_API_KEY_FILE `{path}` {why}")))?;
                Some(key.ok_or_else(|| ConfigError(format!("OMBI_API_KEY_FILE `{path}` is empty")))?)
            }
            (None, None) => None,
        };
        let default_user = var("OMBI_USER").map(|u| u.trim().to_string()).filter(|u| !u.is_empty());
        if let Some(u) = &default_user {
            if u.chars().any(char::is_control) {
                return Err(ConfigError(
                    "OMBI_USER holds control characters (a line break?); give the Ombi user name only".into(),
                ));
            }
            if u.chars().count() > MAX_USER_CHARS {
                return Err(ConfigError(format!("OMBI_USER is longer than {MAX_USER_CHARS} characters")));
            }
        }
        let flag = |name: &str, default: bool| match var(name).map(|v| v.trim().to_ascii_lowercase()) {
            None => Ok(default),
            Some(v) if v.is_empty() => Ok(default),
            Some(v) if v == "false" || v == "0" || v == "no" => Ok(false),
            Some(v) if v == "true" || v == "1" || v == "yes" => Ok(true),
            Some(v) => Err(ConfigError(format!("{name} must be true or false (got `{v}`)"))),
        };
        let allow_writes = flag("OMBI_ALLOW_WRITES", false)?;
        let keep_alive = flag("OMBI_KEEP_ALIVE", true)?;
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
        let ca_certs = match var("OMBI_CA_FILE").map(|p| p.trim().to_string()).filter(|p| !p.is_empty()) {
            Some(path) => ca_certs(&path)?,
            None => Vec::new(),
        };
        Ok(Config {
            url,
            api_key,
            ca_certs,
            keep_alive,
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
            max_response_bytes: number(
                "OMBI_MAX_RESPONSE_BYTES",
                DEFAULT_MAX_RESPONSE_BYTES,
                1024,
                MAX_RESPONSE_BYTES_LIMIT,
            )?,
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
pub(crate) mod tests {
    use super::*;
    use std::collections::HashMap;

    /// An environment holding only these pairs (the settings tests of every module use it).
    pub(crate) fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
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
        std::fs::write(&dir, "abc123def456abc123\n").unwrap();
        let c = Config::from_env(env(&[("OMBI_API_KEY_FILE", dir.to_str().unwrap())])).unwrap();
        std::fs::remove_file(&dir).ok();
        let key = c.api_key.unwrap();
        assert_eq!(key.expose(), "abc123def456abc123");
        assert!(!format!("{key:?}").contains("abc123"));
    }

    #[test]
    fn malformed_keys_are_start_up_errors() {
        for bad in ["short", "0123456789abcdef\n0123", "0123456789abcdef 0123", "0123456789abcdef\u{7}x"] {
            let e = Config::from_env(env(&[("OMBI_API_KEY", bad)])).unwrap_err();
            assert!(e.0.starts_with("OMBI_API_KEY"), "{e}");
            assert!(!e.0.contains("0123456789abcdef"), "the key is not printed: {e}");
        }
        let big = std::env::temp_dir().join(format!("ombi-mcp-bigkey-{}", std::process::id()));
        std::fs::write(&big, "a".repeat(10 * 1024 * 1024)).unwrap();
        let e = Config::from_env(env(&[("OMBI_API_KEY_FILE", big.to_str().unwrap())])).unwrap_err();
        std::fs::remove_file(&big).ok();
        assert!(e.0.contains("should hold only the key"), "{e}");
        assert!(
            Config::from_env(env(&[("OMBI_API_KEY", "0123456789abcdef0123456789abcdef")])).unwrap().api_key.is_some()
        );
        assert!(Config::from_env(env(&[])).unwrap().api_key.is_none(), "no key at all still starts");
    }

    #[test]
    fn urls_are_checked_and_their_secrets_never_printed() {
        for (bad, why) in [
            ("http://127.0.0.1:99999", "port"),
            ("http://127.0.0.1:0", "port"),
            ("http://127.0.0.1:/x", "port"),
            ("http://127.0.0.1:80x", "port"),
            ("http://host/ombi#frag", "fragment"),
            ("http://host/ombi/../admin", "dot segments"),
            ("http://host/ombi/%2e%2e", "dot segments"),
        ] {
            let e = Config::from_env(env(&[("OMBI_URL", bad)])).unwrap_err();
            assert!(e.0.contains(why), "{bad}: {e}");
        }
        let e =
            Config::from_env(env(&[("OMBI_URL", "https://admin:hunter2@ombi.example/x?token=s3cr3t")])).unwrap_err();
        assert!(!e.0.contains("hunter2") && !e.0.contains("s3cr3t") && !e.0.contains("admin:"), "{e}");
        assert_eq!(redact_url("http://u:p@h:1/a?k=v"), "http://***@h:1/a?***");
    }

    #[test]
    fn default_user_and_budget_limits() {
        assert!(Config::from_env(env(&[("OMBI_USER", "alice\r\nX-Evil: 1")])).unwrap_err().0.contains("OMBI_USER"));
        assert!(Config::from_env(env(&[("OMBI_MAX_RESPONSE_BYTES", "268435456")])).is_err());
        assert_eq!(Config::from_env(env(&[("OMBI_USER", " alice ")])).unwrap().default_user.as_deref(), Some("alice"));
    }
}
