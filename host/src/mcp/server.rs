//! The MCP dispatcher, generic over the byte streams so protocol tests run in memory and
//! over any [`Backend`], so they run without wasm. Nothing a client sends ends the session:
//! every line is answered (or, for notifications, ignored) and the loop goes on.
//!
//! Both eras are served side by side ([`super::era`]): a request that carries its protocol
//! version in `_meta` is answered the 2026-07-28 way (and a confirmation is asked for with an
//! `input_required` result the client answers by retrying); any other the 2025-11-25 way (a
//! confirmation is an `elicitation/create` request to the client).

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio::task::JoinSet;

use super::catalogue::Catalogue;
use super::era::{self, Era};
use super::extras;
use super::jsonrpc::{self, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, Incoming, METHOD_NOT_FOUND};
use super::lines::{Line, MAX_LINE, read_line};

/// The handshake-era revision this server speaks best.
pub const LATEST_PROTOCOL: &str = "2025-11-25";
/// Revisions accepted in `initialize` (newest first).
pub const SUPPORTED_PROTOCOLS: &[&str] = era::LEGACY;

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
    fn into_json(self) -> Box<RawValue> {
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

/// A message on its way to the client.
pub enum Outgoing {
    Value(Value),
    /// A `tools/call` result: its envelope is written once as `structuredContent` and once
    /// as the text block's string, never parsed and re-serialised on the way.
    Tool {
        id: Value,
        head: Value,
        envelope: Box<RawValue>,
    },
    /// A `tools/list` result: the catalogue's text as it is.
    Tools {
        id: Value,
        head: Value,
        tools: Box<RawValue>,
    },
}

impl From<Value> for Outgoing {
    fn from(v: Value) -> Outgoing {
        Outgoing::Value(v)
    }
}

#[derive(serde::Serialize)]
struct Message<'a, R> {
    jsonrpc: &'static str,
    id: &'a Value,
    result: R,
}

#[derive(serde::Serialize)]
struct ToolsWire<'a> {
    tools: &'a RawValue,
    #[serde(flatten)]
    head: &'a Value,
}

#[derive(serde::Serialize)]
struct ToolResultWire<'a> {
    content: [TextContent<'a>; 1],
    #[serde(rename = "structuredContent")]
    structured: &'a RawValue,
    /// `isError` and the era's fields.
    #[serde(flatten)]
    head: &'a Value,
}

#[derive(serde::Serialize)]
struct TextContent<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    text: &'a str,
}

/// One line of output: the message's JSON and a newline.
pub fn encode(out: &Outgoing) -> Vec<u8> {
    let mut line = match out {
        Outgoing::Value(v) => serde_json::to_vec(v),
        Outgoing::Tool { id, head, envelope } => serde_json::to_vec(&Message {
            jsonrpc: "2.0",
            id,
            result: ToolResultWire {
                content: [TextContent { kind: "text", text: envelope.get() }],
                structured: envelope,
                head,
            },
        }),
        Outgoing::Tools { id, head, tools } => {
            serde_json::to_vec(&Message { jsonrpc: "2.0", id, result: ToolsWire { tools, head } })
        }
    }
    .unwrap_or_default();
    line.push(b'\n');
    line
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
    /// The `arguments` object as JSON text.
    pub arguments: String,
    /// How to ask the person for a confirmation.
    pub confirm: Confirm,
}

/// What runs the tools.
pub trait Backend: Send + Sync + 'static {
    /// The MCP `Tool` objects of `tools/list`.
    fn catalogue(&self) -> &Catalogue;
    /// Runs one tool call.
    fn call(self: Arc<Self>, call: ToolCall) -> BoxFuture<Result<CallOutcome, BackendError>>;
}

/// The client side of the session, for requests this server sends it (elicitations).
struct Peer {
    out: mpsc::Sender<Outgoing>,
    pending: Mutex<HashMap<String, oneshot::Sender<Value>>>,
    next: AtomicU64,
}

