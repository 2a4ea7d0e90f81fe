//! Details (§3.1, §3.2): v2 movie and TV full-info models (by TMDB id, IMDb id or request id),
//! collections, a person's credits, artists and release groups, streaming providers and
//! ratings; v1 TV info (TVMaze: TVDB ids) and album info.

use serde_json::{Value, json};

use crate::http::Response;
use crate::router::Call;
use crate::routes::requests::NRE;
use crate::routes::search::{album_view, movie_view, tv_v1_view};
use crate::seed::{COMPANIES, GENRES, KEYWORDS, PROVIDERS};
use crate::state::{Movie, Show, State};

fn genre_list(ids: &[u64]) -> Vec<Value> {
    ids.iter()
        .filter_map(|id| GENRES.iter().find(|(g, _)| g == id))
        .map(|(id, name)| json!({"id": id, "name": name}))
        .collect()
}

/// `MovieFullInfoViewModel`.
pub fn movie_full(s: &State, m: &Movie) -> Value {
    let mut v = movie_view(s, m);
    let cast: Vec<Value> = m
        .cast
        .iter()
        .enumerate()
        .filter_map(|(i, id)| s.people.iter().find(|p| p.tmdb_id == *id).map(|p| (i, p)))
        .map(|(i, p)| json!({"cast_id": i + 1, "character": format!("Character {}", i + 1), "credit_id": format!("c{}{}", m.tmdb_id, i), "gender": 0, "id": p.tmdb_id, "name": p.name, "order": i, "profile_path": p.profile_path}))
        .collect();
    let collection = m.collection_id.and_then(|cid| s.collections.iter().find(|(id, _, _)| *id == cid));
    let extra = json!({
        "imdbId": m.imdb_id,
        "belongsToCollection": collection.map(|(id, name, _)| json!({"id": id, "name": name, "posterPath": "/coll.jpg", "backdropPath": "/collb.jpg"})),
        "budget": 90_000_000, "revenue": 400_000_000, "runtime": 121, "tagline": "Everything is about to change.",
        "genres": genre_list(&m.genre_ids),
        "productionCompanies": m.company_ids.iter().filter_map(|id| COMPANIES.iter().find(|(c, _)| c == id)).map(|(id, name)| json!({"id": id, "logo_path": null, "name": name, "origin_country": "US"})).collect::<Vec<_>>(),
        "videos": {"results": [{"id": "v1", "key": "dQw4w9WgXcQ", "name": "Official Trailer", "site": "YouTube", "size": 1080, "type": "Trailer"}]},
        "credits": {"cast": cast, "crew": [{"credit_id": format!("d{}", m.tmdb_id), "department": "Directing", "gender": 0, "id": 9_000_000 + m.tmdb_id % 1000, "job": "Director", "name": "Jo Director", "profile_path": null}]},
        "releaseDates": {"results": []},
        "similar": null, "recommendations": null,
        "externalIds": {"imdbId": m.imdb_id, "facebookId": null, "instagramId": null, "twitterId": null},
        "keywords": {"keywordsValue": m.keyword_ids.iter().filter_map(|id| KEYWORDS.iter().find(|(k, _)| k == id)).map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>()},
        "status": "Released", "homepage": null, "trailer": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    });
    if let (Some(v), Value::Object(e)) = (v.as_object_mut(), extra) {
        v.extend(e);
        // A search model's member that MovieFullInfoViewModel does not have (it has `genres`).
        v.remove("genreIds");
    }
    v
}

