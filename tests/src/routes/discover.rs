//! v2 discovery (§3.2): paged movie and TV lists, the advanced (filtered) search and similar
//! movies. With `hideAvailableFromDiscover` on, available titles are left out and TV lists
//! hydrate every season and episode into `seasonRequests` (Q3: large payloads).

use serde_json::{Value, json};

use crate::clock;
use crate::http::Response;
use crate::router::Call;
use crate::routes::search::movie_view;
use crate::state::{Movie, Show, State};

fn hide_available(s: &State) -> bool {
    s.section("customization")
        .and_then(|c| c.get("hideAvailableFromDiscover"))
        .and_then(Value::as_bool)
        .unwrap_or(false)
}

/// The `{currentPosition}/{amountToLoad}` window; `at` is the index of the position parameter.
fn window<T>(items: Vec<T>, c: &Call, at: usize) -> Vec<T> {
    let (pos, n) = (c.int(at).max(0) as usize, c.int(at + 1).max(0) as usize);
    items.into_iter().skip(pos).take(n).collect()
}

fn release(m: &Movie) -> i64 {
    clock::parse(&m.release_date).unwrap_or(0)
}

/// GET `/api/v2/Search/movie/{list}/{currentPosition}/{amountToLoad}`.
pub fn movie_list(c: &mut Call) -> Response {
    let list = c.param(0).to_ascii_lowercase();
    let s: &State = c.state;
    let now = s.now;
    let mut movies: Vec<&Movie> = s.movies.iter().collect();
    match list.as_str() {
        "popular" => movies.sort_by(|a, b| b.popularity.total_cmp(&a.popularity)),
        "toprated" => movies.sort_by(|a, b| b.vote_average.total_cmp(&a.vote_average)),
        "upcoming" => {
            movies.retain(|m| release(m) > now);
            movies.sort_by_key(|m| release(m));
        }
        "nowplaying" => {
            movies.retain(|m| release(m) <= now && release(m) > now - 45 * 86_400);
            movies.sort_by_key(|m| std::cmp::Reverse(release(m)));
        }
        "seasonal" => movies.retain(|m| m.genre_ids.contains(&10751) || m.keyword_ids.contains(&6054)),
        "requested" => {
            let mut requested: Vec<(i64, &Movie)> = s
                .movie_requests
                .iter()
                .filter_map(|r| s.movie(r.tmdb_id).map(|m| (r.requested_date.or(r.requested_date_4k).unwrap_or(0), m)))
                .collect();
            requested.sort_by_key(|(d, _)| std::cmp::Reverse(*d));
            movies = requested.into_iter().map(|(_, m)| m).collect();
        }
        _ => return Response::empty(404),
    }
    if hide_available(s) {
        movies.retain(|m| !m.available);
    }
    let items: Vec<Value> = window(movies, c, 1).into_iter().map(|m| movie_view(s, m)).collect();
    Response::ok(json!(items))
}