impl Peer {
    /// Sends a request to the client and waits up to `timeout` for its response message.
    async fn request(&self, method: &str, params: Value, timeout: Duration) -> Result<Value, Answer> {
        let id = format!("ombi-mcp-{}", self.next.fetch_add(1, Ordering::Relaxed) + 1);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().expect("pending").insert(id.clone(), tx);
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        if self.out.send(msg.into()).await.is_err() {
            self.pending.lock().expect("pending").remove(&id);
            return Err(Answer::Failed("the client is gone".into()));
        }
        match tokio::time::timeout(timeout, rx).await {
            Ok(Ok(message)) => Ok(message),
            Ok(Err(_)) => Err(Answer::Failed("the session ended".into())),
            Err(_) => {
                self.pending.lock().expect("pending").remove(&id);
                Err(Answer::NoAnswer)
            }
        }
    }

    /// Hands a response from the client to whoever waits for it.
    fn resolve(&self, id: &Value, message: Value) {
        let key = match id {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        if let Some(tx) = self.pending.lock().expect("pending").remove(&key) {
            let _ = tx.send(message);
        } else {
            tracing::debug!(%id, "a response to nothing this server asked; ignored");
        }
    }
}

/// Confirmations by `elicitation/create` (MCP 2025-11-25, form mode): one boolean.
struct Elicit {
    peer: Arc<Peer>,
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

impl Asker for Elicit {
    fn confirm(&self, summary: String, timeout: Duration) -> BoxFuture<Answer> {
        let peer = self.peer.clone();
        Box::pin(async move {
            let params = json!({
                "mode": "form",
                "message": confirmation_message(&summary),
                "requestedSchema": confirmation_schema(),
            });
            match peer.request("elicitation/create", params, timeout).await {
                Ok(message) => read_answer(&message),
                Err(answer) => answer,
            }
        })
    }
}

/// What the client declared in `initialize`.
#[derive(Default)]
struct Session {
    /// The client can answer form elicitations.
    elicitation: AtomicBool,
}

/// Whether declared client `capabilities` include form elicitation (an empty
/// `elicitation` object means form, for older clients).
pub fn can_elicit_form(capabilities: &Value) -> bool {
    match capabilities.get("elicitation") {
        Some(Value::Object(e)) => e.is_empty() || e.contains_key("form"),
        _ => false,
    }
}

/// Who the server says it is.
#[derive(Clone)]
pub struct ServerInfo {
    pub name: String,
    pub title: String,
    pub version: String,
    pub instructions: String,
}

/// At most this many tool calls run at once; while they do, the server stops reading
/// (back-pressure: a client cannot make it queue unbounded work).
pub const MAX_CONCURRENT_CALLS: usize = 16;
/// At most this many answers wait to be written; when the client does not read its input,
/// the server stops reading too.
const OUT_QUEUE: usize = 16;

/// Serves MCP on `input`/`output` until the input ends (or the output closes).
pub async fn serve<R, W>(input: R, output: W, backend: Arc<dyn Backend>, info: ServerInfo) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (tx, mut rx) = mpsc::channel::<Outgoing>(OUT_QUEUE);
    let writer = tokio::spawn(async move {
        let mut output = output;
        while let Some(msg) = rx.recv().await {
            let line = encode(&msg);
            // A closed stdout is a clean exit: nobody is listening any more.
            if output.write_all(&line).await.is_err() || output.flush().await.is_err() {
                break;
            }
        }
    });
    let mut reader = BufReader::new(input);
    let peer = Arc::new(Peer { out: tx.clone(), pending: Mutex::new(HashMap::new()), next: AtomicU64::new(0) });
    let session = Arc::new(Session::default());
    let calls = Arc::new(Semaphore::new(MAX_CONCURRENT_CALLS));
    let mut tasks = JoinSet::new();
    loop {
        let line = read_line(&mut reader, MAX_LINE).await?;
        let msg = match line {
            Line::Eof => break,
            Line::TooLong => {
                let text = format!("Invalid Request: message longer than {MAX_LINE} bytes");
                let _ = tx.send(jsonrpc::error(&Value::Null, INVALID_REQUEST, &text).into()).await;
                continue;
            }
            Line::Message(m) => m,
        };
        if msg.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match jsonrpc::classify(&msg) {
            Incoming::Invalid { id, code, message } => {
                let _ = tx.send(jsonrpc::error(&id, code, &message).into()).await;
            }
            Incoming::Notification { method } => tracing::debug!(%method, "notification"),
            Incoming::Response { id, message } => peer.resolve(&id, message),
            Incoming::Request { id, method, params } => {
                let era = match era::era_of(&params) {
                    Ok(e) => e,
                    Err((code, message, data)) => {
                        let mut err = jsonrpc::error(&id, code, &message);
                        if let Some(d) = data {
                            err["error"]["data"] = d;
                        }
                        let _ = tx.send(err.into()).await;
                        continue;
                    }
                };
                if matches!(method.as_str(), "tools/call" | "resources/read" | "completion/complete") {
                    let tx = tx.clone();
                    let backend = backend.clone();
                    let server_info = server_info(&info);
                    let confirm = match &era {
                        Era::Modern { .. } => Confirm::Retry { answer: retry_answer(&params) },
                        Era::Legacy if session.elicitation.load(Ordering::Relaxed) => {
                            Confirm::Ask(Arc::new(Elicit { peer: peer.clone() }))
                        }
                        Era::Legacy => Confirm::Unavailable,
                    };
                    // Wait for a free slot before reading on.
                    let permit = calls.clone().acquire_owned().await;
                    tasks.spawn(async move {
                        let _permit = permit;
                        let answer = match method.as_str() {
                            "tools/call" => call_tool(&id, &params, backend, confirm, &era).await,
                            "resources/read" => match params["uri"].as_str() {
                                Some(uri) => rpc(&id, extras::read(backend, uri).await).into(),
                                None => {
                                    jsonrpc::error(&id, INVALID_PARAMS, "resources/read needs params.uri (a string)")
                                        .into()
                                }
                            },
                            _ => rpc(&id, extras::complete(backend, &params).await).into(),
                        };
                        let _ = tx.send(finish(&era, &method, answer, &server_info)).await;
                    });
                } else {
                    if method == "initialize" {
                        let caps = params.get("capabilities").cloned().unwrap_or(Value::Null);
                        session.elicitation.store(can_elicit_form(&caps), Ordering::Relaxed);
                    }
                    let answer = answer(&id, &method, &params, backend.as_ref(), &info, &era);
                    let _ = tx.send(finish(&era, &method, answer, &server_info(&info))).await;
                }
            }
        }
        // Reap finished calls so the set does not grow.
        while tasks.try_join_next().is_some() {}
    }
    while tasks.join_next().await.is_some() {}
    // The writer ends when the last sender goes: ours and the peer's (elicitations).
    drop(peer);
    drop(tx);
    let _ = writer.await;
    Ok(())
}

/// The server's identity, as results name it.
fn server_info(info: &ServerInfo) -> Value {
    json!({ "name": info.name, "title": info.title, "version": info.version })
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

/// Answers a request other than `tools/call`, `resources/read` and `completion/complete`.
fn answer(id: &Value, method: &str, params: &Value, backend: &dyn Backend, info: &ServerInfo, era: &Era) -> Outgoing {
    if method == "tools/list" {
        let tools = backend.catalogue().json().to_owned();
        return Outgoing::Tools { id: id.clone(), head: json!({}), tools };
    }
    answer_value(id, method, params, info, era).into()
}

/// Answers a request other than those with results already written as JSON text.
fn answer_value(id: &Value, method: &str, params: &Value, info: &ServerInfo, era: &Era) -> Value {
    let server_info = server_info(info);
    match method {
        "initialize" => {
            let asked = params.get("protocolVersion").and_then(Value::as_str);
            let Some(asked) = asked else {
                return jsonrpc::error(id, INVALID_PARAMS, "initialize needs params.protocolVersion");
            };
            let version = if SUPPORTED_PROTOCOLS.contains(&asked) { asked } else { LATEST_PROTOCOL };
            jsonrpc::result(
                id,
                json!({
                    "protocolVersion": version,
                    "capabilities": capabilities(),
                    "serverInfo": server_info,
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
            jsonrpc::result(id, era::finish(&era, "server/discover", result, &server_info))
        }
        "ping" => jsonrpc::result(id, json!({})),
        "resources/list" => jsonrpc::result(id, extras::resources()),
        "resources/templates/list" => jsonrpc::result(id, extras::templates()),
        "prompts/list" => jsonrpc::result(id, extras::prompts()),
        "prompts/get" => match params["name"].as_str() {
            Some(name) => rpc(id, extras::prompt(name, params.get("arguments").unwrap_or(&Value::Null))),
            None => jsonrpc::error(id, INVALID_PARAMS, "prompts/get needs params.name (a string)"),
        },
        _ => jsonrpc::error(id, METHOD_NOT_FOUND, &format!("Method not found: {}", short(method))),
    }
}

/// A client-supplied name as quoted back in an error: printable and short.
fn short(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(100).collect();
    if text.chars().count() > 100 {
        out.push('…');
    }
    out
}

/// Runs `tools/call`.
async fn call_tool(id: &Value, params: &Value, backend: Arc<dyn Backend>, confirm: Confirm, era: &Era) -> Outgoing {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return jsonrpc::error(id, INVALID_PARAMS, "tools/call needs params.name (a string)").into();
    };
    if backend.catalogue().get(name).is_none() {
        return jsonrpc::error(id, INVALID_PARAMS, &format!("Unknown tool: {}", short(name))).into();
    }
    // Arguments of the wrong type are the tool's to reject (INVALID_ARGUMENT), not ours.
    let arguments = match params.get("arguments") {
        None | Some(Value::Null) => "{}".to_string(),
        Some(v) => v.to_string(),
    };
    // A 2026-07-28 client that cannot answer an input request is never sent one.
    let confirm = match confirm {
        Confirm::Retry { .. } if !era.can_elicit() => Confirm::Unavailable,
        c => c,
    };
    let started = std::time::Instant::now();
    match backend.call(ToolCall { name: name.to_string(), arguments, confirm }).await {
        Ok(CallOutcome::Done(outcome)) => {
            let code = match &outcome.structured {
                Envelope::Value(v) => v.pointer("/error/code").and_then(Value::as_str).unwrap_or(""),
                Envelope::Json(_) => "",
            };
            tracing::info!(
                tool = name,
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
                                "message": confirmation_message(&message),
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

/// The text a confirmation shows.
pub fn confirmation_message(summary: &str) -> String {
    format!("{summary}\n\nAllow this change to be sent to Ombi?")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, duplex};

    struct Fake {
        tools: Catalogue,
    }

    impl Backend for Fake {
        fn catalogue(&self) -> &Catalogue {
            &self.tools
        }
        fn call(self: Arc<Self>, call: ToolCall) -> BoxFuture<Result<CallOutcome, BackendError>> {
            let ToolCall { name, arguments, .. } = call;
            Box::pin(async move {
                if name == "boom" {
                    return Err(BackendError::Internal("component trapped".into()));
                }
                let ok = arguments != "\"bad\"";
                let structured = json!({"ok": ok, "operation": name, "args": arguments});
                Ok(CallOutcome::Done(ToolOutcome { structured: structured.into(), is_error: !ok }))
            })
        }
    }

    fn tool(name: &str) -> Value {
        json!({"name": name, "inputSchema": {"type": "object"}})
    }

    fn info() -> ServerInfo {
        ServerInfo { name: "t".into(), title: "T".into(), version: "0".into(), instructions: "i".into() }
    }

    /// Sends `lines` and returns every response line.
    async fn exchange(lines: &[&str]) -> Vec<Value> {
        let backend: Arc<dyn Backend> =
            Arc::new(Fake { tools: Catalogue::from_values(&[tool("echo"), tool("boom")]).unwrap() });
        let (mut client, server) = duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(server);
        let task = tokio::spawn(serve(server_read, server_write, backend, info()));
        for l in lines {
            client.write_all(l.as_bytes()).await.unwrap();
            client.write_all(b"\n").await.unwrap();
        }
        client.shutdown().await.unwrap();
        let mut out = Vec::new();
        let mut reader = tokio::io::BufReader::new(client);
        let mut buf = String::new();
        while reader.read_line(&mut buf).await.unwrap() > 0 {
            out.push(serde_json::from_str(&buf).unwrap());
            buf.clear();
        }
        task.await.unwrap().unwrap();
        out
    }

    fn by_id(out: &[Value], id: Value) -> &Value {
        out.iter().find(|m| m["id"] == id).unwrap_or_else(|| panic!("no answer for {id}: {out:?}"))
    }

    #[tokio::test]
    async fn discover_before_initialize_then_handshake() {
        let out = exchange(&[
            r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#,
        ])
        .await;
        assert_eq!(out.len(), 3);
        let discover = &by_id(&out, json!(1))["result"];
        assert_eq!(discover["supportedVersions"][0], "2026-07-28");
        assert!(discover["supportedVersions"].as_array().unwrap().contains(&json!("2025-11-25")));
        assert_eq!(discover["resultType"], "complete");
        assert_eq!(discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"], "t");
        assert_eq!(by_id(&out, json!(2))["result"]["protocolVersion"], "2025-11-25");
        assert_eq!(by_id(&out, json!(2))["result"]["capabilities"]["tools"]["listChanged"], false);
        assert_eq!(by_id(&out, json!(3))["result"], json!({}));
    }

    #[tokio::test]
    async fn version_negotiation() {
        let out = exchange(&[
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"1999-01-01"}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#,
        ])
        .await;
        assert_eq!(by_id(&out, json!(1))["result"]["protocolVersion"], "2025-06-18");
        assert_eq!(by_id(&out, json!(2))["result"]["protocolVersion"], LATEST_PROTOCOL);
        assert_eq!(by_id(&out, json!(3))["error"]["code"], INVALID_PARAMS);
    }

    #[tokio::test]
    async fn malformed_input_is_answered_and_the_session_survives() {
        let long = format!("{{\"x\":\"{}\"}}", "a".repeat(MAX_LINE + 10));
        let out = exchange(&[
            "{not json",
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            &long,
            r#"{"jsonrpc":"2.0","id":4,"method":"nope"}"#,
            r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"missing"}}"#,
            r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"boom"}}"#,
            r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
        ])
        .await;
        let nulls: Vec<i64> =
            out.iter().filter(|m| m["id"].is_null()).map(|m| m["error"]["code"].as_i64().unwrap()).collect();
        assert_eq!(nulls, vec![-32700, -32600, -32600]);
        assert_eq!(by_id(&out, json!(4))["error"]["code"], METHOD_NOT_FOUND);
        assert_eq!(by_id(&out, json!(5))["error"]["code"], INVALID_PARAMS);
        assert_eq!(by_id(&out, json!(6))["error"]["code"], INTERNAL_ERROR);
        assert_eq!(by_id(&out, json!(7))["result"], json!({}));
    }

    #[tokio::test]
    async fn tool_results_carry_structured_content_and_text() {
        let out = exchange(&[
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"a":1}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":"bad"}}"#,
        ])
        .await;
        assert_eq!(by_id(&out, json!(1))["result"]["tools"].as_array().unwrap().len(), 2);
        let r = &by_id(&out, json!(2))["result"];
        assert_eq!(r["isError"], false);
        assert_eq!(r["structuredContent"]["args"], "{\"a\":1}");
        let text: Value = serde_json::from_str(r["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(text, r["structuredContent"]);
        assert_eq!(by_id(&out, json!(3))["result"]["isError"], true);
    }
}
