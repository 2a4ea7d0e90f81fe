//! The component's two entry points as plain functions: list the tools, call one. Write
//! gating happens here, before a tool's code runs.

use serde_json::{Value, json};

use crate::ctx::{Ctx, Settings};
use crate::envelope::envelope;
use crate::error::{ErrorCode, ToolError};
use crate::schema::output::output_schema;
use crate::tools::{Effect, catalogue};
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
}

/// Every tool, in the published order.
pub fn descriptors() -> Vec<Descriptor> {
    catalogue()
        .into_iter()
        .map(|e| {
            let (read_only, destructive) = match e.meta.effect {
                Effect::Read => (true, false),
                Effect::Write { destructive } => (false, destructive),
            };
            Descriptor {
                name: e.meta.name.into(),
                title: e.meta.title.into(),
                description: e.meta.description.into(),
                input_schema: (e.input_schema)().to_string(),
                output_schema: output_schema(e.meta.name, e.meta.families).to_string(),
                read_only,
                destructive,
                // All writes advertise idempotent false until effects are verified.
                idempotent: false,
                open_world: true,
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

/// Runs tool `name` and returns its envelope.
pub fn call(
    name: &str,
    arguments_json: &str,
    settings: &Settings,
    upstream: &mut dyn Upstream,
) -> Result<Value, CallFailure> {
    let entry = catalogue()
        .into_iter()
        .find(|e| e.meta.name == name)
        .ok_or_else(|| CallFailure::UnknownTool(name.to_string()))?;
    let correlation = settings.correlation_id.as_str();
    if matches!(entry.meta.effect, Effect::Write { .. }) && !settings.allow_writes {
        let err = ToolError::new(
            ErrorCode::Forbidden,
            format!(
                "{name} changes Ombi, and this server runs read-only. Set OMBI_ALLOW_WRITES=true in the server's environment to enable the write tools; nothing was sent to Ombi."
            ),
        );
        return Ok(envelope(name, correlation, Err(err)));
    }
    let args: Value = if arguments_json.trim().is_empty() {
        json!({})
    } else {
        match serde_json::from_str(arguments_json) {
            Ok(v) => v,
            Err(e) => {
                let err = ToolError::invalid("arguments", format!("the arguments are not valid JSON: {e}"));
                return Ok(envelope(name, correlation, Err(err)));
            }
        }
    };
    let mut ctx = Ctx::new(settings, upstream);
    let result = (entry.call)(&mut ctx, &args);
    Ok(envelope(name, correlation, result))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;

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
    fn writes_are_refused_when_disabled_before_anything_is_sent() {
        let mut fake = FakeOmbi::new();
        let settings = Settings { correlation_id: "c9".into(), ..Settings::default() };
        let env = call("write_vote", r#"{"direction":"up"}"#, &settings, &mut fake).unwrap();
        assert_eq!(env["ok"], false);
        assert_eq!(env["error"]["code"], "FORBIDDEN");
        assert!(env["error"]["message"].as_str().unwrap().contains("OMBI_ALLOW_WRITES=true"));
        assert_eq!(env["correlation_id"], "c9");
        assert!(fake.sent.is_empty());
    }

    #[test]
    fn unimplemented_tools_say_so() {
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let env = call("read_logs", "{}", &settings, &mut FakeOmbi::new()).unwrap();
        assert_eq!(env["error"]["code"], "UNSUPPORTED_CAPABILITY");
        assert!(env["error"]["message"].as_str().unwrap().contains("not implemented yet"));
    }

    #[test]
    fn unknown_tool_is_not_an_envelope() {
        let r = call("read_everything", "{}", &Settings::default(), &mut FakeOmbi::new());
        assert_eq!(r, Err(CallFailure::UnknownTool("read_everything".into())));
    }

    #[test]
    fn malformed_argument_json_is_invalid_argument() {
        let env = call("read_server", "{not json", &Settings::default(), &mut FakeOmbi::new()).unwrap();
        assert_eq!(env["error"]["code"], "INVALID_ARGUMENT");
        assert_eq!(env["error"]["field"], "arguments");
    }
}
