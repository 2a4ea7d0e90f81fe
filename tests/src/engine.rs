//! Ombi's request engines as pure functions over the state: permissions, auto-approval,
//! quotas, on-behalf requests, already-requested checks, votes. Business failures are a
//! `RequestEngineResult` with `isError: true` and a string `errorCode`, carried by HTTP 200.

use serde_json::{Value, json};

use crate::auth::Principal;
use crate::state::{
    AlbumRequest, EpisodeRequest, Lifecycle, MovieRequest, SeasonRequest, State, TvChild, TvParent, User, Vote,
};

/// A `RequestEngineResult` success.
pub fn ok(message: &str, request_id: u64) -> Value {
    json!({"result": true, "message": message, "isError": false, "errorMessage": null, "errorCode": null, "requestId": request_id})
}

/// A `RequestEngineResult` failure.
pub fn fail(message: &str, code: Option<&str>) -> Value {
    json!({"result": false, "message": null, "isError": true, "errorMessage": message, "errorCode": code, "requestId": 0})
}

/// The user the caller is (`Api` for the bare key).
pub fn caller(s: &State, who: &Principal) -> Option<User> {
    crate::auth::current_user(who, s).cloned()
}

/// Whether `u` holds `role`, Admin and the system user holding everything.
pub fn can(u: &User, role: &str) -> bool {
    u.is_system() || u.has_role("Admin") || u.has_role(role)
}

/// Media kinds of the engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Movie,
    Tv,
    Music,
}

impl Kind {
    fn request_role(self) -> &'static str {
        match self {
            Kind::Movie => "RequestMovie",
            Kind::Tv => "RequestTv",
            Kind::Music => "RequestMusic",
        }
    }
    fn auto_role(self) -> &'static str {
        match self {
            Kind::Movie => "AutoApproveMovie",
            Kind::Tv => "AutoApproveTv",
            Kind::Music => "AutoApproveMusic",
        }
    }
    /// RequestType integer.
    pub fn request_type(self) -> i64 {
        match self {
            Kind::Tv => 0,
            Kind::Movie => 1,
            Kind::Music => 2,
        }
    }
}

fn may_request(u: &User, kind: Kind) -> bool {
    can(u, kind.request_role()) || u.has_role(kind.auto_role())
}

fn auto_approves(u: &User, kind: Kind) -> bool {
    can(u, kind.auto_role())
}

/// Seconds of a `RequestLimitType` window (Day, Week, Month).
fn window(limit_type: i64) -> i64 {
    match limit_type {
        0 => 86_400,
        1 => 7 * 86_400,
        _ => 30 * 86_400,
    }
}

/// (limit, used in the window, window start) of `u` for `kind`; limit 0 = none.
pub fn quota(s: &State, u: &User, kind: Kind) -> (u32, u32, i64) {
    let (limit, lt) = match kind {
        Kind::Movie => (u.movie_request_limit, u.movie_request_limit_type),
        Kind::Tv => (u.episode_request_limit, u.episode_request_limit_type),
        Kind::Music => (u.music_request_limit, u.music_request_limit_type),
    };
    let since = s.now - window(lt);
    let used = match kind {
        Kind::Movie => s
            .movie_requests
            .iter()
            .filter(|r| r.requested_user_id == u.id && r.requested_date.or(r.requested_date_4k).unwrap_or(0) >= since)
            .count() as u32,
        Kind::Tv => s
            .tv_children
            .iter()
            .filter(|c| c.requested_user_id == u.id && c.requested_date >= since)
            .map(|c| c.seasons.iter().map(|se| se.episodes.len() as u32).sum::<u32>())
            .sum(),
        Kind::Music => {
            s.album_requests.iter().filter(|a| a.requested_user_id == u.id && a.requested_date >= since).count() as u32
        }
    };
    (limit, used, since)
}

/// `RequestQuotaCountModel` of `u` for `kind`.
pub fn quota_model(s: &State, u: &User, kind: Kind) -> Value {
    let (limit, used, since) = quota(s, u, kind);
    if limit == 0 {
        return json!({"hasLimit": false, "limit": 0, "remaining": 0, "nextRequest": crate::clock::iso(s.now)});
    }
    let lt = match kind {
        Kind::Movie => u.movie_request_limit_type,
        Kind::Tv => u.episode_request_limit_type,
        Kind::Music => u.music_request_limit_type,
    };
    json!({
        "hasLimit": true,
        "limit": limit,
        "remaining": limit.saturating_sub(used),
        "nextRequest": crate::clock::iso(since + window(lt))
    })
}

