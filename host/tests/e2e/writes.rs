//! The 17 write tools end to end: the exact upstream method, route and body fields, Ombi's
//! business failures as honest tool failures, unknown outcomes when a write was sent and no
//! answer came, the confirmation round trip (nothing reaches Ombi unless a person accepts),
//! the audit trail, and the host's write allowlist against a component that tries the routes
//! no tool may use.

use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::{Value, json};

use crate::support::{Schemas, Server, assert_no_key, command, session};

const WRITES_ON: &[(&str, &str)] = &[("OMBI_ALLOW_WRITES", "true"), ("OMBI_CONFIRM_WRITES", "never")];

fn call(s: &mut Server, schemas: &Schemas, tool: &str, args: Value) -> Value {
    let r = s.call(tool, args.clone());
    schemas.check(tool, &r);
    r["structuredContent"].clone()
}

fn ok(s: &mut Server, schemas: &Schemas, tool: &str, args: Value) -> Value {
    let env = call(s, schemas, tool, args.clone());
    assert_eq!(env["ok"], true, "{tool} {args}: {env:#}");
    env["data"].clone()
}

fn failed(s: &mut Server, schemas: &Schemas, tool: &str, args: Value) -> Value {
    let env = call(s, schemas, tool, args.clone());
    assert_eq!(env["ok"], false, "{tool} {args}: {env:#}");
    env
}

/// The state-changing requests Ombi received since the last clear.
fn writes(sim: &Simulator) -> Vec<ombi_sim::Received> {
    sim.received().into_iter().filter(|r| r.method != "GET" && !r.path.to_lowercase().contains("/search/")).collect()
}

fn body(r: &ombi_sim::Received) -> Value {
    serde_json::from_slice(&r.body).unwrap_or(Value::Null)
}

