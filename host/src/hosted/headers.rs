//! The HTTP edge's checks of a request's headers (pure): `Origin` against the allowed list,
//! `Host` on a loopback bind (DNS rebinding), the bearer token, and the 2026-07-28 request
//! metadata headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`) against the body.

use super::b64;
use http::HeaderMap;
use serde_json::Value;

/// Whether a request from `origin` may be served: no `Origin` (not a browser), the server's
/// own origin (the same host and port as the `Host` header), or one of `allowed`
/// (`scheme://host[:port]`, compared case-insensitively).
pub fn origin_ok(origin: Option<&str>, host: Option<&str>, allowed: &[String]) -> bool {
    match origin {
        None => true,
        Some(o) => {
            let o = o.trim().trim_end_matches('/').to_ascii_lowercase();
            let same = host.is_some_and(|h| {
                let h = h.trim().to_ascii_lowercase();
                o == format!("http://{h}") || o == format!("https://{h}")
            });
            same || allowed.contains(&o)
        }
    }
}

/// Whether `host` (the `Host` header) names this machine: on a loopback bind, a request
/// for any other name is a DNS rebinding attempt.
pub fn host_ok(host: Option<&str>, loopback_bind: bool) -> bool {
    if !loopback_bind {
        return true;
    }
    let Some(host) = host else { return false };
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host
            .rsplit_once(':')
            .map_or(host, |(h, port)| if port.bytes().all(|b| b.is_ascii_digit()) { h } else { host }),
    };
    matches!(name.to_ascii_lowercase().as_str(), "localhost" | "127.0.0.1" | "::1")
}

/// The bearer token of `Authorization: Bearer …`.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = v.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

/// A header's value as text.
pub fn text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// An `Mcp-Name` (or `Mcp-Param-*`) value decoded: the `=?base64?…?=` sentinel form, or
/// the value as it is.
pub fn decode_value(v: &str) -> Option<String> {
    match v.strip_prefix("=?base64?").and_then(|r| r.strip_suffix("?=")) {
        Some(b64) => String::from_utf8(b64::decode(b64, b64::Alphabet::Standard)?).ok(),
        None => Some(v.to_string()),
    }
}

/// The 2026-07-28 header checks for a request of `method` with `params` in `version`: the
/// message of the `HeaderMismatch` (-32020) error when one fails.
pub fn check_modern(headers: &HeaderMap, version: &str, method: &str, params: &Value) -> Result<(), String> {
    match text(headers, "mcp-protocol-version") {
        None => return Err("the MCP-Protocol-Version header is missing".into()),
        Some(v) if v.trim() != version => {
            return Err(format!(
                "Header mismatch: MCP-Protocol-Version header value '{}' does not match body value '{version}'",
                short(v)
            ));
        }
        _ => {}
    }
    match text(headers, "mcp-method") {
        None => return Err("the Mcp-Method header is missing".into()),
        Some(m) if m != method => {
            return Err(format!(
                "Header mismatch: Mcp-Method header value '{}' does not match body value '{method}'",
                short(m)
            ));
        }
        _ => {}
    }
    let body_name = match method {
        "tools/call" | "prompts/get" => params.get("name").and_then(Value::as_str),
        "resources/read" => params.get("uri").and_then(Value::as_str),
        _ => return Ok(()),
    };
    let Some(header) = headers.get("mcp-name") else { return Err("the Mcp-Name header is missing".into()) };
    let decoded = header.to_str().ok().and_then(decode_value).ok_or("the Mcp-Name header is malformed")?;
    match body_name {
        Some(b) if b == decoded => Ok(()),
        Some(b) => Err(format!(
            "Header mismatch: Mcp-Name header value '{}' does not match body value '{}'",
            short(&decoded),
            short(b)
        )),
        None => Err("the request body names no tool, prompt or resource for its Mcp-Name header".into()),
    }
}

fn short(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;
    use serde_json::json;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(http::HeaderName::from_bytes(k.as_bytes()).unwrap(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn origins_and_hosts() {
        let allowed = vec!["https://claude.ai".to_string()];
        let host = Some("127.0.0.1:8787");
        assert!(origin_ok(None, host, &allowed));
        assert!(origin_ok(Some("https://Claude.ai/"), host, &allowed));
        assert!(origin_ok(Some("http://127.0.0.1:8787"), host, &[]), "the server's own origin");
        assert!(!origin_ok(Some("http://127.0.0.1:9999"), host, &[]), "another local page");
        assert!(
            origin_ok(Some("https://evil.example"), Some("evil.example"), &[]),
            "same origin: host_ok stops rebinding"
        );
        assert!(!origin_ok(Some("https://evil.example"), host, &allowed));
        assert!(!origin_ok(Some("null"), host, &[]));
        for ok in ["127.0.0.1:8787", "localhost", "LOCALHOST:1", "[::1]:8787"] {
            assert!(host_ok(Some(ok), true), "{ok}");
        }
        for bad in ["evil.example", "evil.example:8787", "127.0.0.1.evil.example", "[::2]:1"] {
            assert!(!host_ok(Some(bad), true), "{bad}");
        }
        assert!(!host_ok(None, true));
        assert!(host_ok(Some("media.example.org"), false));
    }

    #[test]
    fn bearer_tokens() {
        assert_eq!(bearer(&headers(&[("authorization", "Bearer abc")])), Some("abc"));
        assert_eq!(bearer(&headers(&[("authorization", "bearer  abc ")])), Some("abc"));
        assert_eq!(bearer(&headers(&[("authorization", "Basic abc")])), None);
        assert_eq!(bearer(&headers(&[("authorization", "Bearer ")])), None);
        assert_eq!(bearer(&headers(&[])), None);
    }

    #[test]
    fn modern_headers_must_match_the_body() {
        let p = json!({"name": "read_search"});
        let ok = headers(&[
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/call"),
            ("mcp-name", "read_search"),
        ]);
        assert!(check_modern(&ok, "2026-07-28", "tools/call", &p).is_ok());
        let b64 = headers(&[
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/call"),
            ("mcp-name", "=?base64?cmVhZF9zZWFyY2g=?="),
        ]);
        assert!(check_modern(&b64, "2026-07-28", "tools/call", &p).is_ok());
        let wrong = headers(&[
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/call"),
            ("mcp-name", "write_vote"),
        ]);
        assert!(check_modern(&wrong, "2026-07-28", "tools/call", &p).unwrap_err().contains("Mcp-Name"));
        let missing = headers(&[("mcp-protocol-version", "2026-07-28"), ("mcp-method", "tools/call")]);
        assert!(check_modern(&missing, "2026-07-28", "tools/call", &p).is_err());
        let other_method = headers(&[("mcp-protocol-version", "2026-07-28"), ("mcp-method", "tools/list")]);
        assert!(check_modern(&other_method, "2026-07-28", "tools/call", &p).unwrap_err().contains("Mcp-Method"));
        let version = headers(&[("mcp-protocol-version", "2025-11-25"), ("mcp-method", "tools/list")]);
        assert!(
            check_modern(&version, "2026-07-28", "tools/list", &json!({}))
                .unwrap_err()
                .contains("MCP-Protocol-Version")
        );
        let list = headers(&[("mcp-protocol-version", "2026-07-28"), ("mcp-method", "tools/list")]);
        assert!(check_modern(&list, "2026-07-28", "tools/list", &json!({})).is_ok());
        assert_eq!(decode_value("=?base64?SGVsbG8sIOS4lueVjA==?=").unwrap(), "Hello, 世界");
    }
}
