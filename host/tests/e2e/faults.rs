//! The fault matrix: every simulator fault (each error status with each of Ombi's body
//! shapes, delay, headers never sent, a dripping body, a cut body, an oversized body, a
//! dropped connection, write then hang, write then drop) × every tool of the catalogue,
//! generated. Each case asserts: an answer (never a JSON-RPC error, panic or trap), valid
//! against the tool's output schema, the documented error code, no data invented, and for
//! a mutation that was sent and went silent, `UNKNOWN_OUTCOME`, not retryable.

use std::time::Duration;

use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::{Value, json};

use crate::support::{Schemas, Server, session};

/// One valid call per tool, with ids from the simulator's state.
/// Every tool of the catalogue with arguments that reach Ombi: the catalogue is the list (a new
/// tool is in the matrix by default, with no arguments until it is given some here).
fn calls(sim: &Simulator, revision: &str) -> Vec<(String, Value)> {
    let known = known_calls(sim, revision);
    crate::support::tool_names()
        .into_iter()
        .map(|name| {
            let args = known.iter().find(|(n, _)| *n == name).map(|(_, a)| a.clone()).unwrap_or_else(|| json!({}));
            (name, args)
        })
        .collect()
}

/// The arguments each known tool is called with.
fn known_calls(sim: &Simulator, revision: &str) -> Vec<(&'static str, Value)> {
    let (movie_req, child, parent, album_req, issue, comment, category, queue, tmdb, show) = sim.with_state(|st| {
        let pending =
            st.movie_requests.iter().find(|r| !r.standard.approved && r.standard.denied != Some(true)).unwrap().id;
        let child = st.tv_children.iter().find(|c| !c.state.approved).unwrap();
        (
            pending,
            child.id,
            child.parent_id,
            st.album_requests[0].id,
            st.issues[0].id,
            st.comments[0].id,
            st.categories[0].0,
            st.retry_queue[0].id,
            st.movies.iter().find(|m| !st.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id)).unwrap().tmdb_id,
            st.shows[0].tmdb_id,
        )
    });
    vec![
        ("read_search", json!({"query": "dune"})),
        ("read_discover", json!({"media": "movie", "list": "popular"})),
        ("read_media", json!({"media": "tv", "id": show.to_string(), "include": ["seasons"]})),
        ("read_reference", json!({"kind": "genres"})),
        ("read_requests", json!({"media": "tv"})),
        ("read_request_stats", json!({"view": "quota", "as_user": "alex"})),
        ("read_issues", json!({"view": "grouped"})),
        ("read_votes", json!({})),
        ("read_users", json!({})),
        ("read_library", json!({"view": "calendar"})),
        ("read_server", json!({"view": "health"})),
        ("read_integration", json!({"service": "sonarr", "what": "quality_profiles"})),
        ("read_settings", json!({"section": "radarr"})),
        ("read_logs", json!({})),
        ("write_request_create", json!({"media": "movie", "tmdb_id": tmdb})),
        ("write_request_approve", json!({"media": "movie", "request_id": movie_req})),
        ("write_request_deny", json!({"media": "tv", "request_id": child, "reason": "no"})),
        ("write_request_delete", json!({"media": "tv", "request_id": parent, "scope": "whole_show"})),
        ("write_request_availability", json!({"media": "album", "request_id": album_req, "available": true})),
        ("write_request_subscription", json!({"media": "movie", "request_id": movie_req, "subscribed": true})),
        ("write_request_reprocess", json!({"media": "movie", "request_id": movie_req, "quality_profile_id": 4})),
        (
            "write_issue_create",
            json!({"title": "Dune", "media": "movie", "provider_id": "438631", "category_id": category, "subject": "s", "description": "d"}),
        ),
        ("write_issue_status", json!({"issue_id": issue, "status": "resolved"})),
        ("write_issue_comment", json!({"action": "delete", "comment_id": comment})),
        ("write_issue_delete", json!({"issue_id": issue})),
        ("write_issue_category", json!({"action": "delete", "category_id": category})),
        ("write_vote", json!({"direction": "up", "media": "movie", "request_id": movie_req, "as_user": "kai"})),
        ("write_user_preferences", json!({"as_user": "kai", "language": "de"})),
        ("write_retry_queue_remove", json!({"queue_id": queue})),
        (
            "write_settings_patch",
            json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": 9}], "revision": revision}),
        ),
        ("write_job_trigger", json!({"job": "newsletter"})),
    ]
}

