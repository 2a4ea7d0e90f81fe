//! Ombi's JSON shapes for the stateful entities: `OmbiUser` (with the tokens a wrapper must
//! not pass on), `MovieRequests`, `TvRequests`/`ChildRequests`, `AlbumRequest`, `Issues`.

use serde_json::{Value, json};

use crate::clock::{self, MIN_DATE};
use crate::state::{AlbumRequest, Issue, Lifecycle, MovieRequest, State, TvChild, TvParent, User};

/// An ISO date, or Ombi's unset date for `None`.
pub fn date(secs: Option<i64>) -> String {
    secs.map(clock::iso).unwrap_or_else(|| MIN_DATE.into())
}

/// The `requestStatus` i18n key of a lifecycle.
pub fn request_status(l: &Lifecycle) -> &'static str {
    if l.available {
        "Common.Available"
    } else if l.denied == Some(true) {
        "Common.Denied"
    } else if l.approved {
        "Common.ProcessingRequest"
    } else {
        "Common.PendingApproval"
    }
}

/// A serialized `OmbiUser` as it appears inside requests, issues and stats, secrets included.
pub fn ombi_user(u: &User) -> Value {
    json!({
        "id": u.id,
        "userName": u.user_name,
        "normalizedUserName": u.user_name.to_uppercase(),
        "email": if u.email.is_empty() { Value::Null } else { json!(u.email) },
        "normalizedEmail": if u.email.is_empty() { Value::Null } else { json!(u.email.to_uppercase()) },
        "emailConfirmed": false,
        "phoneNumber": null,
        "phoneNumberConfirmed": false,
        "twoFactorEnabled": false,
        "lockoutEnd": null,
        "lockoutEnabled": true,
        "accessFailedCount": 0,
        "alias": u.alias,
        "userType": u.user_type,
        "providerUserId": if u.user_type == 2 { json!(format!("{}", 10_000 + u.user_name.len())) } else { Value::Null },
        "lastLoggedIn": u.last_logged_in,
        "language": u.language,
        "streamingCountry": u.streaming_country,
        "movieRequestLimit": u.movie_request_limit,
        "episodeRequestLimit": u.episode_request_limit,
        "musicRequestLimit": u.music_request_limit,
        "movieRequestLimitType": u.movie_request_limit_type,
        "episodeRequestLimitType": u.episode_request_limit_type,
        "musicRequestLimitType": u.music_request_limit_type,
        "userAccessToken": u.user_access_token,
        "mediaServerToken": u.media_server_token,
        "notificationUserIds": [],
        "userNotificationPreferences": null,
        "isEmbyConnect": false,
        "userAlias": u.alias,
        "emailLogin": false,
        "isSystemUser": u.is_system()
    })
}

fn user_json(s: &State, id: &str) -> Value {
    s.user_by_id(id).map(ombi_user).unwrap_or(Value::Null)
}

/// The `BaseRequest` part of a movie, child or album request.
struct Base<'a> {
    id: u64,
    title: &'a str,
    state: &'a Lifecycle,
    requested: Option<i64>,
    user_id: &'a str,
    /// RequestType: TvShow=0, Movie=1, Album=2.
    kind: i64,
    alias: &'a Option<String>,
    source: i64,
}

impl Base<'_> {
    fn json(&self, s: &State) -> Value {
        let l = self.state;
        json!({
            "id": self.id,
            "title": self.title,
            "approved": l.approved,
            "markedAsApproved": date(l.marked_approved),
            "requestedDate": date(self.requested),
            "available": l.available,
            "markedAsAvailable": l.marked_available.map(clock::iso),
            "requestedUserId": self.user_id,
            "requestedUser": user_json(s, self.user_id),
            "denied": l.denied,
            "markedAsDenied": date(l.marked_denied),
            "deniedReason": l.denied_reason,
            "requestType": self.kind,
            "requestedByAlias": self.alias,
            "source": self.source,
            "canApprove": !l.approved && l.denied != Some(true),
        })
    }
}

fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

