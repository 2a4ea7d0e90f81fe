//! What the component offers besides tools, published through the WIT `extras` function as
//! JSON text, so the host serves resources, prompts and completions without knowing a tool:
//!
//! - `resources`: families of resources read through a tool. Each has an MCP resource
//!   `template` (`uriTemplate` with one `{variable}`), the `tool` that reads it, the tool
//!   argument the variable fills (`variable`), fixed `arguments`, the `query` parameters a URI
//!   may add (each a string argument of the tool), optionally `list` (one listed resource per
//!   value of the variable's enum in the tool's input schema, but `except`, titled
//!   `title` with `{label}` the value with `_` as spaces), and `contents`: the envelope's
//!   `pointer` to return, `as` `json` (the value as JSON text) or `lines` (an array of strings
//!   joined by newlines), with its `mimeType` from the template.
//! - `prompts`: MCP prompts whose `text` holds `{argument}` placeholders; each argument says
//!   whether it is `required`, may list its `enum`, and renders as `present` (with `{value}`)
//!   or `absent`.
//! - `completions`: where the values of an argument (of a prompt, `ref/prompt`, or a
//!   resource template variable, `ref/resource`) come from: fixed `values`, the `enum_of` a
//!   tool's argument, or a live read (`tool`, `arguments`, the `items` array's `field`).

use serde_json::{Value, json};

/// The description the host reads once (the WIT `extras`).
pub fn describe() -> Value {
    json!({
        "resources": [
            {
                "template": {
                    "uriTemplate": "ombi://reference/{kind}",
                    "name": "reference",
                    "title": "An Ombi reference catalogue",
                    "description": "Named ids other tools take (genres, languages, watch providers, streaming countries, issue categories, roles, features, notification agents, request types, issue statuses), as JSON references; the same as read_reference.",
                    "mimeType": "application/json"
                },
                "tool": "read_reference",
                "variable": "kind",
                "arguments": { "limit": 100 },
                "query": ["media", "query"],
                "list": { "title": "Ombi reference: {label}", "except": ["keywords"] },
                "contents": { "pointer": "/data", "as": "json" }
            },
            {
                "template": {
                    "uriTemplate": "ombi://logs/{file_id}",
                    "name": "log",
                    "title": "The newest lines of an Ombi log file",
                    "description": "The last 200 lines of a log file from read_logs, sanitised (credentials, tokens and e-mail addresses redacted).",
                    "mimeType": "text/plain"
                },
                "tool": "read_logs",
                "variable": "file_id",
                "arguments": { "tail": true, "limit": 200 },
                "query": [],
                "contents": { "pointer": "/data/lines", "as": "lines" }
            }
        ],
        "prompts": [
            {
                "name": "triage_pending_requests",
                "title": "Triage pending requests",
                "description": "Go through the requests waiting for approval and propose what to approve or deny, and why.",
                "arguments": [
                    { "name": "media", "description": "movie, tv or album (default: all three)", "required": false,
                      "enum": ["movie", "tv", "album"], "present": "{value} requests", "absent": "movie, TV and album requests" }
                ],
                "text": "Triage the pending {media} in Ombi. List them with read_requests (view list, status pending, one media kind at a time). For each, say who asked and when, check read_request_stats view quota for the requester if relevant, and look for duplicates or open issues (read_issues). Propose approve (write_request_approve) or deny with a short reason (write_request_deny) for each, and wait for my go-ahead before changing anything. For TV, act on the child request ids."
            },
            {
                "name": "weekly_digest",
                "title": "Weekly digest",
                "description": "Summarise the week's requests and issues for the household: what was asked for, what became available, what is broken.",
                "arguments": [
                    { "name": "since", "description": "First day to cover, an ISO date (default: 7 days ago)", "required": false,
                      "present": "since {value}", "absent": "over the last 7 days" }
                ],
                "text": "Write a short digest of Ombi activity {since}: new requests (read_requests view recent, and view list per media kind), what became available, denied requests, request counts (read_request_stats views counts and usage), and open issues (read_issues views counts and list). Group by household member where it helps. Keep it to one screen."
            },
            {
                "name": "request_for_member",
                "title": "Find a title and request it for someone",
                "description": "Search for a title and request it as a household member, with their approval rules and quota.",
                "arguments": [
                    { "name": "title", "description": "What to look for", "required": true, "present": "{value}" },
                    { "name": "user", "description": "The Ombi user name to request as", "required": true, "present": "{value}" },
                    { "name": "media", "description": "movie, tv or album (default: movie or tv, whichever matches)", "required": false,
                      "enum": ["movie", "tv", "album"], "present": " (a {value})", "absent": "" }
                ],
                "text": "Find \"{title}\"{media} with read_search and show me the best matches with their year. When I pick one, request it with write_request_create as_user \"{user}\" (for a show, ask which seasons). Report Ombi's answer, including a quota or permission refusal, and the new request id."
            }
        ],
        "completions": [
            { "ref": "ref/prompt", "argument": "media", "values": ["movie", "tv", "album"] },
            { "ref": "ref/prompt", "argument": "user", "tool": "read_users", "arguments": { "limit": 100 }, "items": "/data/items", "field": "user_name" },
            { "ref": "ref/resource", "argument": "kind", "enum_of": { "tool": "read_reference", "argument": "kind" } },
            { "ref": "ref/resource", "argument": "file_id", "tool": "read_logs", "arguments": {}, "items": "/data/files", "field": "file_id" }
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dispatch::descriptors;

    #[test]
    fn every_tool_and_argument_named_is_one_the_catalogue_has() {
        let tools = descriptors();
        let input = |tool: &str| -> Value {
            let d = tools.iter().find(|d| d.name == tool).unwrap_or_else(|| panic!("no tool {tool}"));
            serde_json::from_str(&d.input_schema).unwrap()
        };
        let d = describe();
        for r in d["resources"].as_array().unwrap() {
            let schema = input(r["tool"].as_str().unwrap());
            let var = r["variable"].as_str().unwrap();
            assert!(schema["properties"][var].is_object(), "{var}");
            assert!(r["template"]["uriTemplate"].as_str().unwrap().contains(&format!("{{{var}}}")));
            for q in r["query"].as_array().unwrap() {
                assert!(schema["properties"][q.as_str().unwrap()].is_object(), "{q}");
            }
            for (k, _) in r["arguments"].as_object().unwrap() {
                assert!(schema["properties"][k].is_object(), "{k}");
            }
            if r.get("list").is_some() {
                assert!(schema["properties"][var]["enum"].is_array(), "a listed family lists an enum");
            }
        }
        for c in d["completions"].as_array().unwrap() {
            if let Some(t) = c["tool"].as_str() {
                input(t);
            }
            if let Some(e) = c.get("enum_of") {
                assert!(
                    input(e["tool"].as_str().unwrap())["properties"][e["argument"].as_str().unwrap()]["enum"]
                        .is_array()
                );
            }
        }
        for p in d["prompts"].as_array().unwrap() {
            let text = p["text"].as_str().unwrap();
            for a in p["arguments"].as_array().unwrap() {
                assert!(text.contains(&format!("{{{}}}", a["name"].as_str().unwrap())), "{}", p["name"]);
            }
        }
    }
}
