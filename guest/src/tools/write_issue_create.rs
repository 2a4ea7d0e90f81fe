//! `write_issue_create`: report a problem with a title.
//!
//! Ombi routes: v1 POST `Issues` (`status` is never sent; API catalogue §3.8).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_issue_create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The title the issue is about.
    #[schemars(length(min = 1, max = 200))]
    pub title: String,
    /// The title's media kind.
    pub media: RequestMedia,
    /// The title's provider id (TMDB id for movies and shows, MusicBrainz id for albums).
    #[schemars(length(min = 1, max = 100))]
    pub provider_id: String,
    /// The issue category id (from read_reference kind issue_categories).
    #[schemars(range(min = 1))]
    pub category_id: u64,
    /// A one-line summary.
    #[schemars(length(min = 1, max = 200))]
    pub subject: String,
    /// What is wrong.
    #[schemars(length(min = 1, max = 4000))]
    pub description: String,
    /// The related request id, if any.
    #[schemars(range(min = 1))]
    pub request_id: Option<u64>,
    /// The Ombi username reporting it.
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
}

pub struct WriteIssueCreate;

impl Tool for WriteIssueCreate {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_create",
        title: "Report issue",
        description: "Report an issue with a movie, show or album (wrong audio, missing subtitles, bad quality, …) in a category from read_reference. Reported by `as_user` (or the default user), otherwise by the API principal. Returns the new issue id.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
