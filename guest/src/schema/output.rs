//! Per-tool output schemas, composed by the phase-05 rule: the envelope template with
//! `operation` a `const` of the tool name, `data.oneOf` exactly the tool's result families,
//! and `$defs` exactly the transitive closure of the shared library they reference.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use serde_json::{Map, Value, json};

/// The shared `$defs` library, verbatim from `spec/defs.json`.
const DEFS_JSON: &str = include_str!("../../../schemas/defs.json");

/// The result families of `04-results.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    MediaPage,
    RequestPage,
    IssuePage,
    CommentPage,
    GroupPage,
    VotePage,
    UserPage,
    CalendarPage,
    ArtworkPage,
    RetryPage,
    ReferencePage,
    Metrics,
    Settings,
    Mutation,
    Logs,
}

impl Family {
    /// The family's definition name in the library (also its `kind`).
    pub fn def_name(self) -> &'static str {
        match self {
            Family::MediaPage => "media_page",
            Family::RequestPage => "request_page",
            Family::IssuePage => "issue_page",
            Family::CommentPage => "comment_page",
            Family::GroupPage => "group_page",
            Family::VotePage => "vote_page",
            Family::UserPage => "user_page",
            Family::CalendarPage => "calendar_page",
            Family::ArtworkPage => "artwork_page",
            Family::RetryPage => "retry_page",
            Family::ReferencePage => "reference_page",
            Family::Metrics => "metrics",
            Family::Settings => "settings",
            Family::Mutation => "mutation",
            Family::Logs => "logs",
        }
    }
}

/// The shared library's definitions.
pub fn library() -> &'static Map<String, Value> {
    static DEFS: OnceLock<Map<String, Value>> = OnceLock::new();
    DEFS.get_or_init(|| {
        let doc: Value = serde_json::from_str(DEFS_JSON).expect("schemas/defs.json is valid JSON");
        match doc.get("$defs") {
            Some(Value::Object(defs)) => defs.clone(),
            _ => panic!("schemas/defs.json has no $defs object"),
        }
    })
}

/// The output schema of `tool`, whose `data` is one of `families`.
pub fn output_schema(tool: &str, families: &[Family]) -> Value {
    let defs = library();
    let roots: Vec<&str> = std::iter::once("error").chain(families.iter().map(|f| f.def_name())).collect();
    let mut embedded = Map::new();
    for name in closure(defs, &roots) {
        embedded.insert(name.clone(), defs[&name].clone());
    }
    let one_of: Vec<Value> = families.iter().map(|f| json!({ "$ref": format!("#/$defs/{}", f.def_name()) })).collect();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "ok": { "type": "boolean" },
            "operation": { "const": tool },
            "data": { "oneOf": one_of },
            "error": { "$ref": "#/$defs/error" },
            "warnings": { "type": "array", "items": { "type": "string" }, "maxItems": 100 },
            "truncated": { "type": "boolean" },
            "correlation_id": { "type": "string" }
        },
        "required": ["ok", "operation", "warnings", "truncated", "correlation_id"],
        "additionalProperties": false,
        "allOf": [{
            "if": { "properties": { "ok": { "const": true } } },
            "then": { "required": ["data"], "not": { "required": ["error"] } },
            "else": { "required": ["error"] }
        }],
        "$defs": embedded
    })
}

/// Every definition reachable from `roots` by following `$ref`s, roots included.
pub fn closure(defs: &Map<String, Value>, roots: &[&str]) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let def = defs.get(&name).unwrap_or_else(|| panic!("$defs has no `{name}`"));
        refs_in(def, &mut todo);
    }
    seen
}

/// Pushes the names of the local `$ref`s inside `value`.
pub fn refs_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k == "$ref" {
                    if let Some(name) = v.as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
                        out.push(name.to_string());
                    }
                } else {
                    refs_in(v, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs_in(v, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_page_closure_is_the_documented_one() {
        let got = closure(library(), &["media_page"]);
        let want: BTreeSet<String> = [
            "media_page",
            "media",
            "paging",
            "identifier",
            "target",
            "credit",
            "provider",
            "reference",
            "season",
            "episode",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn request_page_closure_is_the_documented_one() {
        let got = closure(library(), &["request_page"]);
        let want: BTreeSet<String> = ["request_page", "request", "target", "identifier", "season", "episode", "paging"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn schema_embeds_error_and_families_only() {
        let s = output_schema("read_server", &[Family::Metrics, Family::ReferencePage]);
        let defs: BTreeSet<&str> = s["$defs"].as_object().unwrap().keys().map(String::as_str).collect();
        let want: BTreeSet<&str> =
            ["error", "metrics", "metric", "reference_page", "reference", "paging"].into_iter().collect();
        assert_eq!(defs, want);
        assert_eq!(s["properties"]["operation"]["const"], "read_server");
        assert_eq!(s["properties"]["data"]["oneOf"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn library_holds_every_family() {
        for f in [
            Family::MediaPage,
            Family::RequestPage,
            Family::IssuePage,
            Family::CommentPage,
            Family::GroupPage,
            Family::VotePage,
            Family::UserPage,
            Family::CalendarPage,
            Family::ArtworkPage,
            Family::RetryPage,
            Family::ReferencePage,
            Family::Metrics,
            Family::Settings,
            Family::Mutation,
            Family::Logs,
        ] {
            assert!(library().contains_key(f.def_name()), "{}", f.def_name());
        }
    }
}
