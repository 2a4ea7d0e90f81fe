//! The HTTP policy: which requests the component may send. A pure function of the
//! configuration and the request, so it is tested without wasm.
//!
//! Allowed: the configured scheme and authority, paths below the configured prefix that
//! are Ombi API routes (`/api/...`) or `/health`, no `.`/`..` segments, no `apikey` in the
//! query. Never: the side-effect GETs of API catalogue §5 and the routes no tool may use.
//! In read-only mode only GETs and the read-only POSTs of §5 pass.

use http::Method;
use http::uri::Scheme;

use crate::config::OmbiUrl;

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Denial {
    #[error("not the configured Ombi scheme, host and port")]
    Origin,
    #[error("outside the configured Ombi base path or not an API route")]
    Path,
    #[error("a route no tool may call")]
    Never,
    #[error("a state-changing request while writes are disabled")]
    ReadOnly,
}

/// The policy for one configuration.
#[derive(Debug, Clone)]
pub struct Policy {
    url: OmbiUrl,
    allow_writes: bool,
}

/// GETs with side effects and routes no tool may call (lower-case, below the prefix).
const NEVER: &[(&str, &str)] = &[
    ("GET", "/api/v1/status/demo"),
    ("GET", "/api/v1/plexoauth/"),
    ("GET", "/api/v1/identity/newsletter/unsubscribe/"),
    ("GET", "/api/v1/settings/clientid"),
    ("GET", "/api/v1/identity/accesstoken"),
    ("GET", "/api/v1/token/"),
    ("GET", "/api/v2/system/logs/download/"),
    ("POST", "/api/v1/settings/ombi/resetapi"),
    ("DELETE", "/api/v1/request/movie/all"),
    ("POST", "/api/v1/job/update"),
    ("POST", "/api/v1/job/clearmediaserverdata"),
];

/// POSTs that only read (API catalogue §5), as (path prefix, exact?) pairs.
const READ_POSTS: &[(&str, bool)] = &[
    ("/api/v2/search/multi/", false),
    ("/api/v2/search/movie/similar", true),
    ("/api/v2/search/advancedsearch/movie/", false),
    ("/api/v1/search/movie", true),
    ("/api/v1/search/movie/actor", true),
    ("/api/v1/search/movie/info", true),
    ("/api/v1/search/movie/similar", true),
];

impl Policy {
    pub fn new(url: OmbiUrl, allow_writes: bool) -> Self {
        Policy { url, allow_writes }
    }

    /// Decides whether `method` on `uri` may leave the sandbox.
    pub fn check(&self, method: &Method, uri: &http::Uri) -> Result<(), Denial> {
        let scheme = uri.scheme().ok_or(Denial::Origin)?;
        if *scheme != self.url.scheme {
            return Err(Denial::Origin);
        }
        let auth = uri.authority().ok_or(Denial::Origin)?;
        let default_port = if *scheme == Scheme::HTTPS { 443 } else { 80 };
        let authority = format!("{}:{}", auth.host().to_ascii_lowercase(), auth.port_u16().unwrap_or(default_port));
        if authority != self.url.authority || auth.as_str().contains('@') {
            return Err(Denial::Origin);
        }
        let path = uri.path();
        let rest = path.strip_prefix(self.url.prefix.as_str()).ok_or(Denial::Path)?;
        let route = rest.to_ascii_lowercase();
        if !(route.starts_with("/api/") || route == "/health") {
            return Err(Denial::Path);
        }
        if route.split('/').any(is_dot_segment) {
            return Err(Denial::Path);
        }
        if let Some(q) = uri.query() {
            let has_key =
                q.split('&').any(|pair| pair.split('=').next().is_some_and(|k| k.eq_ignore_ascii_case("apikey")));
            if has_key {
                return Err(Denial::Path);
            }
        }
        let m = method.as_str();
        if NEVER.iter().any(|(nm, p)| *nm == m && (route == *p || (p.ends_with('/') && route.starts_with(p)))) {
            return Err(Denial::Never);
        }
        if self.allow_writes {
            return Ok(());
        }
        let readable = match *method {
            Method::GET => true,
            Method::POST => READ_POSTS.iter().any(|(p, exact)| if *exact { route == *p } else { route.starts_with(p) }),
            _ => false,
        };
        if readable { Ok(()) } else { Err(Denial::ReadOnly) }
    }
}

/// `.` and `..`, also percent-encoded.
fn is_dot_segment(seg: &str) -> bool {
    let decoded = seg.replace("%2e", ".");
    decoded == "." || decoded == ".."
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(writes: bool) -> Policy {
        Policy::new(OmbiUrl::parse("http://127.0.0.1:5055/ombi").unwrap(), writes)
    }

    fn check(p: &Policy, m: Method, uri: &str) -> Result<(), Denial> {
        p.check(&m, &uri.parse().unwrap())
    }

    #[test]
    fn reads_below_the_base_pass() {
        let p = policy(false);
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/api/v1/Status"), Ok(()));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/health"), Ok(()));
        assert_eq!(check(&p, Method::POST, "http://127.0.0.1:5055/ombi/api/v2/Search/multi/alien"), Ok(()));
        assert_eq!(check(&p, Method::POST, "http://127.0.0.1:5055/ombi/api/v1/Search/movie"), Ok(()));
    }

    #[test]
    fn other_origins_are_denied() {
        let p = policy(true);
        assert_eq!(check(&p, Method::GET, "http://example.com/ombi/api/v1/Status"), Err(Denial::Origin));
        assert_eq!(check(&p, Method::GET, "https://127.0.0.1:5055/ombi/api/v1/Status"), Err(Denial::Origin));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5056/ombi/api/v1/Status"), Err(Denial::Origin));
    }

    #[test]
    fn paths_outside_the_base_are_denied() {
        let p = policy(true);
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/api/v1/Status"), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/swagger/v1/swagger.json"), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/api/../admin"), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/api/v1/%2E%2E/x"), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/api/v1/Status?apikey=x"), Err(Denial::Path));
    }

    #[test]
    fn read_only_mode_blocks_writes() {
        let p = policy(false);
        assert_eq!(check(&p, Method::POST, "http://127.0.0.1:5055/ombi/api/v1/Request/movie"), Err(Denial::ReadOnly));
        assert_eq!(check(&p, Method::DELETE, "http://127.0.0.1:5055/ombi/api/v1/Issues/3"), Err(Denial::ReadOnly));
        assert_eq!(check(&p, Method::PUT, "http://127.0.0.1:5055/ombi/api/v1/Request/tv/deny"), Err(Denial::ReadOnly));
        assert_eq!(check(&p, Method::POST, "http://127.0.0.1:5055/ombi/api/v1/Search/movie/x"), Err(Denial::ReadOnly));
        let w = policy(true);
        assert_eq!(check(&w, Method::POST, "http://127.0.0.1:5055/ombi/api/v1/Request/movie"), Ok(()));
    }

    #[test]
    fn side_effect_gets_are_never_allowed() {
        let p = policy(true);
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/api/v1/Status/demo"), Err(Denial::Never));
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombi/api/v1/PlexOAuth/12"), Err(Denial::Never));
        assert_eq!(
            check(&p, Method::POST, "http://127.0.0.1:5055/ombi/api/v1/Settings/ombi/resetApi"),
            Err(Denial::Never)
        );
        assert_eq!(
            check(&p, Method::DELETE, "http://127.0.0.1:5055/ombi/api/v1/Request/movie/all"),
            Err(Denial::Never)
        );
    }
}
