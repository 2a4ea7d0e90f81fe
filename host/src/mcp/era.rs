//! The two protocol eras, per request (pure). A request whose `params._meta` names a
//! protocol version is a 2026-07-28 ("modern") request: stateless, with the client's
//! capabilities in that same `_meta`, and every result carrying `resultType` (and, for the
//! cacheable ones, `ttlMs` and `cacheScope`) and the server's identity in `_meta`. Any other
//! request is a handshake-era (2025-11-25 and older) request, answered as before.

use serde_json::{Value, json};

/// The stateless revisions this server serves.
pub const MODERN: &[&str] = &["2026-07-28"];
/// The handshake revisions accepted in `initialize` (newest first). 2025-03-26 is not
/// offered: it requires JSON-RPC batches, which this server does not take.
pub const LEGACY: &[&str] = &["2025-11-25", "2025-06-18", "2024-11-05"];

/// JSON-RPC code of an unsupported protocol version (2026-07-28).
pub const UNSUPPORTED_VERSION: i64 = -32022;

pub const PROTOCOL_KEY: &str = "io.modelcontextprotocol/protocolVersion";
const CAPABILITIES_KEY: &str = "io.modelcontextprotocol/clientCapabilities";
/// Where a 2026-07-28 result names its server.
pub const SERVER_INFO_KEY: &str = "io.modelcontextprotocol/serverInfo";

/// Which era a request belongs to.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Era {
    /// 2025-11-25 and older: `initialize` once, capabilities from it.
    #[default]
    Legacy,
    /// 2026-07-28: this request's own capabilities.
    Modern { version: String, capabilities: Value },
}

impl Era {
    /// Whether the client declared form elicitation (modern: for this request).
    pub fn can_elicit(&self) -> bool {
        match self {
            Era::Legacy => false,
            Era::Modern { capabilities, .. } => super::call::can_elicit_form(capabilities),
        }
    }
}

/// Every revision `server/discover` offers, the stateless one first.
pub fn supported_versions() -> Vec<&'static str> {
    MODERN.iter().chain(LEGACY).copied().collect()
}

/// `era_of` for request `id`: the whole JSON-RPC error answer (with its data) when refused.
pub fn era_of_request(id: &Value, params: &Value) -> Result<Era, Value> {
    era_of(params).map_err(|(code, message, data)| {
        let mut err = super::jsonrpc::error(id, code, &message);
        if let Some(d) = data {
            err["error"]["data"] = d;
        }
        err
    })
}

/// A request's era, or the JSON-RPC error it gets: `-32022` with `{supported, requested}`
/// for a version this server does not serve, `-32602` for a malformed `_meta`.
pub fn era_of(params: &Value) -> Result<Era, (i64, String, Option<Value>)> {
    let Some(meta) = params.get("_meta").filter(|m| m.get(PROTOCOL_KEY).is_some()) else {
        return Ok(Era::Legacy);
    };
    let Some(version) = meta[PROTOCOL_KEY].as_str() else {
        return Err((-32602, format!("_meta[\"{PROTOCOL_KEY}\"] must be a string"), None));
    };
    if !MODERN.contains(&version) {
        let data = json!({ "supported": supported_versions(), "requested": version });
        return Err((
            UNSUPPORTED_VERSION,
            format!("Unsupported protocol version: {}", version.chars().take(40).collect::<String>()),
            Some(data),
        ));
    }
    let capabilities = match meta.get(CAPABILITIES_KEY) {
        Some(c) if c.is_object() => c.clone(),
        _ => {
            return Err((
                -32602,
                format!("_meta[\"{CAPABILITIES_KEY}\"] (an object) is required in protocol {version}"),
                None,
            ));
        }
    };
    Ok(Era::Modern { version: version.to_string(), capabilities })
}

/// The results a 2026-07-28 client may cache, with their hints: (ttl ms, scope).
pub fn cache_hints(method: &str) -> Option<(u64, &'static str)> {
    match method {
        // Fixed for the life of the process.
        "server/discover" | "tools/list" | "prompts/list" | "resources/templates/list" => Some((300_000, "public")),
        "resources/list" => Some((300_000, "public")),
        // Ombi's data: read again each time.
        "resources/read" => Some((0, "private")),
        _ => None,
    }
}

