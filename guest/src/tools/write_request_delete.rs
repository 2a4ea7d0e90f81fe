//! `write_request_delete`: delete a request (or a whole show's requests).
//!
//! Ombi routes: v1 DELETE `Request/movie/{id}`, `Request/tv/child/{id}`, `Request/tv/{id}`,
//! `request/music/{id}`; existence is checked first (Q11); never `movie/all`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// What a TV delete removes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// One request (for TV a child request id).
    #[default]
    Request,
    /// Every request of a show (TV parent request id).
    WholeShow,
}

/// Arguments of `write_request_delete`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The request's media kind.
    pub media: RequestMedia,
    /// The request id: movie, album or TV child id; the TV parent id with scope whole_show.
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// What to delete (default request; whole_show is TV only).
    #[serde(default)]
    pub scope: Scope,
}

pub struct WriteRequestDelete;

impl Tool for WriteRequestDelete {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_delete",
        title: "Delete request",
        description: "Delete one Ombi request, or with scope whole_show every request of a TV show (parent id). The request is looked up first, so a missing id is NOT_FOUND rather than an Ombi error. This does not remove media from Sonarr/Radarr/Lidarr or the media server.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
