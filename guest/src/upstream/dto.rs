//! Narrow views of Ombi's JSON: only the fields the projections read. Unknown fields are
//! ignored, every field is optional (Ombi omits or nulls freely), and ids that Ombi
//! serialises as either numbers or strings are read as text.

use serde::{Deserialize, Deserializer};

/// Reads a JSON string or number as text; `null` and other types as `None`.
fn text_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(match v {
        serde_json::Value::String(s) => Some(s),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// `MultiSearchResult` of POST `/api/v2/Search/multi/{term}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MultiSearchResult {
    #[serde(default, deserialize_with = "text_id")]
    pub id: Option<String>,
    pub media_type: Option<String>,
    pub title: Option<String>,
    pub poster: Option<String>,
    pub overview: Option<String>,
}

/// `SearchMovieViewModel` (v1 movie search, TMDB-backed).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchMovie {
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_movie_db_id: Option<String>,
    pub imdb_id: Option<String>,
    pub title: Option<String>,
    pub overview: Option<String>,
    pub release_date: Option<String>,
    pub poster_path: Option<String>,
    pub available: Option<bool>,
    pub requested: Option<bool>,
    pub request_id: Option<i64>,
}

/// `SearchTvShowViewModel` of the v1 TVMaze-backed routes (`Search/tv/{term}`,
/// `Search/tv/info/{tvdbId}`): `id` and the misnamed `theMovieDbId` hold the TVDB id and
/// `seriesId` the TVMaze id (API catalogue Q1).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchTvV1 {
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_movie_db_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub series_id: Option<String>,
    pub imdb_id: Option<String>,
    pub title: Option<String>,
    pub overview: Option<String>,
    pub first_aired: Option<String>,
    pub poster_path: Option<String>,
    pub available: Option<bool>,
    pub requested: Option<bool>,
}

/// `SearchAlbumViewModel` (v1 music album search, Lidarr-backed).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchAlbum {
    pub title: Option<String>,
    pub foreign_album_id: Option<String>,
    pub artist_name: Option<String>,
    pub release_date: Option<String>,
    pub cover: Option<String>,
    pub available: Option<bool>,
    pub requested: Option<bool>,
    pub request_id: Option<i64>,
}

/// `AboutViewModel` of GET `/api/v1/Settings/about`, without the paths and connection
/// strings it also carries.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct About {
    pub version: Option<String>,
    pub branch: Option<String>,
    pub framework_description: Option<String>,
    pub os_architecture: Option<String>,
    pub os_description: Option<String>,
    pub process_architecture: Option<String>,
    pub ombi_database_type: Option<String>,
    pub external_database_type: Option<String>,
    pub settings_database_type: Option<String>,
    pub not_supported: Option<bool>,
}

/// `UpdateModel` of GET `/api/v1/Update`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Update {
    pub update_version_string: Option<String>,
    pub update_date: Option<String>,
    pub update_available: Option<bool>,
}

/// One entry of GET `/api/v2/Features`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Feature {
    pub name: Option<String>,
    pub enabled: Option<bool>,
}

/// GET `/api/v1/Status/Wizard`.
#[derive(Debug, Clone, Deserialize)]
pub struct Wizard {
    pub result: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_may_be_numbers_or_strings() {
        let a: MultiSearchResult = serde_json::from_str(r#"{"id":"603","mediaType":"movie"}"#).unwrap();
        let b: MultiSearchResult = serde_json::from_str(r#"{"id":603,"mediaType":"movie"}"#).unwrap();
        assert_eq!(a.id.as_deref(), Some("603"));
        assert_eq!(b.id.as_deref(), Some("603"));
        let c: MultiSearchResult = serde_json::from_str(r#"{"id":null}"#).unwrap();
        assert_eq!(c.id, None);
    }

    #[test]
    fn unknown_fields_are_ignored() {
        let m: SearchMovie =
            serde_json::from_str(r#"{"id":1,"requestedUser":{"userAccessToken":"t"},"title":"X"}"#).unwrap();
        assert_eq!(m.title.as_deref(), Some("X"));
    }
}
