//! The twelve read tools end to end against the simulator: every view answers, every result
//! validates against the tool's output schema, and the rules of the read-tools issue hold
//! where the simulator shows them (ids per origin route, honest pages, no secrets).

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::{Schemas, Server, assert_no_key, session};

fn data(r: &Value) -> &Value {
    &r["structuredContent"]["data"]
}

fn items(r: &Value) -> Vec<Value> {
    data(r)["items"].as_array().cloned().unwrap_or_default()
}

fn ok(s: &mut Server, schemas: &Schemas, tool: &str, args: Value) -> Value {
    let r = s.call(tool, args.clone());
    schemas.check(tool, &r);
    assert_eq!(r["isError"], false, "{tool} {args}: {r:#}");
    r
}

fn err(s: &mut Server, schemas: &Schemas, tool: &str, args: Value) -> Value {
    let r = s.call(tool, args.clone());
    schemas.check(tool, &r);
    assert_eq!(r["isError"], true, "{tool} {args}: {r:#}");
    r["structuredContent"]["error"].clone()
}

fn namespaces(item: &Value) -> Vec<String> {
    item["identifiers"].as_array().into_iter().flatten().map(|i| i["namespace"].as_str().unwrap().to_string()).collect()
}

#[test]
fn every_read_view_answers_schema_valid() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    let (show, collection) = sim.with_state(|st| (st.shows[0].tmdb_id, st.collections[0].0));
    let calls: Vec<(&str, Value)> = vec![
        ("read_discover", json!({"media": "movie", "list": "popular"})),
        ("read_discover", json!({"media": "movie", "list": "upcoming", "limit": 5})),
        ("read_discover", json!({"media": "movie", "list": "now_playing"})),
        ("read_discover", json!({"media": "movie", "list": "top_rated"})),
        ("read_discover", json!({"media": "movie", "list": "seasonal"})),
        ("read_discover", json!({"media": "movie", "list": "requested"})),
        ("read_discover", json!({"media": "tv", "list": "popular"})),
        ("read_discover", json!({"media": "tv", "list": "trending"})),
        ("read_discover", json!({"media": "tv", "list": "anticipated"})),
        ("read_discover", json!({"media": "tv", "list": "requested"})),
        ("read_discover", json!({"media": "movie", "list": "similar", "similar_to": 603})),
        ("read_discover", json!({"media": "movie", "list": "filtered", "filters": {"genre_ids": [878]}})),
        ("read_media", json!({"media": "movie", "id": "603", "include": ["credits", "providers", "ratings"]})),
        ("read_media", json!({"media": "tv", "id": show.to_string(), "include": ["seasons", "credits"]})),
        ("read_media", json!({"media": "collection", "id": collection.to_string()})),
        ("read_reference", json!({"kind": "genres"})),
        ("read_reference", json!({"kind": "genres", "media": "tv"})),
        ("read_reference", json!({"kind": "languages"})),
        ("read_reference", json!({"kind": "watch_providers"})),
        ("read_reference", json!({"kind": "keywords", "query": "space"})),
        ("read_reference", json!({"kind": "streaming_countries"})),
        ("read_reference", json!({"kind": "issue_categories"})),
        ("read_reference", json!({"kind": "roles"})),
        ("read_reference", json!({"kind": "features"})),
        ("read_reference", json!({"kind": "notification_agents"})),
        ("read_reference", json!({"kind": "request_types"})),
        ("read_reference", json!({"kind": "issue_statuses"})),
        ("read_requests", json!({"media": "movie"})),
        ("read_requests", json!({"media": "tv", "status": "pending"})),
        ("read_requests", json!({"media": "album", "sort": "title", "order": "asc"})),
        ("read_requests", json!({"media": "movie", "status": "available", "sort": "status"})),
        ("read_requests", json!({"view": "search", "media": "movie", "query": "a"})),
        ("read_requests", json!({"view": "search", "media": "tv", "query": "a"})),
        ("read_requests", json!({"view": "recent"})),
        ("read_requests", json!({"view": "failed"})),
        ("read_request_stats", json!({})),
        ("read_request_stats", json!({"view": "totals"})),
        ("read_request_stats", json!({"view": "quota"})),
        ("read_request_stats", json!({"view": "quota", "as_user": "alex"})),
        ("read_issues", json!({})),
        ("read_issues", json!({"status": "resolved"})),
        ("read_issues", json!({"view": "grouped"})),
        ("read_issues", json!({"view": "counts"})),
        ("read_votes", json!({})),
        ("read_votes", json!({"as_user": "sam"})),
        ("read_users", json!({})),
        ("read_users", json!({"view": "me"})),
        ("read_users", json!({"view": "me", "as_user": "alex"})),
        ("read_users", json!({"view": "online"})),
        ("read_library", json!({"view": "calendar"})),
        ("read_library", json!({"view": "recently_added", "media": "movie"})),
        ("read_library", json!({"view": "recently_added", "media": "tv"})),
        ("read_library", json!({"view": "artwork", "media": "movie", "id": 603})),
        ("read_integration", json!({"service": "sonarr", "what": "quality_profiles"})),
        ("read_integration", json!({"service": "sonarr", "what": "root_folders"})),
        ("read_integration", json!({"service": "sonarr", "what": "language_profiles"})),
        ("read_integration", json!({"service": "sonarr", "what": "tags"})),
        ("read_integration", json!({"service": "sonarr", "what": "status"})),
        ("read_integration", json!({"service": "radarr", "what": "quality_profiles"})),
        ("read_integration", json!({"service": "radarr_4k", "what": "root_folders"})),
        ("read_integration", json!({"service": "lidarr", "what": "status"})),
        ("read_integration", json!({"service": "plex", "what": "servers"})),
        ("read_integration", json!({"service": "plex", "what": "users"})),
        ("read_integration", json!({"service": "emby", "what": "users"})),
        ("read_integration", json!({"service": "jellyfin", "what": "users"})),
        ("read_settings", json!({"section": "ombi"})),
        ("read_settings", json!({"section": "radarr"})),
        ("read_settings", json!({"section": "notifications/email"})),
        ("read_logs", json!({})),
    ];
    for (tool, args) in calls {
        ok(&mut s, &schemas, tool, args);
    }
    assert_no_key(&s, sim.api_key());
}

