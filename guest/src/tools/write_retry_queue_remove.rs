//! `write_retry_queue_remove`: remove an entry from Ombi's failed-request queue.
//!
//! Ombi route: v1 DELETE `RequestRetry/{queueId}` → `true`; an unknown id throws (Q11), so
//! the queue is read first (§3.7). The queue id is not a request id.

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::Data;
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::dto::positive;
use crate::upstream::dto::requests::FailedDto;
use crate::upstream::{ApiRequest, Method};

tool_args! {
    /// Arguments of `write_retry_queue_remove`.
    pub struct Args {
        /// From read_requests view failed.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub queue_id: u64,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/RequestRetry"),
    Route::destructive(Method::Delete, "/api/v1/RequestRetry/{n}"),
];

pub struct WriteRetryQueueRemove;

impl Tool for WriteRetryQueueRemove {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_retry_queue_remove",
        title: "Drop a failed request",
        description: "Remove an entry from Ombi's queue of requests it failed to send to Sonarr/Radarr/Lidarr, so it stops retrying; to send it again instead, use write_request_reprocess. `queue_id` from read_requests view failed (not a request id). Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let id = args.queue_id;
        let queue = ctx.list::<FailedDto>(&ApiRequest::get("/api/v1/RequestRetry"), "the failed-request queue")?;
        let Some(entry) = queue.items.iter().find(|e| positive(e.failed_id) == Some(id)) else {
            return Err(queue.absent("queue_id", format!("The failed-request queue has no entry {id}; list it with read_requests view failed. Nothing was sent.")));
        };
        let req = ApiRequest::write(Method::Delete, format!("/api/v1/RequestRetry/{id}"), None);
        let summary = crate::summary::Summary::new(format!("Remove entry #{id} from the failed-request queue"))
            .quote_opt("Title", entry.title.as_deref())
            .note("Ombi stops retrying it.");
        ctx.confirm(summary, std::slice::from_ref(&req))?;
        let resp = ctx.mutate(&req, &format!("the removal of queue entry {id}"), "read_requests view failed")?;
        let mut m = mutation::boolean(&resp, "the queue removal", "read_requests view failed", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi did not remove queue entry {id}.")))?;
        m.queue_id = Some(id);
        Ok(Data::Mutation(m).into())
    }
}
