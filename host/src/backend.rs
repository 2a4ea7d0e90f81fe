//! The wasm [`Backend`]: tools listed once from the component, each call in a fresh
//! instance, with the write rules the host enforces itself: a person's confirmation of
//! destructive writes where the client can ask (the component plans the write with reads
//! only, and exactly the planned requests may then be sent), the audit trail, and results
//! the host writes when the component could not (a trap, a call past its deadline: after a
//! write left, that is an unknown outcome, never a bare JSON-RPC error).

use std::sync::{Arc, Mutex};

use anyhow::{Context as _, Result};
use serde_json::{Value, json};

use crate::audit::{self, Audit};
use crate::config::{Config, ConfirmWrites};
use crate::http::{Approved, Guard};
use crate::mcp::catalogue::Catalogue;
use crate::mcp::server::{
    Answer, Backend, BackendError, BoxFuture, CallOutcome, Confirm, Envelope, ToolCall, ToolOutcome, read_answer,
};
use crate::runtime::{CallError, CallMode, CallReport, Ended, Runtime, ToolDescriptor, TrapCause, WritePlan};
use crate::state_token::{PlannedWire, Sealer};

/// Tools backed by the component.
pub struct WasmBackend {
    runtime: Runtime,
    config: Arc<Config>,
    tools: Catalogue,
    audit: Audit,
    /// Seals the state of 2026-07-28 confirmations.
    sealer: Sealer,
}

/// How long a 2026-07-28 confirmation stays answerable.
const CONFIRMATION_TTL: std::time::Duration = std::time::Duration::from_secs(600);

