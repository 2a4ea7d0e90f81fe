//! `write_retry_queue_remove`: drop an entry from the failed-request queue.
//!
//! Ombi routes: v1 DELETE `RequestRetry/{id}` (API catalogue §3.7).

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_retry_queue_remove`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The queue id (from read_requests view failed; not a request id).
    #[schemars(range(min = 1))]
    pub queue_id: u64,
}

pub struct WriteRetryQueueRemove;

impl Tool for WriteRetryQueueRemove {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_retry_queue_remove",
        title: "Remove failed request",
        description: "Remove an entry from Ombi's failed-request queue so it is no longer retried. Takes the queue id from read_requests view failed, not the request id.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