#[test]
fn request_lifecycle_writes_send_what_ombi_expects() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, WRITES_ON);
    // A movie nobody requested yet, requested as a household user.
    let tmdb = sim.with_state(|st| {
        st.movies.iter().find(|m| !st.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id)).unwrap().tmdb_id
    });
    sim.clear_received();
    let d = ok(&mut s, &schemas, "write_request_create", json!({"media": "movie", "tmdb_id": tmdb, "as_user": "alex"}));
    let id = d["request_id"].as_u64().expect("Ombi returned the new id");
    assert_eq!(d["target"], json!({"kind": "movie", "id": id}));
    let w = writes(&sim);
    assert_eq!((w[0].method.as_str(), w[0].path.as_str()), ("POST", "/api/v1/Request/movie"));
    assert_eq!(w[0].header("username"), Some("alex"));
    assert_eq!(body(&w[0])["theMovieDbId"], tmdb);
    // The same again: Ombi's AlreadyRequested is a conflict, not a success.
    let env =
        failed(&mut s, &schemas, "write_request_create", json!({"media": "movie", "tmdb_id": tmdb, "as_user": "alex"}));
    assert_eq!(env["error"]["code"], "CONFLICT");
    assert_eq!(env["data"]["outcome"], "rejected");
    // Approve it (it was pending: alex has no auto-approve).
    sim.clear_received();
    let d = ok(&mut s, &schemas, "write_request_approve", json!({"media": "movie", "request_id": id}));
    assert_eq!(d["outcome"], "completed");
    let w = writes(&sim);
    assert_eq!((w[0].method.as_str(), w[0].path.as_str()), ("POST", "/api/v1/Request/movie/approve"));
    assert_eq!(body(&w[0]), json!({"id": id, "is4K": false}));
    assert!(sim.with_state(|st| st.movie_requests.iter().find(|r| r.id == id).unwrap().standard.approved));
    // Mark it available, then deny another one with a reason.
    ok(&mut s, &schemas, "write_request_availability", json!({"media": "movie", "request_id": id, "available": true}));
    assert_eq!(writes(&sim).last().unwrap().path, "/api/v1/Request/movie/available");
    let pending = sim.with_state(|st| {
        st.movie_requests
            .iter()
            .find(|r| !r.standard.approved && r.standard.denied != Some(true) && r.id != id)
            .unwrap()
            .id
    });
    sim.clear_received();
    let d = ok(
        &mut s,
        &schemas,
        "write_request_deny",
        json!({"media": "movie", "request_id": pending, "reason": "duplicate"}),
    );
    assert!(!d["message"].as_str().unwrap().contains("deleted"), "Q10: the deny message says what happened: {d}");
    let w = writes(&sim);
    assert_eq!((w[0].method.as_str(), w[0].path.as_str()), ("PUT", "/api/v1/Request/movie/deny"));
    assert_eq!(body(&w[0])["reason"], "duplicate");
    // A TV child is approved by its child id.
    let child = sim
        .with_state(|st| st.tv_children.iter().find(|c| !c.state.approved && c.state.denied != Some(true)).unwrap().id);
    sim.clear_received();
    let d = ok(&mut s, &schemas, "write_request_approve", json!({"media": "tv", "request_id": child}));
    assert_eq!(d["target"], json!({"kind": "tv_child", "id": child}));
    assert_eq!(body(&writes(&sim)[0]), json!({"id": child}));
    // Subscribe as a user; reprocess with an override keeps the other override.
    sim.clear_received();
    ok(
        &mut s,
        &schemas,
        "write_request_subscription",
        json!({"media": "movie", "request_id": id, "subscribed": true, "as_user": "sam"}),
    );
    assert_eq!(writes(&sim)[0].path, format!("/api/v1/Request/movie/subscribe/{id}"));
    sim.with_state(|st| st.movie_requests.iter_mut().find(|r| r.id == id).unwrap().quality_override = Some(6));
    sim.clear_received();
    ok(&mut s, &schemas, "write_request_reprocess", json!({"media": "movie", "request_id": id, "root_folder_id": 4}));
    let w = writes(&sim);
    assert_eq!(w[0].path, "/api/v2/Requests/movie/advancedoptions");
    assert_eq!(
        body(&w[0]),
        json!({"requestId": id, "rootPathOverride": 4, "qualityOverride": 6, "languageProfile": 0})
    );
    assert_eq!(w[1].path, format!("/api/v2/Requests/reprocess/Movie/{id}/false"));
    sim.clear_received();
    ok(&mut s, &schemas, "write_request_reprocess", json!({"media": "movie", "request_id": id}));
    assert_eq!(writes(&sim).len(), 1, "no advancedoptions without an override");
    // Delete: a missing request is NOT_FOUND and no DELETE is sent; an existing one goes.
    sim.clear_received();
    let env = failed(&mut s, &schemas, "write_request_delete", json!({"media": "movie", "request_id": 987654}));
    assert_eq!(env["error"]["code"], "NOT_FOUND");
    assert!(writes(&sim).is_empty());
    ok(&mut s, &schemas, "write_request_delete", json!({"media": "movie", "request_id": id}));
    assert_eq!(writes(&sim)[0].path, format!("/api/v1/Request/movie/{id}"));
    assert!(sim.with_state(|st| !st.movie_requests.iter().any(|r| r.id == id)));
    assert!(!sim.received().iter().any(|r| r.path.to_lowercase().contains("movie/all")));
    assert_no_key(&s, sim.api_key());
}

