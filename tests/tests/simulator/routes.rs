//! Every route of the tool catalogue answers with Ombi's method, status and camelCase shape.

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::{api, call, get};

/// (path, a JSON pointer into the first element or object, that must exist)
const READS: &[(&str, &str)] = &[
    // Search and discovery
    ("/api/v1/Search/movie/matrix", "/0/theMovieDbId"),
    ("/api/v1/Search/tv/expanse", "/0/seriesId"),
    ("/api/v1/Search/tv/info/280619", "/seasonRequests/0/episodes/0/episodeNumber"),
    ("/api/v1/Search/music/album/computer", "/0/foreignAlbumId"),
    ("/api/v1/Search/music/artist/radiohead", "/0/forignArtistId"),
    ("/api/v1/Search/music/album/info/b1392450-e666-3926-a536-22c65f834433", "/artistName"),
    ("/api/v2/Search/Genres/movie", "/0/name"),
    ("/api/v2/Search/Languages", "/0/english_name"),
    ("/api/v2/Search/movie/603", "/credits/cast"),
    ("/api/v2/Search/movie/imdb/tt0133093", "/externalIds/imdbId"),
    ("/api/v2/Search/movie/collection/726871", "/collection/1/title"),
    ("/api/v2/Search/tv/63639", "/seasonRequests/0/episodes"),
    ("/api/v2/Search/tv/moviedb/63639", "/network/country"),
    ("/api/v2/Search/movie/popular/0/5", "/4/posterPath"),
    ("/api/v2/Search/movie/toprated/0/5", "/0/voteAverage"),
    ("/api/v2/Search/movie/upcoming/0/3", "/0/releaseDate"),
    ("/api/v2/Search/movie/nowplaying/0/3", "/0/title"),
    ("/api/v2/Search/movie/seasonal/0/3", "/0/title"),
    ("/api/v2/Search/movie/requested/0/3", "/0/requestId"),
    ("/api/v2/Search/tv/popular/0/5", "/0/seasonRequests"),
    ("/api/v2/Search/tv/trending/0/5", "/0/firstAired"),
    ("/api/v2/Search/tv/anticipated/0/5", "/0/title"),
    ("/api/v2/Search/tv/mostwatched/0/5", "/0/title"),
    ("/api/v2/Search/tv/requested/0/3", "/0/seasonRequests"),
    ("/api/v2/Search/actor/6384/movie", "/cast/0/release_date"),
    ("/api/v2/Search/actor/6384/tv", "/cast/0/character"),
    ("/api/v2/Search/artist/a74b1b7f-71a5-4011-9441-d0b5e4122711", "/releaseGroups/0/id"),
    ("/api/v2/Search/artist/album/b1392450-e666-3926-a536-22c65f834433", "/title"),
    ("/api/v2/Search/stream/movie/438631", "/0/streamingProvider"),
    ("/api/v2/Search/ratings/movie/The Matrix/1999", "/critics_score"),
    ("/api/v1/TheMovieDb/Keywords?searchTerm=space", "/0/id"),
    ("/api/v1/TheMovieDb/Keywords/9882", "/name"),
    ("/api/v1/TheMovieDb/WatchProviders/movie", "/0/provider_name"),
    // Requests
    ("/api/v1/Request/movie", "/0/requestedUser/userAccessToken"),
    ("/api/v1/Request/tv", "/0/childRequests/0/seasonRequests"),
    ("/api/v1/request/music", "/0/foreignAlbumId"),
    ("/api/v1/Request/movie/total", ""),
    ("/api/v1/Request/tv/total", ""),
    ("/api/v1/request/music/total", ""),
    ("/api/v1/Request/count", "/pending"),
    ("/api/v1/Request/movie/remaining", "/hasLimit"),
    ("/api/v1/Request/tv/remaining", "/hasLimit"),
    ("/api/v1/request/music/remaining", "/hasLimit"),
    ("/api/v2/Requests/movie/10/0/requestedDate/desc", "/collection/0/requestStatus"),
    ("/api/v2/Requests/movie/pending/10/0/requestedDate/desc", "/total"),
    ("/api/v2/Requests/tv/10/0/requestedDate/desc", "/collection/0/parentRequest/externalProviderId"),
    ("/api/v2/Requests/album/10/0/requestedDate/desc", "/collection/0/artistName"),
    ("/api/v2/Requests/recentlyRequested", "/0/mediaId"),
    ("/api/v1/Request/movie/10/0/2/0/0", "/collection"),
    ("/api/v1/RequestRetry", "/0/failedId"),
    ("/api/v1/Stats?from=2026-01-01&to=2026-12-31", "/totalMovieRequests"),
    // Issues and votes
    ("/api/v1/Issues", "/0/resovledDate"),
    ("/api/v1/Issues/10/0/Pending", "/0/issueCategory/value"),
    ("/api/v1/Issues/10/0/0", "/0/userReported/mediaServerToken"),
    ("/api/v1/Issues/count", "/inProgress"),
    ("/api/v1/Issues/categories", "/0/value"),
    ("/api/v2/Issues/0/10/Pending", "/0/providerId"),
    ("/api/v1/Vote", "/0/upvotes"),
    // Users
    ("/api/v1/Identity/Users", "/0/claims/0/enabled"),
    ("/api/v1/Identity", "/userName"),
    ("/api/v1/Identity/claims", "/0/value"),
    ("/api/v1/Identity/streamingcountry", "/0"),
    ("/api/v1/Identity/dropdown/Users", "/0/username"),
    ("/api/v2/Hub/Users", "/0/displayName"),
    // Library and server
    ("/api/v2/Calendar", "/0/extraParams/0/requestStatus"),
    ("/api/v1/RecentlyAdded/movies", "/0/addedAt"),
    ("/api/v1/RecentlyAdded/tv", "/0/episodeNumber"),
    ("/api/v1/Images/poster/movie/603", ""),
    ("/api/v1/Status", ""),
    ("/api/v1/Status/info", ""),
    ("/api/v1/Settings/about", "/ombiConnectionString"),
    ("/api/v1/Update", "/updateAvailable"),
    ("/api/v2/Features", "/0/enabled"),
    ("/api/v1/Settings/jobs", "/sonarrSync"),
    ("/api/v2/System/logs", "/0"),
    // Integrations
    ("/api/v1/Sonarr/Profiles", "/0/name"),
    ("/api/v1/Sonarr/RootFolders", "/0/freespace"),
    ("/api/v1/Sonarr/v3/LanguageProfiles", "/0/cutoff/name"),
    ("/api/v1/Sonarr/tags", "/0/label"),
    ("/api/v1/Radarr/Profiles", "/0/id"),
    ("/api/v1/Radarr/Profiles/4k", "/1/name"),
    ("/api/v1/Radarr/RootFolders/4k", "/0/path"),
    ("/api/v1/Lidarr/Profiles", "/0/name"),
    ("/api/v1/Plex/servers", "/servers/0/machineId"),
    ("/api/v1/Plex/friends", "/0/username"),
];

