//! Writes change what later reads return, with Ombi's business rules.

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::{api, as_user, get};

fn user_id(sim: &Simulator, name: &str) -> String {
    sim.with_state(|s| s.user_by_name(name).unwrap().id.clone())
}

/// A movie nobody has requested.
fn unrequested_movie(sim: &Simulator) -> u64 {
    sim.with_state(|s| {
        s.movies
            .iter()
            .find(|m| !s.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id) && m.release_date.as_str() < "2026")
            .unwrap()
            .tmdb_id
    })
}

#[test]
fn a_movie_request_through_its_lifecycle() {
    let sim = Simulator::start().unwrap();
    let tmdb = unrequested_movie(&sim);
    // alex may request but is not auto-approved.
    let r = as_user(
        &sim,
        "alex",
        "POST",
        "/api/v1/Request/movie",
        Some(&json!({"theMovieDbId": tmdb, "languageCode": "en"})),
    )
    .json();
    assert_eq!(r["result"], true, "{r}");
    assert_eq!(r["isError"], false);
    let id = r["requestId"].as_u64().unwrap();
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{id}"));
    assert_eq!(info["theMovieDbId"], tmdb);
    assert_eq!(info["approved"], false);
    assert_eq!(info["requestedUser"]["userName"], "alex");
    assert_eq!(info["requestStatus"], "Common.PendingApproval");
    // Requested again: AlreadyRequested, as a 200 business failure.
    let again = api(&sim, "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": tmdb})));
    assert_eq!(again.status, 200);
    assert_eq!(again.json()["errorCode"], "AlreadyRequested");
    // Approve, then mark available.
    assert_eq!(
        api(&sim, "POST", "/api/v1/Request/movie/approve", Some(&json!({"id": id, "is4K": false}))).json()["result"],
        true
    );
    assert_eq!(get(&sim, &format!("/api/v1/Request/movie/info/{id}"))["requestStatus"], "Common.ProcessingRequest");
    api(&sim, "POST", "/api/v1/Request/movie/available", Some(&json!({"id": id, "is4K": false})));
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{id}"));
    assert_eq!(info["available"], true);
    assert_ne!(info["markedAsAvailable"], Value::Null);
    api(&sim, "POST", "/api/v1/Request/movie/unavailable", Some(&json!({"id": id})));
    assert_eq!(get(&sim, &format!("/api/v1/Request/movie/info/{id}"))["available"], false);
    // Deny, with Ombi's misleading message (Q10).
    let denied = api(&sim, "PUT", "/api/v1/Request/movie/deny", Some(&json!({"id": id, "reason": "no"}))).json();
    assert_eq!(denied["message"], "Request successfully deleted");
    assert_eq!(get(&sim, &format!("/api/v1/Request/movie/info/{id}"))["deniedReason"], "no");
    // Delete; deleting again dereferences null (Q11).
    assert_eq!(api(&sim, "DELETE", &format!("/api/v1/Request/movie/{id}"), None).json()["result"], true);
    assert_eq!(api(&sim, "GET", &format!("/api/v1/Request/movie/info/{id}"), None).status, 204);
    let again = api(&sim, "DELETE", &format!("/api/v1/Request/movie/{id}"), None);
    assert_eq!(again.status, 500);
    assert_eq!(again.json()["error"], "Object reference not set to an instance of an object.");
    // Missing requests are business failures for decisions.
    assert_eq!(
        api(&sim, "POST", "/api/v1/Request/movie/approve", Some(&json!({"id": 999_999}))).json()["errorCode"],
        "RequestDoesNotExist"
    );
}

#[test]
fn the_bare_key_auto_approves_and_owns_as_api() {
    let sim = Simulator::start().unwrap();
    let tmdb = unrequested_movie(&sim);
    let r = api(&sim, "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": tmdb}))).json();
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{}", r["requestId"]));
    assert_eq!(info["approved"], true);
    assert_eq!(info["requestedUser"]["userName"], "Api");
}