/// Resolves the owner of a new request: the caller, or `requestOnBehalf` (admins only).
fn owner(s: &State, who: &Principal, body: &Value) -> Result<User, Value> {
    let me = caller(s, who).ok_or_else(|| fail("Unknown user", None))?;
    match body.get("requestOnBehalf").and_then(Value::as_str).filter(|v| !v.is_empty()) {
        None => Ok(me),
        Some(id) => {
            if !(me.is_system() || me.has_role("Admin") || me.has_role("PowerUser")) {
                return Err(fail(
                    "You do not have permission to request on behalf of other users",
                    Some("NoPermissionsOnBehalf"),
                ));
            }
            s.user_by_id(id).cloned().ok_or_else(|| fail("The user to request on behalf of does not exist", None))
        }
    }
}

fn approved_now(at: i64) -> Lifecycle {
    Lifecycle { approved: true, marked_approved: Some(at), ..Lifecycle::default() }
}

/// After a successful create with voting on: an upvote and a subscription by the creator.
fn creator_votes(s: &mut State, kind: Kind, request_id: u64, user_id: &str) {
    let (enabled, ..) = s.vote_settings();
    if !enabled {
        return;
    }
    let id = s.id();
    let now = s.now;
    s.votes.push(Vote {
        id,
        request_id,
        vote_type: 0,
        request_type: kind.request_type(),
        user_id: user_id.into(),
        date: now,
    });
    subscribe(s, kind, request_id, user_id, true);
    auto_approve_by_votes(s, kind, request_id);
}

/// POST `/api/v1/Request/movie`.
pub fn create_movie(s: &mut State, who: &Principal, body: &Value, alias: Option<String>) -> Result<Value, String> {
    let tmdb = body.get("theMovieDbId").and_then(Value::as_u64).unwrap_or(0);
    let four_k = body.get("is4kRequest").and_then(Value::as_bool).unwrap_or(false) && s.feature("Movie4KRequests");
    let Some(movie) = s.movie(tmdb).cloned() else {
        return Err(format!("The movie {tmdb} was not found on TheMovieDb"));
    };
    let owner = match owner(s, who, body) {
        Ok(u) => u,
        Err(v) => return Ok(v),
    };
    if !may_request(&owner, Kind::Movie)
        || (four_k && !(can(&owner, "Request4KMovie") || owner.has_role("AutoApprove4KMovie")))
    {
        return Ok(fail("You do not have permissions to Request a Movie", Some("NoPermissionsRequestMovie")));
    }
    let existing = s.movie_requests.iter().position(|r| r.tmdb_id == tmdb);
    if let Some(i) = existing {
        let r = &s.movie_requests[i];
        let already = if four_k { r.has_4k } else { r.requested_date.is_some() };
        if already {
            return Ok(fail(&format!("{} has already been requested", movie.title), Some("AlreadyRequested")));
        }
    }
    let (limit, used, _) = quota(s, &owner, Kind::Movie);
    if limit > 0 && used >= limit {
        return Ok(fail("You have exceeded your Movie request quota!", Some("MovieRequestQuotaExceeded")));
    }
    let at = s.tick();
    let auto = if four_k { can(&owner, "AutoApprove4KMovie") } else { auto_approves(&owner, Kind::Movie) };
    let lifecycle = if auto { approved_now(at) } else { Lifecycle::default() };
    let id = match existing {
        Some(i) => {
            // The other flavour of an existing request: standard or 4K joins it.
            let r = &mut s.movie_requests[i];
            if four_k {
                r.has_4k = true;
                r.requested_date_4k = Some(at);
                r.four_k = lifecycle;
                r.is_4k_request = true;
            } else {
                r.requested_date = Some(at);
                r.standard = lifecycle;
            }
            r.id
        }
        None => {
            let id = s.id();
            s.movie_requests.push(MovieRequest {
                id,
                tmdb_id: tmdb,
                requested_user_id: owner.id.clone(),
                requested_date: (!four_k).then_some(at),
                standard: if four_k { Lifecycle::default() } else { lifecycle.clone() },
                has_4k: four_k,
                requested_date_4k: four_k.then_some(at),
                four_k: if four_k { lifecycle } else { Lifecycle::default() },
                is_4k_request: four_k,
                lang_code: body.get("languageCode").and_then(Value::as_str).unwrap_or("en").to_string(),
                root_path_override: body.get("rootFolderOverride").and_then(Value::as_u64),
                quality_override: body.get("qualityPathOverride").and_then(Value::as_u64),
                requested_by_alias: alias,
                source: 0,
                subscribers: Vec::new(),
            });
            id
        }
    };
    creator_votes(s, Kind::Movie, id, &owner.id);
    Ok(ok(&format!("{} has been successfully added!", movie.title), id))
}

