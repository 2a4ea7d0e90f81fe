//! `read_library`: the release calendar, recently added media and artwork.
//!
//! Ombi routes: v2 `Calendar`; v1 `RecentlyAdded/{movies|tv}`; v1 `Images/...` (§3.13).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{MovieOrTv, twenty, zero};
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// What to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    Calendar,
    RecentlyAdded,
    Artwork,
}

/// Namespaces an artwork id can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArtworkNamespace {
    Tmdb,
    Tvdb,
}

/// Arguments of `read_library`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What to read.
    pub view: View,
    /// Movie or TV (recently_added and artwork).
    pub media: Option<MovieOrTv>,
    /// For artwork: the title's id.
    #[schemars(length(min = 1, max = 40))]
    pub id: Option<String>,
    /// For artwork: the namespace of `id` (default tmdb).
    pub id_namespace: Option<ArtworkNamespace>,
    /// Index of the first record to return (0-based).
    #[serde(default = "zero")]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many records to return at most (1..100, default 20).
    #[serde(default = "twenty")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: u64,
}

pub struct ReadLibrary;

impl Tool for ReadLibrary {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_library",
        title: "Library",
        description: "Read what the media servers hold or will hold: `calendar` (requested movies and episodes releasing around now), `recently_added` (movies or episodes added in the last week) or `artwork` (poster, background and banner URLs of one title).",
        families: &[Family::MediaPage, Family::CalendarPage, Family::ArtworkPage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
