//! `read_library`: the release calendar of requested titles, what was recently added to
//! the media servers, and a title's artwork.
//!
//! Ombi routes: v2 `Calendar`; v1 `RecentlyAdded/{movies|tv}`; v1 `Images/poster/...`,
//! `Images/background/...`, `Images/banner/...`, `Images/tv/{tvdb}` (§3.13).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{MovieOrTv, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, PageUnit};
use crate::paging;
use crate::projection::library as project;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::ApiRequest;
use crate::upstream::dto::library::{CalendarDto, RecentlyAddedDto};

/// What to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    Calendar,
    RecentlyAdded,
    Artwork,
}

/// Which id an artwork `id` is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArtworkNamespace {
    #[default]
    Tmdb,
    Tvdb,
}

tool_args! {
    /// Arguments of `read_library`.
    pub struct Args {
        /// recently_added needs `media`, artwork `media` and `id`.
        pub view: View,
        /// For recently_added and artwork.
        pub media: Option<MovieOrTv>,
        /// For artwork.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub id: Option<u64>,
        /// For artwork (tvdb: tv only).
        #[serde(default)]
        pub id_namespace: ArtworkNamespace,
    } + paging
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v2/Calendar"),
    Route::get("/api/v1/RecentlyAdded/movies"),
    Route::get("/api/v1/RecentlyAdded/tv"),
    Route::get("/api/v1/Images/poster/movie/{n}"),
    Route::get("/api/v1/Images/background/movie/{n}"),
    Route::get("/api/v1/Images/banner/movie/{n}"),
    Route::get("/api/v1/Images/poster/tv/tmdb/{n}"),
    Route::get("/api/v1/Images/background/tv/tmdb/{n}"),
    Route::get("/api/v1/Images/poster/tv/{n}"),
    Route::get("/api/v1/Images/background/tv/{n}"),
    Route::get("/api/v1/Images/tv/{n}"),
];

pub struct ReadLibrary;

impl Tool for ReadLibrary {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_library",
        title: "Library",
        description: "Read what the library holds or will hold: the calendar of requested movies and episodes due in the next 90 days, titles added to Plex/Emby/Jellyfin in the last 7 days, or one title's artwork URLs (TMDB or TVDB id from read_search or read_media).",
        families: &[Family::MediaPage, Family::CalendarPage, Family::ArtworkPage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let w = args.window();
        let media =
            || args.media.ok_or_else(|| ToolError::invalid("media", "`media` (movie or tv) is required for this view"));
        let data = match args.view {
            View::Calendar => {
                let l = ctx.list::<CalendarDto>(&ApiRequest::get("/api/v2/Calendar"), "the calendar")?;
                let all: Vec<_> = l.items.iter().map(project::calendar).collect();
                let page_of = if l.cut { paging::local_partial } else { paging::local };
                let (items, page) = page_of(all, w, PageUnit::CalendarEntries);
                Data::CalendarPage { items, page }
            }
            View::RecentlyAdded => recently_added(ctx, media()?, w)?,
            View::Artwork => {
                let media = media()?;
                let id = args.id.ok_or_else(|| ToolError::invalid("id", "`id` is required for view artwork"))?;
                let routes = artwork_routes(media, args.id_namespace, id)?;
                let mut all = Vec::new();
                for (name, route) in routes {
                    let url: Option<String> = ctx.fetch_opt(&ApiRequest::get(route), "the artwork")?;
                    if let Some(u) = url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
                        match project::artwork(u, name) {
                            Some(a) => all.push(a),
                            None => {
                                ctx.warn(format!("Ombi's {name} URL was not a safe https image URL and was left out."))
                            }
                        }
                    }
                }
                let (items, page) = paging::local(all, w, PageUnit::Artwork);
                Data::ArtworkPage { items, page }
            }
        };
        Ok(data.into())
    }
}

/// The most rows Ombi's recently-added routes return (`Take(30)` in `RecentlyAddedEngine.cs`).
const RECENT_ROWS: usize = 30;

/// Movies, or shows with the episodes added (Ombi's rows grouped by show).
fn recently_added(ctx: &mut Ctx, media: MovieOrTv, w: paging::Window) -> Result<Data, ToolError> {
    let route = match media {
        MovieOrTv::Movie => "/api/v1/RecentlyAdded/movies",
        MovieOrTv::Tv => "/api/v1/RecentlyAdded/tv",
    };
    let l = ctx.list::<RecentlyAddedDto>(&ApiRequest::get(route), "the recently added media")?;
    if l.items.len() >= RECENT_ROWS {
        ctx.warn(format!(
            "Ombi returns at most {RECENT_ROWS} rows for the last 7 days (one per episode for TV), so more may have been added."
        ));
    }
    let all = match media {
        MovieOrTv::Movie => l.items.iter().map(project::recently_added_movie).collect(),
        MovieOrTv::Tv => {
            let tv = project::recently_added_tv(&l.items);
            if !tv.invented.is_empty() {
                ctx.warn(format!(
                    "Ombi lists a Plex show as every season paired with every episode of the show, so which episodes were added to {} is not known: their seasons are listed without episodes.",
                    tv.invented.join(", ")
                ));
            }
            tv.shows
        }
    };
    let page_of = if l.cut { paging::local_partial } else { paging::local };
    let (items, page) = page_of(all, w, PageUnit::Media);
    Ok(Data::MediaPage { items, page })
}

