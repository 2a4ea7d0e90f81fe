//! `read_media`: details of one movie, show, person, collection, artist or album.
//!
//! Ombi routes: v2 `Search/movie/{id}`, `movie/imdb/{id}`, `movie/request/{id}`,
//! `movie/collection/{id}`, `tv/moviedb/{id}`, `tv/request/{id}`, `actor/{id}/{movie|tv}`,
//! `artist/{id}`, `artist/album/{id}`, `stream/...`, `ratings/...`; v1
//! `Search/tv/info/{tvdb}` (API catalogue §3.1, §3.2).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::DetailMedia;
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// Namespaces `id` can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdNamespace {
    Tmdb,
    Imdb,
    Tvdb,
    Musicbrainz,
    OmbiRequest,
}

/// Extra detail to include.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Include {
    Credits,
    Providers,
    Ratings,
    Seasons,
}

/// Arguments of `read_media`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What kind of media `id` names.
    pub media: DetailMedia,
    /// The id, in `id_namespace` (a TMDB number, an IMDb `tt…` id, a MusicBrainz id, …).
    #[schemars(length(min = 1, max = 100))]
    pub id: String,
    /// The namespace of `id` (default tmdb for movie, tv, person and collection;
    /// musicbrainz for artist and album).
    pub id_namespace: Option<IdNamespace>,
    /// The person's name (required when media is person: Ombi returns only ids).
    #[schemars(length(min = 1, max = 200))]
    pub person_name: Option<String>,
    /// Extra detail to include.
    #[schemars(length(max = 4), extend("uniqueItems" = true))]
    pub include: Option<Vec<Include>>,
}

pub struct ReadMedia;

impl Tool for ReadMedia {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_media",
        title: "Media details",
        description: "Read the details of one movie, TV show, person, collection, artist or album by id: title, overview, year, genres, availability, request state and the request ids to act on; with `include`, also credits, streaming providers, ratings and seasons with episodes. For a person, give `person_name` too. Ids come from read_search or read_discover.",
        families: &[Family::MediaPage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
