//! API catalogue §4 and the projection rules of `04-results.md`: the quirks a wrapper must
//! handle, reproduced.

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::{api, as_user, get};

#[test]
fn q1_v1_tv_ids_are_tvdb_and_tvmaze() {
    let sim = Simulator::start().unwrap();
    let r = get(&sim, "/api/v1/Search/tv/the%20expanse");
    let show = &r[0];
    assert_eq!(show["id"], 280619, "id is the TVDB id");
    assert_eq!(show["theMovieDbId"], "280619", "theMovieDbId carries the TVDB id as text");
    assert_eq!(show["seriesId"], 1825, "seriesId is the TVMaze id");
    assert_eq!(show["theTvDbId"], Value::Null);
    assert_eq!(show["rating"], "Ombi.Api.TvMaze.Models.Rating");
}

#[test]
fn q2_v2_tv_ids_are_tmdb() {
    let sim = Simulator::start().unwrap();
    let full = get(&sim, "/api/v2/Search/tv/63639");
    assert_eq!(full["id"], 63639);
    assert_eq!(full["seriesId"], 63639, "on the TMDB-keyed detail routes seriesId echoes the TMDB id");
    let list = get(&sim, "/api/v2/Search/tv/popular/0/100");
    let unmatched = list.as_array().unwrap().iter().find(|s| s["partlyAvailable"] == false).unwrap();
    assert_eq!(unmatched["theMovieDbId"], Value::Null, "theMovieDbId only when the media server matched");
    assert_eq!(unmatched["seriesId"], 0);
}

#[test]
fn q3_hiding_available_titles_hydrates_tv_seasons() {
    let sim = Simulator::start().unwrap();
    let plain = get(&sim, "/api/v2/Search/tv/popular/0/5");
    assert!(plain.as_array().unwrap().iter().all(|s| s["seasonRequests"] == json!([])));
    let small = api(&sim, "GET", "/api/v2/Search/tv/popular/0/20", None).body.len();
    sim.with_state(|s| s.settings.get_mut("customization").unwrap()["hideAvailableFromDiscover"] = json!(true));
    let r = api(&sim, "GET", "/api/v2/Search/tv/popular/0/20", None);
    let hydrated = r.json();
    assert!(hydrated.as_array().unwrap().iter().all(|s| !s["seasonRequests"].as_array().unwrap().is_empty()));
    assert!(hydrated[0]["seasonRequests"][0]["episodes"].as_array().unwrap().len() >= 6);
    assert!(hydrated.as_array().unwrap().iter().all(|s| s["fullyAvailable"] == false));
    assert!(r.body.len() > 3 * small, "hydrated lists are much larger ({} vs {small})", r.body.len());
}

#[test]
fn q4_nothing_is_204_with_an_empty_body() {
    let sim = Simulator::start().unwrap();
    for path in [
        "/api/v2/Issues/details/no-such-provider",
        "/api/v1/Search/tv/zzzzqqq",
        "/api/v1/Search/tv/info/1",
        "/api/v1/Issues/999999",
    ] {
        let r = api(&sim, "GET", path, None);
        assert_eq!(r.status, 204, "{path}");
        assert!(r.body.is_empty());
    }
    sim.with_state(|s| s.settings.get_mut("sonarr").unwrap()["enabled"] = json!(false));
    assert_eq!(api(&sim, "GET", "/api/v1/Sonarr/Profiles", None).status, 204);
}

#[test]
fn q5_language_names_carry_mojibake() {
    let sim = Simulator::start().unwrap();
    let langs = get(&sim, "/api/v2/Search/Languages");
    let names: Vec<&str> = langs.as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert!(names.iter().any(|n| !n.is_empty() && n.chars().all(|c| c == '?')));
    assert!(names.iter().any(|n| n.contains('\u{fffd}')));
    assert!(langs.as_array().unwrap().iter().all(|l| l["english_name"].as_str().is_some_and(|n| !n.is_empty())));
}

