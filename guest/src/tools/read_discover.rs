//! `read_discover`: browse Ombi's discovery lists (popular, trending, upcoming, …), titles
//! similar to one, or a filtered discovery.
//!
//! Ombi routes: GET `/api/v2/Search/{movie|tv}/{list}/{pos}/{n}`; POST
//! `/api/v2/Search/advancedSearch/movie/{pos}/{n}` (`DiscoverModel`); POST
//! `/api/v2/Search/movie/similar` (`SimilarMoviesRefineModel`); the recently-requested feed
//! as the fallback of `requested` (§3.2, Q3; tool catalogue decision 10).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::args::{MovieOrTv, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Media, PageUnit, Paging};
use crate::paging::{self, NO_SNAPSHOT_WARNING, Window};
use crate::projection::media as project;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::ApiRequest;
use crate::upstream::dto::media::{SearchMovie, SearchTvV2};
use crate::upstream::dto::requests::RecentDto;

/// The discovery lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum List {
    Popular,
    Trending,
    Upcoming,
    NowPlaying,
    TopRated,
    Anticipated,
    Seasonal,
    Requested,
    Similar,
    Filtered,
}

/// Filters of a `filtered` discovery (Ombi's `DiscoverModel`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Filters {
    /// From read_reference genres.
    #[schemars(length(max = 50))]
    pub genre_ids: Option<Vec<u32>>,
    /// From read_reference keywords.
    #[schemars(length(max = 50))]
    pub keyword_ids: Option<Vec<u32>>,
    /// From read_reference watch_providers.
    #[schemars(length(max = 50))]
    pub watch_provider_ids: Option<Vec<u32>>,
    /// TMDB company ids.
    #[schemars(length(max = 50))]
    pub company_ids: Option<Vec<u32>>,
    #[schemars(range(min = 1870, max = 2100))]
    pub release_year: Option<i64>,
    /// Its first year, e.g. 1990.
    #[schemars(range(min = 1870, max = 2100))]
    pub decade: Option<i64>,
}

tool_args! {
    /// Arguments of `read_discover`.
    pub struct Args {
        pub media: MovieOrTv,
        /// Movie lists: popular, upcoming, now_playing, top_rated, seasonal, requested, similar,
        /// filtered; tv: popular, trending, anticipated, requested, filtered.
        pub list: List,
        /// For similar: the movie's TMDB id.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub similar_to: Option<u64>,
        /// For filtered.
        pub filters: Option<Filters>,
    } + paging
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v2/Search/movie/popular/{n}/{n}"),
    Route::get("/api/v2/Search/movie/upcoming/{n}/{n}"),
    Route::get("/api/v2/Search/movie/nowplaying/{n}/{n}"),
    Route::get("/api/v2/Search/movie/toprated/{n}/{n}"),
    Route::get("/api/v2/Search/movie/seasonal/{n}/{n}"),
    Route::get("/api/v2/Search/movie/requested/{n}/{n}"),
    Route::get("/api/v2/Search/tv/popular/{n}/{n}"),
    Route::get("/api/v2/Search/tv/trending/{n}/{n}"),
    Route::get("/api/v2/Search/tv/anticipated/{n}/{n}"),
    Route::get("/api/v2/Search/tv/requested/{n}/{n}"),
    Route::read_post("/api/v2/Search/movie/similar"),
    Route::read_post("/api/v2/Search/advancedSearch/movie/{n}/{n}"),
    Route::get("/api/v2/Requests/recentlyRequested"),
];

pub struct ReadDiscover;

impl Tool for ReadDiscover {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_discover",
        title: "Discover media",
        description: "Browse Ombi's discovery lists for ideas of what to request: popular, trending, upcoming and similar titles, or titles filtered by genre, keyword, provider, company or year (filter ids from read_reference). Results carry TMDB ids and request state for read_media or write_request_create.",
        families: &[Family::MediaPage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let w = args.window();
        let data = match args.list {
            List::Similar => similar(ctx, args.media, args.similar_to, w)?,
            List::Filtered => filtered(ctx, args.media, args.filters.as_ref(), w)?,
            List::Requested => match browse(ctx, args.media, List::Requested, w) {
                Ok(d) => d,
                // Only when the v2 route fails: the recently-requested feed, bounded.
                Err(e) => requested_fallback(ctx, args.media, w, &e)?,
            },
            list => browse(ctx, args.media, list, w)?,
        };
        Ok(data.into())
    }
}

/// The route segment of a browse list, or the lists valid for `media`.
pub fn list_segment(media: MovieOrTv, list: List) -> Result<&'static str, &'static str> {
    match (media, list) {
        (_, List::Popular) => Ok("popular"),
        (_, List::Requested) => Ok("requested"),
        (MovieOrTv::Movie, List::Upcoming) => Ok("upcoming"),
        (MovieOrTv::Movie, List::NowPlaying) => Ok("nowplaying"),
        (MovieOrTv::Movie, List::TopRated) => Ok("toprated"),
        (MovieOrTv::Movie, List::Seasonal) => Ok("seasonal"),
        (MovieOrTv::Tv, List::Trending) => Ok("trending"),
        (MovieOrTv::Tv, List::Anticipated) => Ok("anticipated"),
        (MovieOrTv::Movie, _) => Err("popular, upcoming, now_playing, top_rated, seasonal, requested, similar, filtered"),
        (MovieOrTv::Tv, _) => Err("popular, trending, anticipated, requested, filtered"),
    }
}

