//! `write_job_trigger`: queue one of Ombi's background jobs now.
//!
//! Ombi route: v1 POST `Job/{job}` → `true` once queued (§3.12). `update` (installs an Ombi
//! update) and `clearmediaserverdata` are not offered.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::{Data, Outcome};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

/// The jobs a caller may queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Job {
    #[serde(rename = "plexuserimporter")]
    PlexUserImporter,
    #[serde(rename = "plexwatchlist")]
    PlexWatchlist,
    #[serde(rename = "embyuserimporter")]
    EmbyUserImporter,
    #[serde(rename = "jellyfinuserimporter")]
    JellyfinUserImporter,
    #[serde(rename = "plexcontentcacher")]
    PlexContentCacher,
    #[serde(rename = "plexrecentlyadded")]
    PlexRecentlyAdded,
    #[serde(rename = "embycontentcacher")]
    EmbyContentCacher,
    #[serde(rename = "embyrecentlyadded")]
    EmbyRecentlyAdded,
    #[serde(rename = "jellyfincontentcacher")]
    JellyfinContentCacher,
    #[serde(rename = "arrAvailability")]
    ArrAvailability,
    #[serde(rename = "autodeleterequests")]
    AutoDeleteRequests,
    #[serde(rename = "newsletter")]
    Newsletter,
}

tool_args! {
    /// Arguments of `write_job_trigger`.
    pub struct Args {
        /// *contentcacher: library sync; *recentlyadded: recent scan; *userimporter: user import;
        /// arrAvailability: check Sonarr/Radarr for finished downloads; newsletter sends e-mails.
        pub job: Job,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::destructive(Method::Post, "/api/v1/Job/plexuserimporter"),
    Route::destructive(Method::Post, "/api/v1/Job/plexwatchlist"),
    Route::destructive(Method::Post, "/api/v1/Job/embyuserimporter"),
    Route::destructive(Method::Post, "/api/v1/Job/jellyfinuserimporter"),
    Route::destructive(Method::Post, "/api/v1/Job/plexcontentcacher"),
    Route::destructive(Method::Post, "/api/v1/Job/plexrecentlyadded"),
    Route::destructive(Method::Post, "/api/v1/Job/embycontentcacher"),
    Route::destructive(Method::Post, "/api/v1/Job/embyrecentlyadded"),
    Route::destructive(Method::Post, "/api/v1/Job/jellyfincontentcacher"),
    Route::destructive(Method::Post, "/api/v1/Job/arrAvailability"),
    Route::destructive(Method::Post, "/api/v1/Job/autodeleterequests"),
    Route::destructive(Method::Post, "/api/v1/Job/newsletter"),
];

pub struct WriteJobTrigger;

impl Tool for WriteJobTrigger {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_job_trigger",
        title: "Run a background job",
        description: "Run one of Ombi's background jobs now instead of at its schedule (see read_server view jobs): media-server syncs and user imports, the Sonarr/Radarr availability check, request clean-up or the newsletter, which e-mails users. Ombi only confirms that the job was queued. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let name = serde_json::to_value(args.job).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        let req = ApiRequest::write(Method::Post, format!("/api/v1/Job/{name}"), None);
        ctx.confirm(crate::summary::Summary::new(format!("Run Ombi's {name} job now")), std::slice::from_ref(&req))?;
        let what = format!("the {name} job");
        let resp = ctx.mutate(&req, &what, "read_logs")?;
        let mut m = mutation::boolean(&resp, &what, "read_logs", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi did not queue {what}.")))?;
        // Queued, not finished: Ombi runs it in the background.
        m.outcome = Outcome::Accepted;
        m.message = Some(format!("Ombi queued the {name} job."));
        Ok(Data::Mutation(m).into())
    }
}