#[test]
fn tv_albums_collections_and_their_rules() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, WRITES_ON);
    let show = sim.with_state(|st| {
        st.shows.iter().find(|x| !st.tv_parents.iter().any(|p| p.tmdb_id == x.tmdb_id)).unwrap().tmdb_id
    });
    sim.clear_received();
    let d =
        ok(&mut s, &schemas, "write_request_create", json!({"media": "tv", "tmdb_id": show, "seasons_mode": "first"}));
    assert_eq!(d["target"]["kind"], "tv_child");
    let b = body(&writes(&sim)[0]);
    assert_eq!((b["firstSeason"].clone(), b.get("seasons").is_none()), (json!(true), true));
    let e = failed(
        &mut s,
        &schemas,
        "write_request_create",
        json!({"media": "tv", "tmdb_id": show, "seasons_mode": "latest", "seasons": [{"season_number": 1, "episodes": [1]}]}),
    );
    assert_eq!(e["error"]["field"], "seasons");
    // Whole-show delete uses the parent id.
    let parent = sim.with_state(|st| st.tv_parents.iter().find(|p| p.tmdb_id == show).unwrap().id);
    sim.clear_received();
    ok(&mut s, &schemas, "write_request_delete", json!({"media": "tv", "request_id": parent, "scope": "whole_show"}));
    assert_eq!(
        (writes(&sim)[0].method.as_str(), writes(&sim)[0].path.clone()),
        ("DELETE", format!("/api/v1/Request/tv/{parent}"))
    );
    // An album for a user without the music role is FORBIDDEN; on behalf of needs a real user.
    let mbid = sim.with_state(|st| {
        st.albums.iter().find(|a| !st.album_requests.iter().any(|r| r.album_mbid == a.mbid)).unwrap().mbid.clone()
    });
    let e = failed(
        &mut s,
        &schemas,
        "write_request_create",
        json!({"media": "album", "musicbrainz_id": mbid, "as_user": "alex"}),
    );
    assert_eq!(e["error"]["code"], "FORBIDDEN", "{e}");
    sim.clear_received();
    let e = failed(
        &mut s,
        &schemas,
        "write_request_create",
        json!({"media": "album", "musicbrainz_id": mbid, "on_behalf_of": "nobody"}),
    );
    assert_eq!((e["error"]["code"].as_str(), e["error"]["field"].as_str()), (Some("NOT_FOUND"), Some("on_behalf_of")));
    assert!(writes(&sim).is_empty());
    let d = ok(
        &mut s,
        &schemas,
        "write_request_create",
        json!({"media": "album", "musicbrainz_id": mbid, "on_behalf_of": "jordan"}),
    );
    let jordan = sim.with_state(|st| st.users.iter().find(|u| u.user_name == "jordan").unwrap().id.clone());
    assert_eq!(body(&writes(&sim)[0])["requestOnBehalf"], json!(jordan));
    assert!(d["request_id"].as_u64().is_some());
    // A quota that ran out is FORBIDDEN, with Ombi's error code kept (jamie may request one
    // movie a day).
    let free: Vec<u64> = sim.with_state(|st| {
        st.movies
            .iter()
            .filter(|m| !st.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id))
            .map(|m| m.tmdb_id)
            .take(3)
            .collect()
    });
    let mut quota = None;
    for tmdb in free {
        let env = call(
            &mut s,
            &schemas,
            "write_request_create",
            json!({"media": "movie", "tmdb_id": tmdb, "as_user": "jamie"}),
        );
        if env["ok"] == false {
            quota = Some(env);
            break;
        }
    }
    let quota = quota.expect("jamie's quota runs out");
    assert_eq!(quota["error"]["code"], "FORBIDDEN", "{quota}");
    assert_eq!(quota["data"]["upstream_error_code"], 9, "MovieRequestQuotaExceeded");
    let collection = sim.with_state(|st| st.collections[0].0);
    let d = ok(&mut s, &schemas, "write_request_create", json!({"media": "collection", "tmdb_id": collection}));
    assert_eq!(d["outcome"], "completed");
    assert_eq!(writes(&sim).last().unwrap().path, format!("/api/v2/Requests/movie/collection/{collection}"));
}

