//! Hosted mode's settings, from the environment and `serve --http ADDR`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::config::ConfigError;

/// The shortest `OMBI_MCP_STATE_KEY` accepted.
pub const MIN_STATE_KEY_CHARS: usize = 32;

/// How hosted mode runs.
#[derive(Debug, Clone)]
pub struct Hosted {
    pub addr: SocketAddr,
    /// The member tokens; `None` serves one identity (loopback only).
    pub tokens_file: Option<PathBuf>,
    /// The key sealing sessions and confirmation states, shared by replicas; `None` for a
    /// per-process key.
    pub state_key: Option<[u8; 32]>,
    /// Origins (`scheme://host[:port]`) a browser may call from.
    pub allowed_origins: Vec<String>,
    pub in_flight: usize,
    pub per_minute: u32,
    /// How long in-flight calls may take to finish on SIGTERM.
    pub drain: Duration,
    /// Sign-in with the household's identity provider, if set up.
    pub oauth: Option<super::oauth::OAuthSettings>,
}

impl Hosted {
    /// Reads the settings through `var`; `addr` is `serve --http`'s argument (else
    /// `OMBI_MCP_HTTP`).
    pub fn from_env(addr: Option<&str>, var: impl Fn(&str) -> Option<String>) -> Result<Hosted, ConfigError> {
        let raw = addr.map(str::to_string).or_else(|| var("OMBI_MCP_HTTP")).unwrap_or_default();
        let addr: SocketAddr = raw.trim().parse().map_err(|_| {
            ConfigError(format!(
                "the HTTP address {:?} is not an address and port such as 127.0.0.1:8787 (serve --http ADDR or OMBI_MCP_HTTP)",
                raw.chars().take(80).collect::<String>()
            ))
        })?;
        let tokens_file = match var("OMBI_MCP_TOKENS_FILE").map(|p| p.trim().to_string()).filter(|p| !p.is_empty()) {
            Some(p) => Some(PathBuf::from(p)),
            None => super::tokens::default_path(&var).filter(|p| p.exists()),
        };
        let oauth = super::oauth::OAuthSettings::from_env(&var)?;
        if tokens_file.is_none() && oauth.is_none() && !addr.ip().is_loopback() {
            return Err(ConfigError(format!(
                "refusing to serve {addr} without member tokens: anyone who can reach it would act with the API key. Create tokens with `ombi-mcp token new USER` (and set OMBI_MCP_TOKENS_FILE), or bind a loopback address such as 127.0.0.1:8787"
            )));
        }
        let state_key = match var("OMBI_MCP_STATE_KEY").map(|k| k.trim().to_string()).filter(|k| !k.is_empty()) {
            Some(k) if k.chars().count() < MIN_STATE_KEY_CHARS => {
                return Err(ConfigError(format!(
                    "OMBI_MCP_STATE_KEY is too short; give at least {MIN_STATE_KEY_CHARS} random characters (e.g. `openssl rand -hex 32`)"
                )));
            }
            Some(k) => Some(crate::state_token::key_from_secret(&k)),
            None => None,
        };
        let allowed_origins = var("OMBI_MCP_ALLOWED_ORIGINS")
            .unwrap_or_default()
            .split(',')
            .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
            .filter(|o| !o.is_empty())
            .collect();
        let number = |name: &str, default: u64, max: u64| -> Result<u64, ConfigError> {
            match var(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
                None => Ok(default),
                Some(v) => match v.parse::<u64>() {
                    Ok(n) if (1..=max).contains(&n) => Ok(n),
                    _ => Err(ConfigError(format!("{name} must be a whole number between 1 and {max} (got `{v}`)"))),
                },
            }
        };
        Ok(Hosted {
            addr,
            tokens_file,
            state_key,
            allowed_origins,
            in_flight: number("OMBI_MCP_MEMBER_CONCURRENCY", super::limits::DEFAULT_IN_FLIGHT as u64, 64)? as usize,
            per_minute: number("OMBI_MCP_MEMBER_RATE", u64::from(super::limits::DEFAULT_PER_MINUTE), 100_000)? as u32,
            drain: Duration::from_secs(number("OMBI_MCP_DRAIN_SECONDS", 30, 3600)?),
            oauth,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::env;

    #[test]
    fn without_tokens_only_loopback_is_served() {
        assert!(Hosted::from_env(Some("127.0.0.1:8787"), env(&[])).is_ok());
        assert!(Hosted::from_env(Some("[::1]:8787"), env(&[])).is_ok());
        let e = Hosted::from_env(Some("0.0.0.0:8787"), env(&[])).unwrap_err();
        assert!(e.0.contains("without member tokens"), "{e}");
        assert!(Hosted::from_env(Some("0.0.0.0:8787"), env(&[("OMBI_MCP_TOKENS_FILE", "/tmp/t")])).is_ok());
        assert!(Hosted::from_env(None, env(&[("OMBI_MCP_HTTP", "127.0.0.1:1")])).is_ok());
        assert!(Hosted::from_env(Some("localhost"), env(&[])).unwrap_err().0.contains("127.0.0.1:8787"));
    }

    #[test]
    fn keys_origins_and_limits() {
        assert!(Hosted::from_env(Some("127.0.0.1:1"), env(&[("OMBI_MCP_STATE_KEY", "short")])).is_err());
        let h = Hosted::from_env(
            Some("127.0.0.1:1"),
            env(&[
                ("OMBI_MCP_STATE_KEY", &"k".repeat(40)),
                ("OMBI_MCP_ALLOWED_ORIGINS", "https://Claude.ai/, http://localhost:6274"),
                ("OMBI_MCP_MEMBER_RATE", "10"),
            ]),
        )
        .unwrap();
        assert!(h.state_key.is_some());
        assert_eq!(h.allowed_origins, ["https://claude.ai", "http://localhost:6274"]);
        assert_eq!((h.per_minute, h.in_flight), (10, 4));
        assert!(Hosted::from_env(Some("127.0.0.1:1"), env(&[("OMBI_MCP_MEMBER_CONCURRENCY", "0")])).is_err());
    }
}