/// What a case may come to.
struct Allowed {
    codes: Vec<&'static str>,
    ok: bool,
}

fn status_codes(status: u16, write: bool) -> Vec<&'static str> {
    match status {
        400 => vec!["UPSTREAM_REJECTED"],
        401 => vec!["AUTHENTICATION_FAILED"],
        403 => vec!["FORBIDDEN"],
        404 => vec!["NOT_FOUND"],
        429 => vec!["RATE_LIMITED"],
        _ if write => vec!["UPSTREAM_REJECTED", "UNKNOWN_OUTCOME"],
        _ => vec!["UPSTREAM_REJECTED"],
    }
}

fn check(tool: &str, fault: &str, r: &Value, allowed: &Allowed) {
    let env = &r["structuredContent"];
    if env["ok"] == true {
        assert!(allowed.ok, "{tool} under {fault}: succeeded, which the fault should not allow: {env}");
        return;
    }
    let code = env["error"]["code"].as_str().unwrap_or("");
    assert_ne!(code, "INTERNAL_ERROR", "{tool} under {fault}: {env}");
    assert!(allowed.codes.contains(&code), "{tool} under {fault}: {code} not in {:?}: {env}", allowed.codes);
    // Nothing invented: a failure carries no data, or only what Ombi said about a write.
    if let Some(d) = env.get("data") {
        assert_eq!(d["kind"], "mutation", "{tool} under {fault}: data on a failure: {env}");
        assert!(
            ["rejected", "unknown", "partial"].contains(&d["outcome"].as_str().unwrap_or("")),
            "{tool} under {fault}: {env}"
        );
        assert!(
            d.get("request_id").is_none() && d.get("issue_id").is_none(),
            "{tool} under {fault}: an invented id: {env}"
        );
    }
    if code == "UNKNOWN_OUTCOME" {
        assert_eq!(env["error"]["retryable"], false, "{tool} under {fault}");
    }
}

/// Runs every tool under `fault` (fresh simulator state per tool, so writes find their
/// targets) and checks each answer.
fn matrix(faults: Vec<(String, Fault, Option<&'static str>)>, allowed: impl Fn(&str, &Fault, Option<&str>) -> Allowed) {
    let env = [("OMBI_ALLOW_WRITES", "true"), ("OMBI_CONFIRM_WRITES", "never"), ("OMBI_REQUEST_TIMEOUT_SECONDS", "1")];
    let mut cases = 0;
    for (label, fault, method) in faults {
        // A fresh Ombi per fault, so every write finds its target.
        let sim = Simulator::start().unwrap();
        let (mut s, schemas): (Server, Schemas) = session(&sim, &env);
        let tools = calls(&sim, "");
        for (tool, args) in tools {
            let tool = tool.as_str();
            // A settings patch needs the current revision, read before the fault is on.
            let args = if tool == "write_settings_patch" {
                let rev = s.call("read_settings", json!({"section": "vote"}))["structuredContent"]["data"]["revision"]
                    .clone();
                json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": 9}], "revision": rev})
            } else {
                args
            };
            let mut rule = FaultRule::on("/", fault.clone());
            if let Some(m) = method {
                rule = rule.method(m);
            }
            sim.inject(rule);
            let r = s.call(tool, args);
            sim.clear_faults();
            schemas.check(tool, &r);
            check(tool, &label, &r, &allowed(tool, &fault, method));
            cases += 1;
        }
        // The session answers after all of it.
        assert_eq!(s.request("ping", json!({}))["result"], json!({}));
    }
    println!("fault matrix: {cases} cases");
}

/// The method of each write tool's state-changing request (as called in [`calls`]).
fn write_method(tool: &str) -> &'static str {
    match tool {
        "write_request_deny" => "PUT",
        "write_request_delete"
        | "write_issue_comment"
        | "write_issue_delete"
        | "write_issue_category"
        | "write_retry_queue_remove" => "DELETE",
        _ => "POST",
    }
}

#[test]
fn error_statuses_with_every_body_shape_on_every_tool() {
    let bodies = [
        ("ProblemDetails", FaultBody::ProblemDetails),
        ("{error}", FaultBody::ErrorJson("Object reference not set to an instance of an object.".into())),
        ("HTML", FaultBody::Html),
        ("text", FaultBody::Text("Something failed".into())),
        ("empty", FaultBody::Empty),
    ];
    let mut faults = Vec::new();
    for status in [400u16, 401, 403, 404, 429, 500, 502, 503] {
        for (name, body) in &bodies {
            faults.push((
                format!("{status} {name}"),
                Fault::Status { status, body: body.clone(), retry_after: Some(3) },
                None,
            ));
        }
    }
    matrix(faults, |tool, fault, _| {
        let Fault::Status { status, .. } = fault else { unreachable!() };
        let write = tool.starts_with("write_");
        Allowed { codes: status_codes(*status, write), ok: tool == "read_server" && *status == 503 }
    });
}

