//! Media records from Ombi's search, discovery and details models. The identifier namespace
//! is decided by the route a record came from, never by the field name (`04-results.md`,
//! media_page): TMDB-keyed v2 routes give `tmdb` (and never `tvmaze`), the TVMaze-backed v1 TV
//! routes give `tvdb` and `tvmaze`.

use crate::model::{Credit, Episode, Media, MediaKind, Namespace, Provider, Reference, Season, Target, TargetKind};
use crate::projection::{cap, text};
use crate::upstream::dto::media::{
    ActorCredits, ArtistInfo, CastDto, CollectionDto, CrewDto, MovieFull, MovieRatings, MultiSearchResult,
    PersonCredit, ReleaseGroup, SearchAlbum, SearchMovie, SearchState, SearchTvV1, SearchTvV2, SeasonDto,
    StreamingData, TvCastDto, TvCrewDto, TvFull, TvRatings,
};
use crate::upstream::dto::positive;

/// What a details call adds to a record (`read_media`'s `include`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Include {
    pub credits: bool,
    pub providers: bool,
    pub ratings: bool,
    pub seasons: bool,
}

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

/// Availability, request state and the request target of a search model; `kind` is the
/// target a `requestId` on this kind of record points at.
fn apply_state(m: &mut Media, state: &SearchState, kind: TargetKind) {
    m.available = state.available;
    m.requested = state.requested;
    if let Some(id) = positive(state.request_id) {
        m.add_target(Target { kind, id });
        let ns = match kind {
            TargetKind::Movie => Namespace::OmbiMovie,
            TargetKind::TvParent => Namespace::OmbiTvParent,
            TargetKind::TvChild => Namespace::OmbiTvChild,
            TargetKind::Album => Namespace::OmbiAlbum,
        };
        m.add_id(ns, id.to_string());
    }
}

