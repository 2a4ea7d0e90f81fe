//! Ombi's API-key middleware and role checks (API catalogue §1.3, §1.4): the key in the
//! `ApiKey` header or `apikey` query acts as the `API` principal (admin); `UserName`
//! impersonates a user with their roles; an empty or unknown `UserName` is `401 Invalid User`.

use crate::http::{Request, Response};
use crate::state::{State, User};

/// Who is calling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Principal {
    /// No credentials.
    Anonymous,
    /// The bare API key: the synthetic `API` principal, roles Admin and ApiUser; "current
    /// user" paths resolve to the seeded `Api` system user.
    ApiKey,
    /// The API key with `UserName`: that user (by id), with their roles.
    User(String),
}

/// What a route requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// No requirement (`[AllowAnonymous]` or no attribute).
    Anon,
    /// Any authenticated caller (`[Authorize]`).
    Auth,
    /// Roles Admin or PowerUser.
    PowerUser,
    /// Role Admin.
    Admin,
}

/// Authenticates `req` for an `/api` path.
pub fn authenticate(req: &Request, state: &State, api_key: &str) -> Result<Principal, Response> {
    let key = req.header("apikey").or_else(|| req.query("apikey"));
    let Some(key) = key else {
        return Ok(Principal::Anonymous);
    };
    if !key.eq_ignore_ascii_case(api_key) {
        return Err(Response::text(401, "Invalid API Key"));
    }
    match req.header("username") {
        None => Ok(Principal::ApiKey),
        Some(name) if name.trim().is_empty() => Err(Response::text(401, "Invalid User")),
        Some(name) => match state.user_by_name(name.trim()) {
            Some(u) => Ok(Principal::User(u.id.clone())),
            None => Err(Response::text(401, "Invalid User")),
        },
    }
}

/// Checks `access` for `who`: 401 (empty, `WWW-Authenticate: Bearer`) without credentials,
/// 403 (empty) without the role.
pub fn authorize(access: Access, who: &Principal, state: &State) -> Result<(), Response> {
    if access == Access::Anon {
        return Ok(());
    }
    let user = match who {
        Principal::Anonymous => {
            return Err(Response::empty(401).with_header("WWW-Authenticate", "Bearer"));
        }
        Principal::ApiKey => return Ok(()),
        Principal::User(id) => state.user_by_id(id),
    };
    let Some(user) = user else {
        return Err(Response::empty(401));
    };
    let ok = match access {
        Access::Anon | Access::Auth => !user.has_role("Disabled"),
        Access::PowerUser => user.has_role("Admin") || user.has_role("PowerUser"),
        Access::Admin => user.has_role("Admin"),
    };
    if ok { Ok(()) } else { Err(Response::empty(403)) }
}

/// Whether `who` is an admin or power user (sees every request, may act on behalf).
pub fn is_privileged(who: &Principal, state: &State) -> bool {
    match who {
        Principal::ApiKey => true,
        Principal::User(id) => state.user_by_id(id).is_some_and(|u| u.has_role("Admin") || u.has_role("PowerUser")),
        Principal::Anonymous => false,
    }
}

/// The user "current user" code paths resolve to (`Api` for the bare key).
pub fn current_user<'a>(who: &Principal, state: &'a State) -> Option<&'a User> {
    match who {
        Principal::ApiKey => state.users.iter().find(|u| u.is_system()),
        Principal::User(id) => state.user_by_id(id),
        Principal::Anonymous => None,
    }
}
