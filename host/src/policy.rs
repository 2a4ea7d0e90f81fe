//! The HTTP policy: which requests a call may send. A pure function of the configuration,
//! the calling tool's declared routes and the request, so it is tested without wasm.
//!
//! The host keeps only what must not depend on the component: the configured scheme,
//! authority and base path (`/api/...` or `/health` below it, no `.`/`..` segments, no
//! `apikey` in the query); a short fixed list of routes no tool may ever use ([`NEVER`]);
//! and, for the read-only switch, which requests only read: GETs and the few search POSTs
//! of Ombi ([`READ_POSTS`]) — a component's word that a POST only reads is not taken, so
//! with writes off nothing else leaves. Every other route comes from the tool itself: a call
//! of tool T may send only the routes T declared in the catalogue ([`crate::routes`]).
//! Routes of the fixed lists are matched canonically: case, percent-encoding, repeated and
//! trailing slashes make no difference.

use http::Method;
use http::uri::Scheme;

use crate::config::OmbiUrl;
use crate::routes::ToolRoutes;

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
    #[error("a route the calling tool did not declare")]
    Undeclared,
}

/// What an allowed request does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// It only reads.
    Read,
    /// It can change Ombi's state.
    Write,
}

/// The policy for one configuration.
#[derive(Debug, Clone)]
pub struct Policy {
    url: OmbiUrl,
    allow_writes: bool,
}

/// Routes no tool may ever call, whatever it declares (canonical form, below the prefix; a
/// trailing `/` matches everything beneath): the GETs with side effects (a demo switch, a
/// Plex sign-in, a newsletter unsubscribe), the ones that return credentials (the client id,
/// access tokens, a log download of the raw files) and the ones that change the API key or
/// wipe data (API-key reset, every movie request, Ombi's own update, the media-server wipe).
pub const NEVER: &[(&str, &str)] = &[
    ("GET", "/api/v1/status/demo"),
    ("GET", "/api/v1/plexoauth/"),
    ("GET", "/api/v1/identity/newsletter/unsubscribe/"),
    ("GET", "/api/v1/settings/clientid"),
    ("GET", "/api/v1/identity/accesstoken"),
    ("GET", "/api/v1/identity/accesstoken/"),
    ("GET", "/api/v1/token/"),
    ("GET", "/api/v2/system/logs/download/"),
    ("POST", "/api/v1/settings/ombi/resetapi"),
    ("DELETE", "/api/v1/request/movie/all"),
    ("POST", "/api/v1/job/update"),
    ("POST", "/api/v1/job/clearmediaserverdata"),
];

/// POSTs that only read (Ombi's searches), as (path, prefix?) pairs: with writes off these
/// are the only POSTs that leave.
pub const READ_POSTS: &[(&str, bool)] = &[
    ("/api/v2/search/multi/", true),
    ("/api/v2/search/movie/similar", false),
    ("/api/v2/search/advancedsearch/movie/", true),
    ("/api/v1/search/movie", false),
    ("/api/v1/search/movie/actor", false),
    ("/api/v1/search/movie/info", false),
    ("/api/v1/search/movie/similar", false),
];

pub use crate::canonical::canonical;

impl Policy {
    pub fn new(url: OmbiUrl, allow_writes: bool) -> Self {
        Policy { url, allow_writes }
    }

    /// Whether writes are allowed at all by the configuration.
    pub fn writes_allowed(&self) -> bool {
        self.allow_writes
    }