/// A v2 (TMDB-backed) TV list item: `id` is the TMDB id, `theMovieDbId` only set when the
/// media server matched the show (Q2), `seriesId` 0.
pub fn tv_v2_view(s: &State, show: &Show, hydrate: bool) -> Value {
    let parent = s.tv_parents.iter().find(|p| p.tmdb_id == show.tmdb_id);
    let seasons: Vec<Value> = if hydrate {
        show.seasons
            .iter()
            .map(|se| {
                json!({"seasonNumber": se.number, "overview": null, "seasonAvailable": se.episodes.iter().all(|e| e.available),
                    "episodes": se.episodes.iter().map(|e| json!({"episodeNumber": e.number, "title": e.title, "airDate": e.air_date,
                        "url": null, "available": e.available, "approved": false, "requested": false, "denied": null})).collect::<Vec<_>>()})
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "id": show.tmdb_id,
        "approved": false, "denied": null, "deniedReason": null,
        "requested": parent.is_some(), "requestId": parent.map(|p| p.id).unwrap_or(0),
        "available": show.fully_available(), "plexUrl": null, "embyUrl": null, "jellyfinUrl": null, "quality": null,
        "type": 0, "imdbId": show.imdb_id, "theTvDbId": show.tvdb_id.to_string(),
        "theMovieDbId": if show.partly_available() { json!(show.tmdb_id.to_string()) } else { Value::Null },
        "subscribed": false, "showSubscribe": false,
        "title": show.title, "aliases": [], "banner": null, "seriesId": 0, "status": "Returning Series",
        "firstAired": show.first_aired, "network": show.network, "networkId": null, "runtime": "50",
        "genre": show.genre_ids.iter().map(|g| g.to_string()).collect::<Vec<_>>(), "overview": show.overview,
        "lastUpdated": 0, "airsDayOfWeek": null, "airsTime": null, "rating": "8.1", "siteRating": 0,
        "trailer": null, "homepage": null, "seasonRequests": seasons,
        "requestAll": false, "firstSeason": false, "latestSeason": false,
        "fullyAvailable": show.fully_available(), "partlyAvailable": show.partly_available(),
        "backdropPath": format!("/b{}", &show.poster_path[1..]), "posterPath": show.poster_path
    })
}

/// GET `/api/v2/Search/tv/{popular|anticipated|trending|mostwatched}/{pos}/{n}`.
pub fn tv_list(c: &mut Call) -> Response {
    let list = c.param(0).to_ascii_lowercase();
    let s: &State = c.state;
    let mut shows: Vec<&Show> = s.shows.iter().collect();
    match list.as_str() {
        "popular" | "mostwatched" => shows.sort_by(|a, b| b.popularity.total_cmp(&a.popularity)),
        "trending" => shows.sort_by(|a, b| {
            (b.popularity * (b.tmdb_id % 7) as f64).total_cmp(&(a.popularity * (a.tmdb_id % 7) as f64))
        }),
        "anticipated" => shows.sort_by(|a, b| b.first_aired.cmp(&a.first_aired)),
        _ => return Response::empty(404),
    }
    let hide = hide_available(s);
    if hide {
        shows.retain(|x| !x.fully_available());
    }
    let items: Vec<Value> = window(shows, c, 1).into_iter().map(|x| tv_v2_view(s, x, hide)).collect();
    Response::ok(json!(items))
}

/// GET `/api/v2/Search/tv/requested/{pos}/{n}`: full-info models of requested shows.
pub fn tv_requested(c: &mut Call) -> Response {
    let s: &State = c.state;
    let shows: Vec<&Show> = s.tv_parents.iter().filter_map(|p| s.show(p.tmdb_id)).collect();
    let items: Vec<Value> = window(shows, c, 0).into_iter().map(|x| crate::routes::details::tv_full(s, x)).collect();
    Response::ok(json!(items))
}

/// POST `/api/v2/Search/advancedSearch/movie/{pos}/{n}` with a `DiscoverModel`; answers
/// `SearchMovieViewModel[]` for `type: "tv"` too.
pub fn advanced(c: &mut Call) -> Response {
    let Some(b) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let ids = |k: &str| -> Vec<u64> {
        b.get(k).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_u64).collect()
    };
    let (genres, keywords, providers, companies) =
        (ids("genreIds"), ids("keywordIds"), ids("watchProviders"), ids("companies"));
    let year = b.get("releaseYear").and_then(Value::as_i64);
    let decade = b.get("decade").and_then(Value::as_i64);
    let any = |want: &[u64], have: &[u64]| want.is_empty() || want.iter().any(|w| have.contains(w));
    let s: &State = c.state;
    let tv = b.get("type").and_then(Value::as_str).is_some_and(|t| t.eq_ignore_ascii_case("tv"));
    let items: Vec<Value> = if tv {
        let shows: Vec<&Show> = s
            .shows
            .iter()
            .filter(|x| any(&genres, &x.genre_ids))
            .filter(|x| {
                let y: i64 = x.first_aired[..4].parse().unwrap_or(0);
                year.is_none_or(|w| w == y) && decade.is_none_or(|d| (d..d + 10).contains(&y))
            })
            .collect();
        window(shows, c, 0)
            .into_iter()
            .map(|x| json!({"id": x.tmdb_id, "title": x.title, "overview": x.overview, "releaseDate": x.first_aired,
                "posterPath": x.poster_path, "genreIds": x.genre_ids, "type": 0, "requested": false, "available": x.fully_available(),
                "approved": false, "theMovieDbId": x.tmdb_id.to_string()}))
            .collect()
    } else {
        let movies: Vec<&Movie> = s
            .movies
            .iter()
            .filter(|m| {
                any(&genres, &m.genre_ids)
                    && any(&keywords, &m.keyword_ids)
                    && any(&providers, &m.provider_ids)
                    && any(&companies, &m.company_ids)
            })
            .filter(|m| {
                let y: i64 = m.year().parse().unwrap_or(0);
                year.is_none_or(|w| w == y) && decade.is_none_or(|d| (d..d + 10).contains(&y))
            })
            .collect();
        window(movies, c, 0).into_iter().map(|m| movie_view(s, m)).collect()
    };
    Response::ok(json!(items))
}

/// POST `/api/v2/Search/movie/similar` `{theMovieDbId, languageCode}`.
pub fn similar(c: &mut Call) -> Response {
    let Some(b) = c.req.json().filter(Value::is_object) else {
        return Response::problem(400, "A non-empty request body is required.");
    };
    let id = b.get("theMovieDbId").and_then(Value::as_u64).unwrap_or(0);
    let s: &State = c.state;
    let Some(movie) = s.movie(id) else {
        return Response::error(&format!("The movie {id} was not found on TheMovieDb"));
    };
    let genre = movie.genre_ids.first().copied().unwrap_or(0);
    let mut similar: Vec<&Movie> =
        s.movies.iter().filter(|m| m.tmdb_id != id && m.genre_ids.contains(&genre)).collect();
    similar.sort_by(|a, b| b.popularity.total_cmp(&a.popularity));
    Response::ok(json!(similar.into_iter().take(20).map(|m| movie_view(s, m)).collect::<Vec<_>>()))
}
