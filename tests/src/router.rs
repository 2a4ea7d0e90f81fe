//! Route matching like ASP.NET endpoint routing: literal segments are case-insensitive and
//! beat parameters; `{x:int}` only matches integers (anything else is a 404).

use crate::auth::{Access, Principal};
use crate::http::{Request, Response, decode};
use crate::state::State;

/// What a handler sees.
pub struct Call<'a> {
    pub req: &'a Request,
    /// The path below the base path, as received.
    pub path: &'a str,
    /// Decoded path parameters, in order.
    pub params: Vec<String>,
    pub who: Principal,
    pub state: &'a mut State,
}

impl Call<'_> {
    /// Path parameter `i`.
    pub fn param(&self, i: usize) -> &str {
        &self.params[i]
    }

    /// Lower-case path segment `i` (0 is `api`).
    pub fn seg(&self, i: usize) -> String {
        self.path.split('/').nth(i + 1).map(|x| decode(x).to_ascii_lowercase()).unwrap_or_default()
    }

    /// Path parameter `i` as an integer (routes with `:int` guarantee it parses).
    pub fn int(&self, i: usize) -> i64 {
        self.params[i].parse().unwrap_or(0)
    }
}

/// A handler.
pub type Handler = fn(&mut Call) -> Response;

/// One route.
pub struct Route {
    pub method: &'static str,
    pub pattern: &'static str,
    pub access: Access,
    pub handler: Handler,
}

/// The best route for `method` and `path`, with its decoded parameters; `Err(405)` when
/// only the method differs, `Err(404)` when nothing matches.
pub fn find<'r>(routes: &'r [Route], method: &str, path: &str) -> Result<(&'r Route, Vec<String>), u16> {
    let segs: Vec<&str> = path.trim_end_matches('/').split('/').skip(1).collect();
    let mut best: Option<(&Route, Vec<String>, Vec<bool>)> = None;
    let mut method_mismatch = false;
    for route in routes {
        let Some((params, shape)) = matches(route.pattern, &segs) else {
            continue;
        };
        if !route.method.eq_ignore_ascii_case(method) {
            method_mismatch = true;
            continue;
        }
        if best.as_ref().is_none_or(|(_, _, b)| shape > *b) {
            best = Some((route, params, shape));
        }
    }
    match best {
        Some((r, p, _)) => Ok((r, p)),
        None if method_mismatch => Err(405),
        None => Err(404),
    }
}

/// Parameters and the literal/parameter shape (true = literal) when `pattern` matches.
fn matches(pattern: &str, segs: &[&str]) -> Option<(Vec<String>, Vec<bool>)> {
    let pats: Vec<&str> = pattern.split('/').skip(1).collect();
    if pats.len() != segs.len() {
        return None;
    }
    let mut params = Vec::new();
    let mut shape = Vec::new();
    for (p, s) in pats.iter().zip(segs) {
        if let Some(inner) = p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            let value = decode(s);
            if inner.ends_with(":int") && value.parse::<i64>().is_err() {
                return None;
            }
            if value.is_empty() {
                return None;
            }
            params.push(value);
            shape.push(false);
        } else if p.eq_ignore_ascii_case(s) {
            shape.push(true);
        } else {
            return None;
        }
    }
    Some((params, shape))
}

/// A handler for tests of the router.
#[cfg(test)]
fn nothing(_: &mut Call) -> Response {
    Response::empty(200)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes() -> Vec<Route> {
        vec![
            Route { method: "GET", pattern: "/api/v1/Search/movie/{term}", access: Access::Auth, handler: nothing },
            Route { method: "GET", pattern: "/api/v1/Search/movie/popular", access: Access::Auth, handler: nothing },
            Route { method: "GET", pattern: "/api/v1/Request/tv/{id:int}", access: Access::Auth, handler: nothing },
            Route { method: "DELETE", pattern: "/api/v1/Request/tv/{id:int}", access: Access::Auth, handler: nothing },
        ]
    }

    #[test]
    fn literals_beat_parameters_and_case_is_ignored() {
        let r = routes();
        let (route, params) = find(&r, "GET", "/API/v1/search/MOVIE/popular").unwrap();
        assert_eq!(route.pattern, "/api/v1/Search/movie/popular");
        assert!(params.is_empty());
        let (route, params) = find(&r, "GET", "/api/v1/Search/movie/the%20matrix").unwrap();
        assert_eq!(route.pattern, "/api/v1/Search/movie/{term}");
        assert_eq!(params, vec!["the matrix"]);
    }

    #[test]
    fn int_constraints_and_methods() {
        let r = routes();
        assert_eq!(find(&r, "GET", "/api/v1/Request/tv/abc").err(), Some(404));
        assert_eq!(find(&r, "POST", "/api/v1/Request/tv/3").err(), Some(405));
        assert_eq!(find(&r, "DELETE", "/api/v1/Request/tv/3").unwrap().1, vec!["3"]);
    }
}
