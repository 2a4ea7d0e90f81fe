//! `write_request_deny`: deny a request with a reason.
//!
//! Ombi routes: v1 PUT `Request/{movie|tv}/deny`, `request/music/deny` (§3.4).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_request_deny`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The request's media kind.
    pub media: RequestMedia,
    /// The request id (for TV the **child** request id).
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// Why the request is denied; the requester sees it.
    #[schemars(length(min = 1, max = 500))]
    pub reason: String,
    /// Deny a movie's 4K request.
    pub is_4k: Option<bool>,
}

pub struct WriteRequestDeny;

impl Tool for WriteRequestDeny {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_deny",
        title: "Deny request",
        description: "Deny an Ombi request with a reason the requester sees. TV takes the child request id. Set `is_4k` to deny a movie's 4K request.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
