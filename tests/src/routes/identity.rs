//! Users and the current user (§3.10).

use serde_json::{Value, json};

use crate::auth;
use crate::http::Response;
use crate::router::Call;
use crate::state::User;

/// Roles Ombi lists in `claims` (every role, enabled = has it).
pub const ROLES: &[&str] = &[
    "Admin",
    "AutoApproveMovie",
    "AutoApproveTv",
    "AutoApproveMusic",
    "PowerUser",
    "RequestTv",
    "RequestMovie",
    "RequestMusic",
    "Disabled",
    "ReceivesNewsletter",
    "ManageOwnRequests",
    "EditCustomPage",
    "Request4KMovie",
    "AutoApprove4KMovie",
];

/// The `UserViewModel` of `u`.
pub fn user_view(u: &User) -> Value {
    let quota = |limit: u32| {
        if limit > 0 {
            json!({ "hasLimit": true, "limit": limit, "remaining": limit, "nextRequest": "2026-12-01T00:00:00Z" })
        } else {
            Value::Null
        }
    };
    json!({
        "id": u.id,
        "userName": u.user_name,
        "alias": u.alias,
        "claims": ROLES.iter().map(|r| json!({ "value": r, "enabled": u.has_role(r) })).collect::<Vec<_>>(),
        "emailAddress": u.email,
        "password": null,
        "lastLoggedIn": u.last_logged_in,
        "language": u.language,
        "hasLoggedIn": true,
        "userType": if u.user_type == 0 { 1 } else { u.user_type },
        "movieRequestLimit": u.movie_request_limit,
        "episodeRequestLimit": u.episode_request_limit,
        "musicRequestLimit": u.music_request_limit,
        "streamingCountry": u.streaming_country,
        "movieRequestQuota": quota(u.movie_request_limit),
        "episodeRequestQuota": quota(u.episode_request_limit),
        "musicRequestQuota": quota(u.music_request_limit),
        "userQualityProfiles": null,
        "movieRequestLimitType": u.movie_request_limit_type,
        "musicRequestLimitType": u.music_request_limit_type,
        "episodeRequestLimitType": u.episode_request_limit_type
    })
}

/// GET `/api/v1/Identity/Users` (PowerUser): every non-system user, sorted by user name.
pub fn users(c: &mut Call) -> Response {
    let mut list: Vec<&User> = c.state.users.iter().filter(|u| !u.is_system()).collect();
    list.sort_by(|a, b| a.user_name.cmp(&b.user_name));
    Response::ok(json!(list.into_iter().map(user_view).collect::<Vec<_>>()))
}

/// GET `/api/v1/Identity`: the caller (the `Api` system user for the bare key).
pub fn me(c: &mut Call) -> Response {
    match auth::current_user(&c.who, c.state) {
        Some(u) => Response::ok(user_view(u)),
        None => Response::error("Object reference not set to an instance of an object."),
    }
}

/// The two-letter streaming countries Ombi offers.
pub const STREAMING_COUNTRIES: &[&str] = &[
    "AR", "AT", "AU", "BE", "BR", "CA", "CH", "CL", "CO", "CZ", "DE", "DK", "EC", "EE", "ES", "FI", "FR", "GB", "GR",
    "HU", "ID", "IE", "IN", "IT", "JP", "KR", "LT", "LV", "MX", "MY", "NL", "NO", "NZ", "PE", "PH", "PL", "PT", "RU",
    "SE", "SG", "TH", "TR", "US", "VE", "ZA",
];

/// GET `/api/v1/Identity/User/{id}` (PowerUser): 500 when unknown.
pub fn user(c: &mut Call) -> Response {
    match c.state.user_by_id(c.param(0)) {
        Some(u) => Response::ok(user_view(u)),
        None => Response::error("Object reference not set to an instance of an object."),
    }
}

