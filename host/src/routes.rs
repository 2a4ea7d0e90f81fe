//! The routes each tool declares in the component's catalogue (the WIT `route`), read once
//! per component and enforced per call: a call of tool T may send only T's routes. The host
//! parses and matches them with its own code (it never runs the component's matcher), with
//! the WIT's template syntax: `/`-separated segments, each a case-insensitive literal of
//! letters, digits and `-._~`, `{n}` (one or more digits) or `{s}` (any one segment); the
//! request's path is split as sent, empty segments ignored, each segment percent-decoded,
//! the query ignored (pure).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// What sending a route does (the WIT `route-effect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    Read,
    Write,
    Destructive,
}

/// One route as a tool declared it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub method: String,
    pub path: String,
    pub effect: Effect,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    /// Lower-cased.
    Literal(String),
    Number,
    Any,
}

/// A parsed route.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Template {
    method: http::Method,
    segments: Vec<Segment>,
    effect: Effect,
}

/// The routes of one tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolRoutes {
    templates: Vec<Template>,
}

fn parse_template(d: &Declared) -> Result<Template, String> {
    let method = match d.method.as_str() {
        "GET" => http::Method::GET,
        "POST" => http::Method::POST,
        "PUT" => http::Method::PUT,
        "DELETE" => http::Method::DELETE,
        other => return Err(format!("method {other:?} is not GET, POST, PUT or DELETE")),
    };
    if !d.path.starts_with('/') || d.path.contains('?') {
        return Err(format!("path {:?} must start with / and hold no query", d.path));
    }
    let mut segments = Vec::new();
    for s in d.path.split('/').filter(|s| !s.is_empty()) {
        segments.push(match s {
            "{n}" => Segment::Number,
            "{s}" => Segment::Any,
            "." | ".." => return Err(format!("path {:?} holds a dot segment", d.path)),
            lit if lit.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b)) => {
                Segment::Literal(lit.to_ascii_lowercase())
            }
            bad => return Err(format!("segment {bad:?} of {:?} is not a literal, {{n}} or {{s}}", d.path)),
        });
    }
    if segments.is_empty() {
        return Err("an empty path".into());
    }
    Ok(Template { method, segments, effect: d.effect })
}

/// A segment percent-decoded; `None` when it cannot be.
fn decoded(segment: &str) -> Option<String> {
    let b = segment.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

impl Template {
    fn matches(&self, method: &http::Method, path: &str) -> bool {
        if *method != self.method {
            return false;
        }
        let path = path.split('?').next().unwrap_or("");
        let mut parts = path.split('/').filter(|s| !s.is_empty());
        for seg in &self.segments {
            let Some(part) = parts.next().and_then(decoded) else { return false };
            if part == "." || part == ".." {
                return false;
            }
            let ok = match seg {
                Segment::Literal(l) => part.eq_ignore_ascii_case(l),
                Segment::Number => part.bytes().all(|b| b.is_ascii_digit()),
                Segment::Any => !part.is_empty(),
            };
            if !ok {
                return false;
            }
        }
        parts.next().is_none()
    }
}

impl ToolRoutes {
    /// Parses a tool's declared routes; a malformed one is an error naming it.
    pub fn parse(declared: &[Declared]) -> Result<ToolRoutes, String> {
        Ok(ToolRoutes { templates: declared.iter().map(parse_template).collect::<Result<_, _>>()? })
    }

    /// The effect of the declared route `method` on `path` (below the base URL), if any.
    pub fn find(&self, method: &http::Method, path: &str) -> Option<Effect> {
        self.templates.iter().find(|t| t.matches(method, path)).map(|t| t.effect)
    }

    pub fn len(&self) -> usize {
        self.templates.len()
    }

    pub fn is_empty(&self) -> bool {
        self.templates.is_empty()
    }
}

/// Every tool's routes, by tool name, as the component declared them.
pub type Declarations = HashMap<String, Vec<Declared>>;

#[cfg(test)]
mod tests {
    use super::*;
    use http::Method;

    fn routes(decls: &[(&str, &str, Effect)]) -> ToolRoutes {
        let d: Vec<Declared> =
            decls.iter().map(|(m, p, e)| Declared { method: m.to_string(), path: p.to_string(), effect: *e }).collect();
        ToolRoutes::parse(&d).unwrap()
    }

    #[test]
    fn templates_match_as_the_wit_says() {
        let r = routes(&[
            ("GET", "/api/v1/Request/movie/{n}", Effect::Read),
            ("DELETE", "/api/v1/Request/movie/{n}", Effect::Destructive),
            ("POST", "/api/v2/Requests/reprocess/{s}/{n}/{s}", Effect::Destructive),
            ("GET", "/health", Effect::Read),
        ]);
        assert_eq!(r.find(&Method::GET, "/api/v1/request/MOVIE/42"), Some(Effect::Read));
        assert_eq!(r.find(&Method::GET, "/api//v1/Request/movie/42/?x=1"), Some(Effect::Read), "empty segments, query");
        assert_eq!(r.find(&Method::DELETE, "/api/v1/Request/movie/42"), Some(Effect::Destructive));
        assert_eq!(r.find(&Method::DELETE, "/api/v1/Request/movie/all"), None, "{{n}} is digits only");
        assert_eq!(r.find(&Method::PUT, "/api/v1/Request/movie/42"), None, "the method counts");
        assert_eq!(r.find(&Method::GET, "/api/v1/Request/movie/42/extra"), None, "as many segments");
        assert_eq!(r.find(&Method::GET, "/api/v1/Request/movie"), None);
        assert_eq!(r.find(&Method::POST, "/api/v2/Requests/reprocess/Movie/4/false"), Some(Effect::Destructive));
        assert_eq!(
            r.find(&Method::POST, "/api/v2/Requests/reprocess/Movie%2F4/4/false"),
            Some(Effect::Destructive),
            "%2F stays in its segment"
        );
        assert_eq!(
            r.find(&Method::GET, "/api/v1/Request/movie/%34%32"),
            Some(Effect::Read),
            "decoded before comparing"
        );
        assert_eq!(r.find(&Method::GET, "/api/v1/Request/movie/%zz"), None);
        assert_eq!(r.find(&Method::GET, "/health"), Some(Effect::Read));
    }

    #[test]
    fn malformed_declarations_are_refused() {
        for (m, p) in [
            ("PATCH", "/api/x"),
            ("GET", "api/x"),
            ("GET", "/api/{x}"),
            ("GET", "/api/../x"),
            ("GET", "/api/x?y"),
            ("GET", "/"),
        ] {
            let d = Declared { method: m.into(), path: p.into(), effect: Effect::Read };
            assert!(ToolRoutes::parse(&[d]).is_err(), "{m} {p}");
        }
    }
}
