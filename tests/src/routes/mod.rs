//! The route table: Ombi's method, path, authorization and handler for every route the
//! tools use (API catalogue §3). Literal segments are case-insensitive and beat parameters.

use crate::auth::Access::{self, Admin, Anon, Auth, PowerUser};
use crate::router::{Handler, Route};

pub mod details;
pub mod discover;
pub mod identity;
pub mod integrations;
pub mod issues;
pub mod library;
pub mod reference;
pub mod request_writes;
pub mod requests;
pub mod search;
pub mod settings;
pub mod stats;
pub mod status;
pub mod system;
pub mod votes;

fn r(method: &'static str, pattern: &'static str, access: Access, handler: Handler) -> Route {
    Route { method, pattern, access, handler }
}

/// Every route.
pub fn table() -> Vec<Route> {
    let mut t = search_routes();
    t.extend(request_routes());
    t.extend(people_routes());
    t.extend(server_routes());
    t
}

fn search_routes() -> Vec<Route> {
    vec![
        // Search v1 (§3.1)
        r("POST", "/api/v1/Search/movie", Auth, search::movie_refine),
        r("GET", "/api/v1/Search/movie/{term}", Auth, search::movie_term),
        r("GET", "/api/v1/Search/tv/{term}", Auth, search::tv_term),
        r("GET", "/api/v1/Search/tv/info/{tvdbId}", Auth, details::tv_info_v1),
        r("GET", "/api/v1/Search/music/album/{term}", Auth, search::album_term),
        r("GET", "/api/v1/Search/music/artist/{term}", Auth, search::artist_term),
        r("GET", "/api/v1/Search/music/album/info/{id}", Auth, details::album_info_v1),
        r("GET", "/api/v1/Search/music/artist/album/{id}", Auth, details::artist_albums_v1),
        // Search v2 (§3.2)
        r("POST", "/api/v2/Search/multi/{term}", Auth, search::multi),
        r("GET", "/api/v2/Search/Genres/{media}", Auth, reference::genres),
        r("GET", "/api/v2/Search/Languages", Auth, reference::languages),
        r("GET", "/api/v2/Search/movie/{movieDbId}", Auth, details::movie),
        r("GET", "/api/v2/Search/movie/imdb/{imdbid}", Auth, details::movie_by_imdb),
        r("GET", "/api/v2/Search/movie/request/{requestId}", Auth, details::movie_by_request),
        r("GET", "/api/v2/Search/movie/collection/{collectionId}", Auth, details::collection),
        r("GET", "/api/v2/Search/tv/{tvdbId}", Auth, details::tv),
        r("GET", "/api/v2/Search/tv/moviedb/{moviedbid}", Auth, details::tv),
        r("GET", "/api/v2/Search/tv/request/{requestId}", Auth, details::tv_by_request),
        r("POST", "/api/v2/Search/movie/similar", Auth, discover::similar),
        r("GET", "/api/v2/Search/movie/{list}/{currentPosition:int}/{amountToLoad:int}", Auth, discover::movie_list),
        r("GET", "/api/v2/Search/tv/{list}/{currentPosition:int}/{amountToLoad:int}", Auth, discover::tv_list),
        r("GET", "/api/v2/Search/tv/requested/{currentPosition:int}/{amountToLoad:int}", Auth, discover::tv_requested),
        r(
            "POST",
            "/api/v2/Search/advancedSearch/movie/{currentPosition:int}/{amountToLoad:int}",
            Auth,
            discover::advanced,
        ),
        r("GET", "/api/v2/Search/actor/{actorId}/{media}", Auth, details::actor),
        r("GET", "/api/v2/Search/artist/{artistId}", Auth, details::artist),
        r("GET", "/api/v2/Search/artist/request/{requestId}", Auth, details::artist_by_request),
        r("GET", "/api/v2/Search/artist/album/{albumId}", Auth, details::release_group),
        r("GET", "/api/v2/Search/stream/{media}/{movieDbId}", Auth, details::stream),
        r("GET", "/api/v2/Search/ratings/{media}/{name}/{year}", Auth, details::ratings),
        // TMDB reference (§3.3)
        r("GET", "/api/v1/TheMovieDb/Keywords", Auth, reference::keywords),
        r("GET", "/api/v1/TheMovieDb/Keywords/{keywordId}", Auth, reference::keyword),
        r("GET", "/api/v1/TheMovieDb/WatchProviders/{media}", Auth, reference::watch_providers),
    ]
}

