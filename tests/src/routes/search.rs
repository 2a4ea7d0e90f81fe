//! Search (§3.1, §3.2): v2 multi-search, v1 movie/TV/music searches, with Ombi's id quirks
//! (v1 TV ids are TVDB ids, even in `theMovieDbId`; Q1) and title rules (Q15).

use serde_json::{Value, json};

use crate::http::Response;
use crate::router::Call;
use crate::state::{Album, Movie, Show, State};

fn hit(title: &str, term: &str) -> bool {
    title.to_lowercase().contains(&term.trim().to_lowercase())
}

/// The base `SearchViewModel` fields of a movie, then the movie fields, with the request
/// state Ombi's rules overlay.
pub fn movie_view(s: &State, m: &Movie) -> Value {
    let mut v = movie_base(m);
    if let Some(r) = s.movie_requests.iter().find(|r| r.tmdb_id == m.tmdb_id) {
        v["requested"] = json!(r.requested_date.is_some());
        v["requestId"] = json!(r.id);
        v["approved"] = json!(r.standard.approved);
        v["denied"] = json!(r.standard.denied);
        v["deniedReason"] = json!(r.standard.denied_reason);
        v["has4KRequest"] = json!(r.has_4k);
        v["approved4K"] = json!(r.four_k.approved);
        v["denied4K"] = json!(r.four_k.denied);
        v["subscribed"] = json!(false);
        v["showSubscribe"] = json!(true);
    }
    v
}

fn movie_base(m: &Movie) -> Value {
    json!({
        "id": m.tmdb_id,
        "approved": false,
        "denied": null,
        "deniedReason": null,
        "requested": false,
        "requestId": 0,
        "available": m.available,
        "plexUrl": if m.available { json!(format!("https://app.plex.tv/desktop#!/server/x/details?key={}", m.tmdb_id)) } else { Value::Null },
        "embyUrl": null,
        "jellyfinUrl": null,
        "quality": if m.available { json!("1080p") } else { Value::Null },
        "type": 1,
        "imdbId": null,
        "theTvDbId": null,
        "theMovieDbId": m.tmdb_id.to_string(),
        "subscribed": false,
        "showSubscribe": false,
        "adult": false,
        "backdropPath": format!("/b{}", &m.poster_path[1..]),
        "genreIds": m.genre_ids,
        "originalLanguage": "en",
        "originalTitle": m.title,
        "overview": m.overview,
        "popularity": m.popularity,
        "posterPath": m.poster_path,
        "releaseDate": m.release_date,
        "title": m.title,
        "video": false,
        "voteAverage": 7.1,
        "voteCount": 1200,
        "alreadyInCp": false,
        "trailer": null,
        "homepage": null,
        "has4KRequest": false,
        "approved4K": false,
        "available4K": m.available_4k,
        "denied4K": null,
        "deniedReason4K": null
    })
}

/// A v1 (TVMaze-backed) TV search result: `id` and `theMovieDbId` hold the TVDB id, `seriesId`
/// the TVMaze id, `theTvDbId` stays null (Q1).
pub fn tv_v1_view(state: &State, s: &Show) -> Value {
    let requested = state.tv_parents.iter().any(|p| p.tmdb_id == s.tmdb_id);
    json!({
        "id": s.tvdb_id,
        "approved": false,
        "denied": null,
        "requested": requested,
        "requestId": 0,
        "available": s.fully_available(),
        "type": 0,
        "imdbId": s.imdb_id,
        "theTvDbId": null,
        "theMovieDbId": s.tvdb_id.to_string(),
        "subscribed": false,
        "showSubscribe": false,
        "title": s.title,
        "aliases": [],
        "banner": format!("https://static.tvmaze.com/uploads/images/original_untouched/{}.jpg", s.tvmaze_id),
        "seriesId": s.tvmaze_id,
        "status": "Running",
        "firstAired": &s.first_aired[..10],
        "network": s.network,
        "networkId": "1",
        "runtime": "60",
        "genre": [],
        "overview": format!("<p>{}</p>", s.overview),
        "lastUpdated": 0,
        "airsDayOfWeek": "Friday",
        "airsTime": "21:00",
        "rating": "Ombi.Api.TvMaze.Models.Rating",
        "siteRating": 0,
        "trailer": null,
        "homepage": null,
        "seasonRequests": [],
        "requestAll": false,
        "firstSeason": false,
        "latestSeason": false,
        "fullyAvailable": s.fully_available(),
        "partlyAvailable": s.partly_available(),
        "backdropPath": null,
        "posterPath": format!("https://static.tvmaze.com/uploads/images/medium_portrait/{}.jpg", s.tvmaze_id)
    })
}

/// A `SearchAlbumViewModel`, with the request state overlaid.
pub fn album_view(s: &State, a: &Album) -> Value {
    let mut v = album_base(a);
    if let Some(r) = s.album_requests.iter().find(|r| r.album_mbid.eq_ignore_ascii_case(&a.mbid)) {
        v["requested"] = json!(true);
        v["requestId"] = json!(r.id);
        v["approved"] = json!(r.state.approved);
        v["denied"] = json!(r.state.denied);
    }
    v
}

