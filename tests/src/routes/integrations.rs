//! Sonarr, Radarr, Lidarr, Plex, Emby and Jellyfin lookups on the stored settings (§3.15).
//! Sonarr GETs answer null (204) when Sonarr is disabled; Radarr answers `[]`.

use serde_json::{Value, json};

use crate::http::Response;
use crate::router::Call;

fn enabled(c: &Call, section: &str, pointer: &str) -> bool {
    c.state.section(section).and_then(|s| s.pointer(pointer)).and_then(Value::as_bool).unwrap_or(false)
}

fn sonarr_on(c: &Call) -> bool {
    enabled(c, "sonarr", "/enabled")
}

/// GET `/api/v1/Sonarr/Profiles`.
pub fn sonarr_profiles(c: &mut Call) -> Response {
    if !sonarr_on(c) {
        return Response::empty(204);
    }
    Response::ok(json!([{"id": 1, "name": "Any"}, {"id": 4, "name": "HD-1080p"}, {"id": 6, "name": "Ultra-HD"}]))
}

/// GET `/api/v1/Sonarr/RootFolders`.
pub fn sonarr_root_folders(c: &mut Call) -> Response {
    if !sonarr_on(c) {
        return Response::empty(204);
    }
    Response::ok(
        json!([{"id": 2, "path": "/tv", "freespace": 1_893_452_103_680u64}, {"id": 3, "path": "/anime", "freespace": 401_202_118_656u64}]),
    )
}

/// GET `/api/v1/Sonarr/v3/LanguageProfiles`.
pub fn sonarr_language_profiles(c: &mut Call) -> Response {
    if !sonarr_on(c) {
        return Response::empty(204);
    }
    Response::ok(json!([
        {"id": 1, "name": "English", "upgradeAllowed": false, "cutoff": {"id": 1, "name": "English"}, "languages": []},
        {"id": 2, "name": "Original", "upgradeAllowed": true, "cutoff": {"id": 8, "name": "Japanese"}, "languages": []}
    ]))
}

/// GET `/api/v1/Sonarr/tags`.
pub fn sonarr_tags(c: &mut Call) -> Response {
    if !sonarr_on(c) {
        return Response::empty(204);
    }
    Response::ok(json!([{"id": 1, "label": "kids"}, {"id": 2, "label": "ombi"}]))
}

/// GET `/api/v1/Sonarr/enabled`.
pub fn sonarr_enabled(c: &mut Call) -> Response {
    Response::ok(json!(sonarr_on(c)))
}

/// GET `/api/v1/Sonarr/version`: `""` when disabled.
pub fn sonarr_version(c: &mut Call) -> Response {
    Response::ok(json!(if sonarr_on(c) { "4.0.10.2544" } else { "" }))
}

fn radarr_on(c: &Call, four_k: bool) -> bool {
    enabled(c, "radarr", if four_k { "/radarr4K/enabled" } else { "/radarr/enabled" })
}

fn radarr_profiles_json(four_k: bool) -> Value {
    let base = if four_k { 8 } else { 6 };
    json!([
        {"id": 1, "name": "Any", "upgradeAllowed": false, "cutoff": 1, "items": []},
        {"id": base, "name": if four_k { "Ultra-HD" } else { "HD-1080p" }, "upgradeAllowed": true, "cutoff": base, "items": []}
    ])
}

/// GET `/api/v1/Radarr/Profiles` and `Profiles/4k`: `[]` when disabled.
pub fn radarr_profiles(c: &mut Call) -> Response {
    let four_k = c.req.path.to_ascii_lowercase().ends_with("/4k");
    Response::ok(if radarr_on(c, four_k) { radarr_profiles_json(four_k) } else { json!([]) })
}

