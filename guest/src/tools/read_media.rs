//! `read_media`: details of one movie, show, person, collection, artist or album.
//!
//! Ombi routes: v2 `Search/movie/{tmdb}`, `movie/imdb/{imdb}`, `movie/request/{id}`,
//! `movie/collection/{id}`, `tv/moviedb/{tmdb}`, `tv/request/{parentId}`,
//! `actor/{id}/{movie|tv}`, `artist/{mbid}`, `artist/album/{mbid}`, `stream/{media}/{tmdb}`,
//! `ratings/{media}/{name}/{year}`; v1 `Search/tv/info/{tvdb}` (TVMaze ids, Q1) and
//! `Request/tv/{id}` to tell a missing TV request from a failure (§3.1, §3.2).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{DetailMedia, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::routes::Route;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Media, MediaKind, Namespace, PageUnit};
use crate::paging;
use crate::projection::media::{self as project, Include as Extras};
use crate::schema::output::Family;
use crate::upstream::dto::media::{
    ActorCredits, ArtistInfo, CollectionDto, MovieFull, MovieRatings, ReleaseGroup, SearchAlbum, SearchTvV1,
    StreamingData, TvFull, TvRatings,
};
use crate::upstream::{ApiRequest, path};

/// Person credits whose titles are looked up (TV credits may come without one).
const ENRICH_AT_MOST: usize = 20;

/// Which id `id` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdNamespace {
    Tmdb,
    Imdb,
    Tvdb,
    Musicbrainz,
    OmbiRequest,
}

/// Extra facts to add.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Include {
    Credits,
    Providers,
    Ratings,
    Seasons,
}

