//! Media records from Ombi's search models. The identifier namespace is decided by the
//! route a record came from, never by the field name (`04-results.md`, media_page).

use crate::model::{Credit, Media, MediaKind, Namespace, Target, TargetKind};
use crate::projection::text;
use crate::upstream::dto::{MultiSearchResult, SearchAlbum, SearchMovie, SearchTvV1};

/// A multi-search result (POST `/api/v2/Search/multi`): TMDB ids for movie, tv and person,
/// MusicBrainz ids for artists. `mediaType` is matched case-insensitively (`Artist`).
/// An unknown `mediaType` keeps its id as `provider_unknown` and adds a warning.
pub fn from_multi(item: &MultiSearchResult, warnings: &mut Vec<String>) -> Media {
    let media_type = item.media_type.as_deref().unwrap_or("").trim().to_ascii_lowercase();
    let (kind, namespace) = match media_type.as_str() {
        "movie" => (MediaKind::Movie, Namespace::Tmdb),
        "tv" => (MediaKind::Tv, Namespace::Tmdb),
        "person" => (MediaKind::Person, Namespace::Tmdb),
        "artist" => (MediaKind::Artist, Namespace::Musicbrainz),
        other => {
            warnings.push(format!(
                "A search result had the unknown mediaType `{}`; its id is labelled provider_unknown.",
                text::short(Some(other), 40).unwrap_or_default()
            ));
            (MediaKind::Unknown, Namespace::ProviderUnknown)
        }
    };
    let mut m = Media::new(kind);
    if let Some(id) = &item.id {
        m.add_id(namespace, id);
    }
    m.title = text::some_text(item.title.as_deref());
    // Ombi appends " (year)" to movie titles only (API catalogue Q15): split it off.
    if kind == MediaKind::Movie
        && let Some((title, year)) = m.title.as_deref().and_then(split_year)
    {
        m.year = Some(year);
        m.title = Some(title);
    }
    m.overview = text::short(item.overview.as_deref(), text::OVERVIEW_CHARS);
    m.artwork_uris.extend(text::artwork(item.poster.as_deref()));
    m
}

/// A v1 movie search result (TMDB-backed): `id`/`theMovieDbId` are TMDB ids.
pub fn from_movie(vm: &SearchMovie) -> Media {
    let mut m = Media::new(MediaKind::Movie);
    if let Some(id) = vm.id.filter(|i| *i > 0) {
        m.add_id(Namespace::Tmdb, id.to_string());
    }
    if let Some(id) = &vm.the_movie_db_id {
        m.add_id(Namespace::Tmdb, id);
    }
    if let Some(imdb) = &vm.imdb_id {
        m.add_id(Namespace::Imdb, imdb);
    }
    m.title = text::some_text(vm.title.as_deref());
    m.overview = text::short(vm.overview.as_deref(), text::OVERVIEW_CHARS);
    m.year = text::year(vm.release_date.as_deref());
    m.available = vm.available;
    m.requested = vm.requested;
    if let Some(id) = positive(vm.request_id) {
        m.request_targets.push(Target { kind: TargetKind::Movie, id });
        m.add_id(Namespace::OmbiMovie, id.to_string());
    }
    m.artwork_uris.extend(text::artwork(vm.poster_path.as_deref()));
    m
}

/// A v1 TV result (TVMaze-backed, API catalogue Q1): the misnamed `theMovieDbId` and `id`
/// hold the TVDB id, `seriesId` the TVMaze id.
pub fn from_tv_v1(vm: &SearchTvV1) -> Media {
    let mut m = Media::new(MediaKind::Tv);
    if let Some(id) = &vm.the_movie_db_id {
        m.add_id(Namespace::Tvdb, id);
    }
    if let Some(id) = vm.id.filter(|i| *i > 0) {
        m.add_id(Namespace::Tvdb, id.to_string());
    }
    if let Some(id) = &vm.series_id {
        m.add_id(Namespace::Tvmaze, id);
    }
    if let Some(imdb) = &vm.imdb_id {
        m.add_id(Namespace::Imdb, imdb);
    }
    m.title = text::some_text(vm.title.as_deref());
    m.overview = text::short(vm.overview.as_deref(), text::OVERVIEW_CHARS);
    m.year = text::year(vm.first_aired.as_deref());
    m.available = vm.available;
    m.requested = vm.requested;
    m.artwork_uris.extend(text::artwork(vm.poster_path.as_deref()));
    m
}

/// A v1 album search result (Lidarr-backed): `foreignAlbumId` is the MusicBrainz release
/// group id; the artist becomes a credit.
pub fn from_album(vm: &SearchAlbum) -> Media {
    let mut m = Media::new(MediaKind::Album);
    if let Some(id) = &vm.foreign_album_id {
        m.add_id(Namespace::Musicbrainz, id);
    }
    m.title = text::some_text(vm.title.as_deref());
    m.year = text::year(vm.release_date.as_deref());
    m.available = vm.available;
    m.requested = vm.requested;
    if let Some(id) = positive(vm.request_id) {
        m.request_targets.push(Target { kind: TargetKind::Album, id });
        m.add_id(Namespace::OmbiAlbum, id.to_string());
    }
    if let Some(artist) = text::some_text(vm.artist_name.as_deref()) {
        m.credits.push(Credit { name: artist, person_id: None, role: Some("artist".into()), department: None });
    }
    m.artwork_uris.extend(text::artwork(vm.cover.as_deref()));
    m
}