/// `MovieRequests`; `viewer` decides `subscribed`.
pub fn movie_request(s: &State, r: &MovieRequest, viewer: Option<&str>) -> Value {
    let m = s.movie(r.tmdb_id);
    let title = m.map(|m| m.title.as_str()).unwrap_or("Unknown");
    let combination = match (r.requested_date.is_some(), r.has_4k) {
        (true, true) => 2,
        (false, true) => 1,
        _ => 0,
    };
    merge(
        Base {
            id: r.id,
            title,
            state: &r.standard,
            requested: r.requested_date,
            user_id: &r.requested_user_id,
            kind: 1,
            alias: &r.requested_by_alias,
            source: r.source,
        }
        .json(s),
        json!({
            "imdbId": m.map(|m| m.imdb_id.clone()),
            "overview": m.map(|m| m.overview.clone()),
            "posterPath": m.map(|m| m.poster_path.clone()),
            "releaseDate": m.map(|m| m.release_date.clone()),
            "digitalReleaseDate": null,
            "status": "Released",
            "background": m.map(|m| format!("/b{}", &m.poster_path[1..])),
            "released": true,
            "digitalRelease": false,
            "theMovieDbId": r.tmdb_id,
            "issueId": null,
            "issues": [],
            "subscribed": viewer.is_some_and(|v| r.subscribers.iter().any(|x| x == v)),
            "showSubscribe": true,
            "is4kRequest": r.is_4k_request,
            "rootPathOverride": r.root_path_override.unwrap_or(0),
            "qualityOverride": r.quality_override.unwrap_or(0),
            "has4KRequest": r.has_4k,
            "approved4K": r.four_k.approved,
            "markedAsApproved4K": date(r.four_k.marked_approved),
            "requestedDate4k": date(r.requested_date_4k),
            "available4K": r.four_k.available,
            "markedAsAvailable4K": r.four_k.marked_available.map(clock::iso),
            "denied4K": r.four_k.denied,
            "markedAsDenied4K": date(r.four_k.marked_denied),
            "deniedReason4K": r.four_k.denied_reason,
            "requestCombination": combination,
            "langCode": r.lang_code,
            "requestStatus": request_status(&r.standard),
            "watchedByRequestedUser": false,
            "playedByUsersCount": 0
        }),
    )
}

/// `TvRequests` (the parent); children are embedded unless `exclude` names the one being
/// serialized (Newtonsoft's `ReferenceLoopHandling.Ignore`).
pub fn tv_parent(s: &State, p: &TvParent, with_children: bool, exclude: Option<u64>, viewer: Option<&str>) -> Value {
    let show = s.show(p.tmdb_id);
    let children: Vec<Value> = if with_children {
        s.tv_children
            .iter()
            .filter(|c| c.parent_id == p.id && Some(c.id) != exclude)
            .map(|c| child_request(s, c, false, viewer))
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "id": p.id,
        "tvDbId": show.map(|s| s.tvdb_id).unwrap_or(0),
        "externalProviderId": p.tmdb_id,
        "imdbId": show.map(|s| s.imdb_id.clone()),
        "qualityOverride": p.quality_override,
        "rootFolder": p.root_folder,
        "languageProfile": p.language_profile,
        "overview": show.map(|s| s.overview.clone()),
        "title": show.map(|s| s.title.clone()).unwrap_or_default(),
        "posterPath": show.map(|s| format!("https://image.tmdb.org/t/p/w300{}", s.poster_path)),
        "background": show.map(|s| format!("https://image.tmdb.org/t/p/w1280/b{}", &s.poster_path[1..])),
        "releaseDate": show.map(|s| s.first_aired.clone()),
        "status": "Continuing",
        "totalSeasons": show.map(|s| s.seasons.len()).unwrap_or(0),
        "childRequests": children
    })
}

