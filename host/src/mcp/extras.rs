//! Resources, prompts and completions, built on the tools (so they run under the same
//! authorization, budgets and redaction): `ombi://reference/{kind}` reads a reference
//! catalogue, `ombi://logs/{file_id}` the newest lines of a log file; three prompts for the
//! jobs admins do most; completions of their arguments from live reads. No URI carries a
//! secret.

use serde_json::{Value, json};

use super::call::{Backend, Caller, Confirm, ToolCall};
use super::catalogue::Catalogue;

/// The reference kinds `read_reference` serves: its input schema's `kind` enum, as the
/// component publishes it (none when the component has no such tool).
pub fn reference_kinds(catalogue: &Catalogue) -> Vec<String> {
    catalogue.get("read_reference").and_then(|t| t.enums.get("kind")).cloned().unwrap_or_default()
}

/// Lines of a log excerpt resource.
const LOG_EXCERPT_LINES: u64 = 200;

/// A JSON-RPC error: code and message.
pub type RpcError = (i64, String);

fn invalid(message: impl Into<String>) -> RpcError {
    (-32602, message.into())
}

/// `resources/list`: the reference catalogues (fixed; `keywords` needs a query, so it is a
/// template only).
pub fn resources(catalogue: &Catalogue) -> Value {
    let list: Vec<Value> = reference_kinds(catalogue)
        .iter()
        .filter(|k| *k != "keywords")
        .map(|k| {
            json!({
                "uri": format!("ombi://reference/{k}"),
                "name": k,
                "title": format!("Ombi reference: {}", k.replace('_', " ")),
                "mimeType": "application/json",
            })
        })
        .collect();
    json!({ "resources": list })
}

/// `resources/templates/list`.
pub fn templates() -> Value {
    json!({ "resourceTemplates": [
        {
            "uriTemplate": "ombi://reference/{kind}",
            "name": "reference",
            "title": "An Ombi reference catalogue",
            "description": "Named ids other tools take (genres, languages, watch providers, streaming countries, issue categories, roles, features, notification agents, request types, issue statuses), as JSON references; the same as read_reference.",
            "mimeType": "application/json"
        },
        {
            "uriTemplate": "ombi://logs/{file_id}",
            "name": "log",
            "title": "The newest lines of an Ombi log file",
            "description": "The last 200 lines of a log file from read_logs, sanitised (credentials, tokens and e-mail addresses redacted).",
            "mimeType": "text/plain"
        }
    ]})
}

/// The tool call that reads resource `uri`, and how its answer becomes contents.
pub fn resource_call(uri: &str, caller: Caller, kinds: &[String]) -> Result<(ToolCall, bool), RpcError> {
    let rest = uri.strip_prefix("ombi://").ok_or_else(|| invalid(format!("unknown resource {}", short(uri))))?;
    let (kind, id) = rest.split_once('/').ok_or_else(|| invalid(format!("unknown resource {}", short(uri))))?;
    let (id, query) = match id.split_once('?') {
        Some((i, q)) => (i, Some(q)),
        None => (id, None),
    };
    match kind {
        "reference" if kinds.iter().any(|k| k == id) => {
            let mut args = json!({ "kind": id, "limit": 100 });
            for pair in query.into_iter().flat_map(|q| q.split('&')) {
                match pair.split_once('=') {
                    Some(("media", m @ ("movie" | "tv"))) => args["media"] = json!(m),
                    Some(("query", q)) if !q.is_empty() => args["query"] = json!(q),
                    _ => return Err(invalid(format!("unknown parameter in {}", short(uri)))),
                }
            }
            Ok((call("read_reference", args, caller), true))
        }
        "logs" if !id.is_empty() && query.is_none() => {
            Ok((call("read_logs", json!({ "file_id": id, "tail": true, "limit": LOG_EXCERPT_LINES }), caller), false))
        }
        _ => Err(invalid(format!("unknown resource {}; see resources/list and resources/templates/list", short(uri)))),
    }
}

fn call(name: &str, args: Value, caller: Caller) -> ToolCall {
    ToolCall { name: name.into(), caller, arguments: args.to_string(), confirm: Confirm::Unavailable }
}

fn short(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(120).collect()
}