    /// Decides whether `method` on `uri` may leave in a call of a tool that declared
    /// `routes`; `writes` may narrow the configured permission (never widen it), e.g. while a
    /// write is planned or for a tool that calls itself read-only.
    pub fn check_with(
        &self,
        method: &Method,
        uri: &http::Uri,
        writes: bool,
        routes: &ToolRoutes,
    ) -> Result<Kind, Denial> {
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
        if !self.url.prefix.is_empty() && !rest.is_empty() && !rest.starts_with('/') {
            return Err(Denial::Path);
        }
        let route = canonical(rest).ok_or(Denial::Path)?;
        if !(route.starts_with("/api/") || route == "/health") {
            return Err(Denial::Path);
        }
        if let Some(q) = uri.query() {
            let has_key = q.split('&').any(|pair| {
                let name = pair.split('=').next().unwrap_or("");
                canonical(&format!("/{name}")).is_none_or(|n| n == "/apikey")
            });
            if has_key {
                return Err(Denial::Path);
            }
        }
        let m = method.as_str();
        let never = NEVER.iter().any(|(nm, p)| {
            *nm == m && (route == p.trim_end_matches('/') || (p.ends_with('/') && route.starts_with(p)))
        });
        if never {
            return Err(Denial::Never);
        }
        let read = match *method {
            Method::GET => true,
            Method::POST => {
                READ_POSTS.iter().any(|(p, prefix)| if *prefix { route.starts_with(p) } else { route == *p })
            }
            _ => false,
        };
        let may_write = writes && self.allow_writes;
        if !(read || may_write) {
            return Err(Denial::ReadOnly);
        }
        routes.find(method, rest).ok_or(Denial::Undeclared)?;
        Ok(if read { Kind::Read } else { Kind::Write })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(writes: bool) -> Policy {
        Policy::new(OmbiUrl::parse("http://127.0.0.1:5055/ombi").unwrap(), writes)
    }

    /// Routes a tool might declare: everything these tests send.
    fn declared() -> ToolRoutes {
        use crate::routes::{Declared, Effect};
        let d = |m: &str, p: &str, e| Declared { method: m.into(), path: p.into(), effect: e };
        ToolRoutes::parse(&[
            d("GET", "/api/v1/Status", Effect::Read),
            d("GET", "/api/v1/Status/{s}", Effect::Read),
            d("GET", "/api/v1/PlexOAuth/{n}", Effect::Read),
            d("GET", "/api/v1/Identity/accesstoken/{s}", Effect::Read),
            d("GET", "/health", Effect::Read),
            d("POST", "/api/v2/Search/multi/{s}", Effect::Read),
            d("POST", "/api/v1/Search/movie", Effect::Read),
            d("POST", "/api/v1/Search/movie/{s}", Effect::Read),
            d("POST", "/api/v1/Request/movie", Effect::Write),
            d("DELETE", "/api/v1/Issues/{n}", Effect::Destructive),
            d("PUT", "/api/v1/Request/tv/deny", Effect::Destructive),
            d("DELETE", "/api/v1/Request/movie/{s}", Effect::Destructive),
            d("POST", "/api/v1/Settings/ombi/resetApi", Effect::Write),
            d("POST", "/api/v1/Job/{s}", Effect::Destructive),
        ])
        .unwrap()
    }

    fn check(p: &Policy, m: Method, uri: &str) -> Result<Kind, Denial> {
        p.check_with(&m, &uri.parse().unwrap(), true, &declared())
    }

    const BASE: &str = "http://127.0.0.1:5055/ombi";

    #[test]
    fn reads_below_the_base_pass() {
        let p = policy(false);
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/api/v1/Status")), Ok(Kind::Read));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/health")), Ok(Kind::Read));
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v2/Search/multi/alien")), Ok(Kind::Read));
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v1/Search/movie")), Ok(Kind::Read));
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
        assert_eq!(check(&p, Method::GET, "http://127.0.0.1:5055/ombix/api/v1/Status"), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/swagger/v1/swagger.json")), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/api/../admin")), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/api/v1/%2E%2E/x")), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/api/v1/Status?apikey=x")), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/api/v1/Status?ApiKey=x")), Err(Denial::Path));
        assert_eq!(check(&p, Method::GET, &format!("{BASE}/api/v1/Status?%61pikey=x")), Err(Denial::Path));
    }

    #[test]
    fn read_only_mode_blocks_writes() {
        let p = policy(false);
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v1/Request/movie")), Err(Denial::ReadOnly));
        assert_eq!(check(&p, Method::DELETE, &format!("{BASE}/api/v1/Issues/3")), Err(Denial::ReadOnly));
        assert_eq!(check(&p, Method::PUT, &format!("{BASE}/api/v1/Request/tv/deny")), Err(Denial::ReadOnly));
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v1/Search/movie/x")), Err(Denial::ReadOnly));
        let w = policy(true);
        assert_eq!(check(&w, Method::POST, &format!("{BASE}/api/v1/Request/movie")), Ok(Kind::Write));
        assert_eq!(
            w.check_with(&Method::POST, &format!("{BASE}/api/v1/Request/movie").parse().unwrap(), false, &declared()),
            Err(Denial::ReadOnly)
        );
    }

    #[test]
    fn only_the_calling_tools_routes_pass() {
        let w = policy(true);
        assert_eq!(check(&w, Method::DELETE, &format!("{BASE}/api/v1/Issues/31")), Ok(Kind::Write));
        assert_eq!(check(&w, Method::GET, &format!("{BASE}/api/v1/Status/info")), Ok(Kind::Read));
        for (m, path) in [
            (Method::POST, "/api/v1/Identity"),
            (Method::DELETE, "/api/v1/Identity/u-1"),
            (Method::POST, "/api/v1/Notifications/massemail"),
            (Method::DELETE, "/api/v1/Issues/abc"),
            (Method::PATCH, "/api/v1/Request/movie"),
            (Method::GET, "/api/v1/Request/movie/1"),
        ] {
            assert_eq!(check(&w, m.clone(), &format!("{BASE}{path}")), Err(Denial::Undeclared), "{m} {path}");
        }
        // A tool that declared nothing sends nothing.
        let none = ToolRoutes::default();
        let uri: http::Uri = format!("{BASE}/api/v1/Status").parse().unwrap();
        assert_eq!(w.check_with(&Method::GET, &uri, true, &none), Err(Denial::Undeclared));
        // A POST a tool calls a read is a write to the host unless it is one of Ombi's searches.
        let lying = ToolRoutes::parse(&[crate::routes::Declared {
            method: "POST".into(),
            path: "/api/v1/Request/movie".into(),
            effect: crate::routes::Effect::Read,
        }])
        .unwrap();
        let r = policy(false);
        let uri: http::Uri = format!("{BASE}/api/v1/Request/movie").parse().unwrap();
        assert_eq!(r.check_with(&Method::POST, &uri, true, &lying), Err(Denial::ReadOnly));
    }

    #[test]
    fn never_routes_match_canonically() {
        let p = policy(true);
        for path in [
            "/api/v1/Status/demo",
            "/api/v1/Status/demo/",
            "/api/v1/STATUS/Demo",
            "/api//v1/Status//demo",
            "/api/v1/Status/%64emo",
            "/api/v1/Identity/accesstoken/u-1",
            "/api/v1/PlexOAuth/12",
        ] {
            assert_eq!(check(&p, Method::GET, &format!("{BASE}{path}")), Err(Denial::Never), "{path}");
        }
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v1/Settings/ombi/resetApi/")), Err(Denial::Never));
        assert_eq!(check(&p, Method::DELETE, &format!("{BASE}/api/v1/Request/movie/all")), Err(Denial::Never));
        assert_eq!(check(&p, Method::DELETE, &format!("{BASE}/api/v1/Request/Movie/%61ll")), Err(Denial::Never));
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v1/Job/update")), Err(Denial::Never));
        assert_eq!(check(&p, Method::POST, &format!("{BASE}/api/v1/Job/ClearMediaServerData/")), Err(Denial::Never));
    }

    #[test]
    fn canonical_form() {
        assert_eq!(canonical("/API//v1/Status/"), Some("/api/v1/status".into()));
        assert_eq!(canonical("/a/%2e%2e/b"), None);
        assert_eq!(canonical("/a/%zz"), None);
        assert_eq!(canonical("/a/%00"), None);
    }
}
