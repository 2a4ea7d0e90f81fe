//! Settings sections (§3.11): GET returns the whole object, secrets included; POST replaces
//! it wholesale. Roles differ per section.

use serde_json::{Value, json};

use crate::auth::{self, Principal};
use crate::http::Response;
use crate::router::Call;

/// Sections readable without credentials.
const ANONYMOUS: &[&str] = &["customization", "landingpage", "authentication", "issues"];
/// Sections PowerUsers may read and write.
const POWER: &[&str] = &["sonarr", "radarr"];

fn section_name(c: &Call) -> String {
    let lower = c.path.to_ascii_lowercase();
    crate::http::decode(lower.strip_prefix("/api/v1/settings/").unwrap_or(&lower))
}

fn allowed(c: &Call, name: &str, write: bool) -> Result<(), Response> {
    if !write && ANONYMOUS.contains(&name) {
        return Ok(());
    }
    let access = if POWER.contains(&name) { auth::Access::PowerUser } else { auth::Access::Admin };
    auth::authorize(access, &c.who, c.state)
}

/// GET `/api/v1/Settings/{section}` and `/api/v1/Settings/notifications/{agent}`.
pub fn get(c: &mut Call) -> Response {
    let name = section_name(c);
    if c.state.section(&name).is_none() {
        return Response::empty(404);
    }
    if let Err(r) = allowed(c, &name, false) {
        return r;
    }
    Response::ok(c.state.section(&name).cloned().unwrap_or(Value::Null))
}

/// POST `/api/v1/Settings/{section}`: replaces the section; `true`. Jobs answer a
/// `JobSettingsViewModel` after validating every cron expression.
pub fn post(c: &mut Call) -> Response {
    let name = section_name(c);
    if c.state.section(&name).is_none() {
        return Response::empty(404);
    }
    if let Err(r) = allowed(c, &name, true) {
        return r;
    }
    let Some(body) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    if name == "jobs" {
        for (k, v) in body.as_object().unwrap() {
            if let Some(cron) = v.as_str() {
                let fields = cron.split_whitespace().count();
                if !(6..=7).contains(&fields) {
                    return Response::ok(
                        json!({"result": false, "message": format!("{k} is not a valid CRON expression")}),
                    );
                }
            }
        }
    }
    let mut body = body;
    if name == "ombi" {
        // Saving the Ombi section forces the wizard flag on.
        body["wizard"] = json!(true);
    }
    c.state.settings.insert(name.clone(), body);
    c.state.tick();
    if name == "jobs" {
        return Response::ok(json!({"result": true, "message": null}));
    }
    Response::ok(json!(true))
}

/// POST `/api/v1/Settings/ombi/resetApi` (Admin): rotates the key (never called by a wrapper).
pub fn reset_api(c: &mut Call) -> Response {
    if c.who != Principal::ApiKey && !auth::is_privileged(&c.who, c.state) {
        return Response::empty(403);
    }
    Response::ok(json!("the simulator does not rotate its key"))
}

/// The anonymous feature toggles: `issuesenabled`, `voteenabled`, `lidarrenabled`.
pub fn flag(c: &mut Call) -> Response {
    let (section, key) = match c.req.path.rsplit('/').next().unwrap_or("").to_ascii_lowercase().as_str() {
        "issuesenabled" => ("issues", "enabled"),
        "voteenabled" => ("vote", "enabled"),
        _ => ("lidarr", "enabled"),
    };
    Response::ok(json!(c.state.section(section).and_then(|s| s.get(key)).and_then(Value::as_bool).unwrap_or(false)))
}
