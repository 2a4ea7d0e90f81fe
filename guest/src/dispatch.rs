//! The component's two entry points as plain functions: list the tools, call one. Write
//! gating happens here, before a tool's code runs.

use serde_json::{Value, json};

use crate::ctx::{Ctx, Plan, Settings};
use crate::envelope::{Notes, envelope_text};
use crate::error::{ErrorCode, ToolError};
use crate::routes::Route;
use crate::schema::output::output_schema;
use crate::stages::{self, Stage};
use crate::tools::{Effect, catalogue, find};
use crate::upstream::Upstream;

/// A tool as listed, with its schemas as JSON text.
#[derive(Debug, Clone, PartialEq)]
pub struct Descriptor {
    pub name: String,
    pub title: String,
    pub description: String,
    pub input_schema: String,
    pub output_schema: String,
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
    pub open_world: bool,
    /// Every route the tool may send, each method and template once.
    pub routes: Vec<Route>,
}

/// Every tool, in the published order.
pub fn descriptors() -> Vec<Descriptor> {
    catalogue()
        .iter()
        .map(|e| {
            let (read_only, destructive) = match e.meta.effect {
                Effect::Read => (true, false),
                Effect::Write { destructive } => (false, destructive),
            };
            Descriptor {
                name: e.meta.name.into(),
                title: e.meta.title.into(),
                description: e.meta.description.into(),
                input_schema: e.input_schema_text(),
                output_schema: output_schema(e.meta.name, e.meta.families).to_string(),
                read_only,
                destructive,
                // All writes advertise idempotent false until effects are verified.
                idempotent: false,
                open_world: true,
                routes: e.meta.all_routes(),
            }
        })
        .collect()
}

/// A call that produced no envelope.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CallFailure {
    /// No tool has this name.
    #[error("unknown tool `{0}`")]
    UnknownTool(String),
}

/// A finished call: the envelope as JSON text, whether it is an error, and in plan mode
/// the plan of a write.
#[derive(Debug, Clone, PartialEq)]
pub struct Called {
    pub json: String,
    pub is_error: bool,
    pub plan: Option<Plan>,
}

/// The input schema of tool `name` (built once per instance).
pub fn input_schema(name: &str) -> Option<&'static Value> {
    find(name).map(|e| e.input_schema())
}

/// Runs tool `name` and returns its envelope (and, in plan mode, its plan).
pub fn call(
    name: &str,
    arguments_json: &str,
    settings: &Settings,
    upstream: &mut dyn Upstream,
) -> Result<Called, CallFailure> {
    let (json, ok, plan) = run(name, arguments_json, settings, upstream)?;
    Ok(Called { json, is_error: !ok, plan })
}

/// Runs tool `name` and returns its envelope as a JSON value.
pub fn call_value(
    name: &str,
    arguments_json: &str,
    settings: &Settings,
    upstream: &mut dyn Upstream,
) -> Result<Value, CallFailure> {
    let (json, _, _) = run(name, arguments_json, settings, upstream)?;
    Ok(serde_json::from_str(&json).expect("an envelope is JSON"))
}

/// The envelope's text, whether it is a success, and the plan of a write in plan mode.
fn run(
    name: &str,
    arguments_json: &str,
    settings: &Settings,
    upstream: &mut dyn Upstream,
) -> Result<(String, bool, Option<Plan>), CallFailure> {
    let answered = {
        let _total = stages::span(Stage::Total);
        answer(name, arguments_json, settings, upstream)
    };
    stages::report(name);
    answered
}

fn answer(
    name: &str,
    arguments_json: &str,
    settings: &Settings,
    upstream: &mut dyn Upstream,
) -> Result<(String, bool, Option<Plan>), CallFailure> {
    let entry = find(name).ok_or_else(|| CallFailure::UnknownTool(name.to_string()))?;
    let correlation = settings.correlation_id.as_str();
    if matches!(entry.meta.effect, Effect::Write { .. }) && !settings.allow_writes {
        let err = ToolError::new(
            ErrorCode::Forbidden,
            format!(
                "{name} changes Ombi, and this server runs read-only. Set OMBI_ALLOW_WRITES=true in the server's environment to enable the write tools; nothing was sent to Ombi."
            ),
        );
        let (text, ok) = envelope_text(name, correlation, Err(err), Notes::default());
        return Ok((text, ok, None));
    }
    let arguments = stages::span(Stage::Arguments);
    let args: Value = if arguments_json.trim().is_empty() {
        json!({})
    } else {
        match serde_json::from_str(arguments_json) {
            Ok(v) => v,
            Err(e) => {
                let err = ToolError::invalid("arguments", format!("the arguments are not valid JSON: {e}"));
                let (text, ok) = envelope_text(name, correlation, Err(err), Notes::default());
                return Ok((text, ok, None));
            }
        }
    };
    let args = without_nulls(args);
    drop(arguments);
    let mut ctx = Ctx::new(settings, upstream);
    let result = entry.call(&mut ctx, args);
    let plan = ctx.plan.take();
    let _envelope = stages::span(Stage::Envelope);
    let (text, ok) = envelope_text(name, correlation, result, ctx.notes);
    Ok((text, ok, plan))
}