#[test]
fn permissions_quotas_and_on_behalf() {
    let sim = Simulator::start().unwrap();
    let movies: Vec<u64> = sim.with_state(|s| {
        s.movies
            .iter()
            .filter(|m| !s.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id))
            .take(3)
            .map(|m| m.tmdb_id)
            .collect()
    });
    // taylor may request TV only.
    let r = as_user(&sim, "taylor", "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": movies[0]}))).json();
    assert_eq!(r["errorCode"], "NoPermissionsRequestMovie");
    // jamie has a movie limit of 1 a week.
    assert_eq!(
        as_user(&sim, "jamie", "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": movies[0]}))).json()["result"],
        true
    );
    let r = as_user(&sim, "jamie", "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": movies[1]}))).json();
    assert_eq!(r["errorCode"], "MovieRequestQuotaExceeded");
    let quota = as_user(&sim, "jamie", "GET", "/api/v1/Request/movie/remaining", None).json();
    assert_eq!(quota["hasLimit"], true);
    assert_eq!(quota["remaining"], 0);
    // No limit: hasLimit false, limit 0, remaining 0.
    let quota = get(&sim, "/api/v1/Request/movie/remaining");
    assert_eq!(quota, json!({"hasLimit": false, "limit": 0, "remaining": 0, "nextRequest": quota["nextRequest"]}));
    // On behalf: only admins and power users.
    let kai = user_id(&sim, "kai");
    let r = as_user(
        &sim,
        "alex",
        "POST",
        "/api/v1/Request/movie",
        Some(&json!({"theMovieDbId": movies[2], "requestOnBehalf": kai})),
    )
    .json();
    assert_eq!(r["errorCode"], "NoPermissionsOnBehalf");
    let r =
        api(&sim, "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": movies[2], "requestOnBehalf": kai})))
            .json();
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{}", r["requestId"]));
    assert_eq!(info["requestedUser"]["userName"], "kai");
    assert_eq!(info["approved"], false, "kai has no auto-approve");
    // ApiAlias is stored with the ApiKey header.
    let alias_movie = sim.with_state(|s| {
        s.movies.iter().rev().find(|m| !s.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id)).unwrap().tmdb_id
    });
    let key = sim.api_key().to_string();
    let r = crate::support::call(
        &sim,
        "POST",
        "/api/v1/Request/movie",
        &[("ApiKey", &key), ("ApiAlias", "Nan")],
        Some(&json!({"theMovieDbId": alias_movie})),
    )
    .json();
    assert_eq!(get(&sim, &format!("/api/v1/Request/movie/info/{}", r["requestId"]))["requestedByAlias"], "Nan");
}

#[test]
fn four_k_requests_keep_their_own_state() {
    let sim = Simulator::start().unwrap();
    let tmdb = unrequested_movie(&sim);
    let r = as_user(
        &sim,
        "quinn",
        "POST",
        "/api/v1/Request/movie",
        Some(&json!({"theMovieDbId": tmdb, "is4kRequest": true})),
    )
    .json();
    let id = r["requestId"].as_u64().unwrap();
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{id}"));
    assert_eq!(info["has4KRequest"], true);
    assert_eq!(info["approved4K"], true, "quinn auto-approves 4K");
    assert_eq!(info["requestedDate"], "0001-01-01T00:00:00Z", "a 4K-only request has no standard date");
    assert_eq!(info["requestCombination"], 1);
    // The standard flavour joins the same request.
    as_user(&sim, "quinn", "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": tmdb})));
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{id}"));
    assert_eq!(info["requestCombination"], 2);
    api(&sim, "PUT", "/api/v1/Request/movie/deny", Some(&json!({"id": id, "is4K": true, "reason": "too big"})));
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{id}"));
    assert_eq!(info["denied4K"], true);
    assert_eq!(info["deniedReason4K"], "too big");
    assert_ne!(info["denied"], true);
}

