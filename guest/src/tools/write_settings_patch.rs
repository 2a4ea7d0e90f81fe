//! `write_settings_patch`: change some fields of one settings section.
//!
//! Ombi routes: GET then POST v1 `Settings/{section}`: the change is merged into the full
//! object; refused when the revision moved, for secret fields, `apiKey` and `baseUrl`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::{SettingsSection, scalar_schema};
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// One field to change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// The field's name as read_settings gives it (a JSON Pointer such as /enabled).
    #[schemars(length(min = 1, max = 200))]
    pub name: String,
    /// The new value.
    #[schemars(schema_with = "scalar_schema")]
    pub value: serde_json::Value,
}

/// Arguments of `write_settings_patch`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The settings section.
    pub section: SettingsSection,
    /// The fields to change.
    #[schemars(length(min = 1, max = 100))]
    pub changes: Vec<Change>,
    /// The revision read_settings returned; the patch is refused if the section changed.
    #[schemars(length(min = 1, max = 100))]
    pub revision: String,
}

pub struct WriteSettingsPatch;

impl Tool for WriteSettingsPatch {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_settings_patch",
        title: "Change settings",
        description: "Change some fields of one Ombi settings section. Read the section with read_settings first and pass its `revision`; the change is refused if the section changed since. Secrets, apiKey and baseUrl cannot be changed. Saving some sections (Plex, Emby, Jellyfin, Sonarr, Radarr, Lidarr) makes Ombi start a sync.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
