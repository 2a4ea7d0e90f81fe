//! `read_users`: Ombi users, the caller, who is online, and notification preferences.
//!
//! Ombi routes: v1 `Identity/Users`, `Identity/User/{id}`, `Identity`,
//! `Identity/notificationpreferences/{userId}`; v2 `Hub/Users` (API catalogue §3.10).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{twenty, zero};
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
    Me,
    Online,
    NotificationAgents,
}

/// Arguments of `read_users`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What to read (default list).
    #[serde(default)]
    pub view: View,
    /// For detail and notification_agents: the Ombi user id.
    #[schemars(length(min = 1, max = 100))]
    pub user_id: Option<String>,
    /// Filter by username or alias.
    #[schemars(length(min = 1, max = 100))]
    pub query: Option<String>,
    /// The Ombi username to read as (for me).
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
    /// Index of the first record to return (0-based).
    #[serde(default = "zero")]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many records to return at most (1..100, default 20).
    #[serde(default = "twenty")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: u64,
}

pub struct ReadUsers;

impl Tool for ReadUsers {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_users",
        title: "Users",
        description: "Read Ombi users: `list` (filter with `query`), `detail` (one user id), `me` (the acting user), `online` (connected now) or `notification_agents` (which notification agents a user has set up; the delivery values themselves are never returned). Only ids, usernames, aliases, language, streaming country and online state.",
        families: &[Family::UserPage, Family::ReferencePage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