#[test]
fn requests_are_children_parents_and_honest_pages() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    // v2 TV list items are children carrying their parent id.
    let r = ok(&mut s, &schemas, "read_requests", json!({"media": "tv", "limit": 5}));
    let first = &items(&r)[0];
    assert_eq!(first["target"]["kind"], "tv_child");
    let parent = first["parent_request_id"].as_u64().expect("parent id");
    assert!(namespaces(first).contains(&"tmdb".to_string()));
    assert!(!namespaces(first).contains(&"tvmaze".to_string()));
    // The parent's detail: the parent first, then its children.
    let r = ok(&mut s, &schemas, "read_requests", json!({"view": "detail", "media": "tv", "request_id": parent}));
    let detail = items(&r);
    assert_eq!(detail[0]["target"], json!({"kind": "tv_parent", "id": parent}));
    assert!(detail[1..].iter().all(|c| c["target"]["kind"] == "tv_child" && c["parent_request_id"] == parent));
    // Movie pages come from Ombi with a total; the sort sent is a field Ombi resolves.
    sim.clear_received();
    let r = ok(&mut s, &schemas, "read_requests", json!({"media": "movie", "limit": 3}));
    let page = &data(&r)["page"];
    assert_eq!(page["mode"], "upstream");
    assert!(page["total"].as_u64().unwrap() > 3);
    assert_eq!(page["next_offset"], 3);
    assert!(r["structuredContent"]["warnings"].to_string().contains("snapshot"));
    let sent = sim.received();
    assert!(sent[0].path.ends_with("/3/0/requestedDate/desc"), "{}", sent[0].path);
    // No requester token, e-mail or phone anywhere.
    let text = r["content"][0]["text"].as_str().unwrap();
    for needle in ["userAccessToken", "mediaServerToken", "@", "phoneNumber"] {
        assert!(!text.contains(needle), "{needle} in {text}");
    }
    // The recent feed: TV rows resolved to their parents, the child id kept as an identifier.
    let r = ok(&mut s, &schemas, "read_requests", json!({"view": "recent", "media": "tv"}));
    for row in items(&r) {
        assert_eq!(row["target"]["kind"], "tv_parent");
        assert!(namespaces(&row).contains(&"ombi_tv_child".to_string()));
    }
    // The failed queue: queue ids distinct from request ids.
    let r = ok(&mut s, &schemas, "read_requests", json!({"view": "failed"}));
    for e in items(&r) {
        assert!(e["queue_id"].as_u64().is_some());
        assert_ne!(e["queue_id"], e["request_id"]);
    }
    let e = err(&mut s, &schemas, "read_requests", json!({"view": "detail", "media": "movie", "request_id": 99999}));
    assert_eq!((e["code"].as_str(), e["field"].as_str()), (Some("NOT_FOUND"), Some("request_id")));
}