#[test]
fn broken_connections_on_every_tool() {
    let faults = vec![
        ("cut body".to_string(), Fault::CutBody { after: 12 }, None),
        ("dropped connection".to_string(), Fault::Drop, None),
        ("oversized body".to_string(), Fault::Oversized { bytes: 12 * 1024 * 1024 }, None),
        ("delay".to_string(), Fault::Delay(Duration::from_millis(30)), None),
    ];
    matrix(faults, |tool, fault, _| {
        let write = tool.starts_with("write_");
        match fault {
            // A delay within the deadline is no failure at all: any honest answer.
            Fault::Delay(_) => Allowed {
                codes: vec!["NOT_FOUND", "CONFLICT", "UPSTREAM_REJECTED", "FORBIDDEN", "INVALID_ARGUMENT"],
                ok: true,
            },
            // An oversized list keeps its complete head (ok, truncated); anything else is a
            // schema mismatch.
            Fault::Oversized { .. } => Allowed {
                codes: vec!["UPSTREAM_SCHEMA_MISMATCH", "NOT_FOUND", "UNKNOWN_OUTCOME", "UPSTREAM_REJECTED"],
                ok: true,
            },
            // A body shorter than the cut arrives whole.
            Fault::CutBody { .. } if write => {
                Allowed { codes: vec!["UPSTREAM_REJECTED", "UNKNOWN_OUTCOME", "UPSTREAM_SCHEMA_MISMATCH"], ok: true }
            }
            Fault::CutBody { .. } => Allowed { codes: vec!["UPSTREAM_REJECTED", "UPSTREAM_SCHEMA_MISMATCH"], ok: true },
            _ if write => Allowed { codes: vec!["UPSTREAM_REJECTED", "UNKNOWN_OUTCOME"], ok: false },
            _ => Allowed { codes: vec!["UPSTREAM_REJECTED"], ok: false },
        }
    });
}

#[test]
fn silence_on_every_tool() {
    let faults = vec![
        ("headers never sent".to_string(), Fault::NoHeaders, None),
        ("dripping body".to_string(), Fault::Drip { chunk: 1, every: Duration::from_millis(40) }, None),
    ];
    matrix(faults, |tool, fault, _| {
        let write = tool.starts_with("write_");
        match fault {
            // No answer at all: nothing can succeed; a read times out, a write that was
            // sent is an unknown outcome.
            Fault::NoHeaders => Allowed {
                codes: if write {
                    vec!["TIMEOUT", "UNKNOWN_OUTCOME", "UPSTREAM_REJECTED"]
                } else {
                    vec!["TIMEOUT", "UPSTREAM_REJECTED"]
                },
                ok: false,
            },
            // Tiny answers finish dripping within the deadline.
            _ => Allowed {
                codes: if write {
                    vec!["TIMEOUT", "UNKNOWN_OUTCOME", "UPSTREAM_REJECTED"]
                } else {
                    vec!["TIMEOUT", "UPSTREAM_REJECTED"]
                },
                ok: true,
            },
        }
    });
}

#[test]
fn writes_sent_then_silent_are_unknown_outcomes() {
    let mut faults = Vec::new();
    for (label, fault) in [("write then hang", Fault::WriteThenHang), ("write then drop", Fault::WriteThenDrop)] {
        for m in ["POST", "PUT", "DELETE"] {
            faults.push((format!("{label} ({m})"), fault.clone(), Some(m)));
        }
    }
    matrix(faults, |tool, _, method| {
        if tool.starts_with("write_") {
            if Some(write_method(tool)) == method {
                // The reads before the write pass; the write takes effect and goes silent.
                Allowed { codes: vec!["UNKNOWN_OUTCOME"], ok: false }
            } else {
                // A write of another method is untouched by the rule.
                Allowed { codes: vec!["NOT_FOUND", "CONFLICT", "FORBIDDEN", "UPSTREAM_REJECTED"], ok: true }
            }
        } else {
            // Reads are untouched, except the read-only search POSTs.
            Allowed { codes: vec!["TIMEOUT", "UPSTREAM_REJECTED"], ok: true }
        }
    });
}