#[test]
fn issues_votes_preferences_queue_settings_and_jobs() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, WRITES_ON);
    // Issues.
    let cat = sim.with_state(|st| st.categories[0].0);
    sim.clear_received();
    let d = ok(
        &mut s,
        &schemas,
        "write_issue_create",
        json!({"title": "Dune", "media": "movie", "provider_id": "438631", "category_id": cat, "subject": "No sound", "description": "Silent from minute 10", "as_user": "sam"}),
    );
    let issue = d["issue_id"].as_u64().expect("new issue id");
    let w = writes(&sim);
    assert_eq!(w[0].path, "/api/v1/Issues");
    assert!(body(&w[0]).get("status").is_none(), "status is never sent");
    let e = failed(
        &mut s,
        &schemas,
        "write_issue_create",
        json!({"title": "Dune", "media": "movie", "provider_id": "438631", "category_id": 999, "subject": "x", "description": "y"}),
    );
    assert_eq!(e["error"]["field"], "category_id");
    ok(&mut s, &schemas, "write_issue_status", json!({"issue_id": issue, "status": "in_progress"}));
    assert_eq!(body(writes(&sim).last().unwrap()), json!({"issueId": issue, "status": 1}));
    let e = failed(&mut s, &schemas, "write_issue_status", json!({"issue_id": 987654, "status": "resolved"}));
    assert_eq!(e["error"]["code"], "NOT_FOUND");
    let d = ok(
        &mut s,
        &schemas,
        "write_issue_comment",
        json!({"action": "add", "issue_id": issue, "comment": "Looking into it", "as_user": "morgan"}),
    );
    let comment = d["comment_id"].as_u64().expect("comment id");
    ok(&mut s, &schemas, "write_issue_comment", json!({"action": "delete", "comment_id": comment}));
    ok(&mut s, &schemas, "write_issue_delete", json!({"issue_id": issue}));
    let e = failed(&mut s, &schemas, "write_issue_delete", json!({"issue_id": issue}));
    assert_eq!(e["error"]["code"], "NOT_FOUND");
    let d = ok(&mut s, &schemas, "write_issue_category", json!({"action": "create", "name": "Wrong language"}));
    let new_cat = d["category_id"].as_u64().expect("resolved by a read");
    ok(&mut s, &schemas, "write_issue_category", json!({"action": "delete", "category_id": new_cat}));
    // Votes need a voter.
    let e = failed(&mut s, &schemas, "write_vote", json!({"direction": "up", "media": "movie", "request_id": 1}));
    assert_eq!(e["error"]["field"], "as_user");
    let open = sim.with_state(|st| {
        st.movie_requests.iter().find(|r| !r.standard.approved && r.standard.denied != Some(true)).unwrap().id
    });
    sim.clear_received();
    ok(
        &mut s,
        &schemas,
        "write_vote",
        json!({"direction": "down", "media": "movie", "request_id": open, "as_user": "kai"}),
    );
    assert_eq!(writes(&sim)[0].path, format!("/api/v1/Vote/down/movie/{open}"));
    assert_eq!(writes(&sim)[0].header("username"), Some("kai"));
    // Preferences: an unknown country writes nothing; values are never echoed.
    sim.clear_received();
    let e = failed(
        &mut s,
        &schemas,
        "write_user_preferences",
        json!({"as_user": "kai", "language": "fr", "streaming_country": "XX"}),
    );
    assert_eq!(e["error"]["field"], "streaming_country");
    assert!(writes(&sim).is_empty());
    let r = s.call("write_user_preferences", json!({"as_user": "kai", "language": "fr", "streaming_country": "fr", "notification_values": {"discord": "<@5550123>"}}));
    schemas.check("write_user_preferences", &r);
    assert_eq!(r["isError"], false, "{r}");
    assert!(!r["content"][0]["text"].as_str().unwrap().contains("5550123"));
    let paths: Vec<String> = writes(&sim).iter().map(|w| w.path.clone()).collect();
    assert_eq!(
        paths,
        vec![
            "/api/v1/Identity/language",
            "/api/v1/Identity/streamingcountry",
            "/api/v1/Identity/NotificationPreferences"
        ]
    );
    // The retry queue: a queue id, checked first.
    let queue = sim.with_state(|st| st.retry_queue.iter().find(|e| e.completed.is_none()).unwrap().id);
    let e = failed(&mut s, &schemas, "write_retry_queue_remove", json!({"queue_id": 987654}));
    assert_eq!(e["error"]["code"], "NOT_FOUND");
    ok(&mut s, &schemas, "write_retry_queue_remove", json!({"queue_id": queue}));
    assert_eq!(writes(&sim).last().unwrap().path, format!("/api/v1/RequestRetry/{queue}"));
    // Settings: revision, secrets, and the full section posted with one leaf changed.
    let read = ok(&mut s, &schemas, "read_settings", json!({"section": "vote"}));
    let rev = read["revision"].as_str().unwrap().to_string();
    let e = failed(
        &mut s,
        &schemas,
        "write_settings_patch",
        json!({"section": "sonarr", "changes": [{"name": "/apiKey", "value": "x"}], "revision": "r0"}),
    );
    assert_eq!(e["error"]["code"], "CONFLICT", "the revision is checked first");
    let sonarr_rev = ok(&mut s, &schemas, "read_settings", json!({"section": "sonarr"}))["revision"].clone();
    sim.clear_received();
    let e = failed(
        &mut s,
        &schemas,
        "write_settings_patch",
        json!({"section": "sonarr", "changes": [{"name": "/apiKey", "value": "x"}], "revision": sonarr_rev}),
    );
    assert_eq!(
        (e["error"]["code"].as_str(), e["error"]["field"].as_str()),
        (Some("FORBIDDEN"), Some("changes[0].name"))
    );
    assert!(writes(&sim).is_empty());
    ok(
        &mut s,
        &schemas,
        "write_settings_patch",
        json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": "7"}], "revision": rev}),
    );
    let posted = body(&writes(&sim)[0]);
    assert_eq!(posted["movieVoteMax"], 7);
    assert!(posted.get("tvShowVoteMax").is_some(), "the whole section is posted");
    let e = failed(
        &mut s,
        &schemas,
        "write_settings_patch",
        json!({"section": "vote", "changes": [{"name": "/movieVoteMax", "value": 8}], "revision": rev}),
    );
    assert_eq!(e["error"]["code"], "CONFLICT", "the revision moved with the change");
    // Jobs: queued, never update.
    let d = ok(&mut s, &schemas, "write_job_trigger", json!({"job": "arrAvailability"}));
    assert_eq!(d["outcome"], "accepted");
    let e = failed(&mut s, &schemas, "write_job_trigger", json!({"job": "update"}));
    assert_eq!(e["error"]["code"], "INVALID_ARGUMENT");
    assert!(sim.with_state(|st| st.jobs_run.iter().all(|j| j != "update")));
}

