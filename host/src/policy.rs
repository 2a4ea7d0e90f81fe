//! The HTTP policy: which requests the component may send. A pure function of the
//! configuration and the request, so it is tested without wasm.
//!
//! Allowed: the configured scheme and authority, paths below the configured prefix that
//! are Ombi API routes (`/api/...`) or `/health`, no `.`/`..` segments, no `apikey` in the
//! query. Never: the side-effect GETs of API catalogue §5 and the routes no tool may use.
//! Reads are GETs and the read-only POSTs of §5. Writes pass only while writes are allowed,
//! and only to the write routes of the tool catalogue (one row per method and route below).
//! Routes are matched canonically: case, percent-encoding, repeated and trailing slashes
//! make no difference.

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
    #[error("a state-changing request to a route no write tool uses")]
    NotAWriteRoute,
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

/// GETs with side effects and routes no tool may call (canonical form, below the prefix;
/// a trailing `/` matches everything beneath).
const NEVER: &[(&str, &str)] = &[
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

/// POSTs that only read (API catalogue §5), as (path, prefix?) pairs.
const READ_POSTS: &[(&str, bool)] = &[
    ("/api/v2/search/multi/", true),
    ("/api/v2/search/movie/similar", false),
    ("/api/v2/search/advancedsearch/movie/", true),
    ("/api/v1/search/movie", false),
    ("/api/v1/search/movie/actor", false),
    ("/api/v1/search/movie/info", false),
    ("/api/v1/search/movie/similar", false),
];

/// The write routes of the tool catalogue. `{n}` is a number, `{s}` one segment.
pub const WRITE_ROUTES: &[(&str, &str)] = &[
    // write_request_create
    ("POST", "/api/v1/request/movie"),
    ("POST", "/api/v2/requests/tv"),
    ("POST", "/api/v1/request/music"),
    ("POST", "/api/v2/requests/movie/collection/{n}"),
    // write_request_approve / _deny / _availability
    ("POST", "/api/v1/request/movie/approve"),
    ("POST", "/api/v1/request/tv/approve"),
    ("POST", "/api/v1/request/music/approve"),
    ("PUT", "/api/v1/request/movie/deny"),
    ("PUT", "/api/v1/request/tv/deny"),
    ("PUT", "/api/v1/request/music/deny"),
    ("POST", "/api/v1/request/movie/available"),
    ("POST", "/api/v1/request/movie/unavailable"),
    ("POST", "/api/v1/request/tv/available"),
    ("POST", "/api/v1/request/tv/unavailable"),
    ("POST", "/api/v1/request/music/available"),
    ("POST", "/api/v1/request/music/unavailable"),
    // write_request_delete
    ("DELETE", "/api/v1/request/movie/{n}"),
    ("DELETE", "/api/v1/request/tv/child/{n}"),
    ("DELETE", "/api/v1/request/tv/{n}"),
    ("DELETE", "/api/v1/request/music/{n}"),
    // write_request_subscription
    ("POST", "/api/v1/request/movie/subscribe/{n}"),
    ("POST", "/api/v1/request/movie/unsubscribe/{n}"),
    ("POST", "/api/v1/request/tv/subscribe/{n}"),
    ("POST", "/api/v1/request/tv/unsubscribe/{n}"),
    // write_request_reprocess
    ("POST", "/api/v2/requests/movie/advancedoptions"),
    ("POST", "/api/v2/requests/tv/advancedoptions"),
    ("POST", "/api/v2/requests/reprocess/{s}/{n}/{s}"),
    // write_issue_*
    ("POST", "/api/v1/issues"),
    ("POST", "/api/v1/issues/status"),
    ("POST", "/api/v1/issues/comments"),
    ("DELETE", "/api/v1/issues/comments/{n}"),
    ("DELETE", "/api/v1/issues/{n}"),
    ("POST", "/api/v1/issues/categories"),
    ("DELETE", "/api/v1/issues/categories/{n}"),
    // write_vote
    ("POST", "/api/v1/vote/up/movie/{n}"),
    ("POST", "/api/v1/vote/up/tv/{n}"),
    ("POST", "/api/v1/vote/up/album/{n}"),
    ("POST", "/api/v1/vote/down/movie/{n}"),
    ("POST", "/api/v1/vote/down/tv/{n}"),
    ("POST", "/api/v1/vote/down/album/{n}"),
    // write_user_preferences
    ("POST", "/api/v1/identity/language"),
    ("POST", "/api/v1/identity/streamingcountry"),
    ("POST", "/api/v1/identity/notificationpreferences"),
    // write_retry_queue_remove
    ("DELETE", "/api/v1/requestretry/{n}"),
    // write_settings_patch (every section of §3.11 but ombi/resetApi)
    ("POST", "/api/v1/settings/ombi"),
    ("POST", "/api/v1/settings/plex"),
    ("POST", "/api/v1/settings/emby"),
    ("POST", "/api/v1/settings/jellyfin"),
    ("POST", "/api/v1/settings/sonarr"),
    ("POST", "/api/v1/settings/radarr"),
    ("POST", "/api/v1/settings/lidarr"),
    ("POST", "/api/v1/settings/couchpotato"),
    ("POST", "/api/v1/settings/dognzb"),
    ("POST", "/api/v1/settings/sickrage"),
    ("POST", "/api/v1/settings/themoviedb"),
    ("POST", "/api/v1/settings/customization"),
    ("POST", "/api/v1/settings/landingpage"),
    ("POST", "/api/v1/settings/authentication"),
    ("POST", "/api/v1/settings/issues"),
    ("POST", "/api/v1/settings/vote"),
    ("POST", "/api/v1/settings/usermanagement"),
    ("POST", "/api/v1/settings/update"),
    ("POST", "/api/v1/settings/jobs"),
    ("POST", "/api/v1/settings/notifications/email"),
    ("POST", "/api/v1/settings/notifications/discord"),
    ("POST", "/api/v1/settings/notifications/telegram"),
    ("POST", "/api/v1/settings/notifications/pushbullet"),
    ("POST", "/api/v1/settings/notifications/pushover"),
    ("POST", "/api/v1/settings/notifications/slack"),
    ("POST", "/api/v1/settings/notifications/mattermost"),
    ("POST", "/api/v1/settings/notifications/gotify"),
    ("POST", "/api/v1/settings/notifications/ntfy"),
    ("POST", "/api/v1/settings/notifications/webhook"),
    ("POST", "/api/v1/settings/notifications/twilio"),
    ("POST", "/api/v1/settings/notifications/mobile"),
    ("POST", "/api/v1/settings/notifications/newsletter"),
    // write_job_trigger (never update or clearmediaserverdata)
    ("POST", "/api/v1/job/plexuserimporter"),
    ("POST", "/api/v1/job/plexwatchlist"),
    ("POST", "/api/v1/job/embyuserimporter"),
    ("POST", "/api/v1/job/jellyfinuserimporter"),
    ("POST", "/api/v1/job/plexcontentcacher"),
    ("POST", "/api/v1/job/plexrecentlyadded"),
    ("POST", "/api/v1/job/embycontentcacher"),
    ("POST", "/api/v1/job/embyrecentlyadded"),
    ("POST", "/api/v1/job/jellyfincontentcacher"),
    ("POST", "/api/v1/job/arravailability"),
    ("POST", "/api/v1/job/autodeleterequests"),
    ("POST", "/api/v1/job/newsletter"),
];

pub use crate::canonical::canonical;

/// Whether canonical `route` matches `pattern` (`{n}` a number, `{s}` one segment).
fn matches(pattern: &str, route: &str) -> bool {
    let p: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    let r: Vec<&str> = route.trim_matches('/').split('/').collect();
    p.len() == r.len()
        && p.iter().zip(&r).all(|(p, r)| match *p {
            "{n}" => !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit()),
            "{s}" => !r.is_empty(),
            lit => lit == *r,
        })
}