/// `SearchFullInfoTvShowViewModel`: TMDB-keyed; `seriesId` echoes the TMDB id on these routes;
/// every season except specials with every episode.
pub fn tv_full(s: &State, show: &Show) -> Value {
    let parent = s.tv_parents.iter().find(|p| p.tmdb_id == show.tmdb_id);
    let requested_episode = |season: u32, ep: u32| {
        s.tv_children
            .iter()
            .filter(|c| Some(c.parent_id) == parent.map(|p| p.id))
            .any(|c| c.seasons.iter().any(|se| se.number == season && se.episodes.iter().any(|e| e.number == ep)))
    };
    let seasons: Vec<Value> = show
        .seasons
        .iter()
        .filter(|se| se.number > 0)
        .map(|se| {
            json!({"seasonNumber": se.number, "overview": null, "seasonAvailable": se.episodes.iter().all(|e| e.available),
                "episodes": se.episodes.iter().map(|e| json!({"episodeNumber": e.number, "title": e.title, "airDate": e.air_date, "url": null,
                    "available": e.available, "approved": false, "requested": requested_episode(se.number, e.number), "denied": null})).collect::<Vec<_>>()})
        })
        .collect();
    json!({
        "id": show.tmdb_id, "approved": false, "denied": null, "deniedReason": null,
        "requested": parent.is_some(), "requestId": parent.map(|p| p.id).unwrap_or(0),
        "available": show.fully_available(), "type": 0, "imdbId": show.imdb_id, "theTvDbId": show.tvdb_id.to_string(),
        "theMovieDbId": show.tmdb_id.to_string(), "subscribed": false, "showSubscribe": false,
        "title": show.title, "aliases": [], "banner": null, "seriesId": show.tmdb_id, "status": "Returning Series",
        "firstAired": show.first_aired, "networkId": null, "runtime": "50", "genres": genre_list(&show.genre_ids),
        "overview": show.overview, "lastUpdated": 0, "airsDayOfWeek": null, "airsTime": null, "rating": "8.1", "siteRating": 0,
        // NetworkViewModel's country is TMDB's origin_country, a string (TvProfileV2.cs).
        "network": {"id": 49, "name": show.network, "country": "US"},
        "images": {"medium": null, "original": show.poster_path},
        // CastViewModel names the person `person`; PersonViewModel (the crew) has no job.
        "cast": [{"id": 1_000_013, "person": "Ava Hart", "character": "Lead", "image": null, "self": false, "voice": false}],
        "crew": [{"id": 1_000_026, "url": null, "name": "Sam Creator", "image": null}],
        "certification": "TV-14", "tagline": null, "keywords": {"keywordsValue": []},
        // Core's V2 ExternalIds: no TVDB id (that is `theTvDbId` above).
        "externalIds": {"imdbId": show.imdb_id, "facebookId": null, "instagramId": null, "twitterId": null},
        "trailer": null, "homepage": null, "seasonRequests": seasons,
        "requestAll": false, "firstSeason": false, "latestSeason": false,
        "fullyAvailable": show.fully_available(), "partlyAvailable": show.partly_available()
    })
}

fn tmdb_missing(what: &str, id: &str) -> Response {
    Response::error(&format!("The {what} {id} was not found on TheMovieDb"))
}

/// GET `/api/v2/Search/movie/{movieDbId}`.
pub fn movie(c: &mut Call) -> Response {
    let s: &State = c.state;
    match c.param(0).parse().ok().and_then(|id| s.movie(id)) {
        Some(m) => Response::ok(movie_full(s, m)),
        None => tmdb_missing("movie", c.param(0)),
    }
}

/// GET `/api/v2/Search/movie/imdb/{imdbid}`.
pub fn movie_by_imdb(c: &mut Call) -> Response {
    let s: &State = c.state;
    match s.movies.iter().find(|m| m.imdb_id.eq_ignore_ascii_case(c.param(0))) {
        Some(m) => Response::ok(movie_full(s, m)),
        None => tmdb_missing("movie", c.param(0)),
    }
}

/// GET `/api/v2/Search/movie/request/{requestId}`.
pub fn movie_by_request(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(0).parse().unwrap_or(0);
    match s.movie_requests.iter().find(|r| r.id == id).and_then(|r| s.movie(r.tmdb_id)) {
        Some(m) => Response::ok(movie_full(s, m)),
        None => Response::error(NRE),
    }
}

/// A member of `MovieCollectionsViewModel.collection` (`MovieCollection`): the search model's
/// base members with title, overview, poster and date only.
fn collection_member(s: &State, m: &Movie) -> Value {
    const MEMBERS: &[&str] = &[
        "id",
        "approved",
        "denied",
        "deniedReason",
        "requested",
        "requestId",
        "available",
        "plexUrl",
        "embyUrl",
        "jellyfinUrl",
        "quality",
        "type",
        "imdbId",
        "theTvDbId",
        "theMovieDbId",
        "subscribed",
        "showSubscribe",
        "title",
        "overview",
        "posterPath",
        "releaseDate",
    ];
    let mut v = movie_view(s, m);
    if let Some(o) = v.as_object_mut() {
        o.retain(|k, _| MEMBERS.contains(&k.as_str()));
    }
    v
}

/// GET `/api/v2/Search/movie/collection/{collectionId}`.
pub fn collection(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(0).parse().unwrap_or(0);
    match s.collections.iter().find(|(cid, _, _)| *cid == id) {
        Some((_, name, members)) => Response::ok(json!({
            "name": name,
            "overview": format!("Every film of {name}."),
            "collection": members.iter().filter_map(|m| s.movie(*m)).map(|m| collection_member(s, m)).collect::<Vec<_>>()
        })),
        None => tmdb_missing("collection", c.param(0)),
    }
}