/// An episode a TV request adds: number, title, air date, available.
type NewEpisode = (u32, String, String, bool);

/// POST `/api/v2/Requests/tv` (`TvRequestViewModelV2`): requestAll → latestSeason →
/// firstSeason (skips specials) → explicit seasons (a season with no episodes is ignored).
pub fn create_tv(s: &mut State, who: &Principal, body: &Value, alias: Option<String>) -> Result<Value, String> {
    let tmdb = body.get("theMovieDbId").and_then(Value::as_u64).unwrap_or(0);
    let Some(show) = s.show(tmdb).cloned() else {
        return Err(format!("The show {tmdb} was not found on TheMovieDb"));
    };
    let owner = match owner(s, who, body) {
        Ok(u) => u,
        Err(v) => return Ok(v),
    };
    if !may_request(&owner, Kind::Tv) {
        return Ok(fail("You do not have permissions to Request a TV Show", Some("NoPermissionsRequestTV")));
    }
    let flag = |k: &str| body.get(k).and_then(Value::as_bool).unwrap_or(false);
    let wanted: Vec<(u32, Vec<u32>)> = if flag("requestAll") {
        show.seasons.iter().map(|se| (se.number, se.episodes.iter().map(|e| e.number).collect())).collect()
    } else if flag("latestSeason") {
        show.seasons
            .iter()
            .last()
            .map(|se| vec![(se.number, se.episodes.iter().map(|e| e.number).collect())])
            .unwrap_or_default()
    } else if flag("firstSeason") {
        show.seasons
            .iter()
            .find(|se| se.number > 0)
            .map(|se| vec![(se.number, se.episodes.iter().map(|e| e.number).collect())])
            .unwrap_or_default()
    } else {
        body.get("seasons")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|se| {
                let n = se.get("seasonNumber")?.as_u64()? as u32;
                let eps: Vec<u32> = se
                    .get("episodes")?
                    .as_array()?
                    .iter()
                    .filter_map(|e| e.get("episodeNumber").and_then(Value::as_u64).map(|x| x as u32))
                    .collect();
                (!eps.is_empty()).then_some((n, eps))
            })
            .collect()
    };
    // Episodes the show has and nobody has requested yet.
    let parent_id = s.tv_parents.iter().find(|p| p.tmdb_id == tmdb).map(|p| p.id);
    let taken = |season: u32, ep: u32| {
        s.tv_children
            .iter()
            .filter(|c| Some(c.parent_id) == parent_id)
            .any(|c| c.seasons.iter().any(|se| se.number == season && se.episodes.iter().any(|e| e.number == ep)))
    };
    let mut fresh: Vec<(u32, Vec<NewEpisode>)> = Vec::new();
    for (n, eps) in wanted {
        let Some(season) = show.seasons.iter().find(|se| se.number == n) else {
            continue;
        };
        let picked: Vec<(u32, String, String, bool)> = season
            .episodes
            .iter()
            .filter(|e| eps.contains(&e.number) && !taken(n, e.number))
            .map(|e| (e.number, e.title.clone(), e.air_date.clone(), e.available))
            .collect();
        if !picked.is_empty() {
            fresh.push((n, picked));
        }
    }
    if fresh.is_empty() {
        return Ok(fail("All of these episodes have already been requested", Some("EpisodesAlreadyRequested")));
    }
    let count: u32 = fresh.iter().map(|(_, e)| e.len() as u32).sum();
    let (limit, used, _) = quota(s, &owner, Kind::Tv);
    if limit > 0 && used + count > limit {
        return Ok(fail("You have exceeded your Episode request quota!", Some("TvRequestQuotaExceeded")));
    }
    let at = s.tick();
    let parent_id = match parent_id {
        Some(id) => id,
        None => {
            let id = s.id();
            s.tv_parents.push(TvParent {
                id,
                tmdb_id: tmdb,
                quality_override: body.get("qualityPathOverride").and_then(Value::as_u64),
                root_folder: body.get("rootFolderOverride").and_then(Value::as_u64),
                language_profile: body.get("languageProfile").and_then(Value::as_u64),
            });
            id
        }
    };
    let auto = auto_approves(&owner, Kind::Tv);
    let mut seasons = Vec::new();
    for (n, eps) in fresh {
        let sid = s.id();
        let episodes = eps
            .into_iter()
            .map(|(number, title, air_date, available)| EpisodeRequest {
                id: s.id(),
                number,
                title,
                air_date,
                available,
                approved: auto,
            })
            .collect();
        seasons.push(SeasonRequest { id: sid, number: n, episodes });
    }
    let id = s.id();
    s.tv_children.push(TvChild {
        id,
        parent_id,
        requested_user_id: owner.id.clone(),
        requested_date: at,
        state: if auto { approved_now(at) } else { Lifecycle::default() },
        seasons,
        series_type: 0,
        requested_by_alias: alias,
        source: body.get("source").and_then(Value::as_i64).unwrap_or(0),
        subscribers: Vec::new(),
    });
    creator_votes(s, Kind::Tv, id, &owner.id);
    Ok(ok(&format!("{} has been successfully added!", show.title), id))
}