#[test]
fn every_read_route_answers_with_its_shape() {
    let sim = Simulator::start().unwrap();
    for (path, pointer) in READS {
        let v = get(&sim, &path.replace(' ', "%20"));
        assert!(
            v.pointer(pointer).is_some(),
            "GET {path}: no {pointer} in {}",
            &v.to_string()[..v.to_string().len().min(400)]
        );
    }
}

#[test]
fn settings_sections_carry_their_secrets_and_roles() {
    let sim = Simulator::start().unwrap();
    let sections = [
        ("ombi", "/apiKey"),
        ("plex", "/servers/0/plexAuthToken"),
        ("emby", "/servers"),
        ("jellyfin", "/servers/0/apiKey"),
        ("sonarr", "/apiKey"),
        ("radarr", "/radarr4K/apiKey"),
        ("lidarr", "/apiKey"),
        ("CouchPotato", "/password"),
        ("DogNzb", "/apiKey"),
        ("SickRage", "/apiKey"),
        ("themoviedb", "/excludedKeywordIds"),
        ("customization", "/applicationName"),
        ("landingpage", "/noticeText"),
        ("authentication", "/requiredLength"),
        ("Issues", "/enableInProgress"),
        ("vote", "/movieVoteMax"),
        ("UserManagement", "/defaultRoles"),
        ("Update", "/password"),
        ("jobs", "/retryRequests"),
        ("notifications/email", "/password"),
        ("notifications/discord", "/webhookUrl"),
        ("notifications/telegram", "/botApi"),
        ("notifications/pushbullet", "/accessToken"),
        ("notifications/pushover", "/userToken"),
        ("notifications/slack", "/webhookUrl"),
        ("notifications/mattermost", "/webhookUrl"),
        ("notifications/gotify", "/applicationToken"),
        ("notifications/ntfy", "/authorizationHeader"),
        ("notifications/webhook", "/applicationToken"),
        ("notifications/twilio", "/whatsAppSettings/authToken"),
        ("notifications/mobile", "/notificationTemplates"),
        ("notifications/newsletter", "/externalEmails"),
    ];
    for (section, pointer) in sections {
        let v = get(&sim, &format!("/api/v1/Settings/{section}"));
        assert!(v.pointer(pointer).is_some(), "{section}: {pointer}");
    }
    assert_eq!(get(&sim, "/api/v1/Settings/ombi")["apiKey"], sim.api_key());
    // Anonymous sections need no credentials; the rest do.
    assert_eq!(call(&sim, "GET", "/api/v1/Settings/customization", &[], None).status, 200);
    assert_eq!(call(&sim, "GET", "/api/v1/Settings/plex", &[], None).status, 401);
    assert_eq!(api(&sim, "GET", "/api/v1/Settings/nonsense", None).status, 404);
}

