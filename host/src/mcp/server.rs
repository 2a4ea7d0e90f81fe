//! The stdio edge: MCP as newline-delimited JSON-RPC on a pair of byte streams, over the
//! transport-free [`Core`]. Generic over the streams so protocol tests run in memory, and
//! over any [`Backend`], so they run without wasm. Nothing a client sends ends the session:
//! every line is answered (or, for notifications, ignored) and the loop goes on.
//!
//! Both eras are served side by side ([`super::era`]): a request that carries its protocol
//! version in `_meta` is answered the 2026-07-28 way (and a confirmation is asked for with an
//! `input_required` result the client answers by retrying); any other the 2025-11-25 way (a
//! confirmation is an `elicitation/create` request to the client, on this same stream).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;

use super::asking::{Elicit, MAX_WAITING_CONFIRMATIONS, Pending, WorkSlot};
use super::call::{Asker, Backend, Caller, can_elicit_form};
use super::core::{Core, RequestContext};
use super::era::{self, Era};
use super::jsonrpc::{self, INVALID_REQUEST, Incoming};
use super::lines::{Line, MAX_LINE, read_line};
use super::wire::{Outgoing, encode};

pub use super::core::{LATEST_PROTOCOL, SUPPORTED_PROTOCOLS, ServerInfo};

/// At most this many tool calls do work at once; while they do, the server stops reading
/// (back-pressure: a client cannot make it queue unbounded work). A call waiting for a
/// person's confirmation gives its slot back meanwhile.
pub const MAX_CONCURRENT_CALLS: usize = 16;
/// At most this many answers wait to be written; when the client does not read its input,
/// the server stops reading too.
const OUT_QUEUE: usize = 16;

/// Serves MCP on `input`/`output` until the input ends (or the output closes), as the
/// server's own identity (no member).
pub async fn serve<R, W>(input: R, output: W, backend: Arc<dyn Backend>, info: ServerInfo) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let core = Arc::new(Core::new(backend, info));
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
    let pending = Arc::new(Pending::default());
    // What the client declared in `initialize`: whether it answers form elicitations.
    let elicitation = AtomicBool::new(false);
    let calls = Arc::new(Semaphore::new(MAX_CONCURRENT_CALLS));
    let waiting = Arc::new(Semaphore::new(MAX_WAITING_CONFIRMATIONS));
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
            Incoming::Response { id, message } => {
                pending.resolve(&id, message);
            }
            Incoming::Request { id, method, params } => {
                let era = match era::era_of_request(&id, &params) {
                    Ok(e) => e,
                    Err(err) => {
                        let _ = tx.send(err.into()).await;
                        continue;
                    }
                };
                if Core::runs_tools(&method) {
                    // Wait for a free slot before reading on.
                    let Ok(permit) = calls.clone().acquire_owned().await else { break };
                    let slot = WorkSlot::new(permit, calls.clone());
                    let asker: Option<Arc<dyn Asker>> = (era == Era::Legacy && elicitation.load(Ordering::Relaxed))
                        .then(|| {
                            Arc::new(Elicit {
                                out: tx.clone(),
                                pending: pending.clone(),
                                slot: Some(slot.clone()),
                                waiting: waiting.clone(),
                            }) as Arc<dyn Asker>
                        });
                    let (tx, core) = (tx.clone(), core.clone());
                    tasks.spawn(async move {
                        let _slot = slot;
                        let cx = RequestContext { era, caller: Caller::default(), asker };
                        let answer = core.handle(&id, &method, &params, cx).await;
                        let _ = tx.send(answer).await;
                    });
                } else {
                    if method == "initialize" {
                        let caps = params.get("capabilities").cloned().unwrap_or(Value::Null);
                        elicitation.store(can_elicit_form(&caps), Ordering::Relaxed);
                    }
                    let cx = RequestContext { era, caller: Caller::default(), asker: None };
                    let _ = tx.send(core.handle(&id, &method, &params, cx).await).await;
                }
            }
        }
        // Reap finished calls so the set does not grow.
        while tasks.try_join_next().is_some() {}
    }
    while tasks.join_next().await.is_some() {}
    // The writer ends when the last sender goes.
    drop(tx);
    let _ = writer.await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::call::{BackendError, BoxFuture, CallOutcome, ToolCall, ToolOutcome};
    use crate::mcp::catalogue::Catalogue;
    use crate::mcp::jsonrpc::{INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND};
    use serde_json::json;
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