#[test]
fn q6_unresolvable_sort_fields_throw_when_the_page_is_not_empty() {
    let sim = Simulator::start().unwrap();
    let r = api(&sim, "GET", "/api/v2/Requests/movie/10/0/requestDate/desc", None);
    assert_eq!(r.status, 500);
    assert_eq!(r.json(), json!({"error": "Object reference not set to an instance of an object."}));
    // Ombi resolves names ignoring case; dotted names fall back silently.
    assert_eq!(api(&sim, "GET", "/api/v2/Requests/movie/10/0/RequestedDate/desc", None).status, 200);
    assert_eq!(api(&sim, "GET", "/api/v2/Requests/movie/10/0/requestedUser.userAlias/desc", None).status, 200);
    assert_eq!(api(&sim, "GET", "/api/v2/Requests/tv/10/0/requestDate/desc", None).status, 500);
    // Albums: a movie-only property fails; asc always sorts by date.
    assert_eq!(api(&sim, "GET", "/api/v2/Requests/album/10/0/theMovieDbId/desc", None).status, 500);
    assert_eq!(api(&sim, "GET", "/api/v2/Requests/album/10/0/bogus/asc", None).status, 200);
    // An empty list never dereferences anything.
    sim.with_state(|s| s.movie_requests.clear());
    let r = api(&sim, "GET", "/api/v2/Requests/movie/10/0/requestDate/desc", None);
    assert_eq!(r.status, 200);
    assert_eq!(r.json(), json!({"collection": [], "total": 0}));
}

#[test]
fn q7_tv_lists_count_children_before_collapsing_shows() {
    let sim = Simulator::start().unwrap();
    let r = get(&sim, "/api/v2/Requests/tv/100/0/requestedDate/desc");
    let rows = r["collection"].as_array().unwrap().len();
    let children = sim.with_state(|s| s.tv_children.len());
    assert_eq!(r["total"], children);
    assert!(rows < children, "several children of one show collapse into one row");
    let first = &r["collection"][0];
    assert!(
        first["parentRequest"]["childRequests"].as_array().unwrap().iter().all(|c| c["id"] != first["id"]),
        "the child is not repeated inside its parent"
    );
    assert!(first["parentRequestId"].as_u64().is_some());
}

#[test]
fn q8_v1_tv_paging_ignores_filters_and_has_no_total() {
    let sim = Simulator::start().unwrap();
    let a = get(&sim, "/api/v1/Request/tv/5/0/1/3/1");
    let b = get(&sim, "/api/v1/Request/tv/5/0/4/5/2");
    assert_eq!(a, b);
    assert_eq!(a["total"], 0);
    assert_eq!(
        api(&sim, "GET", "/api/v1/Request/movie/5/0/1/1/0", None).status,
        500,
        "status 1 is outside the handled set"
    );
    assert_eq!(api(&sim, "GET", "/api/v1/Request/movie/5/0/1/0/3", None).status, 500);
}

#[test]
fn q9_misspellings_on_the_wire() {
    let sim = Simulator::start().unwrap();
    assert!(
        get(&sim, "/api/v1/Issues")
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i.get("resovledDate").is_some() && i.get("resolvedDate").is_none())
    );
    assert!(get(&sim, "/api/v1/Search/music/artist/radiohead")[0].get("forignArtistId").is_some());
    assert_eq!(
        get(&sim, "/api/v2/Requests/movie/availble/10/0/title/asc"),
        get(&sim, "/api/v2/Requests/movie/available/10/0/title/asc")
    );
    // Votes: GET uses music, POST uses album.
    assert_eq!(api(&sim, "GET", "/api/v1/Vote/album/1", None).status, 404);
    assert_eq!(api(&sim, "GET", "/api/v1/Vote/music/1", None).status, 200);
}

