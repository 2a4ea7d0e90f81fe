//! `write_user_preferences`: a user's language, streaming country and notification values.
//!
//! Ombi routes: v1 POST `Identity/language`, `Identity/streamingcountry`,
//! `Identity/NotificationPreferences` (API catalogue §3.10).

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Per-agent notification values (a Discord mention, a Telegram handle, a Pushover user
/// key, …), by agent label.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotificationValues {
    #[schemars(length(max = 200))]
    pub discord: Option<String>,
    #[schemars(length(max = 200))]
    pub pushbullet: Option<String>,
    #[schemars(length(max = 200))]
    pub pushover: Option<String>,
    #[schemars(length(max = 200))]
    pub telegram: Option<String>,
    #[schemars(length(max = 200))]
    pub slack: Option<String>,
    #[schemars(length(max = 200))]
    pub mattermost: Option<String>,
    #[schemars(length(max = 200))]
    pub gotify: Option<String>,
    #[schemars(length(max = 200))]
    pub whatsapp: Option<String>,
    #[schemars(length(max = 200))]
    pub ntfy: Option<String>,
}

/// Arguments of `write_user_preferences`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The Ombi username whose preferences change (required unless the server has a
    /// default user).
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
    /// ISO 639-1 language code for the user's Ombi interface and metadata.
    #[schemars(length(min = 2, max = 2))]
    pub language: Option<String>,
    /// Two-letter streaming country (from read_reference kind streaming_countries).
    #[schemars(length(min = 2, max = 2))]
    pub streaming_country: Option<String>,
    /// Notification values by agent label.
    pub notification_values: Option<NotificationValues>,
}

pub struct WriteUserPreferences;

impl Tool for WriteUserPreferences {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_user_preferences",
        title: "User preferences",
        description: "Change a user's language, streaming country (for provider availability) or notification values per agent (e.g. their Discord mention), acting as that user.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