fn request_routes() -> Vec<Route> {
    vec![
        // Requests v1 (§3.4)
        r("GET", "/api/v1/Request/movie", Auth, requests::v1_movies),
        r(
            "GET",
            "/api/v1/Request/movie/{count:int}/{position:int}/{orderType:int}/{statusType:int}/{availabilityType:int}",
            Auth,
            requests::v1_movies_paged,
        ),
        r("GET", "/api/v1/Request/movie/info/{requestId}", Auth, requests::v1_movie_info),
        r("GET", "/api/v1/Request/movie/total", Auth, stats::movie_total),
        r("GET", "/api/v1/Request/movie/search/{term}", Auth, requests::v1_movie_search),
        r("POST", "/api/v1/Request/movie", Auth, request_writes::create_movie),
        r("POST", "/api/v1/Request/movie/approve", PowerUser, request_writes::decision),
        r("PUT", "/api/v1/Request/movie/deny", PowerUser, request_writes::decision),
        r("POST", "/api/v1/Request/movie/available", PowerUser, request_writes::decision),
        r("POST", "/api/v1/Request/movie/unavailable", PowerUser, request_writes::decision),
        r("POST", "/api/v1/Request/tv/approve", PowerUser, request_writes::decision),
        r("PUT", "/api/v1/Request/tv/deny", PowerUser, request_writes::decision),
        r("POST", "/api/v1/Request/tv/available", PowerUser, request_writes::decision),
        r("POST", "/api/v1/Request/tv/unavailable", PowerUser, request_writes::decision),
        r("DELETE", "/api/v1/Request/movie/{requestId:int}", Auth, request_writes::delete_movie),
        r("POST", "/api/v1/Request/movie/subscribe/{requestId:int}", Auth, request_writes::subscription),
        r("POST", "/api/v1/Request/movie/unsubscribe/{requestId:int}", Auth, request_writes::subscription),
        r("POST", "/api/v1/Request/tv/subscribe/{requestId:int}", Auth, request_writes::subscription),
        r("POST", "/api/v1/Request/tv/unsubscribe/{requestId:int}", Auth, request_writes::subscription),
        r("GET", "/api/v1/Request/movie/remaining", Auth, stats::movie_remaining),
        r("GET", "/api/v1/Request/tv", Auth, requests::v1_tv),
        r("GET", "/api/v1/Request/tvlite", Auth, requests::v1_tv),
        r(
            "GET",
            "/api/v1/Request/tv/{count:int}/{position:int}/{orderType:int}/{statusFilterType:int}/{availabilityFilterType:int}",
            Auth,
            requests::v1_tv_paged,
        ),
        r("GET", "/api/v1/Request/tv/{requestId:int}", Auth, requests::v1_tv_parent),
        r("GET", "/api/v1/Request/tv/{requestId:int}/child", Auth, requests::v1_tv_children),
        r("GET", "/api/v1/Request/tv/total", Auth, stats::tv_total),
        r("GET", "/api/v1/Request/tv/search/{term}", Auth, requests::v1_tv_search),
        r("DELETE", "/api/v1/Request/tv/child/{requestId:int}", Auth, request_writes::delete_child),
        r("DELETE", "/api/v1/Request/tv/{requestId:int}", PowerUser, request_writes::delete_parent),
        r("GET", "/api/v1/Request/tv/remaining", Auth, stats::tv_remaining),
        r("GET", "/api/v1/Request/count", Anon, stats::count),
        // Music (§3.4)
        r("GET", "/api/v1/request/music", Auth, requests::v1_albums),
        r(
            "GET",
            "/api/v1/request/music/{count:int}/{position:int}/{orderType:int}/{statusType:int}/{availabilityType:int}",
            Auth,
            requests::v1_albums_paged,
        ),
        r("GET", "/api/v1/request/music/total", Auth, stats::music_total),
        r("GET", "/api/v1/request/music/search/{term}", Auth, requests::v1_album_search),
        r("POST", "/api/v1/request/music", Auth, request_writes::create_album),
        r("DELETE", "/api/v1/request/music/{requestId:int}", Auth, request_writes::delete_album),
        r("POST", "/api/v1/request/music/approve", PowerUser, request_writes::decision),
        r("PUT", "/api/v1/request/music/deny", PowerUser, request_writes::decision),
        r("POST", "/api/v1/request/music/available", PowerUser, request_writes::decision),
        r("POST", "/api/v1/request/music/unavailable", PowerUser, request_writes::decision),
        r("GET", "/api/v1/request/music/remaining", Auth, stats::music_remaining),
        // Requests v2 (§3.5)
        r("GET", "/api/v2/Requests/movie/{count:int}/{position:int}/{sort}/{sortOrder}", Auth, requests::v2_movies),
        r(
            "GET",
            "/api/v2/Requests/movie/{status}/{count:int}/{position:int}/{sort}/{sortOrder}",
            Auth,
            requests::v2_movies,
        ),
        r("GET", "/api/v2/Requests/tv/{count:int}/{position:int}/{sort}/{sortOrder}", Auth, requests::v2_tv),
        r("GET", "/api/v2/Requests/tv/{status}/{count:int}/{position:int}/{sort}/{sortOrder}", Auth, requests::v2_tv),
        r("GET", "/api/v2/Requests/album/{count:int}/{position:int}/{sort}/{sortOrder}", Auth, requests::v2_albums),
        r(
            "GET",
            "/api/v2/Requests/album/{status}/{count:int}/{position:int}/{sort}/{sortOrder}",
            Auth,
            requests::v2_albums,
        ),
        r("POST", "/api/v2/Requests/tv", Auth, request_writes::create_tv),
        r("POST", "/api/v2/Requests/movie/collection/{collectionId}", Auth, request_writes::create_collection),
        r("POST", "/api/v2/Requests/movie/advancedoptions", PowerUser, request_writes::advanced_options),
        r("POST", "/api/v2/Requests/tv/advancedoptions", PowerUser, request_writes::advanced_options),
        r("POST", "/api/v2/Requests/reprocess/{type}/{requestId}/{is4K}", PowerUser, request_writes::reprocess),
        r("GET", "/api/v2/Requests/recentlyRequested", Auth, requests::recently_requested),
        // Stats and the retry queue (§3.7)
        r("GET", "/api/v1/Stats", Admin, stats::stats),
        r("GET", "/api/v1/RequestRetry", Admin, stats::retry_list),
        r("DELETE", "/api/v1/RequestRetry/{queueId:int}", Admin, stats::retry_delete),
        // Issues (§3.8)
        r("GET", "/api/v1/Issues/categories", Auth, issues::categories),
        r("POST", "/api/v1/Issues/categories", PowerUser, issues::category_create),
        r("DELETE", "/api/v1/Issues/categories/{catId}", PowerUser, issues::category_delete),
        r("GET", "/api/v1/Issues", Auth, issues::all),
        r("GET", "/api/v1/Issues/{take}/{skip}/{status}", Auth, issues::v1_page),
        r("GET", "/api/v1/Issues/count", Auth, issues::count),
        r("GET", "/api/v1/Issues/{id}", Auth, issues::one),
        r("GET", "/api/v1/Issues/request/{id}", Auth, issues::by_request),
        r("GET", "/api/v1/Issues/provider/{id}", Auth, issues::by_provider),
        r("POST", "/api/v1/Issues", Auth, issues::create),
        r("POST", "/api/v1/Issues/status", Auth, issues::set_status),
        r("GET", "/api/v1/Issues/{id}/comments", Auth, issues::comments),
        r("POST", "/api/v1/Issues/comments", Auth, issues::comment_create),
        r("DELETE", "/api/v1/Issues/comments/{id}", PowerUser, issues::comment_delete),
        r("DELETE", "/api/v1/Issues/{id}", PowerUser, issues::delete),
        r("GET", "/api/v2/Issues/{position}/{take}/{status}", Auth, issues::v2_groups),
        r("GET", "/api/v2/Issues/details/{providerId}", Auth, issues::v2_details),
        // Votes (§3.9)
        r("GET", "/api/v1/Vote", Auth, votes::list),
        r("POST", "/api/v1/Vote/up/movie/{requestId:int}", Auth, votes::cast),
        r("POST", "/api/v1/Vote/up/tv/{requestId:int}", Auth, votes::cast),
        r("POST", "/api/v1/Vote/up/album/{requestId:int}", Auth, votes::cast),
        r("POST", "/api/v1/Vote/down/movie/{requestId:int}", Auth, votes::cast),
        r("POST", "/api/v1/Vote/down/tv/{requestId:int}", Auth, votes::cast),
        r("POST", "/api/v1/Vote/down/album/{requestId:int}", Auth, votes::cast),
        r("GET", "/api/v1/Vote/movie/{requestId:int}", Auth, votes::of_request),
        r("GET", "/api/v1/Vote/tv/{requestId:int}", Auth, votes::of_request),
        r("GET", "/api/v1/Vote/music/{requestId:int}", Auth, votes::of_request),
    ]
}

