//! The simulator speaks Ombi's shapes: every route named in the guest's fixture manifest
//! (`guest/tests/fixtures/ombi/manifest.json`) answers only members of the view model Ombi
//! serialises there (nested members too), with the JSON types Ombi gives them, and with every
//! field the guest's projections need. The fixtures come from Ombi's C# classes, so a wrong
//! name cannot hide in the guest and the simulator alike.

use std::path::PathBuf;

use ombi_sim::Simulator;
use serde_json::Value;

use crate::support::api;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../guest/tests/fixtures/ombi")
}

fn load(file: &str) -> Value {
    let text = std::fs::read_to_string(fixtures().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn first(v: &Value) -> &Value {
    match v {
        Value::Array(items) => items.first().unwrap_or(&Value::Null),
        other => other,
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Where `sim` says something Ombi's `model` does not: a member it lacks, or another type.
fn differences(sim: &Value, model: &Value, at: &str, out: &mut Vec<String>) {
    match (sim, model) {
        (Value::Object(s), Value::Object(m)) => {
            for (k, v) in s {
                match m.get(k) {
                    None => out.push(format!(
                        "{at}/{k}: not a member of Ombi's model (it has {:?})",
                        m.keys().collect::<Vec<_>>()
                    )),
                    Some(mv) => differences(v, mv, &format!("{at}/{k}"), out),
                }
            }
        }
        (Value::Array(s), Value::Array(m)) => {
            if let (Some(sv), Some(mv)) = (s.first(), m.first()) {
                differences(sv, mv, &format!("{at}/0"), out);
            }
        }
        (Value::Null, _) | (_, Value::Null) => {}
        (s, m) if kind(s) != kind(m) => out.push(format!("{at}: a {} where Ombi writes a {}", kind(s), kind(m))),
        _ => {}
    }
}

/// Placeholders a route may hold, filled from the seeded data: (placeholder, a list route, a
/// pointer into its answer).
const PLACEHOLDERS: &[(&str, &str, &str)] = &[
    ("{movie_request}", "/api/v1/Request/movie", "/0/id"),
    ("{tv_parent}", "/api/v1/Request/tv", "/0/id"),
    ("{album_request}", "/api/v1/request/music", "/0/id"),
    ("{issue}", "/api/v1/Issues", "/0/id"),
    ("{issue_provider}", "/api/v1/Issues", "/0/providerId"),
    ("{user}", "/api/v1/Identity/Users", "/0/id"),
    ("{plex_machine}", "/api/v1/Plex/servers", "/servers/0/machineId"),
];

/// Fills a route's placeholders from the seeded data; `{commented_issue}` is an issue with
/// comments, `{voted_movie}` a movie request with votes.
fn resolve(sim: &Simulator, path: &str) -> String {
    let mut path = path.to_string();
    for (name, list, at) in PLACEHOLDERS {
        if path.contains(name) {
            let v = api(sim, "GET", list, None).json();
            let value = v.pointer(at).unwrap_or_else(|| panic!("{list}: no {at}"));
            path = path.replace(name, value.as_str().map(str::to_string).unwrap_or(value.to_string()).as_str());
        }
    }
    if path.contains("{commented_issue}") {
        let issues = api(sim, "GET", "/api/v1/Issues", None).json();
        let id = issues
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].to_string())
            .find(|id| {
                api(sim, "GET", &format!("/api/v1/Issues/{id}/comments"), None)
                    .json()
                    .as_array()
                    .is_some_and(|c| !c.is_empty())
            })
            .expect("an issue with comments");
        path = path.replace("{commented_issue}", &id);
    }
    if !path.contains("{voted_movie}") {
        return path;
    }
    let open = api(sim, "GET", "/api/v1/Vote", None).json();
    let voted = open.as_array().unwrap().iter().find(|v| {
        v["requestType"] == 1 && v["upvotes"].as_u64().unwrap_or(0) + v["downvotes"].as_u64().unwrap_or(0) > 0
    });
    path.replace("{voted_movie}", &voted.expect("a movie request with votes")["requestId"].to_string())
}

#[test]
fn every_simulated_route_answers_ombis_own_shape() {
    let sim = Simulator::start().unwrap();
    let manifest = load("manifest.json");
    let mut problems = Vec::new();
    let mut checked = 0;
    for entry in manifest["fixtures"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let mut model = load(file);
        if let Some(at) = entry["at"].as_str() {
            model = model.pointer(at).unwrap().clone();
        }
        let model = first(&model).clone();
        for route in entry["sim"].as_array().into_iter().flatten() {
            let method = route[0].as_str().unwrap();
            let path = &resolve(&sim, route[1].as_str().unwrap());
            let path = path.as_str();
            let body = route.get(2).filter(|b| !b.is_null());
            let r = api(&sim, method, path, body);
            assert_eq!(r.status, 200, "{method} {path}: {}", r.text());
            let mut answer = r.json();
            if let Some(at) = route.get(3).and_then(Value::as_str) {
                answer = answer.pointer(at).unwrap_or_else(|| panic!("{path}: no {at}")).clone();
            }
            let answer = first(&answer);
            assert!(answer.is_object(), "{method} {path}: no record to compare ({answer})");
            let mut out = Vec::new();
            differences(answer, &model, "", &mut out);
            for need in entry["needs"].as_array().unwrap() {
                let need = need.as_str().unwrap();
                if answer.get(need).is_none_or(Value::is_null) {
                    out.push(format!("/{need}: missing, and the guest needs it"));
                }
            }
            problems.extend(out.into_iter().map(|p| format!("{method} {path} ({file}) {p}")));
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} routes checked");
    assert!(problems.is_empty(), "{} differences from Ombi's shapes:\n{}", problems.len(), problems.join("\n"));
}