/// Drops object members whose value is `null`: an optional argument given as `null` is an
/// absent one (the schemas say "optional" by leaving a field out of `required`).
pub fn without_nulls(v: Value) -> Value {
    match v {
        Value::Object(map) => {
            Value::Object(map.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;

    fn env(name: &str, args: &str, settings: &Settings, fake: &mut FakeOmbi) -> Value {
        call_value(name, args, settings, fake).unwrap()
    }

    #[test]
    fn thirty_one_tools_with_unique_names() {
        let d = descriptors();
        assert_eq!(d.len(), 31);
        assert_eq!(d.iter().filter(|t| t.name.starts_with("read_")).count(), 14);
        let mut names: Vec<_> = d.iter().map(|t| t.name.clone()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 31);
        for t in &d {
            assert_eq!(t.read_only, t.name.starts_with("read_"), "{}", t.name);
        }
    }

    #[test]
    fn descriptors_publish_each_tools_routes_once() {
        let d = descriptors();
        let server = d.iter().find(|t| t.name == "read_server").unwrap();
        assert!(server.routes.iter().any(|r| r.path == "/health" && r.method.as_str() == "GET"));
        // A shared group (the user list) is published once, beside the tool's own routes.
        let votes = d.iter().find(|t| t.name == "read_votes").unwrap();
        assert_eq!(votes.routes.iter().filter(|r| r.path == "/api/v1/Identity/Users").count(), 1);
        assert!(votes.routes.iter().any(|r| r.path == "/api/v1/Vote"));
        let delete = d.iter().find(|t| t.name == "write_request_delete").unwrap();
        let deletes: Vec<&str> =
            delete.routes.iter().filter(|r| r.method.as_str() == "DELETE").map(|r| r.path).collect();
        assert_eq!(
            deletes,
            [
                "/api/v1/Request/movie/{n}",
                "/api/v1/Request/tv/child/{n}",
                "/api/v1/Request/tv/{n}",
                "/api/v1/request/music/{n}"
            ]
        );
    }

    #[test]
    fn input_schemas_are_portable() {
        for d in descriptors() {
            let s = &d.input_schema;
            assert!(!s.contains("\"null\""), "{}: {s}", d.name);
            assert!(!s.contains("\"format\""), "{}: {s}", d.name);
            assert!(!s.contains("\"$ref\""), "{}: {s}", d.name);
            assert!(!s.contains("\"oneOf\""), "{}: {s}", d.name);
        }
    }

    /// Clients put every tool's description and input schema in a model's context: together
    /// they stay under 32,000 bytes, and each description still says what the tool is for.
    #[test]
    fn descriptions_and_input_schemas_fit_the_context_budget() {
        let d = descriptors();
        let total: usize = d.iter().map(|t| t.description.len() + t.input_schema.len()).sum();
        assert!(total <= 32_000, "descriptions and input schemas take {total} bytes");
        for t in &d {
            assert!(t.description.chars().count() >= 120, "{}: {}", t.name, t.description);
            assert_eq!(t.name.starts_with("write_"), t.description.contains("OMBI_ALLOW_WRITES"), "{}", t.name);
            assert!(!t.input_schema.contains("\"type\":["), "{}: a type list", t.name);
        }
    }

    #[test]
    fn writes_are_refused_when_disabled_before_anything_is_sent() {
        let mut fake = FakeOmbi::new();
        let settings = Settings { correlation_id: "c9".into(), ..Settings::default() };
        let env = env("write_vote", r#"{"direction":"up"}"#, &settings, &mut fake);
        assert_eq!(env["ok"], false);
        assert_eq!(env["error"]["code"], "FORBIDDEN");
        assert!(env["error"]["message"].as_str().unwrap().contains("OMBI_ALLOW_WRITES=true"));
        assert_eq!(env["correlation_id"], "c9");
        assert!(fake.sent.is_empty());
    }

    #[test]
    fn unknown_tool_is_not_an_envelope() {
        let r = call("read_everything", "{}", &Settings::default(), &mut FakeOmbi::new());
        assert_eq!(r, Err(CallFailure::UnknownTool("read_everything".into())));
    }

    #[test]
    fn malformed_argument_json_is_invalid_argument() {
        let env = env("read_server", "{not json", &Settings::default(), &mut FakeOmbi::new());
        assert_eq!(env["error"]["code"], "INVALID_ARGUMENT");
        assert_eq!(env["error"]["field"], "arguments");
    }

    #[test]
    fn an_invalid_enum_value_names_every_valid_one() {
        let env = env("read_server", r#"{"view":"nope"}"#, &Settings::default(), &mut FakeOmbi::new());
        assert_eq!(env["error"]["field"], "view");
        let msg = env["error"]["message"].as_str().unwrap();
        for v in ["status", "about", "health", "update", "features", "jobs"] {
            assert!(msg.contains(v), "{msg}");
        }
    }

    #[test]
    fn a_planned_write_sends_nothing_and_returns_its_plan() {
        let mut fake =
            FakeOmbi::new().reply("GET /api/v1/Issues/3", 200, r#"{"id":3,"title":"Dune","subject":"No sound"}"#);
        let settings = Settings { allow_writes: true, mode: crate::ctx::Mode::Plan, ..Settings::default() };
        let called = call("write_issue_delete", r#"{"issue_id":3}"#, &settings, &mut fake).unwrap();
        let plan = called.plan.expect("a plan");
        assert_eq!(plan.summary, "Delete issue #3 and its comments\nTitle: “Dune”\nSubject: “No sound”");
        assert_eq!(plan.requests.len(), 1);
        assert_eq!(plan.requests[0].path, "/api/v1/Issues/3");
        assert!(fake.sent.iter().all(|r| !r.mutation), "only reads while planning");
    }

    #[test]
    fn null_optional_arguments_are_absent() {
        let fake = FakeOmbi::new().reply("GET /api/v1/Status", 200, "200");
        let mut fake =
            fake.reply("GET /api/v1/Status/info", 200, "\"4.59.3\"").reply("GET /api/v1/Status/Wizard", 200, "{}");
        let env = env("read_server", r#"{"view":null}"#, &Settings::default(), &mut fake);
        assert_eq!(env["ok"], true, "{env}");
    }
}