tool_args! {
    /// Arguments of `read_media`.
    pub struct Args {
        /// What `id` names.
        pub media: DetailMedia,
        /// A TMDB or TVDB number, IMDb tt… id, MusicBrainz id or Ombi request id (tv: parent).
        #[schemars(length(min = 1, max = 100))]
        pub id: String,
        /// Default tmdb (musicbrainz for artist, album); movies also take imdb and ombi_request,
        /// tv tvdb and ombi_request.
        pub id_namespace: Option<IdNamespace>,
        /// Required for person: their name.
        #[schemars(length(min = 1, max = 200))]
        pub person_name: Option<String>,
        /// credits (cast, crew), providers (streaming), ratings (Rotten Tomatoes), seasons (tv).
        #[schemars(length(max = 4), extend("uniqueItems" = true))]
        pub include: Option<Vec<Include>>,
        /// For tv: only this season's episodes (0: specials); implies seasons.
        #[schemars(range(max = 1000))]
        pub season: Option<u64>,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v2/Search/movie/{n}"),
    Route::get("/api/v2/Search/movie/imdb/{s}"),
    Route::get("/api/v2/Search/movie/request/{n}"),
    Route::get("/api/v2/Search/movie/collection/{n}"),
    Route::get("/api/v2/Search/tv/moviedb/{n}"),
    Route::get("/api/v2/Search/tv/request/{n}"),
    Route::get("/api/v1/Search/tv/info/{n}"),
    Route::get("/api/v1/Request/tv/{n}"),
    Route::get("/api/v2/Search/actor/{n}/movie"),
    Route::get("/api/v2/Search/actor/{n}/tv"),
    Route::get("/api/v2/Search/artist/{s}"),
    Route::get("/api/v2/Search/artist/album/{s}"),
    Route::get("/api/v1/Search/music/album/info/{s}"),
    Route::get("/api/v2/Search/stream/movie/{n}"),
    Route::get("/api/v2/Search/stream/tv/{n}"),
    Route::get("/api/v2/Search/ratings/movie/{s}/{n}"),
    Route::get("/api/v2/Search/ratings/tv/{s}/{n}"),
];

pub struct ReadMedia;

impl Tool for ReadMedia {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_media",
        title: "Media details",
        description: "Details of one movie, show, person, collection, artist or album by an id from read_search or read_discover; a collection lists its movies, an artist its albums. Ask `include` for credits, streaming providers, ratings or seasons.",
        families: &[Family::MediaPage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let id = args.id.trim().to_string();
        if id.is_empty() {
            return Err(ToolError::invalid("id", "`id` must hold more than whitespace"));
        }
        let mut include = extras(args.include.as_deref().unwrap_or(&[]));
        if args.season.is_some() {
            if args.media != DetailMedia::Tv {
                return Err(ToolError::invalid("season", "`season` is for media tv only"));
            }
            include.seasons = true;
        }
        let ns = args.id_namespace.unwrap_or(match args.media {
            DetailMedia::Artist | DetailMedia::Album => IdNamespace::Musicbrainz,
            _ => IdNamespace::Tmdb,
        });
        check_namespace(args.media, ns)?;
        let items = match args.media {
            DetailMedia::Movie => vec![movie(ctx, &id, ns, include)?],
            DetailMedia::Tv => vec![tv(ctx, &id, ns, include, args.season)?],
            DetailMedia::Person => person(ctx, &id, args.person_name.as_deref())?,
            DetailMedia::Collection => {
                let cid = number(&id)?;
                let dto: Option<CollectionDto> = ctx
                    .fetch_opt(&ApiRequest::get(format!("/api/v2/Search/movie/collection/{cid}")), "the collection")?;
                project::collection(cid, &dto.ok_or_else(|| missing("collection", &id))?)
            }
            DetailMedia::Artist => {
                let dto: Option<ArtistInfo> = ctx.fetch_opt(
                    &ApiRequest::get(format!("/api/v2/Search/artist/{}", path::arg_segment(&id, "id")?)),
                    "the artist",
                )?;
                project::artist(&dto.ok_or_else(|| missing("artist", &id))?)
            }
            DetailMedia::Album => vec![album(ctx, &id)?],
        };
        let mut items = items;
        if items.len() > crate::envelope::MAX_RECORDS {
            let total = items.len();
            items.truncate(crate::envelope::MAX_RECORDS);
            ctx.cut(format!("Returned the first {} of {total} records.", crate::envelope::MAX_RECORDS));
        }
        let page = paging::whole(items.len(), PageUnit::Media);
        Ok(Data::MediaPage { items, page }.into())
    }
}

fn extras(list: &[Include]) -> Extras {
    Extras {
        credits: list.contains(&Include::Credits),
        providers: list.contains(&Include::Providers),
        ratings: list.contains(&Include::Ratings),
        seasons: list.contains(&Include::Seasons),
    }
}

/// Which namespaces each media kind takes.
pub fn check_namespace(media: DetailMedia, ns: IdNamespace) -> Result<(), ToolError> {
    let ok = match media {
        DetailMedia::Movie => matches!(ns, IdNamespace::Tmdb | IdNamespace::Imdb | IdNamespace::OmbiRequest),
        DetailMedia::Tv => matches!(ns, IdNamespace::Tmdb | IdNamespace::Tvdb | IdNamespace::OmbiRequest),
        DetailMedia::Person | DetailMedia::Collection => ns == IdNamespace::Tmdb,
        DetailMedia::Artist | DetailMedia::Album => ns == IdNamespace::Musicbrainz,
    };
    if ok {
        return Ok(());
    }
    let valid = match media {
        DetailMedia::Movie => "tmdb, imdb or ombi_request",
        DetailMedia::Tv => "tmdb, tvdb or ombi_request",
        DetailMedia::Person | DetailMedia::Collection => "tmdb",
        DetailMedia::Artist | DetailMedia::Album => "musicbrainz",
    };
    Err(ToolError::invalid("id_namespace", format!("`id_namespace` for this media must be {valid}")))
}

fn number(id: &str) -> Result<u64, ToolError> {
    id.parse::<u64>().ok().filter(|n| (1..=super::args::MAX_ID).contains(n)).ok_or_else(|| {
        ToolError::invalid("id", format!("`id` must be a positive number in this namespace (got {id:?})"))
    })
}

fn missing(what: &str, id: &str) -> ToolError {
    ToolError::not_found("id", format!("Ombi found no {what} with the id {id:?}."))
}

fn movie(ctx: &mut Ctx, id: &str, ns: IdNamespace, include: Extras) -> Result<Media, ToolError> {
    let route = match ns {
        IdNamespace::Imdb => {
            if !(id.starts_with("tt") && id[2..].bytes().all(|b| b.is_ascii_digit()) && id.len() > 2) {
                return Err(ToolError::invalid("id", format!("an IMDb id looks like tt0133093 (got {id:?})")));
            }
            format!("/api/v2/Search/movie/imdb/{id}")
        }
        IdNamespace::OmbiRequest => format!("/api/v2/Search/movie/request/{}", number(id)?),
        _ => format!("/api/v2/Search/movie/{}", number(id)?),
    };
    let full: Option<MovieFull> =
        ctx.fetch_opt(&ApiRequest::get(route), "the movie").map_err(|e| as_missing(e, ns, "movie", id))?;
    let full = full.ok_or_else(|| missing("movie", id))?;
    let (mut m, cut) = project::movie_full(&full, include);
    if cut {
        ctx.cut("Some credits were left out (at most 100 per title).");
    }
    add_extras(ctx, &mut m, "movie", include)?;
    Ok(m)
}

fn tv(ctx: &mut Ctx, id: &str, ns: IdNamespace, include: Extras, season: Option<u64>) -> Result<Media, ToolError> {
    let (mut m, cut) = match ns {
        IdNamespace::Tvdb => {
            // TVMaze-backed: TVDB and TVMaze ids (Q1).
            let route = format!("/api/v1/Search/tv/info/{}", number(id)?);
            let dto: Option<SearchTvV1> = ctx.fetch_opt(&ApiRequest::get(route), "the show")?;
            project::tv_info_v1(&dto.ok_or_else(|| missing("show", id))?, include)
        }
        IdNamespace::OmbiRequest => {
            let n = number(id)?;
            let route = format!("/api/v2/Search/tv/request/{n}");
            let full: Option<TvFull> = match ctx.fetch_opt(&ApiRequest::get(route), "the show") {
                Ok(f) => f,
                // Ombi throws for a parent id it does not know: check before calling it a
                // failure.
                Err(e) if e.http_status == Some(500) => {
                    let parent: Option<serde_json::Value> =
                        ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Request/tv/{n}")), "the TV request")?;
                    if parent.is_none() {
                        return Err(ToolError::not_found(
                            "id",
                            format!("Ombi has no TV request with the parent id {n}."),
                        ));
                    }
                    return Err(e);
                }
                Err(e) => return Err(e),
            };
            project::tv_full(&full.ok_or_else(|| missing("show", id))?, include)
        }
        _ => {
            let route = format!("/api/v2/Search/tv/moviedb/{}", number(id)?);
            let full: Option<TvFull> =
                ctx.fetch_opt(&ApiRequest::get(route), "the show").map_err(|e| as_missing(e, ns, "show", id))?;
            project::tv_full(&full.ok_or_else(|| missing("show", id))?, include)
        }
    };
    if let Some(n) = season {
        let numbers: Vec<String> = m.seasons.iter().map(|s| s.season_number.to_string()).collect();
        m.seasons.retain(|s| s.season_number == n);
        if m.seasons.is_empty() {
            let known = if numbers.is_empty() { "none".to_string() } else { numbers.join(", ") };
            return Err(ToolError::not_found(
                "season",
                format!("This show has no season {n}; its seasons are: {known}."),
            ));
        }
    } else if include.seasons {
        // A long show does not fit one result: say how to read it a season at a time.
        let numbers: Vec<String> = m.seasons.iter().map(|s| s.season_number.to_string()).collect();
        ctx.notes.narrow =
            Some(format!("ask for one season at a time with `season` (this show's seasons: {})", numbers.join(", ")));
    }
    if cut {
        ctx.cut("Some credits, seasons or episodes were left out (at most 100 of each).");
    }
    add_extras(ctx, &mut m, "tv", include)?;
    Ok(m)
}

/// Ombi answers an unknown TMDB or IMDb id with a 500 carrying TMDB's "not found"; say
/// `NOT_FOUND` on `id` then.
fn as_missing(e: ToolError, ns: IdNamespace, what: &str, id: &str) -> ToolError {
    let tmdb_miss = e.http_status == Some(500) && e.message.to_lowercase().contains("not found");
    if tmdb_miss && ns != IdNamespace::OmbiRequest { missing(what, id) } else { e }
}

/// Providers and ratings, which need the title's TMDB id, title and year. Each is a part of
/// its own: when its request fails (Rotten Tomatoes' API failing makes Ombi answer 500, Ombi
/// #4305), the record comes back without it and a warning says what failed.
fn add_extras(ctx: &mut Ctx, m: &mut Media, media: &str, include: Extras) -> Result<(), ToolError> {
    // A TMDB id is a number: one Ombi sent as other text is no id to ask about.
    let tmdb = m
        .identifiers
        .iter()
        .find(|i| i.namespace == Namespace::Tmdb && i.value.bytes().all(|b| b.is_ascii_digit()))
        .map(|i| i.value.clone());
    if include.providers {
        match &tmdb {
            Some(t) => {
                let req = ApiRequest::get(format!("/api/v2/Search/stream/{media}/{}", path::segment(t)));
                match ctx.list::<StreamingData>(&req, "the streaming providers") {
                    Ok(l) => m.providers = project::providers(&l.items, None),
                    Err(e) => part_failed(ctx, "streaming providers", &e),
                }
            }
            None => ctx.warn("Streaming providers need the title's TMDB id, which this record lacks."),
        }
    }
    if include.ratings {
        match (&m.title, m.year) {
            // A title of only dots would name a parent route once in the path: never sent.
            (Some(title), Some(year)) if !path::is_dots(title) => {
                let req = ApiRequest::get(format!("/api/v2/Search/ratings/{media}/{}/{year}", path::segment(title)));
                let read = if media == "tv" {
                    ctx.fetch_opt::<TvRatings>(&req, "the ratings").map(|r| r.as_ref().map(project::tv_ratings))
                } else {
                    ctx.fetch_opt::<MovieRatings>(&req, "the ratings").map(|r| r.as_ref().map(project::movie_ratings))
                };
                match read {
                    Ok(Some(r)) => m.ratings = r,
                    Ok(None) => ctx.warn("Rotten Tomatoes has no ratings for this title and year."),
                    Err(e) => part_failed(ctx, "ratings", &e),
                }
            }
            _ => ctx.warn("Ratings need the title and its year, which this record lacks."),
        }
    }
    Ok(())
}

/// Records that an `include` part could not be read; the rest of the record stands.
fn part_failed(ctx: &mut Ctx, part: &str, e: &ToolError) {
    ctx.warn(format!(
        "The {part} could not be read and are left out; the rest of the record is complete. {}",
        e.message
    ));
}

/// An album (`ReleaseGroup`, which names no artist), with its artist from Ombi's album
/// lookup (v1 `Search/music/album/info`, Lidarr-backed), when that answers.
fn album(ctx: &mut Ctx, id: &str) -> Result<Media, ToolError> {
    let seg = path::arg_segment(id, "id")?;
    let dto: Option<ReleaseGroup> =
        ctx.fetch_opt(&ApiRequest::get(format!("/api/v2/Search/artist/album/{seg}")), "the album")?;
    let mut m = project::release_group(&dto.ok_or_else(|| missing("album", id))?);
    let info = ctx.fetch_opt::<SearchAlbum>(
        &ApiRequest::get(format!("/api/v1/Search/music/album/info/{seg}")),
        "the album's artist",
    );
    match info {
        Ok(Some(a)) => m.credits.extend(a.artist_name.as_deref().and_then(project::artist_credit)),
        Ok(None) => ctx.warn("Ombi's album details name no artist, and its Lidarr album lookup found none."),
        Err(e) => {
            part_failed(ctx, "album's artist (Ombi's album details name none; its Lidarr album lookup failed)", &e)
        }
    }
    Ok(m)
}

fn person(ctx: &mut Ctx, id: &str, name: Option<&str>) -> Result<Vec<Media>, ToolError> {
    // Ombi returns only the person's id with the credits: the caller names the person.
    let name = name.map(str::trim).filter(|n| !n.is_empty()).ok_or_else(|| {
        ToolError::invalid(
            "person_name",
            "`person_name` is required for media person (Ombi's credits carry only the person's id)",
        )
    })?;
    let pid = number(id)?;
    let get = |kind: &str| ApiRequest::get(format!("/api/v2/Search/actor/{pid}/{kind}"));
    let movies: Option<ActorCredits> = ctx.fetch_opt(&get("movie"), "the person's movie credits")?;
    let shows: Option<ActorCredits> = ctx.fetch_opt(&get("tv"), "the person's TV credits")?;
    if movies.is_none() && shows.is_none() {
        return Err(missing("person", id));
    }
    let empty = ActorCredits { cast: None, crew: None };
    let mut items =
        project::person_credits(pid, name, movies.as_ref().unwrap_or(&empty), shows.as_ref().unwrap_or(&empty));
    // TV credits may lack their title: take it from the show's TMDB record, boundedly.
    for (looked_up, m) in items.iter_mut().filter(|m| m.media == MediaKind::Tv && m.title.is_none()).enumerate() {
        if looked_up >= ENRICH_AT_MOST {
            ctx.warn(format!("Only the first {ENRICH_AT_MOST} TV credits without a title were looked up."));
            break;
        }
        let Some(tmdb) = m.identifiers.first().map(|i| i.value.clone()) else { continue };
        if let Ok(Some(full)) = ctx.fetch_opt::<TvFull>(
            &ApiRequest::get(format!("/api/v2/Search/tv/moviedb/{}", path::segment(&tmdb))),
            "a credited show",
        ) {
            m.title = crate::projection::text::some_text(full.show.title.as_deref());
            m.year = m.year.or(crate::projection::text::year(full.show.first_aired.as_deref()));
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Namespace, Target, TargetKind};
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    fn items(out: ToolResult) -> Vec<Media> {
        match out.unwrap().data {
            Data::MediaPage { items, .. } => items,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn v1_tv_info_labels_tvdb_and_tvmaze() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v1/Search/tv/info/287247",
            200,
            r#"{"id":287247,"theMovieDbId":"287247","seriesId":11234,"title":"The Expanse","seasonRequests":[{"seasonNumber":1,"episodes":[{"episodeNumber":1}]}]}"#,
        );
        let m = items(
            run_tool(
                &mut fake,
                "read_media",
                json!({"media": "tv", "id": "287247", "id_namespace": "tvdb", "include": ["seasons"]}),
            )
            .0,
        );
        let ns: Vec<_> = m[0].identifiers.iter().map(|i| (i.namespace, i.value.as_str())).collect();
        assert_eq!(ns, vec![(Namespace::Tvdb, "287247"), (Namespace::Tvmaze, "11234")]);
        assert_eq!(m[0].seasons.len(), 1);
    }

    #[test]
    fn v2_tv_never_labels_tvmaze() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Search/tv/moviedb/1399",
            200,
            r#"{"id":1399,"seriesId":1399,"theMovieDbId":"1399","title":"GoT","requestId":4,"externalIds":{"imdbId":"tt0944947","tvDbId":121361}}"#,
        );
        let m = items(run_tool(&mut fake, "read_media", json!({"media": "tv", "id": "1399"})).0);
        assert!(!m[0].identifiers.iter().any(|i| i.namespace == Namespace::Tvmaze));
        assert_eq!(m[0].request_targets, vec![Target { kind: TargetKind::TvParent, id: 4 }]);
    }

    #[test]
    fn person_needs_a_name() {
        let mut fake = FakeOmbi::new();
        let e = run_tool(&mut fake, "read_media", json!({"media": "person", "id": "6384"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("person_name"));
        assert!(fake.sent.is_empty());
    }

    #[test]
    fn tv_credits_without_titles_are_enriched() {
        let mut fake = FakeOmbi::new()
            .reply(
                "GET /api/v2/Search/actor/6384/movie",
                200,
                r#"{"id":6384,"cast":[{"id":603,"title":"The Matrix"}]}"#,
            )
            .reply("GET /api/v2/Search/actor/6384/tv", 200, r#"{"id":6384,"cast":[{"id":1399,"character":"Guest"}]}"#)
            .reply(
                "GET /api/v2/Search/tv/moviedb/1399",
                200,
                r#"{"id":1399,"title":"Game of Thrones","firstAired":"2011-04-17"}"#,
            );
        let m = items(
            run_tool(&mut fake, "read_media", json!({"media": "person", "id": "6384", "person_name": "Keanu Reeves"}))
                .0,
        );
        assert_eq!(m[1].title.as_deref(), Some("Game of Thrones"));
        assert_eq!(m[1].credits[0].name, "Keanu Reeves");
    }

    #[test]
    fn namespaces_are_checked() {
        let e =
            run_tool(&mut FakeOmbi::new(), "read_media", json!({"media": "movie", "id": "1", "id_namespace": "tvdb"}))
                .0
                .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("id_namespace"));
        let e = run_tool(&mut FakeOmbi::new(), "read_media", json!({"media": "movie", "id": "abc"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("id"));
    }

    #[test]
    fn providers_and_ratings_are_added() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v2/Search/movie/603", 200, r#"{"id":603,"title":"The Matrix","releaseDate":"1999-03-30T00:00:00Z"}"#)
            .reply("GET /api/v2/Search/stream/movie/603", 200, r#"[{"order":1,"streamingProvider":"Max"}]"#)
            .reply(
                "GET /api/v2/Search/ratings/movie/The%20Matrix/1999",
                200,
                r#"{"critics_rating":"Certified Fresh","critics_score":83,"audience_rating":"Upright","audience_score":85}"#,
            );
        let m = items(
            run_tool(
                &mut fake,
                "read_media",
                json!({"media": "movie", "id": "603", "include": ["providers", "ratings"]}),
            )
            .0,
        );
        assert_eq!(m[0].providers[0].name, "Max");
        let r: Vec<_> =
            m[0].ratings.iter().map(|r| (r.id.as_deref(), r.value.clone(), r.category.as_deref())).collect();
        assert_eq!(
            r,
            vec![
                (Some("rotten_tomatoes_critics"), Some(json!(83)), Some("Certified Fresh")),
                (Some("rotten_tomatoes_audience"), Some(json!(85)), Some("Upright")),
            ]
        );
    }

    /// Ombi's `TvRatings` is `{class, score}`: the class is the rating's category.
    #[test]
    fn tv_ratings_keep_their_class() {
        let mut fake = FakeOmbi::new()
            .reply(
                "GET /api/v2/Search/tv/moviedb/1399",
                200,
                r#"{"id":1399,"title":"Game of Thrones","firstAired":"2011-04-17"}"#,
            )
            .reply(
                "GET /api/v2/Search/ratings/tv/Game%20of%20Thrones/2011",
                200,
                r#"{"class":"certified_fresh","score":89}"#,
            );
        let m =
            items(run_tool(&mut fake, "read_media", json!({"media": "tv", "id": "1399", "include": ["ratings"]})).0);
        assert_eq!(m[0].ratings.len(), 1);
        assert_eq!(
            (m[0].ratings[0].value.clone(), m[0].ratings[0].category.as_deref()),
            (Some(json!(89)), Some("certified_fresh"))
        );
    }

    /// A part whose request fails (Rotten Tomatoes down makes Ombi answer 500) is left out
    /// with a warning naming it; the rest of the record comes back.
    #[test]
    fn a_failing_part_is_left_out_with_a_warning() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v2/Search/movie/603", 200, r#"{"id":603,"title":"The Matrix","releaseDate":"1999-03-30T00:00:00Z","credits":{"cast":[{"id":6384,"name":"Keanu Reeves","character":"Neo"}]}}"#)
            .reply("GET /api/v2/Search/stream/movie/603", 500, r#"{"error":"TMDB is down"}"#)
            .reply("GET /api/v2/Search/ratings/movie/The%20Matrix/1999", 500, r#"{"error":"Response status code does not indicate success: 404 (Not Found)."}"#);
        let (out, notes) = run_tool(
            &mut fake,
            "read_media",
            json!({"media": "movie", "id": "603", "include": ["credits", "providers", "ratings"]}),
        );
        let m = items(out);
        assert_eq!(m[0].credits[0].name, "Keanu Reeves");
        assert!(m[0].ratings.is_empty() && m[0].providers.is_empty());
        assert!(notes.warnings.iter().any(|w| w.contains("ratings could not be read")), "{:?}", notes.warnings);
        assert!(
            notes.warnings.iter().any(|w| w.contains("streaming providers could not be read")),
            "{:?}",
            notes.warnings
        );
    }

    /// The TV cast is `CastViewModel {person, character}`, the crew `PersonViewModel {name}`.
    #[test]
    fn tv_credits_are_read_from_ombis_view_models() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Search/tv/moviedb/1399",
            200,
            r#"{"id":1399,"title":"Game of Thrones","cast":[{"id":22970,"person":"Peter Dinklage","character":"Tyrion Lannister","image":"/p.jpg","self":false,"voice":false}],
                "crew":[{"id":9813,"url":null,"name":"David Benioff","image":null}]}"#,
        );
        let m =
            items(run_tool(&mut fake, "read_media", json!({"media": "tv", "id": "1399", "include": ["credits"]})).0);
        let c: Vec<_> = m[0].credits.iter().map(|c| (c.name.as_str(), c.person_id, c.role.as_deref())).collect();
        assert_eq!(
            c,
            vec![("Peter Dinklage", Some(22970), Some("Tyrion Lannister")), ("David Benioff", Some(9813), None)]
        );
    }

    /// `ReleaseGroup` names no artist: the artist comes from Ombi's album lookup.
    #[test]
    fn an_albums_artist_comes_from_the_album_lookup() {
        let mbid = "b1392450-e666-3926-a536-22c65f834433";
        let mut fake = FakeOmbi::new()
            .reply(
                &format!("GET /api/v2/Search/artist/album/{mbid}"),
                200,
                &format!(r#"{{"id":"{mbid}","title":"OK Computer","releaseDate":"1997-05-21","releaseType":"Album","requestId":0,"fullyAvailable":true}}"#),
            )
            .reply(&format!("GET /api/v1/Search/music/album/info/{mbid}"), 200, r#"{"title":"OK Computer","artistName":"Radiohead"}"#);
        let m = items(run_tool(&mut fake, "read_media", json!({"media": "album", "id": mbid})).0);
        assert_eq!((m[0].credits[0].name.as_str(), m[0].available), ("Radiohead", Some(true)));
        // Without Lidarr the lookup fails: the album still comes back, without an artist.
        let mut fake = FakeOmbi::new().reply(
            &format!("GET /api/v2/Search/artist/album/{mbid}"),
            200,
            &format!(r#"{{"id":"{mbid}","title":"OK Computer"}}"#),
        );
        let (out, notes) = run_tool(&mut fake, "read_media", json!({"media": "album", "id": mbid}));
        assert!(items(out)[0].credits.is_empty());
        assert!(notes.warnings.iter().any(|w| w.contains("artist")), "{:?}", notes.warnings);
    }

    fn long_show() -> String {
        let seasons: Vec<String> = (1..=12)
            .map(|s| {
                let eps: Vec<String> =
                    (1..=120).map(|e| format!(r#"{{"episodeNumber":{e},"title":"Episode {e} of a long-running soap","available":true,"requested":false}}"#)).collect();
                format!(r#"{{"seasonNumber":{s},"episodes":[{}]}}"#, eps.join(","))
            })
            .collect();
        format!(r#"{{"id":2000,"title":"A Soap","firstAired":"1990-01-01","seasonRequests":[{}]}}"#, seasons.join(","))
    }

    /// 12 seasons of 120 episodes: the result is cut within the budget, says so and says how
    /// to read the rest (one `season` at a time), which then works.
    #[test]
    fn a_long_show_fits_the_budget_and_is_read_a_season_at_a_time() {
        let body = long_show();
        let mut fake = FakeOmbi::new().reply("GET /api/v2/Search/tv/moviedb/2000", 200, &body);
        let settings = crate::ctx::Settings::default();
        let env = crate::dispatch::call_value(
            "read_media",
            r#"{"media":"tv","id":"2000","include":["seasons"]}"#,
            &settings,
            &mut fake,
        )
        .unwrap();
        assert_eq!(env["ok"], true, "{env}");
        assert!(env.to_string().len() <= crate::envelope::MAX_RESULT_BYTES);
        assert_eq!(env["truncated"], true);
        assert!(env["warnings"].to_string().contains("`season`"), "{}", env["warnings"]);
        let mut fake = FakeOmbi::new().reply("GET /api/v2/Search/tv/moviedb/2000", 200, &body);
        let env = crate::dispatch::call_value(
            "read_media",
            r#"{"media":"tv","id":"2000","season":12}"#,
            &settings,
            &mut fake,
        )
        .unwrap();
        assert_eq!(env["ok"], true);
        let seasons = env["data"]["items"][0]["seasons"].as_array().unwrap();
        assert_eq!((seasons.len(), seasons[0]["season_number"].as_u64()), (1, Some(12)));
        let mut fake = FakeOmbi::new().reply("GET /api/v2/Search/tv/moviedb/2000", 200, &body);
        let e = run_tool(&mut fake, "read_media", json!({"media": "tv", "id": "2000", "season": 13})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("season"));
        let e = run_tool(&mut FakeOmbi::new(), "read_media", json!({"media": "movie", "id": "603", "season": 1}))
            .0
            .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("season"));
    }
}
