//! Changing requests (§3.4, §3.5): create, approve, deny, availability, delete, subscribe,
//! advanced options, reprocess. Business failures are 200 `RequestEngineResult`s.

use serde_json::{Value, json};

use crate::auth::{self, Principal};
use crate::engine::{self, Kind};
use crate::http::Response;
use crate::router::Call;
use crate::routes::requests::NRE;

fn body(c: &Call) -> Result<Value, Response> {
    c.req.json().filter(|v| !v.is_null()).ok_or_else(|| Response::problem(400, "A non-empty request body is required."))
}

/// `ApiAlias`, honoured only with the `ApiKey` header.
fn alias(c: &Call) -> Option<String> {
    c.req.header("apikey").and(c.req.header("apialias")).map(str::to_string)
}

fn engine_result(r: Result<Value, String>) -> Response {
    match r {
        Ok(v) => Response::ok(v),
        Err(message) => Response::error(&message),
    }
}

/// An engine's create function.
type Create = fn(&mut crate::state::State, &Principal, &Value, Option<String>) -> Result<Value, String>;

/// Reads the body and the alias, then runs `create`.
fn create(c: &mut Call, create: Create) -> Response {
    let b = match body(c) {
        Ok(b) => b,
        Err(r) => return r,
    };
    let alias = alias(c);
    engine_result(create(c.state, &c.who, &b, alias))
}

/// POST `/api/v1/Request/movie`.
pub fn create_movie(c: &mut Call) -> Response {
    create(c, engine::create_movie)
}

/// POST `/api/v2/Requests/tv`.
pub fn create_tv(c: &mut Call) -> Response {
    create(c, engine::create_tv)
}

/// POST `/api/v1/request/music`.
pub fn create_album(c: &mut Call) -> Response {
    create(c, engine::create_album)
}

/// POST `/api/v2/Requests/movie/collection/{collectionId}` (no body).
pub fn create_collection(c: &mut Call) -> Response {
    let id = c.param(0).parse().unwrap_or(0);
    engine_result(engine::create_collection(c.state, &c.who, id))
}

fn kind_of(segment: &str) -> Kind {
    match segment.to_ascii_lowercase().as_str() {
        "tv" => Kind::Tv,
        "music" | "album" => Kind::Music,
        _ => Kind::Movie,
    }
}

fn decide(c: &mut Call, kind: Kind, action: &str) -> Response {
    let b = match body(c) {
        Ok(b) => b,
        Err(r) => return r,
    };
    let id = b.get("id").and_then(Value::as_u64).unwrap_or(0);
    let four_k = kind == Kind::Movie && b.get("is4K").and_then(Value::as_bool).unwrap_or(false);
    let reason = b.get("reason").and_then(Value::as_str).map(str::to_string);
    Response::ok(engine::decide(c.state, kind, id, four_k, action, reason))
}

/// POST `/api/v1/Request/{movie|tv}/approve`, PUT `…/deny`, POST `…/available` and
/// `…/unavailable`, and the same under `/api/v1/request/music/`: the media and the action are
/// the path's last two segments.
pub fn decision(c: &mut Call) -> Response {
    let kind = kind_of(&c.seg(3));
    let action = c.seg(4);
    decide(c, kind, &action)
}

/// Delete rights: Admin, PowerUser, or ManageOwnRequests on one's own request.
fn may_delete(c: &Call, owner: &str) -> bool {
    match &c.who {
        Principal::ApiKey => true,
        Principal::User(id) => c.state.user_by_id(id).is_some_and(|u| {
            u.has_role("Admin") || u.has_role("PowerUser") || (u.has_role("ManageOwnRequests") && u.id == owner)
        }),
        Principal::Anonymous => false,
    }
}

/// DELETE `/api/v1/Request/movie/{id:int}`: a missing request dereferences null (Q11).
pub fn delete_movie(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    let Some(owner) = c.state.movie_requests.iter().find(|r| r.id == id).map(|r| r.requested_user_id.clone()) else {
        return Response::error(NRE);
    };
    if !may_delete(c, &owner) {
        return Response::empty(403);
    }
    c.state.movie_requests.retain(|r| r.id != id);
    c.state.votes.retain(|v| !(v.request_id == id && v.request_type == 1));
    c.state.tick();
    Response::ok(engine::ok("Request successfully deleted", 0))
}

/// DELETE `/api/v1/Request/tv/child/{id:int}`: the parent goes too when it was the last child.
pub fn delete_child(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    let Some((owner, parent)) =
        c.state.tv_children.iter().find(|ch| ch.id == id).map(|ch| (ch.requested_user_id.clone(), ch.parent_id))
    else {
        return Response::error(NRE);
    };
    if !may_delete(c, &owner) {
        return Response::empty(403);
    }
    c.state.tv_children.retain(|ch| ch.id != id);
    if !c.state.tv_children.iter().any(|ch| ch.parent_id == parent) {
        c.state.tv_parents.retain(|p| p.id != parent);
    }
    c.state.tick();
    Response::ok(engine::ok("Request successfully deleted", 0))
}