/// `"Dune (2021)"` → `("Dune", 2021)`.
fn split_year(title: &str) -> Option<(String, i64)> {
    let open = title.rfind(" (")?;
    let inner = title[open + 2..].strip_suffix(')')?;
    let year: i64 = inner.parse().ok().filter(|_| inner.len() == 4)?;
    Some((title[..open].to_string(), year))
}

fn positive(id: Option<i64>) -> Option<u64> {
    id.filter(|i| *i > 0).map(|i| i as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn multi(json: &str) -> (Media, Vec<String>) {
        let item: MultiSearchResult = serde_json::from_str(json).unwrap();
        let mut w = Vec::new();
        (from_multi(&item, &mut w), w)
    }

    fn ns(m: &Media) -> Vec<(Namespace, &str)> {
        m.identifiers.iter().map(|i| (i.namespace, i.value.as_str())).collect()
    }

    #[test]
    fn multi_media_types_pick_the_namespace() {
        let (m, w) = multi(r#"{"id":"603","mediaType":"movie","title":"The Matrix","poster":"/p.jpg"}"#);
        assert_eq!(m.media, MediaKind::Movie);
        assert_eq!(ns(&m), vec![(Namespace::Tmdb, "603")]);
        assert_eq!(m.artwork_uris, vec!["https://image.tmdb.org/t/p/w500/p.jpg"]);
        assert!(w.is_empty());
        let (m, _) = multi(r#"{"id":"1399","mediaType":"tv"}"#);
        assert_eq!((m.media, ns(&m)), (MediaKind::Tv, vec![(Namespace::Tmdb, "1399")]));
        let (m, _) = multi(r#"{"id":"6384","mediaType":"person"}"#);
        assert_eq!(m.media, MediaKind::Person);
    }

    #[test]
    fn movie_title_year_is_split_off() {
        let (m, _) = multi(r#"{"id":"438631","mediaType":"movie","title":"Dune (2021)"}"#);
        assert_eq!((m.title.as_deref(), m.year), (Some("Dune"), Some(2021)));
        let (m, _) = multi(r#"{"id":"1","mediaType":"tv","title":"Dune (2021)"}"#);
        assert_eq!((m.title.as_deref(), m.year), (Some("Dune (2021)"), None));
        let (m, _) = multi(r#"{"id":"2","mediaType":"movie","title":"Up (Director's Cut)"}"#);
        assert_eq!(m.year, None);
    }

    #[test]
    fn capitalised_artist_is_musicbrainz() {
        let (m, w) = multi(r#"{"id":"a74b1b7f-71a5-4011-9441-d0b5e4122711","mediaType":"Artist","title":"Radiohead"}"#);
        assert_eq!(m.media, MediaKind::Artist);
        assert_eq!(m.identifiers[0].namespace, Namespace::Musicbrainz);
        assert!(w.is_empty());
    }

    #[test]
    fn unknown_media_type_is_provider_unknown_with_a_warning() {
        let (m, w) = multi(r#"{"id":"9","mediaType":"podcast"}"#);
        assert_eq!(m.media, MediaKind::Unknown);
        assert_eq!(m.identifiers[0].namespace, Namespace::ProviderUnknown);
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn missing_fields_stay_absent() {
        let (m, _) = multi(r#"{"mediaType":"movie"}"#);
        assert!(m.identifiers.is_empty());
        assert_eq!(m.title, None);
        assert_eq!(m.available, None);
        assert_eq!(m.requested, None);
    }

    #[test]
    fn movie_ids_are_not_repeated() {
        let vm: SearchMovie = serde_json::from_str(
            r#"{"id":603,"theMovieDbId":"603","imdbId":"tt0133093","title":"The Matrix","releaseDate":"1999-03-30T00:00:00Z","available":false,"requested":true,"requestId":12}"#,
        )
        .unwrap();
        let m = from_movie(&vm);
        assert_eq!(
            ns(&m),
            vec![(Namespace::Tmdb, "603"), (Namespace::Imdb, "tt0133093"), (Namespace::OmbiMovie, "12")]
        );
        assert_eq!(m.year, Some(1999));
        assert_eq!(m.request_targets, vec![Target { kind: TargetKind::Movie, id: 12 }]);
        assert_eq!(m.available, Some(false));
    }

    #[test]
    fn zero_request_id_is_no_target() {
        let vm: SearchMovie = serde_json::from_str(r#"{"id":5,"requestId":0,"requested":false}"#).unwrap();
        assert!(from_movie(&vm).request_targets.is_empty());
    }

    #[test]
    fn v1_tv_is_tvdb_and_tvmaze() {
        let vm: SearchTvV1 = serde_json::from_str(
            r#"{"id":287247,"theMovieDbId":"287247","seriesId":11234,"title":"The Expanse","firstAired":"2015-12-14"}"#,
        )
        .unwrap();
        let m = from_tv_v1(&vm);
        assert_eq!(ns(&m), vec![(Namespace::Tvdb, "287247"), (Namespace::Tvmaze, "11234")]);
        assert_eq!(m.year, Some(2015));
    }

    #[test]
    fn album_credits_the_artist() {
        let vm: SearchAlbum = serde_json::from_str(
            r#"{"title":"OK Computer","foreignAlbumId":"b1392450-e666-3926-a536-22c65f834433","artistName":"Radiohead","releaseDate":"1997-05-21T00:00:00Z","requestId":3}"#,
        )
        .unwrap();
        let m = from_album(&vm);
        assert_eq!(m.identifiers[0].namespace, Namespace::Musicbrainz);
        assert_eq!(m.credits[0].name, "Radiohead");
        assert_eq!(m.request_targets[0].kind, TargetKind::Album);
        assert_eq!(m.year, Some(1997));
    }
}