#[test]
fn lost_answers_to_writes_are_unknown_outcomes() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(
        &sim,
        &[("OMBI_ALLOW_WRITES", "true"), ("OMBI_CONFIRM_WRITES", "never"), ("OMBI_REQUEST_TIMEOUT_SECONDS", "2")],
    );
    let pending = || {
        sim.with_state(|st| {
            st.movie_requests
                .iter()
                .filter(|r| !r.standard.approved && r.standard.denied != Some(true))
                .map(|r| r.id)
                .collect::<Vec<_>>()
        })
    };
    for (i, fault) in [Fault::WriteThenHang, Fault::WriteThenDrop].into_iter().enumerate() {
        let id = pending()[i];
        sim.inject(FaultRule::on("/Request/movie/approve", fault.clone()).method("POST").times(1));
        let started = std::time::Instant::now();
        let env = failed(&mut s, &schemas, "write_request_approve", json!({"media": "movie", "request_id": id}));
        assert!(started.elapsed().as_secs() < 20, "{fault:?} took {:?}", started.elapsed());
        assert_eq!(env["error"]["code"], "UNKNOWN_OUTCOME", "{fault:?}: {env}");
        assert_eq!(env["error"]["retryable"], false);
        assert!(env["error"]["message"].as_str().unwrap().contains("read_requests view detail"), "{env}");
        assert!(
            sim.with_state(|st| st.movie_requests.iter().find(|r| r.id == id).unwrap().standard.approved),
            "the write did take effect"
        );
    }
    // 500 and an HTML page on a write are clean errors, the page never quoted.
    let id = pending()[0];
    sim.inject(
        FaultRule::on(
            "/Request/movie/approve",
            Fault::Status { status: 500, body: FaultBody::ErrorJson("boom".into()), retry_after: None },
        )
        .times(1),
    );
    let env = failed(&mut s, &schemas, "write_request_approve", json!({"media": "movie", "request_id": id}));
    assert_eq!(env["error"]["code"], "UNKNOWN_OUTCOME");
    sim.inject(
        FaultRule::on(
            "/Request/movie/approve",
            Fault::Status { status: 502, body: FaultBody::Html, retry_after: None },
        )
        .times(1),
    );
    let env = failed(&mut s, &schemas, "write_request_approve", json!({"media": "movie", "request_id": id}));
    assert!(!env["error"]["message"].as_str().unwrap().contains('<'), "{env}");
    assert_eq!(env["error"]["retryable"], false);
}

