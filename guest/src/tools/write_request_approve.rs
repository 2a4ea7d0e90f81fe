//! `write_request_approve`: approve a pending request.
//!
//! Ombi routes: v1 POST `Request/{movie|tv}/approve`, `request/music/approve` (§3.4).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_request_approve`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The request's media kind.
    pub media: RequestMedia,
    /// The request id (for TV the **child** request id).
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// Approve the 4K request of a movie.
    pub is_4k: Option<bool>,
}

pub struct WriteRequestApprove;

impl Tool for WriteRequestApprove {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_approve",
        title: "Approve request",
        description: "Approve a pending Ombi request so it is sent to Sonarr/Radarr/Lidarr. TV takes the child request id (from read_requests). Set `is_4k` to approve a movie's 4K request.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
