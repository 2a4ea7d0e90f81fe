//! The tool catalogue: one file per tool, one table that drives both `list-tools` and
//! dispatch, so the published catalogue and the code cannot drift.
//!
//! Each tool file holds its argument type (the single source of its input schema), its
//! metadata, and a `run` that reads as: build requests, call Ombi, project.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::schema::input::schema_of;
use crate::schema::output::Family;
use crate::schema::validate::validate;

pub mod args;

pub mod read_discover;
pub mod read_integration;
pub mod read_issues;
pub mod read_library;
pub mod read_logs;
pub mod read_media;
pub mod read_reference;
pub mod read_request_stats;
pub mod read_requests;
pub mod read_search;
pub mod read_server;
pub mod read_settings;
pub mod read_users;
pub mod read_votes;
pub mod write_issue_category;
pub mod write_issue_comment;
pub mod write_issue_create;
pub mod write_issue_delete;
pub mod write_issue_status;
pub mod write_job_trigger;
pub mod write_request_approve;
pub mod write_request_availability;
pub mod write_request_create;
pub mod write_request_delete;
pub mod write_request_deny;
pub mod write_request_reprocess;
pub mod write_request_subscription;
pub mod write_retry_queue_remove;
pub mod write_settings_patch;
pub mod write_user_preferences;
pub mod write_vote;

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
    /// The input schema, generated from the argument type.
    pub input_schema: fn() -> Value,
    /// Validates the arguments against the input schema, then runs the tool.
    pub call: fn(&mut Ctx, &Value) -> ToolResult,
}

fn entry<T: Tool>() -> Entry {
    Entry { meta: &T::META, input_schema: schema_of::<T::Args>, call: call::<T> }
}

fn call<T: Tool>(ctx: &mut Ctx, args: &Value) -> ToolResult {
    validate(&schema_of::<T::Args>(), args)?;
    let parsed: T::Args = serde_json::from_value(args.clone())
        .map_err(|e| ToolError::invalid("arguments", format!("the arguments do not fit this tool: {e}")))?;
    T::run(ctx, parsed)
}

/// Every tool, in the published order.
pub fn catalogue() -> Vec<Entry> {
    vec![
        entry::<read_search::ReadSearch>(),
        entry::<read_discover::ReadDiscover>(),
        entry::<read_media::ReadMedia>(),
        entry::<read_reference::ReadReference>(),
        entry::<read_requests::ReadRequests>(),
        entry::<read_request_stats::ReadRequestStats>(),
        entry::<read_issues::ReadIssues>(),
        entry::<read_votes::ReadVotes>(),
        entry::<read_users::ReadUsers>(),
        entry::<read_library::ReadLibrary>(),
        entry::<read_server::ReadServer>(),
        entry::<read_integration::ReadIntegration>(),
        entry::<read_settings::ReadSettings>(),
        entry::<read_logs::ReadLogs>(),
        entry::<write_request_create::WriteRequestCreate>(),
        entry::<write_request_approve::WriteRequestApprove>(),
        entry::<write_request_deny::WriteRequestDeny>(),
        entry::<write_request_delete::WriteRequestDelete>(),
        entry::<write_request_availability::WriteRequestAvailability>(),
        entry::<write_request_subscription::WriteRequestSubscription>(),
        entry::<write_request_reprocess::WriteRequestReprocess>(),
        entry::<write_issue_create::WriteIssueCreate>(),
        entry::<write_issue_status::WriteIssueStatus>(),
        entry::<write_issue_comment::WriteIssueComment>(),
        entry::<write_issue_delete::WriteIssueDelete>(),
        entry::<write_issue_category::WriteIssueCategory>(),
        entry::<write_vote::WriteVote>(),
        entry::<write_user_preferences::WriteUserPreferences>(),
        entry::<write_retry_queue_remove::WriteRetryQueueRemove>(),
        entry::<write_settings_patch::WriteSettingsPatch>(),
        entry::<write_job_trigger::WriteJobTrigger>(),
    ]
}

/// The answer of a tool whose behaviour a later change implements.
pub fn not_implemented(name: &str) -> ToolError {
    ToolError::new(
        ErrorCode::UnsupportedCapability,
        format!("{name} is not implemented yet in this version of ombi-mcp."),
    )
}

/// The families every write tool returns.
pub const MUTATION: &[Family] = &[Family::Mutation];
