//! The published catalogue: every tool, composed output schemas, and the checked-in snapshot.

use std::collections::BTreeSet;
use std::path::PathBuf;

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::Server;

fn schemas_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../schemas")
}

fn list() -> Value {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    s.initialize();
    s.request("tools/list", json!({}))["result"].clone()
}

/// Every `$ref` name inside `v`.
fn refs(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == "$ref" {
                    out.insert(x.as_str().unwrap().trim_start_matches("#/$defs/").to_string());
                } else {
                    refs(x, out);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

const FAMILIES: &[(&str, &[&str])] = &[
    ("read_search", &["media_page"]),
    ("read_discover", &["media_page"]),
    ("read_media", &["media_page"]),
    ("read_reference", &["reference_page"]),
    ("read_requests", &["request_page", "retry_page"]),
    ("read_request_stats", &["metrics"]),
    ("read_issues", &["issue_page", "comment_page", "group_page", "metrics"]),
    ("read_votes", &["vote_page"]),
    ("read_users", &["user_page", "reference_page"]),
    ("read_library", &["media_page", "calendar_page", "artwork_page"]),
    ("read_server", &["metrics", "reference_page"]),
    ("read_integration", &["reference_page", "user_page"]),
    ("read_settings", &["settings"]),
    ("read_logs", &["logs"]),
];

const DESTRUCTIVE: &[&str] = &[
    "write_request_deny",
    "write_request_delete",
    "write_request_availability",
    "write_request_reprocess",
    "write_issue_status",
    "write_issue_comment",
    "write_issue_delete",
    "write_issue_category",
    "write_user_preferences",
    "write_retry_queue_remove",
    "write_settings_patch",
    "write_job_trigger",
];

#[test]
fn tools_list_matches_the_catalogue_and_the_snapshot() {
    let result = list();
    let tools = result["tools"].as_array().unwrap();
    assert_eq!(tools.len(), crate::support::tool_count());
    let defs: Value = serde_json::from_str(&std::fs::read_to_string(schemas_dir().join("defs.json")).unwrap()).unwrap();
    let shared = defs["$defs"].as_object().unwrap();
    // The binding library beside the checkout (../shared), when present.
    if let Ok(text) = std::fs::read_to_string(schemas_dir().join("../../shared/spec/defs.json")) {
        let spec: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(defs, spec, "schemas/defs.json must be spec/defs.json verbatim");
    }

    for t in tools {
        let name = t["name"].as_str().unwrap();
        assert!(t["description"].as_str().unwrap().len() > 40, "{name} needs a description for a model");
        assert!(t["title"].is_string());
        // Input schema: a valid 2020-12 schema that refuses unknown arguments.
        let input = &t["inputSchema"];
        jsonschema::meta::validate(input).unwrap_or_else(|e| panic!("{name} inputSchema: {e}"));
        assert_eq!(input["type"], "object", "{name}");
        assert_eq!(input["additionalProperties"], false, "{name}");
        // Output schema: valid 2020-12, operation const, data.oneOf = the families, $defs = closure.
        let out = &t["outputSchema"];
        jsonschema::meta::validate(out).unwrap_or_else(|e| panic!("{name} outputSchema: {e}"));
        assert_eq!(out["$schema"], "https://json-schema.org/draft/2020-12/schema");
        assert_eq!(out["properties"]["operation"]["const"], name);
        let families: Vec<&str> = if name.starts_with("write_") {
            vec!["mutation"]
        } else {
            FAMILIES.iter().find(|(n, _)| *n == name).unwrap().1.to_vec()
        };
        let one_of: Vec<&str> = out["properties"]["data"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["$ref"].as_str().unwrap().trim_start_matches("#/$defs/"))
            .collect();
        assert_eq!(one_of, families, "{name} data.oneOf");
        let mut closure: BTreeSet<String> = BTreeSet::new();
        let mut todo: Vec<String> =
            std::iter::once("error").chain(families.iter().copied()).map(String::from).collect();
        while let Some(d) = todo.pop() {
            if closure.insert(d.clone()) {
                let mut found = BTreeSet::new();
                refs(&shared[&d], &mut found);
                todo.extend(found);
            }
        }
        let embedded: BTreeSet<String> = out["$defs"].as_object().unwrap().keys().cloned().collect();
        assert_eq!(embedded, closure, "{name} $defs must be exactly the transitive closure");
        for (k, v) in out["$defs"].as_object().unwrap() {
            assert_eq!(v, &shared[k], "{name} $defs.{k} must be the library's definition");
        }
        assert!(!t["description"].as_str().unwrap().contains("$defs"), "{name}: no contract in the description");
        // Annotations as the catalogue gives them.
        let a = &t["annotations"];
        assert_eq!(a["openWorldHint"], true, "{name}");
        if name.starts_with("read_") {
            assert_eq!(a["readOnlyHint"], true, "{name}");
        } else {
            assert_eq!(a["readOnlyHint"], false, "{name}");
            assert_eq!(a["idempotentHint"], false, "{name}");
            assert_eq!(a["destructiveHint"], json!(DESTRUCTIVE.contains(&name)), "{name}");
        }
    }

    // The snapshot: a change to the catalogue fails until re-blessed (OMBI_MCP_BLESS=1).
    let path = schemas_dir().join("tools.json");
    let actual = serde_json::to_string_pretty(&result).unwrap() + "\n";
    if std::env::var_os("OMBI_MCP_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap_or_default()).unwrap_or(Value::Null);
    if expected != result {
        let actual_path = schemas_dir().join("tools.actual.json");
        std::fs::write(&actual_path, &actual).unwrap();
        panic!(
            "tools/list differs from schemas/tools.json (actual written to {}); if the change is intended, re-run with OMBI_MCP_BLESS=1",
            actual_path.display()
        );
    }
}