fn people_routes() -> Vec<Route> {
    vec![
        // Identity (§3.10)
        r("GET", "/api/v1/Identity/Users", PowerUser, identity::users),
        r("GET", "/api/v1/Identity/dropdown/Users", PowerUser, identity::dropdown),
        r("GET", "/api/v1/Identity", Auth, identity::me),
        r("GET", "/api/v1/Identity/User/{id}", PowerUser, identity::user),
        r("GET", "/api/v1/Identity/claims", PowerUser, identity::claims),
        r("POST", "/api/v1/Identity/language", Auth, identity::set_language),
        r("GET", "/api/v1/Identity/streamingcountry", Auth, identity::streaming_countries),
        r("POST", "/api/v1/Identity/streamingcountry", Auth, identity::set_streaming_country),
        r("GET", "/api/v1/Identity/notificationpreferences", Anon, identity::my_preferences),
        r("GET", "/api/v1/Identity/notificationpreferences/{userId}", Anon, identity::preferences_of),
        r("POST", "/api/v1/Identity/NotificationPreferences", Anon, identity::set_preferences),
        r("GET", "/api/v2/Hub/Users", Admin, identity::online),
        // Library (§3.13)
        r("GET", "/api/v2/Calendar", Auth, library::calendar),
        r("GET", "/api/v1/RecentlyAdded/movies", Auth, library::recently_added_movies),
        r("GET", "/api/v1/RecentlyAdded/tv", Auth, library::recently_added_tv),
        r("GET", "/api/v1/Images/tv/{tvdbid}", Anon, library::image),
        r("GET", "/api/v1/Images/poster/movie/{movieDbId}", Anon, library::image),
        r("GET", "/api/v1/Images/poster/tv/{tvdbid}", Anon, library::image),
        r("GET", "/api/v1/Images/poster/tv/tmdb/{tmdbId}", Anon, library::image),
        r("GET", "/api/v1/Images/background/movie/{movieDbId}", Anon, library::image),
        r("GET", "/api/v1/Images/banner/movie/{movieDbId}", Anon, library::image),
        r("GET", "/api/v1/Images/background/tv/{tvdbid}", Anon, library::image),
        r("GET", "/api/v1/Images/background/tv/tmdb/{id}", Anon, library::image),
    ]
}