#[test]
fn tv_requests_parents_children_and_episodes() {
    let sim = Simulator::start().unwrap();
    let (tmdb, seasons) = sim.with_state(|s| {
        let show = s
            .shows
            .iter()
            .find(|x| x.seasons.len() >= 3 && !s.tv_parents.iter().any(|p| p.tmdb_id == x.tmdb_id))
            .unwrap();
        (show.tmdb_id, show.seasons.iter().map(|se| (se.number, se.episodes.len())).collect::<Vec<_>>())
    });
    // Explicit: season 1 episodes 1-2; a season with no episodes is ignored.
    let body = json!({"theMovieDbId": tmdb, "seasons": [{"seasonNumber": 1, "episodes": [{"episodeNumber": 1}, {"episodeNumber": 2}]}, {"seasonNumber": 2, "episodes": []}]});
    let r = as_user(&sim, "alex", "POST", "/api/v2/Requests/tv", Some(&body)).json();
    assert_eq!(r["result"], true, "{r}");
    let child = r["requestId"].as_u64().unwrap();
    let parent = sim.with_state(|s| s.tv_children.iter().find(|c| c.id == child).unwrap().parent_id);
    let children = get(&sim, &format!("/api/v1/Request/tv/{parent}/child"));
    assert_eq!(children[0]["seasonRequests"].as_array().unwrap().len(), 1);
    assert_eq!(children[0]["seasonRequests"][0]["episodes"].as_array().unwrap().len(), 2);
    // The same episodes again: EpisodesAlreadyRequested.
    let r = as_user(&sim, "alex", "POST", "/api/v2/Requests/tv", Some(&body)).json();
    assert_eq!(r["errorCode"], "EpisodesAlreadyRequested");
    // latestSeason adds a second child to the same parent.
    let r = api(&sim, "POST", "/api/v2/Requests/tv", Some(&json!({"theMovieDbId": tmdb, "latestSeason": true}))).json();
    let second = r["requestId"].as_u64().unwrap();
    let tv = get(&sim, &format!("/api/v1/Request/tv/{parent}"));
    assert_eq!(tv["childRequests"].as_array().unwrap().len(), 2);
    assert_eq!(tv["externalProviderId"], tmdb);
    let latest = seasons.last().unwrap();
    let kid = tv["childRequests"].as_array().unwrap().iter().find(|c| c["id"] == second).unwrap().clone();
    assert_eq!(kid["seasonRequests"][0]["seasonNumber"], latest.0);
    assert_eq!(kid["seasonRequests"][0]["episodes"].as_array().unwrap().len(), latest.1);
    // Approve and make available work on the child id.
    api(&sim, "POST", "/api/v1/Request/tv/approve", Some(&json!({"id": child})));
    api(&sim, "POST", "/api/v1/Request/tv/available", Some(&json!({"id": child})));
    let kids = get(&sim, &format!("/api/v1/Request/tv/{parent}/child"));
    let first = kids.as_array().unwrap().iter().find(|c| c["id"] == child).unwrap();
    assert_eq!(first["available"], true);
    assert!(first["seasonRequests"][0]["episodes"].as_array().unwrap().iter().all(|e| e["available"] == true));
    assert_eq!(
        api(&sim, "POST", "/api/v1/Request/tv/approve", Some(&json!({"id": 1}))).json()["errorCode"],
        "ChildRequestDoesNotExist"
    );
    // Deleting the last child deletes the parent.
    api(&sim, "DELETE", &format!("/api/v1/Request/tv/child/{child}"), None);
    assert_eq!(api(&sim, "GET", &format!("/api/v1/Request/tv/{parent}"), None).status, 200);
    api(&sim, "DELETE", &format!("/api/v1/Request/tv/child/{second}"), None);
    assert_eq!(api(&sim, "GET", &format!("/api/v1/Request/tv/{parent}"), None).status, 204);
    // Whole-show delete of a seeded parent: an empty 200.
    let seeded = sim.with_state(|s| s.tv_parents[0].id);
    let r = api(&sim, "DELETE", &format!("/api/v1/Request/tv/{seeded}"), None);
    assert_eq!(r.status, 200);
    assert!(r.body.is_empty());
}