/// GET `/api/v1/Radarr/RootFolders` and `RootFolders/4k`.
pub fn radarr_root_folders(c: &mut Call) -> Response {
    let four_k = c.req.path.to_ascii_lowercase().ends_with("/4k");
    let path = if four_k { "/movies-4k" } else { "/movies" };
    Response::ok(if radarr_on(c, four_k) {
        json!([{"id": if four_k { 5 } else { 4 }, "path": path, "freespace": 2_101_334_016_000u64}])
    } else {
        json!([])
    })
}

/// GET `/api/v1/Radarr/tags`.
pub fn radarr_tags(c: &mut Call) -> Response {
    Response::ok(if radarr_on(c, false) { json!([{"id": 1, "label": "ombi"}]) } else { json!([]) })
}

/// GET `/api/v1/Radarr/enabled`.
pub fn radarr_enabled(c: &mut Call) -> Response {
    Response::ok(json!(radarr_on(c, false)))
}

fn lidarr_on(c: &Call) -> bool {
    enabled(c, "lidarr", "/enabled")
}

/// GET `/api/v1/Lidarr/Profiles`.
pub fn lidarr_profiles(c: &mut Call) -> Response {
    Response::ok(if lidarr_on(c) {
        json!([{"id": 1, "name": "Lossless"}, {"id": 2, "name": "Standard"}])
    } else {
        json!([])
    })
}

/// GET `/api/v1/Lidarr/RootFolders`.
pub fn lidarr_root_folders(c: &mut Call) -> Response {
    Response::ok(if lidarr_on(c) {
        json!([{"id": 1, "path": "/music", "freeSpace": 812_003_201_024u64, "unmappedFolders": []}])
    } else {
        json!([])
    })
}

/// GET `/api/v1/Lidarr/enabled` (anonymous).
pub fn lidarr_enabled(c: &mut Call) -> Response {
    Response::ok(json!(lidarr_on(c)))
}

fn plex_servers(c: &Call) -> Vec<Value> {
    c.state.section("plex").and_then(|p| p.get("servers")).and_then(Value::as_array).cloned().unwrap_or_default()
}

/// GET `/api/v1/Plex/servers` (Admin).
pub fn plex_server_list(c: &mut Call) -> Response {
    let servers: Vec<Value> = plex_servers(c)
        .iter()
        .map(|s| json!({"serverName": s["name"], "serverId": s["id"], "machineId": s["machineIdentifier"]}))
        .collect();
    Response::ok(json!({"success": !servers.is_empty(), "servers": servers}))
}

/// GET `/api/v1/Plex/Libraries/{machineId}` (Admin).
pub fn plex_libraries(c: &mut Call) -> Response {
    let id = c.param(0).to_string();
    let Some(server) = plex_servers(c).into_iter().find(|s| s["machineIdentifier"] == json!(id)) else {
        return Response::ok(json!({"successful": false, "message": "Could not find the server", "data": null}));
    };
    let data: Vec<Value> = server["plexSelectedLibraries"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| json!({"key": l["key"], "title": l["title"], "type": if l["title"] == "Movies" { "movie" } else { "show" }}))
        .collect();
    Response::ok(json!({"successful": true, "message": null, "data": data}))
}

/// GET `/api/v1/Plex/friends` (Admin).
pub fn plex_friends(c: &mut Call) -> Response {
    Response::ok(json!(
        c.state
            .users
            .iter()
            .filter(|u| u.user_type == 2)
            .map(|u| json!({"username": u.user_name, "id": format!("{}", 10_000 + u.user_name.len())}))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Emby/users` and `/api/v1/Jellyfin/users` (Admin).
pub fn media_server_users(c: &mut Call) -> Response {
    let t = if c.req.path.to_ascii_lowercase().contains("/emby/") { 3 } else { 5 };
    Response::ok(json!(
        c.state
            .users
            .iter()
            .filter(|u| u.user_type == t)
            .map(|u| json!({"username": u.user_name, "id": u.id.replace('-', "")}))
            .collect::<Vec<_>>()
    ))
}