#[test]
fn a_person_confirms_destructive_writes() {
    let sim = Simulator::start().unwrap();
    let audit = format!("{}/audit-{}.jsonl", env!("CARGO_TARGET_TMPDIR"), std::process::id());
    let _ = std::fs::remove_file(&audit);
    let mut s = Server::start(
        &sim,
        &[("OMBI_ALLOW_WRITES", "true"), ("OMBI_MCP_AUDIT_FILE", &audit), ("OMBI_CONFIRM_TIMEOUT_SECONDS", "3")],
    );
    s.initialize_with(json!({"elicitation": {"form": {}}}));
    let schemas = Schemas::new(&s.tools());
    let pending: Vec<(u64, String)> = sim.with_state(|st| {
        st.movie_requests
            .iter()
            .filter(|r| !r.standard.approved && r.standard.denied != Some(true))
            .map(|r| (r.id, st.movie(r.tmdb_id).unwrap().title.clone()))
            .collect()
    });
    // Declined: nothing reaches Ombi.
    sim.clear_received();
    let (r, asked) = s.call_answering(
        "write_request_deny",
        json!({"media": "movie", "request_id": pending[0].0, "reason": "duplicate"}),
        Some(json!({"action": "decline"})),
    );
    schemas.check("write_request_deny", &r);
    assert_eq!(asked.len(), 1);
    let message = asked[0]["params"]["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("#{}", pending[0].0))
            && message.contains(&pending[0].1)
            && message.contains("duplicate"),
        "{message}"
    );
    assert_eq!(asked[0]["params"]["requestedSchema"]["properties"]["confirm"]["type"], "boolean");
    assert_eq!(r["structuredContent"]["error"]["code"], "FORBIDDEN");
    assert!(r["structuredContent"]["error"]["message"].as_str().unwrap().contains("nothing was sent"));
    assert!(writes(&sim).is_empty(), "a declined write reached Ombi");
    // Accepted without ticking the box is a decline; cancelled too; no answer within the bound too.
    for answer in
        [Some(json!({"action": "accept", "content": {"confirm": false}})), Some(json!({"action": "cancel"})), None]
    {
        let (r, _) = s.call_answering(
            "write_request_deny",
            json!({"media": "movie", "request_id": pending[0].0, "reason": "x"}),
            answer.clone(),
        );
        assert_eq!(r["structuredContent"]["error"]["code"], "FORBIDDEN", "{answer:?}");
    }
    assert!(writes(&sim).is_empty());
    // Accepted with the box ticked: exactly the planned request reaches Ombi.
    let (r, asked) = s.call_answering(
        "write_request_deny",
        json!({"media": "movie", "request_id": pending[1].0, "reason": "not now"}),
        Some(json!({"action": "accept", "content": {"confirm": true}})),
    );
    schemas.check("write_request_deny", &r);
    assert_eq!(asked.len(), 1);
    assert_eq!(r["isError"], false, "{r}");
    let w = writes(&sim);
    assert_eq!(w.len(), 1);
    assert_eq!(body(&w[0]), json!({"id": pending[1].0, "is4K": false, "reason": "not now"}));
    // Non-destructive writes are not asked about by default.
    let (r, asked) = s.call_answering(
        "write_request_approve",
        json!({"media": "movie", "request_id": pending[2].0}),
        Some(json!({"action": "decline"})),
    );
    assert!(asked.is_empty());
    assert_eq!(r["isError"], false);
    // The audit trail: every attempt, the requests that left and what came back; no secrets.
    let lines = crate::support::audit_lines(&audit, 6);
    let confirmations: Vec<&str> = lines.iter().map(|l| l["confirmation"].as_str().unwrap()).collect();
    assert_eq!(confirmations, vec!["declined", "declined", "cancelled", "no_answer", "accepted", "not_required"]);
    let outcomes: Vec<&str> = lines.iter().map(|l| l["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, vec!["declined", "declined", "declined", "declined", "completed", "completed"]);
    assert_eq!(lines[4]["requests"][0]["method"], "PUT");
    assert_eq!(lines[4]["requests"][0]["status"], 200);
    assert_eq!(lines[0]["requests"], json!([]));
    let text = std::fs::read_to_string(&audit).unwrap();
    assert!(!text.contains(sim.api_key()) && !text.contains("is4K"), "no key, no bodies");
    assert!(lines[4]["summary"].as_str().unwrap().contains("Reason: “not now”"), "what the person saw: {}", lines[4]);
    assert!(s.stderr().contains("\"confirmation\":\"accepted\""), "the audit is logged on stderr too");
}

#[test]
fn required_confirmation_refuses_when_the_client_cannot_ask() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[("OMBI_ALLOW_WRITES", "true"), ("OMBI_CONFIRM_WRITES", "required")]);
    sim.clear_received();
    let env = failed(&mut s, &schemas, "write_issue_delete", json!({"issue_id": 1}));
    assert_eq!(env["error"]["code"], "FORBIDDEN");
    assert!(writes(&sim).is_empty());
    // The default (destructive) fails closed too, naming the setting that allows it …
    let (mut s, schemas) = session(&sim, &[("OMBI_ALLOW_WRITES", "true")]);
    let issue = sim.with_state(|st| st.issues[0].id);
    let env = failed(&mut s, &schemas, "write_issue_delete", json!({"issue_id": issue}));
    assert_eq!(env["error"]["code"], "FORBIDDEN");
    assert!(env["error"]["message"].as_str().unwrap().contains("OMBI_CONFIRM_WRITES=never"), "{env}");
    assert!(!env["correlation_id"].as_str().unwrap().is_empty(), "host refusals carry the call's id");
    assert!(writes(&sim).is_empty());
    // … while a non-destructive write goes ahead, and `never` lets a destructive one through.
    let pending = sim.with_state(|st| st.movie_requests.iter().find(|r| !r.standard.approved).unwrap().id);
    ok(&mut s, &schemas, "write_request_approve", json!({"media": "movie", "request_id": pending}));
    let (mut s, schemas) = session(&sim, &[("OMBI_ALLOW_WRITES", "true"), ("OMBI_CONFIRM_WRITES", "never")]);
    ok(&mut s, &schemas, "write_issue_delete", json!({"issue_id": issue}));
}