#[test]
fn albums_and_collections() {
    let sim = Simulator::start().unwrap();
    let mbid = sim.with_state(|s| {
        s.albums.iter().find(|a| !s.album_requests.iter().any(|r| r.album_mbid == a.mbid)).unwrap().mbid.clone()
    });
    let r = as_user(&sim, "jordan", "POST", "/api/v1/request/music", Some(&json!({"foreignAlbumId": mbid}))).json();
    assert_eq!(r["result"], true);
    let id = r["requestId"].as_u64().unwrap();
    let list = get(&sim, "/api/v1/request/music");
    let mine = list.as_array().unwrap().iter().find(|a| a["id"] == id).unwrap();
    assert_eq!(mine["approved"], true, "jordan auto-approves music");
    assert_eq!(mine["foreignAlbumId"], mbid);
    api(&sim, "PUT", "/api/v1/request/music/deny", Some(&json!({"id": id, "reason": "duplicate"})));
    assert_eq!(
        get(&sim, "/api/v1/request/music").as_array().unwrap().iter().find(|a| a["id"] == id).unwrap()["denied"],
        true
    );
    assert_eq!(
        as_user(&sim, "taylor", "POST", "/api/v1/request/music", Some(&json!({"foreignAlbumId": mbid}))).json()["errorCode"],
        "NoPermissionsRequestAlbum"
    );
    // A collection requests each member; the first created id comes back.
    let r = api(&sim, "POST", "/api/v2/Requests/movie/collection/2344", None).json();
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{}", r["requestId"]));
    assert_eq!(info["theMovieDbId"], 603);
}

#[test]
fn subscriptions_options_and_reprocess() {
    let sim = Simulator::start().unwrap();
    let id = sim.with_state(|s| s.movie_requests[0].id);
    assert_eq!(
        as_user(&sim, "sam", "POST", &format!("/api/v1/Request/movie/subscribe/{id}"), None).json(),
        json!(true)
    );
    assert_eq!(
        as_user(&sim, "sam", "GET", &format!("/api/v1/Request/movie/info/{id}"), None).json()["subscribed"],
        true
    );
    as_user(&sim, "sam", "POST", &format!("/api/v1/Request/movie/unsubscribe/{id}"), None);
    assert_eq!(
        as_user(&sim, "sam", "GET", &format!("/api/v1/Request/movie/info/{id}"), None).json()["subscribed"],
        false
    );
    let r = api(
        &sim,
        "POST",
        "/api/v2/Requests/movie/advancedoptions",
        Some(&json!({"requestId": id, "rootPathOverride": 4, "qualityOverride": 6})),
    )
    .json();
    assert_eq!(r["result"], true);
    let info = get(&sim, &format!("/api/v1/Request/movie/info/{id}"));
    assert_eq!((info["rootPathOverride"].clone(), info["qualityOverride"].clone()), (json!(4), json!(6)));
    assert_eq!(api(&sim, "POST", &format!("/api/v2/Requests/reprocess/Movie/{id}/false"), None).json()["result"], true);
    assert_eq!(api(&sim, "POST", "/api/v2/Requests/reprocess/Album/1/false", None).status, 400);
    assert_eq!(
        api(&sim, "POST", "/api/v2/Requests/reprocess/Movie/999999/false", None).json()["errorCode"],
        "RequestDoesNotExist"
    );
}