fn server_routes() -> Vec<Route> {
    vec![
        // Status, server, jobs, health (§3.12)
        r("GET", "/api/v1/Status", Anon, status::status),
        r("GET", "/api/v1/Status/info", Anon, status::info),
        r("GET", "/api/v1/Status/Wizard", Anon, status::wizard),
        r("GET", "/api/v1/Settings/about", Anon, status::about),
        r("GET", "/api/v1/Update", Anon, status::update),
        r("GET", "/api/v2/Features", Anon, status::features),
        r("GET", "/api/v1/Job/update", Admin, system::update_available),
        r("POST", "/api/v1/Job/{job}", Admin, system::trigger),
        r("GET", "/health", Anon, status::health),
        // Settings (§3.11): the handlers check each section's role themselves.
        r("GET", "/api/v1/Settings/{section}", Anon, settings::get),
        r("POST", "/api/v1/Settings/{section}", Anon, settings::post),
        r("GET", "/api/v1/Settings/notifications/{agent}", Anon, settings::get),
        r("POST", "/api/v1/Settings/notifications/{agent}", Anon, settings::post),
        r("POST", "/api/v1/Settings/ombi/resetApi", Admin, settings::reset_api),
        r("GET", "/api/v1/Settings/issuesenabled", Anon, settings::flag),
        r("GET", "/api/v1/Settings/voteenabled", Anon, settings::flag),
        r("GET", "/api/v1/Settings/lidarrenabled", Anon, settings::flag),
        // Logs (§3.14)
        r("GET", "/api/v2/System/logs", Admin, system::logs),
        r("GET", "/api/v2/System/logs/{logFileName}", Admin, system::log_file),
        // Integrations (§3.15)
        r("GET", "/api/v1/Sonarr/Profiles", PowerUser, integrations::sonarr_profiles),
        r("GET", "/api/v1/Sonarr/RootFolders", PowerUser, integrations::sonarr_root_folders),
        r("GET", "/api/v1/Sonarr/v3/LanguageProfiles", PowerUser, integrations::sonarr_language_profiles),
        r("GET", "/api/v1/Sonarr/tags", PowerUser, integrations::sonarr_tags),
        r("GET", "/api/v1/Sonarr/enabled", PowerUser, integrations::sonarr_enabled),
        r("GET", "/api/v1/Sonarr/version", PowerUser, integrations::sonarr_version),
        r("GET", "/api/v1/Radarr/Profiles", PowerUser, integrations::radarr_profiles),
        r("GET", "/api/v1/Radarr/Profiles/4k", PowerUser, integrations::radarr_profiles),
        r("GET", "/api/v1/Radarr/RootFolders", PowerUser, integrations::radarr_root_folders),
        r("GET", "/api/v1/Radarr/RootFolders/4k", PowerUser, integrations::radarr_root_folders),
        r("GET", "/api/v1/Radarr/tags", PowerUser, integrations::radarr_tags),
        r("GET", "/api/v1/Radarr/enabled", PowerUser, integrations::radarr_enabled),
        r("GET", "/api/v1/Lidarr/Profiles", PowerUser, integrations::lidarr_profiles),
        r("GET", "/api/v1/Lidarr/RootFolders", PowerUser, integrations::lidarr_root_folders),
        r("GET", "/api/v1/Lidarr/enabled", Anon, integrations::lidarr_enabled),
        r("GET", "/api/v1/Plex/servers", Admin, integrations::plex_server_list),
        r("GET", "/api/v1/Plex/Libraries/{machineId}", Admin, integrations::plex_libraries),
        r("GET", "/api/v1/Plex/friends", Admin, integrations::plex_friends),
        r("GET", "/api/v1/Emby/users", Admin, integrations::media_server_users),
        r("GET", "/api/v1/Jellyfin/users", Admin, integrations::media_server_users),
    ]
}
