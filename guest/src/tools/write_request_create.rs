//! `write_request_create`: request a movie, show, album or whole collection.
//!
//! Ombi routes: v1 POST `Request/movie`; v2 POST `Requests/tv`; v1 POST `request/music`;
//! v2 POST `Requests/movie/collection/{id}` (API catalogue §3.4, §3.5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// What can be requested.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CreateMedia {
    Movie,
    Tv,
    Album,
    Collection,
}

/// Which seasons of a show to request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeasonsMode {
    All,
    First,
    Latest,
    Explicit,
}

/// One season of an explicit TV request.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeasonPick {
    /// The season number (0 = specials).
    #[schemars(range(min = 0))]
    pub season_number: u64,
    /// The episode numbers to request; list every episode to request a whole season.
    #[schemars(length(min = 1, max = 500))]
    pub episodes: Vec<u64>,
}

/// Arguments of `write_request_create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What to request.
    pub media: CreateMedia,
    /// TMDB id of the movie, show or collection.
    #[schemars(range(min = 1))]
    pub tmdb_id: Option<u64>,
    /// MusicBrainz release-group id of the album.
    #[schemars(length(min = 1, max = 64))]
    pub musicbrainz_id: Option<String>,
    /// Request the 4K version (movies; needs the Movie4KRequests feature).
    pub is_4k: Option<bool>,
    /// ISO 639-1 language code for the request.
    #[schemars(length(min = 2, max = 2))]
    pub language: Option<String>,
    /// Which seasons (required for tv).
    pub seasons_mode: Option<SeasonsMode>,
    /// The seasons and episodes, for seasons_mode explicit.
    #[schemars(length(min = 1, max = 100))]
    pub seasons: Option<Vec<SeasonPick>>,
    /// Request on behalf of this Ombi username.
    #[schemars(length(min = 1, max = 100))]
    pub on_behalf_of: Option<String>,
    /// Sonarr/Radarr/Lidarr root folder id (from read_integration).
    #[schemars(range(min = 1))]
    pub root_folder_id: Option<u64>,
    /// Sonarr/Radarr/Lidarr quality profile id (from read_integration).
    #[schemars(range(min = 1))]
    pub quality_profile_id: Option<u64>,
    /// Sonarr language profile id (from read_integration).
    #[schemars(range(min = 1))]
    pub language_profile_id: Option<u64>,
    /// The Ombi username to request as (their approval rules and quota apply).
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
}

pub struct WriteRequestCreate;

impl Tool for WriteRequestCreate {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_create",
        title: "Request media",
        description: "Request a movie, TV show, album or every movie of a TMDB collection in Ombi. Movies, shows and collections take `tmdb_id`; albums take `musicbrainz_id`. For TV choose `seasons_mode` (all, first, latest, or explicit with `seasons`). Acting as `as_user` applies that user's approval rules and quota; without it the request is made by the API principal and is usually auto-approved and sent to Sonarr/Radarr/Lidarr at once. Returns the new request id when Ombi gives one.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
