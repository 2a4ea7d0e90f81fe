//! The MCP core, free of any transport: one request and its context (the era, the caller,
//! how a person can be asked) in, one message out. stdio ([`super::server`]) and Streamable
//! HTTP (`crate::hosted`) are thin edges over it, as rmcp separates its service from its
//! transports: they frame bytes, decide who the caller is, and carry server-to-client
//! requests; everything MCP means is here.

use std::sync::Arc;

use serde_json::{Value, json};

use super::call::{
    Asker, Backend, BackendError, CallOutcome, Caller, Confirm, Envelope, ToolCall, confirmation_schema,
};
use super::catalogue::Catalogue;
use super::era::{self, Era};
use super::extras::{self, Extras};
use super::jsonrpc::{self, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND};
use super::wire::Outgoing;

/// The handshake-era revision this server speaks best.
pub const LATEST_PROTOCOL: &str = "2025-11-25";
/// Revisions accepted in `initialize` (newest first).
pub const SUPPORTED_PROTOCOLS: &[&str] = era::LEGACY;

/// Who the server says it is.
#[derive(Clone)]
pub struct ServerInfo {
    pub name: String,
    pub title: String,
    pub version: String,
    pub instructions: String,
}

/// What one request comes with, as its transport established it.
#[derive(Clone, Default)]
pub struct RequestContext {
    /// The request's era (from its `_meta`, or the handshake era).
    pub era: Era,
    /// Who calls.
    pub caller: Caller,
    /// In the handshake era, how to ask the person (when the client declared form
    /// elicitation on a transport that can carry a request to it).
    pub asker: Option<Arc<dyn Asker>>,
}

/// The transport-free MCP server.
pub struct Core {
    backend: Arc<dyn Backend>,
    info: ServerInfo,
}

impl Core {
    pub fn new(backend: Arc<dyn Backend>, info: ServerInfo) -> Core {
        Core { backend, info }
    }

    pub fn catalogue(&self) -> &Catalogue {
        self.backend.catalogue()
    }

    /// Whether `method` runs tools (and so may take long, wait for a person, and count
    /// against the limits on work in flight).
    pub fn runs_tools(method: &str) -> bool {
        matches!(method, "tools/call" | "resources/read" | "completion/complete")
    }

