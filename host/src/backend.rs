//! The wasm [`Backend`]: tools listed once from the component, each call in a fresh
//! instance under a wall-clock deadline.

use std::sync::Arc;

use anyhow::{Context as _, Result};
use serde_json::{Value, json};

use crate::mcp::server::{Backend, BackendError, BoxFuture, ToolOutcome};
use crate::runtime::{CallError, Runtime, ToolDescriptor};

/// Tools backed by the component.
pub struct WasmBackend {
    runtime: Runtime,
    tools: Vec<Value>,
}

impl WasmBackend {
    /// Lists the component's tools as MCP `Tool` objects.
    pub async fn new(runtime: Runtime) -> Result<WasmBackend> {
        let tools = runtime.list_tools().await?.iter().map(tool_json).collect::<Result<Vec<_>>>()?;
        Ok(WasmBackend { runtime, tools })
    }

    /// Runs one tool directly (for `ombi-mcp call`).
    pub async fn run(self: Arc<Self>, name: &str, arguments: &str) -> Result<ToolOutcome, BackendError> {
        self.call(name.to_string(), arguments.to_string()).await
    }
}

/// An MCP `Tool` object from a component descriptor.
pub fn tool_json(d: &ToolDescriptor) -> Result<Value> {
    let input: Value = serde_json::from_str(&d.input_schema).with_context(|| format!("input schema of {}", d.name))?;
    let output: Value =
        serde_json::from_str(&d.output_schema).with_context(|| format!("output schema of {}", d.name))?;
    let a = &d.annotations;
    let mut annotations = json!({ "title": d.title, "readOnlyHint": a.read_only, "openWorldHint": a.open_world });
    if !a.read_only {
        annotations["destructiveHint"] = json!(a.destructive);
        annotations["idempotentHint"] = json!(a.idempotent);
    }
    Ok(json!({
        "name": d.name,
        "title": d.title,
        "description": d.description,
        "inputSchema": input,
        "outputSchema": output,
        "annotations": annotations,
    }))
}

impl Backend for WasmBackend {
    fn tools(&self) -> &[Value] {
        &self.tools
    }

    fn call(self: Arc<Self>, name: String, arguments: String) -> BoxFuture<Result<ToolOutcome, BackendError>> {
        Box::pin(async move {
            let deadline = self.runtime.call_deadline();
            let run = self.runtime.call(&name, &arguments);
            let result = match tokio::time::timeout(deadline, run).await {
                Ok(r) => r,
                Err(_) => {
                    let what =
                        if name.starts_with("write_") { " Its outcome is unknown: check with a read." } else { "" };
                    return Err(BackendError::Internal(format!(
                        "{name} did not finish within {} s and was stopped.{what}",
                        deadline.as_secs()
                    )));
                }
            };
            match result {
                Ok(Ok(r)) => {
                    let structured: Value = serde_json::from_str(&r.structured)
                        .map_err(|e| BackendError::Internal(format!("{name} returned invalid JSON: {e}")))?;
                    Ok(ToolOutcome { structured, is_error: r.is_error })
                }
                Ok(Err(CallError::UnknownTool(n))) => Err(BackendError::UnknownTool(n)),
                Ok(Err(CallError::Internal(m))) => Err(BackendError::Internal(format!("{name} failed: {m}"))),
                Err(trap) => Err(BackendError::Internal(self.runtime.scrub(format!("{name} was stopped: {trap:#}")))),
            }
        })
    }
}