#[test]
fn stats_quota_and_usage_rules() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    let r = ok(&mut s, &schemas, "read_request_stats", json!({}));
    let names: Vec<String> =
        data(&r)["values"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap().into()).collect();
    assert_eq!(names, vec!["pending", "approved", "available", "denied"]);
    // alex has a movie limit; riley has none, so only has_limit false.
    let r = ok(&mut s, &schemas, "read_request_stats", json!({"view": "quota", "as_user": "alex", "media": "movie"}));
    let v = data(&r)["values"].as_array().unwrap().clone();
    assert!(v.iter().all(|m| m["scope"] == "selected_user"));
    assert!(v.iter().any(|m| m["name"] == "movie.remaining"));
    let r = ok(&mut s, &schemas, "read_request_stats", json!({"view": "quota", "as_user": "riley", "media": "movie"}));
    assert_eq!(data(&r)["values"], json!([{"name": "movie.has_limit", "value": false, "scope": "selected_user"}]));
    let quota_req = sim.received().into_iter().rev().find(|q| q.path.ends_with("/remaining")).unwrap();
    assert_eq!(quota_req.header("username"), Some("riley"));
    let e = err(&mut s, &schemas, "read_request_stats", json!({"view": "quota", "as_user": "nobody"}));
    assert_eq!((e["code"].as_str(), e["field"].as_str()), (Some("NOT_FOUND"), Some("as_user")));
    sim.clear_received();
    let e = err(&mut s, &schemas, "read_request_stats", json!({"view": "usage", "from": "2026-11-01"}));
    assert_eq!(e["field"], "to");
    assert!(sim.received().is_empty(), "Ombi 500s without both bounds: nothing is sent");
    let r =
        ok(&mut s, &schemas, "read_request_stats", json!({"view": "usage", "from": "2025-01-01", "to": "2026-12-31"}));
    assert!(r["structuredContent"]["warnings"].to_string().contains("totalIssues"));
    assert!(!r["content"][0]["text"].as_str().unwrap().contains("userName"));
}

#[test]
fn issues_groups_and_comments() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    let r = ok(&mut s, &schemas, "read_issues", json!({"status": "resolved"}));
    let resolved = items(&r);
    assert!(!resolved.is_empty());
    assert!(resolved.iter().all(|i| i["status"] == "resolved" && i["status_code"] == 2));
    assert!(resolved.iter().any(|i| i["resolved_date"].is_string()), "resovledDate becomes resolved_date");
    let r = ok(&mut s, &schemas, "read_issues", json!({"view": "grouped", "limit": 2}));
    assert_eq!(data(&r)["page"]["unit"], "provider_groups");
    let group = items(&r)[0].clone();
    let r = ok(&mut s, &schemas, "read_issues", json!({"view": "group_detail", "provider_id": group["provider_id"]}));
    assert!(!items(&r)[0]["issues"].as_array().unwrap().is_empty());
    let r = ok(&mut s, &schemas, "read_issues", json!({"view": "group_detail", "provider_id": "999999999"}));
    assert!(items(&r).is_empty(), "204 is an empty group page");
    // An issue with comments keeps their text and authors' ids, not their user objects.
    let id = sim.with_state(|st| st.comments.first().map(|c| c.issue_id)).unwrap();
    let r = ok(&mut s, &schemas, "read_issues", json!({"view": "comments", "issue_id": id}));
    let c = &items(&r)[0];
    assert!(c["comment"].is_string() && c["author_id"].is_string(), "{c}");
    assert!(!r["content"][0]["text"].as_str().unwrap().contains("userAccessToken"));
}

