//! The route table: Ombi's method, path, authorization and handler for every route the
//! tools use (API catalogue §3).

use crate::auth::Access::{self, Admin, Anon, Auth, PowerUser};
use crate::router::{Handler, Route};

pub mod identity;
pub mod search;
pub mod status;

fn r(method: &'static str, pattern: &'static str, access: Access, handler: Handler) -> Route {
    Route {
        method,
        pattern,
        access,
        handler,
    }
}

/// Every route, in no particular order (the router prefers literal segments).
pub fn table() -> Vec<Route> {
    vec![
        // Search (§3.1, §3.2)
        r("POST", "/api/v2/Search/multi/{term}", Auth, search::multi),
        r("POST", "/api/v1/Search/movie", Auth, search::movie_refine),
        r(
            "GET",
            "/api/v1/Search/movie/{term}",
            Auth,
            search::movie_term,
        ),
        r("GET", "/api/v1/Search/tv/{term}", Auth, search::tv_term),
        r(
            "GET",
            "/api/v1/Search/music/album/{term}",
            Auth,
            search::album_term,
        ),
        r(
            "GET",
            "/api/v1/Search/music/artist/{term}",
            Auth,
            search::artist_term,
        ),
        // Status, server, jobs, health (§3.12)
        r("GET", "/api/v1/Status", Anon, status::status),
        r("GET", "/api/v1/Status/info", Anon, status::info),
        r("GET", "/api/v1/Status/Wizard", Anon, status::wizard),
        r("GET", "/api/v1/Settings/about", Anon, status::about),
        r("GET", "/api/v1/Update", Anon, status::update),
        r("GET", "/api/v2/Features", Anon, status::features),
        r("GET", "/api/v1/Settings/jobs", Admin, status::jobs),
        r("GET", "/health", Anon, status::health),
        // Identity (§3.10)
        r("GET", "/api/v1/Identity/Users", PowerUser, identity::users),
        r("GET", "/api/v1/Identity", Auth, identity::me),
    ]
}