/// `ChildRequests`; with `with_parent` the parent is embedded (without this child).
pub fn child_request(s: &State, c: &TvChild, with_parent: bool, viewer: Option<&str>) -> Value {
    let parent = s.tv_parents.iter().find(|p| p.id == c.parent_id);
    let title = parent.and_then(|p| s.show(p.tmdb_id)).map(|s| s.title.clone()).unwrap_or_default();
    let seasons: Vec<Value> = c
        .seasons
        .iter()
        .map(|se| {
            json!({
                "id": se.id,
                "seasonNumber": se.number,
                "overview": null,
                "episodes": se.episodes.iter().map(|e| json!({
                    "id": e.id,
                    "episodeNumber": e.number,
                    "title": e.title,
                    "airDate": e.air_date,
                    "url": null,
                    "available": e.available,
                    "approved": e.approved,
                    "requested": true,
                    "denied": c.state.denied,
                    "deniedReason": c.state.denied_reason,
                    "seasonId": se.id,
                    "airDateDisplay": if e.air_date.starts_with("0001") { "Unknown".to_string() } else { e.air_date[..10].to_string() },
                    "requestStatus": if e.available { "Common.Available" } else { request_status(&c.state) }
                })).collect::<Vec<_>>(),
                "childRequestId": c.id,
                "seasonAvailable": se.episodes.iter().all(|e| e.available)
            })
        })
        .collect();
    merge(
        Base {
            id: c.id,
            title: &title,
            state: &c.state,
            requested: Some(c.requested_date),
            user_id: &c.requested_user_id,
            kind: 0,
            alias: &c.requested_by_alias,
            source: c.source,
        }
        .json(s),
        json!({
            "parentRequestId": c.parent_id,
            "parentRequest": if with_parent { parent.map(|p| tv_parent(s, p, true, Some(c.id), viewer)).unwrap_or(Value::Null) } else { Value::Null },
            "issueId": null,
            "seriesType": c.series_type,
            "subscribed": viewer.is_some_and(|v| c.subscribers.iter().any(|x| x == v)),
            "showSubscribe": true,
            "releaseYear": parent.and_then(|p| s.show(p.tmdb_id)).map(|s| s.first_aired.clone()),
            "issues": [],
            "seasonRequests": seasons,
            "requestStatus": request_status(&c.state),
            "requestedUserPlayedProgress": 0
        }),
    )
}

/// `AlbumRequest`.
pub fn album_request(s: &State, a: &AlbumRequest, viewer: Option<&str>) -> Value {
    let album = s.album(&a.album_mbid);
    merge(
        Base {
            id: a.id,
            title: album.map(|x| x.title.as_str()).unwrap_or("Unknown"),
            state: &a.state,
            requested: Some(a.requested_date),
            user_id: &a.requested_user_id,
            kind: 2,
            alias: &a.requested_by_alias,
            source: 0,
        }
        .json(s),
        json!({
            "foreignAlbumId": a.album_mbid,
            "foreignArtistId": album.map(|x| x.artist_mbid.clone()),
            "disk": null,
            "cover": album.map(|x| format!("https://coverartarchive.org/release-group/{}/front.jpg", x.mbid)),
            "rating": 8.2,
            "releaseDate": album.map(|x| x.release_date.clone()),
            "artistName": album.map(|x| x.artist_name.clone()),
            "subscribed": viewer.is_some_and(|v| a.subscribers.iter().any(|x| x == v)),
            "showSubscribe": true,
            "requestStatus": request_status(&a.state)
        }),
    )
}

/// `Issues`, optionally with the category, the reporting user and the comments.
pub fn issue(s: &State, i: &Issue, with_category: bool, with_user: bool, with_comments: bool) -> Value {
    let category = s.categories.iter().find(|(id, _)| *id == i.category_id);
    let comments: Vec<Value> = if with_comments {
        s.comments
            .iter()
            .filter(|c| c.issue_id == i.id)
            .map(|c| {
                json!({
                    "id": c.id,
                    "userId": c.user_id,
                    "comment": c.comment,
                    "issuesId": c.issue_id,
                    "date": clock::iso(c.date),
                    "user": user_json(s, &c.user_id)
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "id": i.id,
        "title": i.title,
        "requestType": i.request_type,
        "providerId": i.provider_id,
        "requestId": i.request_id,
        "subject": i.subject,
        "description": i.description,
        "issueCategoryId": i.category_id,
        "issueCategory": if with_category { category.map(|(id, v)| json!({"id": id, "value": v})).unwrap_or(Value::Null) } else { Value::Null },
        "status": i.status,
        "resovledDate": i.resolved_date.map(clock::iso),
        "createdDate": clock::iso(i.created_date),
        "userReportedId": i.user_reported_id,
        "userReported": if with_user { user_json(s, &i.user_reported_id) } else { Value::Null },
        "comments": if with_comments { json!(comments) } else { Value::Null },
        "posterPath": i.poster_path
    })
}
