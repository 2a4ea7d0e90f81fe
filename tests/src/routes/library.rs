//! Calendar, recently added media and artwork (§3.13).

use serde_json::{Value, json};

use crate::clock;
use crate::http::Response;
use crate::router::Call;

const WINDOW: i64 = 90 * 86_400;

/// GET `/api/v2/Calendar`: requested movies released and requested episodes airing within
/// ±90 days of now, all users. TV entries' `providerId`/`overview` come through unloaded
/// navigation properties: 0 and "" (inferred, API catalogue §3.13).
pub fn calendar(c: &mut Call) -> Response {
    let s = &c.state;
    let near = |date: &str| clock::parse(date).is_some_and(|d| (d - s.now).abs() <= WINDOW);
    let mut out = Vec::new();
    for r in &s.movie_requests {
        let Some(m) = s.movie(r.tmdb_id) else {
            continue;
        };
        if !near(&m.release_date) {
            continue;
        }
        out.push(json!({
            "title": m.title, "start": m.release_date, "backgroundColor": "#ff5722", "borderColor": "#ff5722", "type": "movie",
            "extraParams": [{"providerId": m.tmdb_id, "overview": m.overview, "type": "movie", "releaseDate": m.release_date,
                             "requestStatus": crate::views::request_status(&r.standard)}]
        }));
    }
    for ch in &s.tv_children {
        for se in &ch.seasons {
            for e in se.episodes.iter().filter(|e| near(&e.air_date)) {
                out.push(json!({
                    "title": e.title, "start": e.air_date, "backgroundColor": "#1976d2", "borderColor": "#1976d2", "type": "tv",
                    "extraParams": [{"providerId": 0, "overview": "", "type": "tv", "releaseDate": e.air_date,
                                     "requestStatus": if e.available { "Common.Available" } else { crate::views::request_status(&ch.state) }}]
                }));
            }
        }
    }
    Response::ok(json!(out))
}

/// GET `/api/v1/RecentlyAdded/movies`: the last 7 days of the media server.
pub fn recently_added_movies(c: &mut Call) -> Response {
    let s = &c.state;
    let since = s.now - 7 * 86_400;
    let rows: Vec<Value> = s
        .movies
        .iter()
        .filter(|m| m.added_at.is_some_and(|a| a >= since))
        .map(|m| {
            json!({"id": m.tmdb_id, "title": m.title, "overview": m.overview, "imdbId": m.imdb_id, "tvDbId": null,
                   "theMovieDbId": m.tmdb_id.to_string(), "releaseYear": m.year(), "addedAt": clock::iso(m.added_at.unwrap()),
                   "quality": "1080p"})
        })
        .collect();
    Response::ok(json!(rows))
}

/// GET `/api/v1/RecentlyAdded/tv`: episodes added in the last 7 days.
pub fn recently_added_tv(c: &mut Call) -> Response {
    let s = &c.state;
    let since = s.now - 7 * 86_400;
    let mut rows = Vec::new();
    for show in &s.shows {
        for se in &show.seasons {
            for e in se.episodes.iter().filter(|e| e.added_at.is_some_and(|a| a >= since)) {
                rows.push(json!({"id": show.tmdb_id, "title": show.title, "overview": show.overview, "imdbId": show.imdb_id,
                    "tvDbId": show.tvdb_id.to_string(), "theMovieDbId": show.tmdb_id.to_string(), "releaseYear": &show.first_aired[..4],
                    "addedAt": clock::iso(e.added_at.unwrap()), "quality": null, "seasonNumber": se.number, "episodeNumber": e.number}));
            }
        }
    }
    Response::ok(json!(rows))
}

/// GET `/api/v1/Images/...` (anonymous): a JSON string URL, or `""` when unknown.
pub fn image(c: &mut Call) -> Response {
    let s = &c.state;
    let lower = c.req.path.to_ascii_lowercase();
    let id: u64 = c.params.last().and_then(|p| p.parse().ok()).unwrap_or(0);
    let tmdb_movie = s.movie(id).map(|m| m.poster_path.clone());
    let tv_by_tvdb = s.shows.iter().find(|x| x.tvdb_id == id).map(|x| x.tvmaze_id);
    let tv_by_tmdb = s.show(id).map(|x| x.poster_path.clone());
    let url = if lower.contains("/poster/movie/") {
        tmdb_movie.map(|p| format!("https://image.tmdb.org/t/p/w500{p}"))
    } else if lower.contains("/background/movie/") || lower.contains("/banner/movie/") {
        tmdb_movie.map(|_| format!("https://assets.fanart.tv/fanart/movies/{id}/moviebackground/{id}-1.jpg"))
    } else if lower.contains("/tv/tmdb/") {
        tv_by_tmdb.map(|p| format!("https://image.tmdb.org/t/p/w500{p}"))
    } else if lower.contains("/poster/tv/") || lower.contains("/background/tv/") || lower.contains("/images/tv/") {
        tv_by_tvdb.map(|_| format!("https://assets.fanart.tv/fanart/tv/{id}/tvposter/{id}-1.jpg"))
    } else {
        None
    };
    Response::ok(json!(url.unwrap_or_default()))
}