/// Completes a result for its era: in 2026-07-28, `resultType` (default `complete`), the
/// cache hints of a cacheable method, and the server's identity in `_meta`.
pub fn finish(era: &Era, method: &str, mut result: Value, server_info: &Value) -> Value {
    if matches!(era, Era::Legacy) {
        return result;
    }
    let Some(obj) = result.as_object_mut() else { return result };
    let input_required = obj.get("resultType") == Some(&json!("input_required"));
    obj.entry("resultType").or_insert_with(|| json!("complete"));
    if !input_required && let Some((ttl, scope)) = cache_hints(method) {
        obj.insert("ttlMs".into(), json!(ttl));
        obj.insert("cacheScope".into(), json!(scope));
    }
    let meta = obj.entry("_meta").or_insert_with(|| json!({}));
    if let Some(m) = meta.as_object_mut() {
        m.insert(SERVER_INFO_KEY.into(), server_info.clone());
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(v: Value) -> Value {
        json!({ "_meta": v })
    }

    #[test]
    fn eras_come_from_each_request() {
        assert_eq!(era_of(&json!({})), Ok(Era::Legacy));
        assert_eq!(era_of(&json!({"_meta": {"progressToken": 1}})), Ok(Era::Legacy));
        let e = era_of(&meta(json!({PROTOCOL_KEY: "2026-07-28", CAPABILITIES_KEY: {"elicitation": {"form": {}}}})))
            .unwrap();
        assert!(e.can_elicit());
        let e = era_of(&meta(json!({PROTOCOL_KEY: "2026-07-28", CAPABILITIES_KEY: {}}))).unwrap();
        assert!(!e.can_elicit());
    }

    #[test]
    fn unsupported_versions_say_what_is_supported() {
        let (code, _, data) = era_of(&meta(json!({PROTOCOL_KEY: "2099-01-01", CAPABILITIES_KEY: {}}))).unwrap_err();
        assert_eq!(code, UNSUPPORTED_VERSION);
        let data = data.unwrap();
        assert_eq!(data["requested"], "2099-01-01");
        assert_eq!(data["supported"][0], "2026-07-28");
        let (code, _, _) = era_of(&meta(json!({PROTOCOL_KEY: "2026-07-28"}))).unwrap_err();
        assert_eq!(code, -32602, "capabilities are required");
        let (code, _, _) = era_of(&meta(json!({PROTOCOL_KEY: 7}))).unwrap_err();
        assert_eq!(code, -32602);
        // The answer both edges send: the request's id, the code, and the data.
        let answer = era_of_request(&json!(9), &meta(json!({PROTOCOL_KEY: "2099-01-01", CAPABILITIES_KEY: {}})));
        let answer = answer.unwrap_err();
        assert_eq!((answer["id"].clone(), answer["error"]["code"].clone()), (json!(9), json!(UNSUPPORTED_VERSION)));
        assert_eq!(answer["error"]["data"]["requested"], "2099-01-01");
        assert_eq!(era_of_request(&json!(1), &json!({})).unwrap(), Era::Legacy);
    }

    #[test]
    fn modern_results_carry_their_type_hints_and_server() {
        let era = Era::Modern { version: "2026-07-28".into(), capabilities: json!({}) };
        let info = json!({"name": "ombi-mcp", "version": "0"});
        let r = finish(&era, "tools/list", json!({"tools": []}), &info);
        assert_eq!(
            (r["resultType"].clone(), r["ttlMs"].clone(), r["cacheScope"].clone()),
            (json!("complete"), json!(300_000), json!("public"))
        );
        assert_eq!(r["_meta"][SERVER_INFO_KEY]["name"], "ombi-mcp");
        let r = finish(&era, "tools/call", json!({"content": []}), &info);
        assert!(r.get("ttlMs").is_none(), "tool results are not cacheable");
        let r = finish(&era, "tools/call", json!({"resultType": "input_required", "requestState": "s"}), &info);
        assert_eq!(r["resultType"], "input_required");
        assert_eq!(finish(&Era::Legacy, "tools/list", json!({"tools": []}), &info), json!({"tools": []}));
    }
}
