//! Reading requests (§3.4–3.6): v2 paged lists with Ombi's sort-by-reflection (and its
//! NullReferenceException), v1 lists, details and searches, the recently-requested feed.

use std::cmp::Ordering;

use serde_json::{Value, json};

use crate::auth;
use crate::http::Response;
use crate::router::Call;
use crate::state::{Lifecycle, State};
use crate::views;

/// Ombi's message for a null dereference.
pub const NRE: &str = "Object reference not set to an instance of an object.";

/// The viewer's user id (for `subscribed`) and whether they see only their own requests.
fn viewer(c: &Call) -> (Option<String>, bool) {
    let me = auth::current_user(&c.who, c.state).map(|u| u.id.clone());
    let hide =
        c.state.section("ombi").and_then(|o| o.get("hideRequestsUsers")).and_then(Value::as_bool).unwrap_or(false);
    let own_only = hide && !auth::is_privileged(&c.who, c.state);
    (me, own_only)
}

/// A status filter of the v2 routes.
fn status_ok(l: &Lifecycle, status: Option<&str>) -> bool {
    match status.map(str::to_ascii_lowercase).as_deref() {
        None => true,
        Some("available") | Some("availble") => l.available,
        Some("processing") => l.approved && !l.available,
        Some("pending") => !l.approved && l.denied != Some(true),
        Some("denied") => l.denied == Some(true),
        Some("unavailable") => l.approved && !l.available,
        _ => true,
    }
}

/// A sort key resolved like Ombi's reflection lookup (ignoring case).
#[derive(Clone, Copy)]
enum Key {
    RequestedDate,
    Title,
    ReleaseDate,
    Status,
    Approved,
    Available,
    Denied,
    TheMovieDbId,
    RequestedDate4k,
    ParentRequestId,
    Id,
}

const MOVIE_KEYS: &[(&str, Key)] = &[
    ("requesteddate", Key::RequestedDate),
    ("title", Key::Title),
    ("releasedate", Key::ReleaseDate),
    ("status", Key::Status),
    ("approved", Key::Approved),
    ("available", Key::Available),
    ("denied", Key::Denied),
    ("themoviedbid", Key::TheMovieDbId),
    ("requesteddate4k", Key::RequestedDate4k),
    ("id", Key::Id),
];
const CHILD_KEYS: &[(&str, Key)] = &[
    ("requesteddate", Key::RequestedDate),
    ("title", Key::Title),
    ("approved", Key::Approved),
    ("available", Key::Available),
    ("denied", Key::Denied),
    ("parentrequestid", Key::ParentRequestId),
    ("id", Key::Id),
];
const ALBUM_KEYS: &[(&str, Key)] = &[
    ("requesteddate", Key::RequestedDate),
    ("title", Key::Title),
    ("approved", Key::Approved),
    ("available", Key::Available),
    ("denied", Key::Denied),
    ("id", Key::Id),
];

fn lookup(keys: &[(&str, Key)], name: &str) -> Option<Key> {
    keys.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, k)| *k)
}

fn cmp_json(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64().unwrap_or(0.0).total_cmp(&y.as_f64().unwrap_or(0.0)),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Null, Value::Null) => Ordering::Equal,
        (Value::Null, _) => Ordering::Less,
        (_, Value::Null) => Ordering::Greater,
        _ => a.to_string().cmp(&b.to_string()),
    }
}

fn field(key: Key) -> &'static str {
    match key {
        Key::RequestedDate => "requestedDate",
        Key::Title => "title",
        Key::ReleaseDate => "releaseDate",
        Key::Status => "status",
        Key::Approved => "approved",
        Key::Available => "available",
        Key::Denied => "denied",
        Key::TheMovieDbId => "theMovieDbId",
        Key::RequestedDate4k => "requestedDate4k",
        Key::ParentRequestId => "parentRequestId",
        Key::Id => "id",
    }
}

/// Sorts rendered requests; `Err` is Ombi's 500 for a property it cannot resolve.
fn sort(
    items: &mut [Value],
    keys: &[(&str, Key)],
    sort: &str,
    order: &str,
    dotted_fallback: Key,
) -> Result<(), Response> {
    let key = if sort.contains('.') {
        dotted_fallback
    } else {
        match lookup(keys, sort) {
            Some(k) => k,
            None if items.is_empty() => return Ok(()),
            None => return Err(Response::error(NRE)),
        }
    };
    let f = field(key);
    items.sort_by(|a, b| cmp_json(&a[f], &b[f]));
    if !order.eq_ignore_ascii_case("asc") {
        items.reverse();
    }
    Ok(())
}

fn page(items: Vec<Value>, count: usize, position: usize, total: usize) -> Response {
    let collection: Vec<Value> = items.into_iter().skip(position).take(count).collect();
    Response::ok(json!({"collection": collection, "total": total}))
}

