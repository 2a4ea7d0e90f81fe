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