/// POST `/api/v1/request/music` (`{foreignAlbumId}`).
pub fn create_album(s: &mut State, who: &Principal, body: &Value, alias: Option<String>) -> Result<Value, String> {
    let mbid = body.get("foreignAlbumId").and_then(Value::as_str).unwrap_or("").to_string();
    let Some(album) = s.album(&mbid).cloned() else {
        return Err(format!("The album {mbid} was not found"));
    };
    let owner = match owner(s, who, body) {
        Ok(u) => u,
        Err(v) => return Ok(v),
    };
    if !may_request(&owner, Kind::Music) {
        return Ok(fail("You do not have permissions to Request an Album", Some("NoPermissionsRequestAlbum")));
    }
    if s.album_requests.iter().any(|a| a.album_mbid.eq_ignore_ascii_case(&mbid)) {
        return Ok(fail(&format!("{} has already been requested", album.title), Some("AlreadyRequested")));
    }
    let (limit, used, _) = quota(s, &owner, Kind::Music);
    if limit > 0 && used >= limit {
        return Ok(fail("You have exceeded your Album request quota!", Some("AlbumRequestQuotaExceeded")));
    }
    let at = s.tick();
    let id = s.id();
    let auto = auto_approves(&owner, Kind::Music);
    s.album_requests.push(AlbumRequest {
        id,
        album_mbid: album.mbid.clone(),
        requested_user_id: owner.id.clone(),
        requested_date: at,
        state: if auto { approved_now(at) } else { Lifecycle::default() },
        requested_by_alias: alias,
        subscribers: Vec::new(),
    });
    creator_votes(s, Kind::Music, id, &owner.id);
    Ok(ok(&format!("{} has been successfully added!", album.title), id))
}

/// POST `/api/v2/Requests/movie/collection/{id}`: every member not yet requested; the first
/// created id is returned.
pub fn create_collection(s: &mut State, who: &Principal, collection_id: u64) -> Result<Value, String> {
    let Some((_, name, members)) = s.collections.iter().find(|(id, _, _)| *id == collection_id).cloned() else {
        return Err(format!("The collection {collection_id} was not found on TheMovieDb"));
    };
    let mut first = 0;
    let mut last_error = None;
    for tmdb in members {
        let r = create_movie(s, who, &json!({"theMovieDbId": tmdb}), None)?;
        if r["result"] == true {
            if first == 0 {
                first = r["requestId"].as_u64().unwrap_or(0);
            }
        } else {
            last_error = Some(r);
        }
    }
    match (first, last_error) {
        (0, Some(err)) => Ok(err),
        _ => Ok(ok(&format!("{name} has been successfully added!"), first)),
    }
}

/// The lifecycle of movie request `id` (4K or not), TV child `id` or album request `id`.
pub fn lifecycle_mut(s: &mut State, kind: Kind, id: u64, four_k: bool) -> Option<&mut Lifecycle> {
    match kind {
        Kind::Movie => s
            .movie_requests
            .iter_mut()
            .find(|r| r.id == id)
            .map(|r| if four_k { &mut r.four_k } else { &mut r.standard }),
        Kind::Tv => s.tv_children.iter_mut().find(|c| c.id == id).map(|c| &mut c.state),
        Kind::Music => s.album_requests.iter_mut().find(|a| a.id == id).map(|a| &mut a.state),
    }
}

fn missing(kind: Kind) -> Value {
    match kind {
        Kind::Tv => fail("Child Request does not exist", Some("ChildRequestDoesNotExist")),
        _ => fail("Request does not exist", Some("RequestDoesNotExist")),
    }
}

