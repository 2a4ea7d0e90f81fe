//! `write_job_trigger`: queue one of Ombi's background jobs now.
//!
//! Ombi routes: v1 POST `Job/{job}` (API catalogue §3.12; never `update` or
//! `clearmediaserverdata`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// The jobs that can be triggered.
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

/// Arguments of `write_job_trigger`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The job to queue.
    pub job: Job,
}

pub struct WriteJobTrigger;

impl Tool for WriteJobTrigger {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_job_trigger",
        title: "Run job",
        description: "Queue one of Ombi's background jobs now: media-server content and user imports (Plex, Emby, Jellyfin), the Plex watchlist import, the Sonarr/Radarr availability check, automatic request deletion or the newsletter. Ombi only accepts the job; it runs in the background and its completion is not reported.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
