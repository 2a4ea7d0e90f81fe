//! `read_integration`: what Ombi's connected services offer (profiles, folders, users, …).
//!
//! Ombi routes: v1 `Sonarr/*`, `Radarr/*`, `Lidarr/*`, `Plex/*`, `Emby/users`,
//! `Jellyfin/users` (API catalogue §3.15); GET routes on stored settings only.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// The connected services.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Service {
    Sonarr,
    Radarr,
    #[serde(rename = "radarr_4k")]
    Radarr4k,
    Lidarr,
    Plex,
    Emby,
    Jellyfin,
}

/// What to read from the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum What {
    QualityProfiles,
    RootFolders,
    LanguageProfiles,
    Tags,
    Status,
    Users,
    Servers,
    Libraries,
}

/// Arguments of `read_integration`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Which service.
    pub service: Service,
    /// What to read from it.
    pub what: What,
    /// For plex libraries: the server's machine id (from what = servers).
    #[schemars(length(min = 1, max = 100))]
    pub machine_id: Option<String>,
}

pub struct ReadIntegration;

impl Tool for ReadIntegration {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_integration",
        title: "Integrations",
        description: "Read what Ombi's configured services offer, using the stored settings: quality profiles, root folders, language profiles and tags of Sonarr, Radarr (and its 4K instance) and Lidarr; whether a service is enabled; Plex servers and libraries; Plex, Emby and Jellyfin users. Use the ids with write_request_create and write_request_reprocess.",
        families: &[Family::ReferencePage, Family::UserPage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