#[test]
fn issues_comments_and_categories() {
    let sim = Simulator::start().unwrap();
    let body = json!({"title": "Dune", "requestType": 1, "providerId": "438631", "subject": "No sound", "description": "Silent from minute 3", "issueCategoryId": 1});
    let id = as_user(&sim, "sam", "POST", "/api/v1/Issues", Some(&body)).json().as_u64().unwrap();
    let issue = get(&sim, &format!("/api/v1/Issues/{id}"));
    assert_eq!(issue["status"], 0);
    assert_eq!(issue["userReported"]["userName"], "sam");
    assert_eq!(issue["resovledDate"], Value::Null);
    assert_eq!(
        api(&sim, "POST", "/api/v1/Issues/status", Some(&json!({"issueId": id, "status": 1}))).json(),
        json!(true)
    );
    assert_eq!(
        api(&sim, "POST", "/api/v1/Issues/status", Some(&json!({"issueId": id, "status": 2}))).json(),
        json!(true)
    );
    let issue = get(&sim, &format!("/api/v1/Issues/{id}"));
    assert_eq!(issue["status"], 2);
    assert_ne!(issue["resovledDate"], Value::Null, "resolving sets the misspelled resovledDate");
    assert_eq!(
        api(&sim, "POST", "/api/v1/Issues/status", Some(&json!({"issueId": 999_999, "status": 2}))).json(),
        json!(false)
    );
    let c = as_user(
        &sim,
        "riley",
        "POST",
        "/api/v1/Issues/comments",
        Some(&json!({"issueId": id, "comment": "Fixed the file"})),
    )
    .json();
    let comments = get(&sim, &format!("/api/v1/Issues/{id}/comments"));
    assert_eq!(comments[0]["comment"], "Fixed the file");
    assert_eq!(comments[0]["adminComment"], true);
    assert_eq!(
        api(&sim, "POST", "/api/v1/Issues/comments", Some(&json!({"issueId": 999_999, "comment": "x"}))).status,
        204
    );
    api(&sim, "DELETE", &format!("/api/v1/Issues/comments/{}", c["id"]), None);
    assert_eq!(get(&sim, &format!("/api/v1/Issues/{id}/comments")), json!([]));
    assert_eq!(api(&sim, "DELETE", &format!("/api/v1/Issues/{id}"), None).json(), json!(true));
    assert_eq!(api(&sim, "GET", &format!("/api/v1/Issues/{id}"), None).status, 204);
    // Categories.
    assert_eq!(
        api(&sim, "POST", "/api/v1/Issues/categories", Some(&json!({"value": "Wrong Language"}))).json(),
        json!(true)
    );
    let cats = get(&sim, "/api/v1/Issues/categories");
    let new = cats.as_array().unwrap().iter().find(|c| c["value"] == "Wrong Language").unwrap()["id"].clone();
    api(&sim, "DELETE", &format!("/api/v1/Issues/categories/{new}"), None);
    assert!(!get(&sim, "/api/v1/Issues/categories").as_array().unwrap().iter().any(|c| c["value"] == "Wrong Language"));
    assert_eq!(api(&sim, "DELETE", "/api/v1/Issues/categories/999", None).status, 500);
    assert_eq!(as_user(&sim, "alex", "POST", "/api/v1/Issues/categories", Some(&json!({"value": "x"}))).status, 403);
}

#[test]
fn votes_switch_and_auto_approve_at_the_threshold() {
    let sim = Simulator::start().unwrap();
    let tmdb = unrequested_movie(&sim);
    let id = as_user(&sim, "alex", "POST", "/api/v1/Request/movie", Some(&json!({"theMovieDbId": tmdb}))).json()["requestId"].as_u64().unwrap();
    // The creator's automatic upvote is there.
    assert_eq!(get(&sim, &format!("/api/v1/Vote/movie/{id}")).as_array().unwrap().len(), 1);
    assert_eq!(as_user(&sim, "sam", "POST", &format!("/api/v1/Vote/up/movie/{id}"), None).json()["result"], true);
    let again = as_user(&sim, "sam", "POST", &format!("/api/v1/Vote/up/movie/{id}"), None).json();
    assert_eq!(again["errorMessage"], "You have already voted!");
    // A down vote replaces the up vote.
    as_user(&sim, "sam", "POST", &format!("/api/v1/Vote/down/movie/{id}"), None);
    let votes = get(&sim, &format!("/api/v1/Vote/movie/{id}"));
    assert_eq!(votes.as_array().unwrap().len(), 2);
    assert!(votes.as_array().unwrap().iter().any(|v| v["voteType"] == 1));
    // Three net upvotes (threshold 3) approve it.
    as_user(&sim, "sam", "POST", &format!("/api/v1/Vote/up/movie/{id}"), None);
    assert_eq!(get(&sim, &format!("/api/v1/Request/movie/info/{id}"))["approved"], false);
    as_user(&sim, "kai", "POST", &format!("/api/v1/Vote/up/movie/{id}"), None);
    assert_eq!(get(&sim, &format!("/api/v1/Request/movie/info/{id}"))["approved"], true);
    assert_eq!(api(&sim, "POST", "/api/v1/Vote/up/movie/999999", None).status, 500);
    // With voting off, a vote is a successful no-op.
    sim.with_state(|s| s.settings.get_mut("vote").unwrap()["enabled"] = json!(false));
    let before = get(&sim, &format!("/api/v1/Vote/movie/{id}")).as_array().unwrap().len();
    assert_eq!(as_user(&sim, "casey", "POST", &format!("/api/v1/Vote/up/movie/{id}"), None).json()["result"], true);
    assert_eq!(get(&sim, &format!("/api/v1/Vote/movie/{id}")).as_array().unwrap().len(), before);
}

