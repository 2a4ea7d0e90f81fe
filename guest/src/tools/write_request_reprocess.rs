//! `write_request_reprocess`: re-send a request to Sonarr/Radarr, optionally with new options.
//!
//! Ombi routes: v2 POST `Requests/{movie|tv}/advancedoptions` then
//! `Requests/reprocess/{type}/{id}/{is4K}` (§3.5).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_request_reprocess`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The request's media kind.
    pub media: RequestMedia,
    /// The request id (movie request id, TV child request id).
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// Re-send the 4K request of a movie.
    pub is_4k: Option<bool>,
    /// New root folder id (from read_integration).
    #[schemars(range(min = 1))]
    pub root_folder_id: Option<u64>,
    /// New quality profile id (from read_integration).
    #[schemars(range(min = 1))]
    pub quality_profile_id: Option<u64>,
    /// New language profile id (from read_integration).
    #[schemars(range(min = 1))]
    pub language_profile_id: Option<u64>,
}

pub struct WriteRequestReprocess;

impl Tool for WriteRequestReprocess {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_reprocess",
        title: "Re-send request",
        description: "Re-send an approved request to Sonarr or Radarr, first applying a new root folder, quality profile or language profile when given. Use it after fixing an integration or for a request in the failed queue.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
