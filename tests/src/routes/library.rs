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
            "title": m.title, "start": m.release_date, "backgroundColor": "#ff5722", "borderColor": "#0d5a3e", "type": 1,
            "extraParams": [{"providerId": m.tmdb_id, "overview": m.overview, "type": 1, "releaseDate": m.release_date,
                             "requestStatus": crate::views::request_status(&r.standard)}]
        }));
    }
    for ch in &s.tv_children {
        for se in &ch.seasons {
            for e in se.episodes.iter().filter(|e| near(&e.air_date)) {
                out.push(json!({
                    "title": e.title, "start": e.air_date, "backgroundColor": "#1976d2", "borderColor": "#ff0000", "type": 0,
                    "extraParams": [{"providerId": 0, "overview": "", "type": 0, "releaseDate": e.air_date,
                                     "requestStatus": if e.available { "Common.Available" } else { crate::views::request_status(&ch.state) }}]
                }));
            }
        }
    }
    Response::ok(json!(out))
}

/// The most rows Ombi returns for the last 7 days (`Take(30)` in `RecentlyAddedEngine.cs`).
const RECENT_ROWS: usize = 30;

/// Ombi's own content row id of a title on the media server (`PlexServerContent.Id`): what
/// `RecentlyAddedMovieModel.id` holds, never a TMDB id.
fn content_row_id(index: usize) -> usize {
    index + 1
}

/// GET `/api/v1/RecentlyAdded/movies`: the last 7 days of the media server, at most 30.
pub fn recently_added_movies(c: &mut Call) -> Response {
    let s = &c.state;
    let since = s.now - 7 * 86_400;
    let rows: Vec<Value> = s
        .movies
        .iter()
        .enumerate()
        .filter(|(_, m)| m.added_at.is_some_and(|a| a >= since))
        .map(|(i, m)| {
            json!({"id": content_row_id(i), "title": m.title, "overview": null, "imdbId": m.imdb_id, "tvDbId": null,
                   "theMovieDbId": m.tmdb_id.to_string(), "releaseYear": m.year(), "addedAt": clock::iso(m.added_at.unwrap()),
                   "quality": "1080p"})
        })
        .take(RECENT_ROWS)
        .collect();
    Response::ok(json!(rows))
}

/// GET `/api/v1/RecentlyAdded/tv`: shows added in the last 7 days as Ombi lists a Plex show
/// (`TransformPlexShows`): every season it has on the server paired with every episode it
/// has there, whatever season that episode is in; at most 30 rows.
pub fn recently_added_tv(c: &mut Call) -> Response {
    let s = &c.state;
    let since = s.now - 7 * 86_400;
    let mut rows = Vec::new();
    for (i, show) in s.shows.iter().enumerate() {
        let added =
            show.seasons.iter().flat_map(|se| &se.episodes).filter_map(|e| e.added_at).filter(|a| *a >= since).max();
        let Some(added) = added else { continue };
        let on_server: Vec<_> = show.seasons.iter().filter(|se| se.episodes.iter().any(|e| e.available)).collect();
        let episodes: Vec<u32> =
            on_server.iter().flat_map(|se| se.episodes.iter().filter(|e| e.available).map(|e| e.number)).collect();
        for se in &on_server {
            for e in &episodes {
                rows.push(json!({"id": content_row_id(i), "title": show.title, "overview": null, "imdbId": show.imdb_id,
                    "tvDbId": show.tvdb_id.to_string(), "theMovieDbId": show.tmdb_id.to_string(), "releaseYear": &show.first_aired[..4],
                    "addedAt": clock::iso(added), "quality": null, "seasonNumber": se.number, "episodeNumber": e}));
            }
        }
    }
    rows.truncate(RECENT_ROWS);
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