fn v2_params(c: &Call, offset: usize) -> (usize, usize, String, String) {
    (
        c.int(offset).max(0) as usize,
        c.int(offset + 1).max(0) as usize,
        c.param(offset + 2).to_string(),
        c.param(offset + 3).to_string(),
    )
}

/// The status segment of a v2 list route (`None` for the unfiltered route).
fn status_of(c: &Call) -> Option<String> {
    (c.params.len() == 5).then(|| c.param(0).to_string())
}

/// GET `/api/v2/Requests/movie[/{status}]/{count}/{position}/{sort}/{sortOrder}`.
pub fn v2_movies(c: &mut Call) -> Response {
    let status = status_of(c);
    let (count, position, sort_by, order) = v2_params(c, if status.is_some() { 1 } else { 0 });
    let (me, own_only) = viewer(c);
    let s: &State = c.state;
    let mut items: Vec<Value> = s
        .movie_requests
        .iter()
        .filter(|r| !own_only || Some(&r.requested_user_id) == me.as_ref())
        .filter(|r| status_ok(&r.standard, status.as_deref()))
        .map(|r| views::movie_request(s, r, me.as_deref()))
        .collect();
    if let Err(r) = sort(&mut items, MOVIE_KEYS, &sort_by, &order, Key::RequestedDate) {
        return r;
    }
    let total = items.len();
    page(items, count, position, total)
}

/// GET `/api/v2/Requests/tv[/{status}]/{count}/{position}/{sort}/{sortOrder}`: children,
/// each with its parent; `total` counts children before rows of one show collapse (Q7).
pub fn v2_tv(c: &mut Call) -> Response {
    let status = status_of(c);
    let (count, position, sort_by, order) = v2_params(c, if status.is_some() { 1 } else { 0 });
    let (me, own_only) = viewer(c);
    let s: &State = c.state;
    let mut items: Vec<Value> = s
        .tv_children
        .iter()
        .filter(|ch| !own_only || Some(&ch.requested_user_id) == me.as_ref())
        .filter(|ch| status_ok(&ch.state, status.as_deref()))
        .map(|ch| views::child_request(s, ch, true, me.as_deref()))
        .collect();
    if let Err(r) = sort(&mut items, CHILD_KEYS, &sort_by, &order, Key::Title) {
        return r;
    }
    let total = items.len();
    let mut seen = Vec::new();
    items.retain(|i| {
        let t = i["title"].as_str().unwrap_or("").to_string();
        if seen.contains(&t) {
            false
        } else {
            seen.push(t);
            true
        }
    });
    page(items, count, position, total)
}

/// GET `/api/v2/Requests/album[/{status}]/{count}/{position}/{sort}/{sortOrder}`: the
/// unfiltered list resolves the sort against the movie type and ignores it for `asc` (Q6).
pub fn v2_albums(c: &mut Call) -> Response {
    let status = status_of(c);
    let (count, position, sort_by, order) = v2_params(c, if status.is_some() { 1 } else { 0 });
    let (me, own_only) = viewer(c);
    let s: &State = c.state;
    let mut items: Vec<Value> = s
        .album_requests
        .iter()
        .filter(|a| !own_only || Some(&a.requested_user_id) == me.as_ref())
        .filter(|a| status_ok(&a.state, status.as_deref()))
        .map(|a| views::album_request(s, a, me.as_deref()))
        .collect();
    let result = if status.is_none() && order.eq_ignore_ascii_case("asc") {
        sort(&mut items, ALBUM_KEYS, "requestedDate", "asc", Key::RequestedDate)
    } else if status.is_none()
        && lookup(MOVIE_KEYS, &sort_by).is_some()
        && lookup(ALBUM_KEYS, &sort_by).is_none()
        && !items.is_empty()
    {
        // A movie-only property does not exist on album objects.
        Err(Response::error(NRE))
    } else {
        sort(&mut items, ALBUM_KEYS, &sort_by, &order, Key::RequestedDate)
    };
    if let Err(r) = result {
        return r;
    }
    let total = items.len();
    page(items, count, position, total)
}

