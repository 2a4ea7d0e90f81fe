//! What a tool call is, what it comes to, and what runs it: the types every transport and
//! the backend share, free of any transport.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::value::RawValue;

use super::catalogue::Catalogue;
use serde_json::{Value, json};

/// A household member, as the host knows them: their own bearer token (or sign-in) maps
/// to their Ombi user, whose `UserName` every upstream request of their calls carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The Ombi user name, as Ombi spells it.
    pub ombi_user: String,
    /// Which token (or sign-in) it was, for the audit trail; never the token itself.
    pub credential: String,
}

/// Who makes a call. Without a member, the server's own identity (`OMBI_USER`, else the
/// API key's), as over stdio.
#[derive(Debug, Clone, Default)]
pub struct Caller {
    pub member: Option<Arc<Member>>,
}

impl Caller {
    /// The member's Ombi user name, if a member calls.
    pub fn member_name(&self) -> Option<&str> {
        self.member.as_deref().map(|m| m.ombi_user.as_str())
    }
}

/// The finished call of a tool: the envelope and whether it is an error.
pub struct ToolOutcome {
    pub structured: Envelope,
    pub is_error: bool,
}

/// A tool's result envelope: a value, or the JSON text the component wrote, already checked
/// (an object on one line, nothing to scrub), which goes out as it is.
#[derive(Debug)]
pub enum Envelope {
    Value(Value),
    Json(Box<RawValue>),
}

impl From<Value> for Envelope {
    fn from(v: Value) -> Envelope {
        Envelope::Value(v)
    }
}

impl Envelope {
    /// The envelope as a value (parsed when it is text).
    pub fn into_value(self) -> Value {
        match self {
            Envelope::Value(v) => v,
            Envelope::Json(raw) => serde_json::from_str(raw.get()).unwrap_or(Value::Null),
        }
    }

    /// The envelope as a value, leaving this one as it is.
    pub fn to_value(&self) -> Value {
        match self {
            Envelope::Value(v) => v.clone(),
            Envelope::Json(raw) => serde_json::from_str(raw.get()).unwrap_or(Value::Null),
        }
    }

    /// The envelope's JSON text, serialised at most once.
    pub fn into_json(self) -> Box<RawValue> {
        match self {
            Envelope::Json(raw) => raw,
            Envelope::Value(v) => serde_json::value::to_raw_value(&v)
                .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("null is JSON")),
        }
    }
}

impl std::fmt::Display for Envelope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Envelope::Value(v) => write!(f, "{v}"),
            Envelope::Json(raw) => f.write_str(raw.get()),
        }
    }
}

/// What a tool call came to.
pub enum CallOutcome {
    /// A tool result.
    Done(ToolOutcome),
    /// A person must confirm first (2026-07-28): ask `message`, and have the client retry
    /// with the answer and `state`.
    InputRequired { message: String, state: String },
}

impl CallOutcome {
    /// The tool result, if the call finished.
    pub fn done(self) -> Option<ToolOutcome> {
        match self {
            CallOutcome::Done(t) => Some(t),
            CallOutcome::InputRequired { .. } => None,
        }
    }
}

/// How a person can be asked to confirm a write during this call.
#[derive(Clone)]
pub enum Confirm {
    /// They cannot (the client declared no form elicitation).
    Unavailable,
    /// By a request to the client, answered while the call waits (2025-11-25).
    Ask(Arc<dyn Asker>),
    /// By an `input_required` result and the client's retry (2026-07-28); `answer` holds the
    /// retry's `requestState` and `inputResponses`.
    Retry { answer: Option<(String, Value)> },
}

/// Why a call produced no tool result.
#[derive(Debug)]
pub enum BackendError {
    /// No tool has this name (JSON-RPC -32602).
    UnknownTool(String),
    /// A host or component failure (JSON-RPC -32603); the text holds no secret.
    Internal(String),
}

/// A boxed future, `Send`.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// A person's answer to a confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Accepted, with the box ticked.
    Accepted,
    /// Declined (or accepted without ticking the box).
    Declined,
    /// Dismissed.
    Cancelled,
    /// No answer within the time allowed.
    NoAnswer,
    /// The client answered with an error, or could not be reached.
    Failed(String),
}

/// Asks the person behind the client to confirm something.
pub trait Asker: Send + Sync {
    /// Shows `summary` and waits up to `timeout` for the answer.
    fn confirm(&self, summary: String, timeout: Duration) -> BoxFuture<Answer>;
}

/// One `tools/call`.
pub struct ToolCall {
    pub name: String,
    /// Who calls: in hosted mode, the member whose Ombi identity every request carries.
    pub caller: Caller,
    /// The `arguments` object as JSON text.
    pub arguments: String,
    /// How to ask the person for a confirmation.
    pub confirm: Confirm,
}

/// What runs the tools.
pub trait Backend: Send + Sync + 'static {
    /// The MCP `Tool` objects of `tools/list`.
    fn catalogue(&self) -> &Catalogue;
    /// The resources, prompts and completions the component offers (none by default).
    fn extras(&self) -> &super::extras::Extras {
        &super::extras::NONE
    }
    /// Runs one tool call.
    fn call(self: Arc<Self>, call: ToolCall) -> BoxFuture<Result<CallOutcome, BackendError>>;
}

/// The form a confirmation shows: one box to tick.
pub fn confirmation_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "confirm": {
                "type": "boolean",
                "title": "Confirm",
                "description": "Tick to let this change be sent to Ombi.",
                "default": false
            }
        },
        "required": ["confirm"]
    })
}

/// Reads an elicitation result: only `accept` with `confirm: true` is an acceptance.
pub fn read_answer(message: &Value) -> Answer {
    if let Some(e) = message.get("error") {
        return Answer::Failed(e["message"].as_str().unwrap_or("error").to_string());
    }
    let r = &message["result"];
    match r["action"].as_str() {
        Some("accept") if r["content"]["confirm"] == json!(true) => Answer::Accepted,
        Some("accept") | Some("decline") => Answer::Declined,
        Some("cancel") => Answer::Cancelled,
        _ => Answer::Failed("the client's answer had no action".into()),
    }
}

/// Whether declared client `capabilities` include form elicitation (an empty
/// `elicitation` object means form, for older clients).
pub fn can_elicit_form(capabilities: &Value) -> bool {
    match capabilities.get("elicitation") {
        Some(Value::Object(e)) => e.is_empty() || e.contains_key("form"),
        _ => false,
    }
}
