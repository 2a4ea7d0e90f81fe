//! The implemented tools end to end: results validate against their output schemas, the
//! key reached Ombi on every request and shows nowhere.

use ombi_sim::{Options, Simulator};
use serde_json::{Value, json};

use crate::support::{assert_no_key, session};

fn items(result: &Value) -> Vec<Value> {
    result["structuredContent"]["data"]["items"].as_array().cloned().unwrap_or_default()
}

fn ids(item: &Value) -> Vec<(String, String)> {
    item["identifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["namespace"].as_str().unwrap().to_string(), i["value"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn read_search_every_argument() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);

    let r = s.call("read_search", json!({"query": "dune"}));
    schemas.check("read_search", &r);
    let found = items(&r);
    let dune = found.iter().find(|i| i["title"] == "Dune").expect("Dune");
    assert_eq!(ids(dune), vec![("tmdb".into(), "438631".into())]);
    assert_eq!(dune["year"], 2021, "the \" (2021)\" suffix becomes the year");
    assert_eq!(r["structuredContent"]["data"]["page"]["mode"], "local");

    // The multi-search filter Ombi received.
    let multi = sim.received().into_iter().find(|q| q.path.contains("/Search/multi/")).unwrap();
    assert_eq!(multi.method, "POST");
    assert_eq!(multi.path, "/api/v2/Search/multi/dune");
    let body: Value = serde_json::from_slice(&multi.body).unwrap();
    assert_eq!(body, json!({"movies": true, "tvShows": true, "music": false, "people": false}));

    // TV from the v2 multi-search is TMDB-keyed; people are TMDB too.
    let r = s.call("read_search", json!({"query": "expanse", "media": ["tv"]}));
    schemas.check("read_search", &r);
    assert_eq!(ids(&items(&r)[0]), vec![("tmdb".into(), "63639".into())]);
    let r = s.call("read_search", json!({"query": "keanu", "media": ["person"]}));
    schemas.check("read_search", &r);
    assert_eq!(items(&r)[0]["media"], "person");

    // Artists: mediaType "Artist" (capitalised) is matched case-insensitively → musicbrainz.
    let r = s.call("read_search", json!({"query": "radiohead", "media": ["artist", "album"]}));
    schemas.check("read_search", &r);
    let found = items(&r);
    assert_eq!(found[0]["media"], "artist");
    assert_eq!(ids(&found[0])[0].0, "musicbrainz");
    assert_eq!(found[1]["media"], "album");
    assert_eq!(found[1]["credits"][0]["name"], "Radiohead");

    // year and language go to the v1 refined movie search.
    sim.clear_received();
    let r = s.call("read_search", json!({"query": "dune", "media": ["movie"], "year": 2024, "language": "de"}));
    schemas.check("read_search", &r);
    let found = items(&r);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["title"], "Dune: Part Two");
    let got = sim.received();
    assert_eq!(got.len(), 1, "no multi-search when only refined movies are wanted");
    assert_eq!(got[0].path, "/api/v1/Search/movie");
    assert_eq!(
        serde_json::from_slice::<Value>(&got[0].body).unwrap(),
        json!({"searchTerm": "dune", "year": 2024, "languageCode": "de"})
    );

    // Paging over the complete answer.
    let r = s.call("read_search", json!({"query": "the", "media": ["movie"], "offset": 5, "limit": 7}));
    schemas.check("read_search", &r);
    let page = &r["structuredContent"]["data"]["page"];
    assert_eq!(page["offset"], 5);
    assert_eq!(page["returned"], 7);
    assert_eq!(page["next_offset"], 12);
    assert!(page["total"].as_u64().unwrap() > 12);

    // Argument rules.
    for (args, field) in [
        (json!({"query": ""}), "query"),
        (json!({"query": "x".repeat(201)}), "query"),
        (json!({"query": "x", "media": ["book"]}), "media[0]"),
        (json!({"query": "x", "media": ["tv"], "year": 2000}), "year"),
        (json!({"query": "x", "language": "ENG"}), "language"),
        (json!({"query": "x", "limit": 0}), "limit"),
        (json!({"query": "x", "offset": -1}), "offset"),
        (json!({"query": "x", "colour": "red"}), "colour"),
        (json!({}), "query"),
    ] {
        let r = s.call("read_search", args.clone());
        schemas.check("read_search", &r);
        assert_eq!(r["structuredContent"]["error"]["code"], "INVALID_ARGUMENT", "{args}");
        assert_eq!(r["structuredContent"]["error"]["field"], field, "{args}");
    }

    for q in sim.received() {
        assert_eq!(q.header("apikey"), Some(sim.api_key()), "every request carries the key the host holds");
        assert_eq!(q.header("username"), None);
    }
    assert_no_key(&s, sim.api_key());
    assert!(s.finish());
}