#[test]
fn q12_stats_need_both_bounds_and_both_kinds() {
    let sim = Simulator::start().unwrap();
    assert_eq!(api(&sim, "GET", "/api/v1/Stats", None).status, 500);
    assert_eq!(api(&sim, "GET", "/api/v1/Stats?from=2026-01-01", None).status, 500);
    assert_eq!(api(&sim, "GET", "/api/v1/Stats?from=1990-01-01&to=1990-12-31", None).status, 500);
    let s = get(&sim, "/api/v1/Stats?from=2026-01-01&to=2026-12-31");
    assert_eq!(s["totalIssues"], 0);
    assert_eq!(s["completedRequestsMovies"], s["totalMovieRequests"]);
    assert!(s["mostRequestedUserMovie"]["userAccessToken"].is_string(), "whole user objects, tokens included");
}

#[test]
fn q13_votes_are_global_per_request_id() {
    let sim = Simulator::start().unwrap();
    let (movie, child) = sim.with_state(|s| {
        let m = s.movie_requests.iter().find(|r| !r.standard.approved && r.standard.denied.is_none()).unwrap().id;
        let c = s.tv_children.iter().find(|c| !c.state.approved && c.state.denied.is_none()).unwrap().id;
        (m, c)
    });
    // Make a TV child with the movie request's id collide: vote on the movie, then "tv" with the same id.
    sim.with_state(|s| s.tv_children.iter_mut().find(|c| c.id == child).unwrap().id = movie);
    assert_eq!(as_user(&sim, "drew", "POST", &format!("/api/v1/Vote/up/movie/{movie}"), None).json()["result"], true);
    let r = as_user(&sim, "drew", "POST", &format!("/api/v1/Vote/up/tv/{movie}"), None).json();
    assert_eq!(r["errorMessage"], "You have already voted!", "the already-voted check ignores the type");
}

#[test]
fn q15_multi_search_titles_and_media_types() {
    let sim = Simulator::start().unwrap();
    let r = api(
        &sim,
        "POST",
        "/api/v2/Search/multi/radiohead",
        Some(&json!({"movies": true, "tvShows": true, "music": true, "people": true})),
    )
    .json();
    assert_eq!(r[0]["mediaType"], "Artist");
    let r = api(
        &sim,
        "POST",
        "/api/v2/Search/multi/dune",
        Some(&json!({"movies": true, "tvShows": true, "music": false, "people": false})),
    )
    .json();
    assert!(r.as_array().unwrap().iter().any(|m| m["mediaType"] == "movie" && m["title"] == "Dune (2021)"));
    let r = api(&sim, "POST", "/api/v2/Search/multi/expanse", Some(&json!({"tvShows": true}))).json();
    assert_eq!(r[0]["title"], "The Expanse", "TV titles never get a year");
}

#[test]
fn q16_vote_image_urls() {
    let sim = Simulator::start().unwrap();
    let votes = get(&sim, "/api/v1/Vote");
    let movie = votes.as_array().unwrap().iter().find(|v| v["requestType"] == 1).unwrap();
    assert!(movie["image"].as_str().unwrap().contains("/w500//"), "the poster path's slash doubles");
    let tv = votes.as_array().unwrap().iter().find(|v| v["requestType"] == 0).unwrap();
    assert!(tv["image"].as_str().unwrap().starts_with('/'), "TV images are raw relative paths");
    assert!(tv["description"].as_str().unwrap().contains("<br />"));
}

#[test]
fn q14_v2_issue_groups_skip_provider_less_issues_and_page_before_grouping() {
    let sim = Simulator::start().unwrap();
    let with_provider =
        sim.with_state(|s| s.issues.iter().filter(|i| i.status == 0 && i.provider_id.is_some()).count());
    let all_pending = sim.with_state(|s| s.issues.iter().filter(|i| i.status == 0).count());
    assert!(with_provider < all_pending, "the seed holds provider-less issues");
    let groups = get(&sim, "/api/v2/Issues/0/100/Pending");
    let counted: u64 = groups.as_array().unwrap().iter().map(|g| g["count"].as_u64().unwrap()).sum();
    assert_eq!(counted as usize, with_provider);
    assert!(groups.as_array().unwrap().iter().all(|g| g["issues"].is_null()));
    let two = get(&sim, "/api/v2/Issues/0/2/Pending");
    assert!(two.as_array().unwrap().len() <= 2);
    let v1 = get(&sim, "/api/v1/Issues/3/0/Pending");
    assert_eq!(v1.as_array().unwrap().len(), 3);
}

