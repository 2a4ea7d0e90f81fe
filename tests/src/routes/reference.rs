//! TMDB reference lists (§3.2, §3.3): genres, languages (with the reported mojibake in native
//! names, Q5), watch providers (the search term is ignored), keywords.

use serde_json::{Value, json};

use crate::http::Response;
use crate::router::Call;
use crate::seed::{GENRES, KEYWORDS, PROVIDERS};

/// GET `/api/v2/Search/Genres/{media}`.
pub fn genres(c: &mut Call) -> Response {
    let tv = c.param(0).eq_ignore_ascii_case("tv");
    let list: Vec<Value> = GENRES
        .iter()
        .filter(|(id, _)| !tv || ![27, 10752, 36].contains(id))
        .map(|(id, name)| json!({"id": id, "name": name}))
        .collect();
    Response::ok(json!(list))
}

/// GET `/api/v2/Search/Languages`: TMDB's list as is, `iso_639_1`, `english_name`, `name`.
pub fn languages(_: &mut Call) -> Response {
    Response::ok(json!([
        {"iso_639_1": "en", "english_name": "English", "name": "English"},
        {"iso_639_1": "de", "english_name": "German", "name": "Deutsch"},
        {"iso_639_1": "fr", "english_name": "French", "name": "Français"},
        {"iso_639_1": "es", "english_name": "Spanish", "name": "Español"},
        {"iso_639_1": "ja", "english_name": "Japanese", "name": "???"},
        {"iso_639_1": "ko", "english_name": "Korean", "name": "\u{fffd}\u{fffd}\u{fffd}"},
        {"iso_639_1": "zh", "english_name": "Mandarin", "name": "??"},
        {"iso_639_1": "sv", "english_name": "Swedish", "name": "svenska"},
        {"iso_639_1": "xx", "english_name": "No Language", "name": "No Language"},
        {"iso_639_1": "cy", "english_name": "Welsh", "name": ""}
    ]))
}

/// GET `/api/v1/TheMovieDb/WatchProviders/{movie|tv}?searchTerm=`: the full list.
pub fn watch_providers(_: &mut Call) -> Response {
    Response::ok(json!(PROVIDERS
        .iter()
        .map(|(id, name)| json!({"provider_id": id, "logo_path": format!("/logo{id}.jpg"), "provider_name": name, "origin_country": null}))
        .collect::<Vec<_>>()))
}

/// GET `/api/v1/TheMovieDb/Keywords?searchTerm=`.
pub fn keywords(c: &mut Call) -> Response {
    let term = c.req.query("searchTerm").unwrap_or("").to_lowercase();
    Response::ok(json!(
        KEYWORDS
            .iter()
            .filter(|(_, name)| name.contains(&term))
            .map(|(id, name)| json!({"id": id, "name": name}))
            .collect::<Vec<_>>()
    ))
}

/// GET `/api/v1/TheMovieDb/Keywords/{keywordId}`: an empty 404 when unknown.
pub fn keyword(c: &mut Call) -> Response {
    let id: u64 = c.param(0).parse().unwrap_or(0);
    match KEYWORDS.iter().find(|(k, _)| *k == id) {
        Some((id, name)) => Response::ok(json!({"id": id, "name": name})),
        None => Response::empty(404),
    }
}