#[test]
fn users_votes_and_preferences_hold_no_secrets() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    let r = ok(&mut s, &schemas, "read_users", json!({"query": "ali"}));
    for u in items(&r) {
        let keys: Vec<&String> = u.as_object().unwrap().keys().collect();
        assert!(
            keys.iter()
                .all(|k| ["id", "user_name", "alias", "language", "streaming_country", "online"].contains(&k.as_str())),
            "{u}"
        );
    }
    let id = items(&ok(&mut s, &schemas, "read_users", json!({"query": "alex"})))[0]["id"].clone();
    let r = ok(&mut s, &schemas, "read_users", json!({"view": "notification_agents", "user_id": id}));
    assert!(!items(&r).is_empty());
    let secrets = sim.with_state(|st| {
        st.users
            .iter()
            .flat_map(|u| [u.user_access_token.clone(), u.email.clone()])
            .filter(|x| !x.is_empty())
            .collect::<Vec<_>>()
    });
    let out = s.stdout.lock().unwrap().join("\n");
    for secret in secrets {
        assert!(!out.contains(&secret), "a user secret left the server");
    }
    let e = err(&mut s, &schemas, "read_users", json!({"view": "detail", "user_id": "no-such-id"}));
    assert_eq!(e["field"], "user_id");
    let r = ok(&mut s, &schemas, "read_votes", json!({}));
    for v in items(&r) {
        assert!(
            v.get("vote_code").is_none() || v.get("user_id").is_some(),
            "a vote is only mine with identity evidence: {v}"
        );
    }
}

#[test]
fn settings_and_logs_never_leak_secrets() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    for section in
        ["ombi", "plex", "sonarr", "radarr", "notifications/discord", "notifications/email", "Update", "CouchPotato"]
    {
        let r = ok(&mut s, &schemas, "read_settings", json!({"section": section}));
        let d = data(&r);
        assert!(d["revision"].is_string());
        for v in d["values"].as_array().unwrap() {
            assert!(v["name"].as_str().unwrap().starts_with('/'));
            assert!(!v["value"].is_object() && !v["value"].is_array());
            let n = v["name"].as_str().unwrap().to_lowercase();
            for secret in ["apikey", "password", "token", "webhook"] {
                assert!(!n.contains(secret), "{section}: {n}");
            }
        }
    }
    let settings_secrets = sim.with_state(|st| {
        let mut out = Vec::new();
        for v in st.settings.values() {
            collect_secrets(v, &mut out);
        }
        out
    });
    let out = s.stdout.lock().unwrap().join("\n");
    for secret in &settings_secrets {
        assert!(!out.contains(secret.as_str()), "a settings secret left the server: {secret}");
    }
    // Logs: only files of the current listing; windows from either end.
    let r = ok(&mut s, &schemas, "read_logs", json!({}));
    let file = data(&r)["files"][0]["file_id"].as_str().unwrap().to_string();
    sim.clear_received();
    let e = err(&mut s, &schemas, "read_logs", json!({"file_id": "../../etc/passwd"}));
    assert_eq!(e["field"], "file_id");
    assert!(sim.received().iter().all(|q| !q.path.contains("passwd")), "an unlisted file is never asked for");
    let r = ok(&mut s, &schemas, "read_logs", json!({"file_id": file, "tail": true, "limit": 5}));
    assert_eq!(data(&r)["lines"].as_array().unwrap().len(), 5);
    assert_eq!(data(&r)["next_offset"], 5);
    // A tail reads only the file's end (passed over in the host) and is the file's real end,
    // also for a window near where that end begins.
    let all: Vec<String> = sim.with_state(|st| st.logs.iter().find(|l| l.name == file).unwrap().lines.clone());
    for (offset, limit) in [(0, 5), (590, 20)] {
        sim.clear_received();
        let r =
            ok(&mut s, &schemas, "read_logs", json!({"file_id": file, "tail": true, "offset": offset, "limit": limit}));
        let end = all.len() - offset;
        assert_eq!(data(&r)["lines"], json!(all[end - limit..end]), "offset {offset}");
        assert_eq!(sim.received().iter().filter(|q| q.path.ends_with(&file)).count(), 1, "one request for the file");
    }
    let r =
        ok(&mut s, &schemas, "read_logs", json!({"file_id": file, "offset": 10, "limit": 500, "contains": "radarr"}));
    let lines = data(&r)["lines"].as_array().unwrap();
    assert!(lines.iter().all(|l| l.as_str().unwrap().to_lowercase().contains("radarr")));
    // The seeded log lines that carry secrets come out redacted.
    let r = ok(&mut s, &schemas, "read_logs", json!({"file_id": file, "limit": 500, "contains": "Ombi.Api.Api: "}));
    let text = data(&r)["lines"].to_string();
    assert!(text.contains("[redacted]"), "{text}");
    let secrets: Vec<String> = sim.with_state(|st| {
        st.logs[0]
            .lines
            .iter()
            .filter_map(|l| {
                ["apikey=", "webhooks/1234/", "X-Plex-Token=", "casey."].iter().find_map(|m| {
                    l.find(m).map(|i| l[i + m.len()..].split([' ', '@']).next().unwrap_or("").to_string())
                })
            })
            .filter(|s| s.len() >= 6)
            .collect()
    });
    assert!(secrets.len() >= 8, "{secrets:?}");
    for secret in &secrets {
        assert!(!text.contains(secret.as_str()), "a log secret was echoed: {secret}");
    }
    assert_no_key(&s, sim.api_key());
}