/// Approve (`approve`), deny (`deny` with a reason), mark available or unavailable.
pub fn decide(s: &mut State, kind: Kind, id: u64, four_k: bool, action: &str, reason: Option<String>) -> Value {
    let at = s.tick();
    let Some(l) = lifecycle_mut(s, kind, id, four_k) else {
        return missing(kind);
    };
    let message = match action {
        "approve" => {
            l.approved = true;
            l.denied = Some(false);
            l.marked_approved = Some(at);
            "Request has been approved"
        }
        "deny" => {
            l.denied = Some(true);
            l.denied_reason = reason;
            l.approved = false;
            l.marked_denied = Some(at);
            // Ombi's own wording for a successful movie deny (Q10).
            if kind == Kind::Movie { "Request successfully deleted" } else { "Request has been denied" }
        }
        "available" => {
            l.available = true;
            l.approved = true;
            l.marked_available = Some(at);
            "Request is now available"
        }
        _ => {
            l.available = false;
            l.marked_available = None;
            "Request is now unavailable"
        }
    };
    let available = l.available;
    let approved = l.approved;
    if kind == Kind::Tv
        && let Some(c) = s.tv_children.iter_mut().find(|c| c.id == id)
    {
        for e in c.seasons.iter_mut().flat_map(|se| se.episodes.iter_mut()) {
            if action == "available" || action == "unavailable" {
                e.available = available;
            }
            e.approved = approved;
        }
    }
    ok(message, 0)
}

/// Subscribes or unsubscribes `user_id`; Ombi answers `true` whatever happened.
pub fn subscribe(s: &mut State, kind: Kind, id: u64, user_id: &str, on: bool) {
    let list = match kind {
        Kind::Movie => s.movie_requests.iter_mut().find(|r| r.id == id).map(|r| &mut r.subscribers),
        Kind::Tv => s.tv_children.iter_mut().find(|c| c.id == id).map(|c| &mut c.subscribers),
        Kind::Music => s.album_requests.iter_mut().find(|a| a.id == id).map(|a| &mut a.subscribers),
    };
    if let Some(list) = list {
        list.retain(|u| u != user_id);
        if on {
            list.push(user_id.to_string());
        }
    }
}

/// Approves a pending request once (up − down) reaches the per-type threshold (Q13).
fn auto_approve_by_votes(s: &mut State, kind: Kind, request_id: u64) {
    let (enabled, movie, tv, music) = s.vote_settings();
    if !enabled {
        return;
    }
    let max = match kind {
        Kind::Movie => movie,
        Kind::Tv => tv,
        Kind::Music => music,
    };
    let t = kind.request_type();
    let score: i64 = s
        .votes
        .iter()
        .filter(|v| v.request_id == request_id && v.request_type == t)
        .map(|v| if v.vote_type == 0 { 1 } else { -1 })
        .sum();
    if score >= max {
        let at = s.now;
        if let Some(l) = lifecycle_mut(s, kind, request_id, false)
            && !l.approved
            && l.denied != Some(true)
        {
            l.approved = true;
            l.marked_approved = Some(at);
        }
    }
}

/// Whether request `id` of `kind` exists.
pub fn exists(s: &State, kind: Kind, id: u64) -> bool {
    match kind {
        Kind::Movie => s.movie_requests.iter().any(|r| r.id == id),
        Kind::Tv => s.tv_children.iter().any(|c| c.id == id),
        Kind::Music => s.album_requests.iter().any(|a| a.id == id),
    }
}

/// POST `/api/v1/Vote/{up|down}/{type}/{id}` → `VoteEngineResult`; `None` for a missing
/// request (Ombi dereferences null: 500).
pub fn vote(s: &mut State, user: &User, kind: Kind, id: u64, up: bool) -> Option<Value> {
    let (enabled, ..) = s.vote_settings();
    if !enabled {
        return Some(json!({"result": true, "message": null, "isError": false, "errorMessage": null}));
    }
    if !exists(s, kind, id) {
        return None;
    }
    let vote_type = if up { 0 } else { 1 };
    // The "already voted" lookup ignores the request type (Q13).
    if let Some(i) = s.votes.iter().position(|v| v.request_id == id && v.user_id == user.id) {
        if s.votes[i].vote_type == vote_type {
            return Some(
                json!({"result": false, "message": null, "isError": true, "errorMessage": "You have already voted!"}),
            );
        }
        s.votes.remove(i);
    }
    let vid = s.id();
    let at = s.tick();
    s.votes.push(Vote {
        id: vid,
        request_id: id,
        vote_type,
        request_type: kind.request_type(),
        user_id: user.id.clone(),
        date: at,
    });
    auto_approve_by_votes(s, kind, id);
    Some(json!({"result": true, "message": "Voted!", "isError": false, "errorMessage": null}))
}
