//! `read_logs`: Ombi's log files, listed or read in bounded, sanitised line windows.
//!
//! Ombi routes: v2 `System/logs`, `System/logs/{file}` (API catalogue §3.14).

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

fn hundred() -> u64 {
    100
}

/// Arguments of `read_logs`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The log file to read, from the listing; leave out to list the files.
    #[schemars(length(min = 1, max = 100))]
    pub file_id: Option<String>,
    /// Index of the first line to return (0-based; counted from the end when `tail`).
    #[serde(default)]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many lines to return at most (1..500, default 100).
    #[serde(default = "hundred")]
    #[schemars(range(min = 1, max = 500))]
    pub limit: u64,
    /// Count lines from the end of the file (newest first windows).
    #[serde(default)]
    pub tail: bool,
    /// Only lines containing this text.
    #[schemars(length(min = 1, max = 200))]
    pub contains: Option<String>,
}

pub struct ReadLogs;

impl Tool for ReadLogs {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_logs",
        title: "Logs",
        description: "List Ombi's log files (without `file_id`) or read one in a bounded window of lines: `offset`/`limit` lines, from the end with `tail`, optionally only lines `contains`-ing a text. Lines are sanitised; use it to diagnose failed requests and connection problems.",
        families: &[Family::Logs],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