impl Policy {
    pub fn new(url: OmbiUrl, allow_writes: bool) -> Self {
        Policy { url, allow_writes }
    }

    /// Whether writes are allowed at all by the configuration.
    pub fn writes_allowed(&self) -> bool {
        self.allow_writes
    }

    /// Decides whether `method` on `uri` may leave the sandbox, with the configured write
    /// permission.
    pub fn check(&self, method: &Method, uri: &http::Uri) -> Result<Kind, Denial> {
        self.check_with(method, uri, self.allow_writes)
    }

    /// Decides whether `method` on `uri` may leave the sandbox; `writes` may narrow the
    /// configured permission (never widen it), e.g. while a write is planned.
    pub fn check_with(&self, method: &Method, uri: &http::Uri, writes: bool) -> Result<Kind, Denial> {
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
        if read {
            return Ok(Kind::Read);
        }
        if !(writes && self.allow_writes) {
            return Err(Denial::ReadOnly);
        }
        if WRITE_ROUTES.iter().any(|(wm, p)| *wm == m && matches(p, &route)) {
            Ok(Kind::Write)
        } else {
            Err(Denial::NotAWriteRoute)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(writes: bool) -> Policy {
        Policy::new(OmbiUrl::parse("http://127.0.0.1:5055/ombi").unwrap(), writes)
    }

    fn check(p: &Policy, m: Method, uri: &str) -> Result<Kind, Denial> {
        p.check(&m, &uri.parse().unwrap())
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
            w.check_with(&Method::POST, &format!("{BASE}/api/v1/Request/movie").parse().unwrap(), false),
            Err(Denial::ReadOnly)
        );
    }

    #[test]
    fn only_catalogue_write_routes_pass_with_writes_on() {
        let w = policy(true);
        for (m, path) in [
            (Method::DELETE, "/api/v1/Request/tv/child/31"),
            (Method::POST, "/api/v2/Requests/reprocess/Movie/4/false"),
            (Method::POST, "/api/v1/Vote/up/album/4"),
            (Method::POST, "/api/v1/Settings/notifications/discord"),
            (Method::POST, "/api/v1/Job/arrAvailability"),
        ] {
            assert_eq!(check(&w, m.clone(), &format!("{BASE}{path}")), Ok(Kind::Write), "{m} {path}");
        }
        for (m, path) in [
            (Method::POST, "/api/v1/Identity"),
            (Method::DELETE, "/api/v1/Identity/u-1"),
            (Method::POST, "/api/v1/Notifications/massemail"),
            (Method::POST, "/api/v1/Tester/discord"),
            (Method::POST, "/api/v2/Wizard/config"),
            (Method::POST, "/api/v1/Token"),
            (Method::DELETE, "/api/v1/Request/movie/abc"),
            (Method::PATCH, "/api/v1/Request/movie"),
        ] {
            assert_eq!(check(&w, m.clone(), &format!("{BASE}{path}")), Err(Denial::NotAWriteRoute), "{m} {path}");
        }
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