#[test]
fn user_preferences() {
    let sim = Simulator::start().unwrap();
    as_user(&sim, "alex", "POST", "/api/v1/Identity/language", Some(&json!({"lang": "fr"})));
    as_user(&sim, "alex", "POST", "/api/v1/Identity/streamingcountry", Some(&json!({"code": "DE"})));
    let alex = as_user(&sim, "alex", "GET", "/api/v1/Identity", None).json();
    assert_eq!((alex["language"].clone(), alex["streamingCountry"].clone()), (json!("fr"), json!("DE")));
    let alex_id = alex["id"].as_str().unwrap().to_string();
    let body = json!([{"agent": 4, "userId": alex_id, "value": "@alex_tg", "enabled": true}]);
    assert_eq!(
        as_user(&sim, "alex", "POST", "/api/v1/Identity/NotificationPreferences", Some(&body)).json(),
        json!(true)
    );
    let prefs = get(&sim, &format!("/api/v1/Identity/notificationpreferences/{alex_id}"));
    let telegram = prefs.as_array().unwrap().iter().find(|p| p["agent"] == 4).unwrap();
    assert_eq!(telegram["value"], "@alex_tg");
    assert!(!prefs.as_array().unwrap().iter().any(|p| p["agent"] == 0 || p["agent"] == 7 || p["agent"] == 9));
    // Someone else's preferences need a PowerUser/Admin role; unknown users are 404.
    assert_eq!(as_user(&sim, "sam", "POST", "/api/v1/Identity/NotificationPreferences", Some(&body)).status, 401);
    let ghost = json!([{"agent": 4, "userId": "no-such-user", "value": "x"}]);
    assert_eq!(api(&sim, "POST", "/api/v1/Identity/NotificationPreferences", Some(&ghost)).status, 404);
}

#[test]
fn settings_are_replaced_whole_and_jobs_validated() {
    let sim = Simulator::start().unwrap();
    let mut vote = get(&sim, "/api/v1/Settings/vote");
    vote["movieVoteMax"] = json!(9);
    vote.as_object_mut().unwrap().remove("musicVoteMax");
    assert_eq!(api(&sim, "POST", "/api/v1/Settings/vote", Some(&vote)).json(), json!(true));
    let after = get(&sim, "/api/v1/Settings/vote");
    assert_eq!(after["movieVoteMax"], 9);
    assert!(after.get("musicVoteMax").is_none(), "a POST replaces the whole section");
    let mut jobs = get(&sim, "/api/v1/Settings/jobs");
    jobs["sonarrSync"] = json!("every now and then");
    assert_eq!(api(&sim, "POST", "/api/v1/Settings/jobs", Some(&jobs)).json()["result"], false);
    let radarr = get(&sim, "/api/v1/Settings/radarr");
    assert!(radarr.get("radarr").is_some() && radarr.get("radarr4K").is_some());
}

#[test]
fn retry_queue_and_jobs() {
    let sim = Simulator::start().unwrap();
    let queue = get(&sim, "/api/v1/RequestRetry");
    let first = queue[0]["failedId"].as_u64().unwrap();
    assert_ne!(first, queue[0]["requestId"].as_u64().unwrap(), "queue ids are not request ids");
    assert_eq!(api(&sim, "DELETE", &format!("/api/v1/RequestRetry/{first}"), None).json(), json!(true));
    assert!(!get(&sim, "/api/v1/RequestRetry").as_array().unwrap().iter().any(|e| e["failedId"] == first));
    assert_eq!(api(&sim, "DELETE", &format!("/api/v1/RequestRetry/{first}"), None).status, 500);
    assert_eq!(api(&sim, "POST", "/api/v1/Job/plexcontentcacher", None).json(), json!(true));
    assert_eq!(api(&sim, "POST", "/api/v1/Job/arrAvailability", None).json(), json!(true));
    assert_eq!(sim.with_state(|s| s.jobs_run.clone()), vec!["plexcontentcacher", "arrAvailability"]);
    assert_eq!(api(&sim, "POST", "/api/v1/Job/nosuchjob", None).status, 404);
    assert_eq!(as_user(&sim, "riley", "POST", "/api/v1/Job/newsletter", None).status, 403);
}
