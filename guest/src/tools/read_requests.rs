//! `read_requests`: list, look up and search Ombi requests; the recent feed; the failed queue.
//!
//! Ombi routes: v2 `Requests/{media}[/{status}]/{count}/{pos}/{sort}/{order}` (sort mapped to
//! field names Ombi resolves, §3.5); v1 `Request/movie/info/{id}`, `Request/tv/{id}`,
//! `Request/.../search/{term}`; v2 `Requests/recentlyRequested`; v1 `RequestRetry`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{Order, RequestMedia, twenty, zero};
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    #[default]
    List,
    Detail,
    Search,
    Recent,
    Failed,
}

/// Request states to filter a list on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    All,
    Pending,
    Processing,
    Available,
    Denied,
    Unavailable,
}

/// Sort keys.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    #[default]
    RequestedDate,
    Title,
    Status,
}

/// Arguments of `read_requests`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What to read (default list).
    #[serde(default)]
    pub view: View,
    /// Movie, TV or album requests (required for list, detail and search).
    pub media: Option<RequestMedia>,
    /// Filter a list by state (default all).
    #[serde(default)]
    pub status: Status,
    /// Sort key of a list (default requested_date).
    #[serde(default)]
    pub sort: Sort,
    /// Sort direction (default desc).
    pub order: Option<Order>,
    /// For detail: the movie or album request id, or the TV **parent** request id.
    #[schemars(range(min = 1))]
    pub request_id: Option<u64>,
    /// For search: words from the title.
    #[schemars(length(min = 1, max = 200))]
    pub query: Option<String>,
    /// Index of the first record to return (0-based).
    #[serde(default = "zero")]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many records to return at most (1..100, default 20).
    #[serde(default = "twenty")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: u64,
}

pub struct ReadRequests;

impl Tool for ReadRequests {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_requests",
        title: "Requests",
        description: "Read Ombi media requests: `list` (by media and state, sorted and paged), `detail` (one request; TV takes the parent id), `search` (by title), `recent` (the newest requests of every kind) or `failed` (the queue of requests Ombi could not send to Sonarr/Radarr/Lidarr, with queue ids for write_retry_queue_remove). Each request says its target kind and id, approval, availability and denial separately for standard and 4K.",
        families: &[Family::RequestPage, Family::RetryPage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
