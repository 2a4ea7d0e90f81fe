//! `read_request_stats`: request counts, totals, quotas and usage over a period.
//!
//! Ombi routes: v1 `Request/count`, `Request/{movie|tv}/total`, `request/music/total`,
//! `.../remaining`, `Stats?from&to` (API catalogue §3.7, Q12).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::RequestMedia;
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// Which figures to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    #[default]
    Counts,
    Totals,
    Quota,
    Usage,
}

/// Arguments of `read_request_stats`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Which figures (default counts).
    #[serde(default)]
    pub view: View,
    /// For quota: one media kind (default all three).
    pub media: Option<RequestMedia>,
    /// For quota: the Ombi username whose quota to read.
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
    /// For usage: start of the period (ISO date, e.g. 2026-01-01).
    #[schemars(length(min = 10, max = 40))]
    pub from: Option<String>,
    /// For usage: end of the period (ISO date).
    #[schemars(length(min = 10, max = 40))]
    pub to: Option<String>,
}

pub struct ReadRequestStats;

impl Tool for ReadRequestStats {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_request_stats",
        title: "Request statistics",
        description: "Read request figures: `counts` (pending, approved, available, denied across the instance), `totals` (requests per media kind), `quota` (limit, remaining and next allowed request of the caller or of `as_user`) or `usage` (requests and completions between `from` and `to`).",
        families: &[Family::Metrics],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
