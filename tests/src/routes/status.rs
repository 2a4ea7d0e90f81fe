//! Status, version, about, update, features, job schedules and health (§3.12).

use serde_json::{Value, json};

use crate::http::Response;
use crate::router::Call;

/// GET `/api/v1/Status`: the JSON number 200.
pub fn status(_: &mut Call) -> Response {
    Response::ok(json!(200))
}

/// GET `/api/v1/Status/info`: the version as a JSON string.
pub fn info(c: &mut Call) -> Response {
    Response::ok(json!(c.state.version))
}

/// GET `/api/v1/Status/Wizard`.
pub fn wizard(c: &mut Call) -> Response {
    let done = c.state.section("ombi").and_then(|o| o.get("wizard")).and_then(Value::as_bool).unwrap_or(false);
    Response::ok(json!({ "result": done }))
}

/// GET `/api/v1/Settings/about` (anonymous!): carries paths and connection strings.
pub fn about(c: &mut Call) -> Response {
    Response::ok(json!({
        "version": c.state.version,
        "branch": "Stable",
        "frameworkDescription": ".NET 8.0.14",
        "osArchitecture": "X64",
        "osDescription": "Linux 6.8.0-49-generic #49-Ubuntu SMP",
        "processArchitecture": "X64",
        "applicationBasePath": "/app/ombi/",
        "ombiDatabaseType": "Sqlite",
        "externalDatabaseType": "Sqlite",
        "settingsDatabaseType": "Sqlite",
        "ombiConnectionString": "Data Source=/config/Ombi.db",
        "externalConnectionString": "Data Source=/config/OmbiExternal.db",
        "settingsConnectionString": null,
        "storagePath": "/config",
        "notSupported": false
    }))
}

/// GET `/api/v1/Update`.
pub fn update(c: &mut Call) -> Response {
    let available = c.state.update_available;
    Response::ok(json!({
        "updateVersionString": if available { "4.60.0" } else { "" },
        "updateVersion": if available { 4600 } else { 0 },
        "updateDate": if available { "2026-11-20T00:00:00Z" } else { "0001-01-01T00:00:00Z" },
        "updateAvailable": available,
        "changeLogs": if available { json!("Fixes and improvements.") } else { Value::Null },
        "downloads": []
    }))
}

/// GET `/api/v2/Features`.
pub fn features(c: &mut Call) -> Response {
    let list: Vec<Value> = c.state.features.iter().map(|(n, e)| json!({ "name": n, "enabled": e })).collect();
    Response::ok(json!(list))
}

/// GET `/api/v1/Settings/jobs` (Admin).
pub fn jobs(c: &mut Call) -> Response {
    Response::ok(c.state.section("jobs").cloned().unwrap_or(json!({})))
}

/// GET `/health`: plain text; 503 when unhealthy.
pub fn health(c: &mut Call) -> Response {
    let status = if c.state.health == "Unhealthy" { 503 } else { 200 };
    Response::text(status, &c.state.health.clone())
}
