//! `read_discover`: browse Ombi's discovery lists (popular, trending, upcoming, …).
//!
//! Ombi routes: GET `/api/v2/Search/{movie|tv}/{list}/{pos}/{n}`; POST
//! `/api/v2/Search/advancedSearch/movie/{pos}/{n}`; POST `/api/v2/Search/movie/similar`
//! (API catalogue §3.2, Q3).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{MovieOrTv, twenty, zero};
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

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

/// Filters of the `filtered` list.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Filters {
    /// TMDB genre ids (from read_reference kind genres).
    #[schemars(length(max = 50))]
    pub genre_ids: Option<Vec<u64>>,
    /// TMDB keyword ids (from read_reference kind keywords).
    #[schemars(length(max = 50))]
    pub keyword_ids: Option<Vec<u64>>,
    /// TMDB watch-provider ids (from read_reference kind watch_providers).
    #[schemars(length(max = 50))]
    pub watch_provider_ids: Option<Vec<u64>>,
    /// TMDB production company ids.
    #[schemars(length(max = 50))]
    pub company_ids: Option<Vec<u64>>,
    /// Release year.
    #[schemars(range(min = 1870, max = 2100))]
    pub release_year: Option<i64>,
    /// Decade, as its first year (e.g. 1990).
    #[schemars(range(min = 1870, max = 2100))]
    pub decade: Option<i64>,
}

/// Arguments of `read_discover`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Movies or TV shows.
    pub media: MovieOrTv,
    /// Which list to browse.
    pub list: List,
    /// TMDB id of the movie to find similar titles to (list `similar`).
    #[schemars(range(min = 1))]
    pub similar_to: Option<u64>,
    /// Filters for the `filtered` list.
    pub filters: Option<Filters>,
    /// Index of the first result to return (0-based).
    #[serde(default = "zero")]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many results to return at most (1..100, default 20).
    #[serde(default = "twenty")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: u64,
}

pub struct ReadDiscover;

impl Tool for ReadDiscover {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_discover",
        title: "Discover media",
        description: "Browse Ombi's discovery lists of movies or TV shows: popular, trending, upcoming, now_playing, top_rated, anticipated, seasonal, requested, similar (to the TMDB movie in `similar_to`) or filtered (by genre, keyword, watch provider, company, year or decade in `filters`). Results are media records with ids by namespace and availability; paged with offset/limit.",
        families: &[Family::MediaPage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