/// A movie search model (TMDB-backed on every route): `id`/`theMovieDbId` are TMDB ids.
pub fn from_movie(vm: &SearchMovie) -> Media {
    let mut m = Media::new(MediaKind::Movie);
    if let Some(id) = positive(vm.id) {
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
    apply_state(&mut m, &vm.state, TargetKind::Movie);
    m.artwork_uris.extend(text::artwork(vm.poster_path.as_deref()));
    m
}

/// A TV model of the TMDB-keyed v2 routes (Q2): `id` (and `theMovieDbId` when set) are TMDB
/// ids, `theTvDbId` a TVDB id; `seriesId` echoes the TMDB id and is never labelled `tvmaze`.
/// A `requestId` here is the TV parent request.
pub fn from_tv_v2(vm: &SearchTvV2) -> Media {
    let mut m = Media::new(MediaKind::Tv);
    if let Some(id) = positive(vm.id) {
        m.add_id(Namespace::Tmdb, id.to_string());
    }
    if let Some(id) = &vm.the_movie_db_id {
        m.add_id(Namespace::Tmdb, id);
    }
    if let Some(id) = &vm.the_tv_db_id {
        m.add_id(Namespace::Tvdb, id);
    }
    if let Some(imdb) = &vm.imdb_id {
        m.add_id(Namespace::Imdb, imdb);
    }
    m.title = text::some_text(vm.title.as_deref());
    m.overview = text::short(vm.overview.as_deref(), text::OVERVIEW_CHARS);
    m.year = text::year(vm.first_aired.as_deref());
    apply_state(&mut m, &vm.state, TargetKind::TvParent);
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
    if let Some(id) = positive(vm.id) {
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
    apply_state(&mut m, &vm.state, TargetKind::TvParent);
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
    apply_state(&mut m, &vm.state, TargetKind::Album);
    if let Some(artist) = text::some_text(vm.artist_name.as_deref()) {
        m.credits.push(Credit { name: artist, person_id: None, role: Some("artist".into()), department: None });
    }
    m.artwork_uris.extend(text::artwork(vm.cover.as_deref()));
    m
}

/// Seasons and episodes, at most 100 of each; `true` when some were left out.
pub fn seasons(list: &[SeasonDto]) -> (Vec<Season>, bool) {
    let mut cut = false;
    let mut out: Vec<Season> = list
        .iter()
        .filter_map(|s| {
            let number = u64::try_from(s.season_number?).ok()?;
            let mut episodes: Vec<Episode> = s
                .episodes
                .iter()
                .flatten()
                .filter_map(|e| {
                    Some(Episode {
                        episode_number: u64::try_from(e.episode_number?).ok()?,
                        title: text::short(e.title.as_deref(), 200),
                        requested: e.requested,
                        available: e.available,
                    })
                })
                .collect();
            let truncated = cap(&mut episodes);
            cut |= truncated;
            Some(Season { season_number: number, episodes, truncated })
        })
        .collect();
    cut |= cap(&mut out);
    (out, cut)
}

fn cast_credit(c: &CastDto) -> Option<Credit> {
    Some(Credit {
        name: text::some_text(c.name.as_deref())?,
        person_id: positive(c.id),
        role: text::some_text(c.character.as_deref()),
        department: Some("Acting".into()),
    })
}

fn crew_credit(c: &CrewDto) -> Option<Credit> {
    Some(Credit {
        name: text::some_text(c.name.as_deref())?,
        person_id: positive(c.id),
        role: text::some_text(c.job.as_deref()),
        department: text::some_text(c.department.as_deref()),
    })
}

/// A TV cast member: `CastViewModel.person` is the name.
fn tv_cast_credit(c: &TvCastDto) -> Option<Credit> {
    Some(Credit {
        name: text::some_text(c.person.as_deref())?,
        person_id: positive(c.id),
        role: text::some_text(c.character.as_deref()),
        department: Some("Acting".into()),
    })
}

/// A TV crew member: Ombi keeps only the name and id (no job), so no role is invented.
fn tv_crew_credit(c: &TvCrewDto) -> Option<Credit> {
    Some(Credit { name: text::some_text(c.name.as_deref())?, person_id: positive(c.id), role: None, department: None })
}

/// Cast then crew as credits, at most 100; `true` when some were left out.
fn credits(cast: impl Iterator<Item = Credit>, crew: impl Iterator<Item = Credit>) -> (Vec<Credit>, bool) {
    let mut out: Vec<Credit> = cast.chain(crew).collect();
    let cut = cap(&mut out);
    (out, cut)
}

/// Genre names from `[{id, name}]` or plain strings.
fn genre_names(values: impl Iterator<Item = Option<String>>) -> Vec<String> {
    let mut out: Vec<String> = values.flatten().filter_map(|g| text::some_text(Some(&g))).collect();
    out.dedup();
    cap(&mut out);
    out
}

/// `MovieFullInfoViewModel` (TMDB-keyed). `belongsToCollection.id` is the collection's id,
/// never one of the movie's. Returns the record and whether nested lists were cut.
pub fn movie_full(full: &MovieFull, include: Include) -> (Media, bool) {
    let mut m = from_movie(&full.movie);
    if let Some(imdb) = full.external_ids.as_ref().and_then(|e| e.imdb_id.as_deref()) {
        m.add_id(Namespace::Imdb, imdb);
    }
    m.genres = genre_names(full.genres.iter().flatten().map(|g| g.name.clone()));
    let mut cut = false;
    if include.credits
        && let Some(c) = &full.credits
    {
        let cast = c.cast.iter().flatten().filter_map(cast_credit);
        let (list, was_cut) = credits(cast, c.crew.iter().flatten().filter_map(crew_credit));
        m.credits = list;
        cut |= was_cut;
    }
    (m, cut)
}

/// `SearchFullInfoTvShowViewModel` (TMDB-keyed, Q2). Returns the record and whether nested
/// lists were cut.
pub fn tv_full(full: &TvFull, include: Include) -> (Media, bool) {
    let mut m = from_tv_v2(&full.show);
    if m.artwork_uris.is_empty() {
        m.artwork_uris.extend(text::artwork(full.images.as_ref().and_then(|i| i.original.as_deref())));
    }
    if let Some(ext) = &full.external_ids {
        if let Some(imdb) = &ext.imdb_id {
            m.add_id(Namespace::Imdb, imdb);
        }
        if let Some(tvdb) = &ext.tv_db_id {
            m.add_id(Namespace::Tvdb, tvdb);
        }
    }
    m.genres = genre_names(full.genres.iter().flatten().map(|g| match g {
        serde_json::Value::String(s) => Some(s.clone()),
        other => other.get("name").and_then(|n| n.as_str()).map(str::to_string),
    }));
    let mut cut = false;
    if include.credits {
        let cast = full.cast.iter().flatten().filter_map(tv_cast_credit);
        let (list, was_cut) = credits(cast, full.crew.iter().flatten().filter_map(tv_crew_credit));
        m.credits = list;
        cut |= was_cut;
    }
    if include.seasons {
        let (list, was_cut) = seasons(full.season_requests.as_deref().unwrap_or(&[]));
        m.seasons = list;
        cut |= was_cut;
    }
    (m, cut)
}

/// A v1 TV info record with its TVMaze episodes when `seasons` is asked for.
pub fn tv_info_v1(vm: &SearchTvV1, include: Include) -> (Media, bool) {
    let mut m = from_tv_v1(vm);
    let mut cut = false;
    if include.seasons {
        let (list, was_cut) = seasons(vm.season_requests.as_deref().unwrap_or(&[]));
        m.seasons = list;
        cut = was_cut;
    }
    (m, cut)
}

/// A collection keeps its own identity (its TMDB collection id) and is followed by its
/// member movies.
pub fn collection(collection_id: u64, dto: &CollectionDto) -> Vec<Media> {
    let mut c = Media::new(MediaKind::Collection);
    c.add_id(Namespace::Tmdb, collection_id.to_string());
    c.title = text::some_text(dto.name.as_deref());
    c.overview = text::short(dto.overview.as_deref(), text::OVERVIEW_CHARS);
    std::iter::once(c).chain(dto.collection.iter().flatten().map(from_movie)).collect()
}

/// A person's credits as titles, each crediting the person by the name the caller gave
/// (Ombi returns only the person id). TV credits may lack a title; those come back with
/// `title: None` for the caller to enrich.
pub fn person_credits(person_id: u64, person_name: &str, movies: &ActorCredits, tv: &ActorCredits) -> Vec<Media> {
    let mut out: Vec<Media> = Vec::new();
    let mut add = |c: &PersonCredit, kind: MediaKind, acting: bool| {
        let Some(id) = positive(c.id) else { return };
        let credit = Credit {
            name: person_name.to_string(),
            person_id: Some(person_id),
            role: text::some_text(if acting { c.character.as_deref() } else { c.job.as_deref() }),
            department: if acting { Some("Acting".into()) } else { text::some_text(c.department.as_deref()) },
        };
        if let Some(existing) =
            out.iter_mut().find(|m| m.media == kind && m.identifiers.iter().any(|i| i.value == id.to_string()))
        {
            if existing.credits.len() < crate::budget::MAX_NESTED {
                existing.credits.push(credit);
            }
            return;
        }
        let mut m = Media::new(kind);
        m.add_id(Namespace::Tmdb, id.to_string());
        m.title = text::some_text(c.title.as_deref().or(c.name.as_deref()));
        m.year = text::year(c.release_date.as_deref().or(c.first_air_date.as_deref()));
        m.artwork_uris.extend(text::artwork(c.poster_path.as_deref()));
        m.credits.push(credit);
        out.push(m);
    };
    for c in movies.cast.iter().flatten() {
        add(c, MediaKind::Movie, true);
    }
    for c in movies.crew.iter().flatten() {
        add(c, MediaKind::Movie, false);
    }
    for c in tv.cast.iter().flatten() {
        add(c, MediaKind::Tv, true);
    }
    for c in tv.crew.iter().flatten() {
        add(c, MediaKind::Tv, false);
    }
    out
}

/// An artist (MusicBrainz), followed by its release groups as albums.
pub fn artist(info: &ArtistInfo) -> Vec<Media> {
    let mut a = Media::new(MediaKind::Artist);
    if let Some(id) = &info.id {
        a.add_id(Namespace::Musicbrainz, id);
    }
    a.title = text::some_text(info.name.as_deref());
    a.overview = text::short(info.overview.as_deref(), text::OVERVIEW_CHARS);
    a.year = info.start_year.as_deref().and_then(|y| y.trim().get(..4)).and_then(|y| y.parse().ok());
    a.artwork_uris.extend(text::artwork(info.poster.as_deref()));
    let artist_name = a.title.clone();
    let albums = info.release_groups.iter().flatten().filter_map(|g| {
        let mut m = Media::new(MediaKind::Album);
        m.add_id(Namespace::Musicbrainz, g.id.as_deref()?);
        m.title = text::some_text(g.title.as_deref());
        m.year = text::year(g.release_date.as_deref());
        if let Some(name) = &artist_name {
            m.credits.push(Credit {
                name: name.clone(),
                person_id: None,
                role: Some("artist".into()),
                department: None,
            });
        }
        Some(m)
    });
    std::iter::once(a).chain(albums).collect()
}

/// A release group (album) of v2 `Search/artist/album/{mbid}`. Ombi's `ReleaseGroup` names
/// no artist: the caller adds one from where Ombi keeps it. `available` is Ombi's request
/// state or Lidarr holding every track (`fullyAvailable`).
pub fn release_group(rg: &ReleaseGroup) -> Media {
    let mut m = Media::new(MediaKind::Album);
    if let Some(id) = &rg.id {
        m.add_id(Namespace::Musicbrainz, id);
    }
    m.title = text::some_text(rg.title.as_deref());
    m.year = text::year(rg.release_date.as_deref());
    apply_state(&mut m, &rg.state, TargetKind::Album);
    m.available = match (rg.state.available, rg.fully_available) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (a, f) => a.or(f),
    };
    m
}

/// The artist of an album as a credit.
pub fn artist_credit(name: &str) -> Option<Credit> {
    Some(Credit { name: text::some_text(Some(name))?, person_id: None, role: Some("artist".into()), department: None })
}

/// Title-specific streaming offers, in Ombi's order, without duplicates.
pub fn providers(list: &[StreamingData], country: Option<&str>) -> Vec<Provider> {
    let mut sorted: Vec<&StreamingData> = list.iter().collect();
    sorted.sort_by_key(|s| s.order.unwrap_or(i64::MAX));
    let mut out: Vec<Provider> = Vec::new();
    for s in sorted {
        if let Some(name) = text::some_text(s.streaming_provider.as_deref())
            && !out.iter().any(|p| p.name == name)
        {
            out.push(Provider { name, country: country.map(str::to_string), access: Some("stream".into()), url: None });
        }
    }
    cap(&mut out);
    out
}

/// A Rotten Tomatoes score as a rating reference; a negative score is Rotten Tomatoes'
/// "no score yet" and is left out.
fn rt_score(id: &str, name: &str, score: Option<i64>, category: Option<&str>) -> Option<Reference> {
    let score = score.filter(|s| (0..=100).contains(s))?;
    Some(Reference {
        id: Some(id.into()),
        name: name.into(),
        value: Some(score.into()),
        category: text::some_text(category),
    })
}

/// A movie's Rotten Tomatoes ratings (`MovieRatings`): the critics' score with their rating
/// (`Certified Fresh`, `Fresh`, `Rotten`) and the audience's with theirs (`Upright`,
/// `Spilled`).
pub fn movie_ratings(r: &MovieRatings) -> Vec<Reference> {
    [
        rt_score(
            "rotten_tomatoes_critics",
            "Rotten Tomatoes critics score",
            r.critics_score,
            r.critics_rating.as_deref(),
        ),
        rt_score(
            "rotten_tomatoes_audience",
            "Rotten Tomatoes audience score",
            r.audience_score,
            r.audience_rating.as_deref(),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A show's Rotten Tomatoes rating (`TvRatings`): the tomatometer score and its class.
pub fn tv_ratings(r: &TvRatings) -> Vec<Reference> {
    rt_score("rotten_tomatoes_critics", "Rotten Tomatoes critics score", r.score, r.class.as_deref())
        .into_iter()
        .collect()
}

/// `"Dune (2021)"` → `("Dune", 2021)`.
fn split_year(title: &str) -> Option<(String, i64)> {
    let open = title.rfind(" (")?;
    let inner = title[open + 2..].strip_suffix(')')?;
    let year: i64 = inner.parse().ok().filter(|_| inner.len() == 4)?;
    Some((title[..open].to_string(), year))
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

    #[test]
    fn v2_tv_is_tmdb_and_never_tvmaze() {
        let vm: SearchTvV2 = serde_json::from_str(
            r#"{"id":1399,"theMovieDbId":"1399","seriesId":1399,"theTvDbId":"121361","imdbId":"tt0944947","title":"Game of Thrones","requestId":7}"#,
        )
        .unwrap();
        let m = from_tv_v2(&vm);
        assert_eq!(
            ns(&m),
            vec![
                (Namespace::Tmdb, "1399"),
                (Namespace::Tvdb, "121361"),
                (Namespace::Imdb, "tt0944947"),
                (Namespace::OmbiTvParent, "7")
            ]
        );
        assert_eq!(m.request_targets, vec![Target { kind: TargetKind::TvParent, id: 7 }]);
    }

    #[test]
    fn a_movies_collection_id_is_not_its_own() {
        let full: MovieFull = serde_json::from_str(
            r#"{"id":438631,"title":"Dune","belongsToCollection":{"id":726871,"name":"Dune Collection"},"genres":[{"id":878,"name":"Science Fiction"}],
                "credits":{"cast":[{"id":1190668,"name":"Timothée Chalamet","character":"Paul"}],"crew":[{"id":137427,"name":"Denis Villeneuve","job":"Director","department":"Directing"}]}}"#,
        )
        .unwrap();
        let (m, cut) = movie_full(&full, Include { credits: true, ..Include::default() });
        assert!(!cut);
        assert_eq!(ns(&m), vec![(Namespace::Tmdb, "438631")]);
        assert_eq!(m.genres, vec!["Science Fiction"]);
        assert_eq!(m.credits.len(), 2);
        assert_eq!(m.credits[1].role.as_deref(), Some("Director"));
        let (m, _) = movie_full(&full, Include::default());
        assert!(m.credits.is_empty());
    }

    #[test]
    fn collections_keep_their_identity_and_members() {
        let dto: CollectionDto = serde_json::from_str(
            r#"{"name":"Dune Collection","overview":"o","collection":[{"id":438631,"title":"Dune"},{"id":693134,"title":"Dune: Part Two"}]}"#,
        )
        .unwrap();
        let items = collection(726871, &dto);
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].media, MediaKind::Collection);
        assert_eq!(ns(&items[0]), vec![(Namespace::Tmdb, "726871")]);
        assert_eq!(ns(&items[2]), vec![(Namespace::Tmdb, "693134")]);
    }

    #[test]
    fn person_credits_carry_the_callers_name() {
        let movies: ActorCredits =
            serde_json::from_str(r#"{"id":6384,"cast":[{"id":603,"title":"The Matrix","character":"Neo","release_date":"1999-03-30"}],"crew":[]}"#)
                .unwrap();
        let tv: ActorCredits = serde_json::from_str(r#"{"cast":[{"id":1,"character":"Host"}]}"#).unwrap();
        let items = person_credits(6384, "Keanu Reeves", &movies, &tv);
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].credits[0].name, "Keanu Reeves");
        assert_eq!(items[0].credits[0].person_id, Some(6384));
        assert_eq!(items[0].credits[0].role.as_deref(), Some("Neo"));
        assert_eq!(items[0].year, Some(1999));
        assert_eq!(items[1].media, MediaKind::Tv);
        assert_eq!(items[1].title, None);
    }

    #[test]
    fn seasons_are_bounded() {
        let eps: Vec<String> = (1..=150).map(|n| format!(r#"{{"episodeNumber":{n}}}"#)).collect();
        let json = format!(r#"[{{"seasonNumber":1,"episodes":[{}]}},{{"seasonNumber":null}}]"#, eps.join(","));
        let list: Vec<SeasonDto> = serde_json::from_str(&json).unwrap();
        let (s, cut) = seasons(&list);
        assert!(cut);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].episodes.len(), 100);
        assert!(s[0].truncated);
    }

    #[test]
    fn providers_and_ratings() {
        let list: Vec<StreamingData> = serde_json::from_str(
            r#"[{"order":2,"streamingProvider":"Netflix"},{"order":1,"streamingProvider":"Max"},{"order":3,"streamingProvider":"Netflix"}]"#,
        )
        .unwrap();
        let p = providers(&list, Some("US"));
        assert_eq!(p.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), vec!["Max", "Netflix"]);
        let r: TvRatings = serde_json::from_str(r#"{"class":"fresh","score":91}"#).unwrap();
        let refs = tv_ratings(&r);
        assert_eq!(refs.len(), 1);
        assert_eq!(refs[0].value, Some(serde_json::json!(91)));
        assert_eq!(refs[0].category.as_deref(), Some("fresh"));
    }
}
