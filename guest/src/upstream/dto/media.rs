//! Search, discovery and details models (API catalogue §3.1, §3.2).

use serde::Deserialize;

use super::{IdName, int_id, lenient_bool, lenient_text, text_id};

/// `MultiSearchResult` of POST `/api/v2/Search/multi/{term}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MultiSearchResult {
    #[serde(default, deserialize_with = "text_id")]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub media_type: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub poster: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
}

/// The request state every search model carries (`SearchViewModel`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchState {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub available: Option<bool>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub requested: Option<bool>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
}

/// `SearchMovieViewModel` (v1 search, v2 movie lists, similar, advanced search): TMDB ids.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchMovie {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_movie_db_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub imdb_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub release_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub poster_path: Option<String>,
    #[serde(flatten)]
    pub state: SearchState,
}

/// `SearchTvShowViewModel` of the TMDB-keyed v2 routes (discovery lists): `id` is the TMDB
/// id, `theMovieDbId` too when set; `seriesId` echoes it and is never a TVMaze id (Q2).
/// `seasonRequests` is not read (Q3: hydrated with every episode on some lists).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchTvV2 {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_movie_db_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_tv_db_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub imdb_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub first_aired: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub poster_path: Option<String>,
    #[serde(flatten)]
    pub state: SearchState,
}

/// `SearchTvShowViewModel` of the v1 TVMaze-backed routes (`Search/tv/{term}`,
/// `Search/tv/info/{tvdbId}`): `id` and the misnamed `theMovieDbId` hold the TVDB id and
/// `seriesId` the TVMaze id (API catalogue Q1).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchTvV1 {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub the_movie_db_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub series_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub imdb_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub first_aired: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub poster_path: Option<String>,
    #[serde(default)]
    pub season_requests: Option<Vec<SeasonDto>>,
    #[serde(flatten)]
    pub state: SearchState,
}

/// A season of a TV model (`seasonRequests[]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeasonDto {
    #[serde(default, deserialize_with = "int_id")]
    pub season_number: Option<i64>,
    #[serde(default)]
    pub episodes: Option<Vec<EpisodeDto>>,
}

/// An episode of a season.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EpisodeDto {
    #[serde(default, deserialize_with = "int_id")]
    pub episode_number: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub requested: Option<bool>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub available: Option<bool>,
}

/// `SearchAlbumViewModel` (v1 music album search, Lidarr-backed).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchAlbum {
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub foreign_album_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub foreign_artist_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub artist_name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub release_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub cover: Option<String>,
    #[serde(flatten)]
    pub state: SearchState,
}

/// A cast member of `MovieFullInfoViewModel.credits` (`FullMovieCastViewModel`, TMDB's
/// snake_case: the person is `name`).
#[derive(Debug, Clone, Deserialize)]
pub struct CastDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub character: Option<String>,
}

/// A crew member of `MovieFullInfoViewModel.credits` (`FullMovieCrewViewModel`).
#[derive(Debug, Clone, Deserialize)]
pub struct CrewDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub job: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub department: Option<String>,
}

/// A cast member of `SearchFullInfoTvShowViewModel` (`CastViewModel`): the person's name is
/// `person`, not `name` (`SearchFullInfoTvShowViewModel.cs`, mapped in `TvProfileV2.cs`).
#[derive(Debug, Clone, Deserialize)]
pub struct TvCastDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub person: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub character: Option<String>,
}

/// A crew member of `SearchFullInfoTvShowViewModel` (`PersonViewModel {id, url, name,
/// image}`): Ombi keeps no job or department for TV crew.
#[derive(Debug, Clone, Deserialize)]
pub struct TvCrewDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
}

/// `credits {cast, crew}` of `MovieFullInfoViewModel`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CreditsDto {
    #[serde(default)]
    pub cast: Option<Vec<CastDto>>,
    #[serde(default)]
    pub crew: Option<Vec<CrewDto>>,
}

/// `belongsToCollection`: the collection's own TMDB id, not the movie's.
#[derive(Debug, Clone, Deserialize)]
pub struct CollectionRef {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
}

/// `externalIds` of the full-info models.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExternalIds {
    #[serde(default, deserialize_with = "lenient_text")]
    pub imdb_id: Option<String>,
    #[serde(default, deserialize_with = "text_id")]
    pub tv_db_id: Option<String>,
}