#[test]
fn read_server_every_view() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    for view in ["status", "about", "health", "update", "features", "jobs"] {
        let r = s.call("read_server", json!({"view": view}));
        schemas.check("read_server", &r);
        assert_eq!(r["isError"], false, "{view}: {r}");
    }
    let r = s.call("read_server", json!({}));
    let values = r["structuredContent"]["data"]["values"].as_array().unwrap().clone();
    assert!(values.contains(&json!({"name": "version", "value": "4.59.3", "scope": "instance"})));
    let about = s.call("read_server", json!({"view": "about"}));
    let text = about["content"][0]["text"].as_str().unwrap();
    assert!(!text.contains("Data Source") && !text.contains("/config") && !text.contains("/app/"), "{text}");
    let jobs = s.call("read_server", json!({"view": "jobs"}));
    let schedules = jobs["structuredContent"]["data"]["values"].as_array().unwrap().clone();
    assert!(schedules.iter().any(|m| m["name"] == "sonarrSync" && m["unit"] == "cron"), "{jobs}");
    sim.with_state(|st| st.health = "Unhealthy".into());
    let r = s.call("read_server", json!({"view": "health"}));
    schemas.check("read_server", &r);
    assert_eq!(r["structuredContent"]["data"]["values"][0]["value"], "Unhealthy");
    assert_no_key(&s, sim.api_key());
}

#[test]
fn a_reverse_proxy_prefix_is_kept() {
    let sim = Simulator::start_with(Options { base_path: "/ombi".into(), ..Options::default() }).unwrap();
    assert!(sim.url().ends_with("/ombi"));
    let (mut s, schemas) = session(&sim, &[]);
    let r = s.call("read_search", json!({"query": "matrix"}));
    schemas.check("read_search", &r);
    assert_eq!(r["isError"], false, "{r}");
    let r = s.call("read_server", json!({"view": "health"}));
    assert_eq!(r["isError"], false, "{r}");
}

#[test]
fn writes_are_refused_while_disabled_and_nothing_reaches_ombi() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    sim.clear_received();
    let tools: Vec<String> = s.tools().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect();
    for tool in tools.iter().filter(|t| t.starts_with("write_")) {
        let r = s.call(tool, json!({}));
        schemas.check(tool, &r);
        let e = &r["structuredContent"]["error"];
        assert_eq!(e["code"], "FORBIDDEN", "{tool}");
        assert!(e["message"].as_str().unwrap().contains("OMBI_ALLOW_WRITES=true"), "{tool}");
    }
    assert!(sim.received().is_empty(), "a refused write reached Ombi: {:?}", sim.received());
}

#[test]
fn a_wrong_key_is_authentication_failed_and_never_shown() {
    let sim = Simulator::start().unwrap();
    let wrong = "0123456789abcdef0123456789abcdef";
    let (mut s, schemas) = session(&sim, &[("OMBI_API_KEY", wrong)]);
    let r = s.call("read_search", json!({"query": "dune"}));
    schemas.check("read_search", &r);
    assert_eq!(r["structuredContent"]["error"]["code"], "AUTHENTICATION_FAILED");
    assert_eq!(r["structuredContent"]["error"]["http_status"], 401);
    assert_eq!(sim.received()[0].header("apikey"), Some(wrong));
    assert_no_key(&s, wrong);
    // Anonymous routes still refuse a wrong key (API catalogue §1.3).
    let r = s.call("read_server", json!({}));
    assert_eq!(r["structuredContent"]["error"]["code"], "AUTHENTICATION_FAILED");
}

#[test]
fn the_key_stays_out_of_trace_logs() {
    let sim = Simulator::start().unwrap();
    let (mut s, _) = session(&sim, &[("OMBI_MCP_LOG", "trace")]);
    s.call("read_search", json!({"query": "matrix"}));
    s.call("read_server", json!({"view": "about"}));
    assert!(s.stderr().len() > 1000, "trace logging should be on");
    assert_no_key(&s, sim.api_key());
}