fn album_base(a: &Album) -> Value {
    json!({
        "id": 0,
        "approved": false,
        "denied": null,
        "requested": false,
        "requestId": 0,
        "available": a.available,
        "type": 2,
        "title": a.title,
        "foreignAlbumId": a.mbid,
        "monitored": false,
        "albumType": a.album_type,
        "rating": 8.2,
        "releaseDate": a.release_date,
        "artistName": a.artist_name,
        "foreignArtistId": a.artist_mbid,
        "cover": format!("https://coverartarchive.org/release-group/{}/front.jpg", a.mbid),
        "disk": null,
        "percentOfTracks": if a.available { 100.0 } else { 0.0 },
        "genres": ["rock"],
        "partiallyAvailable": false,
        "fullyAvailable": a.available
    })
}

/// POST `/api/v2/Search/multi/{term}` with a `MultiSearchFilter` body. TMDB results (movie,
/// tv, person) by popularity, lower-case `mediaType`; music appended with `mediaType`
/// `Artist` (capitalised). Movie titles get " (year)"; TV titles never do (Q15).
pub fn multi(c: &mut Call) -> Response {
    let Some(filter) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let on = |k: &str| filter.get(k).and_then(Value::as_bool).unwrap_or(false);
    let term = c.param(0).to_string();
    let s: &State = c.state;
    let mut tmdb: Vec<(f64, Value)> = Vec::new();
    if on("movies") {
        for m in s.movies.iter().filter(|m| hit(&m.title, &term)) {
            tmdb.push((m.popularity, json!({"id": m.tmdb_id.to_string(), "mediaType": "movie", "title": format!("{} ({})", m.title, m.year()), "poster": m.poster_path, "overview": m.overview})));
        }
    }
    if on("tvShows") {
        for t in s.shows.iter().filter(|t| hit(&t.title, &term)) {
            tmdb.push((t.popularity, json!({"id": t.tmdb_id.to_string(), "mediaType": "tv", "title": t.title, "poster": t.poster_path, "overview": t.overview})));
        }
    }
    if on("people") {
        for p in s.people.iter().filter(|p| hit(&p.name, &term)) {
            tmdb.push((p.popularity, json!({"id": p.tmdb_id.to_string(), "mediaType": "person", "title": p.name, "poster": p.profile_path, "overview": null})));
        }
    }
    tmdb.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<Value> = tmdb.into_iter().map(|(_, v)| v).collect();
    if on("music") {
        for a in s.artists.iter().filter(|a| hit(&a.name, &term)) {
            out.push(
                json!({"id": a.mbid, "mediaType": "Artist", "title": a.name, "poster": null, "overview": a.overview}),
            );
        }
    }
    Response::ok(json!(out))
}

/// POST `/api/v1/Search/movie` with `{searchTerm, year?, languageCode}`.
pub fn movie_refine(c: &mut Call) -> Response {
    let Some(body) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let term = body.get("searchTerm").and_then(Value::as_str).unwrap_or("").to_string();
    let year = body.get("year").and_then(Value::as_i64);
    let list: Vec<Value> = c
        .state
        .movies
        .iter()
        .filter(|m| hit(&m.title, &term))
        .filter(|m| year.is_none_or(|y| m.year() == y.to_string()))
        .map(|m| movie_view(c.state, m))
        .collect();
    Response::ok(json!(list))
}

/// GET `/api/v1/Search/movie/{term}`.
pub fn movie_term(c: &mut Call) -> Response {
    let term = c.param(0).to_string();
    let s: &State = c.state;
    Response::ok(json!(s.movies.iter().filter(|m| hit(&m.title, &term)).map(|m| movie_view(s, m)).collect::<Vec<_>>()))
}

/// GET `/api/v1/Search/tv/{term}` (TVMaze): 204 when TVMaze finds nothing (Q4).
pub fn tv_term(c: &mut Call) -> Response {
    let term = c.param(0).to_string();
    let st: &State = c.state;
    let list: Vec<Value> = st.shows.iter().filter(|s| hit(&s.title, &term)).map(|s| tv_v1_view(st, s)).collect();
    if list.is_empty() { Response::empty(204) } else { Response::ok(json!(list)) }
}

/// GET `/api/v1/Search/music/album/{term}`.
pub fn album_term(c: &mut Call) -> Response {
    let term = c.param(0).to_string();
    let list: Vec<Value> = c
        .state
        .albums
        .iter()
        .filter(|a| hit(&a.title, &term) || hit(&a.artist_name, &term))
        .map(|a| album_view(c.state, a))
        .collect();
    Response::ok(json!(list))
}

/// GET `/api/v1/Search/music/artist/{term}` (note the `forignArtistId` misspelling, Q9).
pub fn artist_term(c: &mut Call) -> Response {
    let term = c.param(0).to_string();
    let list: Vec<Value> = c
        .state
        .artists
        .iter()
        .filter(|a| hit(&a.name, &term))
        .map(|a| json!({"artistName": a.name, "forignArtistId": a.mbid, "overview": a.overview, "disambiguation": "", "banner": null, "poster": null, "logo": null, "monitored": false, "artistType": "Group", "cleanName": a.name.to_lowercase().replace(' ', ""), "links": []}))
        .collect();
    Response::ok(json!(list))
}