/// A page Ombi cut itself, read with one record more than asked for, which tells whether
/// more follow.
fn probed_page(mut items: Vec<Media>, w: Window, cut: bool) -> (Vec<Media>, Paging) {
    let more = items.len() as u64 > w.limit;
    items.truncate(w.count());
    let page = paging::upstream(items.len(), w, None, if cut { None } else { Some(more) }, PageUnit::Media);
    (items, page)
}

fn browse(ctx: &mut Ctx, media: MovieOrTv, list: List, w: Window) -> Result<Data, ToolError> {
    let seg = list_segment(media, list)
        .map_err(|valid| ToolError::invalid("list", format!("`list` for {} must be one of {valid}", media.segment())))?;
    let route = format!("/api/v2/Search/{}/{seg}/{}/{}", media.segment(), w.offset, w.limit + 1);
    let req = ApiRequest::get(route);
    let what = format!("the {} {} list", media.segment(), seg);
    // TV lists may come with every episode hydrated (Q3): the DTO does not read
    // `seasonRequests`, so they are skipped while parsing.
    let (items, cut) = match media {
        MovieOrTv::Movie => {
            let l = ctx.list::<SearchMovie>(&req, &what)?;
            (l.items.iter().map(project::from_movie).collect::<Vec<_>>(), l.cut)
        }
        MovieOrTv::Tv => {
            let l = ctx.list::<SearchTvV2>(&req, &what)?;
            (l.items.iter().map(project::from_tv_v2).collect(), l.cut)
        }
    };
    let (items, page) = probed_page(items, w, cut);
    if page.next_offset.is_some() {
        ctx.warn(NO_SNAPSHOT_WARNING);
    }
    Ok(Data::MediaPage { items, page })
}

fn similar(ctx: &mut Ctx, media: MovieOrTv, similar_to: Option<u64>, w: Window) -> Result<Data, ToolError> {
    if media != MovieOrTv::Movie {
        return Err(ToolError::invalid("list", "`similar` is only available for movies"));
    }
    let id = similar_to.ok_or_else(|| ToolError::invalid("similar_to", "`similar_to` (a movie's TMDB id) is required for list similar"))?;
    let body = json!({ "theMovieDbId": id, "languageCode": "en" });
    let l = ctx.list::<SearchMovie>(&ApiRequest::query_post("/api/v2/Search/movie/similar", &body), "the similar movies")?;
    let items: Vec<Media> = l.items.iter().map(project::from_movie).collect();
    let page_of = if l.cut { paging::local_partial } else { paging::local };
    let (items, page) = page_of(items, w, PageUnit::Media);
    Ok(Data::MediaPage { items, page })
}

/// The `DiscoverModel` body of a filtered discovery.
pub fn discover_body(media: MovieOrTv, f: Option<&Filters>) -> serde_json::Value {
    let ids = |v: Option<&Vec<u32>>| v.cloned().unwrap_or_default();
    json!({
        "type": media.segment(),
        "releaseYear": f.and_then(|f| f.release_year),
        "decade": f.and_then(|f| f.decade),
        "genreIds": ids(f.and_then(|f| f.genre_ids.as_ref())),
        "keywordIds": ids(f.and_then(|f| f.keyword_ids.as_ref())),
        "watchProviders": ids(f.and_then(|f| f.watch_provider_ids.as_ref())),
        "companies": ids(f.and_then(|f| f.company_ids.as_ref())),
    })
}

fn filtered(ctx: &mut Ctx, media: MovieOrTv, f: Option<&Filters>, w: Window) -> Result<Data, ToolError> {
    let route = format!("/api/v2/Search/advancedSearch/movie/{}/{}", w.offset, w.limit + 1);
    let req = ApiRequest::query_post(route, &discover_body(media, f));
    // The route answers `SearchMovieViewModel`s for TV too; their ids are TMDB ids.
    let l = ctx.list::<SearchMovie>(&req, "the filtered discovery")?;
    let items: Vec<Media> = l
        .items
        .iter()
        .map(|m| {
            let mut r = project::from_movie(m);
            if media == MovieOrTv::Tv {
                r.media = crate::model::MediaKind::Tv;
                // A request id on a TV record points at the parent request.
                for t in &mut r.request_targets {
                    t.kind = crate::model::TargetKind::TvParent;
                }
                for i in &mut r.identifiers {
                    if i.namespace == crate::model::Namespace::OmbiMovie {
                        i.namespace = crate::model::Namespace::OmbiTvParent;
                    }
                }
            }
            r
        })
        .collect();
    let (items, page) = probed_page(items, w, l.cut);
    if page.next_offset.is_some() {
        ctx.warn(NO_SNAPSHOT_WARNING);
    }
    Ok(Data::MediaPage { items, page })
}

