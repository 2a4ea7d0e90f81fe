//! `read_reference`: the id/name lists other tools take (genres, languages, providers, …).
//!
//! Ombi routes: v2 `Search/Genres/{media}`, `Search/Languages`; v1
//! `TheMovieDb/WatchProviders/{media}`, `TheMovieDb/Keywords`, `Identity/streamingcountry`,
//! `Issues/categories`, `Identity/claims`; v2 `Features`; enum tables of API catalogue §2.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{MovieOrTv, twenty, zero};
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// The reference lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Genres,
    Languages,
    WatchProviders,
    Keywords,
    StreamingCountries,
    IssueCategories,
    Roles,
    Features,
    NotificationAgents,
    RequestTypes,
    IssueStatuses,
}

/// Arguments of `read_reference`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Which list to read.
    pub kind: Kind,
    /// Movie or TV (genres and watch providers).
    pub media: Option<MovieOrTv>,
    /// Search words (required for keywords; filters the other lists by name).
    #[schemars(length(min = 1, max = 100))]
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

pub struct ReadReference;

impl Tool for ReadReference {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_reference",
        title: "Reference lists",
        description: "Read the id/name lists other tools take: genres and watch providers (per media), languages, keywords (search with `query`), streaming countries, issue categories, user roles, feature flags, notification agents, request types and issue statuses. Use the ids in read_discover filters, write_issue_create and write_user_preferences.",
        families: &[Family::ReferencePage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
