//! The tool catalogue: one file per tool, and one list ([`tools!`] below) that declares the
//! modules and the table driving both `list-tools` and dispatch, so the published catalogue
//! and the code cannot drift. Adding a tool is one file and one line in that list.
//!
//! Each tool file holds its argument type (the single source of its input schema), its
//! metadata, and a `run` that reads as: build requests, call Ombi, project.

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::schema::input::schema_of;
use crate::schema::output::Family;
use crate::schema::published;
use crate::schema::validate::{check_text, validate};
use crate::stages::{self, Stage};

pub mod args;
pub mod decide;
pub mod lookup;

/// What a tool does to Ombi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Reads only.
    Read,
    /// Changes state; `destructive` when some branch removes, denies, overwrites or
    /// triggers external effects.
    Write { destructive: bool },
}

/// A tool's published metadata.
#[derive(Debug)]
pub struct Meta {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub families: &'static [Family],
    pub effect: Effect,
}

/// A tool: its arguments, metadata and behaviour.
pub trait Tool {
    /// The arguments; their JSON Schema is the tool's input schema.
    type Args: DeserializeOwned + JsonSchema;
    /// The published metadata.
    const META: Meta;
    /// Runs the tool with validated arguments.
    fn run(ctx: &mut Ctx, args: Self::Args) -> ToolResult;
}

/// One row of the catalogue table.
pub struct Entry {
    pub meta: &'static Meta,
    schema: fn() -> Value,
    run: fn(&mut Ctx, Value) -> ToolResult,
    input_schema: OnceLock<Value>,
}

impl Entry {
    /// The input schema: the published text of `schema::published` read once per instance
    /// (an instance serves one call, and generating it from the argument type was most of
    /// a small call's work), or generated from the argument type when none is published.
    pub fn input_schema(&self) -> &Value {
        self.input_schema.get_or_init(|| match published::input_schema(self.meta.name) {
            Some(text) => serde_json::from_str(text).expect("published input schemas are JSON"),
            None => (self.schema)(),
        })
    }

    /// The input schema as JSON text, as `tools/list` publishes it.
    pub fn input_schema_text(&self) -> String {
        match published::input_schema(self.meta.name) {
            Some(text) => text.to_string(),
            None => self.input_schema().to_string(),
        }
    }

    /// The input schema generated from the argument type now (what `schema::published`
    /// must hold).
    pub fn generated_input_schema(&self) -> Value {
        (self.schema)()
    }

    /// Validates `args` against the input schema, then runs the tool.
    pub fn call(&self, ctx: &mut Ctx, args: Value) -> ToolResult {
        let schema = {
            let _schema = stages::span(Stage::Schema);
            self.input_schema()
        };
        {
            let _validation = stages::span(Stage::Validation);
            validate(schema, &args)?;
            check_text(&args, multiline(self.meta.name))?;
        }
        (self.run)(ctx, args)
    }
}

fn entry<T: Tool>() -> Entry {
    Entry { meta: &T::META, schema: schema_of::<T::Args>, run: run::<T>, input_schema: OnceLock::new() }
}

fn run<T: Tool>(ctx: &mut Ctx, args: Value) -> ToolResult {
    let arguments = stages::span(Stage::Arguments);
    let parsed: T::Args = serde_json::from_value(args)
        .map_err(|e| ToolError::invalid("arguments", format!("the arguments do not fit this tool: {e}")))?;
    drop(arguments);
    T::run(ctx, parsed)
}

/// Declares each tool module and the catalogue, in the published order.
macro_rules! tools {
    ($($module:ident :: $tool:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every tool, in the published order.
        pub fn catalogue() -> &'static [Entry] {
            static CATALOGUE: OnceLock<Vec<Entry>> = OnceLock::new();
            CATALOGUE.get_or_init(|| vec![$(entry::<$module::$tool>()),*])
        }
    };
}

tools! {
    read_search::ReadSearch,
    read_discover::ReadDiscover,
    read_media::ReadMedia,
    read_reference::ReadReference,
    read_requests::ReadRequests,
    read_request_stats::ReadRequestStats,
    read_issues::ReadIssues,
    read_votes::ReadVotes,
    read_users::ReadUsers,
    read_library::ReadLibrary,
    read_server::ReadServer,
    read_integration::ReadIntegration,
    read_settings::ReadSettings,
    read_logs::ReadLogs,
    write_request_create::WriteRequestCreate,
    write_request_approve::WriteRequestApprove,
    write_request_deny::WriteRequestDeny,
    write_request_delete::WriteRequestDelete,
    write_request_availability::WriteRequestAvailability,
    write_request_subscription::WriteRequestSubscription,
    write_request_reprocess::WriteRequestReprocess,
    write_issue_create::WriteIssueCreate,
    write_issue_status::WriteIssueStatus,
    write_issue_comment::WriteIssueComment,
    write_issue_delete::WriteIssueDelete,
    write_issue_category::WriteIssueCategory,
    write_vote::WriteVote,
    write_user_preferences::WriteUserPreferences,
    write_retry_queue_remove::WriteRetryQueueRemove,
    write_settings_patch::WriteSettingsPatch,
    write_job_trigger::WriteJobTrigger,
}

/// The free-text arguments that may hold line breaks and tabs, by tool (every other string
/// argument is one line: a control character in it is refused before anything is sent).
const MULTILINE: &[(&str, &[&str])] = &[
    ("write_issue_comment", &["comment"]),
    ("write_issue_create", &["description"]),
    ("write_request_deny", &["reason"]),
    ("write_settings_patch", &["changes[].value"]),
];

fn multiline(tool: &str) -> &'static [&'static str] {
    MULTILINE.iter().find(|(t, _)| *t == tool).map(|(_, f)| *f).unwrap_or(&[])
}

/// The entry of tool `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    catalogue().iter().find(|e| e.meta.name == name)
}

/// The families every write tool returns.
pub const MUTATION: &[Family] = &[Family::Mutation];

/// Runs tool `name` with `args` against `fake` (tests only).
#[cfg(test)]
pub fn run_tool(fake: &mut crate::testing::FakeOmbi, name: &str, args: Value) -> (ToolResult, crate::envelope::Notes) {
    run_tool_with(fake, &crate::ctx::Settings::default(), name, args)
}

/// Runs tool `name` with `args` and `settings` against `fake` (tests only).
#[cfg(test)]
pub fn run_tool_with(
    fake: &mut crate::testing::FakeOmbi,
    settings: &crate::ctx::Settings,
    name: &str,
    args: Value,
) -> (ToolResult, crate::envelope::Notes) {
    let mut ctx = Ctx::new(settings, fake);
    let result = find(name).expect("known tool").call(&mut ctx, crate::dispatch::without_nulls(args));
    (result, ctx.notes)
}