/// GET `/api/v1/Request/movie`.
pub fn v1_movies(c: &mut Call) -> Response {
    let (me, own_only) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.movie_requests
            .iter()
            .filter(|r| !own_only || Some(&r.requested_user_id) == me.as_ref())
            .map(|r| views::movie_request(s, r, me.as_deref()))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Request/movie/info/{requestId}`: 204 when missing.
pub fn v1_movie_info(c: &mut Call) -> Response {
    let id = c.param(0).parse::<u64>().unwrap_or(0);
    let (me, _) = viewer(c);
    match c.state.movie_requests.iter().find(|r| r.id == id) {
        Some(r) => Response::ok(views::movie_request(c.state, r, me.as_deref())),
        None => Response::empty(204),
    }
}

/// GET `/api/v1/Request/movie/search/{term}`.
pub fn v1_movie_search(c: &mut Call) -> Response {
    let term = c.param(0).to_lowercase();
    let (me, own_only) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.movie_requests
            .iter()
            .filter(|r| !own_only || Some(&r.requested_user_id) == me.as_ref())
            .filter(|r| s.movie(r.tmdb_id).is_some_and(|m| m.title.to_lowercase().contains(&term)))
            .map(|r| views::movie_request(s, r, me.as_deref()))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Request/tv` and `tvlite`: parents with their children.
pub fn v1_tv(c: &mut Call) -> Response {
    let (me, _) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.tv_parents.iter().map(|p| views::tv_parent(s, p, true, None, me.as_deref())).collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Request/tv/{parentId:int}`: 204 when missing.
pub fn v1_tv_parent(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    let (me, _) = viewer(c);
    match c.state.tv_parents.iter().find(|p| p.id == id) {
        Some(p) => Response::ok(views::tv_parent(c.state, p, true, None, me.as_deref())),
        None => Response::empty(204),
    }
}

/// GET `/api/v1/Request/tv/{parentId:int}/child`.
pub fn v1_tv_children(c: &mut Call) -> Response {
    let id = c.int(0) as u64;
    let (me, _) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.tv_children
            .iter()
            .filter(|ch| ch.parent_id == id)
            .map(|ch| views::child_request(s, ch, false, me.as_deref()))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/Request/tv/search/{term}`.
pub fn v1_tv_search(c: &mut Call) -> Response {
    let term = c.param(0).to_lowercase();
    let (me, _) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.tv_parents
            .iter()
            .filter(|p| s.show(p.tmdb_id).is_some_and(|x| x.title.to_lowercase().contains(&term)))
            .map(|p| views::tv_parent(s, p, true, None, me.as_deref()))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/request/music`.
pub fn v1_albums(c: &mut Call) -> Response {
    let (me, own_only) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.album_requests
            .iter()
            .filter(|a| !own_only || Some(&a.requested_user_id) == me.as_ref())
            .map(|a| views::album_request(s, a, me.as_deref()))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/request/music/search/{term}`.
pub fn v1_album_search(c: &mut Call) -> Response {
    let term = c.param(0).to_lowercase();
    let (me, _) = viewer(c);
    let s: &State = c.state;
    Response::ok(json!(
        s.album_requests
            .iter()
            .filter(|a| s.album(&a.album_mbid).is_some_and(|x| x.title.to_lowercase().contains(&term)))
            .map(|a| views::album_request(s, a, me.as_deref()))
            .collect::<Vec<_>>()
    ))
}

/// The v1 paged lists of movies and albums: `{collection, total}`; filter values outside the
/// handled set throw (Q8).
pub fn v1_paged(c: &mut Call, music: bool) -> Response {
    let (count, position, status, availability) =
        (c.int(0).max(0) as usize, c.int(1).max(0) as usize, c.int(3), c.int(4));
    if !(0..=2).contains(&availability) || ![0, 3, 4, 5].contains(&status) {
        return Response::error("Specified argument was out of the range of valid values.");
    }
    let (me, _) = viewer(c);
    let s: &State = c.state;
    let keep = |l: &Lifecycle| {
        let by_status = match status {
            3 => l.approved,
            4 => l.approved && !l.available,
            5 => !l.approved && l.denied != Some(true),
            _ => true,
        };
        let by_availability = match availability {
            1 => l.available,
            2 => !l.available,
            _ => true,
        };
        by_status && by_availability
    };
    let mut items: Vec<Value> = if music {
        s.album_requests.iter().filter(|a| keep(&a.state)).map(|a| views::album_request(s, a, me.as_deref())).collect()
    } else {
        s.movie_requests
            .iter()
            .filter(|r| keep(&r.standard))
            .map(|r| views::movie_request(s, r, me.as_deref()))
            .collect()
    };
    let (key, asc) = match c.int(2) {
        1 => ("requestedDate", true),
        3 => ("title", true),
        4 => ("title", false),
        5 => ("requestStatus", true),
        6 => ("requestStatus", false),
        _ => ("requestedDate", false),
    };
    items.sort_by(|a, b| cmp_json(&a[key], &b[key]));
    if !asc {
        items.reverse();
    }
    let total = items.len();
    page(items, count, position, total)
}

/// GET `/api/v1/Request/movie/{count}/{position}/{orderType}/{statusType}/{availabilityType}`.
pub fn v1_movies_paged(c: &mut Call) -> Response {
    v1_paged(c, false)
}

/// GET `/api/v1/request/music/{count}/{position}/{orderType}/{statusType}/{availabilityType}`.
pub fn v1_albums_paged(c: &mut Call) -> Response {
    v1_paged(c, true)
}

/// GET `/api/v1/Request/tv/{count}/{position}/{orderType}/{statusFilterType}/{availabilityFilterType}`:
/// the filter segments are never bound and the order is always newest first; no `total` (Q8).
pub fn v1_tv_paged(c: &mut Call) -> Response {
    let (count, position) = (c.int(0).max(0) as usize, c.int(1).max(0) as usize);
    let (me, _) = viewer(c);
    let s: &State = c.state;
    let mut parents: Vec<&crate::state::TvParent> = s.tv_parents.iter().collect();
    parents.sort_by_key(|p| {
        std::cmp::Reverse(s.tv_children.iter().filter(|ch| ch.parent_id == p.id).map(|ch| ch.requested_date).max())
    });
    let items: Vec<Value> = parents
        .into_iter()
        .skip(position)
        .take(count)
        .map(|p| views::tv_parent(s, p, true, None, me.as_deref()))
        .collect();
    Response::ok(json!({"collection": items, "total": 0}))
}

/// GET `/api/v2/Requests/recentlyRequested`: the 7 newest requests of each type, newest
/// first; TV rows carry the child request id (Q-recent) and the TMDB id as `mediaId`.
pub fn recently_requested(c: &mut Call) -> Response {
    let s: &State = c.state;
    let user = |id: &str| s.user_by_id(id).map(|u| u.alias.clone());
    let mut rows: Vec<(i64, Value)> = Vec::new();
    let mut movies: Vec<_> = s.movie_requests.iter().filter(|r| r.requested_date.is_some()).collect();
    movies.sort_by_key(|r| std::cmp::Reverse(r.requested_date));
    for r in movies.into_iter().take(7) {
        let m = s.movie(r.tmdb_id);
        rows.push((
            r.requested_date.unwrap_or(0),
            json!({
                "requestId": r.id, "type": 1, "userId": r.requested_user_id, "username": user(&r.requested_user_id),
                "available": r.standard.available, "tvPartiallyAvailable": false,
                "requestDate": views::date(r.requested_date), "title": m.map(|m| m.title.clone()),
                "overview": m.map(|m| m.overview.clone()), "releaseDate": m.map(|m| m.release_date.clone()),
                "approved": r.standard.approved, "denied": r.standard.denied == Some(true),
                "mediaId": r.tmdb_id.to_string(), "posterPath": m.map(|m| m.poster_path.clone()),
                "background": m.map(|m| format!("/b{}", &m.poster_path[1..]))
            }),
        ));
    }
    let mut children: Vec<_> = s.tv_children.iter().collect();
    children.sort_by_key(|ch| std::cmp::Reverse(ch.requested_date));
    for ch in children.into_iter().take(7) {
        let p = s.tv_parents.iter().find(|p| p.id == ch.parent_id);
        let show = p.and_then(|p| s.show(p.tmdb_id));
        let partly = ch.seasons.iter().flat_map(|se| &se.episodes).any(|e| e.available) && !ch.state.available;
        rows.push((
            ch.requested_date,
            json!({
                "requestId": ch.id, "type": 0, "userId": ch.requested_user_id, "username": user(&ch.requested_user_id),
                "available": ch.state.available, "tvPartiallyAvailable": partly,
                "requestDate": views::date(Some(ch.requested_date)), "title": show.map(|x| x.title.clone()),
                "overview": show.map(|x| x.overview.clone()), "releaseDate": show.map(|x| x.first_aired.clone()),
                "approved": ch.state.approved, "denied": ch.state.denied == Some(true),
                "mediaId": p.map(|p| p.tmdb_id.to_string()), "posterPath": show.map(|x| x.poster_path.clone()),
                "background": show.map(|x| format!("/b{}", &x.poster_path[1..]))
            }),
        ));
    }
    let mut albums: Vec<_> = s.album_requests.iter().collect();
    albums.sort_by_key(|a| std::cmp::Reverse(a.requested_date));
    for a in albums.into_iter().take(7) {
        let album = s.album(&a.album_mbid);
        rows.push((
            a.requested_date,
            json!({
                "requestId": a.id, "type": 2, "userId": a.requested_user_id, "username": user(&a.requested_user_id),
                "available": a.state.available, "tvPartiallyAvailable": false,
                "requestDate": views::date(Some(a.requested_date)), "title": album.map(|x| x.title.clone()),
                "overview": album.map(|x| x.artist_name.clone()), "releaseDate": album.map(|x| x.release_date.clone()),
                "approved": a.state.approved, "denied": a.state.denied == Some(true),
                "mediaId": a.album_mbid, "posterPath": null, "background": null
            }),
        ));
    }
    rows.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    Response::ok(json!(rows.into_iter().map(|(_, v)| v).collect::<Vec<_>>()))
}