/// `MovieFullInfoViewModel` (v2 movie details by TMDB id, IMDb id or request id).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MovieFull {
    #[serde(flatten)]
    pub movie: SearchMovie,
    #[serde(default)]
    pub genres: Option<Vec<IdName>>,
    #[serde(default)]
    pub credits: Option<CreditsDto>,
    #[serde(default)]
    pub belongs_to_collection: Option<CollectionRef>,
    #[serde(default)]
    pub external_ids: Option<ExternalIds>,
}

/// `SearchFullInfoTvShowViewModel` (v2 TV details; TMDB-keyed, Q2).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TvFull {
    #[serde(flatten)]
    pub show: SearchTvV2,
    #[serde(default)]
    pub genres: Option<Vec<serde_json::Value>>,
    #[serde(default)]
    pub cast: Option<Vec<TvCastDto>>,
    #[serde(default)]
    pub crew: Option<Vec<TvCrewDto>>,
    #[serde(default)]
    pub external_ids: Option<ExternalIds>,
    #[serde(default)]
    pub season_requests: Option<Vec<SeasonDto>>,
    /// The poster: this model has no `posterPath` (`images.original` is TMDB's poster path).
    #[serde(default)]
    pub images: Option<ImagesDto>,
}

/// `Images {medium, original}` of `SearchFullInfoTvShowViewModel`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ImagesDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub original: Option<String>,
}

/// `MovieCollectionsViewModel` of v2 `Search/movie/collection/{id}`.
#[derive(Debug, Clone, Deserialize)]
pub struct CollectionDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
    #[serde(default)]
    pub collection: Option<Vec<SearchMovie>>,
}

/// One credit of `ActorCredits` (TMDB snake_case: movies carry `title`, shows `name`).
#[derive(Debug, Clone, Deserialize)]
pub struct PersonCredit {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub character: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub job: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub department: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub release_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub first_air_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub poster_path: Option<String>,
}

/// `ActorCredits {id, cast[], crew[]}` of v2 `Search/actor/{id}/{movie|tv}`: only the person
/// id, never the person's name.
#[derive(Debug, Clone, Deserialize)]
pub struct ActorCredits {
    #[serde(default)]
    pub cast: Option<Vec<PersonCredit>>,
    #[serde(default)]
    pub crew: Option<Vec<PersonCredit>>,
}

/// A release group of an artist.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseGroupRef {
    #[serde(default, deserialize_with = "lenient_text")]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub release_date: Option<String>,
}

/// `ArtistInformation` of v2 `Search/artist/{mbid}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtistInfo {
    #[serde(default, deserialize_with = "lenient_text")]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub overview: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub start_year: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub poster: Option<String>,
    #[serde(default)]
    pub release_groups: Option<Vec<ReleaseGroupRef>>,
}

/// `ReleaseGroup` of v2 `Search/artist/album/{mbid}` (`Music/ReleaseGroup.cs`): no artist
/// fields at all (`MusicSearchEngineV2.GetAlbum` fills id, title, date and type only);
/// availability is `fullyAvailable`/`partiallyAvailable`, from Lidarr's `percentOfTracks`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseGroup {
    #[serde(default, deserialize_with = "lenient_text")]
    pub id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub release_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub fully_available: Option<bool>,
    #[serde(flatten)]
    pub state: SearchState,
}

/// `StreamingData {order, streamingProvider, logo}` of v2 `Search/stream/...`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamingData {
    #[serde(default, deserialize_with = "int_id")]
    pub order: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub streaming_provider: Option<String>,
}

/// `MovieRatings` of v2 `Search/ratings/movie/{name}/{year}`: Rotten Tomatoes' own
/// snake_case names, which camelCase leaves alone (`RottenTomatoesMovieResponse.cs`).
#[derive(Debug, Clone, Deserialize)]
pub struct MovieRatings {
    #[serde(default, deserialize_with = "lenient_text")]
    pub critics_rating: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub critics_score: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub audience_rating: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub audience_score: Option<i64>,
}

/// `TvRatings {class, score}` of v2 `Search/ratings/tv/{name}/{year}` (`TvRatings.cs`:
/// Rotten Tomatoes' tomatometer class and score of the series).
#[derive(Debug, Clone, Deserialize)]
pub struct TvRatings {
    #[serde(default, rename = "class", deserialize_with = "lenient_text")]
    pub class: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub score: Option<i64>,
}