fn collect_secrets(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, val) in map {
                let k = k.to_lowercase();
                let secret = [
                    "apikey",
                    "password",
                    "plexauthtoken",
                    "accesstoken",
                    "usertoken",
                    "webhookurl",
                    "botapi",
                    "applicationtoken",
                    "authtoken",
                    "accountsid",
                    "authorizationheader",
                ]
                .contains(&k.as_str());
                match val {
                    Value::String(s) if secret && s.len() >= 6 && !s.starts_with('(') => out.push(s.clone()),
                    other => collect_secrets(other, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_secrets(i, out)),
        _ => {}
    }
}

#[test]
fn media_ids_follow_their_origin_route() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    let tvdb = sim.with_state(|st| st.shows[0].tvdb_id);
    let tmdb = sim.with_state(|st| st.shows[0].tmdb_id);
    let r = ok(&mut s, &schemas, "read_media", json!({"media": "tv", "id": tvdb.to_string(), "id_namespace": "tvdb"}));
    let ns = namespaces(&items(&r)[0]);
    assert!(
        ns.contains(&"tvdb".to_string()) && ns.contains(&"tvmaze".to_string()) && !ns.contains(&"tmdb".to_string()),
        "{ns:?}"
    );
    let r = ok(&mut s, &schemas, "read_media", json!({"media": "tv", "id": tmdb.to_string()}));
    let ns = namespaces(&items(&r)[0]);
    assert!(ns.contains(&"tmdb".to_string()) && !ns.contains(&"tvmaze".to_string()), "{ns:?}");
    // A movie in a collection keeps its own id; the collection is a separate record.
    let (movie, coll) =
        sim.with_state(|st| st.movies.iter().find_map(|m| m.collection_id.map(|c| (m.tmdb_id, c)))).unwrap();
    let r = ok(&mut s, &schemas, "read_media", json!({"media": "movie", "id": movie.to_string()}));
    let ids = &items(&r)[0]["identifiers"];
    assert!(!ids.to_string().contains(&format!("\"{coll}\"")), "{ids}");
    let e = err(&mut s, &schemas, "read_media", json!({"media": "person", "id": "6384"}));
    assert_eq!(e["field"], "person_name");
    let person = sim.with_state(|st| (st.people[0].tmdb_id, st.people[0].name.clone()));
    let r = ok(
        &mut s,
        &schemas,
        "read_media",
        json!({"media": "person", "id": person.0.to_string(), "person_name": person.1}),
    );
    assert!(items(&r).iter().all(|m| m["credits"][0]["name"] == person.1.as_str()));
}