fn requested_fallback(ctx: &mut Ctx, media: MovieOrTv, w: Window, cause: &ToolError) -> Result<Data, ToolError> {
    let l = ctx.list::<RecentDto>(&ApiRequest::get("/api/v2/Requests/recentlyRequested"), "the recently requested feed")?;
    let kind = if media == MovieOrTv::Movie { 1 } else { 0 };
    let items: Vec<Media> = l
        .items
        .iter()
        .filter(|r| r.kind == Some(kind))
        .map(|r| {
            let mut m = Media::new(if media == MovieOrTv::Movie { crate::model::MediaKind::Movie } else { crate::model::MediaKind::Tv });
            if let Some(id) = &r.media_id {
                m.add_id(crate::model::Namespace::Tmdb, id);
            }
            m.title = crate::projection::text::some_text(r.title.as_deref());
            m.available = r.available;
            m.requested = Some(true);
            if media == MovieOrTv::Movie
                && let Some(id) = crate::upstream::dto::positive(r.request_id)
            {
                m.add_target(crate::model::Target { kind: crate::model::TargetKind::Movie, id });
            }
            m
        })
        .collect();
    ctx.cut(format!(
        "Ombi's requested list failed ({}); this is its recently-requested feed instead, which holds only the newest requests.",
        cause.message
    ));
    let (items, page) = paging::local_partial(items, w, PageUnit::Media);
    let page = Paging { total: None, has_more: None, next_offset: None, ..page };
    Ok(Data::MediaPage { items, page })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use crate::upstream::TransportError;

    #[test]
    fn browse_pages_upstream_and_drops_season_requests() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Search/tv/popular/0/3",
            200,
            r#"[{"id":1,"title":"A","seasonRequests":[{"seasonNumber":1,"episodes":[{"episodeNumber":1}]}]},{"id":2},{"id":3}]"#,
        );
        let (out, notes) = run_tool(&mut fake, "read_discover", json!({"media": "tv", "list": "popular", "limit": 2}));
        let Data::MediaPage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 2);
        assert!(items[0].seasons.is_empty());
        assert_eq!(items[0].identifiers[0].namespace, crate::model::Namespace::Tmdb);
        assert_eq!((page.has_more, page.next_offset, page.total), (Some(true), Some(2), None));
        assert!(notes.warnings.iter().any(|w| w.contains("snapshot")));
    }

    #[test]
    fn lists_are_checked_per_media() {
        assert_eq!(list_segment(MovieOrTv::Movie, List::NowPlaying), Ok("nowplaying"));
        assert!(list_segment(MovieOrTv::Tv, List::TopRated).is_err());
        let e = run_tool(&mut FakeOmbi::new(), "read_discover", json!({"media": "movie", "list": "anticipated"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("list"));
        assert!(e.message.contains("top_rated"));
    }

    #[test]
    fn filtered_and_similar_send_the_documented_bodies() {
        let mut fake = FakeOmbi::new().reply("POST /api/v2/Search/advancedSearch/movie/0/21", 200, "[]");
        run_tool(&mut fake, "read_discover", json!({"media": "tv", "list": "filtered", "filters": {"genre_ids": [18], "decade": 1990}})).0.unwrap();
        let body: serde_json::Value = serde_json::from_slice(fake.sent[0].body.as_ref().unwrap()).unwrap();
        assert_eq!(body, json!({"type": "tv", "releaseYear": null, "decade": 1990, "genreIds": [18], "keywordIds": [], "watchProviders": [], "companies": []}));
        let mut fake = FakeOmbi::new().reply("POST /api/v2/Search/movie/similar", 200, r#"[{"id":5}]"#);
        run_tool(&mut fake, "read_discover", json!({"media": "movie", "list": "similar", "similar_to": 603})).0.unwrap();
        let body: serde_json::Value = serde_json::from_slice(fake.sent[0].body.as_ref().unwrap()).unwrap();
        assert_eq!(body, json!({"theMovieDbId": 603, "languageCode": "en"}));
    }

    #[test]
    fn requested_falls_back_only_when_the_route_fails() {
        let mut fake = FakeOmbi::new()
            .fail("GET /api/v2/Search/movie/requested/0/21", TransportError::Broken("reset".into()))
            .reply("GET /api/v2/Requests/recentlyRequested", 200, r#"[{"requestId":4,"type":1,"mediaId":"603","title":"The Matrix"},{"requestId":5,"type":0}]"#);
        let (out, notes) = run_tool(&mut fake, "read_discover", json!({"media": "movie", "list": "requested"}));
        let Data::MediaPage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 1);
        assert!(notes.truncated);
        assert_eq!((page.total, page.has_more, page.next_offset), (None, None, None));
    }
}