    /// The protocol version `initialize` with these params settles on (`None` when the
    /// params name none).
    pub fn negotiated(params: &Value) -> Option<&'static str> {
        let asked = params.get("protocolVersion").and_then(Value::as_str)?;
        Some(SUPPORTED_PROTOCOLS.iter().copied().find(|v| *v == asked).unwrap_or(LATEST_PROTOCOL))
    }

    /// Answers one request.
    pub async fn handle(&self, id: &Value, method: &str, params: &Value, cx: RequestContext) -> Outgoing {
        let server_info = self.server_info();
        // 2026-07-28 removed the handshake, ping and the log level (SEP-2575).
        if matches!(cx.era, Era::Modern { .. }) && matches!(method, "initialize" | "ping" | "logging/setLevel") {
            let message = format!("Method not found: {method} (removed in protocol 2026-07-28)");
            return finish(&cx.era, method, jsonrpc::error(id, METHOD_NOT_FOUND, &message).into(), &server_info);
        }
        let answer = match method {
            "tools/call" => self.call_tool(id, params, &cx).await,
            "resources/read" => match params["uri"].as_str() {
                Some(uri) => {
                    let mut answer = rpc(id, Extras::read(self.backend.clone(), uri, cx.caller.clone()).await);
                    // A resource that does not exist names itself (SEP-2164).
                    if answer.pointer("/error/code") == Some(&json!(INVALID_PARAMS)) {
                        answer["error"]["data"] = json!({ "uri": uri });
                    }
                    answer.into()
                }
                None => jsonrpc::error(id, INVALID_PARAMS, "resources/read needs params.uri (a string)").into(),
            },
            "completion/complete" => {
                rpc(id, Extras::complete(self.backend.clone(), params, cx.caller.clone()).await).into()
            }
            "tools/list" => {
                let tools = self.backend.catalogue().json().to_owned();
                Outgoing::Tools { id: id.clone(), head: json!({}), tools }
            }
            _ => self.answer_value(id, method, params, &cx.era).into(),
        };
        finish(&cx.era, method, answer, &server_info)
    }

    /// The server's identity, as results name it.
    fn server_info(&self) -> Value {
        json!({ "name": self.info.name, "title": self.info.title, "version": self.info.version })
    }

    /// Answers a request other than those with results already written as JSON text.
    fn answer_value(&self, id: &Value, method: &str, params: &Value, era: &Era) -> Value {
        let info = &self.info;
        match method {
            "initialize" => {
                let Some(version) = Core::negotiated(params) else {
                    return jsonrpc::error(id, INVALID_PARAMS, "initialize needs params.protocolVersion");
                };
                jsonrpc::result(
                    id,
                    json!({
                        "protocolVersion": version,
                        "capabilities": capabilities(),
                        "serverInfo": self.server_info(),
                        "instructions": info.instructions,
                    }),
                )
            }
            // Answered at once, before or after initialize, in either era; the stateless
            // revision first. The server names itself in `_meta` (added by `finish`).
            "server/discover" => {
                let era = match era {
                    Era::Legacy => Era::Modern { version: era::MODERN[0].into(), capabilities: json!({}) },
                    modern => modern.clone(),
                };
                let result = json!({
                    "supportedVersions": era::supported_versions(),
                    "capabilities": capabilities(),
                    "instructions": info.instructions,
                });
                jsonrpc::result(id, era::finish(&era, "server/discover", result, &self.server_info()))
            }
            "ping" => jsonrpc::result(id, json!({})),
            "resources/list" => jsonrpc::result(id, self.backend.extras().resources(self.backend.catalogue())),
            "resources/templates/list" => jsonrpc::result(id, self.backend.extras().templates()),
            "prompts/list" => jsonrpc::result(id, self.backend.extras().prompts()),
            "prompts/get" => match params["name"].as_str() {
                Some(name) => {
                    rpc(id, self.backend.extras().prompt(name, params.get("arguments").unwrap_or(&Value::Null)))
                }
                None => jsonrpc::error(id, INVALID_PARAMS, "prompts/get needs params.name (a string)"),
            },
            _ => jsonrpc::error(id, METHOD_NOT_FOUND, &format!("Method not found: {}", short(method))),
        }
    }

    /// Runs `tools/call`.
    async fn call_tool(&self, id: &Value, params: &Value, cx: &RequestContext) -> Outgoing {
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return jsonrpc::error(id, INVALID_PARAMS, "tools/call needs params.name (a string)").into();
        };
        if self.backend.catalogue().get(name).is_none() {
            return jsonrpc::error(id, INVALID_PARAMS, &format!("Unknown tool: {}", short(name))).into();
        }
        // Arguments of the wrong type are the tool's to reject (INVALID_ARGUMENT), not ours.
        let arguments = match params.get("arguments") {
            None | Some(Value::Null) => "{}".to_string(),
            Some(v) => v.to_string(),
        };
        let confirm = match (&cx.era, retry_answer(params)) {
            // A retry carries the person's answer, however the client described itself: a
            // decline or cancel in it always stops the write.
            (Era::Modern { .. }, Some(answer)) => Confirm::Retry { answer: Some(answer) },
            // A 2026-07-28 client that cannot answer an input request is never sent one.
            (era @ Era::Modern { .. }, None) if era.can_elicit() => Confirm::Retry { answer: None },
            (Era::Modern { .. }, None) => Confirm::Unavailable,
            (Era::Legacy, _) => cx.asker.clone().map_or(Confirm::Unavailable, Confirm::Ask),
        };
        let started = std::time::Instant::now();
        let call = ToolCall { name: name.to_string(), caller: cx.caller.clone(), arguments, confirm };
        match self.backend.clone().call(call).await {
            Ok(CallOutcome::Done(outcome)) => {
                let code = match &outcome.structured {
                    Envelope::Value(v) => v.pointer("/error/code").and_then(Value::as_str).unwrap_or(""),
                    Envelope::Json(_) => "",
                };
                tracing::info!(
                    tool = name,
                    member = cx.caller.member_name().unwrap_or(""),
                    ok = !outcome.is_error,
                    code,
                    ms = started.elapsed().as_millis() as u64,
                    "tool call"
                );
                let head = json!({ "isError": outcome.is_error });
                Outgoing::Tool { id: id.clone(), head, envelope: outcome.structured.into_json() }
            }
            Ok(CallOutcome::InputRequired { message, state }) => {
                tracing::info!(tool = name, "asking for a confirmation (input_required)");
                jsonrpc::result(
                    id,
                    json!({
                        "resultType": "input_required",
                        "inputRequests": {
                            "confirm": {
                                "method": "elicitation/create",
                                "params": {
                                    "mode": "form",
                                    "message": crate::confirmation::message(&message),
                                    "requestedSchema": confirmation_schema(),
                                }
                            }
                        },
                        "requestState": state,
                    }),
                )
                .into()
            }
            Err(BackendError::UnknownTool(n)) => {
                jsonrpc::error(id, INVALID_PARAMS, &format!("Unknown tool: {}", short(&n))).into()
            }
            Err(BackendError::Internal(m)) => {
                tracing::error!(tool = name, error = %m, "tool call failed inside the host or component");
                jsonrpc::error(id, INTERNAL_ERROR, &m).into()
            }
        }
    }
}

/// What this server offers.
fn capabilities() -> Value {
    json!({
        "tools": { "listChanged": false },
        "resources": { "subscribe": false, "listChanged": false },
        "prompts": { "listChanged": false },
        "completions": {}
    })
}

/// A JSON-RPC answer from a result or an error.
fn rpc(id: &Value, r: Result<Value, extras::RpcError>) -> Value {
    match r {
        Ok(v) => jsonrpc::result(id, v),
        Err((code, message)) => jsonrpc::error(id, code, &message),
    }
}

/// Completes a response message for its era (results only).
fn finish(era: &Era, method: &str, mut msg: Outgoing, server_info: &Value) -> Outgoing {
    let result = match &mut msg {
        Outgoing::Value(v) => v.get_mut("result"),
        Outgoing::Tool { head, .. } | Outgoing::Tools { head, .. } => Some(head),
    };
    if let Some(result) = result {
        *result = era::finish(era, method, result.take(), server_info);
    }
    msg
}

/// A 2026-07-28 retry's `requestState` and `inputResponses`, if it is one.
fn retry_answer(params: &Value) -> Option<(String, Value)> {
    let state = params.get("requestState")?.as_str()?.to_string();
    Some((state, params.get("inputResponses").cloned().unwrap_or(Value::Null)))
}

/// A client-supplied name as quoted back in an error: printable and short.
pub fn short(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(100).collect();
    if text.chars().count() > 100 {
        out.push('…');
    }
    out
}