#[test]
fn recently_requested_tv_rows_carry_a_child_id() {
    let sim = Simulator::start().unwrap();
    let rows = get(&sim, "/api/v2/Requests/recentlyRequested");
    assert!(rows.as_array().unwrap().len() <= 21);
    let tv = rows.as_array().unwrap().iter().find(|r| r["type"] == 0).unwrap();
    let id = tv["requestId"].as_u64().unwrap();
    let (is_child, is_parent) =
        sim.with_state(|s| (s.tv_children.iter().any(|c| c.id == id), s.tv_parents.iter().any(|p| p.id == id)));
    assert!(is_child && !is_parent);
    let tmdb = tv["mediaId"].as_str().unwrap().parse::<u64>().unwrap();
    assert!(sim.with_state(|s| s.show(tmdb).is_some()), "mediaId is the TMDB id");
}

#[test]
fn the_calendar_holds_movies_and_episodes_near_now() {
    let sim = Simulator::start().unwrap();
    let cal = get(&sim, "/api/v2/Calendar");
    // `type` is the RequestType integer: TvShow 0, Movie 1 (CalendarEngine.cs).
    let kinds: Vec<u64> = cal.as_array().unwrap().iter().map(|e| e["type"].as_u64().unwrap()).collect();
    assert!(kinds.contains(&0) && kinds.contains(&1), "{kinds:?}");
    let tv = cal.as_array().unwrap().iter().find(|e| e["type"] == 0).unwrap();
    assert_eq!(tv["extraParams"][0]["providerId"], 0);
    assert_eq!(tv["extraParams"][0]["overview"], "");
}

/// Recently added rows as Ombi makes them: `id` is Ombi's content row id (never the TMDB id),
/// a Plex show's rows are every season paired with every episode, and at most 30 rows.
#[test]
fn recently_added_rows_are_ombis_rows() {
    let sim = Simulator::start().unwrap();
    for route in ["/api/v1/RecentlyAdded/movies", "/api/v1/RecentlyAdded/tv"] {
        let rows = get(&sim, route);
        let rows = rows.as_array().unwrap();
        assert!(!rows.is_empty() && rows.len() <= 30, "{route}: {} rows", rows.len());
        for r in rows {
            assert_ne!(r["id"].to_string().trim_matches('"'), r["theMovieDbId"].as_str().unwrap(), "{route}: {r}");
        }
    }
    let rows = get(&sim, "/api/v1/RecentlyAdded/tv");
    let rows = rows.as_array().unwrap();
    let show = &rows[0]["id"];
    let of_show: Vec<(u64, u64)> = rows
        .iter()
        .filter(|r| &r["id"] == show)
        .map(|r| (r["seasonNumber"].as_u64().unwrap(), r["episodeNumber"].as_u64().unwrap()))
        .collect();
    // The first season's rows (whole: the 30-row cut falls at the end) list every episode the
    // show has, whichever season it is in, so episode numbers repeat.
    let first = of_show[0].0;
    let mut listed: Vec<u64> = of_show.iter().filter(|(s, _)| *s == first).map(|(_, e)| *e).collect();
    let mut all: Vec<u64> = of_show.iter().map(|(_, e)| *e).collect();
    listed.sort_unstable();
    all.sort_unstable();
    all.dedup();
    let mut distinct = listed.clone();
    distinct.dedup();
    assert_eq!(distinct, all, "{of_show:?}");
    assert!(listed.len() > distinct.len(), "a show of several seasons repeats episode numbers: {of_show:?}");
}