/// The image routes of a title, by the kind of image.
pub fn artwork_routes(
    media: MovieOrTv,
    ns: ArtworkNamespace,
    id: u64,
) -> Result<Vec<(&'static str, String)>, ToolError> {
    Ok(match (media, ns) {
        (MovieOrTv::Movie, ArtworkNamespace::Tmdb) => vec![
            ("poster", format!("/api/v1/Images/poster/movie/{id}")),
            ("background", format!("/api/v1/Images/background/movie/{id}")),
            ("banner", format!("/api/v1/Images/banner/movie/{id}")),
        ],
        (MovieOrTv::Movie, ArtworkNamespace::Tvdb) => {
            return Err(ToolError::invalid("id_namespace", "movie artwork takes a tmdb id"));
        }
        (MovieOrTv::Tv, ArtworkNamespace::Tmdb) => vec![
            ("poster", format!("/api/v1/Images/poster/tv/tmdb/{id}")),
            ("background", format!("/api/v1/Images/background/tv/tmdb/{id}")),
        ],
        (MovieOrTv::Tv, ArtworkNamespace::Tvdb) => vec![
            ("poster", format!("/api/v1/Images/poster/tv/{id}")),
            ("background", format!("/api/v1/Images/background/tv/{id}")),
            ("banner", format!("/api/v1/Images/tv/{id}")),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    #[test]
    fn artwork_urls_are_validated() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Images/poster/movie/603", 200, r#""https://image.tmdb.org/t/p/w500/p.jpg""#)
            .reply("GET /api/v1/Images/background/movie/603", 200, r#""javascript:alert(1)""#)
            .reply("GET /api/v1/Images/banner/movie/603", 200, r#""""#);
        let (out, notes) = run_tool(&mut fake, "read_library", json!({"view": "artwork", "media": "movie", "id": 603}));
        let Data::ArtworkPage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].mime_type.as_deref(), Some("image/jpeg"));
        assert_eq!(notes.warnings.len(), 1);
    }

    /// Rows whose `theMovieDbId` is null are not given their Ombi row id as a TMDB id, and
    /// a Plex show's invented season × episode rows become one show, said so.
    #[test]
    fn recently_added_tv_is_one_record_per_show_with_honest_ids() {
        let rows: Vec<String> = [1, 2]
            .iter()
            .flat_map(|s| [1, 2].iter().map(move |e| format!(r#"{{"id":41,"title":"Andor","theMovieDbId":null,"tvDbId":"393189","releaseYear":"2022","seasonNumber":{s},"episodeNumber":{e}}}"#)))
            .collect();
        let mut fake = FakeOmbi::new().reply("GET /api/v1/RecentlyAdded/tv", 200, &format!("[{}]", rows.join(",")));
        let (out, notes) = run_tool(&mut fake, "read_library", json!({"view": "recently_added", "media": "tv"}));
        let Data::MediaPage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 1);
        let ids: Vec<_> = items[0].identifiers.iter().map(|i| (i.namespace, i.value.as_str())).collect();
        assert_eq!(ids, vec![(crate::model::Namespace::Tvdb, "393189")]);
        assert!(notes.warnings.iter().any(|w| w.contains("Andor")), "{:?}", notes.warnings);
    }

    /// Ombi returns at most 30 rows (`Take(30)`), invented Plex rows included: a full answer
    /// says more may have been added.
    #[test]
    fn thirty_rows_may_not_be_everything() {
        let rows: Vec<String> =
            (0..30).map(|i| format!(r#"{{"id":{i},"title":"Film {i}","theMovieDbId":"{}"}}"#, 1000 + i)).collect();
        let mut fake = FakeOmbi::new().reply("GET /api/v1/RecentlyAdded/movies", 200, &format!("[{}]", rows.join(",")));
        let (out, notes) = run_tool(&mut fake, "read_library", json!({"view": "recently_added", "media": "movie"}));
        assert!(out.is_ok());
        assert!(notes.warnings.iter().any(|w| w.contains("at most 30 rows")), "{:?}", notes.warnings);
    }

    #[test]
    fn recently_added_needs_media() {
        let e = run_tool(&mut FakeOmbi::new(), "read_library", json!({"view": "recently_added"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("media"));
    }
}