/// GET `/api/v2/Search/tv/{tvdbId}` (a TMDB id, despite the name) and `tv/moviedb/{id}`.
pub fn tv(c: &mut Call) -> Response {
    let s: &State = c.state;
    match c.param(0).parse().ok().and_then(|id| s.show(id)) {
        Some(x) => Response::ok(tv_full(s, x)),
        None => tmdb_missing("show", c.param(0)),
    }
}

/// GET `/api/v2/Search/tv/request/{requestId}`: the TV **parent** id; 500 NRE when missing.
pub fn tv_by_request(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(0).parse().unwrap_or(0);
    match s.tv_parents.iter().find(|p| p.id == id).and_then(|p| s.show(p.tmdb_id)) {
        Some(x) => Response::ok(tv_full(s, x)),
        None => Response::error(NRE),
    }
}

/// GET `/api/v2/Search/actor/{actorId}/{movie|tv}`: `ActorCredits` in TMDB's snake_case.
pub fn actor(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(0).parse().unwrap_or(0);
    let Some(person) = s.people.iter().find(|p| p.tmdb_id == id) else {
        return tmdb_missing("person", c.param(0));
    };
    let cast: Vec<Value> = if c.param(1).eq_ignore_ascii_case("tv") {
        s.shows
            .iter()
            .skip((id % 50) as usize)
            .take(2)
            // TMDB's tv_credits read into the movie-shaped `Cast`: the show's name and first
            // air date have no member there, so they never reach Ombi's answer.
            .map(|x| json!({"id": x.tmdb_id, "title": null, "original_title": null, "character": "Guest", "poster_path": x.poster_path, "release_date": null, "credit_id": format!("t{}{}", id, x.tmdb_id)}))
            .collect()
    } else {
        person
            .movie_credits
            .iter()
            .filter_map(|m| s.movie(*m))
            .map(|m| json!({"id": m.tmdb_id, "title": m.title, "original_title": m.title, "character": "Lead", "poster_path": m.poster_path, "release_date": &m.release_date[..10], "credit_id": format!("m{}{}", id, m.tmdb_id)}))
            .collect()
    };
    Response::ok(json!({"id": id, "cast": cast, "crew": []}))
}

fn artist_info(s: &State, mbid: &str) -> Option<Value> {
    let a = s.artists.iter().find(|a| a.mbid.eq_ignore_ascii_case(mbid))?;
    let groups: Vec<Value> =
        s.albums.iter().filter(|x| x.artist_mbid == a.mbid).map(|x| release_group_view(s, x)).collect();
    Some(json!({
        "id": a.mbid, "name": a.name, "startYear": "1985", "endYear": null, "type": "Group", "country": "GB", "region": null,
        "disambiguation": "", "banner": null, "logo": null, "poster": null, "fanArt": null, "releaseGroups": groups,
        "links": {"homePage": null, "lastFm": null, "discogs": null, "allMusic": null}, "members": [], "overview": a.overview
    }))
}

/// GET `/api/v2/Search/artist/{artistId}` (MBID).
pub fn artist(c: &mut Call) -> Response {
    match artist_info(c.state, c.param(0)) {
        Some(v) => Response::ok(v),
        None => Response::error(NRE),
    }
}

/// GET `/api/v2/Search/artist/request/{requestId}` (album request id).
pub fn artist_by_request(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(0).parse().unwrap_or(0);
    let artist = s
        .album_requests
        .iter()
        .find(|r| r.id == id)
        .and_then(|r| s.album(&r.album_mbid))
        .map(|a| a.artist_mbid.clone());
    match artist.and_then(|mbid| artist_info(s, &mbid)) {
        Some(v) => Response::ok(v),
        None => Response::error(NRE),
    }
}

/// `ReleaseGroup` (`Music/ReleaseGroup.cs`): no artist members; `type` is RequestType.Album,
/// `releaseType` MusicBrainz's primary type; availability from Lidarr's track share and the
/// album request, as Ombi's search rules fill it.
fn release_group_view(s: &State, a: &crate::state::Album) -> Value {
    let request = s.album_requests.iter().find(|r| r.album_mbid == a.mbid);
    let percent = if a.available { 100 } else { 0 };
    json!({
        "id": a.mbid, "approved": request.is_some_and(|r| r.state.approved), "denied": null, "deniedReason": null,
        "requested": request.is_some(), "requestId": request.map(|r| r.id).unwrap_or(0),
        "available": request.is_some_and(|r| r.state.available), "plexUrl": null, "embyUrl": null, "jellyfinUrl": null,
        "quality": null, "type": 2, "imdbId": null, "theTvDbId": null, "theMovieDbId": null, "subscribed": false,
        "showSubscribe": false, "title": a.title, "releaseDate": a.release_date, "releaseType": a.album_type,
        "percentOfTracks": percent, "monitored": a.available, "partiallyAvailable": false, "fullyAvailable": percent == 100
    })
}