/// Reads resource `uri` through its tool.
pub async fn read(backend: std::sync::Arc<dyn Backend>, uri: &str, caller: Caller) -> Result<Value, RpcError> {
    let (call, json_contents) = resource_call(uri, caller, &reference_kinds(backend.catalogue()))?;
    let out = backend.call(call).await.map_err(|e| (-32603, format!("{e:?}")))?;
    let env = out.done().ok_or((-32603, "unexpected input request".to_string()))?.structured.into_value();
    if env["ok"] != true {
        let code = env["error"]["code"].as_str().unwrap_or("");
        let message = env["error"]["message"].as_str().unwrap_or("the read failed").to_string();
        return Err(if matches!(code, "NOT_FOUND" | "INVALID_ARGUMENT") {
            invalid(message)
        } else {
            (-32603, message)
        });
    }
    let contents = if json_contents {
        json!({ "uri": uri, "mimeType": "application/json", "text": env["data"].to_string() })
    } else {
        let lines: Vec<&str> =
            env["data"]["lines"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        json!({ "uri": uri, "mimeType": "text/plain", "text": lines.join("\n") })
    };
    Ok(json!({ "contents": [contents] }))
}

/// `prompts/list`.
pub fn prompts() -> Value {
    json!({ "prompts": [
        {
            "name": "triage_pending_requests",
            "title": "Triage pending requests",
            "description": "Go through the requests waiting for approval and propose what to approve or deny, and why.",
            "arguments": [{"name": "media", "description": "movie, tv or album (default: all three)", "required": false}]
        },
        {
            "name": "weekly_digest",
            "title": "Weekly digest",
            "description": "Summarise the week's requests and issues for the household: what was asked for, what became available, what is broken.",
            "arguments": [{"name": "since", "description": "First day to cover, an ISO date (default: 7 days ago)", "required": false}]
        },
        {
            "name": "request_for_member",
            "title": "Find a title and request it for someone",
            "description": "Search for a title and request it as a household member, with their approval rules and quota.",
            "arguments": [
                {"name": "title", "description": "What to look for", "required": true},
                {"name": "user", "description": "The Ombi user name to request as", "required": true},
                {"name": "media", "description": "movie, tv or album (default: movie or tv, whichever matches)", "required": false}
            ]
        }
    ]})
}

/// `prompts/get`: the prompt's messages, or `-32602` for an unknown prompt or a missing or
/// invalid argument.
pub fn prompt(name: &str, args: &Value) -> Result<Value, RpcError> {
    let arg =
        |k: &str| args.get(k).and_then(Value::as_str).map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let media = arg("media");
    if let Some(m) = &media
        && !["movie", "tv", "album"].contains(&m.as_str())
    {
        return Err(invalid("argument media must be movie, tv or album"));
    }
    let (description, text) = match name {
        "triage_pending_requests" => {
            let which = media.map(|m| format!("{m} requests")).unwrap_or_else(|| "movie, TV and album requests".into());
            (
                "Triage pending requests",
                format!(
                    "Triage the pending {which} in Ombi. List them with read_requests (view list, status pending, one media kind at a time). For each, say who asked and when, check read_request_stats view quota for the requester if relevant, and look for duplicates or open issues (read_issues). Propose approve (write_request_approve) or deny with a short reason (write_request_deny) for each, and wait for my go-ahead before changing anything. For TV, act on the child request ids."
                ),
            )
        }
        "weekly_digest" => {
            let since = arg("since").map(|s| format!("since {s}")).unwrap_or_else(|| "over the last 7 days".into());
            (
                "Weekly digest",
                format!(
                    "Write a short digest of Ombi activity {since}: new requests (read_requests view recent, and view list per media kind), what became available, denied requests, request counts (read_request_stats views counts and usage), and open issues (read_issues views counts and list). Group by household member where it helps. Keep it to one screen."
                ),
            )
        }
        "request_for_member" => {
            let title = arg("title").ok_or_else(|| invalid("argument title is required"))?;
            let user = arg("user").ok_or_else(|| invalid("argument user is required"))?;
            let kind = media.map(|m| format!(" (a {m})")).unwrap_or_default();
            (
                "Find a title and request it",
                format!(
                    "Find \"{title}\"{kind} with read_search and show me the best matches with their year. When I pick one, request it with write_request_create as_user \"{user}\" (for a show, ask which seasons). Report Ombi's answer, including a quota or permission refusal, and the new request id."
                ),
            )
        }
        _ => return Err(invalid(format!("unknown prompt {}; see prompts/list", short(name)))),
    };
    Ok(
        json!({ "description": description, "messages": [{ "role": "user", "content": { "type": "text", "text": text } }] }),
    )
}

/// `completion/complete`: values for a prompt argument or a resource-template variable,
/// from live reads where they come from Ombi.
pub async fn complete(backend: std::sync::Arc<dyn Backend>, params: &Value, caller: Caller) -> Result<Value, RpcError> {
    let r = &params["ref"];
    let arg = params["argument"]["name"].as_str().unwrap_or("");
    let prefix = params["argument"]["value"].as_str().unwrap_or("").to_lowercase();
    let candidates: Vec<String> = match (r["type"].as_str(), arg) {
        (Some("ref/prompt"), "media") => ["movie", "tv", "album"].iter().map(|s| s.to_string()).collect(),
        (Some("ref/prompt"), "user") => {
            live(backend, call("read_users", json!({"limit": 100}), caller), "/data/items", "user_name").await
        }
        (Some("ref/resource"), "kind") => reference_kinds(backend.catalogue()),
        (Some("ref/resource"), "file_id") => {
            live(backend, call("read_logs", json!({}), caller), "/data/files", "file_id").await
        }
        (Some("ref/prompt" | "ref/resource"), _) => Vec::new(),
        _ => return Err(invalid("completion/complete needs ref of type ref/prompt or ref/resource")),
    };
    let values: Vec<String> =
        candidates.into_iter().filter(|c| c.to_lowercase().starts_with(&prefix)).take(100).collect();
    let total = values.len();
    Ok(json!({ "completion": { "values": values, "total": total, "hasMore": false } }))
}

/// Names read with a tool: `field` of every item at `pointer` (nothing when the read fails).
async fn live(backend: std::sync::Arc<dyn Backend>, call: ToolCall, pointer: &str, field: &str) -> Vec<String> {
    let Ok(out) = backend.call(call).await else { return Vec::new() };
    let Some(done) = out.done() else { return Vec::new() };
    let env = done.structured.into_value();
    env.pointer(pointer)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|i| i[field].as_str().map(str::to_string))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A catalogue whose read_reference serves these kinds.
    fn catalogue() -> Catalogue {
        let kinds = ["genres", "languages", "keywords", "issue_categories"];
        Catalogue::from_values(&[json!({"name": "read_reference", "inputSchema": {"type": "object", "properties": {"kind": {"type": "string", "enum": kinds}}}})]).unwrap()
    }

    fn kinds() -> Vec<String> {
        reference_kinds(&catalogue())
    }

    #[test]
    fn resource_uris_map_to_reads() {
        let (c, json_contents) =
            resource_call("ombi://reference/genres?media=tv", Caller::default(), &kinds()).unwrap();
        assert_eq!(c.name, "read_reference");
        assert!(json_contents);
        let args: Value = serde_json::from_str(&c.arguments).unwrap();
        assert_eq!(args, json!({"kind": "genres", "limit": 100, "media": "tv"}));
        let (c, json_contents) = resource_call("ombi://logs/log20261130.txt", Caller::default(), &kinds()).unwrap();
        assert_eq!(c.name, "read_logs");
        assert!(!json_contents);
        for bad in
            ["ombi://reference/nope", "https://x", "ombi://logs/", "ombi://reference/genres?apikey=x", "ombi://other/x"]
        {
            assert_eq!(resource_call(bad, Caller::default(), &kinds()).err().map(|e| e.0), Some(-32602), "{bad}");
        }
    }

    #[test]
    fn listed_resources_hold_no_secret_and_read() {
        let listed = resources(&catalogue());
        assert_eq!(
            listed["resources"].as_array().unwrap().len(),
            3,
            "every kind the component lists, but keywords (it needs a query)"
        );
        let text = listed.to_string().to_lowercase();
        for secret in ["apikey", "api_key", "token", "password", "?"] {
            assert!(!text.contains(secret), "a listed resource names {secret:?}: {text}");
        }
        for r in listed["resources"].as_array().unwrap() {
            let uri = r["uri"].as_str().unwrap();
            let (call, json_contents) = resource_call(uri, Caller::default(), &kinds()).unwrap();
            // Each reads its catalogue through read_reference, in full, as JSON.
            assert_eq!(call.name, "read_reference", "{uri}");
            let args: Value = serde_json::from_str(&call.arguments).unwrap();
            assert_eq!(args["kind"], uri.trim_start_matches("ombi://reference/"), "{uri}");
            assert!(json_contents, "{uri}");
        }
    }

    #[test]
    fn prompts_check_their_arguments() {
        assert!(prompt("request_for_member", &json!({"title": "Dune"})).is_err());
        let p = prompt("request_for_member", &json!({"title": "Dune", "user": "alex"})).unwrap();
        assert!(p["messages"][0]["content"]["text"].as_str().unwrap().contains("as_user \"alex\""));
        assert!(prompt("triage_pending_requests", &json!({"media": "book"})).is_err());
        assert!(prompt("nope", &json!({})).is_err());
        for p in prompts()["prompts"].as_array().unwrap() {
            let name = p["name"].as_str().unwrap();
            let args = json!({"title": "x", "user": "y"});
            assert!(prompt(name, &args).is_ok(), "{name}");
        }
    }
}
