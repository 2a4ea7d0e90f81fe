//! `read_settings`: one settings section, allowlisted non-secret fields only.
//!
//! Ombi routes: v1 `Settings/{section}` (API catalogue §3.11).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::SettingsSection;
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// Arguments of `read_settings`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The settings section.
    pub section: SettingsSection,
}

pub struct ReadSettings;

impl Tool for ReadSettings {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_settings",
        title: "Settings",
        description: "Read one Ombi settings section as flat name/value pairs (names are JSON Pointers such as /servers/0/port). Secrets, credentials and destination URLs are never returned; `omitted_fields` names what was left out. The `revision` identifies the section's current content: pass it to write_settings_patch.",
        families: &[Family::Settings],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