/// GET `/api/v1/Identity/dropdown/Users` (PowerUser).
pub fn dropdown(c: &mut Call) -> Response {
    Response::ok(json!(
        c.state
            .users
            .iter()
            .filter(|u| !u.is_system())
            .map(|u| json!({"id": u.id, "username": u.user_name, "email": u.email}))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Identity/claims` (PowerUser): every role, `enabled: false`.
pub fn claims(_: &mut Call) -> Response {
    Response::ok(json!(ROLES.iter().map(|r| json!({"value": r, "enabled": false})).collect::<Vec<_>>()))
}

/// GET `/api/v1/Identity/streamingcountry`.
pub fn streaming_countries(_: &mut Call) -> Response {
    Response::ok(json!(STREAMING_COUNTRIES))
}

fn caller_mut<'a>(c: &'a mut Call) -> Option<&'a mut User> {
    let id = auth::current_user(&c.who, c.state)?.id.clone();
    c.state.users.iter_mut().find(|u| u.id == id)
}

/// POST `/api/v1/Identity/language` `{lang}`: the caller's language; an empty 200.
pub fn set_language(c: &mut Call) -> Response {
    let Some(lang) = c.req.json().and_then(|b| b.get("lang").and_then(Value::as_str).map(str::to_string)) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    match caller_mut(c) {
        Some(u) => {
            u.language = Some(lang);
            c.state.tick();
            Response::empty(200)
        }
        None => Response::error("Object reference not set to an instance of an object."),
    }
}

/// POST `/api/v1/Identity/streamingcountry` `{code}`: the caller's country; an empty 200.
pub fn set_streaming_country(c: &mut Call) -> Response {
    let Some(code) = c.req.json().and_then(|b| b.get("code").and_then(Value::as_str).map(str::to_string)) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    match caller_mut(c) {
        Some(u) => {
            u.streaming_country = code;
            c.state.tick();
            Response::empty(200)
        }
        None => Response::error("Object reference not set to an instance of an object."),
    }
}

/// Agents with user preferences (every agent but Email=0, Mobile=7, Webhook=9).
pub const PREFERENCE_AGENTS: &[i64] = &[1, 2, 3, 4, 5, 6, 8, 10, 11];

fn preferences(u: &User) -> Value {
    json!(PREFERENCE_AGENTS
        .iter()
        .map(|a| {
            let value = u.notification_values.get(a);
            json!({"id": if value.is_some() { 1000 + a } else { 0 }, "userId": u.id, "agent": a, "enabled": value.is_some(), "value": value})
        })
        .collect::<Vec<_>>())
}

/// GET `/api/v1/Identity/notificationpreferences/{userId}` (anonymous!).
pub fn preferences_of(c: &mut Call) -> Response {
    match c.state.user_by_id(c.param(0)) {
        Some(u) => Response::ok(preferences(u)),
        None => Response::error("Object reference not set to an instance of an object."),
    }
}

/// GET `/api/v1/Identity/notificationpreferences`: the caller's (500 when anonymous).
pub fn my_preferences(c: &mut Call) -> Response {
    match auth::current_user(&c.who, c.state) {
        Some(u) => Response::ok(preferences(u)),
        None => Response::error("Object reference not set to an instance of an object."),
    }
}

/// POST `/api/v1/Identity/NotificationPreferences` `[{agent, userId, value, enabled}]`: `true`;
/// 404 for an unknown user; 401 ProblemDetails when editing someone else without a DB role of
/// PowerUser or Admin. Only `value` is stored.
pub fn set_preferences(c: &mut Call) -> Response {
    let Some(items) = c.req.json().and_then(|v| v.as_array().cloned()) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let Some(me) = auth::current_user(&c.who, c.state).cloned() else {
        return Response::error("Object reference not set to an instance of an object.");
    };
    for item in &items {
        let user_id = item.get("userId").and_then(Value::as_str).unwrap_or("");
        if c.state.user_by_id(user_id).is_none() {
            return Response::problem(404, "Not Found");
        }
        if user_id != me.id && !(me.has_role("Admin") || me.has_role("PowerUser")) {
            return Response::problem(401, "Unauthorized");
        }
    }
    for item in items {
        let user_id = item.get("userId").and_then(Value::as_str).unwrap_or("").to_string();
        let agent = item.get("agent").and_then(Value::as_i64).unwrap_or(-1);
        let value = item.get("value").and_then(Value::as_str).unwrap_or("").to_string();
        if let Some(u) = c.state.users.iter_mut().find(|u| u.id == user_id) {
            if value.is_empty() {
                u.notification_values.remove(&agent);
            } else {
                u.notification_values.insert(agent, value);
            }
        }
    }
    c.state.tick();
    Response::ok(json!(true))
}

/// GET `/api/v2/Hub/Users` (Admin): users connected to the notification hub.
pub fn online(c: &mut Call) -> Response {
    let s = &c.state;
    Response::ok(json!(
        s.online
            .iter()
            .filter_map(|id| s.user_by_id(id))
            .map(|u| json!({"userId": u.id, "displayName": u.alias, "userType": u.user_type}))
            .collect::<Vec<_>>()
    ))
}