/// DELETE `/api/v1/Request/tv/{parentId:int}`: the whole show; an empty 200.
pub fn delete_parent(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    if !c.state.tv_parents.iter().any(|p| p.id == id) {
        return Response::error(NRE);
    }
    c.state.tv_parents.retain(|p| p.id != id);
    c.state.tv_children.retain(|ch| ch.parent_id != id);
    c.state.tick();
    Response::empty(200)
}

/// DELETE `/api/v1/request/music/{id:int}`.
pub fn delete_album(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    let Some(owner) = c.state.album_requests.iter().find(|a| a.id == id).map(|a| a.requested_user_id.clone()) else {
        return Response::error(NRE);
    };
    if !may_delete(c, &owner) {
        return Response::empty(403);
    }
    c.state.album_requests.retain(|a| a.id != id);
    c.state.tick();
    Response::ok(engine::ok("Request successfully deleted", 0))
}

/// POST `/api/v1/Request/{movie|tv}/{subscribe|unsubscribe}/{id:int}`: always `true`.
pub fn subscription(c: &mut Call) -> Response {
    let kind = kind_of(&c.seg(3));
    let on = c.seg(4) == "subscribe";
    let id = c.int(0) as u64;
    if let Some(user) = auth::current_user(&c.who, c.state).map(|u| u.id.clone()) {
        engine::subscribe(c.state, kind, id, &user, on);
    }
    Response::ok(json!(true))
}

/// POST `/api/v2/Requests/{movie|tv}/advancedoptions` (`MediaAdvancedOptions`).
pub fn advanced_options(c: &mut Call) -> Response {
    let b = match body(c) {
        Ok(b) => b,
        Err(r) => return r,
    };
    let id = b.get("requestId").and_then(Value::as_u64).unwrap_or(0);
    let root = b.get("rootPathOverride").and_then(Value::as_u64).filter(|v| *v > 0);
    let quality = b.get("qualityOverride").and_then(Value::as_u64).filter(|v| *v > 0);
    let language = b.get("languageProfile").and_then(Value::as_u64).filter(|v| *v > 0);
    let done = if kind_of(&c.seg(3)) == Kind::Tv {
        // TV options live on the parent of the child request.
        let parent = c.state.tv_children.iter().find(|ch| ch.id == id).map(|ch| ch.parent_id);
        match c.state.tv_parents.iter_mut().find(|p| Some(p.id) == parent) {
            Some(p) => {
                p.root_folder = root.or(p.root_folder);
                p.quality_override = quality.or(p.quality_override);
                p.language_profile = language.or(p.language_profile);
                true
            }
            None => false,
        }
    } else {
        match c.state.movie_requests.iter_mut().find(|r| r.id == id) {
            Some(r) => {
                r.root_path_override = root.or(r.root_path_override);
                r.quality_override = quality.or(r.quality_override);
                true
            }
            None => false,
        }
    };
    if done {
        c.state.tick();
        Response::ok(engine::ok("Advanced options updated", id))
    } else {
        Response::ok(engine::fail("Request does not exist", Some("RequestDoesNotExist")))
    }
}

/// POST `/api/v2/Requests/reprocess/{type}/{requestId}/{is4K}`: re-sends to Sonarr/Radarr;
/// albums are a 400.
pub fn reprocess(c: &mut Call) -> Response {
    let kind = match c.param(0).to_ascii_lowercase().as_str() {
        "movie" | "1" => Kind::Movie,
        "tvshow" | "0" => Kind::Tv,
        "album" | "2" => return Response::problem(400, "Album requests cannot be reprocessed."),
        _ => return Response::problem(400, "One or more validation errors occurred."),
    };
    let Ok(id) = c.param(1).parse::<u64>() else {
        return Response::problem(400, "One or more validation errors occurred.");
    };
    if !c.param(2).eq_ignore_ascii_case("true") && !c.param(2).eq_ignore_ascii_case("false") {
        return Response::problem(400, "One or more validation errors occurred.");
    }
    if !engine::exists(c.state, kind, id) {
        return Response::ok(engine::fail("Request does not exist", Some("RequestDoesNotExist")));
    }
    let t = kind.request_type();
    c.state
        .retry_queue
        .iter_mut()
        .filter(|e| e.request_id == id && e.request_type == t && e.completed.is_none())
        .for_each(|e| {
            e.retry_count += 1;
        });
    c.state.tick();
    Response::ok(engine::ok("Request has been resent", id))
}
