//! Every request each tool sends to the Ombi simulator (`ombi-sim`, over real HTTP on
//! loopback), and every request it plans for confirmation, is one of the routes it declares
//! (method, path template and effect). Every tool is called in rounds with arguments drawn
//! from its input schema and the simulator's own ids and names (after a few calls picked to
//! reach branches chance rarely does), writes on, in execute and plan mode, as the operator
//! or as a hosted member whose identity is forced on every request, and now and then with
//! the call's first request failing. `OMBI_ROUTE_ROUNDS` sets the number of rounds;
//! `OMBI_ROUTE_UNREACHED=1` lists the declared routes no call reached.

#![allow(clippy::print_stdout, reason = "the test prints what it reached")]

mod args;
mod http;

use std::collections::BTreeSet;

use args::{Rng, draw, pools};
use http::Http;
use ombi_guest::ctx::{Mode, Settings};
use ombi_guest::dispatch::{call, descriptors};
use ombi_guest::tools::declared;
use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::{Value, json};

/// What the calls sent, and which declared routes they reached.
#[derive(Default)]
struct Seen {
    calls: u64,
    requests: u64,
    distinct: BTreeSet<(String, &'static str, String)>,
    reached: BTreeSet<(String, &'static str, &'static str)>,
    answered: BTreeSet<String>,
    failures: Vec<String>,
}

/// Who a call acts as: the operator (`default_user`, the tool's `UserName` as it sets it), or
/// a hosted member (every request forced to act as them).
#[derive(Clone, Copy)]
enum Who {
    Operator(Option<&'static str>),
    Member(&'static str),
}

/// Runs tool `name` once and checks what it sent and planned; its envelope.
fn run(sim: &Simulator, name: &str, args: &Value, settings: &Settings, who: Who, seen: &mut Seen) -> Value {
    let (default_user, forced) = match who {
        Who::Operator(user) => (user, None),
        Who::Member(member) => (Some(member), Some(member.to_string())),
    };
    let settings = Settings { default_user: default_user.map(str::to_string), ..settings.clone() };
    let mut up = Http::new(&sim.url(), sim.api_key(), settings.max_response_bytes, forced);
    seen.calls += 1;
    let called = match call(name, &args.to_string(), &settings, &mut up) {
        Ok(c) => c,
        Err(e) => {
            seen.failures.push(format!("{name}: {e}"));
            return Value::Null;
        }
    };
    for req in up.sent.iter().chain(called.plan.iter().flat_map(|p| &p.requests)) {
        seen.requests += 1;
        seen.distinct.insert((name.to_string(), req.method.as_str(), req.path.clone()));
        match declared(name, req) {
            Ok(route) => {
                seen.reached.insert((name.to_string(), route.method.as_str(), route.path));
            }
            Err(e) => seen.failures.push(format!("{e} (arguments {args})")),
        }
    }
    let env: Value = serde_json::from_str(&called.json).expect("an envelope is JSON");
    if env["ok"] == true {
        seen.answered.insert(name.to_string());
    }
    env
}

/// Calls that reach branches random arguments rarely do.
fn known_calls(sim: &Simulator) -> Vec<(&'static str, Value)> {
    let (movie, imdb, show, person, album, parent, issue, uhd) = sim.with_state(|st| {
        let p = &st.people[0];
        let uhd = st.movie_requests.iter().find(|r| r.has_4k).map_or(1, |r| r.id);
        (
            st.movies[0].tmdb_id,
            st.movies[0].imdb_id.clone(),
            st.shows[0].tmdb_id,
            (p.tmdb_id, p.name.clone()),
            st.albums[0].mbid.clone(),
            st.tv_parents[0].id,
            st.issues[0].id,
            uhd,
        )
    });
    let all = json!(["credits", "providers", "ratings", "seasons"]);
    let mut calls = vec![
        ("read_discover", json!({"media": "movie", "list": "similar", "similar_to": movie})),
        ("read_media", json!({"media": "movie", "id": imdb, "id_namespace": "imdb", "include": all})),
        ("read_media", json!({"media": "tv", "id": show.to_string(), "include": all})),
        ("read_media", json!({"media": "person", "id": person.0.to_string(), "person_name": person.1})),
        ("read_media", json!({"media": "album", "id": album})),
        ("read_requests", json!({"view": "detail", "media": "album", "request_id": 1})),
        ("read_issues", json!({"view": "comments", "issue_id": issue})),
        ("write_request_create", json!({"media": "album", "musicbrainz_id": album})),
        ("write_request_create", json!({"media": "tv", "tmdb_id": show, "seasons_mode": "all"})),
        ("write_request_delete", json!({"media": "tv", "request_id": parent, "scope": "whole_show"})),
        (
            "write_request_reprocess",
            json!({"media": "movie", "request_id": uhd, "is_4k": true, "quality_profile_id": 1}),
        ),
    ];
    for media in ["movie", "tv", "album"] {
        calls.push(("read_requests", json!({"view": "search", "media": media, "query": "a"})));
        calls.push(("read_votes", json!({"view": "request", "media": media, "request_id": 1})));
    }
    for (service, what) in [("sonarr", "tags"), ("emby", "users"), ("jellyfin", "users"), ("radarr_4k", "root_folders")]
    {
        calls.push(("read_integration", json!({"service": service, "what": what})));
    }
    calls.push(("read_reference", json!({"kind": "watch_providers", "media": "tv"})));
    calls
}

/// Arguments of `write_settings_patch` that usually pass its checks: a section's current
/// revision and one of its values as read_settings shows them (that read is checked too).
fn settings_patch(sim: &Simulator, rng: &mut Rng, args: &mut Value, settings: &Settings, who: Who, seen: &mut Seen) {
    let read = json!({"section": args["section"]});
    let page = run(sim, "read_settings", &read, &Settings { mode: Mode::Execute, ..settings.clone() }, who, seen);
    let data = &page["data"];
    // Entries of arrays are shown but cannot be patched.
    let values: Vec<Value> = data["values"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|v| v["name"].as_str().is_some_and(|n| !n.split('/').any(|t| t.parse::<u64>().is_ok())))
        .cloned()
        .collect();
    if let (Some(revision), false) = (data["revision"].as_str(), values.is_empty()) {
        if rng.chance(85) {
            args["revision"] = json!(revision);
        }
        let change = rng.pick(&values);
        args["changes"] = json!([{"name": change["name"], "value": change["value"]}]);
    }
}

#[test]
fn every_request_each_tool_sends_to_the_simulator_is_one_it_declared() {
    let rounds: u64 = std::env::var("OMBI_ROUTE_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let sim = Simulator::start().expect("the simulator starts");
    let pools = pools(&sim);
    let tools = descriptors();
    let mut rng = Rng(0x5EED_2027);
    let mut seen = Seen::default();
    let writes = Settings { base_url: sim.url(), allow_writes: true, ..Settings::default() };
    for (name, args) in known_calls(&sim) {
        run(&sim, name, &args, &writes, Who::Operator(None), &mut seen);
    }
    // Every settings section patched once.
    let patch: Value =
        serde_json::from_str(&tools.iter().find(|d| d.name == "write_settings_patch").unwrap().input_schema).unwrap();
    for section in patch["properties"]["section"]["enum"].as_array().unwrap() {
        let mut args = json!({"section": section, "changes": [], "revision": "x"});
        settings_patch(&sim, &mut Rng(1), &mut args, &writes, Who::Operator(None), &mut seen);
        run(&sim, "write_settings_patch", &args, &writes, Who::Operator(None), &mut seen);
    }
    let whos = [
        Who::Operator(None),
        Who::Operator(Some("morgan")),
        Who::Operator(Some("sam")),
        Who::Member("sam"),
        Who::Member("alex"),
    ];
    for round in 0..rounds {
        for d in &tools {
            let input: Value = serde_json::from_str(&d.input_schema).unwrap();
            let mut args = draw(&mut rng, &pools, &input);
            let who = *rng.pick(&whos);
            let settings = Settings {
                allow_writes: rng.chance(95),
                mode: if rng.chance(30) { Mode::Plan } else { Mode::Execute },
                correlation_id: format!("s{round}"),
                ..writes.clone()
            };
            if d.name == "write_settings_patch" {
                settings_patch(&sim, &mut rng, &mut args, &settings, who, &mut seen);
            }
            if rng.chance(10) {
                // The call's first request fails, so its fallbacks run.
                let boom = Fault::Status { status: 500, body: FaultBody::ErrorJson("boom".into()), retry_after: None };
                sim.inject(FaultRule::on("/", boom).times(1));
            }
            run(&sim, &d.name, &args, &settings, who, &mut seen);
            sim.clear_faults();
        }
    }
    let declared_routes: usize = tools.iter().map(|d| d.routes.len()).sum();
    println!(
        "declared routes over the simulator: {} calls, {} requests ({} distinct) checked, {} of {declared_routes} declared routes reached, {} failures",
        seen.calls,
        seen.requests,
        seen.distinct.len(),
        seen.reached.len(),
        seen.failures.len()
    );
    if std::env::var_os("OMBI_ROUTE_UNREACHED").is_some() {
        for d in &tools {
            for r in d.routes.iter().filter(|r| !seen.reached.contains(&(d.name.clone(), r.method.as_str(), r.path))) {
                println!("  not reached: {} {} {}", d.name, r.method.as_str(), r.path);
            }
        }
    }
    seen.failures.truncate(20);
    assert!(seen.failures.is_empty(), "{}", seen.failures.join("\n"));
    // The calls did reach Ombi: every tool answered ok at least once.
    let silent: Vec<&str> = tools.iter().map(|d| d.name.as_str()).filter(|n| !seen.answered.contains(*n)).collect();
    assert!(silent.is_empty(), "never answered ok: {silent:?}");
}
