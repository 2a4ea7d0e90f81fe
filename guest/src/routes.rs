//! The routes a tool declares (the WIT `route`): a method, a path template and what
//! sending it does, and the matcher that tells whether a request is one of them (pure).
//!
//! Template syntax (the WIT `route` record says the same): a path below the base URL,
//! starting with `/`, of `/`-separated segments, each one of
//! - a literal of letters, digits and `-` `.` `_` `~` (never `.` or `..`), matching a
//!   segment equal to it ignoring ASCII case;
//! - `{n}`, matching a segment of one or more ASCII digits;
//! - `{s}`, matching any one non-empty segment.
//!
//! A path matches when it has exactly as many segments as the template and each matches.
//! It is split at `/` as sent (an encoded `%2F` stays inside its segment) and each segment
//! is compared once its percent-escapes are decoded (a segment that is then `.` or `..`
//! matches nothing); empty segments do not count. The query (from the first `?`) is not part
//! of the template and is ignored when matching.
//!
//! Each tool declares its routes in its own file ([`crate::tools::Meta::routes`]); helpers
//! that several tools share declare theirs next to their code (e.g. [`crate::ctx::USER_ROUTES`]),
//! and each tool that uses one lists that group too.

use crate::upstream::Method;

/// What sending a route does to Ombi (the WIT `route-effect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteEffect {
    /// Only reads: a GET, or a POST that only searches.
    Read,
    /// Changes state without removing, denying or overwriting anything.
    Write,
    /// Removes, denies or overwrites something, or triggers external effects.
    Destructive,
}

impl RouteEffect {
    /// The effect's name in the WIT enum.
    pub fn as_str(self) -> &'static str {
        match self {
            RouteEffect::Read => "read",
            RouteEffect::Write => "write",
            RouteEffect::Destructive => "destructive",
        }
    }
}

/// One route a tool may send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub method: Method,
    /// The path template below the base URL.
    pub path: &'static str,
    pub effect: RouteEffect,
}

impl Route {
    /// A GET.
    pub const fn get(path: &'static str) -> Route {
        Route { method: Method::Get, path, effect: RouteEffect::Read }
    }

    /// A POST that only reads (a search).
    pub const fn read_post(path: &'static str) -> Route {
        Route { method: Method::Post, path, effect: RouteEffect::Read }
    }

    /// A state-changing request that removes, denies or overwrites nothing.
    pub const fn write(method: Method, path: &'static str) -> Route {
        Route { method, path, effect: RouteEffect::Write }
    }

    /// A request that removes, denies or overwrites something, or triggers external effects.
    pub const fn destructive(method: Method, path: &'static str) -> Route {
        Route { method, path, effect: RouteEffect::Destructive }
    }

    /// Whether `method` on `path` (path and query below the base URL, as sent) is this route.
    pub fn matches(&self, method: Method, path: &str) -> bool {
        self.method == method && matches(self.path, path)
    }
}

/// The first of `routes` that `method` on `path` is, if any.
pub fn find<'r>(routes: impl IntoIterator<Item = &'r Route>, method: Method, path: &str) -> Option<&'r Route> {
    routes.into_iter().find(|r| r.matches(method, path))
}