#[test]
fn the_host_lets_only_catalogue_write_routes_through() {
    let sim = Simulator::start().unwrap();
    let probe = env!("OMBI_PROBE_WASM");
    let base = sim.url();
    let send = |s: &mut Server, method: &str, path: &str| -> Value {
        let r = s.call(
            "probe",
            json!({"action": "request", "method": method, "url": format!("{base}{path}"), "body": "{}"}),
        );
        r["structuredContent"]["data"].clone()
    };
    let mut cmd = command(&sim);
    cmd.args(["serve", "--component", probe]).env("OMBI_ALLOW_WRITES", "true");
    let mut s = Server::spawn(cmd);
    s.initialize();
    sim.clear_received();
    for (method, path) in [
        ("POST", "/api/v1/Identity"),
        ("DELETE", "/api/v1/Request/movie/all"),
        ("POST", "/api/v1/Settings/ombi/resetApi"),
        ("POST", "/api/v1/Notifications/massemail"),
        ("POST", "/api/v1/Tester/discord"),
        ("POST", "/api/v2/Wizard/config"),
        ("POST", "/api/v1/Token"),
        ("POST", "/api/v1/Job/update"),
        ("GET", "/api/v1/Status/demo/"),
        ("GET", "/api/v1/Identity/accesstoken"),
    ] {
        let d = send(&mut s, method, path);
        assert_eq!(d["sent"], false, "{method} {path}: {d}");
        assert!(d["error"].as_str().unwrap().contains("HttpRequestDenied"), "{method} {path}: {d}");
    }
    assert!(sim.received().is_empty(), "a forbidden route reached Ombi: {:?}", sim.received());
    // A catalogue write route passes with writes on, for a tool the component calls a
    // write tool, but never for one it calls read-only …
    let d = send(&mut s, "POST", "/api/v1/Issues/categories");
    assert_eq!(d["sent"], false, "a read-only tool sent a write: {d}");
    let r = s.call(
        "probe_write",
        json!({"action": "request", "method": "POST", "url": format!("{base}/api/v1/Issues/categories"), "body": "{}"}),
    );
    assert_eq!(r["structuredContent"]["data"]["sent"], true, "{r}");
    drop(s);
    // … and nothing but reads passes with writes off.
    let mut cmd = command(&sim);
    cmd.args(["serve", "--component", probe]);
    let mut s = Server::spawn(cmd);
    s.initialize();
    sim.clear_received();
    for (method, path) in [
        ("POST", "/api/v1/Issues/categories"),
        ("DELETE", "/api/v1/Issues/1"),
        ("PUT", "/api/v1/Request/movie/deny"),
        ("POST", "/api/v1/Job/newsletter"),
    ] {
        let d = send(&mut s, method, path);
        assert_eq!(d["sent"], false, "{method} {path}: {d}");
    }
    assert!(sim.received().is_empty());
    let d = send(&mut s, "GET", "/api/v1/Status");
    assert_eq!(d["status"], 200);
}