/// GET `/api/v2/Search/artist/album/{albumId}`: `ReleaseGroup`.
pub fn release_group(c: &mut Call) -> Response {
    let s: &State = c.state;
    match s.album(c.param(0)) {
        Some(a) => Response::ok(release_group_view(s, a)),
        None => Response::error(NRE),
    }
}

/// GET `/api/v2/Search/stream/{movie|tv}/{movieDbId}`: providers in the caller's country.
pub fn stream(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(1).parse().unwrap_or(0);
    let providers: Vec<u64> = if c.param(0).eq_ignore_ascii_case("tv") {
        s.show(id).map(|x| vec![PROVIDERS[(x.tmdb_id % 6) as usize].0]).unwrap_or_default()
    } else {
        s.movie(id).map(|m| m.provider_ids.clone()).unwrap_or_default()
    };
    Response::ok(json!(
        providers
            .iter()
            .enumerate()
            .filter_map(|(i, p)| PROVIDERS
                .iter()
                .find(|(x, _)| x == p)
                .map(|(_, name)| json!({"order": i, "streamingProvider": name, "logo": format!("/logo{p}.jpg")})))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v2/Search/ratings/{movie|tv}/{name}/{year}`: Rotten Tomatoes' `MovieRatings`
/// (its own snake_case names) or `TvRatings {class, score}`; 204 when unknown.
pub fn ratings(c: &mut Call) -> Response {
    let s: &State = c.state;
    let name = c.param(1).to_lowercase();
    if c.param(0).eq_ignore_ascii_case("tv") {
        if !s.shows.iter().any(|x| x.title.to_lowercase() == name && x.first_aired.starts_with(c.param(2))) {
            return Response::empty(204);
        }
        return Response::ok(json!({"class": "certified_fresh", "score": 91}));
    }
    match s.movies.iter().find(|m| m.title.to_lowercase() == name && m.year() == c.param(2)) {
        Some(m) => {
            Response::ok(json!({"critics_rating": "Certified Fresh", "critics_score": (m.vote_average * 10.0) as i64,
            "audience_rating": "Upright", "audience_score": (m.vote_average * 9.0) as i64}))
        }
        None => Response::empty(204),
    }
}

/// GET `/api/v1/Search/tv/info/{tvdbId}`: TVMaze-backed, episodes in `seasonRequests`; 204
/// when TVMaze has nothing (Q4).
pub fn tv_info_v1(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id: u64 = c.param(0).parse().unwrap_or(0);
    let Some(show) = s.shows.iter().find(|x| x.tvdb_id == id) else {
        return Response::empty(204);
    };
    let mut v = tv_v1_view(s, show);
    v["seasonRequests"] = json!(show
        .seasons
        .iter()
        .map(|se| json!({"seasonNumber": se.number, "episodes": se.episodes.iter().map(|e| json!({"episodeNumber": e.number, "title": e.title,
            "airDate": e.air_date, "url": format!("https://www.tvmaze.com/episodes/{}", u64::from(e.number) + show.tvmaze_id * 100), "available": e.available,
            "approved": false, "requested": false})).collect::<Vec<_>>()}))
        .collect::<Vec<_>>());
    Response::ok(v)
}

/// GET `/api/v1/Search/music/album/info/{foreignAlbumId}`.
pub fn album_info_v1(c: &mut Call) -> Response {
    let s: &State = c.state;
    match s.album(c.param(0)) {
        Some(a) => Response::ok(album_view(s, a)),
        None => Response::error(NRE),
    }
}

/// GET `/api/v1/Search/music/artist/album/{foreignArtistId}`.
pub fn artist_albums_v1(c: &mut Call) -> Response {
    let s: &State = c.state;
    let id = c.param(0).to_string();
    Response::ok(json!(
        s.albums
            .iter()
            .filter(|a| a.artist_mbid.eq_ignore_ascii_case(&id))
            .map(|a| album_view(s, a))
            .collect::<Vec<_>>()
    ))
}