/// Whether `path` (path and query below the base URL, percent-encoded as sent) matches
/// `template`.
pub fn matches(template: &str, path: &str) -> bool {
    let path = path.split('?').next().unwrap_or("");
    let mut wanted = template.split('/').filter(|s| !s.is_empty());
    let mut given = path.split('/').filter(|s| !s.is_empty());
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(t), Some(g)) => {
                let Some(g) = decode(g) else { return false };
                let ok = match t {
                    "{n}" => g.bytes().all(|b| b.is_ascii_digit()),
                    "{s}" => true,
                    literal => literal.eq_ignore_ascii_case(&g),
                };
                if !ok || g.is_empty() || g == "." || g == ".." {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// `segment` with its percent-escapes decoded; `None` when an escape is malformed or the
/// result is not UTF-8.
fn decode(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Why `template` is not a valid template, if it is not.
pub fn check_template(template: &str) -> Result<(), String> {
    let rest = template.strip_prefix('/').ok_or_else(|| format!("{template}: does not start with /"))?;
    if rest.is_empty() {
        return Err(format!("{template}: no segment"));
    }
    for seg in rest.split('/') {
        let literal = !seg.is_empty()
            && seg != "."
            && seg != ".."
            && seg.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'));
        if !(literal || seg == "{n}" || seg == "{s}") {
            return Err(format!("{template}: the segment {seg:?} is neither a literal, {{n}} nor {{s}}"));
        }
    }
    Ok(())
}

/// Why `route` is not a sound declaration, if it is not: its template is valid, reads are
/// GETs and POSTs, and a GET only reads.
pub fn check_route(route: &Route) -> Result<(), String> {
    check_template(route.path)?;
    let m = route.method.as_str();
    match (route.method, route.effect) {
        (Method::Get, RouteEffect::Read)
        | (Method::Post, _)
        | (Method::Put | Method::Delete, RouteEffect::Write | RouteEffect::Destructive) => Ok(()),
        (Method::Get, _) => Err(format!("GET {}: a GET only reads", route.path)),
        (_, RouteEffect::Read) => Err(format!("{m} {}: only GET and POST read", route.path)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_match_ignoring_case() {
        assert!(matches("/api/v1/Request/movie", "/api/v1/request/MOVIE"));
        assert!(matches("/health", "/health"));
        assert!(!matches("/api/v1/Request/movie", "/api/v1/Request/movies"));
        assert!(!matches("/api/v1/Request/movie", "/api/v1/Request"));
        assert!(!matches("/api/v1/Request", "/api/v1/Request/movie"));
    }

    #[test]
    fn numbers_and_segments() {
        assert!(matches("/api/v1/Request/movie/{n}", "/api/v1/Request/movie/42"));
        assert!(!matches("/api/v1/Request/movie/{n}", "/api/v1/Request/movie/all"));
        assert!(!matches("/api/v1/Request/movie/{n}", "/api/v1/Request/movie/-1"));
        assert!(!matches("/api/v1/Request/movie/{n}", "/api/v1/Request/movie/4.2"));
        assert!(matches("/api/v2/Search/multi/{s}", "/api/v2/Search/multi/the%20matrix"));
        assert!(!matches("/api/v2/Search/multi/{s}", "/api/v2/Search/multi/a/b"));
        assert!(!matches("/api/v2/Search/multi/{s}", "/api/v2/Search/multi"));
    }

    #[test]
    fn an_encoded_slash_stays_in_its_segment() {
        assert!(matches("/api/v2/Search/multi/{s}", "/api/v2/Search/multi/a%2Fb"));
        assert!(!matches("/api/v2/Search/multi/{s}/{s}", "/api/v2/Search/multi/a%2Fb"));
    }

    #[test]
    fn escapes_are_decoded_before_comparing() {
        assert!(matches("/api/v1/Status/demo", "/api/v1/Status/%64emo"));
        assert!(matches("/api/v1/Request/movie/{n}", "/api/v1/Request/movie/%34%32"));
        assert!(!matches("/api/v1/Request/movie/{n}", "/api/v1/Request/movie/%zz"));
        assert!(!matches("/api/v2/Search/multi/{s}", "/api/v2/Search/multi/%2E%2E"));
        assert!(!matches("/api/v2/Search/multi/{s}", "/api/v2/Search/multi/%FF"));
    }

    #[test]
    fn the_query_is_not_part_of_the_template() {
        assert!(matches("/api/v1/Stats", "/api/v1/Stats?from=2026-01-01&to=2026-02-01"));
        assert!(matches("/api/v1/TheMovieDb/Keywords", "/api/v1/TheMovieDb/Keywords?searchTerm=a/b"));
        assert!(!matches("/api/v1/Stats", "/api/v1/Stats/x?from=1"));
    }

    #[test]
    fn empty_segments_do_not_count() {
        assert!(matches("/api/v1/Status", "/api//v1/Status/"));
    }

    #[test]
    fn methods_must_match() {
        let r = Route::destructive(Method::Delete, "/api/v1/Issues/{n}");
        assert!(r.matches(Method::Delete, "/api/v1/Issues/3"));
        assert!(!r.matches(Method::Get, "/api/v1/Issues/3"));
        assert_eq!(find(&[Route::get("/a"), r], Method::Delete, "/api/v1/issues/3"), Some(&r));
    }

    #[test]
    fn templates_are_checked() {
        assert!(check_template("/api/v1/Request/movie/{n}").is_ok());
        assert!(check_template("/api/v2/Search/{s}/x.y_z~-1").is_ok());
        for bad in
            ["", "/", "api/v1", "/api//v1", "/api/v1/", "/api/../x", "/api/{x}", "/api/a b", "/api?q", "/api/%41"]
        {
            assert!(check_template(bad).is_err(), "{bad}");
        }
        assert!(check_route(&Route::get("/a")).is_ok());
        assert!(check_route(&Route::read_post("/a")).is_ok());
        assert!(check_route(&Route::write(Method::Get, "/a")).is_err());
        assert!(check_route(&Route { method: Method::Delete, path: "/a", effect: RouteEffect::Read }).is_err());
    }
}