/// A call's arguments as JSON (its text as a string when it is not JSON).
fn parse_arguments(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

impl WasmBackend {
    /// Lists the component's tools as MCP `Tool` objects.
    pub async fn new(runtime: Runtime, config: Arc<Config>) -> Result<WasmBackend> {
        // Listed once per component build: cached beside the compiled component.
        let cached = runtime.cached_at().and_then(crate::cache::read_catalogue);
        let tools = match cached {
            Some(tools) => tools,
            None => {
                let tools = runtime.list_tools().await?.iter().map(tool_json).collect::<Result<Vec<_>>>()?;
                let tools = Catalogue::from_values(&tools).context("the component listed no usable tools")?;
                if let Some(at) = runtime.cached_at() {
                    crate::cache::write_catalogue(at, &tools);
                }
                tools
            }
        };
        let audit = Audit::new(config.audit_file.clone());
        Ok(WasmBackend { runtime, config, tools, audit, sealer: Sealer::new(CONFIRMATION_TTL) })
    }

    /// Runs one tool directly (for `ombi-mcp call`; nobody can be asked to confirm).
    pub async fn run(self: Arc<Self>, name: &str, arguments: &str) -> Result<ToolOutcome, BackendError> {
        let call = ToolCall { name: name.to_string(), arguments: arguments.to_string(), confirm: Confirm::Unavailable };
        match self.call(call).await? {
            CallOutcome::Done(outcome) => Ok(outcome),
            CallOutcome::InputRequired { .. } => Err(BackendError::Internal("a confirmation was asked for".into())),
        }
    }

    fn annotations(&self, name: &str) -> Option<(bool, bool)> {
        self.tools.get(name).map(|t| (t.read_only, t.destructive))
    }

    async fn execute(&self, call: ToolCall) -> Result<CallOutcome, BackendError> {
        let name = call.name.as_str();
        let Some((read_only, destructive)) = self.annotations(name) else {
            return Err(BackendError::UnknownTool(name.to_string()));
        };
        if self.config.api_key.is_none() {
            let env = envelope_error(
                name,
                "",
                "AUTHENTICATION_FAILED",
                "OMBI_API_KEY is not set: set OMBI_API_KEY (or OMBI_API_KEY_FILE) in the server's environment to Ombi's API key (Settings → Ombi). Nothing was sent to Ombi.",
                false,
            );
            return Ok(CallOutcome::Done(ToolOutcome { is_error: true, structured: env.into() }));
        }
        if read_only || !self.config.allow_writes {
            // Reads, and writes the component refuses itself while writes are off.
            let report = self.runtime.call(name, &call.arguments, CallMode::Execute, Guard::Policy).await;
            let outcome = self.finish(name, &report)?;
            if !read_only {
                self.record(name, &report, "not_asked", &outcome.structured);
            }
            return Ok(CallOutcome::Done(outcome));
        }
        let wants = match self.config.confirm_writes {
            ConfirmWrites::Never => false,
            ConfirmWrites::Destructive | ConfirmWrites::Required => destructive,
            ConfirmWrites::All => true,
        };
        let confirm = if wants { call.confirm.clone() } else { Confirm::Unavailable };
        let asker = match confirm {
            Confirm::Unavailable => {
                if wants && self.config.confirm_writes == ConfirmWrites::Required {
                    let message = format!(
                        "{name} needs a person's confirmation (OMBI_CONFIRM_WRITES=required), and this client cannot ask for one; nothing was sent to Ombi."
                    );
                    return Ok(CallOutcome::Done(self.refuse(name, "", "refused", &message)));
                }
                let report = self.runtime.call(name, &call.arguments, CallMode::Execute, Guard::Policy).await;
                let outcome = self.finish(name, &report)?;
                self.record(name, &report, "not_asked", &outcome.structured);
                return Ok(CallOutcome::Done(outcome));
            }
            Confirm::Retry { answer: Some((state, responses)) } => {
                // The retry of a 2026-07-28 call: the state names what was approved.
                let arguments = parse_arguments(&call.arguments);
                let pending = match self.sealer.open(&state, name, &arguments) {
                    Ok(p) => p,
                    Err(why) => {
                        let message = format!(
                            "{why}; nothing was sent to Ombi. Call {name} again (without requestState) to be asked afresh."
                        );
                        return Ok(CallOutcome::Done(self.refuse(name, "", "refused", &message)));
                    }
                };
                let answer =
                    read_answer(&json!({ "result": responses.get("confirm").cloned().unwrap_or(Value::Null) }));
                let approved = pending.requests.iter().map(Approved::from).collect();
                return self.run_confirmed(name, &call.arguments, "", answer, approved, &pending.summary).await;
            }
            Confirm::Retry { answer: None } => None,
            Confirm::Ask(asker) => Some(asker),
        };
        // Plan with reads only; a person confirms what will be sent; only that is sent.
        let planned = self.runtime.call(name, &call.arguments, CallMode::Plan, Guard::ReadOnly).await;
        let plan = match &planned.ended {
            Ended::Answered(Ok(r)) => r.plan.clone(),
            _ => None,
        };
        let Some(plan) = plan else {
            // Refused while planning (a bad argument, a missing request): that is the answer.
            return self.finish(name, &planned).map(CallOutcome::Done);
        };
        let Some(asker) = asker else {
            // 2026-07-28: ask in the result; the client retries with the answer and this state.
            let wire = approvals(&plan, &self.config.url.prefix)
                .into_iter()
                .map(|a| PlannedWire {
                    method: a.method,
                    path: a.path,
                    body: a.body.map(|b| String::from_utf8_lossy(&b).into_owned()),
                })
                .collect();
            let state = self.sealer.seal(name, &parse_arguments(&call.arguments), &plan.summary, wire);
            return Ok(CallOutcome::InputRequired { message: plan.summary, state });
        };
        let answer = asker.confirm(plan.summary.clone(), self.config.confirm_timeout).await;
        let approved = approvals(&plan, &self.config.url.prefix);
        self.run_confirmed(name, &call.arguments, &planned.correlation_id, answer, approved, &plan.summary).await
    }

    /// Sends exactly the `approved` requests if the person accepted; otherwise refuses.
    async fn run_confirmed(
        &self,
        name: &str,
        arguments: &str,
        correlation_id: &str,
        answer: Answer,
        approved: Vec<Approved>,
        summary: &str,
    ) -> Result<CallOutcome, BackendError> {
        let refused = match answer {
            Answer::Accepted => None,
            Answer::Declined => Some(("declined", "declined")),
            Answer::Cancelled => Some(("cancelled", "cancelled")),
            Answer::NoAnswer => Some(("no_answer", "not answered in time")),
            Answer::Failed(_) => Some(("no_answer", "could not be asked")),
        };
        if let Some((label, said)) = refused {
            let message = format!("The confirmation was {said}; nothing was sent to Ombi. ({summary})");
            return Ok(CallOutcome::Done(self.refuse(name, correlation_id, label, &message)));
        }
        let approved = Arc::new(Mutex::new(approved));
        let report = self.runtime.call(name, arguments, CallMode::Execute, Guard::Approved(approved)).await;
        let outcome = self.finish(name, &report)?;
        self.record(name, &report, "accepted", &outcome.structured);
        Ok(CallOutcome::Done(outcome))
    }

    /// A FORBIDDEN result for a write that was not sent, recorded in the audit trail.
    fn refuse(&self, name: &str, correlation_id: &str, label: &str, message: &str) -> ToolOutcome {
        let env = envelope_error(name, correlation_id, "FORBIDDEN", message, false);
        self.audit.record(&audit::Entry {
            tool: name,
            correlation_id,
            confirmation: label,
            writes: &[],
            envelope: &env,
        });
        ToolOutcome { is_error: true, structured: env.into() }
    }

    fn record(&self, name: &str, report: &CallReport, confirmation: &str, env: &Envelope) {
        self.audit.record(&audit::Entry {
            tool: name,
            correlation_id: &report.correlation_id,
            confirmation,
            writes: &report.writes,
            envelope: &env.to_value(),
        });
    }

    /// The outcome of a call: the component's envelope, or one the host writes when the
    /// component could not answer.
    fn finish(&self, name: &str, report: &CallReport) -> Result<ToolOutcome, BackendError> {
        let host_error = |code: &str, message: String, retryable: bool| {
            let env = envelope_error(name, &report.correlation_id, code, &message, retryable);
            Ok(ToolOutcome { is_error: true, structured: env.into() })
        };
        match &report.ended {
            Ended::Answered(Ok(r)) => {
                // Most results go out as the component wrote them; the rest are parsed and
                // scrubbed value by value.
                if !r.is_error
                    && let Some(json) = self.runtime.clean_json(&r.structured)
                {
                    return Ok(ToolOutcome { structured: Envelope::Json(json), is_error: false });
                }
                let mut structured: Value = serde_json::from_str(&r.structured)
                    .map_err(|e| BackendError::Internal(format!("{name} returned invalid JSON: {e}")))?;
                self.runtime.scrub_value(&mut structured);
                Ok(ToolOutcome { structured: structured.into(), is_error: r.is_error })
            }
            Ended::Answered(Err(CallError::UnknownTool(n))) => Err(BackendError::UnknownTool(n.clone())),
            Ended::Answered(Err(CallError::Internal(m))) => Err(BackendError::Internal(format!("{name} failed: {m}"))),
            Ended::Trapped { detail, cause } => {
                tracing::error!(tool = name, detail = %detail, "the component trapped");
                let why = match cause {
                    TrapCause::Memory => "it reached its memory limit",
                    TrapCause::Cpu => "it used up its CPU budget",
                    TrapCause::Other => "the component failed",
                };
                if report.wrote() {
                    host_error(
                        "UNKNOWN_OUTCOME",
                        format!(
                            "{name} was stopped ({why}) after a change was sent to Ombi; whether it took effect is unknown. Check with a read before retrying."
                        ),
                        false,
                    )
                } else {
                    host_error(
                        "INTERNAL_ERROR",
                        format!("{name} was stopped ({why}); nothing was changed in Ombi."),
                        false,
                    )
                }
            }
            Ended::TimedOut(after) => {
                if report.wrote() {
                    host_error(
                        "UNKNOWN_OUTCOME",
                        format!(
                            "{name} did not finish within {} s after a change was sent to Ombi; whether it took effect is unknown. Check with a read before retrying.",
                            after.as_secs()
                        ),
                        false,
                    )
                } else {
                    host_error(
                        "TIMEOUT",
                        format!(
                            "{name} did not finish within {} s and was stopped; nothing was changed in Ombi.",
                            after.as_secs()
                        ),
                        true,
                    )
                }
            }
        }
    }
}

/// The requests a person approved, as the host will see them (base prefix included).
fn approvals(plan: &WritePlan, prefix: &str) -> Vec<Approved> {
    plan.requests
        .iter()
        .map(|r| Approved {
            method: r.method.clone(),
            path: format!("{prefix}{}", r.path),
            body: r.body.clone().map(String::into_bytes),
        })
        .collect()
}

/// An error envelope written by the host, valid against every tool's output schema.
pub fn envelope_error(tool: &str, correlation_id: &str, code: &str, message: &str, retryable: bool) -> Value {
    json!({
        "ok": false,
        "operation": tool,
        "error": { "code": code, "message": message, "retryable": retryable },
        "warnings": [],
        "truncated": false,
        "correlation_id": correlation_id,
    })
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
    fn catalogue(&self) -> &Catalogue {
        &self.tools
    }

    fn call(self: Arc<Self>, call: ToolCall) -> BoxFuture<Result<CallOutcome, BackendError>> {
        Box::pin(async move { self.execute(call).await })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_envelopes_are_complete() {
        let e = envelope_error("write_vote", "c-1", "UNKNOWN_OUTCOME", "m", false);
        for key in ["ok", "operation", "error", "warnings", "truncated", "correlation_id"] {
            assert!(e.get(key).is_some(), "{key}");
        }
    }
}
