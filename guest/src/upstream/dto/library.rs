//! Calendar and recently added (API catalogue §3.13).

use serde::Deserialize;

use super::{int_id, lenient_text, text_id};

/// One `extraParams` entry of a calendar entry.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarExtra {
    #[serde(default, deserialize_with = "text_id")]
    pub provider_id: Option<String>,
    #[serde(default, rename = "type", deserialize_with = "lenient_text")]
    pub kind: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub request_status: Option<String>,
}

/// `CalendarViewModel` of v2 `Calendar`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub start: Option<String>,
    #[serde(default, rename = "type", deserialize_with = "text_id")]
    pub kind: Option<String>,
    #[serde(default)]
    pub extra_params: Option<Vec<CalendarExtra>>,
}

/// `RecentlyAddedMovieModel` (TV adds season and episode numbers).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecentlyAddedDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub imdb_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub tv_db_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_movie_db_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub release_year: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub season_number: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub episode_number: Option<i64>,
}
