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
use crate::routes::{Route, RouteEffect};
use crate::schema::input::schema_of;
use crate::schema::output::Family;
use crate::schema::published;
use crate::schema::validate::{check_text, validate};
use crate::stages::{self, Stage};
use crate::upstream::ApiRequest;

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
    /// Every route the tool can send, in groups: the tool's own (declared in its file), then
    /// the groups of the shared helpers it calls (e.g. [`crate::ctx::ACTING_USER`]), each
    /// declared next to its helper. A host may refuse any other request of a call.
    pub routes: &'static [&'static [Route]],
}

impl Meta {
    /// The declared routes, flattened, each method and template once (the first
    /// declaration wins), in the order declared.
    pub fn all_routes(&self) -> Vec<Route> {
        let mut out: Vec<Route> = Vec::new();
        for r in self.routes.iter().flat_map(|g| g.iter()) {
            if !out.iter().any(|o| o.method == r.method && o.path.eq_ignore_ascii_case(r.path)) {
                out.push(*r);
            }
        }
        out
    }
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

/// The declared route of tool `name` that `req` is, or why there is none: no route of the
/// tool has its method and path, or the route's effect does not fit the request (a request
/// that can change state must be on a `write` or `destructive` route, any other on a `read`
/// one).
pub fn declared(name: &str, req: &ApiRequest) -> Result<Route, String> {
    let entry = find(name).ok_or_else(|| format!("no tool {name}"))?;
    let routes = entry.meta.all_routes();
    let what = format!("{name} sent {} {}", req.method.as_str(), req.path);
    let route = *crate::routes::find(&routes, req.method, &req.path)
        .ok_or_else(|| format!("{what}, which it does not declare"))?;
    if req.mutation == (route.effect == RouteEffect::Read) {
        return Err(format!(
            "{what} (mutation: {}), declared as {} {}: {}",
            req.mutation,
            route.path,
            route.effect.as_str(),
            "the effect does not fit"
        ));
    }
    Ok(route)
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
    let before = fake.sent.len();
    let mut ctx = Ctx::new(settings, fake);
    let result = find(name).expect("known tool").call(&mut ctx, crate::dispatch::without_nulls(args));
    let notes = ctx.notes;
    let planned = ctx.plan.map(|p| p.requests).unwrap_or_default();
    // Whatever the test checks, every request the tool sent or planned is one it declared.
    for req in fake.sent[before..].iter().chain(&planned) {
        if let Err(e) = declared(name, req) {
            panic!("{e}");
        }
    }
    (result, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::check_route;
    use crate::upstream::Method;

    #[test]
    fn every_declared_route_is_sound_and_declared_once() {
        for e in catalogue() {
            let groups: Vec<&Route> = e.meta.routes.iter().flat_map(|g| g.iter()).collect();
            assert!(!groups.is_empty(), "{} declares no route", e.meta.name);
            for r in &groups {
                check_route(r).unwrap_or_else(|why| panic!("{}: {why}", e.meta.name));
                let same = groups.iter().filter(|o| o.method == r.method && o.path.eq_ignore_ascii_case(r.path));
                assert!(
                    same.clone().all(|o| o.effect == r.effect),
                    "{}: {} {} twice, unlike",
                    e.meta.name,
                    r.method.as_str(),
                    r.path
                );
            }
            let own = e.meta.routes[0];
            for (i, r) in own.iter().enumerate() {
                assert!(
                    !own[..i].contains(r),
                    "{}: {} {} twice in its own list",
                    e.meta.name,
                    r.method.as_str(),
                    r.path
                );
            }
        }
    }

    /// A read tool declares only reads; a write tool some write, and a destructive route
    /// exactly when it says it is destructive.
    #[test]
    fn route_effects_agree_with_the_tools_effect() {
        for e in catalogue() {
            let routes = e.meta.all_routes();
            let has = |effect: RouteEffect| routes.iter().any(|r| r.effect == effect);
            match e.meta.effect {
                Effect::Read => assert!(routes.iter().all(|r| r.effect == RouteEffect::Read), "{}", e.meta.name),
                Effect::Write { destructive } => {
                    assert!(has(RouteEffect::Write) || has(RouteEffect::Destructive), "{}", e.meta.name);
                    assert_eq!(has(RouteEffect::Destructive), destructive, "{}", e.meta.name);
                }
            }
        }
    }

    /// The values of enum argument `field` of tool `name`.
    fn enum_values(name: &str, field: &str) -> Vec<String> {
        let schema = find(name).unwrap().input_schema();
        let values = schema["properties"][field]["enum"].as_array().unwrap();
        values.iter().map(|v| v.as_str().unwrap().to_string()).collect()
    }

    #[test]
    fn every_settings_section_and_job_is_declared() {
        let sections = enum_values("read_settings", "section");
        assert_eq!(sections, enum_values("write_settings_patch", "section"));
        for s in &sections {
            let path = format!("/api/v1/Settings/{s}");
            declared("read_settings", &ApiRequest::get(&path)).unwrap();
            declared("write_settings_patch", &ApiRequest::get(&path)).unwrap();
            declared("write_settings_patch", &ApiRequest::write(Method::Post, &path, None)).unwrap();
        }
        assert_eq!(crate::tools::read_settings::SECTION_READS.len(), sections.len());
        for j in enum_values("write_job_trigger", "job") {
            declared("write_job_trigger", &ApiRequest::write(Method::Post, format!("/api/v1/Job/{j}"), None)).unwrap();
        }
    }

    #[test]
    fn a_request_is_declared_with_its_method_and_effect() {
        assert!(declared("write_issue_delete", &ApiRequest::get("/api/v1/Issues/3")).is_ok());
        let delete = ApiRequest::write(Method::Delete, "/api/v1/Issues/3", None);
        assert_eq!(declared("write_issue_delete", &delete).unwrap().effect, RouteEffect::Destructive);
        // Not the same tool, not the same method, not a write sent as a read.
        assert!(declared("read_issues", &delete).is_err());
        assert!(declared("write_issue_delete", &ApiRequest::write(Method::Post, "/api/v1/Issues/3", None)).is_err());
        let mut sneaky = delete.clone();
        sneaky.mutation = false;
        assert!(declared("write_issue_delete", &sneaky).is_err());
        assert!(declared("read_search", &ApiRequest::get("/api/v1/Settings/ombi")).is_err());
    }
}