#[test]
fn literal_segments_are_case_insensitive_and_beat_parameters() {
    let sim = Simulator::start().unwrap();
    assert_eq!(get(&sim, "/API/V1/STATUS/INFO"), json!("4.59.3"));
    let popular = get(&sim, "/api/v2/search/MOVIE/popular/0/3");
    assert_eq!(popular.as_array().unwrap().len(), 3);
    let matrix = get(&sim, "/api/v2/Search/movie/603");
    assert_eq!(matrix["title"], "The Matrix");
    assert_eq!(get(&sim, "/api/v2/Requests/TV/10/0/title/asc")["collection"].as_array().unwrap().len(), 10);
}

#[test]
fn int_constraints_and_unknown_routes_are_404_and_methods_405() {
    let sim = Simulator::start().unwrap();
    assert_eq!(api(&sim, "GET", "/api/v1/Request/tv/abc", None).status, 404);
    assert_eq!(api(&sim, "DELETE", "/api/v1/Request/movie/x1", None).status, 404);
    assert_eq!(api(&sim, "GET", "/api/v1/Nope", None).status, 404);
    assert_eq!(api(&sim, "PATCH", "/api/v1/Issues/categories", None).status, 405);
}

#[test]
fn post_reads_and_bodies() {
    let sim = Simulator::start().unwrap();
    let r = api(
        &sim,
        "POST",
        "/api/v2/Search/multi/dune",
        Some(&json!({"movies": true, "tvShows": false, "music": false, "people": false})),
    );
    assert_eq!(r.status, 200);
    assert!(r.json().as_array().unwrap().iter().all(|i| i["mediaType"] == "movie"));
    // [ApiController] with an empty body: 400 ProblemDetails.
    let r = api(&sim, "POST", "/api/v2/Search/multi/dune", None);
    assert_eq!(r.status, 400);
    assert!(r.header("content-type").unwrap().contains("problem+json"));
    assert_eq!(r.json()["title"], "A non-empty request body is required.");
    let r = api(
        &sim,
        "POST",
        "/api/v2/Search/advancedSearch/movie/0/50",
        Some(&json!({"type": "movie", "genreIds": [878], "decade": 1990})),
    );
    let items = r.json();
    assert!(!items.as_array().unwrap().is_empty());
    assert!(items.as_array().unwrap().iter().all(|m| m["genreIds"].as_array().unwrap().contains(&json!(878))));
    assert!(items.as_array().unwrap().iter().all(|m| m["releaseDate"].as_str().unwrap().starts_with("199")));
    let r =
        api(&sim, "POST", "/api/v2/Search/movie/similar", Some(&json!({"theMovieDbId": 603, "languageCode": "en"})));
    assert!(r.json().as_array().unwrap().iter().all(|m| m["id"] != 603));
}

#[test]
fn logs_are_listed_and_read_whole() {
    let sim = Simulator::start().unwrap();
    let files: Vec<Value> = get(&sim, "/api/v2/System/logs").as_array().unwrap().clone();
    assert_eq!(files.len(), 3);
    let newest = files[0].as_str().unwrap();
    assert!(newest.starts_with("log2026") && newest.ends_with(".txt"));
    // JSON string when JSON is accepted, text otherwise.
    let key = sim.api_key().to_string();
    let r = crate::support::call(
        &sim,
        "GET",
        &format!("/api/v2/System/logs/{newest}"),
        &[("ApiKey", &key), ("Accept", "application/json")],
        None,
    );
    assert!(r.json().as_str().unwrap().lines().count() >= 3000);
    let r = crate::support::call(&sim, "GET", &format!("/api/v2/System/logs/{newest}"), &[("ApiKey", &key)], None);
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    assert_eq!(api(&sim, "GET", "/api/v2/System/logs/other.txt", None).status, 404);
}
